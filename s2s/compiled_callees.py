"""A helper the user compiled (`@jax.jit`, `@s2s.jit`) stays compiled when s2s
transforms a function that calls it.

s2s differentiates or batches the helper's source as it does any callee's
(`layer_vjp`, `layer_jvp`, `layer_vmap`); only the binding differs: the code
that calls it gets the generated function compiled, with the helper's own
static arguments. So `s2s.grad(loss)` run eagerly runs each jitted layer's
derivative as one XLA program, as `jax.grad(loss)` does.

A vjp returns its pullback, a Python closure, which a compiled program cannot
return. The forward program returns the arrays the pullback closes over (its
residuals) instead, and the pullback runs as a second program on them: the
closure is opened where it is made and rebuilt where it runs (`_open`).
"""
import functools
import types

import jax

from .pipeline import Family, JitOptions, Transformation

# jax.typeof: JAX 0.5.3 on; before, jax.core.get_aval (the same abstract value)
_typeof = getattr(jax, "typeof", None) or jax.core.get_aval

COMPILED = "__s2s_compiled__"   # on a bound wrapper: how its helper was compiled


class Compiled:
    """How the user compiled a helper: which parameters are static, and for
    `s2s.jit` its loop options (its control flow on traced values is made
    functional first, as s2s.jit does; `jax.jit` needs no conversion)."""

    def __init__(self, static, by_s2s=None):
        self.static = static                          # per parameter: static?
        self.statics = tuple(i for i, s in enumerate(static) if s)
        self.by_s2s = by_s2s                          # the s2s.jit object, or None


def compiled(fn):
    """A `Compiled` when the user compiled `fn` with `jax.jit` or `s2s.jit`, else None."""
    from .jit import Jitted, static_positions   # (jit imports the driver, which imports this)
    if isinstance(fn, Jitted):
        return None if isinstance(fn.fun, Transformation) else Compiled(fn.static, fn)
    already = getattr(fn, COMPILED, None)
    if already is not None:
        return already
    info = getattr(fn, "_jit_info", None)   # (jax.jit's record of its arguments)
    if info is None or not callable(getattr(fn, "lower", None)):
        return None
    return Compiled(static_positions(fn, info.static_argnums or None,
                                     info.static_argnames or None))


def bind(generated, family, how):
    """What the calling code binds for the generated callee `generated` (a
    driver.Generated) of a helper compiled `how`."""
    fn = generated.function
    if family is Family.JIT:   # (traced inside the caller's own program)
        return fn
    run = _as_jax_can_trace(fn, how)
    if family is Family.REVERSE:
        bound = _compiled_vjp(run, fn.__name__, how)
    else:
        bound = jax.jit(run, static_argnums=how.statics)
    wrapper = functools.wraps(fn)(lambda *args, **kwargs: bound(*args, **kwargs))
    del wrapper.__wrapped__
    # A transformation of the calling code transforms the generated source,
    # and binds its own callee compiled in turn.
    wrapper.__s2s_function__ = fn
    setattr(wrapper, COMPILED, how)
    return wrapper


def _as_jax_can_trace(fn, how):
    """`fn` as jax.jit can trace it: for an s2s.jit helper, its code with control
    flow on traced values made functional, run under the helper's loop options."""
    if how.by_s2s is None:
        return fn
    from . import driver, transforms
    from .jit import tracing_with, unchecked
    j = how.by_s2s
    converted = driver.build(transforms.JIT, fn, JitOptions(j.static, j.unroll)).function
    traced = tracing_with(converted, j.unroll, j.max_steps)
    return functools.wraps(fn)(lambda *args, **kwargs: unchecked(traced(*args, **kwargs),
                                                                 j.max_steps))


