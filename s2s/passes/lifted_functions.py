"""Nested functions a JAX transformation is applied to, lifted out of the function.

`jax.shard_map(local, mesh=mesh, ...)(x)` or `jax.vmap(per_example)(x)`, where
`local` is a `def` nested in the function being transformed: JAX transforms
that one call (s2s/by_jax.py), and the values `local` reads from the
enclosing function (`w`) would reach JAX as closure constants it cannot see,
held fixed: a derivative of zero. So the def is lifted out of the function,
compiled on its own with those values as its first parameters, and the call
passes them:

    apply_lifted(jax.shard_map, (local,), (w,), {'mesh': mesh, ...}, x)

which runs `jax.shard_map(Partial(local, w), mesh=mesh, ...)(x)`: a
`jax.tree_util.Partial` is a pytree, so JAX transforms w with x, as it does
the weights of a callable module. Values are passed where the call is, as
Python's closure reads them there.

A def decorated with such a transformation (`@partial(jax.shard_map,
mesh=mesh, ...)`), every use of it a call, is lifted the same way. Lifted
only where every use of the name is such a call, the def has no default,
`nonlocal` or `global`, and it reads no other nested function; anything else
stays refused (s2s/passes/resolve.py says why).
"""
import copy
import functools

import gast

from .. import anno, backend
from ..nodes import BLOCK_FIELDS, walk
from ..template import load
from .resolve_values import _is_factory, _is_shard_map, _NotStatic, _s2s_twin, _static_value
from .scopes import local_functions, local_names, params


def run(fn, ctx, bind):
    """Lift the nested defs of `fn` that only a JAX transformation is applied
    to; `bind(base, obj)` gives the name the code reads obj by."""
    nested = local_functions(fn)
    enclosing = local_names(fn)
    for block, d in _nested_defs(fn):
        uses = _uses(fn, d, ctx.ns)
        closure = _read_from(d, enclosing)
        if uses is None or not _liftable(d, fn) or set(closure) & nested:
            continue
        block.remove(d)
        name = bind(d.name, _compiled(d, closure, ctx))
        for call, transform, extra, keywords in uses:
            _call_lifted(call, transform, extra, keywords, name, closure)
    for outer in [n for n in walk(fn) if _of_lambda(n, ctx.ns)]:
        _lift_lambda(outer, enclosing, nested, ctx, bind)
    for d in walk(fn):
        if isinstance(d, gast.FunctionDef) and d is not fn and d.decorator_list:
            raise ctx.source.error(d.decorator_list[0],
                                   "decorators on nested functions are supported only when "
                                   "the decorator is a JAX transformation (`@jax.vmap`, "
                                   "`@partial(jax.shard_map, ...)`) and every use of the "
                                   "function is a call",
                                   "decorate a module-level function instead")
    return fn


def _nested_defs(fn):
    """(the statement list holding it, the def) for each def in fn's own scope."""
    found, todo = [], [fn.body]
    while todo:
        block = todo.pop()
        for s in block:
            if isinstance(s, gast.FunctionDef):
                found.append((block, s))
                continue
            for field in BLOCK_FIELDS:
                inner = getattr(s, field, None)
                if inner.__class__ is list:
                    todo.append(inner)
    return found


def _uses(fn, d, ns):
    """(the call, the transformation, its other arguments, its keywords) for
    each use of d's name: `T(d, *a, **k)(args)`, or `d(args)` for a def
    decorated with `T` or `partial(T, *a, **k)`; None where one is not."""
    reads = sum(1 for n in walk(fn) if isinstance(n, gast.Name) and n.id == d.name
                and isinstance(n.ctx, gast.Load))
    if d.decorator_list:
        made = _decorator(d, ns)
        found = [(call,) + made for call in walk(fn) if isinstance(call, gast.Call)
                 and isinstance(call.func, gast.Name) and call.func.id == d.name]
    else:
        made = ()
        found = [(outer, outer.func.func, outer.func.args[1:], outer.func.keywords)
                 for outer in walk(fn)
                 if isinstance(outer, gast.Call) and isinstance(outer.func, gast.Call)
                 and outer.func.args and isinstance(outer.func.args[0], gast.Name)
                 and outer.func.args[0].id == d.name]
    if made is None or len(found) != reads or not all(_is_transformation(u[1], ns)
                                                      for u in found):
        return None
    return found


