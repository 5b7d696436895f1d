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
import gast

from .aliasing_calls import Calls, Summary
from .scopes import local_names, params


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


class _Analysis(Calls):
    """Statements and expressions here; calls and mutations in the mixin beside
    this file."""

    def __init__(self, fn, ns, source, summaries, top, free=frozenset(), filename=None):
        self.fn, self.ns, self.source = fn, ns, source
        self.summaries = summaries
        self.top = top                   # the function being transformed (not a callee)
        self.free = set(free)            # an enclosing function's names (nested defs)
        self.locals = local_names(fn)
        self.objs = {}                   # key -> _Obj
        self.summary = Summary()
        self.params = params(fn)
        self.lambdas = {}                # id of a local lambda -> it as a def

    # -- objects ----------------------------------------------------------------------

    def obj(self, key, kind, where=None):
        if key not in self.objs:
            self.objs[key] = _Obj(key, kind, where)
        return key

    def fresh(self, node, kind, state, contents=frozenset()):
        """A value built at `node`: a new identity each time it runs."""
        key = ("new", id(node))
        # (a key never made before is in no state: only a later loop pass looks)
        if key in self.objs and (key in state.contents
                                 or any(key in v for v in state.env.values())
                                 or any(key in v for v in state.contents.values())):
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
                elif root[0] == "free":
                    self.summary.returned_free.add(root[1])
                elif root[0] == "global":
                    self.summary.returned_global.add(root[1])

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


    # -- calls of other user functions -------------------------------------------------


    # -- mutations --------------------------------------------------------------------------