def _compiled_vjp(vjp, name, how):
    """`vjp` (returning `(out, pullback)`) as two compiled programs: the forward
    returns the pullback's residual arrays, the pullback runs on them."""
    rebuilders = {}   # argument signature -> rebuilds the pullback from its residuals

    def forward(signature, *args, **kwargs):
        out, pullback = vjp(*args, **kwargs)
        residuals, rebuilders[signature] = _open(pullback)
        return out, residuals

    def backward(signature, residuals, out_bar):
        return rebuilders[signature](residuals)(out_bar)

    forward.__name__, backward.__name__ = name + "_forward", name + "_pullback"
    forward = jax.jit(forward, static_argnums=(0,) + tuple(i + 1 for i in how.statics))
    backward = jax.jit(backward, static_argnums=0)

    def call(*args, **kwargs):
        signature = _signature(args, kwargs, how.statics)
        out, residuals = forward(signature, *args, **kwargs)
        return out, functools.partial(backward, signature, residuals)
    return call


def _signature(args, kwargs, statics):
    """What the forward's trace depends on: static values, and the types
    (shape, dtype, weak type) and structure of the rest."""
    dynamic = [a for i, a in enumerate(args) if i not in statics]
    leaves, tree = jax.tree_util.tree_flatten((dynamic, kwargs))
    return (tuple(args[i] for i in statics if i < len(args)), tree,
            tuple(_typeof(x) for x in leaves))


def _open(fn, seen=None):
    """(residual arrays, rebuild): the arrays `fn`'s closure holds, and a
    function that makes `fn` again from arrays in their place. A closed-over
    function (a callee's pullback) is opened in turn; other values (Python
    numbers, shapes, functions that hold no arrays) are the same for every
    call of one signature and stay."""
    seen = set() if seen is None else seen
    if id(fn) in seen:   # (a function that calls itself holds no arrays)
        return [], lambda arrays: fn
    seen.add(id(fn))
    cells = fn.__closure__ or ()
    filled = [_filled(c) for c in cells]   # (an empty cell is kept as it is)
    parts = [_open_value(c.cell_contents, seen) if f else ([], lambda _, c=c: c)
             for c, f in zip(cells, filled)]
    residuals = [r for part in parts for r in part[0]]
    if not residuals:
        return [], lambda arrays: fn
    sizes = [len(part[0]) for part in parts]

    def rebuild(arrays):
        values, start = [], 0
        for (_, remake), size in zip(parts, sizes):
            values.append(remake(arrays[start:start + size]))
            start += size
        made = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                                  tuple(types.CellType(v) if f else v
                                        for f, v in zip(filled, values)))
        made.__kwdefaults__ = fn.__kwdefaults__
        return made
    return residuals, rebuild


def closed_over_arrays(fn):
    """Every array `fn`'s closure holds, through closures, pytrees and partials."""
    return _open(fn)[0]


def _filled(cell):
    try:
        cell.cell_contents
    except ValueError:   # (a cell not yet filled: a function that calls itself)
        return False
    return True


def _open_value(value, seen):
    """(arrays, remake) of one closed-over value: a function is opened (its
    closure), a pytree leaf by leaf (a tape holds each step's pullback)."""
    if isinstance(value, types.FunctionType) and value.__closure__:
        return _open(value, seen)
    if isinstance(value, functools.partial):   # (a compiled helper's pullback, in a loop)
        arrays, remake = _open_value((value.args, value.keywords), seen)
        return arrays, lambda new: functools.partial(value.func, *remake(new)[0], **remake(new)[1])
    leaves, tree = jax.tree_util.tree_flatten(value)
    if len(leaves) == 1 and leaves[0] is value:
        if isinstance(value, (jax.Array, jax.core.Tracer)):
            return [value], lambda arrays: arrays[0]
        return [], lambda arrays: value
    parts = [_open_value(leaf, seen) for leaf in leaves]
    sizes = [len(arrays) for arrays, _ in parts]

    def remake(arrays):
        made, start = [], 0
        for (_, remake_leaf), size in zip(parts, sizes):
            made.append(remake_leaf(arrays[start:start + size]))
            start += size
        return jax.tree_util.tree_unflatten(tree, made)
    return [a for arrays, _ in parts for a in arrays], remake
