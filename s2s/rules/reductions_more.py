"""More reductions and scans: cumprod, diff, ptp and the nan-ignoring
reductions (nansum, nanmean, nanmax, ..., nancumprod): jvp, vjp and batch rules
side by side.

The nan-functions are JAX's reductions of x with each nan replaced (by 0 for a
sum, 1 for a product, -inf for a max): a nan entry gets a zero derivative, and
a slice that is all nan (whose result is nan) passes no derivative back, as in
JAX.
"""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from .reductions import flattening_batch, reduce_batch
from ..runtime import (cumprod_cotangent, cumprod_tangent, diff_cotangent,  # noqa: F401
                       diff_tangent,
                       max_weights, min_weights, prod_others, reduced_shape)

# --- cumulative products --------------------------------------------------------------
# Exact where x has zeros: the helpers never divide by x (s2s/runtime_numeric.py).


@jvp_rule(jnp.cumprod, nondiff_args=("axis",))
def cumprod_jvp(a, a_dot, axis=None):
    return cumprod_tangent(a, a_dot, axis=axis)


@vjp_rule(jnp.cumprod)
def cumprod_vjp(ans_bar, a, axis=None):
    return cumprod_cotangent(ans_bar, a, axis=axis)


@jvp_rule(jnp.nancumprod, nondiff_args=("axis",))
def nancumprod_jvp(a, a_dot, axis=None):
    return cumprod_tangent(jnp.where(jnp.isnan(a), 1.0, a), jnp.where(jnp.isnan(a), 0.0, a_dot),
                           axis=axis)


@vjp_rule(jnp.nancumprod)
def nancumprod_vjp(ans_bar, a, axis=None):
    return jnp.where(jnp.isnan(a), 0.0,
                     cumprod_cotangent(ans_bar, jnp.where(jnp.isnan(a), 1.0, a), axis=axis))


@jvp_rule(jnp.nancumsum, nondiff_args=("axis",))
def nancumsum_jvp(a, a_dot, axis=None):
    return jnp.cumsum(jnp.where(jnp.isnan(a), 0.0, a_dot), axis=axis)


# cumsum's cotangent (a cumulative sum from the other end), zero at the nans.
@vjp_rule(jnp.nancumsum)
def nancumsum_vjp(ans_bar, a, axis=None):
    return jnp.where(jnp.isnan(a), 0.0, jnp.reshape(
        jnp.flip(jnp.cumsum(jnp.flip(ans_bar, axis=axis), axis=axis), axis=axis), jnp.shape(a)))


batch_rule(jnp.cumprod, jnp.nancumprod, jnp.nancumsum)(flattening_batch)

# --- differences ----------------------------------------------------------------------
# diff is linear in a; prepend and append are taken as constants (an active one
# is refused, never silently zero). The helpers pad, difference and cut back.


@jvp_rule(jnp.diff, nondiff_args=("n", "axis", "prepend", "append"))
def diff_jvp(a, a_dot, n=1, axis=-1, prepend=None, append=None):
    return diff_tangent(a_dot, n=n, axis=axis, prepend=prepend, append=append)


@vjp_rule(jnp.diff)
def diff_vjp(ans_bar, a, n=1, axis=-1, prepend=None, append=None):
    return diff_cotangent(ans_bar, a, n=n, axis=axis, prepend=prepend, append=append)


@batch_rule(jnp.diff)
def diff_batch(batch, a, n=1, axis=-1, prepend=None, append=None, **rest):
    for edge in (prepend, append):
        if edge is not None and (batch.batched(edge) or batch.rank(edge) != 0):
            raise batch.error("s2s batches jnp.diff's prepend and append only as scalars "
                              "the same for every example")
    return batch.rebuild(a=batch.with_batch(a), axis=shift_axes(batch.value(axis, "the axis")))

# --- nan-ignoring reductions ------------------------------------------------------------
# Each is the plain reduction's rule with the nans masked out: `jnp.where(jnp.isnan(a),
# 0.0, a_dot)` is the tangent JAX sees (its nan* replace the nans before reducing).


@jvp_rule(jnp.nansum, nondiff_args=("axis", "keepdims"))
def nansum_jvp(a, a_dot, axis=None, keepdims=False):
    return jnp.sum(jnp.where(jnp.isnan(a), 0.0, a_dot), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.nansum)
def nansum_vjp(ans_bar, a, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, jnp.reshape(ans_bar, reduced_shape(a, axis)))


# The mean over the entries that are not nan: divided by their count.
@jvp_rule(jnp.nanmean, nondiff_args=("axis", "keepdims"))
def nanmean_jvp(a, a_dot, axis=None, keepdims=False):
    return jnp.sum(jnp.where(jnp.isnan(a), 0.0, a_dot), axis=axis, keepdims=keepdims) \
        / jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.nanmean)
def nanmean_vjp(ans_bar, a, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, jnp.reshape(ans_bar, reduced_shape(a, axis))
                     / jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=True))


