# Copied from https://github.com/HIPS/autograd
#   path:    examples/tanh.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: tanh.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   imports of plotting, data loading and optimizers dropped; the plotting code at module level not copied
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np


def tanh(x):
    return (1.0 - np.exp(-2 * x)) / (1.0 + np.exp(-(2 * x)))


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [Spec("tanh", tanh, lambda r: (normal(r, 5),))]
