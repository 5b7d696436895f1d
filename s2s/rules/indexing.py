"""Indexing: reads `x[i]` and functional updates `x.at[i].set(v)` / `.add(v)`.

These are pseudo-primitives: the generated code keeps Python's own syntax.
"""
from . import jvp_rule


@jvp_rule("getitem")
def getitem(x, index, x_dot):
    return x_dot[index]


@jvp_rule("at_set")
def at_set(x, index, v, x_dot, v_dot):
    return x_dot.at[index].set(v_dot)


@jvp_rule("at_add")
def at_add(x, index, v, x_dot, v_dot):
    return x_dot.at[index].add(v_dot)
