"""Stores dead on every path after them (simplify's path-sensitive half).

`simplify.remove_dead` drops an assignment nobody reads anywhere. A name read
on one path can still be stored where no path reads it: a branch that pads a
tape entry's names with None (`x_i_1 = None`) when only another branch's
tape row holds it. Here a backward liveness over the structured code
(branches, loops to a fixed point, `break` to the code after its loop,
`continue` to the loop's head, `return` to nothing) finds, for each
assignment, the names some path reads after it before storing them again; a
pure assignment to a name not among them goes.

A name a nested function reads is always live: it reads it when called,
which may be after any later store of the enclosing function.
"""
import gast

from ..nodes import walk
from .liveness import assigned, free_reads, reads, reads_and_assigned


def remove_dead_stores(fn, is_pure, functions=None, scoped=False, loads=None):
    """Drop pure assignments to a single name no path reads, in `fn` and in
    each function it defines. True if any went. `functions`, where the caller
    has walked `fn` already: the function definitions in it (fn first) and,
    `scoped`, whether it holds a `global` or `nonlocal`; `loads(value)`, where
    it knows them, the names an assigned value reads (None: not known)."""
    if functions is None:
        functions, scoped = [], False
        for n in walk(fn):
            if isinstance(n, gast.FunctionDef):
                functions.append(n)
            elif isinstance(n, (gast.Global, gast.Nonlocal)):
                scoped = True
    if not scoped and functions == [fn]:   # (one function: what that walk found is
        return _in_function(fn, is_pure, set(), loads)   # what _in_function would)
    changed = False
    for f in functions:
        changed |= _in_function(f, is_pure, loads=loads)
    return changed


def _in_function(fn, is_pure, pinned=None, loads=None):
    """`pinned`: the names the functions `fn` defines read, where known."""
    if pinned is None:
        if any(isinstance(n, (gast.Global, gast.Nonlocal)) for n in walk(fn)):
            return False   # a store another scope reads: leave the function alone
        pinned = set()
        for n in walk(fn):
            if isinstance(n, gast.FunctionDef) and n is not fn:
                pinned |= free_reads(n)
    dead = []
    _Liveness(pinned, is_pure, dead, loads).block(fn.body, set(), None, fn, "body")
    for owner, field, s in dead:
        block = getattr(owner, field)
        block.remove(s)
        if not block and field != "orelse":
            block.append(gast.Pass())
    return bool(dead)


class _Liveness:
    def __init__(self, pinned, is_pure, dead, loads=None):
        self.pinned, self.is_pure, self.dead = pinned, is_pure, dead
        self.loads = loads or (lambda value: None)

    def block(self, stmts, live, jumps, owner=None, field="body"):
        """Names live before `stmts`, given `live` after them; `jumps` =
        (live after the enclosing loop, live at its head) for break/continue."""
        live = set(live)   # (this block's own set: statements update it in place,
        for s in reversed(stmts):   # so a long block costs its length, not its
            live = self.statement(s, live, jumps, owner, field)   # length x live)
        return live

    def statement(self, s, live, jumps, owner, field):
        """Names live before `s`, given `live` after it (a set `s` may update)."""
        if isinstance(s, gast.Assign):
            targets = s.targets[0]
            if isinstance(targets, gast.Name) and targets.id not in live \
                    and targets.id not in self.pinned and owner is not None \
                    and self.is_pure(s.value):
                self.dead.append((owner, field, s))
                return live        # (gone: its reads go with it)
            found = self.loads(s.value) if isinstance(targets, gast.Name) else None
            if found is not None:   # (known: no need to look at the line again)
                live.discard(targets.id)
                live |= found
                return live
            found, stored = reads_and_assigned(s)
            live -= stored
            live |= found
            return live
        if isinstance(s, gast.If):
            return reads([s.test]) | self.block(s.body, live, jumps, s, "body") \
                | self.block(s.orelse, live, jumps, s, "orelse")
        if isinstance(s, (gast.For, gast.While)):
            return self.loop(s, live)
        if isinstance(s, gast.Break):
            return set(jumps[0]) if jumps else live
        if isinstance(s, gast.Continue):
            return set(jumps[1]) if jumps else live
        if isinstance(s, gast.Return):
            return reads([s]) if s.value is not None else set()
        if isinstance(s, gast.FunctionDef):
            live.discard(s.name)
            live |= free_reads(s)
            return live
        if isinstance(s, gast.AugAssign):     # `x += v` reads x too
            live |= reads([s])
            live.update(n.id for n in walk(s.target) if isinstance(n, gast.Name))
            return live
        if isinstance(s, (gast.Expr, gast.AnnAssign, gast.Pass, gast.Assert, gast.Delete,
                          gast.Raise)):
            found, stored = reads_and_assigned(s)
            live -= stored
            live |= found
            return live
        # anything else (try, with, ...): every name it mentions is live, and
        # nothing inside it is removed
        live.update(n.id for n in walk(s) if isinstance(n, gast.Name))
        return live

    def loop(self, loop, after):
        """Live before the loop: its head is live after the loop, after the
        body (the next iteration) and at a `continue`; to a fixed point."""
        if loop.orelse:    # (s2s refuses loop-else; stay safe if one appears)
            after = after | {n.id for s in loop.orelse for n in walk(s)
                             if isinstance(n, gast.Name)}
        if isinstance(loop, gast.For):
            head_reads, target = reads([loop.iter]), assigned([loop.target])
        else:
            head_reads, target = reads([loop.test]), set()
        head = set(after) | head_reads
        while True:
            # a dry run: nothing is marked dead until the head is stable
            trial = _Liveness(self.pinned, self.is_pure, [], self.loads)
            body_in = trial.block(loop.body, head, (after, head), None)
            new_head = head | (body_in - target) | head_reads
            if new_head == head:
                break
            head = new_head
        self.block(loop.body, head, (after, head), loop, "body")
        return head
