"""Helpers for the rules of cumulative products, differences, norms and
determinants (s2s/rules/reductions_more.py, s2s/rules/linalg_more.py),
registered with `@helper` like the rest of s2s/runtime.py, which imports them
back (`s2s.runtime` names every helper). Plain jnp code: s2s differentiates
and batches them again from their source (grad of grad)."""
import jax.numpy as jnp

from .runtime import helper, max_weights, min_weights


# -- cumulative products -------------------------------------------------------------
# d cumprod(x)_i / d x_j is the product of x_k over k <= i, k != j (for j <= i):
# computed without dividing by x_j, so zeros in x give the exact derivative, as
# JAX's (which differentiates the scan itself). It costs n * n per slice.

def _cumprod_partials(x):
    """partials[..., j, i] = d cumprod(x)_i / d x_j along x's last axis."""
    n = jnp.shape(x)[-1]
    others = jnp.where(jnp.eye(n, dtype=bool), 1, jnp.expand_dims(x, -2))
    return jnp.where(jnp.triu(jnp.ones((n, n), dtype=bool)), jnp.cumprod(others, axis=-1), 0)


@helper(pure=True)
def cumprod_tangent(x, x_dot, axis=None):
    """The tangent of jnp.cumprod(x, axis) (axis=None: x flattened)."""
    if axis is None:   # (one assignment each: axis never depends on x)
        return cumprod_tangent(jnp.ravel(x), jnp.ravel(x_dot), 0)
    partials = _cumprod_partials(jnp.moveaxis(x, axis, -1))
    tangent = jnp.sum(partials * jnp.expand_dims(jnp.moveaxis(x_dot, axis, -1), -1), axis=-2)
    return jnp.moveaxis(tangent, -1, axis)


@helper(pure=True)
def cumprod_cotangent(g, x, axis=None):
    """The cotangent of x in jnp.cumprod(x, axis), given the output's `g`."""
    if axis is None:
        return jnp.reshape(cumprod_cotangent(jnp.ravel(g), jnp.ravel(x), 0), jnp.shape(x))
    partials = _cumprod_partials(jnp.moveaxis(x, axis, -1))
    cotangent = jnp.sum(partials * jnp.expand_dims(jnp.moveaxis(g, axis, -1), -2), axis=-1)
    return jnp.moveaxis(cotangent, -1, axis)


# -- differences ---------------------------------------------------------------------

@helper(pure=True)
def diff_tangent(a_dot, n=1, axis=-1, prepend=None, append=None):
    """The tangent of jnp.diff(a, n, axis, prepend, append) for constant ends."""
    return jnp.diff(a_dot, n, axis=axis,
                    prepend=None if prepend is None else jnp.zeros_like(prepend),
                    append=None if append is None else jnp.zeros_like(append))


@helper(pure=True)
def diff_cotangent(g, a, n=1, axis=-1, prepend=None, append=None):
    """The cotangent of a in jnp.diff(a, n, axis, prepend, append): diff's
    transpose is minus a difference of g padded with a zero at each end, n times
    over; the ends' part of it is cut off."""
    widths = [(0, 0)] * jnp.ndim(g)
    widths[axis] = (n, n)
    full = (-1) ** n * jnp.diff(jnp.pad(g, widths), n, axis=axis)
    if prepend is None and append is None:
        return full
    start = 0 if prepend is None else 1 if jnp.ndim(prepend) == 0 else jnp.shape(prepend)[axis]
    return jnp.take(full, jnp.arange(start, start + jnp.shape(a)[axis]), axis=axis)


# -- norms ---------------------------------------------------------------------------

def _abs_slope(x):
    """jnp.abs's derivative as JAX takes it: 1 at 0."""
    return jnp.where(x >= 0, 1.0, -1.0)


def _norm_axes(x, ord, axis):
    """jnp.linalg.norm's axes: one (a vector norm) or two (a matrix norm)."""
    if axis is None:
        if ord is None:
            return tuple(range(jnp.ndim(x)))   # every axis, as one vector
        return tuple(range(jnp.ndim(x)))
    return (axis,) if isinstance(axis, int) else tuple(axis)


@helper(pure=True)
def norm_weights(x, ord=None, axis=None):
    """d jnp.linalg.norm(x, ord, axis) / d x, with the norm's reduced axes kept
    (size 1): the tangent is sum(x_dot * weights) over those axes. Ties in a
    max or min share, as in JAX; at 0 the 2-norm's is nan, as JAX's."""
    axes = _norm_axes(x, ord, axis)
    axes = tuple(a % jnp.ndim(x) for a in axes)
    norm = jnp.linalg.norm(x, ord, axis if axis is None else axes, keepdims=True)
    if ord is None or ord == "fro" or ord == "f" or (ord == 2 and len(axes) == 1):
        return x / norm
    if len(axes) == 1:
        a = axes[0]
        if ord == jnp.inf:
            return max_weights(jnp.abs(x), a) * _abs_slope(x)
        if ord == -jnp.inf:
            return min_weights(jnp.abs(x), a) * _abs_slope(x)
        if ord == 0:
            return jnp.zeros_like(x)
        if ord == 1:
            return _abs_slope(x) * jnp.ones_like(norm)
        return (jnp.abs(x) / norm) ** (ord - 1) * _abs_slope(x)
    row, col = axes
    if ord in (1, -1, jnp.inf, -jnp.inf):
        inner, outer = (row, col) if ord in (1, -1) else (col, row)
        sums = jnp.sum(jnp.abs(x), axis=inner, keepdims=True)
        pick = max_weights(sums, outer) if ord > 0 else min_weights(sums, outer)
        return pick * _abs_slope(x)
    # 2, -2, 'nuc': from the singular values; d s_k = u_k^T dx v_k
    moved = jnp.moveaxis(x, (row, col), (-2, -1))
    u, s, vt = jnp.linalg.svd(moved, full_matrices=False)
    if ord == 2:
        share = max_weights(s, -1)
    elif ord == -2:
        share = min_weights(s, -1)
    else:
        share = jnp.ones_like(s)
    weights = jnp.matmul(u * jnp.expand_dims(share, -2), vt)
    return jnp.moveaxis(weights, (-2, -1), (row, col))


# -- determinants --------------------------------------------------------------------

@helper(pure=True)
def adjugate(a):
    """The adjugate of each matrix in `a` (its last two axes): d det(a) =
    trace(adjugate(a) @ da). From the SVD a = u s vt, adj(a) = det(u) det(vt)
    vt.T adj(s) u.T, with adj(s) the products of the other singular values, so
    it is exact for a singular matrix too, as JAX's cofactor rule."""
    u, s, vt = jnp.linalg.svd(a)
    n = jnp.shape(s)[-1]
    others = jnp.prod(jnp.where(jnp.eye(n, dtype=bool), 1, jnp.expand_dims(s, -2)), axis=-1)
    signs = jnp.linalg.det(u) * jnp.linalg.det(vt)
    return jnp.expand_dims(signs, (-1, -2)) * jnp.matmul(
        jnp.swapaxes(vt, -1, -2) * jnp.expand_dims(others, -2), jnp.swapaxes(u, -1, -2))
