"""`s2s TRANSFORM FILE.py:FUNC`, run as a separate process the way users run it."""
import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
FUNCTIONS = os.path.join(CASES, "frontend_functions.py")
CONSTRUCTS = os.path.join(CASES, "errors_constructs.py")
STAGES = ["source", "fence", "resolve", "normalize", "jvp"]

QUICKSTART = '''\
"""Like examples/quickstart.py."""
import jax.numpy as jnp


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def weighted(x, w):
    y = jnp.tanh(x) * w
    if jnp.sum(y) > 0:
        y = y * 2.0
    return jnp.sum(y * x)
'''


def run_s2s(*args, cwd=None, command=None):
    command = command or [sys.executable, "-m", "s2s.cli"]
    return subprocess.run(command + list(args), capture_output=True, text=True, cwd=cwd,
                          timeout=300)


@pytest.fixture
def quickstart(tmp_path):
    path = tmp_path / "quickstart.py"
    path.write_text(QUICKSTART)
    return str(path)


def assert_one_error_line(result, *parts):
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("s2s: error: "), result.stderr
    assert "Traceback" not in result.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


def load_generated(text, name):
    """Exec printed source the way a reader would: jnp is the only free name."""
    namespace = {"jnp": jnp}
    exec(compile(text, "<printed>", "exec"), namespace)
    return namespace[name]


# -- printing source -------------------------------------------------------------------


