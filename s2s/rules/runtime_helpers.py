"""Rules for the helpers generated code calls (s2s/runtime.py), so that
generated code can itself be transformed again (grad of grad, jvp of grad)."""
import gast
import jax.numpy as jnp

from . import batch_rule, jvp_rule, shift_axes, vjp_rule, zero_derivative
from .indexing import at_add_expression
from .shape import each_batched
from ..runtime import (add_at, check_real, dot_axes, getitem_cotangent, grad_seed, inner_axes, inverse_permutation,
                       kron_shapes, list_append, matmul_shapes, explicit_sharding, stack_steps, max_weights, min_weights,
                       prod_others, reduced_shape, split_like, tensordot_cotangent_axes,
                       tree_add, tree_zeros_like, unbroadcast, unstack_like, zeros_like,
                       unpacked_cotangent, cotangent_parts, item_cotangent, item_parts,
                       zip_length, cotangent_dtype)
from ..runtime_batch import broadcast_tree
from ..runtime import (dict_keys, field, field_cotangent, list_concat, list_repeat, list_repeat_cotangent,  # noqa: F401
                       set_item, set_item_cotangent, tie_share)


@jvp_rule(unbroadcast, zero_args=("x",))   # x: only its shape
def unbroadcast__jvp(g, x, g_dot):
    return unbroadcast(g_dot, x)


@vjp_rule(unbroadcast)
def unbroadcast__(ans_bar, g, x):
    return jnp.broadcast_to(ans_bar, jnp.shape(g)), None


@jvp_rule(cotangent_dtype, zero_args=("x",))   # x: only its dtype
def cotangent_dtype__jvp(g, x, g_dot):
    return cotangent_dtype(g_dot, x)


@vjp_rule(cotangent_dtype)
def cotangent_dtype__(ans_bar, g, x):
    return cotangent_dtype(ans_bar, g), None


@jvp_rule(list_append)
def list_append__jvp(xs, v, xs_dot, v_dot):
    return list_append(xs_dot, v_dot)


@vjp_rule(list_append)
def list_append__(ans_bar, xs, v):
    return ans_bar[:-1], ans_bar[-1]


@jvp_rule(tree_add, nondiff_args=("items_axis",))
def tree_add__jvp(a, b, a_dot, b_dot, items_axis=0):
    return tree_add(a_dot, b_dot, items_axis=items_axis)


@vjp_rule(tree_add)
def tree_add__(ans_bar, a, b, items_axis=0):
    return ans_bar, ans_bar


@jvp_rule(getitem_cotangent, zero_args=("x",), nondiff_args=("index", "axis"))
def getitem_cotangent__jvp(x, index, g, g_dot, axis=0):
    return getitem_cotangent(x, index, g_dot, axis)


@vjp_rule(getitem_cotangent)
def getitem_cotangent__(ans_bar, x, index, g, axis=0):
    return None, None, item_parts(ans_bar[index], g, axis), None


zero_derivative(grad_seed, check_real, tree_zeros_like, zeros_like, zip_length, max_weights, min_weights)
# prod_others has no rule: a second derivative through jnp.prod transforms its
# source, as a user's helper (tests/test_rules_vjp.py checks it against JAX).


# The vjp rules' helpers: shapes and axes (no derivative), and the two that cut a
# cotangent into a list (linear; their transposes are concatenate and stack).
SHAPE_HELPERS = (reduced_shape, inverse_permutation, dot_axes, inner_axes,
                 tensordot_cotangent_axes, matmul_shapes, kron_shapes, explicit_sharding)
zero_derivative(*SHAPE_HELPERS)


@jvp_rule(split_like, zero_args=("arrays",), nondiff_args=("axis",))
def split_like__jvp(g, arrays, g_dot, axis=0):
    return split_like(g_dot, arrays, axis)


@vjp_rule(split_like)
def split_like__(ans_bar, g, arrays, axis=0):
    return jnp.concatenate(ans_bar, axis=axis), None, None


# A scan's outputs, stacked: jnp.stack's rules (s2s/rules/shape.py).
@jvp_rule(stack_steps, nondiff_args=("axis",))
def stack_steps__jvp(ys, ys_dot, axis=0):
    return stack_steps(ys_dot, axis)


@vjp_rule(stack_steps)
def stack_steps__(ans_bar, ys, axis=0):
    return unstack_like(ans_bar, ys, axis), None


@batch_rule(stack_steps)
def stack_steps__batch(batch, ys, axis=0, **rest):
    return batch.rebuild(ys=each_batched(batch, ys), axis=shift_axes(batch.value(axis, "the axis")))


@jvp_rule(unstack_like, zero_args=("arrays",), nondiff_args=("axis",))
def unstack_like__jvp(g, arrays, g_dot, axis=0):
    return unstack_like(g_dot, arrays, axis)


