"""Realistic programs (losses, an RNN, attention, layer norm) for end-to-end checks."""
import jax.numpy as jnp
import numpy as np


def softmax_cross_entropy(logits, labels):
    m = jnp.max(logits, axis=-1, keepdims=True)
    shifted = logits - m
    log_z = jnp.log(jnp.sum(jnp.exp(shifted), axis=-1, keepdims=True))
    log_p = shifted - log_z
    return -jnp.mean(jnp.sum(labels * log_p, axis=-1))


def rnn_loss(params, xs, h0):
    wx, wh, b = params["wx"], params["wh"], params["b"]
    h = h0
    total = 0.0
    for t in range(xs.shape[0]):
        h = jnp.tanh(xs[t] @ wx + h @ wh + b)
        total = total + jnp.sum(h ** 2)
    return total / xs.shape[0]


def logistic_regression(w, b, x, y):
    z = x @ w + b
    p = 1.0 / (1.0 + jnp.exp(-z))
    eps = 1e-7
    return -jnp.mean(y * jnp.log(p + eps) + (1 - y) * jnp.log(1 - p + eps))


def attention(q, k, v):
    scores = jnp.einsum("id,jd->ij", q, k) / jnp.sqrt(q.shape[-1])
    scores = scores - jnp.max(scores, axis=1, keepdims=True)
    weights = jnp.exp(scores)
    weights = weights / jnp.sum(weights, axis=1, keepdims=True)
    return jnp.sum(jnp.einsum("ij,jd->id", weights, v) ** 2)


def piecewise(x):
    out = jnp.zeros_like(x)
    for i in range(x.shape[0]):
        if x[i] > 0.5:
            out = out.at[i].set(jnp.sqrt(x[i]))
        elif x[i] > -0.5:
            out = out.at[i].set(x[i] ** 3)
        else:
            out = out.at[i].set(-x[i])
    return jnp.sum(out * jnp.arange(1.0, x.shape[0] + 1.0))


def layer_norm(x, gamma, beta):
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    y = (x - mean) / jnp.sqrt(var + 1e-5)
    return jnp.sum((y * gamma + beta) ** 2)


def poly_eval(coeffs, x):
    acc = jnp.zeros_like(x)
    for c in coeffs[::-1]:
        acc = acc * x + c
    return jnp.sum(acc)
