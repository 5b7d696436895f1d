# Copied from https://github.com/HIPS/autograd
#   path:    examples/ica.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: make_ica_funs.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.stats import t` -> `from jax.scipy.stats import t`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
from jax.scipy.stats import t


def make_ica_funs(observed_dimension, latent_dimension):
    """These functions implement independent component analysis.

    The model is:
    latents are drawn i.i.d. for each data point from a product of student-ts.
    weights are the same across all datapoints.
    each data = latents * weghts + noise."""

    def sample(weights, n_samples, noise_std, rs):
        latents = rs.randn(latent_dimension, n_samples)
        latents = np.array(sorted(latents.T, key=lambda a_entry: a_entry[0])).T
        noise = rs.randn(n_samples, observed_dimension) * noise_std
        observed = predict(weights, latents) + noise
        return latents, observed

    def predict(weights, latents):
        return np.dot(weights, latents).T

    def logprob(weights, latents, noise_std, observed):
        preds = predict(weights, latents)
        log_lik = np.sum(t.logpdf(preds, 2.4, observed, noise_std))
        return log_lik

    num_weights = observed_dimension * latent_dimension

    def unpack_weights(weights):
        return np.reshape(weights, (observed_dimension, latent_dimension))

    return num_weights, sample, logprob, unpack_weights


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

num_weights, ica_sample, ica_logprob, ica_unpack_weights = make_ica_funs(3, 2)
SPECS = [
    Spec("make_ica_funs.logprob", ica_logprob,
         lambda r: (normal(r, 3, 2), normal(r, 2, 5), 0.5, normal(r, 5, 3)), argnums=(0, 1)),
    Spec("make_ica_funs.unpack_weights", ica_unpack_weights, lambda r: (normal(r, 6),)),
]
