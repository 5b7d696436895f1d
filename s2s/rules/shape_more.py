"""More shape functions: rolls, flips, transposes, tiles, repeats, sorts and
casts, with jvp, vjp and batch rules side by side (triangles and diagonals:
diagonals.py; splits and joins: shape_split.py).

Each moves entries without changing them, so its jvp is the same function of
the tangent and its vjp sends each output entry's cotangent back to the entry
it came from, adding up the copies (tile, repeat) and zeros where an entry was
dropped. A sort moves entries by its permutation, read from jnp.argsort as
JAX's own sort jvp does. The cotangents that need an index map
are helpers in s2s/runtime_shape.py.
"""
import gast
import jax.numpy as jnp

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from .reductions import flattening_batch
from ..runtime import (inverse_permutation, is_inexact, partition_order,  # noqa: F401
                       repeat_cotangent, resize_cotangent, rollaxis_cotangent,
                       take_along_axis_cotangent, tile_cotangent)
from ..template import literal, zero  # noqa: F401  (zero: used by templates)


# --- batching helpers ---------------------------------------------------------------


def same_for_every_example(batch, node, what):
    """A shift, count or index that must be one value for the whole batch."""
    if isinstance(node, gast.AST) and batch.batched(node):
        raise batch.error(f"s2s cannot batch this call with {what} differing between "
                          "examples", "compute it outside the vmapped function")


def flat_examples(batch, a):
    """`jnp.reshape(a_batch, (batch_size, -1))`: each example flattened."""
    return batch.jnp("reshape", batch.with_batch(a), (batch.batch_size, -1))


def batched_shape(batch, shape):
    """(batch_size, *shape): one example's shape, with the batch in front."""
    return (batch.batch_size,) + tuple(shape)


def reshaped(batch, a, shape):
    """The batched `a` reshaped to one example's `shape` (as it is if it has it)."""
    if tuple(batch.shape(a)) == tuple(shape):
        return batch.with_batch(a)
    return batch.jnp("reshape", batch.with_batch(a), batched_shape(batch, shape))


def normalized(axis, rank):
    return tuple(a % rank for a in axis) if isinstance(axis, (tuple, list)) else axis % rank


# --- roll, flips, copies, transposes --------------------------------------------------


@jvp_rule(jnp.roll, nondiff_args=("shift", "axis"))
def roll_jvp(a, shift, a_dot, axis=None):
    return jnp.roll(a_dot, shift, axis=axis)


# rolled back by the same shift (a tuple of shifts negated as an array)
@vjp_rule(jnp.roll)
def roll_vjp(ans_bar, a, shift, axis=None):
    return jnp.roll(ans_bar, -jnp.asarray(shift), axis=axis), None, None


@vjp_rule(jnp.roll, when=lambda shift: literal(shift) is not None)
def roll_by_number_vjp(ans_bar, a, shift, axis=None):
    return jnp.roll(ans_bar, -shift, axis=axis), None, None


@batch_rule(jnp.roll)
def roll_batch(batch, a, shift, axis=None):
    same_for_every_example(batch, shift, "the shift")
    axis = batch.value(axis, "the axis")
    if axis is None:   # each example rolled flattened
        rolled = batch.jnp("roll", flat_examples(batch, a), batch.x(shift), axis=1)
        return batch.jnp("reshape", rolled, batch.jnp("shape", batch.with_batch(a)))
    return batch.rebuild(a=batch.with_batch(a), axis=shift_axes(axis))


@jvp_rule(jnp.fliplr)
def fliplr_jvp(m, m_dot):
    return jnp.fliplr(m_dot)


@vjp_rule(jnp.fliplr)
def fliplr_vjp(ans_bar, m):
    return jnp.fliplr(ans_bar)


@jvp_rule(jnp.flipud)
def flipud_jvp(m, m_dot):
    return jnp.flipud(m_dot)


@vjp_rule(jnp.flipud)
def flipud_vjp(ans_bar, m):
    return jnp.flipud(ans_bar)


@batch_rule(jnp.fliplr, jnp.flipud)
def flip_lr_ud_batch(batch, m):
    return batch.jnp("flip", batch.x(m), axis=2 if batch.prim.fn is jnp.fliplr else 1)


@jvp_rule(jnp.copy, nondiff_args=("order",))
def copy_jvp(a, a_dot, order=None):
    return jnp.copy(a_dot)


@vjp_rule(jnp.copy)
def copy_vjp(ans_bar, a, order=None):
    return ans_bar, None


@jvp_rule(jnp.matrix_transpose)
def matrix_transpose_jvp(x, x_dot):
    return jnp.matrix_transpose(x_dot)


@vjp_rule(jnp.matrix_transpose)
def matrix_transpose_vjp(ans_bar, x):
    return jnp.matrix_transpose(ans_bar)


