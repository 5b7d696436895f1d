"""Rules for the cotangent helpers of s2s/runtime_shape.py, so generated code
that calls them can be transformed again (grad of grad, vmap of grad). Each is
linear in its first operand `g`: its jvp is itself of `g_dot`, and its vjp is
the read it transposes (take_cotangent's is jnp.take, pad_cotangent's jnp.pad).
The other operands give only shapes, indices or axes."""
import gast
import jax.numpy as jnp
import numpy as np

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from .indexing_more import aligned_list, by_jax
from .shape import each_batched
from .shape_more import flat_examples, same_for_every_example
from ..runtime import (choose_cotangent, copying_pad_mode, delete_cotangent,  # noqa: F401
                       diag_cotangent,
                       diagonal_cotangent, pad_cotangent, repeat_cotangent, resize_cotangent,
                       rollaxis_cotangent, select_cotangent, split_stacked,
                       take_along_axis_cotangent,
                       take_cotangent, tile_cotangent, unbroadcast)


@jvp_rule(take_cotangent, zero_args=("a",), nondiff_args=("indices", "axis", "mode"))
def take_cotangent__jvp(g, a, indices, g_dot, axis=None, mode=None):
    return take_cotangent(g_dot, a, indices, axis=axis, mode=mode)


@vjp_rule(take_cotangent)
def take_cotangent__(ans_bar, g, a, indices, axis=None, mode=None):
    return jnp.take(ans_bar, indices, axis=axis, mode=mode), None, None, None, None


@jvp_rule(take_along_axis_cotangent, zero_args=("arr",), nondiff_args=("indices", "axis"))
def take_along_axis_cotangent__jvp(g, arr, indices, g_dot, axis=-1):
    return take_along_axis_cotangent(g_dot, arr, indices, axis=axis)


@vjp_rule(take_along_axis_cotangent)
def take_along_axis_cotangent__(ans_bar, g, arr, indices, axis=-1):
    return jnp.take_along_axis(ans_bar, indices, axis=axis), None, None, None


@jvp_rule(delete_cotangent, zero_args=("arr",), nondiff_args=("obj", "axis"))
def delete_cotangent__jvp(g, arr, obj, g_dot, axis=None):
    return delete_cotangent(g_dot, arr, obj, axis=axis)


@vjp_rule(delete_cotangent)
def delete_cotangent__(ans_bar, g, arr, obj, axis=None):
    return jnp.delete(ans_bar, obj, axis=axis), None, None, None


@jvp_rule(diagonal_cotangent, zero_args=("a",), nondiff_args=("offset", "axis1", "axis2"))
def diagonal_cotangent__jvp(g, a, g_dot, offset=0, axis1=0, axis2=1):
    return diagonal_cotangent(g_dot, a, offset=offset, axis1=axis1, axis2=axis2)


@vjp_rule(diagonal_cotangent)
def diagonal_cotangent__(ans_bar, g, a, offset=0, axis1=0, axis2=1):
    return (unbroadcast(jnp.diagonal(ans_bar, offset=offset, axis1=axis1, axis2=axis2), g),
            None, None, None, None)


@jvp_rule(diag_cotangent, zero_args=("v",), nondiff_args=("k",))
def diag_cotangent__jvp(g, v, g_dot, k=0):
    return diag_cotangent(g_dot, v, k=k)


@vjp_rule(diag_cotangent)
def diag_cotangent__(ans_bar, g, v, k=0):
    return jnp.diag(ans_bar, k=k), None, None


@jvp_rule(tile_cotangent, zero_args=("A",), nondiff_args=("reps",))
def tile_cotangent__jvp(g, A, reps, g_dot):
    return tile_cotangent(g_dot, A, reps)


@vjp_rule(tile_cotangent)
def tile_cotangent__(ans_bar, g, A, reps):
    return jnp.tile(ans_bar, reps), None, None


@jvp_rule(repeat_cotangent, zero_args=("a",),
          nondiff_args=("repeats", "axis", "total_repeat_length"))
def repeat_cotangent__jvp(g, a, repeats, g_dot, axis=None, total_repeat_length=None):
    return repeat_cotangent(g_dot, a, repeats, axis=axis,
                            total_repeat_length=total_repeat_length)


@vjp_rule(repeat_cotangent)
def repeat_cotangent__(ans_bar, g, a, repeats, axis=None, total_repeat_length=None):
    return (jnp.repeat(ans_bar, repeats, axis=axis, total_repeat_length=total_repeat_length),
            None, None, None, None)


@jvp_rule(pad_cotangent, zero_args=("array",), nondiff_args=("pad_width", "mode"))
def pad_cotangent__jvp(g, array, pad_width, g_dot, mode="constant"):
    return pad_cotangent(g_dot, array, pad_width, mode=mode)


