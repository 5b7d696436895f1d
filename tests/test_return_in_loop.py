"""`return` inside a loop in reverse mode (issue 11, item 5): the loop's
returned value starts as None and has no cotangent until a step returns."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import return_in_loop_cases as rc
import s2s


def close(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        np.testing.assert_allclose(x, y, rtol=1e-7, atol=1e-10)


CASES = [
    (rc.first_positive, jnp.array([-1.0, 0.5, 2.0])),    # returns in the loop
    (rc.first_positive, jnp.array([-1.0, -0.5, -2.0])),  # falls through
    (rc.newton_sqrt, jnp.array(2.0)),
    (rc.returns_from_a_while, jnp.array(0.7)),
    (rc.returns_from_a_while, jnp.array(0.1)),
]


@pytest.mark.parametrize("fn, x", CASES)
def test_reverse_mode_through_a_return_in_a_loop(fn, x):
    close(s2s.grad(fn)(x), jax.grad(fn)(x))
    close(s2s.value_and_grad(fn)(x), jax.value_and_grad(fn)(x))
    close(s2s.hessian(fn)(x), jax.hessian(fn)(x))
    out, pullback = s2s.vjp(fn, x)
    close(pullback(jnp.ones_like(out)), jax.vjp(fn, x)[1](jnp.ones_like(out)))


def test_a_return_inside_a_nested_loop_is_refused_at_its_line():
    m = jnp.array([[0.1, 0.2], [0.3, 0.9]])
    with pytest.raises(s2s.S2SError, match="nested loop") as e:
        s2s.grad(rc.returns_from_a_nested_loop)(m)
    assert "return_in_loop_cases.py:37" in str(e.value)
    close(s2s.jvp(rc.returns_from_a_nested_loop, (m,), (m,)),
          jax.jvp(rc.returns_from_a_nested_loop, (m,), (m,)))   # forward mode takes it


@pytest.mark.parametrize("x", [jnp.array([1.0, 2.0]), jnp.array([0.1, 0.2])])   # returns / not
def test_grad_of_grad_through_a_return_in_a_loop(x):
    fn = rc.returns_early_from_a_scaled_loop
    close(s2s.grad(s2s.grad(fn, argnums=1), argnums=1)(x, 0.7),
          jax.grad(jax.grad(fn, argnums=1), argnums=1)(x, 0.7))
    close(s2s.grad(s2s.grad(fn, argnums=1), argnums=0)(x, 0.7),
          jax.grad(jax.grad(fn, argnums=1), argnums=0)(x, 0.7))


@pytest.mark.parametrize("fn", [rc.scales_what_a_loop_returned,
                                rc.scales_what_a_traced_while_returned])
@pytest.mark.parametrize("x", [jnp.array([2.9, -5.0]), jnp.array([0.5, 1.0])])   # returns / not
def test_a_helper_that_returns_from_a_loop_put_in_line(fn, x):
    want = jax.value_and_grad(fn)(x)
    for ours in (s2s.value_and_grad(fn), s2s.jit(s2s.value_and_grad(fn)),
                 s2s.jit(s2s.value_and_grad(fn), unroll=0), s2s.value_and_grad(s2s.jit(fn))):
        close(ours(x), want)
    close(s2s.jit(fn)(x), fn(x))


@pytest.mark.parametrize("t", [jnp.array([0.5, -0.2, 0.3, 0.1]), -jnp.array([0.5, -0.2, 0.3, 0.1])],
                         ids=["returns", "runs-on"])
def test_jit_of_grad_through_a_return_after_a_nested_traced_while(t):
    fn = rc.returns_after_a_nested_traced_while
    x = jnp.array([0.1, 0.2, -0.3, 0.4])
    want = jax.grad(fn, argnums=(0, 1))(x, t)
    close(s2s.jit(s2s.grad(fn, argnums=(0, 1)))(x, t), want)
    close(s2s.jit(s2s.grad(fn, argnums=(0, 1)), unroll=0)(x, t), want)
