"""Cotangents of the shape, indexing and sorting functions (s2s/rules/shape_more.py,
s2s/rules/indexing_more.py): where a read of some entries (take, a diagonal, a
tile, a pad) sends each output entry back to the entry it came from, adding up
where several came from one. Each is linear in `g` and has rules of its own in
s2s/rules/runtime_shape_rules.py, so generated code can be differentiated again.
Registered with `@helper` like the rest of s2s/runtime.py, which imports them
back (`s2s.runtime` names every helper). Shapes are static: the index maps are
computed with NumPy when the code is traced."""
import functools

import jax.numpy as jnp
import numpy as np
from jax import lax

from .runtime import helper, split_like, unbroadcast


def _zeros(shape, g):
    return jnp.zeros(shape, jnp.result_type(g))


@helper(pure=True)
def take_cotangent(g, a, indices, axis=None, mode=None):
    """The cotangent of jnp.take(a, indices, axis, mode=mode): zeros shaped like
    `a`, `g` added where each index reads (a repeated index adds up; one out of
    bounds reads a fill value, not `a`)."""
    n = jnp.size(a) if axis is None else jnp.shape(a)[axis]
    if mode == "clip":
        indices = jnp.clip(indices, 0, n - 1)
    elif mode == "wrap":
        indices = jnp.mod(indices, n)
    if axis is None:
        return jnp.reshape(_zeros(jnp.size(a), g).at[indices].add(g), jnp.shape(a))
    where = (slice(None),) * (axis % jnp.ndim(a)) + (indices,)
    return _zeros(jnp.shape(a), g).at[where].add(g)


@helper(pure=True)
def take_along_axis_cotangent(g, arr, indices, axis=-1):
    """The cotangent of jnp.take_along_axis(arr, indices, axis) (and of a sort
    or a partition, through its permutation): `g` added where each index reads."""
    if axis is None:
        return jnp.reshape(_zeros(jnp.size(arr), g).at[indices].add(g), jnp.shape(arr))
    shape, rank = jnp.shape(arr), jnp.ndim(arr)
    axis = axis % rank
    where = []
    for d, n in enumerate(jnp.shape(g)):
        if d == axis:
            where.append(indices)
        elif shape[d] == n:
            where.append(jnp.arange(n).reshape([n if e == d else 1 for e in range(rank)]))
        else:   # arr broadcast along d: every output entry reads its one entry
            where.append(0)
    return _zeros(shape, g).at[tuple(where)].add(g)


@helper(pure=True)
def diagonal_cotangent(g, a, offset=0, axis1=0, axis2=1):
    """The cotangent of jnp.diagonal(a, offset, axis1, axis2): zeros shaped like
    `a`, `g` (broadcast to the diagonal's shape) on that diagonal."""
    rank = jnp.ndim(a)
    axis1, axis2 = axis1 % rank, axis2 % rank
    shape = jnp.shape(a)
    rows, cols = shape[axis1], shape[axis2]
    others = tuple(n for d, n in enumerate(shape) if d not in (axis1, axis2))
    n = max(0, min(rows + min(offset, 0), cols - max(offset, 0)))
    i = np.arange(n)
    g = jnp.broadcast_to(g, others + (n,))
    out = _zeros(others + (rows, cols), g).at[..., i - min(offset, 0), i + max(offset, 0)].set(g)
    return jnp.moveaxis(out, (-2, -1), (axis1, axis2))


def _tile_shapes(shape, reps):
    reps = tuple(int(r) for r in np.ravel(reps))
    rank = max(len(reps), len(shape))
    return (1,) * (rank - len(reps)) + reps, (1,) * (rank - len(shape)) + tuple(shape)


@helper(pure=True)
def tile_cotangent(g, A, reps):
    """The cotangent of jnp.tile(A, reps): the tiles' cotangents added."""
    reps, full = _tile_shapes(jnp.shape(A), reps)
    pairs = tuple(x for r, n in zip(reps, full) for x in (r, n))
    summed = jnp.sum(jnp.reshape(g, pairs), axis=tuple(range(0, len(pairs), 2)))
    return jnp.reshape(summed, jnp.shape(A))


@helper(pure=True)
def repeat_cotangent(g, a, repeats, axis=None, total_repeat_length=None):
    """The cotangent of jnp.repeat(a, repeats, axis): each entry's copies added."""
    if axis is None:
        flat = repeat_cotangent(g, jnp.ravel(a), repeats, 0, total_repeat_length)
        return jnp.reshape(flat, jnp.shape(a))
    axis = axis % jnp.ndim(a)
    n = jnp.shape(a)[axis]
    source = jnp.repeat(jnp.arange(n), repeats, total_repeat_length=total_repeat_length)
    moved = jnp.moveaxis(g, axis, 0)
    summed = _zeros((n,) + jnp.shape(moved)[1:], g).at[source].add(moved)
    return jnp.moveaxis(summed, 0, axis)


