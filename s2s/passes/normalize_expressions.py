"""Normalize's expressions: each reduced to one operation on atoms (names and
constants), the operations it takes emitted before it as assignments to
temporaries named after them (`exp`, `add`, `x_i`); `a if c else b` and
short-circuit `and`/`or` become `if` statements, lambdas nested `def`s,
`xs + ys` on lists `list_concat(xs, ys)`. A mixin of the normalizer
(s2s/passes/normalize.py). Which names hold a Python list or dict
(`container_names`) is decided here too: `xs + ys` needs it."""
import gast

from .. import anno
from ..anno import Key
from ..nodes import walk
from ..template import load, store
from .scopes import own_nodes

BINOP_NAMES = {
    gast.Add: "add", gast.Sub: "sub", gast.Mult: "mul", gast.Div: "div",
    gast.FloorDiv: "floordiv", gast.Mod: "mod", gast.Pow: "pow", gast.MatMult: "matmul",
    gast.BitAnd: "and_", gast.BitOr: "or_", gast.BitXor: "xor", gast.LShift: "lshift",
    gast.RShift: "rshift",
}
UNARY_NAMES = {gast.USub: "neg", gast.UAdd: "pos", gast.Not: "not_", gast.Invert: "invert"}
COMPARE_NAMES = {
    gast.Eq: "eq", gast.NotEq: "ne", gast.Lt: "lt", gast.LtE: "le", gast.Gt: "gt",
    gast.GtE: "ge", gast.Is: "is_", gast.IsNot: "is_not", gast.In: "in_",
    gast.NotIn: "not_in",
}


def is_atom(node):
    return isinstance(node, (gast.Name, gast.Constant))


