"""The few helpers generated code calls. Plain jnp code, so s2s can transform
them in turn (grad of grad, jvp of grad).

Each one generated code calls is registered with `@helper`: generated code
sees it under its own name, and `pure=True` tells simplify that a call of it
only computes a value (it may be shared or removed when unused). Families
of helpers (products in s2s/runtime_linalg.py, batching, shapes, numerics:
`FAMILIES` at the end) live in modules of their own, registered the same way
and re-exported here: `s2s.runtime` names every helper."""
import dataclasses

import jax
import jax.numpy as jnp

from .errors import S2SError

HELPERS = {}        # name -> function, for every helper generated code calls
PURE_HELPERS = set()   # names of the helpers simplify may share or remove
PRODUCT_HELPERS = set()   # names of the helpers that multiply matrices


def defines(fn):
    """Is `fn` one of the runtime's functions (a helper, or one a helper calls):
    this module's or one of the runtime_*.py modules' (linalg, batch, shape,
    numeric, poly, stats)?"""
    module = getattr(fn, "__globals__", None)
    return module is globals() or any(module is vars(m) for m in FAMILIES)


def helper(fn=None, *, pure=False, product=False):
    """Register `fn` as a helper generated code calls by its name. `product`: it
    multiplies matrices (a product's cotangent), work worth a branch to skip
    (s2s/passes/dead_cotangents.py)."""
    def register(fn):
        HELPERS[fn.__name__] = fn
        if pure:
            PURE_HELPERS.add(fn.__name__)
        if product:
            PRODUCT_HELPERS.add(fn.__name__)
        return fn
    return register(fn) if fn is not None else register


@helper(pure=True)
def max_weights(x, axis=None):
    """Where x attains its max along `axis`, 1/count (ties share); else 0."""
    hit = x == jnp.max(x, axis=axis, keepdims=True)
    return hit / jnp.sum(hit, axis=axis, keepdims=True)


@helper(pure=True)
def min_weights(x, axis=None):
    hit = x == jnp.min(x, axis=axis, keepdims=True)
    return hit / jnp.sum(hit, axis=axis, keepdims=True)


@helper(pure=True)
def abs_direction(x):
    """What |x| changes by per unit of x: the sign (1 at 0, as JAX), or for a
    complex x its direction x / |x| (0 at 0)."""
    if jnp.iscomplexobj(x):
        return x / jnp.where(x == 0, 1.0, jnp.abs(x))
    return jnp.where(x >= 0, 1.0, -1.0)


@helper(pure=True)
def prod_others(x, axis=None):
    """For each element, the product of the others along `axis` (zeros safe)."""
    shape = jnp.shape(x)
    if axis is None:
        axes = tuple(range(len(shape)))
    elif isinstance(axis, int):
        axes = (axis % len(shape),)
    else:
        axes = tuple(a % len(shape) for a in axis)
    rest = tuple(a for a in range(len(shape)) if a not in axes)
    moved = jnp.transpose(x, rest + axes)
    flat = jnp.reshape(moved, tuple(shape[a] for a in rest) + (-1,))
    ones = jnp.ones_like(flat[..., :1])
    left = jnp.cumprod(jnp.concatenate([ones, flat[..., :-1]], axis=-1), axis=-1)
    right = jnp.flip(jnp.cumprod(jnp.concatenate(
        [ones, jnp.flip(flat, axis=-1)[..., :-1]], axis=-1), axis=-1), axis=-1)
    others = jnp.reshape(left * right, jnp.shape(moved))
    back = [0] * len(shape)   # the inverse of the permutation rest + axes
    for position, a in enumerate(rest + axes):
        back[a] = position
    return jnp.transpose(others, tuple(back))


@helper(pure=True)
def cotangent_dtype(g, x):
    """The cotangent `g` in the dtype of the value `x` it belongs to, as JAX's
    transpose of a promotion gives it: real for a real `x` (a complex `g`
    keeps its real part), float16 for a float16 `x` mixed with float32, the
    default float for a Python float `x` mixed with float32."""
    x_dtype = jnp.result_type(float) if type(x) is float else getattr(x, "dtype", None)
    g_dtype = getattr(g, "dtype", None)
    if x_dtype is None or g_dtype is None:   # a Python number
        return jnp.real(g) if isinstance(x, (int, float)) and jnp.iscomplexobj(g) else g
    real, cast = promotion_undone(g_dtype, x_dtype)
    g = jnp.real(g) if real else g
    return g.astype(x_dtype) if cast else g


