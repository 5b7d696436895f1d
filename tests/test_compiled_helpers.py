"""A helper the user compiled (`@jax.jit`, `@s2s.jit`) stays compiled when s2s
transforms a function that calls it (issue 10, item 4): s2s differentiates or
batches the helper's source, and binds the generated code compiled."""
import logging

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import compiled_helper_cases as cc
import s2s

rng = np.random.default_rng(7)
W = jnp.asarray(rng.normal(size=(3, 3)) * 0.5, jnp.float32)
V = jnp.asarray(rng.normal(size=(3, 3)) * 0.5, jnp.float32)
X = jnp.asarray(rng.normal(size=3), jnp.float32)
XS = jnp.asarray(rng.normal(size=(4, 3)), jnp.float32)


def close(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        np.testing.assert_allclose(x, y, rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("fn, args", [
    (cc.two_layers, (W, V, X)),
    (cc.loss_of_repeated, (W, X)),
    (cc.loss_of_list, (W, X)),
    (cc.loss_of_stack, (W, X)),
])
def test_derivatives_through_a_jitted_helper_match_jax(fn, args):
    close(s2s.grad(fn, argnums=(0, 1))(*args), jax.grad(fn, argnums=(0, 1))(*args))
    close(s2s.value_and_grad(fn)(*args), jax.value_and_grad(fn)(*args))
    tangents = tuple(jnp.ones_like(a) for a in args)
    close(s2s.jvp(fn, args, tangents), jax.jvp(fn, args, tangents))
    close(s2s.hessian(fn)(*args), jax.hessian(fn)(*args))
    in_axes = (None,) * (len(args) - 1) + (0,)
    close(s2s.vmap(fn, in_axes=in_axes)(*args[:-1], XS),
          jax.vmap(fn, in_axes=in_axes)(*args[:-1], XS))
    close(s2s.vmap(s2s.grad(fn), in_axes=in_axes)(*args[:-1], XS),
          jax.vmap(jax.grad(fn), in_axes=in_axes)(*args[:-1], XS))
    close(jax.jit(s2s.grad(fn))(*args), jax.grad(fn)(*args))
    close(s2s.jit(s2s.grad(fn))(*args), jax.grad(fn)(*args))


def _clipped_by_where(w, x):
    return jnp.sum(jnp.where(jnp.sum(w * x) > 0, (w * x) ** 2, -(w * x)))


def test_an_s2s_jit_helper_with_a_traced_if():
    # jax.jit could not trace the helper's `if`; its derivative compiles as s2s.jit's
    for x in (X, -X):
        close(s2s.grad(cc.loss_of_clipped)(0.7, x), jax.grad(_clipped_by_where)(0.7, x))
        close(s2s.jvp(cc.loss_of_clipped, (0.7, x), (1.0, x)),
              jax.jvp(_clipped_by_where, (0.7, x), (1.0, x)))
    xs = jnp.concatenate([XS, -XS])
    close(s2s.vmap(cc.loss_of_clipped, (None, 0))(0.7, xs),
          jax.vmap(_clipped_by_where, (None, 0))(0.7, xs))
    close(s2s.vmap(s2s.grad(cc.loss_of_clipped), (None, 0))(0.7, xs),
          jax.vmap(jax.grad(_clipped_by_where), (None, 0))(0.7, xs))


def _compiled_names(caplog, run):
    """The names of the programs XLA compiled while `run()` ran."""
    caplog.clear()
    with caplog.at_level(logging.WARNING), jax.log_compiles(True):
        run()
    return " ".join(r.getMessage() for r in caplog.records)


def test_the_helpers_derivative_runs_compiled(caplog):
    # eager s2s.grad: the helper's forward and its pullback are XLA programs,
    # compiled once for these shapes
    # (shapes no other test uses: nothing compiled for them yet)
    w, v, x, xs = jnp.ones((5, 5)), jnp.ones((5, 5)), jnp.ones(5), jnp.ones((2, 5))
    g = s2s.grad(cc.two_layers)
    log = _compiled_names(caplog, lambda: g(w, v, x))
    assert "dense_vjp_forward" in log and "dense_vjp_pullback" in log
    assert "dense_vjp_forward" not in _compiled_names(caplog, lambda: g(w, v, x))
    log = _compiled_names(caplog, lambda: s2s.jvp(cc.two_layers, (w, v, x), (w, v, x)))
    assert "dense_jvp" in log
    log = _compiled_names(caplog, lambda: s2s.vmap(cc.two_layers, (None, None, 0))(w, v, xs))
    assert "dense_vmap" in log


def test_the_printed_code_is_the_helpers_derivative():
    g = s2s.grad(cc.two_layers)
    g(W, V, X)
    assert "dense_vjp(v, dense_1)" in s2s.source(g).replace("dense_vjp_1", "dense_vjp")
