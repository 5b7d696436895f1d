# Copied from https://github.com/jax-ml/jax
#   path:    examples/differentially_private_sgd.py
#   commit:  cec06d116c05f0d52adfceee3d3b730fdbcb0ce5
#   license: Apache-2.0 (LICENSE)
# Functions copied unchanged: init_random_params, loss, clipped_grad, private_grad.
# Edits (imports only):
#   `absl`, `dp_accounting`, `examples.datasets`, `warnings`, `time` imports and the flag definitions dropped (training-script machinery the copied functions do not use)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import itertools

from jax import grad
from jax import jit
from jax import random
from jax import vmap
from jax.example_libraries import optimizers
from jax.example_libraries import stax
import jax.numpy as jnp
from jax.tree_util import tree_flatten, tree_unflatten
import numpy.random as npr


init_random_params, predict = stax.serial(
    stax.Conv(16, (8, 8), padding='SAME', strides=(2, 2)),
    stax.Relu,
    stax.MaxPool((2, 2), (1, 1)),
    stax.Conv(32, (4, 4), padding='VALID', strides=(2, 2)),
    stax.Relu,
    stax.MaxPool((2, 2), (1, 1)),
    stax.Flatten,
    stax.Dense(32),
    stax.Relu,
    stax.Dense(10),
)


def loss(params, batch):
  inputs, targets = batch
  logits = predict(params, inputs)
  logits = stax.logsoftmax(logits)  # log normalize
  return -jnp.mean(jnp.sum(logits * targets, axis=1))  # cross entropy loss


def clipped_grad(params, l2_norm_clip, single_example_batch):
  """Evaluate gradient for a single-example batch and clip its grad norm."""
  grads = grad(loss)(params, single_example_batch)
  nonempty_grads, tree_def = tree_flatten(grads)
  total_grad_norm = jnp.linalg.norm(
      jnp.array([jnp.linalg.norm(neg.ravel()) for neg in nonempty_grads]))
  divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.)
  normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
  return tree_unflatten(tree_def, normalized_nonempty_grads)


def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier,
                 batch_size):
  """Return differentially private gradients for params, evaluated on batch."""
  clipped_grads = vmap(clipped_grad, (None, None, 0))(params, l2_norm_clip, batch)
  clipped_grads_flat, grads_treedef = tree_flatten(clipped_grads)
  aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
  rngs = random.split(rng, len(aggregated_clipped_grads))
  noised_aggregated_clipped_grads = [
      g + l2_norm_clip * noise_multiplier * random.normal(r, g.shape)
      for r, g in zip(rngs, aggregated_clipped_grads)]
  normalized_noised_aggregated_clipped_grads = [
      g / batch_size for g in noised_aggregated_clipped_grads]
  return tree_unflatten(grads_treedef, normalized_noised_aggregated_clipped_grads)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

import jax as _jax

BIG = ("jacfwd", "jacrev", "hessian")
WHY = "10,000 parameters: a Jacobian or Hessian against them is too large for this corpus"
P = lambda r: init_random_params(_jax.random.PRNGKey(int(r.integers(1 << 30))), (-1, 16, 16, 1))[1]
B = lambda r, n: (normal(r, n, 16, 16, 1), onehot(r, n, 10))
SPECS = [
    Spec("loss", loss, lambda r: (P(r), B(r, 2)), skip=BIG, why=WHY, fd_ok=False),
    Spec("clipped_grad", clipped_grad, lambda r: (P(r), 1.0, B(r, 1)), skip=BIG, why=WHY, fd_ok=False),
    Spec("private_grad", private_grad,
         lambda r: (P(r), (normal(r, 2, 1, 16, 16, 1), onehot(r, 2, 10)[:, None]),
                    _jax.random.PRNGKey(int(r.integers(1 << 30))), 1.0, 1.1, 2),
         skip=BIG, why=WHY, fd_ok=False),
]
