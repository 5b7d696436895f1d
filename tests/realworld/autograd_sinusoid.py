# Copied from https://github.com/HIPS/autograd
#   path:    examples/sinusoid.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: fun.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   imports of plotting, data loading and optimizers dropped; the plotting code at module level not copied
#   the file defines `fun` twice; this is the second (the Taylor series)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np


# Taylor approximation to sin function
def fun(x):
    currterm = x
    ans = currterm
    for i in range(1000):
        print(i, end=" ")
        currterm = -currterm * x**2 / ((2 * i + 3) * (2 * i + 2))
        ans = ans + currterm
        if np.abs(currterm) < 0.2:
            break  # (Very generous tolerance!)

    return ans


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [Spec("fun.taylor", fun, lambda r: (uniform(r, low=0.5, high=2.0),))]
