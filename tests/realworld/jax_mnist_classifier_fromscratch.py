# Copied from https://github.com/jax-ml/jax
#   path:    examples/mnist_classifier_fromscratch.py
#   commit:  085f5173589959ab088640d5cc461ce7cfe6bf87
#   license: Apache-2.0 (the file's header)
# Functions copied unchanged: predict, loss.
# Edits (imports only):
#   `from jax.api import jit, grad`, `from jax.config import config`, `from examples import datasets` dropped (old JAX modules; not used by the copied functions)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from jax.scipy.special import logsumexp
import jax.numpy as np


def predict(params, inputs):
  activations = inputs
  for w, b in params[:-1]:
    outputs = np.dot(activations, w) + b
    activations = np.tanh(outputs)

  final_w, final_b = params[-1]
  logits = np.dot(activations, final_w) + final_b
  return logits - logsumexp(logits, axis=1, keepdims=True)

def loss(params, batch):
  inputs, targets = batch
  preds = predict(params, inputs)
  return -np.mean(preds * targets)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

P = lambda r: mlp_params(r, [4, 5, 3, 3])
SPECS = [
    Spec("predict", predict, lambda r: (P(r), normal(r, 6, 4)), argnums=(0, 1)),
    Spec("loss", loss, lambda r: (P(r), (normal(r, 6, 4), onehot(r, 6, 3)))),
]
