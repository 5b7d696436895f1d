"""Side-by-side benchmarks against JAX, measured in one run (`make bench`).

Timings on shared machines are noisy: read the ratios, not the microseconds.
Each figure is the median of several repeats of a timed loop.
"""
import os
import sys
import timeit

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import s2s  # noqa: E402


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def sum_logistic_jvp_by_hand(x, x_dot):
    s = 1.0 / (1.0 + jnp.exp(-x))
    return jnp.sum(s), jnp.sum(s * (1.0 - s) * x_dot)


def sum_logistic_grad_by_hand(x):
    s = 1.0 / (1.0 + jnp.exp(-x))
    return s * (1.0 - s)


def mlp_loss(params, x):
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
    return jnp.sum(h * h)


def median_time(fn, repeat=7, min_seconds=0.2):
    fn()  # warm up (build, compile caches)
    number = 1
    while timeit.timeit(fn, number=number) < min_seconds / 5:
        number *= 2
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return float(np.median(times)) / number


def fmt(seconds):
    return f"{seconds * 1e6:9.1f} us"


def bench_jvp():
    print("== eager jvp: s2s.jvp vs jax.jvp (no jit) ==")
    print(f"{'case':24} {'jax.jvp':>12} {'s2s.jvp':>12} {'hand':>12} {'jax/s2s':>8}")
    rng = np.random.default_rng(0)
    cases = []
    for n in (3, 1000):
        x = jnp.asarray(rng.normal(size=n), dtype=jnp.float32)
        t = jnp.ones_like(x)
        cases.append((f"sum_logistic n={n}", sum_logistic, (x,), (t,),
                      lambda x=x, t=t: sum_logistic_jvp_by_hand(x, t)))
    params = [(jnp.asarray(rng.normal(size=(16, 32)), jnp.float32), jnp.zeros(32, jnp.float32)),
              (jnp.asarray(rng.normal(size=(32, 8)), jnp.float32), jnp.zeros(8, jnp.float32))]
    x = jnp.asarray(rng.normal(size=(4, 16)), jnp.float32)
    tangents = (jax.tree_util.tree_map(jnp.ones_like, params), jnp.zeros_like(x))
    cases.append(("mlp 16-32-8", mlp_loss, (params, x), tangents, None))
    for name, f, primals, tangents, hand in cases:
        t_jax = median_time(lambda: jax.block_until_ready(jax.jvp(f, primals, tangents)))
        t_s2s = median_time(lambda: jax.block_until_ready(s2s.jvp(f, primals, tangents)))
        t_hand = median_time(lambda: jax.block_until_ready(hand())) if hand else None
        hand_s = fmt(t_hand) if hand else f"{'-':>12}"
        print(f"{name:24} {fmt(t_jax)} {fmt(t_s2s)} {hand_s} {t_jax / t_s2s:7.1f}x")


def eqn_count(fn, *args):
    return len(jax.make_jaxpr(fn)(*args).jaxpr.eqns)


def bench_grad():
    print("\n== eager grad: s2s.grad vs jax.grad vs hand-written (no jit) ==")
    print(f"{'case':24} {'jax.grad':>12} {'s2s.grad':>12} {'hand':>12} {'jax/s2s':>8} "
          f"{'s2s/hand':>8}")
    rng = np.random.default_rng(0)
    cases = []
    for n in (3, 1000):
        x = jnp.asarray(rng.normal(size=n), dtype=jnp.float32)
        cases.append((f"sum_logistic n={n}", sum_logistic, (x,),
                      lambda x=x: sum_logistic_grad_by_hand(x)))
    params = [(jnp.asarray(rng.normal(size=(16, 32)), jnp.float32), jnp.zeros(32, jnp.float32)),
              (jnp.asarray(rng.normal(size=(32, 8)), jnp.float32), jnp.zeros(8, jnp.float32))]
    x = jnp.asarray(rng.normal(size=(4, 16)), jnp.float32)
    cases.append(("mlp 16-32-8", mlp_loss, (params, x), None))
    jitted = []
    for name, f, args, hand in cases:
        s2s_grad, jax_grad = s2s.grad(f), jax.grad(f)
        t_jax = median_time(lambda: jax.block_until_ready(jax_grad(*args)))
        t_s2s = median_time(lambda: jax.block_until_ready(s2s_grad(*args)))
        t_hand = median_time(lambda: jax.block_until_ready(hand())) if hand else None
        hand_s = fmt(t_hand) if hand else f"{'-':>12}"
        ratio = f"{t_s2s / t_hand:7.2f}x" if hand else f"{'-':>8}"
        print(f"{name:24} {fmt(t_jax)} {fmt(t_s2s)} {hand_s} {t_jax / t_s2s:7.1f}x {ratio}")
        jitted.append((name, jax.jit(s2s_grad), jax.jit(jax_grad), args, s2s_grad, jax_grad))
    print("\n== jitted grad: jax.jit(s2s.grad(f)) vs jax.jit(jax.grad(f)) ==")
    print(f"{'case':24} {'jax':>12} {'s2s':>12} {'s2s/jax':>8} {'eqns jax':>9} {'eqns s2s':>9}")
    for name, js2s, jjax, args, s2s_grad, jax_grad in jitted:
        t_jax = median_time(lambda: jax.block_until_ready(jjax(*args)))
        t_s2s = median_time(lambda: jax.block_until_ready(js2s(*args)))
        print(f"{name:24} {fmt(t_jax)} {fmt(t_s2s)} {t_s2s / t_jax:7.2f}x "
              f"{eqn_count(jax_grad, *args):9d} {eqn_count(s2s_grad, *args):9d}")


if __name__ == "__main__":
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    bench_jvp()
    bench_grad()
