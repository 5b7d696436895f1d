"""Every primitive's jvp rule, checked numerically against jax.jvp.

Each case is a tiny user function run through `s2s.jvp` and `jax.jvp` at the
same random float64 primals and tangents; primal outputs, tangent outputs and
their shapes must agree. Functions that JAX itself cannot trace (numpy/math
calls, `x[i] = v`) are compared with an equivalent jax.numpy reference.
"""
import re
import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import runtime

rng = np.random.default_rng(20240611)

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


CASES = []


def case(*args, ref=None, name=None):
    """Register the decorated function with primal arguments `args`."""
    def register(fn):
        CASES.append(pytest.param(fn, ref or fn, args, id=name or fn.__name__))
        return fn
    return register


def also(*args, name):
    """Another argument set for the function registered just before."""
    fn, ref, _ = CASES[-1].values
    CASES.append(pytest.param(fn, ref, args, id=name))


# --- Python operators -----------------------------------------------------------

@case(jnp.array([0.3, 0.5, 0.1]), jnp.array(0.7))
def fill_full_like(x, s):
    return jnp.full_like(x, s) * x


@case(jnp.array(0.2), jnp.array(1.3))
def ends_of_linspace(a, b):
    return jnp.linspace(a, b, 4) ** 2


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


@case(U(4), U(3))
def at_multiply_slice(x, v):
    return x.at[1:].multiply(v)


@case(U(4), U())
def at_min(x, v):
    return x.at[2].min(v)


@case(U(4), U(2))
def at_max_slice(x, v):
    return x.at[:2].max(v)


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


# --- the checks -------------------------------------------------------------------------

def tangents_for(args):
    return tuple(U(*np.shape(a)) for a in args)


def assert_close(got, want):
    got_leaves = jax.tree_util.tree_leaves(got)
    want_leaves = jax.tree_util.tree_leaves(want)
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for g, w in zip(got_leaves, want_leaves):
        assert np.shape(g) == np.shape(w), f"shape {np.shape(g)} != JAX's {np.shape(w)}"
        assert jnp.result_type(g) == jnp.result_type(w), \
            f"dtype {jnp.result_type(g)} != JAX's {jnp.result_type(w)}"
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("fn, ref, args", CASES)
def test_jvp_rule_matches_jax(fn, ref, args):
    tangents = tangents_for(args)
    want, want_dot = jax.jvp(ref, args, tangents)
    got, got_dot = s2s.jvp(fn, args, tangents)
    assert_close(got, want)
    assert_close(got_dot, want_dot)


def test_every_differentiable_primitive_is_covered():
    """Each user-facing primitive with a jvp rule appears in some case above."""
    import inspect
    import pathlib

    from s2s import rules

    text = inspect.getsource(inspect.getmodule(test_every_differentiable_primitive_is_covered))
    # the families added later keep their cases beside the rules table
    # (tests/rule_cases_*.py: jvp, vjp and vmap each checked against JAX)
    here = pathlib.Path(__file__).parent
    text += "".join(p.read_text() for p in sorted(here.glob("rule_cases_*.py")))
    operators = {"add": "+", "subtract": "-", "multiply": "*", "true_divide": "/",
                 "power": "**", "matmul": "@", "negative": "-x", "positive": "+x",
                 "remainder": "%", "getitem": "x[1]", "at_set": ".set(",
                 "at_add": ".add(", "at_multiply": ".multiply(", "at_min": ".min(",
                 "at_max": ".max("}
    missing = []
    for prim in rules.PRIMITIVES.values():
        if not prim.differentiable or (prim.jvp is None and not prim.multilinear):
            continue
        module = getattr(prim.fn, "__module__", None)
        if runtime.defines(prim.fn):
            continue    # helpers of generated code, not user-facing primitives
        if prim.name.startswith("jax."):
            continue    # jax.nn & co.: tests/test_nn_rules.py and the rules table
        if module == "builtins":   # Python's abs, max, min, float: called bare
            if not re.search(rf"(?<![.\w]){prim.name}\(", text):
                missing.append(prim.name)
            continue
        needle = operators.get(prim.name, f"jnp.{prim.name}(")
        if needle not in text and f'"jnp.{prim.name}":' not in text:   # (a CASES key)
            missing.append(prim.name)
    assert not missing, f"no test case uses {missing}"


# --- one operand differentiated, the other a constant argument ------------------------

def b_add(x, y):
    return x + y


def b_sub(x, y):
    return x - y


def b_mul(x, y):
    return x * y


def b_div(x, y):
    return x / y


def b_pow(x, y):
    return x ** y


def b_mod(x, y):
    return x % y


