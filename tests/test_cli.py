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


@pytest.mark.parametrize("text, line, parts", [
    ("import jax\nraise RuntimeError('boom at import')\n", 2, ["RuntimeError", "boom at import"]),
    ("import no_such_module_for_s2s\n", 1, ["ModuleNotFoundError", "no_such_module_for_s2s"]),
    ("import sys\nsys.exit(3)\n", 2, ["SystemExit"]),
    ("raise ValueError('first line\\nsecond line')\n", 1,
     ["ValueError", "first line second line"]),
], ids=["raises", "missing-module", "sys-exit", "multiline"])
def test_file_that_fails_to_import(tmp_path, text, line, parts):
    """--import runs the file: its failure is the user's code's, at its line (exit 1)."""
    path = tmp_path / "broken.py"
    path.write_text(text)
    result = run_s2s("jvp", f"{path}:f", "--import", cwd=tmp_path)
    assert_one_error_line(result, f"broken.py:{line}:1: ", "importing", "failed", *parts)
    assert result.returncode == 1


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
    r = run_s2s("vmap", f"{batched}:clipped", "--in-axes", "0,None", "--shapes", "3;()")
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


# -- the user's mistakes: one line naming the option or file:line, never "internal error" --
# (exit 1 for the user's code, 2 for the command line; in-process through main())

MISTAKES = '''\
import jax.numpy as jnp

SCALE = 3.0


def f(x):
    return jnp.sum(jnp.sin(x))


def g(x, y):
    return jnp.sum(x * y)


class K:
    def meth(self, x):
        return x * 2.0
'''


@pytest.fixture
def mistakes(tmp_path):
    path = tmp_path / "mistakes.py"
    path.write_text(MISTAKES)
    return str(path)


def cli_main(capsys, *argv):
    """(exit status, stdout, stderr) of `s2s ARGV` run through s2s.cli.main."""
    from s2s import cli
    try:
        status = cli.main(list(argv))
    except SystemExit as e:   # argparse's own errors
        status = e.code
    out, err = capsys.readouterr()
    return status, out, err


def assert_mistake(result, status, *parts):
    """One line on stderr, naming `parts`, with exit `status` (not 3)."""
    code, out, err = result
    assert code == status, (code, err)
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "error: " in lines[0] and lines[0].startswith("s2s"), err
    assert "internal error" not in err and "Traceback" not in err
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("command", [["grad"], ["vmap"], ["jacrev"],
                                     ["show", "--transforms", "vmap"], ["check"]],
                         ids=lambda c: c[0])
def test_empty_shapes(capsys, mistakes, command):
    """Was an internal error (exit 3) for vmap."""
    target = f"{mistakes}:f"
    argv = [command[0], target, *command[1:]] if command[0] in ("show", "check") else \
        [command[0], target]
    assert_mistake(cli_main(capsys, *argv, "--shapes", ""), 2, "--shapes is empty", "()")


def test_empty_shape_entry_is_not_a_scalar(capsys, mistakes):
    """`3;;4` made a scalar second argument silently; a scalar is `()`."""
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", "3;;4"), 2,
                   "--shapes '3;;4'", "argument 2 is empty", "()")
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", "3;"), 2,
                   "argument 2 is empty")
    code, out, err = cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", "3;()")
    assert code == 0, err
    assert "def g_vmap(x_batch, y_batch):" in out


def test_shapes_are_parsed():
    from s2s.cli_args import parse_shapes
    assert parse_shapes("8,4;(3,);();4,; ( 2 , 3 ) ") == [(8, 4), (3,), (), (4,), (2, 3)]
    assert parse_shapes("0") == [(0,)]


@pytest.mark.parametrize("shapes, parts", [
    ("3,x", ["argument 1", "'x'"]),
    ("3;-2", ["argument 2", "0 or more, not -2"]),
    ("(3;4", ["argument 1", "parentheses"]),
    ("3,,4", ["argument 1", "integer"]),
    ("100000,100000,100000", ["argument 1", "GiB"]),
], ids=["not-a-number", "negative", "parentheses", "empty-size", "huge"])
def test_bad_shapes(capsys, mistakes, shapes, parts):
    """A negative or huge size was an internal error (numpy's ValueError, MemoryError)."""
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", shapes), 2,
                   "--shapes", *parts)


