"""Helpers for the rules of averages, covariances and correlations, ediff1d,
cross products and interp (s2s/rules/stats.py), registered with `@helper`
like the rest of s2s/runtime.py, which imports them back. Plain jnp code: s2s
differentiates and batches them again from their source."""
import jax.numpy as jnp

from .runtime import helper, unbroadcast


# -- weighted averages --------------------------------------------------------------------------

@helper
def average_weights_shape(a, axis=None, weights=None):
    """The shape jnp.average(a, axis, weights) gives weights to line them up
    with a: theirs if they are a's, else a's along `axis` and 1 elsewhere."""
    if weights is None or jnp.shape(weights) == jnp.shape(a):
        return jnp.shape(a)
    axes = (axis,) if isinstance(axis, int) else axis
    axes = [k % jnp.ndim(a) for k in axes]
    return tuple(n if k in axes else 1 for k, n in enumerate(jnp.shape(a)))


@helper(pure=True)
def average_weights(a, axis=None, weights=None):
    """jnp.average's weights broadcast to a's shape (ones when there are none)."""
    if weights is None:
        return jnp.ones_like(a)
    return jnp.broadcast_to(jnp.reshape(weights, average_weights_shape(a, axis, weights)),
                            jnp.shape(a))


# -- ediff1d -----------------------------------------------------------------------------------

@helper(pure=True)
def ediff1d_tangent(ary_dot, to_end=None, to_begin=None):
    """The tangent of jnp.ediff1d(ary, to_end, to_begin) for constant ends."""
    tangent = jnp.diff(jnp.ravel(ary_dot))
    if to_begin is not None:
        tangent = jnp.concatenate([jnp.zeros(jnp.size(to_begin)), tangent])
    if to_end is not None:
        tangent = jnp.concatenate([tangent, jnp.zeros(jnp.size(to_end))])
    return tangent


@helper(pure=True)
def ediff1d_cotangent(g, ary, to_end=None, to_begin=None):
    """The cotangent of ary in jnp.ediff1d(ary, ...): the differences' part of
    g (the ends cut off), through diff's transpose, in ary's shape."""
    start = 0
    if to_begin is not None:
        start = jnp.size(to_begin)
    middle = g[start:start + jnp.size(ary) - 1]
    return jnp.reshape(-jnp.diff(jnp.concatenate([jnp.zeros(1), middle, jnp.zeros(1)])),
                       jnp.shape(ary))


# -- cross products ----------------------------------------------------------------------------

def _as_3(v):
    """A 2-vector (last axis) with a zero third component, as jnp.cross reads it."""
    if jnp.shape(v)[-1] == 3:
        return v
    return jnp.concatenate([v, jnp.zeros_like(v[..., :1])], axis=-1)


def _cross_cotangent(g, a, b, axisa, axisb, axisc, axis, which):
    if axis is not None:
        axisa, axisb, axisc = axis, axis, axis
    va, vb = jnp.moveaxis(a, axisa, -1), jnp.moveaxis(b, axisb, -1)
    if jnp.shape(va)[-1] == 2 and jnp.shape(vb)[-1] == 2:   # the output is the z part
        g3 = jnp.stack([jnp.zeros_like(g), jnp.zeros_like(g), g], axis=-1)
    else:
        g3 = jnp.moveaxis(g, axisc, -1)
    # g . (da x b) = da . (b x g) and g . (a x db) = db . (g x a)
    if which == 0:
        part = jnp.cross(_as_3(vb), g3)[..., :jnp.shape(va)[-1]]
        return unbroadcast(jnp.moveaxis(part, -1, axisa), a)
    part = jnp.cross(g3, _as_3(va))[..., :jnp.shape(vb)[-1]]
    return unbroadcast(jnp.moveaxis(part, -1, axisb), b)


