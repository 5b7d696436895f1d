# Copied from https://github.com/HIPS/autograd
#   path:    examples/bayesian_neural_net.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: make_nn_funs.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import itertools

import jax.numpy as np


def make_nn_funs(layer_sizes, L2_reg, noise_variance, nonlinearity=np.tanh):
    """These functions implement a standard multi-layer perceptron,
    vectorized over both training examples and weight samples."""
    shapes = list(itertools.pairwise(layer_sizes))
    num_weights = sum((m + 1) * n for m, n in shapes)

    def unpack_layers(weights):
        num_weight_sets = len(weights)
        for m, n in shapes:
            yield (
                weights[:, : m * n].reshape((num_weight_sets, m, n)),
                weights[:, m * n : m * n + n].reshape((num_weight_sets, 1, n)),
            )
            weights = weights[:, (m + 1) * n :]

    def predictions(weights, inputs):
        """weights is shape (num_weight_samples x num_weights)
        inputs  is shape (num_datapoints x D)"""
        inputs = np.expand_dims(inputs, 0)
        for W, b in unpack_layers(weights):
            outputs = np.einsum("mnd,mdo->mno", inputs, W) + b
            inputs = nonlinearity(outputs)
        return outputs

    def logprob(weights, inputs, targets):
        log_prior = -L2_reg * np.sum(weights**2, axis=1)
        preds = predictions(weights, inputs)
        log_lik = -np.sum((preds - targets) ** 2, axis=1)[:, 0] / noise_variance
        return log_prior + log_lik

    return num_weights, predictions, logprob


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

bnn_num_weights, bnn_predictions, bnn_logprob = make_nn_funs([1, 3, 1], L2_reg=0.1, noise_variance=0.01)
SPECS = [
    Spec("make_nn_funs.predictions", bnn_predictions, lambda r: (normal(r, 2, bnn_num_weights), normal(r, 5, 1)),
         argnums=(0, 1)),
    Spec("make_nn_funs.logprob", bnn_logprob,
         lambda r: (normal(r, 2, bnn_num_weights), normal(r, 5, 1), normal(r, 5, 1))),
]
