"""The JAX quickstart's examples, with s2s doing the transformations.

`make demo` runs this file. It prints the gradient s2s generates for the
quickstart's `sum_logistic`, then the quickstart's numbers computed with it.
(`jax.numpy`, `jax.random` and `device_put` stay JAX's own; `jit`, `vmap`,
`jacfwd` and `hessian` examples come with the issues that add them.)
"""
import time

import jax
import jax.numpy as jnp
from jax import random

import s2s


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def first_finite_differences(f, x, eps=1e-3):
    return jnp.array([(f(x + eps * v) - f(x - eps * v)) / (2 * eps) for v in jnp.eye(len(x))])


def main():
    key = random.PRNGKey(0)
    x = random.normal(key, (10,))
    print("1. random.normal(PRNGKey(0), (10,)):", x)

    print("\n# s2s.source(s2s.grad(sum_logistic)):")
    print(s2s.source(s2s.grad(sum_logistic)))

    x_small = jnp.arange(3.0)
    derivative_fn = s2s.grad(sum_logistic)
    print("5. grad(sum_logistic)(arange(3.)):", derivative_fn(x_small))
    print("6. finite differences:            ", first_finite_differences(sum_logistic, x_small))
    print("7. grad(grad(grad(sum_logistic)))(1.0):",
          s2s.grad(s2s.grad(s2s.grad(sum_logistic)))(1.0))

    t = jnp.ones_like(x)
    out, out_dot = s2s.jvp(selu, (x,), (t,))
    _, ref_dot = jax.jvp(selu, (x,), (t,))
    print("jvp of selu matches jax.jvp:", bool(jnp.allclose(out_dot, ref_dot)))

    big = random.normal(key, (1000,))
    grad_selu_sum = s2s.grad(sum_selu)
    grad_selu_sum(big).block_until_ready()  # builds the code; JAX compiles each op once
    start = time.perf_counter()
    for _ in range(100):
        grad_selu_sum(big).block_until_ready()
    eager = (time.perf_counter() - start) / 100
    jax_grad = jax.grad(sum_selu)
    jax_grad(big).block_until_ready()
    start = time.perf_counter()
    for _ in range(100):
        jax_grad(big).block_until_ready()
    reference = (time.perf_counter() - start) / 100
    print(f"eager grad of sum(selu(x)), 1000 elements: s2s {eager * 1e6:.0f} us, "
          f"jax.grad {reference * 1e6:.0f} us")


def sum_selu(x):
    return jnp.sum(selu(x))


if __name__ == "__main__":
    main()
