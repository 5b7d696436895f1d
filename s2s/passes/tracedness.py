"""Tracedness: which names hold traced values when the function runs under jit.

Under `jax.jit` every argument that is not static is a tracer, and so is
every value computed from one. Since JAX stages every `jnp` call into the
program ("omnistaging"), even `jnp.zeros(3)` is a tracer. What stays a
concrete Python value: constants, static arguments, arithmetic on those,
and what describes a value rather than being it: `x.shape`, `x.ndim`,
`x.dtype`, `len(x)`, `jnp.shape(x)`.

Control flow counts too: a name assigned inside an `if` on a traced value is
the result of a `lax.cond`, hence traced; a name assigned inside a loop that
becomes a `lax` loop is part of its carry, and the loop's counter is traced.

The analysis is flow-insensitive (one answer per name, iterated to a fixed
point) and errs towards "traced": converting control flow on a value that
turns out concrete costs nothing, since the runtime helpers run a plain
Python `if`/loop when the condition is concrete (s2s/control_flow.py).
"""
import gast

from ..nodes import walk
from ..rules.runtime_helpers import SHAPE_HELPERS
from ..template import JNP
from .scopes import params

# Attributes and functions that describe a value (concrete even for a tracer).
STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size"})
STATIC_JNP = frozenset({"shape", "ndim", "size", "result_type", "issubdtype", "dtype",
                        "iinfo", "finfo", "promote_types", "can_cast", "isdtype"})
STATIC_BUILTINS = frozenset({"len", "isinstance", "type", "callable", "hasattr", "range",
                             "zip_length", "dict_keys"} | {h.__name__ for h in SHAPE_HELPERS})

class Tracedness:
    """The traced names of one function, given which parameters are static."""

    def __init__(self, fn, static_params=(), unroll=32, outer=frozenset()):
        self.fn = fn
        self.unroll = unroll   # a literal `range` of at most this many steps stays Python
        self.traced = {p for p in params(fn) if p not in set(static_params)} | set(outer)
        changed = True
        while changed:
            before = len(self.traced)
            self._block(fn.body, under_traced=False)
            changed = len(self.traced) != before

    # -- what the pass asks -------------------------------------------------------------

    def is_traced(self, node):
        """Is the value of this (normalized) expression traced under jit?"""
        if isinstance(node, gast.Name):
            return node.id in self.traced
        if isinstance(node, gast.Constant):
            return False
        if isinstance(node, gast.Attribute):
            if node.attr in STATIC_ATTRIBUTES:
                return False
            return self.is_traced(node.value)
        if isinstance(node, gast.Call):
            return self._call_traced(node)
        if isinstance(node, gast.Lambda):
            return False
        if isinstance(node, gast.Compare) and all(isinstance(op, (gast.Is, gast.IsNot))
                                                   for op in node.ops):
            return False   # `where is None`: identity is a Python bool, traced operands too
        return any(self.is_traced(child) for child in gast.iter_child_nodes(node)
                   if isinstance(child, gast.expr))

    def nested(self, fdef):
        """The analysis of a function defined inside this one (a pullback): its
        parameters are traced, and so are the names it reads from here."""
        return Tracedness(fdef, (), self.unroll, outer=self.traced)

    def converts_if(self, s):
        return self.is_traced(s.test)

    def converts_while(self, s):
        """A `while c:` on a traced `c`, or a `while True:` left by a break on a traced value."""
        return self.is_traced(s.test) or self.breaks_on_traced(s)

    def breaks_on_traced(self, loop):
        """Does a `break` of this loop sit under an `if` on a traced value?"""
        return any(self.is_traced(t) for t in _break_conditions(loop.body))

    def converts_for(self, s):
        """A counted loop whose trip count is computed or long: `for_range` decides at
        trace time (a traced count is a `lax.fori_loop`, a short concrete one Python)."""
        bounds = range_bounds(s)
        if bounds is None:
            return False
        if all(isinstance(b, gast.Constant) and isinstance(b.value, int) for b in bounds):
            return len(range(*[b.value for b in bounds])) > self.unroll
        return True

    # -- the fixed point ----------------------------------------------------------------

    def _block(self, stmts, under_traced):
        for s in stmts:
            if isinstance(s, gast.FunctionDef):
                continue
            if isinstance(s, gast.If):
                inner = under_traced or self.converts_if(s)
                self._block(s.body, inner)
                self._block(s.orelse, inner)
            elif isinstance(s, gast.While):
                self._block(s.body, under_traced or self.converts_while(s))
            elif isinstance(s, gast.For):
                converted = self.converts_for(s)
                if converted or under_traced or self.is_traced(s.iter):
                    self._store(s.target)
                self._block(s.body, under_traced or converted)
            elif isinstance(s, gast.Assign):
                if under_traced or self.is_traced(s.value):
                    for t in s.targets:
                        self._store(t)
            elif isinstance(s, gast.AugAssign):
                if under_traced or self.is_traced(s.value):
                    self._store(s.target)

    def _store(self, target):
        for n in walk(target):
            if isinstance(n, gast.Name):
                self.traced.add(n.id)

    def _call_traced(self, call):
        func = call.func
        if isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name) \
                and func.value.id == JNP:
            return func.attr not in STATIC_JNP   # every other jnp call is staged
        if isinstance(func, gast.Name) and func.id in STATIC_BUILTINS:
            return False
        operands = list(call.args) + [k.value for k in call.keywords]
        return self.is_traced(func) or any(self.is_traced(a) for a in operands)


