"""Walking and copying trees, the passes' inner loops.

`walk` is `ast.walk` without the expression contexts (the same nodes in the
same order, breadth first, a node's children gathered before it is handed
out, so code that edits the node it is given walks what ast.walk would; a
name's Load or Store is read from the name, never walked to), written out
without ast.iter_child_nodes' generators and reading only the fields that can
hold nodes: the passes walk every tree many times, and this walk costs half
of ast.walk's. `copy_tree` is `copy.deepcopy` for
the plain trees rule templates are, at a fraction of its cost; `dump_key`
stands for `gast.dump` where only equality matters; `to_ast` is
`gast.gast_to_ast`, which printing each generated function runs once."""
import ast
import copy
from collections import deque

import gast

from .anno import Key

_AST = ast.AST


def walk(node):
    todo = deque([node])
    popleft, append, fields = todo.popleft, todo.append, _NODE_FIELDS
    while todo:
        node = popleft()
        names = fields.get(node.__class__)
        if names is None:
            names = _node_fields(node.__class__)
        for name in names:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if isinstance(value, _AST):
                append(value)
            elif value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        append(item)
        yield node


def children(node):
    """`list(ast.iter_child_nodes(node))` without the expression contexts."""
    out = []
    names = _NODE_FIELDS.get(node.__class__)
    for name in names if names is not None else _node_fields(node.__class__):
        try:
            value = getattr(node, name)
        except AttributeError:
            continue
        if isinstance(value, _AST):
            out.append(value)
        elif value.__class__ is list:
            out.extend(item for item in value if isinstance(item, _AST))
    return out


def name_nodes(roots, stop=(), stopped=None):
    """The gast.Name nodes of `roots` (a node or a list of nodes) and all
    below them, in no set order: what `[n for n in walk(...) if isinstance(n,
    gast.Name)]` finds, for a third of the cost (depth first, a name's fields
    not read). A node whose class is in `stop` (FunctionDef, Lambda: another
    scope) is not entered but appended to `stopped`."""
    todo = list(roots) if roots.__class__ is list else [roots]
    pop, append, fields, out = todo.pop, todo.append, _NODE_FIELDS, []
    while todo:
        node = pop()
        cls = node.__class__
        if cls is _NAME:
            out.append(node)
            if node.annotation is not None:   # (a parameter's annotation)
                append(node.annotation)
            continue
        if cls in stop:
            stopped.append(node)
            continue
        names = fields.get(cls)
        if names is None:
            names = _node_fields(cls)
        for name in names:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if isinstance(value, _AST):
                append(value)
            elif value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        append(item)
    return out


_NAME = gast.Name


def statements_in(node):
    """The statements at or below `node` (those of nested functions too), in
    `walk`'s order: what `[n for n in walk(node) if isinstance(n, gast.stmt)]`
    finds, without visiting an expression (statements hold the only blocks)."""
    todo, out = deque([node]), []
    popleft, append, fields = todo.popleft, todo.append, _BLOCK_FIELDS
    while todo:
        node = popleft()
        if isinstance(node, _STMT):
            out.append(node)
        names = fields.get(node.__class__)
        if names is None:
            names = fields[node.__class__] = tuple(f for f in node._fields if f in BLOCK_FIELDS)
        for name in names:
            block = getattr(node, name, None)
            if block.__class__ is list:   # (a lambda's or an if-expression's body is not)
                for s in block:
                    append(s)
    return out


def blocks_rewritten(nodes, expand):
    """Each statement block (body, orelse, finalbody) of each of `nodes`, with
    every statement `s` replaced by the statements of the list `expand(s)`."""
    for node in nodes:
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if block.__class__ is list:   # (a lambda's or an if-expression's body is not)
                setattr(node, field, [t for s in block for t in expand(s)])


_STMT = gast.stmt
_BLOCK_FIELDS = {}
# The fields that hold statements (or the handlers and cases that hold them)
BLOCK_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")


# The fields of a class that may hold nodes: not a context (walks skip them:
# a third of a generated tree's nodes are the Load and Store of its names), nor
# the strings and constants of the commonest leaves.
_NOT_NODES = {gast.Name: {"id", "type_comment"}, gast.Constant: {"value", "kind"},
              gast.Attribute: {"attr"}}
_NODE_FIELDS = {}


