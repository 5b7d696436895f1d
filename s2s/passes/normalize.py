"""Normalize: one operation per assignment (A-normal form).

After this pass every assignment is `target = <one operation on atoms>`, where
an atom is a name or a constant; tests of `if`/`while`, loop iterables, return
values and call arguments are atoms too. Temporaries are named after their
operation (`exp`, `add`, `x_i`), so the program still reads like the user's.
Also desugared here: a program's own `lax.cond`, `switch`, `while_loop`,
`fori_loop`, `scan` and `map` (-> the Python statements they stand for,
s2s/passes/normalize_lax.py), augmented assignment, `x[i] = v` (-> `x = x.at[i].set(v)`),
conditional expressions and short-circuit `and`/`or` (-> `if` statements),
chained comparisons, lambdas bound to names (-> nested `def`), docstrings,
list and dict comprehensions, generator expressions and the builtin `sum`
(-> the loops they stand for).
Each new statement keeps the line number of the user statement it came from.

Python lists and dicts are values too. A name is known to hold one when every
assignment to it in the function builds one (`[...]`, `{...}`, `[None] * n`,
`xs + [y]`, `dict(...)`, another such name); on those, `xs[i] = v` becomes
`xs = set_item(xs, i, v)`, `xs + ys` becomes `list_concat(xs, ys)` and
`[v] * n` becomes `list_repeat([v], n)` (runtime helpers with rules of their
own). `for k in d:` whose body reads `d[k]` loops over `dict_keys(d)`.
s2s/passes/aliasing.py has already refused the programs where a mutation
would be seen through another name, so a new container is the same value.
"""
import gast

from .. import anno
from ..anno import Key
from ..nodes import name_nodes, walk
from ..template import load, store
from .normalize_comprehensions import Comprehensions
from .normalize_expressions import Expressions, container_names, is_atom
from .normalize_lax import LaxControlFlow
from .scopes import local_names, own_nodes

# What a `for` loop iterates as written (the loop counts them); any other call's
# result is named first: a list or an array, which the loop indexes.
LOOP_CALLS = ("range", "enumerate", "zip", "reversed")
# Runtime helpers normalize writes that return a Python list or dict.
CONTAINER_HELPERS = {"set_item", "list_concat", "list_repeat", "dict_keys", "list_append"}

def run(fn_tree, ctx):
    _Normalizer(ctx.source, ctx.namer).function(fn_tree)
    return fn_tree


