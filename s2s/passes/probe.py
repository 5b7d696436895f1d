"""Probe: the per-example shape of every value the batch pass rewrites.

Batch rules need ranks: `jnp.sum(x)` over one example is `jnp.sum(x_batch,
axis=(1, 2))` when an example is a matrix, and `x + y` with `x` batched needs
`x_batch[:, None]` when `y` has one more axis. So, like `jax.jit`, s2s
specializes the batched code on the shapes of one example: before the batch
pass, it runs an instrumented copy of the function under `jax.eval_shape`
with one example's shapes (no arithmetic happens) and records, for every
statement, what each name it reads and writes holds: an array of some shape
and dtype, a Python value (shapes, counts, flags: these are constants of the
specialization), or a list, tuple or dict of those.

A condition that depends on an array cannot be decided while tracing: the
probe then runs both branches of an `if`, and a `while` body twice, which is
all the batch pass needs to see (it runs both branches too).
"""
import copy
import re

import gast
import jax
import numpy as np

from .. import backend, errors, frontend
from ..errors import S2SError
from ..pipeline import is_s2s_api
from ..template import load, store
from .structure import is_list_append
from .resolve import callee
from .scopes import local_names

PROBE = "__s2s_probe__"   # the name the instrumented code calls the recorder by


# -- what a value is, per example ----------------------------------------------------

class Info:
    """An array (shape, dtype), a Python `value`, or a `tree` of Infos."""

    def __init__(self, kind, shape=None, dtype=None, value=None, children=None, keys=None,
                 container=None):
        self.kind, self.shape, self.dtype, self.value = kind, shape, dtype, value
        self.children, self.keys, self.container = children, keys, container

    @property
    def rank(self):
        if self.kind == "array":
            return len(self.shape)
        if self.kind == "value" and isinstance(self.value, (int, float, bool, complex)):
            return 0
        if self.kind == "number":
            return 0
        return None

    def __eq__(self, other):
        return isinstance(other, Info) and self.key() == other.key()

    def key(self):
        if self.kind == "array":
            return ("array", self.shape, str(self.dtype))
        if self.kind == "value":
            return ("value", type(self.value).__name__, _hashable(self.value))
        if self.kind == "tree":
            return ("tree", self.container.__name__, self.keys,
                    tuple(c.key() for c in self.children))
        return (self.kind,)

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"Info{self.key()}"


VARYING = Info("varying")   # seen with different ranks or values
NUMBER = Info("number")     # a Python number whose value changes (a loop counter)


def describe(v):
    if isinstance(v, (list, tuple)):
        return Info("tree", container=type(v), children=[describe(e) for e in v])
    if isinstance(v, dict):
        keys = tuple(v)
        return Info("tree", container=dict, keys=keys, children=[describe(v[k]) for k in keys])
    if v is None or type(v) in (int, float, bool, complex, str, slice) or v is Ellipsis:
        return Info("value", value=v)
    shape = getattr(v, "shape", None)
    if shape is not None and hasattr(v, "dtype"):
        return Info("array", shape=tuple(shape), dtype=np.dtype(v.dtype))
    return Info("other")


def _slots(entry):
    return entry if isinstance(entry, tuple) else (entry,)


def _fill(entry, known):
    """A tape entry with its None slots filled from `known` (position -> value)."""
    if isinstance(entry, tuple):
        return tuple(known.get(i) if v is None else v for i, v in enumerate(entry))
    return known.get(0) if entry is None else entry


def _hashable(v):
    try:
        hash(v)
        return v
    except TypeError:
        return repr(v)


def merge(a, b):
    if a == b:
        return a
    if a.kind == b.kind == "array" and len(a.shape) == len(b.shape):
        return Info("array", shape=tuple(x if x == y else None for x, y in zip(a.shape, b.shape)),
                    dtype=a.dtype)
    if a.rank == 0 and b.rank == 0:
        arrays = [x for x in (a, b) if x.kind == "array"]
        return arrays[0] if arrays else NUMBER
    if a.kind == b.kind == "tree" and a.container is b.container and a.keys == b.keys \
            and len(a.children) == len(b.children):
        return Info("tree", container=a.container, keys=a.keys,
                    children=[merge(x, y) for x, y in zip(a.children, b.children)])
    if a.kind in ("tree", "list") and b.kind in ("tree", "list") \
            and a.container is b.container is list:
        return Info("list", container=list)   # a list whose length changes (a tape)
    return VARYING


