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


# --- Python operators -----------------------------------------------------------

@case(U(3), U(3))
def op_add(x, y):
    return x + y


also(U(), U(3), name="op_add-scalar_array")
also(U(2, 3), U(3), name="op_add-broadcast")
also(U(3), U(), name="op_add-array_scalar")


@case(U())
def op_add_const_array(x):
    return x + jnp.ones(3)          # the tangent broadcasts to (3,)


@case(U(3))
def op_add_const_global(x):
    return C23 + x


@case(U(3))
def op_add_number(x):
    return 2.0 + x


@case(U(2, 3), U(3))
def op_sub(x, y):
    return x - y


also(U(), U(2, 3), name="op_sub-scalar_array")


@case(U())
def op_sub_const_left(x):
    return jnp.ones(3) - x


@case(U())
def op_sub_const_right(x):
    return x - C23


@case(U(3), U(3))
def op_mul(x, y):
    return x * y


also(U(), U(2, 3), name="op_mul-scalar_array")
also(U(2, 3), U(3), name="op_mul-broadcast")


@case(U())
def op_mul_const(x):
    return x * C3


@case(U(3))
def op_mul_number(x):
    return 3.0 * x


@case(U(3), POS(3))
def op_div(x, y):
    return x / y


also(U(2, 3), POS(), name="op_div-array_scalar")
also(U(), POS(2, 3), name="op_div-scalar_array")


@case(POS())
def op_div_const_numerator(x):
    return C23 / x


@case(U())
def op_div_const_denominator(x):
    return x / (C3 + 2.0)


@case(POS(3), U(3))
def op_pow(x, y):
    return x ** y


also(POS(2, 3), U(), name="op_pow-array_scalar")
also(POS(), U(3), name="op_pow-scalar_array")
also(jnp.array([0.0, 0.5, 0.0, 2.0]), U(4, lo=1.5, hi=3.0), name="op_pow-zero_base")


@case(U(4))
def op_pow_int(x):
    return x ** 3


@case(POS(4))
def op_pow_half(x):
    return x ** 0.5


@case(U(4))
def op_pow_number_base(x):
    return 2.0 ** x


@case(POS())
def op_pow_const_exponent(x):
    return x ** C3


@case(U(2, 3), U(3, 4))
def op_matmul(x, y):
    return x @ y


also(U(3), U(3, 4), name="op_matmul-vector_matrix")
also(U(2, 3), U(3), name="op_matmul-matrix_vector")
also(U(3), U(3), name="op_matmul-vector_vector")


@case(U(2))
def op_matmul_const(x):
    return x @ C23


@case(U(3))
def op_neg(x):
    return -x


@case(U(3))
def op_pos(x):
    return +x


@case(U(5, lo=-3.0, hi=3.0), POS(5))
def op_mod(x, y):
    return x % y


also(U(5, lo=-3.0, hi=3.0), U(5, lo=-2.0, hi=-0.5), name="op_mod-negative_divisor")
also(U(), POS(3), name="op_mod-scalar_array")


@case(U(5, lo=-3.0, hi=3.0))
def op_mod_number(x):
    return x % 1.5


@case(POS(4))
def op_mod_const_dividend(x):
    return 5.0 % x


@case(U())
def op_mod_const_global(x):
    return x % (C3 + 2.0)


# --- unary math -----------------------------------------------------------------

@case(U(4))
def fn_exp(x):
    return jnp.exp(x)


@case(POS(4))
def fn_log(x):
    return jnp.log(x)


@case(U(4, lo=-0.5, hi=2.0))
def fn_log1p(x):
    return jnp.log1p(x)


@case(U(4))
def fn_expm1(x):
    return jnp.expm1(x)


@case(POS(4))
def fn_sqrt(x):
    return jnp.sqrt(x)


@case(U(4))
def fn_square(x):
    return jnp.square(x)


@case(U(4))
def fn_abs(x):
    return jnp.abs(x)


also(jnp.array([-1.5, 0.0, 2.0]), name="fn_abs-at_zero")


@case(U(4))
def fn_absolute(x):
    return jnp.absolute(x)


@case(U(4))
def fn_sign(x):
    return jnp.sign(x) * 2.0


@case(U(4))
def fn_sign_times_x(x):
    return jnp.sign(x) * x