class _Normalizer(Expressions, Comprehensions, LaxControlFlow):
    """Statements here; expressions, comprehensions and `lax` control flow in
    the mixins beside this file."""

    def __init__(self, source, namer):
        self.source = source
        self.namer = namer
        self.where = None  # the user statement being normalized
        self.locals = set()
        self.containers = {}   # name -> "list" / "tuple" / "dict": every assignment builds one
        self.local_defs = {}   # nested function -> the values its `return`s give, as written
        self.current_fn = None  # the function being normalized (comprehensions' names)

    # -- statements -----------------------------------------------------------

    def function(self, fn):
        saved = self.locals, self.containers, self.current_fn
        self.locals = self.locals | local_names(fn)
        self.containers = container_names(fn)
        self.current_fn = fn
        fn.body = self.block(fn.body) or [gast.Pass()]
        self.locals, self.containers, self.current_fn = saved
        return fn

    def dotted(self, e):
        """A dotted global path like jnp.linalg.norm (no local value inside)."""
        while isinstance(e, gast.Attribute):
            e = e.value
        return isinstance(e, gast.Name) and e.id not in self.locals

    def block(self, stmts):
        out = []
        for s in stmts:
            saved, self.where = self.where, s
            getattr(self, "stmt_" + type(s).__name__)(s, out)
            self.where = saved
        return out

    def emit(self, out, stmt):
        out.append(anno.copy_location(stmt, self.where))
        return stmt

    def stmt_FunctionDef(self, s, out):
        self.local_defs[s.name] = [r.value for r in own_nodes(s) if isinstance(r, gast.Return)]
        self.emit(out, self.function(s))

    def stmt_Assign(self, s, out):
        if len(s.targets) > 1:
            value = self.atom(s.value, out)
            for t in s.targets:
                self.assign(t, value, out)
            return
        target = s.targets[0]
        if isinstance(s.value, gast.Lambda) and isinstance(target, gast.Name):
            return self.stmt_FunctionDef(self.lambda_def(s.value, target.id), out)
        self.assign(target, s.value, out)

    def stmt_AnnAssign(self, s, out):
        if s.value is not None:
            self.assign(s.target, s.value, out)

    def stmt_AugAssign(self, s, out):
        t = s.target
        if isinstance(t, gast.Name):
            value = gast.BinOp(left=load(t.id), op=s.op, right=s.value)
            return self.assign(store(t.id), value, out)
        if isinstance(t, gast.Subscript) and isinstance(t.value, gast.Name):
            if isinstance(s.op, gast.Add):
                return self.assign_item(t, s.value, "add", out)
            read = gast.Subscript(value=load(t.value.id), slice=t.slice, ctx=gast.Load())
            return self.assign_item(t, gast.BinOp(left=read, op=s.op, right=s.value),
                                    "set", out)
        raise self.source.error(t, "this augmented assignment target is not supported",
                                "assign to a plain name or to `x[i]`")

    def assign(self, target, value, out):
        if isinstance(target, gast.Subscript):
            return self.assign_item(target, value, "set", out)
        self.check_target(target)
        if isinstance(target, gast.Name) and isinstance(value, (gast.ListComp, gast.DictComp)) \
                and all(n.id != target.id for n in name_nodes(value)):
            # built in place, `ys = []`, unless it reads its own target (`ws = [f(w) for w in ws]`)
            return self.comprehension(value, target.id, out)
        if isinstance(target, (gast.Tuple, gast.List)) and not (
                isinstance(value, (gast.Name, gast.Tuple, gast.List))
                or anno.get(value, Key.USER_CALL, False) or anno.has(value, Key.LAX_KIND)):
            # `w, b = params[-1]`, `a, b = x / 3.0`, `a, b = jnp.sin(x)`: name the value
            # first; every mode unpacks names (a user function's call, and lax control
            # flow's results, are unpacked as they are)
            value = self.atom(value, out)
        self.emit(out, gast.Assign(targets=[target], value=self.simple(value, out),
                                   type_comment=None))

    def assign_item(self, target, value, method, out):
        """`x[i] = v` -> `x = x.at[i].set(v)`: arrays are immutable in JAX.
        On a Python list or dict: `x = set_item(x, i, v)`."""
        if not isinstance(target.value, gast.Name):
            raise self.source.error(target, "assignment to a nested item is not supported",
                                    "update one level at a time: `row = x[i]; "
                                    "row = row.at[j].set(v); x = x.at[i].set(row)`")
        name = target.value.id
        index = self.index(target.slice, out)
        if self.containers.get(name) in ("list", "dict"):
            if method == "add":   # xs[i] += v: read, add, store
                read = gast.Subscript(value=load(name), slice=index, ctx=gast.Load())
                value = gast.BinOp(left=read, op=gast.Add(), right=value)
            call = gast.Call(func=load("set_item"), args=[load(name), index,
                                                          self.operand(value, out)],
                             keywords=[])
            self.emit(out, gast.Assign(targets=[store(name)], value=call, type_comment=None))
            return
        v = self.atom(value, out)
        at = gast.Subscript(value=gast.Attribute(value=load(name), attr="at", ctx=gast.Load()),
                            slice=index, ctx=gast.Load())
        call = gast.Call(func=gast.Attribute(value=at, attr=method, ctx=gast.Load()),
                         args=[v], keywords=[])
        self.emit(out, gast.Assign(targets=[store(name)], value=call, type_comment=None))

    def check_target(self, t):
        if isinstance(t, gast.Name):
            return
        if isinstance(t, (gast.Tuple, gast.List)):
            for e in t.elts:
                self.check_target(e)
            return
        raise self.source.error(t, "s2s can only assign to names, tuples of names and "
                                   "`x[i]`", "assign to a plain name")

    def stmt_Expr(self, s, out):
        if isinstance(s.value, gast.Constant):
            return  # a docstring or a bare constant: nothing to run
        self.emit(out, gast.Expr(value=self.simple(s.value, out)))

    def stmt_Return(self, s, out):
        value = None
        if s.value is not None:
            value = self.atom(s.value, out, allow_tuple=True)
        self.emit(out, gast.Return(value=value))

    def stmt_If(self, s, out):
        test = self.atom(s.test, out)
        self.emit(out, gast.If(test=test, body=self.block(s.body) or [gast.Pass()],
                               orelse=self.block(s.orelse)))

    def stmt_While(self, s, out):
        self.no_else(s)
        body = self.block(s.body)
        if is_atom(s.test):
            return self.emit(out, gast.While(test=s.test, body=body or [gast.Pass()],
                                             orelse=[]))
        name = self.namer.fresh("cond")
        if _has_continue(s.body):
            # `continue` would skip a test recomputed at the end of the body.
            head = []
            self.emit(head, gast.Assign(targets=[store(name)],
                                        value=self.simple(s.test, head), type_comment=None))
            stop = gast.If(test=gast.UnaryOp(op=gast.Not(), operand=load(name)),
                           body=[gast.Break()], orelse=[])
            self.emit(head, stop)
            return self.emit(out, gast.While(test=gast.Constant(value=True, kind=None),
                                             body=head + body, orelse=[]))
        for target in (out, body):
            self.emit(target, gast.Assign(targets=[store(name)],
                                          value=self.simple(s.test, target),
                                          type_comment=None))
        self.emit(out, gast.While(test=load(name), body=body, orelse=[]))

    def stmt_For(self, s, out):
        self.no_else(s)
        self.check_target(s.target)
        if isinstance(s.iter, gast.Name) and (
                self.containers.get(s.iter.id) == "dict" or _reads_item(s.body, s.iter, s.target)):
            # `for k in params: ... params[k]`: the keys, as a list the loop can count
            keys = self.namer.fresh(s.iter.id + "_keys")
            self.emit(out, gast.Assign(targets=[store(keys)], value=gast.Call(
                func=load("dict_keys"), args=[load(s.iter.id)], keywords=[]), type_comment=None))
            s.iter = load(keys)
        if _zip_of_reversed(s.iter):
            it = s.iter   # zip(reversed(xs), reversed(ys)): kept whole, read from the end
        elif isinstance(s.iter, gast.Call) and any(_calls(s.iter, f) for f in LOOP_CALLS):
            it = self.simple(s.iter, out)   # range(n), zip(...): kept for the loop to count
        else:
            it = self.atom(s.iter, out)
        self.emit(out, gast.For(target=s.target, iter=it,
                                body=self.block(s.body) or [gast.Pass()], orelse=[],
                                type_comment=None))

    def no_else(self, s):
        if s.orelse:
            raise self.source.error(s.orelse[0], "`else` on a loop is not supported",
                                    "use a flag variable set before `break`")

    def stmt_Assert(self, s, out):
        self.emit(out, gast.Assert(test=self.atom(s.test, out), msg=s.msg))

    def stmt_Raise(self, s, out):
        self.emit(out, s)

    def stmt_Pass(self, s, out):
        pass

    def stmt_Break(self, s, out):
        self.emit(out, s)

    def stmt_Continue(self, s, out):
        self.emit(out, s)

    # -- expressions --------------------------------------------------------------


def _reads_item(body, seq, target):
    """Does the loop body read `seq[target]` (a dict looked up by its keys)?"""
    if not isinstance(target, gast.Name):
        return False
    for s in body:
        for n in walk(s):
            if isinstance(n, gast.Subscript) and isinstance(n.value, gast.Name) \
                    and n.value.id == seq.id and isinstance(n.slice, gast.Name) \
                    and n.slice.id == target.id:
                return True
    return False


def _calls(node, name):
    return isinstance(node.func, gast.Name) and node.func.id == name


def _has_continue(stmts):
    for s in stmts:
        if isinstance(s, gast.Continue):
            return True
        if isinstance(s, gast.If) and (_has_continue(s.body) or _has_continue(s.orelse)):
            return True
    return False


def _zip_of_reversed(node):
    def reversed_name(a):
        return isinstance(a, gast.Call) and isinstance(a.func, gast.Name) \
            and a.func.id == "reversed" and len(a.args) == 1 and isinstance(a.args[0], gast.Name)
    return isinstance(node, gast.Call) and isinstance(node.func, gast.Name) \
        and node.func.id == "zip" and node.args and all(map(reversed_name, node.args))
