"""Write what the probe saw as constants where they are read (vmap's tidy step).

The batch pass stores a shape, a size or a count that the probe saw, the same
for every example, as a constant (`shape = (3,)`, `n_1 = 1`: the PROBED
assignments). Here those constants go into the lines that read them, and so
does what is computed from them alone (`last = n_1 - 1` is 0); a loop over
`range(1)` becomes its body and one over `range(0)` goes. Simplify then drops
the assignments nobody reads, and a per-example gradient reads like code a
person would write for these shapes: no one-trip loop, no `size // size_1`.
A gradient's checks of its output's shape and dtype go too: the probe ran
them, and every example has the shapes and dtypes it saw.

Exact: the generated code is built for one signature of arguments (their
shapes and structure), and these values follow from the signature alone.
"""
import operator

import gast

from .. import anno
from ..anno import Key
from ..nodes import walk
from .scopes import name_counts
from . import simplify

_BINARY = {gast.Add: operator.add, gast.Sub: operator.sub, gast.Mult: operator.mul,
           gast.FloorDiv: operator.floordiv, gast.Mod: operator.mod}


def run(fn, ctx):
    reads, stores = name_counts(fn)
    known = {}
    checks = _drop_checks(fn.body, reads)
    fn.body = _fold_block(fn.body, known, stores)
    return simplify.run(fn, ctx) if known or checks else fn


def _drop_checks(block, reads):
    """A gradient's checks of its output's shape and dtype (`check_real(v)`, an
    unread `r = grad_seed(total)`) go: the probe ran them on one example, and
    every example has its shape and dtype. How many went."""
    kept = [s for s in block if not _is_check(s, reads)]
    dropped = len(block) - len(kept)
    block[:] = kept or [gast.Pass()]
    for s in block:
        if not isinstance(s, gast.FunctionDef):
            for field in ("body", "orelse"):
                if getattr(s, field, None):
                    dropped += _drop_checks(getattr(s, field), reads)
    return dropped


def _is_check(s, reads):
    if isinstance(s, gast.Expr):
        return _helper_call(s.value, "check_real")
    return isinstance(s, gast.Assign) and len(s.targets) == 1 \
        and isinstance(s.targets[0], gast.Name) and not reads.get(s.targets[0].id) \
        and _helper_call(s.value, "grad_seed")


def _helper_call(e, name):
    return isinstance(e, gast.Call) and isinstance(e.func, gast.Name) and e.func.id == name


def _fold_block(block, known, stores):
    """The block with known names read as their values, in program order (a
    name assigned once keeps one value for as long as it is read)."""
    out = []
    for s in block:
        if isinstance(s, gast.FunctionDef):
            out.append(s)
            continue
        _substitute(s, known)
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name) and stores.get(s.targets[0].id) == 1:
            value = _evaluated(s.value)
            if value is not None and (anno.get(s, Key.PROBED, False) or _derived(s)):
                known[s.targets[0].id] = value
        if isinstance(s, gast.For):
            trips = _range_trips(s)
            if trips == 0 and not s.orelse:
                continue
            if trips == 1 and not s.orelse and isinstance(s.target, gast.Name) \
                    and stores.get(s.target.id) == 1 and not _leaves_loop(s.body):
                first = anno.copy_location(gast.Assign(
                    targets=[s.target], value=gast.Constant(value=0, kind=None),
                    type_comment=None), s)
                anno.put(first, Key.PROBED, True)
                out.extend(_fold_block([first] + s.body, known, stores))
                continue
        for field in ("body", "orelse"):
            inner = getattr(s, field, None)
            if inner:
                setattr(s, field, _fold_block(inner, known, stores))
        out.append(s)
    return out or [gast.Pass()]


def _substitute(s, known):
    """Reads of known names in `s` (its own expressions, not its inner blocks)
    become their values."""
    for field, value in gast.iter_fields(s):
        if field in ("body", "orelse"):
            continue
        nodes = value if isinstance(value, list) else [value]
        for node in nodes:
            if isinstance(node, gast.AST):
                _replace_names(node, known)


def _replace_names(node, known):
    for parent in walk(node):
        for field, value in gast.iter_fields(parent):
            if isinstance(value, list):
                for k, v in enumerate(value):
                    if _is_known_read(v, known):
                        value[k] = _literal(known[v.id])
            elif _is_known_read(value, known):
                setattr(parent, field, _literal(known[value.id]))


def _is_known_read(node, known):
    return isinstance(node, gast.Name) and isinstance(node.ctx, gast.Load) and node.id in known


def _derived(s):
    """An assignment the substitution left with only literals and arithmetic
    (`last = 1 - 1`): computed from what the probe saw."""
    return isinstance(s.value, (gast.BinOp, gast.UnaryOp, gast.Subscript))


def _evaluated(e):
    """The Python value of a literal, a tuple of literals or integer arithmetic
    on them; else None."""
    if isinstance(e, gast.Constant) and type(e.value) in (int, float, bool):
        return e.value
    if isinstance(e, gast.Tuple):
        items = [_evaluated(x) for x in e.elts]
        return None if any(i is None or type(i) is not int for i in items) else tuple(items)
    if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
        v = _evaluated(e.operand)
        return -v if type(v) is int else None
    if isinstance(e, gast.BinOp) and type(e.op) in _BINARY:
        a, b = _evaluated(e.left), _evaluated(e.right)
        if type(a) is int and type(b) is int and not (b == 0 and type(e.op) in
                                                        (gast.FloorDiv, gast.Mod)):
            return _BINARY[type(e.op)](a, b)
        return None
    if isinstance(e, gast.Subscript):
        xs, k = _evaluated(e.value), _evaluated(e.slice)
        if isinstance(xs, tuple) and type(k) is int and -len(xs) <= k < len(xs):
            return xs[k]
    return None


def _literal(value):
    if isinstance(value, tuple):
        return gast.Tuple(elts=[_literal(v) for v in value], ctx=gast.Load())
    if type(value) is int and value < 0:
        return gast.UnaryOp(op=gast.USub(), operand=gast.Constant(value=-value, kind=None))
    return gast.Constant(value=value, kind=None)


def _range_trips(loop):
    """How often `for i in range(n)` runs, where n is a literal now; else None."""
    it = loop.iter
    if not (isinstance(it, gast.Call) and isinstance(it.func, gast.Name)
            and it.func.id == "range" and len(it.args) == 1 and not it.keywords):
        return None
    n = _evaluated(it.args[0])
    return max(n, 0) if type(n) is int else None


def _leaves_loop(body):
    """A `break` or `continue` of this loop (not of a loop inside it)."""
    for s in body:
        if isinstance(s, (gast.Break, gast.Continue)):
            return True
        if isinstance(s, (gast.For, gast.While, gast.FunctionDef)):
            continue
        for field in ("body", "orelse", "handlers", "finalbody"):
            inner = getattr(s, field, None)
            if inner and _leaves_loop(inner):
                return True
    return False