@case(U(4, lo=-3.0, hi=3.0))
def fn_sin(x):
    return jnp.sin(x)


@case(U(4, lo=-3.0, hi=3.0))
def fn_cos(x):
    return jnp.cos(x)


@case(U(4, lo=-1.2, hi=1.2))
def fn_tan(x):
    return jnp.tan(x)


@case(U(4, lo=-2.0, hi=2.0))
def fn_tanh(x):
    return jnp.tanh(x)


@case(U(4, lo=-2.0, hi=2.0))
def fn_sinh(x):
    return jnp.sinh(x)


@case(U(4, lo=-2.0, hi=2.0))
def fn_cosh(x):
    return jnp.cosh(x)


@case(U(4, lo=-0.9, hi=0.9))
def fn_arcsin(x):
    return jnp.arcsin(x)


@case(U(4, lo=-0.9, hi=0.9))
def fn_arccos(x):
    return jnp.arccos(x)


@case(U(4, lo=-3.0, hi=3.0))
def fn_arctan(x):
    return jnp.arctan(x)


# --- binary math ----------------------------------------------------------------

@case(U(4), U(4))
def fn_arctan2(x, y):
    return jnp.arctan2(x, y)


also(U(2, 3), U(3), name="fn_arctan2-broadcast")


@case(U())
def fn_arctan2_const_x(y):
    return jnp.arctan2(C3, y)


@case(U())
def fn_arctan2_const_y(x):
    return jnp.arctan2(x, C3)


@case(POS(4), U(4))
def fn_power(x, y):
    return jnp.power(x, y)


also(POS(), U(2, 3), name="fn_power-scalar_array")


@case(U(3), POS(3))
def fn_divide(x, y):
    return jnp.divide(x, y) + jnp.true_divide(y, 2.0)


@case(U(5, lo=-3.0, hi=3.0), POS(5))
def fn_mod(x, y):
    return jnp.mod(x, y) + jnp.remainder(x, 0.7)


@case(U(4))
def fn_power_int(x):
    return jnp.power(x, 3)


@case(U(4))
def fn_power_const_base(y):
    return jnp.power(2.5, y)


@case(U(5), U(5))
def fn_maximum(x, y):
    return jnp.maximum(x, y)


also(X_TIE, Y_TIE, name="fn_maximum-ties")
also(U(), U(2, 3), name="fn_maximum-scalar_array")


@case(U(5), U(5))
def fn_minimum(x, y):
    return jnp.minimum(x, y)


also(X_TIE, Y_TIE, name="fn_minimum-ties")
also(U(2, 3), U(3), name="fn_minimum-broadcast")


@case(jnp.array([-1.0, 0.0, 0.5, 0.0]))
def fn_relu(x):
    return jnp.maximum(x, 0.0)            # ties at 0: JAX splits the tangent


@case(U())
def fn_maximum_const_array(x):
    return jnp.maximum(x, C3)             # the tangent broadcasts to (3,)


@case(jnp.array([0.3, 0.9, -0.4]))
def fn_minimum_const_ties(x):
    return jnp.minimum(C3.at[0].set(0.3), x)


@case(U(5), U(5))
def fn_where(x, y):
    return jnp.where(x > 0, x, y)


also(U(2, 3), U(3), name="fn_where-broadcast")


@case(U(5))
def fn_where_number(x):
    return jnp.where(x > 0, x, 0.0)


@case(U())
def fn_where_scalar_array(x):
    return jnp.where(C3 > 0, x, C3)       # the tangent broadcasts to (3,)


@case(U(6), U(6, lo=-2.0, hi=-0.5), U(6, lo=0.5, hi=2.0))
def fn_clip(x, lo, hi):
    return jnp.clip(x, lo, hi)


also(U(6, lo=-3.0, hi=3.0), U(6, lo=-2.0, hi=-0.5), U(6, lo=0.5, hi=2.0),
     name="fn_clip-wide")
also(X_CLIP, X_CLIP.at[0].set(-2.0), X_CLIP,      # x == lo or x == hi nearly everywhere
     name="fn_clip-ties")
also(X_CLIP, X_CLIP, X_CLIP, name="fn_clip-all_equal")


@case(X_CLIP)
def fn_clip_numbers(x):
    return jnp.clip(x, -0.5, 0.5)         # ties at both bounds


