"""Shape and structure (reshape, transpose, stack, ...) and array creation."""
import jax.numpy as jnp

import gast

from . import batch_rule, jvp_rule, nondifferentiable, shift_axes, vjp_rule, zero_derivative
from .batching import as_node
from ..runtime import (array_of_examples, inverse_permutation, split_like,  # noqa: F401
                       unbroadcast, unstack_like)


@jvp_rule(jnp.reshape, nondiff_args=("shape",))
def reshape_jvp(x, shape, x_dot):
    return jnp.reshape(x_dot, shape)


@vjp_rule(jnp.reshape)
def reshape_vjp(ans_bar, x, shape):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.transpose, nondiff_args=("axes",))
def transpose_jvp(x, x_dot, axes=None):
    return jnp.transpose(x_dot, axes)


@vjp_rule(jnp.transpose)
def transpose_vjp(ans_bar, x, axes=None):
    return jnp.transpose(ans_bar, inverse_permutation(axes, jnp.ndim(x))), None


@jvp_rule(jnp.swapaxes, nondiff_args=("axis1", "axis2"))
def swapaxes_jvp(x, axis1, axis2, x_dot):
    return jnp.swapaxes(x_dot, axis1, axis2)


@vjp_rule(jnp.swapaxes)
def swapaxes_vjp(ans_bar, x, axis1, axis2):
    return jnp.swapaxes(ans_bar, axis1, axis2), None, None


@jvp_rule(jnp.moveaxis, nondiff_args=("source", "destination"))
def moveaxis_jvp(x, source, destination, x_dot):
    return jnp.moveaxis(x_dot, source, destination)


@vjp_rule(jnp.moveaxis)
def moveaxis_vjp(ans_bar, x, source, destination):
    return jnp.moveaxis(ans_bar, destination, source), None, None


@jvp_rule(jnp.expand_dims, nondiff_args=("axis",))
def expand_dims_jvp(x, axis, x_dot):
    return jnp.expand_dims(x_dot, axis)


@vjp_rule(jnp.expand_dims)
def expand_dims_vjp(ans_bar, x, axis):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.squeeze, nondiff_args=("axis",))
def squeeze_jvp(x, x_dot, axis=None):
    return jnp.squeeze(x_dot, axis=axis)


@vjp_rule(jnp.squeeze)
def squeeze_vjp(ans_bar, x, axis=None):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.ravel)
def ravel_jvp(x, x_dot):
    return jnp.ravel(x_dot)


@vjp_rule(jnp.ravel)
def ravel_vjp(ans_bar, x):
    return jnp.reshape(ans_bar, jnp.shape(x))


@jvp_rule(jnp.broadcast_to, nondiff_args=("shape",))
def broadcast_to_jvp(x, shape, x_dot):
    return jnp.broadcast_to(x_dot, shape)


@vjp_rule(jnp.broadcast_to)
def broadcast_to_vjp(ans_bar, x, shape):
    return unbroadcast(ans_bar, x), None


@jvp_rule(jnp.concatenate, nondiff_args=("axis",))
def concatenate_jvp(arrays, arrays_dot, axis=0):
    return jnp.concatenate(arrays_dot, axis=axis)


# The operand is a list (or tuple) of arrays: its cotangent is one too.
@vjp_rule(jnp.concatenate)
def concatenate_vjp(ans_bar, arrays, axis=0):
    return split_like(ans_bar, arrays, axis), None


@jvp_rule(jnp.stack, nondiff_args=("axis",))
def stack_jvp(arrays, arrays_dot, axis=0):
    return jnp.stack(arrays_dot, axis=axis)


@vjp_rule(jnp.stack)
def stack_vjp(ans_bar, arrays, axis=0):
    return unstack_like(ans_bar, arrays, axis), None


@jvp_rule(jnp.flip, nondiff_args=("axis",))
def flip_jvp(x, x_dot, axis=None):
    return jnp.flip(x_dot, axis=axis)


@vjp_rule(jnp.flip)
def flip_vjp(ans_bar, x, axis=None):
    return jnp.flip(ans_bar, axis=axis), None


@jvp_rule(jnp.asarray)
def asarray_jvp(x, x_dot):
    return jnp.asarray(x_dot)


@vjp_rule(jnp.asarray)
def asarray_vjp(ans_bar, x):
    return ans_bar


@jvp_rule(jnp.array)
def array_jvp(x, x_dot):
    return jnp.array(x_dot)


@vjp_rule(jnp.array)
def array_vjp(ans_bar, x):
    return ans_bar


# --- array creation ---------------------------------------------------------------
# A fill value and the ends of a linspace are differentiable; shapes and counts
# are not. jnp.full(shape, s) is s broadcast to the shape.


@jvp_rule(jnp.full, nondiff_args=("shape", "dtype"))
def full_jvp(shape, fill_value, fill_value_dot, dtype=None):
    return jnp.full(shape, fill_value_dot, dtype=dtype)


@vjp_rule(jnp.full)
def full_vjp(ans_bar, shape, fill_value, dtype=None):
    return None, unbroadcast(ans_bar, fill_value), None


