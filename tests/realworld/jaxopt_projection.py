# Copied from https://github.com/google/jaxopt
#   path:    jaxopt/_src/projection.py
#   commit:  2de13bf01fd29e22862236a0d869f2b14e1629d4
#   license: Apache-2.0 (LICENSE)
# Functions copied unchanged: projection_non_negative, _clip_safe, projection_box, projection_hypercube, _projection_unit_simplex, _projection_unit_simplex_jvp, projection_simplex, _projection_unit_sparse_simplex, _projection_unit_sparse_simplex_jvp, projection_sparse_simplex, projection_l1_sphere, projection_l1_ball, projection_l2_sphere, projection_l2_ball, projection_linf_ball, projection_hyperplane, projection_halfspace.
# Edits (imports only):
#   the solver imports (Bisection, EqualityConstrainedQP, LBFGS, OSQP, BoxOSQP) dropped: only functions that need none of them are copied
#   `from jaxopt._src import tree_util` -> `import jaxopt_tree_util as tree_util` (the copy here)
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from functools import partial
from typing import Any
from typing import Callable
from typing import Tuple

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

import jaxopt_tree_util as tree_util


def projection_non_negative(x: Any, hyperparams=None) -> Any:
  r"""Projection onto the non-negative orthant:

  .. math::

    \underset{p}{\text{argmin}} ~ ||x - p||_2^2 \quad
    \textrm{subject to} \quad p \ge 0

  Args:
    x: pytree to project.
    hyperparams: ignored.
  Returns:
    projected pytree, with the same structure as ``x``.
  """
  del hyperparams  # Not used.
  return tree_util.tree_map(jax.nn.relu, x)


def _clip_safe(x, lower, upper):
  return jnp.clip(jnp.asarray(x), lower, upper)


def projection_box(x: Any, hyperparams: Tuple) -> Any:
  r"""Projection onto box constraints:

  .. math::

    \underset{p}{\text{argmin}} ~ ||x - p||_2^2 \quad \textrm{subject to} \quad
    \text{lower} \le p \le \text{upper}

  Args:
    x: pytree to project.
    hyperparams: a tuple ``hyperparams = (lower, upper)``, where ``lower`` and
      ``upper`` can be either scalar values or pytrees of the same structure as
      ``x``.
  Returns:
    projected pytree, with the same structure as ``x``.
  """
  lower, upper = hyperparams
  return tree_util.tree_map(_clip_safe, x, lower, upper)


def projection_hypercube(x: Any, unit: float = 1.0) -> Any:
  r"""Projection onto the (unit) hypercube:

  .. math::

    \underset{p}{\text{argmin}} ~ ||x - p||_2^2 \quad \textrm{subject to} \quad
    0 \le p \le \text{unit}

  This is a convenience wrapper around
  :func:`projection_box <jaxopt.projection.projection_box>`.

  Args:
    x: pytree to project.
    unit: a float value, defaults to 1.0.
  Returns:
    projected pytree, with the same structure as ``x``.
  """
  return projection_box(x, (0.0, unit))


@jax.custom_jvp
def _projection_unit_simplex(x: jnp.ndarray) -> jnp.ndarray:
  """Projection onto the unit simplex."""
  s = 1.0
  n_features = x.shape[0]
  u = jnp.sort(x)[::-1]
  cumsum_u = jnp.cumsum(u)
  ind = jnp.arange(n_features) + 1
  cond = s / ind + (u - cumsum_u / ind) > 0
  idx = jnp.count_nonzero(cond)
  return jax.nn.relu(s / idx + (x - cumsum_u[idx - 1] / idx))


@_projection_unit_simplex.defjvp
def _projection_unit_simplex_jvp(primals, tangents):
  x, = primals
  x_dot, = tangents
  primal_out = _projection_unit_simplex(x)
  supp = primal_out > 0
  card = jnp.count_nonzero(supp)
  tangent_out = supp * x_dot - (jnp.dot(supp, x_dot) / card) * supp
  return primal_out, tangent_out


