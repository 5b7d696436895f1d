# Copied from https://github.com/HIPS/autograd
#   path:    examples/gaussian_process.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: make_gp_funs, rbf_covariance.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.scipy.stats.multivariate_normal as mvn` -> `import jax.scipy.stats.multivariate_normal as mvn`
#   `from autograd.numpy.linalg import solve` -> `from jax.numpy.linalg import solve`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import jax.scipy.stats.multivariate_normal as mvn
from jax.numpy.linalg import solve


def make_gp_funs(cov_func, num_cov_params):
    """Functions that perform Gaussian process regression.
    cov_func has signature (cov_params, x, x')"""

    def unpack_kernel_params(params):
        mean = params[0]
        cov_params = params[2:]
        noise_scale = np.exp(params[1]) + 0.0001
        return mean, cov_params, noise_scale

    def predict(params, x, y, xstar):
        """Returns the predictive mean and covariance at locations xstar,
        of the latent function value f (without observation noise)."""
        mean, cov_params, noise_scale = unpack_kernel_params(params)
        cov_f_f = cov_func(cov_params, xstar, xstar)
        cov_y_f = cov_func(cov_params, x, xstar)
        cov_y_y = cov_func(cov_params, x, x) + noise_scale * np.eye(len(y))
        pred_mean = mean + np.dot(solve(cov_y_y, cov_y_f).T, y - mean)
        pred_cov = cov_f_f - np.dot(solve(cov_y_y, cov_y_f).T, cov_y_f)
        return pred_mean, pred_cov

    def log_marginal_likelihood(params, x, y):
        mean, cov_params, noise_scale = unpack_kernel_params(params)
        cov_y_y = cov_func(cov_params, x, x) + noise_scale * np.eye(len(y))
        prior_mean = mean * np.ones(len(y))
        return mvn.logpdf(y, prior_mean, cov_y_y)

    return num_cov_params + 2, predict, log_marginal_likelihood


# Define an example covariance function.
def rbf_covariance(kernel_params, x, xp):
    output_scale = np.exp(kernel_params[0])
    lengthscales = np.exp(kernel_params[1:])
    diffs = np.expand_dims(x / lengthscales, 1) - np.expand_dims(xp / lengthscales, 0)
    return output_scale * np.exp(-0.5 * np.sum(diffs**2, axis=2))


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

num_params, gp_predict, gp_log_marginal_likelihood = make_gp_funs(rbf_covariance, num_cov_params=2)
SPECS = [
    Spec("rbf_covariance", rbf_covariance, lambda r: (normal(r, 2), normal(r, 5, 1), normal(r, 4, 1)),
         argnums=(0, 1, 2)),
    Spec("make_gp_funs.predict", gp_predict,
         lambda r: (normal(r, 4, scale=0.3), normal(r, 6, 1), normal(r, 6), normal(r, 3, 1)), argnums=(0, 2)),
    Spec("make_gp_funs.log_marginal_likelihood", gp_log_marginal_likelihood,
         lambda r: (normal(r, 4, scale=0.3), normal(r, 6, 1), normal(r, 6)), argnums=(0, 2)),
]