@vjp_rule(unstack_like)
def unstack_like__(ans_bar, g, arrays, axis=0):
    return jnp.stack(ans_bar, axis=axis), None, None


# `a, b = value`: the cotangent of value from those of a and b, and its transpose.
@jvp_rule(unpacked_cotangent, zero_args=("value",), nondiff_args=("axis",))
def unpacked_cotangent__jvp(value, parts, parts_dot, axis=0):
    return unpacked_cotangent(value, parts_dot, axis)


@vjp_rule(unpacked_cotangent)
def unpacked_cotangent__(ans_bar, value, parts, axis=0):
    return None, cotangent_parts(ans_bar, value, parts, axis), None


@jvp_rule(cotangent_parts, zero_args=("value", "parts"), nondiff_args=("axis",))
def cotangent_parts__jvp(g, value, parts, g_dot, axis=0):
    return cotangent_parts(g_dot, value, parts, axis)


@vjp_rule(cotangent_parts)
def cotangent_parts__(ans_bar, g, value, parts, axis=0):
    return unpacked_cotangent(value, ans_bar, axis), None, None, None


@jvp_rule(item_cotangent, zero_args=("item",), nondiff_args=("axis",))
def item_cotangent__jvp(item, g, g_dot, axis=0):
    return item_cotangent(item, g_dot, axis)


@vjp_rule(item_cotangent)
def item_cotangent__(ans_bar, item, g, axis=0):
    return None, item_parts(ans_bar, g, axis), None


@jvp_rule(item_parts, zero_args=("g",), nondiff_args=("axis",))
def item_parts__jvp(g_item, g, g_item_dot, axis=0):
    return item_parts(g_item_dot, g, axis)


@vjp_rule(item_parts)
def item_parts__(ans_bar, g_item, g, axis=0):
    return item_cotangent(g_item, ans_bar, axis), None, None


def _unpacked_value(batch, value, name="value"):
    """The unpacked value, batched if an array; a tuple as it is, renamed (only
    its kind matters, and it may hold what cannot be broadcast, as the unravel
    function of ravel_pytree)."""
    info = batch.info(value)
    return {} if info is not None and info.kind == "tree" else {name: batch.with_batch(value)}


@batch_rule(unpacked_cotangent)
def unpacked_cotangent_batch(batch, value, parts, axis=0):
    return batch.rebuild(**_unpacked_value(batch, value), parts=batch.with_batch(parts),
                         axis=shift_axes(batch.value(axis, "the axis")))


@batch_rule(item_cotangent)
def item_cotangent_batch(batch, item, g, axis=0):
    return batch.rebuild(**_unpacked_value(batch, item, "item"), g=batch.with_batch(g),
                         axis=shift_axes(batch.value(axis, "the axis")))


@batch_rule(item_parts)
def item_parts_batch(batch, g_item, g, axis=0):
    return batch.rebuild(g_item=batch.with_batch(g_item), g=batch.with_batch(g),
                         axis=shift_axes(batch.value(axis, "the axis")))


@batch_rule(cotangent_parts)
def cotangent_parts_batch(batch, g, value, parts, axis=0):
    return batch.rebuild(g=batch.with_batch(g), **_unpacked_value(batch, value),
                         parts=batch.with_batch(parts),
                         axis=shift_axes(batch.value(axis, "the axis")))


# `layer.w`: a field of a NamedTuple or dataclass pytree (resolve writes field(x, "w")).
@jvp_rule(field, nondiff_args=("name",))
def field__jvp(x, name, x_dot):
    return field(x_dot, name)


@vjp_rule(field)
def field__(ans_bar, x, name):
    return field_cotangent(x, name, ans_bar), None


@jvp_rule(field_cotangent, zero_args=("x",), nondiff_args=("name",))
def field_cotangent__jvp(x, name, g, g_dot):
    return field_cotangent(x, name, g_dot)


@vjp_rule(field_cotangent)
def field_cotangent__(ans_bar, x, name, g):
    return None, None, field(ans_bar, name)


# A field of a batched pytree, and its cotangent, with every leaf batched.
@batch_rule(field, field_cotangent)
def field_batch(batch, **operands):
    return batch.rebuild(**{k: batch.with_batch(v) for k, v in operands.items() if k != "name"})


# `x[i]` where x may be a list, tuple or dict (a pytree), not just an array.
@vjp_rule("getitem_tree", nondiff_args=("index",))
def getitem_tree(ans_bar, x, index):
    return getitem_cotangent(x, index, ans_bar), None


@jvp_rule(add_at, nondiff_args=("index", "axis"))
def add_at__jvp(tree, index, g, tree_dot, g_dot, axis=0):
    return add_at(tree_dot, index, g_dot, axis)


