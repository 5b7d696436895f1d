"""The few helpers generated code calls. Plain jnp code, so s2s can transform
them in turn (grad of grad, jvp of grad)."""
import jax
import jax.numpy as jnp


def max_weights(x, axis=None):
    """Where x attains its max along `axis`, 1/count (ties share); else 0."""
    hit = x == jnp.max(x, axis=axis, keepdims=True)
    return hit / jnp.sum(hit, axis=axis, keepdims=True)


def min_weights(x, axis=None):
    hit = x == jnp.min(x, axis=axis, keepdims=True)
    return hit / jnp.sum(hit, axis=axis, keepdims=True)


def prod_others(x, axis=None):
    """For each element, the product of the others along `axis` (zeros safe)."""
    shape = jnp.shape(x)
    if axis is None:
        axes = tuple(range(len(shape)))
    elif isinstance(axis, int):
        axes = (axis % len(shape),)
    else:
        axes = tuple(a % len(shape) for a in axis)
    rest = tuple(a for a in range(len(shape)) if a not in axes)
    moved = jnp.transpose(x, rest + axes)
    flat = jnp.reshape(moved, tuple(shape[a] for a in rest) + (-1,))
    ones = jnp.ones_like(flat[..., :1])
    left = jnp.cumprod(jnp.concatenate([ones, flat[..., :-1]], axis=-1), axis=-1)
    right = jnp.flip(jnp.cumprod(jnp.concatenate(
        [ones, jnp.flip(flat, axis=-1)[..., :-1]], axis=-1), axis=-1), axis=-1)
    others = jnp.reshape(left * right, jnp.shape(moved))
    return jnp.transpose(others, tuple(sorted(range(len(shape)),
                                              key=lambda i: (rest + axes)[i])))


def unbroadcast(g, x):
    """Sum the cotangent `g` down to the shape of `x`, undoing broadcasting."""
    shape = jnp.shape(x)
    g_shape = jnp.shape(g)
    if g_shape == shape:
        return g
    lead = len(g_shape) - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and g_shape[lead + i] != 1)
    return jnp.reshape(jnp.sum(g, axis=axes), shape)


def list_append(xs, v):
    """`xs.append(v)` as a value: reverse mode needs every list it saw."""
    return xs + [v]


def zip_length(*seqs):
    """How many times `zip(*seqs)` iterates."""
    return min(len(s) for s in seqs)


def grad_seed(out):
    """The cotangent that starts a gradient: 1 for a scalar output."""
    if jnp.ndim(out) != 0:
        raise TypeError(f"Gradient only defined for scalar-output functions. Output had "
                        f"shape: {jnp.shape(out)}.")
    return jnp.ones_like(out)


def tree_add(a, b):
    """Cotangents of lists, tuples and dicts add leaf by leaf."""
    return jax.tree_util.tree_map(jnp.add, a, b)


def tree_zeros_like(tree):
    return jax.tree_util.tree_map(jnp.zeros_like, tree)


def getitem_cotangent(x, index, g):
    """The cotangent of `x` from that of `x[index]`, for arrays and containers."""
    if isinstance(x, (list, tuple, dict)):
        zeros = tree_zeros_like(x)
        if isinstance(zeros, dict):
            zeros[index] = g
            return zeros
        items = list(zeros)
        items[index] = g
        return type(x)(items)
    return jnp.zeros_like(x).at[index].add(g)
