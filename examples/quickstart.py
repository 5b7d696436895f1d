"""The JAX quickstart's examples, in its order, with s2s doing every transformation.

`make demo` runs this file. It prints the quickstart's numbered values
(1..9, as in ../shared/seed/README.md) computed with s2s's `grad`, `jit`,
`vmap`, `jacfwd`, `jacrev` and `hessian`, and the source s2s generates for
two of them. (`jax.numpy`, `jax.random` and `device_put` stay JAX's own.)
"""
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

import s2s


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def first_finite_differences(f, x, eps=1e-3):
    return jnp.array([(f(x + eps * v) - f(x - eps * v)) / (2 * eps) for v in jnp.eye(len(x))])


def main(size=3000):
    key = random.PRNGKey(0)
    x = random.normal(key, (10,))
    print("1. random.normal(PRNGKey(0), (10,)):", x)

    big = random.normal(key, (size, size), dtype=jnp.float32)
    print(f"2. jnp.dot(x, x.T), {size}x{size} float32:   "
          f"{_time(lambda m: jnp.dot(m, m.T), big, repeat=1) * 1e3:8.1f} ms")
    host = np.asarray(big)
    print(f"3. the same on a NumPy array:        "
          f"{_time(lambda m: jnp.dot(m, m.T), host, repeat=1) * 1e3:8.1f} ms")
    on_device = jax.device_put(host)
    print(f"   ... after device_put:             "
          f"{_time(lambda m: jnp.dot(m, m.T), on_device, repeat=1) * 1e3:8.1f} ms")

    v = random.normal(key, (1000000,))
    selu_jit = s2s.jit(selu)
    print(f"4. selu on 1e6 elements: plain {_time(selu, v) * 1e6:8.1f} us, "
          f"s2s.jit {_time(selu_jit, v) * 1e6:8.1f} us")

    print("\n# s2s.source(s2s.grad(sum_logistic)):")
    print(s2s.source(s2s.grad(sum_logistic)))

    x_small = jnp.arange(3.0)
    derivative_fn = s2s.grad(sum_logistic)
    print("5. grad(sum_logistic)(arange(3.)):", derivative_fn(x_small))
    print("6. finite differences:            ", first_finite_differences(sum_logistic, x_small))
    print("7. grad(jit(grad(jit(grad(sum_logistic)))))(1.0):",
          s2s.grad(s2s.jit(s2s.grad(s2s.jit(s2s.grad(sum_logistic)))))(1.0))

    # 8. hessian(fun) = jit(jacfwd(jacrev(fun))), forward over reverse
    def hessian(fun):
        return s2s.jit(s2s.jacfwd(s2s.jacrev(fun)))
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
    manual = s2s.jit(lambda v_batched: jnp.dot(v_batched, mat.T))
    auto = s2s.jit(s2s.vmap(apply_matrix))
    naive = lambda v_batched: jnp.stack([apply_matrix(v) for v in v_batched])  # noqa: E731
    print("9. naively batched, manually batched (s2s.jit), s2s.jit(s2s.vmap):",
          ", ".join(f"{_time(fn, batched_x) * 1e6:.1f} us" for fn in (naive, manual, auto)))
    print("   s2s.vmap matches manual batching:",
          bool(jnp.allclose(auto(batched_x), manual(batched_x), atol=1e-4)))

    # Beyond the quickstart: what jax.jit refuses, s2s.jit converts to lax.
    print("\n# s2s.source(s2s.jit(newton_sqrt)): a `while` on a traced value")
    print(s2s.source(s2s.jit(newton_sqrt)))
    print("s2s.jit(newton_sqrt)(2.0):", s2s.jit(newton_sqrt)(2.0))

    t = jnp.ones_like(x)
    _, out_dot = s2s.jvp(selu, (x,), (t,))
    _, ref_dot = jax.jvp(selu, (x,), (t,))
    print("jvp of selu matches jax.jvp:", bool(jnp.allclose(out_dot, ref_dot)))

    big = random.normal(key, (1000,))
    eager = _time(s2s.grad(sum_selu), big, repeat=100)
    reference = _time(jax.grad(sum_selu), big, repeat=100)
    print(f"eager grad of sum(selu(x)), 1000 elements: s2s {eager * 1e6:.0f} us, "
          f"jax.grad {reference * 1e6:.0f} us")


def newton_sqrt(a):
    x = a
    steps = 0
    while jnp.abs(x * x - a) > 1e-6 and steps < 50:
        x = 0.5 * (x + a / x)
        steps += 1
    return x


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
