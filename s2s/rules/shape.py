"""Shape and structure (reshape, transpose, stack, ...) and array creation."""
import jax.numpy as jnp

from . import jvp_rule, nondifferentiable


@jvp_rule(jnp.reshape)
def reshape(x, shape, x_dot):
    return jnp.reshape(x_dot, shape)


@jvp_rule(jnp.transpose)
def transpose(x, x_dot, axes=None):
    return jnp.transpose(x_dot, axes)


@jvp_rule(jnp.swapaxes)
def swapaxes(x, axis1, axis2, x_dot):
    return jnp.swapaxes(x_dot, axis1, axis2)


@jvp_rule(jnp.moveaxis)
def moveaxis(x, source, destination, x_dot):
    return jnp.moveaxis(x_dot, source, destination)


@jvp_rule(jnp.expand_dims)
def expand_dims(x, axis, x_dot):
    return jnp.expand_dims(x_dot, axis)


@jvp_rule(jnp.squeeze)
def squeeze(x, x_dot, axis=None):
    return jnp.squeeze(x_dot, axis=axis)


@jvp_rule(jnp.ravel)
def ravel(x, x_dot):
    return jnp.ravel(x_dot)


@jvp_rule(jnp.broadcast_to)
def broadcast_to(x, shape, x_dot):
    return jnp.broadcast_to(x_dot, shape)


@jvp_rule(jnp.concatenate)
def concatenate(arrays, arrays_dot, axis=0):
    return jnp.concatenate(arrays_dot, axis=axis)


@jvp_rule(jnp.stack)
def stack(arrays, arrays_dot, axis=0):
    return jnp.stack(arrays_dot, axis=axis)


@jvp_rule(jnp.flip)
def flip(x, x_dot, axis=None):
    return jnp.flip(x_dot, axis=axis)


@jvp_rule(jnp.asarray)
def asarray(x, x_dot):
    return jnp.asarray(x_dot)


@jvp_rule(jnp.array)
def array(x, x_dot):
    return jnp.array(x_dot)


nondifferentiable(
    jnp.arange, jnp.zeros, jnp.ones, jnp.zeros_like, jnp.ones_like, jnp.full,
    jnp.full_like, jnp.eye, jnp.identity, jnp.empty, jnp.empty_like, jnp.linspace,
    jnp.shape, jnp.ndim, jnp.size,
)
