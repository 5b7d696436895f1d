"""Issue 32 item 3: every runtime helper is transformable by s2s in every mode.

Generated code calls the helpers of s2s/runtime*.py (unbroadcast, tree_add,
getitem_cotangent, ...), and generated code is itself transformed again (grad of
grad, jvp of grad, vmap of grad, jacfwd of jacrev). So each helper, called the
way generated code calls it, must go through s2s.grad, jvp, vjp, jacfwd, jacrev,
hessian, vmap, jit and vmap of grad, giving what JAX gives for the same Python
function (which JAX traces), in float64 at random inputs.

CASES below holds, for every helper, example calls `EXPR` over parameters a, b,
c, ... (the differentiable float64 arguments; indices, axes, modes and shapes are
literals in EXPR: they are not differentiable). Each becomes, in a module written
at test time (s2s reads real source), `def f(a, b): return EXPR` and a scalar
loss of it (for grad, hessian and vmap of grad). The helpers are discovered from
the runtime's registry (`runtime.HELPERS`, every `@helper` of s2s/runtime*.py),
cross-checked against the public functions those modules define; a helper
without a case (and not in NOT_DIFFERENTIABLE) fails
`test_every_helper_has_a_case`.

By default each helper's first case runs in one transformation (in turn along
CASES: about a minute); S2S_ALL_HELPER_MODES=1 runs every case in all nine
(about 15 minutes on one core). KNOWN lists what fails today for causes outside
the runtime's files, as strict xfails.
"""
import importlib.util
import inspect
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import runtime
from rule_examples import Pair   # a NamedTuple pytree argument

rng = np.random.default_rng(32_3)


def U(*shape, lo=-1.0, hi=1.0):
    return jnp.asarray(rng.uniform(lo, hi, shape))


def POS(*shape):
    return U(*shape, lo=0.5, hi=2.0)


def WELL(n):
    """A well-conditioned matrix (solves, inverses, powers)."""
    return U(n, n, lo=-0.3, hi=0.3) + 2.0 * jnp.eye(n)


def LOWER(n):
    """A Cholesky factor: lower triangular, positive diagonal."""
    return jnp.tril(U(n, n, lo=-0.3, hi=0.3)) + 1.5 * jnp.eye(n)


X_TIE = jnp.array([0.3, -0.2, 0.7, 0.5, -0.5])
Y_TIE = jnp.array([0.3, 0.1, 0.7, -0.4, 0.2])       # ties at entries 0 and 2
M_TIE = jnp.array([[0.5, 0.9, 0.9], [0.1, -0.3, 0.1]])
XP = jnp.array([-1.0, -0.4, 0.1, 0.5, 1.0])          # interp's sample points, increasing


class C:
    """One example: `expr` over parameters a, b, c, ... bound to `args` (statements
    before it, as generated code names a list before passing it, after `; `)."""

    def __init__(self, expr, *args):
        self.expr, self.args = expr, args


# Helpers that take no differentiable input at all (each needs a reason). Every
# other helper has a case in CASES: those that compute only shapes, axes, counts
# or masks are called where their result shapes a differentiable computation.
NOT_DIFFERENTIABLE = {}

