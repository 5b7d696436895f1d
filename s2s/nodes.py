"""Walking and copying trees, the passes' inner loops.

`walk` is `ast.walk` (the same nodes in the same order, breadth first, a
node's children gathered before it is handed out, so code that edits the node
it is given walks what ast.walk would), written out without
ast.iter_child_nodes' generators: the passes walk every tree many times, and
this walk costs a third of ast.walk's. `copy_tree` is `copy.deepcopy` for
the plain trees rule templates are, at a fraction of its cost; `dump_key`
stands for `gast.dump` where only equality matters."""
import ast
import copy
from collections import deque

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