def abstract(info):
    """A stand-in argument for the probe: arrays become ShapeDtypeStructs."""
    if info.kind == "array":
        return jax.ShapeDtypeStruct(info.shape, info.dtype)
    if info.kind == "tree":
        items = [abstract(c) for c in info.children]
        if info.container is dict:
            return dict(zip(info.keys, items))
        return info.container(items) if info.container is list else tuple(items)
    return info.value


# -- the record ------------------------------------------------------------------------

class Record:
    """What each name held at each statement: (statement id, name, 'in'|'out') -> Info."""

    def __init__(self):
        self.seen = {}
        self.entries = {}    # while id -> passes left in this entry
        self.traced_whiles = set()   # while ids whose condition was traced
        self.traced_ifs = set()      # if ids whose condition was traced (both branches ran)
        self.reached = set()         # ids of the statements that ran
        self.tape_values = {}        # list name -> {slot position: a value saved there}
        self.holes = {}              # id -> tape entry with None slots still unfilled

    def see(self, sid, when, values):
        self.reached.add(sid)
        for name, v in values.items():
            info = describe(v)
            key = (sid, name, when)
            old = self.seen.get(key)
            self.seen[key] = info if old is None else merge(old, info)

    def info(self, sid, name, when="in"):
        return self.seen.get((sid, name, when))

    # The instrumented code asks these about its conditions.
    def branch(self, sid, test):
        if isinstance(test, jax.core.Tracer):
            self.traced_ifs.add(sid)
            return "both"
        return "then" if test else "else"

    def enter(self, sid):
        self.entries[sid] = 2

    def raising(self, sid, choices, whiles):
        """Whether a `raise` runs: not where the probe runs a branch (or loop
        body) only because its condition was traced."""
        return all(c != "both" for c in choices) and \
            not any(w in self.traced_whiles for w in whiles)

    @staticmethod
    def user_raised(exc):
        """The user's own exception, marked so that it reaches the user as it is."""
        if isinstance(exc, type) and issubclass(exc, BaseException):
            exc = exc()
        if isinstance(exc, BaseException):
            exc.__s2s_user_raise__ = True
        return exc

    @staticmethod
    def logical(op, *values):
        """`a and b` / `a or b`: element-wise once a value is traced."""
        if any(isinstance(v, jax.core.Tracer) for v in values):
            combine = jax.numpy.logical_and if op == "and" else jax.numpy.logical_or
            out = values[0]
            for v in values[1:]:
                out = combine(out, v)
            return out
        out = values[0]
        for v in values[1:]:
            out = (out and v) if op == "and" else (out or v)
        return out

    @staticmethod
    def placeholder(choice, current):
        """`t = None` under an `if` whose branches both run: the value the other
        branch gave `t`, if it has run."""
        return current if choice == "both" else None

    def list_append(self, choice, name, items, entry):
        """`items = list_append(items, entry)` under an `if`. Where both branches
        run, a None in a tuple entry is a tape's slot for a value only the other
        branch saves (reverse mode's `tape.append((lt, None))` on the path that
        breaks): it gets that value from the other branch's entry, appended
        before or after, so that the pullback, which runs both branches of the
        same test on that entry, sees a value there."""
        if choice != "both":
            return items + [entry]
        known = self.tape_values.setdefault(name, {})
        for i, v in enumerate(_slots(entry)):
            if v is not None:
                known[i] = v
        out = []
        for e in list(items) + [entry]:
            if e is entry or id(e) in self.holes:
                self.holes.pop(id(e), None)
                e = _fill(e, known)
                if any(v is None for v in _slots(e)):
                    self.holes[id(e)] = e   # (kept alive: its id stays its own)
            out.append(e)
        return out

    @staticmethod
    def logical_not(value):
        """`not a`: element-wise once the value is traced."""
        if isinstance(value, jax.core.Tracer):
            return jax.numpy.logical_not(value)
        return not value

    def keep_going(self, sid, test):
        if isinstance(test, jax.core.Tracer):
            self.traced_whiles.add(sid)
            self.entries[sid] -= 1
            return self.entries[sid] >= 0
        return bool(test)


