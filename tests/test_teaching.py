"""The teaching tool: explain mode, the side-by-side view, stage diffs, colour,
and no internal tracebacks from the API or the CLI (issue 12).

The CLI runs as a separate process, the way people run it, and the coloured
output is checked on a real pseudo-terminal (colours are for terminals only).
"""
import ast
import os
import pty
import re
import subprocess
import sys

import jax.numpy as jnp
import numpy as np
import pytest

import forward_cases as fc
import s2s
from s2s import driver, explain, rules
from s2s.show import show

CASES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
FORWARD_CASES = os.path.join(CASES, "forward_cases.py")
ANSI = "\x1b["


def run_s2s(*args, env=None):
    return subprocess.run([sys.executable, "-m", "s2s.cli"] + list(args), capture_output=True,
                          text=True, timeout=300, env={**os.environ, **(env or {})})


# --- explain mode -------------------------------------------------------------


def test_explained_code_is_the_same_program_with_comments():
    for transform, fn, args in [("grad", fc.loop_range, None), ("jvp", fc.branches, None),
                                ("vjp", fc.sum_logistic, None)]:
        with driver.tidying(False):    # explained code is shown one line per rule
            plain = s2s.source(fn, transform)
        explained = s2s.source(fn, transform, explain=True)
        assert ast.dump(ast.parse(plain)) == ast.dump(ast.parse(explained))
        assert "one line per rule" in explained
        assert len(explained.splitlines()) > len(plain.splitlines())


def test_teaching_views_show_no_s2s_internals():
    """Explain comments and every pass's stage are about the user's program:
    no s2s file paths, no internal markers (the tape placeholder of the ssa
    stage reads as a comment)."""
    texts = [s2s.source(fn, "grad", explain=True) for fn in (fc.loop_range, fc.break_continue)]
    texts += [st.source for fn in (fc.loop_range, fc.break_continue)
              for st in s2s.stages(fn, "grad")]
    for text in texts:
        assert "__s2s" not in text and "s2s/" not in text, text
    ssa = next(st.source for st in s2s.stages(fc.loop_range, "grad") if st.name == "ssa")
    assert "# the tape saves: i, " in ssa


def test_explain_marks_the_sweeps_and_the_tape_in_order():
    text = s2s.source(fc.loop_range, "grad", argnums=0, explain=True)
    lines = text.splitlines()

    def first(fragment):
        return next(i for i, t in enumerate(lines) if fragment in t)
    assert first("# forward sweep") < first("# the tape:") < first("tape = []")
    assert first("# save this iteration's values") == first("tape.append") - 1
    assert first("tape.append") < first("# reverse sweep") < first("grad_seed(")
    between = lines[first("# the loop again, last iteration first"):first("in reversed(tape)")]
    assert between and all(t.lstrip().startswith("#") for t in between)
    assert first("# grad_seed: the cotangent that starts a gradient") < first("grad_seed(")


def test_explain_cites_the_rule_formula_beside_each_derivative_line():
    jvp_text = s2s.source(fc.branches, "jvp", explain=True)
    assert "# d jnp.sin(x) = jnp.cos(x) * dx\n" in jvp_text
    assert "# d x ** 3 = 3 * x ** 2 * dx\n" in jvp_text     # the literal exponent's rule
    grad_text = s2s.source(fc.sum_logistic, "grad", explain=True)
    # the operand 1.0 is a literal: only y gets a cotangent; `ans` reads as the operation
    assert "# div = 1.0 / add, by its vjp rule: add_bar = -div_bar * (1.0 / add) / add\n" \
        in grad_text
    assert "# neg = -x, by its vjp rule: x_bar = -neg_bar\n" in grad_text


def _rule_above(text, line):
    """The rule comment among the comments just above the first line that
    starts with `line` (None if they hold none)."""
    lines = [t.strip() for t in text.splitlines()]
    i = next(k for k, t in enumerate(lines) if t.startswith(line))
    while i > 0 and lines[i - 1].startswith("#"):
        i -= 1
        if ", by its vjp rule:" in lines[i]:
            return lines[i]
    return None