def promotion_undone(g_dtype, x_dtype):
    """(take the real part, cast) that give a cotangent of dtype `g_dtype` the
    dtype `x_dtype` of its value (nothing for an integer value)."""
    if g_dtype == x_dtype or not jnp.issubdtype(x_dtype, jnp.inexact):
        return False, False
    return (jnp.issubdtype(g_dtype, jnp.complexfloating)
            and not jnp.issubdtype(x_dtype, jnp.complexfloating)), True


@helper(pure=True)
def unbroadcast(g, x):
    """Sum the cotangent `g` down to the shape of `x`, undoing broadcasting,
    and give it `x`'s dtype, undoing promotion."""
    g = cotangent_dtype(g, x)
    shape = jnp.shape(x)
    g_shape = jnp.shape(g)
    if g_shape == shape:
        return g
    lead = len(g_shape) - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, n in enumerate(shape)
                                      if n == 1 and g_shape[lead + i] != 1)
    total = jnp.sum(g, axis=axes)
    # (only summed size-1 axes need putting back: a bias's gradient needs no reshape)
    return total if jnp.shape(total) == shape else jnp.reshape(total, shape)


@helper(pure=True)
def list_append(xs, v):
    """`xs.append(v)` as a value: reverse mode needs every list it saw."""
    return xs + [v]


@helper(pure=True)
def zip_length(*seqs):
    """How many times `zip(*seqs)` iterates."""
    return min(len(s) for s in seqs)


@helper
def grad_seed(out):
    """The cotangent that starts a gradient: 1 for a scalar output."""
    if jnp.ndim(out) != 0:
        raise TypeError(f"Gradient only defined for scalar-output functions. Output had "
                        f"shape: {jnp.shape(out)}.")
    dtype = getattr(out, "dtype", None)
    if dtype is not None and not jnp.issubdtype(dtype, jnp.floating):
        what = "complex outputs" if jnp.issubdtype(dtype, jnp.complexfloating) \
            else "functions with integer outputs"
        raise TypeError(f"grad requires real-valued outputs (output dtype that is a sub-dtype "
                        f"of np.floating), but got {jnp.dtype(dtype).name}. For "
                        f"differentiation of {what}, use jax.vjp directly.")
    if dtype is None or isinstance(out, jax.core.Tracer):
        return 1.0  # a Python number: weakly typed, every cotangent keeps its primal's dtype
    if getattr(out, "weak_type", False):
        # weakly typed, as JAX's seed: a gradient that does not depend on the
        # input (`x * 2.0`) is still an array of JAX's precision, not a float
        return _kept(("weak_one", dtype), lambda: jnp.ones_like(out))
    return _constant(1, (), dtype)  # made once: creating arrays is slow in eager JAX


@helper
def check_real(v):
    """grad needs a real output: `jnp.sum(v)` is real when `v` is (the check
    grad_seed makes, where the seed itself is folded into the code)."""
    dtype = getattr(v, "dtype", None)
    if dtype is not None and not jnp.issubdtype(dtype, jnp.floating):
        grad_seed(jnp.sum(v))


@helper(pure=True)
def tree_add(a, b, items_axis=0):
    """Cotangents of lists, tuples and dicts add leaf by leaf. A None leaf is a
    value that a path through a loop body did not compute (its tape entry):
    it adds nothing. A list's cotangent that one use gives as a list and
    another as an array (`jnp.array(xs)` and `xs[-1]`) adds as that array,
    its items stacked on `items_axis` (after vmap's batch axis: 1)."""
    a, b = _one_form(a, b, items_axis), _one_form(b, a, items_axis)
    return jax.tree_util.tree_map(_add_or_none, a, b, is_leaf=_is_none)


def _one_form(items, other, axis):
    """`items` (a list's or tuple's cotangent, item by item) as the array
    jnp.array makes of it, where `other` is that array's; else as it is."""
    if not hasattr(other, "shape") or not len(jnp.shape(other)) \
            or not (isinstance(items, (list, tuple)) or hasattr(items, "__jax_array__")):
        return items
    if not isinstance(items, (list, tuple)):   # (a list a lax loop recorded: Stacked)
        return jnp.asarray(items)
    shape = jnp.shape(other)
    row = jnp.zeros(shape[:axis] + shape[axis + 1:], jnp.result_type(other))
    return jnp.stack([row if v is None else v for v in items], axis=axis)


def _is_none(x):
    return x is None


def _add_or_none(u, v):
    if u is None:
        return v
    if v is None:
        return u
    if _is_kept_zero(u, v):   # (a cotangent's first contribution, as in a list's
        return v              # zero-filled gradient: no add, as JAX's symbolic zero)
    return jnp.add(u, v)