class Recorder:
    """The object instrumented code calls: the record of the run in progress,
    and a way to run other functions' probes."""

    def __init__(self, probe_of):
        self.stack = []
        self.probe_of = probe_of   # python function -> its probe function

    def __getattr__(self, name):   # see / branch / enter / keep_going
        return getattr(self.stack[-1], name)

    def call(self, fn, *args, **kwargs):
        """A user function called from probed code runs its own probe."""
        if getattr(type(fn), "__s2s_shape_specialized__", False):
            fn = fn.function_for(args)   # vmap(g): the batched code for these shapes
        probe = self.probe_of(fn)
        import inspect
        bound = inspect.signature(frontend.python_function(fn)).bind(*args, **kwargs)
        bound.apply_defaults()   # the probe's def carries no defaults
        args, kwargs = bound.args, bound.kwargs
        self.stack.append(Record())
        try:
            return probe(*args, **kwargs)
        finally:
            self.stack.pop()


RECORDER = Recorder(probe_of=None)   # s2s/vectorize.py gives it the way to callees' probes


def run(tree, ctx):
    """The probe stage: run an instrumented copy of the (numbered) function on
    one example's shapes (ctx.options.signature); what it saw goes to
    ctx.facts["record"] for the batch pass. The tree is unchanged."""
    probe_fn = compile_probe(tree, ctx)
    signature = ctx.options.signature
    try:
        ctx.facts["record"] = record = trace(probe_fn, RECORDER, signature)
    except S2SError:
        raise
    except RecursionError as e:
        raise S2SError(f"s2s cannot batch {ctx.describe(ctx.fn)}: it calls itself on a "
                       "condition that differs between examples", *_failed_at(e, ctx, tree),
                       hint="write the recursion as a while loop") from None
    except Exception as e:   # the user's code failed on one example's shapes
        if getattr(e, "__s2s_user_raise__", False):   # the user's own `raise`
            del e.__s2s_user_raise__
            raise
        raise S2SError(f"s2s could not trace {ctx.describe(ctx.fn)} on arguments of shapes "
                       f"({', '.join(_describe_signature(signature))}): "
                       f"{type(e).__name__}: {user_message(e)}", *_failed_at(e, ctx, tree),
                       hint="s2s runs the function once on these shapes to specialize its "
                            "code (as jax.jit does), and this line fails on them; under "
                            "s2s.vmap they are one example's shapes: check that in_axes puts "
                            "the batch axis where you expect") from None
    ctx.facts["output"] = record.output
    return tree


def compile_probe(tree, ctx):
    """The instrumented copy of `tree`, compiled: it calls RECORDER."""
    probe_tree = instrument(tree, ctx.ns, ctx.namer)
    cells = dict(ctx.cells)
    cells[PROBE] = backend.cell(RECORDER)
    for name, c in ctx.ns.cells.items():
        cells.setdefault(name, c)
    text = backend.to_source(probe_tree, ctx.filename)
    return backend.compile_function(text, probe_tree.name, ctx.ns.globals, cells)


def _failed_at(e, ctx, tree):
    """(filename, lineno, col) of the user's statement that was running when
    the probe failed (the source map turns the generated line into it)."""
    where = errors.generated_frame(e.__traceback__)
    if where is None:
        return ctx.filename, getattr(tree, "lineno", None), getattr(tree, "col_offset", None)
    return where[0], where[1], None


def _describe_signature(signature):
    out = []
    for s in signature:
        if s.kind == "array":
            out.append(f"{np.dtype(s.dtype).name}{list(s.shape)}")
        elif s.kind == "value":
            out.append(repr(s.value))
        else:
            out.append(s.kind)
    return out