class Expressions:
    """The normalizer's expressions (a mixin: `self` is the normalizer)."""

    def atom(self, e, out, allow_tuple=False):
        """Reduce e to a name or constant, emitting what it takes into `out`."""
        if is_atom(e):
            return e
        if _negative_number(e):
            return gast.Constant(value=-e.operand.value, kind=None)
        if allow_tuple and isinstance(e, gast.Tuple):
            return gast.Tuple(elts=[self.atom(x, out, True) for x in e.elts], ctx=gast.Load())
        value = self.simple(e, out)
        if is_atom(value):
            return value
        name = self.namer.fresh(_hint(e))
        self.emit(out, gast.Assign(targets=[store(name)], value=value, type_comment=None))
        return load(name)

    def operand(self, e, out):
        """A call argument: an atom, or a tuple/list literal of operands."""
        if isinstance(e, (gast.Tuple, gast.List)):
            return type(e)(elts=[self.operand(x, out) for x in e.elts], ctx=gast.Load())
        return self.atom(e, out)

    def simple(self, e, out):
        """Reduce e to a single operation whose operands are atoms."""
        if is_atom(e):
            return e
        if _negative_number(e):
            return gast.Constant(value=-e.operand.value, kind=None)
        return getattr(self, "expr_" + type(e).__name__)(e, out)

    def expr_BinOp(self, e, out):
        if isinstance(e.op, gast.Add) and (self.is_list(e.left) or self.is_list(e.right) or (
                _tuple_valued(e.left, self.containers) and _tuple_valued(e.right, self.containers))):
            return gast.Call(func=load("list_concat"), args=[self.operand(e.left, out),
                                                            self.operand(e.right, out)],
                             keywords=[])
        if isinstance(e.op, gast.Mult) and (self.is_list(e.left) or self.is_list(e.right)):
            xs, n = (e.left, e.right) if self.is_list(e.left) else (e.right, e.left)
            return gast.Call(func=load("list_repeat"), args=[self.operand(xs, out),
                                                            self.atom(n, out)], keywords=[])
        return gast.BinOp(left=self.atom(e.left, out), op=e.op, right=self.atom(e.right, out))

    def is_list(self, e):
        return _list_valued(e, self.containers)

    def expr_UnaryOp(self, e, out):
        return gast.UnaryOp(op=e.op, operand=self.atom(e.operand, out))

    def expr_Compare(self, e, out):
        if len(e.ops) == 1:
            return gast.Compare(left=self.atom(e.left, out), ops=e.ops,
                                comparators=[self.atom(e.comparators[0], out)])
        # a < b < c  ->  a < b and b < c, with b evaluated once
        left = self.atom(e.left, out)
        parts = []
        for op, right in zip(e.ops, e.comparators):
            right = self.atom(right, out)
            parts.append(gast.Compare(left=left, ops=[op], comparators=[right]))
            left = right
        return self.expr_BoolOp(gast.BoolOp(op=gast.And(), values=parts), out)

    def expr_BoolOp(self, e, out):
        if all(_safe(v) for v in e.values) and not any(_tests_none(v) for v in e.values[:-1]):
            return gast.BoolOp(op=e.op, values=[self.atom(v, out) for v in e.values])
        # Short-circuit: the later operands run only when they decide the result.
        name = self.namer.fresh("and_" if isinstance(e.op, gast.And) else "or_")
        self.emit(out, gast.Assign(targets=[store(name)], value=self.simple(e.values[0], out),
                                   type_comment=None))
        inner = out
        for v in e.values[1:]:
            test = load(name) if isinstance(e.op, gast.And) else \
                gast.UnaryOp(op=gast.Not(), operand=load(name))
            body = []
            self.emit(body, gast.Assign(targets=[store(name)], value=self.simple(v, body),
                                        type_comment=None))
            self.emit(inner, gast.If(test=test, body=body, orelse=[]))
            inner = body
        return load(name)

    def expr_IfExp(self, e, out):
        name = self.namer.fresh("choice")
        test = self.atom(e.test, out)
        branches = []
        for value in (e.body, e.orelse):
            block = []
            self.emit(block, gast.Assign(targets=[store(name)], value=self.simple(value, block),
                                         type_comment=None))
            branches.append(block)
        self.emit(out, gast.If(test=test, body=branches[0], orelse=branches[1]))
        return load(name)

    def expr_Call(self, e, out):
        if anno.has(e, Key.LAX_KIND):
            return self.lax_call(e, out)
        if anno.get(e, Key.BUILTIN_SUM, False):
            return self.builtin_sum(e, out)
        func = e.func
        if isinstance(func, gast.Attribute) and isinstance(func.value, gast.Subscript):
            # x.at[i].set(v): the index is an operand too
            sub = func.value
            at = gast.Attribute(value=self.atom(sub.value.value, out), attr="at",
                                ctx=gast.Load())
            func = gast.Attribute(value=gast.Subscript(value=at, slice=self.index(sub.slice, out),
                                                       ctx=gast.Load()),
                                  attr=func.attr, ctx=gast.Load())
        elif isinstance(func, gast.Attribute) and not self.dotted(func):
            func = gast.Attribute(value=self.atom(func.value, out), attr=func.attr,
                                  ctx=gast.Load())
        # A user function's arguments are names (a tuple written at the call is
        # named first: its tangent and cotangent are a name's); a primitive's
        # may be lists of atoms (`jnp.stack([a, b])`), which its rules read.
        argument = self.atom if anno.get(e, Key.USER_CALL, False) else self.operand
        args = [argument(a, out) for a in e.args]
        keywords = [gast.keyword(arg=k.arg, value=argument(k.value, out)) for k in e.keywords]
        call = gast.Call(func=func, args=args, keywords=keywords)
        for key in (Key.METHOD, Key.SELF_TYPE,   # (`x.astype` as written, for messages;
                    Key.GENERATOR_ITEMS):        # the class of a method's `self`)
            if anno.has(e, key):
                anno.put(call, key, anno.get(e, key))
        return call

    def expr_Subscript(self, e, out):
        return gast.Subscript(value=self.atom(e.value, out), slice=self.index(e.slice, out),
                              ctx=gast.Load())

    def index(self, e, out):
        if isinstance(e, gast.Slice):
            return gast.Slice(**{k: None if getattr(e, k) is None else self.atom(getattr(e, k), out)
                                 for k in ("lower", "upper", "step")})
        if isinstance(e, gast.Tuple):
            return gast.Tuple(elts=[self.index(x, out) for x in e.elts], ctx=gast.Load())
        return self.atom(e, out)

    def expr_Attribute(self, e, out):
        if self.dotted(e):
            return e  # a module attribute such as jnp.pi
        return gast.Attribute(value=self.atom(e.value, out), attr=e.attr, ctx=gast.Load())

    def expr_Tuple(self, e, out):
        return gast.Tuple(elts=[self.operand(x, out) for x in e.elts], ctx=gast.Load())

    def expr_List(self, e, out):
        return gast.List(elts=[self.operand(x, out) for x in e.elts], ctx=gast.Load())

    def expr_Dict(self, e, out):
        if any(k is None for k in e.keys):
            raise self.source.error(e, "`**` in dict literals is not supported",
                                    "list the entries")
        return gast.Dict(keys=[self.atom(k, out) for k in e.keys],
                         values=[self.operand(v, out) for v in e.values])

    def expr_Lambda(self, e, out):
        fn = self.lambda_def(e, self.namer.fresh("lambda_"))
        self.stmt_FunctionDef(fn, out)
        return load(fn.name)

    def lambda_def(self, lam, name):
        ret = anno.copy_location(gast.Return(value=lam.body), lam)
        fn = gast.FunctionDef(name=name, args=lam.args, body=[ret], decorator_list=[],
                              returns=None, type_comment=None, type_params=[])
        return anno.copy_location(fn, lam)


