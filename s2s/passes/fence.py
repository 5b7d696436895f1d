"""Fence: reject, with the user's file:line:col, anything s2s does not rewrite.

SUPPORTED is the one table of node types the later passes understand; every
other node is refused here with a message naming the construct and what to
write instead. No later pass ever sees an unknown node.
"""
import copy
import linecache

import gast

from ..nodes import blocks_rewritten, children
from .. import anno

SUPPORTED = {
    # statements
    gast.FunctionDef, gast.Return, gast.Assign, gast.AugAssign, gast.AnnAssign,
    gast.If, gast.For, gast.While, gast.Break, gast.Continue, gast.Pass, gast.Expr,
    gast.Assert, gast.Raise,
    # expressions
    gast.BinOp, gast.UnaryOp, gast.BoolOp, gast.Compare, gast.Call, gast.IfExp,
    gast.Lambda, gast.Attribute, gast.Subscript, gast.Slice, gast.Name,
    gast.Constant, gast.Tuple, gast.List, gast.Dict,
    # (normalize writes these out as the loops they stand for)
    gast.ListComp, gast.DictComp, gast.GeneratorExp, gast.comprehension,
    # contexts, operators and helper nodes
    gast.Load, gast.Store, gast.Param, gast.arguments, gast.keyword,
    gast.Add, gast.Sub, gast.Mult, gast.Div, gast.FloorDiv, gast.Mod, gast.Pow,
    gast.MatMult, gast.USub, gast.UAdd, gast.Not, gast.And, gast.Or,
    gast.BitAnd, gast.BitOr, gast.BitXor, gast.Invert, gast.LShift, gast.RShift,
    gast.Eq, gast.NotEq, gast.Lt, gast.LtE, gast.Gt, gast.GtE, gast.Is, gast.IsNot,
    gast.In, gast.NotIn,
}

LOOP_HINT = "write it as a `for` loop that builds a list, or use jnp array operations"

UNSUPPORTED = {
    gast.Try: ("`try` statements are not supported",
               "move the try/except outside the function you transform"),
    gast.With: ("`with` statements are not supported",
                "move the `with` block outside the function you transform"),
    gast.Yield: ("generators (`yield`) are not supported", "return a list or an array"),
    gast.YieldFrom: ("generators (`yield from`) are not supported", "return a list or an array"),
    gast.Await: ("`await` is not supported", "transform a plain (non-async) function"),
    gast.AsyncFunctionDef: ("async functions are not supported", "use a plain `def`"),
    gast.AsyncFor: ("`async for` is not supported", "use a plain `for` loop"),
    gast.AsyncWith: ("`async with` is not supported", "move it outside the function"),
    gast.ClassDef: ("class definitions inside a transformed function are not supported",
                    "define the class at module level"),
    gast.Global: ("`global` statements are not supported",
                  "pass the value in as an argument and return the new value"),
    gast.Nonlocal: ("`nonlocal` statements are not supported",
                    "pass the value in as an argument and return the new value"),
    gast.Delete: ("`del` is not supported", "leave the name bound, or rebind it"),
    gast.Import: ("`import` inside a transformed function is not supported",
                  "import at module level"),
    gast.ImportFrom: ("`from ... import` inside a transformed function is not supported",
                      "import at module level"),
    gast.SetComp: ("set comprehensions are not supported", LOOP_HINT),
    gast.Starred: ("star-arguments (`*args`) are supported only of a literal tuple or list "
                   "the function assigns once and reads only by `*` or index",
                   "pass the arguments one by one, or pass a tuple"),
    gast.NamedExpr: ("s2s takes an assignment expression (`:=`) only where it always runs, "
                     "before any read of its name in the statement (not under `and`/`or`, in "
                     "`a if c else b`, a later link of a comparison chain, a comprehension or "
                     "a `while` test)", "assign on its own line first"),
    gast.Match: ("`match` statements are not supported", "use `if`/`elif`/`else`"),
    gast.JoinedStr: ("f-strings are not supported inside transformed functions",
                     "build messages outside the function"),
    gast.Set: ("set literals are not supported", "use a tuple or a list"),
}


