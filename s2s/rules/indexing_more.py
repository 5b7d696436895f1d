"""Reads and writes by index beyond `x[i]`: take, take_along_axis, put_along_axis,
delete, pad, select, choose and jax.lax's dynamic slices, with jvp, vjp and batch rules
side by side.

A read's jvp reads the tangent the same way; its cotangent adds each output
entry's cotangent back where it was read (`.at[].add`, so a repeated index adds
up). A write's cotangent is zero where it wrote, and the written values get
what was read there. Indices, axes and sizes are integers: not differentiable.
"""
import gast
import jax.numpy as jnp
import numpy as np
from jax import lax

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from .shape_more import flat_examples, same_for_every_example
from ..runtime import (choose_cotangent, copying_pad_mode, delete_cotangent,  # noqa: F401
                       pad_cotangent,
                       none_hold, select_cotangent, slice_at, take_along_axis_cotangent,
                       take_cotangent, unbroadcast, update_slice_at)
from ..template import is_zero
from ..runtime_shape import COPYING_PAD_MODES


def by_jax(batch):
    """jax.vmap of the call (s2s/by_jax.py), for the rare cases a rule leaves
    to JAX (one start index per example in a dynamic slice)."""
    return batch.by_jax()


# --- take ------------------------------------------------------------------------------


@jvp_rule(jnp.take, nondiff_args=("indices", "axis", "mode"))
def take_jvp(a, indices, a_dot, axis=None, mode=None):
    return jnp.take(a_dot, indices, axis=axis, mode=mode)


@vjp_rule(jnp.take)
def take_vjp(ans_bar, a, indices, axis=None, mode=None):
    return take_cotangent(ans_bar, a, indices, axis=axis, mode=mode), None, None, None


@batch_rule(jnp.take)
def take_batch(batch, a, indices, axis=None, **rest):
    axis = batch.value(axis, "the axis")
    if not batch.batched(indices):   # the same entries of every example
        if axis is None:
            return batch.rebuild(a=flat_examples(batch, a), axis=1)
        return batch.rebuild(a=batch.with_batch(a), axis=shift_axes(axis))
    if not batch.batched(a):   # one array, each example's own indices
        if axis is None:
            return batch.rebuild()
        # the indices' axes (the batch axis first) land where `axis` was
        return batch.jnp("moveaxis", batch.rebuild(), axis % batch.rank(a), 0)
    if rest.get("mode") is not None:
        raise batch.error("s2s can batch jnp.take with both the array and the indices "
                          "batched only in the default mode")
    return _take_each(batch, a, indices, axis)


def _take_each(batch, a, indices, axis):
    """Each example's own entries of its own array: for axis=None a
    take_along_axis of the flattened examples; else the read axis moved next to
    the batch axis, indexed by (jnp.arange(batch_size), indices), and the
    indices' axes moved back to where `axis` was."""
    rank = batch.rank(indices)
    if axis is None:
        flat_indices = batch.jnp("reshape", batch.x(indices), (batch.batch_size, -1))
        read = batch.jnp("take_along_axis", flat_examples(batch, a), flat_indices, axis=1)
        return batch.jnp("reshape", read, batch.jnp("shape", batch.x(indices)))
    axis = axis % batch.rank(a)
    moved = batch.jnp("moveaxis", batch.x(a), axis + 1, 1)
    each = batch.expand(batch.jnp("arange", batch.batch_size), rank)
    read = gast.Subscript(value=moved, slice=gast.Tuple(elts=[each, batch.x(indices)],
                                                        ctx=gast.Load()), ctx=gast.Load())
    if axis == 0 or rank == 0:
        return read
    return batch.jnp("moveaxis", read, tuple(range(1, 1 + rank)),
                     tuple(range(1 + axis, 1 + axis + rank)))


# --- take_along_axis and put_along_axis ---------------------------------------------------


