"""The cotangents of products (tensordot, dot, inner, matmul, kron) that the vjp
rules in s2s/rules/linalg.py and s2s/rules/elementwise.py call: one operand's
cotangent each, registered with `@helper` like the rest of s2s/runtime.py,
which imports them back (`s2s.runtime` names every helper)."""
import jax.numpy as jnp

from .runtime import (dot_axes, helper, inner_axes, kron_shapes, matmul_shapes,
                      tensordot_cotangent_axes, unbroadcast)


# -- cotangents of products ------------------------------------------------------------
# Each returns the cotangent of one operand, given `g`, the output's cotangent. They
# are plain jnp code (not table entries), so s2s differentiates them again from
# their source: grad of grad through a product works.

@helper
def tensordot_cotangent_a(g, a, b, axes=2):
    """Cotangent of `a` in `jnp.tensordot(a, b, axes)`."""
    contract, order = tensordot_cotangent_axes(a, b, axes, 0)
    product = jnp.tensordot(g, b, contract)
    if order == tuple(range(len(order))):
        return product   # already in a's axis order
    return jnp.transpose(product, order)


@helper
def tensordot_cotangent_b(g, a, b, axes=2):
    """Cotangent of `b` in `jnp.tensordot(a, b, axes)`."""
    contract, order = tensordot_cotangent_axes(a, b, axes, 1)
    product = jnp.tensordot(a, g, contract)
    if order == tuple(range(len(order))):
        return product   # already in b's axis order
    return jnp.transpose(product, order)


@helper
def dot_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.dot(a, b)` (a tensordot over dot's axes)."""
    return tensordot_cotangent_a(g, a, b, dot_axes(a, b))


@helper
def dot_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.dot(a, b)`."""
    return tensordot_cotangent_b(g, a, b, dot_axes(a, b))


@helper
def inner_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.inner(a, b)`."""
    return tensordot_cotangent_a(g, a, b, inner_axes(a, b))


@helper
def inner_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.inner(a, b)`."""
    return tensordot_cotangent_b(g, a, b, inner_axes(a, b))


@helper
def matmul_cotangent_a(g, a, b):
    """Cotangent of `a` in `a @ b`: 1-d operands act as a row (a) and a column
    (b); batch axes that broadcasting added are summed away."""
    a_shape, b_shape, g_shape = matmul_shapes(a, b)
    a2, b2, g2 = jnp.reshape(a, a_shape), jnp.reshape(b, b_shape), jnp.reshape(g, g_shape)
    return jnp.reshape(unbroadcast(jnp.matmul(g2, jnp.swapaxes(b2, -1, -2)), a2), jnp.shape(a))


@helper
def matmul_cotangent_b(g, a, b):
    """Cotangent of `b` in `a @ b`."""
    a_shape, b_shape, g_shape = matmul_shapes(a, b)
    a2, b2, g2 = jnp.reshape(a, a_shape), jnp.reshape(b, b_shape), jnp.reshape(g, g_shape)
    return jnp.reshape(unbroadcast(jnp.matmul(jnp.swapaxes(a2, -1, -2), g2), b2), jnp.shape(b))


@helper
def kron_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.kron(a, b)`."""
    blocks, a_shape, b_shape, a_axes, b_axes = kron_shapes(a, b)
    return jnp.reshape(jnp.sum(jnp.reshape(g, blocks) * jnp.reshape(b, b_shape), axis=a_axes),
                       jnp.shape(a))


@helper
def kron_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.kron(a, b)`."""
    blocks, a_shape, b_shape, a_axes, b_axes = kron_shapes(a, b)
    return jnp.reshape(jnp.sum(jnp.reshape(g, blocks) * jnp.reshape(a, a_shape), axis=b_axes),
                       jnp.shape(b))
