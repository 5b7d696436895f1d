"""Every primitive's vjp rule, checked numerically against jax.vjp.

Each case is a tiny user function run through `s2s.vjp` and `jax.vjp` at the
same random float64 primals and a random cotangent; primal outputs,
cotangents and their shapes and dtypes must agree. The cases are those of
tests/test_rules_jvp.py (same functions, same input domains), then cases that
matter most in reverse mode: broadcasting that the cotangent must be summed
back over, ties, reductions over every kind of axis, every rank combination of
the products, lists of arrays (concatenate, stack), index reads and updates.
Each case is also differentiated with `s2s.grad` (of a weighted sum of its
output), and a few composite losses use every rule directly inside the
function `s2s.grad` differentiates. Functions JAX itself cannot trace
(numpy/math calls, `x[i] = v`) are compared with an equivalent jax.numpy
reference.
"""
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import runtime
from s2s.rules.linalg import einsum_operand_spec

rng = np.random.default_rng(20240612)

RTOL, ATOL = 1e-9, 1e-12


def U(*shape, lo=-1.0, hi=1.0):
    """Uniform float64 array in [lo, hi)."""
    return jnp.asarray(rng.uniform(lo, hi, shape))


def POS(*shape):
    return U(*shape, lo=0.5, hi=2.0)


# Constant (never differentiated) operands, read as module globals.
C3 = U(3)
C23 = U(2, 3)
IDX = jnp.array([0, 2, 2])

# Inputs with ties / special points.
X_TIE = jnp.array([0.3, -0.2, 0.7, 0.5, -0.5])
Y_TIE = jnp.array([0.3, 0.1, 0.7, -0.4, 0.2])       # ties at entries 0 and 2
X_CLIP = jnp.array([-0.9, -0.5, 0.0, 0.2, 0.5, 0.8])  # hits both bounds exactly
M_TIE = jnp.array([[0.5, 0.9, 0.9], [0.1, -0.3, 0.1]])  # ties in max/min rows
M_ZERO = jnp.array([[0.5, 0.0, 1.5], [2.0, -1.0, 0.7]])  # one zero (prod)
M_ZEROS = jnp.array([[0.0, 0.0, 1.5], [2.0, -1.0, 0.7]])  # two zeros in a row
T_TIE = jnp.array([[[0.5, 0.9], [0.9, 0.1]], [[0.9, -0.3], [0.2, 0.9]]])  # ties across axes

CASES = []


def case(*args, ref=None, name=None, marks=()):
    """Register the decorated function with primal arguments `args`."""
    def register(fn):
        CASES.append(pytest.param(fn, ref or fn, args, id=name or fn.__name__, marks=marks))
        return fn
    return register


def also(*args, ref=None, name=None, marks=()):
    """Another argument set for the function registered just before."""
    fn, ref_before, _ = CASES[-1].values
    CASES.append(pytest.param(fn, ref or ref_before, args, id=name, marks=marks))


# --- every case of tests/test_rules_jvp.py, in reverse mode too -------------------------
# (each primitive at inputs inside its domain, broadcasting, ties, axes, indexing,
# methods, numpy and math calls); the cases below add what matters in reverse.
import test_rules_jvp  # noqa: E402
from test_rules_jvp import (  # noqa: E402  (cases the checks below use again)
    at_add_slice,
    fn_abs,
    fn_clip,
    op_pow,
    red_max_axis1,
    red_mean_keepdims,
    red_prod_axis1_keepdims,
    red_std_ddof,
    red_var_ddof)

CASES.extend(test_rules_jvp.CASES)


# =======================================================================================
# Cases that matter most in reverse mode.
# =======================================================================================

# --- broadcasting: each cotangent is summed back down to its operand's shape -----------
# (the binary functions of tests/test_rules_jvp.py, at broadcasting shapes)
from test_rules_jvp import (b_add, b_arctan2, b_div, b_logaddexp, b_maximum,  # noqa: E402
                            b_minimum, b_mod, b_mul, b_pow, b_sub)


def bc_where(x, y):
    return jnp.where(x > y, x, y)


def bc_power(x, y):
    return jnp.power(x, y)


BROADCAST_FNS = [b_add, b_sub, b_mul, b_div, b_pow, b_mod, b_arctan2, b_maximum,
                 b_minimum, b_logaddexp, bc_where, bc_power]
BROADCAST_SHAPES = [((3, 1), (1, 4)), ((), (3,)), ((3,), ()), ((2, 3), (3,)), ((3,), (2, 3)),
                    ((2, 1, 3), (4, 1)), ((1,), (2, 3))]
