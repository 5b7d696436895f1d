"""s2s.export and `s2s TRANSFORM FILE:FUNC --export OUT.py`: the code a
transformation runs, written as a module, run in a fresh process where s2s
cannot be imported, against JAX."""
import ast
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s.errors import S2SError

import export_cases as cases

CASES_FILE = os.path.abspath(cases.__file__)

# Runs each exported module in one fresh process with s2s unimportable (its
# import refused, its directories off the path) and saves what each returns.
RUNNER = r'''
import importlib.abc, json, os, runpy, sys
class NoS2S(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "s2s" or name.startswith("s2s."):
            raise ImportError("s2s is not importable here")
sys.meta_path.insert(0, NoS2S())
sys.path = [p for p in sys.path if p and os.path.abspath(p) not in sys.argv[3:]]
import jax
jax.config.update("jax_enable_x64", True)
import numpy as np
jobs = json.load(open(sys.argv[1]))
out = {}
for k, (module, args) in enumerate(jobs):
    ns = runpy.run_path(module)
    fn = ns[ns["__all__"][0]]
    data = np.load(args, allow_pickle=True)
    result = fn(*data["args"].tolist())
    for i, leaf in enumerate(jax.tree_util.tree_leaves(result)):
        out[f"{k}_{i}"] = np.asarray(leaf)
np.savez(sys.argv[2], **out)
'''


def run_standalone(tmp_path, jobs):
    """[(module path, args)] -> [the leaves of each module's result]."""
    import json
    listed = []
    for k, (module, args) in enumerate(jobs):
        saved = tmp_path / f"args_{k}.npz"
        holder = np.empty(len(args), dtype=object)
        holder[:] = [jax.tree_util.tree_map(np.asarray, a) for a in args]
        np.savez(saved, args=holder)
        listed.append((str(module), str(saved)))
    (tmp_path / "jobs.json").write_text(json.dumps(listed))
    (tmp_path / "runner.py").write_text(RUNNER)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(s2s.__file__)))
    tests = os.path.dirname(os.path.abspath(__file__))
    done = subprocess.run([sys.executable, str(tmp_path / "runner.py"), str(tmp_path / "jobs.json"),
                           str(tmp_path / "out.npz"), repo, tests, os.path.join(tests, "cases")],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-3000:]
    saved = np.load(tmp_path / "out.npz")
    return [[saved[key] for key in sorted((k for k in saved if k.startswith(f"{j}_")),
                                          key=lambda k: int(k.split("_")[1]))]
            for j in range(len(jobs))]


def _key(seed):
    return jax.random.PRNGKey(seed)


def _params():
    k = jax.random.split(_key(1), 4)
    return [(jax.random.normal(k[0], (3, 4)), jax.random.normal(k[1], (4,))),
            (jax.random.normal(k[2], (4, 2)), jax.random.normal(k[3], (2,)))]


X = jax.random.normal(_key(0), (3,))
XS = jax.random.normal(_key(2), (5, 3))
YS = jax.random.normal(_key(3), (5, 2))


# (name, the s2s transformation, jax's, arguments)
CASES = [
    ("grad", s2s.grad(cases.sum_logistic), jax.grad(cases.sum_logistic), (X,)),
    ("grad_defaults", s2s.grad(cases.selu), jax.grad(cases.selu), (X,)),
    ("value_and_grad_pytree", s2s.value_and_grad(cases.mlp_loss),
     jax.value_and_grad(cases.mlp_loss), (_params(), XS, YS)),
    ("vmap_axes", s2s.vmap(cases.shifted, in_axes=(1, None)),
     jax.vmap(cases.shifted, in_axes=(1, None)), (XS.T, X)),
    ("vmap_grad", s2s.vmap(s2s.grad(cases.shifted), in_axes=(0, None)),
     jax.vmap(jax.grad(cases.shifted), in_axes=(0, None)), (XS, X)),
    ("jacfwd", s2s.jacfwd(cases.predict, argnums=1), jax.jacfwd(cases.predict, argnums=1),
     (_params(), X)),
    ("jacrev", s2s.jacrev(cases.shifted), jax.jacrev(cases.shifted), (X, X)),
    ("hessian", s2s.hessian(cases.sum_logistic), jax.hessian(cases.sum_logistic), (X,)),
    ("jit_grad_while", s2s.jit(s2s.grad(cases.grow)), None, (jnp.abs(X) + 1.0,)),
    ("jit_vmap", s2s.jit(s2s.vmap(cases.sum_logistic)), jax.vmap(cases.sum_logistic), (XS,)),
    ("jit_helpers", s2s.jit(cases.predict), cases.predict, (_params(), XS)),
    ("custom_jvp_and_helper_module", s2s.hessian(cases.clipped), jax.hessian(cases.clipped),
     (X,)),
    ("grad_custom_jvp", s2s.grad(cases.clipped), jax.grad(cases.clipped), (X,)),
    ("jit_helper_module", s2s.jit(cases.clipped), cases.clipped, (X,)),
    ("jacfwd_defaults", s2s.jacfwd(cases.scaled), jax.jacfwd(cases.scaled), (X,)),
    ("vmap_defaults", s2s.vmap(cases.scaled, in_axes=1), jax.vmap(cases.scaled, in_axes=1),
     (XS.T,)),
    ("grad_star_args", s2s.grad(cases.starred), jax.grad(cases.starred), (X, X)),
]