# The array gives only its shape and dtype.
@jvp_rule(jnp.full_like, zero_args=("a",), nondiff_args=("dtype", "shape"))
def full_like_jvp(a, fill_value, fill_value_dot, dtype=None, shape=None):
    return jnp.full_like(a, fill_value_dot, dtype=dtype, shape=shape)


@vjp_rule(jnp.full_like)
def full_like_vjp(ans_bar, a, fill_value, dtype=None, shape=None):
    return None, unbroadcast(ans_bar, fill_value), None, None


# linspace(start, stop) is start * (1 - t) + stop * t for the fixed fractions t
# along `axis`: linear in (start, stop) together. Each end's cotangent is the
# output's, weighted by its fractions (linspace(1, 0) and linspace(0, 1)) and
# summed along the axis.
@jvp_rule(jnp.linspace, nondiff_args=("num", "endpoint", "axis"))
def linspace_jvp(start, stop, start_dot, stop_dot, num=50, endpoint=True, axis=0):
    return jnp.linspace(start_dot, stop_dot, num, endpoint=endpoint, axis=axis)


@vjp_rule(jnp.linspace)
def linspace_vjp(ans_bar, start, stop, num=50, endpoint=True, axis=0):
    return (unbroadcast(jnp.tensordot(jnp.linspace(1.0, 0.0, num, endpoint=endpoint), ans_bar,
                                      axes=(0, axis)), start),
            unbroadcast(jnp.tensordot(jnp.linspace(0.0, 1.0, num, endpoint=endpoint), ans_bar,
                                      axes=(0, axis)), stop),
            None, None, None)


# Every argument a shape, a count or the bound of a range: an active one is an
# error (JAX refuses them too). jnp.arange(start, stop, step) is differentiable in
# start and step in principle; JAX does not differentiate it, nor does s2s.
nondifferentiable(jnp.arange, jnp.zeros, jnp.ones, jnp.eye, jnp.identity, jnp.empty)

# The array's values do not matter, only its shape (and dtype): derivative zero.
zero_derivative(jnp.zeros_like, jnp.ones_like, jnp.empty_like, jnp.shape, jnp.ndim, jnp.size)


# --- batching ---------------------------------------------------------------------
# Shapes and axes of one example, restated for the batch: the batch axis stays
# first, every other axis moves one along (s2s/rules/__init__.py: shift_axes).


# What one example's shape is, asked of a batched array: the same for every
# example, so not batched (s2s/passes/batchedness.py). A constant where the
# probe saw one value; these where it changes (a loop over layers of different
# widths).
SHAPE_QUERIES = (jnp.shape, jnp.ndim, jnp.size)


@batch_rule(jnp.shape)
def shape_batch(batch, a):
    return gast.Subscript(value=batch.jnp("shape", batch.x(a)), slice=gast.Slice(
        lower=gast.Constant(value=1, kind=None), upper=None, step=None), ctx=gast.Load())


@batch_rule(jnp.ndim)
def ndim_batch(batch, a):
    return gast.BinOp(left=batch.jnp("ndim", batch.x(a)), op=gast.Sub(),
                      right=gast.Constant(value=1, kind=None))


@batch_rule(jnp.size)
def size_batch(batch, a, axis=None):
    if axis is not None:
        return gast.Subscript(value=batch.jnp("shape", batch.x(a)),
                              slice=as_node(shift_axes(batch.value(axis, "the axis"))),
                              ctx=gast.Load())
    return gast.BinOp(left=batch.jnp("size", batch.x(a)), op=gast.FloorDiv(),
                      right=batch.batch_size)


def _batched_shape(batch, shape):
    shape = batch.value(shape, "the shape")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return (batch.batch_size,) + shape


@batch_rule(jnp.reshape)
def reshape_batch(batch, a, shape=None, **rest):
    return batch.rebuild(shape=_batched_shape(batch, shape))


@batch_rule(jnp.ravel)
def ravel_batch(batch, a, **rest):
    return batch.jnp("reshape", batch.x(a), (batch.batch_size, -1))


@batch_rule(jnp.transpose)
def transpose_batch(batch, a, axes=None):
    axes = batch.value(axes, "the axes")
    rank = batch.rank(a)
    axes = tuple(reversed(range(rank))) if axes is None else tuple(x % rank for x in axes)
    return batch.rebuild(axes=(0,) + shift_axes(axes))


@batch_rule(jnp.swapaxes)
def swapaxes_batch(batch, a, axis1, axis2):
    return batch.rebuild(axis1=shift_axes(batch.value(axis1)), axis2=shift_axes(batch.value(axis2)))


@batch_rule(jnp.moveaxis)
def moveaxis_batch(batch, a, source, destination):
    return batch.rebuild(source=shift_axes(batch.value(source)),
                     destination=shift_axes(batch.value(destination)))


@batch_rule(jnp.expand_dims)
def expand_dims_batch(batch, a, axis):
    return batch.rebuild(axis=shift_axes(batch.value(axis, "the axis")))


