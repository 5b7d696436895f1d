"""Functionalize: control flow on traced values becomes functions and one call.

Under `jax.jit` a Python `if x > 0:` on a traced `x` cannot run: Python needs a
bool and the tracer has none. `lax` has the functional forms instead, and this
pass writes them the way a person would (AutoGraph's rules):

    if gt:                          def if_true(y):
        y = y * 2           ->          y = y * 2
                                        return y
                                    def if_false(y):
                                        return y
                                    y = if_else(gt, if_true, if_false, y)

- `if` on a traced test: two branch functions taking the names the branches
  assign and read (or must hand on unchanged), returning the names they assign
  that later code reads; a name assigned in one branch only, undefined before
  and read after, is an error at the user's line.
- `while c:` on a traced `c` (and `while True:` left by a `break` on a traced
  value): a test and a body function over the loop's carry (the names the body
  assigns and the next iteration or later code reads); `break`s become a flag.
- `for i in range(n)` with a computed or long trip count: a body function of
  the counter and the carry.

Only control flow the tracedness analysis marks as possibly traced is
converted; the rest stays Python. The helpers (`if_else`, `while_loop`,
`for_range`, s2s/control_flow.py) decide at trace time: a concrete condition
runs the Python `if`/loop, a traced one the `lax` form.

The loops are converted in s2s/passes/functionalize_loops.py (a mixin of the
pass's class); the calls and assignments the pass writes are built by
s2s/passes/functionalize_code.py.
"""
import re
import weakref

import gast

from .. import runtime
from ..errors import S2SError
from ..nodes import to_ast, walk
from ..pipeline import JitOptions, Transformation
from ..template import load, store
from . import flags
from .functionalize_code import _assign, _call, _jnp_call, _names_value
from .functionalize_loops import Loops
from .resolve import CallKind, _is_library, callee
from .scopes import local_names, own_nodes, params
from .structure import is_list_append
from . import liveness, tracedness
from .tracedness import Tracedness, range_bounds
from .. import anno


def run(fn, ctx):
    options = ctx.options
    static = [p for p, is_static in zip(params(fn), options.static) if is_static]
    traced = Tracedness(fn, static, options.unroll)
    while _hoist_static_tests(fn, traced):   # (`t = n % 2` first, then `eq = t == 0`)
        traced = Tracedness(fn, static, options.unroll)
    fn.body = _Functionalize(ctx, traced, fn).block(fn.body, set(params(fn)), set())
    _convert_callees(fn, ctx)
    _list_lengths(fn)
    fn.name = ctx.name
    return fn


def _hoist_static_tests(fn, traced):
    """`t = n == 2` (a comparison of untraced names: a static argument's test)
    inside a branch of a traced `if` moves before the `if`: computed there, it
    stays a Python bool, where lax.cond would hand it on traced (and the
    pullback's `if t:` would become a lax.cond too, running a branch that reads
    values no path computed). Only a name assigned once, of a comparison or of
    arithmetic that cannot fail (`n % 2`), on names and constants. True if
    anything moved."""
    counts = {}
    for node in own_nodes(fn):
        if isinstance(node, gast.Name) and isinstance(node.ctx, gast.Store):
            counts[node.id] = counts.get(node.id, 0) + 1
    moved = False

    def static_test(st, assigned_before):
        return (isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name)
                and counts.get(st.targets[0].id) == 1 and _cannot_fail(st.value)
                and not traced.is_traced(st.value)
                and not liveness.reads([st.value]) & assigned_before)

    def visit(stmts):
        nonlocal moved
        out = []
        for s in stmts:
            if isinstance(s, gast.If):
                s.body, s.orelse = visit(s.body), visit(s.orelse)
            elif isinstance(s, (gast.For, gast.While)):
                s.body = visit(s.body)
            if isinstance(s, gast.If) and traced.converts_if(s):
                for block in (s.body, s.orelse):
                    assigned = set()
                    for st in list(block):
                        if static_test(st, assigned):
                            block.remove(st)
                            out.append(st)
                            moved = True
                        else:
                            assigned |= liveness.assigned([st])
                if not s.body:
                    s.body = [gast.Pass()]
            out.append(s)
        return out
    fn.body = visit(fn.body)
    return moved