def _negative_number(e):
    return (isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub)
            and isinstance(e.operand, gast.Constant)
            and type(e.operand.value) in (int, float))


def _safe(e):
    """Cheap to evaluate eagerly and cannot raise: no need to short-circuit."""
    if is_atom(e):
        return True
    if isinstance(e, gast.Compare):
        return _safe(e.left) and all(_safe(c) for c in e.comparators)
    if isinstance(e, gast.UnaryOp):
        return _safe(e.operand)
    if isinstance(e, gast.BoolOp):
        return all(_safe(v) for v in e.values)
    return False


def _tests_none(e):
    """`x is None`, `x is not None`: a guard, after which `x < 0` may raise."""
    return isinstance(e, gast.Compare) and any(
        isinstance(c, gast.Constant) and c.value is None for c in [e.left] + e.comparators)


def _hint(e):
    """A readable base name for the temporary holding e."""
    if isinstance(e, gast.BinOp):
        return BINOP_NAMES.get(type(e.op), "t")
    if isinstance(e, gast.UnaryOp):
        return UNARY_NAMES.get(type(e.op), "t")
    if isinstance(e, gast.Compare):
        return COMPARE_NAMES.get(type(e.ops[0]), "cmp")
    if isinstance(e, gast.BoolOp):
        return "and_" if isinstance(e.op, gast.And) else "or_"
    if isinstance(e, gast.Call):
        f = e.func
        if isinstance(f, gast.Attribute):
            at = isinstance(f.value, gast.Subscript) and isinstance(f.value.value, gast.Attribute) \
                and f.value.value.attr == "at"
            return "updated" if at or f.attr in ("set", "add") else f.attr
        if isinstance(f, gast.Name) and f.id == "field" and len(e.args) == 2 \
                and isinstance(e.args[0], gast.Name) and isinstance(e.args[1], gast.Constant):
            return f"{e.args[0].id}_{e.args[1].value}"   # layer.w -> layer_w
        if isinstance(f, gast.Name):
            return f.id
    if isinstance(e, gast.Subscript) and isinstance(e.value, gast.Name):
        index = e.slice
        if isinstance(index, gast.Constant) and isinstance(index.value, int) and index.value >= 0:
            return f"{e.value.id}_{index.value}"
        if isinstance(index, gast.Name):
            return f"{e.value.id}_{index.id}"
        if isinstance(index, gast.Constant) and isinstance(index.value, str) \
                and index.value.isidentifier():
            return f"{e.value.id}_{index.value}"   # params["w"] -> params_w
        return f"{e.value.id}_slice"
    if isinstance(e, gast.Attribute):
        base = e.value.id if isinstance(e.value, gast.Name) else "t"
        return f"{base}_{e.attr}"
    if isinstance(e, gast.IfExp):
        return "choice"
    if isinstance(e, (gast.Tuple, gast.List)):
        return "items"
    if isinstance(e, gast.Dict):
        return "entries"
    return "t"


