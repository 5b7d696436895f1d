"""Python's own abs, max, min and float on numbers and arrays.

The primal line keeps the builtin (so `max(n, 1)` on integers stays an
integer); the derivative follows Python's choice: on a tie, `max(a, b)` and
`min(a, b)` return `a`.
"""
import builtins

import jax.numpy as jnp

from . import jvp_rule, vjp_rule


@jvp_rule(builtins.abs)
def abs(x, x_dot):
    return jnp.where(x >= 0, x_dot, -x_dot)


@vjp_rule(builtins.abs)
def abs_vjp(ans_bar, x):
    return jnp.where(x >= 0, ans_bar, -ans_bar)


@jvp_rule(builtins.max, broadcasts=True)
def max(x, y, x_dot, y_dot):
    return jnp.where(x >= y, x_dot, y_dot)


@vjp_rule(builtins.max)
def max_vjp(ans_bar, x, y):
    return jnp.where(x >= y, ans_bar, 0.0), jnp.where(x >= y, 0.0, ans_bar)


@jvp_rule(builtins.min, broadcasts=True)
def min(x, y, x_dot, y_dot):
    return jnp.where(x <= y, x_dot, y_dot)


@vjp_rule(builtins.min)
def min_vjp(ans_bar, x, y):
    return jnp.where(x <= y, ans_bar, 0.0), jnp.where(x <= y, 0.0, ans_bar)


@jvp_rule(builtins.float)
def float(x, x_dot):
    return x_dot


@vjp_rule(builtins.float)
def float_vjp(ans_bar, x):
    return ans_bar