POSITIVE_OPERAND = {b_div: 1, b_mod: 1, b_pow: 0, bc_power: 0}


def _broadcast_args(fn, shapes):
    return tuple(POS(*s) if POSITIVE_OPERAND.get(fn) == i else U(*s)
                 for i, s in enumerate(shapes))


for _fn in BROADCAST_FNS:
    for _shapes in BROADCAST_SHAPES:
        CASES.append(pytest.param(_fn, _fn, _broadcast_args(_fn, _shapes),
                                  id=f"{_fn.__name__}-{_shapes[0]}-{_shapes[1]}"))


@case(U(3, 1), U(1, 4), U(4))
def bc_clip(x, lo, hi):
    return jnp.clip(x, lo - 1.0, hi + 1.0)


also(U(3, 1, lo=-3.0, hi=3.0), U(1, 4), U(4), name="bc_clip-wide")


@case(U(), U(2, 3))
def bc_scalar_chain(s, x):
    return jnp.sin(s) * x + s / (x + 3.0) - s ** 2


# --- ties, split evenly like JAX ---------------------------------------------------------

@case(X_TIE, Y_TIE)
def tie_maximum_minimum(x, y):
    return jnp.maximum(x, y) * 2.0 + jnp.minimum(x, y)


also(U(), jnp.array([0.25, 0.5, 0.25]), name="tie_maximum_minimum-no_ties")


@case(jnp.array(0.3), jnp.array([0.3, 0.1, 0.3, 0.5]))
def tie_maximum_scalar(x, y):
    return jnp.maximum(x, y)


@case(jnp.array([[0.3], [0.5]]), jnp.array([[0.3, 0.5, 0.1]]))
def tie_minimum_broadcast(x, y):
    return jnp.minimum(x, y)


@case(jnp.array([0.3, 0.5, 0.1]), jnp.array(0.7))
def fill_full_like(x, s):
    return jnp.full_like(x, s) * x


@case(jnp.array(0.2), jnp.array(1.3))
def ends_of_linspace(a, b):
    return jnp.linspace(a, b, 4) ** 2


@case(X_CLIP, jnp.full(6, -0.5), jnp.full(6, 0.5))
def tie_clip(x, lo, hi):
    return jnp.clip(x, lo, hi)


also(jnp.array([0.5, 0.5, 0.5]), jnp.array([0.5, 0.0, 0.5]), jnp.array([0.5, 0.5, 1.0]),
     name="tie_clip-both_bounds")


@case(T_TIE)
def tie_max_axes(x):
    return jnp.max(x, axis=(0, 2)) + jnp.min(x, axis=-1).sum()


@case(T_TIE)
def tie_max_all(x):
    return jnp.max(x) * jnp.min(x, axis=None, keepdims=True)


# --- reductions over every kind of axis -----------------------------------------------------



@case(U(2, 3, 4))
def ax_sum_variants(x):
    return (jnp.sum(x, axis=-1)[None] * 1.0, jnp.sum(x, axis=(0, -1), keepdims=True),
            jnp.sum(x, axis=None, keepdims=True), jnp.sum(x, axis=1, keepdims=False),
            jnp.sum(x, (2, 0)))


@case(U(2, 3, 4))
def ax_mean_variants(x):
    return (jnp.mean(x, axis=-2), jnp.mean(x, axis=(1, 2), keepdims=True),
            jnp.mean(x, keepdims=True), jnp.mean(x, axis=(-1, 0)))


@case(U(2, 3, 4))
def ax_max_min_variants(x):
    return (jnp.max(x, axis=-1, keepdims=True), jnp.min(x, axis=(0, 1)),
            jnp.amax(x, axis=(-3, -1), keepdims=True), jnp.amin(x, keepdims=True))


@case(U(2, 3, 4, lo=0.5, hi=1.5))
def ax_prod_variants(x):
    return (jnp.prod(x, axis=-1), jnp.prod(x, axis=(0, 2), keepdims=True),
            jnp.prod(x, keepdims=True))


@case(jnp.array([[[0.0, 1.5], [2.0, 0.0]], [[0.5, 0.0], [0.0, 0.0]]]))
def ax_prod_zeros(x):
    return jnp.prod(x, axis=(1, 2)) + jnp.prod(x, axis=0).sum() + jnp.prod(x)


@case(U(2, 3, 4))
def ax_var_std_variants(x):
    return (jnp.var(x, axis=(0, 2), ddof=1), jnp.std(x, axis=-1, keepdims=True, ddof=1),
            jnp.var(x, keepdims=True), jnp.std(x, axis=(1, -1)), jnp.var(x, axis=1, ddof=2))


