"""Flags: a `break` under a condition becomes a flag, for the batch pass.

Under vmap one example may leave a loop while the others go on, so a `break`
inside an `if` cannot jump. After `structure`, a `break` ends its path through
the body (the code after it sits in the other branch), so:

- in `while c:` it becomes `c = False`: the loop's own condition stops that
  example (the condition is recomputed at the end of the other paths);
- in `for i in range(n):` it becomes `going = False`, with the body run
  under `if going:` and `going = True` before the loop.

Where the condition is the same for every example, the flag is a plain
Python bool and the code does what the `break` did.
"""
import gast

from ..template import load, store
from .. import anno


def run(fn, ctx):
    fn.body = _block(fn.body, ctx.namer)
    return fn


def _block(stmts, namer):
    out = []
    for s in stmts:
        for field in ("body", "orelse"):
            block = getattr(s, field, None)
            if isinstance(block, list) and not isinstance(s, gast.FunctionDef):
                setattr(s, field, _block(block, namer))
        # (a `while` on a test that differs between examples stops each one
        # by its test, so even a `break` under no `if` becomes its flag)
        if isinstance(s, (gast.For, gast.While)) and _conditional_breaks(s.body) \
                or isinstance(s, gast.While) and _breaks(s.body):
            out.extend(_flagged(s, namer))
        else:
            out.append(s)
    return out


def _conditional_breaks(body):
    """`break`s of this loop (not of loops inside it) that sit under an `if`."""
    found = []

    def visit(stmts, under_if):
        for s in stmts:
            if isinstance(s, gast.Break) and under_if:
                found.append(s)
            elif isinstance(s, gast.If):
                visit(s.body, True)
                visit(s.orelse, True)
    visit(body, False)
    return found


def _flagged(loop, namer):
    if isinstance(loop, gast.While):
        if isinstance(loop.test, gast.Name) or _is_true(loop.test):
            # (`while True:` is how structure writes a loop whose test must be
            # computed again after a `continue`: its flag becomes the test)
            return flagged_while(loop, namer) + [loop]
        return [loop]
    flag = namer.fresh("going")
    _replace_breaks(loop.body, flag)
    start = anno.copy_location(
        gast.Assign(targets=[store(flag)], value=gast.Constant(value=True, kind=None),
                    type_comment=None), loop)
    guarded = anno.copy_location(gast.If(test=load(flag), body=loop.body, orelse=[]), loop)
    loop.body = [guarded]
    return [start, loop]


def flagged_while(loop, namer):
    """(jit) Every `break` of this `while` becomes a flag its test reads: the
    statements to run before the loop (the flag set to True, if it is new).
    `while True:` gets a flag `going` as its test."""
    if not _breaks(loop.body):
        return []
    if isinstance(loop.test, gast.Name):
        _replace_breaks(loop.body, loop.test.id)
        return []
    flag = namer.fresh("going")
    _replace_breaks(loop.body, flag)
    loop.test = load(flag)
    return [anno.copy_location(gast.Assign(targets=[store(flag)],
                                           value=gast.Constant(value=True, kind=None),
                                           type_comment=None), loop)]


def flagged_for(loop, namer):
    """(jit) (statements before the loop, the loop) with its `break`s made a flag
    that guards the body."""
    if not _breaks(loop.body):
        return [], loop
    start, loop = _flagged(loop, namer)
    return [start], loop


def _is_true(test):
    return isinstance(test, gast.Constant) and test.value is True


def _breaks(body):
    """This loop's own `break`s (not those of loops inside it)."""
    found = []

    def visit(stmts):
        for s in stmts:
            if isinstance(s, gast.Break):
                found.append(s)
            elif isinstance(s, gast.If):
                visit(s.body)
                visit(s.orelse)
    visit(body)
    return found


def _replace_breaks(stmts, flag):
    for i, s in enumerate(stmts):
        if isinstance(s, gast.Break):
            stmts[i] = anno.copy_location(
                gast.Assign(targets=[store(flag)], value=gast.Constant(value=False, kind=None),
                            type_comment=None), s)
        elif isinstance(s, gast.If):
            _replace_breaks(s.body, flag)
            _replace_breaks(s.orelse, flag)
