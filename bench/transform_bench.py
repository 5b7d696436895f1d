"""How long s2s takes to transform, side by side with JAX tracing the same
transformation (part of `make bench`; `python bench/transform_bench.py [N ...]`).

- grad and vmap of a straight-line function of N statements
  (`y_i = jnp.sin(y_{i-1}) * c + y_{i-2}`): s2s's transformation (parse,
  passes, simplify, print, compile: `s2s.source(...)` of a fresh function)
  next to `jax.make_jaxpr(jax.grad(f))` / `jax.make_jaxpr(jax.vmap(f))`, and
  the log-log slope of s2s's time between the two longest (1 is linear);
- `import s2s` on top of `import jax` in a fresh interpreter (best of 5), and
  the first `from s2s import grad`, which loads the API.

Read the ratios, not the seconds: the machines are shared.
"""
import importlib.util
import math
import os
import subprocess
import sys
import tempfile
import time

import jax
import jax.numpy as jnp

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import s2s  # noqa: E402

SIZES = (100, 1000, 5000)
_DIR = tempfile.mkdtemp(prefix="s2s_transform_bench_")
_count = [0]


def straight_line(n):
    """A fresh function (nothing cached) of n statements, from a file of its own."""
    _count[0] += 1
    name = f"straight_{n}_{_count[0]}"
    lines = ["import jax.numpy as jnp", "", "", "def f(x):", "    y0 = x"]
    for i in range(1, n):
        lines.append(f"    y{i} = jnp.sin(y{i - 1}) * {1 + i % 3}.0 + y{max(0, i - 2)}")
    lines.append(f"    return jnp.sum(y{n - 1})")
    path = os.path.join(_DIR, name + ".py")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


X, XS = jnp.ones(3), jnp.ones((2, 3))
CASES = {
    "grad": (lambda f: s2s.source(s2s.grad(f), example_args=(X,)),
             lambda f: jax.make_jaxpr(jax.grad(f))(X)),
    "vmap": (lambda f: s2s.source(s2s.vmap(f), example_args=(XS,)),
             lambda f: jax.make_jaxpr(jax.vmap(f))(XS)),
}


def best(fn, n, repeats):
    out = math.inf
    for _ in range(repeats):
        f = straight_line(n)
        start = time.perf_counter()
        fn(f)
        out = min(out, time.perf_counter() - start)
    return out


def bench_transform(sizes=SIZES):
    print("\n== transformation time: straight line of N statements, s2s vs JAX tracing ==")
    print(f"{'case':14} {'s2s':>9} {'jax trace':>10} {'s2s/jax':>8}")
    for name, (ours, theirs) in CASES.items():
        ours(straight_line(10))
        theirs(straight_line(10))   # (warm: rules parsed, jnp dispatch ready)
        times = []
        for n in sizes:
            repeats = 3 if n <= 1000 else 1
            t_s2s, t_jax = best(ours, n, repeats), best(theirs, n, repeats)
            times.append(t_s2s)
            print(f"{name} N={n:<7} {t_s2s:8.3f}s {t_jax:9.3f}s {t_s2s / t_jax:7.1f}x")
        if len(sizes) > 1:
            slope = math.log(times[-1] / times[-2]) / math.log(sizes[-1] / sizes[-2])
            print(f"{name} log-log slope, N={sizes[-2]}..{sizes[-1]}: {slope:.2f} (1 = linear)")


def _fresh(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return [float(v) for v in out.stdout.split()]


def import_times(repeats=5):
    """(`import s2s` after `import jax`, and with the first `from s2s import grad`),
    seconds, each the best of `repeats` fresh interpreters."""
    code = ("import time, jax\n"
            "t = time.perf_counter()\n"
            "import s2s\n"
            "a = time.perf_counter() - t\n"
            "from s2s import grad\n"
            "print(a, time.perf_counter() - t)")
    runs = [_fresh(code) for _ in range(repeats)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def bench_import(repeats=5):
    bare, api = import_times(repeats)
    print(f"\n== import, fresh interpreter, best of {repeats} (on top of import jax) ==")
    print(f"import s2s {bare * 1e3:8.1f} ms   (goal <= 30 ms)")
    print(f"+ first `from s2s import grad` (loads the API) {api * 1e3:8.1f} ms")


def main(sizes=SIZES):
    bench_transform(sizes)
    bench_import()


if __name__ == "__main__":
    main(tuple(int(a) for a in sys.argv[1:]) or SIZES)
