"""What simplify's steps know of a function without walking it again: its
census (how often each name is read and bound, what nested functions read,
each assigned value's purity, names and sharing key), and what makes an
expression pure. Taken once, shared by the steps until one changes the tree,
and kept up to date by copy propagation (s2s/passes/simplify.py)."""
import collections

import gast

from .. import runtime
from ..nodes import BLOCK_FIELDS, dump_key, walk
from ..template import JNP
from .resolve import AT_METHODS

_AST = gast.AST

# Python builtins generated code calls for their value only (with runtime's pure helpers)
PURE_BUILTINS = frozenset({"len", "range", "zip", "enumerate", "reversed"})


class Census:
    """What simplify's steps ask of the whole function: how often each name is
    read (`reads`) and bound (`counts`, definitions and parameters included),
    the names nested functions and lambdas read (`closed`: they may run
    anywhere), the function definitions (`functions`: [fn], or None where fn
    defines others: remove_dead_stores then finds them in its own order) and
    whether a `global` or `nonlocal` is there (`scoped`), and facts about each
    assigned value (purity, the names it reads, its key for sharing). One
    visit of each node: statement by statement, so that an assignment's
    value is walked once for the counts and its facts.

    A census is true of the tree it was taken of: the steps share one until
    a step changes the tree, which makes it stale (a step that finds nothing
    leaves the tree as it was)."""

    def __init__(self, fn):
        self.counts, self.reads = collections.Counter(), collections.Counter()
        self.functions, self.scoped = [], False
        self._values = {}   # id(value) -> [value, pure, shareable, names read, key]
        self._nested = []
        self.stale = False
        self.emptied = False   # (propagate_copies left a block with nothing to run)
        self._statement(fn, fn)
        self.closed = {n.id for d in self._nested for n in walk(d) if isinstance(n, gast.Name)}
        if len(self.functions) > 1:
            self.functions = None

    def _statement(self, s, fn):
        if isinstance(s, gast.Assign):
            for target in s.targets:
                self._count(walk(target))
            nodes = list(walk(s.value))
            self._count(nodes)
            self._values[id(s.value)] = _facts(s.value, nodes)
            return
        if isinstance(s, gast.FunctionDef):
            self.counts[s.name] += 1
            self.functions.append(s)
            if s is not fn:
                self._nested.append(s)
        elif isinstance(s, (gast.Global, gast.Nonlocal)):
            self.scoped = True
        for field in s._fields:   # (statements, and the handlers and cases that hold them)
            value = getattr(s, field, None)
            if field in _HOLDING_STATEMENTS:
                for inner in value or ():
                    self._statement(inner, fn)
            elif isinstance(value, _AST):
                self._count(walk(value))
            elif value.__class__ is list:
                for item in value:
                    if isinstance(item, _AST):
                        self._count(walk(item))

    def _count(self, nodes):
        reads, counts = self.reads, self.counts
        for n in nodes:
            if isinstance(n, gast.Name):
                if isinstance(n.ctx, gast.Load):
                    reads[n.id] += 1
                elif isinstance(n.ctx, (gast.Store, gast.Param)):
                    counts[n.id] += 1
            elif isinstance(n, gast.Lambda):
                self._nested.append(n)

    def copies_gone(self, renames, moved, removed):
        """Keep the census true of the tree propagate_copies left: the loads
        `moved` from each name to its final name, the copies `removed`; the
        facts of every value that read a renamed name are dropped (made
        again when asked). Where that cannot be followed exactly (a name a
        nested function reads, a node the tree holds twice, a copy chain
        that loops) the census is `stale`: the next step takes a new one."""
        if not self.closed.isdisjoint(renames):
            self.stale = True
            return
        reads, counts = self.reads, self.counts
        for (old, new), k in moved.items():
            reads[old] -= k
            reads[new] += k
        for s in removed:
            if len(s.targets) != 1 or not isinstance(s.value, gast.Name):
                self.stale = True
                return
            counts[s.targets[0].id] -= 1
            reads[s.value.id] -= 1
            self._values.pop(id(s.value), None)
        for table in (reads, counts):
            for name, k in [(n, k) for n, k in table.items() if k <= 0]:
                if k < 0:
                    self.stale = True
                    return
                del table[name]
        if any(reads.get(a) or counts.get(a) for a in renames):
            self.stale = True
            return
        stale = [k for k, got in self._values.items() if not renames.keys().isdisjoint(got[3])]
        for k in stale:
            del self._values[k]

    def _facts(self, value):
        got = self._values.get(id(value))
        if got is None or got[0] is not value:   # (holding the node keeps its id its own)
            got = self._values[id(value)] = _facts(value, list(walk(value)))
        return got

    def is_pure(self, value):
        return self._facts(value)[1]

    def loads(self, value):
        """The names `value` reads, where it stores none (else None)."""
        got = self._facts(value)
        return got[3] if got[5] else None

    def signature(self, value):
        """(its node class, the names it reads) of a pure value free of fresh
        mutable objects (what share_repeated may reuse), else None: two values
        of one key have one signature, and a signature costs no key."""
        got = self._facts(value)
        return (value.__class__, got[3]) if got[2] else None

    def key(self, value):
        """dump_key(value) of a value that has a signature."""
        got = self._facts(value)
        if got[4] is None:
            got[4] = dump_key(value)
        return got[4]


_HOLDING_STATEMENTS = frozenset(BLOCK_FIELDS)


def _facts(value, nodes):
    """[value, pure, shareable, names read, key (None until asked), whether each
    of them is a load] of a value whose nodes these are; shareable: pure, and
    no fresh mutable object (`[]`, `{}`) made in it. (A comprehension's or a
    lambda's own names are not loads.)"""
    pure = _pure(nodes)
    shareable = pure and not any(isinstance(n, (gast.List, gast.Dict)) for n in nodes)
    names = [n for n in nodes if isinstance(n, gast.Name)]
    return [value, pure, shareable, frozenset(n.id for n in names), None,
            all(isinstance(n.ctx, gast.Load) for n in names)]


def is_pure(value):
    """No effects and always the same result for the same operands."""
    return _pure(walk(value))


def _pure(nodes):
    """is_pure of the value whose nodes these are."""
    for n in nodes:
        if isinstance(n, gast.Call):
            f = n.func
            jnp_call = (isinstance(f, gast.Attribute) and isinstance(f.value, gast.Name)
                        and f.value.id == JNP)
            at_call = isinstance(f, gast.Attribute) and f.attr in AT_METHODS \
                and isinstance(f.value, gast.Subscript)
            helper = isinstance(f, gast.Name) and (f.id in PURE_BUILTINS or f.id in runtime.PURE_HELPERS)
            if not (jnp_call or at_call or helper):
                return False
        elif isinstance(n, (gast.Lambda, gast.IfExp, gast.BoolOp)):
            return False
    return True
