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


def _counted(monkeypatch, module, name):
    """The calls of module.name from now on (the full path asks the driver for
    generated code through it; a fast call does not)."""
    calls = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.fixture
def builds(monkeypatch):
    return _counted(monkeypatch, api, "get_reverse")


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


def layers_loss(params, x):
    for w, b in params:
        x = jnp.tanh(jnp.dot(x, w) + b)
    return jnp.sum(x * x)


def _layers(sizes, dtype=jnp.float32):
    rng = np.random.default_rng(len(sizes))
    return [(jnp.asarray(rng.normal(size=(m, n)), dtype), jnp.asarray(rng.normal(size=n), dtype))
            for m, n in zip(sizes[:-1], sizes[1:])]


def test_a_list_of_layers_repeats_on_the_fast_path(builds):
    g = s2s.grad(layers_loss)
    params, x = _layers([3, 4, 2]), jnp.ones((5, 3), jnp.float32)
    for k in range(3):
        x = x * 0.5
        for a, b in zip(jax.tree_util.tree_leaves(g(params, x)),
                        jax.tree_util.tree_leaves(jax.grad(layers_loss)(params, x))):
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert len(builds) == 1


def test_layers_and_an_array_argnums_and_aux_on_the_fast_path(builds):
    def with_aux(params, x):
        return layers_loss(params, x), x.sum()
    g = s2s.value_and_grad(with_aux, argnums=(0, 1), has_aux=True)
    want_g = jax.value_and_grad(with_aux, argnums=(0, 1), has_aux=True)
    params, x = _layers([3, 4, 2]), jnp.ones((5, 3), jnp.float32)
    for k in range(3):
        x = x * 0.5
        got, want = g(params, x), want_g(params, x)
        for a, b in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
            assert a.dtype == b.dtype
            np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-6)
    assert len(builds) == 1
    with pytest.raises(TypeError, match="int32"):   # an integer leaf is refused as JAX does
        g([(w.astype(jnp.int32), b) for w, b in params], x)


@pytest.mark.parametrize("second", [
    lambda p: p + _layers([2, 2]),                                # a structure
    lambda p: [(w.astype(jnp.float64), b.astype(jnp.float64)) for w, b in p],
    lambda p: [(np.asarray(w), b) for w, b in p],                 # a NumPy leaf
    lambda p: [(w, float(b[0])) for w, b in p],                   # a Python float
])
def test_a_changed_list_of_layers_takes_the_full_path(builds, second):
    g = s2s.grad(layers_loss)
    params, x = _layers([3, 4, 2]), jnp.ones((5, 3), jnp.float32)
    g(params, x)
    other = second(params)
    got, want = g(other, x), jax.grad(layers_loss)(other, x)
    assert len(builds) == 2
    for a, b in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert jnp.result_type(a) == jnp.result_type(b)   # a Python float's: the default float
        np.testing.assert_allclose(a, b, rtol=2e-2, atol=1e-3)


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


# -- jvp and vmap keep their last call too ---------------------------------------------

@pytest.fixture
def jvp_builds(monkeypatch):
    return _counted(monkeypatch, api, "get_jvp")


def test_a_repeated_jvp_takes_the_fast_path(jvp_builds):
    x, t = jnp.linspace(-1.0, 1.0, 5), jnp.ones(5)
    api._LAST_JVP.pop(loss, None)
    for k in range(3):
        got = s2s.jvp(loss, (x + k,), (t,))
        want = jax.jvp(loss, (x + k,), (t,))
        np.testing.assert_allclose(got, want, rtol=1e-6)
    assert len(jvp_builds) == 1


@pytest.mark.parametrize("second", [
    lambda x: x.astype(jnp.float16),      # another dtype
    lambda x: x.astype(jnp.int32),        # not differentiated: a zero tangent
    lambda x: np.asarray(x),              # a NumPy array
    lambda x: [x],                        # a pytree
])
def test_a_jvp_with_another_argument_takes_the_full_path(jvp_builds, second):
    x = jnp.linspace(-1.0, 1.0, 5)
    s2s.jvp(loss, (x,), (jnp.ones(5),))
    before = len(jvp_builds)
    y = second(x)
    t = jax.tree_util.tree_map(lambda a: jnp.ones(np.shape(a), jnp.result_type(a)), y)
    if isinstance(y, list):
        got = s2s.jvp(lambda ys: loss(ys[0]), (y,), (t,))
        want = jax.jvp(lambda ys: loss(ys[0]), (y,), (t,))
    elif jnp.issubdtype(jnp.result_type(y), jnp.integer):
        got = s2s.jvp(loss, (y,), (t,))
        want = loss(y), 0.0
    else:
        got = s2s.jvp(loss, (y,), (t,))
        want = jax.jvp(loss, (y,), (t,))
    assert len(jvp_builds) == before + 1
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=1e-3)
    assert got[0].dtype == jnp.asarray(want[0]).dtype


def test_a_jvp_fast_call_follows_a_rebound_global_and_has_aux(monkeypatch):
    def f(x):
        y = uses_helper(x)
        return y, y * 2
    x, t = jnp.ones(3), jnp.ones(3)
    s2s.jvp(f, (x,), (t,), has_aux=True)
    out, out_dot, aux = s2s.jvp(f, (x,), (t,), has_aux=True)
    np.testing.assert_allclose(out_dot, 3 * jnp.cos(1.0), rtol=1e-6)
    np.testing.assert_allclose(aux, 2 * out, rtol=1e-6)
    monkeypatch.setitem(globals(), "helper", lambda x: jnp.cos(x))
    _, out_dot, _ = s2s.jvp(f, (x,), (t,), has_aux=True)
    np.testing.assert_allclose(out_dot, -3 * jnp.sin(1.0), rtol=1e-6)


MAT = jnp.arange(12.0).reshape(3, 4)


def apply_matrix(v):
    return jnp.dot(MAT, v)


def test_a_repeated_vmap_takes_the_fast_path(monkeypatch):
    from s2s import vectorize
    calls = _counted(monkeypatch, vectorize, "get_batched")
    v = s2s.vmap(apply_matrix)
    for k in range(3):
        xs = jnp.ones((5, 4)) * k
        np.testing.assert_allclose(v(xs), jax.vmap(apply_matrix)(xs))
    assert len(calls) == 1
    for xs in (jnp.ones((7, 4)),                     # another batch size
               jnp.ones((5, 4), jnp.float16),        # another dtype
               np.ones((5, 4), np.float32),          # a NumPy array
               jnp.ones((4, 5))):                    # ... mapped over another axis
        axes = 1 if xs.shape == (4, 5) else 0
        got = s2s.vmap(apply_matrix, in_axes=axes)(xs) if axes else v(xs)
        want = jax.vmap(apply_matrix, in_axes=axes)(xs)
        assert got.shape == want.shape and got.dtype == want.dtype
        np.testing.assert_allclose(got, want, rtol=1e-3)
    xs = jnp.ones((5, 4))
    v(xs)
    v(xs)   # (now the fast path's)
    monkeypatch.setitem(globals(), "MAT", -MAT)
    np.testing.assert_allclose(v(xs), jax.vmap(apply_matrix)(xs))
