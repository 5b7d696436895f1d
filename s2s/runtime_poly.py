"""Helpers for the rules of convolutions, polynomials and trapezoids
(s2s/rules/poly.py), of averages, ediff1d, cross products and interp
(s2s/rules/stats.py) and of quantiles (s2s/rules/numeric.py), registered with `@helper` like the rest of s2s/runtime.py,
which imports them back. Plain jnp code: s2s differentiates and batches them
again from their source."""
import jax.numpy as jnp
from jax import lax

from .runtime import helper, unbroadcast


# -- convolutions ----------------------------------------------------------------------------
# A convolution is a slice of the full one (mode 'same' or 'valid'); the full
# one's cotangents are correlations of its cotangent with the other operand.

def _start(n_a, n_v, length, mode, kind):
    """Where jnp.convolve's (jnp.correlate's) output starts in the full one."""
    n_full = n_a + n_v - 1
    if mode == "full":
        return 0
    if kind == "correlate" and mode == "same" and n_a < n_v:
        return (n_full - length + 1) // 2   # JAX centres this case the other way
    return (n_full - length) // 2


def _full(g, a, v, mode, kind):
    """g put in its place in the full convolution's output, zeros elsewhere."""
    n_a, n_v, length = jnp.shape(a)[0], jnp.shape(v)[0], jnp.shape(g)[-1]
    start = _start(n_a, n_v, length, mode, kind)
    return jnp.concatenate([jnp.zeros(start), g,
                            jnp.zeros(n_a + n_v - 1 - length - start)])


@helper(pure=True)
def convolve_cotangent_a(g, a, v, mode="full"):
    """The cotangent of a in jnp.convolve(a, v, mode)."""
    return jnp.correlate(_full(g, a, v, mode, "convolve"), v, "valid")


@helper(pure=True)
def convolve_cotangent_v(g, a, v, mode="full"):
    """The cotangent of v in jnp.convolve(a, v, mode)."""
    return jnp.correlate(_full(g, a, v, mode, "convolve"), a, "valid")


@helper(pure=True)
def correlate_cotangent_a(g, a, v, mode="valid"):
    """The cotangent of a in jnp.correlate(a, v, mode), a convolution with v flipped."""
    return jnp.correlate(_full(g, a, v, mode, "correlate"), jnp.flip(v), "valid")


@helper(pure=True)
def correlate_cotangent_v(g, a, v, mode="valid"):
    """The cotangent of v in jnp.correlate(a, v, mode)."""
    return jnp.flip(jnp.correlate(_full(g, a, v, mode, "correlate"), a, "valid"))


@helper(pure=True)
def convolve_rows(a, v, mode="full", kind="convolve"):
    """jnp.convolve (or jnp.correlate) of each row of a with the same row of v
    (both with a batch axis first): the products a_i v_j summed where i + j is
    the same, then cut as `mode` cuts."""
    if kind == "correlate":
        v = jnp.flip(v, axis=1)
    n_a, n_v = jnp.shape(a)[1], jnp.shape(v)[1]
    where = jnp.ravel(jnp.arange(n_a)[:, None] + jnp.arange(n_v)[None, :])
    products = jnp.reshape(a[:, :, None] * v[:, None, :], (jnp.shape(a)[0], -1))
    full = jnp.zeros((jnp.shape(a)[0], n_a + n_v - 1), products.dtype).at[:, where].add(products)
    length = {"full": n_a + n_v - 1, "same": max(n_a, n_v),
              "valid": max(n_a, n_v) - min(n_a, n_v) + 1}[mode]
    start = _start(n_a, n_v, length, mode, kind)
    return full[:, start:start + length]


# -- polynomials -------------------------------------------------------------------------------

@helper(pure=True)
def polyval_rows(p, x):
    """jnp.polyval with a batch axis first in p (and x): sum_k p_k x^(n-1-k)."""
    n = jnp.shape(p)[1]
    p_aligned = jnp.reshape(p, (jnp.shape(p)[0],) + (1,) * (jnp.ndim(x) - 1) + (n,))
    return jnp.sum(p_aligned * jnp.expand_dims(x, -1) ** jnp.arange(n - 1, -1, -1), axis=-1)


@helper(pure=True)
def polyder_rows(p, m=1):
    """jnp.polyder of each row of p (a batch axis first): fixed factors times
    all but the last m coefficients."""
    n = jnp.shape(p)[1]
    return p[:, :n - m] * jnp.polyder(jnp.ones(n), m)


@helper(pure=True)
def polyint_rows(p, m=1):
    """jnp.polyint of each row of p (integration constants zero)."""
    n = jnp.shape(p)[1]
    return jnp.concatenate([p * jnp.polyint(jnp.ones(n), m)[:n],
                            jnp.zeros((jnp.shape(p)[0], m))], axis=1)


# -- trapezoids -------------------------------------------------------------------------------

@helper(pure=True)
def trapezoid_weights(y, x=None, dx=1.0, axis=-1):
    """jnp.trapezoid(y, x, dx, axis) is sum(weights * y) along the axis: each
    sample's weight is half the widths of the intervals beside it."""
    n = jnp.shape(y)[axis]
    if x is None:
        widths = dx * jnp.ones(n - 1)
    elif jnp.ndim(x) == 1:
        widths = jnp.diff(x)
    else:
        widths = jnp.moveaxis(jnp.diff(x, axis=axis), axis, -1)
    weights = 0.5 * (jnp.concatenate([jnp.zeros_like(widths[..., :1]), widths], axis=-1)
                     + jnp.concatenate([widths, jnp.zeros_like(widths[..., :1])], axis=-1))
    return jnp.moveaxis(weights, -1, axis) if jnp.ndim(weights) > 1 else \
        jnp.reshape(weights, (n,) + (1,) * (-axis - 1 if axis < 0 else jnp.ndim(y) - axis - 1))


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
    # (the interval's index has no derivative: stop_gradient says so to s2s)
    i = jnp.clip(jnp.searchsorted(lax.stop_gradient(xp), lax.stop_gradient(x), side="right"),
                 1, jnp.size(xp) - 1)
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


