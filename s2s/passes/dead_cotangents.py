"""No dead cotangents: a loop's pullback skips, in its last step, the
cotangents that only the step before it would read.

A loop over layers carries `h` from step to step and starts it from an input
(`h = x`); its pullback computes `h`'s cotangent in every step, for the step
before. In the pullback's last step (the forward loop's first) that
cotangent is `x`'s, which nobody reads when `x` is not differentiated: the
MLP's last backward step would multiply a 128x512 cotangent by a 512x784
weight matrix and throw the result away. So, for a pullback loop over the
tape of a counted loop (`for i in range(n)`, saving `i`), each statement
whose result is read only by the next pullback step goes under `if i > 0:`,
as a person writes it by hand. Only statements that multiply matrices (and
those that read what they give) are worth the branch: skipping a cheap
elementwise line saves less than the `if` costs to read.

Runs on generated reverse-mode code after simplify; only a top-level
pullback loop with a straight-line body is touched (each statement an
assignment), so which step reads what is plain from the text.
"""
import gast
import jax.numpy as jnp

from ..nodes import walk
from .. import rules, runtime
from ..template import JNP, load
from .liveness import exposed, reads
from .simplify import is_pure
from .. import anno


def run(fn, ctx):
    body = fn.body
    for k, s in enumerate(body):
        tape = _pullback_tape(s)
        if tape is None:
            continue
        counter = _counter(body[:k], tape, s.target)
        if counter is not None:
            _guard_first_step_only(s, counter, reads(body[k + 1:]))
    return fn


def _pullback_tape(s):
    """The tape's name of `for ... in reversed(tape):` with a straight-line body."""
    if not (isinstance(s, gast.For) and isinstance(s.iter, gast.Call)
            and isinstance(s.iter.func, gast.Name) and s.iter.func.id == "reversed"
            and len(s.iter.args) == 1 and isinstance(s.iter.args[0], gast.Name)
            and not s.orelse):
        return None
    if not all(isinstance(b, gast.Assign) for b in s.body):
        return None
    return s.iter.args[0].id


def _counter(before, tape, target):
    """The name the pullback loop's target gives the forward step's number,
    where the tape is filled by `for i in range(n): ... tape.append((.., i, ..))`
    (so that the pullback's last step has i == 0); else None."""
    for s in reversed(before):
        if not (isinstance(s, gast.For) and isinstance(s.target, gast.Name)
                and isinstance(s.iter, gast.Call) and isinstance(s.iter.func, gast.Name)
                and s.iter.func.id == "range" and len(s.iter.args) == 1):
            continue
        for entry in _appended(s.body, tape):
            items = entry.elts if isinstance(entry, gast.Tuple) else [entry]
            names = target.elts if isinstance(target, gast.Tuple) else [target]
            if len(items) != len(names):
                return None
            for item, name in zip(items, names):
                if isinstance(item, gast.Name) and item.id == s.target.id \
                        and isinstance(name, gast.Name):
                    return name.id
            return None
    return None


def _appended(stmts, tape):
    """What the top level of a loop body appends to `tape`."""
    for s in stmts:
        if isinstance(s, gast.Expr) and isinstance(s.value, gast.Call):
            f = s.value.func
            if isinstance(f, gast.Attribute) and f.attr == "append" \
                    and isinstance(f.value, gast.Name) and f.value.id == tape:
                yield s.value.args[0]


def _guard_first_step_only(loop, counter, live_after):
    """Put under `if counter > 0:` the statements no step reads when the next
    step is the forward loop's first (the pullback's last step)."""
    stored = set()
    for s in loop.body:
        stored |= _targets(s)
    live_next = exposed(loop.body)          # what a following step reads
    live_last = live_after                  # what the code after the loop reads
    needed_last = []
    for s in reversed(loop.body):
        targets = _targets(s)
        effect = not (_guardable(s.value))
        in_last = effect or bool(targets & live_last)
        in_other = effect or bool(targets & live_next)
        if in_last:
            live_last = (live_last - targets) | reads([s])
        if in_other:
            live_next = (live_next - targets) | reads([s])
        needed_last.append(in_last or not in_other)
    needed_last.reverse()
    skipped = set()   # what the statements under the guard write
    for k, s in enumerate(loop.body):   # only a product is worth a branch (and a line)
        if not needed_last[k] and (_costly(s.value) or reads([s]) & skipped):
            skipped |= _targets(s)
        else:
            needed_last[k] = True
    if all(needed_last) or counter in stored:
        return
    new_body, guarded = [], None
    for s, keep in zip(loop.body, needed_last):
        if keep:
            new_body.append(s)
            guarded = None
            continue
        if guarded is None:
            test = gast.Compare(left=load(counter), ops=[gast.Gt()],
                                comparators=[gast.Constant(value=0, kind=None)])
            guarded = anno.copy_location(gast.If(test=test, body=[], orelse=[]), s)
            new_body.append(guarded)
        guarded.body.append(s)
    loop.body = new_body


def _targets(s):
    return {n.id for n in walk(s.targets[0]) if isinstance(n, gast.Name)}


def _guardable(value):
    """Skipping it changes nothing but its result: pure, or a call of s2s's
    runtime helpers (jnp code whose only effect is raising on bad shapes,
    which the forward sweep has already checked)."""
    if is_pure(value):
        return True
    return all(not isinstance(n, gast.Call) or is_pure(n) or (
        isinstance(n.func, gast.Name) and n.func.id in runtime.HELPERS)
        for n in walk(value))


def _costly(value):
    """Does it multiply matrices: `@`, a jnp product (the rule table's multilinear
    primitives: dot, matmul, einsum, ...) or a product's cotangent helper?"""
    for n in walk(value):
        if isinstance(n, gast.BinOp) and isinstance(n.op, gast.MatMult):
            return True
        if not isinstance(n, gast.Call):
            continue
        f = n.func
        if isinstance(f, gast.Name) and f.id in runtime.PRODUCT_HELPERS:
            return True
        if isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name) \
                and f.value.id == JNP:
            prim = rules.lookup(getattr(jnp, f.attr, None))
            if prim is not None and prim.multilinear:
                return True
    return False
