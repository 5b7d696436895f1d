"""Aliasing's calls and mutations: a call of a mutating method, a builtin
that copies or builds no object, a user function (whose summary says which
of its parameters it mutates), and the check that refuses a mutation another
name or container would see. A mixin of the analysis (s2s/passes/aliasing.py)."""
import builtins

import gast

from ..nodes import walk
from ..errors import S2SError, Source
from ..frontend import parse_function, python_function
from .resolve import among
from .. import anno

# Methods that change a list or dict in place.
MUTATING_METHODS = {"append", "extend", "insert", "pop", "remove", "clear", "sort",
                    "reverse", "update", "setdefault", "popitem"}
# Builtins that build a new container holding the same elements (a shallow copy).
COPYING_BUILTINS = {builtins.list, builtins.dict, builtins.tuple, builtins.sorted,
                    builtins.reversed, builtins.zip, builtins.enumerate}
NO_OBJECT_BUILTINS = {builtins.len, builtins.range, builtins.isinstance, builtins.print,
                      builtins.int, builtins.float, builtins.bool, builtins.str,
                      builtins.abs, builtins.max, builtins.min, builtins.round, builtins.type}

COPY_HINT = "copy the list first: `b = list(a)` (or build a new one: `b = a + [v]`)"
HELPER_HINT = ("return the new list from the helper instead of mutating its argument "
               "(in `{name}`: `{param} = {param} + [v]` ... `return {param}`), and call it "
               "as `a = {name}(a, ...)`")


class Summary:
    """What a user function does to its parameters, as its callers see it."""

    def __init__(self):
        self.mutated = {}     # parameter index -> (kind of mutation, line)
        self.returned = set()  # parameter indices whose objects the result may hold
        # names of the enclosing function (a nested def) or of the module whose
        # objects the result may hold: `def get(): return acts`
        self.returned_free = set()
        self.returned_global = set()