@pytest.mark.parametrize("function, shapes, parts", [
    ("g", "3", ["describes 1 argument", "`g` takes 2 (x, y)"]),
    ("f", "3;3", ["describes 2 arguments", "`f` takes 1 (x)"]),
])
@pytest.mark.parametrize("transform", ["vmap", "hessian", "check"])
def test_shapes_for_the_wrong_number_of_arguments(capsys, mistakes, transform, function,
                                                  shapes, parts):
    """Too few was an internal error (`g() missing required argument 'y'`)."""
    assert_mistake(cli_main(capsys, transform, f"{mistakes}:{function}", "--shapes", shapes),
                   2, f"--shapes {shapes!r}", *parts)


@pytest.mark.parametrize("in_axes, parts", [
    ("2", ["--in-axes 2 is out of range", "`x` of shape (3,)", "-2 to 1"]),
    ("-3", ["--in-axes -3 is out of range"]),
    ("None", ["at least one argument must be batched"]),
    ("0,0", ["--in-axes '0,0' has 2 entries for 1 argument"]),
    ("x", ["--in-axes", "not 'x'"]),
])
def test_bad_in_axes(capsys, mistakes, in_axes, parts):
    """--in-axes 2 for an argument of one axis was an internal error (numpy's AxisError)."""
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:f", "--shapes", "3", "--in-axes",
                            in_axes), 2, *parts)


def test_bad_in_axes_with_trace(capsys, mistakes):
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:f", "--shapes", "3", "--in-axes", "5",
                            "--trace"), 2, "--in-axes 5 is out of range")


def test_bad_in_axes_of_several_arguments(capsys, mistakes):
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", "3;4,5",
                            "--in-axes", "0,3"), 2, "--in-axes 3", "`y` of shape (4, 5)")
    assert_mistake(cli_main(capsys, "vmap", f"{mistakes}:g", "--shapes", "3;4",
                            "--in-axes", "None,None"), 2, "at least one argument")


@pytest.mark.parametrize("out_axes, ok", [("0", True), ("-1", True), ("1", False),
                                          ("-2", False), ("None", False)])
def test_out_axes_in_range(capsys, mistakes, out_axes, ok):
    """f's batched result has one axis: --out-axes 1 was accepted silently."""
    result = cli_main(capsys, "vmap", f"{mistakes}:f", "--shapes", "3", "--out-axes", out_axes)
    if ok:
        assert result[0] == 0, result[2]
        assert "def f_vmap(" in result[1]
    elif out_axes == "None":   # JAX: a result that depends on the batch needs an axis
        assert_mistake(result, 2, "--out-axes None", "depends on the batch")
    else:
        assert_mistake(result, 2, f"--out-axes {out_axes} is out of range", "shape (2,)")


@pytest.mark.parametrize("value, parts", [
    ("7", ["--static-argnums 7 is out of range", "`f` takes 1"]),
    ("a", ["--static-argnums takes comma-separated integers"]),
    ("", ["--static-argnums takes comma-separated integers"]),
])
def test_bad_static_argnums(capsys, mistakes, value, parts):
    """Was reported as `--argnums 7`; an empty value was ignored."""
    line = assert_mistake(cli_main(capsys, "jit", f"{mistakes}:f", "--static-argnums", value),
                          2, *parts)
    assert " --argnums" not in line


@pytest.mark.parametrize("transform", ["jacfwd", "jacrev", "hessian"])
def test_argnums_of_the_jacobians_out_of_range(capsys, mistakes, transform):
    """Was an internal error (`argnums 5 out of bounds`)."""
    assert_mistake(cli_main(capsys, transform, f"{mistakes}:g", "--shapes", "3;3",
                            "--argnums", "0,5"), 2, "--argnums 5 is out of range", "`g` takes 2")


@pytest.mark.parametrize("argnums", ["-3", "2", "0,,x"])
def test_argnums_negative_or_out_of_range(capsys, mistakes, argnums):
    assert_mistake(cli_main(capsys, "grad", f"{mistakes}:g", f"--argnums={argnums}"), 2,
                   "--argnums")


@pytest.mark.parametrize("examples, parts", [
    (["z=(3,)"], ["--example", "parameter of `f`", "'z=(3,)'"]),
    (["x=(3,)", "x=(4,)"], ["--example x=... is given twice"]),
    (["x=(3,"], ["--example '(3,'", "not a Python expression"]),
    (["x=(-3,)"], ["--example '(-3,)'", "0 or more, not -3"]),
    (["x='abc'"], ["--example", "not a shape"]),
    (["x=open('f')"], ["--example", "`open('f')` is not allowed"]),
    (["x=[(3,)] * 10 ** 9"], ["--example", "`10 ** 9` is not allowed"]),
    (["x=[(3,)] * 1000000"], ["--example", "more than 100000 values"]),
    (["x=().__class__"], ["--example", "not allowed"]),
    (["x"], ["NAME=SPEC"]),
], ids=["unknown-name", "twice", "syntax", "negative", "string", "a-call", "power", "huge-list",
        "attribute", "no-equals"])
