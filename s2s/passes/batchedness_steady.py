"""Steadiness: which names the probe saw only one possible value of, for the
batchedness analysis (s2s/passes/batchedness.py) and the batch pass.

A name whose value may depend on a condition the probe could not decide (a
`while` it ran twice, an `if` whose branches both ran) is unsteady
(`_unsteady`), and so is what is computed from it (`_spread`, which follows
reverse mode's tapes position by position); a shape is steady
(`_shape_only`). `prune_unreached` drops the statements the probe never
reached where nothing unsteady leads to them.
"""
import collections

import gast

from .. import anno
from ..anno import Key
from ..nodes import name_nodes, walk
from ..rules.runtime_helpers import SHAPE_HELPERS
from ..template import JNP
from .structure import is_list_append


def stored(target):
    return {n.id for n in name_nodes(target)}


def prune_unreached(fn, record, ns):
    """`fn` without the statements the probe never reached where nothing it
    could not decide leads to them: a loop over `range(n)` with n = 0, a branch
    on a shape. They cannot run for this specialization (its static values and
    shapes decide them), and batching them would need shapes nobody saw.
    Returns the names whose value the probe saw only as one possibility."""
    unsteady = _unsteady(fn, record, ns)
    probed = (gast.Assign, gast.Expr, gast.Return, gast.If, gast.While, gast.For)

    def reads_unsteady(node):
        return node is not None and any(n.id in unsteady for n in name_nodes(node))

    def prune(stmts):
        kept = []
        for s in stmts:
            sid = anno.get(s, Key.STATEMENT_ID)
            if isinstance(s, probed) and sid not in record.reached \
                    and not (isinstance(s, gast.For) and (s.orelse or reads_unsteady(s.iter))):
                continue   # (a loop over a count the probe saw as 0 may run: kept)
            # the probe ran every branch of a traced `if`, a traced `while`'s body, and
            # a loop it reached: what it did not reach there, nothing could reach
            traced = sid in record.traced_ifs | record.traced_whiles or \
                (isinstance(s, gast.For) and sid in record.reached)
            decided = traced or not (reads_unsteady(getattr(s, "test", None))
                                     or reads_unsteady(getattr(s, "iter", None)))
            if decided and isinstance(s, (gast.If, gast.While, gast.For)):
                s.body = prune(s.body) or [_pass()]
                s.orelse = prune(s.orelse)
            kept.append(s)
        return kept
    fn.body = prune(fn.body) or [_pass()]
    return unsteady


def _pass():
    """A `pass` for a block left empty: no statement the probe numbered."""
    node = gast.Pass()
    anno.put(node, Key.STATEMENT_ID, None)
    return node


