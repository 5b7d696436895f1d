"""A long expression on one line: every pass recurses into it (the parser
too), so s2s builds under a raised recursion limit (driver.DEPTH) and
transforms it in every mode; past that limit it is refused at the user's line
with a hint, never a raw RecursionError. (CPython itself compiles a 5,000-term
line only under a raised limit: measured by hand, s2s then transforms it.)"""
import importlib
import itertools
import os
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import driver
from s2s.errors import S2SError

TERMS = 1000
_names = itertools.count()


@pytest.fixture
def deep(tmp_path, monkeypatch):
    terms = " + ".join(f"x * {i}.0" for i in range(1, TERMS + 1))
    name = f"s2s_deep_{os.getpid()}_{next(_names)}"
    (tmp_path / f"{name}.py").write_text(
        f"import jax.numpy as jnp\n\n\ndef f(x):\n    y = jnp.sin(x)\n    return {terms} + y\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield importlib.import_module(name)
    sys.modules.pop(name, None)


def test_a_long_expression_transforms_in_every_mode(deep):
    x, xs = jnp.asarray(0.5), jnp.linspace(0.1, 0.9, 3)
    want = TERMS * (TERMS + 1) / 2 + np.cos(0.5)
    assert float(s2s.grad(deep.f)(x)) == pytest.approx(want)
    assert float(s2s.jvp(deep.f, (x,), (1.0,))[1]) == pytest.approx(want)
    np.testing.assert_allclose(s2s.vmap(s2s.grad(deep.f))(xs), jax.vmap(jax.grad(deep.f))(xs))
    np.testing.assert_allclose(s2s.jit(deep.f)(x), deep.f(x))


def test_past_the_limit_it_is_refused_at_the_users_line(deep, monkeypatch):
    monkeypatch.setattr(driver, "DEPTH", 0)   # (the process's own limit: 1000 frames)
    with pytest.raises(S2SError) as e:
        s2s.grad(deep.f)(0.5)
    assert e.value.filename == deep.__file__ and e.value.lineno == 6
    assert "nests too deeply" in e.value.message and "split" in e.value.hint
