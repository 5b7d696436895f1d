# Copied from https://github.com/HIPS/autograd
#   path:    examples/neural_net.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: neural_net_predict, l2_norm, log_posterior.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   `from autograd.misc.flatten import flatten` -> `from jax.flatten_util import ravel_pytree as flatten`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
from jax.flatten_util import ravel_pytree as flatten
from jax.scipy.special import logsumexp


def neural_net_predict(params, inputs):
    """Implements a deep neural network for classification.
    params is a list of (weights, bias) tuples.
    inputs is an (N x D) matrix.
    returns normalized class log-probabilities."""
    for W, b in params:
        outputs = np.dot(inputs, W) + b
        inputs = np.tanh(outputs)
    return outputs - logsumexp(outputs, axis=1, keepdims=True)


def l2_norm(params):
    """Computes l2 norm of params by flattening them into a vector."""
    flattened, _ = flatten(params)
    return np.dot(flattened, flattened)


def log_posterior(params, inputs, targets, L2_reg):
    log_prior = -L2_reg * l2_norm(params)
    log_lik = np.sum(neural_net_predict(params, inputs) * targets)
    return log_prior + log_lik


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

P = lambda r: mlp_params(r, [3, 4, 2])
SPECS = [
    Spec("neural_net_predict", neural_net_predict, lambda r: (P(r), normal(r, 5, 3)), argnums=(0, 1)),
    Spec("l2_norm", l2_norm, lambda r: (P(r),)),
    Spec("log_posterior", log_posterior, lambda r: (P(r), normal(r, 5, 3), onehot(r, 5, 2), 0.1)),
]
