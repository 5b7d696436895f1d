"""Batchedness: which values carry a batch axis (the batch pass's analysis).

Flow-insensitive, like activity (s2s/passes/activity.py), iterated to a fixed
point: a name assigned a batched value anywhere is batched everywhere, and so
is every name assigned under an `if` or `while` whose condition is batched.
Lists and tuples are followed leaf by leaf as patterns (see `Batchedness`).
A value the probe saw as a Python constant (a shape, a count) is the same
for every example: not batched, unless the probe saw only one of its
possible values (s2s/passes/batchedness_steady.py).
"""
import gast
import numpy as np
from jax import lax

from .. import anno
from ..anno import Key
from ..errors import S2SError
from ..nodes import name_nodes
from ..rules.collectives import BATCHED_RESULT
from ..rules.shape import SHAPE_QUERIES
from .batchedness_steady import _shape_only, _unsteady, prune_unreached, stored
from .probe_record import Info
from .resolve import CallKind, callee
from .scopes import local_names, params

# What other modules use (prune_unreached and stored live in
# s2s/passes/batchedness_steady.py, with the steadiness the analysis asks about).
__all__ = ["Batchedness", "called_primitive", "tuple_pattern", "list_pattern", "join",
           "element", "is_constant", "literal", "constant_node", "stored", "iterated",
           "prune_unreached"]


class Batchedness:
    """Which names hold batched values (flow-insensitive, to a fixed point).

    A name assigned a batched value anywhere is batched everywhere; so is
    every name assigned under an `if` or `while` whose condition is batched,
    because after the merge it differs between examples. Tuples and lists
    are followed element by element: a tape of `(x, i, w)` with only `x`
    batched keeps the loop index `i` and the weights `w` as they are.

    A pattern is False (not batched), True (every leaf batched),
    ("tuple", (pattern, ...)) or ("list", pattern of every element).
    """

    def __init__(self, fn, ns, batched_params, record, axis_name=None):
        self.fn, self.ns, self.record = fn, ns, record
        self.axis_name = axis_name
        self.locals = local_names(fn) | set(params(fn))
        self.patterns = {n: True for n in batched_params}
        self._batched = set(self.patterns)   # (kept up to date by set_pattern)
        self.unsteady = _unsteady(fn, record, ns)
        changed = True
        while changed:
            before = dict(self.patterns)
            self._block(fn.body, under_batched=False)
            changed = before != self.patterns

    @property
    def batched(self):
        """The names whose pattern is not False (asked for at every name the
        batch pass rewrites: kept as patterns change, never rebuilt)."""
        return self._batched

    def set_pattern(self, name, pattern):
        self.patterns[name] = pattern
        if pattern is False:
            self._batched.discard(name)
        else:
            self._batched.add(name)

    def store(self, target, pattern):
        if pattern is False:
            return
        if isinstance(target, gast.Name):
            self.set_pattern(target.id, join(self.patterns.get(target.id, False), pattern))
            return
        for i, e in enumerate(target.elts):
            self.store(e, element(pattern, i))

    def _block(self, stmts, under_batched):
        for s in stmts:
            if isinstance(s, gast.Assign):
                if under_batched:
                    for n in stored(s.targets[0]):
                        self.set_pattern(n, True)
                else:
                    self.store(s.targets[0], self.pattern(s.value, s))
            elif isinstance(s, (gast.If, gast.While)):
                inner = under_batched or (self.is_batched(s.test)
                                          and not self.length_test(s))
                self._block(s.body, inner)
                self._block(s.orelse, inner)
            elif isinstance(s, gast.For):
                if self.is_batched(s.iter):
                    self.store(s.target, element(self.pattern(iterated(s.iter), s), None))
                self._block(s.body, under_batched)

    def pattern(self, value, stmt):
        """Which leaves of this (normalized) value are batched."""
        if isinstance(value, gast.Name):
            return self.patterns.get(value.id, False)
        if isinstance(value, gast.Tuple):
            return tuple_pattern(tuple(self.pattern(e, stmt) for e in value.elts))
        if isinstance(value, gast.List):
            joined = False
            for e in value.elts:
                joined = join(joined, self.pattern(e, stmt))
            return list_pattern(joined)
        if isinstance(value, gast.Subscript) and not self.is_batched(value.slice):
            index = value.slice.value if isinstance(value.slice, gast.Constant) else None
            return element(self.pattern(value.value, stmt), index)
        if isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
                and value.func.id in ("len", "zip_length") and value.func.id not in self.locals:
            return False   # every example has the same length (a batched loop runs for all)
        if isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
                and value.func.id == "list_append" and len(value.args) == 2:
            xs, v = value.args
            joined = join(element(self.pattern(xs, stmt), None), self.pattern(v, stmt))
            return list_pattern(joined)
        return self.value_batched(value, stmt)

    def length_test(self, stmt):
        """`if args:` on a tuple or list: its truth is its length, the same for
        every example (s2s/passes/batch_control.py picks the branch)."""
        test = stmt.test
        if not isinstance(test, gast.Name) or test.id in self.unsteady:
            return False
        seen = self.record.info(anno.get(stmt, Key.STATEMENT_ID), test.id, "in")
        return seen is not None and seen.kind == "tree" and seen.container in (tuple, list, dict)

    def is_batched(self, node):
        patterns = self.patterns
        return any(patterns.get(n.id, False) is not False for n in name_nodes(node))

    def value_batched(self, value, stmt):
        if self.over_the_batch(value):
            return True
        if not self.is_batched(value):
            return False
        if self.shape_query(value):
            return False   # (every example's is the same)
        return not self.constant(stmt)

    def shape_query(self, value):
        """`x.shape`, `jnp.size(x)`, ...: what one example's shape is."""
        if isinstance(value, gast.Attribute):
            return value.attr in ("dtype", "ndim", "shape", "size")
        return called_primitive(value, self.ns, self.locals) in SHAPE_QUERIES

    def over_the_batch(self, value):
        """`lax.axis_index("i")`, `lax.all_gather(x, "i")`: a collective whose
        value differs between examples (s2s/rules/collectives.py); the index
        along another vmap's axis is every example's."""
        fn = called_primitive(value, self.ns, self.locals)
        if fn not in BATCHED_RESULT:
            return False
        named = value.args[0] if value.args else None
        return fn is not lax.axis_index or not isinstance(named, gast.Constant) \
            or named.value == self.axis_name

    def constant(self, stmt):
        """The value the probe saw this assignment store, when it is a Python
        constant (a shape, a count): the same for every example."""
        if not isinstance(stmt, gast.Assign):
            return None
        if not _shape_only(stmt.value, self.ns) and any(
                n.id in self.unsteady for n in name_nodes(stmt)):
            return None   # the probe saw one of its possible values, not the value
        target = stmt.targets[0]
        if not isinstance(target, gast.Name) and not (
                isinstance(target, gast.Tuple)
                and all(isinstance(e, gast.Name) for e in target.elts)):
            return None
        if isinstance(stmt.value, gast.Call):
            c = callee(stmt.value, self.ns, self.locals)
            if c.kind == CallKind.USER:
                return None   # a user function's result: its own batched code decides
        for n in name_nodes(stmt.value):
            if n.id in self.batched:
                seen = self.record.info(anno.get(stmt, Key.STATEMENT_ID), n.id, "in")
                if seen is None or seen.kind not in ("array", "tree") and not (
                        seen.kind == "value" and isinstance(seen.value, (type, np.dtype))):
                    return None   # a Python number that differs between examples (i + 1)
        names = [target] if isinstance(target, gast.Name) else target.elts
        infos = [self.record.info(anno.get(stmt, Key.STATEMENT_ID), n.id, "out") for n in names]
        if any(i is None or not is_constant(i) for i in infos):
            return None
        if isinstance(target, gast.Name):
            return infos[0]
        return Info("tree", container=tuple, children=infos)