@jvp_rule(jnp.take_along_axis, nondiff_args=("indices", "axis"))
def take_along_axis_jvp(arr, indices, arr_dot, axis=-1):
    return jnp.take_along_axis(arr_dot, indices, axis=axis)


@vjp_rule(jnp.take_along_axis)
def take_along_axis_vjp(ans_bar, arr, indices, axis=-1):
    return take_along_axis_cotangent(ans_bar, arr, indices, axis=axis), None, None


@batch_rule(jnp.take_along_axis)
def take_along_axis_batch(batch, arr, indices, axis=-1, **rest):
    axis = batch.value(axis, "the axis")
    if axis is None:   # each example flattened; its indices are a vector already
        return batch.rebuild(arr=flat_examples(batch, arr), indices=batch.with_batch(indices),
                             axis=1)
    return batch.rebuild(arr=batch.with_batch(arr), indices=batch.with_batch(indices),
                         axis=shift_axes(axis))


# (functional only: JAX refuses inplace=True itself.) The values written are read
# back from the cotangent; what they overwrote gets zero.
@jvp_rule(jnp.put_along_axis, nondiff_args=("indices", "axis", "inplace", "mode"))
def put_along_axis_jvp(arr, indices, values, axis, arr_dot, values_dot, inplace=True,
                       mode=None):
    return jnp.put_along_axis(arr_dot, indices, values_dot, axis, inplace=inplace, mode=mode)


@vjp_rule(jnp.put_along_axis)
def put_along_axis_vjp(ans_bar, arr, indices, values, axis, inplace=True, mode=None):
    return (jnp.put_along_axis(ans_bar, indices, 0.0, axis, inplace=inplace, mode=mode), None,
            unbroadcast(jnp.take_along_axis(ans_bar, indices, axis=axis), values),
            None, None, None)


@batch_rule(jnp.put_along_axis)
def put_along_axis_batch(batch, arr, indices, values, axis, **rest):
    axis = batch.value(axis, "the axis")
    if axis is None:
        raise batch.error("s2s can batch jnp.put_along_axis with an axis, not axis=None")
    return batch.rebuild(arr=batch.with_batch(arr), indices=batch.with_batch(indices),
                         values=batch.align(values, batch.rank(indices)),
                         axis=shift_axes(axis))


# --- delete: a take of the entries kept ---------------------------------------------------


@jvp_rule(jnp.delete, nondiff_args=("obj", "axis", "assume_unique_indices"))
def delete_jvp(arr, obj, arr_dot, axis=None, assume_unique_indices=False):
    return jnp.delete(arr_dot, obj, axis=axis, assume_unique_indices=assume_unique_indices)


@vjp_rule(jnp.delete)
def delete_vjp(ans_bar, arr, obj, axis=None, assume_unique_indices=False):
    return delete_cotangent(ans_bar, arr, obj, axis=axis), None, None, None


@batch_rule(jnp.delete)
def delete_batch(batch, arr, obj, axis=None, **rest):
    same_for_every_example(batch, obj, "the entries deleted")
    axis = batch.value(axis, "the axis")
    if axis is None:
        return batch.rebuild(arr=flat_examples(batch, arr), axis=1)
    return batch.rebuild(arr=batch.with_batch(arr), axis=shift_axes(axis))


# --- pad -----------------------------------------------------------------------------------
# Modes that copy entries (constant, edge, wrap, reflect, symmetric) are linear
# in the array (a constant fill is no derivative; an active constant_values is
# refused). The tangent is padded the same way; the cotangent of each padded
# entry goes back to the entry it copies (pad_cotangent). Other modes (maximum,
# mean, ...) are refused when they run, by copying_pad_mode.


def _copying_mode(mode):
    return mode is None or (isinstance(mode, gast.Constant) and mode.value in COPYING_PAD_MODES)