# What makes an async function async; reported where it is written.
ASYNC_INSIDE = (gast.Await, gast.AsyncFor, gast.AsyncWith)


def run(tree, ctx):
    """The fence stage: first what the code shows spelled out (closures a
    factory of the module makes, annotation scopes, attribute stores, `:=`,
    an `if` on constants decided, `*` of a written tuple, zip of written
    tuples unpacked, partials made in the function), then unsupported
    constructs and lists and dicts mutated while another name holds them
    (s2s/passes/aliasing.py), refused."""
    from . import aliasing, factory_calls, partial_calls
    factory_calls.put_in_line(tree, ctx.ns, ctx.fn)
    _drop_annotation_scopes(tree, ctx.ns)
    _attribute_stores_as_setattr(tree, ctx.fn)
    _assignment_expressions_hoisted(tree)
    _constant_tests_decided(tree)
    partial_calls.stars_spelled(tree)
    partial_calls.zips_unpacked(tree, ctx.ns)
    partial_calls.put_in_line(tree, ctx.ns)
    return aliasing.run(check(tree, ctx.source), ctx)


CONSTANT_TEST_NODES = (gast.Constant, gast.BinOp, gast.UnaryOp, gast.BoolOp, gast.Compare,
                       gast.operator, gast.unaryop, gast.boolop, gast.cmpop, gast.Load)
JUMPS = (gast.Break, gast.Continue, gast.Return, gast.Raise)