@case(X_CLIP)
def fn_clip_min_keyword(x):
    return jnp.clip(x, min=-0.5)


@case(X_CLIP)
def fn_clip_max_keyword(x):
    return jnp.clip(x, max=0.5)


@case(X_CLIP, jnp.full(6, -0.5))
def fn_clip_active_min_keyword(x, lo):
    return jnp.clip(x, min=lo)


@case(X_CLIP, jnp.full(6, 0.5))
def fn_clip_active_max_keyword(x, hi):
    return jnp.clip(x, max=hi)


@case(U(), U(3, lo=-2.0, hi=-0.5))
def fn_clip_scalar_x(x, lo):
    return jnp.clip(x, lo, 0.5)           # the tangent broadcasts to (3,)


@case(U(6, lo=-2.0, hi=2.0))
def fn_clip_const_bounds_array(x):
    return jnp.clip(x, C3[0] - 1.0, 0.5)


@case(U(5, lo=-3.0, hi=3.0), U(5, lo=-3.0, hi=3.0))
def fn_logaddexp(x, y):
    return jnp.logaddexp(x, y)


also(U(), U(2, 3), name="fn_logaddexp-scalar_array")


@case(U())
def fn_logaddexp_const(x):
    return jnp.logaddexp(x, C3)


# --- reductions -----------------------------------------------------------------

@case(U(2, 3))
def red_sum(x):
    return jnp.sum(x)


@case(U(2, 3))
def red_sum_axis0(x):
    return jnp.sum(x, axis=0)


@case(U(2, 3))
def red_sum_axis1_keepdims(x):
    return jnp.sum(x, axis=1, keepdims=True)


@case(U(2, 3, 4))
def red_sum_tuple_axis(x):
    return jnp.sum(x, axis=(0, 2))


@case(U(2, 3))
def red_sum_positional_axis(x):
    return jnp.sum(x, 1)


@case(U(2, 3))
def red_mean(x):
    return jnp.mean(x)


@case(U(2, 3))
def red_mean_axis1(x):
    return jnp.mean(x, axis=1)


@case(U(2, 3))
def red_mean_keepdims(x):
    return jnp.mean(x, axis=0, keepdims=True)


@case(U(2, 3, 4))
def red_mean_tuple_axis(x):
    return jnp.mean(x, axis=(0, 2))


@case(U(2, 3))
def red_max(x):
    return jnp.max(x)


also(M_TIE, name="red_max-ties")


@case(M_TIE)
def red_max_axis1(x):
    return jnp.max(x, axis=1)


@case(M_TIE)
def red_max_axis0_keepdims(x):
    return jnp.max(x, axis=0, keepdims=True)


@case(U(2, 3, 4))
def red_max_tuple_axis(x):
    return jnp.max(x, axis=(0, 2))


@case(M_TIE)
def red_amax(x):
    return jnp.amax(x, axis=1)


@case(U(2, 3))
def red_min(x):
    return jnp.min(x)


also(M_TIE, name="red_min-ties")


@case(M_TIE)
def red_min_axis1(x):
    return jnp.min(x, axis=1)


@case(M_TIE)
def red_min_axis0_keepdims(x):
    return jnp.min(x, axis=0, keepdims=True)


@case(U(2, 3, 4))
def red_min_tuple_axis(x):
    return jnp.min(x, axis=(1, 2))


@case(M_TIE)
def red_amin(x):
    return jnp.amin(x, axis=0)


@case(U(2, 3))
def red_prod(x):
    return jnp.prod(x)


also(M_ZERO, name="red_prod-zero")
also(M_ZEROS, name="red_prod-two_zeros")


@case(M_ZERO)
def red_prod_axis0(x):
    return jnp.prod(x, axis=0)


@case(M_ZEROS)
def red_prod_axis1_keepdims(x):
    return jnp.prod(x, axis=1, keepdims=True)


@case(U(2, 3, 4))
def red_prod_tuple_axis(x):
    return jnp.prod(x, axis=(0, 2))


@case(U(2, 3))
def red_std(x):
    return jnp.std(x)


@case(U(2, 3))
def red_std_axis0(x):
    return jnp.std(x, axis=0)


@case(U(2, 3))
def red_std_axis1_keepdims(x):
    return jnp.std(x, axis=1, keepdims=True)


