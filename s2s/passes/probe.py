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
all the batch pass needs to see (it runs both branches too). What it records,
and the object the instrumented code calls, are in probe_record.py.
"""
import builtins
import copy
import re

import gast
import jax
import numpy as np

from .. import anno
from ..anno import Key
from .. import backend, errors
from ..errors import S2SError
from ..nodes import copy_tree, name_nodes, walk
from ..pipeline import is_s2s_api
from ..rules.batching import BATCH_SIZE
from ..template import load, store
from .probe_record import RECORDER, Record, abstract
from .probe_record import Info, describe  # noqa: F401  (read as probe.Info, probe.describe)
from .resolve import CallKind, callee
from .scopes import local_names
from .structure import is_list_append

PROBE = "__s2s_probe__"   # the name the instrumented code calls the recorder by


def run(tree, ctx):
    """The probe stage: run an instrumented copy of the (numbered) function on
    one example's shapes (ctx.options.signature); what it saw goes to
    ctx.facts["record"] for the batch pass. The tree is unchanged."""
    probe_fn = compile_probe(tree, ctx)
    signature = ctx.options.signature
    try:
        ctx.facts["record"] = record = trace(probe_fn, RECORDER, signature,
                                             *_named_axes(ctx.options))
    except S2SError as e:
        errors.note_origin(e)   # (one a runtime helper raised: at the user's line)
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


def shown(tree, ctx):
    """The probe's stage: the program, each statement followed by what the
    names it sets hold in one example (`# -> z: float32[3]`; the batch pass
    adds the batch axis)."""
    record = ctx.facts.get("record")
    if record is None:
        return backend.to_source(tree, ctx.filename)
    written = {}
    for (sid, name, when), info in record.seen.items():
        if when == "out" and not name.startswith("__s2s"):
            written.setdefault(sid, {})[name] = info
    annotated = copy.deepcopy(tree)
    for node in walk(annotated):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if not (isinstance(block, list) and block and isinstance(block[0], gast.stmt)):
                continue
            new = []
            for s in block:
                names = written.get(anno.get(s, Key.STATEMENT_ID))
                note = None
                if names:
                    text = ", ".join(f"{n}: {_short(i)}" for n, i in names.items())
                    note = gast.Expr(value=gast.Constant(
                        value=f"{backend.COMMENT_MARK}-> {text}", kind=None))
                compound = isinstance(s, (gast.If, gast.For, gast.While, gast.FunctionDef))
                new += [note, s] if note and compound else [s, note] if note else [s]
            setattr(node, field, new)
    return backend.to_source(annotated, ctx.filename)


def _short(info, depth=0):
    """An Info as a person reads it: float32[3, 4], 7, [float32[4], float32[]]."""
    if info.kind == "array":
        return f"{info.dtype}[{', '.join(str(d) for d in info.shape)}]"
    if info.kind == "value":
        text = repr(info.value)
        return text if len(text) <= 30 else text[:29] + "…"
    if info.kind == "tree" and depth < 2:
        parts = [_short(c, depth + 1) for c in info.children]
        if info.keys is not None:
            parts = [f"{k!r}: {p}" for k, p in zip(info.keys, parts)]
        inner = ", ".join(parts) if len(parts) <= 4 else ", ".join(parts[:4]) + ", …"
        opening, closing = {list: "[]", tuple: "()", dict: "{}"}.get(info.container, "()")
        return f"{opening}{inner}{closing}"
    return {"number": "a number that changes", "key": "a dict key that changes",
            "varying": "varies"}.get(info.kind, "…")


def compile_probe(tree, ctx):
    """The instrumented copy of `tree`, compiled: it calls RECORDER."""
    probe_tree = instrument(tree, ctx.ns, ctx.namer)
    cells = dict(ctx.cells)
    cells[PROBE] = backend.cell(RECORDER)
    for name, c in ctx.ns.cells.items():
        cells.setdefault(name, c)
    return backend.compile_tree(probe_tree, ctx.filename, ctx.ns.globals, cells)


def _failed_at(e, ctx, tree):
    """(filename, lineno, col) of the user's statement that was running when
    the probe failed (the source map turns the generated line into it)."""
    where = errors.generated_frame(e.__traceback__)
    if where is None:
        return ctx.filename, getattr(tree, "lineno", None), getattr(tree, "col_offset", None)
    return where[0], where[1], None


def _dtype_name(dtype):
    """`float32`; a typed key's `key<fry>`, which NumPy does not know."""
    try:
        return np.dtype(dtype).name
    except TypeError:
        return str(dtype)


def _describe_signature(signature):
    out = []
    for s in signature:
        if s.kind == "array":
            out.append(f"{_dtype_name(s.dtype)}{list(s.shape)}")
        elif s.kind == "value":
            out.append(repr(s.value))
        else:
            out.append(s.kind)
    return out


def _named_axes(options):
    """The (name, size) of each named axis the probe binds: the vmaps this one
    is built inside (a Jacobian's, in a named vmap), then its own."""
    named = tuple(getattr(options, "enclosing", ()))
    if getattr(options, "axis_name", None) is not None:
        named += ((options.axis_name, options.axis_size or 1),)
    return (named,)


