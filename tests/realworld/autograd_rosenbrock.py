# Copied from https://github.com/HIPS/autograd
#   path:    examples/rosenbrock.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: rosenbrock.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   imports of plotting, data loading and optimizers dropped; the optimization at module level not copied
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np


def rosenbrock(x):
    return 100 * (x[1] - x[0] ** 2) ** 2 + (1 - x[0]) ** 2


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [Spec("rosenbrock", rosenbrock, lambda r: (normal(r, 2),))]
