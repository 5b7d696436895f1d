"""Elementwise arithmetic and math: jvp rules (vjp and batch rules go beside)."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, multilinear, vjp_rule, zero_derivative
from ..runtime import (matmul_cotangent_a, matmul_cotangent_b,  # noqa: F401  (templates)
                       unbroadcast)
from ..template import literal, zero  # noqa: F401  (zero: used by templates)

# --- arithmetic -------------------------------------------------------------


@jvp_rule(jnp.add, broadcasts=True)
def add_jvp(x, y, x_dot, y_dot):
    return x_dot + y_dot


@vjp_rule(jnp.add)
def add_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar, x), unbroadcast(ans_bar, y)


@jvp_rule(jnp.subtract, broadcasts=True)
def subtract_jvp(x, y, x_dot, y_dot):
    return x_dot - y_dot


@vjp_rule(jnp.subtract)
def subtract_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar, x), unbroadcast(-ans_bar, y)


@jvp_rule(jnp.multiply)
def multiply_jvp(x, y, x_dot, y_dot):
    return x_dot * y + x * y_dot


@vjp_rule(jnp.multiply)
def multiply_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar * y, x), unbroadcast(x * ans_bar, y)


@jvp_rule(jnp.true_divide, jnp.divide)
def true_divide_jvp(ans, x, y, x_dot, y_dot):
    return x_dot / y - ans * y_dot / y


@vjp_rule(jnp.true_divide, jnp.divide)
def true_divide_vjp(ans_bar, ans, x, y):
    return unbroadcast(ans_bar / y, x), unbroadcast(-ans_bar * ans / y, y)


# d/dy x**y = x**y * log(x), with log(0) read as 0 (as in JAX: 0**y is flat in y
# wherever it is defined, not 0 * -inf = nan). d/dx x**y = y * x**(y - 1), and 0
# where y == 0, as JAX has it (an exponent known only when the code runs, `x ** n`
# for an argument n = 0: not 0 * 0**-1 = nan). x is read as 1 there, so that the
# derivative of this derivative is finite too.
@jvp_rule(jnp.power)
def power_jvp(ans, x, y, x_dot, y_dot):
    return (jnp.where(y == 0, 0.0, y * jnp.where(y == 0, 1.0, x) ** (y - 1)) * x_dot
            + ans * jnp.log(jnp.where(x == 0, 1, x)) * y_dot)


@vjp_rule(jnp.power)
def power_vjp(ans_bar, ans, x, y):
    return (unbroadcast(ans_bar * jnp.where(y == 0, 0.0, y * jnp.where(y == 0, 1.0, x) ** (y - 1)),
                        x),
            unbroadcast(ans_bar * (ans * jnp.log(jnp.where(x == 0, 1, x))), y))


# x ** n for a literal integer n is JAX's integer_pow: n * x ** (n - 1), exact at
# x = 0 (x ** 0 is flat everywhere, x ** 1 passes the tangent through, x ** 2
# is 2 * x). A negative power of a Python number 0.0 raises ZeroDivisionError
# where JAX gives inf, so those call jnp.power.
def _exponent(y):
    n = literal(y)
    return n if type(n) is int else None


@jvp_rule(jnp.power, when=lambda y: _exponent(y) == 0)
def power_0_jvp(ans, x, y, x_dot, y_dot):
    return zero(x)


@vjp_rule(jnp.power, when=lambda y: _exponent(y) == 0)
def power_0_vjp(ans_bar, ans, x, y):
    return zero(x), zero(y)


@jvp_rule(jnp.power, when=lambda y: _exponent(y) == 1)
def power_1_jvp(ans, x, y, x_dot, y_dot):
    return x_dot


@vjp_rule(jnp.power, when=lambda y: _exponent(y) == 1)
def power_1_vjp(ans_bar, ans, x, y):
    return unbroadcast(ans_bar, x), zero(y)


@jvp_rule(jnp.power, when=lambda y: (_exponent(y) or 0) > 1)
def power_n_jvp(ans, x, y, x_dot, y_dot):
    return y * x ** (y - 1) * x_dot


@vjp_rule(jnp.power, when=lambda y: (_exponent(y) or 0) > 1)
def power_n_vjp(ans_bar, ans, x, y):
    return unbroadcast(ans_bar * (y * x ** (y - 1)), x), zero(y)


@jvp_rule(jnp.power, when=lambda y: (_exponent(y) or 0) < 0)
def power_negative_jvp(ans, x, y, x_dot, y_dot):
    return y * jnp.power(x, y - 1) * x_dot


@vjp_rule(jnp.power, when=lambda y: (_exponent(y) or 0) < 0)
def power_negative_vjp(ans_bar, ans, x, y):
    return unbroadcast(ans_bar * (y * jnp.power(x, y - 1)), x), zero(y)


@jvp_rule(jnp.negative)
def negative_jvp(x, x_dot):
    return -x_dot


@vjp_rule(jnp.negative)
def negative_vjp(ans_bar, x):
    return -ans_bar


@jvp_rule(jnp.positive)
def positive_jvp(x, x_dot):
    return x_dot


@vjp_rule(jnp.positive)
def positive_vjp(ans_bar, x):
    return ans_bar


@jvp_rule(jnp.remainder, jnp.mod, broadcasts=True)
def remainder_jvp(x, y, x_dot, y_dot):
    return x_dot - y_dot * jnp.floor_divide(x, y)


@vjp_rule(jnp.remainder, jnp.mod)
def remainder_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar, x), unbroadcast(-ans_bar * jnp.floor_divide(x, y), y)


multilinear(jnp.matmul)


# With 1-d operands promoted to matrices (a as a row, b as a column, the output's
# cotangent reshaped to match), each cotangent is a matmul summed down over the
# batch axes broadcasting added.
@vjp_rule(jnp.matmul)
def matmul_vjp(ans_bar, a, b):
    return matmul_cotangent_a(ans_bar, a, b), matmul_cotangent_b(ans_bar, a, b)

# --- unary math ---------------------------------------------------------------


@jvp_rule(jnp.exp)
def exp_jvp(ans, x, x_dot):
    return ans * x_dot


@vjp_rule(jnp.exp)
def exp_vjp(ans_bar, ans, x):
    return ans_bar * ans


@jvp_rule(jnp.log)
def log_jvp(x, x_dot):
    return x_dot / x


@vjp_rule(jnp.log)
def log_vjp(ans_bar, x):
    return ans_bar / x


@jvp_rule(jnp.log1p)
def log1p_jvp(x, x_dot):
    return x_dot / (1 + x)


@vjp_rule(jnp.log1p)
def log1p_vjp(ans_bar, x):
    return ans_bar / (1 + x)


@jvp_rule(jnp.expm1)
def expm1_jvp(ans, x, x_dot):
    return (ans + 1) * x_dot


@vjp_rule(jnp.expm1)
def expm1_vjp(ans_bar, ans, x):
    return ans_bar * (ans + 1)


@jvp_rule(jnp.sqrt)
def sqrt_jvp(ans, x, x_dot):
    return x_dot / (2 * ans)


@vjp_rule(jnp.sqrt)
def sqrt_vjp(ans_bar, ans, x):
    return ans_bar / (2 * ans)


@jvp_rule(jnp.square)
def square_jvp(x, x_dot):
    return 2 * x * x_dot


@vjp_rule(jnp.square)
def square_vjp(ans_bar, x):
    return ans_bar * (2 * x)


# At 0 the tangent passes through unchanged, as in JAX (not sign(0) * x_dot == 0).
@jvp_rule(jnp.abs, jnp.absolute)
def abs_jvp(x, x_dot):
    return jnp.where(x >= 0, x_dot, -x_dot)


@vjp_rule(jnp.abs, jnp.absolute)
def abs_vjp(ans_bar, x):
    return jnp.where(x >= 0, ans_bar, -ans_bar)


@jvp_rule(jnp.sin)
def sin_jvp(x, x_dot):
    return jnp.cos(x) * x_dot


@vjp_rule(jnp.sin)
def sin_vjp(ans_bar, x):
    return ans_bar * jnp.cos(x)


@jvp_rule(jnp.cos)
def cos_jvp(x, x_dot):
    return -jnp.sin(x) * x_dot


@vjp_rule(jnp.cos)
def cos_vjp(ans_bar, x):
    return -ans_bar * jnp.sin(x)


@jvp_rule(jnp.tan)
def tan_jvp(ans, x, x_dot):
    return (1 + ans ** 2) * x_dot


@vjp_rule(jnp.tan)
def tan_vjp(ans_bar, ans, x):
    return ans_bar * (1 + ans ** 2)


@jvp_rule(jnp.tanh)
def tanh_jvp(ans, x, x_dot):
    return (1 - ans ** 2) * x_dot


@vjp_rule(jnp.tanh)
def tanh_vjp(ans_bar, ans, x):
    return ans_bar * (1 - ans ** 2)


@jvp_rule(jnp.sinh)
def sinh_jvp(x, x_dot):
    return jnp.cosh(x) * x_dot


@vjp_rule(jnp.sinh)
def sinh_vjp(ans_bar, x):
    return ans_bar * jnp.cosh(x)


@jvp_rule(jnp.cosh)
def cosh_jvp(x, x_dot):
    return jnp.sinh(x) * x_dot


@vjp_rule(jnp.cosh)
def cosh_vjp(ans_bar, x):
    return ans_bar * jnp.sinh(x)


@jvp_rule(jnp.arcsin)
def arcsin_jvp(x, x_dot):
    return x_dot / jnp.sqrt(1 - x ** 2)


@vjp_rule(jnp.arcsin)
def arcsin_vjp(ans_bar, x):
    return ans_bar / jnp.sqrt(1 - x ** 2)


@jvp_rule(jnp.arccos)
def arccos_jvp(x, x_dot):
    return -x_dot / jnp.sqrt(1 - x ** 2)


@vjp_rule(jnp.arccos)
def arccos_vjp(ans_bar, x):
    return -ans_bar / jnp.sqrt(1 - x ** 2)


@jvp_rule(jnp.arctan)
def arctan_jvp(x, x_dot):
    return x_dot / (1 + x ** 2)


@vjp_rule(jnp.arctan)
def arctan_vjp(ans_bar, x):
    return ans_bar / (1 + x ** 2)


# --- binary math --------------------------------------------------------------


@jvp_rule(jnp.arctan2)
def arctan2_jvp(x, y, x_dot, y_dot):
    return (y * x_dot - x * y_dot) / (x ** 2 + y ** 2)


@vjp_rule(jnp.arctan2)
def arctan2_vjp(ans_bar, x, y):
    return (unbroadcast(ans_bar * y / (x ** 2 + y ** 2), x),
            unbroadcast(-ans_bar * x / (x ** 2 + y ** 2), y))


# Ties split the derivative evenly between the operands, as in JAX.
@jvp_rule(jnp.maximum)
def maximum_jvp(x, y, x_dot, y_dot):
    return x_dot * jnp.where(x == y, 0.5, x > y) + y_dot * jnp.where(x == y, 0.5, x < y)


@vjp_rule(jnp.maximum)
def maximum_vjp(ans_bar, x, y):
    return (unbroadcast(ans_bar * jnp.where(x == y, 0.5, x > y), x),
            unbroadcast(ans_bar * jnp.where(x == y, 0.5, x < y), y))


@jvp_rule(jnp.minimum)
def minimum_jvp(x, y, x_dot, y_dot):
    return x_dot * jnp.where(x == y, 0.5, x < y) + y_dot * jnp.where(x == y, 0.5, x > y)


@vjp_rule(jnp.minimum)
def minimum_vjp(ans_bar, x, y):
    return (unbroadcast(ans_bar * jnp.where(x == y, 0.5, x < y), x),
            unbroadcast(ans_bar * jnp.where(x == y, 0.5, x > y), y))


@jvp_rule(jnp.logaddexp)
def logaddexp_jvp(ans, x, y, x_dot, y_dot):
    return x_dot * jnp.exp(x - ans) + y_dot * jnp.exp(y - ans)


@vjp_rule(jnp.logaddexp)
def logaddexp_vjp(ans_bar, ans, x, y):
    return unbroadcast(ans_bar * jnp.exp(x - ans), x), unbroadcast(ans_bar * jnp.exp(y - ans), y)


@jvp_rule(jnp.where, broadcasts=True, zero_args=("condition",))
def where_jvp(condition, x, y, x_dot, y_dot):
    return jnp.where(condition, x_dot, y_dot)


# The condition gets no cotangent.
@vjp_rule(jnp.where)
def where_vjp(ans_bar, condition, x, y):
    return (None, unbroadcast(jnp.where(condition, ans_bar, 0.0), x),
            unbroadcast(jnp.where(condition, 0.0, ans_bar), y))


# jnp.clip(x, min, max) is minimum(maximum(x, min), max) in JAX, so ties split
# the tangent evenly at each step, as maximum and minimum do. With m = clip(x, min)
# (that is, maximum(x, min)): x > min exactly where m == x and x != min, and
# m < max exactly where ans == m and m != max. Written with == and jnp.clip only,
# a bound that is None (left out, or passed as None) never ties and never binds:
# `x == None` is False and jnp.clip(x, None) is x, and its zero tangent folds away.
@jvp_rule(jnp.clip, broadcasts=True)
def clip_jvp(ans, x, x_dot, min_dot, max_dot, min=None, max=None):
    return (x_dot * jnp.where(x == min, 0.5, jnp.clip(x, min) == x)
            + min_dot * jnp.where(x == min, 0.5, jnp.clip(x, min) != x)) \
        * jnp.where(jnp.clip(x, min) == max, 0.5, ans == jnp.clip(x, min)) \
        + max_dot * jnp.where(jnp.clip(x, min) == max, 0.5, ans != jnp.clip(x, min))


# The jvp rule's coefficients, each operand's summed down to its shape.
@vjp_rule(jnp.clip)
def clip_vjp(ans_bar, ans, x, min=None, max=None):
    return (unbroadcast(ans_bar * jnp.where(x == min, 0.5, jnp.clip(x, min) == x)
                        * jnp.where(jnp.clip(x, min) == max, 0.5, ans == jnp.clip(x, min)), x),
            unbroadcast(ans_bar * jnp.where(x == min, 0.5, jnp.clip(x, min) != x)
                        * jnp.where(jnp.clip(x, min) == max, 0.5, ans == jnp.clip(x, min)), min),
            unbroadcast(ans_bar * jnp.where(jnp.clip(x, min) == max, 0.5, ans != jnp.clip(x, min)),
                        max))


# --- derivative zero ----------------------------------------------------------------
# Piecewise constant, or boolean: JAX's derivative is zero, and so is s2s's.

zero_derivative(
    jnp.sign, jnp.floor, jnp.ceil, jnp.round, jnp.rint, jnp.trunc, jnp.floor_divide,
    jnp.greater, jnp.greater_equal, jnp.less, jnp.less_equal, jnp.equal, jnp.not_equal,
    jnp.logical_and, jnp.logical_or, jnp.logical_not, jnp.logical_xor,
    jnp.isnan, jnp.isinf, jnp.isfinite, jnp.signbit,
    "compare",   # a < b, a == b, ...: Python's comparison operators
)


# --- batching ---------------------------------------------------------------------
# Every function in this file acts element by element, so one batch rule serves
# them all: a batched operand gets the axes it lacks right after its batch axis
# (`x_batch[:, None]`), and then everything broadcasts as one example would.
# Unbatched operands are left as they are: they broadcast from the right.


@batch_rule(
    jnp.add, jnp.subtract, jnp.multiply, jnp.true_divide, jnp.divide, jnp.power,
    jnp.negative, jnp.positive, jnp.remainder, jnp.mod, jnp.exp, jnp.log, jnp.log1p,
    jnp.expm1, jnp.sqrt, jnp.square, jnp.abs, jnp.absolute, jnp.sin, jnp.cos, jnp.tan,
    jnp.tanh, jnp.sinh, jnp.cosh, jnp.arcsin, jnp.arccos, jnp.arctan, jnp.arctan2,
    jnp.maximum, jnp.minimum, jnp.logaddexp, jnp.where, jnp.clip,
    jnp.sign, jnp.floor, jnp.ceil, jnp.round, jnp.rint, jnp.trunc, jnp.floor_divide,
    jnp.greater, jnp.greater_equal, jnp.less, jnp.less_equal, jnp.equal, jnp.not_equal,
    jnp.logical_and, jnp.logical_or, jnp.logical_not, jnp.logical_xor,
    jnp.isnan, jnp.isinf, jnp.isfinite, jnp.signbit,
    "compare",   # a < b, a == b, ...: Python's comparison operators
)
def elementwise_batch(batch, **operands):
    rank = max(batch.rank(v) for v in operands.values())
    return batch.rebuild(**{k: batch.align(v, rank) for k, v in operands.items()})


# x @ y batches as jnp.matmul does (s2s/rules/linalg.py).