def _node_fields(cls):
    skip = _NOT_NODES.get(cls, ())
    fields = _NODE_FIELDS[cls] = tuple(f for f in cls._fields if f != "ctx" and f not in skip)
    return fields


def dump_key(node):
    """A key equal for two trees exactly when their `gast.dump`s are equal
    (fields and values, not locations), cheaper to make than the dump."""
    if isinstance(node, _AST):
        parts = []
        for name in node._fields:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if value.__class__ is list and not value:
                continue
            parts.append((name, dump_key(value)))
        return (node.__class__.__name__, tuple(parts))
    if isinstance(node, list):
        return ("[", tuple(dump_key(x) for x in node))
    return repr(node)


_ATOMS = (str, int, float, complex, bool, bytes, type(None), type(Ellipsis))


class _NotPlain(Exception):
    pass


def copy_tree(node):
    """`copy.deepcopy(node)`, made node by node where the tree is plain: its
    nodes hold only nodes, lists of them and Python constants (no annotation
    objects) and no node twice; any other tree is deep-copied. Templates and
    the operands spliced into them are plain, and copying them is most of
    what instantiating a rule costs."""
    try:
        return _copy(node, set())
    except _NotPlain:
        return copy.deepcopy(node)


def _copy(node, seen):
    if id(node) in seen:
        raise _NotPlain
    seen.add(id(node))
    cls = node.__class__
    new = cls.__new__(cls)
    d = new.__dict__
    for k, v in node.__dict__.items():
        if isinstance(v, _AST):
            v = _copy(v, seen)
        elif v.__class__ is list:
            v = [_copy(x, seen) if isinstance(x, _AST) else _atom(x) for x in v]
        else:
            _atom(v)
        d[k] = v
    return new


def _atom(v):
    if v.__class__ not in _ATOMS:
        raise _NotPlain
    return v


_LOCATION = ("lineno", "col_offset", "end_lineno", "end_col_offset")
# (a callee put in line keeps its file in the `ast` copy too: the source map reads it)
_FILE = Key.FILENAME.attribute


def to_ast(node):
    """`gast.gast_to_ast(node)`: the same `ast` tree (fields, locations),
    made without its visitor's per-node dispatch and keyword constructors, a
    fifth of its cost."""
    return _PLAIN(node)


def to_printed_ast(node):
    """`to_ast(node)` as the backend prints it: an index `1:3` passed on as a
    value (to a helper such as getitem_cotangent) written `slice(1, 3, None)`,
    the slices of a subscript kept; a negative number as a power's base
    written as a negation (ast.unparse writes Constant(-1) ** n as `-1 ** n`,
    which is -(1 ** n); a negation gets its parentheses, `(-1) ** n`)."""
    return _PRINTED(node)


class _ToAst:
    """One conversion: gast class -> function(node) making its `ast` node,
    made on first use from the rules in `special` (class -> rule(convert, node))
    or else field by field."""

    def __init__(self, special):
        self.special, self.table, self._by_fields = special, {}, {}

    def __call__(self, node):
        convert = self.table.get(node.__class__)
        if convert is None:
            convert = self.table[node.__class__] = self._converter(node.__class__)
        return convert(node)

    def value(self, value):
        if isinstance(value, _AST):
            return self(value)
        if value.__class__ is list:
            return [self(x) if isinstance(x, _AST) else x for x in value]
        return value

    def _converter(self, cls):
        rule = self.special.get(cls)
        if rule is not None:
            return lambda node: rule(self, node)
        return self.fields(cls)

    def fields(self, cls):
        """The field-by-field converter of `cls` (gast's generic one)."""
        convert = self._by_fields.get(cls)
        if convert is None:
            convert = self._by_fields[cls] = self._make_fields(cls)
        return convert

    def _make_fields(self, cls):
        target = getattr(ast, cls.__name__, None)
        if target is None:
            return lambda node: None   # (gast's own: a node ast does not have)
        if not cls._fields and not cls._attributes:
            shared = target()          # Load, Add, ...: one of each serves every place
            return lambda node: shared
        keys, value = cls._fields + cls._attributes, self.value   # (not what passes
        # attach to a node)

        def convert(node):
            new = target.__new__(target)
            d, src = new.__dict__, node.__dict__
            for k in keys:
                if k in src:
                    d[k] = value(src[k])
            if _FILE in src:
                d[_FILE] = src[_FILE]
            return new
        return convert