def test_prints_source_that_compiles(quickstart, tmp_path):
    result = run_s2s("jvp", f"{quickstart}:sum_logistic", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert "def sum_logistic_jvp(" in result.stdout
    compile(result.stdout, "<printed>", "exec")


def test_examples_quickstart():
    path = os.path.join(os.path.dirname(CASES), os.pardir, "examples", "quickstart.py")
    if not os.path.exists(path):
        pytest.skip("no examples/quickstart.py")
    result = run_s2s("jvp", f"{os.path.normpath(path)}:sum_logistic")
    assert result.returncode == 0, result.stderr
    assert "def sum_logistic_jvp(x, x_dot):" in result.stdout
    compile(result.stdout, "<printed>", "exec")


def test_printed_source_computes_the_jvp(quickstart, tmp_path):
    result = run_s2s("jvp", f"{quickstart}:weighted", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    f_jvp = load_generated(result.stdout, "weighted_jvp")
    rng = np.random.default_rng(2)
    x, w, tx, tw = (jnp.asarray(rng.uniform(-1, 1, 4)) for _ in range(4))
    out, out_dot = f_jvp(x, w, tx, tw)
    namespace = {}
    exec(QUICKSTART, namespace)
    ref, ref_dot = jax.jvp(namespace["weighted"], (x, w), (tx, tw))
    np.testing.assert_allclose(out, ref, rtol=1e-12)
    np.testing.assert_allclose(out_dot, ref_dot, rtol=1e-12)


def test_relative_path_from_the_file_directory(quickstart, tmp_path):
    result = run_s2s("jvp", "quickstart.py:sum_logistic", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "def sum_logistic_jvp(" in result.stdout


def test_passes_prints_every_stage(quickstart, tmp_path):
    result = run_s2s("jvp", f"{quickstart}:weighted", "--passes", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    names = stage_names(result.stdout)
    # the stages named here, in this order (later passes may add more after them)
    assert [n for n in names if n in STAGES] == STAGES, names
    assert names[:len(STAGES) - 1] == STAGES[:-1]
    # every stage is a Python program of its own
    chunks = result.stdout.split("# ---- ")[1:]
    for i, (stage, chunk) in enumerate(zip(names, chunks)):
        purpose, body = chunk.split("\n", 2)[1:]
        assert purpose.startswith("# ") and len(purpose) > 10, (stage, purpose)
        compile(body, f"<{stage}>", "exec")
        if body.startswith("# (no change)"):   # a stage that changed nothing says so
            assert i > 0 and stage not in ("normalize", "jvp"), stage
            continue
        transformed = i >= names.index("jvp")
        expected = "def weighted_jvp(" if transformed else "def weighted("
        assert expected in body, (stage, body)


def stage_names(stdout):
    return [line.split()[2] for line in stdout.splitlines() if line.startswith("# ---- ")]


@pytest.mark.parametrize("argnums, signature", [
    ("0", "def weighted_jvp(x, w, x_dot):"),
    ("1", "def weighted_jvp(x, w, w_dot):"),
    ("0,1", "def weighted_jvp(x, w, x_dot, w_dot):"),
    ("-1", "def weighted_jvp(x, w, w_dot):"),
])
def test_argnums(quickstart, tmp_path, argnums, signature):
    result = run_s2s("jvp", f"{quickstart}:weighted", "--argnums", argnums, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert signature in result.stdout
    compile(result.stdout, "<printed>", "exec")


def test_argnums_with_passes():
    result = run_s2s("jvp", f"{FUNCTIONS}:hypot", "--argnums", "0", "--passes")
    assert result.returncode == 0, result.stderr
    assert "def hypot_jvp(x, y, x_dot):" in result.stdout
    assert set(STAGES) <= set(stage_names(result.stdout))


def test_functions_of_every_kind():
    for name, signature in [("sin_twice", "def sin_twice_jvp(x, x_dot):"),
                            ("wrapped_tanh", "def wrapped_tanh_jvp(x, x_dot):"),
                            ("calls_with_keywords", "def calls_with_keywords_jvp(")]:
        result = run_s2s("jvp", f"{FUNCTIONS}:{name}")
        assert result.returncode == 0, (name, result.stderr)
        assert signature in result.stdout
        compile(result.stdout, "<printed>", "exec")


def test_console_script(quickstart, tmp_path):
    script = os.path.join(os.path.dirname(sys.executable), "s2s")
    if not os.path.exists(script):
        pytest.skip("the s2s console script is not installed next to this Python")
    result = run_s2s("jvp", f"{quickstart}:sum_logistic", cwd=tmp_path, command=[script])
    assert result.returncode == 0, result.stderr
    assert "def sum_logistic_jvp(" in result.stdout
    bad = run_s2s("jvp", "nowhere.py:f", cwd=tmp_path, command=[script])
    assert_one_error_line(bad, "no such file")


def test_output_of_the_module_does_not_mix_with_the_source(tmp_path):
    path = tmp_path / "chatty.py"
    path.write_text("print('hello from chatty')\n\ndef f(x):\n    return x * 2.0\n")
    result = run_s2s("jvp", f"{path}:f", cwd=tmp_path)     # not run: f needs nothing of it
    assert result.returncode == 0, result.stderr
    assert "hello" not in result.stdout + result.stderr
    result = run_s2s("jvp", f"{path}:f", "--import", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "hello from chatty" in result.stderr
    assert "hello" not in result.stdout
    compile(result.stdout, "<printed>", "exec")


# -- errors: one line on stderr, no traceback ------------------------------------------


def test_wrong_path(tmp_path):
    result = run_s2s("jvp", "no/such/file.py:f", cwd=tmp_path)
    assert_one_error_line(result, "no such file", "no/such/file.py")


def test_target_without_function(quickstart, tmp_path):
    result = run_s2s("jvp", quickstart, cwd=tmp_path)
    assert_one_error_line(result, "FILE.py:FUNC")


def test_missing_function(quickstart, tmp_path):
    result = run_s2s("jvp", f"{quickstart}:no_such_function", cwd=tmp_path)
    assert_one_error_line(result, "no function `no_such_function`")


def test_not_a_function():
    result = run_s2s("jvp", f"{FUNCTIONS}:SCALE")
    assert_one_error_line(result, "`SCALE`", "not a function")


@pytest.mark.parametrize("text, parts", [
    ("import jax\nraise RuntimeError('boom at import')\n", ["RuntimeError", "boom at import"]),
    ("def f(x:\n    return x\n", ["SyntaxError"]),
    ("import no_such_module_for_s2s\n", ["ModuleNotFoundError", "no_such_module_for_s2s"]),
    ("import sys\nsys.exit(3)\n", ["SystemExit"]),
    ("raise ValueError('first line\\nsecond line')\n", ["ValueError", "first line second line"]),
], ids=["raises", "syntax", "missing-module", "sys-exit", "multiline"])
def test_file_that_fails_to_import(tmp_path, text, parts):
    path = tmp_path / "broken.py"
    path.write_text(text)
    result = run_s2s("jvp", f"{path}:f", "--import", cwd=tmp_path)
    assert_one_error_line(result, "importing", "broken.py", "failed", *parts)


@pytest.mark.parametrize("argnums, part", [
    ("a,b", "comma-separated integers"),
    ("0.5", "comma-separated integers"),
    (",", "comma-separated integers"),
    ("2", "out of range"),
    ("0,-3", "out of range"),
])
def test_bad_argnums(quickstart, tmp_path, argnums, part):
    result = run_s2s("jvp", f"{quickstart}:weighted", f"--argnums={argnums}", cwd=tmp_path)
    assert_one_error_line(result, "--argnums", part)


def _marker_line(name):
    with open(CONSTRUCTS) as f:
        return next(i for i, line in enumerate(f, 1) if line.rstrip().endswith(f"# <- {name}"))


@pytest.mark.parametrize("function, marker, part", [
    ("try_statement", "try", "`try`"),
    ("set_comprehension", "set comprehension", "set comprehensions"),
    ("for_else", "for else", "`else` on a loop"),
    ("undefined_name", "undefined name", "`no_such_function`"),
])
def test_unsupported_code(function, marker, part):
    result = run_s2s("jvp", f"{CONSTRUCTS}:{function}")
    line = assert_one_error_line(result, part, f"errors_constructs.py:{_marker_line(marker)}:")
    assert result.returncode == 1
    assert "(" in line and ")" in line  # the hint, in parentheses


def test_unsupported_code_with_passes():
    result = run_s2s("jvp", f"{CONSTRUCTS}:walrus", "--passes")
    assert_one_error_line(result, "`:=`", f"errors_constructs.py:{_marker_line('walrus')}:")


def test_library_function():
    """`s2s jvp FILE:jnp.sin`: the jvp of a caller of it, as s2s.jvp(jnp.sin) runs."""
    result = run_s2s("jvp", f"{FUNCTIONS}:jnp.sin")
    assert result.returncode == 0, result.stderr
    assert "def sin_jvp(x, x_dot):" in result.stdout


def test_unknown_transform(quickstart, tmp_path):
    result = run_s2s("frobnicate", f"{quickstart}:sum_logistic", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "s2s: error: " in result.stderr and "'frobnicate'" in result.stderr


# -- vmap and the Jacobians: specialized on --shapes ------------------------------

BATCHED = '''\
import jax.numpy as jnp
import numpy as np

mat = np.ones((150, 100), np.float32)


def apply_matrix(v):
    return jnp.dot(mat, v)


def clipped(x, limit):
    n = jnp.sqrt(jnp.sum(x ** 2))
    if n > limit:
        x = x * (limit / n)
    return x


def soft(x):
    return jnp.sum(jnp.tanh(x) * x)
'''


@pytest.fixture
def batched(tmp_path):
    path = tmp_path / "batched.py"
    path.write_text(BATCHED)
    return str(path)


def test_vmap_prints_one_matrix_product(batched):
    r = run_s2s("vmap", f"{batched}:apply_matrix", "--shapes", "100")
    assert r.returncode == 0, r.stderr
    assert "def apply_matrix_vmap(v_batch):" in r.stdout
    assert "jnp.dot(v_batch, mat.T)" in r.stdout
    assert "for " not in r.stdout


def test_vmap_in_axes_and_batched_if(batched):
    r = run_s2s("vmap", f"{batched}:clipped", "--in-axes", "0,None", "--shapes", "3;")
    assert r.returncode == 0, r.stderr
    assert "def clipped_vmap(x_batch, limit):" in r.stdout
    assert "jnp.where(gt_batch[:, None], x_then, x_batch)" in r.stdout


@pytest.mark.parametrize("transform", ["jacfwd", "jacrev", "hessian"])
def test_jacobians_print_batched_code(batched, transform):
    r = run_s2s(transform, f"{batched}:soft", "--shapes", "3")
    assert r.returncode == 0, r.stderr
    assert "_batch" in r.stdout
    compile(r.stdout, "<cli>", "exec")


def test_vmap_without_shapes_is_a_usage_error(batched):
    r = run_s2s("vmap", f"{batched}:apply_matrix")
    assert r.returncode == 2
    assert "--shapes" in r.stderr


def test_vmap_with_wrong_shapes_names_the_problem(batched):
    r = run_s2s("vmap", f"{batched}:apply_matrix", "--shapes", "7")
    assert r.returncode == 1
    assert "apply_matrix" in r.stderr and "float32[7]" in r.stderr