CASES = {
    # --- s2s/runtime.py: cotangents, seeds, containers
    "max_weights": [C("max_weights(a) * a", X_TIE), C("max_weights(a, 1) * a", M_TIE)],
    "min_weights": [C("min_weights(a, 1) * a", M_TIE)],
    "abs_direction": [C("abs_direction(a) * a", U(3)),
                      C("abs_direction(a) * b", jnp.array([0.0, -1.0, 2.0]), U(3))],
    "prod_others": [C("prod_others(a, 0)", U(3, 2)), C("prod_others(a)", U(2, 3))],
    "unbroadcast": [C("unbroadcast(a, b)", U(2, 3), U(3)), C("unbroadcast(a, b)", U(2, 3), U(2, 1))],
    "cotangent_dtype": [C("cotangent_dtype(a, b)", U(2, 3), U(2, 3)),
                        C("cotangent_dtype(a * 1j, b)", U(3), U(3))],
    "list_append": [C("list_append([a], b)", U(3), U(3))],
    "zip_length": [C("zip_length(a, b) * a", U(3), U(2))],
    "grad_seed": [C("grad_seed(jnp.sum(a ** 2)) * a", U(3))],
    "check_real": [C("(check_real(a), a * 2.0)[1]", U(3))],
    "tree_add": [C("tree_add(a, b)", U(3), U(3)), C("tree_add([a, b], [b, a])", U(3), U(3))],
    "tree_zeros_like": [C("tree_zeros_like(a) + a", U(3))],
    "getitem_cotangent": [C("getitem_cotangent(a, 1, b)", U(3), U()),
                          C("getitem_cotangent(a, (slice(None), None), b)", U(3), U(3, 1)),
                          C("getitem_cotangent([a, b], 1, c)", U(3), U(2), U(2)),
                          C("getitem_cotangent([a, a], 1, (b, c))", U(2, 3), U(3), U(3)),
                          C("getitem_cotangent([a, a], 0, (b, c), 1)", U(3, 2), U(3), U(3))],
    "reduced_shape": [C("jnp.reshape(jnp.sum(a, 1), reduced_shape(a, 1)) * a", U(2, 3))],
    "inverse_permutation": [C("jnp.transpose(a, inverse_permutation((1, 2, 0), 3))", U(2, 3, 4))],
    "split_like": [C("split_like(a, [b, c], 0)", U(5), U(2), U(3)),
                   C("split_like(a, (b, c), None)", U(6), U(2), U(2, 2))],
    "stack_steps": [C("stack_steps([a, b])", U(3), U(3)), C("stack_steps([a, b], 1)", U(2, 3), U(2, 3))],
    "unstack_like": [C("unstack_like(a, [b, c], 0)", U(2, 3), U(3), U(3)),
                     C("unstack_like(a, (b, c), 1)", U(3, 2), U(3), U(3))],
    "unpacked_cotangent": [C("unpacked_cotangent(a, (b, c))", U(2, 3), U(3), U(3)),
                           C("unpacked_cotangent(a, (b, c), 1)", U(3, 2), U(3), U(3)),
                           C("unpacked_cotangent((a, b), (b, c))", U(3), U(3), U(3))],
    "item_cotangent": [C("item_cotangent(a, (b, c))", U(2, 3), U(3), U(3)),
                       C("item_cotangent(a, (b, c), 1)", U(3, 2), U(3), U(3)),
                       C("item_cotangent((a, b), (b, c))", U(3), U(3), U(3))],
    "item_parts": [C("item_parts(a, (b, c))", U(2, 3), U(3), U(3)),
                   C("item_parts(a, (b, c), 1)", U(3, 2), U(3), U(3)),
                   C("item_parts(a, b)", U(3), U(3))],
    "cotangent_parts": [C("cotangent_parts(a, b, (c, c))", U(2, 3), U(2, 3), U(3)),
                        C("cotangent_parts(a, b, (c, c), 1)", U(3, 2), U(3, 2), U(3)),
                        C("cotangent_parts((a, b), (a, b), (c, c))", U(3), U(3), U(3))],
    "zeros_like": [C("zeros_like(a) + a * b", U(3), U(3))],
    "add_at": [C("add_at(a, 1, b)", U(3), U()), C("add_at([a, b], 0, c)", U(3), U(2), U(3)),
               C("add_at([a], 0, (b, c))", U(2, 3), U(3), U(3))],
    "set_item": [C("set_item([a, b], 0, c)", U(3), U(3), U(3))],
    "set_item_cotangent": [C("set_item_cotangent([a, b], [c, c], 0)", U(3), U(3), U(3))],
    "list_concat": [C("list_concat([a], [b])", U(3), U(2))],
    "list_repeat": [C("list_repeat([a], 2)", U(3))],
    "list_repeat_cotangent": [C("list_repeat_cotangent([a, b], [c], 2)", U(3), U(3), U(3))],
    # (a NamedTuple pytree argument; vmap of both: tests/test_pytree_fields.py)
    "field": [C("field(a, 'q') * 2.0", Pair(U(3), U(3)))],
    "field_cotangent": [C("field_cotangent(a, 'q', b)", Pair(U(3), U(3)), U(3))],
    "dict_keys": [C("a * len(dict_keys({'p': a, 'q': b}))", U(3), U(2))],
    "tie_share": [C("tie_share(a, b, jnp.maximum(a, b)) * a", X_TIE, Y_TIE)],
    # --- s2s/runtime_linalg.py: products' axes and cotangents
    "dot_axes": [C("jnp.tensordot(a, b, dot_axes(a, b))", U(2, 3), U(3))],
    "inner_axes": [C("jnp.tensordot(a, b, inner_axes(a, b))", U(2, 3), U(4, 3))],
    "tensordot_cotangent_axes": [C("jnp.transpose(jnp.tensordot(c, b, "
                                   "tensordot_cotangent_axes(a, b, 1, 0)[0]), "
                                   "tensordot_cotangent_axes(a, b, 1, 0)[1]) * a",
                                   U(2, 3), U(3, 4), U(2, 4))],
    "matmul_shapes": [C("jnp.reshape(a, matmul_shapes(a, b)[0]) @ b", U(3), U(3, 2))],
    "explicit_sharding": [C("a @ b if explicit_sharding(a) is None else a", U(2, 3), U(3, 2))],
    "kron_shapes": [C("jnp.reshape(jnp.kron(a, b), kron_shapes(a, b)[0])", U(2, 3), U(2, 2))],
    "tensordot_cotangent_a": [C("tensordot_cotangent_a(c, a, b, 1)", U(2, 3), U(3, 4), U(2, 4)),
                              C("tensordot_cotangent_a(c, a, b, ((0,), (1,)))", U(2, 3), U(4, 2),
                                U(3, 4))],
    "tensordot_cotangent_b": [C("tensordot_cotangent_b(c, a, b, 1)", U(2, 3), U(3, 4), U(2, 4))],
    "dot_cotangent_a": [C("dot_cotangent_a(c, a, b)", U(2, 3), U(3, 4), U(2, 4)),
                        C("dot_cotangent_a(c, a, b)", U(2, 3), U(3), U(2))],
    "dot_cotangent_b": [C("dot_cotangent_b(c, a, b)", U(2, 3), U(3, 4), U(2, 4)),
                        C("dot_cotangent_b(c, a, b)", U(3), U(3), U())],
    "inner_cotangent_a": [C("inner_cotangent_a(c, a, b)", U(2, 3), U(4, 3), U(2, 4))],
    "inner_cotangent_b": [C("inner_cotangent_b(c, a, b)", U(2, 3), U(4, 3), U(2, 4))],
    "matmul_cotangent_a": [C("matmul_cotangent_a(c, a, b)", U(2, 3), U(3, 4), U(2, 4)),
                           C("matmul_cotangent_a(c, a, b)", U(3), U(3, 2), U(2))],
    "matmul_cotangent_b": [C("matmul_cotangent_b(c, a, b)", U(2, 3), U(3, 4), U(2, 4)),
                           C("matmul_cotangent_b(c, a, b)", U(2, 3), U(3), U(2))],
    "kron_cotangent_a": [C("kron_cotangent_a(c, a, b)", U(2, 3), U(2, 2), U(4, 6))],
    "kron_cotangent_b": [C("kron_cotangent_b(c, a, b)", U(2, 3), U(2, 2), U(4, 6))],
    # --- s2s/runtime_batch.py: what vmap's code calls
    # (each first with its lists named, then written in the call, as vmap's code does)
    "broadcast_tree": [C("xs = [a, b]; broadcast_tree(xs, 2)", U(3), U(2, 2)),
                       C("broadcast_tree([a, b], 2)", U(3), U(2, 2))],
    "where_tree": [C("xs = [a, b]; ys = [2.0 * a, b ** 2]; where_tree(b > 0.0, xs, ys)", U(4, 3),
                     U(4)),
                   C("where_tree(b > 0.0, [a, b], [2.0 * a, b ** 2])", U(4, 3), U(4))],
    "batch_size_of": [C("xs = [b, a]; a * batch_size_of(xs)", U(3), U(2, 2)),
                      C("a * batch_size_of([b, a])", U(3), U(2, 2))],
    "unbroadcast_batched": [C("unbroadcast_batched(a, b, True)", U(2, 3, 4), U(2, 1, 4)),
                            C("unbroadcast_batched(a, b, False)", U(2, 3, 4), U(4))],
    "unpack_examples": [C("unpack_examples(a)", U(2, 3)),
                        C("xs = (a, b); unpack_examples(xs)", U(2), U(3)),
                        C("unpack_examples((a, b))", U(2), U(3))],
    # collectives' cotangents and batched forms (over no named axis, `()`, they are
    # the collective of one example; over a vmap's axis: tests/test_collectives.py)
    "psum_cotangent": [C("psum_cotangent(a * b, ())", U(3), U(3))],
    "pmean_cotangent": [C("pmean_cotangent(a * b, ())", U(3), U(3))],
    "all_gather_cotangent": [C("all_gather_cotangent(a * b, ())", U(1, 3), U(1, 3))],
    "psum_scatter_cotangent": [C("psum_scatter_cotangent(a * b, ())", U(3), U(3))],
    "all_gather_batched": [C("all_gather_batched(a * b)", U(2, 3), U(2, 3)),
                           C("all_gather_batched(a, 1, True)", U(2, 3, 2))],
    "psum_scatter_batched": [C("psum_scatter_batched(a * b)", U(3, 3, 2), U(3, 3, 2)),
                             C("psum_scatter_batched(a, 1, True)", U(2, 3, 4))],
    "array_of_examples": [C("xs = [[a, b], [1.0, a]]; array_of_examples(xs, 3)", U(3), U(3)),
                          C("array_of_examples([[a, b], [1.0, a]], 3)", U(3), U(3))],
    # --- s2s/runtime_numeric.py: cumulative products, norms, determinants, solves
    "cumprod_tangent": [C("cumprod_tangent(a, b, 1)", U(2, 3), U(2, 3)),
                        C("cumprod_tangent(a, b)", U(2, 2), U(2, 2))],
    "cumprod_cotangent": [C("cumprod_cotangent(a, b, 0)", U(3, 2), U(3, 2)),
                          C("cumprod_cotangent(a, b)", U(4), U(2, 2))],
    "diff_tangent": [C("diff_tangent(a, 2, 0)", U(4, 2)),
                     C("diff_tangent(a, 1, -1, b, c)", U(4), U(), U(2))],
    "diff_cotangent": [C("diff_cotangent(a, b, 2)", U(3), U(5)),
                       C("diff_cotangent(a, b, 1, -1, prepend=c)", U(4), U(4), U())],
    "norm_weights": [C("norm_weights(a)", U(2, 3)), C("norm_weights(a, 3, 1)", U(2, 3)),
                     C("norm_weights(a, 1, 0)", U(3, 2)), C("norm_weights(a, 1)", U(2, 3)),
                     C("norm_weights(a, 2)", U(3, 2))],
    "slogdet_tangent": [C("slogdet_tangent(a)", U(3))],
    "adjugate": [C("adjugate(a)", WELL(3))],
    "solve_product": [C("solve_product(a, b, c)", U(3, 3), U(3), U(3)),
                      C("solve_product(a, b, c)", U(3, 3), U(3, 2), U(3, 2))],
    "solve_like": [C("solve_like(a, b, c)", WELL(3), U(3), U(3)),
                   C("solve_like(a, b, c)", WELL(3), U(3, 2), U(3, 2))],
    "solve_cotangent_a": [C("solve_cotangent_a(a, b, c, d)", U(3), U(3), WELL(3), U(3)),
                          C("solve_cotangent_a(a, b, c, d)", U(3, 2), U(3, 2), WELL(3), U(3, 2))],
    "cholesky_tangent": [C("cholesky_tangent(a, b)", LOWER(3), U(3, 3)),
                         C("cholesky_tangent(a, b, upper=True)", LOWER(3).T, U(3, 3))],
    "cholesky_cotangent": [C("cholesky_cotangent(a, b)", U(3, 3), LOWER(3))],
    "matrix_power_tangent": [C("matrix_power_tangent(a, b, 3)", U(2, 2), U(2, 2)),
                             C("matrix_power_tangent(a, b, -2)", WELL(2), U(2, 2))],
    "matrix_power_cotangent": [C("matrix_power_cotangent(a, b, 3)", U(2, 2), U(2, 2)),
                               C("matrix_power_cotangent(a, b, -2)", U(2, 2), WELL(2))],
    "dot_general_specs": [C("jnp.sum(a) * len(dot_general_specs(a, b, (((1,), (0,)), ((), ())))[2])",
                            U(2, 3), U(3, 4))],
    "dot_general_cotangent_lhs": [C("dot_general_cotangent_lhs(c, a, b, (((1,), (0,)), ((), ())))",
                                    U(2, 3), U(3, 4), U(2, 4)),
                                  C("dot_general_cotangent_lhs(c, a, b, (((2,), (2,)), ((0,), (0,))))",
                                    U(2, 2, 3), U(2, 4, 3), U(2, 2, 4))],
    "dot_general_cotangent_rhs": [C("dot_general_cotangent_rhs(c, a, b, (((1,), (0,)), ((), ())))",
                                    U(2, 3), U(3, 4), U(2, 4)),
                                  C("dot_general_cotangent_rhs(c, a, b, (((0, 2), (1, 0)), ((1,), "
                                    "(2,))))", U(3, 2, 2), U(2, 3, 2), U(2))],
    "cumulative_sum_cotangent": [C("cumulative_sum_cotangent(a, b, 1, True)", U(2, 4), U(2, 3)),
                                 C("cumulative_sum_cotangent(a, b)", U(3), U(3))],
    "cumulative_prod_tangent": [C("cumulative_prod_tangent(a, b, 1, True)", U(2, 3), U(2, 3))],
    "cumulative_prod_cotangent": [C("cumulative_prod_cotangent(a, b, 1, True)", U(2, 4), U(2, 3))],
    "pinv_tangent": [C("pinv_tangent(a, b, c)", U(3, 2), U(2, 3), U(2, 3)),
                     C("pinv_tangent(a, b, c, hermitian=True)", U(2, 2), U(2, 2), U(2, 2))],
    "pinv_cotangent": [C("pinv_cotangent(a, b, c)", U(3, 2), U(3, 2), U(2, 3))],
    # --- s2s/runtime_poly.py: convolutions, polynomials, trapezoids, quantiles
    "convolve_cotangent_a": [C("convolve_cotangent_a(a, b, c)", U(6), U(4), U(3)),
                             C("convolve_cotangent_a(a, b, c, 'same')", U(4), U(4), U(3))],
    "convolve_cotangent_v": [C("convolve_cotangent_v(a, b, c)", U(6), U(4), U(3))],
    "correlate_cotangent_a": [C("correlate_cotangent_a(a, b, c)", U(2), U(4), U(3))],
    "correlate_cotangent_v": [C("correlate_cotangent_v(a, b, c, 'full')", U(6), U(4), U(3))],
    "convolve_rows": [C("convolve_rows(a, b)", U(2, 4), U(2, 3)),
                      C("convolve_rows(a, b, 'same', 'correlate')", U(2, 4), U(2, 3))],
    "polyval_rows": [C("polyval_rows(a, b)", U(2, 3), U(2, 4))],
    "polyder_rows": [C("polyder_rows(a)", U(2, 4)), C("polyder_rows(a, 2)", U(2, 4))],
    "polyint_rows": [C("polyint_rows(a)", U(2, 3))],
    "trapezoid_weights": [C("trapezoid_weights(a, b) * a", U(4), U(4)),
                          C("trapezoid_weights(a, dx=b, axis=0) * a", U(3, 2), U())],
    "quantile_tangent": [C("quantile_tangent(a, b, c)", U(5), U(lo=0.1, hi=0.9), U(5)),
                         C("quantile_tangent(a, b, c, axis=1, keepdims=True)", U(2, 4),
                           U(lo=0.1, hi=0.9), U(2, 4))],
    "quantile_slope": [C("quantile_slope(a, b) * a", U(5), U(lo=0.1, hi=0.9))],
    "quantile_cotangent": [C("quantile_cotangent(a, b, c)", U(), U(5), U(lo=0.1, hi=0.9)),
                           C("quantile_cotangent(a, b, c, axis=1)", U(2), U(2, 4),
                             U(lo=0.1, hi=0.9))],
    "q_shape": [C("jnp.reshape(a, q_shape(a, b)) * b", U(2), U(2, 3))],
    # --- s2s/runtime_shape.py: cotangents of reads, and their bookkeeping
    "take_cotangent": [C("take_cotangent(a, b, jnp.array([0, 2, 2]))", U(3), U(4)),
                       C("take_cotangent(a, b, jnp.array([1, 1]), axis=1)", U(2, 2), U(2, 3)),
                       C("take_cotangent(a, b, jnp.array([0, 5]), axis=0, mode='clip')", U(2),
                         U(3))],
    "take_along_axis_cotangent": [
        C("take_along_axis_cotangent(a, b, jnp.array([[0, 0], [2, 1]]), axis=1)", U(2, 2), U(2, 3))],
    "diagonal_cotangent": [C("diagonal_cotangent(a, b, 1)", U(2), U(3, 3))],
    "tile_cotangent": [C("tile_cotangent(a, b, (2, 1))", U(4, 3), U(2, 3)),
                       C("tile_cotangent(a, b, 2)", U(2, 4), U(2, 2))],
    "repeat_cotangent": [C("repeat_cotangent(a, b, 2)", U(6), U(3)),
                         C("repeat_cotangent(a, b, 2, 1)", U(2, 6), U(2, 3))],
    "copying_pad_mode": [C("jnp.pad(a, 1, mode=copying_pad_mode('edge'))", U(3))],
    "pad_cotangent": [C("pad_cotangent(a, b, 1)", U(5), U(3)),
                      C("pad_cotangent(a, b, 1, mode='reflect')", U(5), U(3))],
    "split_stacked": [C("split_stacked(a, [b, c], 'hstack')", U(5), U(2), U(3)),
                      C("split_stacked(a, [b, c], 'vstack')", U(2, 3), U(3), U(3))],
    "resize_cotangent": [C("resize_cotangent(a, b)", U(3, 3), U(2, 2))],
    "delete_cotangent": [C("delete_cotangent(a, b, 1)", U(3), U(4))],
    "rollaxis_cotangent": [C("rollaxis_cotangent(a, b, 2)", U(4, 2, 3), U(2, 3, 4))],
    "slice_at": [C("slice_at(a, (1,), (2,))", U(4))],
    "update_slice_at": [C("update_slice_at(a, b, (1,))", U(4), U(2))],
    "diag_cotangent": [C("diag_cotangent(a, b)", U(3, 3), U(3)),
                       C("diag_cotangent(a, b, 1)", U(2), U(3, 3))],
    "is_inexact": [C("a * is_inexact(b.dtype)", U(3), U(3))],
    "partition_order": [C("jnp.take_along_axis(a, partition_order(a, 1, axis=0), axis=0)", U(4, 2))],
    "select_cotangent": [C("select_cotangent(a, [b > 0.0, b > 0.5], [b, c])", U(4), U(4), U(4)),
                         C("select_cotangent(a, [b > 0.0, c > 0.5], [b, c])", U(2, 3), U(2, 3),
                           U(1, 3))],
    "none_hold": [C("jnp.where(none_hold([a > 0.5, b > 0.0]), a, b)", U(2, 3), U(3))],
    "vander_powers": [C("a ** vander_powers(a)", POS(3))],
    "meshgrid_cotangent": [C("meshgrid_cotangent(a, b, 0)", U(2, 3), U(3)),
                           C("meshgrid_cotangent(a, b, 1, indexing='ij')", U(2, 3, 4), U(3))],
    "spread_along_grid": [C("spread_along_grid(a, b, 1)", U(2), U(2, 3))],
    "choose_cotangent": [C("choose_cotangent(a, jnp.array([0, 1, 1]), [b, c], mode='clip')",
                           U(3), U(3), U(3))],
    # --- s2s/runtime_special.py
    "special_erf": [C("special_erf(a)", U(4))],
    "special_digamma": [C("special_digamma(a)", POS(4))],
    "special_polygamma": [C("special_polygamma(1, a)", POS(4))],
    "special_i1": [C("special_i1(a * 2.0)", U(4))],
    # --- s2s/runtime_stats.py: averages, ediff1d, cross products, interp, cov, corrcoef
    "average_weights_shape": [C("jnp.reshape(b, average_weights_shape(a, 0, b)) * a", U(3, 2), U(3))],
    "average_weights": [C("average_weights(a, 0, b) * a", U(3, 2), U(3)),
                        C("average_weights(a) * a", U(3))],
    "ediff1d_tangent": [C("ediff1d_tangent(a, b, c)", U(2, 3), U(2), U())],
    "ediff1d_cotangent": [C("ediff1d_cotangent(a, b, to_begin=c)", U(7), U(2, 3), U(2))],
    "cross_cotangent_a": [C("cross_cotangent_a(a, b, c)", U(2, 3), U(2, 3), U(3)),
                          C("cross_cotangent_a(a, b, c)", U(), U(2), U(2))],
    "cross_cotangent_b": [C("cross_cotangent_b(a, b, c)", U(2, 3), U(2, 3), U(3))],
    "interp_tangent": [C("interp_tangent(a, b, c, d, e, f)", U(4, lo=-1.2, hi=1.2), XP, U(5),
                         U(4), U(5), U(5))],
    "interp_cotangents": [C("interp_cotangents(a, b, c, d)", U(4), U(4, lo=-1.2, hi=1.2), XP,
                            U(5))],
    "cov_tangent": [C("cov_tangent(a, b)", U(2, 5), U(2, 5)),
                    C("cov_tangent(a, b, rowvar=False, ddof=0)", U(5, 2), U(5, 2))],
    "cov_cotangent": [C("cov_cotangent(a, b)", U(2, 2), U(2, 5))],
    "cov_rows": [C("cov_rows(a)", U(3, 2, 5)), C("cov_rows(a, bias=True)", U(3, 4))],
    "corrcoef_tangent": [C("corrcoef_tangent(a, b)", U(2, 5), U(2, 5))],
    "corrcoef_cotangent": [C("corrcoef_cotangent(a, b)", U(2, 2), U(2, 5))],
    "corrcoef_rows": [C("corrcoef_rows(a)", U(3, 2, 5))],
}

