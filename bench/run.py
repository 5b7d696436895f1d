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


def interleaved(fns, rounds=7, min_seconds=0.05):
    """Best time per call of each function, the functions measured in turn in
    every round, so that drift in the machine's load hits them all alike."""
    numbers = []
    for fn in fns:
        fn()
        number = 1
        while timeit.timeit(fn, number=number) < min_seconds:
            number *= 2
        numbers.append(number)
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for i, (fn, number) in enumerate(zip(fns, numbers)):
            best[i] = min(best[i], timeit.timeit(fn, number=number) / number)
    return best


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


@jax.jit
def jitted_layer(w, b, h):
    return jnp.tanh(jnp.dot(h, w) + b)


def loss_of_jitted_layers(params, x):
    h = x
    for w, b in params:
        h = jitted_layer(w, b, h)
    return jnp.sum(h * h)


def bench_jitted_helper():
    """A loss calling a @jax.jit layer, differentiated eagerly: the layer's
    derivative runs compiled (s2s/compiled_callees.py); jax.grad traces the
    layer's jvp and transpose at every call."""
    print("\n== eager grad of a loss calling a @jax.jit layer, MLP 64-256-256-10 batch 32 ==")
    rng = np.random.default_rng(0)
    sizes = [64, 256, 256, 10]
    params = [(jnp.asarray(rng.normal(size=(m, n)) / np.sqrt(m), jnp.float32),
               jnp.zeros(n, jnp.float32)) for m, n in zip(sizes[:-1], sizes[1:])]
    x = jnp.asarray(rng.normal(size=(32, 64)), jnp.float32)
    ours, theirs = s2s.grad(loss_of_jitted_layers), jax.grad(loss_of_jitted_layers)
    for a, b in zip(jax.tree_util.tree_leaves(ours(params, x)),
                    jax.tree_util.tree_leaves(theirs(params, x))):
        np.testing.assert_allclose(a, b, rtol=2e-4, atol=2e-5)
    t_jax, t_s2s = interleaved([lambda: jax.block_until_ready(theirs(params, x)),
                                lambda: jax.block_until_ready(ours(params, x))])
    print(f"jax.grad {fmt(t_jax)}  s2s.grad {fmt(t_s2s)}  s2s/jax {t_s2s / t_jax:5.2f}x")


MAT = None   # apply_matrix's matrix, set by bench_vmap (the seed's 150 x 100)


def apply_matrix(v):
    return jnp.dot(MAT, v)


