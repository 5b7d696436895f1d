"""jnp.linalg (norm, det, slogdet, inv, solve, cholesky, eigvalsh, pinv,
matrix_power, trace) and lax.dot_general: jvp, vjp and batch rules side by
side. jnp.linalg's calls stay as the user wrote them (`jnp.linalg.det(a)`).
Each works on the last two axes, so a stack of matrices batches as it is.
The longer formulas live in s2s/runtime_numeric.py as named helpers.

Where JAX defines a derivative specially, these match it: the 2-norm's at 0 is
nan, a singular matrix's det has its cofactors as derivative (not nan), ties
in a max-like norm (inf, 1, 2 for matrices) share.
"""
import jax.numpy as jnp
from jax import lax

from . import batch_rule, jvp_rule, multilinear, shift_axes, vjp_rule, zero_derivative
from .linalg import _batched_einsum
from ..runtime import (adjugate, cholesky_cotangent, cholesky_tangent,  # noqa: F401
                       dot_general_cotangent_lhs, dot_general_cotangent_rhs, dot_general_specs,
                       matrix_power_cotangent, matrix_power_tangent, norm_weights,
                       pinv_cotangent, pinv_tangent,
                       reduced_shape, solve_cotangent_a, solve_like, solve_product, slogdet_tangent,
                       unbroadcast)

# --- norms --------------------------------------------------------------------------------
# norm_weights(x) is d norm / d x with the reduced axes kept: a reduction's rules.


@jvp_rule(jnp.linalg.norm, nondiff_args=("ord", "axis", "keepdims"))
def norm_jvp(x, x_dot, ord=None, axis=None, keepdims=False):
    return jnp.sum(x_dot * norm_weights(x, ord=ord, axis=axis), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.linalg.norm)
def norm_vjp(ans_bar, x, ord=None, axis=None, keepdims=False):
    return norm_weights(x, ord=ord, axis=axis) * jnp.reshape(ans_bar, reduced_shape(x, axis))


# axis=None with no ord is every axis as one vector: batched, each example flattened.
@batch_rule(jnp.linalg.norm)
def norm_batch(batch, x, ord=None, axis=None, **rest):
    axis = batch.value(axis, "the axis")
    if axis is not None:
        return batch.rebuild(x=batch.with_batch(x), axis=shift_axes(axis))
    rank = batch.rank(x)
    if batch.value(ord, "the ord") is None and rank != 2:
        flat = batch.jnp("reshape", batch.x(x), (batch.batch_size, -1))
        return batch.rebuild(x=flat, axis=1)
    return batch.rebuild(x=batch.with_batch(x), axis=tuple(range(1, rank + 1)))


# --- determinants -------------------------------------------------------------------------
# d det(a) = trace(adj(a) da); d log|det(a)| = trace(inv(a) da), sign's is zero.


@jvp_rule(jnp.linalg.det)
def det_jvp(a, a_dot):
    return jnp.sum(jnp.swapaxes(adjugate(a), -1, -2) * a_dot, axis=(-2, -1))


@vjp_rule(jnp.linalg.det)
def det_vjp(ans_bar, a):
    return jnp.expand_dims(ans_bar, (-2, -1)) * jnp.swapaxes(adjugate(a), -1, -2)


# slogdet's tangent is a SlogdetResult like its value, with a zero sign.
@jvp_rule(jnp.linalg.slogdet, nondiff_args=("method",))
def slogdet_jvp(a, a_dot, method=None):
    return slogdet_tangent(jnp.sum(jnp.swapaxes(jnp.linalg.inv(a), -1, -2) * a_dot,
                                   axis=(-2, -1)))


# slogdet_tangent is linear; its one operand is the log's tangent.
@jvp_rule(slogdet_tangent)
def slogdet_tangent_jvp(t, t_dot):
    return slogdet_tangent(t_dot)


@vjp_rule(slogdet_tangent)
def slogdet_tangent_vjp(ans_bar, t):
    return ans_bar[1]


@vjp_rule(jnp.linalg.slogdet)
def slogdet_vjp(ans_bar, a, method=None):
    return jnp.expand_dims(ans_bar[1], (-2, -1)) * jnp.swapaxes(jnp.linalg.inv(a), -1, -2)


# --- inverses and solves ------------------------------------------------------------------
# d inv(a) = -inv(a) da inv(a); x = solve(a, b) has dx = solve(a, db - da x), and
# b's cotangent is solve(a.T, x_bar). solve reads a 1-d b as one vector per
# matrix: solve_like and solve_product read it the same way.


@jvp_rule(jnp.linalg.inv)
def inv_jvp(ans, a, a_dot):
    return -jnp.matmul(jnp.matmul(ans, a_dot), ans)


@vjp_rule(jnp.linalg.inv)
def inv_vjp(ans_bar, ans, a):
    return -jnp.matmul(jnp.matmul(jnp.swapaxes(ans, -1, -2), ans_bar), jnp.swapaxes(ans, -1, -2))


@jvp_rule(jnp.linalg.solve)
def solve_jvp(ans, a, b, a_dot, b_dot):
    return solve_like(a, b, b_dot - solve_product(a_dot, ans, b))


@vjp_rule(jnp.linalg.solve)
def solve_vjp(ans_bar, ans, a, b):
    return (solve_cotangent_a(solve_like(jnp.swapaxes(a, -1, -2), b, ans_bar), ans, a, b),
            unbroadcast(solve_like(jnp.swapaxes(a, -1, -2), b, ans_bar), b))