TRANSFORMS = ("grad", "jvp", "vjp", "jacfwd", "jacrev", "hessian", "vmap", "jit", "vmap_grad")
# Every case in every transformation takes about 15 minutes on one core, too
# long for every test run: by default each helper's first case runs in one of
# the nine, in turn along CASES (about a minute). S2S_ALL_HELPER_MODES=1 runs
# every case in all nine (as CI's long run, and after changing a helper or a rule).
ALL_MODES = os.environ.get("S2S_ALL_HELPER_MODES") == "1"


# --- which helpers there are ---------------------------------------------------------------

RUNTIME_MODULES = (runtime,) + runtime.FAMILIES
# runtime.py's own machinery and what the rules ask at transform time,
# not called by generated code
NOT_HELPERS = {"defines", "helper", "adds_axes_only", "promotion_undone"}


def public_functions():
    """Every public function the runtime modules define (not ones they import)."""
    return {name for m in RUNTIME_MODULES for name, v in vars(m).items()
            if not name.startswith("_") and inspect.isfunction(v) and v.__module__ == m.__name__}


def runtime_helpers():
    """runtime.HELPERS registered by s2s/runtime*.py. (s2s.jit's control-flow
    helpers and by_jax's register there too, once imported: they run under
    jax.jit and are never transformed again, as grad(jit(f)) is jit(grad(f)).)"""
    modules = {m.__name__ for m in RUNTIME_MODULES}
    return {name: fn for name, fn in runtime.HELPERS.items() if fn.__module__ in modules}


