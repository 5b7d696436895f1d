"""Aliasing: refuse a mutation that another name would see.

Every transformation treats a Python list or dict as a value: normalize turns
`xs[i] = v` into `xs = set_item(xs, i, v)`, reverse mode turns
`xs.append(v)` into `xs = list_append(xs, v)`, and forward mode appends to
the list and to its tangent list side by side. That is exactly Python's
meaning as long as nothing else holds the object being mutated. This pass
finds the programs where something does, and refuses them at the user's line
with what to write instead — never a wrong value:

- a list or dict bound to a second name (`b = a`, `b, c = a, d`), stored in
  another container (`rows = [row]`, `rows.append(row)`, `d["k"] = row`) or
  read out of one (`row = rows[0]`, `for row in rows`), then mutated through
  one of them (`.append` and the other mutating methods, `x[i] = v`,
  `x[i] += v`, `xs += [v]` on a list);
- a call of a user function that mutates its parameter (`record(acts, h)`
  with `def record(acts, h): acts.append(h)`): the caller's list would change;
- a nested function that mutates a variable of the enclosing function, and a
  function that mutates a global.

The analysis is an abstract interpretation of the function in program order:
each name points to a set of abstract objects (one per place a value is
built: a display, a call, a parameter), containers record the objects stored
in them, branches join, and loops run to a fixed point. An object built
again on a later loop pass gets a fresh identity (the previous one becomes
"old"), so `row = []` in a loop makes a new row each time and
`rows.append(row)` of the previous one is no alias. A mutation is refused
when the mutated object is also reachable from another name or container.
Arrays are immutable, so item assignment is a mutation only on a value known
to be a list or dict (a display, `list(...)`, `xs + [v]`, ...): on anything
else (a parameter, `x * 2`) normalize writes the array update
`x = x.at[i].set(v)`, which a list would refuse loudly (it has no `.at`).
"""
import builtins

import gast

from ..errors import S2SError, Source
from ..frontend import parse_function, python_function
from .scopes import local_names, params

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


def run(fn_tree, ctx):
    _Analysis(fn_tree, ctx.ns, ctx.source, summaries={}, top=True).run()
    return fn_tree


class _Obj:
    """An abstract object: where it was built, and what it is known to be."""
    __slots__ = ("key", "kind", "where")

    def __init__(self, key, kind, where=None):
        self.key, self.kind, self.where = key, kind, where

    def __repr__(self):
        return f"<{self.kind} {self.key}>"


class _State:
    def __init__(self, env=None, contents=None):
        self.env = env or {}            # name -> frozenset of object keys
        self.contents = contents or {}  # object key -> frozenset of keys stored in it

    def copy(self):
        return _State(dict(self.env), dict(self.contents))

    def join(self, other):
        out = self.copy()
        for n, objs in other.env.items():
            out.env[n] = out.env.get(n, frozenset()) | objs
        for k, objs in other.contents.items():
            out.contents[k] = out.contents.get(k, frozenset()) | objs
        return out

    def same(self, other):
        return self.env == other.env and self.contents == other.contents


class _Summary:
    """What a user function does to its parameters, as its callers see it."""

    def __init__(self):
        self.mutated = {}     # parameter index -> (kind of mutation, line)
        self.returned = set()  # parameter indices whose objects the result may hold


