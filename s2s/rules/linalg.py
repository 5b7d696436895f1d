"""Products (dot, matmul, vdot, outer, inner, einsum, tensordot): jvp rules.

All are linear in each operand, so their jvp is the product rule: the sum of
the product with one operand replaced by its tangent.
"""
import jax.numpy as jnp

from . import multilinear

multilinear(jnp.dot, jnp.vdot, jnp.outer, jnp.inner, jnp.tensordot, jnp.kron)
multilinear(jnp.einsum, static_argnums=(0,))   # the subscripts string
