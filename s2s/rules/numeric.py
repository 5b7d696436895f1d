"""Quantiles (median, quantile, percentile and their nan twins), cumulative_sum
and cumulative_prod, vecdot / matvec / vecmat and polyval: jvp, vjp and batch
rules side by side. The quantile formulas live in s2s/runtime_poly.py."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, multilinear, shift_axes, vjp_rule, zero_derivative
from ..runtime import (cumulative_prod_cotangent, cumulative_prod_tangent,  # noqa: F401
                       cumulative_sum_cotangent, q_shape, quantile_cotangent, quantile_slope,
                       quantile_tangent, unbroadcast)

# --- quantiles ----------------------------------------------------------------------------
# A quantile is a weighted pair of sorted neighbours: its tangent in a is theirs,
# weighted; in q (linear method) the gap between them times (count - 1). The
# nan twins count only the entries that are not nan (squash_nans). percentile's
# q is in percent.


@jvp_rule(jnp.quantile, nondiff_args=("axis", "method", "keepdims"))
def quantile_jvp(ans, a, q, a_dot, q_dot, axis=None, method="linear", keepdims=False):
    return quantile_tangent(a, q, a_dot, axis=axis, method=method, keepdims=keepdims) \
        + jnp.reshape(q_dot, q_shape(q, ans)) \
        * quantile_slope(a, q, axis=axis, method=method, keepdims=keepdims)


@vjp_rule(jnp.quantile)
def quantile_vjp(ans_bar, a, q, axis=None, method="linear", keepdims=False):
    return (quantile_cotangent(ans_bar, a, q, axis=axis, method=method, keepdims=keepdims),
            jnp.reshape(jnp.sum(jnp.reshape(
                ans_bar * quantile_slope(a, q, axis=axis, method=method, keepdims=keepdims),
                (jnp.size(q), -1)), axis=1), jnp.shape(q)))


@jvp_rule(jnp.nanquantile, nondiff_args=("axis", "method", "keepdims"))
def nanquantile_jvp(ans, a, q, a_dot, q_dot, axis=None, method="linear", keepdims=False):
    return quantile_tangent(a, q, a_dot, axis=axis, method=method, keepdims=keepdims,
                            squash_nans=True) \
        + jnp.reshape(q_dot, q_shape(q, ans)) * quantile_slope(
            a, q, axis=axis, method=method, keepdims=keepdims, squash_nans=True)


@vjp_rule(jnp.nanquantile)
def nanquantile_vjp(ans_bar, a, q, axis=None, method="linear", keepdims=False):
    return (quantile_cotangent(ans_bar, a, q, axis=axis, method=method, keepdims=keepdims,
                               squash_nans=True),
            jnp.reshape(jnp.sum(jnp.reshape(ans_bar * quantile_slope(
                a, q, axis=axis, method=method, keepdims=keepdims, squash_nans=True),
                (jnp.size(q), -1)), axis=1), jnp.shape(q)))


@jvp_rule(jnp.percentile, nondiff_args=("axis", "method", "keepdims"))
def percentile_jvp(ans, a, q, a_dot, q_dot, axis=None, method="linear", keepdims=False):
    return quantile_tangent(a, q / 100, a_dot, axis=axis, method=method, keepdims=keepdims) \
        + jnp.reshape(q_dot, q_shape(q, ans)) \
        * quantile_slope(a, q / 100, axis=axis, method=method, keepdims=keepdims) / 100


@vjp_rule(jnp.percentile)
def percentile_vjp(ans_bar, a, q, axis=None, method="linear", keepdims=False):
    return (quantile_cotangent(ans_bar, a, q / 100, axis=axis, method=method, keepdims=keepdims),
            jnp.reshape(jnp.sum(jnp.reshape(
                ans_bar * quantile_slope(a, q / 100, axis=axis, method=method, keepdims=keepdims),
                (jnp.size(q), -1)), axis=1), jnp.shape(q)) / 100)


@jvp_rule(jnp.nanpercentile, nondiff_args=("axis", "method", "keepdims"))
def nanpercentile_jvp(ans, a, q, a_dot, q_dot, axis=None, method="linear", keepdims=False):
    return quantile_tangent(a, q / 100, a_dot, axis=axis, method=method, keepdims=keepdims,
                            squash_nans=True) \
        + jnp.reshape(q_dot, q_shape(q, ans)) * quantile_slope(
            a, q / 100, axis=axis, method=method, keepdims=keepdims, squash_nans=True) / 100


@vjp_rule(jnp.nanpercentile)
def nanpercentile_vjp(ans_bar, a, q, axis=None, method="linear", keepdims=False):
    return (quantile_cotangent(ans_bar, a, q / 100, axis=axis, method=method, keepdims=keepdims,
                               squash_nans=True),
            jnp.reshape(jnp.sum(jnp.reshape(ans_bar * quantile_slope(
                a, q / 100, axis=axis, method=method, keepdims=keepdims, squash_nans=True),
                (jnp.size(q), -1)), axis=1), jnp.shape(q)) / 100)


# The median is JAX's quantile 0.5 with the midpoint method.
@jvp_rule(jnp.median, nondiff_args=("axis", "keepdims"))
def median_jvp(a, a_dot, axis=None, keepdims=False):
    return quantile_tangent(a, 0.5, a_dot, axis=axis, method="midpoint", keepdims=keepdims)


@vjp_rule(jnp.median)
def median_vjp(ans_bar, a, axis=None, keepdims=False):
    return quantile_cotangent(ans_bar, a, 0.5, axis=axis, method="midpoint", keepdims=keepdims)


@jvp_rule(jnp.nanmedian, nondiff_args=("axis", "keepdims"))
def nanmedian_jvp(a, a_dot, axis=None, keepdims=False):
    return quantile_tangent(a, 0.5, a_dot, axis=axis, method="midpoint", keepdims=keepdims,
                            squash_nans=True)


@vjp_rule(jnp.nanmedian)
def nanmedian_vjp(ans_bar, a, axis=None, keepdims=False):
    return quantile_cotangent(ans_bar, a, 0.5, axis=axis, method="midpoint", keepdims=keepdims,
                              squash_nans=True)


zero_derivative(q_shape)   # a shape


# axis=None flattens each example; q's axis (when q is a vector) comes first in
# the output, so the batch axis is moved back in front. A q per example is no
# single quantile call: that one goes to jax.vmap (s2s/by_jax.py).
@batch_rule(jnp.quantile, jnp.nanquantile, jnp.percentile, jnp.nanpercentile, jnp.median,
            jnp.nanmedian)
def quantile_batch(batch, a, q=None, axis=None, keepdims=False, **rest):
    if batch.batched(q):
        return batch.by_jax()
    axis = batch.value(axis, "the axis")
    if axis is None:
        if batch.value(keepdims, "keepdims") and batch.rank(a) > 1:
            raise batch.error("s2s cannot batch a quantile over every axis with keepdims",
                              "name the axis")
        flat = batch.jnp("reshape", batch.x(a), (batch.batch_size, -1))
        result = batch.rebuild(a=flat, axis=1)
    else:
        result = batch.rebuild(a=batch.with_batch(a), axis=shift_axes(axis))
    return batch.jnp("moveaxis", result, 1, 0) if q is not None and batch.rank(q) == 1 else result


# --- cumulative_sum and cumulative_prod ------------------------------------------------------
# cumsum and cumprod with an optional leading zero (one) along the axis: its
# derivative is zero, so the cotangent drops that entry first.


@jvp_rule(jnp.cumulative_sum, nondiff_args=("axis", "dtype", "include_initial"))
def cumulative_sum_jvp(x, x_dot, axis=None, dtype=None, include_initial=False):
    return jnp.cumulative_sum(x_dot, axis=axis, dtype=dtype, include_initial=include_initial)


@vjp_rule(jnp.cumulative_sum)
def cumulative_sum_vjp(ans_bar, x, axis=None, dtype=None, include_initial=False):
    return cumulative_sum_cotangent(ans_bar, x, axis=axis, include_initial=include_initial)


@jvp_rule(jnp.cumulative_prod, nondiff_args=("axis", "dtype", "include_initial"))
def cumulative_prod_jvp(x, x_dot, axis=None, dtype=None, include_initial=False):
    return cumulative_prod_tangent(x, x_dot, axis=axis, include_initial=include_initial)


@vjp_rule(jnp.cumulative_prod)
def cumulative_prod_vjp(ans_bar, x, axis=None, dtype=None, include_initial=False):
    return cumulative_prod_cotangent(ans_bar, x, axis=axis, include_initial=include_initial)


# (axis=None is only for one-dimensional x: its example's axis is 1)
@batch_rule(jnp.cumulative_sum, jnp.cumulative_prod)
def cumulative_batch(batch, x, axis=None, **rest):
    axis = batch.value(axis, "the axis")
    return batch.rebuild(x=batch.with_batch(x), axis=1 if axis is None else shift_axes(axis))


# --- vecdot, matvec, vecmat -------------------------------------------------------------------
# Bilinear: the product rule. Each cotangent is the output's against the other
# operand, summed down to the operand's shape where broadcasting added axes.
multilinear(jnp.vecdot, jnp.matvec, jnp.vecmat)


@vjp_rule(jnp.vecdot, nondiff_args=("axis", "precision", "preferred_element_type"))
def vecdot_vjp(ans_bar, x1, x2, axis=-1, precision=None, preferred_element_type=None):
    return (unbroadcast(jnp.expand_dims(ans_bar, axis) * x2, x1),
            unbroadcast(jnp.expand_dims(ans_bar, axis) * x1, x2))


@vjp_rule(jnp.matvec)
def matvec_vjp(ans_bar, x1, x2):
    return (unbroadcast(jnp.expand_dims(ans_bar, -1) * jnp.expand_dims(x2, -2), x1),
            unbroadcast(jnp.vecmat(ans_bar, x1), x2))


@vjp_rule(jnp.vecmat)
def vecmat_vjp(ans_bar, x1, x2):
    return (unbroadcast(jnp.matvec(x2, ans_bar), x1),
            unbroadcast(jnp.expand_dims(x1, -1) * jnp.expand_dims(ans_bar, -2), x2))


# Broadcasting puts the batch axis of each batched operand in line: each gets the
# leading axes it lacks (after the batch axis) to match the other's.
@batch_rule(jnp.vecdot)
def vecdot_batch(batch, x1, x2, axis=-1, **rest):
    rank = max(batch.rank(x1), batch.rank(x2))
    axis = batch.value(axis, "the axis")
    return batch.rebuild(x1=batch.align(x1, rank), x2=batch.align(x2, rank),
                         axis=axis if axis < 0 else axis + 1)


@batch_rule(jnp.matvec)
def matvec_batch(batch, x1, x2, **rest):
    stack = max(batch.rank(x1) - 2, batch.rank(x2) - 1)
    return batch.rebuild(x1=batch.align(x1, stack + 2), x2=batch.align(x2, stack + 1))


@batch_rule(jnp.vecmat)
def vecmat_batch(batch, x1, x2, **rest):
    stack = max(batch.rank(x1) - 1, batch.rank(x2) - 2)
    return batch.rebuild(x1=batch.align(x1, stack + 1), x2=batch.align(x2, stack + 2))
