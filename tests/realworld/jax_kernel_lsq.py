# Copied from https://github.com/jax-ml/jax
#   path:    examples/kernel_lsq.py
#   commit:  00cc3bc825bab4f48609cb2f5e9ad612144c048a
#   license: Apache-2.0 (the file's header)
# Functions copied unchanged: gram.
# Edits (imports only):
#   `from jax.config import config`, `from jax.experimental import minmax` dropped (old JAX modules; not used by the copied function)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from functools import partial

import numpy.random as npr

import jax.numpy as np
from jax import grad, jit, vmap


def gram(kernel, xs):
  '''Compute a Gram matrix from a kernel and an array of data points.

  Args:
    kernel: callable, maps pairs of data points to scalars.
    xs: array of data points, stacked along the leading dimension.

  Returns:
    A 2d array `a` such that `a[i, j] = kernel(xs[i], xs[j])`.
  '''
  return vmap(lambda x: vmap(lambda y: kernel(x, y))(xs))(xs)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

kernel = lambda x, y: np.dot(x, y)         # the file's __main__ kernel
rbf = lambda x, y: np.exp(-np.sum((x - y) ** 2))
SPECS = [
    Spec("gram.linear", gram, lambda r: (kernel, normal(r, 4, 3)), argnums=1),
    Spec("gram.rbf", gram, lambda r: (rbf, normal(r, 4, 3)), argnums=1),
]
