"""Programs that index, sort, pad, tile and split (tests/test_shape_more_rules.py):
each a function of a vector x of 3 entries, all distinct."""
import jax.numpy as jnp
from jax import lax


def banded_loss(x):
    m = jnp.outer(x, x) + jnp.diag(x)
    band = jnp.triu(jnp.tril(m, 1), -1)
    off = jnp.fill_diagonal(m, jnp.array([1.0, 2.0]), inplace=False)
    return jnp.sum(band ** 2) + jnp.trace(m) * x[0] + jnp.sum(jnp.diagonal(m, -1)) \
        + jnp.sum(jnp.fill_diagonal(off, x[1], inplace=False) ** 2)


def embedding_lookup(x):
    table = jnp.outer(jnp.arange(1.0, 5.0), x)
    rows = jnp.take(table, jnp.array([0, 2, 2, 3]), axis=0)
    picked = jnp.take_along_axis(rows, jnp.array([[1], [0], [2], [2]]), axis=1)
    return jnp.sum(jnp.tanh(rows) * picked)


def conv_like(x):
    p = jnp.pad(x, (1, 1), mode="edge")
    y = p[:-2] * 0.25 + p[1:-1] * 0.5 + p[2:] * 0.25
    z = jnp.pad(x ** 2, 1)
    return jnp.sum(jnp.sin(y) * lax.dynamic_slice(p, (1,), (3,))) + jnp.sum(z * jnp.arange(5.0))


def sorted_stats(x):
    s = jnp.sort(x * jnp.array([1.0, -2.0, 0.5]))
    r = jnp.roll(s, 1)
    return jnp.sum(s * r * jnp.arange(1.0, 4.0)) + jnp.sum(jnp.partition(x ** 3, 1)[:2])


def tiled(x):
    t = jnp.tile(x, 2)
    r = jnp.repeat(x, 2)
    return jnp.sum(jnp.sin(t) * r) + jnp.sum(jnp.hstack([x, x ** 2]) * jnp.arange(6.0))


def split_and_join(x):
    a, b = jnp.split(jnp.concatenate([x, x ** 2]), 2)
    m = jnp.vstack([a, b])
    return jnp.sum(jnp.rot90(m) @ jnp.fliplr(m)) + jnp.sum(jnp.flipud(m) * m)


def update_block(x):
    m = jnp.zeros((3, 3))
    m = lax.dynamic_update_slice(m, jnp.outer(x[:2], x), (1, 0))
    return jnp.sum(jnp.cos(m)) + jnp.sum(jnp.diagonal(m, -1) * x[1:])


def ranges_and_casts(x):
    ends = jnp.logspace(x[0], x[1], 4, base=2.0) + jnp.geomspace(1.0 + x[2] ** 2, 2.0, 4)
    return jnp.sum(ends * x.astype(jnp.float32).astype(jnp.float64)[0])


def piecewise_select(x):
    y = jnp.select([x > 1.0, x > 0.0], [x ** 2, jnp.sin(x)], default=-x)
    return jnp.sum(y * jnp.arange(1.0, 4.0)) + jnp.sum(jnp.select([x < 0.5], [x], x * x))


def polynomial_features(x):
    features = jnp.vander(x, 4, increasing=True) * jnp.arange(1.0, 5.0)
    return jnp.sum(jnp.tanh(features)) + jnp.sum(jnp.vander(x) ** 2)


def grid_potential(x):
    gx, gy = jnp.meshgrid(x, x[:2] ** 2)
    hx, hy, hz = jnp.meshgrid(x, x, x[1:], indexing="ij", sparse=True)
    return jnp.sum(jnp.sin(gx) * gy) + jnp.sum(hx * hy * hz)