COPYING_PAD_MODES = ("constant", "edge", "wrap", "reflect", "symmetric", "empty")


@helper(pure=True)
def copying_pad_mode(mode):
    """`mode`, if jnp.pad with it only copies entries (or adds constants): the
    modes whose derivative s2s knows."""
    if mode not in COPYING_PAD_MODES:
        raise ValueError(f"s2s differentiates jnp.pad with mode {', '.join(COPYING_PAD_MODES)}; "
                         f"not {mode!r}")
    return mode


@helper(pure=True)
def pad_cotangent(g, array, pad_width, mode="constant"):
    """The cotangent of jnp.pad(array, pad_width, mode): the padded entries'
    cotangents go back to the entries they copy (constant padding copies none)."""
    shape = np.shape(array)
    widths = np.broadcast_to(np.asarray(pad_width, dtype=int), (len(shape), 2))
    if copying_pad_mode(mode) in ("constant", "empty"):
        return g[tuple(slice(lo, lo + n) for (lo, _), n in zip(widths, shape))]
    source = np.pad(np.arange(int(np.prod(shape))).reshape(shape), widths, mode=mode)
    return jnp.reshape(_zeros(int(np.prod(shape)), g).at[np.ravel(source)].add(jnp.ravel(g)),
                       shape)


# How hstack, vstack, dstack and column_stack promote each array, and along
# which axis they then concatenate.
def _stacked_shape(shape, how):
    shape = tuple(shape)
    if how == "hstack":
        return shape or (1,)
    if how == "vstack":
        return ((1,) * (2 - len(shape)) + shape) if len(shape) < 2 else shape
    if how == "dstack":
        return {0: (1, 1, 1), 1: (1,) + shape + (1,), 2: shape + (1,)}.get(len(shape), shape)
    return {0: (1, 1), 1: shape + (1,)}.get(len(shape), shape)   # column_stack


def _stacked_axis(promoted_rank, how):
    return {"hstack": 0 if promoted_rank == 1 else 1, "vstack": 0, "dstack": 2,
            "column_stack": 1}[how]


@helper(pure=True)
def split_stacked(g, arrays, how, batched=False):
    """The cotangents of jnp.hstack(arrays) (or vstack, dstack, column_stack,
    named by `how`): `g` cut into pieces shaped like `arrays`, in a list.
    `batched`: g and every array carry a batch axis in front (vmap's code)."""
    lead = 1 if batched else 0
    shapes = [jnp.shape(a) for a in arrays]
    promoted = [np.empty(s[:lead] + _stacked_shape(s[lead:], how), dtype=bool) for s in shapes]
    axis = _stacked_axis(np.ndim(promoted[0]) - lead, how) + lead
    parts = split_like(g, promoted, axis)
    out = [jnp.reshape(p, s) for p, s in zip(parts, shapes)]
    return tuple(out) if isinstance(arrays, tuple) else out


@helper(pure=True)
def resize_cotangent(g, a):
    """The cotangent of jnp.resize(a, new_shape): the cycled copies' cotangents added."""
    n = jnp.size(a)
    flat = jnp.ravel(g)
    flat = jnp.pad(flat, (0, -jnp.size(flat) % n))
    return jnp.reshape(jnp.sum(jnp.reshape(flat, (-1, n)), axis=0), jnp.shape(a))


@helper(pure=True)
def delete_cotangent(g, arr, obj, axis=None):
    """The cotangent of jnp.delete(arr, obj, axis): `g` back where the kept
    entries were, zeros where the deleted ones were."""
    kept = jnp.delete(jnp.arange(jnp.size(arr) if axis is None else jnp.shape(arr)[axis]), obj)
    return take_cotangent(g, arr, kept, axis)


@helper(pure=True)
def rollaxis_cotangent(g, a, axis, start=0):
    """The cotangent of jnp.rollaxis(a, axis, start): the axis moved back from
    where rollaxis put it."""
    rank = jnp.ndim(a)
    axis, start = axis % rank, start + rank if start < 0 else start
    return jnp.moveaxis(g, start - 1 if axis < start else start, axis)


# jax.lax's dynamic slices, by names generated code can always call (a rule's
# derivative of one is the other).
@helper(pure=True)
def slice_at(operand, start_indices, slice_sizes):
    """lax.dynamic_slice(operand, start_indices, slice_sizes)."""
    return lax.dynamic_slice(operand, start_indices, slice_sizes)


