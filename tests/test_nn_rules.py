"""jax.nn, jax.scipy.special and jax.lax functions that ML code calls: each has
jvp, vjp and batch rules (s2s/rules/nn.py), checked against JAX."""
import jax
import jax.numpy as jnp
import pytest

import nn_cases as N
import s2s
from against_jax import close, derivatives_match, jvp_vmap_and_jit_match

CASES = [N.mlp_with_relu, N.classifier_loss, N.attention_weights, N.logsumexp_both_ways,
         N.smooth_activations, N.exact_gelu_and_erf, N.stopped]
# points away from the kinks of relu, relu6, leaky_relu and elu
POINTS = [jnp.array([0.7, -1.3, 0.45]), jnp.array([-0.3, 2.1, 1.7])]


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_derivatives_match_jax(fn, transform):
    derivatives_match(fn, transform, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_jvp_vmap_and_jit_match_jax(fn):
    jvp_vmap_and_jit_match(fn, POINTS)


def test_relu_has_slope_zero_at_zero_as_in_jax():
    f = lambda x: jnp.sum(jax.nn.relu(x) + jax.nn.relu6(x) + jax.nn.leaky_relu(x))  # noqa: E731
    x = jnp.array([0.0, 6.0, -0.0])
    close(s2s.grad(N.mlp_with_relu)(jnp.array([0.2, 0.1, 0.0])),
          jax.grad(N.mlp_with_relu)(jnp.array([0.2, 0.1, 0.0])))
    close(s2s.grad(f)(x), jax.grad(f)(x))


def test_elu_second_derivative_at_zero_as_in_jax():
    # JAX writes elu's negative side as expm1(where(x > 0, 0, x)): slope 1 at 0
    # into the exponential (a jnp.minimum(x, 0) there shared the tie: 0.5)
    f = lambda x: jnp.sum(jax.nn.elu(x, 0.7))  # noqa: E731
    x = jnp.array([0.0, -0.5, 0.5])
    close(s2s.hessian(f)(x), jax.hessian(f)(x))
    close(s2s.jacrev(s2s.grad(f))(x), jax.hessian(f)(x))


def test_the_rule_is_named_by_its_public_name_in_errors():
    def f(x):
        return jnp.sum(jax.nn.logsumexp(x, b=x))
    with pytest.raises(s2s.S2SError, match="jax.scipy.special.logsumexp|jax.nn.logsumexp"):
        s2s.grad(f)(jnp.ones(3))


def test_generated_code_calls_the_function_as_written():
    text = s2s.source(N.attention_weights, "grad")
    assert "softmax(scores, axis=0)" in text