@case(U(2, 3, 4))
def ax_cumsum_variants(x):
    return jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=-3), jnp.cumsum(x)


@case(U())
def ax_scalar_reductions(x):
    return jnp.sum(x) + jnp.mean(x) + jnp.max(x) + jnp.prod(x) * 2.0


# --- products in every rank combination -------------------------------------------------------

@case(U(3), U(3, 4))
def rk_dot(x, y):
    return jnp.dot(x, y)


also(U(2, 3), U(3), name="rk_dot-matrix_vector")
also(U(3), U(3), name="rk_dot-vector_vector")
also(U(2, 3), U(3, 4), name="rk_dot-matrix_matrix")
also(U(2, 3, 4), U(4), name="rk_dot-3d_vector")
also(U(4), U(2, 4, 3), name="rk_dot-vector_3d")
also(U(2, 3, 4), U(5, 4, 6), name="rk_dot-3d_3d")
also(U(2, 3), U(), name="rk_dot-matrix_scalar")
also(U(), U(), name="rk_dot-scalar_scalar")


@case(U(3), U(3))
def rk_matmul(x, y):
    return jnp.matmul(x, y)


also(U(2, 3), U(3), name="rk_matmul-matrix_vector")
also(U(3), U(3, 4), name="rk_matmul-vector_matrix")
also(U(2, 3), U(3, 4), name="rk_matmul-matrix_matrix")
also(U(5, 2, 3), U(5, 3, 4), name="rk_matmul-batched")
also(U(5, 1, 2, 3), U(4, 3, 2), name="rk_matmul-broadcast_batch")
also(U(1, 2, 3), U(5, 3, 4), name="rk_matmul-broadcast_size_one")
also(U(2, 3), U(5, 3, 4), name="rk_matmul-matrix_batched")
also(U(5, 2, 3), U(3), name="rk_matmul-batched_vector")
also(U(3), U(5, 3, 4), name="rk_matmul-vector_batched")


@case(U(5, 2, 3), U(3, 4))
def rk_op_matmul(x, y):
    return x @ y


also(U(3), U(5, 3, 2), name="rk_op_matmul-vector_batched")


@case(U(2, 3), U(6))
def rk_vdot(x, y):
    return jnp.vdot(x, y)


also(U(4), U(4), name="rk_vdot-vectors")


@case(U(2, 2), U(3))
def rk_outer(x, y):
    return jnp.outer(x, y)


also(U(), U(3), name="rk_outer-scalar")


@case(U(), U(3))
def rk_inner(x, y):
    return jnp.inner(x, y)


also(U(2, 3), U(3), name="rk_inner-matrix_vector")
also(U(3), U(4, 3), name="rk_inner-vector_matrix")
also(U(2, 3, 4), U(5, 4), name="rk_inner-3d_matrix")
also(U(2, 3), U(), name="rk_inner-matrix_scalar")


@case(U(2, 3), U(4))
def rk_tensordot_axes0(x, y):
    return jnp.tensordot(x, y, axes=0)


@case(U(2, 3, 4), U(3, 2, 5))
def rk_tensordot_permuted(x, y):
    return jnp.tensordot(x, y, axes=([1, 0], [0, 1]))


@case(U(2, 3, 4), U(4, 5, 3))
def rk_tensordot_negative(x, y):
    return jnp.tensordot(x, y, axes=((-1, 1), (0, -1)))


@case(U(2, 3), U(4, 3))
def rk_tensordot_int_pair(x, y):
    return jnp.tensordot(x, y, (1, 1))


@case(U(3, 4), U(3, 4))
def rk_tensordot_full(x, y):
    return jnp.tensordot(x, y, 2)


@case(U(2, 3), U(2, 2))
def rk_kron(x, y):
    return jnp.kron(x, y)


also(U(3), U(2, 2), name="rk_kron-vector_matrix")
also(U(2, 1, 3), U(2), name="rk_kron-3d_vector")
also(U(), U(3), name="rk_kron-scalar")


# --- shape: every rule, with the less common arguments ---------------------------------------

@case(U(2, 3, 4))
def sv_transpose_negative(x):
    return jnp.transpose(x, (-1, 0, 1))


@case(U(2, 3, 4))
def sv_transpose_method(x):
    return x.transpose(2, 0, 1) + x.transpose((2, 0, 1)) * 2.0


@case(U(2, 3, 4))
def sv_swapaxes_negative(x):
    return jnp.swapaxes(x, -1, 1)


