"""Which names a function binds locally (parameters, assignments, loops, defs)."""
import gast

from ..nodes import BLOCK_FIELDS, children, name_nodes


def params(fn):
    return [a.id for a in fn.args.args]


def local_names(fn):
    """Names bound in fn's own scope (not in nested functions)."""
    found = set(params(fn))
    nested = []
    body = fn.body if isinstance(fn.body, list) else [fn.body]
    for node in name_nodes(body, _SCOPES, nested):
        if isinstance(node.ctx, gast.Store):
            found.add(node.id)
    found.update(n.name for n in nested if isinstance(n, gast.FunctionDef))
    return found


_SCOPES = (gast.FunctionDef, gast.Lambda)


def local_functions(fn):
    """Names of functions defined by nested `def` in fn's own scope."""
    found, todo = set(), list(fn.body)   # (definitions are statements: no expression looked at)
    while todo:
        s = todo.pop()
        if isinstance(s, gast.FunctionDef):
            found.add(s.name)
            continue
        for field in BLOCK_FIELDS:
            inner = getattr(s, field, None)
            if inner.__class__ is list:   # (statements, handlers, cases: each holds a body)
                todo.extend(inner)
    return found


def own_nodes(fn):
    """Walk fn's body without entering nested functions or lambdas."""
    stack = list(fn.body) if isinstance(fn.body, list) else [fn.body]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (gast.FunctionDef, gast.Lambda)):
            continue
        stack.extend(children(node))


def statements(stmts):
    """Every statement of `stmts`, nested ones included, in program order."""
    for s in stmts:
        yield s
        for field in ("body", "orelse"):
            yield from statements(getattr(s, field, []) or [])


def own_statements(stmts):
    """`statements(stmts)` without those of nested functions (a def kept as a
    value runs where it is called, not here)."""
    for s in stmts:
        yield s
        if not isinstance(s, gast.FunctionDef):
            for field in ("body", "orelse"):
                yield from own_statements(getattr(s, field, []) or [])


def blocks(fn):
    """Every statement list of `fn` (its body, branches, loop bodies), not
    those of nested functions."""
    stack = [fn.body]
    while stack:
        block = stack.pop()
        yield block
        for s in block:
            if isinstance(s, gast.FunctionDef):
                continue
            for field in ("body", "orelse"):
                inner = getattr(s, field, None)
                if inner:
                    stack.append(inner)


def read_counts(fn):
    """name -> how many times `fn`'s tree reads it."""
    return name_counts(fn)[0]


def name_counts(fn):
    """(read_counts(fn), name -> how many times `fn`'s tree binds it, parameters
    included), from one walk."""
    reads, stores = {}, {}
    for n in name_nodes(fn):
        counts = reads if isinstance(n.ctx, gast.Load) else \
            stores if isinstance(n.ctx, (gast.Store, gast.Param)) else None
        if counts is not None:
            counts[n.id] = counts.get(n.id, 0) + 1
    return reads, stores
