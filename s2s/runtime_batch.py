"""The helpers that vmap's batched code calls (s2s/passes/batch.py), registered
with `@helper` like the rest of s2s/runtime.py, which imports them back
(`s2s.runtime` names every helper)."""
import jax
import jax.numpy as jnp

from .runtime import cotangent_dtype, helper


@helper
def broadcast_tree(tree, size, axis=0):
    """Every leaf of `tree` with a batch axis of `size` at `axis` (in front;
    vmap of batched code puts it after the outer batch axis)."""
    def grown(x):
        shape = jnp.shape(x)
        return jnp.broadcast_to(jnp.expand_dims(x, axis), shape[:axis] + (size,) + shape[axis:])
    return jax.tree_util.tree_map(grown, tree)


@helper
def where_tree(cond, a, b):
    """`jnp.where` leaf by leaf, with one condition per example (the batch axis)."""
    def pick(x, y):
        c = jnp.reshape(cond, jnp.shape(cond) + (1,) * (jnp.ndim(x) - jnp.ndim(cond)))
        return jnp.where(c, x, y)
    return jax.tree_util.tree_map(pick, a, b)


@helper
def batch_size_of(tree):
    """The batch size of a list or dict of batched arrays: its first leaf's first axis."""
    return jnp.shape(jax.tree_util.tree_leaves(tree)[0])[0]


@helper
def unbroadcast_batched(g, x, x_batched):
    """unbroadcast for each example of a batch (g batched; x batched or not),
    for shapes known only when it runs."""
    g = cotangent_dtype(g, x)
    shape = tuple(jnp.shape(x))[1:] if x_batched else tuple(jnp.shape(x))
    g_shape = tuple(jnp.shape(g))[1:]
    if g_shape == shape:
        return g
    lead = len(g_shape) - len(shape)
    axes = [1 + i for i in range(lead)]
    for i, n in enumerate(shape):
        if n == 1 and g_shape[lead + i] != 1:
            axes.append(1 + lead + i)
    return jnp.reshape(jnp.sum(g, axis=tuple(axes)), (jnp.shape(g)[0],) + shape)

@helper
def unpack_examples(value):
    """The items `a, b = value` gives each example: a batched array's along its
    second axis (each example's first), a tuple's as they are."""
    if isinstance(value, (tuple, list)):
        return value
    return jnp.unstack(value, axis=1)


@helper
def array_of_examples(items, size):
    """jnp.array of a (nested) list whose leaves are batched (a Python number is
    every example's): each example's array, the batch axis first and the
    list's axes after it. `size` is the batch size, or a tuple of them for
    leaves batched more than once (vmap of vmap), their axes first in order."""
    sizes = tuple(size) if isinstance(size, (tuple, list)) else (size,)
    depth, first = 0, items
    while isinstance(first, (list, tuple)) and first:
        depth, first = depth + 1, first[0]
    leaves = jax.tree_util.tree_map(
        lambda v: jnp.full(sizes, v) if isinstance(v, (int, float, complex)) else v, items)
    return jnp.moveaxis(jnp.array(leaves), tuple(range(depth, depth + len(sizes))),
                        tuple(range(len(sizes))))


# -- collectives over a vmap's named axis (s2s/rules/collectives.py) -------------------------
# Their cotangents are collectives too (as JAX transposes them), so that a
# gradient of a function that calls one batches like the function.

@helper(pure=True)
def psum_cotangent(x, axis_name, axis_index_groups=None):
    """The cotangent of x for `y = lax.psum(x, axis_name)`, given y's cotangent
    (here `x`): every example's y read every example's x, so each x gets the
    sum of the y cotangents."""
    return jax.lax.psum(x, axis_name, axis_index_groups=axis_index_groups)


@helper(pure=True)
def pmean_cotangent(x, axis_name, axis_index_groups=None):
    """The cotangent for `y = lax.pmean(x, axis_name)`: the y cotangents' mean."""
    return jax.lax.pmean(x, axis_name, axis_index_groups=axis_index_groups)


@helper(pure=True)
def all_gather_cotangent(x, axis_name, axis_index_groups=None, axis=0, tiled=False):
    """The cotangent for `y = lax.all_gather(x, axis_name, axis=axis)`: every
    example's y holds each example's x at its place along `axis`, so each x
    gets its own slice of the sum of the y cotangents."""
    return jax.lax.psum_scatter(x, axis_name, scatter_dimension=axis,
                                axis_index_groups=axis_index_groups, tiled=tiled)


@helper(pure=True)
def psum_scatter_cotangent(x, axis_name, axis_index_groups=None, scatter_dimension=0,
                           tiled=False):
    """The cotangent for `y = lax.psum_scatter(x, axis_name)`: each example's
    y is one slice of the sum of every x, so each x gets every y cotangent,
    gathered along the scattered dimension."""
    return jax.lax.all_gather(x, axis_name, axis_index_groups=axis_index_groups,
                              axis=scatter_dimension, tiled=tiled)


@helper
def all_gather_batched(x_batch, along=0, tiled=False):
    """`lax.all_gather(x, name, axis=along)` for every example of a batch: the
    examples' x stacked along that axis (concatenated, when tiled), which
    every example then holds."""
    size, rank = jnp.shape(x_batch)[0], jnp.ndim(x_batch) - 1
    axis = along % (rank if tiled else rank + 1)
    gathered = jnp.moveaxis(x_batch, 0, axis)
    if tiled:
        shape = jnp.shape(gathered)
        gathered = jnp.reshape(gathered, shape[:axis] + (size * shape[axis + 1],)
                               + shape[axis + 2:])
    return jnp.broadcast_to(gathered, (size,) + jnp.shape(gathered))


@helper
def psum_scatter_batched(x_batch, along=0, tiled=False):
    """`lax.psum_scatter(x, name, scatter_dimension=along)` for every example
    of a batch: the sum of the examples' x, example i keeping its i-th slice
    along that dimension (its i-th block, when tiled)."""
    size = jnp.shape(x_batch)[0]
    total = jnp.sum(x_batch, axis=0)
    d = along % jnp.ndim(total)
    n = jnp.shape(total)[d]
    if tiled:
        if n % size:
            raise ValueError(f"psum_scatter: the scattered dimension ({n}) must be a "
                             f"multiple of the axis size ({size})")
        shape = jnp.shape(total)
        total = jnp.reshape(total, shape[:d] + (size, n // size) + shape[d + 1:])
    elif n != size:
        raise ValueError(f"psum_scatter: the scattered dimension ({n}) must equal the "
                         f"axis size ({size})")
    return jnp.moveaxis(total, d, 0)