def _located(new, node):
    """`ast.copy_location(new, node)`, as gast converts the nodes it rebuilds."""
    d, src = new.__dict__, node.__dict__
    for k in _LOCATION:
        if k in src and (src[k] is not None or k.startswith("end_")):
            d[k] = src[k]
    if _FILE in src:
        d[_FILE] = src[_FILE]
    return new


def _name_to_ast(convert, node):
    return _located(ast.Name(id=node.id, ctx=convert(node.ctx)), node)


def _arg_to_ast(convert, node):
    if node is None:
        return None
    return _located(ast.arg(arg=node.id, annotation=convert.value(node.annotation),
                            type_comment=node.type_comment), node)


def _arguments_to_ast(convert, node):
    def args(nodes):
        return [_arg_to_ast(convert, a) for a in nodes]
    return ast.arguments(posonlyargs=args(node.posonlyargs), args=args(node.args),
                         vararg=_arg_to_ast(convert, node.vararg),
                         kwonlyargs=args(node.kwonlyargs),
                         kw_defaults=convert.value(node.kw_defaults),
                         kwarg=_arg_to_ast(convert, node.kwarg),
                         defaults=convert.value(node.defaults))


def _assign_to_ast(convert, node):
    return _located(ast.Assign(targets=convert.value(node.targets),
                               value=convert.value(node.value)), node)


def _handler_to_ast(convert, node):
    if not node.name:
        return convert.fields(gast.ExceptHandler)(node)
    return _located(ast.ExceptHandler(type=convert.value(node.type), name=node.name.id,
                                      body=convert.value(node.body)), node)


_GAST_RULES = {gast.Name: _name_to_ast, gast.arguments: _arguments_to_ast,
               gast.Assign: _assign_to_ast, gast.ExceptHandler: _handler_to_ast}


def _subscript_printed(convert, node):
    new = convert.fields(gast.Subscript)(node)
    index = node.slice   # (the slices of a subscript stay slices)
    if isinstance(index, gast.Tuple):
        for i, part in enumerate(index.elts):
            if isinstance(part, gast.Slice):
                new.slice.elts[i] = convert.fields(gast.Slice)(part)
    elif isinstance(index, gast.Slice):
        new.slice = convert.fields(gast.Slice)(index)
    return new


def _slice_printed(convert, node):
    parts = [convert(p) if p is not None else ast.Constant(value=None)
             for p in (node.lower, node.upper, node.step)]
    return ast.Call(func=ast.Name(id="slice", ctx=ast.Load()), args=parts, keywords=[])


def _binop_printed(convert, node):
    new = convert.fields(gast.BinOp)(node)
    left = new.left
    if isinstance(new.op, ast.Pow) and isinstance(left, ast.Constant) and \
            type(left.value) in (int, float) and left.value < 0:
        new.left = ast.UnaryOp(op=ast.USub(), operand=ast.Constant(value=-left.value))
    return new


_PLAIN = _ToAst(_GAST_RULES)
_PRINTED = _ToAst({**_GAST_RULES, gast.Subscript: _subscript_printed,
                   gast.Slice: _slice_printed, gast.BinOp: _binop_printed})


class Transformer(ast.NodeTransformer):
    """`ast.NodeTransformer`, same visits and results, with its dispatch
    (`visit_` + the class name, looked up per node) kept per node class and
    its generic visit reading `_fields` directly: rule templates are
    instantiated through two of these for every line a derivative writes."""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._dispatch = {}

    def visit(self, node):
        cls = node.__class__
        method = self._dispatch.get(cls)
        if method is None:
            kind = type(self)
            method = self._dispatch[cls] = getattr(kind, "visit_" + cls.__name__,
                                                   kind.generic_visit)
        return method(self, node)

    def generic_visit(self, node):
        for field in node._fields:
            try:
                old = getattr(node, field)
            except AttributeError:
                continue
            if isinstance(old, list):
                new_values = []
                for value in old:
                    if isinstance(value, _AST):
                        value = self.visit(value)
                        if value is None:
                            continue
                        if not isinstance(value, _AST):
                            new_values.extend(value)
                            continue
                    new_values.append(value)
                old[:] = new_values
            elif isinstance(old, _AST):
                new = self.visit(old)
                if new is None:
                    delattr(node, field)
                else:
                    setattr(node, field, new)
        return node