# -- quantiles (median, quantile, percentile and their nan-ignoring twins) -----------------
# JAX sorts (stably) and interpolates between the two neighbours of q * (n - 1):
# the derivative goes to those two entries with their interpolation weights (a
# tie to the one the stable sort puts first), and to q through the weights.

def _along_last(a, axis):
    """a with the quantile's axis last (axis=None: a flattened)."""
    return jnp.ravel(a) if axis is None else jnp.moveaxis(a, axis, -1)


def _quantile_picks(a, q, method, squash_nans):
    """(low_hit, high_hit, low_share, high_share, count) for `a` whose last axis
    is the quantile's: the hits are 0/1 of shape q.shape + a.shape marking the
    sorted neighbours, the shares their weights (q.shape + a.shape[:-1] + (1,))."""
    rank = jnp.argsort(jnp.argsort(a, axis=-1), axis=-1)   # each entry's place when sorted
    n = jnp.shape(a)[-1]
    count = jnp.sum(jnp.logical_not(jnp.isnan(a)), axis=-1, keepdims=True) if squash_nans \
        else jnp.full(jnp.shape(a)[:-1] + (1,), n)
    pos = jnp.reshape(jnp.asarray(q), jnp.shape(q) + (1,) * jnp.ndim(a)) \
        * (count - 1)
    high_share = pos - jnp.floor(pos)
    low = jnp.clip(jnp.floor(pos), 0, count - 1)
    high = jnp.clip(jnp.ceil(pos), 0, count - 1)
    if method == "linear":
        low_share = 1 - high_share
    elif method == "lower":
        low_share, high_share = jnp.ones_like(high_share), jnp.zeros_like(high_share)
    elif method == "higher":
        low_share, high_share = jnp.zeros_like(high_share), jnp.ones_like(high_share)
    elif method == "nearest":
        low_share = jnp.where(high_share <= 0.5, 1.0, 0.0)
        high_share = 1 - low_share
    else:   # midpoint
        low_share, high_share = 0.5 * jnp.ones_like(high_share), 0.5 * jnp.ones_like(high_share)
    return rank == low, rank == high, low_share, high_share, count


def _quantile_weights(a, q, method, squash_nans):
    low_hit, high_hit, low_share, high_share, _ = _quantile_picks(a, q, method, squash_nans)
    return low_hit * low_share + high_hit * high_share


def _kept(t, a, q, axis, keepdims):
    """A quantile reduced over the last axis, given back keepdims' shape."""
    if not keepdims:
        return t
    if axis is None:
        return jnp.reshape(t, jnp.shape(q) + (1,) * jnp.ndim(a))
    return jnp.expand_dims(t, jnp.ndim(q) + axis % jnp.ndim(a))


@helper(pure=True)
def quantile_tangent(a, q, a_dot, axis=None, method="linear", keepdims=False,
                     squash_nans=False):
    """The tangent of jnp.quantile(a, q, axis, method=method) in a (of
    jnp.nanquantile with squash_nans): the weighted neighbours' tangents."""
    last = _along_last(a, axis)
    weights = _quantile_weights(last, q, method, squash_nans)
    return _kept(jnp.sum(weights * _along_last(a_dot, axis), axis=-1), a, q, axis, keepdims)


@helper(pure=True)
def quantile_slope(a, q, axis=None, method="linear", keepdims=False, squash_nans=False):
    """d quantile / d q: (high - low) * (count - 1) for the linear method, else 0."""
    last = _along_last(a, axis)
    low_hit, high_hit, _, _, count = _quantile_picks(last, q, method, squash_nans)
    if method != "linear":
        return _kept(jnp.zeros(jnp.shape(q) + jnp.shape(last)[:-1], last.dtype), a, q, axis,
                     keepdims)
    gap = jnp.sum(jnp.where(high_hit, last, 0.0) - jnp.where(low_hit, last, 0.0), axis=-1)
    return _kept(gap * (count[..., 0] - 1), a, q, axis, keepdims)


@helper(pure=True)
def quantile_cotangent(g, a, q, axis=None, method="linear", keepdims=False, squash_nans=False):
    """The cotangent of a in jnp.quantile(a, q, axis, ...), given the output's g."""
    last = _along_last(a, axis)
    weights = _quantile_weights(last, q, method, squash_nans)
    spread = weights * jnp.expand_dims(jnp.reshape(g, jnp.shape(q) + jnp.shape(last)[:-1]), -1)
    per_entry = jnp.sum(spread, axis=0) if jnp.ndim(q) == 1 else spread
    if axis is None:
        return jnp.reshape(per_entry, jnp.shape(a))
    return jnp.moveaxis(per_entry, -1, axis)


@helper
def q_shape(q, ans):
    """The shape that lines q up with the quantile's output (q's axes first)."""
    return jnp.shape(q) + (1,) * (jnp.ndim(ans) - jnp.ndim(q))