def _cannot_fail(value):
    """A comparison, or `+ - *` (or `% //` by a constant other than 0), of names
    and constants: cheap, and no exception on numbers."""
    def atom(v):
        return isinstance(v, (gast.Name, gast.Constant))
    if isinstance(value, gast.Compare):
        return all(atom(v) for v in [value.left] + value.comparators)
    if isinstance(value, gast.BinOp) and atom(value.left) and atom(value.right):
        if isinstance(value.op, (gast.Add, gast.Sub, gast.Mult)):
            return True
        return isinstance(value.op, (gast.Mod, gast.FloorDiv)) \
            and isinstance(value.right, gast.Constant) and value.right.value not in (0, None)
    return False


def _none_first(block, names, where):
    """`block` with `t = None` first for each of `names` it assigns on some
    paths only (under a Python `if` on a static value): the branch function
    returns them all, so each needs a value (None: reverse mode's placeholder
    for a value this path does not compute)."""
    maybe = sorted((liveness.assigned(block) & names)
                   - liveness.exposed_and_assigned(block)[1])
    first = [anno.copy_location(gast.Assign(targets=[store(n)], value=gast.Constant(
        value=None, kind=None), type_comment=None), where) for n in maybe]
    return first + block


def _list_lengths(fn):
    """`len(xs)` of a list the function builds (`xs = []`) -> `list_length(xs)`: a
    list a converted `while` recorded (a tape) has a traced length."""
    lists = {n.targets[0].id for n in walk(fn) if isinstance(n, gast.Assign)
             and isinstance(n.targets[0], gast.Name) and isinstance(n.value, gast.List)
             and not n.value.elts}
    for node in walk(fn):
        if isinstance(node, gast.Call) and isinstance(node.func, gast.Name) \
                and node.func.id == "len" and len(node.args) == 1 \
                and isinstance(node.args[0], gast.Name) and node.args[0].id in lists:
            node.func = load("list_length")


def _convert_callees(fn, ctx):
    """The user functions it calls are converted too (and called as converted):
    their `if`s on traced arguments run under the same trace."""
    locals_ = set()
    for node in walk(fn):
        if isinstance(node, gast.FunctionDef):
            locals_ |= local_names(node)
    for node in walk(fn):
        if not (isinstance(node, gast.Call) and isinstance(node.func, gast.Name)) \
                or node.func.id in runtime.HELPERS:
            continue
        held = _held_transformation(node.func.id, ctx.ns, locals_)
        if held is not None:
            node.func = load(ctx.bind(_jitted(held), node.func.id))
            continue
        try:
            c = callee(node, ctx.ns, locals_)
            if c.kind != CallKind.USER or runtime.defines(c.obj) or _is_library(c.obj):
                continue
            name = ctx.request_callee(c.obj, JitOptions((), ctx.options.unroll), node.func.id)
        except S2SError:
            continue   # not Python source s2s can read: called as it is
        node.func = load(name)


def _held_transformation(name, ns, locals_):
    """The s2s transformation a name holds (`s2s.value_and_grad(loss)`, bound
    by resolve), else None."""
    if name in locals_:
        return None
    try:
        obj = ns.lookup(name)
    except KeyError:
        return None
    return obj if isinstance(obj, Transformation) else None


_JITTED = weakref.WeakKeyDictionary()   # a transformation called in jitted code -> its Jitted


