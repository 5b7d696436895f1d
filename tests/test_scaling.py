"""The transformation is linear in the length of the code, and `import s2s`
is cheap.

Times are not asserted (the machines are shared and their speeds differ):
the scaling exponent is. A straight-line function of n statements is
transformed at two lengths; the log-log slope of the best of a few
transformation times must stay near 1 (it was 1.7 while simplify rebuilt its
tables after every statement). What `import s2s` loads is asserted on
sys.modules and on the rule templates parsed, in a fresh interpreter.
"""
import importlib.util
import json
import math
import subprocess
import sys
import time

import jax.numpy as jnp
import pytest

import s2s

SHORT, LONG = 150, 600
MAX_SLOPE = 1.25


def straight_line(tmp_path, n, tag):
    """A fresh function (nothing cached) of n statements, from a file of its own."""
    lines = ["import jax.numpy as jnp", "", "", "def f(x):", "    y0 = x"]
    for i in range(1, n):
        lines.append(f"    y{i} = jnp.sin(y{i - 1}) * {1 + i % 3}.0 + y{max(0, i - 2)}")
    lines.append(f"    return jnp.sum(y{n - 1})")
    path = tmp_path / f"straight_{n}_{tag}.py"
    path.write_text("\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location(f"straight_{n}_{tag}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.f


TRANSFORMS = {
    "grad": lambda f: s2s.source(s2s.grad(f), example_args=(jnp.ones(3),)),
    "vmap": lambda f: s2s.source(s2s.vmap(f), example_args=(jnp.ones((2, 3)),)),
}


def best_times(tmp_path, transform, sizes, rounds):
    """The best transformation time at each size, the sizes measured in turn
    in every round (so that the machine's load drifting hits them alike)."""
    best = [math.inf] * len(sizes)
    for r in range(rounds):
        for i, n in enumerate(sizes):
            f = straight_line(tmp_path, n, f"{transform}{r}")
            start = time.perf_counter()
            TRANSFORMS[transform](f)
            best[i] = min(best[i], time.perf_counter() - start)
    return best


@pytest.mark.parametrize("transform", sorted(TRANSFORMS))
def test_transformation_time_is_linear_in_the_code(tmp_path, transform):
    TRANSFORMS[transform](straight_line(tmp_path, 20, "warm"))   # (rules parsed, jnp warm)
    short, long = best_times(tmp_path, transform, (SHORT, LONG), 3)
    slope = math.log(long / short) / math.log(LONG / SHORT)
    assert slope <= MAX_SLOPE, (
        f"{transform}: {SHORT} statements {short:.3f} s, {LONG} statements {long:.3f} s: "
        f"log-log slope {slope:.2f} > {MAX_SLOPE} (a pass is super-linear again)")


def _fresh(code):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


HEAVY = ["s2s.api", "s2s.driver", "s2s.rules", "s2s.passes", "s2s.runtime", "s2s.show",
         "s2s.serve", "s2s.cli", "s2s.coverage", "s2s.explain"]


def test_import_s2s_loads_only_the_package():
    seen = _fresh("import json, sys, jax\n"
                  "before = set(sys.modules)\n"
                  "import s2s\n"
                  "print(json.dumps(sorted(set(sys.modules) - before)))")
    assert seen == ["s2s"], seen


def test_the_api_parses_no_rule_and_imports_no_highlighter():
    """`from s2s import grad, ...` loads the passes and the rules table, but
    parses a rule's template only when a program uses it, and leaves the
    teaching tool's highlighter (no pygments lexer made) and the playground
    unloaded."""
    seen = _fresh(
        "import json, sys, jax\n"
        "from s2s import grad, vmap, jit, jvp, show\n"
        "from s2s import highlight, rules\n"
        "templates = [t for p in list(rules.PRIMITIVES.values()) + list(rules.HELPER_BATCH.values())\n"
        "             for r in (p.jvp, p.vjp) if r is not None\n"
        "             for t in ([r] if not hasattr(r, '_all') else r._all())]\n"
        "print(json.dumps({'templates': len(templates),\n"
        "                  'parsed': sum(t._expr is not None for t in templates),\n"
        "                  'lexer': highlight._LEXER is not None,\n"
        "                  'modules': [m for m in " + repr(HEAVY[-5:]) + " if m in sys.modules]}))")
    assert seen["templates"] > 100
    assert seen["parsed"] == 0
    assert not seen["lexer"]
    assert seen["modules"] == ["s2s.show"], seen["modules"]


def test_public_names_are_the_functions():
    """s2s.jit, s2s.show and s2s.checkpoint are the functions, not the modules
    of the same names, however the modules were loaded."""
    import s2s.checkpoint  # noqa: F401
    import s2s.jit  # noqa: F401
    import s2s.show  # noqa: F401
    assert callable(s2s.jit) and callable(s2s.show) and callable(s2s.checkpoint)
    assert s2s.remat is s2s.checkpoint
    assert sorted(s2s.__all__) == sorted(n for n in s2s.__all__ if hasattr(s2s, n))
    assert type(sys.modules["s2s.jit"]).__name__ == "module"
    with pytest.raises(AttributeError):
        s2s.no_such_name