def container_names(fn):
    """{name: "list", "tuple" or "dict"} for the names of fn's own body that
    every assignment binds to a new Python list (tuple, dict): a display, `[v] * n`,
    `xs + ys`, `dict(...)`, or another such name. Parameters, loop targets and
    unpacked names are not known."""
    values = {}
    unknown = set(a.id for a in fn.args.args)
    for node in own_nodes(fn):
        if isinstance(node, gast.Assign):
            for t in node.targets:
                if isinstance(t, gast.Name):
                    values.setdefault(t.id, []).append(node.value)
                else:
                    unknown |= {n.id for n in walk(t) if isinstance(n, gast.Name)
                                and isinstance(n.ctx, gast.Store)}
        elif isinstance(node, gast.AnnAssign) and isinstance(node.target, gast.Name):
            values.setdefault(node.target.id, []).append(node.value)
        elif isinstance(node, gast.AugAssign) and isinstance(node.target, gast.Name):
            values.setdefault(node.target.id, []).append(
                gast.BinOp(left=node.target, op=node.op, right=node.value))
        elif isinstance(node, gast.For):
            unknown |= {n.id for n in walk(node.target) if isinstance(n, gast.Name)}
        elif isinstance(node, gast.FunctionDef):
            unknown.add(node.name)
    kinds = {}
    changed = True
    while changed:
        changed = False
        for name, vs in values.items():
            if name in unknown or name in kinds:
                continue
            found = {_container_kind(v, kinds) for v in vs}
            if len(found) == 1 and None not in found:
                kinds[name] = found.pop()
                changed = True
    return kinds


def _container_kind(e, kinds):
    if e is None:
        return None
    if _list_valued(e, kinds):
        return "list"
    if _tuple_valued(e, kinds):
        return "tuple"
    if isinstance(e, gast.Dict):
        return "dict"
    if isinstance(e, gast.Name):
        return kinds.get(e.id)
    if isinstance(e, gast.Call) and isinstance(e.func, gast.Name) and e.func.id == "dict" \
            and "dict" not in kinds:
        return "dict"
    return None


def _tuple_valued(e, kinds):
    """Is e certainly a Python tuple (a display, a known tuple name, `+` of two)?
    (`x + (1.0, 2.0)` with x an array adds elementwise: both sides must be.)"""
    if isinstance(e, gast.Tuple):
        return True
    if isinstance(e, gast.Name):
        return kinds.get(e.id) == "tuple"
    return isinstance(e, gast.BinOp) and isinstance(e.op, gast.Add) and \
        _tuple_valued(e.left, kinds) and _tuple_valued(e.right, kinds)


def _list_valued(e, kinds):
    """Is e certainly a Python list (a display, a known list name, or `+`/`*` of one)?"""
    if isinstance(e, gast.List):
        return True
    if isinstance(e, gast.Name):
        return kinds.get(e.id) == "list"
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Add):
        return _list_valued(e.left, kinds) or _list_valued(e.right, kinds)
    if isinstance(e, gast.BinOp) and isinstance(e.op, gast.Mult):
        return isinstance(e.left, gast.List) or isinstance(e.right, gast.List) \
            or _list_valued(e.left, kinds) or _list_valued(e.right, kinds)
    return False
