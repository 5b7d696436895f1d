# Copied from https://github.com/HIPS/autograd
#   path:    examples/neural_net_regression.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: nn_predict, log_gaussian, logprob.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.stats import norm` -> `from jax.scipy.stats import norm`
#   `from autograd.misc import flatten` -> `from jax.flatten_util import ravel_pytree as flatten`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
from jax.flatten_util import ravel_pytree as flatten
from jax.scipy.stats import norm


def nn_predict(params, inputs, nonlinearity=np.tanh):
    for W, b in params:
        outputs = np.dot(inputs, W) + b
        inputs = nonlinearity(outputs)
    return outputs


def log_gaussian(params, scale):
    flat_params, _ = flatten(params)
    return np.sum(norm.logpdf(flat_params, 0, scale))


def logprob(weights, inputs, targets, noise_scale=0.1):
    predictions = nn_predict(weights, inputs)
    return np.sum(norm.logpdf(predictions, targets, noise_scale))


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

P = lambda r: mlp_params(r, [1, 4, 4, 1])
SPECS = [
    Spec("nn_predict", nn_predict, lambda r: (P(r), normal(r, 6, 1)), argnums=(0, 1)),
    Spec("log_gaussian", log_gaussian, lambda r: (P(r), 1.0)),
    Spec("logprob", logprob, lambda r: (P(r), normal(r, 6, 1), normal(r, 6, 1))),
]