def _grow_grad(x):
    """grad of `grow` by hand: JAX cannot differentiate a while on a traced value."""
    n = 0
    while float(jnp.sum(x)) < 10.0:
        x, n = x * 1.5 + 0.1, n + 1
    return jnp.cos(x) * 1.5 ** n


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """Each case exported after one call, and run standalone."""
    tmp = tmp_path_factory.mktemp("export")
    jobs, texts = [], {}
    for name, ours, _, args in CASES:
        ours(*args)
        path = tmp / f"{name}.py"
        texts[name] = s2s.export(ours, path)
        jobs.append((path, args))
    return texts, dict(zip([c[0] for c in CASES], run_standalone(tmp, jobs)))


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_exported_module_runs_without_s2s_and_matches_jax(exported, name):
    _, results = exported
    _, ours, theirs, args = next(c for c in CASES if c[0] == name)
    expected = _grow_grad(*args) if theirs is None else theirs(*args)
    leaves = jax.tree_util.tree_leaves(expected)
    assert len(results[name]) == len(leaves)
    for got, want in zip(results[name], leaves):
        np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    for got, mine in zip(results[name], jax.tree_util.tree_leaves(ours(*args))):
        np.testing.assert_allclose(got, mine, rtol=1e-12, atol=1e-14)


def test_exported_module_carries_what_the_code_reads(exported):
    texts, _ = exported
    pytree = texts["value_and_grad_pytree"]
    assert "SCALE = 0.5" in pytree and "negative_slope = 0.1" in pytree
    assert "def square_vjp(v):" in pytree and "from jax._src.array import ArrayImpl" in pytree
    helpers = texts["jit_helpers"]
    assert "def leaky_relu_partial_jit(x):" in helpers and "def for_range(" in helpers
    assert "OFFSETS = np.array([0.25, -0.5, 1.0], dtype=np.float64)" in texts["vmap_axes"]
    assert "def selu_grad(x, alpha=1.67, lmbda=1.05):" in texts["grad_defaults"]
    clipped = texts["custom_jvp_and_helper_module"]
    assert "@soft_clip.defjvp" in clipped   # (the rule, without which JAX refuses soft_clip)
    assert "helpers = types.SimpleNamespace(weight=weight)" in texts["jit_helper_module"]
    assert "scaled_jacfwd.__defaults__ = (2.0,)" in texts["jacfwd_defaults"]
    jitted = texts["jit_grad_while"]
    assert "def while_loop(test, body, *carry):" in jitted and "@helper" not in jitted
    assert "jax.jit(tracing_with(grow_grad_jit, 32, 1000))" in jitted
    for text in texts.values():   # (no import of s2s, no name of it: its docstring names it)
        tree = ast.parse(text)
        imported = [n.module if isinstance(n, ast.ImportFrom) else a.name
                    for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                    for a in n.names]
        assert not [m for m in imported if m.split(".")[0] == "s2s"]
        assert "s2s" not in {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}


def test_export_is_deterministic(exported, tmp_path):
    texts, _ = exported
    again = s2s.export(s2s.jit(s2s.grad(cases.grow)), example_args=(jnp.abs(X) + 1.0,))
    assert again == texts["jit_grad_while"]


def test_a_large_constant_is_refused_with_what_to_do():
    g = s2s.grad(cases.looked_up)
    g(X)
    with pytest.raises(S2SError, match="TABLE.*20000 elements.*too large") as e:
        s2s.export(g)
    assert "pass it to the function as an argument" in str(e.value)


def test_a_vmap_needs_its_shapes():
    with pytest.raises(S2SError, match="built for its arguments' shapes"):
        s2s.export(s2s.vmap(cases.sum_logistic))


def test_a_plain_function_is_not_a_transformation():
    with pytest.raises(S2SError, match="export s2s.grad"):
        s2s.export(cases.sum_logistic)


def test_cli_export(tmp_path):
    out = tmp_path / "grad_grow.py"
    done = subprocess.run([sys.executable, "-m", "s2s.cli", "jit", f"{CASES_FILE}:grow",
                           "--export", str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    vmapped = tmp_path / "vmap_shifted.py"
    done = subprocess.run([sys.executable, "-m", "s2s.cli", "vmap", f"{CASES_FILE}:shifted",
                           "--shapes", "3;3", "--in-axes", "1,None", "--export", str(vmapped)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    x = jnp.abs(X) + 1.0
    (got_jit,), (got_vmap,) = run_standalone(tmp_path, [(out, (x,)), (vmapped, (XS.T, X))])
    np.testing.assert_allclose(got_jit, cases.grow(x), rtol=1e-10)
    np.testing.assert_allclose(got_vmap, jax.vmap(cases.shifted, in_axes=(1, None))(XS.T, X),
                               rtol=1e-10)
