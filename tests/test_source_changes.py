"""The code s2s transforms is the code Python runs.

s2s reads a function's source from its file, so it checks that the file still
holds the running code (compiled, compared with `__code__`) and keys its
caches on `__code__`: a file edited after import is refused at the user's line
(never another function's derivative), a function moved by an edit above it is
still found, and a replaced `__code__` (IPython's `%autoreload 2`), a reload or
a redefinition in a notebook cell gives the new derivative.
"""
import importlib
import itertools
import linecache
import os
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s.errors import S2SError

_names = itertools.count()

X = 2.0


@pytest.fixture
def module(tmp_path, monkeypatch):
    """write(source) -> the module imported from it; rewrite(module, source)
    changes its file (after import, as an editor does)."""
    monkeypatch.syspath_prepend(str(tmp_path))
    made = []

    def write(source):
        name = f"s2s_edited_{os.getpid()}_{next(_names)}"
        path = tmp_path / f"{name}.py"
        path.write_text(textwrap.dedent(source))
        made.append(name)
        return importlib.import_module(name)

    def rewrite(m, source):
        path = m.__file__
        with open(path, "w") as f:
            f.write(textwrap.dedent(source))
        stat = os.stat(path)
        os.utime(path, (stat.st_atime + 10, stat.st_mtime + 10))   # (a new mtime: not stale)
        linecache.checkcache(path)

    write.rewrite = rewrite
    yield write
    for name in made:
        sys.modules.pop(name, None)


SQUARE = """\
import jax.numpy as jnp

def f(x):
    return x ** 2

def h(x):
    return jnp.sin(x) * 3.0
"""

CUBE_WITH_G_ON_FS_LINE = """\
import jax.numpy as jnp

def g(x):
    return jnp.cos(x)

def f(x):
    return x ** 3

def h(x):
    return jnp.sin(x) * 5.0
"""


def test_edit_without_reload_is_refused_at_the_users_line(module):
    m = module(SQUARE)
    grad_f = s2s.grad(m.f)
    assert grad_f(X) == 4.0
    module.rewrite(m, CUBE_WITH_G_ON_FS_LINE)
    assert grad_f(X) == 4.0                # built before the edit: the running code's
    assert s2s.grad(m.f)(X) == 4.0         # (the build is the running code's: kept)
    with pytest.raises(S2SError) as e:     # never built: its file no longer holds it
        s2s.grad(m.h)(X)
    err = e.value
    assert err.filename == m.__file__ and err.lineno == 6
    assert "not the code Python is running" in err.message
    assert f"importlib.reload({m.__name__})" in err.hint
    for transform in (lambda fn: s2s.vmap(fn)(jnp.ones(3)),
                      lambda fn: s2s.jit(s2s.grad(fn))(X),
                      lambda fn: s2s.jvp(fn, (X,), (1.0,))):
        with pytest.raises(S2SError, match="not the code Python is running"):
            transform(m.h)


def test_a_different_def_on_the_functions_line_is_not_differentiated(module):
    m = module(SQUARE)
    module.rewrite(m, CUBE_WITH_G_ON_FS_LINE.replace("def g", "def f_").replace(
        "def f(x):\n    return x ** 3\n", ""))
    with pytest.raises(S2SError, match="not the code Python is running"):
        s2s.grad(m.f)(X)                   # (before: the derivative of cos, -sin(2))


def test_a_function_moved_by_an_edit_above_it_is_found(module):
    m = module(SQUARE)
    module.rewrite(m, "# a comment\n\n\ndef other(x):\n    return x\n\n" + SQUARE)
    grad_h = s2s.grad(m.h)
    assert grad_h(X) == pytest.approx(3.0 * np.cos(X))
    assert f"{os.path.basename(m.__file__)}:13" in str(s2s.source(grad_h))   # (its new line)


def test_reload_gives_the_new_derivative(module):
    m = module(SQUARE)
    assert s2s.grad(m.f)(X) == 4.0
    module.rewrite(m, CUBE_WITH_G_ON_FS_LINE)
    m = importlib.reload(m)
    assert s2s.grad(m.f)(X) == 12.0
    assert s2s.grad(m.h)(X) == pytest.approx(5.0 * np.cos(X))


def _autoreload(m, source, names):
    """What IPython's `%autoreload 2` does: the new file run, and each old
    function's `__code__` replaced by the new one's."""
    module_rewrite_source = textwrap.dedent(source)
    fresh = {}
    exec(compile(module_rewrite_source, m.__file__, "exec"), fresh)
    for name in names:
        getattr(m, name).__code__ = fresh[name].__code__


