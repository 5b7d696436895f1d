"""Helpers for the rules of cumulative products, differences, norms and
determinants (s2s/rules/reductions_more.py, s2s/rules/linalg_more.py),
registered with `@helper` like the rest of s2s/runtime.py, which imports them
back (`s2s.runtime` names every helper). Plain jnp code: s2s differentiates
and batches them again from their source (grad of grad)."""
import jax.numpy as jnp
from jax._src.numpy.linalg import SlogdetResult   # what jnp.linalg.slogdet returns

from .runtime import helper, max_weights, min_weights, unbroadcast


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
    # (axis=None by a private function, not a call of itself: s2s inlines a
    # helper's source to transform it again, and cannot inline recursion)
    if axis is None:
        return _cumprod_tangent(jnp.ravel(x), jnp.ravel(x_dot), 0)
    return _cumprod_tangent(x, x_dot, axis)


def _cumprod_tangent(x, x_dot, axis):
    partials = _cumprod_partials(jnp.moveaxis(x, axis, -1))
    tangent = jnp.sum(partials * jnp.expand_dims(jnp.moveaxis(x_dot, axis, -1), -1), axis=-2)
    return jnp.moveaxis(tangent, -1, axis)


@helper(pure=True)
def cumprod_cotangent(g, x, axis=None):
    """The cotangent of x in jnp.cumprod(x, axis), given the output's `g`."""
    if axis is None:   # (a private function, as in cumprod_tangent)
        return jnp.reshape(_cumprod_cotangent(jnp.ravel(g), jnp.ravel(x), 0), jnp.shape(x))
    return _cumprod_cotangent(g, x, axis)


def _cumprod_cotangent(g, x, axis):
    partials = _cumprod_partials(jnp.moveaxis(x, axis, -1))
    cotangent = jnp.sum(partials * jnp.expand_dims(jnp.moveaxis(g, axis, -1), -2), axis=-1)
    return jnp.moveaxis(cotangent, -1, axis)


# -- differences ---------------------------------------------------------------------

@helper(pure=True)
def diff_tangent(a_dot, n=1, axis=-1, prepend=None, append=None):
    """The tangent of jnp.diff(a, n, axis, prepend, append) for constant ends:
    a_dot with zeros where the ends go, differenced."""
    # (a pad, not jnp.diff's prepend/append of zeros: s2s differentiates and
    # batches the pad, and jnp.diff's ends are not differentiable to it)
    lo, hi = 0, 0   # (how many entries each end adds along the axis)
    if prepend is not None:
        lo = 1 if jnp.ndim(prepend) == 0 else jnp.shape(prepend)[axis]
    if append is not None:
        hi = 1 if jnp.ndim(append) == 0 else jnp.shape(append)[axis]
    widths = [(0, 0)] * jnp.ndim(a_dot)
    widths[axis] = (lo, hi)
    return jnp.diff(jnp.pad(a_dot, widths), n, axis=axis)


@helper(pure=True)
def diff_cotangent(g, a, n=1, axis=-1, prepend=None, append=None):
    """The cotangent of a in jnp.diff(a, n, axis, prepend, append): diff's
    transpose is minus a difference of g padded with a zero at each end, n times
    over; the ends' part of it is cut off."""
    widths = [(0, 0)] * jnp.ndim(g)
    widths[axis] = (n, n)
    sign = 1 if n % 2 == 0 else -1
    full = sign * jnp.diff(jnp.pad(g, widths), n, axis=axis)
    if prepend is None and append is None:
        return full
    start = 0
    if prepend is not None:
        start = 1 if jnp.ndim(prepend) == 0 else jnp.shape(prepend)[axis]
    return jnp.take(full, jnp.arange(start, start + jnp.shape(a)[axis]), axis=axis)


# -- norms ---------------------------------------------------------------------------

def _abs_slope(x):
    """jnp.abs's derivative as JAX takes it: 1 at 0."""
    return jnp.where(x >= 0, 1.0, -1.0)


