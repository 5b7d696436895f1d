"""Bound methods and functools.partial objects handed to a transformation
(tests/test_bound_functions.py)."""
import functools

import jax.numpy as jnp


class Model:
    """A plain class (not a pytree) whose instance holds arrays."""

    def __init__(self, w, b):
        self.w, self.b = w, b

    def predict(self, x):
        return jnp.tanh(self.w * x + self.b)

    def loss(self, x, y):
        return jnp.sum((self.predict(x) - y) ** 2)

    def scaled_loss(self, x, y, scale=2.0):
        return self.loss(x, y) * scale


def affine_loss(x, w, b, power=2):
    return jnp.sum(jnp.tanh(x * w + b) ** power)


with_weights = functools.partial(affine_loss, w=jnp.array([0.5, -1.0, 2.0]), b=0.25)
with_first_bound = functools.partial(affine_loss, jnp.array([1.0, 2.0, 3.0]))
twice_bound = functools.partial(functools.partial(affine_loss, b=0.1), power=3)


def scaled(x, *, scale=2.0, shift=0.0):
    return jnp.sum(jnp.sin(x) * scale + shift)


def calls_scaled(x, y):
    return scaled(x, scale=y[0]) + scaled(y, shift=1.0) + scaled(x)


def positional_only(x, y, /, power=2):
    return jnp.sum((x * y) ** power)


def keyword_without_default(x, *, weights):
    return jnp.sum(jnp.tanh(x) * weights)


def keyword_after_defaults(x, y=1.0, *, w):
    return jnp.sum(x * y * w)
