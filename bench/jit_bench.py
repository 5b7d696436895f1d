"""s2s.jit against jax.jit, side by side in one run (part of `make bench`).

- compile time (first call: transform + trace + compile) of jit(grad(f)) for
  a Python loop of N steps: s2s (the loop and its tape become lax.scan) vs
  jax.jit(jax.grad(f)) of the same loop (unrolled) vs a hand-written
  lax.fori_loop version; then the compiled code's run time, s2s vs hand;
- jit(grad) of a data-dependent `while` (s2s: a bounded tape) vs jax.grad of
  the fori_loop over the bound a JAX user writes instead;
- the seed's timings: selu eager vs s2s.jit; s2s.jit(s2s.grad(sum_logistic))
  vs jax.jit(jax.grad(...)) run time and first call; the cost of a call
  (dispatch, not waiting for the result) of s2s.jit against jax.jit.

Read the ratios, not the seconds: the machines are shared.
"""
import os
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import s2s  # noqa: E402

from run import fmt, interleaved  # noqa: E402

JAX_UNROLLED_MAX = 1000   # jax.jit(jax.grad) of a longer unrolled loop takes minutes


def loop_loss(n):
    """A fresh function (nothing cached) whose Python loop runs n steps."""
    def f(x):
        acc = x
        for i in range(n):
            acc = jnp.sin(acc) * 0.9 + 0.1
        return jnp.sum(acc)
    return f


def loop_loss_by_hand(n):
    def f(x):
        return jnp.sum(lax.fori_loop(0, n, lambda i, a: jnp.sin(a) * 0.9 + 0.1, x))
    return f


def first_call(make, x):
    fn = make()
    start = time.perf_counter()
    jax.block_until_ready(fn(x))
    return time.perf_counter() - start, fn


def best_first_call(make, x, rounds=3):
    return min(first_call(make, x)[0] for _ in range(rounds))


def bench_compile_time():
    print("== compile time of jit(grad(f)), f a Python loop of N steps ==")
    print(f"{'N':>6} {'jax unrolled':>13} {'hand lax':>10} {'s2s':>10} {'s2s/hand':>9}"
          f" {'run: hand':>12} {'s2s':>12} {'s2s/hand':>9}")
    x = jnp.linspace(0.0, 1.0, 64, dtype=jnp.float32)
    for n in (10, 100, 1000, 10000):
        ours = lambda n=n: s2s.jit(s2s.grad(loop_loss(n)))          # noqa: E731
        hand = lambda n=n: jax.jit(jax.grad(loop_loss_by_hand(n)))  # noqa: E731
        t_ours, t_hand = best_first_call(ours, x), best_first_call(hand, x)
        if n <= JAX_UNROLLED_MAX:
            t_jax = f"{first_call(lambda n=n: jax.jit(jax.grad(loop_loss(n))), x)[0]:12.2f}s"
        else:
            t_jax = f"{'(skipped)':>13}"
        compiled_ours, compiled_hand = ours(), hand()
        np.testing.assert_allclose(compiled_ours(x), compiled_hand(x), rtol=1e-4, atol=1e-6)
        r_hand, r_ours = interleaved([lambda: jax.block_until_ready(compiled_hand(x)),
                                      lambda: jax.block_until_ready(compiled_ours(x))])
        print(f"{n:6d} {t_jax} {t_hand:9.2f}s {t_ours:9.2f}s {t_ours / t_hand:8.2f}x"
              f" {fmt(r_hand)} {fmt(r_ours)} {r_ours / r_hand:8.2f}x")


def newton_sqrt(a):
    x = a
    steps = 0
    while jnp.abs(x * x - a) > 1e-6 and steps < 50:
        x = 0.5 * (x + a / x)
        steps += 1
    return x