def called_primitive(value, ns, locals_):
    """The function of the rules table `value` calls (`lax.psum`), else None."""
    if not isinstance(value, gast.Call):
        return None
    try:
        c = callee(value, ns, locals_)
    except S2SError:
        return None
    return c.obj.fn if c.kind == CallKind.PRIM and c.obj is not None else None


def tuple_pattern(parts):
    if all(p is False for p in parts):
        return False
    if all(p is True for p in parts):
        return True
    return ("tuple", parts)


def list_pattern(items):
    return items if items is False or items is True else ("list", items)


def join(a, b):
    """The pattern of a name that holds values of patterns a and b."""
    if a is False:
        return b
    if b is False or a == b:
        return a
    if a is True or b is True:
        return True
    if a[0] == b[0] == "tuple" and len(a[1]) == len(b[1]):
        return tuple_pattern(tuple(join(x, y) for x, y in zip(a[1], b[1])))
    if a[0] == b[0] == "list":
        return list_pattern(join(a[1], b[1]))
    return True


def element(pattern, index):
    """The pattern of item `index` (None: any item) of a value of this pattern."""
    if pattern is True or pattern is False:
        return pattern
    if pattern[0] == "list":
        return pattern[1]
    if isinstance(index, int) and -len(pattern[1]) <= index < len(pattern[1]):
        return pattern[1][index]
    joined = False
    for p in pattern[1]:
        joined = join(joined, p)
    return joined


def is_constant(info):
    if info.kind == "value":
        return literal(info.value)
    if info.kind == "tree" and info.container in (tuple, list):
        return all(is_constant(c) for c in info.children)
    return False


def literal(v):
    return v is None or type(v) in (int, float, bool, str)


def constant_node(info):
    if info.kind == "value":
        return gast.Constant(value=info.value, kind=None)
    elts = [constant_node(c) for c in info.children]
    return (gast.Tuple if info.container is tuple else gast.List)(elts=elts, ctx=gast.Load())


def iterated(node):
    """`xs` of `for ... in xs` or `in reversed(xs)`."""
    if isinstance(node, gast.Call) and node.args:
        return node.args[0]
    return node