def _is_kept_zero(u, v):
    """Is `u` the zeros zeros_like keeps for `v`'s shape and dtype (both
    concrete strongly typed arrays), so that u + v is v?"""
    return type(u) is _ARRAY and type(v) is _ARRAY and not v.weak_type \
        and _CONSTANTS.get((0, u.shape, u.dtype)) is u and v.shape == u.shape \
        and v.dtype == u.dtype


@helper(pure=True)
def tree_zeros_like(tree):
    return jax.tree_util.tree_map(lambda v: None if callable(v) else zeros_like(v), tree)


@helper(pure=True)
def getitem_cotangent(x, index, g, axis=0):
    """The cotangent of `x` from that of `x[index]`, for arrays and containers.
    An index that only adds axes (`x[:, None]`) gives a reshape, as in JAX: the
    scatter of `.at[:, None].add` has no index dimensions, and XLA aborts the
    process on one under a `jnp.flip`."""
    if adds_axes_only(index) and hasattr(x, "shape"):
        return jnp.reshape(g, jnp.shape(x))
    return add_at(tree_zeros_like(x), index, g, axis)


def adds_axes_only(index):
    """`x[:, None]`, `x[None]`, `x[..., None]`: an index that only adds axes
    (to an array: a list takes no None), whose cotangent is a reshape."""
    parts = index if isinstance(index, tuple) else (index,)
    return any(p is None for p in parts) and all(
        p is None or p is Ellipsis or isinstance(p, slice) and p == slice(None) for p in parts)


# -- cotangent helpers for the vjp rules (s2s/rules) ----------------------------------
# Shape and axis bookkeeping is computed from static shapes (never traced); the two
# helpers that move values (split_like, unstack_like) are linear and have rules of
# their own in s2s/rules/runtime_helpers.py, so generated code can be differentiated
# again.


def _axes_tuple(axis, ndim):
    if isinstance(axis, (tuple, list)):
        return tuple(a % ndim for a in axis)
    return (axis % ndim,)


@helper
def reduced_shape(x, axis=None):
    """The shape of a reduction of `x` over `axis` with keepdims=True."""
    shape = jnp.shape(x)
    if axis is None:
        return (1,) * len(shape)
    axes = _axes_tuple(axis, len(shape))
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


@helper
def inverse_permutation(axes, ndim):
    """The axes that undo jnp.transpose(x, axes) for an x with `ndim` axes (None: reversed)."""
    if axes is None:
        return None
    axes = _axes_tuple(axes, ndim)
    inverse = [0] * ndim
    for i, a in enumerate(axes):
        inverse[a] = i
    return tuple(inverse)


@helper
def split_like(g, arrays, axis=0):
    """`g` cut into pieces shaped like `arrays`: the cotangents of
    jnp.concatenate(arrays, axis), in a list (a tuple if `arrays` is one)."""
    if axis is None:
        sizes = [jnp.size(a) for a in arrays]
        flat = jnp.ravel(g)
    else:
        # (the axis counted from the end: under vmap, an array the batch left as
        # it was has one axis fewer than g)
        end = axis % jnp.ndim(g) - jnp.ndim(g)
        sizes = [jnp.shape(a)[end] for a in arrays]
        flat = g
    points, total = [], 0
    for n in sizes[:-1]:
        total += n
        points.append(total)
    parts = jnp.split(flat, points, axis=0 if axis is None else axis)
    if axis is None:
        parts = [jnp.reshape(p, jnp.shape(a)) for p, a in zip(parts, arrays)]
    return tuple(parts) if isinstance(arrays, tuple) else list(parts)


@helper(pure=True)
def stack_steps(ys, axis=0):
    """jnp.stack of the outputs a `lax.scan` or `lax.map` body gave, one per
    step. Each must be an array: a body whose output is a tuple writes it as
    one (`return carry, (a, b)`), and each of its parts is stacked alone."""
    for y in ys:
        if isinstance(y, (tuple, list, dict)):
            raise S2SError(f"a lax.scan or lax.map body gave a {type(y).__name__} as its "
                           "output, where s2s stacks one array per step",
                           hint="return the parts as a literal tuple: `return carry, (a, b)`")
    return jnp.stack(ys, axis)


@helper
def unstack_like(g, arrays, axis=0):
    """The slices of `g` along `axis`, one per array: the cotangents of
    jnp.stack(arrays, axis), in a list (a tuple if `arrays` is one)."""
    moved = jnp.moveaxis(g, axis, 0)
    parts = [moved[i] for i in range(len(arrays))]
    return tuple(parts) if isinstance(arrays, tuple) else parts