def projection_simplex(x: jnp.ndarray, value: float = 1.0) -> jnp.ndarray:
  r"""Projection onto a simplex:

  .. math::

    \underset{p}{\text{argmin}} ~ ||x - p||_2^2 \quad \textrm{subject to} \quad
    p \ge 0, p^\top 1 = \text{value}

  By default, the projection is onto the probability simplex.

  Args:
    x: vector to project, an array of shape (n,).
    value: value p should sum to (default: 1.0).
  Returns:
    projected vector, an array with the same shape as ``x``.
  """
  if value is None:
    value = 1.0
  return value * _projection_unit_simplex(x / value)


@partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def _projection_unit_sparse_simplex(
    x: jnp.ndarray, max_nz: int,
    use_approx_max_nz: bool = False) -> jnp.ndarray:
  """Projection onto the unit simplex with cardinality constraint (maximum number of non-zero elements)."""

  # Top max_nz values (in an decreasing order) and their corresponding indices
  if use_approx_max_nz:
    max_nz_values, max_nz_indices = jax.lax.approx_max_k(x, max_nz)
  else:
    max_nz_values, max_nz_indices = jax.lax.top_k(x, max_nz)

  # Projection the sorted top k values onto the unit simplex
  cumsum_max_nz_values = jnp.cumsum(max_nz_values)
  ind = jnp.arange(max_nz) + 1
  cond = 1 / ind + (max_nz_values - cumsum_max_nz_values / ind) > 0
  idx = jnp.count_nonzero(cond)
  max_nz_simplex_projection = jax.nn.relu(
      1 / idx + (max_nz_values - cumsum_max_nz_values[idx - 1] / idx))

  # Put the projection of max_nz_values to their original indices;
  # set all other indices zero.
  sparse_simplex_projection = jnp.sum(
      max_nz_simplex_projection[ :, jnp.newaxis] * jax.nn.one_hot(
          max_nz_indices, len(x), dtype=x.dtype), axis=0)

  return  sparse_simplex_projection


@_projection_unit_sparse_simplex.defjvp
def _projection_unit_sparse_simplex_jvp(
    max_nz, use_approx_max_nz, primals, tangents):
  x, = primals
  x_dot, = tangents
  primal_out = _projection_unit_sparse_simplex(x, max_nz, use_approx_max_nz)
  supp = primal_out > 0
  card = jnp.count_nonzero(supp)
  tangent_out = supp * x_dot - (jnp.dot(supp, x_dot) / card) * supp
  return primal_out, tangent_out


def projection_sparse_simplex(
    x: jnp.ndarray, max_nz: int,
    use_approx_max_nz: bool = False, value: float = 1.0) -> jnp.ndarray:
  r"""Projection onto the simplex with cardinality constraint (maximum number of non-zero elements).

  .. math::
    \underset{p}{\text{argmin}} ~ ||x - p||_2^2 \quad \textrm{subject to} \quad
    p \ge 0, p^\top 1 = \text{value}, ||p||_0 \le \text{max_nz}

  Args:
    x: vector to project, an array of shape (n,).
    max_nz: max nonzero values to keep
    use_approx_max_nz: when set to True, use `jax.lax.approx_max_k` to return
      max values and their indices in an approximate manner (default: False).
    value: value p should sum to (default: 1.0).
  Returns:
    projected vector, an array with the same shape as ``x``.

  References:
    Sparse projections onto the simplex
    Anastasios Kyrillidis, Stephen Becker, Volkan Cevher and, Christoph Koch
    ICML 2013
    https://arxiv.org/abs/1206.1529
  """
  if value is None:
    value = 1.0
  return value * _projection_unit_sparse_simplex(
      x / value, max_nz=max_nz, use_approx_max_nz=use_approx_max_nz)


def projection_l1_sphere(x: jnp.ndarray, value: float = 1.0) -> jnp.ndarray:
  r"""Projection onto the l1 sphere:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    ||y||_1 = \text{value}

  Args:
    x: array to project.
    value: radius of the sphere.

  Returns:
    output array, with the same shape as ``x``.
  """
  return jnp.sign(x) * projection_simplex(jnp.abs(x), value)


def projection_l1_ball(x: jnp.ndarray, max_value: float = 1.0) -> jnp.ndarray:
  r"""Projection onto the l1 ball:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    ||y||_1 \le \text{max_value}

  Args:
    x: array to project.
    max_value: radius of the ball.

  Returns:
    output array, with the same structure as ``x``.
  """
  l1_norm = jax.numpy.linalg.norm(x, ord=1)
  return jax.lax.cond(l1_norm <= max_value,
                      lambda _: x,
                      lambda _: projection_l1_sphere(x, max_value),
                      operand=None)