@helper(pure=True)
def cross_cotangent_a(g, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cotangent of a in jnp.cross(a, b, ...): b x g."""
    return _cross_cotangent(g, a, b, axisa, axisb, axisc, axis, 0)


@helper(pure=True)
def cross_cotangent_b(g, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cotangent of b in jnp.cross(a, b, ...): g x a."""
    return _cross_cotangent(g, a, b, axisa, axisb, axisc, axis, 1)


# -- interp -------------------------------------------------------------------------------------
# Inside [xp[0], xp[-1]] (or beyond it on a side that extrapolates) f is
# fp[i-1] + t (fp[i] - fp[i-1]) with t = (x - xp[i-1]) / (xp[i] - xp[i-1]); beyond
# it, fp[0] or fp[-1] (or the constant left, right). As JAX's: a zero-width
# interval has slope 0.

def _interp_parts(x, xp, fp, left, right):
    """(i, t, slope, inside, below, above) of jnp.interp(x, xp, fp, left, right):
    below / above mark where fp[0] / fp[-1] is the value."""
    # (the interval's index has no derivative: s2s's rule for searchsorted says so.
    # No lax.stop_gradient here: this source is put in line in the user's code,
    # whose module need not name `lax`)
    i = jnp.clip(jnp.searchsorted(xp, x, side="right"), 1, jnp.size(xp) - 1)
    width = xp[i] - xp[i - 1]
    flat = width == 0   # (JAX: |width| below the spacing of eps, about 1e-32 in float64)
    t = jnp.where(flat, 0.0, (x - xp[i - 1]) / jnp.where(flat, 1.0, width))
    slope = jnp.where(flat, 0.0, (fp[i] - fp[i - 1]) / jnp.where(flat, 1.0, width))
    beyond_left = jnp.logical_and(x < xp[0], not isinstance(left, str))
    beyond_right = jnp.logical_and(x > xp[-1], not isinstance(right, str))
    inside = jnp.logical_not(jnp.logical_or(beyond_left, beyond_right))
    below = jnp.logical_and(jnp.logical_and(beyond_left, left is None),
                            jnp.logical_not(beyond_right))   # (JAX applies right last)
    above = jnp.logical_and(beyond_right, right is None)
    return i, t, slope, inside, below, above


@helper(pure=True)
def interp_tangent(x, xp, fp, x_dot, xp_dot, fp_dot, left=None, right=None):
    """The tangent of jnp.interp(x, xp, fp, left, right) (left, right constant)."""
    i, t, slope, inside, below, above = _interp_parts(x, xp, fp, left, right)
    within = slope * x_dot + (1 - t) * fp_dot[i - 1] + t * fp_dot[i] \
        + slope * (t - 1) * xp_dot[i - 1] - slope * t * xp_dot[i]
    return jnp.where(inside, within, 0.0) + jnp.where(below, fp_dot[0], 0.0) \
        + jnp.where(above, fp_dot[-1], 0.0)


@helper(pure=True)
def interp_cotangents(g, x, xp, fp, left=None, right=None):
    """(x's, xp's, fp's cotangents) in jnp.interp(x, xp, fp, left, right)."""
    i, t, slope, inside, below, above = _interp_parts(x, xp, fp, left, right)
    g_in = jnp.where(inside, g, 0.0)
    # each x's share summed into its interval's ends (a one-hot sum, which batches)
    n = jnp.size(xp)
    lo = jnp.expand_dims(jnp.ravel(i - 1), 1) == jnp.arange(n)
    hi = jnp.expand_dims(jnp.ravel(i), 1) == jnp.arange(n)
    first, last = jnp.arange(n) == 0, jnp.arange(n) == n - 1
    fp_bar = jnp.sum(lo * jnp.expand_dims(jnp.ravel(g_in * (1 - t)), 1)
                     + hi * jnp.expand_dims(jnp.ravel(g_in * t), 1), axis=0) \
        + first * jnp.sum(jnp.where(below, g, 0.0)) + last * jnp.sum(jnp.where(above, g, 0.0))
    xp_bar = jnp.sum(lo * jnp.expand_dims(jnp.ravel(g_in * slope * (t - 1)), 1)
                     - hi * jnp.expand_dims(jnp.ravel(g_in * slope * t), 1), axis=0)
    return g_in * slope, xp_bar, fp_bar


# -- covariances -------------------------------------------------------------------------------
# jnp.cov(m) is xc xc^T / (n - ddof) with xc the variables (rows) centred: its
# tangent is s + s^T with s = xc_dot xc^T / (n - ddof), and its cotangent
# (g + g^T) xc / (n - ddof) (already centred: each row of xc is).

def _variables(m, rowvar):
    """m as one row per variable, as jnp.cov reads it."""
    if jnp.ndim(m) == 1:
        return jnp.reshape(m, (1, -1))
    if not rowvar and jnp.shape(m)[0] != 1:
        return jnp.transpose(m)
    return m


def _centred(x):
    return x - jnp.mean(x, axis=1, keepdims=True)


def _cov_divisor(x, bias, ddof):
    if ddof is None:
        ddof = 0 if bias else 1
    return jnp.shape(x)[1] - ddof


@helper(pure=True)
def cov_tangent(m, m_dot, rowvar=True, bias=False, ddof=None):
    """The tangent of jnp.cov(m, rowvar=rowvar, bias=bias, ddof=ddof)."""
    x = _variables(m, rowvar)
    s = jnp.matmul(_centred(_variables(m_dot, rowvar)), jnp.transpose(_centred(x))) \
        / _cov_divisor(x, bias, ddof)
    return jnp.squeeze(s + jnp.transpose(s))


@helper(pure=True)
def cov_cotangent(g, m, rowvar=True, bias=False, ddof=None):
    """The cotangent of m in jnp.cov(m, rowvar=rowvar, bias=bias, ddof=ddof)."""
    x = _variables(m, rowvar)
    k = jnp.shape(x)[0]
    g2 = jnp.reshape(g, (k, k))
    rows = jnp.matmul(g2 + jnp.transpose(g2), _centred(x)) / _cov_divisor(x, bias, ddof)
    if jnp.ndim(m) == 2 and not rowvar and jnp.shape(m)[0] != 1:
        return jnp.transpose(rows)
    return jnp.reshape(rows, jnp.shape(m))


@helper(pure=True)
def cov_rows(m, rowvar=True, bias=False, ddof=None):
    """jnp.cov of each example of m (a batch axis first)."""
    if jnp.ndim(m) == 2:
        x = jnp.expand_dims(m, 1)
    elif not rowvar and jnp.shape(m)[1] != 1:
        x = jnp.swapaxes(m, 1, 2)
    else:
        x = m
    xc = x - jnp.mean(x, axis=2, keepdims=True)
    if ddof is None:
        ddof = 0 if bias else 1
    # (an einsum, not a matmul of stacks of matrices: s2s batches its cotangent,
    # so jacrev and vmap of grad go through)
    c = jnp.einsum("bij,bkj->bik", xc, xc) / (jnp.shape(x)[2] - ddof)
    return jnp.reshape(c, (jnp.shape(m)[0],) + jnp.shape(jnp.squeeze(c[0])))


# corrcoef = cov / (s_i s_j) with s the standard deviations, clipped to [-1, 1]
# (the clip passes half the derivative at exactly +-1, none beyond, as JAX's).

def _clip_share(r):
    return jnp.where(jnp.abs(r) < 1, 1.0, jnp.where(jnp.abs(r) == 1, 0.5, 0.0))


def _unclipped(x, rowvar):
    c = jnp.atleast_2d(jnp.cov(x, rowvar=rowvar))
    d = jnp.diagonal(c)
    return c, d, c / jnp.sqrt(jnp.expand_dims(d, 1) * jnp.expand_dims(d, 0))


@helper(pure=True)
def corrcoef_tangent(x, x_dot, rowvar=True):
    """The tangent of jnp.corrcoef(x, rowvar=rowvar)."""
    c, d, r = _unclipped(x, rowvar)
    c_dot = jnp.atleast_2d(cov_tangent(x, x_dot, rowvar=rowvar))
    d_dot = jnp.diagonal(c_dot)
    r_dot = c_dot / jnp.sqrt(jnp.expand_dims(d, 1) * jnp.expand_dims(d, 0)) \
        - 0.5 * r * (jnp.expand_dims(d_dot / d, 1) + jnp.expand_dims(d_dot / d, 0))
    return jnp.squeeze(_clip_share(r) * r_dot)


@helper(pure=True)
def corrcoef_cotangent(g, x, rowvar=True):
    """The cotangent of x in jnp.corrcoef(x, rowvar=rowvar)."""
    c, d, r = _unclipped(x, rowvar)
    shared = _clip_share(r) * jnp.reshape(g, jnp.shape(r))
    c_bar = shared / jnp.sqrt(jnp.expand_dims(d, 1) * jnp.expand_dims(d, 0))
    d_bar = -0.5 * (jnp.sum(shared * r, axis=1) + jnp.sum(shared * r, axis=0)) / d
    return cov_cotangent(c_bar + jnp.diag(d_bar), x, rowvar=rowvar)


@helper(pure=True)
def corrcoef_rows(x, rowvar=True):
    """jnp.corrcoef of each example of x (a batch axis first)."""
    c = cov_rows(x, rowvar)
    if jnp.ndim(c) == 1:
        return c / c   # one variable: 1 (nan where its variance is 0, as JAX)
    d = jnp.diagonal(c, axis1=1, axis2=2)
    return jnp.clip(c / jnp.sqrt(jnp.expand_dims(d, 2) * jnp.expand_dims(d, 1)), -1, 1)