@helper(pure=True)
def unpacked_cotangent(value, parts, axis=0):
    """The cotangent of `value` from those of the names it was unpacked into
    (`a, b = value`): the parts stacked along `axis` for an array (unpacked
    along its first axis), the parts themselves for a tuple or list."""
    if isinstance(value, (tuple, list)):
        return parts
    return jnp.stack([jnp.zeros_like(jnp.take(value, i, axis)) if p is None else p
                      for i, p in enumerate(parts)], axis)


@helper(pure=True)
def cotangent_parts(g, value, parts, axis=0):
    """unpacked_cotangent's transpose: the parts' cotangents from `value`'s."""
    if isinstance(value, (tuple, list)):
        return tuple(g)
    return tuple(jnp.take(g, i, axis) for i in range(len(parts)))


@helper(pure=True)
def item_cotangent(item, g, axis=0):
    """A container item's cotangent as the item is: reverse mode gathers an
    unpacked item's (`a, b = params[0]`) as the tuple of its parts', since only
    the run tells an array item from a tuple; an array's are stacked."""
    if isinstance(g, (tuple, list)) and hasattr(item, "shape"):
        return unpacked_cotangent(item, g, axis)
    return g


@helper(pure=True)
def item_parts(g_item, g, axis=0):
    """item_cotangent's transpose: the item's cotangent cut into parts as `g` came."""
    if isinstance(g, (tuple, list)) and hasattr(g_item, "shape"):
        return cotangent_parts(g_item, g_item, g, axis)
    return g_item


_CONSTANTS = {}
try:   # JAX's concrete array type (making an array at import would start XLA's backend)
    from jax._src.array import ArrayImpl as _ARRAY
except Exception:  # pragma: no cover  (then no zero is taken for a kept one)
    _ARRAY = None


def _constant(value, shape, dtype):
    """An immutable array of `value`, made once per shape and dtype: creating
    arrays is among the slowest things eager JAX does, and arrays never change."""
    return _kept((value, shape, dtype), lambda: jnp.full(shape, value, dtype))


def _kept(key, make):
    """The array kept under `key`, made by `make()` the first time. One made
    while JAX traces (jax.jit of code that asks for zeros of a concrete array)
    is that trace's tracer: it is used, never kept for later calls."""
    array = _CONSTANTS.get(key)
    if array is None:
        array = make()
        if not isinstance(array, jax.core.Tracer):
            _CONSTANTS[key] = array
    return array


@helper
def zeros_like(x):
    """jnp.zeros_like for arrays and numbers, made once per shape and dtype.
    A string (a dict key kept with the values) has no tangent: None; nor has
    None (a loop's `return` value before the loop returns), nor a pytree's
    structure (`leaves, treedef = tree_flatten(t)`: static, as under JAX)."""
    if x is None or isinstance(x, (str, jax.tree_util.PyTreeDef)):
        return None
    if isinstance(x, (list, tuple, dict)):   # (a helper's tuple of arrays: jnp.unstack's)
        return tree_zeros_like(x)
    if isinstance(x, jax.core.Tracer) or not hasattr(x, "dtype"):
        return jnp.zeros_like(x)
    if getattr(x, "weak_type", False):
        return jnp.zeros_like(x)
    return _constant(0, x.shape, x.dtype)


# -- cotangents of products: s2s/runtime_linalg.py --------------------------------------
# (imported here, below the helpers they call: unbroadcast and the shapes above)
from . import runtime_linalg  # noqa: E402
from .runtime_linalg import (dot_axes, inner_axes, kron_shapes,  # noqa: E402,F401  (re-exported)
                             matmul_shapes, tensordot_cotangent_axes, explicit_sharding)
from .runtime_linalg import (dot_cotangent_a, dot_cotangent_b,  # noqa: E402,F401  (re-exported)
                             inner_cotangent_a, inner_cotangent_b, kron_cotangent_a,
                             kron_cotangent_b, matmul_cotangent_a, matmul_cotangent_b,
                             tensordot_cotangent_a, tensordot_cotangent_b)


@helper
def add_at(tree, index, g, axis=0):
    """`tree` with `g` added at `tree[index]`: arrays, lists, tuples and dicts.
    An array item's cotangent may come as the tuple of its unpacked parts',
    stacked along `axis` (vmap moves it past the batch axis)."""
    if isinstance(tree, dict):
        out = dict(tree)
        out[index] = tree_add(tree[index], item_cotangent(tree[index], g, axis))
        return out
    if isinstance(tree, (list, tuple)):
        items = list(tree)
        # (a slice of a tuple is a tuple, and its cotangent too: added to the list's items)
        items[index] = tree_add(items[index], list(g) if isinstance(index, slice)
                                else item_cotangent(items[index], g, axis))
        return type(tree)(*items) if hasattr(tree, "_fields") else type(tree)(items)  # NamedTuple
    return tree.at[index].add(g)


