"""Inline: calls of nested functions (and lambdas) become their bodies.

Reverse mode inlines a nested `def` at each call, so a closure's reads of
outer variables are plain reads and their cotangents flow like any other.
The callee's locals get fresh names; its returns assign the call's target.
A nested function that calls itself cannot be inlined: it is an error, with
the advice to move it to module level (where recursion is supported).
"""
import copy
import types

import gast

from .. import anno
from ..anno import Key
from ..nodes import walk
from ..template import JNP, load, store
from .scopes import local_names, params
from ..pipeline import Family
from .structure import _lift, _returns_to_assignments, _Structure


def run(fn, ctx):
    _Inliner(ctx.source, ctx.namer, ctx.ns, ctx.family).block_owner(fn)
    return fn


class _Inliner:
    def __init__(self, source, namer, ns, family):
        self.source = source
        self.namer = namer
        self.ns = ns
        self.family = family

    def block_owner(self, node, defs=None):
        defs = dict(defs or {})
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                setattr(node, field, self.block(block, defs))

    def block(self, stmts, defs):
        out = []
        values = _used_as_values(stmts)
        references = _references(stmts)
        for s in stmts:
            if isinstance(s, gast.FunctionDef):
                if _calls_itself(s):
                    raise self.source.error(s, f"the nested function `{s.name}` calls "
                                               "itself; s2s cannot inline it",
                                            "define it at module level")
                defs[s.name] = s
                if s.name in values:   # (passed to a function: tree_map(lambda_, tree))
                    out.append(s)
                continue
            call = _local_call(s, defs)
            if call is not None:
                out.extend(self.inline(s, call, defs, references))
                continue
            self.block_owner(s, defs)
            out.append(s)
        return out

    def inline(self, stmt, call, defs, references):
        fdef = defs[call.func.id]
        names = params(fdef)
        defaults = dict(zip(names[len(names) - len(fdef.args.defaults):], fdef.args.defaults))
        if len(call.args) > len(names):
            raise self.source.error(call, f"this call passes {len(call.args)} arguments to "
                                          f"`{fdef.name}`, which takes {len(names)}")
        bound = dict(zip(names, call.args))
        bound.update({k.arg: k.value for k in call.keywords})
        rename = {n: self.namer.fresh(n) for n in sorted(local_names(fdef))}
        out, functions = [], {}
        called = _called_parameters(fdef)
        for n in names:
            value = bound.get(n, defaults.get(n))
            if value is None:
                raise self.source.error(call, f"this call of `{fdef.name}` leaves `{n}` unset")
            function = self.function_named(value, references) if n in called else None
            if function is not None:   # (`reduce_fn(a)` calls what the caller named: `jnp.mean(a)`)
                functions[rename[n]] = function
                continue
            out.append(gast.Assign(targets=[store(rename[n])], value=copy.deepcopy(value),
                                   type_comment=None))
        body = copy.deepcopy(fdef.body)
        for s in body:
            _rename(s, rename)
            _substitute(s, functions)
        body = self.block(body, defs)
        body = self.loop_returns(body, 0)
        body = _lift(body + [gast.Return(value=None)], (gast.Return,))
        if isinstance(stmt, gast.Assign):
            target = stmt.targets[0]
        else:
            target = store(self.namer.fresh("unused"))
        if isinstance(target, gast.Name):
            body = _returns_to_assignments(body, target.id)
            out.extend(body)
        else:  # `a, b = g(x)`: assign a temporary, then unpack it
            temp = self.namer.fresh(fdef.name)
            out.extend(_returns_to_assignments(body, temp))
            out.append(gast.Assign(targets=[target], value=load(temp), type_comment=None))
        return [anno.copy_location(s, stmt) if getattr(s, "lineno", None) is None else s
                for s in out]


    def loop_returns(self, stmts, depth):
        """A `return` inside a loop of the inlined body as a flag, its value and
        a `break` (s2s/passes/structure.py), then `if flag: return value` after
        the loop: every return is then outside loops, and becomes an
        assignment of the call's target (left in a loop, it was the caller's
        own return: the caller's code after the call was skipped)."""
        out = []
        for s in stmts:
            if isinstance(s, gast.If):
                s.body = self.loop_returns(s.body, depth)
                s.orelse = self.loop_returns(s.orelse, depth)
            elif isinstance(s, (gast.For, gast.While)) and _returns_in(s):
                if depth and self.family is Family.REVERSE:
                    raise self.source.error(_returns_in(s)[0], "`return` inside a nested "
                                            "loop is not supported in reverse mode",
                                            "set a result variable and `break` out of each "
                                            "loop")
                s.body = self.loop_returns(s.body, depth + 1)
                start, after = _Structure(self.source, self.namer, self.family) \
                    .returns_to_breaks(s.body, s)
                out.extend(start + [s] + after)
                continue
            out.append(s)
        return out

    def function_named(self, value, references):
        """The function an argument names, as code the callee can call: a
        module attribute (`jnp.mean`, also through a name normalize gave it) or
        a global or closure variable holding a function; else None."""
        value = references.get(getattr(value, "id", None), value)
        if isinstance(value, (gast.Name, gast.Attribute)) and _function_value(value, self.ns):
            return value
        return None


