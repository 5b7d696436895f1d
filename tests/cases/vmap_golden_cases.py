"""Functions whose batched code is kept as golden source (tests/test_golden.py)."""
import jax.numpy as jnp
import numpy as np

mat = np.ones((150, 100), np.float32)


def apply_matrix(v):
    return jnp.dot(mat, v)


def clipped_norm(x, limit):
    n = jnp.sqrt(jnp.sum(x ** 2))
    if n > limit:
        x = x * (limit / n)
    return x


def halve_until_small(x):
    steps = 0
    while jnp.max(jnp.abs(x)) > 1.0:
        x = x / 2.0
        steps = steps + 1
    return x, steps


def predict(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(jnp.dot(w, x) + b)
    w, b = params[-1]
    return jnp.dot(w, x) + b


def loss(params, x, y):
    return jnp.sum((predict(params, x) - y) ** 2)


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def soft_square(x):
    return jnp.tanh(x) * x
