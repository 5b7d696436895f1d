"""More element-wise jax.numpy functions: inverse hyperbolics, powers and logs in
other bases, the functions of two operands numpy adds (hypot, copysign, fmax,
fmod, ...), and the array-API names of functions elementwise.py already has
(acos is arccos, pow is power). jvp, vjp and batch rules side by side; every
function acts element by element, so elementwise.py's one batch rule serves.
Each derivative is JAX's, at its kinks and ties too: checked against
jax.jvp and jax.vjp in tests/rule_cases_elementwise.py. Real inputs only are
tested (conj and real are the identity there)."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, vjp_rule, zero_derivative
from .elementwise import elementwise_batch
from .special import same_rules
from ..runtime import special_i1, unbroadcast  # noqa: F401  (templates)
from ..template import zero  # noqa: F401  (templates)

# --- other names for functions with rules -------------------------------------------

same_rules(jnp.arccos, jnp.acos)
same_rules(jnp.arcsin, jnp.asin)
same_rules(jnp.arctan, jnp.atan)
same_rules(jnp.arctan2, jnp.atan2)
same_rules(jnp.abs, jnp.fabs)       # JAX's fabs is lax.abs of the float input
same_rules(jnp.power, jnp.pow)
same_rules(jnp.round, jnp.around)   # derivative zero

# --- unary math ---------------------------------------------------------------------


@jvp_rule(jnp.arccosh, jnp.acosh)
def arccosh_jvp(x, x_dot):
    return x_dot / jnp.sqrt((x - 1) * (x + 1))


@vjp_rule(jnp.arccosh, jnp.acosh)
def arccosh_vjp(ans_bar, x):
    return ans_bar / jnp.sqrt((x - 1) * (x + 1))


@jvp_rule(jnp.arcsinh, jnp.asinh)
def arcsinh_jvp(x, x_dot):
    return x_dot / jnp.sqrt(x ** 2 + 1)


@vjp_rule(jnp.arcsinh, jnp.asinh)
def arcsinh_vjp(ans_bar, x):
    return ans_bar / jnp.sqrt(x ** 2 + 1)


@jvp_rule(jnp.arctanh, jnp.atanh)
def arctanh_jvp(x, x_dot):
    return x_dot / (1 - x ** 2)


@vjp_rule(jnp.arctanh, jnp.atanh)
def arctanh_vjp(ans_bar, x):
    return ans_bar / (1 - x ** 2)


# ans ** 3 = x: d ans = dx / (3 ans ** 2) (inf at 0, as JAX's)
@jvp_rule(jnp.cbrt)
def cbrt_jvp(ans, x, x_dot):
    return x_dot / (3 * ans ** 2)


@vjp_rule(jnp.cbrt)
def cbrt_vjp(ans_bar, ans, x):
    return ans_bar / (3 * ans ** 2)


@jvp_rule(jnp.deg2rad, jnp.radians)
def deg2rad_jvp(x, x_dot):
    return jnp.pi / 180 * x_dot


@vjp_rule(jnp.deg2rad, jnp.radians)
def deg2rad_vjp(ans_bar, x):
    return jnp.pi / 180 * ans_bar


@jvp_rule(jnp.rad2deg, jnp.degrees)
def rad2deg_jvp(x, x_dot):
    return 180 / jnp.pi * x_dot


@vjp_rule(jnp.rad2deg, jnp.degrees)
def rad2deg_vjp(ans_bar, x):
    return 180 / jnp.pi * ans_bar


@jvp_rule(jnp.exp2)
def exp2_jvp(ans, x, x_dot):
    return jnp.log(2.0) * ans * x_dot


@vjp_rule(jnp.exp2)
def exp2_vjp(ans_bar, ans, x):
    return jnp.log(2.0) * ans * ans_bar


@jvp_rule(jnp.log2)
def log2_jvp(x, x_dot):
    return x_dot / (jnp.log(2.0) * x)


@vjp_rule(jnp.log2)
def log2_vjp(ans_bar, x):
    return ans_bar / (jnp.log(2.0) * x)


@jvp_rule(jnp.log10)
def log10_jvp(x, x_dot):
    return x_dot / (jnp.log(10.0) * x)


@vjp_rule(jnp.log10)
def log10_vjp(ans_bar, x):
    return ans_bar / (jnp.log(10.0) * x)


# 1 / x: -1 / x ** 2, read from the answer (-inf at 0, as JAX's)
@jvp_rule(jnp.reciprocal)
def reciprocal_jvp(ans, x, x_dot):
    return -ans ** 2 * x_dot


@vjp_rule(jnp.reciprocal)
def reciprocal_vjp(ans_bar, ans, x):
    return -ans ** 2 * ans_bar


# sinc(x) = sin(pi x) / (pi x): (cos(pi x) - sinc(x)) / x, read as -pi ** 2 x / 3
# at 0 (JAX's series there: 0, and sinc's second derivative, -pi ** 2 / 3, as
# its slope). The x in the denominator is read as 1 at 0 so nothing is nan.
@jvp_rule(jnp.sinc)
def sinc_jvp(ans, x, x_dot):
    return jnp.where(x == 0, -jnp.pi ** 2 / 3 * x,
                     (jnp.cos(jnp.pi * x) - ans) / jnp.where(x == 0, 1.0, x)) * x_dot


@vjp_rule(jnp.sinc)
def sinc_vjp(ans_bar, ans, x):
    return ans_bar * jnp.where(x == 0, -jnp.pi ** 2 / 3 * x,
                               (jnp.cos(jnp.pi * x) - ans) / jnp.where(x == 0, 1.0, x))


# Linear: the identity on real inputs.
@jvp_rule(jnp.conj, jnp.conjugate)
def conj_jvp(x, x_dot):
    return jnp.conj(x_dot)


@vjp_rule(jnp.conj, jnp.conjugate)
def conj_vjp(ans_bar, x):
    return jnp.conj(ans_bar)


@jvp_rule(jnp.real)
def real_jvp(val, val_dot):
    return jnp.real(val_dot)


@vjp_rule(jnp.real)
def real_vjp(ans_bar, val):
    return ans_bar


# nan, inf and -inf become constants: the tangent passes where x is finite. The
# replacements are constants here (an active one is refused, never dropped).
@jvp_rule(jnp.nan_to_num, nondiff_args=("copy", "nan", "posinf", "neginf"))
def nan_to_num_jvp(x, x_dot, copy=True, nan=0.0, posinf=None, neginf=None):
    return jnp.where(jnp.isfinite(x), x_dot, 0.0)


@vjp_rule(jnp.nan_to_num)
def nan_to_num_vjp(ans_bar, x, copy=True, nan=0.0, posinf=None, neginf=None):
    return jnp.where(jnp.isfinite(x), ans_bar, 0.0), None, None, None, None


# --- binary math ----------------------------------------------------------------------

# log2(2 ** x1 + 2 ** x2): each operand's weight 2 ** (x_i - ans), as logaddexp's.
@jvp_rule(jnp.logaddexp2)
def logaddexp2_jvp(ans, x1, x2, x1_dot, x2_dot):
    return x1_dot * jnp.exp2(x1 - ans) + x2_dot * jnp.exp2(x2 - ans)


@vjp_rule(jnp.logaddexp2)
def logaddexp2_vjp(ans_bar, ans, x1, x2):
    return (unbroadcast(ans_bar * jnp.exp2(x1 - ans), x1),
            unbroadcast(ans_bar * jnp.exp2(x2 - ans), x2))


# x_i / ans; at (0, 0) JAX's max/min of |x1| and |x2| tie and split the slope:
# 1/2 each (the ans in the denominator is read as 1 there so nothing is nan).
@jvp_rule(jnp.hypot)
def hypot_jvp(ans, x1, x2, x1_dot, x2_dot):
    return (x1_dot * jnp.where(ans == 0, 0.5, x1 / jnp.where(ans == 0, 1.0, ans))
            + x2_dot * jnp.where(ans == 0, 0.5, x2 / jnp.where(ans == 0, 1.0, ans)))


@vjp_rule(jnp.hypot)
def hypot_vjp(ans_bar, ans, x1, x2):
    return (unbroadcast(ans_bar * jnp.where(ans == 0, 0.5, x1 / jnp.where(ans == 0, 1.0, ans)), x1),
            unbroadcast(ans_bar * jnp.where(ans == 0, 0.5, x2 / jnp.where(ans == 0, 1.0, ans)), x2))


# |x1| with x2's sign bit: abs's slope (+1 at 0 and -0.0, as JAX's), negated
# where x2's sign bit is set. The sign is flat in x2.
@jvp_rule(jnp.copysign, zero_args=("x2",))
def copysign_jvp(x1, x2, x1_dot):
    return jnp.where(x1 >= 0, x1_dot, -x1_dot) * jnp.where(jnp.signbit(x2), -1.0, 1.0)


@vjp_rule(jnp.copysign)
def copysign_vjp(ans_bar, x1, x2):
    return unbroadcast(ans_bar * jnp.where(x1 >= 0, 1.0, -1.0)
                       * jnp.where(jnp.signbit(x2), -1.0, 1.0), x1), None


# JAX's float_power is lax.pow of the floats: y * x ** (y - 1) (nan at x = y = 0,
# as JAX's; the exponent is never an integer here) and ans * log(x), log(0) read as 0.
@jvp_rule(jnp.float_power)
def float_power_jvp(ans, x, y, x_dot, y_dot):
    return y * jnp.power(x, y - 1) * x_dot + ans * jnp.log(jnp.where(x == 0, 1, x)) * y_dot


@vjp_rule(jnp.float_power)
def float_power_vjp(ans_bar, ans, x, y):
    return (unbroadcast(ans_bar * y * jnp.power(x, y - 1), x),
            unbroadcast(ans_bar * ans * jnp.log(jnp.where(x == 0, 1, x)), y))


# JAX's fmax is where((x1 > x2) | isnan(x2), x1, x2): the operand picked gets the
# whole tangent, x2 at a tie (not half each, as maximum).
@jvp_rule(jnp.fmax)
def fmax_jvp(x1, x2, x1_dot, x2_dot):
    return jnp.where(jnp.logical_or(x1 > x2, jnp.isnan(x2)), x1_dot, x2_dot)


@vjp_rule(jnp.fmax)
def fmax_vjp(ans_bar, x1, x2):
    return (unbroadcast(jnp.where(jnp.logical_or(x1 > x2, jnp.isnan(x2)), ans_bar, 0.0), x1),
            unbroadcast(jnp.where(jnp.logical_or(x1 > x2, jnp.isnan(x2)), 0.0, ans_bar), x2))


@jvp_rule(jnp.fmin)
def fmin_jvp(x1, x2, x1_dot, x2_dot):
    return jnp.where(jnp.logical_or(x1 < x2, jnp.isnan(x2)), x1_dot, x2_dot)


@vjp_rule(jnp.fmin)
def fmin_vjp(ans_bar, x1, x2):
    return (unbroadcast(jnp.where(jnp.logical_or(x1 < x2, jnp.isnan(x2)), ans_bar, 0.0), x1),
            unbroadcast(jnp.where(jnp.logical_or(x1 < x2, jnp.isnan(x2)), 0.0, ans_bar), x2))


# fmod(x1, x2) = x1 - trunc(x1 / x2) * x2 (lax.rem, whose rule this is).
@jvp_rule(jnp.fmod, broadcasts=True)
def fmod_jvp(x1, x2, x1_dot, x2_dot):
    return x1_dot - x2_dot * jnp.trunc(x1 / x2)


@vjp_rule(jnp.fmod)
def fmod_vjp(ans_bar, x1, x2):
    return unbroadcast(ans_bar, x1), unbroadcast(-ans_bar * jnp.trunc(x1 / x2), x2)


# heaviside(x1, x2) is 0 below 0, 1 above, x2 at 0, and x1 itself where x1 is
# nan (JAX's): the tangent of x2 passes at 0, x1's where it is nan.
@jvp_rule(jnp.heaviside, broadcasts=True)
def heaviside_jvp(x1, x2, x1_dot, x2_dot):
    return jnp.where(jnp.isnan(x1), x1_dot, jnp.where(x1 == 0, x2_dot, zero(x1)))


@vjp_rule(jnp.heaviside)
def heaviside_vjp(ans_bar, x1, x2):
    return (unbroadcast(jnp.where(jnp.isnan(x1), ans_bar, 0.0), x1),
            unbroadcast(jnp.where(x1 == 0, ans_bar, 0.0), x2))


# x1 * 2 ** x2 for an integer x2 (no derivative): slope 2 ** x2 (in x1's dtype:
# ldexp(1, x2)), and 1 where x1 is 0 or infinite (JAX's ldexp returns x1 there).
@jvp_rule(jnp.ldexp, zero_args=("x2",))
def ldexp_jvp(x1, x2, x1_dot):
    return jnp.where(jnp.logical_or(x1 == 0, jnp.isinf(x1)), 1.0,
                     jnp.ldexp(jnp.ones_like(x1), x2)) * x1_dot


@vjp_rule(jnp.ldexp)
def ldexp_vjp(ans_bar, x1, x2):
    return unbroadcast(ans_bar * jnp.where(jnp.logical_or(x1 == 0, jnp.isinf(x1)), 1.0,
                                           jnp.ldexp(jnp.ones_like(x1), x2)), x1), None


# --- derivative zero ------------------------------------------------------------------
# Boolean, integer or piecewise constant: JAX's derivative is zero too.

ZERO = (jnp.isneginf, jnp.isposinf, jnp.iscomplex, jnp.isreal, jnp.isclose,
        jnp.bitwise_and, jnp.bitwise_or, jnp.bitwise_xor, jnp.bitwise_not, jnp.bitwise_invert,
        jnp.invert, jnp.bitwise_count, jnp.bitwise_left_shift, jnp.bitwise_right_shift,
        jnp.left_shift, jnp.right_shift, jnp.gcd, jnp.lcm)
zero_derivative(*ZERO)


@batch_rule(jnp.arccosh, jnp.acosh, jnp.arcsinh, jnp.asinh, jnp.arctanh, jnp.atanh, jnp.cbrt,
            jnp.deg2rad, jnp.radians, jnp.rad2deg, jnp.degrees, jnp.exp2, jnp.log2, jnp.log10,
            jnp.reciprocal, jnp.sinc, jnp.conj, jnp.conjugate, jnp.real, jnp.nan_to_num,
            jnp.logaddexp2, jnp.hypot, jnp.copysign, jnp.float_power, jnp.fmax, jnp.fmin,
            jnp.fmod, jnp.heaviside, jnp.ldexp, *ZERO)
def more_elementwise_batch(batch, **operands):
    """Element-wise in every array operand (isclose's tolerances are numbers)."""
    return elementwise_batch(batch, **operands)


# i0's derivative is i1, and 0 at 0 (JAX's own rule, flat there to every order).
@jvp_rule(jnp.i0)
def i0_jvp(x, x_dot):
    return jnp.where(x == 0, 0.0, special_i1(x)) * x_dot


@vjp_rule(jnp.i0)
def i0_vjp(ans_bar, x):
    return ans_bar * jnp.where(x == 0, 0.0, special_i1(x))


# i1' = i0 - i1 / x, and 1/2 at 0 (JAX's).
@jvp_rule(special_i1)
def i1_jvp(ans, x, x_dot):
    return jnp.where(x == 0, 0.5, jnp.i0(x) - ans / jnp.where(x == 0, 1.0, x)) * x_dot


@vjp_rule(special_i1)
def i1_vjp(ans_bar, ans, x):
    return ans_bar * jnp.where(x == 0, 0.5, jnp.i0(x) - ans / jnp.where(x == 0, 1.0, x))


batch_rule(jnp.i0, special_i1)(elementwise_batch)
