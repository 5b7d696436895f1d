# Copied from https://github.com/jax-ml/jax
#   path:    examples/advi.py
#   commit:  cec06d116c05f0d52adfceee3d3b730fdbcb0ce5
#   license: Apache-2.0 (LICENSE)
# Functions copied unchanged: diag_gaussian_sample, diag_gaussian_logpdf, elbo, batch_elbo, funnel_log_density.
# Edits (imports only):
#   `import matplotlib.pyplot as plt` dropped (plotting)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from functools import partial

from jax import jit, grad, vmap
from jax import random
from jax.example_libraries import optimizers
import jax.numpy as jnp
import jax.scipy.stats.norm as norm


def diag_gaussian_sample(rng, mean, log_std):
    # Take a single sample from a diagonal multivariate Gaussian.
    return mean + jnp.exp(log_std) * random.normal(rng, mean.shape)


def diag_gaussian_logpdf(x, mean, log_std):
    # Evaluate a single point on a diagonal multivariate Gaussian.
    return jnp.sum(vmap(norm.logpdf)(x, mean, jnp.exp(log_std)))


def elbo(logprob, rng, mean, log_std):
    # Single-sample Monte Carlo estimate of the variational lower bound.
    sample = diag_gaussian_sample(rng, mean, log_std)
    return logprob(sample) - diag_gaussian_logpdf(sample, mean, log_std)


def batch_elbo(logprob, rng, params, num_samples):
    # Average over a batch of random samples.
    rngs = random.split(rng, num_samples)
    vectorized_elbo = vmap(partial(elbo, logprob), in_axes=(0, None, None))
    return jnp.mean(vectorized_elbo(rngs, *params))


def funnel_log_density(params):
    return norm.logpdf(params[0], 0, jnp.exp(params[1])) + \
           norm.logpdf(params[1], 0, 1.35)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

import jax as _jax

K = lambda r: _jax.random.PRNGKey(int(r.integers(1 << 30)))
SPECS = [
    Spec("diag_gaussian_sample", diag_gaussian_sample, lambda r: (K(r), normal(r, 2), normal(r, 2, scale=0.3)),
         argnums=(1, 2), vmap_argnums=(0, 1, 2)),
    Spec("diag_gaussian_logpdf", diag_gaussian_logpdf, lambda r: (normal(r, 2), normal(r, 2), normal(r, 2, scale=0.3)),
         argnums=(0, 1, 2)),
    Spec("funnel_log_density", funnel_log_density, lambda r: (normal(r, 2, scale=0.5),)),
    Spec("elbo", elbo, lambda r: (funnel_log_density, K(r), normal(r, 2), normal(r, 2, scale=0.3)), argnums=(2, 3),
         vmap_argnums=(1, 2, 3), fd_ok=False),
    Spec("batch_elbo", batch_elbo, lambda r: (funnel_log_density, K(r), (normal(r, 2), normal(r, 2, scale=0.3)), 4),
         argnums=2, vmap_argnums=(1, 2), fd_ok=False),
]
