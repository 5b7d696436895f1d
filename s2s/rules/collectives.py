"""Collectives over a vmap's named axis (`s2s.vmap(f, axis_name="i")`): batch rules.

Under vmap, `lax.psum(x, "i")` is the sum of x over the examples, which every
example then holds; so are pmean, pmax and pmin. The batched code says so in
jax.numpy: `jnp.broadcast_to(jnp.sum(x_batch, axis=0, keepdims=True),
jnp.shape(x_batch))`. A value the same in every example sums to
`x * batch_size`. Their derivatives are JAX's (s2s/by_jax.py), as outside
vmap they need an axis only JAX's own transformations bind.
"""
from jax import lax

from . import batch_rule

REDUCTIONS = {lax.psum: "sum", lax.pmean: "mean", lax.pmax: "max", lax.pmin: "min"}


@batch_rule(*REDUCTIONS)
def collective_batch(batch, x, axis_name, **rest):
    named = batch.pass_.ctx.options.axis_name
    name = batch.value(axis_name, "the axis name")
    if named is None or name != named:
        raise batch.error(f"`{batch.prim.name}` over the axis {name!r}: this s2s.vmap "
                          f"names its axis {named!r}",
                          "pass axis_name to s2s.vmap, the name the collective uses")
    if any(v is not None and not (hasattr(v, "value") and v.value is None)
           for v in rest.values()):
        raise batch.error(f"s2s batches `{batch.prim.name}` without axis_index_groups")
    info = batch.info(x)
    if info is not None and info.kind != "array" and batch.batched(x):
        raise batch.error(f"s2s batches `{batch.prim.name}` of one array at a time",
                          "call it once per array")
    reduction = REDUCTIONS[batch.prim.fn]
    if not batch.batched(x):   # the same value in every example
        if reduction == "sum":
            return batch.jnp("multiply", batch.x(x), batch.batch_size)
        return batch.x(x)
    xb = batch.x(x)
    return batch.jnp("broadcast_to", batch.jnp(reduction, xb, axis=0, keepdims=True),
                     batch.jnp("shape", batch.x(x)))
