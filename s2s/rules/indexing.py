"""Indexing: reads `x[i]` and functional updates `x.at[i].set(v)` / `.add(v)`.

These are pseudo-primitives: the generated code keeps Python's own syntax.
"""
import jax.numpy as jnp

from . import jvp_rule, vjp_rule
from ..runtime import unbroadcast, zeros_like  # noqa: F401  (used by templates)


@jvp_rule("getitem")
def getitem(x, index, x_dot):
    return x_dot[index]


@vjp_rule("getitem")
def getitem_vjp(ans_bar, x, index):
    return zeros_like(x).at[index].add(ans_bar), None


@jvp_rule("at_set")
def at_set(x, index, v, x_dot, v_dot):
    return x_dot.at[index].set(v_dot)


@vjp_rule("at_set")
def at_set_vjp(ans_bar, x, index, v):
    return ans_bar.at[index].set(0.0), None, unbroadcast(ans_bar[index], v)


@jvp_rule("at_add")
def at_add(x, index, v, x_dot, v_dot):
    return x_dot.at[index].add(v_dot)


@vjp_rule("at_add")
def at_add_vjp(ans_bar, x, index, v):
    return ans_bar, None, unbroadcast(ans_bar[index], v)
