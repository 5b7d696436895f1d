"""Checkpointing as source (issue 11, item 4): a call of a function wrapped in
`s2s.checkpoint` (or `jax.checkpoint`) saves only its arguments; the reverse
sweep runs the function's vjp again to make the pullback."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import checkpoint_cases as cc
import s2s
from s2s.introspect import saved_arrays

rng = np.random.default_rng(3)
X = jnp.asarray(rng.normal(size=4))
W = jnp.asarray(rng.normal(size=4) * 0.5)


def close(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        np.testing.assert_allclose(x, y, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("fn", [cc.deep, cc.deep_with_jax_checkpoint, cc.straight])
def test_checkpointed_derivatives_match_jax(fn):
    close(s2s.grad(fn, argnums=(0, 1))(X, W), jax.grad(fn, argnums=(0, 1))(X, W))
    close(s2s.value_and_grad(fn)(X, W), jax.value_and_grad(fn)(X, W))
    close(s2s.jvp(fn, (X, W), (W, X)), jax.jvp(fn, (X, W), (W, X)))
    close(s2s.hessian(fn)(X, W), jax.hessian(fn)(X, W))
    xs = jnp.stack([X, W, X * 2.0])
    close(s2s.vmap(s2s.grad(fn), (0, None))(xs, W), jax.vmap(jax.grad(fn), (0, None))(xs, W))
    close(jax.jit(s2s.grad(fn))(X, W), jax.grad(fn)(X, W))
    close(s2s.jit(s2s.grad(fn))(X, W), jax.grad(fn)(X, W))


def test_the_checkpointed_function_is_the_function():
    close(cc.saved_block(X, W), cc.block(X, W))
    close(jax.grad(lambda x: jnp.sum(cc.saved_block(x, W)))(X),
          jax.grad(lambda x: jnp.sum(cc.block(x, W)))(X))
    assert cc.decorated_block.__name__ == "decorated_block"


def test_the_reverse_sweep_runs_the_vjp_again():
    g = s2s.grad(cc.straight)
    g(X, W)
    code = s2s.source(g)
    # the forward sweep calls the function as written and keeps no pullback;
    # the reverse sweep makes one from the saved arguments
    assert "y = decorated_block(x, w)" in code
    assert "_, y_pullback = decorated_block_vjp(x, w)" in code
    assert code.index("y = decorated_block(x, w)") < code.index("result_bar") < \
        code.index("_, y_pullback = decorated_block_vjp(x, w)")


def _residual_bytes(fn):
    _, pullback = s2s.vjp(fn, X, W)
    return sum(a.nbytes for a in saved_arrays(pullback))


def test_a_checkpointed_loop_saves_only_each_steps_arguments():
    saved, unsaved = _residual_bytes(cc.deep), _residual_bytes(cc.deep_unsaved)
    # per step: x (the argument) instead of x * w, tanh, sin, ... of the block
    assert saved < unsaved / 2, (saved, unsaved)


def _every_k(k):
    """The loop option as a pattern: k steps in one checkpointed function, so
    the tape keeps every k-th state and the reverse sweep runs k steps again."""
    def k_steps(x, w):
        for _ in range(k):
            x = cc.block(x, w)
        return x
    return s2s.checkpoint(k_steps)


def test_saving_every_kth_step():
    k_steps = _every_k(5)

    def deep_every_5(x, w):
        for _ in range(4):
            x = k_steps(x, w)
        return jnp.sum(x ** 2)
    close(s2s.grad(deep_every_5)(X, W), jax.grad(cc.deep_unsaved)(X, W))
    _, pullback = s2s.vjp(deep_every_5, X, W)
    _, unsaved = s2s.vjp(cc.deep_unsaved, X, W)
    # the 4 states the loop starts from, the inputs and the last state (its square's
    # cotangent), where without the checkpoint each of the 20 steps keeps its values
    assert len(saved_arrays(pullback)) <= 4 + 3 < 20 < len(saved_arrays(unsaved))
