"""The Python operators' primitives (+ - * / ** % @, unary - and +): jvp and vjp
rules side by side. They act element by element (matmul aside), and the
element-wise family's one batch rule serves them (elementwise.py); x @ y
batches as jnp.matmul does (linalg.py)."""
import jax.numpy as jnp

from . import jvp_rule, multilinear, vjp_rule
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
@vjp_rule(jnp.matmul, nondiff_args=("out_sharding",))
def matmul_vjp(ans_bar, a, b, out_sharding=None):
    return matmul_cotangent_a(ans_bar, a, b), matmul_cotangent_b(ans_bar, a, b), None