def test_explain_puts_each_rule_above_the_line_it_explains():
    """Issue 36: every cotangent line of the seed's example has its rule, and a
    line the tidy fused (`neg_bar = add_bar * exp`) is the rule of the operation
    that takes its operand (exp)."""
    text = s2s.source(fc.sum_logistic, "grad", explain=True)
    assert _rule_above(text, "div_bar =").startswith("# sum_ = jnp.sum(div), by its vjp rule")
    assert _rule_above(text, "add_bar =").startswith("# div = 1.0 / add")
    assert _rule_above(text, "neg_bar =").startswith("# exp = jnp.exp(neg)")
    assert _rule_above(text, "x_bar =").startswith("# neg = -x")
    # the formulas are in the code's names: the output's cotangent is the seed's
    assert "div_bar = jnp.broadcast_to(result_bar," in _rule_above(text, "div_bar =")


def accumulate_in_branches(x):
    acc = 0.0
    for i in range(3):
        if acc < 1.0:
            acc = acc + jnp.sin(x[i]) * x[i]
        else:
            acc = acc * 0.5
    return acc


def test_explain_puts_a_branchs_rule_in_that_branch():
    """Both branches assign `acc`: each branch of the reverse sweep cites its own
    operation's rule (the else branch's was written above the add)."""
    with driver.tidying(False):
        text = s2s.source(accumulate_in_branches, "grad", explain=True)
    body, orelse = text.split("if lt")[-1].split("else:")
    assert "acc_2 = acc_1 + mul, by its vjp rule" in body and "* 0.5" not in body
    assert "acc_2 = acc_1 * 0.5, by its vjp rule: acc_1_bar = acc_2_bar * 0.5" in orelse


def test_every_rule_prints_as_a_formula_or_is_left_unexplained():
    """Explain mode reads every rule's template, with the rule's own names for
    the operands; no rule may make it fail."""
    explained_ = 0
    for prim in set(rules.PRIMITIVES.values()):
        rule = prim.jvp or prim.vjp
        operands = [explain._expr(p) for p in explain._primal_params(rule)] if rule else []
        for formula in (explain.jvp_formula(prim, operands), explain.vjp_formula(prim, operands)):
            assert formula is None or isinstance(formula, str)
            explained_ += formula is not None
    assert explained_ > len(set(rules.PRIMITIVES.values()))


def test_explain_describes_each_runtime_helper_once():
    text = s2s.source(fc.mlp, "grad", explain=True,
                      example_args=([(np.ones((3, 4)), np.ones(4))], np.ones((5, 3))))
    assert text.count("# unbroadcast: sum the cotangent") == 1
    assert "# the tape:" in text


def test_explain_on_the_command_line():
    done = run_s2s("grad", f"{FORWARD_CASES}:sum_logistic", "--explain")
    assert done.returncode == 0, done.stderr
    assert "# reverse sweep:" in done.stdout and ANSI not in done.stdout


# --- the side-by-side view ----------------------------------------------------


def test_show_lines_up_each_users_line_with_the_code_made_from_it():
    view = show(fc.branches, ("jvp", "grad"))
    rows = {row.line: row for row in view.rows if 0 in row.cells}
    first = rows[17]   # y = jnp.sin(x) * s
    assert first.cells[0].lines == ["        y = jnp.sin(x) * s"]
    assert any("jnp.sin(x)" in t for t in first.cells[1].lines)      # jvp
    assert any("jnp.sin(x)" in t for t in first.cells[2].lines)      # grad's forward sweep
    # the reverse sweep visits line 17 again, later, beside a dimmed copy of it
    later = [r for r in view.rows if r.line == 17 and 0 not in r.cells]
    assert later and any("_bar" in t for t in later[0].cells[2].lines)
    # no origin comments in the columns: the rows say it
    assert not any("# forward_cases.py:" in t for c in view.columns for b in c.blocks
                   for t in b.lines)