@case(U(2, 3, 4))
def sv_moveaxis_tuple(x):
    return jnp.moveaxis(x, (0, 1), (-1, 0))


@case(U(2, 3))
def sv_expand_dims_tuple(x):
    return jnp.expand_dims(x, (0, -1))


@case(U(1, 3, 1))
def sv_squeeze_tuple(x):
    return jnp.squeeze(x, axis=(0, 2))


@case(U(2, 3), U(2, 1), U(2, 4))
def sv_concatenate_three(x, y, z):
    return jnp.concatenate([x, y, z], axis=-1)


@case(U(2, 3), U(4))
def sv_concatenate_axis_none(x, y):
    return jnp.concatenate([x, y], axis=None)


@case(U(3), U(2))
def sv_concatenate_list_variable(x, y):
    parts = [x, y]
    return jnp.concatenate(parts)


@case(U(3), U(2))
def sv_concatenate_tuple_variable(x, y):
    parts = (x, y * 2.0)
    return jnp.concatenate(parts) * jnp.sum(parts[0])


@case(U(3), U(3))
def sv_concatenate_same_twice(x, y):
    return jnp.concatenate([x, y, x])


@case(U(2, 3), U(2, 3))
def sv_stack_negative_axis(x, y):
    return jnp.stack([x, y], axis=-1)


@case(U(), U())
def sv_stack_scalars(x, y):
    return jnp.stack([x, y, x * y])


@case(U(3), U(3))
def sv_stack_list_variable(x, y):
    parts = [x, y]
    return jnp.stack(parts, axis=1)


@case(U(2, 3, 4))
def sv_flip_tuple(x):
    return jnp.flip(x, axis=(0, -1))


@case(U(3, 1))
def sv_broadcast_to_inner(x):
    return jnp.broadcast_to(x, (2, 3, 4))


@case(U(1))
def sv_broadcast_to_size_one(x):
    return jnp.broadcast_to(x, (3,))


@case(U(2, 3))
def sv_ravel_method_reshape(x):
    return x.ravel() + x.reshape(-1) * 2.0 + jnp.reshape(x, (3, 2)).ravel()


@case(U(), U())
def sv_array_of_scalars(x, y):
    return jnp.array([x, y * 2.0, x]) * C3


@case(U(), U())
def sv_asarray_of_scalars(x, y):
    return jnp.asarray([x, y]) ** 2


# --- index reads and updates -----------------------------------------------------------------

@case(U(3, 4))
def iv_read_variants(x):
    return x[1, 2] + x[-1, ::2].sum() + x[:, 1:3].sum() + x[::-1, 0].sum() + x[..., -1].sum()


@case(U(4))
def iv_duplicate_indices(x):
    return x[IDX] * jnp.array([1.0, 2.0, 3.0])


@case(U(3, 4))
def iv_array_index_rows(x):
    return x[IDX, 1:]


@case(U(2, 3))
def iv_newaxis_ellipsis(x):
    return x[None, ..., None] * 2.0


@case(U(4), U(3))
def iv_at_add_duplicates(x, v):
    return x.at[IDX].add(v)


@case(U(3, 4), U())
def iv_at_set_broadcast(x, v):
    return x.at[1:, ::2].set(v)


@case(U(3, 4), U(4))
def iv_at_add_broadcast(x, v):
    return x.at[1:].add(v)


@case(U(3, 4), U(2, 1))
def iv_at_set_broadcast_column(x, v):
    return x.at[:2, 1:].set(v)


@case(U(4), U())
def iv_at_set_then_read(x, v):
    y = x.at[2].set(v * x[0])
    return y * y[2]


@case(U(3, 4), U(4))
def iv_at_multiply(x, v):
    return x.at[1:].multiply(v)


@case(U(3, 4), U(4))
def iv_at_min(x, v):
    return x.at[1].min(v)


@case(U(3, 4), U())
def iv_at_max_broadcast(x, v):
    return x.at[:, 2:].max(v)


# --- Python's abs, max, min, float on numbers (ties go to the first operand) ----------------

def _py_builtins_ref(x, y):
    return jnp.abs(x) + jnp.where(x >= y, x, y) * jnp.where(x <= 2.0, x, 2.0) + y


@case(U(), U(), ref=_py_builtins_ref)
def py_builtins(x, y):
    return abs(x) + max(x, y) * min(x, 2.0) + float(y)


also(jnp.array(0.4), jnp.array(0.4), name="py_builtins-tie")
also(jnp.array(0.0), jnp.array(-0.3), name="py_builtins-abs_at_zero")


# --- composite: the value used again and again --------------------------------------------------