def test_the_registry_is_every_public_runtime_function():
    """What generated code can call is runtime.HELPERS (s2s/driver.py puts those
    names in its namespace): every public function of s2s/runtime*.py but the
    registry's own machinery, each under its own name."""
    assert set(runtime_helpers()) == public_functions() - NOT_HELPERS
    assert all(fn.__name__ == name for name, fn in runtime.HELPERS.items())


def test_every_helper_has_a_case():
    """A helper added without a case here fails: add it to CASES."""
    missing = sorted(set(runtime_helpers()) - set(CASES) - set(NOT_DIFFERENTIABLE))
    assert not missing, f"no case in tests/test_runtime_helpers_transformable.py for {missing}"
    stale = sorted((set(CASES) | set(NOT_DIFFERENTIABLE)) - set(runtime_helpers()))
    assert not stale, f"cases for names that are not runtime helpers: {stale}"
    for name, cases in CASES.items():   # each case calls its helper
        assert all(name + "(" in case.expr for case in cases), name


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return cases_module(tmp_path_factory.mktemp("runtime_helpers"))


def test_generated_code_calls_helpers_by_their_registered_names(cases):
    """Every bare name that generated code calls, beyond Python's builtins and the
    user's own names, is a registered helper: a gradient, a vmap and a hessian
    of a loss through a product, a broadcast and a slice."""
    import builtins
    import gast
    mod = cases
    loss, args = mod.loss_prod_others_0, CASES["prod_others"][0].args
    called = set()
    for fn in (s2s.grad(loss), s2s.vmap(loss), s2s.jacfwd(s2s.grad(loss))):
        fn(*args)
        try:
            text = s2s.source(fn)
        except s2s.S2SError:
            continue
        tree = gast.parse(text)
        defined = {n.name for n in gast.walk(tree) if isinstance(n, gast.FunctionDef)} | {
            t.id for n in gast.walk(tree) if isinstance(n, gast.Assign)
            for t in n.targets if isinstance(t, gast.Name)}
        called |= {n.func.id for n in gast.walk(tree) if isinstance(n, gast.Call)
                   and isinstance(n.func, gast.Name) and n.func.id not in defined}
    assert {"prod_others", "reduced_shape", "grad_seed"} & called
    # (less the functions s2s generated for callees: prod_others_vjp, out_pullback)
    generated = {n for n in called if any(f"_{t}" in n for t in ("vjp", "jvp", "vmap", "grad",
                                                                "pullback"))}
    unknown = called - generated - set(runtime.HELPERS) - set(dir(builtins)) - set(vars(mod))
    assert not unknown, f"generated code calls {sorted(unknown)}, which are not helpers"