def _returns_in(loop):
    """The returns in a loop's body (not those of functions nested in it)."""
    nested = {id(n) for d in walk(loop) if isinstance(d, gast.FunctionDef)
              for n in walk(d) if isinstance(n, gast.Return)}
    return [n for n in walk(loop) if isinstance(n, gast.Return) and id(n) not in nested]


def _local_call(s, defs):
    value = s.value if isinstance(s, (gast.Assign, gast.Expr)) else None
    if isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
            and value.func.id in defs:
        return value
    return None


def _used_as_values(stmts):
    """Names read other than as the function of a call."""
    nodes = list(walk(gast.Module(body=stmts, type_ignores=[])))
    called = {id(n.func) for n in nodes if isinstance(n, gast.Call)}
    return {n.id for n in nodes
            if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Load) and id(n) not in called}


def _calls_itself(fdef):
    return any(isinstance(n, gast.Call) and isinstance(n.func, gast.Name)
               and n.func.id == fdef.name for n in walk(fdef))


def _function_value(node, ns):
    from .resolve_values import _NotStatic, _static_value
    try:
        return callable(_static_value(node, ns))
    except (KeyError, _NotStatic):
        return False


def _references(stmts):
    """{name: the attribute it was assigned} for names assigned once, by
    `name = module.attr` (normalize names `jnp.mean` passed as an argument)."""
    found, stored = {}, {}
    for n in walk(gast.Module(body=stmts, type_ignores=[])):
        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store):
            stored[n.id] = stored.get(n.id, 0) + 1
        if isinstance(n, gast.Assign) and isinstance(n.targets[0], gast.Name) \
                and isinstance(n.value, gast.Attribute) \
                and all(isinstance(p, (gast.Attribute, gast.Name)) for p in walk(n.value)
                        if isinstance(p, gast.expr)):
            found[n.targets[0].id] = n.value
    return {k: v for k, v in found.items() if stored.get(k) == 1}


def _called_parameters(fdef):
    """The parameters `fdef` calls and never rebinds (a function passed in)."""
    stored = {n.id for n in walk(fdef) if isinstance(n, gast.Name)
              and isinstance(n.ctx, gast.Store)}
    return {n.func.id for n in walk(fdef) if isinstance(n, gast.Call)
            and isinstance(n.func, gast.Name)} & set(params(fdef)) - stored


def _substitute(node, values):
    """Each read of a name in `values` replaced by a copy of its value."""
    for n in list(walk(node)):
        for field, v in gast.iter_fields(n):
            if isinstance(v, gast.Name) and isinstance(v.ctx, gast.Load) and v.id in values:
                setattr(n, field, copy.deepcopy(values[v.id]))
            elif isinstance(v, list):
                setattr(n, field, [copy.deepcopy(values[e.id])
                                   if isinstance(e, gast.Name) and isinstance(e.ctx, gast.Load)
                                   and e.id in values else e for e in v])


def _rename(node, mapping):
    for n in walk(node):
        if isinstance(n, gast.Name) and n.id in mapping:
            n.id = mapping[n.id]
        elif isinstance(n, gast.FunctionDef) and n.name in mapping:
            n.name = mapping[n.name]   # a function nested in the inlined one: its calls are renamed too


