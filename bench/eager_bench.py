"""Eager derivatives beside hand-written JAX: what issue 13 asks of generated
code ("as fast as the code a person would write"). Each row times s2s.grad
and the same gradient written by hand with jax.numpy, interleaved in one run
(bench/run.py's `interleaved`), after checking they agree.

    python bench/eager_bench.py
"""
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import s2s  # noqa: E402
from run import fmt, interleaved, mlp_loss, sum_logistic, sum_logistic_grad_by_hand  # noqa: E402


def mlp_grad_by_hand(params, x):
    """The gradient of mlp_loss as one would write it: keep the activations,
    then walk the layers backwards."""
    hs = [x]
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
        hs.append(h)
    g = 2 * h
    grads = []
    for i in range(len(params) - 1, -1, -1):
        w, _ = params[i]
        ga = g * (1 - hs[i + 1] ** 2)
        grads.append((jnp.dot(hs[i].T, ga), jnp.sum(ga, 0)))
        if i:
            g = jnp.dot(ga, w.T)
    return grads[::-1]


def row(label, ours, by_hand, args):
    for a, b in zip(jax.tree_util.tree_leaves(ours(*args)),
                    jax.tree_util.tree_leaves(by_hand(*args))):
        np.testing.assert_allclose(a, b, rtol=1e-3, atol=1e-4)
    t_s2s, t_hand = interleaved([lambda: jax.block_until_ready(ours(*args)),
                                 lambda: jax.block_until_ready(by_hand(*args))])
    print(f"{label:34s} s2s {fmt(t_s2s)}  hand-written {fmt(t_hand)}  "
          f"s2s/hand {t_s2s / t_hand:5.2f}x")


def main():
    print("-- eager grad vs hand-written jax.numpy --")
    rng = np.random.default_rng(0)
    for n in (3, 1000):
        x = jnp.asarray(rng.normal(size=n), jnp.float32)
        row(f"grad sum_logistic n={n}", s2s.grad(sum_logistic), sum_logistic_grad_by_hand, (x,))
    sizes = [784, 512, 10]
    params = [(jnp.asarray(rng.normal(size=(m, n)) / np.sqrt(m), jnp.float32),
               jnp.zeros(n, jnp.float32)) for m, n in zip(sizes[:-1], sizes[1:])]
    x = jnp.asarray(rng.normal(size=(128, 784)), jnp.float32)
    row("grad MLP 784-512-10, batch 128", s2s.grad(mlp_loss), mlp_grad_by_hand, (params, x))


if __name__ == "__main__":
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    main()