# --- the user module the cases live in ------------------------------------------------------

HEADER = "import jax\nimport jax.numpy as jnp\nfrom s2s.runtime import *  # noqa\n"
_MODULE = []


def _leaves(expr, args):
    """How the loss reads the case's output: None for an array, else its item count."""
    scope = dict(zip("abcdef", args))
    *stmts, last = expr.split("; ")
    for stmt in stmts:
        exec(stmt, _scope(), scope)
    out = eval(last, _scope(), scope)
    return len(out) if isinstance(out, (list, tuple)) else None


def _body(expr, result):
    """The function body of a case: its statements, then `result = EXPR`."""
    *stmts, last = expr.split("; ")
    return "".join(f"    {stmt}\n" for stmt in stmts) + f"    {result}{last}\n"


def _scope():
    scope = {"jnp": jnp, "jax": jax}
    scope.update(runtime.HELPERS)
    return scope


def _loss_expr(n):
    # sin: a nonlinear loss, so hessian and vmap of grad reach the helper's own
    # derivative rules (a linear helper's second derivative is its jvp of its vjp)
    if n is None:
        return "jnp.sum(jnp.sin(out))"
    return " + ".join(f"jnp.sum(jnp.sin(out[{i}]))" for i in range(n))


def cases_module(directory=None):
    """The module of every case's f_ and loss_ functions, written once."""
    if _MODULE:
        return _MODULE[0]
    lines = [HEADER]
    for name, cases in CASES.items():
        for i, case in enumerate(cases):
            params = ", ".join("abcdef"[:len(case.args)])
            lines.append(f"def f_{name}_{i}({params}):\n" + _body(case.expr, "return "))
            lines.append(f"def loss_{name}_{i}({params}):\n" + _body(case.expr, "out = ")
                         + f"    return {_loss_expr(_leaves(case.expr, case.args))}\n")
    path = f"{directory}/runtime_helper_cases.py"
    with open(path, "w") as out:
        out.write("\n\n".join(lines))
    spec = importlib.util.spec_from_file_location("runtime_helper_cases", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["runtime_helper_cases"] = mod
    spec.loader.exec_module(mod)
    _MODULE.append(mod)
    return mod


# --- running a transformation in s2s and in JAX ---------------------------------------------

def _like(x, seed):
    r = np.random.default_rng(seed)
    return jax.tree_util.tree_map(lambda v: jnp.asarray(r.uniform(-1, 1, np.shape(v))), x)


def run(lib, transform, f, loss, args):
    argnums = tuple(range(len(args)))
    if transform == "grad":
        return lib.grad(loss, argnums)(*args)
    if transform == "jvp":
        return lib.jvp(f, args, _like(args, 1))
    if transform == "vjp":
        out, pullback = lib.vjp(f, *args)
        return out, pullback(_like(out, 2))
    if transform in ("jacfwd", "jacrev"):
        return getattr(lib, transform)(f, argnums)(*args)
    if transform == "hessian":
        return lib.hessian(loss, argnums)(*args)
    if transform == "jit":
        return lib.jit(f)(*args)
    # three examples, scaled copies: (0.9, 1] keeps ties, signs and orderings
    batched = jax.tree_util.tree_map(lambda a: jnp.stack([a * s for s in (1.0, 0.95, 0.9)]), args)
    if transform == "vmap":
        return lib.vmap(f)(*batched)
    if transform == "vmap_grad":
        return lib.vmap(lib.grad(loss, argnums))(*batched)
    raise ValueError(transform)


def assert_same(got, want):
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert np.shape(g) == np.shape(w), f"shape {np.shape(g)} != JAX's {np.shape(w)}"
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-7, atol=1e-9)


