# Copied from https://github.com/microsoft/ADBench
#   path:    Python/Autograd/autograd_ba.py
#   commit:  76cc41d9998bc34aca4b2d7a8c19373d16b4776a
#   license: MIT (LICENSE.TXT at the repository's HEAD 38cb7931303a830c3700ca36ba9520868327ac87; this older commit has no license file)
# Functions copied unchanged: BA_NCAMPARAMS, ROT_IDX, C_IDX, F_IDX, X0_IDX, RAD_IDX, radial_distort, compute_w_err.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   the autograd-only imports and the benchmark driver at module level not copied; `cross` (a @primitive filling np.empty(3) in place) not copied: JAX arrays are immutable
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np


BA_NCAMPARAMS = 11


ROT_IDX = 0


C_IDX = 3


F_IDX = 6


X0_IDX = 7


RAD_IDX = 9


def radial_distort(rad_params,proj):
    rsq = np.sum(np.square(proj))
    L = 1. + rad_params[0]*rsq + rad_params[1]*rsq*rsq
    return proj*L


def compute_w_err(w):
    return 1. - w*w


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [
    Spec("radial_distort", radial_distort, lambda r: (normal(r, 2, scale=0.3), normal(r, 2)), argnums=(0, 1)),
    Spec("compute_w_err", compute_w_err, lambda r: (normal(r, 4),)),
]
