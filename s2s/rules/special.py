"""Special functions and activations from jax.scipy.special and jax.nn, and the
element-wise functions of jax.lax that users call directly: jvp, vjp and batch
rules side by side, the calls kept as the user wrote them (s2s/rules/nn.py has
the first of this family). Where JAX gives a function a derivative of its own
(a custom_jvp: xlogy, logit, log_ndtr, log1mexp) these rules are that
derivative, written with jax.numpy and s2s's runtime helpers, so they agree
with JAX at the edges (xlogy at x = 0) and to higher orders."""
import builtins

import gast
import jax
import jax.numpy as jnp
from jax import lax

from . import PRIMITIVES, _register, batch_rule, jvp_rule, vjp_rule
from .elementwise import elementwise_batch
from .reductions import _example_axes
from ..runtime import special_digamma, special_polygamma, unbroadcast  # noqa: F401  (templates)
from ..template import literal, zero  # noqa: F401  (zero: used by templates)

jsp = jax.scipy.special


def same_rules(original, *aliases):
    """Give each of `aliases`, a function that computes what `original` does
    under another name (lax.exp, jax.scipy.special.expit), the rules and
    declarations of `original`."""
    src = PRIMITIVES[original]
    for fn in aliases:
        prim = _register(fn)
        for field in ("jvp", "vjp", "batch", "differentiable", "nondiff_args", "zero_args",
                      "multilinear", "broadcasts", "static_argnums"):
            setattr(prim, field, getattr(src, field))


# --- jax.scipy.special -------------------------------------------------------------

# 2 / sqrt(pi) = 1.1283791670955126
@jvp_rule(jsp.erfc, lax.erfc)
def erfc_jvp(x, x_dot):
    return -1.1283791670955126 * jnp.exp(-x ** 2) * x_dot


@vjp_rule(jsp.erfc, lax.erfc)
def erfc_vjp(ans_bar, x):
    return -1.1283791670955126 * ans_bar * jnp.exp(-x ** 2)


# erf(ans) = x, so d ans = sqrt(pi) / 2 * exp(ans ** 2) dx
@jvp_rule(jsp.erfinv, lax.erf_inv)
def erfinv_jvp(ans, x, x_dot):
    return 0.886226925452758 * jnp.exp(ans ** 2) * x_dot


@vjp_rule(jsp.erfinv, lax.erf_inv)
def erfinv_vjp(ans_bar, ans, x):
    return 0.886226925452758 * ans_bar * jnp.exp(ans ** 2)


@jvp_rule(jsp.gammaln, lax.lgamma)
def gammaln_jvp(x, x_dot):
    return special_digamma(x) * x_dot


@vjp_rule(jsp.gammaln, lax.lgamma)
def gammaln_vjp(ans_bar, x):
    return ans_bar * special_digamma(x)


@jvp_rule(jsp.digamma, lax.digamma, special_digamma)
def digamma_jvp(x, x_dot):
    return special_polygamma(1, x) * x_dot


@vjp_rule(jsp.digamma, lax.digamma, special_digamma)
def digamma_vjp(ans_bar, x):
    return ans_bar * special_polygamma(1, x)


# The order n is an integer: no derivative.
@jvp_rule(jsp.polygamma, special_polygamma, nondiff_args=("n",))
def polygamma_jvp(n, x, x_dot):
    return special_polygamma(n + 1, x) * x_dot


@vjp_rule(jsp.polygamma, special_polygamma)
def polygamma_vjp(ans_bar, n, x):
    return None, ans_bar * special_polygamma(n + 1, x)


# JAX's own derivatives (custom_jvp): at x = 0 the x_dot term is x_dot * log(y),
# not 0, and the y_dot term is 0 * y_dot / y.
@jvp_rule(jsp.xlogy)
def xlogy_jvp(x, y, x_dot, y_dot):
    return x_dot * jnp.log(y) + y_dot * x / y


@vjp_rule(jsp.xlogy)
def xlogy_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar * jnp.log(y), x), unbroadcast(ans_bar * x / y, y)


@jvp_rule(jsp.xlog1py)
def xlog1py_jvp(x, y, x_dot, y_dot):
    return x_dot * jnp.log1p(y) + y_dot * x / (1 + y)


@vjp_rule(jsp.xlog1py)
def xlog1py_vjp(ans_bar, x, y):
    return unbroadcast(ans_bar * jnp.log1p(y), x), unbroadcast(ans_bar * x / (1 + y), y)


@jvp_rule(jsp.logit)
def logit_jvp(x, x_dot):
    return x_dot / (x * (1 - x))


