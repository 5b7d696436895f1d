"""Programs exported as standalone modules (tests/test_export.py): helpers,
constants, partials, defaults and loops that the exported module must carry."""
import functools

import jax
import jax.numpy as jnp
import numpy as np

SCALE = 0.5
OFFSETS = np.array([0.25, -0.5, 1.0])
TABLE = np.linspace(0.0, 1.0, 20_000)
leaky = functools.partial(jax.nn.leaky_relu, negative_slope=0.1)
square = lambda v: v * v   # noqa: E731  (a top-level lambda, as people write them)


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return jnp.sum(lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha))


def predict(params, x):
    h = x
    for w, b in params:
        h = leaky(jnp.dot(h, w) + b)
    return h


def mlp_loss(params, x, y):
    return SCALE * jnp.mean(square(predict(params, x) - y))


def grow(x):
    i = 0
    while jnp.sum(x) < 10.0:
        x = x * 1.5 + 0.1
        i += 1
    return jnp.sum(jnp.sin(x)) + i


def shifted(x, y):
    return jnp.sum(jnp.tanh(x + OFFSETS) * y)


def looked_up(x):
    return jnp.sum(x * TABLE[:3])


import export_helpers as helpers  # noqa: E402  (a module of the user's own)


@jax.custom_jvp
def soft_clip(x):
    return jnp.tanh(x)


@soft_clip.defjvp
def soft_clip_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x)
    return y, (1.0 - y) * (1.0 + y) * t   # JAX needs this rule to differentiate soft_clip


def clipped(x):
    return jnp.sum(soft_clip(x) * helpers.weight(x))


def scaled(x, scale=2.0):
    return jnp.sin(x) * scale


def starred(x, *rest):
    return jnp.sum(jnp.sin(x) * rest[0])
