"""Liveness: which names a block of statements reads, assigns, and reads
before assigning (their values come from before it), and which are read
after each statement. A function a block defines reads its free names; what
it assigns is its own. (s2s.jit's functionalize pass decides from these what
a branch or loop function takes and returns.)"""
import gast

from ..nodes import name_nodes
from .scopes import params


def reads(stmts):
    """Names `stmts` read (a function they define reads its free names)."""
    found, defs = set(), []
    for n in name_nodes(stmts, _DEF, defs):
        if isinstance(n.ctx, gast.Load):
            found.add(n.id)
    for d in defs:
        found |= free_reads(d)
    return found


def reads_and_assigned(s):
    """(reads([s]), assigned([s])) of one statement that is not a def, in one walk."""
    found, stored, defs = set(), set(), []
    for n in name_nodes(s, _DEF, defs):
        if isinstance(n.ctx, gast.Load):
            found.add(n.id)
        elif isinstance(n.ctx, gast.Store):
            stored.add(n.id)
    for d in defs:
        found |= free_reads(d)
    return found, stored


_DEF = (gast.FunctionDef,)   # (a function a statement defines reads its free names)


def free_reads(fdef):
    local = set(params(fdef)) | assigned(fdef.body)
    return reads(fdef.body) - local


def loop_live(loop, later):
    """Names read after one pass through the loop's body: by the code after
    the loop, the loop's test, or the next iteration before it assigns them."""
    head = [loop.test] if isinstance(loop, gast.While) else [loop.iter]
    return later | reads(head) | exposed(loop.body)


def assigned(stmts):
    """Names stored by `stmts` in this scope (not inside the functions they define)."""
    found, defs = set(), []
    for s in stmts:
        if isinstance(s, gast.FunctionDef):
            continue
        found |= {n.id for n in name_nodes(s, () if isinstance(s, gast.expr) else _DEF, defs)
                  if isinstance(n.ctx, gast.Store)}
    return found


def live_after_each(stmts, after):
    """For each statement, the names read after it before being assigned
    (`after`: those read after the whole block)."""
    live, out = set(after), []
    for s in reversed(stmts):
        out.append(live)
        read_first, written = exposed_and_assigned([s])
        live = (live - written) | read_first
    return out[::-1]


def exposed(stmts):
    """Names `stmts` may read before assigning them (their values come from before)."""
    return exposed_and_assigned(stmts)[0]


def exposed_and_assigned(stmts):
    """(names read before assigned, names assigned on every path)."""
    found = set()

    def visit(block, done):
        done = set(done)
        for s in block:
            if isinstance(s, gast.If):
                found.update(reads([s.test]) - done)
                a, b = visit(s.body, done), visit(s.orelse, done)
                done |= a & b
            elif isinstance(s, (gast.For, gast.While)):
                head = s.iter if isinstance(s, gast.For) else s.test
                found.update(reads([head]) - done)
                inner = done | (assigned([s.target]) if isinstance(s, gast.For) else set())
                visit(s.body, inner)
            else:
                found.update(reads([s]) - done)
                done |= assigned([s])
        return done
    return found, visit(stmts, set())
