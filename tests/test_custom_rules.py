"""jax.custom_jvp / jax.custom_vjp functions keep their user's rule under every
s2s transformation (they were differentiated from their body: s2s.grad gave
[3, 3] where jax.grad gives [1.5, 1.5], silently). s2s hands each call of one
to JAX's own jvp, vjp or vmap (s2s/by_jax.py), which applies the rule."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import custom_rule_cases as C
import s2s

X = jnp.array([0.3, 1.7, -0.6])
T = jnp.array([1.0, -0.5, 0.25])
XS = jnp.stack([X, X * 0.5 - 0.2])


def close(got, want):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-6), got, want)


def test_a_custom_jvp_is_used_by_every_transformation():
    f = C.uses_custom_jvps
    close(s2s.grad(f)(X), jax.grad(f)(X))
    close(s2s.jvp(f, (X,), (T,)), jax.jvp(f, (X,), (T,)))
    close(s2s.vmap(s2s.grad(f))(XS), jax.vmap(jax.grad(f))(XS))
    close(s2s.hessian(f)(X), jax.hessian(f)(X))
    close(s2s.jit(s2s.grad(f))(X), jax.grad(f)(X))


def test_a_custom_vjp_is_used_by_reverse_mode_and_vmap():
    f = C.uses_custom_vjps
    close(s2s.grad(f)(X), jax.grad(f)(X))
    close(s2s.jacrev(f)(X), jax.jacrev(f)(X))
    close(s2s.vmap(s2s.grad(f))(XS), jax.vmap(jax.grad(f))(XS))
    close(s2s.vmap(f)(XS), jax.vmap(f)(XS))
    close(s2s.jit(s2s.grad(f))(X), jax.grad(f)(X))


def test_forward_mode_of_a_custom_vjp_fails_as_in_jax():
    with pytest.raises(TypeError, match="can't apply forward-mode autodiff"):
        jax.jvp(C.uses_custom_vjps, (X,), (T,))
    with pytest.raises(TypeError, match="can't apply forward-mode autodiff"):
        s2s.jvp(C.uses_custom_vjps, (X,), (T,))


@pytest.mark.parametrize("fn", [C.half_slope, C.safe_log1pexp, C.straight_through_round])
def test_a_decorated_function_transformed_directly_keeps_its_rule(fn):
    close(s2s.grad(fn)(0.75), jax.grad(fn)(0.75))
    close(s2s.vmap(s2s.grad(fn))(X), jax.vmap(jax.grad(fn))(X))


def test_the_generated_code_calls_the_users_function_through_jax():
    text = s2s.source(C.uses_custom_jvps, "grad")
    assert "vjp_by_jax(half_slope, (x,), (True,)" in text


def test_the_generated_code_calls_the_users_rules_by_name():
    # forward mode of a custom_jvp function: the user's jvp rule, value and
    # tangent, as JAX's jvp computes them; reverse mode's forward sweep: the
    # value as the rule computes it (a zero tangent for each argument), as JAX
    # evaluates the rule; reverse mode of a custom_vjp one: fwd, then bwd
    jvp_text = s2s.source(C.uses_custom_jvps, "jvp")
    assert "half_slope_1, half_slope_1_dot = half_slope_jvp((x,), (x_dot,))" in jvp_text
    assert "half_slope_1 = half_slope_jvp((x,), (tree_zeros_like(x),))[0]" in \
        s2s.source(C.uses_custom_jvps, "grad")
    grad_text = s2s.source(C.uses_custom_vjps, "grad")
    assert ("clipped_gradient_1_args_bar = clipped_gradient_bwd(clipped_gradient_fwd(mul_1, "
            "0.5)[1], clipped_gradient_1_bar)") in grad_text
    assert "vjp_by_jax" not in grad_text


def test_s2s_custom_rules_are_jaxs():
    # one object both JAX and s2s honour: s2s.custom_jvp is jax.custom_jvp
    assert s2s.custom_jvp is jax.custom_jvp and s2s.custom_vjp is jax.custom_vjp

    @s2s.custom_jvp
    def f(x):
        return jnp.sin(x)

    @f.defjvp
    def f_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return f(x), 2.0 * t

    assert float(jax.grad(f)(0.3)) == 2.0


def test_second_derivative_through_a_rule_that_is_not_the_derivative():
    """JAX evaluates a custom_jvp rule where it differentiates once, and a
    second derivative differentiates the rule's code: the Hessian of a rule
    that is not its function's derivative is not the rule applied twice (it
    was, and differed from JAX's)."""
    x = jnp.array([0.3, -0.7, 1.2])
    np.testing.assert_allclose(s2s.grad(C.damped_times_x)(x), jax.grad(C.damped_times_x)(x))
    np.testing.assert_allclose(s2s.hessian(C.damped_times_x)(x),
                               jax.hessian(C.damped_times_x)(x), rtol=1e-6)


def _second_derivatives(lib, fn, t):
    """Every pairing of two derivatives of `fn`, by `lib` (s2s or jax)."""
    g = lib.grad(fn)

    def squared_gradient(x):
        return jnp.sum(g(x) ** 2)

    def directional(x):
        return lib.jvp(fn, (x,), (t,))[1]
    return {"reverse of reverse": lib.grad(squared_gradient),
            "forward of reverse": lambda x: lib.jvp(g, (x,), (t,)),
            "forward of forward": lambda x: lib.jvp(directional, (x,), (t,)),
            "reverse of forward": lib.grad(directional),
            "jacrev of grad": lib.jacrev(g),
            "jit of hessian": lib.jit(lib.hessian(fn)),
            "vmap of hessian": lambda x: lib.vmap(lib.hessian(fn))(jnp.stack([x, -x]))}


@pytest.mark.parametrize("fn", [C.damped_times_x, C.uses_custom_jvps])
def test_every_second_derivative_through_a_custom_jvp_is_jaxs(fn):
    """Each pairing differentiates the rule's code where JAX does."""
    x, t = jnp.array([0.3, -0.7, 1.2]), jnp.array([1.0, -0.5, 0.25])
    ours, theirs = _second_derivatives(s2s, fn, t), _second_derivatives(jax, fn, t)
    for pairing in ours:
        close(ours[pairing](x), theirs[pairing](x))
