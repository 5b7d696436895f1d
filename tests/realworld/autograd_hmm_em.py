# Copied from https://github.com/HIPS/autograd
#   path:    examples/hmm_em.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: normalize, log_partition_function.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   `from autograd import value_and_grad as vgrad` -> `from jax import value_and_grad as vgrad`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from functools import partial

import jax.numpy as np
from jax import value_and_grad as vgrad
from jax.scipy.special import logsumexp


def normalize(a):
    def replace_zeros(a):
        return np.where(a > 0.0, a, 1.0)

    return a / replace_zeros(a.sum(-1, keepdims=True))


def log_partition_function(natural_params, data):
    if isinstance(data, list):
        return sum(map(partial(log_partition_function, natural_params), data))

    log_pi, log_A, log_B = natural_params

    log_alpha = log_pi
    for y in data:
        log_alpha = logsumexp(log_alpha[:, None] + log_A, axis=0) + log_B[:, y]

    return logsumexp(log_alpha)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

def hmm_params(r):
    return (np.log(probs(r, 3)), np.log(probs(r, 3, 3)), np.log(probs(r, 3, 4)))


SPECS = [
    Spec("normalize", normalize, lambda r: (uniform(r, 3, 4),)),
    Spec("log_partition_function", log_partition_function, lambda r: (hmm_params(r), jnp.array([0, 2, 1, 3]))),
    Spec("log_partition_function.list_of_sequences", log_partition_function,
         lambda r: (hmm_params(r), [jnp.array([0, 2, 1]), jnp.array([3, 3])])),
]
