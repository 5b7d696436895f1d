# Copied from https://github.com/HIPS/autograd
#   path:    examples/gmm.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: log_normalize, unpack_gmm_params, gmm_log_likelihood.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.numpy.random as npr` -> `import numpy.random as npr`
#   `import autograd.scipy.stats.multivariate_normal as mvn` -> `import jax.scipy.stats.multivariate_normal as mvn`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import jax.scipy.stats.multivariate_normal as mvn
from jax.scipy.special import logsumexp


def log_normalize(x):
    return x - logsumexp(x)


def unpack_gmm_params(params):
    normalized_log_proportions = log_normalize(params["log proportions"])
    return normalized_log_proportions, params["means"], params["lower triangles"]


def gmm_log_likelihood(params, data):
    cluster_lls = []
    for log_proportion, mean, cov_sqrt in zip(*unpack_gmm_params(params)):
        cov = np.dot(cov_sqrt.T, cov_sqrt)
        cluster_lls.append(log_proportion + mvn.logpdf(data, mean, cov))
    return np.sum(logsumexp(np.vstack(cluster_lls), axis=0))


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

def gmm_params(r):
    return {"log proportions": normal(r, 3), "means": normal(r, 3, 2),
            "lower triangles": np.zeros((3, 2, 2)) + np.eye(2) + 0.1 * normal(r, 3, 2, 2)}


SPECS = [
    Spec("log_normalize", log_normalize, lambda r: (normal(r, 4),)),
    Spec("unpack_gmm_params", unpack_gmm_params, lambda r: (gmm_params(r),)),
    Spec("gmm_log_likelihood", gmm_log_likelihood, lambda r: (gmm_params(r), normal(r, 5, 2)), argnums=(0, 1)),
]