def projection_l2_sphere(x: Any, value: float = 1.0) -> Any:
  r"""Projection onto the l2 sphere:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    ||y||_2 = \text{value}

  Args:
    x: pytree to project.
    value: radius of the sphere.

  Returns:
    output pytree, with the same structure as ``x``.
  """
  factor = value / tree_util.tree_l2_norm(x)
  return tree_util.tree_scalar_mul(factor, x)


def projection_l2_ball(x: Any, max_value: float = 1.0) -> Any:
  r"""Projection onto the l2 ball:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    ||y||_2 \le \text{max_value}

  Args:
    x: pytree to project.
    max_value: radius of the ball.

  Returns:
    output pytree, with the same structure as ``x``.
  """
  l2_norm = tree_util.tree_l2_norm(x)
  factor = max_value / l2_norm
  return jax.lax.cond(l2_norm <= max_value,
                      lambda _: x,
                      lambda _: tree_util.tree_scalar_mul(factor, x),
                      operand=None)


def projection_linf_ball(x: Any, max_value: float = 1.0) -> Any:
  r"""Projection onto the l-infinity ball:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    ||y||_{\infty} \le \text{max_value}

  Args:
    x: pytree to project.
    max_value: radius of the ball.

  Returns:
    output pytree, with the same structure as ``x``.
  """
  return projection_box(x, (-max_value, max_value))


def projection_hyperplane(x: jnp.ndarray, hyperparams: Tuple) -> jnp.ndarray:
  r"""Projection onto a hyperplane:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    a^\top y = b

  Args:
    x: pytree to project.
    hyperparams: tuple ``hyperparams = (a, b)``, where ``a`` is a pytree with
                 the same structure as ``x`` and ``b`` is a scalar.

  Returns:
    output array, with the same shape as ``x`.
  """
  a, b = hyperparams
  scale = (tree_util.tree_vdot(a, x) -b) / tree_util.tree_vdot(a, a)
  return tree_util.tree_add_scalar_mul(x, -scale, a)


def projection_halfspace(x: jnp.ndarray, hyperparams: Tuple) -> jnp.ndarray:
  r"""Projection onto a halfspace:

  .. math::

    \underset{y}{\text{argmin}} ~ ||x - y||_2^2 \quad \textrm{subject to} \quad
    a^\top y \le b

  Args:
    x: pytree to project.
    hyperparams: tuple ``hyperparams = (a, b)``, where ``a`` is a pytree with
                 the same structure as ``x`` and ``b`` is a scalar.

  Returns:
    output array, with same shape as ``x``.
  """
  a, b = hyperparams
  scale = jax.nn.relu(tree_util.tree_vdot(a, x) -b) / tree_util.tree_vdot(a, a)
  return tree_util.tree_add_scalar_mul(x, -scale, a)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [
    Spec("projection_non_negative", projection_non_negative, lambda r: (normal(r, 5),)),
    Spec("projection_box", projection_box, lambda r: (normal(r, 5, scale=2.0), (-1.0, 1.0))),
    Spec("projection_hypercube", projection_hypercube, lambda r: (normal(r, 5),)),
    Spec("projection_simplex", projection_simplex, lambda r: (normal(r, 5),)),
    Spec("projection_sparse_simplex", projection_sparse_simplex, lambda r: (normal(r, 5), 2)),
    Spec("projection_l1_sphere", projection_l1_sphere, lambda r: (normal(r, 5),)),
    Spec("projection_l1_ball", projection_l1_ball, lambda r: (normal(r, 5),)),
    Spec("projection_l2_sphere", projection_l2_sphere, lambda r: (normal(r, 5),)),
    Spec("projection_l2_ball", projection_l2_ball, lambda r: ({"a": normal(r, 3), "b": normal(r, 2)},)),
    Spec("projection_linf_ball", projection_linf_ball, lambda r: (normal(r, 5),)),
    Spec("projection_hyperplane", projection_hyperplane, lambda r: (normal(r, 4), (normal(r, 4), 0.5)),
         argnums=(0, 1)),
    Spec("projection_halfspace", projection_halfspace, lambda r: (normal(r, 4), (normal(r, 4), -0.5)),
         argnums=(0, 1)),
]
