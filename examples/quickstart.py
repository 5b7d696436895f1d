"""The JAX quickstart's examples, with s2s doing the transformations.

`make demo` runs this file: it prints the forward-mode derivative s2s
generates for the quickstart's `sum_logistic`, then checks its numbers.
"""
import jax
import jax.numpy as jnp
from jax import random

import s2s


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def gradient_by_forward_mode(f, x):
    """One jvp per basis vector: the gradient, column by column."""
    basis = jnp.eye(x.shape[0], dtype=x.dtype)
    return jnp.stack([s2s.jvp(f, (x,), (e,))[1] for e in basis])


def main():
    print("# The derivative s2s generates (s2s.source(sum_logistic, 'jvp')):")
    print(s2s.source(sum_logistic, "jvp"))

    x_small = jnp.arange(3.0)
    print("gradient of sum_logistic at [0, 1, 2], by forward mode:")
    print(gradient_by_forward_mode(sum_logistic, x_small))  # [0.25 0.19661194 0.10499357]

    eps = 1e-3
    fd = jnp.array([(sum_logistic(x_small + eps * e) - sum_logistic(x_small - eps * e)) / (2 * eps)
                    for e in jnp.eye(3)])
    print("central finite differences (eps 1e-3):")
    print(fd)

    key = random.PRNGKey(0)
    x = random.normal(key, (10,))
    t = jnp.ones_like(x)
    out, out_dot = s2s.jvp(selu, (x,), (t,))
    ref, ref_dot = jax.jvp(selu, (x,), (t,))
    print("selu jvp matches jax.jvp:", bool(jnp.allclose(out_dot, ref_dot)))


if __name__ == "__main__":
    main()