def trace(probe_fn, recorder, signature):
    """Run a probe function on one example's shapes; return its Record."""
    args = [abstract(s) for s in signature]
    leaves, treedef = jax.tree_util.tree_flatten(
        args, is_leaf=lambda a: isinstance(a, jax.ShapeDtypeStruct))
    arrays = [i for i, leaf in enumerate(leaves) if isinstance(leaf, jax.ShapeDtypeStruct)]
    record = Record()

    def traced(*array_leaves):
        full = list(leaves)
        for i, a in zip(arrays, array_leaves):
            full[i] = a
        return probe_fn(*jax.tree_util.tree_unflatten(treedef, full))

    recorder.stack.append(record)
    try:
        out = jax.eval_shape(traced, *[leaves[i] for i in arrays])
    finally:
        recorder.stack.pop()
    record.output = out
    return record


# -- instrumenting the function ------------------------------------------------------------

def number(fn, ctx):
    """Give every statement of `fn` an id the probe and the batch pass share."""
    def visit(stmts, count):
        for s in stmts:
            s.s2s_id = count
            count += 1
            for field in ("body", "orelse"):
                count = visit(getattr(s, field, []) or [], count)
        return count
    visit(fn.body, 0)
    return fn


def instrument(fn, ns, namer):
    """A copy of the (numbered) function that records what each statement sees."""
    fn = copy.deepcopy(fn)
    names = local_names(fn) | {a.id for a in fn.args.args}
    fn.body = _Instrument(ns, names, namer).block(fn.body)
    fn.name = fn.name + SUFFIX   # (not the function's own name: its code may call that)
    return fn


SUFFIX = "_probe"


def user_message(e):
    """`e`'s message with probe names (`f_probe() missing ...`) as the user's."""
    return re.sub(r"\b(\w+)" + SUFFIX + r"\(\)", r"\1()", str(e))


