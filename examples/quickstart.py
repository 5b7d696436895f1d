"""The JAX quickstart's examples, with s2s doing the transformations.

`make demo` runs this file. It prints the gradient s2s generates for the
quickstart's `sum_logistic`, then the quickstart's numbers computed with it.
(`jax.numpy`, `jax.random`, `device_put` and `jit` stay JAX's own; s2s's
`vmap`, `jacfwd`, `jacrev` and `hessian` compose with `jax.jit`.)
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

    # 8. hessian(fun) = jit(jacfwd(jacrev(fun))), forward over reverse
    def hessian(fun):
        return jax.jit(s2s.jacfwd(s2s.jacrev(fun)))
    print("8. diagonal of hessian(sum_logistic)(arange(3.)):",
          jnp.diagonal(hessian(sum_logistic)(x_small)))

    # 9. vmap: a matrix-vector product over a batch becomes one matrix product
    mat = random.normal(key, (150, 100))
    batched_x = random.normal(key, (10, 100))

    def apply_matrix(v):
        return jnp.dot(mat, v)

    print("\n# s2s.source(s2s.vmap(apply_matrix)):")
    vmapped = s2s.vmap(apply_matrix)
    vmapped(batched_x)
    print(s2s.source(vmapped))
    manual = jax.jit(lambda v_batched: jnp.dot(v_batched, mat.T))
    auto = jax.jit(s2s.vmap(apply_matrix))
    naive = lambda v_batched: jnp.stack([apply_matrix(v) for v in v_batched])  # noqa: E731
    for name, fn in (("naively batched", naive), ("manually batched (jit)", manual),
                     ("s2s.vmap (jit)", auto)):
        print(f"9. {name:24s} {_time(fn, batched_x) * 1e6:8.1f} us")
    print("   s2s.vmap matches manual batching:",
          bool(jnp.allclose(auto(batched_x), manual(batched_x), atol=1e-4)))

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


def _time(fn, x, repeat=50):
    fn(x).block_until_ready()
    start = time.perf_counter()
    for _ in range(repeat):
        fn(x).block_until_ready()
    return (time.perf_counter() - start) / repeat


def sum_selu(x):
    return jnp.sum(selu(x))


if __name__ == "__main__":
    main()