class _Analysis:
    def __init__(self, fn, ns, source, summaries, top, free=frozenset(), filename=None):
        self.fn, self.ns, self.source = fn, ns, source
        self.summaries = summaries
        self.top = top                   # the function being transformed (not a callee)
        self.free = set(free)            # an enclosing function's names (nested defs)
        self.locals = local_names(fn)
        self.objs = {}                   # key -> _Obj
        self.summary = _Summary()
        self.params = params(fn)

    # -- objects ----------------------------------------------------------------------

    def obj(self, key, kind, where=None):
        if key not in self.objs:
            self.objs[key] = _Obj(key, kind, where)
        return key

    def fresh(self, node, kind, state, contents=frozenset()):
        """A value built at `node`: a new identity each time it runs."""
        key = ("new", id(node))
        if key in state.contents or any(key in v for v in state.env.values()) \
                or any(key in v for v in state.contents.values()):
            self.age(key, state)   # built again (a later loop pass): a new identity
        self.obj(key, kind, node)
        self.objs[key].kind = kind
        if contents:
            state.contents[key] = frozenset(contents)
        else:
            state.contents.pop(key, None)
        return frozenset([key])

    def age(self, key, state):
        old = ("old", key[1])
        self.obj(old, self.objs[key].kind, self.objs[key].where)

        def rename(objs):
            return frozenset(old if k == key else k for k in objs)
        state.env = {n: rename(v) for n, v in state.env.items()}
        contents = {}
        for k, v in state.contents.items():
            k = old if k == key else k
            contents[k] = contents.get(k, frozenset()) | rename(v)
        state.contents = contents

    def elements(self, objs, state):
        """What reading an item of these objects can give."""
        out = set()
        for k in objs:
            kind = self.objs[k].kind
            if kind == "array":
                continue   # an array's items are new arrays: nothing shared
            stored = state.contents.get(k)
            if stored:
                out |= stored
            if kind not in ("list", "dict", "tuple") or not stored:
                root = k[1] if k[0] == "elem" else k
                out.add(self.obj(("elem", root), "unknown"))
        return frozenset(out)

    # -- driver -------------------------------------------------------------------------

    def run(self):
        state = _State()
        for i, p in enumerate(self.params):
            state.env[p] = frozenset([self.obj(("param", i), "unknown")])
        self.block(self.fn.body, state)
        return self.summary

    def block(self, stmts, state):
        for s in stmts:
            getattr(self, "stmt_" + type(s).__name__, self.stmt_other)(s, state)

    def stmt_other(self, s, state):
        for child in gast.iter_child_nodes(s):
            if isinstance(child, gast.expr):
                self.expr(child, state)

    def stmt_FunctionDef(self, s, state):
        if s is self.fn:
            return
        self.nested_summary(s)   # its own mutations are checked where it is defined
        state.env[s.name] = frozenset()

    def stmt_Assign(self, s, state):
        for t in s.targets:
            self.assign(t, s.value, state, s)

    def stmt_AnnAssign(self, s, state):
        if s.value is not None:
            self.assign(s.target, s.value, state, s)

    def assign(self, target, value, state, s):
        if isinstance(target, (gast.Tuple, gast.List)) and isinstance(value, (gast.Tuple, gast.List)) \
                and len(target.elts) == len(value.elts):
            parts = [self.expr(v, state) for v in value.elts]
            for t, objs in zip(target.elts, parts):
                self.bind(t, objs, state, s)
            return
        self.bind(target, self.expr(value, state), state, s)

    def bind(self, target, objs, state, s):
        if isinstance(target, gast.Name):
            state.env[target.id] = objs
        elif isinstance(target, (gast.Tuple, gast.List)):
            items = self.elements(objs, state)
            for e in target.elts:
                self.bind(e, items, state, s)
        elif isinstance(target, gast.Subscript):
            base = self.expr(target.value, state)
            self.expr(target.slice, state)
            if isinstance(target.value, gast.Name):   # x[i][j] = v: normalize refuses it
                self.mutate(base, target.value, "assigns an item of", s, state, item=True)
            for k in base:
                if self.objs[k].kind != "array":
                    state.contents[k] = state.contents.get(k, frozenset()) | objs

    def stmt_AugAssign(self, s, state):
        value = self.expr(s.value, state)
        t = s.target
        if isinstance(t, gast.Name):
            objs = state.env.get(t.id, frozenset())
            if objs and all(self.objs[k].kind in ("list", "dict") for k in objs):
                self.mutate(objs, t, "extends", s, state, item=False)   # xs += [v]: in place
                for k in objs:
                    state.contents[k] = state.contents.get(k, frozenset()) | \
                        self.elements(value, state)
                return
            state.env[t.id] = self.fresh(s, "array" if not objs or all(
                self.objs[k].kind == "array" for k in objs) else "unknown", state)
            return
        self.bind(t, value, state, s)

    def stmt_Expr(self, s, state):
        self.expr(s.value, state)

    def stmt_Return(self, s, state):
        if s.value is not None:
            objs = self.expr(s.value, state)
            reach = set(objs)
            frontier = list(objs)
            while frontier:   # the result, and everything stored in it
                k = frontier.pop()
                for c in state.contents.get(k, ()):
                    if c not in reach:
                        reach.add(c)
                        frontier.append(c)
            for k in reach:
                root = k[1] if k[0] == "elem" else k
                if root[0] == "param":
                    self.summary.returned.add(root[1])

    def stmt_If(self, s, state):
        self.expr(s.test, state)
        body, orelse = state.copy(), state.copy()
        self.block(s.body, body)
        self.block(s.orelse, orelse)
        joined = body.join(orelse)
        state.env, state.contents = joined.env, joined.contents

    def stmt_For(self, s, state):
        items = self.elements(self.expr(s.iter, state), state)
        self.loop(s, state, lambda st: self.bind(s.target, items, st, s))

    def stmt_While(self, s, state):
        self.loop(s, state, lambda st: self.expr(s.test, st))

    def loop(self, s, state, head):
        current = state.copy()
        for _ in range(8):
            entry = current.copy()
            head(entry)
            self.block(s.body, entry)
            joined = current.join(entry)
            if joined.same(current):
                break
            current = joined
        state.env, state.contents = current.env, current.contents

    # -- expressions ------------------------------------------------------------------------

    def expr(self, e, state):
        """The objects the value of `e` may be."""
        if e is None:
            return frozenset()
        method = getattr(self, "expr_" + type(e).__name__, None)
        if method is not None:
            return method(e, state)
        for child in gast.iter_child_nodes(e):
            if isinstance(child, gast.expr):
                self.expr(child, state)
        return frozenset()

    def expr_Name(self, e, state):
        if e.id in state.env:
            return state.env[e.id]
        if e.id in self.locals:
            return frozenset()   # not bound yet on this path
        kind = "free" if e.id in self.free else "global"
        return frozenset([self.obj((kind, e.id), "unknown")])

    def expr_Constant(self, e, state):
        return frozenset()

    def display(self, e, kind, parts, state):
        stored = frozenset()
        for p in parts:
            stored |= self.expr(p, state)
        return self.fresh(e, kind, state, stored)

    def expr_List(self, e, state):
        return self.display(e, "list", e.elts, state)

    def expr_Tuple(self, e, state):
        return self.display(e, "tuple", e.elts, state)

    def expr_Dict(self, e, state):
        for k in e.keys:
            self.expr(k, state)
        return self.display(e, "dict", e.values, state)

    def expr_Subscript(self, e, state):
        base = self.expr(e.value, state)
        self.expr(e.slice, state)
        if isinstance(e.slice, gast.Slice) and any(
                self.objs[k].kind in ("list", "tuple") for k in base):
            return self.fresh(e, "list", state, self.elements(base, state))
        return self.elements(base, state)

    def expr_BinOp(self, e, state):
        left, right = self.expr(e.left, state), self.expr(e.right, state)
        kinds = {self.objs[k].kind for k in left | right}
        if kinds & {"list", "tuple"}:   # xs + ys, [v] * n: a new list of the same items
            return self.fresh(e, "list", state, self.elements(left | right, state))
        if kinds <= {"array"}:
            return self.fresh(e, "array", state)
        return self.fresh(e, "unknown", state)

    def expr_IfExp(self, e, state):
        self.expr(e.test, state)
        return self.expr(e.body, state) | self.expr(e.orelse, state)

    def expr_BoolOp(self, e, state):
        out = frozenset()
        for v in e.values:
            out |= self.expr(v, state)
        return out

    def expr_Compare(self, e, state):
        self.expr(e.left, state)
        for c in e.comparators:
            self.expr(c, state)
        return frozenset()

    def expr_Attribute(self, e, state):
        if self.is_local(e.value):
            self.expr(e.value, state)
        return self.fresh(e, "array", state)   # x.T, x.shape, jnp.pi: nothing shared

    def expr_Lambda(self, e, state):
        return frozenset()

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
        if obj in COPYING_BUILTINS:
            items = self.elements(frozenset().union(*args), state) if args else frozenset()
            return self.fresh(e, "dict" if obj is builtins.dict else "list", state, items)
        if obj in NO_OBJECT_BUILTINS:
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
        return out

    # -- calls of other user functions -------------------------------------------------

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
        if isinstance(func, gast.Name) and func.id in self.locals:
            for n in gast.walk(self.fn):
                if isinstance(n, gast.FunctionDef) and n is not self.fn and n.name == func.id:
                    return n
        return None

    def nested_summary(self, fdef):
        key = ("nested", id(fdef))
        if key not in self.summaries:
            self.summaries[key] = _Summary()   # while in progress (recursion)
            inner = _Analysis(fdef, self.ns, self.source, self.summaries, top=False,
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
        self.summaries[fn] = _Summary()   # while in progress (recursion)
        try:
            parsed = parse_function(fn)
        except Exception:
            return None   # no source: its own transformation says so
        inner = _Analysis(parsed.tree, _Lookup(parsed.namespace, self.ns),
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

    # -- mutations --------------------------------------------------------------------------

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
