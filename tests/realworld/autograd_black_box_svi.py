# Copied from https://github.com/HIPS/autograd
#   path:    examples/black_box_svi.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: black_box_variational_inference, log_density.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.numpy.random as npr` -> `import numpy.random as npr`
#   `import autograd.scipy.stats.multivariate_normal as mvn` -> `import jax.scipy.stats.multivariate_normal as mvn`
#   `from autograd.scipy.stats import norm` -> `from jax.scipy.stats import norm`
#   `from autograd import grad` -> `from jax import grad`
#   imports of plotting, data loading and optimizers dropped
#   log_density is copied from the file's `if __name__ == "__main__":` block, dedented by 4 spaces
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import numpy.random as npr
import jax.scipy.stats.multivariate_normal as mvn
from jax import grad
from jax.scipy.stats import norm


def black_box_variational_inference(logprob, D, num_samples):
    """Implements http://arxiv.org/abs/1401.0118, and uses the
    local reparameterization trick from http://arxiv.org/abs/1506.02557"""

    def unpack_params(params):
        # Variational dist is a diagonal Gaussian.
        mean, log_std = params[:D], params[D:]
        return mean, log_std

    def gaussian_entropy(log_std):
        return 0.5 * D * (1.0 + np.log(2 * np.pi)) + np.sum(log_std)

    rs = npr.RandomState(0)

    def variational_objective(params, t):
        """Provides a stochastic estimate of the variational lower bound."""
        mean, log_std = unpack_params(params)
        samples = rs.randn(num_samples, D) * np.exp(log_std) + mean
        lower_bound = gaussian_entropy(log_std) + np.mean(logprob(samples, t))
        return -lower_bound

    gradient = grad(variational_objective)

    return variational_objective, gradient, unpack_params


def log_density(x, t):
    mu, log_sigma = x[:, 0], x[:, 1]
    sigma_density = norm.logpdf(log_sigma, 0, 1.35)
    mu_density = norm.logpdf(mu, 0, np.exp(log_sigma))
    return sigma_density + mu_density


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

def _objective():
    return black_box_variational_inference(log_density, 2, num_samples=5)[0]


SPECS = [
    Spec("log_density", log_density, lambda r: (normal(r, 4, 2), 0)),
    Spec("black_box_variational_inference.variational_objective", None, lambda r: (normal(r, 4, scale=0.5), 0),
         build=_objective, fd_ok=False),
    Spec("black_box_variational_inference.unpack_params", black_box_variational_inference(log_density, 2, 5)[2],
         lambda r: (normal(r, 4),)),
]
