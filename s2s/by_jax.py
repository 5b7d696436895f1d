"""JAX's own transformations of one function, for the calls s2s has no rule for.

A function from JAX that s2s has no jvp, vjp or batching rule for (an
unusual `jnp` function, `jax.scipy.special.gammaln`, a jitted library
function) is not refused: the generated code calls one of these helpers,
which hands that one function to `jax.jvp`, `jax.vjp` or `jax.vmap`, so the
printed program says plainly where JAX does the work:

    roll_dot = jvp_by_jax(jnp.roll, (x, 2), (x_dot, None))

Arguments are pytrees; a `None` tangent (or `False` in vjp's `active`, or a
`None` axis in vmap's `in_axes`), for a whole argument or one leaf of it,
holds that part fixed, so integers, axes and functions pass through as the
function expects them; so is a leaf that is no array (a PyTreeDef, which JAX
holds static: `tree_unflatten(treedef, leaves)`). The helpers are themselves functions s2s hands to
JAX when it transforms generated code again (`jvp_by_jax` of `vjp_by_jax`
in a Hessian).
"""
import copy

import jax
import jax.numpy as jnp
import numpy as np

from .errors import S2SError
from .runtime import helper
from .runtime_linalg import explicit_sharding

# NumPy's generators (autograd's `rs`): a call drawing from one cannot be run twice
RANDOM_STATES = (np.random.RandomState, np.random.Generator)


def _leaf_flags(prefix, tree, is_on):
    """One flag per leaf of `tree`, from `prefix` (a prefix of `tree`'s structure
    whose leaves say, for a whole subtree, whether it takes part)."""
    marks, treedef = jax.tree_util.tree_flatten(prefix, is_leaf=lambda v: v is None)
    flags = []
    for mark, sub in zip(marks, treedef.flatten_up_to(tree)):
        flags += [is_on(mark)] * len(jax.tree_util.tree_leaves(sub))
    return flags


def _on_some_leaves(fn, args, flags, kwargs):
    """(f, xs): f(*xs) is fn(*args, **kwargs) as a function of the leaves of
    `args` whose flag is set, the other leaves held as they are."""
    leaves, treedef = jax.tree_util.tree_flatten(args)
    chosen = [i for i, on in enumerate(flags) if on]

    def f(*xs):
        given = list(leaves)
        for i, x in zip(chosen, xs):
            given[i] = x
        return fn(*jax.tree_util.tree_unflatten(treedef, given), **kwargs)
    return f, [leaves[i] for i in chosen]


def _tangent_leaves(tangents, args):
    """The tangents of `args`' leaves (None where held fixed)."""
    marks, treedef = jax.tree_util.tree_flatten(tangents, is_leaf=lambda v: v is None)
    out = []
    for mark, sub in zip(marks, treedef.flatten_up_to(args)):
        n = len(jax.tree_util.tree_leaves(sub))
        out += [None] * n if mark is None else jax.tree_util.tree_leaves(mark)
    return out


@helper(pure=True)
def jvp_by_jax(fun, primals, tangents, **kwargs):
    """The tangent of fun(*primals, **kwargs) by JAX's own jvp (s2s has no jvp
    rule for fun); a None tangent holds its argument fixed."""
    _refuse_hidden_values(fun, primals, [t is not None for t in tangents])
    _refuse_random_states(fun, primals)
    ts = _tangent_leaves(tangents, primals)
    flags = [t is not None and _is_value(x) for t, x in zip(ts, jax.tree_util.tree_leaves(primals))]
    ts = [t if on else None for t, on in zip(ts, flags)]
    f, xs = _on_some_leaves(fun, primals, flags, kwargs)
    tangents = tuple(t for t in ts if t is not None)
    try:
        return jax.jvp(f, tuple(xs), tangents)[1]
    except TypeError:   # an output JAX cannot transform (a function)
        f, _, rebuild = _values_only(f, xs)
        return rebuild(jax.jvp(f, tuple(xs), tangents)[1])