# nanmax is max with nans as -inf; an all-nan slice (a nan result) gets no derivative.
@jvp_rule(jnp.nanmax, nondiff_args=("axis", "keepdims"))
def nanmax_jvp(ans, a, a_dot, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(ans), 0.0, jnp.sum(
        jnp.where(jnp.isnan(a), 0.0, a_dot) * max_weights(jnp.where(jnp.isnan(a), -jnp.inf, a),
                                                          axis), axis=axis, keepdims=keepdims))


@vjp_rule(jnp.nanmax)
def nanmax_vjp(ans_bar, ans, a, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, max_weights(jnp.where(jnp.isnan(a), -jnp.inf, a), axis)
                     * jnp.reshape(jnp.where(jnp.isnan(ans), 0.0, ans_bar),
                                   reduced_shape(a, axis)))


@jvp_rule(jnp.nanmin, nondiff_args=("axis", "keepdims"))
def nanmin_jvp(ans, a, a_dot, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(ans), 0.0, jnp.sum(
        jnp.where(jnp.isnan(a), 0.0, a_dot) * min_weights(jnp.where(jnp.isnan(a), jnp.inf, a),
                                                          axis), axis=axis, keepdims=keepdims))


@vjp_rule(jnp.nanmin)
def nanmin_vjp(ans_bar, ans, a, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, min_weights(jnp.where(jnp.isnan(a), jnp.inf, a), axis)
                     * jnp.reshape(jnp.where(jnp.isnan(ans), 0.0, ans_bar),
                                   reduced_shape(a, axis)))


# nanprod is prod with nans as 1.
@jvp_rule(jnp.nanprod, nondiff_args=("axis", "keepdims"))
def nanprod_jvp(a, a_dot, axis=None, keepdims=False):
    return jnp.sum(jnp.where(jnp.isnan(a), 0.0, a_dot)
                   * prod_others(jnp.where(jnp.isnan(a), 1.0, a), axis),
                   axis=axis, keepdims=keepdims)


@vjp_rule(jnp.nanprod)
def nanprod_vjp(ans_bar, a, axis=None, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, prod_others(jnp.where(jnp.isnan(a), 1.0, a), axis)
                     * jnp.reshape(ans_bar, reduced_shape(a, axis)))


# nanvar: 2 (a - nanmean) / (count - ddof) over the entries that are not nan;
# nanstd = sqrt(nanvar) divides that by 2 nanstd.
@jvp_rule(jnp.nanvar, nondiff_args=("axis", "ddof", "keepdims"))
def nanvar_jvp(a, a_dot, axis=None, ddof=0, keepdims=False):
    return 2 * jnp.sum(jnp.where(jnp.isnan(a), 0.0, (a - jnp.nanmean(a, axis=axis, keepdims=True))
                                 * a_dot), axis=axis, keepdims=keepdims) \
        / (jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=keepdims) - ddof)


@vjp_rule(jnp.nanvar)
def nanvar_vjp(ans_bar, a, axis=None, ddof=0, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, 2 * (a - jnp.nanmean(a, axis=axis, keepdims=True))
                     * jnp.reshape(ans_bar, reduced_shape(a, axis))
                     / (jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=True) - ddof))


@jvp_rule(jnp.nanstd, nondiff_args=("axis", "ddof", "keepdims"))
def nanstd_jvp(ans, a, a_dot, axis=None, ddof=0, keepdims=False):
    return jnp.sum(jnp.where(jnp.isnan(a), 0.0, (a - jnp.nanmean(a, axis=axis, keepdims=True))
                             * a_dot), axis=axis, keepdims=keepdims) \
        / ((jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=keepdims) - ddof) * ans)


@vjp_rule(jnp.nanstd)
def nanstd_vjp(ans_bar, ans, a, axis=None, ddof=0, keepdims=False):
    return jnp.where(jnp.isnan(a), 0.0, (a - jnp.nanmean(a, axis=axis, keepdims=True))
                     * jnp.reshape(ans_bar / ans, reduced_shape(a, axis))
                     / (jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=axis, keepdims=True) - ddof))


# Indices: no derivative.
zero_derivative(jnp.nanargmax, jnp.nanargmin)

batch_rule(jnp.nansum, jnp.nanmean, jnp.nanmax, jnp.nanmin, jnp.nanprod, jnp.nanvar,
           jnp.nanstd)(reduce_batch)
batch_rule(jnp.nanargmax, jnp.nanargmin)(flattening_batch)

# --- peak to peak -----------------------------------------------------------------------
# ptp = max - min: the max's tie shares minus the min's.


@jvp_rule(jnp.ptp, nondiff_args=("axis", "keepdims"))
def ptp_jvp(a, a_dot, axis=None, keepdims=False):
    return jnp.sum(a_dot * (max_weights(a, axis) - min_weights(a, axis)), axis=axis,
                   keepdims=keepdims)


@vjp_rule(jnp.ptp)
def ptp_vjp(ans_bar, a, axis=None, keepdims=False):
    return (max_weights(a, axis) - min_weights(a, axis)) * jnp.reshape(ans_bar,
                                                                       reduced_shape(a, axis))


batch_rule(jnp.ptp)(reduce_batch)
