"""Helpers for the rules of convolutions, polynomials and trapezoids
(s2s/rules/poly.py) and of quantiles (s2s/rules/numeric.py), registered with
`@helper` like the rest of s2s/runtime.py, which imports them back. Plain jnp
code: s2s differentiates and batches them again from their source."""
import jax.numpy as jnp

from .runtime import cotangent_dtype, helper


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
    return cotangent_dtype(jnp.correlate(_full(g, a, v, mode, "convolve"), v, "valid"), a)


@helper(pure=True)
def convolve_cotangent_v(g, a, v, mode="full"):
    """The cotangent of v in jnp.convolve(a, v, mode)."""
    return cotangent_dtype(jnp.correlate(_full(g, a, v, mode, "convolve"), a, "valid"), v)


@helper(pure=True)
def correlate_cotangent_a(g, a, v, mode="valid"):
    """The cotangent of a in jnp.correlate(a, v, mode), a convolution with v flipped."""
    return cotangent_dtype(jnp.correlate(_full(g, a, v, mode, "correlate"), jnp.flip(v),
                                         "valid"), a)


@helper(pure=True)
def correlate_cotangent_v(g, a, v, mode="valid"):
    """The cotangent of v in jnp.correlate(a, v, mode)."""
    return cotangent_dtype(jnp.flip(jnp.correlate(_full(g, a, v, mode, "correlate"), a,
                                                  "valid")), v)


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
    # each product added into its place by a 0/1 matrix (a product, where a
    # scatter into jnp.zeros of a batched shape would not batch under vmap)
    places = jnp.where(where[:, None] == jnp.arange(n_a + n_v - 1)[None, :], 1.0, 0.0)
    full = jnp.matmul(products, places)
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