def _unsteady(fn, record, ns):
    """Names whose value may depend on a condition the probe could not decide
    (a `while` it ran twice, an `if` whose branches both ran): the length of a
    tape filled by `while x > 1.5`, and everything computed from them. What
    the probe saw of them is one possible value, never a constant.

    Under a traced `while` or `if`, an assignment that reads only steady values
    (`mod = n % 2; eq = mod == 0` for a static n) computes the same value at
    every pass and in whichever branch it is: it is steady if it is the name's
    only assignment (no pass or branch that does not run it can leave another
    value behind). A shape is steady too (see `_shape_only`)."""
    found = set()
    counts = collections.Counter(n for a in walk(fn) if isinstance(a, (gast.Assign, gast.For))
                                 for n in stored(a.targets[0] if isinstance(a, gast.Assign)
                                                 else a.target))

    def assigned(stmts):
        nodes = [node for s in stmts for node in walk(s)]
        changed_here = {n.id for n in nodes
                        if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
        shapes, varying = set(), set()   # varying: assigned more than once
        single = []      # (names, the names assigned here that it reads)
        for node in nodes:
            if isinstance(node, gast.For):
                varying.update(stored(node.target))
            elif isinstance(node, gast.Assign):
                names = set(stored(node.targets[0]))
                if _shape_only(node.value, ns):
                    shapes |= names
                elif all(counts[n] == 1 for n in names):
                    single.append((names, {r.id for r in name_nodes(node.value)}
                                   & changed_here))
                else:
                    varying |= names
        # steady: a single assignment that reads only steady names, also ones
        # assigned here (`mod = n % 2; eq = mod == 0`); the rest is unsteady
        steady = ({n for names, _ in single for n in names} | shapes) - varying
        shrinking = True
        while shrinking:
            shrinking = False
            for names, reads in single:
                if names & steady and not reads <= steady:
                    steady -= names
                    shrinking = True
        found.update(changed_here - steady)

    def visit(stmts):
        for s in stmts:
            sid = anno.get(s, Key.STATEMENT_ID)
            if isinstance(s, gast.While) and sid in record.traced_whiles or \
                    isinstance(s, gast.If) and sid in record.traced_ifs:
                assigned(s.body + s.orelse)
            for field in ("body", "orelse"):
                visit(getattr(s, field, []) or [])
    visit(fn.body)
    tapes = {}
    while found and _spread(fn.body, found, tapes, ns, frozenset()):
        pass
    return found


def _spread(stmts, found, tapes, ns, steady):
    """Add to `found` what is computed from it; True if anything was added.

    `steady`: names found that are steady here all the same, the targets of the
    loops around over a steady iterable (`for i in range(3)`, a second loop
    reusing the name a loop under a traced `if` bound) that nothing else in
    the body assigns.

    `tapes` follows a list of tuples filled by `t = list_append(t, (a, b))`
    outside any undecided condition (reverse mode's tape of a loop) position
    by position: {name: ("list" | "tuple", unsteady positions)}. Its length is
    steady; a `while`'s inner tape in it leaves the loop's other saved values
    (a branch's condition) steady when the gradient reads them back
    (`t_j = t[j]; a, c, inner = t_j`). Any other read of it is unsteady."""
    changed = False

    def unsteady_read(value):
        return any(n.id in found and n.id not in steady or n.id in tapes and tapes[n.id][1]
                   for n in name_nodes(value))

    def add(names):
        nonlocal changed
        for n in names:
            if n not in found:
                found.add(n)
                changed = True

    def note_tape(name, kind, positions):
        nonlocal changed
        if name in found:
            return   # (followed as a whole already: noting it again would never end)
        old = tapes.get(name, (kind, frozenset()))
        if old[0] != kind:
            add([name])
        elif name not in tapes or not positions <= old[1]:
            tapes[name] = (kind, old[1] | positions)
            changed = True

    for s in stmts:
        if isinstance(s, gast.Assign) and not _shape_only(s.value, ns):
            target, value = s.targets[0], s.value
            tape = _tape_read(target, value, tapes, found)
            if tape is None:
                if unsteady_read(value):
                    add(stored(target))
            elif tape[0] == "append":
                note_tape(target.id, "list", frozenset(
                    k for k, e in enumerate(value.args[1].elts) if unsteady_read(e)))
            elif tape[0] == "index":
                if unsteady_read(value.slice):
                    add([target.id])
                else:
                    note_tape(target.id, "tuple", tapes[value.value.id][1])
            elif tape[0] == "unpack":
                add(target.elts[k].id for k in tapes[value.id][1])
        inner = steady
        if isinstance(s, gast.If) and unsteady_read(s.test):
            # (the probe saw one outcome of this test: what its branches assign
            # depends on it, as `if returned:` after a loop a traced `if` left;
            # a shape is the same on every path)
            add(n for a in walk(gast.Module(body=s.body + s.orelse, type_ignores=[]))
                if isinstance(a, gast.Assign) and not _shape_only(a.value, ns)
                for n in stored(a.targets[0]))
        if isinstance(s, gast.For):
            targets = set(stored(s.target))
            if unsteady_read(s.iter):   # a loop over a tape of unsteady length
                add(targets)
                inner = steady - targets
            elif not targets & _stored_in(s.body):
                inner = steady | targets
            else:
                inner = steady - targets
        for field in ("body", "orelse"):
            block = getattr(s, field, None) or []
            if isinstance(block, list):
                changed |= _spread(block, found, tapes, ns, inner if field == "body" else steady)
    for name in [n for n in tapes if n in found]:
        del tapes[name]
    return changed


def _tape_read(target, value, tapes, found):
    """How `target = value` fills or reads a tape followed position by position:
    ("append",) `t = list_append(t, (a, b))`, ("index",) `e = t[j]`, ("unpack",)
    `a, b = e`, ("length",) `n = len(t)` (or `zip_length(t, t_dot)`); None for
    anything else."""
    def tape(node, kind):
        return isinstance(node, gast.Name) and node.id in tapes and tapes[node.id][0] == kind
    if isinstance(target, gast.Name) and is_list_append(value) \
            and isinstance(value.args[0], gast.Name) and value.args[0].id == target.id \
            and isinstance(value.args[1], gast.Tuple) and target.id not in found:
        return ("append",)
    if isinstance(target, gast.Name) and isinstance(value, gast.Subscript) \
            and tape(value.value, "list"):
        return ("index",)
    if isinstance(target, gast.Tuple) and all(isinstance(e, gast.Name) for e in target.elts) \
            and tape(value, "tuple") and max(tapes[value.id][1], default=-1) < len(target.elts):
        return ("unpack",)
    if isinstance(target, gast.Name) and isinstance(value, gast.Call) \
            and isinstance(value.func, gast.Name) and value.func.id in ("len", "zip_length") \
            and value.args and all(tape(a, "list") or isinstance(a, gast.Name) and a.id not in found
                                   for a in value.args):
        return ("length",)
    return None


def _stored_in(stmts):
    return {n.id for n in name_nodes(stmts) if isinstance(n.ctx, gast.Store)}


SHAPE_FUNCTIONS = ("shape", "ndim", "size")


def _shape_only(value, ns):
    """`jnp.shape(x)`, `x.ndim`, a vjp rule's axes helper (`reduced_shape`): the
    same at every pass of a loop whose first two passes (the probe's) saw it
    the same, since shapes follow from shapes. (Where the two differ the
    probe's record is not a constant anyway.)"""
    if isinstance(value, gast.Attribute):
        return value.attr in SHAPE_FUNCTIONS
    if not isinstance(value, gast.Call):
        return False
    func = value.func
    if isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name) \
            and func.value.id == JNP:
        return func.attr in SHAPE_FUNCTIONS
    if isinstance(func, gast.Name):
        try:
            obj = ns.lookup(func.id)
        except KeyError:
            return False
        return any(obj is helper for helper in SHAPE_HELPERS)
    return False
