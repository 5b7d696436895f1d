"""Reductions (sum, mean, max, min, prod, var, std): jvp rules."""
import jax.numpy as jnp

from . import jvp_rule, nondifferentiable
from ..runtime import max_weights, min_weights, prod_others  # noqa: F401  (used by templates)


@jvp_rule(jnp.sum)
def sum(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot, axis=axis, keepdims=keepdims)


@jvp_rule(jnp.mean)
def mean(x, x_dot, axis=None, keepdims=False):
    return jnp.mean(x_dot, axis=axis, keepdims=keepdims)


# Ties share the derivative evenly, as in JAX.
@jvp_rule(jnp.max, jnp.amax)
def max(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * max_weights(x, axis), axis=axis, keepdims=keepdims)


@jvp_rule(jnp.min, jnp.amin)
def min(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * min_weights(x, axis), axis=axis, keepdims=keepdims)


@jvp_rule(jnp.prod)
def prod(x, x_dot, axis=None, keepdims=False):
    return jnp.sum(x_dot * prod_others(x, axis), axis=axis, keepdims=keepdims)


@jvp_rule(jnp.var)
def var(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return 2 * jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                       keepdims=keepdims) / (jnp.size(x) / jnp.size(ans) - ddof)


@jvp_rule(jnp.std)
def std(ans, x, x_dot, axis=None, ddof=0, keepdims=False):
    return jnp.sum((x - jnp.mean(x, axis=axis, keepdims=True)) * x_dot, axis=axis,
                   keepdims=keepdims) / ((jnp.size(x) / jnp.size(ans) - ddof) * ans)


@jvp_rule(jnp.cumsum)
def cumsum(x, x_dot, axis=None):
    return jnp.cumsum(x_dot, axis=axis)


nondifferentiable(jnp.argmax, jnp.argmin, jnp.any, jnp.all, jnp.count_nonzero,
                  jnp.argsort)