def with_callees(fn, ctx):
    """`fn` with the module-level functions it calls (those sharing its
    globals, transitively) copied in as nested functions, so the inliner puts
    their bodies in line too. `ctx.parse_other(f)` gives f's normalized tree
    and namespace. Used where generated code must not call other generated
    code (batching a gradient: a pullback closure cannot be batched in place)."""
    from .resolve import CallKind, callee
    ns, parse = ctx.ns, ctx.parse_other
    found = {}
    by_method = {}   # a method called as `Model.predict(self, x)` -> its nested name

    def visit(tree, ns_):
        # (the names of every function in `tree`, nested ones too: a call of a
        # function nested two deep is local, not a global)
        locals_ = set().union(*(local_names(n) for n in walk(tree)
                                if isinstance(n, gast.FunctionDef)))
        for node in walk(tree):
            if not isinstance(node, gast.Call) or \
                    not isinstance(node.func, (gast.Name, gast.Attribute)):
                continue
            c = callee(node, ns_, locals_)
            if c.kind != CallKind.USER or getattr(node.func, "id", None) in found:
                continue
            obj = c.obj
            if not hasattr(obj, "__globals__") or getattr(obj, "__s2s_at_call__", False):
                continue   # (a stand-in choosing code per call: left a call, refused there)
            # (another module's function, a runtime helper, generated code: the
            # names they read come along, renamed where they clash)
            shares = obj.__globals__ is ns.globals
            if isinstance(node.func, gast.Attribute) or _twin(obj):
                # (a method, by its class; a function taking `*args`, per number of arguments)
                if obj in by_method:
                    node.func = load(by_method[obj])
                    continue
            inner_tree, inner_ns = parse(obj)
            shares = shares and _cells_shared(inner_ns.cells, ns)
            if isinstance(node.func, gast.Attribute) or _twin(obj):
                by_method[obj] = ctx.namer.fresh(obj.__name__)
                node.func = load(by_method[obj])
            copied = found[node.func.id] = copy.deepcopy(inner_tree)
            copied.name = node.func.id
            _mark_file(copied, obj, ctx.filename)
            visit(copied, inner_ns)   # (the copy: its calls of methods get renamed)
            if not shares:   # (the names it reads come along, renamed where they clash)
                _globals_merged(copied, inner_ns, ns, ctx.namer,
                                set(found) | set(by_method.values()))

    visit(fn, ns)
    fn.body = list(found.values()) + fn.body
    return fn


def _mark_file(tree, fn, filename):
    """The nodes of `fn`'s tree, copied in, keep the file their lines are in
    (errors at them are located there) where it is not the caller's."""
    own = getattr(getattr(fn, "__code__", None), "co_filename", None)
    if own is None or own == filename:
        return
    for n in walk(tree):
        if not anno.has(n, Key.FILENAME):   # (a callee of the callee: its own file)
            anno.put(n, Key.FILENAME, own)


def _globals_merged(tree, inner_ns, ns, namer, nested):
    """A function of another module copied in: each name it reads from its
    own module (a helper, a constant) becomes a closure cell of this code,
    renamed where this module's name means something else."""
    bound = set().union(*(local_names(n) for n in walk(tree) if isinstance(n, gast.FunctionDef)))
    renamed = {}
    for n in walk(tree):
        if not isinstance(n, gast.Name) or not isinstance(n.ctx, gast.Load) or \
                n.id in bound or n.id in nested or n.id == JNP:
            continue
        if n.id not in renamed:
            try:
                value = inner_ns.lookup(n.id)
            except KeyError:
                renamed[n.id] = n.id   # (undefined there too: left to fail as it would)
                continue
            name = n.id
            if ns.has(name) and _lookup(ns, name) is not value:
                name = namer.fresh(n.id)
            if not ns.has(name):
                ns.cells[name] = types.CellType(value)
            renamed[n.id] = name
        n.id = renamed[n.id]


def _lookup(ns, name):
    try:
        return ns.lookup(name)
    except KeyError:
        return None


def _twin(obj):
    """A function specialized for a call (s2s/listed_parameters.py): one copy each."""
    return hasattr(obj, "__s2s_listed__") or hasattr(obj, "__s2s_self_type__")


def _cells_shared(cells, ns):
    """Give `ns` the variables a callee closes over (`k` of `def unpack(p): return
    p[:k]` made inside `build(k)`, and the names resolve bound for it), so its
    copied body reads them; False where a name there already means something
    else (it is then not copied). `__class__` (zero-argument `super()`'s) is
    read by nothing once resolve has named the base class."""
    cells = {n: c for n, c in cells.items() if n != "__class__"}
    for name, cell in cells.items():
        if name in ns.cells:
            if ns.cells[name] is not cell and _contents(ns.cells[name]) is not _contents(cell):
                return False
        elif ns.has(name):
            return False
    for name, cell in cells.items():
        ns.cells.setdefault(name, cell)
    return True


def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:   # (an empty cell)
        return cell