class _Instrument:
    def __init__(self, ns, names, namer):
        self.ns, self.names, self.namer = ns, names, namer
        self.choices, self.whiles = [], []   # around the statement: `if` choices, `while` ids

    def block(self, stmts):
        out = []
        for s in stmts:
            out.extend(self.stmt(s))
        return out or [gast.Pass()]

    def stmt(self, s):
        sid = s.s2s_id
        self.calls(s)
        if isinstance(s, gast.If):
            choice = self.namer.fresh("branch")
            ask = _assign(choice, _probe_call("branch", [gast.Constant(sid, None), s.test]))
            self.choices.append(choice)
            then = gast.If(test=gast.Compare(left=load(choice), ops=[gast.NotEq()],
                                             comparators=[gast.Constant("else", None)]),
                           body=self.block(s.body), orelse=[])
            other = gast.If(test=gast.Compare(left=load(choice), ops=[gast.NotEq()],
                                              comparators=[gast.Constant("then", None)]),
                            body=self.block(s.orelse), orelse=[])
            self.choices.pop()
            if _breaks_out(s.body) and not _breaks_out(s.orelse):
                # both branches run: the one that leaves the loop runs last, or the
                # other would never be seen (and would be pruned as unreachable)
                then, other = other, then
            return [self.see(sid, "in", s.test), ask, then, other]
        if isinstance(s, gast.While):
            enter = gast.Expr(value=_probe_call("enter", [gast.Constant(sid, None)]))
            test = copy.deepcopy(s.test)
            s.test = _probe_call("keep_going", [gast.Constant(sid, None), s.test])
            self.whiles.append(sid)
            s.body = self.block(s.body)
            self.whiles.pop()
            return [self.see(sid, "in", test), enter, s]
        if isinstance(s, gast.Raise) and s.exc is not None:
            # The user's exception, where the user's code decides to raise it.
            s.exc = _probe_call("user_raised", [s.exc])
            ask = _probe_call("raising", [
                gast.Constant(sid, None),
                gast.List(elts=[load(c) for c in self.choices], ctx=gast.Load()),
                gast.List(elts=[gast.Constant(w, None) for w in self.whiles], ctx=gast.Load())])
            return [gast.copy_location(gast.If(test=ask, body=[s], orelse=[]), s)]
        if isinstance(s, gast.For):
            s.body = [self.see(sid, "in", s.iter), self.see(sid, "out", s.target, stores=True)] \
                + self.block(s.body)
            return [s]
        if isinstance(s, gast.Assign):
            if self.choices and isinstance(s.targets[0], gast.Name) \
                    and isinstance(s.value, gast.Constant) and s.value.value is None:
                # `t = None` in one branch (a tape's slot for a value the other branch
                # computes): where both branches run, the other's value is the one to see
                s.value = _probe_call("placeholder", [load(self.choices[-1]), gast.Call(
                    func=gast.Attribute(value=gast.Call(func=load("locals"), args=[],
                                                        keywords=[]),
                                        attr="get", ctx=gast.Load()),
                    args=[gast.Constant(s.targets[0].id, None)], keywords=[])])
            if self.choices and is_list_append(s.value) and isinstance(s.targets[0], gast.Name):
                # Record.list_append fills a tape's None slots where both branches run
                s.value = _probe_call("list_append", [load(self.choices[-1]), gast.Constant(
                    s.targets[0].id, None)] + s.value.args)
            return [self.see(sid, "in", s.value), s, self.see(sid, "out", s.targets[0], stores=True)]
        if isinstance(s, (gast.Expr, gast.Return)):
            return [self.see(sid, "in", s.value), s] if s.value is not None else [s]
        return [s]

    def see(self, sid, when, node, stores=False):
        ctx = gast.Store if stores else gast.Load
        names = sorted({n.id for n in gast.walk(node) if isinstance(n, gast.Name)
                        and isinstance(n.ctx, ctx) and n.id in self.names})
        values = gast.Dict(keys=[gast.Constant(n, None) for n in names],
                           values=[load(n) for n in names])
        return gast.Expr(value=_probe_call("see", [gast.Constant(sid, None),
                                                   gast.Constant(when, None), values]))

    def calls(self, s):
        """`g(a)` of a module-level function runs g's probe: `__s2s_probe__.call(g, a)`;
        `a and b` and `not a` on traced values are element-wise."""
        for node in _own_expressions(s):
            if isinstance(node, gast.BoolOp):
                op = "and" if isinstance(node.op, gast.And) else "or"
                call = _probe_call("logical", [gast.Constant(op, None)] + node.values)
                node.__class__ = gast.Call   # replace in place: its parent keeps the node
                node.func, node.args, node.keywords = call.func, call.args, call.keywords
                del node.op, node.values
                continue
            if isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.Not):
                call = _probe_call("logical_not", [node.operand])
                node.__class__ = gast.Call
                node.func, node.args, node.keywords = call.func, call.args, call.keywords
                del node.op, node.operand
                continue
            if isinstance(node, gast.Call):
                c = callee(node, self.ns, self.names)
                if c.kind == "user" and is_s2s_api(c.obj):
                    continue   # s2s.jvp and friends run as they are (they trace fine)
                if c.kind == "user":
                    node.args = [node.func] + node.args
                    node.func = gast.Attribute(value=load(PROBE), attr="call", ctx=gast.Load())


def _own_expressions(s):
    """Expression nodes of statement `s` itself (not of the statements it holds)."""
    stack = [v for f, v in gast.iter_fields(s) if f not in ("body", "orelse")]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, gast.AST) and not isinstance(v, gast.stmt):
            yield v
            stack.extend(gast.iter_child_nodes(v))


def _probe_call(method, args):
    return gast.Call(func=gast.Attribute(value=load(PROBE), attr=method, ctx=gast.Load()),
                     args=args, keywords=[])


def _assign(name, value):
    return gast.Assign(targets=[store(name)], value=value, type_comment=None)


def _breaks_out(stmts):
    """Does this block leave its loop (`break`, `continue`), outside inner loops?"""
    for s in stmts:
        if isinstance(s, (gast.Break, gast.Continue)):
            return True
        if isinstance(s, gast.If) and (_breaks_out(s.body) or _breaks_out(s.orelse)):
            return True
    return False
