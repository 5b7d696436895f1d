"""Tuples a pullback packs only to hand on: the cotangent of an unpacking
(`w, b = params_i`) is packed into a tuple line of its own, and a person
would write the tuple where it is read.

- packed for one call: `params_i_bar = (w_bar, b_bar)` then
  `params_bar = add_at(params_bar, i, params_i_bar)` becomes
  `params_bar = add_at(params_bar, i, (w_bar, b_bar))`;
- packed to be taken apart again: `body_bar = (carry_bar, y_bar)` then
  `c_bar = body_bar[0]` and `pow_bar = body_bar[1]` become `c_bar = carry_bar`
  and `pow_bar = y_bar` (which simplify then reads through).

Only a derivative pass's lines (Key.DERIVATIVE) in one straight-line block
are touched, the tuple's parts names or constants not assigned again before
the reader: the reader gets the very same values, so nothing changes but
the text.
"""
import gast

from .. import anno
from ..anno import Key
from ..nodes import copy_tree, statements_in, walk
from . import simplify
from .liveness import assigned
from .scopes import blocks, name_counts

_SIMPLE = (gast.Assign, gast.Expr, gast.Return)


def run(fn, ctx):
    changed = False
    for f in [s for s in statements_in(fn) if isinstance(s, gast.FunctionDef)]:
        counts = _Counts(f)
        for block in blocks(f):
            changed |= _unpack_block(counts, block)
    return simplify.run(fn, ctx) if changed else fn


class _Counts:
    """How often each name of a function is read and stored, counted when first
    asked and again after a rewrite (most functions pack no tuple at all)."""

    def __init__(self, fn):
        self.fn, self.reads, self.stores = fn, None, None

    def read(self, name):
        if self.reads is None:
            self.reads, self.stores = name_counts(self.fn)
        return self.reads.get(name, 0)

    def stored(self, name):
        self.read(name)
        return self.stores.get(name, 0)

    def changed(self):
        self.reads = self.stores = None


def _unpack_block(counts, block):
    changed = False
    k = 0
    while k < len(block):
        if _hand_on(counts, block, k):
            del block[k]
            counts.changed()
            changed = True
        else:
            k += 1
    return changed


def _hand_on(counts, block, k):
    """Put the tuple block[k] packs where it is read, if that is all its use."""
    s = block[k]
    if not (isinstance(s, gast.Assign) and anno.get(s, Key.DERIVATIVE)
            and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Tuple)
            and all(isinstance(e, (gast.Name, gast.Constant)) for e in s.value.elts)):
        return False
    name, parts = s.targets[0].id, s.value.elts
    if counts.stored(name) != 1:
        return False
    uses = [(j, parent, field, index) for j in range(k + 1, len(block))
            for parent, field, index, n in _names(block[j]) if n.id == name]
    if len(uses) != counts.read(name) or not uses:
        return False   # (read elsewhere too: in a nested block, another function)
    last = max(j for j, *_ in uses)
    if any(not isinstance(block[j], _SIMPLE) for j, *_ in uses):
        return False
    written = set()
    for j in range(k + 1, last):
        written |= assigned([block[j]])
    if any(isinstance(e, gast.Name) and e.id in written for e in parts):
        return False
    if all(isinstance(p, gast.Subscript) and f == "value" and isinstance(p.ctx, gast.Load)
           and _constant_index(p, len(parts)) is not None for _, p, f, _ in uses):
        for _, p, _, _ in uses:
            _replace(block, p, copy_tree(parts[_constant_index(p, len(parts))]))
        return True
    if len(uses) != 1:
        return False
    (j, parent, field, index), = uses
    if j == k + 1 and isinstance(parent, gast.Call) and field == "args":
        parent.args[index] = s.value
        return True
    return False


def _constant_index(subscript, size):
    i = subscript.slice
    if isinstance(i, gast.Constant) and type(i.value) is int and -size <= i.value < size:
        return i.value % size
    return None


def _names(stmt):
    """(parent, field, index, Name) for each name `stmt` reads."""
    todo = [stmt]
    while todo:
        node = todo.pop()
        for field, value in gast.iter_fields(node):
            items = value if isinstance(value, list) else [value]
            for index, child in enumerate(items):
                if not isinstance(child, gast.AST):
                    continue
                if isinstance(child, gast.Name) and isinstance(child.ctx, gast.Load):
                    yield node, field, index if isinstance(value, list) else None, child
                todo.append(child)


def _replace(block, old, new):
    """Put `new` where the node `old` is, in the statements of `block`."""
    for stmt in block:
        for node in walk(stmt):
            for field, value in gast.iter_fields(node):
                if value is old:
                    setattr(node, field, new)
                    return
                if isinstance(value, list):
                    for i, item in enumerate(value):
                        if item is old:
                            value[i] = new
                            return