@case(U(3), U(3))
def cm_reuse(x, y):
    a = x * y
    b = a + x
    c = jnp.sin(b) * a
    return jnp.sum(c * b) + jnp.dot(a, c)


# =======================================================================================
# The checks
# =======================================================================================

def like(tree):
    """A random cotangent with the structure, shapes and dtypes of `tree`."""
    return jax.tree_util.tree_map(
        lambda x: jnp.asarray(rng.normal(size=np.shape(x)), dtype=jnp.result_type(x)), tree)


def assert_close(got, want):
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want), \
        f"structure {jax.tree_util.tree_structure(got)} != JAX's " \
        f"{jax.tree_util.tree_structure(want)}"
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert np.shape(g) == np.shape(w), f"shape {np.shape(g)} != JAX's {np.shape(w)}"
        if jnp.result_type(w) == jax.dtypes.float0:
            assert jnp.result_type(g) == jax.dtypes.float0
            continue
        assert jnp.result_type(g) == jnp.result_type(w), \
            f"dtype {jnp.result_type(g)} != JAX's {jnp.result_type(w)}"
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("fn, ref, args", CASES)
def test_vjp_rule_matches_jax(fn, ref, args):
    want, want_pullback = jax.vjp(ref, *args)
    got, got_pullback = s2s.vjp(fn, *args)
    assert_close(got, want)
    ct = like(want)
    assert_close(got_pullback(ct), want_pullback(ct))


def _weighted(fn, weights, n):
    # One wrapper per arity (s2s reads positional parameters, not *args).
    if n == 1:
        def loss(x):
            return weighted_sum(fn(x), weights)
    elif n == 2:
        def loss(x, y):
            return weighted_sum(fn(x, y), weights)
    else:
        def loss(x, y, z):
            return weighted_sum(fn(x, y, z), weights)
    return loss


def weighted_sum(out, weights):
    if isinstance(out, tuple):
        total = 0.0
        for o, w in zip(out, weights):
            total = total + jnp.sum(o * w)
        return total
    return jnp.sum(out * weights)


@pytest.mark.parametrize("fn, ref, args", CASES)
def test_grad_of_weighted_output_matches_jax(fn, ref, args):
    weights = like(jax.eval_shape(ref, *args))
    argnums = tuple(range(len(args)))
    got = s2s.grad(_weighted(fn, weights, len(args)), argnums=argnums)(*args)
    want = jax.grad(_weighted(ref, weights, len(args)), argnums=argnums)(*args)
    assert_close(got, want)


# --- every rule used directly inside the function s2s.grad differentiates ----------------------

def loss_elementwise(x, y, p):
    a = x + y - x * y / p + p ** y + x ** 2 + 2.0 ** x + jnp.power(p, x) - (-x) + (+y)
    b = x % p + jnp.mod(y, 0.7) + jnp.remainder(x, p) + jnp.divide(x, p)
    c = jnp.exp(x) + jnp.log(p) + jnp.log1p(p) + jnp.expm1(x) + jnp.sqrt(p) + jnp.square(y)
    d = jnp.abs(x) + jnp.absolute(y) + jnp.sin(x) + jnp.cos(y) + jnp.tan(x) + jnp.tanh(y)
    e = jnp.sinh(x) + jnp.cosh(y) + jnp.arcsin(x * 0.5) + jnp.arccos(y * 0.5) + jnp.arctan(x)
    f = jnp.arctan2(x, y) + jnp.maximum(x, y) + jnp.minimum(x, 0.0) + jnp.logaddexp(x, y)
    g = jnp.where(x > y, x, y * 2.0) + jnp.clip(x, -0.3, y) + jnp.clip(y, min=x) + x @ y
    return jnp.sum(a * b + c * d - e * f + g)


def loss_reductions(x, v):
    m = x * v
    return (jnp.sum(jnp.sum(m, axis=0) * jnp.mean(m, axis=(1, 2), keepdims=True).sum())
            + jnp.max(m) + jnp.min(m, axis=-1).sum() + jnp.amax(m, axis=(0, 2)).sum()
            + jnp.amin(m).sum() + jnp.prod(m, axis=1).sum() + jnp.var(m, axis=2, ddof=1).sum()
            + jnp.std(m) + jnp.cumsum(m, axis=1)[:, -1].sum())


def loss_products(a, b, v):
    return (jnp.sum(jnp.dot(a, b)) + jnp.sum(jnp.matmul(v, b)) + jnp.vdot(a, a)
            + jnp.sum(jnp.outer(v, v) * a[0, 0]) + jnp.sum(jnp.inner(a, v) ** 2)
            + jnp.sum(jnp.tensordot(a, b, axes=([0, 1], [1, 0])))
            + jnp.sum(jnp.kron(a, v) ** 2) + jnp.sum((a @ b) @ v))