def predict(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(jnp.dot(w, x) + b)
    w, b = params[-1]
    return jnp.dot(w, x) + b


def example_loss(params, x, y):
    return jnp.sum((predict(params, x) - y) ** 2)


def dot_ops(fn, *args):
    """The dot_general equations XLA gets (and any transposes around them)."""
    jaxpr = jax.make_jaxpr(fn)(*args)
    names = [e.primitive.name for e in jaxpr.jaxpr.eqns]
    inner = [e.primitive.name for e in _all_eqns(jaxpr.jaxpr)]
    return sum(n == "dot_general" for n in inner), sum(n == "transpose" for n in inner), \
        len(names)


def _all_eqns(jaxpr):
    for e in jaxpr.eqns:
        yield e
        for p in e.params.values():
            sub = getattr(p, "jaxpr", None)
            if sub is not None:
                yield from _all_eqns(getattr(sub, "jaxpr", sub))


def bench_vmap():
    global MAT
    key = jax.random.PRNGKey(0)
    MAT = jax.random.normal(key, (150, 100))
    print("\n== vmap: apply_matrix(v) = jnp.dot(mat, v), mat 150x100 (the seed's example) ==")
    print("   (best of 7 interleaved rounds; the naive loop is timed at batch 10 only)")
    print(f"{'batch':>6} {'naive loop':>12} {'manual jit':>12} {'jax.vmap':>12} "
          f"{'s2s.vmap':>12} {'s2s/manual':>10} {'s2s/jax':>8}")
    for batch in (10, 1000):
        xs = jax.random.normal(key, (batch, 100))
        manual = jax.jit(lambda v_batched: jnp.dot(v_batched, MAT.T))
        jax_vmap = jax.jit(jax.vmap(apply_matrix))
        s2s_vmap = jax.jit(s2s.vmap(apply_matrix))
        np.testing.assert_allclose(s2s_vmap(xs), manual(xs), rtol=1e-4, atol=1e-4)
        t_naive = median_time(lambda: jnp.stack([apply_matrix(v) for v in xs])
                              .block_until_ready(), repeat=3, min_seconds=0.05) \
            if batch <= 10 else float("nan")
        t_manual, t_jax, t_s2s = interleaved([lambda: manual(xs).block_until_ready(),
                                              lambda: jax_vmap(xs).block_until_ready(),
                                              lambda: s2s_vmap(xs).block_until_ready()])
        print(f"{batch:6d} {fmt(t_naive)} {fmt(t_manual)} {fmt(t_jax)} {fmt(t_s2s)} "
              f"{t_s2s / t_manual:9.2f}x {t_s2s / t_jax:7.2f}x")
    xs = jax.random.normal(key, (10, 100))
    print("   dot_general / transpose / equations under jit:  manual",
          dot_ops(lambda v: jnp.dot(v, MAT.T), xs), " s2s", dot_ops(s2s.vmap(apply_matrix), xs),
          " jax.vmap", dot_ops(jax.vmap(apply_matrix), xs))

    print("\n== eager vmap (no jit): s2s.vmap vs jax.vmap ==")
    for batch in (10, 1000):
        xs = jax.random.normal(key, (batch, 100))
        eager_s2s, eager_jax = s2s.vmap(apply_matrix), jax.vmap(apply_matrix)
        t_jax, t_s2s = interleaved([lambda: eager_jax(xs).block_until_ready(),
                                    lambda: eager_s2s(xs).block_until_ready()])
        print(f"batch {batch:5d}: jax.vmap {fmt(t_jax)}  s2s.vmap {fmt(t_s2s)}  "
              f"jax/s2s {t_jax / t_s2s:5.1f}x")

    print("\n== per-example gradients: vmap(grad(loss), in_axes=(None, 0, 0)), MLP 100-64-10 ==")
    rng = np.random.default_rng(0)
    sizes = [100, 64, 10]
    params = [(jnp.asarray(rng.normal(size=(m, n)) / np.sqrt(n), jnp.float32),
               jnp.asarray(rng.normal(size=m), jnp.float32))
              for n, m in zip(sizes[:-1], sizes[1:])]
    for batch in (10, 1000):
        xs = jnp.asarray(rng.normal(size=(batch, 100)), jnp.float32)
        ys = jnp.asarray(rng.normal(size=(batch, 10)), jnp.float32)
        ours = jax.jit(s2s.vmap(s2s.grad(example_loss), in_axes=(None, 0, 0)))
        theirs = jax.jit(jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0)))
        for a, b in zip(jax.tree_util.tree_leaves(ours(params, xs, ys)),
                        jax.tree_util.tree_leaves(theirs(params, xs, ys))):
            np.testing.assert_allclose(a, b, rtol=2e-3, atol=2e-4)
        t_jax, t_s2s = interleaved([lambda: jax.block_until_ready(theirs(params, xs, ys)),
                                    lambda: jax.block_until_ready(ours(params, xs, ys))])
        print(f"batch {batch:5d} (jit): jax {fmt(t_jax)}  s2s {fmt(t_s2s)}  "
              f"s2s/jax {t_s2s / t_jax:5.2f}x")


if __name__ == "__main__":
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    bench_jvp()
    bench_grad()
    bench_jitted_helper()
    bench_vmap()
    import eager_bench
    eager_bench.main()
    import jit_bench
    jit_bench.main()
    import checkpoint_bench
    checkpoint_bench.main()
    import transform_bench
    transform_bench.main()
    print("\n== issue 13's goals, every row beside its goal ==")
    import goals_bench
    goals_bench.main()
