"""Special functions and activations from jax.scipy.special and jax.nn: jvp,
vjp and batch rules side by side, the calls kept as the user wrote them
(s2s/rules/nn.py has the first of this family; jax.lax's element-wise
functions are in lax_elementwise.py). Where JAX gives a function a derivative
of its own (a custom_jvp: xlogy, logit, log_ndtr, log1mexp) these rules are
that derivative, written with jax.numpy and s2s's runtime helpers, so they
agree with JAX at the edges (xlogy at x = 0) and to higher orders."""
import gast
import jax
import jax.numpy as jnp
from jax import lax

from . import PRIMITIVES, _register, batch_rule, jvp_rule, vjp_rule
from .elementwise import elementwise_batch
from .reductions import _example_axes
from ..runtime import special_digamma, special_polygamma, unbroadcast  # noqa: F401  (templates)

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
# and below, scale above. exp is of JAX's own safe_x (x below 0, 0 above), so
# the second derivative at 0 is JAX's too.
@jvp_rule(jax.nn.selu)
def selu_jvp(x, x_dot):
    return 1.0507009873554805 * jnp.where(
        x > 0, x_dot, 1.6732632423543772 * jnp.exp(jnp.where(x > 0, 0.0, x)) * x_dot)


@vjp_rule(jax.nn.selu)
def selu_vjp(ans_bar, x):
    return 1.0507009873554805 * jnp.where(
        x > 0, ans_bar, 1.6732632423543772 * jnp.exp(jnp.where(x > 0, 0.0, x)) * ans_bar)


# celu(x) = max(x, 0) + alpha * expm1(min(x, 0) / alpha), differentiated as JAX
# does: max and min split a tie at 0 evenly, so the slope there is 1/2 + 1/2
# (and the second derivative is JAX's). alpha, as elu's, is a constant here.
@jvp_rule(jax.nn.celu, nondiff_args=("alpha",))
def celu_jvp(x, x_dot, alpha=1.0):
    return (jnp.where(x == 0, 0.5, x > 0)
            + jnp.exp(jnp.minimum(x, 0.0) / alpha) * jnp.where(x == 0, 0.5, x < 0)) * x_dot


@vjp_rule(jax.nn.celu)
def celu_vjp(ans_bar, x, alpha=1.0):
    return ans_bar * (jnp.where(x == 0, 0.5, x > 0)
                      + jnp.exp(jnp.minimum(x, 0.0) / alpha) * jnp.where(x == 0, 0.5, x < 0)), None


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


# log(1 - exp(-x)), JAX's own derivative (jax.nn.log1mexp: JAX 0.7 on).
LOG1MEXP = (jax.nn.log1mexp,) if hasattr(jax.nn, "log1mexp") else ()


@jvp_rule(*LOG1MEXP)
def log1mexp_jvp(x, x_dot):
    return x_dot / jnp.expm1(x)


@vjp_rule(*LOG1MEXP)
def log1mexp_vjp(ans_bar, x):
    return ans_bar / jnp.expm1(x)


@batch_rule(jsp.erfc, lax.erfc, jsp.erfinv, lax.erf_inv, jsp.gammaln, lax.lgamma, jsp.digamma,
            lax.digamma, special_digamma, jsp.polygamma, special_polygamma, jsp.xlogy,
            jsp.xlog1py, jsp.logit, jsp.entr, jsp.ndtr, jsp.ndtri, jsp.log_ndtr, jax.nn.selu,
            jax.nn.celu, jax.nn.hard_tanh, jax.nn.soft_sign, jax.nn.sparse_plus, *LOG1MEXP)
def special_batch(batch, **operands):
    """Element-wise in every array operand (an order, a series order and alpha are numbers)."""
    return elementwise_batch(batch, **operands)


