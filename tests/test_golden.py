"""Golden generated source: the exact text s2s prints for each case.

Regenerate with `make golden` and review the diff like any code change.
"""
import os
import subprocess
import sys

import numpy as np
import pytest

import checkpoint_cases as kc
import forward_cases as fc
import lax_cases as lc
import s2s
import vmap_golden_cases as vc

GOLDEN = os.path.join(os.path.dirname(__file__), "golden")
REGENERATE = os.environ.get("S2S_REGENERATE_GOLDEN") == "1"

# (transformation, function, argnums)
CASES = [
    ("jvp", fc.sum_logistic, None),
    ("jvp", fc.selu, 0),
    ("jvp", fc.branches, None),
    ("jvp", fc.conditional_expression, None),
    ("jvp", fc.loop_range, 0),
    ("jvp", fc.loop_over_rows, None),
    ("jvp", fc.loop_enumerate_zip, None),
    ("jvp", fc.newton_sqrt, None),
    ("jvp", fc.break_continue, None),
    ("jvp", fc.early_return, None),
    ("jvp", fc.calls_helper, None),
    ("jvp", fc.helper, 0),
    ("jvp", fc.power, 0),
    ("jvp", fc.closure_nested, None),
    ("jvp", fc.tuple_returns, None),
    ("jvp", fc.augmented, None),
    ("jvp", fc.item_updates, None),
    ("jvp", fc.numpy_style, None),
    ("jvp", fc.mlp, None),
    ("jvp", fc.dict_params, 0),
    ("jvp", fc.list_append, None),
    ("jvp", fc.shapes_static, None),
    ("grad", fc.sum_logistic, None),
    ("grad", fc.selu_sum, None),
    ("vjp", fc.branches, None),
    ("grad", fc.loop_range, 0),
    ("grad", fc.loop_over_rows, None),
    ("vjp", fc.loop_enumerate_zip, None),
    ("grad", fc.newton_sqrt, None),
    ("grad", fc.break_continue, None),
    ("grad", fc.early_return, None),
    ("grad", fc.calls_helper, (0, 1)),
    ("vjp", fc.helper, 0),
    ("vjp", fc.power, 0),
    ("grad", fc.closure_nested, (0, 1)),
    ("vjp", fc.tuple_returns, None),
    ("grad", fc.augmented_sum, None),
    ("grad", fc.item_updates, None),
    ("grad", fc.mlp, None),
    ("value_and_grad", fc.dict_params, 0),
    ("vjp", fc.dict_params, None),
    ("vjp", fc.list_append, None),
    # a program's own lax control flow, written out as Python (normalize_lax.py)
    ("jvp", lc.cond_of_lambdas, None),
    ("grad", lc.scan_of_rows, None),
    ("grad", lc.while_with_a_pair, None),
    # checkpointed calls: the reverse sweep runs the vjp again (s2s/checkpoint.py)
    ("grad", kc.deep, None),
    ("grad", kc.straight, (0, 1)),
]


# Arguments that are not plain arrays: what the generated code is specialized to.
EXAMPLE_ARGS = {
    fc.mlp: lambda: ([(np.ones((3, 4)), np.ones(4)), (np.ones((4, 2)), np.ones(2))],
                     np.ones((5, 3))),
    fc.dict_params: lambda: ({"scale": np.ones(3), "shift": 1.0}, np.ones(3)),
    fc.loop_range: lambda: (np.ones(4), 3),
    fc.power: lambda: (np.ones(3), 2),
}


def golden_path(transform, fn, argnums):
    if isinstance(argnums, tuple):
        argnums = "".join(map(str, argnums))
    suffix = "" if argnums is None else f"_argnums{argnums}"
    return os.path.join(GOLDEN, transform, f"{fn.__name__}{suffix}.py")


@pytest.mark.parametrize("transform, fn, argnums", CASES,
                         ids=[f"{t}-{f.__name__}" for t, f, _ in CASES])
def test_generated_source_matches_golden(transform, fn, argnums):
    example = EXAMPLE_ARGS.get(fn)
    text = s2s.source(fn, transform, argnums, example_args=example() if example else None)
    check_golden(text, golden_path(transform, fn, argnums))


def check_golden(text, path, python=True):
    """`text` is valid Python (unless `python=False`) and equals the golden file
    (written by `make golden`)."""
    if python:
        compile(text, "<golden>", "exec")
    if REGENERATE or not os.path.exists(path):
        if not REGENERATE:
            pytest.fail(f"no golden file {path}; run `make golden` and review it")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    with open(path) as f:
        assert text == f.read(), f"generated source changed; run `make golden` and review {path}"


