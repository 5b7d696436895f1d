"""Programs for tests/test_frontend.py: the kinds of functions s2s can read.

Module-level functions, closures from factories, lambdas bound to names,
decorated functions, the usual ways of importing jax.numpy and numpy, user
functions calling user functions, recursion, nested functions and globals.
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import numpy as jnp2
from jax.numpy import exp


def poly(x):
    return x ** 3 - 2.0 * x + 1.0


# -- closures ------------------------------------------------------------------------


def make_scaled(weights, offset):
    """A closure over an array and a float."""
    def scaled(x):
        return jnp.sum(weights * jnp.sin(x)) + offset * x
    return scaled


def make_lambda(c):
    return lambda x: jnp.cos(x) * c


# -- lambdas bound to names ---------------------------------------------------------

sin_twice = lambda x: jnp.sin(x) * 2  # noqa: E731
hypot = lambda x, y: jnp.sqrt(x * x + y * y)  # noqa: E731


# -- decorators ---------------------------------------------------------------------


def logged(fn):
    """A functools.wraps decorator: s2s transforms the function underneath."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)
    return wrapper


def registered(fn):
    """A decorator that returns the function unchanged."""
    registered.seen.append(fn.__name__)
    return fn


registered.seen = []


@logged
def wrapped_tanh(x):
    return jnp.tanh(x) * x


@registered
def registered_exp(x):
    return jnp.exp(-x * x)


@logged
@registered
def stacked(x, y):
    return jnp.sin(x) * y


# -- the ways of importing jax.numpy and numpy --------------------------------------


def uses_jnp(x):
    return jnp.log1p(x * x)


def uses_jnp2(x):
    return jnp2.sum(jnp2.tanh(x))


def uses_bare_exp(x):
    return exp(x) / (1.0 + exp(x))


def uses_numpy(x):
    return np.sum(np.exp(x) * x)


# -- user functions calling user functions -----------------------------------------


def affine(x, scale=2.0, shift=0.5):
    return scale * x + shift


def calls_with_keywords(x, y):
    a = affine(x)
    b = affine(y, shift=-1.0)
    c = affine(x, scale=y)
    return jnp.sum(a * b + c)


def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)


def is_even(x, n):
    return x if n == 0 else is_odd(x * x, n - 1)


def is_odd(x, n):
    return jnp.sin(x) if n == 0 else is_even(x + 1.0, n - 1)


# -- nested functions and lambdas in the body --------------------------------------


def nested_closes_over(x):
    y = jnp.sin(x)

    def inner(v):
        return v * y + x

    return inner(x * x)


def nested_twice(x):
    def outer(v):
        def inner(w):
            return w * x
        return inner(v) + v
    return outer(jnp.cos(x))


def lambda_in_body(x):
    square = lambda v: v * v  # noqa: E731
    return square(jnp.sin(x)) + x


def lambda_over_local(x):
    s = jnp.sum(x)
    shift = lambda v: v + s  # noqa: E731
    return jnp.exp(shift(x))


# -- globals ------------------------------------------------------------------------

SCALE = 2.0


def times_scale(x):
    return SCALE * jnp.sin(x)


def helper(x):
    return x * 2.0


def calls_global_helper(x):
    return helper(x) + 1.0


# -- functions under jax.jit ---------------------------------------------------------


@jax.jit
def jitted_softplus(x):
    return jnp.log1p(jnp.exp(x))


def calls_jitted(x):
    return jnp.sum(jitted_softplus(x * 2.0))


def doubled(fn):
    """A decorator that changes the value: s2s must not look through it."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return 2.0 * fn(*args, **kwargs)
    return wrapper


@doubled
def doubled_sin(x):
    return jnp.sin(x)
