"""Reverse mode (vjp, grad, value_and_grad) against JAX on every construct."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import forward_cases as fc
import s2s
from test_forward import CASES, _ids, like, rand


def assert_trees_close(got, want, rtol=1e-6, atol=1e-9):
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        if getattr(w, "dtype", None) == jax.dtypes.float0:
            assert np.shape(g) == np.shape(w)
            continue
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=rtol, atol=atol)
        assert np.shape(g) == np.shape(w)


@pytest.mark.parametrize("fn, make_args, argnums", CASES, ids=_ids())
def test_vjp_matches_jax(fn, make_args, argnums):
    args = make_args()
    reference = fc.REFERENCES.get(fn, fn)
    out, pullback = s2s.vjp(fn, *args)
    ref, ref_pullback = jax.vjp(reference, *args)
    assert_trees_close(out, ref)
    ct = like(ref)
    assert_trees_close(pullback(ct), ref_pullback(ct))


def _is_scalar_output(case):
    fn, make_args, _ = case
    out = fc.REFERENCES.get(fn, fn)(*make_args())
    return not isinstance(out, (tuple, list)) and np.ndim(out) == 0


SCALAR_CASES = [c for c in CASES if _is_scalar_output(c)]


@pytest.mark.parametrize("fn, make_args, argnums", SCALAR_CASES,
                         ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(SCALAR_CASES)])
def test_grad_and_value_and_grad_match_jax(fn, make_args, argnums):
    args = make_args()
    reference = fc.REFERENCES.get(fn, fn)
    assert_trees_close(s2s.grad(fn, argnums=argnums)(*args),
                       jax.grad(reference, argnums=argnums)(*args))
    value, g = s2s.value_and_grad(fn, argnums=argnums[0])(*args)
    ref_value, ref_g = jax.value_and_grad(reference, argnums=argnums[0])(*args)
    assert_trees_close((value, g), (ref_value, ref_g))


def test_seed_values():
    x = jnp.arange(3.0)
    np.testing.assert_allclose(s2s.grad(fc.sum_logistic)(x),
                               [0.25, 0.19661193, 0.10499359], rtol=1e-6)
    third = s2s.grad(s2s.grad(s2s.grad(fc.sum_logistic)))(1.0)
    np.testing.assert_allclose(third, jax.grad(jax.grad(jax.grad(fc.sum_logistic)))(1.0),
                               rtol=1e-10)
    np.testing.assert_allclose(third, -0.0353256, rtol=1e-5)


def test_forward_over_reverse_hessian_vector_product():
    x, v = rand(4), rand(4)
    g = s2s.grad(fc.sum_logistic)
    _, hvp = s2s.jvp(g, (x,), (v,))
    _, ref = jax.jvp(jax.grad(fc.sum_logistic), (x,), (v,))
    np.testing.assert_allclose(hvp, ref, rtol=1e-10)


def test_has_aux():
    def loss(w, x):
        pred = jnp.tanh(x * w)
        return jnp.sum(pred ** 2), {"pred": pred, "n": 3}

    w, x = rand(3), rand(3)
    g, aux = s2s.grad(loss, has_aux=True)(w, x)
    ref_g, ref_aux = jax.grad(loss, has_aux=True)(w, x)
    assert_trees_close((g, aux), (ref_g, ref_aux))
    (v, aux), g = s2s.value_and_grad(loss, has_aux=True)(w, x)
    (ref_v, ref_aux), ref_g = jax.value_and_grad(loss, has_aux=True)(w, x)
    assert_trees_close((v, aux, g), (ref_v, ref_aux, ref_g))
    out, pullback, aux = s2s.vjp(loss, w, x, has_aux=True)
    assert_trees_close(aux, ref_aux)


def test_argnums_tuple_and_negative():
    x, y = rand(3), rand(3)
    def f(a, b):
        return jnp.sum(a * jnp.sin(b))
    assert_trees_close(s2s.grad(f, argnums=(0, 1))(x, y), jax.grad(f, argnums=(0, 1))(x, y))
    assert_trees_close(s2s.grad(f, argnums=-1)(x, y), jax.grad(f, argnums=-1)(x, y))


def test_non_scalar_output_is_an_error():
    with pytest.raises(TypeError, match="scalar-output"):
        s2s.grad(fc.selu)(rand(3))


def test_integer_input_is_an_error_for_grad():
    with pytest.raises(TypeError, match="real- or complex-valued"):
        s2s.grad(fc.uses_power)(jnp.arange(3))


def test_integer_primal_gets_float0_cotangent():
    x = rand(4)
    out, pullback = s2s.vjp(fc.loop_range, x, 3)
    ref, ref_pullback = jax.vjp(fc.loop_range, x, 3)
    ct = rand(4)
    got, want = pullback(ct), ref_pullback(ct)
    np.testing.assert_allclose(got[0], want[0], rtol=1e-10)
    assert got[1].dtype == jax.dtypes.float0


def test_pullback_runs_twice():
    out, pullback = s2s.vjp(fc.loop_over_rows, rand(3, 4))
    first = pullback(jnp.float64(1.0))
    second = pullback(jnp.float64(1.0))
    np.testing.assert_allclose(first[0], second[0])


def test_gradient_of_mlp_with_dict_params():
    def loss(params, x, y):
        h = x
        for layer in params["layers"]:
            h = jnp.tanh(jnp.dot(h, layer["w"]) + layer["b"])
        return jnp.mean((h - y) ** 2)

    params = {"layers": [{"w": rand(3, 5), "b": rand(5)}, {"w": rand(5, 2), "b": rand(2)}]}
    x, y = rand(7, 3), rand(7, 2)
    assert_trees_close(s2s.grad(loss)(params, x, y), jax.grad(loss)(params, x, y))


def test_generated_gradient_runs_under_jit():
    g = s2s.grad(fc.mlp)
    params = [(rand(3, 4), rand(4)), (rand(4, 2), rand(2))]
    x = rand(5, 3)
    assert_trees_close(jax.jit(g)(params, x), jax.grad(fc.mlp)(params, x))


def test_second_derivatives_through_loops():
    # The generated gradient has a tape and a reversed loop; s2s differentiates it again.
    np.testing.assert_allclose(s2s.grad(s2s.grad(fc.scalar_loop))(0.7),
                               jax.grad(jax.grad(fc.scalar_loop))(0.7), rtol=1e-10)
    np.testing.assert_allclose(s2s.grad(s2s.grad(fc.newton_sqrt))(2.0),
                               -0.25 * 2.0 ** -1.5, rtol=1e-6)
    x, v = rand(3), rand(3)
    _, hvp = s2s.jvp(s2s.grad(fc.mlp_sum_of_loop), (x,), (v,))
    _, ref = jax.jvp(jax.grad(fc.mlp_sum_of_loop), (x,), (v,))
    np.testing.assert_allclose(hvp, ref, rtol=1e-10)


def test_second_derivative_through_a_call():
    # grad(f) calls scalar_loop's vjp and its pullback; transformed again, the
    # gradient is built with its callees in line (a Hessian-vector product).
    x, v = rand(3), rand(3)
    out, hvp = s2s.jvp(s2s.grad(fc.sum_scalar_loop), (x,), (v,))
    ref_out, ref = jax.jvp(jax.grad(fc.sum_scalar_loop), (x,), (v,))
    np.testing.assert_allclose(out, ref_out, rtol=1e-10)
    np.testing.assert_allclose(hvp, ref, rtol=1e-10)


def test_list_of_an_active_value_is_refused():
    def f(x):
        rows = list(x)
        return jnp.sum(rows[0])

    with pytest.raises(s2s.S2SError, match="list"):
        s2s.grad(f)(rand(3))
