"""Programs that call jax.nn, jax.scipy.special and jax.lax functions
(tests/test_nn_rules.py)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.nn import relu, softmax
from jax.scipy.special import logsumexp


def mlp_with_relu(x):
    h = relu(x * jnp.arange(1.0, 4.0) - 0.2)
    return jnp.sum(jax.nn.gelu(h) + jax.nn.silu(x))


def classifier_loss(x):
    logits = jnp.outer(x, jnp.arange(1.0, 4.0)) - 0.5
    labels = jax.nn.one_hot(jnp.array([0, 2, 1]), 3)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1))


def attention_weights(x):
    scores = jnp.outer(x, x)
    return jnp.sum(softmax(scores, axis=0) * jnp.arange(1.0, 4.0))


def logsumexp_both_ways(x):
    m = jnp.outer(x, jnp.arange(1.0, 4.0))
    return jnp.sum(logsumexp(m, axis=1)) + jax.nn.logsumexp(x) + jnp.sum(
        logsumexp(m, axis=0, keepdims=True))


def smooth_activations(x):
    return jnp.sum(jax.nn.sigmoid(x) * jax.nn.softplus(x) + jax.nn.log_sigmoid(x)
                   + jax.nn.elu(x, alpha=0.5) + jax.nn.leaky_relu(x, 0.1) + jax.nn.relu6(3.0 * x))


def exact_gelu_and_erf(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False) + jax.scipy.special.erf(x) * lax.rsqrt(x ** 2 + 1.0))


def stopped(x):
    return jnp.sum(x * lax.stop_gradient(x ** 2) + lax.logistic(x))