@vjp_rule(jsp.logit)
def logit_vjp(ans_bar, x):
    return ans_bar / (x * (1 - x))


# entr(x) = -x log(x), 0 at 0, -inf below 0 (flat there).
@jvp_rule(jsp.entr)
def entr_jvp(x, x_dot):
    return jnp.where(x < 0, 0.0, -(jnp.log(x) + 1) * x_dot)


# (JAX's vjp of its select is nan below 0: 0 * log(x), and so is this one.)
@vjp_rule(jsp.entr)
def entr_vjp(ans_bar, x):
    return -(jnp.log(x) + 1) * jnp.where(x < 0, 0.0, ans_bar)


# The standard normal's density, exp(-x ** 2 / 2) / sqrt(2 pi); 1 / sqrt(2 pi) =
# 0.3989422804014327, log(sqrt(2 pi)) = 0.9189385332046727.
@jvp_rule(jsp.ndtr)
def ndtr_jvp(x, x_dot):
    return 0.3989422804014327 * jnp.exp(-0.5 * x ** 2) * x_dot


@vjp_rule(jsp.ndtr)
def ndtr_vjp(ans_bar, x):
    return 0.3989422804014327 * ans_bar * jnp.exp(-0.5 * x ** 2)


# ndtr(ans) = p: d ans = sqrt(2 pi) exp(ans ** 2 / 2) dp
@jvp_rule(jsp.ndtri)
def ndtri_jvp(ans, p, p_dot):
    return 2.5066282746310002 * jnp.exp(0.5 * ans ** 2) * p_dot


@vjp_rule(jsp.ndtri)
def ndtri_vjp(ans_bar, ans, p):
    return 2.5066282746310002 * ans_bar * jnp.exp(0.5 * ans ** 2)


# JAX's: the density over ndtr(x), as exp(log density - ans) (finite far left).
@jvp_rule(jsp.log_ndtr, nondiff_args=("series_order",))
def log_ndtr_jvp(ans, x, x_dot, series_order=3):
    return jnp.exp(-0.5 * x ** 2 - 0.9189385332046727 - ans) * x_dot


@vjp_rule(jsp.log_ndtr)
def log_ndtr_vjp(ans_bar, ans, x, series_order=3):
    return ans_bar * jnp.exp(-0.5 * x ** 2 - 0.9189385332046727 - ans), None


# expit is the logistic sigmoid.
same_rules(jax.nn.sigmoid, jsp.expit)

# --- jax.nn ---------------------------------------------------------------------------

# selu(x) = scale * elu(x, alpha) with JAX's constants: slope scale * alpha at 0
# and below, scale above (as elu, which has slope alpha at 0).
@jvp_rule(jax.nn.selu)
def selu_jvp(x, x_dot):
    return 1.0507009873554805 * jnp.where(
        x > 0, x_dot, 1.6732632423543772 * jnp.exp(jnp.minimum(x, 0.0)) * x_dot)


@vjp_rule(jax.nn.selu)
def selu_vjp(ans_bar, x):
    return 1.0507009873554805 * jnp.where(
        x > 0, ans_bar, 1.6732632423543772 * jnp.exp(jnp.minimum(x, 0.0)) * ans_bar)


# celu(x) = max(x, 0) + alpha * expm1(min(x, 0) / alpha): slope 1 at 0 (the
# ties of max and min give half each), exp(x / alpha) below. alpha, as elu's,
# is a constant here.
@jvp_rule(jax.nn.celu, nondiff_args=("alpha",))
def celu_jvp(x, x_dot, alpha=1.0):
    return jnp.where(x > 0, x_dot, jnp.exp(jnp.minimum(x, 0.0) / alpha) * x_dot)


@vjp_rule(jax.nn.celu)
def celu_vjp(ans_bar, x, alpha=1.0):
    return jnp.where(x > 0, ans_bar, jnp.exp(jnp.minimum(x, 0.0) / alpha) * ans_bar), None


# Slope 1 on [-1, 1], kinks included (and at nan, as JAX's nested where).
@jvp_rule(jax.nn.hard_tanh)
def hard_tanh_jvp(x, x_dot):
    return jnp.where(jnp.abs(x) > 1, 0.0, x_dot)


@vjp_rule(jax.nn.hard_tanh)
def hard_tanh_vjp(ans_bar, x):
    return jnp.where(jnp.abs(x) > 1, 0.0, ans_bar)


# x / (|x| + 1): 1 / (|x| + 1) ** 2, 1 at 0.
@jvp_rule(jax.nn.soft_sign)
def soft_sign_jvp(x, x_dot):
    return x_dot / (jnp.abs(x) + 1) ** 2


