"""Weighted averages, covariances and correlations, ediff1d, cross products,
bincount and interp: jvp, vjp and batch rules side by side. The longer
formulas live in s2s/runtime_stats.py."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, multilinear, vjp_rule, zero_derivative
from .reductions import _example_axes
from ..runtime import (average_weights, average_weights_shape, cov_cotangent,  # noqa: F401
                       corrcoef_cotangent, corrcoef_tangent, cov_tangent,
                       cross_cotangent_a, cross_cotangent_b, ediff1d_cotangent,
                       ediff1d_tangent, interp_cotangents, interp_tangent, reduced_shape,
                       unbroadcast)

def _absent(batch, node):
    """An optional operand left out, or a name that holds None (`choice = None`)."""
    if node is None:
        return True
    known, value = batch.pass_.known_value(node)
    return known and value is None


# --- average ---------------------------------------------------------------------------------
# average = sum(a w) / sum(w): a's tangent averaged with the same weights, and
# w's weighting each entry's distance from the average. (returned=True, a
# tuple, has no rule: s2s says so at the call.)


@jvp_rule(jnp.average, nondiff_args=("axis", "keepdims"))
def average_jvp(ans, a, a_dot, weights_dot, axis=None, weights=None, keepdims=False):
    return jnp.average(a_dot, axis, weights, keepdims=keepdims) + jnp.sum(
        jnp.reshape(weights_dot, average_weights_shape(a, axis, weights))
        * (a - jnp.reshape(ans, reduced_shape(a, axis))), axis=axis, keepdims=keepdims) \
        / jnp.sum(average_weights(a, axis, weights), axis=axis, keepdims=keepdims)


@vjp_rule(jnp.average)
def average_vjp(ans_bar, ans, a, axis=None, weights=None, keepdims=False):
    return (jnp.reshape(ans_bar, reduced_shape(a, axis)) * average_weights(a, axis, weights)
            / jnp.sum(average_weights(a, axis, weights), axis=axis, keepdims=True), None,
            jnp.reshape(unbroadcast(
                jnp.reshape(ans_bar, reduced_shape(a, axis))
                * (a - jnp.reshape(ans, reduced_shape(a, axis)))
                / jnp.sum(average_weights(a, axis, weights), axis=axis, keepdims=True),
                jnp.reshape(weights, average_weights_shape(a, axis, weights))),
                jnp.shape(weights)))


zero_derivative(average_weights_shape)   # a shape


# Weights along one axis are laid out in full first: each example's are then a's shape.
@batch_rule(jnp.average)
def average_batch(batch, a, axis=None, weights=None, **rest):
    if _absent(batch, weights):
        return batch.rebuild(a=batch.with_batch(a), axis=_example_axes(batch, a, axis))
    w = batch.with_batch(weights)
    if batch.rank(weights) != batch.rank(a):
        shape = tuple(batch.shape(a))
        along = batch.value(axis, "the axis")
        if not isinstance(along, int):
            raise batch.error("s2s batches jnp.average with weights along one axis only")
        lined_up = tuple(n if k == along % len(shape) else 1 for k, n in enumerate(shape))
        w = batch.jnp("broadcast_to", batch.jnp("reshape", w, (batch.batch_size,) + lined_up),
                      (batch.batch_size,) + shape)
    return batch.rebuild(a=batch.with_batch(a), weights=w, axis=_example_axes(batch, a, axis))


# --- ediff1d ---------------------------------------------------------------------------------
# The differences of a flattened, between constant ends (an active end is refused).


@jvp_rule(jnp.ediff1d, nondiff_args=("to_end", "to_begin"))
def ediff1d_jvp(ary, ary_dot, to_end=None, to_begin=None):
    return ediff1d_tangent(ary_dot, to_end=to_end, to_begin=to_begin)


@vjp_rule(jnp.ediff1d)
def ediff1d_vjp(ans_bar, ary, to_end=None, to_begin=None):
    return ediff1d_cotangent(ans_bar, ary, to_end=to_end, to_begin=to_begin)


@batch_rule(jnp.ediff1d)
def ediff1d_batch(batch, ary, to_end=None, to_begin=None, **rest):
    flat = batch.jnp("reshape", batch.x(ary), (batch.batch_size, -1))
    parts = [batch.jnp("diff", flat, axis=1)]
    for end, first in ((to_begin, True), (to_end, False)):
        if _absent(batch, end):
            continue
        if batch.batched(end):
            raise batch.error("s2s batches jnp.ediff1d only with the same ends for every example")
        row = batch.jnp("ravel", batch.x(end))
        rows = batch.jnp("broadcast_to", row, (batch.batch_size, batch.jnp("size", row)))
        parts.insert(0 if first else len(parts), rows)
    return batch.jnp("concatenate", parts, axis=1) if len(parts) > 1 else parts[0]


# --- cross -----------------------------------------------------------------------------------
# Bilinear: the product rule; cotangents b x g and g x a (2-vectors as 3-vectors
# with a zero third component).
multilinear(jnp.cross)


@vjp_rule(jnp.cross, nondiff_args=("axisa", "axisb", "axisc", "axis"))
def cross_vjp(ans_bar, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    return (cross_cotangent_a(ans_bar, a, b, axisa, axisb, axisc, axis),
            cross_cotangent_b(ans_bar, a, b, axisa, axisb, axisc, axis))


@batch_rule(jnp.cross)
def cross_batch(batch, a, b, axisa=-1, axisb=-1, axisc=-1, axis=None, **rest):
    changes = {}
    for name, value in (("axisa", axisa), ("axisb", axisb), ("axisc", axisc), ("axis", axis)):
        v = batch.value(value, name)
        if v is not None and v >= 0:
            raise batch.error("s2s batches jnp.cross only with negative axes")
    rank = max(batch.rank(a), batch.rank(b))
    changes.update(a=batch.align(a, rank), b=batch.align(b, rank))
    return batch.rebuild(**changes)


# --- bincount ---------------------------------------------------------------------------------
# Linear in the weights (x is integer: zero derivative); each weight's cotangent
# is its bin's. Batched, each example's bins are shifted past the previous
# example's, so one bincount counts them all: that needs a fixed length.


@jvp_rule(jnp.bincount, zero_args=("x",), nondiff_args=("minlength", "length"))
def bincount_jvp(x, weights_dot, weights=None, minlength=0, length=None):
    return jnp.bincount(x, weights_dot, minlength, length=length)


@vjp_rule(jnp.bincount)
def bincount_vjp(ans_bar, x, weights=None, minlength=0, length=None):
    return None, jnp.take(ans_bar, x, mode="fill", fill_value=0)


@batch_rule(jnp.bincount)
def bincount_batch(batch, x, weights=None, minlength=0, length=None, **rest):
    n = batch.value(length, "the length")
    if n is None:
        raise batch.error("s2s batches jnp.bincount only with a fixed length=",
                          "pass length=, as jax.vmap needs too")
    offsets = batch.jnp("expand_dims", batch.jnp("arange", batch.batch_size), 1)
    shifted = batch.jnp("ravel", batch.jnp("add", batch.with_batch(x),
                                           batch.jnp("multiply", offsets, n)))
    flat_weights = None if _absent(batch, weights) else batch.jnp("ravel",
                                                                  batch.with_batch(weights))
    counts = batch.jnp("bincount", shifted, flat_weights, length=batch.jnp(
        "multiply", batch.batch_size, n))
    return batch.jnp("reshape", counts, (batch.batch_size, n))



# --- interp ----------------------------------------------------------------------------------
# Piecewise linear in x, linear in fp, and through the interval's ends in xp
# (left and right taken as constants: an active one is refused; a period has no
# rule). Tables per example (xp, fp batched) go to jax.vmap.


@jvp_rule(jnp.interp, nondiff_args=("left", "right"))
def interp_jvp(x, xp, fp, x_dot, xp_dot, fp_dot, left=None, right=None):
    return interp_tangent(x, xp, fp, x_dot, xp_dot, fp_dot, left=left, right=right)


@vjp_rule(jnp.interp)
def interp_vjp(ans_bar, x, xp, fp, left=None, right=None):
    return (interp_cotangents(ans_bar, x, xp, fp, left=left, right=right)[0],
            interp_cotangents(ans_bar, x, xp, fp, left=left, right=right)[1],
            interp_cotangents(ans_bar, x, xp, fp, left=left, right=right)[2])


@batch_rule(jnp.interp)
def interp_batch(batch, x, xp, fp, **rest):
    if batch.batched(xp) or batch.batched(fp):
        return batch.by_jax()
    return batch.rebuild()


# --- cov -----------------------------------------------------------------------------------
# Quadratic in m (s2s/runtime_stats.py). Only m: a second array y, and
# frequency or analytic weights, have no rule (s2s says so at the call).


@jvp_rule(jnp.cov, nondiff_args=("rowvar", "bias", "ddof"))
def cov_jvp(m, m_dot, rowvar=True, bias=False, ddof=None):
    return cov_tangent(m, m_dot, rowvar=rowvar, bias=bias, ddof=ddof)


@vjp_rule(jnp.cov)
def cov_vjp(ans_bar, m, rowvar=True, bias=False, ddof=None):
    return cov_cotangent(ans_bar, m, rowvar=rowvar, bias=bias, ddof=ddof)


# A stack of examples' variables: each example's covariance is one matmul of the
# stack (the batch axis first), never a loop.
@batch_rule(jnp.cov)
def cov_batch(batch, m, rowvar=True, bias=False, ddof=None, **rest):
    rowvar, bias = batch.value(rowvar, "rowvar"), batch.value(bias, "bias")
    ddof = batch.value(ddof, "ddof")
    return batch.call("cov_rows", batch.x(m), rowvar, bias, ddof)


@jvp_rule(jnp.corrcoef, nondiff_args=("rowvar",))
def corrcoef_jvp(x, x_dot, rowvar=True):
    return corrcoef_tangent(x, x_dot, rowvar=rowvar)


@vjp_rule(jnp.corrcoef)
def corrcoef_vjp(ans_bar, x, rowvar=True):
    return corrcoef_cotangent(ans_bar, x, rowvar=rowvar)


@batch_rule(jnp.corrcoef)
def corrcoef_batch(batch, x, rowvar=True, **rest):
    return batch.call("corrcoef_rows", batch.x(x), batch.value(rowvar, "rowvar"))