def test_bad_example(capsys, mistakes, examples, parts):
    """A negative size was an internal error; a repeated name was taken silently; a
    SPEC was run by eval (`[(3,)] * 10 ** 9` ran out of memory): it is a literal now."""
    argv = [a for e in examples for a in ("--example", e)]
    assert_mistake(cli_main(capsys, "grad", f"{mistakes}:f", *argv), 2, *parts)


def test_missing_function_lists_the_functions(capsys, mistakes):
    assert_mistake(cli_main(capsys, "grad", f"{mistakes}:nope"), 2, "no function `nope`",
                   "its functions: f, g")


@pytest.mark.parametrize("name, parts", [
    ("SCALE", ["`SCALE`", "not a function", "float"]),
    ("K", ["`K`", "a class, not a function", "K.METHOD"]),
    ("f.x", ["no function `f.x`"]),
])
def test_names_that_are_not_functions(capsys, mistakes, name, parts):
    """A class was passed on to the transformation (exit 1, 'cannot transform')."""
    assert_mistake(cli_main(capsys, "grad", f"{mistakes}:{name}"), 2, *parts)


def test_a_method_is_a_function(capsys, mistakes):
    code, out, err = cli_main(capsys, "grad", f"{mistakes}:K.meth", "--argnums", "1")
    assert code == 0, err


@pytest.mark.parametrize("text, where, kind", [
    ("import jax\n\ndef f(x):\n    return x +* 2\n", "syntax_err.py:4:", "SyntaxError"),
    ("def f(x):\n    y = 1\n      return y\n", "syntax_err.py:3:", "IndentationError"),
    (b"def f(x):\n    return '\xff'\n", "syntax_err.py:2:", "SyntaxError"),   # not UTF-8
], ids=["syntax", "indentation", "encoding"])
@pytest.mark.parametrize("options", [[], ["--import"]], ids=["static", "import"])
def test_syntax_error_in_the_users_file(tmp_path, text, where, kind, options):
    """Was `importing syntax_err.py failed: SyntaxError ... (line 4)`, exit 2: the CLI
    does not import the file; a syntax error is the user's code's, at file:line:col."""
    path = tmp_path / "syntax_err.py"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = run_s2s("grad", "syntax_err.py:f", *options, cwd=tmp_path)
    line = assert_one_error_line(result, kind)
    assert result.returncode == 1
    assert line.startswith(f"s2s: error: {where}"), line
    assert line.split(":")[4].strip(), line   # a column too
    assert "importing" not in line


def test_failing_import_statement_is_at_its_line(capsys, tmp_path):
    """Without --import only the file's imports and definitions run: a failing
    import is the user's code's (exit 1) at its line, and the file was not run."""
    path = tmp_path / "needs_module.py"
    path.write_text("print('THE FILE RAN')\nimport no_such_module_for_s2s\n\n"
                    "def f(x):\n    return x\n")
    line = assert_mistake(cli_main(capsys, "grad", f"{path}:f"), 1,
                          f"{path}:2:1: ", "ModuleNotFoundError", "no_such_module_for_s2s")
    assert "importing" not in line