def test_show_keeps_every_generated_line_in_order():
    view = show(fc.loop_range, ("grad",), example_args=(np.ones(4), 3), argnums=0)
    column = [t for row in view.rows if 1 in row.cells for t in row.cells[1].lines]
    source = [t for t in s2s.source(fc.loop_range, "grad", argnums=0,
                                    example_args=(np.ones(4), 3)).splitlines()
              if not t.lstrip().startswith("# forward_cases.py:")]
    assert column == source


def test_show_builds_vmap_and_the_jacobians_for_one_example():
    view = show(fc.sum_logistic, ("vmap", "hessian"), example_args=(np.ones(3),))
    assert [c.title for c in view.columns] == ["sum_logistic", "vmap", "hessian"]
    with pytest.raises(s2s.S2SError, match="example"):
        show(fc.sum_logistic, ("vmap",))


def test_show_renders_html_with_origins_for_hovering():
    view = show(fc.sum_logistic, ("jvp", "grad"))
    html = view._repr_html_()
    assert html.startswith('<div class="s2s-show">')
    assert html.count('data-origin="7"') >= 3        # the user's line and both columns
    assert "s2s-hl" in html and "<script>" in html
    page = view.html(page=True)
    assert page.startswith("<!DOCTYPE html>") and "http" not in page   # works offline


def test_show_on_the_command_line_as_text_and_as_a_page(tmp_path):
    done = run_s2s("show", f"{FORWARD_CASES}:sum_logistic", "--transforms", "jvp,grad,vmap",
                   "--shapes", "3")
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert header.split("│")[0].strip() == "sum_logistic" and "vmap" in header
    out = tmp_path / "view.html"
    done = run_s2s("show", f"{FORWARD_CASES}:sum_logistic", "--html", str(out),
                   "--transforms", "grad")
    assert done.returncode == 0, done.stderr
    assert "def sum_logistic_grad" in out.read_text().replace('<span class="nf">', "") or \
        "sum_logistic_grad" in out.read_text()
    done = run_s2s("show", f"{FORWARD_CASES}:sum_logistic")
    assert done.returncode == 2 and "--shapes" in done.stderr


# --- stages: diffs and the notebook view ---------------------------------------


def test_diff_shows_each_stage_against_the_one_before():
    done = run_s2s("grad", f"{FORWARD_CASES}:sum_logistic", "--diff")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "# ---- fence" in out and "# (no change)" in out
    assert "--- before normalize\n+++ after normalize\n" in out
    assert "+    neg = -x\n" in out


def test_stages_of_a_transformation_object():
    names = [st.name for st in s2s.stages(s2s.grad(fc.sum_logistic))]
    assert names[:3] == ["source", "fence", "resolve"] and len(names) > 5


# --- colour, on a real terminal -----------------------------------------------


