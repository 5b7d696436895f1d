"""Walking and copying trees, the passes' inner loops.

`walk` is `ast.walk` (the same nodes in the same order, breadth first, a
node's children gathered before it is handed out, so code that edits the node
it is given walks what ast.walk would), written out without
ast.iter_child_nodes' generators: the passes walk every tree many times, and
this walk costs a third of ast.walk's. `copy_tree` is `copy.deepcopy` for
the plain trees rule templates are, at a fraction of its cost; `dump_key`
stands for `gast.dump` where only equality matters; `to_ast` is
`gast.gast_to_ast`, which printing each generated function runs once."""
import ast
import copy
from collections import deque

import gast

_AST = ast.AST


def walk(node):
    todo = deque([node])
    popleft, append = todo.popleft, todo.append
    while todo:
        node = popleft()
        for name in node._fields:
            try:
                value = getattr(node, name)
            except AttributeError:
                continue
            if isinstance(value, _AST):
                append(value)
            elif isinstance(value, list):
                for item in value:
                    if isinstance(item, _AST):
                        append(item)
        yield node


def children(node):
    """`list(ast.iter_child_nodes(node))`."""
    out = []
    for name in node._fields:
        try:
            value = getattr(node, name)
        except AttributeError:
            continue
        if isinstance(value, _AST):
            out.append(value)
        elif isinstance(value, list):
            out.extend(item for item in value if isinstance(item, _AST))
    return out


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


def to_ast(node):
    """`gast.gast_to_ast(node)`: the same `ast` tree (fields, locations),
    made without its visitor's per-node dispatch and keyword constructors, a
    fifth of its cost; printing the generated code is mostly this conversion."""
    convert = _TO_AST.get(node.__class__)
    if convert is None:
        convert = _TO_AST[node.__class__] = _converter(node.__class__)
    return convert(node)


def _to_ast_value(value):
    if isinstance(value, _AST):
        return to_ast(value)
    if value.__class__ is list:
        return [to_ast(x) if isinstance(x, _AST) else x for x in value]
    return value


def _converter(cls):
    target = getattr(ast, cls.__name__, None)
    if target is None:
        return lambda node: None   # (gast's own: a node ast does not have)
    if not cls._fields and not cls._attributes:
        shared = target()          # Load, Add, ...: one of each serves every place
        return lambda node: shared

    keys = cls._fields + cls._attributes   # (not what passes attach to a node)

    def convert(node):
        new = target.__new__(target)
        d, src = new.__dict__, node.__dict__
        for k in keys:
            if k in src:
                d[k] = _to_ast_value(src[k])
        return new
    return convert


def _located(new, node):
    """`ast.copy_location(new, node)`, as gast converts the nodes it rebuilds."""
    d, src = new.__dict__, node.__dict__
    for k in _LOCATION:
        if k in src and (src[k] is not None or k.startswith("end_")):
            d[k] = src[k]
    return new


def _name_to_ast(node):
    return _located(ast.Name(id=node.id, ctx=to_ast(node.ctx)), node)


def _arg_to_ast(node):
    if node is None:
        return None
    return _located(ast.arg(arg=node.id, annotation=_to_ast_value(node.annotation),
                            type_comment=node.type_comment), node)


def _arguments_to_ast(node):
    return ast.arguments(posonlyargs=[_arg_to_ast(a) for a in node.posonlyargs],
                         args=[_arg_to_ast(a) for a in node.args],
                         vararg=_arg_to_ast(node.vararg),
                         kwonlyargs=[_arg_to_ast(a) for a in node.kwonlyargs],
                         kw_defaults=_to_ast_value(node.kw_defaults),
                         kwarg=_arg_to_ast(node.kwarg),
                         defaults=_to_ast_value(node.defaults))


def _assign_to_ast(node):
    return _located(ast.Assign(targets=_to_ast_value(node.targets),
                               value=_to_ast_value(node.value)), node)


def _handler_to_ast(node):
    if not node.name:
        return _GENERIC_HANDLER(node)
    return _located(ast.ExceptHandler(type=_to_ast_value(node.type), name=node.name.id,
                                      body=_to_ast_value(node.body)), node)


_GENERIC_HANDLER = _converter(gast.ExceptHandler)
_TO_AST = {gast.Name: _name_to_ast, gast.arguments: _arguments_to_ast,
           gast.Assign: _assign_to_ast, gast.ExceptHandler: _handler_to_ast}