@vjp_rule(add_at)
def add_at__(ans_bar, tree, index, g, axis=0):
    return ans_bar, None, item_parts(ans_bar[index], g, axis), None



# Python lists and dicts as values (s2s/passes/normalize.py): `xs[i] = v`,
# `xs + ys`, `xs * n`. Each is linear in its containers.
@jvp_rule(set_item, nondiff_args=("index",))
def set_item__jvp(xs, index, v, xs_dot, v_dot):
    return set_item(xs_dot, index, v_dot)


@vjp_rule(set_item)
def set_item__(ans_bar, xs, index, v):
    return set_item_cotangent(ans_bar, xs, index), None, ans_bar[index]


@jvp_rule(set_item_cotangent, zero_args=("xs",), nondiff_args=("index",))
def set_item_cotangent__jvp(g, xs, index, g_dot):
    return set_item_cotangent(g_dot, xs, index)


@vjp_rule(set_item_cotangent)
def set_item_cotangent__(ans_bar, g, xs, index):
    return set_item(ans_bar, index, tree_zeros_like(g[index])), None, None


@jvp_rule(list_concat)
def list_concat__jvp(xs, ys, xs_dot, ys_dot):
    return list_concat(xs_dot, ys_dot)


@vjp_rule(list_concat)
def list_concat__(ans_bar, xs, ys):
    return ans_bar[:len(xs)], ans_bar[len(xs):]


@jvp_rule(list_repeat, nondiff_args=("n",))
def list_repeat__jvp(xs, n, xs_dot):
    return list_repeat(xs_dot, n)


@vjp_rule(list_repeat)
def list_repeat__(ans_bar, xs, n):
    return list_repeat_cotangent(ans_bar, xs, n), None


@jvp_rule(list_repeat_cotangent, zero_args=("xs",), nondiff_args=("n",))
def list_repeat_cotangent__jvp(g, xs, n, g_dot):
    return list_repeat_cotangent(g_dot, xs, n)


@vjp_rule(list_repeat_cotangent)
def list_repeat_cotangent__(ans_bar, g, xs, n):
    return list_repeat(ans_bar, n), None, None


zero_derivative(dict_keys, tie_share)   # keys; a piecewise-constant share

# --- batching ---------------------------------------------------------------------
# The other helpers are plain jnp code: the batch pass batches their source, as it
# does a user's function. The gradient's seed is one per example.


@batch_rule(grad_seed)
def grad_seed_batch(batch, out):
    return batch.jnp("ones_like", batch.x(out))


# grad's check that its output is real (a folded seed's): a dtype, every example's.
@batch_rule(check_real)
def check_real_batch(batch, v):
    return batch.call("check_real", batch.x(v))


# A cast to a dtype every example shares: written out where the probe saw both.
@batch_rule(cotangent_dtype)
def cotangent_dtype_batch(batch, g, x):
    g_info, x_info = batch.info(g), batch.info(x)
    if all(i is not None and i.kind == "array" for i in (g_info, x_info)):
        return batch.cast_as(batch.with_batch(g), g_info.dtype, x_info.dtype)
    return batch.call("cotangent_dtype", batch.with_batch(g), batch.x(x))


# Summing down to one example's shape: the axes are known from the shapes.
@batch_rule(unbroadcast)
def unbroadcast_batch(batch, g, x):
    g_info, x_info = batch.info(g), batch.info(x)
    if any(i is None or i.kind != "array" or None in i.shape for i in (g_info, x_info)):
        # shapes that change from one pass of a loop to the next: decided when it runs
        return batch.call("unbroadcast_batched", batch.with_batch(g), batch.x(x),
                          batch.batched(x))
    g_shape, x_shape = batch.shape(g), batch.shape(x)
    g_batch = batch.cast_as(batch.with_batch(g), g_info.dtype, x_info.dtype)
    if g_shape == x_shape:
        return g_batch
    lead = len(g_shape) - len(x_shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(x_shape)
                                      if n == 1 and g_shape[lead + i] != 1)
    summed = batch.jnp("sum", g_batch, axis=shift_axes(axes))
    return batch.jnp("reshape", summed, (batch.batch_size,) + tuple(x_shape))


# Leaf by leaf, every leaf batched.
@batch_rule(list_append)
def tree_batch(batch, **operands):
    return batch.rebuild(**{k: batch.with_batch(v) for k, v in operands.items()})


# Batched code batched again (vmap of a Jacobian): the inner batch axis goes
# after the outer one.
@batch_rule(broadcast_tree)
def broadcast_tree_batch(batch, tree, size, axis=0):
    return batch.rebuild(tree=batch.with_batch(tree), size=batch.value(size, "the batch size"),
                         axis=shift_axes(batch.value(axis, "the axis")))


