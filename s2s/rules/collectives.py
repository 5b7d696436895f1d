"""Collectives over a vmap's named axis (`s2s.vmap(f, axis_name="i")`): jvp, vjp
and batch rules.

Under vmap, `lax.psum(x, "i")` is the sum of x over the examples, which every
example then holds; so are pmean, pmax and pmin. The batched code says so in
jax.numpy: `jnp.broadcast_to(jnp.sum(x_batch, axis=0, keepdims=True),
jnp.shape(x_batch))`. A value the same in every example sums to
`x * batch_size`. `all_gather` stacks the examples' values, `psum_scatter`
hands each example its slice of their sum, and `axis_index` is the example's
position (s2s/runtime_batch.py).

psum, pmean, all_gather and psum_scatter are linear: a tangent goes through
the same collective, and a cotangent through its transpose, as JAX's
(psum's is psum, all_gather's is psum_scatter), written as a runtime helper
(`psum_cotangent`) that batches like the collective it calls. JAX has no
derivative of pmax and pmin; neither has s2s.
"""
import gast
from jax import lax

from . import batch_rule, multilinear, nondifferentiable, vjp_rule
from ..runtime_batch import (all_gather_cotangent, pmean_cotangent,  # noqa: F401  (templates)
                             psum_cotangent, psum_scatter_cotangent)

REDUCTIONS = {lax.psum: "sum", lax.pmean: "mean", lax.pmax: "max", lax.pmin: "min",
              psum_cotangent: "sum", pmean_cotangent: "mean"}
# gathers and scatters -> (the helper that batches it, the parameter naming its axis)
SPREAD = {lax.all_gather: ("all_gather_batched", "axis"),
          psum_scatter_cotangent: ("all_gather_batched", "scatter_dimension"),
          lax.psum_scatter: ("psum_scatter_batched", "scatter_dimension"),
          all_gather_cotangent: ("psum_scatter_batched", "axis")}
# Whose value differs between examples even where their operand does not
# (s2s/passes/batchedness.py): a reduction's is every example's.
BATCHED_RESULT = frozenset(SPREAD) | {lax.axis_index}

NAMES = ("axis_name", "axis_index_groups")
multilinear(*REDUCTIONS.keys() - {lax.pmax, lax.pmin}, *SPREAD, static_argnums=(1,))
nondifferentiable(lax.axis_index)


@vjp_rule(lax.psum, psum_cotangent, nondiff_args=NAMES)
def psum_vjp(ans_bar, x, axis_name, axis_index_groups=None):
    return psum_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups)


@vjp_rule(lax.pmean, pmean_cotangent, nondiff_args=NAMES)
def pmean_vjp(ans_bar, x, axis_name, axis_index_groups=None):
    return pmean_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups)


@vjp_rule(lax.all_gather, nondiff_args=NAMES + ("axis", "tiled", "to"))
def all_gather_vjp(ans_bar, x, axis_name, axis_index_groups=None, axis=0, tiled=False,
                   to="varying"):
    return all_gather_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups,
                                axis=axis, tiled=tiled)


@vjp_rule(psum_scatter_cotangent, nondiff_args=NAMES + ("scatter_dimension", "tiled"))
def psum_scatter_cotangent_vjp(ans_bar, x, axis_name, axis_index_groups=None,
                               scatter_dimension=0, tiled=False):
    return all_gather_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups,
                                axis=scatter_dimension, tiled=tiled)


@vjp_rule(lax.psum_scatter, nondiff_args=NAMES + ("scatter_dimension", "tiled"))
def psum_scatter_vjp(ans_bar, x, axis_name, scatter_dimension=0, axis_index_groups=None,
                     tiled=False):
    return psum_scatter_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups,
                                  scatter_dimension=scatter_dimension, tiled=tiled)


@vjp_rule(all_gather_cotangent, nondiff_args=NAMES + ("axis", "tiled"))
def all_gather_cotangent_vjp(ans_bar, x, axis_name, axis_index_groups=None, axis=0,
                             tiled=False):
    return psum_scatter_cotangent(ans_bar, axis_name, axis_index_groups=axis_index_groups,
                                  scatter_dimension=axis, tiled=tiled)


def _over_this_axis(batch, axis_name, axis_index_groups=None):
    """True for a collective over this vmap's axis, False for one over the axis
    of a named vmap this one is built inside (a Jacobian's vmap in a named
    vmap: the call stays, over a batched value) or over no axis; any other is
    refused, and so are axis_index_groups."""
    options = batch.pass_.ctx.options
    name = batch.value(axis_name, "the axis name")
    if isinstance(name, tuple) and len(name) == 1:
        name = name[0]   # (`("i",)`: one axis)
    if options.axis_name is None or name != options.axis_name:
        if name == () or any(name == outer for outer, _ in options.enclosing):
            return False   # (over no axis, `()`: the collective of one example, as it is)
        raise batch.error(f"`{batch.prim.name}` over the axis {name!r}: this s2s.vmap "
                          f"names its axis {options.axis_name!r}",
                          "pass axis_name to s2s.vmap, the name the collective uses")
    if axis_index_groups is not None and batch.value(axis_index_groups) is not None:
        raise batch.error(f"s2s batches `{batch.prim.name}` without axis_index_groups")
    return True


def _over_an_outer_axis(batch, x, shifted=None):
    """The collective over an enclosing vmap's axis, called on x with this
    vmap's batch axis in front: a reduction on x as it is; a gather or a
    scatter on x with the batch, its axis option (`shifted`) one further."""
    if shifted is None:
        return batch.rebuild()
    along = batch.value(batch.bound.get(shifted, 0), f"`{shifted}`")
    return batch.rebuild(x=batch.with_batch(x), **{shifted: along + 1 if along >= 0 else along})


def _one_array(batch, x):
    info = batch.info(x)
    if info is not None and info.kind != "array" and batch.batched(x):
        raise batch.error(f"s2s batches `{batch.prim.name}` of one array at a time",
                          "call it once per array")


@batch_rule(*REDUCTIONS)
def collective_batch(batch, x, axis_name, axis_index_groups=None):
    if not _over_this_axis(batch, axis_name, axis_index_groups):
        return _over_an_outer_axis(batch, x)
    _one_array(batch, x)
    reduction = REDUCTIONS[batch.prim.fn]
    if not batch.batched(x):   # the same value in every example
        if reduction == "sum":
            return batch.jnp("multiply", batch.x(x), batch.batch_size)
        return batch.x(x)
    xb = batch.x(x)
    return batch.jnp("broadcast_to", batch.jnp(reduction, xb, axis=0, keepdims=True),
                     batch.jnp("shape", batch.x(x)))


@batch_rule(*SPREAD)
def gather_scatter_batch(batch, x, axis_name, axis_index_groups=None, tiled=None, to=None,
                         **along):
    helper, option = SPREAD[batch.prim.fn]
    if not _over_this_axis(batch, axis_name, axis_index_groups):
        return _over_an_outer_axis(batch, x, option)
    _one_array(batch, x)
    return batch.call(helper, batch.with_batch(x),
                      **_given(along=along.get(option), tiled=tiled))


def _given(**options):
    """The options the call wrote (nodes); those left to their defaults are not written."""
    return {k: v for k, v in options.items() if isinstance(v, gast.AST)}


@batch_rule(lax.axis_index)
def axis_index_batch(batch, axis_name):
    if not _over_this_axis(batch, axis_name):
        return batch.rebuild()   # (every example's: the index along the outer axis)
    return batch.jnp("arange", batch.batch_size, dtype=batch.jnp_attr("int32"))