@case(U(2, 3, 4))
def red_std_tuple_axis(x):
    return jnp.std(x, axis=(0, 2))


@case(U(2, 3))
def red_std_ddof(x):
    return jnp.std(x, axis=1, ddof=1)


@case(U(2, 3))
def red_std_ddof_all(x):
    return jnp.std(x, ddof=1)


@case(U(2, 3))
def red_var(x):
    return jnp.var(x)


@case(U(2, 3))
def red_var_axis0(x):
    return jnp.var(x, axis=0)


@case(U(2, 3))
def red_var_axis1_keepdims(x):
    return jnp.var(x, axis=1, keepdims=True)


@case(U(2, 3, 4))
def red_var_tuple_axis(x):
    return jnp.var(x, axis=(0, 2), keepdims=True)


@case(U(2, 3))
def red_var_ddof(x):
    return jnp.var(x, axis=0, ddof=1)


@case(U(2, 3))
def red_var_ddof_all(x):
    return jnp.var(x, ddof=1)


@case(U(2, 3))
def red_cumsum(x):
    return jnp.cumsum(x)


@case(U(2, 3))
def red_cumsum_axis0(x):
    return jnp.cumsum(x, axis=0)


@case(U(2, 3))
def red_cumsum_axis1(x):
    return jnp.cumsum(x, axis=1)


# --- products -------------------------------------------------------------------

@case(U(3), U(3))
def lin_dot(x, y):
    return jnp.dot(x, y)


also(U(2, 3), U(3), name="lin_dot-matrix_vector")
also(U(2, 3), U(3, 4), name="lin_dot-matrix_matrix")
also(U(), U(2, 3), name="lin_dot-scalar")


@case(U(2))
def lin_dot_const(x):
    return jnp.dot(x, C23)


@case(U(2, 3), U(3, 4))
def lin_matmul(x, y):
    return jnp.matmul(x, y)


also(U(5, 2, 3), U(5, 3, 4), name="lin_matmul-batched")
also(U(5, 2, 3), U(3, 4), name="lin_matmul-broadcast")


@case(U(2, 3), U(2, 3))
def lin_vdot(x, y):
    return jnp.vdot(x, y)


@case(U(3), U(4))
def lin_outer(x, y):
    return jnp.outer(x, y)


@case(U(3))
def lin_outer_const(x):
    return jnp.outer(C3, x)


@case(U(3), U(3))
def lin_inner(x, y):
    return jnp.inner(x, y)


also(U(2, 3), U(4, 3), name="lin_inner-matrices")


@case(U(2, 3), U(3))
def lin_einsum_matvec(a, x):
    return jnp.einsum("ij,j->i", a, x)


@case(U(5, 2, 3), U(5, 3, 4))
def lin_einsum_batched(a, b):
    return jnp.einsum("bij,bjk->bik", a, b)


@case(U(3))
def lin_einsum_const(x):
    return jnp.einsum("ij,j->i", C23, x)


@case(U(3), U(3), U(3))
def lin_einsum_three(x, y, z):
    return jnp.einsum("i,i,i->", x, y, z)


@case(U(2, 3, 4), U(3, 4, 5))
def lin_tensordot(x, y):
    return jnp.tensordot(x, y)


@case(U(2, 3), U(3, 4))
def lin_tensordot_axes1(x, y):
    return jnp.tensordot(x, y, axes=1)


@case(U(2, 3), U(4, 2))
def lin_tensordot_axes_pairs(x, y):
    return jnp.tensordot(x, y, axes=([0], [1]))


@case(U(2, 3), U(3, 4))
def lin_tensordot_positional_axes(x, y):
    return jnp.tensordot(x, y, 1)


@case(U(2, 2), U(3))
def lin_kron(x, y):
    return jnp.kron(x, y)


# --- shape and structure ----------------------------------------------------------

@case(U(6))
def sh_reshape(x):
    return jnp.reshape(x, (2, 3))


@case(U(2, 3))
def sh_reshape_minus_one(x):
    return jnp.reshape(x, -1)


@case(U(2, 3, 4))
def sh_transpose(x):
    return jnp.transpose(x)


@case(U(2, 3, 4))
def sh_transpose_axes(x):
    return jnp.transpose(x, (1, 0, 2))