@batch_rule(jnp.squeeze)
def squeeze_batch(batch, a, axis=None):
    axis = batch.value(axis, "the axis")
    if axis is None:   # squeeze only the example's axes of length 1, never the batch axis
        axis = tuple(i for i, n in enumerate(batch.shape(a)) if n == 1)
    return batch.rebuild(axis=shift_axes(axis))


@batch_rule(jnp.flip)
def flip_batch(batch, m, axis=None):
    axis = batch.value(axis, "the axis")
    axis = tuple(range(batch.rank(m))) if axis is None else axis
    return batch.rebuild(axis=shift_axes(axis))


@batch_rule(jnp.broadcast_to)
def broadcast_to_batch(batch, array, shape):
    changing = _changing_shape(batch, shape)
    if changing is not None:
        rank, batched_shape = changing
        return batch.rebuild(array=batch.align(array, rank), shape=batched_shape)
    shape = batch.value(shape, "the shape")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return batch.rebuild(array=batch.align(array, len(shape)), shape=(batch.batch_size,) + shape)


def _changing_shape(batch, shape):
    """(its length, `(batch_size, *shape)`) of a shape whose sizes change from
    one pass of a loop to the next but whose length does not (a loop over layers
    of different widths: `jnp.shape(h)`); None for any other."""
    info = batch.info(shape) if isinstance(shape, gast.Name) else None
    if info is None or info.kind != "tree" or info.container is not tuple or \
            batch.pass_.known_value(shape)[0]:
        return None
    return len(info.children), gast.Tuple(
        elts=[batch.batch_size, gast.Starred(value=batch.x(shape), ctx=gast.Load())],
        ctx=gast.Load())


def each_batched(batch, arrays):
    """A list of arrays with every element batched (broadcast where it was not)."""
    if isinstance(arrays, (gast.List, gast.Tuple)):
        return type(arrays)(elts=[batch.with_batch(e) for e in arrays.elts], ctx=gast.Load())
    return batch.with_batch(arrays)   # a name: a tuple batched in some items has the others broadcast


@batch_rule(jnp.concatenate)
def concatenate_batch(batch, arrays, axis=0, **rest):
    axis = batch.value(axis, "the axis")
    if axis is None:
        raise batch.error("s2s cannot batch jnp.concatenate with axis=None",
                      "jnp.ravel the arrays first")
    return batch.rebuild(arrays=each_batched(batch, arrays), axis=shift_axes(axis))


@batch_rule(jnp.stack)
def stack_batch(batch, arrays, axis=0, **rest):
    return batch.rebuild(arrays=each_batched(batch, arrays), axis=shift_axes(batch.value(axis, "the axis")))


# jnp.array([a, b]) of batched numbers stacks them along axis 1.
@batch_rule(jnp.array, jnp.asarray)
def array_batch(batch, object=None, a=None, **rest):
    x = object if object is not None else a
    if isinstance(x, (gast.List, gast.Tuple)):
        return batch.jnp("stack", each_batched(batch, x), axis=1)
    info = batch.info(x)
    if info is not None and info.kind == "tree":   # a list built by appends: each item batched
        items = batch.pass_.conform(x, True, batch.pass_.where)
        stacked = batch.call("array_of_examples", items, batch.batch_size)
        return batch.jnp("asarray", stacked, dtype=rest["dtype"]) if "dtype" in rest else stacked
    return batch.rebuild()


# Batched again (vmap of vmap): the leaves gain the outer batch axis in front.
@batch_rule(array_of_examples)
def array_of_examples_batch(batch, items, size):
    sizes = size.elts if isinstance(size, gast.Tuple) else [size]
    return batch.call("array_of_examples", batch.pass_.conform(items, True, batch.pass_.where),
                      gast.Tuple(elts=[batch.batch_size] + [batch.x(s) for s in sizes],
                                 ctx=gast.Load()))


# The result has one example's shape and dtype: batched like its operand.
@batch_rule(jnp.zeros_like, jnp.ones_like, jnp.full_like, jnp.empty_like)
def like_batch(batch, a=None, prototype=None, **rest):   # empty_like calls it `prototype`
    name, a = ("a", a) if prototype is None else ("prototype", prototype)
    fill = rest.get("fill_value")
    if fill is not None and batch.batched(fill):   # each example's own fill value
        return batch.rebuild(**{name: batch.with_batch(a),
                                "fill_value": batch.align(fill, batch.rank(a))})
    if not batch.batched(a):
        raise batch.error("s2s can batch this only over a batched array")
    return batch.rebuild()


# A batched fill value: each example's own, broadcast to the example's shape.
@batch_rule(jnp.full)
def full_batch(batch, shape, fill_value, **rest):
    shape = batch.value(shape, "the shape")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return batch.rebuild(shape=(batch.batch_size,) + shape,
                         fill_value=batch.align(fill_value, len(shape)))


# Batched ends: the points run along the example's axis, one further along.
@batch_rule(jnp.linspace)
def linspace_batch(batch, start, stop, num=50, **rest):
    axis = batch.value(rest.get("axis", 0), "the axis")
    rank = max(batch.rank(start), batch.rank(stop))
    return batch.rebuild(start=batch.align(start, rank), stop=batch.align(stop, rank),
                         axis=shift_axes(axis))
