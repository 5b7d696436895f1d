"""Closures a factory makes, put in line where the function names them.

    def make(k):                       def f(s, x):
        def inner(p):                      k = s
            return k + jnp.sum(p)   ->      def gc(p):
        return inner                           return k + jnp.sum(p)
                                           return gc(x)
    def f(s, x):
        gc = make(s)
        return gc(x)

`gc = make(s)` where `make` is a function of the same module whose body ends
by returning a function it defines (a `def` or a lambda), and `gc` is assigned
once and only called: the factory's body is copied in, its names made fresh,
and the function it returns named `gc`. `make(s)(x)` is the same, the
function made given a fresh name first. Each transformation then sees a nested
function reading a differentiated value, which it handles like any other
(JAX cannot see the values a Python closure holds, so handed to JAX the call
would have to be refused). Run by the fence stage, so the copied body is
checked with the rest.
"""
import copy
import inspect
import types

import gast

from .. import anno
from ..errors import S2SError
from ..names import Namer, names_in
from ..nodes import blocks_rewritten, name_nodes, walk
from ..template import store
from .resolve_values import _NotStatic, _static_value
from .scopes import local_names, params


_STARS_OR_GENERATOR = inspect.CO_VARARGS | inspect.CO_VARKEYWORDS | inspect.CO_GENERATOR


def put_in_line(fn, ns, user_fn):
    """Rewrite `fn`'s assignments of closures a factory makes (see the module's doc)."""
    from ..frontend import python_function
    home = python_function(user_fn)
    stores = {}
    for n in name_nodes(fn.body):
        if isinstance(n.ctx, (gast.Store, gast.Param)):
            stores[n.id] = stores.get(n.id, 0) + 1
    namer = Namer(names_in(fn))
    called_only = _called_only(fn)
    taken = local_names(fn) | set(params(fn))
    blocks_rewritten(list(walk(fn)), lambda s: _expanded(s, ns, home, taken, namer, stores,
                                                           called_only))
    return fn


def _called_only(fn):
    """Names `fn` reads only as the function of a call."""
    nodes = list(walk(fn))
    called = {id(n.func) for n in nodes if isinstance(n, gast.Call)}
    read = {}
    for n in nodes:
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load):
            read[n.id] = read.get(n.id, True) and id(n) in called
    return {name for name, only in read.items() if only}


def _expanded(s, ns, home, taken, namer, stores, called_only):
    """The statements `s` stands for: a factory's body in line, or `s` itself."""
    if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Call):
        name = s.targets[0].id
        if stores.get(name) != 1 or name not in called_only:
            return [s]
        made = _inlined(s.value, name, s, ns, home, taken, namer)
        return made[0] if made else [s]
    before = []
    for call in _calls_of_calls(s):   # `make(s)(x)`: the function made gets a name
        made = _inlined(call.func, None, s, ns, home, taken, namer)
        if made:
            before.extend(made[0])
            call.func = anno.copy_location(gast.Name(id=made[1], ctx=gast.Load(),
                                                     annotation=None, type_comment=None),
                                           call.func)
    return before + [s]


def _calls_of_calls(s):
    """`make(s)(x)` in the expression of `s` that always runs once (not under
    `and`/`or`, `a if c else b`, a lambda or comprehension, nor a loop's test)."""
    if not isinstance(s, (gast.Assign, gast.Expr, gast.Return, gast.AugAssign)) or s.value is None:
        return []
    found, todo = [], [s.value]
    while todo:
        n = todo.pop()
        if isinstance(n, (gast.BoolOp, gast.IfExp, gast.Lambda, gast.ListComp, gast.DictComp,
                          gast.SetComp, gast.GeneratorExp)):
            continue
        if isinstance(n, gast.Call) and isinstance(n.func, gast.Call):
            found.append(n)
        todo.extend(gast.iter_child_nodes(n))
    return found


