"""Functions that call checkpointed helpers (tests/test_checkpoint.py)."""
import jax
import jax.numpy as jnp

import s2s


def block(x, w):
    h = jnp.tanh(x * w)
    return jnp.sin(h) * 2.0 + h


saved_block = s2s.checkpoint(block)
jax_saved_block = jax.checkpoint(block)


@s2s.checkpoint
def decorated_block(x, w):
    return jnp.cos(jnp.tanh(x) * w)


def deep(x, w):
    for _ in range(20):
        x = saved_block(x, w)
    return jnp.sum(x ** 2)


def deep_unsaved(x, w):
    for _ in range(20):
        x = block(x, w)
    return jnp.sum(x ** 2)


def deep_with_jax_checkpoint(x, w):
    for _ in range(5):
        x = jax_saved_block(x, w)
    return jnp.sum(x ** 2)


def straight(x, w):
    y = decorated_block(x, w)
    z = saved_block(y, 0.5)
    return jnp.sum(z * y)