def test_source_is_deterministic_across_processes():
    script = ("import sys; sys.path.insert(0, 'tests/cases'); import s2s, forward_cases as fc; "
              "print(s2s.source(fc.mlp, 'jvp') + s2s.source(fc.closure_nested, 'jvp'))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runs = [subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True,
                           text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed})
            .stdout for seed in ("1", "2")]
    assert runs[0] == runs[1]


# vmap and the Jacobians: specialized on one example's shapes, so each case
# names its example arguments (with the batch axis where in_axes puts it).
def _params():
    return [(np.ones((8, 4)), np.ones(8)), (np.ones((3, 8)), np.ones(3))]


BATCHED_CASES = [
    ("vmap", "apply_matrix", lambda: s2s.vmap(vc.apply_matrix), lambda: (np.ones((10, 100)),)),
    ("vmap", "clipped_norm", lambda: s2s.vmap(vc.clipped_norm, in_axes=(0, None)),
     lambda: (np.ones((5, 3)), 1.0)),
    ("vmap", "halve_until_small", lambda: s2s.vmap(vc.halve_until_small),
     lambda: (np.ones((5, 3)),)),
    ("vmap", "per_example_grad",
     lambda: s2s.vmap(s2s.grad(vc.loss), in_axes=(None, 0, 0)),
     lambda: (_params(), np.ones((5, 4)), np.ones((5, 3)))),
    ("jacfwd", "soft_square", lambda: s2s.jacfwd(vc.soft_square), lambda: (np.ones(3),)),
    ("jacrev", "soft_square", lambda: s2s.jacrev(vc.soft_square), lambda: (np.ones(3),)),
    ("hessian", "sum_logistic", lambda: s2s.hessian(vc.sum_logistic), lambda: (np.ones(3),)),
]


@pytest.mark.parametrize("transform, name, make, example", BATCHED_CASES,
                         ids=[f"{t}-{n}" for t, n, _, _ in BATCHED_CASES])
def test_batched_source_matches_golden(transform, name, make, example):
    text = s2s.source(make(), example_args=example())
    check_golden(text, os.path.join(GOLDEN, transform, f"{name}.py"))


# s2s.jit: control flow on traced values converted to lax (and jit of grad).
import jit_cases as jc  # noqa: E402

JIT_CASES = [
    ("jit", "branch", lambda: s2s.jit(jc.branch), None),
    ("jit", "newton_sqrt", lambda: s2s.jit(jc.newton_sqrt), None),
    ("jit", "counted", lambda: s2s.jit(jc.counted, static_argnums=1), None),
    ("jit", "nested_loops", lambda: s2s.jit(jc.nested_loops), None),
    ("jit", "break_continue", lambda: s2s.jit(jc.break_continue), None),
    ("jit_grad", "early_return", lambda: s2s.jit(s2s.grad(jc.early_return)), lambda: (1.0,)),
    ("jit_grad", "rows", lambda: s2s.jit(s2s.grad(jc.rows)), lambda: (np.ones((4, 3)),)),
    ("jit_grad", "long_loop", lambda: s2s.jit(s2s.grad(jc.long_loop)), lambda: (np.ones(3),)),
    ("jit", "lax_while_loop", lambda: s2s.jit(lc.while_with_a_pair), None),
]


@pytest.mark.parametrize("transform, name, make, example", JIT_CASES,
                         ids=[f"{t}-{n}" for t, n, _, _ in JIT_CASES])
def test_jit_source_matches_golden(transform, name, make, example):
    text = s2s.source(make(), example_args=example() if example else None)
    check_golden(text, os.path.join(GOLDEN, transform, f"{name}.py"))


# The teaching view: explain mode's comments, and the side-by-side text.
from s2s.show import show  # noqa: E402

EXPLAIN_CASES = [
    ("grad", fc.sum_logistic, None),
    ("grad", fc.loop_range, 0),
    ("jvp", fc.branches, None),
    ("vjp", fc.sum_logistic, None),
]


@pytest.mark.parametrize("transform, fn, argnums", EXPLAIN_CASES,
                         ids=[f"{t}-{f.__name__}" for t, f, _ in EXPLAIN_CASES])
def test_explained_source_matches_golden(transform, fn, argnums):
    example = EXAMPLE_ARGS.get(fn)
    text = s2s.source(fn, transform, argnums, example_args=example() if example else None,
                      explain=True)
    check_golden(text, os.path.join(GOLDEN, "explain", f"{transform}_{fn.__name__}.py"))


def test_side_by_side_text_matches_golden():
    text = show(fc.branches, ("jvp", "grad", "vmap"), example_args=(np.ones(3),)).text(width=44)
    check_golden(text, os.path.join(GOLDEN, "show", "branches.txt"), python=False)