def _on_a_terminal(*args, env=None):
    """Run the CLI with its stdout on a pseudo-terminal; what the terminal got."""
    leader, follower = pty.openpty()
    child = subprocess.Popen([sys.executable, "-m", "s2s.cli"] + list(args), stdout=follower,
                             stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:   # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    child.wait(timeout=300)
    os.close(leader)
    return child.returncode, b"".join(chunks).decode()


def test_colour_on_a_terminal_and_plain_text_when_piped():
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    rc, shown = _on_a_terminal("grad", f"{FORWARD_CASES}:sum_logistic", env=env)
    assert rc == 0 and ANSI in shown and "sum_logistic_grad" in shown
    rc, shown = _on_a_terminal("grad", f"{FORWARD_CASES}:sum_logistic", env={"NO_COLOR": "1"})
    assert rc == 0 and ANSI not in shown
    piped = run_s2s("grad", f"{FORWARD_CASES}:sum_logistic")
    assert ANSI not in piped.stdout
    forced = run_s2s("grad", f"{FORWARD_CASES}:sum_logistic", "--diff", "--color", "always")
    assert "\x1b[32m+" in forced.stdout     # an added line, green


# --- no internal crashes from the API or the CLI ------------------------------


STAR = "def star(*xs):\n    return xs[0]\n"


@pytest.mark.parametrize("transform", ["vmap", "jacfwd", "jacrev"])
def test_star_parameters_are_listed_for_the_example(tmp_path, transform):
    """`*xs` is listed per call (s2s/listed_parameters.py): the transformations
    built for --shapes' example print the code for its one argument."""
    path = tmp_path / "star.py"
    path.write_text(STAR)
    done = run_s2s(transform, f"{path}:star", "--shapes", "3")
    assert done.returncode == 0, done.stderr
    assert "xs_0" in done.stdout


@pytest.mark.parametrize("transform", ["jvp", "vjp", "grad", "value_and_grad", "jit"])
def test_star_parameters_without_an_example_are_refused_in_one_line(tmp_path, transform):
    """Built without the call's arguments, `*xs` cannot be listed: one line says so."""
    path = tmp_path / "star.py"
    path.write_text(STAR)
    done = run_s2s(transform, f"{path}:star", "--shapes", "3")
    assert done.returncode == 1, done.stderr
    assert done.stderr.startswith("s2s: error: ") and done.stderr.count("\n") == 1
    assert "*args" in done.stderr


def test_source_names_every_transformation_or_says_which_exist():
    for transform in ("jvp", "vjp", "grad", "value_and_grad", "jit"):
        assert s2s.source(fc.sum_logistic, transform)
    for transform in ("vmap", "jacfwd", "jacrev", "hessian"):
        assert s2s.source(fc.sum_logistic, transform, example_args=(np.ones(3),))
        with pytest.raises(s2s.S2SError, match="example_args"):
            s2s.source(fc.sum_logistic, transform)
    with pytest.raises(s2s.S2SError, match="one of: jvp, vjp, grad, .*jit"):
        s2s.source(fc.sum_logistic, "banana")


def test_an_internal_error_is_reported_without_a_traceback(tmp_path):
    """A bug inside s2s: one paragraph that says so, not a traceback."""
    script = tmp_path / "crash.py"
    script.write_text(
        "import sys\n"
        "from s2s import cli, introspect\n"
        "def broken(*a, **k):\n"
        "    raise KeyError('inner_1')\n"
        "introspect.generated_record = broken\n"
        f"sys.exit(cli.main(['grad', {FORWARD_CASES!r} + ':sum_logistic']))\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 3
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("s2s: internal error: KeyError: 'inner_1'")
    assert "bug in s2s" in done.stderr


def test_help_states_the_real_argnums_default():
    done = run_s2s("--help")
    assert "0 for grad" in " ".join(done.stdout.split())
    assert "default: all" not in done.stdout


def test_notebooks_show_generated_code_highlighted():
    text = s2s.source(fc.sum_logistic, "grad")
    html = text._repr_html_()
    assert html.startswith('<div class="s2s-code">') and "check_real" in html
    g = s2s.grad(fc.sum_logistic)
    g(jnp.arange(3.0))
    assert "sum_logistic_grad" in g._repr_html_()
    assert s2s.vmap(fc.sum_logistic)._repr_html_() is None   # no shapes yet: the repr


# --- an honest CLI: the file's top-level code does not run unless needed -------

TRAINING_SCRIPT = '''\
import jax.numpy as jnp
from jax import random

SCALE = 2.0
mat = random.normal(random.PRNGKey(0), (4, 3))


def loss(w, x):
    return jnp.sum(jnp.tanh(x @ w) * SCALE)


def predict(v):
    return jnp.dot(mat, v)


print("training...")
raise SystemExit("a training script that must not run")
'''


def test_the_cli_does_not_run_a_files_top_level_code(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(TRAINING_SCRIPT)
    done = run_s2s("grad", f"{path}:loss")
    assert done.returncode == 0, done.stderr
    assert "def loss_grad(w, x):" in done.stdout
    assert "training" not in done.stdout + done.stderr


def test_the_cli_imports_the_file_where_a_function_needs_it_and_says_so(tmp_path):
    path = tmp_path / "train.py"
    path.write_text(TRAINING_SCRIPT.replace('raise SystemExit("a training script that must '
                                            'not run")\n', ""))
    done = run_s2s("vmap", f"{path}:predict", "--shapes", "3")
    assert done.returncode == 0, done.stderr
    assert "s2s: note: importing" in done.stderr and "`predict` reads `mat`" in done.stderr
    assert "training..." in done.stderr and "training" not in done.stdout   # stdout: code only
    done = run_s2s("grad", f"{path}:loss", "--import")
    assert done.returncode == 0 and "training..." in done.stderr


MLP = '''\
import jax.numpy as jnp


def loss(params, x):
    h = x
    for layer in params:
        h = jnp.tanh(h @ layer["w"] + layer["b"])
    return jnp.sum(h)
'''


def test_example_describes_pytree_arguments_so_the_printed_code_is_the_code_that_runs(tmp_path):
    path = tmp_path / "mlp.py"
    path.write_text(MLP)
    done = run_s2s("grad", f"{path}:loss", "--example",
                   'params=[{"w": (8, 8), "b": (8,)}] * 2', "--example", "x=(5, 8)")
    assert done.returncode == 0, done.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        import mlp
    finally:
        sys.path.remove(str(tmp_path))
    g = s2s.grad(mlp.loss)
    params = [{"w": np.full((8, 8), 0.1, np.float32), "b": np.zeros(8, np.float32)}] * 2
    g(params, np.ones((5, 8), np.float32))
    assert done.stdout == s2s.source(g)
    done = run_s2s("grad", f"{path}:loss", "--example", "weights=(3,)")
    assert done.returncode == 2 and "params, x" in done.stderr


def test_with_callees_prints_the_whole_program():
    done = run_s2s("grad", f"{FORWARD_CASES}:calls_helper", "--with-callees")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.index("def calls_helper_grad(") < out.index("def helper_vjp(")
    assert out.count("def helper_vjp(") == 1      # called twice, printed once
    compile(out, "<printed>", "exec")


def test_the_probe_stage_shows_what_each_value_is_in_one_example(tmp_path):
    path = tmp_path / "lr.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef loop_range(x, n):\n    y = x\n"
                    "    for i in range(n):\n        y = y * jnp.tanh(y) + x[i]\n    return y\n")
    done = run_s2s("vmap", f"{path}:loop_range", "--shapes", "4", "--example", "n=3",
                   "--in-axes", "0,None", "--passes")
    assert done.returncode == 0, done.stderr
    probe = done.stdout.split("# ---- probe")[1].split("# ---- ")[0]
    assert "tanh = jnp.tanh(y)\n        # -> tanh: float32[4]\n" in probe
    assert "x_i = x[i]\n        # -> x_i: float32[]\n" in probe
    assert "# -> i: a number that changes" in probe


JIT_DECISIONS = """\
import jax.numpy as jnp


def decided(x, n):
    total = 0.0
    if n > 2:
        x = x * 2
    for i in range(3):
        total = total + x[i]
    for k in range(100):
        total = total + 0.01
    while jnp.sum(x) > 1e-3:
        x = x / 2
    if total > 0:
        total = -total
    return total
"""


def test_the_functionalize_stage_shows_what_became_of_each_if_and_loop(tmp_path):
    path = tmp_path / "decided.py"
    path.write_text(JIT_DECISIONS)
    done = run_s2s("jit", f"{path}:decided", "--static-argnums", "1", "--passes")
    assert done.returncode == 0, done.stderr
    stage = done.stdout.split("# ---- functionalize")[1].split("# ---- ")[0]
    lines = stage.splitlines()

    def after(note):   # the line a note introduces
        return lines[next(i for i, t in enumerate(lines) if note in t) + 1].strip()
    assert after("# jit: stays a Python `if`: its test `gt` is not traced") == "if gt:"
    assert after("# jit: stays a Python loop: 3 steps, at most unroll=32") == \
        "for i in range(3):"
    assert after("# jit: -> for_range: 100 steps, more than unroll=32") == \
        "def loop_body(k, total):"
    assert after("# jit: -> while_loop: the test `cond` is traced under jit") == \
        "def loop_test(cond, x):"
    assert after("# jit: -> if_else: the test `gt_1` is traced under jit") == \
        "def if_true(total):"
    # the notes are the stage's view only: the generated code has none
    assert "# jit:" not in run_s2s("jit", f"{path}:decided", "--static-argnums", "1").stdout
    # what was decided, by the user's line, for a program to read
    namespace = {}
    exec(compile(JIT_DECISIONS, str(path), "exec"), namespace)
    gen = s2s.jit(namespace["decided"], static_argnums=1).generated()
    decisions = dict(gen.facts["functionalize"])
    assert decisions[6].startswith("stays a Python `if`")
    assert decisions[12].startswith("-> while_loop")


# --- check and trace -----------------------------------------------------------

CHECKED = '''\
import jax.numpy as jnp


def smooth(x, w):
    return jnp.sum(jnp.tanh(x * w) ** 2)


def rooted(x):
    y = jnp.sqrt(x)
    return jnp.sum(y * x)
'''


@pytest.mark.parametrize("transform", ["grad", "jvp", "vjp", "vmap", "jacrev", "hessian"])
def test_check_agrees_with_jax_and_finite_differences(tmp_path, transform):
    path = tmp_path / "checked.py"
    path.write_text(CHECKED)
    done = run_s2s("check", f"{path}:smooth", "--transform", transform, "--shapes", "3;3")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "DIFFERENT" not in done.stdout and done.stdout.count(" ok") >= 1


def test_check_names_the_first_line_that_made_a_nan(tmp_path):
    path = tmp_path / "checked.py"
    path.write_text(CHECKED)
    done = run_s2s("check", f"{path}:rooted", "--shapes", "3")     # sqrt of negatives
    assert done.returncode == 1
    assert "s2s.grad vs jax.grad" in done.stdout     # JAX agrees: the NaN is the function's
    assert f"first `y` at generated line 3, from {path}:9" in done.stdout


LAYER = """\
import jax.numpy as jnp


def layer(x, w):
    h = jnp.sin(x * w)
    y = jnp.tanh(h) * 2.0
    return jnp.sum(y ** 2)
"""


@pytest.fixture
def broken_tanh(monkeypatch):
    """tanh's rules with a deliberate mistake (1 - ans ** 3 for 1 - ans ** 2)."""
    from s2s.template import Template

    def tanh_jvp(ans, x, x_dot):
        return (1 - ans ** 3) * x_dot

    def tanh_vjp(ans_bar, ans, x):
        return ans_bar * (1 - ans ** 3)
    prim = rules.BY_NAME["tanh"]
    monkeypatch.setattr(prim, "jvp", Template(tanh_jvp))
    monkeypatch.setattr(prim, "vjp", Template(tanh_vjp))


@pytest.mark.parametrize("transform, wrong", [
    ("grad", "`h_bar` at generated line {} (`h_bar = tanh_bar * (1 - tanh ** 3)`)"),
    ("value_and_grad", "`h_bar` at generated line {} (`h_bar = tanh_bar * (1 - tanh ** 3)`)"),
    ("vjp", "`h_bar` at generated line {} (`h_bar = tanh_bar * (1 - tanh ** 3)`)"),
    ("jvp", "`tanh_dot` at generated line {} (`tanh_dot = (1 - tanh ** 3) * h_dot`)"),
])
def test_check_names_the_first_line_where_a_broken_rule_diverges(tmp_path, capsys, broken_tanh,
                                                                 transform, wrong):
    """A rule made wrong on purpose: check names the generated line it wrote
    and the user's line it comes from, and what the line should have been (a
    central difference of its primal in forward mode, jax.vjp of the one
    operation in reverse mode)."""
    from s2s import cli
    path = tmp_path / "layer.py"     # (a fresh function: built with the broken rule)
    path.write_text(LAYER)
    rc = cli.main(["check", f"{path}:layer", "--transform", transform, "--shapes", "3;3"])
    out = capsys.readouterr().out
    assert rc == 1 and "DIFFERENT" in out, out
    found = re.search(r"first wrong line: (.*), from (.*)\n", out)
    assert found, out
    line = int(re.search(r"generated line (\d+)", found[1])[1])
    assert found[1] == wrong.format(line) and found[2] == f"{path}:6"
    source = s2s.source(cli.load_function(f"{path}:layer", None), transform)
    assert "(`" + source.splitlines()[line - 1].strip() + "`)" in found[1]
    assert "central differences of `tanh`" in out if transform == "jvp" else \
        "jax.vjp of `tanh = jnp.tanh(h)` at `tanh_bar` gives" in out


def test_check_of_right_rules_names_no_line(tmp_path, capsys):
    from s2s import check, cli
    path = tmp_path / "layer.py"
    path.write_text(LAYER)
    assert cli.main(["check", f"{path}:layer", "--transform", "grad", "--shapes", "3;3"]) == 0
    assert "first wrong line" not in capsys.readouterr().out
    # and line by line, on the same code, nothing is found either
    fn = cli.load_function(f"{path}:layer", None)
    args = check.random_like([np.ones(3), np.ones(3)], 0)
    for transform in ("grad", "vjp", "jvp"):
        assert check.divergence(fn, transform, args, 0, 0) is None


def test_trace_shows_each_lines_value_and_how_often_it_ran(tmp_path):
    path = tmp_path / "loop.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef loop_sum(x, n):\n    y = x\n"
                    "    for i in range(n):\n        y = y * jnp.tanh(y) + x[i]\n"
                    "    return jnp.sum(y)\n")
    done = run_s2s("grad", f"{path}:loop_sum", "--argnums", "0", "--shapes", "4",
                   "--example", "n=3", "--trace")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    tape = lines.index("    tape = []")
    assert lines[tape + 1] == "    # -> tape = []"    # what it held then, not at the end
    assert any("# -> tanh = float32[4]" in t and "(ran 3×, last)" in t for t in lines)
    assert lines[-1].startswith("# result: float32[4]")


def test_trace_of_code_that_fails_at_these_inputs_is_one_error_line():
    done = run_s2s("grad", f"{FORWARD_CASES}:loop_range", "--argnums", "0", "--shapes", "4",
                   "--example", "n=3", "--trace")      # a vector output: grad refuses
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "scalar" in done.stderr and "internal error" not in done.stderr


def _logistic_sum(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def _doubling(x):
    while jnp.sum(x) < 10.0:
        x = x * 2.0
    return jnp.sum(x)


@pytest.mark.parametrize("fn, made_lax", [(_logistic_sum, 0), (_doubling, 2)])
def test_source_of_a_jitted_transformation_says_how_it_differs(fn, made_lax):
    """s2s.jit converts the gradient's code again for jax.jit: what
    s2s.source shows of it says so above the code that runs (issue 36)."""
    jitted = s2s.jit(s2s.grad(fn))
    jitted(jnp.arange(1.0, 4.0))
    text = s2s.source(jitted)
    note = text.splitlines()[:3]
    assert note[0] == (f"# s2s.jit runs the code s2s.source(s2s.grad({fn.__name__})) shows, "
                       "converted for jax.jit:")
    if made_lax:
        assert note[1].startswith(f"# one operation per line, and {made_lax} `if`, `while`")
    else:
        assert note[1] == "# one operation per line: the same computation."
    assert re.search(r"^def \w+_grad_jit\(x\):$", text, re.M), text
    ast.parse(text)
    assert text.origins().get(len(text.splitlines()))   # (its lines' origins: show's rows)
    # the gradient's own source has no such note
    assert not s2s.source(s2s.grad(fn)).startswith("#")
