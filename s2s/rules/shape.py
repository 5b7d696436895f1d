"""Shape and structure (reshape, transpose, stack, ...) and array creation."""
import jax.numpy as jnp

from . import jvp_rule, nondifferentiable, vjp_rule
from ..runtime import (inverse_permutation, split_like,  # noqa: F401  (used by templates)
                       unbroadcast, unstack_like)


@jvp_rule(jnp.reshape)
def reshape(x, shape, x_dot):
    return jnp.reshape(x_dot, shape)


@vjp_rule(jnp.reshape)
def reshape_vjp(ans_bar, x, shape):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.transpose)
def transpose(x, x_dot, axes=None):
    return jnp.transpose(x_dot, axes)


@vjp_rule(jnp.transpose)
def transpose_vjp(ans_bar, x, axes=None):
    return jnp.transpose(ans_bar, inverse_permutation(axes, jnp.ndim(x))), None


@jvp_rule(jnp.swapaxes)
def swapaxes(x, axis1, axis2, x_dot):
    return jnp.swapaxes(x_dot, axis1, axis2)


@vjp_rule(jnp.swapaxes)
def swapaxes_vjp(ans_bar, x, axis1, axis2):
    return jnp.swapaxes(ans_bar, axis1, axis2), None, None


@jvp_rule(jnp.moveaxis)
def moveaxis(x, source, destination, x_dot):
    return jnp.moveaxis(x_dot, source, destination)


@vjp_rule(jnp.moveaxis)
def moveaxis_vjp(ans_bar, x, source, destination):
    return jnp.moveaxis(ans_bar, destination, source), None, None


@jvp_rule(jnp.expand_dims)
def expand_dims(x, axis, x_dot):
    return jnp.expand_dims(x_dot, axis)


@vjp_rule(jnp.expand_dims)
def expand_dims_vjp(ans_bar, x, axis):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.squeeze)
def squeeze(x, x_dot, axis=None):
    return jnp.squeeze(x_dot, axis=axis)


@vjp_rule(jnp.squeeze)
def squeeze_vjp(ans_bar, x, axis=None):
    return jnp.reshape(ans_bar, jnp.shape(x)), None


@jvp_rule(jnp.ravel)
def ravel(x, x_dot):
    return jnp.ravel(x_dot)


@vjp_rule(jnp.ravel)
def ravel_vjp(ans_bar, x):
    return jnp.reshape(ans_bar, jnp.shape(x))


@jvp_rule(jnp.broadcast_to)
def broadcast_to(x, shape, x_dot):
    return jnp.broadcast_to(x_dot, shape)


@vjp_rule(jnp.broadcast_to)
def broadcast_to_vjp(ans_bar, x, shape):
    return unbroadcast(ans_bar, x), None


@jvp_rule(jnp.concatenate)
def concatenate(arrays, arrays_dot, axis=0):
    return jnp.concatenate(arrays_dot, axis=axis)


# The operand is a list (or tuple) of arrays: its cotangent is one too.
@vjp_rule(jnp.concatenate)
def concatenate_vjp(ans_bar, arrays, axis=0):
    return split_like(ans_bar, arrays, axis), None


@jvp_rule(jnp.stack)
def stack(arrays, arrays_dot, axis=0):
    return jnp.stack(arrays_dot, axis=axis)


@vjp_rule(jnp.stack)
def stack_vjp(ans_bar, arrays, axis=0):
    return unstack_like(ans_bar, arrays, axis), None


@jvp_rule(jnp.flip)
def flip(x, x_dot, axis=None):
    return jnp.flip(x_dot, axis=axis)


@vjp_rule(jnp.flip)
def flip_vjp(ans_bar, x, axis=None):
    return jnp.flip(ans_bar, axis=axis), None


@jvp_rule(jnp.asarray)
def asarray(x, x_dot):
    return jnp.asarray(x_dot)


@vjp_rule(jnp.asarray)
def asarray_vjp(ans_bar, x):
    return ans_bar


@jvp_rule(jnp.array)
def array(x, x_dot):
    return jnp.array(x_dot)


@vjp_rule(jnp.array)
def array_vjp(ans_bar, x):
    return ans_bar


nondifferentiable(
    jnp.arange, jnp.zeros, jnp.ones, jnp.zeros_like, jnp.ones_like, jnp.full,
    jnp.full_like, jnp.eye, jnp.identity, jnp.empty, jnp.empty_like, jnp.linspace,
    jnp.shape, jnp.ndim, jnp.size,
)