@vjp_rule(pad_cotangent)
def pad_cotangent__(ans_bar, g, array, pad_width, mode="constant"):
    return jnp.pad(ans_bar, pad_width, mode=mode), None, None, None


@jvp_rule(resize_cotangent, zero_args=("a",))
def resize_cotangent__jvp(g, a, g_dot):
    return resize_cotangent(g_dot, a)


@vjp_rule(resize_cotangent)
def resize_cotangent__(ans_bar, g, a):
    return jnp.resize(ans_bar, jnp.shape(g)), None


@jvp_rule(rollaxis_cotangent, zero_args=("a",), nondiff_args=("axis", "start"))
def rollaxis_cotangent__jvp(g, a, axis, g_dot, start=0):
    return rollaxis_cotangent(g_dot, a, axis, start=start)


@vjp_rule(rollaxis_cotangent)
def rollaxis_cotangent__(ans_bar, g, a, axis, start=0):
    return jnp.rollaxis(ans_bar, axis, start=start), None, None, None


@jvp_rule(split_stacked, zero_args=("arrays",), nondiff_args=("how", "batched"))
def split_stacked__jvp(g, arrays, how, g_dot, batched=False):
    return split_stacked(g_dot, arrays, how, batched=batched)


# its transpose is the join it undoes, named by `how` (of one example: a batched
# one has no rule)
def _joined_by(name):
    return lambda how, batched: batched is None and getattr(how, "value", None) == name


@vjp_rule(split_stacked, when=_joined_by("hstack"))
def split_stacked_hstack(ans_bar, g, arrays, how, batched=False):
    return jnp.hstack(ans_bar), None, None, None


@vjp_rule(split_stacked, when=_joined_by("vstack"))
def split_stacked_vstack(ans_bar, g, arrays, how, batched=False):
    return jnp.vstack(ans_bar), None, None, None


@vjp_rule(split_stacked, when=_joined_by("dstack"))
def split_stacked_dstack(ans_bar, g, arrays, how, batched=False):
    return jnp.dstack(ans_bar), None, None, None


@vjp_rule(split_stacked, when=_joined_by("column_stack"))
def split_stacked_column_stack(ans_bar, g, arrays, how, batched=False):
    return jnp.column_stack(ans_bar), None, None, None


zero_derivative(copying_pad_mode)   # a string


# --- batching ------------------------------------------------------------------------------
# The same cotangent of each example: the axes one further along; axis=None
# (the example flattened) done on each example flattened, then reshaped back.


def _unflattened(batch, node, like):
    return batch.jnp("reshape", node, batch.jnp("shape", batch.with_batch(like)))


@batch_rule(take_cotangent, delete_cotangent, repeat_cotangent)
def flat_or_shifted_batch(batch, g, a=None, arr=None, axis=None, **rest):
    name, a = ("a", a) if a is not None else ("arr", arr)
    for index in ("indices", "obj", "repeats"):
        if batch.batched(rest.get(index)):
            return by_jax(batch)
    axis = batch.value(axis, "the axis")
    if axis is None:
        flat = batch.rebuild(g=batch.with_batch(g), **{name: flat_examples(batch, a)}, axis=1)
        return _unflattened(batch, flat, a)
    return batch.rebuild(g=batch.with_batch(g), **{name: batch.with_batch(a)},
                         axis=shift_axes(axis))


@batch_rule(take_along_axis_cotangent)
def take_along_axis_cotangent_batch(batch, g, arr, indices, axis=-1):
    axis = batch.value(axis, "the axis")
    if axis is None:
        flat = batch.rebuild(g=batch.with_batch(g), arr=flat_examples(batch, arr),
                             indices=batch.with_batch(indices), axis=1)
        return _unflattened(batch, flat, arr)
    return batch.rebuild(g=batch.with_batch(g), arr=batch.with_batch(arr),
                         indices=batch.with_batch(indices), axis=shift_axes(axis))


@batch_rule(diagonal_cotangent)
def diagonal_cotangent_batch(batch, g, a, offset=0, axis1=0, axis2=1):
    same_for_every_example(batch, offset, "the offset")
    rank = batch.rank(a)
    return batch.rebuild(a=batch.with_batch(a),
                         axis1=batch.value(axis1, "the axis") % rank + 1,
                         axis2=batch.value(axis2, "the axis") % rank + 1)


@batch_rule(diag_cotangent)
def diag_cotangent_batch(batch, g, v, k=0):
    same_for_every_example(batch, k, "the diagonal")
    if batch.rank(v) == 1:
        return batch.jnp("diagonal", batch.with_batch(g), batch.value(k, "the diagonal"),
                         1, 2)
    return batch.call("diagonal_cotangent", batch.with_batch(g), batch.with_batch(v),
                      batch.value(k, "the diagonal"), 1, 2)