@helper(pure=True)
def norm_weights(x, ord=None, axis=None):
    """d jnp.linalg.norm(x, ord, axis) / d x, with the norm's reduced axes kept
    (size 1): the tangent is sum(x_dot * weights) over those axes. Ties in a
    max or min share, as in JAX; at 0 the 2-norm's is nan, as JAX's."""
    norm = jnp.linalg.norm(x, ord, axis, keepdims=True)
    if ord is None or ord == "fro" or ord == "f":
        return x / norm
    if _is_vector_norm(jnp.ndim(x), axis):
        if ord == 2:
            return x / norm
        if ord == jnp.inf:
            return max_weights(jnp.abs(x), axis) * _abs_slope(x)
        if ord == -jnp.inf:
            return min_weights(jnp.abs(x), axis) * _abs_slope(x)
        if ord == 0:
            return jnp.zeros_like(x)
        if ord == 1:
            return _abs_slope(x) * jnp.ones_like(norm)
        return (jnp.abs(x) / norm) ** (ord - 1) * _abs_slope(x)
    return _matrix_norm_weights(x, ord, _matrix_axes(jnp.ndim(x), axis))


def _is_vector_norm(ndim, axis):
    return isinstance(axis, int) or (axis is None and ndim == 1) or \
        (axis is not None and len(axis) == 1)


def _matrix_axes(ndim, axis):
    """(row, col), non-negative, of a matrix norm over `axis`."""
    if axis is None:
        return 0, 1
    return axis[0] % ndim, axis[1] % ndim


def _matrix_norm_weights(x, ord, axes):
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
def slogdet_tangent(t):
    """The tangent of jnp.linalg.slogdet(a), shaped like its value (a
    SlogdetResult): `t` the log's, the sign's zero."""
    return SlogdetResult(jnp.zeros_like(t), t)


@helper(pure=True)
def adjugate(a):
    """The adjugate of each matrix in `a` (its last two axes): d det(a) =
    trace(adjugate(a) @ da). det(a) inv(a) where a is invertible; from the SVD
    where det(a) is 0, so a singular matrix gets JAX's derivative (its
    cofactors) too. Each branch sees a matrix it can take (the double where),
    so neither puts a nan in the other's derivative."""
    det = jnp.expand_dims(jnp.linalg.det(a), (-1, -2))
    n = jnp.shape(a)[-1]
    singular = det == 0
    invertible = jnp.where(singular, jnp.eye(n), a)
    distinct = jnp.where(singular, a, jnp.diag(jnp.arange(1.0, n + 1)))   # distinct s
    return jnp.where(singular, _adjugate_by_svd(distinct), det * jnp.linalg.inv(invertible))


def _adjugate_by_svd(a):
    """adj(a) = det(u) det(vt) vt.T adj(s) u.T for a = u s vt, with adj(s) the
    products of the other singular values: defined for a singular a too."""
    u, s, vt = jnp.linalg.svd(a)
    n = jnp.shape(s)[-1]
    # (a cumprod's last entry, not jnp.prod: its second derivative is s2s's own)
    others = jnp.cumprod(jnp.where(jnp.eye(n, dtype=bool), 1, jnp.expand_dims(s, -2)),
                         axis=-1)[..., -1]
    signs = jnp.linalg.det(u) * jnp.linalg.det(vt)
    return jnp.expand_dims(signs, (-1, -2)) * jnp.matmul(
        jnp.swapaxes(vt, -1, -2) * jnp.expand_dims(others, -2), jnp.swapaxes(u, -1, -2))


# -- solves, inverses, factorizations -----------------------------------------------------

@helper(pure=True)
def solve_product(m, x, b):
    """m @ x, read the way jnp.linalg.solve(a, b) reads b: a vector when b is
    1-d (x then has a's batch axes), else a stack of matrices."""
    if jnp.ndim(b) == 1:
        return jnp.sum(m * jnp.expand_dims(x, -2), axis=-1)
    return jnp.matmul(m, x)


@helper(pure=True)
def solve_like(a, b, r):
    """jnp.linalg.solve(a, r) with r read the way b is: a vector (one per
    matrix of a) when b is 1-d, even where r has a's batch axes."""
    if jnp.ndim(b) == 1:
        return jnp.squeeze(jnp.linalg.solve(a, jnp.expand_dims(r, -1)), -1)
    return jnp.linalg.solve(a, r)


