"""Comparisons of whole arrays (allclose, array_equal, array_equiv) and isin:
boolean answers, so their derivative is zero (JAX's is too). They are not
element-wise, so each has a batch rule of its own: a whole-array comparison
becomes the element-wise one reduced over each example's axes, and isin with
a batched set of test elements compares every element with its own example's
set."""
import jax.numpy as jnp

from . import batch_rule, zero_derivative
from .batching import expand_axes

zero_derivative(jnp.allclose, jnp.array_equal, jnp.array_equiv, jnp.isin)


def _all_per_example(batch, element_wise, rank):
    """`jnp.all(element_wise, axis=(1, ..., rank))`: one answer per example."""
    return batch.jnp("all", element_wise, axis=tuple(range(1, rank + 1)))


@batch_rule(jnp.allclose)
def allclose_batch(batch, a, b, **rest):
    rank = max(batch.rank(a), batch.rank(b))
    return _all_per_example(batch, batch.jnp("isclose", batch.align(a, rank), batch.align(b, rank),
                                             **{k: batch.align(v, rank) for k, v in rest.items()}),
                            rank)


def _equal(batch, a1, a2, rank, equal_nan):
    x1, x2 = batch.align(a1, rank), batch.align(a2, rank)
    equal = batch.jnp("equal", x1, x2)
    if batch.value(equal_nan, "equal_nan"):
        equal = batch.jnp("logical_or", equal, batch.jnp(
            "logical_and", batch.jnp("isnan", x1), batch.jnp("isnan", x2)))
    return _all_per_example(batch, equal, rank)


def _shape(batch, node):
    """One example's shape (a number's is ())."""
    return () if batch.rank(node) == 0 else tuple(batch.shape(node))


# Arrays of different shapes are never equal: every example answers False.
@batch_rule(jnp.array_equal)
def array_equal_batch(batch, a1, a2, equal_nan=False):
    if _shape(batch, a1) != _shape(batch, a2):
        return batch.jnp("zeros", batch.batch_size, dtype=batch.jnp_attr("bool_"))
    return _equal(batch, a1, a2, batch.rank(a1), equal_nan)


# Equivalent: equal after broadcasting (shapes that do not broadcast raise, as in JAX).
@batch_rule(jnp.array_equiv)
def array_equiv_batch(batch, a1, a2):
    return _equal(batch, a1, a2, max(batch.rank(a1), batch.rank(a2)), False)


# With the test elements the same for every example, isin is element-wise in
# `element`. With a batched set, each element is compared with every entry of
# its example's set (flattened to one axis, last): any equal is in.
@batch_rule(jnp.isin)
def isin_batch(batch, element, test_elements, assume_unique=False, invert=False, **rest):
    if not batch.batched(test_elements):
        return batch.rebuild()
    rank = batch.rank(element)
    tests = expand_axes(batch.jnp("reshape", batch.x(test_elements), (batch.batch_size, -1)),
                        rank)
    found = batch.jnp("any", batch.jnp("equal", batch.jnp("expand_dims", batch.x(element), -1),
                                       tests), axis=-1)
    return batch.jnp("logical_not", found) if batch.value(invert, "invert") else found
