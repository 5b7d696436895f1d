"""Products (dot, matmul, vdot, outer, inner, einsum, tensordot): jvp rules.

All are linear in each operand, so their jvp is the product rule: the sum of
the product with one operand replaced by its tangent.
"""
import jax.numpy as jnp

from . import multilinear, vjp_rule
from ..runtime import (dot_cotangent_a, dot_cotangent_b,  # noqa: F401  (used by templates)
                       inner_cotangent_a, inner_cotangent_b, kron_cotangent_a,
                       kron_cotangent_b, tensordot_cotangent_a, tensordot_cotangent_b)

multilinear(jnp.dot, jnp.vdot, jnp.outer, jnp.inner, jnp.tensordot, jnp.kron)
multilinear(jnp.einsum, static_argnums=(0,))   # the subscripts string

# --- vjp rules ----------------------------------------------------------------------
# dot and inner are tensordots over computed axes; a tensordot's cotangents are
# tensordots of the output's cotangent with the other operand, transposed back
# into the operand's axis order. The formulas live in s2s/runtime.py as named
# functions (dot_cotangent_a, ...), which s2s can differentiate again.


@vjp_rule(jnp.tensordot)
def tensordot_vjp(ans_bar, a, b, axes=2):
    return (tensordot_cotangent_a(ans_bar, a, b, axes=axes),
            tensordot_cotangent_b(ans_bar, a, b, axes=axes))


@vjp_rule(jnp.dot)
def dot_vjp(ans_bar, a, b):
    return dot_cotangent_a(ans_bar, a, b), dot_cotangent_b(ans_bar, a, b)


@vjp_rule(jnp.inner)
def inner_vjp(ans_bar, a, b):
    return inner_cotangent_a(ans_bar, a, b), inner_cotangent_b(ans_bar, a, b)


# vdot flattens both operands (same size, any shapes); real inputs only.
@vjp_rule(jnp.vdot)
def vdot_vjp(ans_bar, a, b):
    return ans_bar * jnp.reshape(b, jnp.shape(a)), ans_bar * jnp.reshape(a, jnp.shape(b))


# outer flattens both operands.
@vjp_rule(jnp.outer)
def outer_vjp(ans_bar, a, b):
    return (jnp.reshape(jnp.dot(ans_bar, jnp.ravel(b)), jnp.shape(a)),
            jnp.reshape(jnp.dot(jnp.ravel(a), ans_bar), jnp.shape(b)))


# kron(a, b) is a * b with their axes interleaved (a0 b0 a1 b1 ...), then merged.
@vjp_rule(jnp.kron)
def kron_vjp(ans_bar, a, b):
    return kron_cotangent_a(ans_bar, a, b), kron_cotangent_b(ans_bar, a, b)


def einsum_operand_spec(spec, i):
    """The einsum subscripts that give operand `i`'s cotangent of
    jnp.einsum(spec, *operands) from (the output's cotangent, the other operands
    in order): for "ij,j->i" and i=0, "i,j->ij".

    Raises ValueError where that is no single einsum: an ellipsis, an index
    repeated within one operand (a diagonal), or an index summed over in
    operand i alone (its cotangent would be broadcast along it).
    """
    spec = spec.replace(" ", "")
    if "." in spec:
        raise ValueError(f"einsum spec {spec!r}: s2s cannot reverse an ellipsis ('...')")
    if "->" in spec:
        inputs, output = spec.split("->")
    else:   # implicit output: the indices used once, in alphabetical order
        inputs = spec
        letters = inputs.replace(",", "")
        output = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    operands = inputs.split(",")
    if not 0 <= i < len(operands):
        raise ValueError(f"einsum spec {spec!r} has no operand {i}")
    for term in operands + [output]:
        if len(set(term)) != len(term):
            raise ValueError(f"einsum spec {spec!r}: s2s cannot reverse an index repeated "
                             f"within one operand ({term!r})")
    others = [t for j, t in enumerate(operands) if j != i]
    available = set(output).union(*others)
    missing = [c for c in operands[i] if c not in available]
    if missing:
        raise ValueError(f"einsum spec {spec!r}: index {missing[0]!r} of operand {i} is "
                         "summed over in that operand alone; s2s cannot reverse it")
    return ",".join([output] + others) + "->" + operands[i]
