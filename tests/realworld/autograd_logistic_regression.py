# Copied from https://github.com/HIPS/autograd
#   path:    examples/logistic_regression.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: sigmoid, logistic_predictions, training_loss, inputs, targets.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np


def sigmoid(x):
    return 0.5 * (np.tanh(x) + 1)


def logistic_predictions(weights, inputs):
    # Outputs probability of a label being true according to logistic model.
    return sigmoid(np.dot(inputs, weights))


def training_loss(weights):
    # Training loss is the negative log-likelihood of the training labels.
    preds = logistic_predictions(weights, inputs)
    label_probabilities = preds * targets + (1 - preds) * (1 - targets)
    return -np.sum(np.log(label_probabilities))


# Build a toy dataset.
inputs = np.array([[0.52, 1.12, 0.77], [0.88, -1.08, 0.15], [0.52, 0.06, -1.30], [0.74, -2.49, 1.39]])


targets = np.array([True, True, False, True])


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [
    Spec("sigmoid", sigmoid, lambda r: (normal(r, 4),)),
    Spec("logistic_predictions", logistic_predictions, lambda r: (normal(r, 3), normal(r, 4, 3)), argnums=(0, 1)),
    Spec("training_loss", training_loss, lambda r: (normal(r, 3, scale=0.3),)),
]