# A list's items, made the array another use gave, stack after the batch axis.
@batch_rule(tree_add)
def tree_add_batch(batch, a, b, items_axis=None):
    return batch.rebuild(a=batch.with_batch(a), b=batch.with_batch(b),
                         items_axis=batch.value(items_axis, "the items' axis") + 1
                         if items_axis is not None else 1)


@batch_rule(tree_zeros_like, zeros_like)
def zeros_batch(batch, **operands):
    return batch.rebuild()


# `x[index]`'s cotangent: zeros with `g` added at the index, each example at its own.
@batch_rule(getitem_cotangent, add_at)
def add_at_batch(batch, **operands):
    x, index, g = list(operands.values())[:3]
    if batch.info(x) is not None and batch.info(x).kind == "tree":
        if batch.batched(index):
            raise batch.error("s2s cannot batch an index into a list that differs between "
                              "examples")
        axis = {}   # (only where reverse mode wrote the parts of an unpacked item)
        if _parts_of_an_item(batch, x, index, g):
            axis = {"axis": shift_axes(batch.value(operands.get("axis", 0), "the axis"))}
        return batch.rebuild(**{next(iter(operands)): batch.with_batch(x)},
                             g=batch.with_batch(g), **axis)
    start = batch.with_batch(x)
    if batch.prim.fn is getitem_cotangent:
        start = batch.jnp("zeros_like", start)
    return at_add_expression(batch, start, x, index, g)


def _parts_of_an_item(batch, x, index, g):
    """Is `g` the tuple of the cotangents of an unpacked array item's parts
    (`a, b = xs[0]`), which add_at stacks along its `axis`? Written as a tuple
    by reverse mode, or a name holding one (forward mode over it) where the
    item is no tuple itself."""
    if isinstance(g, gast.Tuple):
        return True
    parts, tree, at = batch.info(g), batch.info(x), batch.info(index)
    if parts is None or parts.kind != "tree" or (
            at is not None and at.kind == "value" and isinstance(at.value, slice)):
        return False   # (a slice's cotangent is added item by item)
    try:   # (an item the probe did not describe may be an array)
        return tree.children[index.value].kind != "tree"
    except (AttributeError, TypeError, IndexError):
        return True


# The cotangents of concatenate and stack: the same cut, one axis further along.
@batch_rule(split_like, unstack_like)
def split_batch(batch, g, arrays, axis=0):
    axis = batch.value(axis, "the axis")
    if axis is None:   # (each example's cotangent flattened: left to jax.vmap)
        return batch.by_jax()
    return batch.rebuild(g=batch.with_batch(g), arrays=batch.with_batch(arrays),
                         axis=shift_axes(axis))


# Containers: every leaf batched (an unbatched operand is broadcast); the index,
# count or keys are the same for every example.
def _same_index(batch, index, message):
    if batch.batched(index):
        raise batch.error(message, "stack the list into an array first")


@batch_rule(set_item)
def set_item_batch(batch, xs, index, v):
    _same_index(batch, index, "s2s cannot batch `xs[i] = v` on a list or dict with an index "
                              "that differs between examples")
    return batch.rebuild(xs=batch.with_batch(xs), v=batch.with_batch(v))


@batch_rule(set_item_cotangent)
def set_item_cotangent_batch(batch, g, xs, index):
    _same_index(batch, index, "s2s cannot batch an index into a list that differs between "
                              "examples")
    return batch.rebuild(g=batch.with_batch(g), xs=batch.with_batch(xs))


@batch_rule(list_concat)
def list_concat_batch(batch, xs, ys):
    return batch.rebuild(xs=batch.with_batch(xs), ys=batch.with_batch(ys))


@batch_rule(list_repeat, list_repeat_cotangent)
def list_repeat_batch(batch, **operands):
    if any(batch.batched(operands[k]) for k in ("n",)):
        raise batch.error("s2s cannot batch a list repeated a different number of times "
                          "per example")
    return batch.rebuild(**{k: batch.with_batch(v) for k, v in operands.items() if k != "n"})


@batch_rule(dict_keys)
def dict_keys_batch(batch, xs):
    info = batch.info(xs)
    if info is not None and info.kind == "tree":
        return batch.rebuild()   # a dict's keys, or a list as it is: the same per example
    raise batch.error("s2s cannot batch a loop over the keys of this value",
                      "loop over range(len(x)) and index x[i]")


@batch_rule(tie_share)
def tie_share_batch(batch, a, b, new):
    return batch.rebuild(a=batch.align(a, batch.rank(new)), b=batch.align(b, batch.rank(new)),
                         new=batch.with_batch(new))
