"""Activations, normalizers and special functions from jax.nn, jax.scipy.special
and jax.lax: jvp, vjp and batch rules side by side. The calls stay as the user
wrote them (`jax.nn.relu(x)`, or `relu(x)` after `from jax.nn import relu`);
each derivative is written with jax.numpy. Where JAX defines a derivative
specially, these match it: relu and relu6 have slope 0 at their kinks,
leaky_relu slope 1 at 0, logsumexp is exact where one entry dominates."""
import jax
import jax.numpy as jnp
from jax import lax

from . import batch_rule, jvp_rule, vjp_rule, zero_derivative
from .elementwise import elementwise_batch
from .reductions import _example_axes
from ..runtime import reduced_shape, special_erf  # noqa: F401  (used by templates)

# --- piecewise linear ---------------------------------------------------------


@jvp_rule(jax.nn.relu)
def relu_jvp(x, x_dot):
    return jnp.where(x > 0, x_dot, jnp.zeros_like(x_dot))


@vjp_rule(jax.nn.relu)
def relu_vjp(ans_bar, x):
    return jnp.where(x > 0, ans_bar, jnp.zeros_like(ans_bar))


@jvp_rule(jax.nn.relu6)
def relu6_jvp(x, x_dot):
    return jnp.where(jnp.logical_and(x > 0, x < 6), x_dot, jnp.zeros_like(x_dot))


@vjp_rule(jax.nn.relu6)
def relu6_vjp(ans_bar, x):
    return jnp.where(jnp.logical_and(x > 0, x < 6), ans_bar, jnp.zeros_like(ans_bar))


@jvp_rule(jax.nn.leaky_relu, nondiff_args=("negative_slope",))
def leaky_relu_jvp(x, x_dot, negative_slope=0.01):
    return jnp.where(x >= 0, x_dot, negative_slope * x_dot)


@vjp_rule(jax.nn.leaky_relu)
def leaky_relu_vjp(ans_bar, x, negative_slope=0.01):
    return jnp.where(x >= 0, ans_bar, negative_slope * ans_bar), None


# --- smooth activations ---------------------------------------------------------
# sigmoid(x) = 1 / (1 + exp(-x)), written so that a large |x| gives 0 or 1, not nan.


@jvp_rule(jax.nn.sigmoid, lax.logistic)
def sigmoid_jvp(ans, x, x_dot):
    return ans * (1 - ans) * x_dot


@vjp_rule(jax.nn.sigmoid, lax.logistic)
def sigmoid_vjp(ans_bar, ans, x):
    return ans_bar * ans * (1 - ans)


@jvp_rule(jax.nn.log_sigmoid)
def log_sigmoid_jvp(x, x_dot):
    return x_dot / (1 + jnp.exp(x))


@vjp_rule(jax.nn.log_sigmoid)
def log_sigmoid_vjp(ans_bar, x):
    return ans_bar / (1 + jnp.exp(x))


@jvp_rule(jax.nn.softplus)
def softplus_jvp(x, x_dot):
    return x_dot / (1 + jnp.exp(-x))


@vjp_rule(jax.nn.softplus)
def softplus_vjp(ans_bar, x):
    return ans_bar / (1 + jnp.exp(-x))


# silu(x) = x * sigmoid(x): sigmoid(x) * (1 + x * (1 - sigmoid(x)))
@jvp_rule(jax.nn.silu)
def silu_jvp(x, x_dot):
    return x_dot * (1 + x * (1 - 1 / (1 + jnp.exp(-x)))) / (1 + jnp.exp(-x))


@vjp_rule(jax.nn.silu)
def silu_vjp(ans_bar, x):
    return ans_bar * (1 + x * (1 - 1 / (1 + jnp.exp(-x)))) / (1 + jnp.exp(-x))


@jvp_rule(jax.nn.elu, nondiff_args=("alpha",))
def elu_jvp(x, x_dot, alpha=1.0):
    return jnp.where(x > 0, x_dot, alpha * jnp.exp(jnp.where(x > 0, 0.0, x)) * x_dot)


@vjp_rule(jax.nn.elu)
def elu_vjp(ans_bar, x, alpha=1.0):
    return jnp.where(x > 0, ans_bar, alpha * jnp.exp(jnp.where(x > 0, 0.0, x)) * ans_bar), None


# gelu's tanh form (approximate=True, JAX's default): 0.5 x (1 + tanh(u)),
# u = sqrt(2/pi) (x + 0.044715 x^3); the exact form: x Phi(x), whose derivative
# is Phi(x) + x phi(x). `approximate` may be a name, so both are written and
# jnp.where picks one.
@jvp_rule(jax.nn.gelu, nondiff_args=("approximate",))
def gelu_jvp(x, x_dot, approximate=True):
    return x_dot * jnp.where(
        approximate,
        0.5 * (1 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
        + 0.5 * x * (1 - jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)) ** 2)
        * 0.7978845608028654 * (1 + 0.134145 * x ** 2),
        0.5 * (1 + special_erf(x * 0.7071067811865476))
        + x * jnp.exp(-0.5 * x ** 2) * 0.3989422804014327)