def newton_sqrt_by_hand(a):
    """What a JAX user writes instead (jax.grad of a lax.while_loop is refused):
    a fori_loop over the bound that stops changing x once converged."""
    def step(i, x):
        done = jnp.abs(x * x - a) <= 1e-6
        return jnp.where(done, x, 0.5 * (x + a / x))
    return lax.fori_loop(0, 50, step, a)


def bench_while():
    print("== jit(grad) of a data-dependent while (JAX: grad of a fori_loop over the bound) ==")
    ours = s2s.jit(s2s.grad(newton_sqrt), max_steps=50)
    theirs = jax.jit(jax.grad(newton_sqrt_by_hand))
    for a in (2.0, 1e4):
        a = jnp.float32(a)
        np.testing.assert_allclose(ours(a), theirs(a), rtol=1e-4)
        t_jax, t_s2s = interleaved([lambda: theirs(a).block_until_ready(),
                                    lambda: ours(a).block_until_ready()])
        print(f"a = {float(a):8.1f}: jax fori {fmt(t_jax)}  s2s while {fmt(t_s2s)}  "
              f"s2s/jax {t_s2s / t_jax:5.2f}x")


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def bench_seed():
    print("== the seed's jit timings ==")
    x = jnp.asarray(np.random.default_rng(0).normal(size=1_000_000), jnp.float32)
    selu_jit, selu_jax = s2s.jit(selu), jax.jit(selu)
    t_eager, t_s2s, t_jax = interleaved([lambda: selu(x).block_until_ready(),
                                         lambda: selu_jit(x).block_until_ready(),
                                         lambda: selu_jax(x).block_until_ready()], rounds=5)
    print(f"selu, 1e6 elements: eager {fmt(t_eager)}  s2s.jit {fmt(t_s2s)} "
          f"({t_eager / t_s2s:.1f}x faster)  jax.jit {fmt(t_jax)}  s2s/jax {t_s2s / t_jax:.2f}x")
    v = jnp.arange(3.0)
    ours, theirs = s2s.jit(s2s.grad(sum_logistic)), jax.jit(jax.grad(sum_logistic))
    np.testing.assert_allclose(ours(v), theirs(v), rtol=1e-6)
    t_jax, t_s2s = interleaved([lambda: theirs(v).block_until_ready(),
                                lambda: ours(v).block_until_ready()])
    print(f"jit(grad(sum_logistic)) run: jax {fmt(t_jax)}  s2s {fmt(t_s2s)}  "
          f"s2s/jax {t_s2s / t_jax:.2f}x")

    # the wrapper's own cost: dispatch only (no wait for the result), 3 elements
    plain, plain_jax = s2s.jit(sum_logistic), jax.jit(sum_logistic)
    plain(v)
    t_jax, t_s2s, t_jax_grad, t_s2s_grad = interleaved(
        [lambda: plain_jax(v), lambda: plain(v), lambda: theirs(v), lambda: ours(v)], rounds=9)
    print(f"call dispatch, 3 elements: jit(f) jax {fmt(t_jax)}  s2s {fmt(t_s2s)}  "
          f"s2s/jax {t_s2s / t_jax:.2f}x;  jit(grad(f)) jax {fmt(t_jax_grad)}  "
          f"s2s {fmt(t_s2s_grad)}  s2s/jax {t_s2s_grad / t_jax_grad:.2f}x")

    def fresh():
        def f(x):
            return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
        return f
    t_jax = best_first_call(lambda: jax.jit(jax.grad(fresh())), v, rounds=5)
    t_s2s = best_first_call(lambda: s2s.jit(s2s.grad(fresh())), v, rounds=5)
    print(f"jit(grad(sum_logistic)) first call (transform + compile): jax {t_jax * 1e3:.1f} ms"
          f"  s2s {t_s2s * 1e3:.1f} ms  s2s/jax {t_s2s / t_jax:.2f}x")


def main():
    bench_compile_time()
    bench_while()
    bench_seed()


if __name__ == "__main__":
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    main()
