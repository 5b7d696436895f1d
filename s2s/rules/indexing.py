"""Indexing: reads `x[i]` and functional updates `x.at[i].set(v)` / `.add(v)`.

These are pseudo-primitives: the generated code keeps Python's own syntax.
"""
import gast
import jax.numpy as jnp
import numpy as np

from . import batch_rule, jvp_rule, vjp_rule
from ..runtime import adds_axes_only
from ..runtime import tie_share, unbroadcast, zeros_like  # noqa: F401  (used by templates)


@jvp_rule("getitem", nondiff_args=("index",))
def getitem_jvp(x, index, x_dot):
    return x_dot[index]


@vjp_rule("getitem")
def getitem_vjp(ans_bar, x, index):
    return zeros_like(x).at[index].add(ans_bar), None


def _adds_axes_only(index):
    """`runtime.adds_axes_only` of an index node made of `:`, `None` and `...`."""
    parts = index.elts if isinstance(index, gast.Tuple) else [index]
    values = []
    for e in parts:
        if isinstance(e, gast.Slice) and e.lower is None and e.upper is None and e.step is None:
            values.append(slice(None))
        elif isinstance(e, gast.Constant) and (e.value is None or e.value is Ellipsis):
            values.append(e.value)
        else:
            return False
    return adds_axes_only(tuple(values))


# Its cotangent is a reshape, as JAX's own: the scatter of `.at[:, None].add`
# has no index dimensions, and XLA's simplifier aborts the whole process on such
# a scatter under a `jnp.flip` (jit of a gradient, found by the fuzzer).
@vjp_rule("getitem", when=lambda index: index is not None and _adds_axes_only(index))
def getitem_new_axes_vjp(ans_bar, x, index):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule("at_set", nondiff_args=("index",))
def at_set_jvp(x, index, v, x_dot, v_dot):
    return x_dot.at[index].set(v_dot)


@vjp_rule("at_set")
def at_set_vjp(ans_bar, x, index, v):
    return ans_bar.at[index].set(0.0), None, unbroadcast(ans_bar[index], v)


@jvp_rule("at_add", nondiff_args=("index",))
def at_add_jvp(x, index, v, x_dot, v_dot):
    return x_dot.at[index].add(v_dot)


@vjp_rule("at_add")
def at_add_vjp(ans_bar, x, index, v):
    return ans_bar, None, unbroadcast(ans_bar[index], v)


# `.at[i].multiply(v)`: the product rule at the updated items.
@jvp_rule("at_multiply", nondiff_args=("index",))
def at_multiply_jvp(x, index, v, x_dot, v_dot):
    return x_dot.at[index].set(x_dot[index] * v + x[index] * v_dot)


@vjp_rule("at_multiply")
def at_multiply_vjp(ans_bar, x, index, v):
    return (ans_bar.at[index].set(ans_bar[index] * v), None,
            unbroadcast(ans_bar[index] * x[index], v))


# `.at[i].min(v)` / `.max(v)`: the derivative goes to whichever of x[i] and v is
# the result (shared half and half on a tie, as JAX's scatter-min does).
@jvp_rule("at_min", "at_max", nondiff_args=("index",))
def at_extremum_jvp(x, index, v, ans, x_dot, v_dot):
    return x_dot.at[index].set(x_dot[index] * tie_share(x[index], v, ans[index])
                               + v_dot * tie_share(v, x[index], ans[index]))


@vjp_rule("at_min", "at_max")
def at_extremum_vjp(ans_bar, x, index, v, ans):
    return (ans_bar.at[index].set(ans_bar[index] * tie_share(x[index], v, ans[index])), None,
            unbroadcast(ans_bar[index] * tie_share(v, x[index], ans[index]), v))


# --- batching ---------------------------------------------------------------------
# An unbatched index reads every example the same way: `x[i, 2]` becomes
# `x_batch[:, i, 2]`. A batched index picks from each example its own element:
# `x_batch[jnp.arange(batch_size), i_batch]`. A batched list holds batched
# elements, so `xs[i]` stays `xs_batch[i]`.


def _after_batch_axis(batch, index):
    """The index with a full slice in front, for the batch axis."""
    full = gast.Slice(lower=None, upper=None, step=None)
    if isinstance(index, gast.Tuple):
        return gast.Tuple(elts=[full] + [batch.x(e) for e in index.elts], ctx=gast.Load())
    info = batch.info(index) if isinstance(index, gast.Name) else None
    if info is not None and info.kind == "tree":
        return gast.Tuple(elts=[full, gast.Starred(value=batch.x(index), ctx=gast.Load())],
                          ctx=gast.Load())
    return gast.Tuple(elts=[full, batch.x(index)], ctx=gast.Load())


def _each_example(batch, index):
    """`jnp.arange(batch_size)` shaped to pair each example with its own index."""
    arange = batch.jnp("arange", batch.batch_size)
    return batch.expand(arange, batch.rank(index))


def _is_container(batch, x, index=None):
    info = batch.info(x)
    return (info is not None and info.kind in ("tree", "list")) or _is_key(batch, index)


