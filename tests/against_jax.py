"""The checks each family of rules runs on its small programs (tests/test_nn_rules.py,
test_elementwise_more_rules.py, test_shape_more_rules.py, test_reductions_more_rules.py):
every transformation of s2s against JAX's, at the family's points."""
import jax
import jax.numpy as jnp
import numpy as np

import s2s

TANGENT = jnp.array([0.3, -0.2, 1.0])


def close(got, want):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=2e-4, atol=2e-5), got, want)


def derivatives_match(fn, transform, points):
    """grad, jacfwd, jacrev or hessian of `fn` at each point, as JAX's."""
    for x in points:
        close(getattr(s2s, transform)(fn)(x), getattr(jax, transform)(fn)(x))


def jvp_vmap_and_jit_match(fn, points):
    """jvp at the first point, vmap and vmap(grad) over the points, and
    s2s.jit(grad) at the first point, as JAX's."""
    x = points[0]
    close(s2s.jvp(fn, (x,), (TANGENT,)), jax.jvp(fn, (x,), (TANGENT,)))
    xs = jnp.stack(points)
    close(s2s.vmap(fn)(xs), jax.vmap(fn)(xs))
    close(s2s.vmap(s2s.grad(fn))(xs), jax.vmap(jax.grad(fn))(xs))
    close(s2s.jit(s2s.grad(fn))(x), jax.grad(fn)(x))