class Calls:
    """The analysis's calls and mutations (a mixin: `self` is the analysis)."""

    def expr_Call(self, e, state):
        func = e.func
        args = [self.expr(a, state) for a in e.args]
        for k in e.keywords:
            args.append(self.expr(k.value, state))
        if isinstance(func, gast.Attribute) and self.is_local(func.value):
            receiver = self.expr(func.value, state)
            if func.attr in MUTATING_METHODS:
                what = {"append": "appends to", "extend": "extends", "insert": "inserts into",
                        "update": "updates"}.get(func.attr, f"calls `.{func.attr}()` on")
                self.mutate(receiver, func.value, what, e, state, item=False)
                for k in receiver:
                    if self.objs[k].kind == "array":
                        continue
                    added = frozenset().union(*args) if func.attr in ("append", "insert",
                                                                      "setdefault") \
                        else self.elements(frozenset().union(*args), state) if args \
                        else frozenset()
                    state.contents[k] = state.contents.get(k, frozenset()) | added
                if func.attr in ("pop", "popitem"):
                    return self.elements(receiver, state)
                return frozenset()
            if func.attr == "copy":
                return self.fresh(e, self.kind_of(receiver), state,
                                  self.elements(receiver, state))
            return self.fresh(e, "array", state)   # x.sum(), x.at[i].set(v), ...
        if isinstance(func, gast.Name) and func.id in self.locals:
            obj = None
        else:
            obj = self.static(func)
        if among(obj, COPYING_BUILTINS):
            items = self.elements(frozenset().union(*args), state) if args else frozenset()
            return self.fresh(e, "dict" if obj is builtins.dict else "list", state, items)
        if among(obj, NO_OBJECT_BUILTINS):
            return frozenset()
        nested = self.nested_def(func)
        summary = self.callee_summary(obj) if nested is None else self.nested_summary(nested)
        if summary is None:
            if isinstance(func, gast.Name) and func.id in self.locals:
                return self.fresh(e, "unknown", state)   # a parameter holding a function
            return self.fresh(e, "array", state)   # jnp, np, math, an s2s transformation
        self.check_call(e, func, summary, args, state)
        out = self.fresh(e, "unknown", state)
        for i in summary.returned:
            if i < len(e.args):
                out |= args[i]
        for name in sorted(summary.returned_free):   # seen from here, as the callee sees it
            out |= self.expr_Name(gast.Name(id=name, ctx=gast.Load(), annotation=None,
                                            type_comment=None), state)
        for name in sorted(summary.returned_global):
            out |= frozenset([self.obj(("global", name), "unknown")])
        return out

    def static(self, func):
        try:
            if isinstance(func, gast.Name):
                return self.ns.lookup(func.id)
            if isinstance(func, gast.Attribute):
                base = self.static(func.value)
                return getattr(base, func.attr)
        except Exception:
            return None
        return None

    def nested_def(self, func):
        """The nested def (or `name = lambda ...`, as a def) a local name calls."""
        if isinstance(func, gast.Name) and func.id in self.locals:
            for n in walk(self.fn):
                if isinstance(n, gast.FunctionDef) and n is not self.fn and n.name == func.id:
                    return n
                if isinstance(n, gast.Assign) and isinstance(n.value, gast.Lambda) \
                        and any(isinstance(t, gast.Name) and t.id == func.id for t in n.targets):
                    return self.lambda_def(func.id, n.value)
        return None

    def lambda_def(self, name, lam):
        key = ("lambda", id(lam))
        if key not in self.lambdas:
            self.lambdas[key] = anno.copy_location(gast.FunctionDef(
                name=name, args=lam.args, body=[anno.copy_location(gast.Return(value=lam.body),
                                                                   lam)],
                decorator_list=[], returns=None, type_comment=None, type_params=[]), lam)
        return self.lambdas[key]

    def nested_summary(self, fdef):
        key = ("nested", id(fdef))
        if key not in self.summaries:
            self.summaries[key] = Summary()   # while in progress (recursion)
            inner = type(self)(fdef, self.ns, self.source, self.summaries, top=False,
                              free=self.locals | self.free)
            self.summaries[key] = inner.run()
        return self.summaries[key]

    def callee_summary(self, obj):
        """What a module-level user function does to its parameters (None: not one)."""
        if obj is None or isinstance(obj, type):
            return None
        try:
            fn = python_function(obj)
        except Exception:
            return None
        module = getattr(fn, "__module__", "") or ""
        if module.split(".")[0] in ("jax", "jaxlib", "numpy", "scipy", "s2s", "math",
                                    "builtins"):
            return None
        if fn in self.summaries:
            return self.summaries[fn]
        self.summaries[fn] = Summary()   # while in progress (recursion)
        try:
            parsed = parse_function(fn)
        except Exception:
            return None   # no source: its own transformation says so
        inner = type(self)(parsed.tree, _Lookup(parsed.namespace, self.ns),
                          Source(parsed.filename), self.summaries, top=False)
        try:
            self.summaries[fn] = inner.run()
        except S2SError:
            raise
        except Exception:   # code the fence will refuse when the callee is transformed
            del self.summaries[fn]
            return None
        return self.summaries[fn]

    def check_call(self, call, func, summary, args, state):
        for i, (what, line, pname, item) in sorted(summary.mutated.items()):
            if i >= len(call.args):
                continue
            arg = call.args[i]
            if isinstance(arg, (gast.List, gast.Dict, gast.Tuple, gast.Constant)):
                continue   # a new container nothing else holds
            objs = args[i]
            kinds = {self.objs[k].kind for k in objs}
            if not kinds - {"array"} or (item and not kinds & {"list", "dict"}):
                continue   # x[i] = v on an array (or a value not known to be a list)
            name = _shown(func)
            where = f" at line {line}" if line else ""
            raise self.source.error(
                call, f"`{name}` mutates its argument `{pname}` (it {what} it{where}); s2s "
                      "transforms lists and dicts as values and cannot follow a mutation "
                      "made inside a called function (the caller's list would be an alias)",
                HELPER_HINT.format(name=name, param=pname))

    def kind_of(self, objs):
        kinds = {self.objs[k].kind for k in objs}
        return kinds.pop() if len(kinds) == 1 else "unknown"

    def is_local(self, node):
        """Is this a value (not a module path such as jnp.linalg)?"""
        while isinstance(node, gast.Attribute):
            node = node.value
        if isinstance(node, gast.Name):
            if node.id in self.locals or node.id in self.free:
                return True
            try:
                return isinstance(self.ns.lookup(node.id), (list, dict, set))
            except Exception:
                return False
        return True

    def mutate(self, objs, through, what, node, state, item):
        """`through` (the expression written) changes the objects in `objs` in place."""
        shown = _shown(through)
        for k in sorted(objs, key=repr):
            o = self.objs[k]
            if o.kind == "array" or (item and o.kind == "tuple"):
                continue   # arrays are values: x[i] = v makes a new one
            root = k[1] if k[0] == "elem" else k
            if root[0] == "param":
                self.record_param(root[1], what, node, item)
                if self.top and not item:
                    raise self.source.error(
                        node, f"s2s cannot follow this mutation: it {what} `{shown}`, an "
                              "argument of the function, whose caller would see the change; "
                              "s2s transforms lists and dicts as values",
                        "build a new list in the function and return it (or use "
                        "`xs = xs + [v]`, which leaves the caller's list as it was)")
            if item and o.kind not in ("list", "dict"):
                # not known to be a list: normalize writes `x = x.at[i].set(v)`, the
                # array update (a list there fails loudly: it has no `.at`)
                continue
            if root[0] in ("free", "global"):
                owner = "the enclosing function" if root[0] == "free" else "the module"
                raise self.source.error(
                    node, f"s2s cannot follow this mutation: it {what} `{root[1]}`, a "
                          f"variable of {owner} (an alias from outside the function); s2s "
                          "transforms lists and dicts as values",
                    "pass the list in as an argument and return the new list")
            other = "an item of another list or dict" if k[0] == "elem" \
                else self.shared(k, through, state)
            if other is not None:
                raise self.source.error(
                    node, f"s2s cannot follow this mutation: it {what} `{shown}`, which is "
                          f"also {other} (an alias); s2s transforms lists and dicts as "
                          "values, so the change would not be seen through the alias",
                    COPY_HINT)

    def shared(self, k, through, state):
        """Another way to reach object k than the name mutated, or None."""
        mine = through.id if isinstance(through, gast.Name) else None
        for n, objs in sorted(state.env.items()):
            if n != mine and k in objs:
                return f"`{n}`"
        for c, objs in state.contents.items():
            if k in objs:
                return "stored in another list, tuple or dict"
        if mine is None:
            return "an item of another list or dict"
        return None

    def record_param(self, i, what, node, item):
        if i not in self.summary.mutated or not item:
            self.summary.mutated[i] = (what, getattr(node, "lineno", None), self.params[i],
                                       item)


class _Lookup:
    """A callee's own namespace (its module's globals)."""

    def __init__(self, ns, fallback):
        self.ns, self.fallback = ns, fallback

    def lookup(self, name):
        try:
            return self.ns.lookup(name)
        except KeyError:
            return self.fallback.lookup(name)


def _shown(node):
    try:
        return gast.unparse(node).strip()
    except Exception:
        return node.id if isinstance(node, gast.Name) else "this value"
