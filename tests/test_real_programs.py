"""Realistic programs end to end: grad, value_and_grad, jvp and vjp against JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import real_programs as rp
import s2s

rng = np.random.default_rng(1)


def normal(*shape):
    return jnp.asarray(rng.normal(size=shape))


CASES = [
    (rp.softmax_cross_entropy,
     lambda: (normal(4, 5), jax.nn.one_hot(jnp.array([0, 2, 1, 4]), 5)), 0),
    (rp.rnn_loss,
     lambda: ({"wx": normal(3, 4), "wh": normal(4, 4) * 0.3, "b": normal(4)}, normal(6, 3),
              normal(4)), 0),
    (rp.logistic_regression,
     lambda: (normal(3), 0.1, normal(8, 3), (normal(8) > 0).astype(jnp.float64)), (0, 1)),
    (rp.attention, lambda: (normal(4, 3), normal(5, 3), normal(5, 2)), (0, 1, 2)),
    (rp.piecewise, lambda: (normal(6),), 0),
    (rp.layer_norm, lambda: (normal(2, 5), normal(5), normal(5)), (0, 1, 2)),
    (rp.poly_eval, lambda: (normal(4), normal(3)), (0, 1)),
]


def close(got, want):
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("fn, make_args, argnums", CASES, ids=[c[0].__name__ for c in CASES])
def test_program(fn, make_args, argnums):
    args = make_args()
    close(s2s.grad(fn, argnums=argnums)(*args), jax.grad(fn, argnums=argnums)(*args))
    close(s2s.value_and_grad(fn, argnums=argnums)(*args),
          jax.value_and_grad(fn, argnums=argnums)(*args))
    tangents = jax.tree_util.tree_map(lambda a: normal(*np.shape(a)), args)
    close(s2s.jvp(fn, args, tangents), jax.jvp(fn, args, tangents))
    out, pullback = s2s.vjp(fn, *args)
    ref, ref_pullback = jax.vjp(fn, *args)
    close(out, ref)
    close(pullback(1.0), ref_pullback(1.0))
