"""Issue 13's table of performance goals, every row measured in one run beside its
anchor (hand-written jax.numpy, or JAX itself), with the goal and whether it is met
(part of `make bench`; `python bench/goals_bench.py`).

Each timed pair is interleaved (bench/run.py's `interleaved`: the best of 7 rounds,
the two functions measured in turn) after checking the two agree. Read the ratios,
not the microseconds: the machines are shared.
"""
import compileall
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import s2s  # noqa: E402
from eager_bench import mlp_grad_by_hand  # noqa: E402
from run import (interleaved, mlp_loss, sum_logistic, sum_logistic_grad_by_hand,  # noqa: E402
                 sum_logistic_jvp_by_hand)
import transform_bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rows = []


def report(measure, ratio, goal, detail=""):
    rows.append((measure, ratio, goal))
    met = "met" if ratio <= goal else "NOT met"
    print(f"{measure:58s} {ratio:7.2f}  (goal <= {goal:g}: {met})  {detail}")


def timed_ratio(ours, anchor, args, rtol=1e-4, atol=1e-5):
    """min-time(ours) / min-time(anchor), interleaved, after checking they agree."""
    for a, b in zip(jax.tree_util.tree_leaves(ours(*args)),
                    jax.tree_util.tree_leaves(anchor(*args))):
        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol)
    t_ours, t_anchor = interleaved([lambda: jax.block_until_ready(ours(*args)),
                                    lambda: jax.block_until_ready(anchor(*args))])
    return t_ours / t_anchor, f"s2s {t_ours * 1e6:.1f} us, anchor {t_anchor * 1e6:.1f} us"


def mlp_case(rng):
    sizes = [784, 512, 10]
    params = [(jnp.asarray(rng.normal(size=(m, n)) / np.sqrt(m), jnp.float32),
               jnp.zeros(n, jnp.float32)) for m, n in zip(sizes[:-1], sizes[1:])]
    return params, jnp.asarray(rng.normal(size=(128, 784)), jnp.float32)


def eager_rows():
    print("-- eager (no jit): s2s / hand-written jax.numpy --")
    rng = np.random.default_rng(0)
    for n in (3, 1000):
        x = jnp.asarray(rng.normal(size=n), jnp.float32)
        ratio, detail = timed_ratio(s2s.grad(sum_logistic), sum_logistic_grad_by_hand, (x,))
        report(f"eager grad, sum_logistic n={n}", ratio, 1.1, detail)
    params, x = mlp_case(rng)
    ratio, detail = timed_ratio(s2s.grad(mlp_loss), mlp_grad_by_hand, (params, x),
                                rtol=1e-3, atol=1e-4)
    report("eager grad, MLP 784-512-10 batch 128", ratio, 1.1, detail)
    for n in (3, 1000):
        x = jnp.asarray(rng.normal(size=n), jnp.float32)
        t = jnp.asarray(rng.normal(size=n), jnp.float32)
        ratio, detail = timed_ratio(lambda x, t: s2s.jvp(sum_logistic, (x,), (t,)),
                                    sum_logistic_jvp_by_hand, (x, t))
        report(f"eager jvp, sum_logistic n={n}", ratio, 1.1, detail)
    mat = jax.random.normal(jax.random.PRNGKey(0), (150, 100))

    def apply_matrix(v):
        return jnp.dot(mat, v)

    ours = s2s.vmap(apply_matrix)
    for batch in (10, 1000):
        xs = jax.random.normal(jax.random.PRNGKey(1), (batch, 100))
        ratio, detail = timed_ratio(ours, lambda v_batched: jnp.dot(v_batched, mat.T), (xs,))
        report(f"eager vmap(apply_matrix), batch {batch}", ratio, 1.1, detail)


def hlo_ops(jitted, *args):
    """Instructions in the optimized HLO XLA runs (fusions count as one, plus
    what is inside them), and the divides among them."""
    text = jitted.lower(*args).compile().as_text()
    lines = [ln.strip() for ln in text.splitlines() if " = " in ln and "ENTRY" not in ln]
    ops = [ln for ln in lines if not ln.startswith(("ROOT", "%param", "param"))
           and " parameter(" not in ln]
    return len(ops), sum(" divide(" in ln for ln in lines)


def jit_rows():
    print("-- under jit: s2s / JAX (or jitted manual batching) --")
    mat = jax.random.normal(jax.random.PRNGKey(0), (150, 100))

    def apply_matrix(v):
        return jnp.dot(mat, v)

    ours = jax.jit(s2s.vmap(apply_matrix))
    manual = jax.jit(lambda v_batched: jnp.dot(v_batched, mat.T))
    for batch in (10, 1000):
        xs = jax.random.normal(jax.random.PRNGKey(1), (batch, 100))
        ratio, detail = timed_ratio(ours, manual, (xs,))
        ops = f"HLO ops {hlo_ops(ours, xs)[0]} vs {hlo_ops(manual, xs)[0]}"
        report(f"jax.jit(s2s.vmap(apply_matrix)) / manual, batch {batch}", ratio, 1.02,
               f"{detail}; {ops}")
    x = jnp.asarray(np.random.default_rng(0).normal(size=1_000_000), jnp.float32)
    ours, theirs = jax.jit(s2s.grad(sum_logistic)), jax.jit(jax.grad(sum_logistic))
    ratio, detail = timed_ratio(ours, theirs, (x,), rtol=1e-5, atol=1e-7)
    (n_ours, div_ours), (n_jax, div_jax) = hlo_ops(ours, x), hlo_ops(theirs, x)
    report("jax.jit(s2s.grad) / jax.jit(jax.grad), sum_logistic n=1e6", ratio, 1.0,
           f"{detail}; HLO ops {n_ours} vs {n_jax}, divides {div_ours} vs {div_jax}")
    report("  its XLA op count, s2s / JAX", n_ours / n_jax, 1.0)