# standardize(x) = (x - mean) / sqrt(var + epsilon) along `axis`, var JAX's
# default ("fast") mean(x ** 2) - mean ** 2 clipped at 0. With s = 1 / sqrt(var +
# epsilon) per row, d ans = s * (dx - mean(dx) - ans * mean(ans * dx)): a symmetric
# map, so the vjp is the same expression in ans_bar. (Where rounding makes var
# negative before the clip, ans is 0 to within rounding, and so is the last term.)
# Only x is differentiated: a given mean, variance or mask is refused (no
# parameter here); algorithm="stable" (a literal) is the case below.
@jvp_rule(jax.nn.standardize, nondiff_args=("axis", "epsilon", "algorithm"))
def standardize_jvp(ans, x, x_dot, axis=-1, epsilon=1e-5, algorithm="fast"):
    return (x_dot - jnp.mean(x_dot, axis, keepdims=True)
            - ans * jnp.mean(ans * x_dot, axis, keepdims=True)) / jnp.sqrt(
        jnp.clip(jnp.mean(x ** 2, axis, keepdims=True)
                 - jnp.mean(x, axis, keepdims=True) ** 2, 0) + epsilon)


@vjp_rule(jax.nn.standardize)
def standardize_vjp(ans_bar, ans, x, axis=-1, epsilon=1e-5, algorithm="fast"):
    return (ans_bar - jnp.mean(ans_bar, axis, keepdims=True)
            - ans * jnp.mean(ans * ans_bar, axis, keepdims=True)) / jnp.sqrt(
        jnp.clip(jnp.mean(x ** 2, axis, keepdims=True)
                 - jnp.mean(x, axis, keepdims=True) ** 2, 0) + epsilon), None, None, None


# algorithm="stable": var is mean((x - mean) ** 2), jnp.var's; the same map.
def _stable(algorithm):
    return isinstance(algorithm, gast.Constant) and algorithm.value == "stable"


@jvp_rule(jax.nn.standardize, nondiff_args=("axis", "epsilon", "algorithm"), when=_stable)
def standardize_stable_jvp(ans, x, x_dot, axis=-1, epsilon=1e-5, algorithm="fast"):
    return (x_dot - jnp.mean(x_dot, axis, keepdims=True)
            - ans * jnp.mean(ans * x_dot, axis, keepdims=True)) / jnp.sqrt(
        jnp.var(x, axis, keepdims=True) + epsilon)


@vjp_rule(jax.nn.standardize, when=_stable)
def standardize_stable_vjp(ans_bar, ans, x, axis=-1, epsilon=1e-5, algorithm="fast"):
    return (ans_bar - jnp.mean(ans_bar, axis, keepdims=True)
            - ans * jnp.mean(ans * ans_bar, axis, keepdims=True)) / jnp.sqrt(
        jnp.var(x, axis, keepdims=True) + epsilon), None, None, None


@batch_rule(jax.nn.standardize)
def standardize_batch(batch, x, axis=-1, **rest):
    return batch.rebuild(x=batch.with_batch(x), axis=_example_axes(batch, x, axis))


# glu(x) = a * sigmoid(b), a and b the halves of x along `axis`: d ans =
# da * sigmoid(b) + ans * (1 - sigmoid(b)) * db, with 1 - sigmoid(b) = sigmoid(-b);
# x's cotangent is the two halves' cotangents joined.
@jvp_rule(jax.nn.glu, nondiff_args=("axis",))
def glu_jvp(ans, x, x_dot, axis=-1):
    return (jnp.split(x_dot, 2, axis)[0] / (1 + jnp.exp(-jnp.split(x, 2, axis)[1]))
            + ans * jnp.split(x_dot, 2, axis)[1] / (1 + jnp.exp(jnp.split(x, 2, axis)[1])))


@vjp_rule(jax.nn.glu)
def glu_vjp(ans_bar, ans, x, axis=-1):
    return jnp.concatenate([ans_bar / (1 + jnp.exp(-jnp.split(x, 2, axis)[1])),
                            ans_bar * ans / (1 + jnp.exp(jnp.split(x, 2, axis)[1]))], axis), None


@batch_rule(jax.nn.glu)
def glu_batch(batch, x, axis=-1, **rest):
    return batch.rebuild(x=batch.with_batch(x), axis=_example_axes(batch, x, axis))
