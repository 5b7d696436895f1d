"""Programs that call jax.scipy.special, jax.nn, jax.lax and jax.numpy
element-wise functions with native rules (s2s/rules/special.py,
s2s/rules/elementwise_more.py): every transformation checked against JAX."""
import jax
import jax.numpy as jnp
import pytest

import elementwise_more_cases as C
import s2s
from s2s import driver
from against_jax import close, derivatives_match, jvp_vmap_and_jit_match

CASES = [C.beta_log_density, C.entropy_and_digamma, C.normal_quantiles, C.activations,
         C.lax_program, C.geometry, C.numpy_math]
# points away from the kinks (clamp, hard_tanh, sparse_plus, fmax, fmod) and inside
# every domain
POINTS = [jnp.array([0.7, -0.35, 0.45]), jnp.array([-0.3, 0.55, 0.15])]


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_derivatives_match_jax(fn, transform):
    derivatives_match(fn, transform, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_jvp_vmap_and_jit_match_jax(fn):
    jvp_vmap_and_jit_match(fn, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_no_call_is_handed_to_jax(fn):
    """Every call has a native rule: the generated code never says by_jax."""
    for transform in ("grad", "jvp", "vmap"):
        x = jnp.stack(POINTS) if transform == "vmap" else POINTS[0]
        text = s2s.source(fn, transform, example_args=(x,))
        assert "by_jax" not in text, transform


def test_special_points_match_jax():
    """JAX's conventions where the formula has a kink or a 0 / 0."""
    def f(x):
        return jnp.sum(jnp.hypot(x, 0.0 * x) + jnp.sinc(x) + jax.nn.celu(x) + jax.nn.selu(x)
                       + jnp.fmax(x, 0.0) + lax_clamp(x))
    x = jnp.array([0.0, 0.0, 1.0])
    close(s2s.grad(f)(x), jax.grad(f)(x))


def test_second_derivatives_at_zero_match_jax():
    """sinc's series at 0 (-pi ** 2 / 3), selu's and celu's ties at 0, i0 and
    hypot at 0: JAX's second derivatives too."""
    def f(x):
        return jnp.sum(jnp.sinc(x) + jax.nn.selu(x) + jax.nn.celu(x, 0.5) + jnp.i0(x)
                       + jnp.hypot(x, 0.5 * x))
    x = jnp.array([0.0, 0.0, 0.4])
    close(s2s.hessian(f)(x), jax.hessian(f)(x))


def lax_clamp(x):
    return jax.lax.clamp(0.0, x, 1.0)


def test_generated_code_reads_like_the_rules():
    text = s2s.source(C.beta_log_density, "grad")
    assert "special_digamma(" in text and "jnp.log(p)" in text
    with driver.tidying(False):     # (the rule as written; explain mode prints this)
        assert "3 * x ** 2 * x_dot" in s2s.source(C.lax_program, "jvp")
    assert "3 * (x * x) * x_dot" in s2s.source(C.lax_program, "jvp")   # tidied: a product