def _jitted(transformation):
    """`s2s.value_and_grad(loss)(params, x)` in a jitted step: its code depends on
    whether params is a dict, a list or an array, known when the step is
    traced, so it is called as s2s.jit of the transformation, which builds its
    code (control flow converted) for each signature it is called with."""
    from ..jit import Jitted
    jitted = _JITTED.get(transformation)
    if jitted is None:
        jitted = _JITTED[transformation] = Jitted(transformation)
    return jitted


class _Functionalize(Loops):
    def __init__(self, ctx, traced, root):
        self.ctx = ctx
        self.namer = ctx.namer
        self.source = ctx.source
        self.traced = traced
        self.root = root   # the whole function (where later reads are looked up)
        self.booleans = tracedness.booleans(root)

    def block(self, stmts, defined, after):
        """`stmts` converted; `defined`: names that may hold a value before them
        (updated), `after`: names read after them. Each `if`, `while` and `for`
        leaves what was decided, and why, in ctx.facts["functionalize"] (the
        stage's view: `shown`)."""
        out = []
        live = liveness.live_after_each(stmts, after)
        for s, later in zip(stmts, live):
            start = len(out)
            decision = None
            if isinstance(s, gast.If) and self.traced.converts_if(s):
                test = _code(s.test)   # (a `not` swaps the branches)
                out.extend(self.convert_if(s, defined, later))
                decision = _if_decision(test, out[start:])
            elif isinstance(s, gast.While) and self.traced.converts_while(s):
                test = _code(s.test)   # (the flags rewrite the test)
                out.extend(self.convert_while(s, defined, later))
                decision = f"-> while_loop: the test `{test}` is traced under jit" \
                    if test != "True" else \
                    "-> while_loop: a `break` leaves it on a traced value"
                decision += ", so the loop becomes a test and a body function over its " \
                            "carry (lax.while_loop when traced)"
            elif isinstance(s, gast.For) and self.traced.converts_for(s) \
                    and not self.breaks_recording(s):
                decision = self.for_decision(s)
                out.extend(self.convert_for(s, defined, later))
            elif isinstance(s, gast.FunctionDef):
                inner = _Functionalize(self.ctx, self.traced.nested(s), self.root)
                s.body = inner.block(s.body, set(params(s)), set())
                out.append(s)
            elif isinstance(s, gast.For) and self.breaks_recording(s):
                out.extend(self.convert_for_as_while(s, defined, later))
                decision = ("-> while_loop on a flag: a counted loop left by a `break` on a "
                            "traced value, whose steps append to a list (each step records "
                            "one item, on every path)")
            else:
                decision = self.kept(s)
                if isinstance(s, gast.For) and self.traced.breaks_on_traced(s):
                    # a Python loop left by a `break` on a traced value: the
                    # break becomes a flag (a branch function cannot `break`)
                    start_, s = flags.flagged_for(s, self.namer)
                    for st in start_:
                        defined |= liveness.assigned([st])
                        self.traced.traced |= liveness.assigned([st])
                    out.extend(start_)
                    decision += "; its `break` on a traced value becomes a flag"
                self.inside(s, defined, later)
                out.append(self.logical_not(s))
            if decision and len(out) > start:
                self.decided(out[start], s, decision)
            defined |= liveness.assigned([s])
        return out

    def decided(self, first, s, decision):
        """Record what became of statement `s` (now starting with `first`):
        ctx.facts["functionalize"] lists (user's line, decision); the stage's
        view finds `first` by identity (ctx.functionalized, kept only as long
        as the build's context)."""
        from ..errors import origin
        line = origin(self.ctx.filename, s.lineno)[1] if getattr(s, "lineno", None) else None
        self.ctx.facts.setdefault("functionalize", []).append((line, decision))
        if not hasattr(self.ctx, "functionalized"):
            self.ctx.functionalized = {}
        self.ctx.functionalized[id(first)] = decision

    def breaks_recording(self, s):
        """A counted loop left by a `break` on a traced value whose steps append
        to a list (reverse mode's tape): it runs as a `while` on a flag, so each
        step records one item on every path, whether or not the loop is lax."""
        return self.traced.breaks_on_traced(s) and _grows_a_list(s) and _counts_up(s)

    def for_decision(self, s):
        begin, stop, step = range_bounds(s)
        if all(isinstance(b, gast.Constant) and isinstance(b.value, int)
               for b in (begin, stop, step)):
            n = len(range(begin.value, stop.value, step.value))
            return (f"-> for_range: {n} steps, more than unroll={self.traced.unroll}, so a body "
                    "function of the counter and the carry (lax.fori_loop: compile time "
                    "flat in the trip count)")
        return (f"-> for_range: `{_code(s.iter)}` has a computed trip count, so a body "
                "function of the counter and the carry (lax.fori_loop when it is traced, a "
                "Python loop when it is concrete)")

    def kept(self, s):
        """Why an `if`, `while` or `for` stays Python (None for other statements)."""
        if isinstance(s, gast.If):
            return (f"stays a Python `if`: its test `{_code(s.test)}` is not traced under jit "
                    "(static arguments, shapes, constants), so it is decided when the "
                    "function is traced")
        if isinstance(s, gast.While):
            return (f"stays a Python `while`: its test `{_code(s.test)}` is not traced under "
                    "jit, so the loop runs when the function is traced")
        if isinstance(s, gast.For):
            bounds = range_bounds(s)
            if bounds is None:
                return (f"stays a Python loop: it iterates over `{_code(s.iter)}`, not a "
                        "range, and runs when the function is traced (unrolled)")
            n = len(range(*[b.value for b in bounds]))
            return (f"stays a Python loop: {n} steps, at most unroll={self.traced.unroll}, "
                    "unrolled in the compiled program")
        return None

    def inside(self, s, defined, later):
        """A statement kept as Python: its blocks are converted in turn."""
        if isinstance(s, gast.If):
            s.body = self.block(s.body, set(defined), later)
            s.orelse = self.block(s.orelse, set(defined), later)
        elif isinstance(s, (gast.For, gast.While)):
            inner = set(defined)
            if isinstance(s, gast.For):
                inner |= liveness.assigned([s.target])
            s.body = self.block(s.body, inner, liveness.loop_live(s, later))

    def logical_not(self, s):
        """`a = not b`, `a = b and c`, `a = b or c` on traced values: Python's
        operators need a bool, so they become jnp's (`jnp.where` keeps Python's
        value for operands that are not booleans)."""
        if not isinstance(s, gast.Assign):
            return s
        v = s.value
        if isinstance(v, gast.UnaryOp) and isinstance(v.op, gast.Not) \
                and self.traced.is_traced(v.operand):
            s.value = _jnp_call("logical_not", [v.operand])
        elif isinstance(v, gast.BoolOp) and self.traced.is_traced(v):
            s.value = self.bool_op(v)
        return s

    def bool_op(self, v):
        is_and = isinstance(v.op, gast.And)
        if all(tracedness.is_bool(e, self.booleans) for e in v.values):
            out = v.values[0]
            for e in v.values[1:]:
                out = _jnp_call("logical_and" if is_and else "logical_or", [out, e])
            return out
        out = v.values[-1]
        for e in reversed(v.values[:-1]):   # a and b: b where a holds, else a
            out = _jnp_call("where", [e, out, e] if is_and else [e, e, out])
        return out

    # -- if ---------------------------------------------------------------------------

    def convert_if(self, s, defined, later):
        self.refuse_effects(s, "if")
        while isinstance(s.test, gast.UnaryOp) and isinstance(s.test.op, gast.Not):
            # `not` needs a Python bool: the branches swap instead
            s.test, s.body, s.orelse = s.test.operand, s.orelse or [gast.Pass()], s.body
        selected = self.as_select(s, defined)
        if selected is not None:
            return selected
        body = self.block(s.body, set(defined), later)
        orelse = self.block(s.orelse, set(defined), later)
        set_true, set_false = liveness.assigned(body), liveness.assigned(orelse)
        outs = sorted((set_true | set_false) & later)
        # A name one branch sets, undefined before, is read after only under the
        # same test (the pullback of a branch): the other branch hands on None,
        # which if_else makes zeros of the right shape, never read.
        only_true = {n for n in outs if n not in defined and n not in set_false}
        only_false = {n for n in outs if n not in defined and n not in set_true}
        for name in sorted(only_true | only_false):
            if not self.read_only_under(name, s.test, name in only_true, s):
                raise self.source.error(
                    s, f"`{name}` is assigned in only one branch of this `if`, whose "
                       "condition is traced under jit, and read after it",
                    f"give `{name}` a value before the `if` or in both branches: lax.cond "
                    "needs it from either branch")
        ins = sorted(n for n in (set_true | set_false) & defined
                     if (n in set_true and n in liveness.exposed(body))
                     or (n in set_false and n in liveness.exposed(orelse))
                     or (n in outs and not (n in set_true and n in set_false)))
        body = _none_first(body, set(outs) - defined, s)
        orelse = _none_first(orelse, set(outs) - defined, s)
        if_true = self.function("if_true", ins, body, outs, s, unset=only_false)
        if_false = self.function("if_false", ins, orelse, outs, None, unset=only_true)
        call = _call("if_else", [s.test, load(if_true.name), load(if_false.name)]
                     + [load(n) for n in ins])
        return [if_true, if_false, _assign(outs, call, s)]

    def as_select(self, s, defined):
        """`if t: a = x < y` / `else: a = b` (what `and`/`or` become): one
        boolean value per branch, cheap and safe to compute on both paths, so
        `a = jnp.where(t, x < y, b)` instead of two functions and a lax.cond."""
        branches = [[b for b in block if not isinstance(b, gast.Pass)]
                    for block in (s.body, s.orelse)]
        if not all(len(b) <= 1 for b in branches):
            return None
        names = set()
        for b in branches:
            for st in b:
                if not (isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name)
                        and tracedness.is_bool(st.value, self.booleans)
                        and all(isinstance(n, (gast.Name, gast.Constant, gast.expr_context,
                                               gast.Compare, gast.cmpop, gast.BoolOp,
                                               gast.boolop, gast.UnaryOp, gast.Not))
                                for n in walk(st.value))):
                    return None
                names.add(st.targets[0].id)
        if len(names) != 1:
            return None
        name = names.pop()
        values = [b[0].value if b else load(name) for b in branches]
        if not all(b for b in branches) and name not in defined:
            return None
        where = gast.Assign(targets=[store(name)], value=_jnp_call("where", [s.test] + values),
                            type_comment=None)
        return [anno.copy_location(where, s)]

    # -- the pieces -------------------------------------------------------------------

    def read_only_under(self, name, test, when_true, node):
        """Is every read of `name` (outside `node`) in a branch of an `if` on the
        same test, the one taken when it is `when_true`?"""
        if not isinstance(test, gast.Name):
            return False
        negations = tracedness.negations(self.root)
        found_any = [False]

        def visit(stmts, guarded):
            for st in stmts:
                if st is node:
                    continue
                if isinstance(st, gast.If):
                    sense = tracedness.test_sense(st.test, test.id, negations)
                    if _reads_name([st.test], name) and not guarded:
                        return False
                    for branch, taken in ((st.body, True), (st.orelse, False)):
                        ok = guarded or (sense is not None and (sense == taken) == when_true)
                        if not visit(branch, ok):
                            return False
                    continue
                if isinstance(st, (gast.For, gast.While, gast.FunctionDef)):
                    head = [] if isinstance(st, gast.FunctionDef) else \
                        [st.iter if isinstance(st, gast.For) else st.test]
                    if _reads_name(head, name) and not guarded:
                        return False
                    if not visit(st.body, guarded):
                        return False
                    continue
                if _reads_name([st], name):
                    found_any[0] = True
                    if not guarded:
                        return False
            return True
        return visit(self.root.body, False)

    def function(self, base, parameters, body, results, where, unset=frozenset()):
        name = self.namer.fresh(base)
        ret = gast.Return(value=_names_value(results, unset))
        fdef = gast.FunctionDef(
            name=name, args=gast.arguments(args=[gast.Name(id=p, ctx=gast.Param(),
                                                            annotation=None, type_comment=None)
                                                 for p in parameters],
                                           posonlyargs=[], vararg=None, kwonlyargs=[],
                                           kw_defaults=[], kwarg=None, defaults=[]),
            body=list(body) + [ret], decorator_list=[], returns=None, type_comment=None,
            type_params=[])
        # (the second function of an `if` or loop is not located: its comment
        # would repeat the first's)
        return anno.copy_location(fdef, where) if where is not None else fdef

    def refuse_effects(self, s, construct):
        for node in walk(s):
            if isinstance(node, (gast.Raise, gast.Assert)):
                raise self.source.error(
                    node, f"`{'raise' if isinstance(node, gast.Raise) else 'assert'}` under "
                          f"this `{construct}`, whose condition is traced under jit: the "
                          "check would run when the program is traced, not when it runs",
                    "check the arguments before calling the jitted function, or use "
                    "jax.experimental.checkify")
            if isinstance(node, (gast.Return, gast.Yield, gast.Global, gast.Nonlocal)):
                raise self.source.error(node, f"this statement under a `{construct}` whose "
                                              "condition is traced under jit",
                                        "set a variable and read it after the loop")