# A 1-d b of one example is a stack of vectors once batched: each becomes a column.
@batch_rule(jnp.linalg.solve)
def solve_batch(batch, a, b, **rest):
    ra, rb = batch.rank(a), batch.rank(b)
    if rb == 1:
        column = batch.jnp("expand_dims", batch.align(b, ra - 1), -1)
        solved = batch.rebuild(b=column)
        return batch.jnp("squeeze", solved, -1)
    rank = max(ra, rb)
    return batch.rebuild(a=batch.align(a, rank), b=batch.align(b, rank))


# --- factorizations -----------------------------------------------------------------------


@jvp_rule(jnp.linalg.cholesky, nondiff_args=("upper", "symmetrize_input"))
def cholesky_jvp(ans, a, a_dot, upper=False, symmetrize_input=True):
    return cholesky_tangent(ans, a_dot, upper=upper, symmetrize_input=symmetrize_input)


@vjp_rule(jnp.linalg.cholesky)
def cholesky_vjp(ans_bar, ans, a, upper=False, symmetrize_input=True):
    return cholesky_cotangent(ans_bar, ans, upper=upper, symmetrize_input=symmetrize_input)


# An eigenvalue w_k of a symmetric a moves by v_k^T da v_k.
@jvp_rule(jnp.linalg.eigvalsh, nondiff_args=("UPLO", "symmetrize_input"))
def eigvalsh_jvp(a, a_dot, UPLO="L", symmetrize_input=True):
    return jnp.sum(jnp.linalg.eigh(a)[1] * jnp.matmul(a_dot, jnp.linalg.eigh(a)[1]), axis=-2)


@vjp_rule(jnp.linalg.eigvalsh)
def eigvalsh_vjp(ans_bar, a, UPLO="L", symmetrize_input=True):
    return jnp.matmul(jnp.linalg.eigh(a)[1] * jnp.expand_dims(ans_bar, -2),
                      jnp.swapaxes(jnp.linalg.eigh(a)[1], -1, -2))


@jvp_rule(jnp.linalg.matrix_power, nondiff_args=("n",))
def matrix_power_jvp(a, a_dot, n):
    return matrix_power_tangent(a, a_dot, n)


@vjp_rule(jnp.linalg.matrix_power)
def matrix_power_vjp(ans_bar, a, n):
    return matrix_power_cotangent(ans_bar, a, n)


# The trace of the last two axes is linear; its cotangent lies on the diagonal.
@jvp_rule(jnp.linalg.trace, nondiff_args=("offset",))
def trace_jvp(x, x_dot, offset=0):
    return jnp.linalg.trace(x_dot, offset=offset)


@vjp_rule(jnp.linalg.trace)
def trace_vjp(ans_bar, x, offset=0):
    return jnp.expand_dims(ans_bar, (-2, -1)) * jnp.eye(jnp.shape(x)[-2], jnp.shape(x)[-1],
                                                        offset)


# pinv: Golub and Pereyra's derivative, as JAX's (s2s/runtime_numeric.py).
@jvp_rule(jnp.linalg.pinv, nondiff_args=("rtol", "hermitian"))
def pinv_jvp(ans, a, a_dot, rtol=None, hermitian=False):
    return pinv_tangent(ans, a, a_dot, hermitian=hermitian)


@vjp_rule(jnp.linalg.pinv)
def pinv_vjp(ans_bar, ans, a, rtol=None, hermitian=False):
    return pinv_cotangent(ans_bar, ans, a, hermitian=hermitian)


@batch_rule(jnp.linalg.det, jnp.linalg.slogdet, jnp.linalg.inv, jnp.linalg.cholesky,
            jnp.linalg.pinv, jnp.linalg.eigvalsh, jnp.linalg.matrix_power, jnp.linalg.trace,
            slogdet_tangent)
def matrix_batch(batch, **operands):
    return batch.rebuild()


# --- lax.dot_general -----------------------------------------------------------------------
# Bilinear, so its jvp is the product rule; each cotangent is one einsum of the
# output's cotangent with the other operand (s2s/runtime_numeric.py), and a batch
# is one more einsum letter.
multilinear(lax.dot_general, static_argnums=(2,))   # the dimension numbers


@vjp_rule(lax.dot_general, nondiff_args=("dimension_numbers", "precision",
                                         "preferred_element_type"))
def dot_general_vjp(ans_bar, lhs, rhs, dimension_numbers, precision=None,
                    preferred_element_type=None):
    return (dot_general_cotangent_lhs(ans_bar, lhs, rhs, dimension_numbers),
            dot_general_cotangent_rhs(ans_bar, lhs, rhs, dimension_numbers))


@batch_rule(lax.dot_general)
def dot_general_batch(batch, lhs, rhs, dimension_numbers, **rest):
    numbers = batch.value(dimension_numbers, "the dimension numbers")
    letters = iter("abcdefghijklmnopqrstuvwxy")
    ls = [next(letters) for _ in range(batch.rank(lhs))]
    rs = [next(letters) for _ in range(batch.rank(rhs))]
    (lc, rc), (lb, rb) = numbers
    for i, j in zip(list(lc) + list(lb), list(rc) + list(rb)):
        rs[j] = ls[i]
    out = [ls[i] for i in lb] + [c for i, c in enumerate(ls) if i not in lc and i not in lb] + \
        [c for j, c in enumerate(rs) if j not in rc and j not in rb]
    return _batched_einsum(batch, ["".join(ls), "".join(rs)], "".join(out), [lhs, rhs])


zero_derivative(dot_general_specs)   # subscripts from shapes