@jvp_rule(jnp.pad, nondiff_args=("pad_width", "mode", "constant_values"))
def pad_jvp(array, pad_width, array_dot, mode="constant", constant_values=0):
    return jnp.pad(array_dot, pad_width, mode=copying_pad_mode(mode))


@jvp_rule(jnp.pad, nondiff_args=("pad_width", "mode", "constant_values"), when=_copying_mode)
def pad_copying_jvp(array, pad_width, array_dot, mode="constant", constant_values=0):
    return jnp.pad(array_dot, pad_width, mode=mode)


@vjp_rule(jnp.pad)
def pad_vjp(ans_bar, array, pad_width, mode="constant", constant_values=0):
    return pad_cotangent(ans_bar, array, pad_width, mode=mode), None, None, None


@batch_rule(jnp.pad)
def pad_batch(batch, array, pad_width, **rest):
    same_for_every_example(batch, rest.get("constant_values"), "the constant value")
    widths = np.broadcast_to(np.asarray(batch.value(pad_width, "the pad widths"), dtype=int),
                             (batch.rank(array), 2))
    return batch.rebuild(array=batch.with_batch(array),
                         pad_width=((0, 0),) + tuple((int(lo), int(hi)) for lo, hi in widths))


# --- jax.lax.dynamic_slice and dynamic_update_slice -------------------------------------------
# The derivative of one is the other: a slice's cotangent is written into zeros
# at the same start; an update's is sliced out of the cotangent, and the entries
# it overwrote get zero. (slice_at and update_slice_at: the same functions under
# names generated code can always call.)


@jvp_rule(lax.dynamic_slice, slice_at, nondiff_args=("start_indices", "slice_sizes"))
def dynamic_slice_jvp(operand, start_indices, slice_sizes, operand_dot):
    return slice_at(operand_dot, start_indices, slice_sizes)


@vjp_rule(lax.dynamic_slice, slice_at)
def dynamic_slice_vjp(ans_bar, operand, start_indices, slice_sizes):
    return update_slice_at(jnp.zeros_like(operand), ans_bar, start_indices), None, None


@jvp_rule(lax.dynamic_update_slice, update_slice_at, nondiff_args=("start_indices",))
def dynamic_update_slice_jvp(operand, update, start_indices, operand_dot, update_dot):
    return update_slice_at(operand_dot, update_dot, start_indices)


@vjp_rule(lax.dynamic_update_slice, update_slice_at)
def dynamic_update_slice_vjp(ans_bar, operand, update, start_indices):
    return (update_slice_at(ans_bar, jnp.zeros_like(update), start_indices),
            slice_at(ans_bar, start_indices, jnp.shape(update)), None)


def _batch_start(batch, start_indices):
    """The start indices with 0 in front, for the batch axis."""
    zero = gast.Constant(value=0, kind=None)
    if isinstance(start_indices, (gast.List, gast.Tuple)):
        return type(start_indices)(elts=[zero] + [batch.x(e) for e in start_indices.elts],
                                   ctx=gast.Load())
    return gast.Tuple(elts=[zero, gast.Starred(value=batch.x(start_indices), ctx=gast.Load())],
                      ctx=gast.Load())


@batch_rule(lax.dynamic_slice, slice_at)
def dynamic_slice_batch(batch, operand, start_indices, slice_sizes, **rest):
    if batch.batched(start_indices):
        return by_jax(batch)
    sizes = batch.value(slice_sizes, "the slice sizes")
    return batch.rebuild(operand=batch.with_batch(operand),
                         start_indices=_batch_start(batch, start_indices),
                         slice_sizes=(batch.batch_size,) + tuple(sizes))


@batch_rule(lax.dynamic_update_slice, update_slice_at)
def dynamic_update_slice_batch(batch, operand, update, start_indices, **rest):
    if batch.batched(start_indices):
        return by_jax(batch)
    return batch.rebuild(operand=batch.with_batch(operand),
                         update=batch.with_batch(update),
                         start_indices=_batch_start(batch, start_indices))


