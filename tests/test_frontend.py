"""The kinds of functions s2s reads, checked numerically against jax.jvp
(float64, random inputs; programs in tests/cases/frontend_functions.py)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import frontend_functions as ff
import s2s

rng = np.random.default_rng(1)


def rand(*shape, low=-1.0, high=1.0):
    return jnp.asarray(rng.uniform(low, high, shape))


def _is_float(a):
    return jnp.issubdtype(jnp.asarray(a).dtype, jnp.inexact)


def check(fn, *args, reference=None):
    """s2s.jvp(fn) == jax.jvp(reference or fn) in every float argument, at
    random tangents; integer arguments stay fixed."""
    reference = reference or fn
    active = [i for i, a in enumerate(args) if _is_float(a)]
    tangents = [rand(*np.shape(a)) if i in active else 0 for i, a in enumerate(args)]

    def partial(*xs):
        full = list(args)
        for i, x in zip(active, xs):
            full[i] = x
        return reference(*full)

    ref, ref_dot = jax.jvp(partial, tuple(args[i] for i in active),
                           tuple(tangents[i] for i in active))
    out, out_dot = s2s.jvp(fn, tuple(args), tuple(tangents))
    np.testing.assert_allclose(np.asarray(out), np.asarray(ref), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(np.asarray(out_dot), np.asarray(ref_dot), rtol=1e-12,
                               atol=1e-14)
    assert np.shape(out) == np.shape(ref) and np.shape(out_dot) == np.shape(ref_dot)
    return out, out_dot


# -- where the function is defined ------------------------------------------------


def test_module_level_function():
    check(ff.poly, rand(5))


def test_nested_def_in_a_test_function():
    def local_softplus(x):
        y = jnp.exp(x)
        return jnp.log(1.0 + y)

    check(local_softplus, rand(4))


def test_nested_def_closing_over_test_locals():
    w = rand(3)
    c = 0.25

    def weighted(x):
        return jnp.sum(w * jnp.tanh(x)) * c

    check(weighted, rand(3))


def test_closure_from_factory():
    weights = rand(4)
    f = ff.make_scaled(weights, 1.5)
    check(f, rand(4))
    g = ff.make_scaled(rand(4), -0.5)  # another closure of the same code
    check(g, rand(4))


def test_lambda_from_factory():
    check(ff.make_lambda(3.0), rand(3))


def test_module_level_lambdas():
    check(ff.sin_twice, rand(4))
    check(ff.hypot, rand(3), rand(3))


def test_lambda_defined_in_a_test_function():
    f = lambda x: jnp.sin(x) * 2  # noqa: E731
    check(f, rand(4))


def test_lambda_closing_over_test_locals():
    a = rand(3)
    g = lambda x, y: jnp.sum(a * x * jnp.exp(y))  # noqa: E731
    check(g, rand(3), rand(3))


def test_lambda_source_names_the_variable():
    f = lambda x: jnp.cos(x) + x  # noqa: E731
    text = s2s.source(f, "jvp")
    assert "def f_jvp(" in text
    compile(text, "<jvp>", "exec")


# -- decorators ---------------------------------------------------------------------


def test_functools_wraps_decorator():
    check(ff.wrapped_tanh, rand(4))


def test_decorator_returning_the_function():
    assert "registered_exp" in ff.registered.seen
    check(ff.registered_exp, rand(4))


def test_stacked_decorators():
    check(ff.stacked, rand(3), rand(3))


def test_decorated_nested_function_in_test():
    def twice(fn):
        @functools.wraps(fn)
        def wrapper(x):
            return fn(x)
        return wrapper

    @twice
    def local(x):
        return jnp.sin(x) ** 2

    check(local, rand(3))


def test_jitted_function():
    check(ff.jitted_softplus, rand(4))


def test_calls_jitted_function():
    check(ff.calls_jitted, rand(4))


# -- imports ------------------------------------------------------------------------


@pytest.mark.parametrize("fn", [ff.uses_jnp, ff.uses_jnp2, ff.uses_bare_exp],
                         ids=lambda f: f.__name__)
def test_import_styles(fn):
    check(fn, rand(5))


def test_numpy_functions():
    """np.exp/np.sum cannot trace under jax.jvp; s2s runs their jnp twins."""
    check(ff.uses_numpy, rand(5), reference=lambda x: jnp.sum(jnp.exp(x) * x))


def test_numpy_calls_become_jnp():
    text = s2s.source(ff.uses_numpy, "jvp")
    code = "\n".join(line for line in text.splitlines() if not line.strip().startswith("#"))
    assert "jnp.exp(" in code and "jnp.sum(" in code
    assert "np." not in code.replace("jnp.", "")


# -- user functions calling user functions ----------------------------------------


def test_keyword_arguments_and_defaults():
    check(ff.calls_with_keywords, rand(3), rand(3))


def test_callee_with_defaults_called_directly():
    check(ff.affine, rand(3))
    check(ff.affine, rand(3), rand(3))
    check(ff.affine, rand(3), rand(3), rand(3))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_recursion(n):
    check(ff.power, rand(3), n)


def test_mutual_recursion():
    check(ff.is_even, rand(3), 3)
    check(ff.is_even, rand(3), 4)


# -- nested functions and lambdas in the body --------------------------------------


def test_nested_def_closing_over_differentiated_variable():
    check(ff.nested_closes_over, rand(4))


def test_doubly_nested_def():
    check(ff.nested_twice, rand(4))


def test_lambda_in_the_body():
    check(ff.lambda_in_body, rand(4))


def test_lambda_over_a_local():
    check(ff.lambda_over_local, rand(4))


# -- globals are live ---------------------------------------------------------------


def test_rebound_global_value_is_seen(monkeypatch):
    x, t = rand(3), rand(3)
    out, out_dot = s2s.jvp(ff.times_scale, (x,), (t,))
    np.testing.assert_allclose(out_dot, 2.0 * jnp.cos(x) * t, rtol=1e-12)
    monkeypatch.setattr(ff, "SCALE", 3.0)
    out, out_dot = s2s.jvp(ff.times_scale, (x,), (t,))
    np.testing.assert_allclose(out, 3.0 * jnp.sin(x), rtol=1e-12)
    np.testing.assert_allclose(out_dot, 3.0 * jnp.cos(x) * t, rtol=1e-12)
    # and through the generated function itself, without s2s.jvp in between
    g = s2s.generated(ff.times_scale, "jvp")
    monkeypatch.setattr(ff, "SCALE", -1.0)
    out, out_dot = g(x, t)
    np.testing.assert_allclose(out_dot, -jnp.cos(x) * t, rtol=1e-12)


def test_rebound_global_array_is_seen(monkeypatch):
    x, t = rand(3), rand(3)
    s2s.jvp(ff.times_scale, (x,), (t,))
    scale = rand(3)
    monkeypatch.setattr(ff, "SCALE", scale)
    check(ff.times_scale, x, reference=lambda x: scale * jnp.sin(x))


def test_rebound_global_function_is_seen(monkeypatch):
    x, t = rand(3), rand(3)
    s2s.jvp(ff.calls_global_helper, (x,), (t,))
    monkeypatch.setattr(ff, "helper", lambda x: x * 5.0)
    out, out_dot = s2s.jvp(ff.calls_global_helper, (x,), (t,))
    np.testing.assert_allclose(out, x * 5.0 + 1.0, rtol=1e-12)
    np.testing.assert_allclose(out_dot, t * 5.0, rtol=1e-12)


# -- the transformed function stays usable -------------------------------------------


def test_user_function_is_unchanged():
    x = rand(4)
    before = ff.wrapped_tanh(x)
    s2s.jvp(ff.wrapped_tanh, (x,), (x,))
    np.testing.assert_array_equal(ff.wrapped_tanh(x), before)
    assert ff.wrapped_tanh.__wrapped__.__name__ == "wrapped_tanh"


def test_generated_source_points_at_user_lines():
    text = s2s.source(ff.poly, "jvp")
    assert "frontend_functions.py:" in text
    assert "return x ** 3 - 2.0 * x + 1.0" in text


def test_value_changing_wrapper_is_refused():
    with pytest.raises(s2s.S2SError, match="does more than call it"):
        s2s.jvp(ff.doubled_sin, (rand(3),), (rand(3),))
