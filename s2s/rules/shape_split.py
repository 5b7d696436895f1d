"""Splitting and joining: split and its kin (array_split, hsplit, vsplit, dsplit,
unstack), the joins (hstack, vstack, dstack, column_stack, concat, append),
atleast_1d/2d/3d and broadcast_arrays. A split's cotangent is the join of its pieces' cotangents
and a join's is the split of its cotangent, cut to the pieces' shapes.
"""
import gast
import jax.numpy as jnp

from . import batch_rule, jvp_rule, shift_axes, vjp_rule
from .shape import concatenate_batch
from .shape_more import flat_examples, reshaped, same_for_every_example
from ..runtime import split_like, split_stacked, unbroadcast  # noqa: F401  (used by templates)
from ..template import zero  # noqa: F401  (used by templates)
from ..runtime_shape import _stacked_axis, _stacked_shape

# --- splits: a list of pieces --------------------------------------------------------


@jvp_rule(jnp.split, nondiff_args=("indices_or_sections", "axis"))
def split_jvp(ary, indices_or_sections, ary_dot, axis=0):
    return jnp.split(ary_dot, indices_or_sections, axis=axis)


@vjp_rule(jnp.split)
def split_vjp(ans_bar, ary, indices_or_sections, axis=0):
    return jnp.concatenate(ans_bar, axis=axis), None, None


@jvp_rule(jnp.array_split, nondiff_args=("indices_or_sections", "axis"))
def array_split_jvp(ary, indices_or_sections, ary_dot, axis=0):
    return jnp.array_split(ary_dot, indices_or_sections, axis=axis)


@vjp_rule(jnp.array_split)
def array_split_vjp(ans_bar, ary, indices_or_sections, axis=0):
    return jnp.concatenate(ans_bar, axis=axis), None, None


@jvp_rule(jnp.hsplit, nondiff_args=("indices_or_sections",))
def hsplit_jvp(ary, indices_or_sections, ary_dot):
    return jnp.hsplit(ary_dot, indices_or_sections)


@vjp_rule(jnp.hsplit)
def hsplit_vjp(ans_bar, ary, indices_or_sections):
    return jnp.hstack(ans_bar), None


@jvp_rule(jnp.vsplit, nondiff_args=("indices_or_sections",))
def vsplit_jvp(ary, indices_or_sections, ary_dot):
    return jnp.vsplit(ary_dot, indices_or_sections)


@vjp_rule(jnp.vsplit)
def vsplit_vjp(ans_bar, ary, indices_or_sections):
    return jnp.vstack(ans_bar), None


@jvp_rule(jnp.dsplit, nondiff_args=("indices_or_sections",))
def dsplit_jvp(ary, indices_or_sections, ary_dot):
    return jnp.dsplit(ary_dot, indices_or_sections)


@vjp_rule(jnp.dsplit)
def dsplit_vjp(ans_bar, ary, indices_or_sections):
    return jnp.dstack(ans_bar), None


# The pieces of each example, cut along the same axis one further along: a list
# of batched pieces. hsplit cuts a vector's axis 0, anything else's axis 1.
@batch_rule(jnp.split, jnp.array_split, jnp.hsplit, jnp.vsplit, jnp.dsplit)
def split_batch(batch, ary, indices_or_sections, axis=0):
    same_for_every_example(batch, indices_or_sections, "the split points")
    fn = batch.prim.fn
    if fn is jnp.hsplit:
        axis = 0 if batch.rank(ary) == 1 else 1
    elif fn is jnp.dsplit:
        axis = 2
    elif fn is not jnp.vsplit:
        axis = batch.value(axis, "the axis")
    name = "array_split" if fn is jnp.array_split else "split"
    return batch.jnp(name, batch.with_batch(ary), batch.x(indices_or_sections),
                     axis=shift_axes(axis))


@jvp_rule(jnp.unstack, nondiff_args=("axis",))
def unstack_jvp(x, x_dot, axis=0):
    return jnp.unstack(x_dot, axis=axis)


@vjp_rule(jnp.unstack)
def unstack_vjp(ans_bar, x, axis=0):
    return jnp.stack(ans_bar, axis=axis), None


@batch_rule(jnp.unstack)
def unstack_batch(batch, x, axis=0):
    return batch.rebuild(axis=shift_axes(batch.value(axis, "the axis")))


