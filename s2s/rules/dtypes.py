"""Questions about dtypes, shapes and kinds (`jnp.issubdtype(x.dtype,
jnp.floating)`, `jnp.isscalar(x)`, `jnp.promote_types(a, b)`): no derivative,
and the same answer for every example of a batch, so a batched array is asked
through its first example (`jnp.isscalar(x_batch[0])`), the answer one
example's code would get. A yes-or-no answer where the batch pass expects a
batched value is that answer for each example (`jnp.full((batch_size,), ...)`)."""
import gast
import jax.numpy as jnp

from . import batch_rule, zero_derivative

YES_OR_NO = (jnp.issubdtype, jnp.isdtype, jnp.can_cast, jnp.iscomplexobj, jnp.isrealobj,
             jnp.isscalar, jnp.iterable)
OTHERS = (jnp.promote_types, jnp.broadcast_shapes)   # a dtype, a shape: as they are

zero_derivative(*YES_OR_NO, *OTHERS)


@batch_rule(*OTHERS)
def first_example_batch(batch, *args, **rest):
    return batch.rebuild(**{param: _first(batch.x(node)) for param, node in batch.bound.items()
                            if batch.batched(node) and _is_array(batch.info(node))})


@batch_rule(*YES_OR_NO)
def answer_per_example_batch(batch, *args, **rest):
    return batch.jnp("full", gast.Tuple(elts=[batch.batch_size], ctx=gast.Load()),
                     first_example_batch(batch))


def _first(node):
    return gast.Subscript(value=node, slice=gast.Constant(value=0, kind=None), ctx=gast.Load())


def _is_array(info):   # (not `x.dtype` of a batched x: the same dtype for all)
    return info is not None and info.kind == "array"