def trace(probe_fn, recorder, signature, named=()):
    """Run a probe function on one example's shapes; return its Record. Under
    named axes ((name, size) of a vmap with an axis_name) it runs inside a
    jax.vmap of `size` copies of the example for each, which binds the name:
    `lax.psum(x, name)` has its axis and `lax.all_gather` its size."""
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
        with recorder.restoring_attributes():
            for name, size in reversed(named):
                traced = jax.vmap(traced, in_axes=None, axis_size=size, axis_name=name)
            out = jax.eval_shape(traced, *[leaves[i] for i in arrays])
            if named:
                out = jax.tree_util.tree_map(   # (one example's)
                    lambda a: jax.ShapeDtypeStruct(a.shape[len(named):], a.dtype), out)
    finally:
        recorder.stack.pop()
    record.output = out
    return record


# -- instrumenting the function ------------------------------------------------------------

def number(fn, ctx):
    """Give every statement of `fn` an id the probe and the batch pass share;
    free the name the batch pass gives the batch size (code batched again,
    the Jacobian of a Jacobian, has a `batch_size` of its own)."""
    own = [n for n in walk(fn) if isinstance(n, gast.Name) and n.id == BATCH_SIZE]
    if own:
        renamed = ctx.namer.fresh(BATCH_SIZE + "_inner")
        for n in own:
            n.id = renamed

    def visit(stmts, count):
        for s in stmts:
            anno.put(s, Key.STATEMENT_ID, count)
            count += 1
            for field in ("body", "orelse"):
                count = visit(getattr(s, field, []) or [], count)
        return count
    visit(fn.body, 0)
    return fn


def instrument(fn, ns, namer):
    """A copy of the (numbered) function that records what each statement sees."""
    fn = copy_tree(fn)
    names = local_names(fn) | {a.id for a in fn.args.args}
    fn.body = _Instrument(ns, names, namer).block(fn.body)
    fn.name = fn.name + SUFFIX   # (not the function's own name: its code may call that)
    return fn


SUFFIX = "_probe"


def user_message(e):
    """`e`'s message with probe names (`f_probe() missing ...`) as the user's,
    without JAX's line about where it traced (the probe's own jit, in s2s)."""
    text = re.sub(r"\b(\w+)" + SUFFIX + r"\(\)", r"\1()", str(e))
    return "\n".join(line for line in text.split("\n")
                     if not line.startswith("The error occurred while tracing the function"))


class _Instrument:
    def __init__(self, ns, names, namer):
        self.ns, self.names, self.namer = ns, names, namer
        self.choices, self.whiles = [], []   # around the statement: `if` choices, `while` ids

    def block(self, stmts):
        out = []
        for s in stmts:
            out.extend(self.stmt(s))
        return out or [gast.Pass()]

    def prints(self, s):
        """A `print(...)` or `setattr(...)` statement: an effect, not a value."""
        if not (isinstance(s, gast.Expr) and isinstance(s.value, gast.Call)
                and isinstance(s.value.func, gast.Name) and s.value.func.id not in self.names):
            return False
        try:
            return self.ns.lookup(s.value.func.id) in (print, setattr)
        except KeyError:
            return False

    def stmt(self, s):
        sid = anno.get(s, Key.STATEMENT_ID)
        if self.prints(s):   # the user's print (or `self.count += 1`) runs once per call,
            # as under JAX: not here; an attribute set is read back by the code after it
            # (`f.idx += n` as a counter), so it is set, and restored when the probe ends
            effect = [] if self.ns.lookup(s.value.func.id) is print else [gast.Expr(
                value=_probe_call("set_attribute", s.value.args))]
            return [self.see(sid, "in", s.value)] + effect
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
            return [anno.copy_location(gast.If(test=ask, body=[s], orelse=[]), s)]
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
        names = sorted({n.id for n in name_nodes(node)
                        if isinstance(n.ctx, ctx) and n.id in self.names})
        values = gast.Dict(keys=[gast.Constant(n, None) for n in names],
                           values=[load(n) for n in names])
        return gast.Expr(value=_probe_call("see", [gast.Constant(sid, None),
                                                   gast.Constant(when, None), values]))

    def calls(self, s):
        """`g(a)` of a module-level function runs g's probe: `__s2s_probe__.call(g, a)`;
        `a and b`, `not a` and Python's `max(a, b)` on traced values are element-wise."""
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
                if c.kind == CallKind.USER and is_s2s_api(c.obj):
                    continue   # s2s.jvp and friends run as they are (they trace fine)
                if c.kind == CallKind.USER:
                    node.args = [node.func] + node.args
                    node.func = gast.Attribute(value=load(PROBE), attr="call", ctx=gast.Load())
                elif c.kind == CallKind.PRIM and c.obj is not None \
                        and c.obj.fn in (builtins.max, builtins.min) \
                        and len(node.args) in (1, 2) and not node.keywords:
                    kind = "max" if c.obj.fn is builtins.max else "min"
                    node.args = [gast.Constant(kind, None)] + node.args
                    node.func = gast.Attribute(value=load(PROBE), attr="extremum",
                                               ctx=gast.Load())


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
