"""The questions the batch pass's control flow (s2s/passes/batch_control.py)
asks of a block of statements: what it assigns (`stored_by`, `_assigned`),
appends (`_appends`), may read before assigning (`_read_before_written`,
`_reads_old_value`), which assignment a name certainly holds the value of
(`_dominating_assign`), the statements in program order; and renaming names
in a block (a branch's or a loop pass's own copies)."""
import gast

from ..nodes import walk
from .batchedness import stored
from .structure import is_list_append


def stored_by(stmt):
    """The names an assignment or a `for` target stores."""
    if isinstance(stmt, gast.Assign):
        return stored(stmt.targets[0])
    if isinstance(stmt, gast.For):
        return stored(stmt.target)
    return set()


def _dominating_assign(stmts, s, n):
    """The assignment whose value `n` certainly holds when `s` runs: the last
    one before it in its block or in the blocks around, with nothing in between
    that may assign `n` (nor a loop around that assigns it again); else None."""
    found = _dominating(stmts, s, n)
    return found if isinstance(found, gast.Assign) else None


def _dominating(stmts, s, n):
    """An Assign; "unknown"; "open" (`s` is in `stmts`, and nothing before it
    there assigns `n`); None (`s` is not in `stmts`)."""
    for i, b in enumerate(stmts):
        if b is not s:
            inner = None
            for field in ("body", "orelse"):
                block = getattr(b, field, None)
                if isinstance(block, list) and block and isinstance(block[0], gast.stmt):
                    inner = _dominating(block, s, n)
                    if inner is not None:
                        break
            if inner is None:
                continue
            if inner != "open":
                return inner
            if isinstance(b, (gast.For, gast.While)) and n in _assigned([b]):
                return "unknown"   # another pass may have left another value
        for earlier in reversed(stmts[:i]):
            if n in _assigned([earlier]):
                return earlier if isinstance(earlier, gast.Assign) else "unknown"
        return "open"
    return None


def _assigned(stmts):
    out = set()
    for s in stmts:
        for node in walk(s):
            if isinstance(node, gast.stmt):
                out |= stored_by(node)
    return out


def _appends(stmts, n):
    """How many items `stmts` append to the list `n` (`n = list_append(n, v)`);
    None where that depends on a nested test or loop."""
    count = 0
    for s in stmts:
        if isinstance(s, gast.Assign) and n in stored_by(s):
            if not is_list_append(s.value):
                return None
            count += 1
        elif isinstance(s, gast.If):
            inner = {_appends(s.body, n), _appends(s.orelse, n)}
            if len(inner) != 1 or None in inner:
                return None
            count += inner.pop()
        elif n in _assigned([s]):
            return None
    return count


def _rename_names(stmts, mapping):
    for s in stmts:
        for node in walk(s):
            if isinstance(node, gast.Name) and node.id in mapping:
                node.id = mapping[node.id]



def _read_before_written(stmts, name):
    """Might `stmts` read `name` before assigning it? (Compound statements that
    mention it are taken to read it: a loop may not run, so what it assigns may
    still be the value before.)"""
    for s in stmts:
        mentioned = any(isinstance(n, gast.Name) and n.id == name for n in walk(s))
        if not mentioned:
            continue
        if isinstance(s, gast.Assign):
            if any(isinstance(n, gast.Name) and n.id == name for n in walk(s.value)):
                return True
            return False
        return True
    return False


def _reads_old_value(stmts, name):
    """Might `stmts` read the value `name` had before them (a loop body: the
    previous iteration's)? Unlike _read_before_written, a nested loop or
    branch that only assigns it is looked into."""
    return _first_use(stmts, name) == "read"


def _first_use(stmts, name):
    """"read" if `stmts` may read `name` before assigning it, "written" if they
    certainly assign it first, else None (neither, or assigned on some paths)."""
    def reads(node):
        return any(isinstance(n, gast.Name) and n.id == name and isinstance(n.ctx, gast.Load)
                   for n in walk(node))

    for s in stmts:
        if not any(isinstance(n, gast.Name) and n.id == name for n in walk(s)):
            continue
        if isinstance(s, gast.Assign):
            plain = all(isinstance(n, (gast.Name, gast.Tuple, gast.List))
                        for t in s.targets for n in walk(t) if isinstance(n, gast.expr))
            return "read" if reads(s.value) or not plain else "written"
        if isinstance(s, gast.If):
            if reads(s.test):
                return "read"
            body, orelse = _first_use(s.body, name), _first_use(s.orelse, name)
            if "read" in (body, orelse):
                return "read"
            if body == orelse == "written":
                return "written"
        elif isinstance(s, (gast.For, gast.While)):
            # a loop may not run: what it writes is not certainly written
            head = s.iter if isinstance(s, gast.For) else s.test
            if reads(head) or _first_use(s.body + s.orelse, name) == "read":
                return "read"
            if isinstance(s, gast.For) and any(isinstance(n, gast.Name) and n.id == name
                                               for n in walk(s.target)):
                return "read"   # (a loop target: conservatively, as before)
        else:
            return "read"
    return None


def program_order(stmts):
    for s in stmts:
        yield s
        for field in ("body", "orelse"):
            yield from program_order(getattr(s, field, []) or [])
