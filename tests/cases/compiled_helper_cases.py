"""Functions that call helpers the user compiled with `jax.jit` / `s2s.jit`
(tests/test_compiled_helpers.py)."""
from functools import partial

import jax
import jax.numpy as jnp

import s2s


@jax.jit
def dense(w, x):
    h = w @ x
    return jnp.tanh(h)


def two_layers(w, v, x):
    return jnp.sum(dense(v, dense(w, x)) ** 2)


@partial(jax.jit, static_argnums=(2,))
def repeated(w, x, n):
    for _ in range(n):
        x = jnp.sin(w @ x)
    return x


def loss_of_repeated(w, x):
    return jnp.sum(repeated(w, x, 3))


@s2s.jit
def clipped(x):
    # Python control flow on a traced value: only s2s.jit compiles this
    if jnp.sum(x) > 0:
        y = x * x
    else:
        y = -x
    return y


def loss_of_clipped(w, x):
    return jnp.sum(clipped(w * x))


@jax.jit
def scaled_sum(xs, scale):
    total = 0.0
    for x in xs:   # a list: the pullback closes over its items
        total = total + scale * jnp.sum(x ** 2)
    return total


def loss_of_list(w, x):
    return scaled_sum([w * x, jnp.cos(w) * x], 0.5)


@jax.jit
def stack_of_dense(w, x):
    # the helper's vjp keeps each step's pullback (of the compiled dense) on its tape
    for _ in range(3):
        x = dense(w, x)
    return x


def loss_of_stack(w, x):
    return jnp.sum(stack_of_dense(w, x) ** 2)
