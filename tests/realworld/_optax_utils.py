# Copied from https://github.com/google-deepmind/optax
#   path:    optax/_src/utils.py
#   commit:  2edbcbe2390da13983b92cbef94ac0460ecde1c5
#   license: Apache-2.0 (LICENSE)
# Functions copied unchanged: check_subdtype, check_shapes_equal, check_rank.
# Edits: only the imports these need are kept.
import jax
import jax.numpy as jnp
import numpy as np


def check_subdtype(array: jax.typing.ArrayLike, subdtype: jax.typing.DTypeLike):
  """Check that `array`'s dtype is a subdtype of `subdtype`."""
  dtype = jax.dtypes.result_type(array)
  if not jnp.issubdtype(dtype, subdtype):
    raise TypeError(
        f'Expected the input to have a dtype that is a subdtype of {subdtype}, '
        f'got {dtype} instead'
    )


def check_shapes_equal(a: jax.typing.ArrayLike, b: jax.typing.ArrayLike):
  """Check that `a` and `b` have the same shape."""
  a_shape = a.shape if hasattr(a, 'shape') else np.asarray(a).shape
  b_shape = b.shape if hasattr(b, 'shape') else np.asarray(b).shape
  if a_shape != b_shape:
    raise ValueError(f'Shape mismatch: got {a_shape} and {b_shape}.')


def check_rank(array: jax.typing.ArrayLike, rank: int):
  """Check that `array` has the specified rank."""
  shape = array.shape if hasattr(array, 'shape') else np.asarray(array).shape
  array_rank = len(shape)
  if array_rank != rank:
    raise ValueError(
        f'Expected the input to have rank {rank}, got {array_rank} instead'
    )