def loss_shapes(x, y):
    r = jnp.reshape(x, (3, 2)) * jnp.transpose(x) + jnp.swapaxes(x, 0, 1)
    s = jnp.moveaxis(jnp.expand_dims(x, 0), 0, -1)
    t = jnp.squeeze(s, axis=-1) + jnp.broadcast_to(y, (2, 3)) * jnp.flip(x, axis=1)
    u = jnp.concatenate([jnp.ravel(x), y]) * 2.0
    w = jnp.stack([y, y * 2.0, jnp.asarray(y) + jnp.array(y)], axis=1)
    return jnp.sum(r ** 2) + jnp.sum(t * x) + jnp.sum(u ** 3) + jnp.sum(jnp.sin(w))


def loss_indexing(x, v):
    y = x.at[1].set(v[0] * 2.0)
    z = y.at[IDX].add(v)
    return jnp.sum(z * x) + z[0] * y[-1] + jnp.sum(x[1:3] ** 2) + jnp.sum(z[::2])


LOSSES = [
    pytest.param(loss_elementwise, (U(4), U(4), POS(4)), id="elementwise"),
    pytest.param(loss_reductions, (U(2, 3, 4), POS(4)), id="reductions"),
    pytest.param(loss_products, (U(3, 3), U(3, 3), U(3)), id="products"),
    pytest.param(loss_shapes, (U(2, 3), U(3)), id="shapes"),
    pytest.param(loss_indexing, (U(4), U(3)), id="indexing"),
]


@pytest.mark.parametrize("fn, args", LOSSES)
def test_grad_of_loss_using_every_rule(fn, args):
    argnums = tuple(range(len(args)))
    assert_close(s2s.grad(fn, argnums=argnums)(*args), jax.grad(fn, argnums=argnums)(*args))
    value, g = s2s.value_and_grad(fn, argnums=argnums)(*args)
    want_value, want_g = jax.value_and_grad(fn, argnums=argnums)(*args)
    assert_close((value, g), (want_value, want_g))


# --- second order: the vjp rules' own output differentiated again ------------------------------

def so_sum_axes(x):
    return jnp.sum(jnp.sin(jnp.sum(x * x, axis=(0, 2), keepdims=True)) * x)


def so_matmul(a, b):
    return jnp.sum(jnp.tanh(jnp.matmul(a, b)) ** 2)


def so_dot_tensordot(a, b):
    return jnp.sum(jnp.sin(jnp.dot(a, b))) + jnp.sum(jnp.tensordot(a, b * b, axes=([1], [0])) ** 2)


def so_kron_inner(a, b):
    return jnp.sum(jnp.kron(a, b) ** 3) + jnp.sum(jnp.inner(a, b[:, :3]) ** 2)


def so_concat_stack(x, y):
    c = jnp.concatenate([x, y * x])
    s = jnp.stack([x, jnp.sin(y)], axis=-1)
    return jnp.sum(c ** 3) + jnp.sum(jnp.sin(s) * s, axis=1) @ x + jnp.sum(jnp.transpose(s) ** 2)


def so_reductions(x):
    return jnp.var(x, axis=1).sum() * jnp.std(x) + jnp.max(x * x) + jnp.mean(jnp.cumsum(x) ** 2)


def so_prod(x):
    return jnp.sum(jnp.prod(x, axis=1))


def so_index(x, v):
    y = x.at[IDX].add(v * v)
    return jnp.sum(y ** 3) + jnp.sum(x[1:] * y[:-1])


SECOND_ORDER = [
    pytest.param(so_sum_axes, (U(2, 3, 4),), id="sum_axes"),
    pytest.param(so_matmul, (U(5, 2, 3), U(3)), id="matmul_batched_vector"),
    pytest.param(so_matmul, (U(3), U(4, 3, 2)), id="matmul_vector_batched"),
    pytest.param(so_dot_tensordot, (U(2, 3), U(3, 4)), id="dot_tensordot"),
    pytest.param(so_kron_inner, (U(2, 3), U(2, 4)), id="kron_inner"),
    pytest.param(so_concat_stack, (U(3), U(3)), id="concatenate_stack"),
    pytest.param(so_reductions, (U(2, 3),), id="reductions"),
    pytest.param(so_index, (U(4), U(3)), id="index"),
    pytest.param(so_prod, (U(2, 3),), id="prod"),   # through runtime.prod_others' source
]


