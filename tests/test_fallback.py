"""JAX functions s2s has no rules for are never refused: the generated code
hands each such call to JAX's own jvp, vjp or vmap of that one function
(s2s/by_jax.py), and says so. Checked against JAX in every transformation and
their compositions; and library functions transformed directly
(`s2s.grad(jnp.tanh)`, the JAX quickstart's first example)."""
import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np
import pytest

import fallback_cases as F
import s2s

X = jnp.array([0.7, -0.4, 1.3, 0.25])
T = jnp.array([0.3, -0.2, 1.0, 0.5])
XS = jnp.stack([X, X[::-1] * 0.9, X + 0.1])


def close(got, want):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=2e-4, atol=2e-5), got, want)


IDS = [f.__name__ for f in F.CASES]


@pytest.mark.parametrize("fn", F.CASES, ids=IDS)
def test_jvp_and_vmap_match_jax(fn):
    close(s2s.jvp(fn, (X,), (T,)), jax.jvp(fn, (X,), (T,)))
    close(s2s.vmap(fn)(XS), jax.vmap(fn)(XS))


@pytest.mark.parametrize("fn", F.CASES, ids=IDS)
@pytest.mark.parametrize("transform", ["jacfwd", "jacrev"])
def test_jacobians_match_jax(fn, transform):
    close(getattr(s2s, transform)(fn)(X), getattr(jax, transform)(fn)(X))


def summed(fn):
    return getattr(F, "summed_" + fn.__name__)


@pytest.mark.parametrize("fn", F.CASES, ids=IDS)
def test_gradients_match_jax(fn):
    g = summed(fn)
    close(s2s.grad(g)(X), jax.grad(g)(X))
    close(s2s.vmap(s2s.grad(g))(XS), jax.vmap(jax.grad(g))(XS))
    close(s2s.jit(s2s.grad(g))(X), jax.grad(g)(X))
    close(s2s.hessian(g)(X), jax.hessian(g)(X))


def test_grad_of_grad_goes_to_jax_twice():
    g = F.summed_special_functions
    s = jnp.float32(1.1)
    close(s2s.grad(s2s.grad(F.scaled_special))(s), jax.grad(jax.grad(F.scaled_special))(s))
    close(s2s.jvp(s2s.grad(g), (X,), (T,)), jax.jvp(jax.grad(g), (X,), (T,)))


def test_generated_code_says_where_jax_does_the_work():
    text = s2s.source(F.graded_and_triangular, "jvp")
    assert "gradient_dot = jvp_by_jax(jnp.gradient, (mul,), (mul_dot,))" in text
    assert "jvp_by_jax(jnp.gradient, (outer,), (outer_dot,), axis=0)" in text
    vjp = s2s.source(F.special_functions, "vjp")
    assert "vjp_by_jax(jss.betaln, (" in vjp
    batched = s2s.source(s2s.vmap(F.graded_and_triangular), example_args=(XS,))
    assert "vmap_by_jax(jnp.gradient, (mul_batch,), (0,))" in batched


def test_explain_names_the_helper():
    text = s2s.source(F.graded_and_triangular, "jvp", explain=True)
    assert "# jvp_by_jax: the tangent of fun(*primals, **kwargs) by JAX's own jvp" in text


def test_a_keyword_that_is_not_differentiated_is_passed_through():
    close(s2s.grad(lambda_free_fixed_keyword)(X, 2.0), jax.grad(lambda_free_fixed_keyword)(X, 2.0))


def lambda_free_fixed_keyword(x, n):
    return jnp.sum(F.fixed_keyword(x, n))


@pytest.mark.parametrize("fn, x", [(jnp.tanh, 0.5), (jnp.sin, 1.2), (jss.gammaln, 2.5),
                                   (jax.nn.softplus, -0.3)])
def test_library_functions_transform_directly(fn, x):
    close(s2s.grad(fn)(x), jax.grad(fn)(x))
    close(s2s.grad(s2s.grad(s2s.grad(fn)))(x), jax.grad(jax.grad(jax.grad(fn)))(x))
    close(s2s.vmap(s2s.grad(fn))(X + 2.0), jax.vmap(jax.grad(fn))(X + 2.0))


def test_library_functions_of_arrays_transform_directly():
    close(s2s.jacrev(jax.nn.softmax)(X), jax.jacrev(jax.nn.softmax)(X))
    close(s2s.jacfwd(jnp.linalg.norm)(X), jax.jacfwd(jnp.linalg.norm)(X))
    close(s2s.hessian(jax.scipy.special.logsumexp)(X), jax.hessian(jax.scipy.special.logsumexp)(X))


def test_the_quickstarts_grad_of_tanh():
    assert s2s.source(s2s.grad(jnp.tanh)).startswith("def tanh_grad(x):")
    close(s2s.grad(jnp.tanh)(2.0), 0.07065082)