@helper(pure=True)
def vjp_by_jax(fun, primals, active, out_bar, **kwargs):
    """The cotangents of fun(*primals, **kwargs)'s arguments by JAX's own vjp
    (s2s has no vjp rule for fun), one per argument, None where `active` is
    False; the forward computation runs again here."""
    _refuse_hidden_values(fun, primals, active)
    _refuse_random_states(fun, primals)
    flags = [on and _is_value(x) for on, x in zip(_leaf_flags(active, primals, bool),
                                                  jax.tree_util.tree_leaves(primals))]
    f, xs = _on_some_leaves(fun, primals, flags, kwargs)
    try:
        out, pullback = jax.vjp(f, *xs)
        bars = iter(pullback(_like(out_bar, out)))
    except TypeError:   # an output JAX cannot transform (a function)
        f, kept, rebuild = _values_only(f, xs)
        out, pullback = jax.vjp(f, *xs)
        bars = iter(pullback(_kept(_like(out_bar, rebuild(out)), kept)))
    bars = [next(bars) if on else None for on in flags]
    out, start = [], 0
    for operand in primals:   # (one per operand: None where nothing of it is active)
        leaves, treedef = jax.tree_util.tree_flatten(operand)
        mine, start = bars[start:start + len(leaves)], start + len(leaves)
        out.append(None if all(b is None for b in mine) else _cotangent_tree(treedef, mine,
                                                                             leaves))
    return tuple(out)


def _cotangent_tree(treedef, bars, leaves):
    """An operand's cotangents in its own structure, None where held fixed; a
    node that refuses None (a class whose constructor checks its arrays)
    keeps its own leaf there, which no one reads."""
    try:
        return jax.tree_util.tree_unflatten(treedef, bars)
    except Exception:
        return jax.tree_util.tree_unflatten(treedef, [leaf if b is None else b
                                                      for b, leaf in zip(bars, leaves)])


def _refuse_hidden_values(fun, primals, active):
    """A function called through `apply_callable` (an object whose method
    `apply_method` calls) that depends on differentiated values but is no
    pytree (a closure, a Flax module bound to its variables) hides them from
    JAX: refused, never a derivative of zero."""
    if fun not in APPLY or not primals or not active:
        return
    called, on = _called(fun, primals, active)
    if on is not False and on is not None and not _is_value(called) \
            and jax.tree_util.all_leaves([called]):
        name = getattr(called, "__qualname__", None) or type(called).__name__
        raise S2SError(
            f"s2s cannot differentiate a call of `{name}`: it is a function computed from "
            f"differentiated values, and JAX cannot see the values it holds (it is not a "
            f"pytree)",
            hint="pass the values as arguments of the call, or make the callable a pytree "
                 "(an Equinox module, a dataclass registered with jax.tree_util)")


def _probing():
    """Is s2s's probe running the code (once, on one example's shapes, before
    the real run)?"""
    from .passes.probe_record import RECORDER
    return bool(RECORDER.stack)


def _refuse_random_states(fun, primals):
    """A call that draws from a NumPy random state (autograd's `rs`) draws
    other numbers when JAX's derivative runs it again: refused, never a
    derivative of other samples than the value's."""
    for leaf in jax.tree_util.tree_leaves(primals):
        if isinstance(leaf, RANDOM_STATES):
            called = _called(fun, primals, None)[0] if fun in APPLY else fun
            name = getattr(called, "__qualname__", None) or type(called).__name__
            raise S2SError(
                f"s2s cannot differentiate this call of `{name}` by JAX: it is passed a NumPy "
                f"random state, and JAX's derivative runs the call again, drawing other "
                f"numbers than the value's",
                hint="draw the random numbers outside the differentiated function and pass "
                     "them in, or draw them with jax.random from a key")


def _called(fun, primals, active):
    """(the function an apply_* helper calls, its mark in `active`): the first
    operand, or for apply_transformed the first of what it transforms."""
    if fun is apply_transformed:
        mark = active[1] if active is not None else None
        return primals[1][0], mark[0] if isinstance(mark, (tuple, list)) and mark else mark
    return primals[0], active[0] if active is not None else None


def _values_only(f, xs):
    """(g, kept, rebuild): g is f without the outputs JAX cannot transform
    (ravel_pytree's `unravel`, a function), kept marks the outputs g keeps,
    and rebuild puts the others back beside g's (in a tangent or cotangent)."""
    leaves, treedef = jax.tree_util.tree_flatten(f(*xs))
    kept = [_is_value(v) for v in leaves]

    def g(*args):
        return [v for v, k in zip(jax.tree_util.tree_leaves(f(*args)), kept) if k]

    def rebuild(values):
        it = iter(values)
        return jax.tree_util.tree_unflatten(treedef, [next(it) if k else v
                                                      for v, k in zip(leaves, kept)])
    return g, kept, rebuild


def _kept(bar, kept):
    """The cotangent of the kept outputs only."""
    parts = jax.tree_util.tree_leaves(bar, is_leaf=lambda v: v is None)
    return [b for b, k in zip(parts, kept) if k]


def _is_value(v):
    return isinstance(v, (jax.Array, int, float, complex, bool)) or hasattr(v, "__jax_array__") \
        or type(v).__module__ == "numpy"


