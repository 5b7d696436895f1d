"""Array creation and integer-valued index functions.

logspace and geomspace are differentiable in their ends, like linspace
(s2s/rules/shape.py): logspace is base ** linspace(start, stop), geomspace is
start * (stop / start) ** t for the fixed fractions t. Triangles, index grids
and window functions take only shapes and counts (not differentiable, as in
JAX); sorting and searching functions return integers (derivative zero).
"""
import gast
import jax.numpy as jnp

from . import batch_rule, jvp_rule, nondifferentiable, shift_axes, vjp_rule, zero_derivative
from .shape import each_batched, linspace_batch
from .shape_more import same_for_every_example
from ..runtime import unbroadcast, vander_powers  # noqa: F401  (used by templates)


# d(base ** s) = base ** s * log(base) * ds, s running linearly from start to stop.
@jvp_rule(jnp.logspace, nondiff_args=("num", "endpoint", "base", "dtype", "axis"))
def logspace_jvp(ans, start, stop, start_dot, stop_dot, num=50, endpoint=True, base=10.0,
                 dtype=None, axis=0):
    return ans * jnp.log(base) * jnp.linspace(start_dot, stop_dot, num, endpoint=endpoint,
                                              axis=axis)


@vjp_rule(jnp.logspace)
def logspace_vjp(ans_bar, ans, start, stop, num=50, endpoint=True, base=10.0, dtype=None,
                 axis=0):
    return (unbroadcast(jnp.tensordot(jnp.linspace(1.0, 0.0, num, endpoint=endpoint),
                                      ans_bar * ans * jnp.log(base), axes=(0, axis)), start),
            unbroadcast(jnp.tensordot(jnp.linspace(0.0, 1.0, num, endpoint=endpoint),
                                      ans_bar * ans * jnp.log(base), axes=(0, axis)), stop),
            None, None, None, None, None)


# log(geomspace) runs linearly from log(start) to log(stop): d ans = ans * that
# line's tangent, whose ends are dstart / start and dstop / stop.
@jvp_rule(jnp.geomspace, nondiff_args=("num", "endpoint", "dtype", "axis"))
def geomspace_jvp(ans, start, stop, start_dot, stop_dot, num=50, endpoint=True, dtype=None,
                  axis=0):
    return ans * jnp.linspace(start_dot / start, stop_dot / stop, num, endpoint=endpoint,
                              axis=axis)


@vjp_rule(jnp.geomspace)
def geomspace_vjp(ans_bar, ans, start, stop, num=50, endpoint=True, dtype=None, axis=0):
    return (unbroadcast(jnp.tensordot(jnp.linspace(1.0, 0.0, num, endpoint=endpoint),
                                      ans_bar * ans, axes=(0, axis)), start) / start,
            unbroadcast(jnp.tensordot(jnp.linspace(0.0, 1.0, num, endpoint=endpoint),
                                      ans_bar * ans, axes=(0, axis)), stop) / stop,
            None, None, None, None)


@batch_rule(jnp.logspace, jnp.geomspace)
def logspace_batch(batch, start, stop, num=50, **rest):
    same_for_every_example(batch, rest.get("base"), "the base")
    return linspace_batch(batch, start, stop, num, **rest)


# vander(x)[i, j] is x[i] ** p[j] for the columns' powers p: its derivative in
# x[i] is p[j] * x[i] ** (p[j] - 1) (the power floored at 0: p = 0 has slope 0).
@jvp_rule(jnp.vander, nondiff_args=("N", "increasing"))
def vander_jvp(x, x_dot, N=None, increasing=False):
    return (x_dot[:, None] * vander_powers(x, N=N, increasing=increasing)
            * jnp.power(x[:, None], jnp.maximum(vander_powers(x, N=N, increasing=increasing) - 1,
                                                0)))


@vjp_rule(jnp.vander)
def vander_vjp(ans_bar, x, N=None, increasing=False):
    return jnp.sum(ans_bar * vander_powers(x, N=N, increasing=increasing)
                   * jnp.power(x[:, None],
                               jnp.maximum(vander_powers(x, N=N, increasing=increasing) - 1, 0)),
                   axis=1), None, None


zero_derivative(vander_powers)   # integer powers