@pytest.mark.parametrize("fn, args", SECOND_ORDER)
def test_forward_over_reverse(fn, args):
    tangents = tuple(U(*np.shape(a)) for a in args)
    argnums = tuple(range(len(args)))
    got = s2s.jvp(s2s.grad(fn, argnums=argnums), args, tangents)
    want = jax.jvp(jax.grad(fn, argnums=argnums), args, tangents)
    assert_close(got, want)


@pytest.mark.parametrize("fn, args", SECOND_ORDER)
def test_reverse_over_reverse(fn, args):
    argnums = tuple(range(len(args)))
    got, got_pullback = s2s.vjp(s2s.grad(fn, argnums=argnums), *args)
    want, want_pullback = jax.vjp(jax.grad(fn, argnums=argnums), *args)
    assert_close(got, want)
    ct = like(want)
    assert_close(got_pullback(ct), want_pullback(ct))


# --- one operand differentiated, the other a constant argument ------------------------------------

PARTIAL = [pytest.param(fn, _broadcast_args(fn, shapes), argnum,
                        id=f"{fn.__name__}-{shapes[0]}-{shapes[1]}-d{argnum}")
           for fn in BROADCAST_FNS for shapes in [((3, 1), (1, 4)), ((), (2, 3)), ((2, 3), ())]
           for argnum in (0, 1)]
PARTIAL += [pytest.param(rk_matmul, (U(5, 2, 3), U(3)), argnum, id=f"rk_matmul-d{argnum}")
            for argnum in (0, 1)]
PARTIAL += [pytest.param(rk_kron, (U(3), U(2, 2)), argnum, id=f"rk_kron-d{argnum}")
            for argnum in (0, 1)]
PARTIAL += [pytest.param(sv_concatenate_three, (U(2, 3), U(2, 1), U(2, 4)), argnum,
                         id=f"sv_concatenate_three-d{argnum}") for argnum in (0, 1, 2)]
PARTIAL += [pytest.param(tie_clip, (X_CLIP, jnp.full(6, -0.5), jnp.full(6, 0.5)), argnum,
                         id=f"tie_clip-d{argnum}") for argnum in (0, 1, 2)]
PARTIAL += [pytest.param(iv_at_set_broadcast, (U(3, 4), U()), argnum,
                         id=f"iv_at_set_broadcast-d{argnum}") for argnum in (0, 1)]


@pytest.mark.parametrize("fn, args, argnum", PARTIAL)
def test_vjp_rule_one_operand_active(fn, args, argnum):
    def only(a):
        full = list(args)
        full[argnum] = a
        return fn(*full)

    want, want_pullback = jax.vjp(only, args[argnum])
    got, got_pullback = s2s.generated(fn, "vjp", argnums=argnum)(*args)
    assert_close(got, want)
    ct = like(want)
    assert_close(got_pullback(ct), want_pullback(ct))


@pytest.mark.parametrize("fn", [fn_clip, fn_abs, red_max_axis1, red_prod_axis1_keepdims,
                                red_std_ddof, at_add_slice, op_pow, rk_matmul, rk_kron,
                                sv_concatenate_three, sv_stack_negative_axis,
                                rk_tensordot_permuted, ax_var_std_variants])
def test_generated_pullback_runs_under_jit(fn):
    args = next(p.values[2] for p in CASES if p.values[0] is fn)
    vjp_fn = s2s.generated(fn, "vjp")
    out, pullback = vjp_fn(*args)
    ct = like(out)
    eager = pullback(ct)
    jitted = jax.jit(lambda *a: vjp_fn(*a)[1](ct))(*args)
    assert_close(jitted, eager)


# --- float32 in, float32 cotangents out --------------------------------------------------------

@pytest.mark.parametrize("fn", [b_pow, bc_where, b_maximum, red_var_ddof, red_mean_keepdims,
                                rk_matmul, rk_tensordot_permuted, sv_concatenate_three,
                                iv_at_set_broadcast, fn_clip])
def test_float32_cotangents_stay_float32(fn):
    args = next(p.values[2] for p in CASES if p.values[0] is fn)
    args = tuple(jnp.asarray(a, dtype=jnp.float32) for a in args)
    want, want_pullback = jax.vjp(fn, *args)
    got, got_pullback = s2s.vjp(fn, *args)
    ct = like(want)
    for g, w in zip(got_pullback(ct), want_pullback(ct)):
        assert g.dtype == w.dtype == jnp.float32
        assert np.shape(g) == np.shape(w)
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-6)


# --- the rules table ----------------------------------------------------------------------------

