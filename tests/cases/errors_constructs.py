"""Programs for tests/test_errors.py: one small function per construct s2s refuses.

The line s2s must point at carries a marker comment `# <- NAME`; the tests find
the line by that marker, so the functions can move without breaking them.
"""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np

COUNTER = 0


def keep(fn):
    return fn


def try_statement(x):
    try:  # <- try
        y = jnp.sin(x)
    except ValueError:
        y = x
    return y


def with_statement(x):
    with contextlib.suppress(ValueError):  # <- with
        x = jnp.sin(x)
    return x


def yield_statement(x):
    yield jnp.sin(x)  # <- yield


def yield_from(x):
    yield from [x, jnp.sin(x)]  # <- yield from


async def async_def(x):  # <- async def
    return jnp.sin(x)


async def await_expression(x):
    y = await x  # <- await
    return jnp.sin(y)


async def async_for(x):
    total = 0.0
    async for v in x:  # <- async for
        total = total + v
    return total


def class_inside(x):
    class Box:  # <- class
        pass
    return x


def global_statement(x):
    global COUNTER  # <- global
    COUNTER = COUNTER + 1
    return jnp.sin(x)


def nonlocal_statement(x):
    total = x

    def add(v):
        nonlocal total  # <- nonlocal
        total = total + v
    add(1.0)
    return total


def del_statement(x):
    y = jnp.sin(x)
    del y  # <- del
    return x


def import_inside(x):
    import math  # <- import
    return x * math.pi


def from_import_inside(x):
    from math import pi  # <- from import
    return x * pi


def set_comprehension(x):
    s = {float(v) for v in x}  # <- set comprehension
    return x * len(s)


def star_call(x):
    parts = (x, x, x)
    return jnp.maximum(*parts[1:])  # <- star call


def keyword_only_params(x, shift=0.0, *, scale):  # <- keyword-only
    return jnp.sin(x) * scale + shift


def walrus(x):
    if x[0] > 0 and (n := jnp.sum(x)) > 0:  # <- walrus
        x = x * n
    return x


def match_statement(x, k):
    match k:  # <- match
        case 0:
            y = x
        case _:
            y = -x
    return y


def f_string(x):
    label = f"x is {x}"  # <- f-string
    return x


def set_literal(x):
    s = {1, 2}  # <- set literal
    return x * len(s)


def for_else(x):
    for i in range(3):
        x = x * 2.0
    else:  # <- for else
        x = x + 1.0
    return x


def while_else(x):
    n = 0
    while n < 3:
        n = n + 1
        if n > 5:
            break
    else:  # <- while else
        x = jnp.sin(x)
    return x


def decorated_nested(x):
    @keep  # <- nested decorator
    def inner(v):
        return v * 2.0
    return inner(x)


def attribute_assignment(x):
    x.a = 1.0  # <- attribute assignment
    return x


def nested_item_assignment(x):
    x[0][1] = 2.0  # <- nested item assignment
    return x


def undefined_name(x):
    return jnp.sin(no_such_function(x))  # <- undefined name


def unknown_method(x):
    return x.foo()  # (a method s2s has no rule for goes to JAX: refused when it runs)


def unknown_attribute(x):
    return jnp.sin(x.bar)  # (read as a pytree's field: refused when it runs)


def active_keyword_to_a_library_function(x):
    return jax.nn.squareplus(x, b=jnp.sum(x) + 2.0) * 2.0  # <- active keyword


def active_keyword_to_a_method(x):
    draws = np.random.RandomState(0)
    return jnp.sum(draws.normal(loc=x) * x)  # <- active keyword of a NumPy method


def cumprod_of(x):
    return jnp.cumprod(x)


def unknown_keyword(x):
    return jnp.sum(x, dtype=jnp.float64)  # <- unknown keyword


def two_problems(x):
    if x.shape[0] > 1:
        if x.ndim == 1:
            s = {1, 2}  # <- first of two
            x = x * len(s)
    del x
    return 0.0


def var_with_positional_dtype(x):
    return jnp.var(x, 0, jnp.float64)