@case(U(2, 3, 4))
def sh_transpose_axes_keyword(x):
    return jnp.transpose(x, axes=(2, 0, 1))


@case(U(2, 3))
def sh_dot_T(x):
    return x.T


@case(U(2, 3, 4))
def sh_swapaxes(x):
    return jnp.swapaxes(x, 0, 2)


@case(U(2, 3))
def sh_expand_dims(x):
    return jnp.expand_dims(x, 1)


@case(U(1, 3, 1))
def sh_squeeze(x):
    return jnp.squeeze(x)


@case(U(1, 3, 1))
def sh_squeeze_axis(x):
    return jnp.squeeze(x, axis=0)


@case(U(3), U(2))
def sh_concatenate(x, y):
    return jnp.concatenate([x, y])


@case(U(2, 3), U(2, 2))
def sh_concatenate_axis1(x, y):
    return jnp.concatenate((x, y), axis=1)


@case(U(2))
def sh_concatenate_const(x):
    return jnp.concatenate([C3, x, C3])


@case(U(3), U(3))
def sh_stack(x, y):
    return jnp.stack([x, y])


@case(U(3), U(3))
def sh_stack_axis1(x, y):
    return jnp.stack([x, y, x], axis=1)


@case(U(3))
def sh_stack_const(x):
    return jnp.stack([C3, x])


@case(U(3))
def sh_broadcast_to(x):
    return jnp.broadcast_to(x, (4, 3))


@case(U())
def sh_broadcast_to_scalar(x):
    return jnp.broadcast_to(x, (2, 3))


@case(U(2, 3, 4))
def sh_moveaxis(x):
    return jnp.moveaxis(x, 0, -1)


@case(U(2, 3))
def sh_flip(x):
    return jnp.flip(x)


@case(U(2, 3))
def sh_flip_axis(x):
    return jnp.flip(x, axis=1)


@case(U(2, 3))
def sh_ravel(x):
    return jnp.ravel(x)


@case(U(3))
def sh_asarray(x):
    return jnp.asarray(x) * 2.0


@case(U(3))
def sh_array(x):
    return jnp.array(x) * 2.0


# --- array creation: no derivative -------------------------------------------------

@case(U(3))
def mk_arange(x):
    return x * jnp.arange(3.0) + jnp.arange(3)


@case(U(3))
def mk_zeros_ones(x):
    return x * jnp.ones(3) + jnp.zeros(3) + jnp.ones((2, 3))


@case(U(3))
def mk_like(x):
    return x * jnp.ones_like(x) + jnp.zeros_like(x) + 1.0


@case(U(3))
def mk_only_constant(x):
    return jnp.ones_like(x) * 2.0         # independent of x: zero tangent


@case(U(3))
def mk_full(x):
    return x + jnp.full((2, 3), 0.5)


# --- indexing -------------------------------------------------------------------------

@case(U(4))
def ix_int(x):
    return x[1]


@case(U(4))
def ix_slice(x):
    return x[1:]


@case(U(4))
def ix_newaxis(x):
    return x[:, None]


@case(U(4))
def ix_negative(x):
    return x[-1]


@case(U(5))
def ix_step(x):
    return x[::2]


@case(U(3, 4))
def ix_row(x):
    return x[1, :]


@case(U(3, 4))
def ix_column(x):
    return x[:, 2]


@case(U(4))
def ix_computed(x):
    i = len(x) - 2
    return x[i] * x[i + 1]


@case(U(4))
def ix_array(x):
    return x[IDX]


@case(U(4))
def ix_ellipsis(x):
    return x[..., 1:3]


@case(U(4), U())
def at_set(x, v):
    return x.at[1].set(v)


@case(U(4))
def at_set_constant(x):
    return x.at[1].set(2.0)


@case(U(4))
def at_set_into_constant(v):
    return C3.at[0].set(v[2])


@case(U(4), U(2))
def at_set_slice(x, v):
    return x.at[1:3].set(v)


@case(U(4), U())
def at_add(x, v):
    return x.at[2].add(v)


@case(U(4), U(3))
def at_add_slice(x, v):
    return x.at[1:].add(v)


@case(U(4))
def at_add_index_computed(x):
    i = x.shape[0] - 1
    return x.at[i].add(x[0] * 3.0)


def _set_ref(x, v):
    return x.at[1].set(v)


