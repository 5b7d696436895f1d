"""Python's own abs, max, min and float on numbers and arrays.

The primal line keeps the builtin (so `max(n, 1)` on integers stays an
integer); the derivative follows Python's choice: on a tie, `max(a, b)` and
`min(a, b)` return `a`.
"""
import builtins

import jax.numpy as jnp

from . import Primitive, batch_rule, jvp_rule, vjp_rule


@jvp_rule(builtins.abs)
def abs_jvp(x, x_dot):
    return jnp.where(x >= 0, x_dot, -x_dot)


@vjp_rule(builtins.abs)
def abs_vjp(ans_bar, x):
    return jnp.where(x >= 0, ans_bar, -ans_bar)


@jvp_rule(builtins.max, broadcasts=True)
def max_jvp(x, y, x_dot, y_dot):
    return jnp.where(x >= y, x_dot, y_dot)


@vjp_rule(builtins.max)
def max_vjp(ans_bar, x, y):
    return jnp.where(x >= y, ans_bar, 0.0), jnp.where(x >= y, 0.0, ans_bar)


@jvp_rule(builtins.min, broadcasts=True)
def min_jvp(x, y, x_dot, y_dot):
    return jnp.where(x <= y, x_dot, y_dot)


@vjp_rule(builtins.min)
def min_vjp(ans_bar, x, y):
    return jnp.where(x <= y, ans_bar, 0.0), jnp.where(x <= y, 0.0, ans_bar)


@jvp_rule(builtins.float)
def float_jvp(x, x_dot):
    return x_dot


@vjp_rule(builtins.float)
def float_vjp(ans_bar, x):
    return ans_bar


# --- batching ---------------------------------------------------------------------
# On a batch of arrays, Python's max and min would compare whole arrays: their
# element-wise twins do what each example does.


@batch_rule(builtins.abs)
def abs_batch(batch, x):
    return batch.rebuild()


@batch_rule(builtins.max, builtins.min)
def max_min_batch(batch, x, y=None):
    if y is None:
        name = "max" if batch.prim.fn is builtins.max else "min"
        raise batch.error(f"s2s differentiates and batches Python's `{name}` of two or more "
                          "values, not of one array's items",
                          f"write jnp.{name}(x) (which splits a tie evenly), or "
                          f"x[jnp.arg{name}(x)] for Python's first item")
    rank = max(batch.rank(x), batch.rank(y))
    name = "maximum" if batch.prim.fn is builtins.max else "minimum"
    return batch.jnp(name, batch.align(x, rank), batch.align(y, rank))


@batch_rule(builtins.float)
def float_batch(batch, x):
    return batch.jnp("asarray", batch.x(x), dtype=batch.jnp_attr("float64")
                     if batch.x64 else batch.jnp_attr("float32"))


# len has no derivative, so it is not in the rules table (it stays a plain
# builtin); its batch rule is looked up here by the batch pass.
LEN = Primitive("len", builtins.len)


@batch_rule(LEN)
def len_batch(batch, obj):
    info = batch.info(obj)
    if info is not None and info.kind == "tree":
        return batch.rebuild()   # a batched list: as many elements as one example's
    return _subscript(batch.jnp("shape", batch.x(obj)), 1)


def _subscript(node, i):
    import gast
    return gast.Subscript(value=node, slice=gast.Constant(value=i, kind=None), ctx=gast.Load())
