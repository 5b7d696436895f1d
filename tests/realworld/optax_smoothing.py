# Copied from https://github.com/google-deepmind/optax
#   path:    optax/losses/_smoothing.py
#   commit:  2edbcbe2390da13983b92cbef94ac0460ecde1c5
#   license: Apache-2.0 (LICENSE)
# Functions copied unchanged: smooth_labels.
# Edits (imports only):
#   `from optax._src import utils` -> `import _optax_utils as utils` (a copy of the three checks used, from optax/_src/utils.py)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from typing import Union

import jax
import jax.numpy as jnp
import _optax_utils as utils


def smooth_labels(
    labels: jax.typing.ArrayLike,
    alpha: jax.typing.ArrayLike,
    *,
    axis: Union[int, tuple[int, ...], None] = -1,
    where: Union[jax.typing.ArrayLike, None] = None,
) -> jax.Array:
  """Apply label smoothing.

  Label smoothing is often used in combination with a cross-entropy loss.
  Smoothed labels favor small logit gaps, and it has been shown that this can
  provide better model calibration by preventing overconfident predictions.

  Args:
    labels: One hot labels to be smoothed.
    alpha: The smoothing factor.
    axis: Axis or axes along which to compute.
    where: Elements to include in the computation.

  Returns:
    a smoothed version of the one hot input labels.

  References:
    Muller et al, `When does label smoothing help?
    <https://arxiv.org/abs/1906.02629>`_, 2019
  """
  utils.check_subdtype(labels, jnp.floating)
  if where is None:
    num_categories = jnp.size(labels, axis)
  else:
    num_categories = jnp.sum(where, axis, keepdims=True)
  # pyrefly: ignore [bad-return]
  return (1.0 - alpha) * labels + alpha / num_categories  # pytype: disable=bad-return-type  # jax-arraylike # noqa: E501


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [Spec("smooth_labels", smooth_labels, lambda r: (probs(r, 3, 4), 0.1), argnums=(0, 1))]