def _like(bar, out):
    """The cotangent `bar` as JAX's vjp takes it: in the structure of `out`
    (s2s hands a list's cotangent as a tuple; a None part is a zero), each
    leaf of its output's dtype (`x.astype(jnp.float32)` under float64) and,
    on an Explicit mesh, placed as its output is."""
    parts = jax.tree_util.tree_leaves(bar, is_leaf=lambda v: v is None)
    leaves, treedef = jax.tree_util.tree_flatten(out)
    if len(parts) != len(leaves):
        return bar
    return jax.tree_util.tree_unflatten(treedef, [
        (jnp.zeros_like(o) if _is_value(o) else None) if b is None
        else _placed_as(jnp.asarray(b, dtype=jnp.result_type(o)), o)
        if jnp.issubdtype(jnp.result_type(o), jnp.inexact) else b
        for b, o in zip(parts, leaves)])


def _placed_as(b, o):
    """b resharded to o's layout where o is on an Explicit mesh (a sharded
    batch's output), as JAX's vjp requires."""
    placed = explicit_sharding(o)
    if placed is None or getattr(jax.typeof(b), "sharding", None) == placed:
        return b
    return jax.sharding.reshard(b, placed.spec)


@helper(pure=True)
def vmap_by_jax(fun, args, in_axes, /, vmap_options=None, **kwargs):
    """fun(*args, **kwargs) for every example by jax.vmap (s2s has no batching
    rule for fun): batched arguments carry the batch on axis 0, `in_axes` None
    for the others, which are held as they are; the result's batch is on axis 0.
    `vmap_options`: the s2s.vmap's axis_name and spmd_axis_name, for jax.vmap."""
    flags = _leaf_flags(in_axes, args, lambda axis: axis is not None)
    f, xs = _on_some_leaves(fun, args, flags, kwargs)
    options = vmap_options or {}
    try:
        return jax.vmap(f, **options)(*xs)
    except TypeError:   # an output JAX cannot batch (a function): passed on unbatched
        f, _, rebuild = _values_only(f, [x[0] for x in xs])   # (what one example gives)
        return rebuild(jax.vmap(f, **options)(*xs))


@helper(pure=True)
def apply_callable(fun, /, *args, **kwargs):
    """fun(*args, **kwargs) for a function the code was passed or computed
    (s2s/passes/passed_functions.py): JAX transforms the call, and the
    function's own arrays (the weights of an Equinox module, of any callable
    pytree) are differentiated with the arguments."""
    return fun(*args, **kwargs)


@helper(pure=True)
def apply_method(obj, method, /, *args, **kwargs):
    """obj.method(*args, **kwargs) for a method s2s has no rule for (a model's
    layer `self.l1(x)`, an array's `x.cumprod()`, s2s/passes/resolve.py): JAX
    transforms the call, obj's arrays differentiated with the arguments."""
    if isinstance(obj, RANDOM_STATES) and _probing():
        obj = copy.deepcopy(obj)   # (the probe's draws leave the user's generator as it was)
    try:
        bound = getattr(obj, method)
    except AttributeError:
        raise S2SError(f"`.{method}()`: a {type(obj).__name__} has no method `{method}`",
                       hint="for an array, use the jax.numpy function instead") from None
    return bound(*args, **kwargs)


@helper(pure=True)
def apply_transformed(transform, made_of, options, /, *args, **kwargs):
    """transform(*made_of, **options)(*args, **kwargs): a transformation
    (`jax.vmap(model)`) of a function the code holds in a name
    (s2s/passes/resolve.py); JAX transforms the call, the function's arrays
    differentiated with the arguments."""
    return transform(*made_of, **options)(*args, **kwargs)


@helper(pure=True)
def apply_lifted(transform, made_of, closure, options, /, *args, **kwargs):
    """JAX's transformation of a function nested in the code, lifted out with
    the values it reads from the code passed as its first arguments, which JAX
    then transforms with the others.

    `transform(Partial(fun, *closure), *rest, **options)(*args, **kwargs)`,
    `made_of` being (fun, *rest) (s2s/passes/lifted_functions.py): a
    jax.tree_util.Partial is a pytree, so its values are JAX's to see."""
    fun = jax.tree_util.Partial(made_of[0], *closure)
    return transform(fun, *made_of[1:], **options)(*args, **kwargs)


APPLY = (apply_callable, apply_method, apply_transformed)   # calls of what the code holds
BY_JAX = (jvp_by_jax, vjp_by_jax, vmap_by_jax, apply_lifted) + APPLY