# --- select: each entry from the first choice whose condition holds ---------------------
# The tangent selects the same way; each choice's cotangent is the output's where
# it was the one chosen (select_cotangent), the default's where no condition
# holds. The conditions are booleans: derivative zero.


@jvp_rule(jnp.select, zero_args=("condlist",))
def select_jvp(condlist, choicelist, choicelist_dot, default_dot, default=0):
    return jnp.select(condlist, choicelist_dot, default_dot)


@jvp_rule(jnp.select, zero_args=("condlist",), when=lambda default: default is None)
def select_zero_default_jvp(condlist, choicelist, choicelist_dot, default_dot, default=0):
    return jnp.select(condlist, choicelist_dot)


# only the default active
@jvp_rule(jnp.select, zero_args=("condlist",),
          when=lambda choicelist_dot: choicelist_dot is not None and is_zero(choicelist_dot))
def select_default_jvp(ans, condlist, choicelist, choicelist_dot, default_dot, default=0):
    return jnp.where(none_hold(condlist), default_dot, jnp.zeros_like(ans))


@vjp_rule(jnp.select)
def select_vjp(ans_bar, condlist, choicelist, default=0):
    return (None, select_cotangent(ans_bar, condlist, choicelist),
            unbroadcast(jnp.where(none_hold(condlist), ans_bar, 0.0), default))


def literal_list(batch, node, what):
    if not isinstance(node, (gast.List, gast.Tuple)):
        raise batch.error(f"s2s can batch jnp.select only with {what} written in the call",
                          "write the list in the call: jnp.select([c1, c2], [x1, x2])")
    return node.elts


def aligned_list(batch, node, rank, what):
    """A list written in the call, each element batched as an element-wise operand."""
    return gast.List(elts=[batch.align(e, rank) for e in literal_list(batch, node, what)],
                     ctx=gast.Load())


zero_derivative(none_hold)   # a boolean mask


@batch_rule(none_hold)
def none_hold_batch(batch, condlist):
    rank = max(batch.rank(c) for c in literal_list(batch, condlist, "the conditions"))
    return batch.rebuild(condlist=aligned_list(batch, condlist, rank, "the conditions"))


@batch_rule(jnp.select)
def select_batch(batch, condlist, choicelist, default=0):
    parts = literal_list(batch, condlist, "the conditions") + \
        literal_list(batch, choicelist, "the choices") + [default]
    rank = max(batch.rank(p) if isinstance(p, gast.AST) else 0 for p in parts)
    return batch.rebuild(condlist=aligned_list(batch, condlist, rank, "the conditions"),
                         choicelist=aligned_list(batch, choicelist, rank, "the choices"),
                         **({"default": batch.align(default, rank)}
                            if isinstance(default, gast.AST) else {}))


# --- choose: each entry from the choice its index names -----------------------------------
# (mode "clip" or "wrap": JAX's default "raise" needs the indices known.)


@jvp_rule(jnp.choose, zero_args=("a",), nondiff_args=("mode",))
def choose_jvp(a, choices, choices_dot, mode="raise"):
    return jnp.choose(a, choices_dot, mode=mode)


@vjp_rule(jnp.choose)
def choose_vjp(ans_bar, a, choices, mode="raise"):
    return None, choose_cotangent(ans_bar, a, choices, mode=mode), None


# Choices written in the call: each aligned as an element-wise operand, as the
# indices; an array of choices is left to JAX.
@batch_rule(jnp.choose)
def choose_batch(batch, a, choices, **rest):
    if not isinstance(choices, (gast.List, gast.Tuple)):
        return by_jax(batch)
    rank = max([batch.rank(a)] + [batch.rank(c) for c in choices.elts])
    return batch.rebuild(a=batch.align(a, rank),
                         choices=type(choices)(elts=[batch.align(c, rank) for c in choices.elts],
                                               ctx=gast.Load()))
