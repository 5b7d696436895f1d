"""Reductions (sum, mean, max, min, prod, var, std): jvp rules."""
import jax.numpy as jnp

from . import jvp_rule, nondifferentiable, vjp_rule
from ..runtime import (max_weights, min_weights, prod_others,  # noqa: F401  (used by templates)
                       reduced_shape)


@jvp_rule(jnp.sum)
def sum(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot, axis=axis, keepdims=keepdims)


# Each vjp spreads the output's cotangent back over the reduced axes: reshaped to
# the keepdims shape, it broadcasts against x.
@vjp_rule(jnp.sum)
def sum_vjp(ans_bar, x, axis=None, keepdims=False):
    return jnp.broadcast_to(jnp.reshape(ans_bar, reduced_shape(x, axis)), jnp.shape(x))


@jvp_rule(jnp.mean)
def mean(x, x_dot, axis=None, keepdims=False):
    return jnp.mean(x_dot, axis=axis, keepdims=keepdims)


@vjp_rule(jnp.mean)
def mean_vjp(ans_bar, x, axis=None, keepdims=False):
    return jnp.broadcast_to(jnp.reshape(ans_bar, reduced_shape(x, axis)),
                            jnp.shape(x)) / (jnp.size(x) // jnp.size(ans_bar))


# Ties share the derivative evenly, as in JAX.
@jvp_rule(jnp.max, jnp.amax)
def max(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * max_weights(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.max, jnp.amax)
def max_vjp(ans_bar, x, axis=None, keepdims=False):
    return max_weights(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.min, jnp.amin)
def min(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * min_weights(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.min, jnp.amin)
def min_vjp(ans_bar, x, axis=None, keepdims=False):
    return min_weights(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.prod)
def prod(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * prod_others(x, axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.prod)
def prod_vjp(ans_bar, x, axis=None, keepdims=False):
    return prod_others(x, axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


@jvp_rule(jnp.var)
def var(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return 2 * jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                       keepdims=keepdims) / (jnp.size(x) / jnp.size(ans) - ddof)


@vjp_rule(jnp.var)
def var_vjp(ans_bar, ans, x, axis=None, ddof=0, keepdims=False):
    return 2 * (x - jnp.mean(x, axis=axis, keepdims=True)) \
        * jnp.reshape(ans_bar, reduced_shape(x, axis)) / (jnp.size(x) / jnp.size(ans) - ddof)


@jvp_rule(jnp.std)
def std(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                   keepdims=keepdims) / ((jnp.size(x) / jnp.size(ans) - ddof) * ans)


@vjp_rule(jnp.std)
def std_vjp(ans_bar, ans, x, axis=None, ddof=0, keepdims=False):
    return (x - jnp.mean(x, axis=axis, keepdims=True)) \
        * jnp.reshape(ans_bar / ((jnp.size(x) / jnp.size(ans) - ddof) * ans),
                      reduced_shape(x, axis))


@jvp_rule(jnp.cumsum)
def cumsum(x, x_dot, axis=None):
    return jnp.cumsum(x_dot, axis=axis)


# A cumulative sum from the other end; with axis=None over x flattened.
@vjp_rule(jnp.cumsum)
def cumsum_vjp(ans_bar, x, axis=None):
    return jnp.reshape(jnp.flip(jnp.cumsum(jnp.flip(ans_bar, axis=axis), axis=axis), axis=axis),
                       jnp.shape(x))


nondifferentiable(jnp.argmax, jnp.argmin, jnp.any, jnp.all, jnp.count_nonzero,
                  jnp.argsort)
