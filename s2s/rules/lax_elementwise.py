"""The element-wise functions of jax.lax that users call directly: clamp,
integer_pow, and the lax twins of jax.numpy functions (lax.exp, lax.add, ...),
which take the jax.numpy function's rules. jvp, vjp and batch rules side by
side; the calls stay as the user wrote them. lax broadcasts nothing, so the
batch rules give an operand without the batch axis one where lax needs it."""
import builtins

import gast
import jax.numpy as jnp
from jax import lax

from . import batch_rule, jvp_rule, vjp_rule
from .special import same_rules
from ..runtime import unbroadcast  # noqa: F401  (templates)
from ..template import literal, zero  # noqa: F401  (zero: used by templates)


# lax.clamp(min, x, max), JAX's rule: each operand's tangent passes where it is
# the answer strictly (x strictly inside, min above x and below max, max below
# x); at a tie none does.
@jvp_rule(lax.clamp)
def clamp_jvp(min, x, max, min_dot, x_dot, max_dot):
    return (jnp.where(jnp.logical_and(min > x, min < max), min_dot, zero(x))
            + jnp.where(jnp.logical_and(x > min, x < max), x_dot, zero(x))
            + jnp.where(max < x, max_dot, zero(x)))


@vjp_rule(lax.clamp)
def clamp_vjp(ans_bar, min, x, max):
    return (unbroadcast(jnp.where(jnp.logical_and(min > x, min < max), ans_bar, 0.0), min),
            jnp.where(jnp.logical_and(x > min, x < max), ans_bar, 0.0),
            unbroadcast(jnp.where(max < x, ans_bar, 0.0), max))


# lax.clamp takes a bound of x's shape or a scalar; batched, a bound may be one
# number per example, which jnp.clip broadcasts (its values are clamp's).
@batch_rule(lax.clamp)
def clamp_batch(batch, min, x, max):
    rank = builtins.max(batch.rank(v) for v in (min, x, max))
    return batch.jnp("clip", batch.align(x, rank), batch.align(min, rank), batch.align(max, rank))


# x ** n for a Python int n (JAX's integer_pow): n * x ** (n - 1), and flat for
# n = 0 (not 0 * x ** -1, nan at x = 0). A literal n reads as `x ** n` would; an
# n known only when the code runs is tested there.
def _n(y):
    n = literal(y)
    return n if type(n) is int else None


@jvp_rule(lax.integer_pow, nondiff_args=("y",))
def integer_pow_jvp(x, y, x_dot):
    return (y * jnp.power(x, y - 1) if y != 0 else jnp.zeros_like(x)) * x_dot


@vjp_rule(lax.integer_pow)
def integer_pow_vjp(ans_bar, x, y):
    return ans_bar * (y * jnp.power(x, y - 1) if y != 0 else jnp.zeros_like(x)), None


@jvp_rule(lax.integer_pow, nondiff_args=("y",), when=lambda y: _n(y) == 0)
def integer_pow_0_jvp(x, y, x_dot):
    return zero(x)


@vjp_rule(lax.integer_pow, when=lambda y: _n(y) == 0)
def integer_pow_0_vjp(ans_bar, x, y):
    return zero(x), None


@jvp_rule(lax.integer_pow, nondiff_args=("y",), when=lambda y: _n(y) == 1)
def integer_pow_1_jvp(x, y, x_dot):
    return x_dot


@vjp_rule(lax.integer_pow, when=lambda y: _n(y) == 1)
def integer_pow_1_vjp(ans_bar, x, y):
    return ans_bar, None


@jvp_rule(lax.integer_pow, nondiff_args=("y",), when=lambda y: (_n(y) or 0) > 1)
def integer_pow_n_jvp(x, y, x_dot):
    return y * x ** (y - 1) * x_dot


@vjp_rule(lax.integer_pow, when=lambda y: (_n(y) or 0) > 1)
def integer_pow_n_vjp(ans_bar, x, y):
    return ans_bar * (y * x ** (y - 1)), None


@jvp_rule(lax.integer_pow, nondiff_args=("y",), when=lambda y: (_n(y) or 0) < 0)
def integer_pow_negative_jvp(x, y, x_dot):
    return y * jnp.power(x, y - 1) * x_dot


@vjp_rule(lax.integer_pow, when=lambda y: (_n(y) or 0) < 0)
def integer_pow_negative_vjp(ans_bar, x, y):
    return ans_bar * (y * jnp.power(x, y - 1)), None


@batch_rule(lax.integer_pow)
def integer_pow_batch(batch, x, y):
    return batch.rebuild()


# The element-wise functions of lax that jax.numpy's compute: their rules.
same_rules(jnp.exp, lax.exp)
same_rules(jnp.log, lax.log)
same_rules(jnp.sin, lax.sin)
same_rules(jnp.cos, lax.cos)
same_rules(jnp.tanh, lax.tanh)
same_rules(jnp.sqrt, lax.sqrt)
same_rules(jnp.abs, lax.abs)
same_rules(jnp.negative, lax.neg)
same_rules(jnp.square, lax.square)
same_rules(jnp.add, lax.add)
same_rules(jnp.subtract, lax.sub)
same_rules(jnp.multiply, lax.mul)
same_rules(jnp.true_divide, lax.div)
same_rules(jnp.power, lax.pow)
same_rules(jnp.maximum, lax.max)
same_rules(jnp.minimum, lax.min)
same_rules(jnp.log1p, lax.log1p)
same_rules(jnp.expm1, lax.expm1)
same_rules(jnp.tan, lax.tan)
same_rules(jnp.sinh, lax.sinh)
same_rules(jnp.cosh, lax.cosh)
same_rules(jnp.arcsin, lax.asin)
same_rules(jnp.arccos, lax.acos)
same_rules(jnp.arctan, lax.atan)
same_rules(jnp.arcsinh, lax.asinh)
same_rules(jnp.arccosh, lax.acosh)
same_rules(jnp.arctanh, lax.atanh)
same_rules(jnp.cbrt, lax.cbrt)
same_rules(jnp.exp2, lax.exp2)
same_rules(jnp.arctan2, lax.atan2)
same_rules(jnp.fmod, lax.rem)      # lax.rem is C's fmod: x - trunc(x / y) * y
same_rules(jnp.sign, lax.sign)     # derivative zero
same_rules(jnp.floor, lax.floor)
same_rules(jnp.ceil, lax.ceil)
same_rules(jnp.isfinite, lax.is_finite)


def _python_number(batch, node):
    info = batch.info(node)
    return isinstance(node, gast.Constant) or (info is not None and info.kind == "value")


# lax's binary operations broadcast nothing: the operands have one shape (or one
# is a Python number). Batched, an array operand without the batch axis is
# broadcast to have one.
@batch_rule(lax.add, lax.sub, lax.mul, lax.div, lax.pow, lax.max, lax.min, lax.atan2, lax.rem)
def lax_binary_batch(batch, x, y, **rest):
    return batch.rebuild(**{k: batch.x(v) if batch.batched(v) or _python_number(batch, v)
                            else batch.with_batch(v) for k, v in (("x", x), ("y", y))})