# (helper, its cases, transformations) -> why they fail today, each outside the
# files of the runtime (strict: a fix makes the test pass, and the entry goes)
FIRST_ORDER = ("grad", "jvp", "vjp", "jacfwd")
LITERAL_LIST = ("s2s crashes on a runtime helper called with a list or tuple written in the "
                "call (AttributeError: 'List' object has no attribute 'id', in "
                "s2s/passes/reverse_contributions.py bind_call, which reads every operand's "
                ".id); a user function's list argument works, and so does the helper with "
                "the list named first (case 0)")
TREE_MAP = ("the helper's jax.tree_util.tree_map(lambda ...) is a nested function, which "
            "s2s's batch pass refuses: 's2s cannot batch this statement (FunctionDef)'")
DEPTH = ("array_of_examples counts the lists' depth in a loop over isinstance(first, list): "
         "s2s takes the depth as depending on the differentiated leaves (refused as "
         "jnp.moveaxis's source axis) and has no batch rule for isinstance")
KNOWN = {
    ("split_like", (1,), ("jacrev", "hessian", "vmap_grad")):
        "split_like's vjp rule with axis=None is jnp.concatenate(ans_bar, axis=None), which "
        "s2s/rules/shape.py's concatenate batch rule refuses ('s2s cannot batch "
        "jnp.concatenate with axis=None')",
    ("broadcast_tree", (1,), FIRST_ORDER): LITERAL_LIST,
    ("broadcast_tree", (0, 1), ("vmap_grad",)): TREE_MAP,
    ("where_tree", (1,), FIRST_ORDER): LITERAL_LIST,
    ("where_tree", (0, 1), ("vmap", "vmap_grad")): TREE_MAP,
    ("batch_size_of", (1,), FIRST_ORDER): LITERAL_LIST,
    ("unpack_examples", (2,), FIRST_ORDER): LITERAL_LIST,
    ("unpack_examples", (0,), ("hessian", "vmap_grad")):
        "the gradient of a read of the tuple the helper returns (jnp.unstack's), as vmap's "
        "and jvp's probes specialize it, adds the read's cotangent into that tuple as into "
        "an array: 'tuple' object has no attribute 'at'",
    ("array_of_examples", (1,), ("grad", "vjp")): LITERAL_LIST,
    ("array_of_examples", (0, 1), ("grad", "jvp", "vjp", "jacfwd", "jacrev", "hessian", "vmap",
                                   "vmap_grad")): DEPTH,
    ("select_cotangent", (0, 1), ("jacrev", "hessian", "vmap_grad")):
        "select_cotangent's vjp rule writes jnp.select(condlist, ans_bar, 0.0) with the "
        "cotangents as a name, and s2s/rules/indexing_more.py's jnp.select batch rule needs "
        "the choices written in the call",
    ("interp_tangent", (0,), ("vmap_grad",)):
        "the helper reads xp[i] and fp_dot[i] at an index array i (one per x); the cotangent "
        "of such a read, .at[i].add, is batched only for one integer index per example "
        "(s2s/rules/indexing.py; jnp.take instead is refused: i counts as differentiated)",
}
KNOWN[("interp_cotangents", (0,), ("vmap_grad",))] = KNOWN[("interp_tangent", (0,), ("vmap_grad",))]


def _known(name, i, transform):
    for (n, cases, transforms), reason in KNOWN.items():
        if n == name and i in cases and transform in transforms:
            return reason
    return None


def _params():
    for k, (name, cases) in enumerate(CASES.items()):
        for i, case in enumerate(cases):
            for transform in TRANSFORMS:
                if not ALL_MODES and (i > 0 or transform != TRANSFORMS[k % len(TRANSFORMS)]):
                    continue
                reason = _known(name, i, transform)
                marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
                yield pytest.param(name, i, transform, id=f"{name}-{i}-{transform}",
                                   marks=marks)


@pytest.mark.parametrize("name, i, transform", list(_params()))
def test_helper_under_transformation(cases, name, i, transform):
    case = CASES[name][i]
    mod = cases
    f, loss = getattr(mod, f"f_{name}_{i}"), getattr(mod, f"loss_{name}_{i}")
    # JAX's side under jax.jit: one compilation instead of one per operation
    # (eager JAX's second derivatives dominated this file's time)
    want = jax.jit(lambda *args: run(jax, transform, f, loss, args))(*case.args)
    got = run(s2s, transform, f, loss, case.args)
    assert_same(got, want)