@case(U(4), U(), ref=_set_ref)
def item_set(x, v):
    x[1] = v
    return x


def _add_ref(x, v):
    return x.at[2].add(v)


@case(U(4), U(), ref=_add_ref)
def item_add(x, v):
    x[2] += v
    return x


def _mul_ref(x, v):
    return x.at[0].set(x[0] * v)


@case(U(4), U(), ref=_mul_ref)
def item_mul(x, v):
    x[0] *= v
    return x


def _last_ref(x, v):
    return x.at[3].set(v * 2.0)


@case(U(4), U(), ref=_last_ref)
def item_set_computed_index(x, v):
    i = len(x) - 1
    x[i] = v * 2.0
    return x


def _row_ref(x, v):
    return x.at[1, :].set(v)


@case(U(2, 3), U(3), ref=_row_ref)
def item_set_row(x, v):
    x[1, :] = v
    return x


# --- array methods and static values ------------------------------------------------

@case(U(2, 3))
def m_sum_axis0(x):
    return x.sum(axis=0)


@case(U(2, 3))
def m_mean(x):
    return x.mean()


@case(U(6))
def m_reshape_args(x):
    return x.reshape(2, 3)


@case(U(6))
def m_reshape_tuple(x):
    return x.reshape((2, 3))


@case(U(2, 3), U(3))
def m_dot(x, y):
    return x.dot(y)


@case(U(2, 3))
def m_T(x):
    return x.T @ x


@case(M_TIE)
def m_max(x):
    return x.max()


@case(M_TIE)
def m_min_axis(x):
    return x.min(axis=1)


@case(U(2, 3))
def m_prod(x):
    return x.prod(axis=0)


@case(U(2, 3))
def m_std_var(x):
    return x.std() + x.var(axis=1)


@case(U(2, 3))
def m_cumsum_ravel(x):
    return x.cumsum(axis=1).ravel()


@case(U(6, lo=-2.0, hi=2.0))
def m_clip(x):
    return x.clip(-0.5, 0.5)


@case(U(2, 3))
def m_transpose(x):
    return x.transpose(1, 0)


@case(U(2, 3))
def static_shape(x):
    n, m = x.shape
    return x * n + jnp.reshape(x, (x.shape[1], -1)).T * m


@case(U(2, 3))
def static_ndim_len(x):
    return x * x.ndim + len(x) * x


@case(U(2, 3))
def static_size(x):
    return jnp.sum(x) / x.size


# --- numpy and math calls -----------------------------------------------------------

def _np_ref(x):
    return jnp.sum(jnp.exp(x) * jnp.sin(x)) + jnp.mean(jnp.sqrt(x))


@case(POS(3), ref=_np_ref)
def np_calls(x):
    return np.sum(np.exp(x) * np.sin(x)) + np.mean(np.sqrt(x))


def _np_max_ref(x, y):
    return jnp.maximum(x, y) + jnp.max(x, axis=0)


@case(U(2, 3), U(3), ref=_np_max_ref)
def np_maximum(x, y):
    return np.maximum(x, y) + np.max(x, axis=0)


def _math_ref(x):
    return jnp.exp(x) + jnp.sin(x) * jnp.sqrt(x) + jnp.log(x)


@case(POS(), ref=_math_ref)
def math_calls(x):
    return math.exp(x) + math.sin(x) * math.sqrt(x) + math.log(x)


def _math_atan2_ref(x, y):
    return jnp.arctan2(x, y) + jnp.power(x, 2.0)


@case(POS(), U(), ref=_math_atan2_ref)
def math_atan2_pow(x, y):
    return math.atan2(x, y) + math.pow(x, 2.0)


# --- more corners ------------------------------------------------------------------

@case(X_CLIP)
def fn_clip_none_lower(x):
    return jnp.clip(x, None, 0.5)


@case(X_CLIP, jnp.full(6, -0.5))
def fn_clip_none_upper(x, lo):
    return jnp.clip(x, lo, None)


@case(jnp.array([-0.5, 0.5, 1.0]))
def fn_clip_ties_scalar_bounds_array(x):
    return jnp.clip(x, jnp.array([-0.5, 0.0, 1.0]), 1.0)


