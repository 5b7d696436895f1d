"""The helpers that vmap's batched code calls (s2s/passes/batch.py), registered
with `@helper` like the rest of s2s/runtime.py, which imports them back
(`s2s.runtime` names every helper)."""
import jax
import jax.numpy as jnp

from .runtime import cotangent_dtype, helper


@helper
def broadcast_tree(tree, size):
    """Every leaf of `tree` with a batch axis of `size` in front."""
    return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (size,) + jnp.shape(x)), tree)


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
    list's axes after it."""
    depth, first = 0, items
    while isinstance(first, (list, tuple)) and first:
        depth, first = depth + 1, first[0]
    leaves = jax.tree_util.tree_map(
        lambda v: jnp.full((size,), v) if isinstance(v, (int, float, complex)) else v, items)
    return jnp.moveaxis(jnp.array(leaves), depth, 0)