@batch_rule(jnp.copy, jnp.matrix_transpose)
def same_call_batch(batch, **operands):
    return batch.rebuild()


@jvp_rule(jnp.permute_dims, nondiff_args=("axes",))
def permute_dims_jvp(a, axes, a_dot):
    return jnp.permute_dims(a_dot, axes)


@vjp_rule(jnp.permute_dims)
def permute_dims_vjp(ans_bar, a, axes):
    return jnp.permute_dims(ans_bar, inverse_permutation(axes, jnp.ndim(a))), None


@batch_rule(jnp.permute_dims)
def permute_dims_batch(batch, a, axes):
    axes = normalized(tuple(batch.value(axes, "the axes")), batch.rank(a))
    return batch.rebuild(axes=(0,) + shift_axes(axes))


@jvp_rule(jnp.rollaxis, nondiff_args=("axis", "start"))
def rollaxis_jvp(a, axis, a_dot, start=0):
    return jnp.rollaxis(a_dot, axis, start=start)


@vjp_rule(jnp.rollaxis)
def rollaxis_vjp(ans_bar, a, axis, start=0):
    return rollaxis_cotangent(ans_bar, a, axis, start=start), None, None


@batch_rule(jnp.rollaxis)
def rollaxis_batch(batch, a, axis, start=0):
    rank = batch.rank(a)
    start = batch.value(start, "the start")
    start = start + rank if start < 0 else start
    return batch.rebuild(axis=batch.value(axis, "the axis") % rank + 1, start=start + 1)


@jvp_rule(jnp.rot90, nondiff_args=("k", "axes"))
def rot90_jvp(m, m_dot, k=1, axes=(0, 1)):
    return jnp.rot90(m_dot, k=k, axes=axes)


# turned back by as many quarter turns
@vjp_rule(jnp.rot90)
def rot90_vjp(ans_bar, m, k=1, axes=(0, 1)):
    return jnp.rot90(ans_bar, -k, axes=axes), None, None


@batch_rule(jnp.rot90)
def rot90_batch(batch, m, k=1, axes=(0, 1)):
    same_for_every_example(batch, k, "the number of turns")
    return batch.rebuild(axes=shift_axes(tuple(batch.value(axes, "the axes"))))


# --- tile, repeat, resize: copies whose cotangents add up -----------------------------


@jvp_rule(jnp.tile, nondiff_args=("reps",))
def tile_jvp(A, reps, A_dot):
    return jnp.tile(A_dot, reps)


@vjp_rule(jnp.tile)
def tile_vjp(ans_bar, A, reps):
    return tile_cotangent(ans_bar, A, reps), None


# An example of rank r tiled by reps of length d: both padded to max(r, d) axes
# (as jnp.tile does), the batch axis tiled once.
@batch_rule(jnp.tile)
def tile_batch(batch, A, reps):
    reps = batch.value(reps, "the repetitions")
    reps = (reps,) if isinstance(reps, int) else tuple(reps)
    rank = max(len(reps), batch.rank(A))
    reps = (1,) * (rank - len(reps)) + reps
    return batch.rebuild(A=batch.align(A, rank), reps=(1,) + reps)


@jvp_rule(jnp.repeat, nondiff_args=("repeats", "axis", "total_repeat_length"))
def repeat_jvp(a, repeats, a_dot, axis=None, total_repeat_length=None):
    return jnp.repeat(a_dot, repeats, axis=axis, total_repeat_length=total_repeat_length)


@vjp_rule(jnp.repeat)
def repeat_vjp(ans_bar, a, repeats, axis=None, total_repeat_length=None):
    return (repeat_cotangent(ans_bar, a, repeats, axis=axis,
                             total_repeat_length=total_repeat_length), None, None, None)


@batch_rule(jnp.repeat)
def repeat_batch(batch, a, repeats, axis=None, **rest):
    same_for_every_example(batch, repeats, "the repeat counts")
    axis = batch.value(axis, "the axis")
    if axis is None:   # each example flattened
        return batch.rebuild(a=flat_examples(batch, a), axis=1)
    return batch.rebuild(a=batch.with_batch(a), axis=shift_axes(axis))


@jvp_rule(jnp.resize, nondiff_args=("new_shape",))
def resize_jvp(a, new_shape, a_dot):
    return jnp.resize(a_dot, new_shape)


@vjp_rule(jnp.resize)
def resize_vjp(ans_bar, a, new_shape):
    return resize_cotangent(ans_bar, a), None


# Each example flattened, its entries read cyclically: jnp.arange(size) % n.
@batch_rule(jnp.resize)
def resize_batch(batch, a, new_shape):
    new_shape = batch.value(new_shape, "the new shape")
    new_shape = (new_shape,) if isinstance(new_shape, int) else tuple(new_shape)
    size, n = 1, 1
    for d in new_shape:
        size *= d
    for d in batch.shape(a):
        n *= d
    cyclic = gast.BinOp(left=batch.jnp("arange", size), op=gast.Mod(),
                        right=gast.Constant(value=n, kind=None))
    read = batch.jnp("take", flat_examples(batch, a), cyclic, axis=1)
    return batch.jnp("reshape", read, batched_shape(batch, new_shape))


