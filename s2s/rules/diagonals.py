"""Triangles and diagonals: triu, tril, diagonal, trace, diag, diagflat,
fill_diagonal, with jvp, vjp and batch rules side by side. Each keeps some entries (or sums them,
trace) and drops the rest: its cotangent puts the kept entries' cotangents back
(diagonal_cotangent, s2s/runtime_shape.py) and zeros where entries were dropped.
"""
import gast
import jax.numpy as jnp

from . import batch_rule, jvp_rule, vjp_rule
from .shape_more import batched_shape, reshaped, same_for_every_example
from ..runtime import (diag_cotangent, diagonal_cotangent,  # noqa: F401  (used by templates)
                       resize_cotangent)


# --- triangles and diagonals -----------------------------------------------------------
# triu keeps some entries and zeros the rest: its cotangent keeps the same ones.


@jvp_rule(jnp.triu, nondiff_args=("k",))
def triu_jvp(m, m_dot, k=0):
    return jnp.triu(m_dot, k=k)


@vjp_rule(jnp.triu)
def triu_vjp(ans_bar, m, k=0):
    return jnp.triu(ans_bar, k=k), None


@jvp_rule(jnp.tril, nondiff_args=("k",))
def tril_jvp(m, m_dot, k=0):
    return jnp.tril(m_dot, k=k)


@vjp_rule(jnp.tril)
def tril_vjp(ans_bar, m, k=0):
    return jnp.tril(ans_bar, k=k), None


@batch_rule(jnp.triu, jnp.tril)
def triangle_batch(batch, m, k=0):
    same_for_every_example(batch, k, "the diagonal")
    return batch.rebuild()   # the last two axes, whatever is in front


@jvp_rule(jnp.diagonal, nondiff_args=("offset", "axis1", "axis2"))
def diagonal_jvp(a, a_dot, offset=0, axis1=0, axis2=1):
    return jnp.diagonal(a_dot, offset=offset, axis1=axis1, axis2=axis2)


@vjp_rule(jnp.diagonal)
def diagonal_vjp(ans_bar, a, offset=0, axis1=0, axis2=1):
    return (diagonal_cotangent(ans_bar, a, offset=offset, axis1=axis1, axis2=axis2),
            None, None, None)


# the trace is the diagonal's sum: the cotangent is on every entry of the diagonal
@jvp_rule(jnp.trace, nondiff_args=("offset", "axis1", "axis2"))
def trace_jvp(a, a_dot, offset=0, axis1=0, axis2=1):
    return jnp.trace(a_dot, offset=offset, axis1=axis1, axis2=axis2)


@vjp_rule(jnp.trace)
def trace_vjp(ans_bar, a, offset=0, axis1=0, axis2=1):
    return (diagonal_cotangent(jnp.expand_dims(ans_bar, -1), a, offset=offset, axis1=axis1,
                               axis2=axis2), None, None, None)


@batch_rule(jnp.diagonal, jnp.trace)
def diagonal_batch(batch, a, offset=0, axis1=0, axis2=1, **rest):
    same_for_every_example(batch, offset, "the offset")
    rank = batch.rank(a)
    return batch.rebuild(axis1=batch.value(axis1, "the axis") % rank + 1,
                         axis2=batch.value(axis2, "the axis") % rank + 1)


# diag builds a matrix from a vector, or reads a matrix's diagonal: its cotangent
# reads or builds (diag_cotangent decides by the rank).
@jvp_rule(jnp.diag, nondiff_args=("k",))
def diag_jvp(v, v_dot, k=0):
    return jnp.diag(v_dot, k=k)


@vjp_rule(jnp.diag)
def diag_vjp(ans_bar, v, k=0):
    return diag_cotangent(ans_bar, v, k=k), None


@jvp_rule(jnp.diagflat, nondiff_args=("k",))
def diagflat_jvp(v, v_dot, k=0):
    return jnp.diagflat(v_dot, k=k)


@vjp_rule(jnp.diagflat)
def diagflat_vjp(ans_bar, v, k=0):
    return jnp.reshape(jnp.diagonal(ans_bar, offset=k), jnp.shape(v)), None


def diag_matrices(batch, v, k):
    """One square matrix per example with the (flattened) example `v` on its
    diagonal `k`: v_batch placed on the diagonal of zeros."""
    n = 1
    for d in batch.shape(v):
        n *= d
    m = n + abs(k)
    zeros = batch.jnp("zeros", batched_shape(batch, (m, m)))
    return batch.call("diagonal_cotangent", reshaped(batch, v, (n,)), zeros, k, 1, 2)


@batch_rule(jnp.diag, jnp.diagflat)
def diag_batch(batch, v, k=0):
    same_for_every_example(batch, k, "the diagonal")
    k = batch.value(k, "the diagonal")
    if batch.prim.fn is jnp.diag and batch.rank(v) == 2:
        return batch.jnp("diagonal", batch.x(v), k, 1, 2)
    return diag_matrices(batch, v, k)


# fill_diagonal (functional: inplace=False): the diagonal is overwritten by val,
# cycled to its length as jnp.resize does. a's cotangent is zero on the
# diagonal; val's is what the diagonal's entries get, the cycles added.
@jvp_rule(jnp.fill_diagonal, nondiff_args=("wrap", "inplace"))
def fill_diagonal_jvp(a, val, a_dot, val_dot, wrap=False, inplace=True):
    return jnp.fill_diagonal(a_dot, val_dot, wrap=wrap, inplace=inplace)


@vjp_rule(jnp.fill_diagonal)
def fill_diagonal_vjp(ans_bar, a, val, wrap=False, inplace=True):
    return (jnp.fill_diagonal(ans_bar, 0.0, wrap=wrap, inplace=inplace),
            resize_cotangent(ans_bar[jnp.diag_indices(min(jnp.shape(a)), jnp.ndim(a))], val),
            None, None)


# Each example's diagonal set: x_batch.at[:, i, i].set(val), with each example's
# values flattened and cycled to the diagonal's length (as jnp.fill_diagonal does).
@batch_rule(jnp.fill_diagonal)
def fill_diagonal_batch(batch, a, val, wrap=False, inplace=True):
    shape = batch.shape(a)
    n = min(shape)
    if batch.batched(val) and batch.rank(val) == 0:
        val = batch.expand(batch.x(val), 1)
    elif batch.batched(val):
        k = 1
        for d in batch.shape(val):
            k *= d
        val = reshaped(batch, val, (k,))
        if k != n:
            val = batch.jnp("take", val, batch.jnp("array", tuple(i % k for i in range(n))),
                            axis=1)
    elif batch.rank(val) > 0 and tuple(batch.shape(val)) != (n,):
        val = batch.jnp("resize", batch.x(val), n)   # the same values for every example
    else:
        val = batch.x(val)
    where = gast.Tuple(elts=[gast.Slice(lower=None, upper=None, step=None),
                             gast.Starred(value=batch.jnp("diag_indices", n, len(shape)),
                                          ctx=gast.Load())], ctx=gast.Load())
    at = gast.Subscript(value=gast.Attribute(value=batch.with_batch(a), attr="at",
                                             ctx=gast.Load()), slice=where, ctx=gast.Load())
    return gast.Call(func=gast.Attribute(value=at, attr="set", ctx=gast.Load()), args=[val],
                     keywords=[])
