"""The few helpers generated code calls. Plain jnp code, so s2s can transform
them in turn (grad of grad, jvp of grad)."""
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