# --- joins -------------------------------------------------------------------------------


@jvp_rule(jnp.concat, nondiff_args=("axis",))
def concat_jvp(arrays, arrays_dot, axis=0):
    return jnp.concat(arrays_dot, axis=axis)


@vjp_rule(jnp.concat)
def concat_vjp(ans_bar, arrays, axis=0):
    return split_like(ans_bar, arrays, axis), None


batch_rule(jnp.concat)(concatenate_batch)


@jvp_rule(jnp.hstack, nondiff_args=("dtype",))
def hstack_jvp(tup, tup_dot, dtype=None):
    return jnp.hstack(tup_dot, dtype=dtype)


@vjp_rule(jnp.hstack)
def hstack_vjp(ans_bar, tup, dtype=None):
    return split_stacked(ans_bar, tup, "hstack"), None


@jvp_rule(jnp.vstack, nondiff_args=("dtype",))
def vstack_jvp(tup, tup_dot, dtype=None):
    return jnp.vstack(tup_dot, dtype=dtype)


@vjp_rule(jnp.vstack)
def vstack_vjp(ans_bar, tup, dtype=None):
    return split_stacked(ans_bar, tup, "vstack"), None


@jvp_rule(jnp.dstack, nondiff_args=("dtype",))
def dstack_jvp(tup, tup_dot, dtype=None):
    return jnp.dstack(tup_dot, dtype=dtype)


@vjp_rule(jnp.dstack)
def dstack_vjp(ans_bar, tup, dtype=None):
    return split_stacked(ans_bar, tup, "dstack"), None


@jvp_rule(jnp.column_stack)
def column_stack_jvp(tup, tup_dot):
    return jnp.column_stack(tup_dot)


@vjp_rule(jnp.column_stack)
def column_stack_vjp(ans_bar, tup):
    return split_stacked(ans_bar, tup, "column_stack")


# Each array promoted as one example would be (a vector becomes a row, a column,
# ...), then all joined along that axis, one further along.
@batch_rule(jnp.hstack, jnp.vstack, jnp.dstack, jnp.column_stack)
def stacked_batch(batch, tup, **rest):
    how = batch.prim.name
    if not isinstance(tup, (gast.List, gast.Tuple)):
        return batch.by_jax()   # a list built by appends or a comprehension: its items' shapes vary
    elts = tup.elts
    shapes = [_stacked_shape(batch.shape(e), how) for e in elts]
    parts = [reshaped(batch, e, s) for e, s in zip(elts, shapes)]
    axis = _stacked_axis(len(shapes[0]), how)
    return batch.jnp("concatenate", gast.List(elts=parts, ctx=gast.Load()), axis=axis + 1)


# jnp.append(arr, values) is their concatenation (flattened for axis=None): its
# cotangent cut in two.
@jvp_rule(jnp.append, nondiff_args=("axis",))
def append_jvp(arr, values, arr_dot, values_dot, axis=None):
    return jnp.append(arr_dot, values_dot, axis=axis)


@vjp_rule(jnp.append)
def append_vjp(ans_bar, arr, values, axis=None):
    return (split_like(ans_bar, [arr, values], axis)[0],
            split_like(ans_bar, [arr, values], axis)[1], None)


@batch_rule(jnp.append)
def append_batch(batch, arr, values, axis=None):
    axis = batch.value(axis, "the axis")
    if axis is None:
        return batch.rebuild(arr=flat_examples(batch, arr), values=flat_examples(batch, values),
                             axis=1)
    return batch.rebuild(arr=batch.with_batch(arr), values=batch.with_batch(values),
                         axis=shift_axes(axis))


# --- atleast_1d / 2d / 3d of one to three arrays: reshapes ----------------------------
# One array gives an array, more a list. (The rules for one and for two arrays
# are special cases, tried in that order, of the rule for three.)


_ATLEAST = (jnp.atleast_1d, jnp.atleast_2d, jnp.atleast_3d)


@jvp_rule(jnp.atleast_1d)
def atleast_1d_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_1d(x_dot, y_dot, z_dot)


@jvp_rule(jnp.atleast_1d, when=lambda y: y is None)
def atleast_1d_one_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_1d(x_dot)


@jvp_rule(jnp.atleast_1d, when=lambda z: z is None)
def atleast_1d_two_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_1d(x_dot, y_dot)