# --- sorting: entries moved by a permutation -------------------------------------------


@jvp_rule(jnp.sort, nondiff_args=("axis", "stable", "descending"))
def sort_jvp(a, a_dot, axis=-1, stable=True, descending=False):
    return jnp.take_along_axis(a_dot, jnp.argsort(a, axis=axis, stable=stable,
                                                  descending=descending), axis=axis)


@vjp_rule(jnp.sort)
def sort_vjp(ans_bar, a, axis=-1, stable=True, descending=False):
    return take_along_axis_cotangent(ans_bar, a, jnp.argsort(a, axis=axis, stable=stable,
                                                             descending=descending),
                                     axis=axis), None, None, None


# (the permutation partition_order reads is the one jnp.partition makes)
@jvp_rule(jnp.partition, nondiff_args=("kth", "axis"))
def partition_jvp(a, kth, a_dot, axis=-1):
    return jnp.take_along_axis(a_dot, partition_order(a, kth, axis=axis), axis=axis)


@vjp_rule(jnp.partition)
def partition_vjp(ans_bar, a, kth, axis=-1):
    return take_along_axis_cotangent(ans_bar, a, partition_order(a, kth, axis=axis),
                                     axis=axis), None, None


batch_rule(jnp.sort)(flattening_batch)


zero_derivative(partition_order)   # integer positions


@batch_rule(jnp.partition, jnp.argpartition, partition_order)
def partition_batch(batch, a, kth, axis=-1):
    same_for_every_example(batch, kth, "kth")
    return batch.rebuild(a=batch.with_batch(a), axis=shift_axes(batch.value(axis, "the axis")))


# --- astype (also the method `x.astype(dtype)`) -----------------------------------------
# To a float dtype the tangent is cast like the value, and the cotangent back to
# the input's dtype; to an integer or bool dtype the derivative is zero (as in
# JAX). A dtype written as a float or integer type picks its rule when the code
# is written; any other (`x.astype(y.dtype)`) is checked when it runs.

_FLOATS = {"float16", "float32", "float64", "bfloat16", "float_", "float", "complex64",
           "complex128", "complex_", "complex", "double", "single", "half"}
_INTEGERS = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "int_",
             "uint", "int", "bool", "bool_"}


def _dtype_name(dtype):
    if isinstance(dtype, gast.Attribute):
        return dtype.attr
    if isinstance(dtype, gast.Name):   # `jnp.float32`, named `jnp_float32` by normalize
        return dtype.id.split("_", 1)[1] if dtype.id.startswith(("jnp_", "np_")) else dtype.id
    if isinstance(dtype, gast.Constant) and isinstance(dtype.value, str):
        return dtype.value
    return None


@jvp_rule(jnp.astype, nondiff_args=("dtype",))
def astype_jvp(x, dtype, x_dot):
    return jnp.astype(x_dot, dtype) * is_inexact(dtype)


@jvp_rule(jnp.astype, nondiff_args=("dtype",), when=lambda dtype: _dtype_name(dtype) in _FLOATS)
def astype_float_jvp(x, dtype, x_dot):
    return jnp.astype(x_dot, dtype)


@jvp_rule(jnp.astype, nondiff_args=("dtype",),
          when=lambda dtype: _dtype_name(dtype) in _INTEGERS)
def astype_integer_jvp(x, dtype, x_dot):
    return zero(x)


@vjp_rule(jnp.astype)
def astype_vjp(ans_bar, x, dtype):
    return jnp.astype(ans_bar, jnp.result_type(x)) * is_inexact(dtype), None


@vjp_rule(jnp.astype, when=lambda dtype: _dtype_name(dtype) in _FLOATS)
def astype_float_vjp(ans_bar, x, dtype):
    return jnp.astype(ans_bar, jnp.result_type(x)), None


@vjp_rule(jnp.astype, when=lambda dtype: _dtype_name(dtype) in _INTEGERS)
def astype_integer_vjp(ans_bar, x, dtype):
    return zero(x), None


@batch_rule(jnp.astype)
def astype_batch(batch, x, dtype, **rest):
    return batch.rebuild()


# A dtype, and a dtype's kind: no derivative, the same for every example.
zero_derivative(is_inexact, jnp.result_type)


@batch_rule(jnp.result_type)
def result_type_batch(batch, *args, **rest):
    return batch.rebuild()


# a dtype seen as batched: its kind, one per example
@batch_rule(is_inexact)
def is_inexact_batch(batch, dtype):
    return batch.jnp("broadcast_to", batch.rebuild(), (batch.batch_size,))
