"""Reductions (sum, mean, max, min, prod, var, std): jvp rules."""
import jax.numpy as jnp

import inspect

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from ..runtime import (max_weights, min_weights, prod_others,  # noqa: F401  (used by templates)
                       reduced_shape)


@jvp_rule(jnp.sum, nondiff_args=("axis", "keepdims"))
def sum_jvp(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot, axis=axis, keepdims=keepdims)


# Each vjp spreads the output's cotangent back over the reduced axes: reshaped to
# the keepdims shape, it broadcasts against x.
@vjp_rule(jnp.sum)
def sum_vjp(ans_bar, x, axis=None, keepdims=False):
    return jnp.broadcast_to(jnp.reshape(ans_bar, reduced_shape(x, axis)), jnp.shape(x))


@jvp_rule(jnp.mean, nondiff_args=("axis", "keepdims"))
def mean_jvp(x, x_dot, axis=None, keepdims=False):
    return jnp.mean(x_dot, axis=axis, keepdims=keepdims)


@vjp_rule(jnp.mean)
def mean_vjp(ans_bar, x, axis=None, keepdims=False):
    return jnp.broadcast_to(jnp.reshape(ans_bar, reduced_shape(x, axis)),
                            jnp.shape(x)) / (jnp.size(x) // jnp.size(ans_bar))


# Ties share the derivative evenly, as in JAX.
@jvp_rule(jnp.max, jnp.amax, nondiff_args=("axis", "keepdims"))
def max_jvp(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * max_weights(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.max, jnp.amax)
def max_vjp(ans_bar, x, axis=None, keepdims=False):
    return max_weights(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.min, jnp.amin, nondiff_args=("axis", "keepdims"))
def min_jvp(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * min_weights(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.min, jnp.amin)
def min_vjp(ans_bar, x, axis=None, keepdims=False):
    return min_weights(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.prod, nondiff_args=("axis", "keepdims"))
def prod_jvp(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * prod_others(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.prod)
def prod_vjp(ans_bar, x, axis=None, keepdims=False):
    return prod_others(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.var, nondiff_args=("axis", "ddof", "keepdims"))
def var_jvp(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return 2 * jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                       keepdims=keepdims) / (jnp.size(x) / jnp.size(ans) - ddof)


@vjp_rule(jnp.var)
def var_vjp(ans_bar, ans, x, axis=None, ddof=0, keepdims=False):
    return 2 * (x - jnp.mean(x, axis=axis, keepdims=True)) \
        * jnp.reshape(ans_bar, reduced_shape(x, axis)) / (jnp.size(x) / jnp.size(ans) - ddof)


@jvp_rule(jnp.std, nondiff_args=("axis", "ddof", "keepdims"))
def std_jvp(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                   keepdims=keepdims) / ((jnp.size(x) / jnp.size(ans) - ddof) * ans)


@vjp_rule(jnp.std)
def std_vjp(ans_bar, ans, x, axis=None, ddof=0, keepdims=False):
    return (x - jnp.mean(x, axis=axis, keepdims=True)) \
        * jnp.reshape(ans_bar / ((jnp.size(x) / jnp.size(ans) - ddof) * ans),
                      reduced_shape(x, axis))


@jvp_rule(jnp.cumsum, nondiff_args=("axis",))
def cumsum_jvp(x, x_dot, axis=None):
    return jnp.cumsum(x_dot, axis=axis)


# A cumulative sum from the other end; with axis=None over x flattened.
@vjp_rule(jnp.cumsum)
def cumsum_vjp(ans_bar, x, axis=None):
    return jnp.reshape(jnp.flip(jnp.cumsum(jnp.flip(ans_bar, axis=axis), axis=axis), axis=axis),
                       jnp.shape(x))


# Integer or boolean results: JAX's derivative is zero.
zero_derivative(jnp.argmax, jnp.argmin, jnp.any, jnp.all, jnp.count_nonzero, jnp.argsort)


# --- batching ---------------------------------------------------------------------
# A reduction over one example reduces the same axes of the batch, one further
# along; axis=None (every axis of an example) names them all, leaving the batch
# axis alone: jnp.sum(x) -> jnp.sum(x_batch, axis=(1, 2)).


def _example_axes(batch, a, axis):
    axis = batch.value(axis, "the axis")
    if axis is None:
        axes = tuple(range(1, batch.rank(a) + 1))
        return axes[0] if len(axes) == 1 else axes
    return shift_axes(axis)


@batch_rule(jnp.sum, jnp.mean, jnp.max, jnp.amax, jnp.min, jnp.amin, jnp.prod, jnp.var,
            jnp.std, jnp.any, jnp.all, jnp.count_nonzero)
def reduce_batch(batch, a, axis=None, **rest):
    if not batch.batched(a):
        raise batch.error("s2s can batch a reduction only over a batched array")
    return batch.rebuild(axis=_example_axes(batch, a, axis))


# These read axis=None as "the array flattened": each example is flattened first.
@batch_rule(jnp.argmax, jnp.argmin, jnp.cumsum, jnp.argsort)
def flattening_batch(batch, a, axis=None, **rest):
    if not batch.batched(a):
        raise batch.error("s2s can batch this only over a batched array")
    if "axis" not in batch.bound:
        axis_value = inspect.signature(batch.prim.fn).parameters["axis"].default
    else:
        axis_value = batch.value(axis, "the axis")
    if axis_value is not None:
        return batch.rebuild(axis=shift_axes(axis_value))
    if batch.rank(a) <= 1:
        return batch.rebuild(axis=1, a=batch.align(a, 1))
    flat = batch.jnp("reshape", batch.x(a), (batch.batch_size, -1))
    return batch.rebuild(a=flat, axis=1)