@jvp_rule(jnp.atleast_2d)
def atleast_2d_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_2d(x_dot, y_dot, z_dot)


@jvp_rule(jnp.atleast_2d, when=lambda y: y is None)
def atleast_2d_one_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_2d(x_dot)


@jvp_rule(jnp.atleast_2d, when=lambda z: z is None)
def atleast_2d_two_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_2d(x_dot, y_dot)


@jvp_rule(jnp.atleast_3d)
def atleast_3d_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_3d(x_dot, y_dot, z_dot)


@jvp_rule(jnp.atleast_3d, when=lambda y: y is None)
def atleast_3d_one_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_3d(x_dot)


@jvp_rule(jnp.atleast_3d, when=lambda z: z is None)
def atleast_3d_two_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.atleast_3d(x_dot, y_dot)


@vjp_rule(*_ATLEAST)
def atleast_vjp(ans_bar, x, y=None, z=None):
    return (jnp.reshape(ans_bar[0], jnp.shape(x)), jnp.reshape(ans_bar[1], jnp.shape(y)),
            jnp.reshape(ans_bar[2], jnp.shape(z)))


@vjp_rule(*_ATLEAST, when=lambda y: y is None)
def atleast_1_vjp(ans_bar, x, y=None, z=None):
    return jnp.reshape(ans_bar, jnp.shape(x)), zero(y), zero(z)


@vjp_rule(*_ATLEAST, when=lambda z: z is None)
def atleast_2_vjp(ans_bar, x, y=None, z=None):
    return jnp.reshape(ans_bar[0], jnp.shape(x)), jnp.reshape(ans_bar[1], jnp.shape(y)), zero(z)


def _at_least(shape, rank):
    """One example's shape after jnp.atleast_{rank}d."""
    shape = tuple(shape)
    if len(shape) >= rank:
        return shape
    if rank == 3:
        return {0: (1, 1, 1), 1: (1,) + shape + (1,), 2: shape + (1,)}[len(shape)]
    return (1,) * (rank - len(shape)) + shape


@batch_rule(*_ATLEAST)
def atleast_batch(batch, **arys):
    rank = int(batch.prim.name[len("atleast_")])
    parts = [reshaped(batch, arys[k], _at_least(batch.shape(arys[k]), rank))
             for k in sorted(arys, key=lambda k: int(k.rsplit("_", 1)[1]))]
    return parts[0] if len(parts) == 1 else gast.List(elts=parts, ctx=gast.Load())



# --- broadcast_arrays of one, two or three arrays -----------------------------------------
# Each output is its input broadcast: the tangents broadcast the same way, and each
# cotangent is summed back to its input's shape. (The rules for one and for two
# arrays are special cases, tried in that order, of the rule for three.)


@jvp_rule(jnp.broadcast_arrays)
def broadcast_arrays_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.broadcast_arrays(x_dot, y_dot, z_dot)


@jvp_rule(jnp.broadcast_arrays, when=lambda y: y is None)
def broadcast_arrays_1_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.broadcast_arrays(x_dot)


@jvp_rule(jnp.broadcast_arrays, when=lambda z: z is None)
def broadcast_arrays_2_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.broadcast_arrays(x_dot, y_dot)


@vjp_rule(jnp.broadcast_arrays)
def broadcast_arrays_vjp(ans_bar, x, y=None, z=None):
    return (unbroadcast(ans_bar[0], x), unbroadcast(ans_bar[1], y), unbroadcast(ans_bar[2], z))


@vjp_rule(jnp.broadcast_arrays, when=lambda y: y is None)
def broadcast_arrays_1_vjp(ans_bar, x, y=None, z=None):
    return unbroadcast(ans_bar[0], x), zero(y), zero(z)


@vjp_rule(jnp.broadcast_arrays, when=lambda z: z is None)
def broadcast_arrays_2_vjp(ans_bar, x, y=None, z=None):
    return unbroadcast(ans_bar[0], x), unbroadcast(ans_bar[1], y), zero(z)


# Every array batched and aligned as an element-wise operand: the broadcast of
# the batch is the batch of the broadcasts.
@batch_rule(jnp.broadcast_arrays)
def broadcast_arrays_batch(batch, **arrays):
    rank = max(batch.rank(a) for a in arrays.values())
    return batch.rebuild(**{k: batch.expand(batch.with_batch(a), rank - batch.rank(a))
                            for k, a in arrays.items()})