def b_arctan2(x, y):
    return jnp.arctan2(x, y)


def b_maximum(x, y):
    return jnp.maximum(x, y)


def b_minimum(x, y):
    return jnp.minimum(x, y)


def b_where(x, y):
    return jnp.where(y > 0, x, y)


def b_logaddexp(x, y):
    return jnp.logaddexp(x, y)


def b_clip_lower(x, y):
    return jnp.clip(x, y, 0.5)


def b_clip_upper(x, y):
    return jnp.clip(x, -0.5, y)


def b_dot(x, y):
    return jnp.dot(x, y)


def b_concatenate(x, y):
    return jnp.concatenate([jnp.ravel(x), jnp.ravel(y)])


BINARY = [b_add, b_sub, b_mul, b_div, b_pow, b_mod, b_arctan2, b_maximum, b_minimum,
          b_where, b_logaddexp, b_clip_lower, b_clip_upper]
SHAPES = [((), (2, 3)), ((3,), (2, 3)), ((2, 3), (3,)), ((2, 3), ())]
POSITIVE = {b_pow: 0, b_div: 1, b_mod: 1}   # operand that must be positive


def binary_args(fn, shapes):
    args = []
    for i, shape in enumerate(shapes):
        args.append(POS(*shape) if POSITIVE.get(fn) == i else U(*shape))
    return tuple(args)


PARTIAL = [pytest.param(fn, binary_args(fn, shapes), argnum,
                        id=f"{fn.__name__}-{shapes[0]}-{shapes[1]}-d{argnum}")
           for fn in BINARY for shapes in SHAPES for argnum in (0, 1)]
PARTIAL += [pytest.param(b_dot, (U(2, 3), U(3)), argnum, id=f"b_dot-d{argnum}")
            for argnum in (0, 1)]
PARTIAL += [pytest.param(b_concatenate, (U(2), U(2, 3)), argnum, id=f"b_concatenate-d{argnum}")
            for argnum in (0, 1)]
PARTIAL += [pytest.param(b_maximum, (X_TIE, Y_TIE), argnum, id=f"b_maximum-ties-d{argnum}")
            for argnum in (0, 1)]
PARTIAL += [pytest.param(b_clip_lower, (X_CLIP, jnp.full(6, -0.5)), argnum,
                         id=f"b_clip_lower-ties-d{argnum}") for argnum in (0, 1)]


@pytest.mark.parametrize("fn, args, argnum", PARTIAL)
def test_jvp_rule_one_operand_active(fn, args, argnum):
    tangent = U(*np.shape(args[argnum]))

    def only(a):
        full = list(args)
        full[argnum] = a
        return fn(*full)

    want, want_dot = jax.jvp(only, (args[argnum],), (tangent,))
    got, got_dot = s2s.generated(fn, "jvp", argnums=argnum)(*args, tangent)
    assert_close(got, want)
    assert_close(got_dot, want_dot)


@pytest.mark.parametrize("fn", [fn_clip, fn_abs, red_max_axis1, red_prod_axis1_keepdims,
                                red_std_ddof, at_add_slice, op_pow])
def test_generated_rules_run_under_jit(fn):
    args = next(p.values[2] for p in CASES if p.values[0] is fn)
    tangents = tangents_for(args)
    jvp_fn = s2s.generated(fn, "jvp")
    eager = jvp_fn(*args, *tangents)
    jitted = jax.jit(jvp_fn)(*args, *tangents)
    assert_close(jitted, eager)


# --- Python's own abs, max, min, float ------------------------------------------------

def builtins_mix(x, y):
    return abs(x) * max(x, y) + min(x, 2.0) * y


def builtins_float(x):
    return float(x) * 3.0


@pytest.mark.parametrize("xy", [(0.5, 0.7), (-1.5, 0.2), (0.3, 0.3), (2.5, -1.0)])
def test_python_builtins_abs_max_min(xy):
    x, y = xy
    out, out_dot = s2s.jvp(builtins_mix, (x, y), (1.0, -2.0))
    ref, ref_dot = jax.jvp(lambda a, b: jnp.abs(a) * jnp.where(a >= b, a, b)
                           + jnp.where(a <= 2.0, a, 2.0) * b, (x, y), (1.0, -2.0))
    np.testing.assert_allclose(out, ref, rtol=1e-12)
    np.testing.assert_allclose(out_dot, ref_dot, rtol=1e-12)


def test_python_builtin_float():
    out, out_dot = s2s.jvp(builtins_float, (1.25,), (2.0,))
    np.testing.assert_allclose((out, out_dot), (3.75, 6.0))
