"""Checkpointing: the memory reverse mode keeps for a long loop, and the time,
with and without `s2s.checkpoint` (eager, side by side with JAX's own
`jax.checkpoint` under `jax.grad`). Run: python bench/checkpoint_bench.py"""
import time

import jax
import jax.numpy as jnp
import numpy as np

import s2s
from s2s.introspect import saved_arrays

STEPS, SIZE = 200, 10_000


def block(x, w):
    h = jnp.tanh(x * w)
    return jnp.sin(h) * 2.0 + h


saved_block = s2s.checkpoint(block)


def long_loop(x, w):
    for _ in range(STEPS):
        x = block(x, w)
    return jnp.sum(x ** 2)


def long_loop_checkpointed(x, w):
    for _ in range(STEPS):
        x = saved_block(x, w)
    return jnp.sum(x ** 2)


def best_time(fn, rounds=5):
    jax.block_until_ready(fn())
    best = float("inf")
    for _ in range(rounds):
        t0 = time.perf_counter()
        jax.block_until_ready(fn())
        best = min(best, time.perf_counter() - t0)
    return best


def main():
    print(f"\n== checkpoint: a {STEPS}-step loop over float32[{SIZE}], eager reverse mode ==")
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=SIZE), jnp.float32)
    w = jnp.asarray(rng.normal(size=SIZE) * 0.5, jnp.float32)
    rows = []
    for name, fn in (("without", long_loop), ("with s2s.checkpoint", long_loop_checkpointed)):
        _, pullback = s2s.vjp(fn, x, w)
        kept = sum(a.nbytes for a in saved_arrays(pullback))
        del pullback
        ours, theirs = s2s.grad(fn), jax.grad(fn)
        np.testing.assert_allclose(ours(x, w), theirs(x, w), rtol=2e-4, atol=2e-5)
        rows.append((name, kept, best_time(lambda: ours(x, w)), best_time(lambda: theirs(x, w))))
    print(f"{'':22} {'saved':>10} {'s2s.grad':>10} {'jax.grad':>10}")
    for name, kept, t_s2s, t_jax in rows:
        print(f"{name:22} {kept / 2**20:7.1f} MB {t_s2s * 1e3:7.1f} ms {t_jax * 1e3:7.1f} ms")
    print(f"checkpoint: {rows[0][1] / rows[1][1]:.1f}x less saved, "
          f"{rows[1][2] / rows[0][2]:.2f}x the time of s2s.grad without")


if __name__ == "__main__":
    main()