def test_unreadable_file(capsys, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "secret.py"
    path.write_text("def f(x):\n    return x\n")
    path.chmod(0)
    assert_mistake(cli_main(capsys, "grad", f"{path}:f"), 2, "cannot read", "secret.py")


@pytest.mark.parametrize("argv, parts", [
    (["grad", "{m}:f", "--dtype", "foo"], ["--dtype", "'foo'", "not a number type"]),
    (["jit", "{m}:f", "--unroll", "-1"], ["--unroll", "0 or more"]),
    (["check", "{m}:f", "--shapes", "3", "--seed", "-1"], ["--seed", "0 or more"]),
    (["frobnicate", "{m}:f"], ["invalid choice: 'frobnicate'"]),
    (["grad"], ["required", "FILE.py:FUNC"]),
    (["grad", "{m}:f", "--no-such-option"], ["--no-such-option"]),
    (["show", "{m}:f", "--transforms", ""], ["--transforms is empty"]),
    (["show", "{m}:f", "--transforms", "jvp,nope"], ["unknown transformation 'nope'"]),
    (["show", "{m}:f", "--width", "-5"], ["--width", "-5"]),
    (["show", "{m}:f", "--transforms", "jvp", "--html", "/no/such/dir/out.html"],
     ["--html", "/no/such/dir/out.html", "No such file"]),
], ids=["dtype", "unroll", "seed", "transform", "no-target", "unknown-option",
        "no-transforms", "unknown-transform", "width", "html-folder"])
def test_usage_errors_are_one_line(capsys, mistakes, argv, parts):
    """argparse's errors too: one line naming the option (not the usage block), exit 2."""
    argv = [a.replace("{m}", mistakes) for a in argv]
    assert_mistake(cli_main(capsys, *argv), 2, *parts)


def test_the_headline_cases_as_a_user_runs_them(tmp_path, mistakes):
    """The cases of issue 33, as separate processes: no internal error."""
    cases = [(["vmap", "mistakes.py:f", "--shapes", "3", "--in-axes", "2"], "--in-axes 2"),
             (["vmap", "mistakes.py:f", "--shapes", ""], "--shapes is empty"),
             (["jit", "mistakes.py:f", "--static-argnums", "7"], "--static-argnums 7")]
    for argv, part in cases:
        result = run_s2s(*argv, cwd=tmp_path)
        assert_one_error_line(result, part)
        assert result.returncode == 2, result.stderr


EDGES = '''\
import jax.numpy as jnp


def scaled(x, *, scale):
    return jnp.sum(x) * scale


def refuses(x):
    if x.ndim > 0:
        raise ValueError("refuses arrays")
    return x


def constant():
    return 1.0
'''


@pytest.fixture
def edges(tmp_path):
    path = tmp_path / "edges.py"
    path.write_text(EDGES)
    return str(path)


@pytest.mark.parametrize("transform", ["vmap", "jacrev", "hessian"])
def test_the_functions_own_raise_is_the_users_error(capsys, edges, transform):
    """The function's `raise` while s2s ran it on the example's shapes (passed
    on as JAX does) was an internal error (exit 3); it is the user's, at its line."""
    assert_mistake(cli_main(capsys, transform, f"{edges}:refuses", "--shapes", "3"), 1,
                   f"{edges}:10:", "ValueError: refuses arrays")


def test_keyword_only_parameters_without_defaults(capsys, edges):
    """Was an internal error (`missing required argument 'scale'`)."""
    assert_mistake(cli_main(capsys, "vmap", f"{edges}:scaled", "--shapes", "3"), 2,
                   "`scaled`", "keyword-only", "scale")


@pytest.mark.parametrize("transform", ["grad", "value_and_grad"])
def test_grad_of_a_function_without_parameters(capsys, edges, transform):
    """Was an internal error (`argnums 0 out of bounds`)."""
    assert_mistake(cli_main(capsys, transform, f"{edges}:constant"), 2,
                   "`constant` takes no positional parameter", "--argnums")


def test_a_folder_is_not_a_file(capsys, tmp_path):
    assert_mistake(cli_main(capsys, "grad", f"{tmp_path}:f"), 2, "is a folder")


def test_example_specs_are_literals():
    from s2s.cli_args import spec_value
    assert spec_value('[{"w": (8, 32), "b": (32,)}] * 3') == [{"w": (8, 32), "b": (32,)}] * 3
    assert spec_value("3 * [(2,)] + [(1, 2)]") == [(2,), (2,), (2,), (1, 2)]
    assert spec_value("(-1.5, +2, True)") == (-1.5, 2, True)


@pytest.mark.parametrize("argv", [["check", "{m}:g", "--shapes", "3;4"],
                                  ["grad", "{m}:g", "--shapes", "3;4", "--trace"]],
                         ids=["check", "trace"])
def test_running_at_the_shapes_fails_at_the_users_line(capsys, mistakes, argv):
    """check and --trace run the code: where it fails at these shapes is the
    user's line (x * y of shapes 3 and 4), exit 1; the message named no place."""
    argv = [a.replace("{m}", mistakes) for a in argv]
    assert_mistake(cli_main(capsys, *argv), 1, f"{mistakes}:11:", "at random inputs")


def test_an_async_function_is_found_and_refused_at_its_line(capsys, tmp_path):
    """The static loader skipped `async def`: 'no function `coro`', exit 2."""
    path = tmp_path / "coros.py"
    path.write_text("async def coro(x):\n    return x\n")
    assert_mistake(cli_main(capsys, "grad", f"{path}:coro"), 1, f"{path}:1:", "async")