# Each example's columns: its entries to the powers, written out.
@batch_rule(jnp.vander)
def vander_batch(batch, x, N=None, increasing=False):
    powers = _powers(batch, x, N, increasing)
    return batch.jnp("power", batch.jnp("expand_dims", batch.with_batch(x), -1),
                     batch.jnp("array", powers))


@batch_rule(vander_powers)
def vander_powers_batch(batch, x, N=None, increasing=False):
    powers = _powers(batch, x, N, increasing)
    return batch.jnp("broadcast_to", batch.jnp("array", powers),
                     (batch.batch_size, len(powers)))


def _powers(batch, x, N, increasing):
    n = batch.value(N, "the number of columns")
    n = batch.shape(x)[0] if n is None else n
    powers = tuple(range(n))
    return powers if batch.value(increasing, "increasing") else powers[::-1]


# Shapes, counts and window lengths only: an active argument is an error.
nondifferentiable(jnp.tri, jnp.indices, jnp.tril_indices, jnp.triu_indices, jnp.diag_indices,
                  jnp.mask_indices, jnp.bartlett, jnp.blackman, jnp.hamming, jnp.hanning)

# Integer results (positions, bins, flat indices), or only an array's shape.
zero_derivative(jnp.argpartition, jnp.lexsort, jnp.searchsorted, jnp.digitize,
                jnp.ravel_multi_index, jnp.unravel_index, jnp.tril_indices_from,
                jnp.triu_indices_from, jnp.diag_indices_from)


# --- batching ------------------------------------------------------------------------------


@batch_rule(jnp.lexsort)
def lexsort_batch(batch, keys, axis=-1):
    axis = shift_axes(batch.value(axis, "the axis"))
    if isinstance(keys, (gast.List, gast.Tuple)):
        return batch.rebuild(keys=each_batched(batch, keys), axis=axis)
    # an array of keys, the keys along its first axis: the batch axis goes second
    return batch.rebuild(keys=batch.jnp("moveaxis", batch.x(keys), 0, 1), axis=axis)


# Searched in one sorted array: each example's values, as they are. In each
# example's own sorted array: the count of its entries below each value (`<=`
# for side="right"), which is searchsorted's answer for a sorted array.
@batch_rule(jnp.searchsorted)
def searchsorted_batch(batch, a, v, side="left", **rest):
    if not batch.batched(a):
        return batch.rebuild()
    if rest.get("sorter") is not None:
        raise batch.error("s2s can batch jnp.searchsorted over batched arrays without a sorter",
                          "sort the arrays first")
    side = batch.value(side, "the side")
    entries = batch.expand(batch.x(a), batch.rank(v))
    values = gast.Subscript(value=batch.with_batch(v), slice=gast.Tuple(elts=[
        gast.Constant(value=Ellipsis, kind=None), gast.Constant(value=None, kind=None)],
        ctx=gast.Load()), ctx=gast.Load())
    below = gast.Compare(left=entries, ops=[gast.Lt() if side == "left" else gast.LtE()],
                         comparators=[values])
    return batch.jnp("sum", below, axis=-1, dtype="int32")


@batch_rule(jnp.digitize)
def digitize_batch(batch, x, bins, **rest):
    same_for_every_example(batch, bins, "the bins")
    return batch.rebuild()


# Element-wise on integer indices: each example's as they are.
@batch_rule(jnp.ravel_multi_index)
def ravel_multi_index_batch(batch, multi_index, dims, **rest):
    return batch.rebuild(multi_index=each_batched(batch, multi_index))


@batch_rule(jnp.unravel_index)
def unravel_index_batch(batch, indices, shape):
    return batch.rebuild()


# Only the example's shape matters: the same indices for every example.
@batch_rule(jnp.tril_indices_from, jnp.triu_indices_from, jnp.diag_indices_from)
def indices_from_batch(batch, arr, k=0):
    shape = batch.shape(arr)
    if batch.prim.fn is jnp.diag_indices_from:
        same = batch.jnp("diag_indices", shape[0], len(shape))
    else:
        name = batch.prim.name[:-len("_from")]
        same = batch.jnp(name, shape[-2], batch.x(k) if k != 0 else 0, shape[-1])
    return batch.call("broadcast_tree", same, batch.batch_size)