def dispatch_rows():
    print("-- the cost of a repeated call (dispatch, not waiting for the result), "
          "3 elements: s2s.jit / jax.jit --")
    v, vs = jnp.arange(3.0), jnp.ones((4, 3))
    pairs = {"jit(f)": (s2s.jit(sum_logistic), jax.jit(sum_logistic), v),
             "jit(grad(f))": (s2s.jit(s2s.grad(sum_logistic)), jax.jit(jax.grad(sum_logistic)), v),
             "jit(vmap(f)), batch 4": (s2s.jit(s2s.vmap(sum_logistic)),
                                       jax.jit(jax.vmap(sum_logistic)), vs)}
    for name, (ours, theirs, arg) in pairs.items():
        np.testing.assert_allclose(ours(arg), theirs(arg), rtol=1e-6)
        t_ours, t_theirs = interleaved([lambda: ours(arg), lambda: theirs(arg)], rounds=15)
        report(f"s2s.{name} call / jax's", t_ours / t_theirs, 1.05,
               f"s2s {t_ours * 1e6:.2f} us, JAX {t_theirs * 1e6:.2f} us")


FIRST_CALL = """
import time, sys
import jax, jax.numpy as jnp, numpy as np
sys.path.insert(0, 'bench')
from run import sum_logistic, mlp_loss
which, case = sys.argv[1], sys.argv[2]
if which == 's2s':
    import s2s
    grad = s2s.grad
else:
    grad = jax.grad
rng = np.random.default_rng(0)
if case == 'sum_logistic':
    f, args = sum_logistic, (jnp.arange(3.0),)
else:
    sizes = [784, 512, 10]
    args = ([(jnp.asarray(rng.normal(size=(m, n)), jnp.float32), jnp.zeros(n, jnp.float32))
             for m, n in zip(sizes[:-1], sizes[1:])],
            jnp.asarray(rng.normal(size=(128, 784)), jnp.float32))
    f = mlp_loss
jax.block_until_ready(args)
t = time.perf_counter()
jax.block_until_ready(jax.jit(grad(f))(*args))
print(time.perf_counter() - t)
"""


def first_call(which, case):
    out = subprocess.run([sys.executable, "-c", FIRST_CALL, which, case], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def first_call_rows(repeats=5):
    print(f"-- first call of jax.jit(grad(f)) in a fresh process, best of {repeats}, "
          "s2s / JAX --")
    # s2s's modules as an installed package has them (pip byte-compiles JAX's): where
    # PYTHONDONTWRITEBYTECODE is set, each fresh process would otherwise compile
    # the modules the first build imports from source (~5 ms, not s2s's work)
    compileall.compile_dir(os.path.join(ROOT, "s2s"), quiet=1)
    for case in ("sum_logistic", "mlp"):
        ours, theirs = [], []
        for _ in range(repeats):      # interleaved, so load drifts hit both
            ours.append(first_call("s2s", case))
            theirs.append(first_call("jax", case))
        report(f"first call jax.jit(grad), {case}", min(ours) / min(theirs), 1.0,
               f"s2s {min(ours) * 1e3:.0f} ms, JAX {min(theirs) * 1e3:.0f} ms")


def transform_rows(sizes=(100, 1000, 5000)):
    print("-- transformation time of a straight line of N statements (seconds) --")
    goals = {1000: 0.3, 5000: 1.5}
    for name, (ours, _) in transform_bench.CASES.items():
        ours(transform_bench.straight_line(10))
        for n in sizes:
            t = transform_bench.best(ours, n, 3 if n <= 1000 else 1)
            if n in goals:
                report(f"transformation time, {name}, N={n} (s)", t, goals[n])
            else:
                print(f"{'transformation time, ' + name + ', N=' + str(n) + ' (s)':58s} {t:7.2f}")


def import_row(repeats=5):
    report("`import s2s` after `import jax` (ms)",
           transform_bench.import_times(repeats)[0] * 1e3, 30)


def main():
    eager_rows()
    jit_rows()
    dispatch_rows()
    first_call_rows()
    transform_rows()
    import_row()
    missed = [m for m, r, g in rows if r > g]
    print(f"-- {len(rows) - len(missed)} of {len(rows)} goals met" +
          (f"; not met: {', '.join(m.strip() for m in missed)}" if missed else ""))


if __name__ == "__main__":
    print(f"jax {jax.__version__} on {jax.devices()[0].platform}")
    main()
