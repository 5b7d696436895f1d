"""The questions single assignment (s2s/passes/ssa.py) asks of a block of
statements, and the rewrites it makes in one: which names it assigns
(`_assigned`, `_stored_here`), may read before assigning them (`_exposed`,
`_exposed_in`), whether it ends in a `break` on every path (`_exits`); reads
renamed to their current versions (`_renamed`, `_rename_reads`); statements
appended at the end of each path that does not `break`
(`_on_every_flowing_path`)."""
import copy

import gast

from ..nodes import name_nodes, walk
from ..template import load


def _may_break(block):
    return any(isinstance(n, gast.Break) for s in block for n in _walk_no_loops(s))


def _walk_no_loops(node):
    yield node
    if isinstance(node, (gast.For, gast.While)):
        return
    for field in ("body", "orelse"):
        for child in getattr(node, field, []) or []:
            yield from _walk_no_loops(child)


def _on_every_flowing_path(block, stmts):
    """Append `stmts` to the end of each path through `block` that does not
    `break`, inside the branches: the pullback then undoes them only on the
    paths that ran them."""
    if block and isinstance(block[-1], gast.If) and _may_break([block[-1]]):
        last = block[-1]
        for field in ("body", "orelse"):
            branch = getattr(last, field)
            if not _exits(branch):
                setattr(last, field, _on_every_flowing_path(
                    [b for b in branch if not isinstance(b, gast.Pass)], copy.deepcopy(stmts)))
        return block
    return block + stmts


def _exits(block):
    if not block:
        return False
    last = block[-1]
    if isinstance(last, gast.Break):
        return True
    return isinstance(last, gast.If) and _exits(last.body) and _exits(last.orelse)


def _names(target):
    return {n.id for n in name_nodes(target)}


def _assigned(stmts):
    return {n.id for n in name_nodes(stmts) if isinstance(n.ctx, gast.Store)}


def _renamed(node, env):
    if node is None:
        return None
    if isinstance(node, gast.Name) and not isinstance(node.ctx, gast.Store):
        return load(env[node.id]) if node.id in env else node
    _rename_reads(node, env)
    return node


def _rename_reads(node, env):
    for child in walk(node):
        for field, value in gast.iter_fields(child):
            if isinstance(value, gast.Name) and not isinstance(value.ctx, gast.Store) \
                    and value.id in env:
                setattr(child, field, load(env[value.id]))
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, gast.Name) and not isinstance(item.ctx, gast.Store) \
                            and item.id in env:
                        value[i] = load(env[item.id])


def _reads(stmts):
    """User names read anywhere in `stmts`."""
    return {n.id for n in name_nodes(stmts) if not isinstance(n.ctx, gast.Store)}


def _exposed(loop):
    """Names an iteration of `loop` may read before it assigns them (a while's
    condition is read first, every iteration)."""
    found = _reads([loop.test]) if isinstance(loop, gast.While) else set()
    return found | _exposed_in(loop.body, set())[0]


def _exposed_in(stmts, done):
    found, done = set(), set(done)
    for s in stmts:
        if isinstance(s, gast.If):
            found |= _reads([s.test]) - done
            body_found, body_done = _exposed_in(s.body, done)
            else_found, else_done = _exposed_in(s.orelse, done)
            found |= body_found | else_found
            done |= body_done & else_done
        elif isinstance(s, (gast.For, gast.While)):
            head = s.test if isinstance(s, gast.While) else s.iter
            inside = done | (_names(s.target) if isinstance(s, gast.For) else set())
            found |= (_reads([head]) - done) | _exposed_in(s.body, inside)[0]
        elif isinstance(s, gast.FunctionDef):
            continue
        else:
            found |= _reads([s]) - done
            if isinstance(s, gast.Assign):
                done |= _names(s.targets[0])
    return found, done


def _stored_here(stmts):
    """Names assigned in `stmts` outside any loop inside them (the branch's
    own assignments, and the joins stmt_If's merge wrote into it)."""
    found = set()
    for s in stmts:
        if isinstance(s, gast.Assign):
            found |= _names(s.targets[0])
        elif isinstance(s, gast.If):
            found |= _stored_here(s.body) | _stored_here(s.orelse)
    return found