def test_code_swapped_in_place_gives_the_new_derivative(module):
    m = module(SQUARE)
    grad_f, jit_grad_f = s2s.grad(m.f), s2s.jit(s2s.grad(m.f))
    vmapped = s2s.vmap(s2s.grad(m.f))
    assert grad_f(X) == 4.0 and jit_grad_f(X) == 4.0
    np.testing.assert_allclose(vmapped(jnp.array([1.0, 2.0])), [2.0, 4.0])
    kept = {   # (made and called before the change: each must notice it)
        "jit(grad)": (jit_grad_f, X, 12.0),
        "jit(vmap)": (s2s.jit(s2s.vmap(m.f)), jnp.array([1.0, 2.0]), [1.0, 8.0]),
        "jit(vmap(grad))": (s2s.jit(s2s.vmap(s2s.grad(m.f))), jnp.array([1.0, 2.0]), [3.0, 12.0]),
        "grad of a call of grad": (s2s.grad(lambda x: s2s.grad(m.f)(x) * 1.0), X, 12.0),
        "jit(hessian)": (s2s.jit(s2s.hessian(m.f)), X, 12.0),
    }
    for name, (fn, arg, _) in kept.items():
        fn(arg), fn(arg)   # (twice: the second call takes the fast path)
    module.rewrite(m, CUBE_WITH_G_ON_FS_LINE)
    _autoreload(m, CUBE_WITH_G_ON_FS_LINE, ["f", "h"])
    assert m.f(X) == 8.0
    assert s2s.grad(m.f)(X) == 12.0        # a new transformation object
    assert grad_f(X) == 12.0               # the one made before
    np.testing.assert_allclose(vmapped(jnp.array([1.0, 2.0])), [3.0, 12.0])
    assert s2s.jit(s2s.grad(m.f))(X) == 12.0
    assert s2s.hessian(m.f)(X) == 12.0
    for name, (fn, arg, expected) in kept.items():
        np.testing.assert_allclose(fn(arg), expected, err_msg=name)


CALLER = """\
import jax.numpy as jnp

def sq(x):
    return x ** 2

def f(x):
    return sq(x) + 1.0
"""


def test_code_swapped_on_a_callee_gives_the_new_derivative(module):
    m = module(CALLER)
    runs = {"grad": lambda: s2s.grad(m.f)(X),
            "jit_grad": lambda: s2s.jit(s2s.grad(m.f))(X),
            "vmap_grad": lambda: s2s.vmap(s2s.grad(m.f))(jnp.array([X]))[0],
            "jvp": lambda: s2s.jvp(m.f, (X,), (1.0,))[1]}
    kept = {"grad": s2s.grad(m.f)}
    for name, run in runs.items():
        assert run() == 4.0, name
    assert kept["grad"](X) == 4.0
    new = CALLER.replace("x ** 2", "x ** 3")
    module.rewrite(m, new)
    _autoreload(m, new, ["sq"])
    for name, run in runs.items():
        assert run() == 12.0, name
    assert kept["grad"](X) == 12.0


def _cell(source, name, namespace):
    """A notebook cell: its source registered in linecache under a name of its
    own, then run (as IPython does)."""
    source = textwrap.dedent(source)
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(source, name, "exec"), namespace)


def test_redefinition_in_a_notebook_cell(tmp_path):
    ns = {"jnp": jnp}
    _cell("def f(x):\n    return x ** 2\n", "<cell-s2s-1>", ns)
    _cell("def g(x):\n    return f(x) * 2.0\n", "<cell-s2s-2>", ns)
    grad_g = s2s.grad(ns["g"])
    assert s2s.grad(ns["f"])(X) == 4.0 and grad_g(X) == 8.0
    _cell("def f(x):\n    return x ** 3\n", "<cell-s2s-3>", ns)   # the cell re-run
    assert s2s.grad(ns["f"])(X) == 12.0
    assert grad_g(X) == 24.0 and s2s.grad(ns["g"])(X) == 24.0
    # A cell edited in place under the same name: the old function is not its text.
    old_f = ns["f"]
    _cell("def k(x):\n    return x * 2.0\n", "<cell-s2s-4>", ns)
    old_k = ns["k"]
    _cell("def f(x):\n    return jnp.sin(x)\n", "<cell-s2s-3>", ns)
    _cell("def k(x):\n    return x * 5.0\n", "<cell-s2s-4>", ns)
    assert s2s.grad(ns["f"])(X) == pytest.approx(np.cos(X))
    assert s2s.grad(ns["k"])(X) == 5.0
    np.testing.assert_allclose(s2s.vmap(s2s.grad(old_f))(jnp.ones(2)), [3.0, 3.0])  # (parsed
    with pytest.raises(S2SError, match="re-run the cell"):          # while it was the text)
        s2s.grad(old_k)(X)


def test_lambda_in_an_edited_file_is_refused(module):
    m = module("sq = lambda x: x ** 2\ncube = lambda x: x ** 3\n")
    module.rewrite(m, "sq = lambda x: x ** 4\ncube = lambda x: x ** 3\n")
    with pytest.raises(S2SError, match="not the code Python is running"):
        s2s.grad(m.sq)(X)
    assert s2s.grad(m.cube)(X) == 12.0


def test_verification_is_once_per_build(module, monkeypatch):
    from s2s import frontend
    m = module(SQUARE)
    calls = []
    real = frontend.running_lines
    monkeypatch.setattr(frontend, "running_lines", lambda fn: calls.append(fn) or real(fn))
    g = s2s.grad(m.h)
    for _ in range(5):
        g(X)
        s2s.grad(m.h)(X)
    assert len(calls) == 1


def test_methods_closures_and_future_annotations_verify(module):
    m = module('''\
        from __future__ import annotations
        import jax.numpy as jnp

        class Model:
            def __init__(self):
                self.w = 2.0

            def loss(self, x: float) -> float:
                def inner(y: float) -> float:
                    return y * self.w
                return jnp.sum(inner(x) ** 2)

        def outer(a):
            def f(x):
                return jnp.sin(x) * a
            return f
        ''')
    assert s2s.grad(m.Model().loss)(X) == pytest.approx(8.0 * X)
    assert s2s.grad(m.outer(3.0))(X) == pytest.approx(3.0 * np.cos(X))
    assert jax.grad(m.Model().loss)(X) == pytest.approx(8.0 * X)