def _is_key(batch, index):
    """A string index: `x` is a dict whatever the probe saw of it (a cotangent
    dict built in a loop is seen only as what it was last)."""
    if isinstance(index, gast.Constant):
        return isinstance(index.value, str)
    info = batch.info(index) if index is not None else None
    return info is not None and (info.kind == "key" or (info.kind == "value"
                                                        and isinstance(info.value, str)))


@batch_rule("getitem")
def getitem_batch(batch, x, index):
    if _is_container(batch, x, index):
        if batch.batched(index):
            raise batch.error("s2s cannot batch an index into a list that differs between "
                          "examples", "stack the list into an array first")
        return batch.rebuild()
    if not batch.batched(index):
        return batch.rebuild(index=_after_batch_axis(batch, index))
    if isinstance(index, gast.Tuple):
        return _tuple_index_batch(batch, x, index)
    if _is_container(batch, index):
        raise batch.error("s2s cannot batch a tuple index that differs between examples",
                          "write the index out: x[i, j]")
    if not batch.batched(x):   # x[i_batch]: the index's batch axis comes first anyway
        return batch.rebuild()
    return batch.rebuild(index=gast.Tuple(elts=[_each_example(batch, index), batch.x(index)],
                                      ctx=gast.Load()))


# `m[:, i]` with one integer per example: the batch axis gets its own index,
# jnp.arange(batch_size), so each example reads its own `i`. NumPy puts the
# (broadcast) integer-array indices' axis first when a slice separates them,
# and in place when they are side by side at the front: first, either way.
def _tuple_index_batch(batch, x, index):
    for e in index.elts:
        if batch.batched(e) and batch.rank(e) != 0:
            raise batch.error("s2s can batch a tuple index whose batched parts are one "
                              "integer per example", "index one axis at a time")
        if not batch.batched(e) and not isinstance(e, (gast.Slice, gast.Constant)) \
                and batch.rank(e) != 0:
            raise batch.error("s2s cannot batch a tuple index that mixes arrays with "
                              "indices that differ between examples")
    elts = [batch.jnp("arange", batch.batch_size)] + [batch.x(e) for e in index.elts]
    return batch.rebuild(x=batch.with_batch(x), index=gast.Tuple(elts=elts, ctx=gast.Load()))


def _indexed_rank(batch, x, index):
    """One example's rank of x[index]: indexing a stand-in of x's shape, or,
    where the shape changes from one pass to the next (a cotangent a loop
    shrinks), of its rank, every axis long enough for any index (zero strides:
    no memory)."""
    info = batch.info(x)
    if info is not None and info.kind == "array" and None not in info.shape:
        example = np.empty(tuple(n or 1 for n in info.shape))
        return np.ndim(example[_representative(batch, index)])
    rank = batch.rank(x)
    long = 2 ** (59 // max(rank, 1))   # (the stand-in's bytes must fit an int64)
    example = np.lib.stride_tricks.as_strided(np.zeros(1), (long,) * rank, (0,) * rank)
    try:
        return np.ndim(example[_representative(batch, index)])
    except (IndexError, ValueError):
        batch.shape(x)   # (raises: the shape is needed, and it changes from pass to pass)
        raise


def _representative(batch, index):
    if isinstance(index, gast.Tuple):
        return tuple(_representative(batch, e) for e in index.elts)
    if isinstance(index, gast.Slice):
        return slice(None)
    info = batch.info(index)
    return _example_value(info)


def _example_value(info):
    if info is None:
        return 0
    if info.kind == "array":
        return np.zeros(tuple(n or 1 for n in info.shape), dtype=int)
    if info.kind == "tree":
        return tuple(_example_value(c) for c in info.children)
    if info.kind == "value":
        return info.value
    return 0


@batch_rule("at_set", "at_add", "at_multiply", "at_min", "at_max")
def at_update_batch(batch, x, index, v):
    new_index, v_aligned = _batched_update(batch, x, index, v)
    return batch.rebuild(x=batch.with_batch(x), index=new_index, v=v_aligned)


def at_add_expression(batch, start, x, index, v):
    """`start.at[index].add(v)` for one example's `x`, batched (start has the batch axis)."""
    new_index, v_aligned = _batched_update(batch, x, index, v)
    at = gast.Subscript(value=gast.Attribute(value=start, attr="at", ctx=gast.Load()),
                        slice=new_index, ctx=gast.Load())
    return gast.Call(func=gast.Attribute(value=at, attr="add", ctx=gast.Load()),
                     args=[v_aligned], keywords=[])


def _batched_update(batch, x, index, v):
    """(the index with the batch axis, v aligned to the updated part)."""
    if batch.batched(index):
        if isinstance(index, gast.Tuple) or batch.rank(index) != 0:
            raise batch.error("s2s can batch `.at[i]` with a batched index only for one "
                          "integer per example")
        target_rank = batch.rank(x) - 1
        new_index = gast.Tuple(elts=[batch.jnp("arange", batch.batch_size), batch.x(index)],
                               ctx=gast.Load())
    else:
        target_rank = _indexed_rank(batch, x, index)
        new_index = _after_batch_axis(batch, index)
    return new_index, batch.align(v, target_rank)