@case(U(2, 3))
def red_negative_axes(x):
    return jnp.max(x, axis=-1) + jnp.prod(x, axis=-1) + jnp.var(x, axis=-1) \
        + jnp.min(x, axis=-1) + jnp.std(x, axis=-1) + jnp.mean(x, axis=-1)


@case(U(2, 3))
def red_cumsum_negative_axis(x):
    return jnp.cumsum(x, axis=-1)


@case(U(5))
def at_add_into_constant(v):
    return C3.at[1:].add(v[1:3])


@case(U(4), U())
def at_set_slice_scalar(x, v):
    return x.at[1:3].set(v)


@case(U(2, 3), U(2))
def at_set_column(x, v):
    return x.at[:, 1].set(v)


def _np_where_ref(x):
    return jnp.where(x > 0, x, 0.1 * x) + jnp.clip(x, -0.5, 0.5)


@case(U(5), ref=_np_where_ref)
def np_where_clip(x):
    return np.where(x > 0, x, 0.1 * x) + np.clip(x, -0.5, 0.5)


def _math_more_ref(x):
    return jnp.abs(x) + jnp.arctan(x) + jnp.arcsin(x * 0.5) + jnp.arccos(x * 0.5)


@case(U(), ref=_math_more_ref)
def math_fabs_atan_asin_acos(x):
    return math.fabs(x) + math.atan(x) + math.asin(x * 0.5) + math.acos(x * 0.5)


# =======================================================================================
# Cases that matter most in reverse mode.
# =======================================================================================

# --- broadcasting: each cotangent is summed back down to its operand's shape -----------

def bc_add(x, y):
    return x + y


def bc_sub(x, y):
    return x - y


def bc_mul(x, y):
    return x * y


def bc_div(x, y):
    return x / y


def bc_pow(x, y):
    return x ** y


def bc_mod(x, y):
    return x % y


def bc_arctan2(x, y):
    return jnp.arctan2(x, y)


def bc_maximum(x, y):
    return jnp.maximum(x, y)


def bc_minimum(x, y):
    return jnp.minimum(x, y)


def bc_logaddexp(x, y):
    return jnp.logaddexp(x, y)


def bc_where(x, y):
    return jnp.where(x > y, x, y)


def bc_power(x, y):
    return jnp.power(x, y)


BROADCAST_FNS = [bc_add, bc_sub, bc_mul, bc_div, bc_pow, bc_mod, bc_arctan2, bc_maximum,
                 bc_minimum, bc_logaddexp, bc_where, bc_power]
BROADCAST_SHAPES = [((3, 1), (1, 4)), ((), (3,)), ((3,), ()), ((2, 3), (3,)), ((3,), (2, 3)),
                    ((2, 1, 3), (4, 1)), ((1,), (2, 3))]
POSITIVE_OPERAND = {bc_div: 1, bc_mod: 1, bc_pow: 0, bc_power: 0}


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


# prod's rules use runtime.prod_others, which the rules table registers as having
# no derivative (s2s/rules/runtime_helpers.py), so every second derivative through
# jnp.prod is zero: forward-over-forward (its jvp rule) as well as the two below.
PROD_SECOND_ORDER = pytest.mark.xfail(
    strict=True, raises=s2s.S2SError,
    reason="second derivatives through jnp.prod are not supported yet: runtime.prod_others "
           "has no derivative rule, and s2s refuses with a clear error rather than "
           "returning zeros")


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
    pytest.param(so_prod, (U(2, 3),), id="prod", marks=PROD_SECOND_ORDER),
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

@pytest.mark.parametrize("fn", [bc_pow, bc_where, bc_maximum, red_var_ddof, red_mean_keepdims,
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

    text = inspect.getsource(inspect.getmodule(test_every_differentiable_primitive_is_covered))
    operators = {"add": "+", "subtract": "-", "multiply": "*", "true_divide": "/",
                 "power": "**", "matmul": "@", "negative": "-x", "positive": "+x",
                 "remainder": "%", "getitem": "x[1]", "at_set": ".set(",
                 "at_add": ".add(", "abs": "abs(", "max": "max(", "min": "min(",
                 "float": "float("}
    missing = []
    for prim in _differentiable_primitives():
        if getattr(prim.fn, "__module__", None) == "s2s.runtime":
            continue    # helpers of generated code, covered by the second-order tests
        needle = operators.get(prim.name, f"jnp.{prim.name}(")
        if needle not in text:
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
