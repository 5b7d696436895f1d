"""Programs that call the element-wise and special functions of
s2s/rules/special.py and s2s/rules/elementwise_more.py
(tests/test_elementwise_more_rules.py)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import digamma, gammaln, xlog1py, xlogy


def beta_log_density(x):
    # log Beta(p; a, b) with p = expit(x), a and b from x too
    p = jax.scipy.special.expit(x)
    a, b = 1.0 + jnp.exp2(x), 2.0 + jnp.log10(1.0 + x ** 2)
    log_norm = gammaln(a) + gammaln(b) - gammaln(a + b)
    return jnp.sum(xlogy(a - 1.0, p) + xlog1py(b - 1.0, -p) - log_norm)


def entropy_and_digamma(x):
    q = jax.nn.softmax(x)
    return jnp.sum(jax.scipy.special.entr(q)) + jnp.sum(digamma(1.0 + x ** 2))


def normal_quantiles(x):
    p = jax.scipy.special.ndtr(x)
    z = jax.scipy.special.ndtri(jnp.clip(p, 0.05, 0.95))
    return jnp.sum(z * jax.scipy.special.log_ndtr(x) + jax.scipy.special.erfc(x) * x
                   + jax.scipy.special.logit(0.5 + 0.4 * jnp.tanh(x)))


def activations(x):
    h = jax.nn.selu(x) + jax.nn.celu(x, 0.7) + jax.nn.soft_sign(2.0 * x)
    h = h + jax.nn.sparse_plus(x) + jax.nn.hard_tanh(1.5 * x) + jax.nn.log1mexp(1.0 + x ** 2)
    return jnp.sum(jax.nn.standardize(jnp.outer(h, x)) * jnp.arange(3.0))


def lax_program(x):
    y = lax.clamp(-0.5, lax.mul(x, x) - 0.3, 0.8)
    z = lax.integer_pow(x, 3) + lax.div(lax.exp(x), lax.add(lax.square(x), 1.0))
    return jnp.sum(lax.max(y, z) + lax.sqrt(lax.abs(x) + 1.0) * lax.tanh(x))


def geometry(x):
    r = jnp.hypot(x, 2.0 * x + 1.0)
    angle = jnp.arctan2(x, r) + jnp.atan(x) + jnp.asin(0.5 * jnp.tanh(x))
    return jnp.sum(jnp.degrees(angle) * jnp.cbrt(r) + jnp.arcsinh(x) * jnp.arccosh(1.5 + x ** 2)
                   + jnp.arctanh(0.5 * jnp.tanh(x)) + jnp.copysign(x, x - 0.1))


def numpy_math(x):
    y = jnp.logaddexp2(x, 2.0 * x) + jnp.float_power(1.5 + x ** 2, x) + jnp.sinc(x)
    y = y + jnp.fmax(x, -x) * jnp.fmin(x, 0.5) + jnp.fmod(3.0 * x, 0.7) + jnp.reciprocal(2.0 + x)
    return jnp.sum(y * jnp.log2(2.0 + x) + jnp.nan_to_num(jnp.log(x)) + jnp.ldexp(x, 2))