# -- Python containers as values (s2s/passes/normalize.py) --------------------------------
# `xs[i] = v`, `xs + ys` and `[v] * n` on a Python list or dict become calls of these:
# a new container each time, never a mutation (s2s/passes/aliasing.py refuses the
# programs where a mutation would be seen through another name). Each has jvp, vjp
# and batch rules in s2s/rules/runtime_helpers.py.


@helper(pure=True)
def set_item(xs, index, v):
    """`xs[index] = v` for a Python list or dict, as a value."""
    out = dict(xs) if isinstance(xs, dict) else list(xs)
    out[index] = v
    return out


@helper(pure=True)
def set_item_cotangent(g, xs, index):
    """The cotangent of `xs` in `set_item(xs, index, v)`: `g` with the item at
    `index` zero (xs's item was overwritten), or gone (a key xs did not have)."""
    out = dict(g) if isinstance(g, dict) else list(g)
    if isinstance(xs, dict) and index not in xs:
        del out[index]
    else:
        out[index] = tree_zeros_like(xs[index])
    return out


@helper(pure=True)
def list_concat(xs, ys):
    """`xs + ys` for Python lists (tuples: a tuple)."""
    out = list(xs) + list(ys)
    return tuple(out) if isinstance(xs, tuple) else out


@helper(pure=True)
def list_repeat(xs, n):
    """`xs * n` for a Python list."""
    return list(xs) * n


@helper(pure=True)
def list_repeat_cotangent(g, xs, n):
    """The cotangent of `xs` in `list_repeat(xs, n)`: the n copies' cotangents added."""
    k = len(xs)
    out = list(g[:k])
    for j in range(1, n):
        out = tree_add(out, list(g[j * k:(j + 1) * k]))
    return out


@helper(pure=True)
def field(x, name):
    """`x.name`: a field of a NamedTuple or dataclass pytree (`layer.w`)."""
    try:
        return getattr(x, name)
    except AttributeError:
        raise S2SError(f"`.{name}`: a {type(x).__name__} has no attribute `{name}` (s2s reads "
                       f"an attribute it does not know as a field of a NamedTuple or "
                       f"dataclass)", hint="for an array, use the jax.numpy function "
                                           "instead") from None


@helper(pure=True)
def field_cotangent(x, name, g):
    """The cotangent of `x` from that of `x.name`: zeros like `x`, `g` in that field."""
    zeros = tree_zeros_like(x)
    if hasattr(zeros, "_replace"):   # a NamedTuple
        return zeros._replace(**{name: g})
    if dataclasses.is_dataclass(zeros):
        return dataclasses.replace(zeros, **{name: g})
    raise S2SError(f"s2s can differentiate `.{name}` of a NamedTuple or a dataclass, "
                   f"not of a {type(x).__name__}",
                   hint="pass the field itself, or make the container a NamedTuple")


@helper(pure=True)
def dict_keys(xs):
    """What `for k in xs` iterates when the loop reads `xs[k]`: a dict's keys (as a
    list, so that the loop can count), anything else as it is."""
    return list(xs) if isinstance(xs, dict) else xs


@helper(pure=True)
def tie_share(a, b, new):
    """In `x.at[i].min(v)` / `.max(v)`: the share of the result's derivative that
    goes to `a` (1 where a alone is the extremum, 1/2 on a tie, else 0)."""
    dtype = jnp.result_type(new)
    hit_a = jnp.asarray(a == new, dtype=dtype)
    hit_b = jnp.asarray(b == new, dtype=dtype)
    return jnp.broadcast_to(hit_a / (hit_a + hit_b), jnp.shape(new))


# -- the helper families kept in files of their own, re-exported: batching
# (s2s/passes/batch.py), shape and indexing cotangents, cumulative products and
# jnp.linalg, convolutions and polynomials, statistics, special functions. Each is imported after
# the helpers above, which it calls; generated code and the rules read every
# helper as `runtime.NAME`.
from . import (runtime_batch, runtime_numeric, runtime_poly,  # noqa: E402
               runtime_shape, runtime_special, runtime_stats)

FAMILIES = (runtime_linalg, runtime_batch, runtime_shape, runtime_numeric, runtime_poly,
            runtime_stats, runtime_special)
for _family in FAMILIES[1:]:   # (runtime_linalg's names are imported above)
    globals().update({name: value for name, value in vars(_family).items()
                      if not name.startswith("_") and callable(value)
                      and getattr(value, "__module__", None) == _family.__name__})
del _family