def _differentiable_primitives():
    from s2s import rules
    return [p for p in rules.PRIMITIVES.values()
            if p.differentiable and (p.jvp is not None or p.multilinear)]


def test_every_differentiable_primitive_has_a_vjp_rule():
    """einsum's cotangents come from einsum_operand_spec instead of a template."""
    missing = [p.name for p in _differentiable_primitives()
               if p.vjp is None and p.name != "einsum"]
    assert not missing, f"no vjp rule for {missing}"


def test_vjp_rules_sit_below_their_jvp_rules():
    """A vjp rule lives in the same module as its primitive's jvp rule."""
    misplaced = [p.name for p in _differentiable_primitives()
                 if p.vjp is not None and p.jvp is not None
                 and p.vjp.fn.__module__ != p.jvp.fn.__module__]
    assert not misplaced, misplaced


def test_every_differentiable_primitive_is_covered():
    """Each user-facing primitive with a rule appears in some case above."""
    import inspect
    import pathlib

    text = inspect.getsource(inspect.getmodule(test_every_differentiable_primitive_is_covered))
    # the families added later keep their cases beside the rules table
    # (tests/rule_cases_*.py: jvp, vjp and vmap each checked against JAX)
    here = pathlib.Path(__file__).parent
    text += "".join(p.read_text() for p in sorted(here.glob("rule_cases_*.py")))
    operators = {"add": "+", "subtract": "-", "multiply": "*", "true_divide": "/",
                 "power": "**", "matmul": "@", "negative": "-x", "positive": "+x",
                 "remainder": "%", "getitem": "x[1]", "at_set": ".set(",
                 "at_add": ".add(", "at_multiply": ".multiply(", "at_min": ".min(",
                 "at_max": ".max(", "abs": "abs(", "max": "max(", "min": "min(",
                 "float": "float("}
    missing = []
    for prim in _differentiable_primitives():
        if runtime.defines(prim.fn):
            continue    # helpers of generated code, covered by the second-order tests
        if prim.name.startswith("jax."):
            continue    # jax.nn & co.: tests/test_nn_rules.py and the rules table
        needle = operators.get(prim.name, f"jnp.{prim.name}(")
        if needle not in text and f'"jnp.{prim.name}":' not in text:   # (a CASES key)
            missing.append(prim.name)
    assert not missing, f"no test case uses {missing}"


# --- einsum: the subscripts of each operand's cotangent ------------------------------------------

EINSUM_SPECS = [
    ("ij,j->i", [(2, 3), (3,)]),
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("bij,bjk->bik", [(5, 2, 3), (5, 3, 4)]),
    ("i,i,i->", [(3,), (3,), (3,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ij->ji", [(2, 3)]),
    ("ij,kj->ki", [(2, 3), (4, 3)]),
    ("ij,jk", [(2, 3), (3, 4)]),           # implicit output: "ik"
    ("ba,ac", [(2, 3), (3, 4)]),           # implicit output, alphabetical: "bc"
    ("i j, j k -> i k", [(2, 3), (3, 4)]),
    ("abc,cd,db->a", [(2, 3, 4), (4, 5), (5, 3)]),
]


@pytest.mark.parametrize("spec, shapes", EINSUM_SPECS, ids=[s for s, _ in EINSUM_SPECS])
def test_einsum_operand_spec_gives_jax_cotangents(spec, shapes):
    operands = [U(*s) for s in shapes]
    out, pullback = jax.vjp(lambda *ops: jnp.einsum(spec, *ops), *operands)
    ct = like(out)
    want = pullback(ct)
    for i in range(len(operands)):
        sub = einsum_operand_spec(spec, i)
        others = operands[:i] + operands[i + 1:]
        got = jnp.einsum(sub, ct, *others)
        assert_close(got, want[i])


def test_einsum_operand_spec_examples():
    assert einsum_operand_spec("ij,j->i", 0) == "i,j->ij"
    assert einsum_operand_spec("ij,j->i", 1) == "i,ij->j"
    assert einsum_operand_spec("i,i,i->", 2) == ",i,i->i"
    assert einsum_operand_spec("ij,jk", 1) == "ik,ij->jk"


@pytest.mark.parametrize("spec, i", [("...ij,jk->...ik", 0), ("ij,jk->ik...", 1),
                                     ("ii->i", 0), ("ii,j->j", 1), ("ij,j->ii", 1),
                                     ("ij->j", 0), ("ij,j->i", 2)])
def test_einsum_operand_spec_rejects(spec, i):
    with pytest.raises(ValueError):
        einsum_operand_spec(spec, i)