@vjp_rule(jax.nn.gelu)
def gelu_vjp(ans_bar, x, approximate=True):
    return ans_bar * jnp.where(
        approximate,
        0.5 * (1 + jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)))
        + 0.5 * x * (1 - jnp.tanh(0.7978845608028654 * (x + 0.044715 * x ** 3)) ** 2)
        * 0.7978845608028654 * (1 + 0.134145 * x ** 2),
        0.5 * (1 + special_erf(x * 0.7071067811865476))
        + x * jnp.exp(-0.5 * x ** 2) * 0.3989422804014327), None


@jvp_rule(jax.scipy.special.erf, lax.erf, special_erf)
def erf_jvp(x, x_dot):
    return 1.1283791670955126 * jnp.exp(-x ** 2) * x_dot


@vjp_rule(jax.scipy.special.erf, lax.erf, special_erf)
def erf_vjp(ans_bar, x):
    return ans_bar * 1.1283791670955126 * jnp.exp(-x ** 2)


@jvp_rule(lax.rsqrt)
def rsqrt_jvp(ans, x, x_dot):
    return -0.5 * ans / x * x_dot


@vjp_rule(lax.rsqrt)
def rsqrt_vjp(ans_bar, ans, x):
    return -0.5 * ans_bar * ans / x


@batch_rule(jax.nn.relu, jax.nn.relu6, jax.nn.leaky_relu, jax.nn.sigmoid, lax.logistic,
            jax.nn.log_sigmoid, jax.nn.softplus, jax.nn.silu, jax.nn.elu, jax.nn.gelu,
            jax.scipy.special.erf, lax.erf, special_erf, lax.rsqrt, lax.stop_gradient)
def activation_batch(batch, x, **rest):
    return elementwise_batch(batch, x=x)


# stop_gradient: the value, with no derivative (JAX's own definition).
zero_derivative(lax.stop_gradient)

# --- normalizers ------------------------------------------------------------------
# (softmax's axis is passed to jnp.sum by position: a keyword whose parameter the
# call leaves unset is dropped from a rule, and jnp.sum's default is not -1.)
# softmax's jvp is ans * (x_dot - <ans, x_dot>) along the axis; log_softmax's is
# x_dot - <softmax, x_dot>; logsumexp's is <softmax, a_dot>, the softmax read
# from the output (exp(a - ans)), so nothing is computed twice.


@jvp_rule(jax.nn.softmax, nondiff_args=("axis",))
def softmax_jvp(ans, x, x_dot, axis=-1):
    return ans * (x_dot - jnp.sum(ans * x_dot, axis, keepdims=True))


@vjp_rule(jax.nn.softmax)
def softmax_vjp(ans_bar, ans, x, axis=-1):
    return ans * (ans_bar - jnp.sum(ans_bar * ans, axis, keepdims=True)), None


@jvp_rule(jax.nn.log_softmax, nondiff_args=("axis",))
def log_softmax_jvp(ans, x, x_dot, axis=-1):
    return x_dot - jnp.sum(jnp.exp(ans) * x_dot, axis, keepdims=True)


@vjp_rule(jax.nn.log_softmax)
def log_softmax_vjp(ans_bar, ans, x, axis=-1):
    return ans_bar - jnp.exp(ans) * jnp.sum(ans_bar, axis, keepdims=True), None


@jvp_rule(jax.nn.logsumexp, nondiff_args=("axis", "keepdims"))
def logsumexp_jvp(ans, a, a_dot, axis=None, keepdims=False):
    return jnp.sum(jnp.exp(a - jnp.reshape(ans, reduced_shape(a, axis))) * a_dot,
                   axis=axis, keepdims=keepdims)


@vjp_rule(jax.nn.logsumexp)
def logsumexp_vjp(ans_bar, ans, a, axis=None, keepdims=False):
    return (jnp.reshape(ans_bar, reduced_shape(a, axis))
            * jnp.exp(a - jnp.reshape(ans, reduced_shape(a, axis))), None, None)


@batch_rule(jax.nn.softmax, jax.nn.log_softmax)
def softmax_batch(batch, x, axis=-1, **rest):
    return batch.rebuild(x=batch.with_batch(x), axis=_example_axes(batch, x, axis))


@batch_rule(jax.nn.logsumexp)
def logsumexp_batch(batch, a, axis=None, **rest):
    return batch.rebuild(a=batch.with_batch(a), axis=_example_axes(batch, a, axis))


# one_hot of integer labels: no derivative; batched, its new axis is the last.
zero_derivative(jax.nn.one_hot)


@batch_rule(jax.nn.one_hot)
def one_hot_batch(batch, x, num_classes, **rest):
    axis = batch.value(rest.get("axis", -1), "the axis")
    if axis != -1:
        raise batch.error("s2s batches jax.nn.one_hot only with its new axis last (axis=-1)")
    return batch.rebuild(x=batch.with_batch(x))