def range_bounds(loop):
    """(start, stop, step) nodes of `for i in range(...)`, or None for another loop."""
    it = loop.iter
    if not (isinstance(loop.target, gast.Name) and isinstance(it, gast.Call)
            and isinstance(it.func, gast.Name) and it.func.id == "range"
            and 1 <= len(it.args) <= 3 and not it.keywords):
        return None
    args = list(it.args)
    if len(args) == 1:
        args = [gast.Constant(value=0, kind=None)] + args
    if len(args) == 2:
        args.append(gast.Constant(value=1, kind=None))
    return tuple(args)


def _break_conditions(body):
    """Tests of the `if`s (outside inner loops) under which this loop's `break`s sit."""
    found = []

    def visit(stmts, tests):
        for s in stmts:
            if isinstance(s, gast.Break):
                found.extend(tests)
            elif isinstance(s, gast.If):
                visit(s.body, tests + [s.test])
                visit(s.orelse, tests + [s.test])
    visit(body, [])
    return found


# -- what a test means: booleans, and names bound to `not name` ----------------------------

def booleans(fn):
    """Names every assignment of which gives a bool (a comparison, `not`, ...)."""
    values = {}
    for node in walk(fn):
        if isinstance(node, gast.Assign) and isinstance(node.targets[0], gast.Name):
            values.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, (gast.For, gast.FunctionDef)) or (
                isinstance(node, gast.Assign) and not isinstance(node.targets[0], gast.Name)):
            for n in walk(node.target if isinstance(node, gast.For) else
                               node.targets[0] if isinstance(node, gast.Assign) else node.args):
                if isinstance(n, gast.Name):
                    values.setdefault(n.id, []).append(None)
    found, changed = set(), True
    while changed:
        changed = False
        for name, vs in values.items():
            if name not in found and all(v is not None and is_bool(v, found) for v in vs):
                found.add(name)
                changed = True
    return found


def is_bool(node, booleans):
    if isinstance(node, gast.Name):
        return node.id in booleans
    if isinstance(node, gast.Constant):
        return isinstance(node.value, bool)
    if isinstance(node, gast.Compare) or (isinstance(node, gast.UnaryOp)
                                          and isinstance(node.op, gast.Not)):
        return True
    if isinstance(node, gast.BoolOp):
        return all(is_bool(e, booleans) for e in node.values)
    if isinstance(node, gast.Call) and isinstance(node.func, gast.Attribute) \
            and node.func.attr in ("logical_and", "logical_or", "logical_not", "any", "all"):
        return True
    return False


def negations(fn):
    """{a: b} for each `a = not b` (reverse mode tests `not_ = not gt`)."""
    found = {}
    for node in walk(fn):
        if isinstance(node, gast.Assign) and isinstance(node.targets[0], gast.Name):
            v = node.value
            if isinstance(v, gast.UnaryOp) and isinstance(v.op, gast.Not) \
                    and isinstance(v.operand, gast.Name):
                found[node.targets[0].id] = v.operand.id
            elif isinstance(v, gast.Call) and isinstance(v.func, gast.Attribute) \
                    and v.func.attr == "logical_not" and len(v.args) == 1 \
                    and isinstance(v.args[0], gast.Name):
                found[node.targets[0].id] = v.args[0].id
    return found


def polarity(name, negations):
    """(the name a chain of `not`s starts from, whether the chain is even)."""
    sense, seen = True, set()
    while name in negations and name not in seen:
        seen.add(name)
        name, sense = negations[name], not sense
    return name, sense


def test_sense(test, name, negations):
    """Whether `if test:` is `if name:` (True), `if not name:` (False), or
    another test (None), through `not` and names bound to `not name`."""
    flip = False
    while isinstance(test, gast.UnaryOp) and isinstance(test.op, gast.Not):
        test, flip = test.operand, not flip
    if not isinstance(test, gast.Name):
        return None
    root, sense = polarity(test.id, negations)
    other, other_sense = polarity(name, negations)
    if root != other:
        return None
    return (sense == other_sense) != flip