@helper(pure=True)
def solve_cotangent_a(b_bar, x, a, b):
    """The cotangent of a in x = jnp.linalg.solve(a, b), given b's (b_bar =
    solve(a.T, x_bar)): -b_bar x^T, summed over axes a was broadcast along."""
    if jnp.ndim(b) == 1:
        outer = jnp.expand_dims(b_bar, -1) * jnp.expand_dims(x, -2)
    else:
        outer = jnp.matmul(b_bar, jnp.swapaxes(x, -1, -2))
    return -unbroadcast(outer, a)


def _lower_half(m):
    """The lower triangle of m with its diagonal halved (cholesky's Phi)."""
    n = jnp.shape(m)[-1]
    return jnp.tril(m) - 0.5 * m * jnp.eye(n)


def _symmetric(m):
    return 0.5 * (m + jnp.swapaxes(m, -1, -2))


@helper(pure=True)
def cholesky_tangent(c, a_dot, upper=False, symmetrize_input=True):
    """The tangent of c = jnp.linalg.cholesky(a): with l the lower factor,
    l_dot = l Phi(l^-1 a_dot l^-T) (a_dot made symmetric first if JAX does)."""
    l = jnp.swapaxes(c, -1, -2) if upper else c
    s_dot = _symmetric(a_dot) if symmetrize_input else a_dot
    l_inv = jnp.linalg.inv(l)
    l_dot = jnp.matmul(l, _lower_half(jnp.matmul(jnp.matmul(l_inv, s_dot),
                                                 jnp.swapaxes(l_inv, -1, -2))))
    return jnp.swapaxes(l_dot, -1, -2) if upper else l_dot


@helper(pure=True)
def cholesky_cotangent(g, c, upper=False, symmetrize_input=True):
    """The cotangent of a in c = jnp.linalg.cholesky(a): the transpose of
    cholesky_tangent, l^-T Phi(l^T g) l^-1 (made symmetric if JAX does)."""
    l = jnp.swapaxes(c, -1, -2) if upper else c
    l_bar = jnp.swapaxes(g, -1, -2) if upper else g
    l_inv = jnp.linalg.inv(l)
    s_bar = jnp.matmul(jnp.matmul(jnp.swapaxes(l_inv, -1, -2),
                                  _lower_half(jnp.matmul(jnp.swapaxes(l, -1, -2), l_bar))), l_inv)
    return _symmetric(s_bar) if symmetrize_input else s_bar


@helper(pure=True)
def matrix_power_tangent(a, a_dot, n):
    """The tangent of jnp.linalg.matrix_power(a, n): the sum over k < n of
    a^k a_dot a^(n-1-k), built up as t = t a + a^k a_dot; for n < 0, that of
    inv(a)^-n, inv(a)'s tangent being -inv(a) a_dot inv(a)."""
    # (n < 0 by a private function, not a call of itself: s2s cannot inline recursion)
    if n < 0:
        a_inv = jnp.linalg.inv(a)
        return _power_tangent(a_inv, -jnp.matmul(jnp.matmul(a_inv, a_dot), a_inv), -n)
    return _power_tangent(a, a_dot, n)


def _power_tangent(a, a_dot, n):
    """matrix_power_tangent for n >= 0."""
    power = jnp.zeros_like(a) + jnp.eye(jnp.shape(a)[-1])   # a^k
    total = jnp.zeros_like(a_dot)
    for k in range(n):
        total = jnp.matmul(total, a) + jnp.matmul(power, a_dot)
        power = jnp.matmul(power, a)
    return total


@helper(pure=True)
def matrix_power_cotangent(g, a, n):
    """The cotangent of a in jnp.linalg.matrix_power(a, n): the sum over k of
    (a^k)^T g (a^(n-1-k))^T, which is matrix_power_tangent of a^T and g."""
    if n < 0:
        a_inv_t = jnp.swapaxes(jnp.linalg.inv(a), -1, -2)
        return -jnp.matmul(jnp.matmul(a_inv_t, _power_tangent(a_inv_t, g, -n)), a_inv_t)
    return _power_tangent(jnp.swapaxes(a, -1, -2), g, n)