def _inlined(call, name, where, ns, home, taken, namer):
    """(statements, name): the factory `call` calls, in line (its parameters
    assigned, its body with fresh names), and the name of the function it
    returns (`name`, or a fresh one where None); None where `call` is no such
    factory's."""
    factory = _factory(call, ns, home)
    if factory is None:
        return None
    tree = _factory_tree(factory)
    if tree is None or _reads_names_of(tree, taken):
        return None
    bound = _bound(tree, call, factory)
    if bound is None:
        return None
    returned = tree.body[-1].value
    kept = returned.id if isinstance(returned, gast.Name) else None
    rename = {n: namer.fresh(n) for n in sorted(local_names(tree)) if n != kept}
    if kept is not None:
        rename[kept] = name or namer.fresh(kept)
    out = [anno.copy_location(gast.Assign(targets=[store(rename[p])], value=v,
                                          type_comment=None), where)
           for p, v in bound]
    for t in copy.deepcopy(tree.body[:-1]):
        _rename(t, rename)
        out.append(t)
    if isinstance(returned, gast.Lambda):
        value = copy.deepcopy(returned)
        _rename(value, rename)
        kept = name or namer.fresh(factory.__name__.strip("_") + "_fn")
        out.append(anno.copy_location(gast.Assign(targets=[store(kept)], value=value,
                                                  type_comment=None), tree.body[-1]))
        return out, kept
    return out, rename[kept]


def _factory(call, ns, home):
    """The function `call` calls, when it is a plain function of `home`'s module
    (no closure of its own, no `*args`) whose body ends by returning a function
    it defines, with no other `return`."""
    if not isinstance(call.func, gast.Name) or \
            any(isinstance(a, gast.Starred) for a in call.args) or \
            any(k.arg is None for k in call.keywords):
        return None
    try:
        obj = _static_value(call.func, ns)
    except (KeyError, _NotStatic):
        return None
    if not isinstance(obj, types.FunctionType) or obj is home or obj.__closure__ \
            or obj.__globals__ is not home.__globals__ \
            or obj.__code__.co_filename != home.__code__.co_filename \
            or obj.__code__.co_flags & _STARS_OR_GENERATOR or obj.__code__.co_kwonlyargcount:
        return None
    return obj


def _factory_tree(factory):
    from ..frontend import parse_function
    try:
        tree = parse_function(factory).tree
    except S2SError:
        return None
    if tree.decorator_list or not tree.body or not isinstance(tree.body[-1], gast.Return):
        return None
    returned = tree.body[-1].value
    defined = {s.name for s in tree.body if isinstance(s, gast.FunctionDef)}
    if not (isinstance(returned, gast.Lambda)
            or isinstance(returned, gast.Name) and returned.id in defined):
        return None
    own = [n for s in tree.body[:-1] for n in _own_scope(s)]
    if any(isinstance(n, (gast.Return, gast.Yield, gast.YieldFrom)) for n in own):
        return None
    return tree


def _own_scope(node):
    """`node` and what is below it, not entering functions or lambdas."""
    todo = [node]
    while todo:
        n = todo.pop()
        yield n
        if isinstance(n, (gast.FunctionDef, gast.Lambda)):
            continue
        todo.extend(gast.iter_child_nodes(n))


def _reads_names_of(tree, taken):
    """Does the factory read, from its module, a name the caller binds (which
    in line would read the caller's own)?"""
    bound = local_names(tree)
    for n in walk(tree):
        if isinstance(n, gast.FunctionDef) and n is not tree:
            bound |= local_names(n)
        elif isinstance(n, gast.Lambda):
            bound |= {a.id for a in n.args.args}
    free = {n.id for n in walk(tree) if isinstance(n, gast.Name)
            and isinstance(n.ctx, gast.Load)} - bound
    return bool(free & taken)


def _bound(tree, call, factory):
    """[(parameter, value)] for the call, or None where a default is not a
    constant (Python computed it once, when the factory was defined)."""
    names = params(tree)
    if len(call.args) > len(names):
        return None
    given = dict(zip(names, call.args))
    for k in call.keywords:
        if k.arg not in names or k.arg in given:
            return None
        given[k.arg] = k.value
    defaults = dict(zip(names[len(names) - len(tree.args.defaults):], tree.args.defaults))
    out = []
    for p in names:
        if p in given:
            out.append((p, given[p]))
        elif isinstance(defaults.get(p), gast.Constant):
            out.append((p, copy.deepcopy(defaults[p])))
        else:
            return None
    return out


def _rename(node, mapping):
    for n in walk(node):
        if isinstance(n, gast.Name) and n.id in mapping:
            n.id = mapping[n.id]
        elif isinstance(n, gast.FunctionDef) and n.name in mapping:
            n.name = mapping[n.name]
