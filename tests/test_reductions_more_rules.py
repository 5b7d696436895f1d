"""Cumulative products, differences, nan-ignoring reductions and jnp.linalg:
each has jvp, vjp and batch rules (s2s/rules/reductions_more.py,
s2s/rules/linalg_more.py), checked here in realistic programs against JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import reductions_more_cases as R
import s2s
from against_jax import close, derivatives_match, jvp_vmap_and_jit_match

CASES = [R.gaussian_log_likelihood, R.normalized_loss, R.masked_mean, R.smoothness_penalty,
         R.inverse_and_products, R.robust_signal_stats]
POINTS = [jnp.array([0.7, -1.3, 0.45]), jnp.array([-0.3, 2.1, 1.7])]


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_derivatives_match_jax(fn, transform):
    derivatives_match(fn, transform, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_jvp_vmap_and_jit_match_jax(fn):
    jvp_vmap_and_jit_match(fn, POINTS)


def test_no_call_goes_to_jax():
    """Every function these programs call has a native rule: the generated
    code never hands a call to JAX's own transformations."""
    for fn in CASES:
        for mode in ("grad", "jvp"):
            text = s2s.source(fn, mode)
            assert "_by_jax(" not in text or "diagonal" in text, (fn.__name__, mode)


def test_cumprod_with_zeros_is_exact_as_in_jax():
    x = jnp.array([2.0, 0.0, 3.0, 0.0, 5.0])
    close(s2s.jacfwd(jnp.cumprod)(x), jax.jacfwd(jnp.cumprod)(x))
    close(s2s.jacrev(jnp.cumprod)(x), jax.jacrev(jnp.cumprod)(x))


def test_norm_at_zero_and_det_of_a_singular_matrix_match_jax():
    def f(x):
        return jnp.linalg.norm(x)
    assert np.all(np.isnan(s2s.grad(f)(jnp.zeros(3))))   # JAX's is nan too
    singular = jnp.array([[1.0, 2.0], [2.0, 4.0]])
    close(s2s.grad(jnp.linalg.det)(singular), jax.grad(jnp.linalg.det)(singular))


def test_nan_reductions_give_nans_no_derivative():
    x = jnp.array([0.5, jnp.nan, -1.0, 2.0])

    def f(x):
        return jnp.nansum(x * 2.0) + jnp.nanmean(x) + jnp.nanmax(x) + jnp.nanvar(x)
    close(s2s.grad(f)(x), jax.grad(f)(x))
    assert s2s.grad(f)(x)[1] == 0.0


def test_generated_code_calls_linalg_as_written():
    text = s2s.source(R.gaussian_log_likelihood, "grad")
    assert "jnp.linalg.slogdet(cov)" in text and "cholesky_cotangent(" in text


def _signed(x, n=2):
    return (-1) ** n * x


def test_a_negative_base_keeps_its_parentheses():
    """Generated code wrote `(-1) ** n` as `-1 ** n`, that is -(1 ** n): the
    cotangent of jnp.diff(x, n=2) (diff_cotangent) had the wrong sign when
    batched, and so did any user's `(-1) ** n`."""
    assert s2s.grad(_signed)(1.0) == 1.0
    close(s2s.vmap(_signed)(jnp.ones(2)), jnp.ones(2))


def _ends(x, end=None):
    return jnp.ediff1d(x, None if end is None else jnp.zeros_like(jnp.ravel(end)))


def test_an_end_that_holds_none_is_left_out_when_batched():
    """ediff1d's batch rule took a name holding None (`choice = None`) for an end."""
    xs = jnp.ones((3, 4)) * jnp.arange(4.0)
    close(s2s.vmap(_ends)(xs), jax.vmap(_ends)(xs))
    close(s2s.jacfwd(_ends)(xs[1]), jax.jacfwd(_ends)(xs[1]))