# -- lax.dot_general -----------------------------------------------------------------------

@helper
def dot_general_specs(lhs, rhs, dimension_numbers, cotangent=None):
    """The einsum subscripts (lhs, rhs, output) of lax.dot_general(lhs, rhs,
    dimension_numbers): contracted and batch axes share a letter; the output
    is the batch axes, then lhs's free axes, then rhs's. With cotangent="lhs"
    (or "rhs"): instead (dimension numbers, permutation) such that that
    operand's cotangent is jnp.transpose(lax.dot_general(g, rhs, dims), perm)
    (lax.dot_general(lhs, g, dims) for rhs's), as JAX's transpose rule."""
    (lc, rc), (lb, rb) = dimension_numbers
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    ls = [next(letters) for _ in range(jnp.ndim(lhs))]
    rs = [next(letters) for _ in range(jnp.ndim(rhs))]
    for i, j in zip(list(lc) + list(lb), list(rc) + list(rb)):
        rs[j] = ls[i]
    out = [ls[i] for i in lb] + [c for i, c in enumerate(ls) if i not in lc and i not in lb] + \
        [c for j, c in enumerate(rs) if j not in rc and j not in rb]
    if cotangent is None:
        return "".join(ls), "".join(rs), "".join(out)
    nb, batch = len(lb), out[:len(lb)]
    if cotangent == "lhs":   # g against rhs over rhs's free axes
        free = [c for c in rs if c not in ls]
        dims = ((tuple(out.index(c) for c in free), tuple(rs.index(c) for c in free)),
                (tuple(range(nb)), tuple(rb)))
        axes = batch + [c for c in out[nb:] if c in ls] + \
            [c for c in rs if c in ls and c not in batch]
        return dims, tuple(axes.index(c) for c in ls)
    free = [c for c in ls if c not in rs]   # lhs against g over lhs's free axes
    dims = ((tuple(ls.index(c) for c in free), tuple(out.index(c) for c in free)),
            (tuple(lb), tuple(range(nb))))
    axes = batch + [c for c in ls if c in rs and c not in batch] + [c for c in out[nb:] if c in rs]
    return dims, tuple(axes.index(c) for c in rs)


# Each cotangent is itself a dot_general, then a transpose (as JAX's own
# transpose rule): not an einsum, whose subscripts here would be computed, where
# s2s's reverse mode needs them written out (grad of grad through dot_general).
# The dot_general is written with jnp alone (a helper's source put in line in
# the user's code is looked up in the user's module, which need not name `lax`).

def _dot_general(x, y, dims):
    """lax.dot_general(x, y, dims): each operand as (batch, free, contracted)
    matrices, one einsum with its subscripts written out, the axes back."""
    (xc, yc), (xb, yb) = dims
    xf = [i for i in range(jnp.ndim(x)) if i not in xc and i not in xb]
    yf = [j for j in range(jnp.ndim(y)) if j not in yc and j not in yb]
    sx, sy = jnp.shape(x), jnp.shape(y)
    nb, nf, nk, ng = _size(sx, xb), _size(sx, xf), _size(sx, xc), _size(sy, yf)
    xm = jnp.reshape(jnp.transpose(x, tuple(xb) + tuple(xf) + tuple(xc)), (nb, nf, nk))
    ym = jnp.reshape(jnp.transpose(y, tuple(yb) + tuple(yc) + tuple(yf)), (nb, nk, ng))
    out = jnp.einsum("bfk,bkg->bfg", xm, ym)
    return jnp.reshape(out, tuple([sx[i] for i in xb]) + tuple([sx[i] for i in xf])
                       + tuple([sy[j] for j in yf]))


def _size(shape, axes):
    n = 1
    for a in axes:
        n = n * shape[a]
    return n

@helper(pure=True, product=True)
def dot_general_cotangent_lhs(g, lhs, rhs, dimension_numbers):
    """Cotangent of lhs in lax.dot_general(lhs, rhs, dimension_numbers): the
    output's cotangent against rhs, back to lhs's axes."""
    dims, perm = dot_general_specs(lhs, rhs, dimension_numbers, "lhs")
    return jnp.transpose(_dot_general(g, rhs, dims), perm)