# -- the stage's view: what was decided --------------------------------------------------------

def shown(tree, ctx):
    """The functionalize stage: the program, each `if`, `while` and `for` of
    the function preceded by what became of it and why (`# jit: -> if_else:
    the test `gt` is traced under jit, ...`)."""
    from .. import backend
    decisions = getattr(ctx, "functionalized", {})
    changed = []
    for node in walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not (isinstance(block, list) and any(id(s) in decisions for s in block)):
                continue
            new = []
            for s in block:
                if id(s) in decisions:
                    note = gast.Expr(value=gast.Constant(
                        value=f"{backend.COMMENT_MARK}jit: {decisions[id(s)]}", kind=None))
                    new.append(anno.copy_location(note, s))
                new.append(s)
            changed.append((node, field, block))
            setattr(node, field, new)
    try:
        text = backend.to_source(tree, ctx.filename)
        # (a note introduces the function after it: no blank line between)
        return backend.Text(re.sub(r"^(\s*# jit: .*\n)\n", r"\1", text, flags=re.M),
                            text.tree, text.filename)
    finally:
        for node, field, block in changed:   # (the tree goes on to the next pass as it was)
            setattr(node, field, block)


def _if_decision(test, produced):
    if produced and isinstance(produced[0], gast.Assign):
        return (f"-> jnp.where: the test `{test}` is traced under jit, and each branch "
                "sets one boolean: both are computed and one is selected")
    return (f"-> if_else: the test `{test}` is traced under jit, so the branches become "
            "two functions and one if_else call (lax.cond when traced)")


def _code(node):
    import ast
    return ast.unparse(to_ast(node)) if node is not None else "?"


# -- what the code reads and does ------------------------------------------------------------

def _reads_name(nodes, name):
    return name in liveness.reads(nodes)


def _grows_a_list(loop):
    return any(isinstance(n, gast.Assign) and is_list_append(n.value) for n in walk(loop))


def _counts_up(loop):
    """`for i in range(a, b)` or with a positive constant step."""
    bounds = range_bounds(loop)
    return bounds is not None and not loop.orelse and isinstance(bounds[2], gast.Constant) \
        and type(bounds[2].value) is int and bounds[2].value > 0