@vjp_rule(jax.nn.soft_sign)
def soft_sign_vjp(ans_bar, x):
    return ans_bar / (jnp.abs(x) + 1) ** 2


# 0 up to -1, (x + 1) ** 2 / 4 up to 1, x beyond.
@jvp_rule(jax.nn.sparse_plus)
def sparse_plus_jvp(x, x_dot):
    return jnp.where(x <= -1, 0.0, jnp.where(x >= 1, 1.0, (x + 1) / 2)) * x_dot


@vjp_rule(jax.nn.sparse_plus)
def sparse_plus_vjp(ans_bar, x):
    return ans_bar * jnp.where(x <= -1, 0.0, jnp.where(x >= 1, 1.0, (x + 1) / 2))


# log(1 - exp(-x)), JAX's own derivative.
@jvp_rule(jax.nn.log1mexp)
def log1mexp_jvp(x, x_dot):
    return x_dot / jnp.expm1(x)


@vjp_rule(jax.nn.log1mexp)
def log1mexp_vjp(ans_bar, x):
    return ans_bar / jnp.expm1(x)


@batch_rule(jsp.erfc, lax.erfc, jsp.erfinv, lax.erf_inv, jsp.gammaln, lax.lgamma, jsp.digamma,
            lax.digamma, special_digamma, jsp.polygamma, special_polygamma, jsp.xlogy,
            jsp.xlog1py, jsp.logit, jsp.entr, jsp.ndtr, jsp.ndtri, jsp.log_ndtr, jax.nn.selu,
            jax.nn.celu, jax.nn.hard_tanh, jax.nn.soft_sign, jax.nn.sparse_plus, jax.nn.log1mexp)
def special_batch(batch, **operands):
    """Element-wise in every array operand (an order, a series order and alpha are numbers)."""
    return elementwise_batch(batch, **operands)


# standardize(x) = (x - mean) / sqrt(var + epsilon) along `axis`, var JAX's
# mean(x ** 2) - mean ** 2 clipped at 0. With s = 1 / sqrt(var + epsilon) per row,
# d ans = s * (dx - mean(dx) - ans * mean(ans * dx)): a symmetric map, so the vjp
# is the same expression in ans_bar. (Where rounding makes var negative before
# the clip, ans is 0 to within rounding, and so is the last term.) Only x is
# differentiated: a given mean, variance or mask is refused (no parameter here).
@jvp_rule(jax.nn.standardize, nondiff_args=("axis", "epsilon"))
def standardize_jvp(ans, x, x_dot, axis=-1, epsilon=1e-5):
    return (x_dot - jnp.mean(x_dot, axis, keepdims=True)
            - ans * jnp.mean(ans * x_dot, axis, keepdims=True)) / jnp.sqrt(
        jnp.clip(jnp.mean(x ** 2, axis, keepdims=True)
                 - jnp.mean(x, axis, keepdims=True) ** 2, 0) + epsilon)


@vjp_rule(jax.nn.standardize)
def standardize_vjp(ans_bar, ans, x, axis=-1, epsilon=1e-5):
    return (ans_bar - jnp.mean(ans_bar, axis, keepdims=True)
            - ans * jnp.mean(ans * ans_bar, axis, keepdims=True)) / jnp.sqrt(
        jnp.clip(jnp.mean(x ** 2, axis, keepdims=True)
                 - jnp.mean(x, axis, keepdims=True) ** 2, 0) + epsilon), None, None


@batch_rule(jax.nn.standardize)
def standardize_batch(batch, x, axis=-1, **rest):
    return batch.rebuild(x=batch.with_batch(x), axis=_example_axes(batch, x, axis))


# --- jax.lax ----------------------------------------------------------------------------

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
# n = 0 (not 0 * x ** -1, nan at x = 0). A literal n reads as `x ** n` would.
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


def _python_number(batch, node):
    info = batch.info(node)
    return isinstance(node, gast.Constant) or (info is not None and info.kind == "value")


# lax's binary operations broadcast nothing: the operands have one shape (or one
# is a Python number). Batched, an array operand without the batch axis is
# broadcast to have one.
@batch_rule(lax.add, lax.sub, lax.mul, lax.div, lax.pow, lax.max, lax.min)
def lax_binary_batch(batch, x, y, **rest):
    return batch.rebuild(**{k: batch.x(v) if batch.batched(v) or _python_number(batch, v)
                            else batch.with_batch(v) for k, v in (("x", x), ("y", y))})