@helper(pure=True, product=True)
def dot_general_cotangent_rhs(g, lhs, rhs, dimension_numbers):
    """Cotangent of rhs in lax.dot_general(lhs, rhs, dimension_numbers)."""
    dims, perm = dot_general_specs(lhs, rhs, dimension_numbers, "rhs")
    return jnp.transpose(_dot_general(lhs, g, dims), perm)


# -- cumulative_sum and cumulative_prod ------------------------------------------------------

def _drop_initial(g, axis, include_initial):
    """g without the leading entry include_initial added along the axis."""
    if not include_initial:
        return g
    return jnp.take(g, jnp.arange(1, jnp.shape(g)[axis]), axis=axis)


@helper(pure=True)
def cumulative_sum_cotangent(g, x, axis=None, include_initial=False):
    """The cotangent of x in jnp.cumulative_sum(x, axis=axis): a cumulative sum
    from the other end (axis=None: x is one-dimensional)."""
    along = 0 if axis is None else axis
    kept = _drop_initial(g, along, include_initial)
    return jnp.flip(jnp.cumsum(jnp.flip(kept, along), axis=along), along)


@helper(pure=True)
def cumulative_prod_tangent(x, x_dot, axis=None, include_initial=False):
    """The tangent of jnp.cumulative_prod(x, axis=axis): cumprod's, after a
    zero where include_initial puts the leading one."""
    along = 0 if axis is None else axis
    tangent = cumprod_tangent(x, x_dot, along)
    if not include_initial:
        return tangent
    return jnp.concatenate([jnp.zeros_like(jnp.take(tangent, jnp.arange(1), axis=along)),
                            tangent], axis=along)


@helper(pure=True)
def cumulative_prod_cotangent(g, x, axis=None, include_initial=False):
    """The cotangent of x in jnp.cumulative_prod(x, axis=axis)."""
    along = 0 if axis is None else axis
    return cumprod_cotangent(_drop_initial(g, along, include_initial), x, along)


# -- pseudo-inverses -------------------------------------------------------------------------
# Golub and Pereyra's derivative of p = pinv(a), as JAX's:
# dp = -p da p + (I - p a) da^T p^T p + p p^T da^T (I - a p).

def _t(m):
    return jnp.swapaxes(m, -1, -2)


@helper(pure=True)
def pinv_tangent(p, a, a_dot, hermitian=False):
    """The tangent of p = jnp.linalg.pinv(a, hermitian=hermitian)."""
    if hermitian:
        a, a_dot = _symmetric(a), _symmetric(a_dot)
    rest_n = jnp.eye(jnp.shape(a)[-1]) - jnp.matmul(p, a)   # I - p a
    rest_m = jnp.eye(jnp.shape(a)[-2]) - jnp.matmul(a, p)   # I - a p
    return -jnp.matmul(jnp.matmul(p, a_dot), p) \
        + jnp.matmul(jnp.matmul(rest_n, _t(a_dot)), jnp.matmul(_t(p), p)) \
        + jnp.matmul(jnp.matmul(p, _t(p)), jnp.matmul(_t(a_dot), rest_m))


@helper(pure=True)
def pinv_cotangent(g, p, a, hermitian=False):
    """The cotangent of a in p = jnp.linalg.pinv(a): pinv_tangent's transpose."""
    if hermitian:
        a = _symmetric(a)
    rest_n = jnp.eye(jnp.shape(a)[-1]) - jnp.matmul(p, a)
    rest_m = jnp.eye(jnp.shape(a)[-2]) - jnp.matmul(a, p)
    a_bar = -jnp.matmul(jnp.matmul(_t(p), g), _t(p)) \
        + jnp.matmul(jnp.matmul(jnp.matmul(_t(p), p), _t(g)), rest_n) \
        + jnp.matmul(jnp.matmul(rest_m, _t(g)), jnp.matmul(p, _t(p)))
    return _symmetric(a_bar) if hermitian else a_bar