@batch_rule(tile_cotangent)
def tile_cotangent_batch(batch, g, A, reps):
    reps = batch.value(reps, "the repetitions")
    reps = tuple(int(r) for r in np.ravel(reps))
    rank = max(len(reps), batch.rank(A))
    reps = (1,) * (rank - len(reps)) + reps
    summed = batch.rebuild(g=batch.with_batch(g), A=batch.align(A, rank) if batch.batched(A)
                           else batch.with_batch(A), reps=(1,) + reps)
    if rank == batch.rank(A):
        return summed
    return _unflattened(batch, summed, A)


@batch_rule(pad_cotangent)
def pad_cotangent_batch(batch, g, array, pad_width, **rest):
    widths = np.broadcast_to(np.asarray(batch.value(pad_width, "the pad widths"), dtype=int),
                             (batch.rank(array), 2))
    return batch.rebuild(g=batch.with_batch(g), array=batch.with_batch(array),
                         pad_width=((0, 0),) + tuple((int(lo), int(hi)) for lo, hi in widths))


@batch_rule(rollaxis_cotangent)
def rollaxis_cotangent_batch(batch, g, a, axis, start=0):
    rank = batch.rank(a)
    start = batch.value(start, "the start")
    start = start + rank if start < 0 else start
    return batch.rebuild(g=batch.with_batch(g), a=batch.with_batch(a),
                         axis=batch.value(axis, "the axis") % rank + 1, start=start + 1)


@batch_rule(split_stacked)
def split_stacked_batch(batch, g, arrays, how, batched=False):
    if batch.value(batched, "batched"):
        raise batch.error("s2s cannot batch this twice")
    return batch.rebuild(g=batch.with_batch(g), arrays=each_batched(batch, arrays),
                         batched=True)


# Each example's cotangent flattened, padded to whole cycles, the cycles added.
@batch_rule(resize_cotangent)
def resize_cotangent_batch(batch, g, a):
    shape = tuple(batch.shape(a))
    n = int(np.prod(shape, dtype=int))
    size = int(np.prod(batch.shape(g), dtype=int))
    flat = flat_examples(batch, g)
    if size % n:
        flat = batch.jnp("pad", flat, ((0, 0), (0, -size % n)))
    cycles = batch.jnp("reshape", flat, (batch.batch_size, -1, n))
    return batch.jnp("reshape", batch.jnp("sum", cycles, axis=1),
                     (batch.batch_size,) + shape)


# select_cotangent's transpose: each choice's cotangent where it was chosen.
@jvp_rule(select_cotangent, zero_args=("condlist", "choicelist"))
def select_cotangent__jvp(g, condlist, choicelist, g_dot):
    return select_cotangent(g_dot, condlist, choicelist)


@vjp_rule(select_cotangent)
def select_cotangent__(ans_bar, g, condlist, choicelist):
    return jnp.broadcast_to(jnp.select(condlist, ans_bar, 0.0), jnp.shape(g)), None, None


# (a choice of lower rank than the output, broadcast: JAX batches its cotangent)
@batch_rule(select_cotangent)
def select_cotangent_batch(batch, g, condlist, choicelist):
    rank = batch.rank(g)
    choices = choicelist.elts if isinstance(choicelist, (gast.List, gast.Tuple)) else []
    if not choices or any(batch.rank(c) != rank for c in choices):
        return by_jax(batch)
    return batch.rebuild(g=batch.with_batch(g),
                         condlist=aligned_list(batch, condlist, rank, "the conditions"),
                         choicelist=each_batched(batch, choicelist))


@jvp_rule(choose_cotangent, zero_args=("a", "choices"), nondiff_args=("mode",))
def choose_cotangent__jvp(g, a, choices, g_dot, mode="raise"):
    return choose_cotangent(g_dot, a, choices, mode=mode)


@vjp_rule(choose_cotangent)
def choose_cotangent__(ans_bar, g, a, choices, mode="raise"):
    return jnp.broadcast_to(jnp.choose(a, ans_bar, mode=mode), jnp.shape(g)), None, None, None


# Choices of the output's rank, written in the call: native; others left to JAX.
@batch_rule(choose_cotangent)
def choose_cotangent_batch(batch, g, a, choices, **rest):
    rank = batch.rank(g)
    elts = choices.elts if isinstance(choices, (gast.List, gast.Tuple)) else []
    if not elts or any(batch.rank(c) != rank for c in elts):
        return by_jax(batch)
    return batch.rebuild(g=batch.with_batch(g), a=batch.align(a, rank),
                         choices=each_batched(batch, choices))
