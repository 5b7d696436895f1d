"""The fast call path (issue 13, item 4): a repeated call of a transformation
with arguments of the same kinds and dtypes reuses the last specialization,
and anything that changes the specialization takes the full path again."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import api


def loss(x, scale=2.0):
    return jnp.sum(jnp.tanh(x) * scale)


def helper(x):
    return jnp.sin(x)


def uses_helper(x):
    return jnp.sum(helper(x))


@pytest.fixture
def builds(monkeypatch):
    """How many times the full path asks the driver for generated code."""
    calls = []
    real = api.get_reverse

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(api, "get_reverse", counted)
    return calls


def test_a_repeat_takes_the_fast_path(builds):
    g = s2s.grad(loss)
    x = jnp.linspace(-1.0, 1.0, 5)
    first = g(x)
    assert len(builds) == 1
    for _ in range(3):
        np.testing.assert_allclose(g(x + 1.0), jax.grad(loss)(x + 1.0), rtol=1e-6)
    assert len(builds) == 1
    np.testing.assert_allclose(first, jax.grad(loss)(x), rtol=1e-6)


@pytest.mark.parametrize("second", [
    lambda x: x.astype(jnp.float16),      # another dtype
    lambda x: float(x[0]),                # a Python float
    lambda x: np.asarray(x),              # a NumPy array
])
def test_a_change_of_argument_takes_the_full_path(builds, second):
    g = s2s.grad(loss)
    x = jnp.linspace(-1.0, 1.0, 5)
    g(x)
    y = second(x)
    got = g(y)
    assert len(builds) == 2
    want = jax.grad(loss)(y)
    assert got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=1e-3)


def test_an_integer_argument_is_still_refused_after_a_fast_call():
    g = s2s.grad(loss)
    g(jnp.ones(3))
    with pytest.raises(TypeError, match="int32"):
        g(jnp.ones(3, jnp.int32))


def test_a_keyword_or_default_argument_is_honoured():
    g = s2s.grad(loss)
    x = jnp.ones(3)
    np.testing.assert_allclose(g(x), jax.grad(loss)(x), rtol=1e-6)
    np.testing.assert_allclose(g(x, 3.0), jax.grad(loss)(x, 3.0), rtol=1e-6)
    np.testing.assert_allclose(g(x, scale=4.0), jax.grad(loss)(x, scale=4.0), rtol=1e-6)
    np.testing.assert_allclose(g(x), jax.grad(loss)(x), rtol=1e-6)


def test_rebinding_a_global_the_code_calls_rebuilds_it(monkeypatch):
    g = s2s.grad(uses_helper)
    x = jnp.ones(3)
    np.testing.assert_allclose(g(x), jnp.cos(x), rtol=1e-6)
    monkeypatch.setitem(globals(), "helper", lambda x: jnp.cos(x))
    np.testing.assert_allclose(g(x), -jnp.sin(x), rtol=1e-6)


def test_grad_refuses_non_real_outputs_as_jax():
    for fn in (jax.grad, s2s.grad, s2s.value_and_grad):
        with pytest.raises(TypeError, match="real-valued outputs.*int"):
            fn(rounded_total)(jnp.ones(3))
        with pytest.raises(TypeError, match="real-valued outputs.*complex"):
            fn(complex_total)(jnp.ones(3))


def rounded_total(x):
    return jnp.sum(jnp.round(x).astype(jnp.int32))


def complex_total(x):
    return jnp.sum(jnp.exp(x) * 1j)
