import jax
import jax.numpy as jnp
import numpy as np

import s2s


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def test_sum_logistic_jvp_matches_jax():
    x = jnp.arange(3.0)
    t = jnp.array([0.3, -1.0, 2.0])
    out, out_dot = s2s.jvp(sum_logistic, (x,), (t,))
    ref, ref_dot = jax.jvp(sum_logistic, (x,), (t,))
    np.testing.assert_allclose(out, ref, rtol=1e-12)
    np.testing.assert_allclose(out_dot, ref_dot, rtol=1e-12)