def _constant_tests_decided(node):
    """`if 1.5 > 0.0:` (a test of constants only) -> the branch it takes, and
    the statements after a `break`, `continue`, `return` or `raise` in the
    same block (which never run) dropped: no mode traces a line that cannot
    run, nor asks one example for its shapes."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if not isinstance(block, list):
            continue
        out = []
        for s in block:
            taken = _decided(s)
            for t in ([s] if taken is None else taken):
                _constant_tests_decided(t)
                out.append(t)
            if out and isinstance(out[-1], JUMPS):
                break
        if not out and field == "body" and block:   # (`if False:` was all there was)
            out = [anno.copy_location(gast.Pass(), block[0])]
        setattr(node, field, out)


def _decided(s):
    """The branch an `if` on constants takes (its statements), else None."""
    if not isinstance(s, gast.If) or \
            not all(isinstance(n, CONSTANT_TEST_NODES) for n in gast.walk(s.test)):
        return None
    try:
        taken = bool(eval(compile(gast.gast_to_ast(gast.Expression(body=s.test)), "<test>",
                                  "eval"), {"__builtins__": {}}))
    except Exception:   # (1 / 0: left for Python to raise where it runs)
        return None
    return s.body if taken else s.orelse


def _attribute_stores_as_setattr(tree, fn):
    """`self.nfev += 1`, `model.last = v` -> `setattr(self, "nfev", self.nfev + 1)`:
    a side effect on an object, run once per call as under JAX (the value is
    not differentiated through the object). Objects are a method's `self` and
    names the function neither takes nor binds (its module's, its closure's);
    an attribute set on another parameter (an array) stays refused."""
    from .scopes import local_names, params
    names = params(tree)
    parts = getattr(fn, "__qualname__", "").split(".")
    objects = {names[0]} if names and len(parts) > 1 and parts[-2] != "<locals>" else set()
    bound = local_names(tree) - objects
    blocks_rewritten(_walk(tree), lambda s: [_as_setattr(s, bound) or s])


# The expression a statement evaluates first, before anything else it does.
_FIRST_EVALUATED = {gast.If: "test", gast.Expr: "value", gast.Return: "value",
                    gast.Assign: "value", gast.AugAssign: "value", gast.For: "iter",
                    gast.Assert: "test"}


def _assignment_expressions_hoisted(tree):
    """`if 0 <= (axis := f(axis)) < n:` -> `axis = f(axis)` then `if 0 <= axis < n:`,
    for an assignment expression that always runs, first among what reads its
    name. One under `and`/`or`, in a branch of `a if c else b`, a later link
    of a comparison chain, a comprehension or a `while` test stays refused."""
    blocks_rewritten(_walk(tree), _hoisted)


def _hoisted(s):
    field = _FIRST_EVALUATED.get(type(s))
    expr = getattr(s, field, None) if field else None
    if expr is None:
        return [s]
    before = []
    for named in list(_always_run(expr)):
        target = named.target.id
        if any(isinstance(n, gast.Name) and n.id == target and _position(n) < _position(named)
               for n in _walk(expr)):
            continue   # (read before it runs: the old value there)
        assign = gast.Assign(targets=[gast.Name(id=target, ctx=gast.Store(), annotation=None,
                                                type_comment=None)],
                             value=named.value, type_comment=None)
        before.append(_locate(assign, named))
        read = _locate(gast.Name(id=target, ctx=gast.Load(), annotation=None,
                                 type_comment=None), named)
        _replace(expr, named, read)
        if expr is named:
            setattr(s, field, read)
    return before + [s]


def _always_run(node):
    """The assignment expressions in `node` that run whenever it does."""
    if isinstance(node, gast.NamedExpr):
        if isinstance(node.target, gast.Name) and not any(
                isinstance(n, gast.NamedExpr) for n in _walk(node.value)):
            yield node
        return
    if isinstance(node, (gast.Lambda, gast.ListComp, gast.DictComp, gast.SetComp,
                         gast.GeneratorExp)):
        return
    if isinstance(node, gast.BoolOp):
        yield from _always_run(node.values[0])
    elif isinstance(node, gast.IfExp):
        yield from _always_run(node.test)
    elif isinstance(node, gast.Compare):
        yield from _always_run(node.left)
        yield from _always_run(node.comparators[0])
    else:
        for child in gast.iter_child_nodes(node):
            yield from _always_run(child)


def _position(node):
    return (getattr(node, "lineno", 0) or 0, getattr(node, "col_offset", 0) or 0)


def _replace(expr, old, new):
    for node in _walk(expr):
        for field, value in gast.iter_fields(node):
            if value is old:
                setattr(node, field, new)
            elif isinstance(value, list):
                setattr(node, field, [new if v is old else v for v in value])


def _locate(node, like):
    for n in _walk(node):
        if getattr(n, "lineno", None) is None:
            anno.copy_location(n, like)
            n.end_lineno, n.end_col_offset = like.end_lineno, like.end_col_offset
    return node


def _as_setattr(s, bound):
    target = s.targets[0] if isinstance(s, gast.Assign) and len(s.targets) == 1 else \
        getattr(s, "target", None) if isinstance(s, gast.AugAssign) else None
    if not (isinstance(target, gast.Attribute) and isinstance(target.value, gast.Name)) \
            or target.value.id in bound:
        return None
    value = s.value
    if isinstance(s, gast.AugAssign):
        read = gast.Attribute(value=copy.deepcopy(target.value), attr=target.attr,
                              ctx=gast.Load())
        value = gast.BinOp(left=read, op=s.op, right=s.value)
    call = gast.Call(func=gast.Name(id="setattr", ctx=gast.Load(), annotation=None,
                                    type_comment=None),
                     args=[gast.Name(id=target.value.id, ctx=gast.Load(), annotation=None,
                                     type_comment=None),
                           gast.Constant(value=target.attr, kind=None), value],
                     keywords=[])
    return _locate(gast.Expr(value=call), s)


def _annotation_scopes():
    """Context managers that only name or time what runs inside them: their
    `with` block is its body (as under JAX's transformations)."""
    import contextlib

    import jax
    return (jax.named_scope, jax.profiler.TraceAnnotation, jax.profiler.StepTraceAnnotation,
            contextlib.nullcontext)


def _drop_annotation_scopes(tree, ns):
    """`with jax.named_scope("layer"): body` -> body."""
    from .resolve_values import _static_value
    scopes = _annotation_scopes()

    def body_if_scope(s):
        if isinstance(s, gast.With) and all(
                i.optional_vars is None and isinstance(i.context_expr, gast.Call)
                and _is_one_of(i.context_expr.func, ns, scopes, _static_value)
                for i in s.items):
            return s.body
        return [s]
    # (inner blocks first: a scope in a scope)
    blocks_rewritten(reversed(list(_walk(tree))), body_if_scope)


def _is_one_of(func, ns, objs, static_value):
    try:
        obj = static_value(func, ns)
    except Exception:
        return False
    return any(obj is o for o in objs)


def check(tree, source):
    """Raise an S2SError at the first construct outside SUPPORTED, in source order."""
    _check_signature(tree, source, top=True)
    for node in _walk(tree):
        kind = type(node)
        if kind in SUPPORTED:
            if isinstance(node, (gast.FunctionDef, gast.Lambda)) and node is not tree:
                _check_signature(node, source, top=False)
            _check_use(node, source)
            continue
        if kind is gast.AsyncFunctionDef:
            node = next((n for n in _walk(node) if isinstance(n, ASYNC_INSIDE)), node)
            kind = type(node)
        if kind in UNSUPPORTED:
            message, hint = UNSUPPORTED[kind]
        else:
            message = f"`{kind.__name__}` is not supported by s2s"
            hint = "rewrite this part with plain assignments, if/for/while and jnp calls"
        raise source.error(_placed(node, tree), message, hint)
    return tree


def _placed(node, tree):
    """`node`, or for an operator (`^`: no place of its own) the expression it is in."""
    if getattr(node, "lineno", None) is not None:
        return node
    for parent in _walk(tree):
        if node in children(parent):
            return _placed(parent, tree) if parent is not tree else parent
    return node


def _walk(node):
    """Depth first, children in field order: the first construct written comes
    first (a name's Load or Store is not visited: nodes.children)."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, gast.Raise):
            continue   # runs only on the error path, as written (an f-string message)
        kids = children(node)
        if isinstance(node, gast.Assert):
            kids = [node.test]
        kids.reverse()
        stack.extend(kids)


def _check_use(node, source):
    """Supported node types used in a way s2s does not rewrite."""
    if isinstance(node, gast.Attribute) and isinstance(node.ctx, gast.Store):
        raise source.error(node, f"assignment to an attribute (`.{node.attr} = ...`) is "
                                 f"not supported",
                           "arrays are immutable: compute the new value and assign it "
                           "to a plain name")
    if isinstance(node, (gast.For, gast.While)) and node.orelse:
        raise source.error(_else_line(node, source), "`else` on a loop is not supported",
                           "use a flag variable set before `break`")


class _Where:
    def __init__(self, lineno, col_offset):
        self.lineno, self.col_offset = lineno, col_offset


def _else_line(loop, source):
    """Where the loop's `else:` is written (the tree only locates its body)."""
    first = loop.orelse[0]
    end = getattr(loop.body[-1], "end_lineno", None) or loop.lineno
    for line in range(first.lineno, end - 1, -1):
        text = linecache.getline(source.filename or "", line)
        stripped = text.lstrip()
        if stripped.startswith("else") and stripped[4:].lstrip().startswith(":"):
            return _Where(line, len(text) - len(stripped))
    return first


def _ordinary_parameters(fn, source, what):
    """`def f(a, /, x, *, scale=2.0)` -> `def f(a, x, scale=2.0)`: every call
    that binds the first binds the second the same way, and the passes know
    one kind of parameter."""
    args = fn.args
    defaults = list(args.defaults)
    if args.kwonlyargs:
        kw = list(zip(args.kwonlyargs, args.kw_defaults))
        has_default = [bool(defaults)] + [d is not None for _, d in kw]
        if any(a and not b for a, b in zip(has_default, has_default[1:])):
            raise source.error(fn, f"a keyword-only parameter without a default beside "
                                   f"parameters with defaults is not supported in {what}",
                               "give it a default, or make it an ordinary parameter")
        defaults += [d for _, d in kw if d is not None]
    args.args = list(args.posonlyargs) + list(args.args) + list(args.kwonlyargs)
    args.posonlyargs, args.kwonlyargs, args.kw_defaults, args.defaults = [], [], [], defaults


def _check_signature(fn, source, top):
    args = fn.args
    what = "a transformed function" if top else "a nested function"
    if args.vararg is not None or args.kwarg is not None:
        raise source.error(args.vararg or args.kwarg,
                           f"`*args`/`**kwargs` parameters are not supported in {what}",
                           "list the parameters explicitly")
    if args.kwonlyargs or args.posonlyargs:
        _ordinary_parameters(fn, source, what)
