"""examples/teaching.ipynb runs: every cell, in a fresh kernel, as a reader would.

Each section of the notebook ends with a cell that compares s2s's numbers with
JAX's (`np.testing.assert_allclose`), so a cell that errors fails this test. The
test also checks that each section's side-by-side view (`s2s.show`) rendered,
with the generated functions the section's text talks about.
"""
import html
import os
import re
import sys

import nbformat
import pytest
from ipykernel.kernelspec import write_kernel_spec
from nbclient import NotebookClient

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
NOTEBOOK = os.path.join(EXAMPLES, "teaching.ipynb")

# section heading -> what its outputs must contain: the generated functions, and
# the generated lines the section's text quotes (if a change to s2s renames them,
# this fails, and the notebook's text is brought up to date with the new code)
SECTIONS = {
    "## 1. Forward mode vs reverse mode": [
        "sum_logistic_jvp", "sum_logistic_grad", "neg_dot = -x_dot", "e_dot = e * neg_dot",
        "result_bar", "add_bar = -s_bar * s / add", "x_bar = s / add * e"],
    "## 2. The tape of a loop": [
        "loop_grad", "tape.append((y_1, i, tanh, mul, x_i))", "in reversed(tape)",
        "unbroadcast("],
    "## 3. A batched `if`": [
        "clip_vmap", "jnp.where(gt_batch[:, None], x_then, x_else)"],
    "## 4. A Hessian as `jacfwd` of `jacrev`": [
        "energy_vjp_apply_vmap", "result_bar_batch", "energy_grad_jvp_vmap", "x_dot_batch",
        "x_bar_dot_batch"],
}


def test_notebook_is_stored_clean():
    """The committed notebook has no outputs (they are made by running it)."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, cell.source


@pytest.fixture
def kernel_of_this_python(tmp_path, monkeypatch):
    """The `python3` kernel, run by this interpreter (the venv's), whatever
    kernels the machine has installed: a kernelspec in a directory that
    $JUPYTER_PATH puts first."""
    write_kernel_spec(str(tmp_path / "kernels" / "python3"))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    return "python3"


def test_teaching_notebook_runs(kernel_of_this_python):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    probe = nbformat.v4.new_code_cell("import sys; print(sys.executable)")
    nb.cells.insert(0, probe)
    client = NotebookClient(nb, kernel_name=kernel_of_this_python, timeout=300,
                            resources={"metadata": {"path": EXAMPLES}})
    client.execute()   # raises CellExecutionError on the first cell that fails

    assert probe.outputs[0]["text"].strip() == sys.executable
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not [o for o in cell.outputs if o.output_type == "error"], cell.source

    sections = split_sections(nb.cells)
    assert list(sections) == list(SECTIONS)
    for heading, expected in SECTIONS.items():
        outputs = sections[heading]
        views = [h for h in outputs if 'class="s2s-show"' in h]
        assert views, f"{heading}: no side-by-side view (s2s.show) rendered"
        text = "\n".join(as_text(h) for h in outputs)
        for name in expected:
            assert name in text, f"{heading}: {name!r} not in the outputs"


def split_sections(cells):
    """{section heading: [HTML outputs of its code cells]}, the sections being
    the markdown cells that open with `## `."""
    sections, current = {}, None
    for cell in cells:
        if cell.cell_type == "markdown" and cell.source.startswith("## "):
            current = cell.source.splitlines()[0]
            sections[current] = []
        elif cell.cell_type == "code" and current is not None:
            sections[current] += [o["data"]["text/html"] for o in cell.outputs
                                  if "text/html" in o.get("data", {})]
    return sections


def as_text(fragment):
    """HTML without tags or entities (the code is highlighted span by span)."""
    fragment = re.sub(r"<(style|script)>.*?</\1>", "", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))
