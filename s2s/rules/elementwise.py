"""Elementwise math: jvp rules (vjp and batch rules go beside). The Python
operators' primitives (+ - * / ** % @) are in arithmetic.py; the one batch rule
at the end of this file serves them too."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, vjp_rule, zero_derivative
from ..runtime import abs_direction, unbroadcast  # noqa: F401  (templates)

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


# At 0 the tangent passes through unchanged, as in JAX (not sign(0) * x_dot == 0);
# a complex x changes |x| along its direction x / |x| (JAX's rules: |x| is real,
# and x's cotangent is conjugated).
@jvp_rule(jnp.abs, jnp.absolute)
def abs_jvp(x, x_dot):
    return jnp.real(jnp.conj(abs_direction(x)) * x_dot)


@vjp_rule(jnp.abs, jnp.absolute)
def abs_vjp(ans_bar, x):
    return ans_bar * jnp.conj(abs_direction(x))


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
