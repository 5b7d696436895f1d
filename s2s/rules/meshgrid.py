"""jnp.meshgrid of one, two or three vectors: each output is one input laid
along its axis and broadcast to the grid, so the tangent is the meshgrid of the
tangents, and each input's cotangent is its output's cotangent summed over the
other axes (meshgrid_cotangent; its transpose is spread_along_grid, both in
s2s/runtime_shape.py). With indexing="xy" (the default) the first two inputs
run along axes 1 and 0. The rules for one and for two vectors are special
cases, tried in that order, of the rule for three. jnp.ix_ (each vector along
its own axis, not broadcast) is here too."""
import gast
import jax.numpy as jnp
import numpy as np

from . import batch_rule, jvp_rule, vjp_rule
from ..runtime import meshgrid_cotangent, spread_along_grid  # noqa: F401  (used by templates)
from ..runtime_shape import _grid_axis
from ..template import zero  # noqa: F401  (used by templates)

_SETTINGS = ("copy", "sparse", "indexing")


@jvp_rule(jnp.meshgrid, nondiff_args=_SETTINGS)
def meshgrid_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None, copy=True, sparse=False,
                 indexing="xy"):
    return jnp.meshgrid(x_dot, y_dot, z_dot, sparse=sparse, indexing=indexing)


@jvp_rule(jnp.meshgrid, nondiff_args=_SETTINGS, when=lambda y: y is None)
def meshgrid_1_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None, copy=True, sparse=False,
                   indexing="xy"):
    return jnp.meshgrid(x_dot, sparse=sparse, indexing=indexing)


@jvp_rule(jnp.meshgrid, nondiff_args=_SETTINGS, when=lambda z: z is None)
def meshgrid_2_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None, copy=True, sparse=False,
                   indexing="xy"):
    return jnp.meshgrid(x_dot, y_dot, sparse=sparse, indexing=indexing)


@vjp_rule(jnp.meshgrid)
def meshgrid_vjp(ans_bar, x, y=None, z=None, copy=True, sparse=False, indexing="xy"):
    return (meshgrid_cotangent(ans_bar[0], x, 0, indexing=indexing),
            meshgrid_cotangent(ans_bar[1], y, 1, indexing=indexing),
            meshgrid_cotangent(ans_bar[2], z, 2, indexing=indexing), None, None, None)


@vjp_rule(jnp.meshgrid, when=lambda y: y is None)
def meshgrid_1_vjp(ans_bar, x, y=None, z=None, copy=True, sparse=False, indexing="xy"):
    return (meshgrid_cotangent(ans_bar[0], x, 0, indexing=indexing), zero(y), zero(z),
            None, None, None)


@vjp_rule(jnp.meshgrid, when=lambda z: z is None)
def meshgrid_2_vjp(ans_bar, x, y=None, z=None, copy=True, sparse=False, indexing="xy"):
    return (meshgrid_cotangent(ans_bar[0], x, 0, indexing=indexing),
            meshgrid_cotangent(ans_bar[1], y, 1, indexing=indexing), zero(z), None, None, None)


# The pair transpose each other; x and g give only shapes.
@jvp_rule(meshgrid_cotangent, zero_args=("x",), nondiff_args=("k", "indexing"))
def meshgrid_cotangent__jvp(g, x, k, g_dot, indexing="xy"):
    return meshgrid_cotangent(g_dot, x, k, indexing=indexing)


@vjp_rule(meshgrid_cotangent)
def meshgrid_cotangent__(ans_bar, g, x, k, indexing="xy"):
    return spread_along_grid(ans_bar, g, k, indexing=indexing), None, None, None


@jvp_rule(spread_along_grid, zero_args=("g",), nondiff_args=("k", "indexing"))
def spread_along_grid__jvp(v, g, k, v_dot, indexing="xy"):
    return spread_along_grid(v_dot, g, k, indexing=indexing)


@vjp_rule(spread_along_grid)
def spread_along_grid__(ans_bar, v, g, k, indexing="xy"):
    return meshgrid_cotangent(ans_bar, v, k, indexing=indexing), None, None, None