def _decorator(d, ns):
    """(T, its other arguments, its keywords) of d's one decorator, `@T` or
    `@partial(T, *a, **k)`; None for any other."""
    if len(d.decorator_list) != 1:
        return None
    dec = d.decorator_list[0]
    if isinstance(dec, gast.Call) and dec.args and _static(dec.func, ns) is functools.partial:
        return dec.args[0], dec.args[1:], dec.keywords
    return dec, [], []


def _static(node, ns):
    try:
        return _static_value(node, ns)
    except (_NotStatic, KeyError):
        return None


def _is_transformation(node, ns):
    """Is `node` JAX's shard_map, or a JAX (or s2s) transformation?"""
    written = _static(node, ns)
    return written is not None and (_is_shard_map(written) or _is_factory(_s2s_twin(written)))


def _liftable(d, fn):
    stores = [n for n in walk(fn) if isinstance(n, gast.Name) and n.id == d.name
              and isinstance(n.ctx, gast.Store)]
    return not d.args.defaults and not d.args.kwonlyargs and not d.args.posonlyargs \
        and d.args.vararg is None and d.args.kwarg is None and not stores and not any(
            isinstance(n, (gast.Nonlocal, gast.Global)) for n in walk(d))


def _read_from(d, enclosing):
    """The enclosing function's names that d reads and does not bind, in the
    order d first reads them (its lifted parameters)."""
    bound = {n.id for n in walk(d) if isinstance(n, gast.Name)
             and isinstance(n.ctx, (gast.Store, gast.Param))}
    bound |= {n.name for n in walk(d) if isinstance(n, gast.FunctionDef)}
    reads = [n.id for n in walk(d) if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load)
             and n.id in enclosing and n.id not in bound]
    return list(dict.fromkeys(reads))


def _of_lambda(node, ns):
    """Is `node` a call `T(lambda ...: ..., *a, **k)(args)` of a transformation?"""
    return isinstance(node, gast.Call) and isinstance(node.func, gast.Call) \
        and node.func.args and isinstance(node.func.args[0], gast.Lambda) \
        and _is_transformation(node.func.func, ns)


def _lift_lambda(outer, enclosing, nested, ctx, bind):
    """`T(lambda x: e, ...)(args)` as a lifted `def lambda_(closure..., x): return e`
    (left as it is where it reads a nested function or has defaults)."""
    inner = outer.func
    lam = inner.args[0]
    d = anno.copy_location(gast.FunctionDef(
        name="lambda_", args=copy.deepcopy(lam.args),
        body=[anno.copy_location(gast.Return(value=copy.deepcopy(lam.body)), lam)],
        decorator_list=[], returns=None, type_comment=None, type_params=[]), lam)
    closure = _read_from(d, enclosing)
    if set(closure) & nested or not _liftable(d, d):
        return
    name = bind("lambda_", _compiled(d, closure, ctx))
    _call_lifted(outer, inner.func, inner.args[1:], inner.keywords, name, closure)


def _compiled(d, closure, ctx):
    """d as a function of its own, the closure's names its first parameters;
    its lines are the user's."""
    lifted = copy.deepcopy(d)
    lifted.decorator_list = []
    lifted.args.args = [anno.copy_location(gast.Name(id=c, ctx=gast.Param(), annotation=None,
                                                     type_comment=None), d)
                        for c in closure] + lifted.args.args
    cells = dict(ctx.cells)
    for name, c in ctx.ns.cells.items():
        cells.setdefault(name, c)
    return backend.compile_tree(lifted, ctx.filename, ctx.ns.globals, cells)


def _call_lifted(call, transform, extra, keywords, name, closure):
    """The call as `apply_lifted(T, (d, *a), (closure...), {k}, *args)`."""
    made_of = gast.Tuple(elts=[load(name)] + list(extra), ctx=gast.Load())
    values = gast.Tuple(elts=[load(c) for c in closure], ctx=gast.Load())
    options = gast.Dict(keys=[gast.Constant(value=k.arg, kind=None) for k in keywords],
                        values=[k.value for k in keywords])
    call.args = [copy.deepcopy(transform), made_of, values, options] + call.args
    call.func = anno.copy_location(load("apply_lifted"), call)
