"""Generator functions written as the list they yield.

A generator helper consumed by a `for` (`for w, b in layers(params):`) is, for
every transformation, the function that returns the list of its items:

    def layers(params):                     def layers(params):
        for i in range(0, n, 2):                items = []
            yield params[i], params[i + 1]      for i in range(0, n, 2):
                                                    items.append((params[i], params[i + 1]))
                                                return items

The items are computed before the loop that reads them rather than one at a
time, which is the same values: a generator is written so only where each
`yield` is a statement, it returns no value, and no `while True:` makes it
endless (those keep fence's refusal). Run by the fence stage, on the function
being built and on the generators nested in it.
"""
import gast

from .. import anno
from ..nodes import name_nodes, walk
from ..template import load, store


def as_lists(tree):
    for fn in [n for n in walk(tree) if isinstance(n, gast.FunctionDef)]:
        if writable(fn):
            _write(fn)


def _own_nodes(fn):
    """The nodes of fn's body outside the functions and lambdas nested in it."""
    todo = list(fn.body)
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (gast.FunctionDef, gast.Lambda)):
            todo.extend(gast.iter_child_nodes(node))


def writable(fn):
    own = list(_own_nodes(fn))
    yields = [n for n in own if isinstance(n, (gast.Yield, gast.YieldFrom))]
    if not yields or any(isinstance(n, gast.YieldFrom) for n in yields):
        return False
    as_statements = {id(n.value) for n in own if isinstance(n, gast.Expr)}
    return all(id(y) in as_statements for y in yields) \
        and not any(isinstance(n, gast.Return) and n.value is not None for n in own) \
        and not any(isinstance(n, gast.While) and _always(n.test) for n in own)


def _always(test):
    return isinstance(test, gast.Constant) and bool(test.value)


def _write(fn):
    taken = {n.id for n in name_nodes(fn)} | {a.id for a in fn.args.args} | {fn.name}
    items, i = "items", 0
    while items in taken:
        i += 1
        items = f"items_{i}"
    first = fn.body[0]
    fn.body = _rewritten(fn.body, items)
    fn.body.insert(0, anno.copy_location(
        gast.Assign(targets=[store(items)], value=gast.List(elts=[], ctx=gast.Load()),
                    type_comment=None), first))
    fn.body.append(anno.copy_location(gast.Return(value=load(items)), fn.body[-1]))


def _rewritten(block, items):
    out = []
    for s in block:
        if isinstance(s, gast.Expr) and isinstance(s.value, gast.Yield):
            value = s.value.value if s.value.value is not None else gast.Constant(None, None)
            s = anno.copy_location(gast.Expr(value=gast.Call(
                func=gast.Attribute(value=load(items), attr="append", ctx=gast.Load()),
                args=[value], keywords=[])), s)
        elif isinstance(s, gast.Return):
            s = anno.copy_location(gast.Return(value=load(items)), s)
        elif not isinstance(s, gast.FunctionDef):
            for field in ("body", "orelse", "finalbody"):
                if isinstance(getattr(s, field, None), list):
                    setattr(s, field, _rewritten(getattr(s, field), items))
            for handler in getattr(s, "handlers", []) or []:
                handler.body = _rewritten(handler.body, items)
        out.append(s)
    return out