# --- batching: every output written out, the batch axis first -------------------------


def _size(batch, x):
    return int(np.prod(batch.shape(x), dtype=int))


@batch_rule(jnp.meshgrid)
def meshgrid_batch(batch, copy=True, sparse=False, indexing="xy", **inputs):
    xs = [inputs[k] for k in sorted(inputs, key=lambda k: int(k.rsplit("_", 1)[1]))]
    indexing, sparse = batch.value(indexing, "indexing"), batch.value(sparse, "sparse")
    n = len(xs)
    axes = [_grid_axis(n, k, indexing) for k in range(n)]
    grid = [0] * n
    for k, x in enumerate(xs):
        grid[axes[k]] = _size(batch, x)
    outputs = []
    for k, x in enumerate(xs):
        shape = [1] * n
        shape[axes[k]] = grid[axes[k]]
        out = batch.jnp("reshape", batch.with_batch(x), (batch.batch_size,) + tuple(shape))
        if not sparse:
            out = batch.jnp("broadcast_to", out, (batch.batch_size,) + tuple(grid))
        outputs.append(out)
    return gast.List(elts=outputs, ctx=gast.Load())


@batch_rule(meshgrid_cotangent)
def meshgrid_cotangent_batch(batch, g, x, k, indexing="xy"):
    rank = batch.rank(g)
    axis = _grid_axis(rank, batch.value(k, "k"), batch.value(indexing, "indexing"))
    summed = batch.jnp("sum", batch.with_batch(g),
                       axis=tuple(d + 1 for d in range(rank) if d != axis))
    return batch.jnp("reshape", summed, (batch.batch_size,) + tuple(batch.shape(x)))


@batch_rule(spread_along_grid)
def spread_along_grid_batch(batch, v, g, k, indexing="xy"):
    grid = tuple(batch.shape(g))
    axis = _grid_axis(len(grid), batch.value(k, "k"), batch.value(indexing, "indexing"))
    shape = tuple(grid[d] if d == axis else 1 for d in range(len(grid)))
    laid = batch.jnp("reshape", batch.with_batch(v), (batch.batch_size,) + shape)
    return batch.jnp("broadcast_to", laid, (batch.batch_size,) + grid)


# --- ix_: each of one to three vectors reshaped to run along its own axis -------------


@jvp_rule(jnp.ix_)
def ix__jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.ix_(x_dot, y_dot, z_dot)


@jvp_rule(jnp.ix_, when=lambda y: y is None)
def ix__one_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.ix_(x_dot)


@jvp_rule(jnp.ix_, when=lambda z: z is None)
def ix__two_jvp(x, x_dot, y=None, y_dot=None, z=None, z_dot=None):
    return jnp.ix_(x_dot, y_dot)


@vjp_rule(jnp.ix_)
def ix__vjp(ans_bar, x, y=None, z=None):
    return (jnp.reshape(ans_bar[0], jnp.shape(x)), jnp.reshape(ans_bar[1], jnp.shape(y)),
            jnp.reshape(ans_bar[2], jnp.shape(z)))


@vjp_rule(jnp.ix_, when=lambda y: y is None)
def ix__one_vjp(ans_bar, x, y=None, z=None):
    return jnp.reshape(ans_bar[0], jnp.shape(x)), zero(y), zero(z)


@vjp_rule(jnp.ix_, when=lambda z: z is None)
def ix__two_vjp(ans_bar, x, y=None, z=None):
    return jnp.reshape(ans_bar[0], jnp.shape(x)), jnp.reshape(ans_bar[1], jnp.shape(y)), zero(z)


@batch_rule(jnp.ix_)
def ix__batch(batch, **inputs):
    xs = [inputs[k] for k in sorted(inputs, key=lambda k: int(k.rsplit("_", 1)[1]))]
    n = len(xs)
    outputs = []
    for k, x in enumerate(xs):
        shape = tuple(_size(batch, x) if d == k else 1 for d in range(n))
        outputs.append(batch.jnp("reshape", batch.with_batch(x), (batch.batch_size,) + shape))
    return gast.Tuple(elts=outputs, ctx=gast.Load())