@helper(pure=True)
def update_slice_at(operand, update, start_indices):
    """lax.dynamic_update_slice(operand, update, start_indices)."""
    return lax.dynamic_update_slice(operand, update, start_indices)


@helper(pure=True)
def diag_cotangent(g, v, k=0):
    """The cotangent of jnp.diag(v, k): the diagonal of `g` for a vector `v`; `g`
    on the diagonal of zeros shaped like `v` for a matrix."""
    if jnp.ndim(v) == 1:
        return jnp.diagonal(g, k)
    return diagonal_cotangent(g, v, k)


@helper(pure=True)
def is_inexact(dtype):
    """Is `dtype` a float or complex type (what x.astype(dtype) is differentiable to)?"""
    return bool(jnp.issubdtype(dtype, jnp.inexact))


@helper(pure=True)
def partition_order(a, kth, axis=-1):
    """The permutation jnp.partition(a, kth, axis) puts a's entries in, found as
    it finds them: the kth + 1 smallest in order, then the others largest first
    (jnp.argpartition leaves the others in another order)."""
    arr = jnp.swapaxes(a, axis, -1)
    n = jnp.shape(arr)[-1]
    kth = kth % n
    bottom = lax.top_k(-arr, kth + 1)[1]
    top = lax.top_k(arr, n - kth - 1)[1]
    return jnp.swapaxes(jnp.concatenate([bottom, top], axis=-1), -1, axis)


@helper(pure=True)
def select_cotangent(g, condlist, choicelist):
    """The cotangents of jnp.select(condlist, choicelist, default)'s choices:
    `g` where each is the one chosen (its condition the first that holds),
    summed to its shape."""
    taken = jnp.zeros(jnp.shape(g), dtype=bool)
    out = []
    for cond, choice in zip(condlist, choicelist):
        chosen = jnp.logical_and(cond, jnp.logical_not(taken))
        out.append(unbroadcast(jnp.where(chosen, g, jnp.zeros_like(g)), choice))
        taken = jnp.logical_or(taken, cond)
    return tuple(out) if isinstance(choicelist, tuple) else out


@helper(pure=True)
def none_hold(condlist):
    """Where none of jnp.select's conditions holds (where it takes the default)."""
    return jnp.logical_not(functools.reduce(jnp.logical_or, condlist))


@helper(pure=True)
def vander_powers(x, N=None, increasing=False):
    """The power of x in each column of jnp.vander(x, N, increasing)."""
    n = jnp.shape(x)[0] if N is None else N
    powers = np.arange(n) if increasing else np.arange(n)[::-1]
    return jnp.asarray(powers.copy())


def _grid_axis(ndim, k, indexing):
    """The axis jnp.meshgrid's input k runs along in an output of `ndim` axes."""
    if indexing == "xy" and ndim >= 2 and k < 2:
        return 1 - k
    return k


@helper(pure=True)
def meshgrid_cotangent(g, x, k, indexing="xy"):
    """The cotangent of input `x` (the k-th) of jnp.meshgrid from its output's
    cotangent `g`: summed over every axis but the one x runs along."""
    axis = _grid_axis(jnp.ndim(g), k, indexing)
    others = tuple(d for d in range(jnp.ndim(g)) if d != axis)
    return jnp.reshape(jnp.sum(g, axis=others), jnp.shape(x))


@helper(pure=True)
def spread_along_grid(v, g, k, indexing="xy"):
    """`v` laid along the axis jnp.meshgrid's k-th input runs along, broadcast to
    g's shape (meshgrid_cotangent's transpose)."""
    axis = _grid_axis(jnp.ndim(g), k, indexing)
    shape = [1] * jnp.ndim(g)
    shape[axis] = jnp.size(v)
    return jnp.broadcast_to(jnp.reshape(v, shape), jnp.shape(g))


def _chosen_index(a, n, mode):
    if mode == "wrap":
        return jnp.mod(a, n)
    if mode == "clip":
        return jnp.clip(a, 0, n - 1)
    return a


@helper(pure=True)
def choose_cotangent(g, a, choices, mode="raise"):
    """The cotangents of jnp.choose(a, choices, mode=mode)'s choices: `g` where
    each was chosen, summed to its shape (a list, or an array like `choices`)."""
    index = _chosen_index(a, len(choices), mode)
    parts = [unbroadcast(jnp.where(index == k, g, jnp.zeros_like(g)), c)
             for k, c in enumerate(choices)]
    if isinstance(choices, (list, tuple)):
        return type(choices)(parts)
    return jnp.stack(parts)
