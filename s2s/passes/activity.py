"""Activity: which variables carry a derivative.

A variable is active when its value depends, through differentiable operations,
on an input we differentiate with respect to. The analysis is flow-insensitive
(one answer per name, iterated to a fixed point over loops and branches): a
name that is active anywhere gets a tangent everywhere, and an inactive
assignment to it starts that tangent at zero. Comparisons, `x.shape`, `len`,
integer loop counters and other non-differentiable values stay inactive, so
their derivative code is never generated.
"""
import collections
import functools

import gast

from .. import rules
from ..nodes import statements_in, walk
from ..template import JNP
from .resolve import CallKind, AT_METHODS, _is_at, callee
from .scopes import local_functions, local_names, statements


class Activity:
    """Active names of one function scope, plus the calls it makes."""

    def __init__(self, fn, ns, active_params, outer_active=frozenset(),
                 outer_locals=frozenset()):
        self.fn = fn
        self.ns = ns
        self.locals = local_names(fn)
        self.visible = self.locals | set(outer_locals)
        self.functions = local_functions(fn)
        self.outer_active = set(outer_active) - self.locals
        self.active = set(active_params) | self.outer_active
        self.closing_over = {}   # nested function name -> reads active outer names
        # a tape of tuples (`tape.append((h, w, slope))`): which items are active,
        # so that unpacking it (`for h, w, slope in reversed(tape)`) leaves the
        # others inactive (a constant saved beside arrays stays a constant)
        self.tuple_lists = _tuple_lists(fn)
        self.active_items = {name: set() for name in self.tuple_lists}
        self._solve()

    @functools.cached_property
    def loop_counters(self):
        """Names that count a loop: `for i in range(...)`, `for i, v in enumerate(...)`."""
        return _counters(self.fn)

    def is_active(self, node):
        if isinstance(node, gast.Name):
            return node.id in self.active
        if isinstance(node, (gast.Tuple, gast.List)):
            return any(self.is_active(e) for e in node.elts)
        return False

    def _solve(self):
        changed = True
        while changed:
            before = (set(self.active), dict(self.closing_over),
                      {k: set(v) for k, v in self.active_items.items()})
            for fdef in _own(self.fn, gast.FunctionDef):
                self.closing_over[fdef.name] = bool(_free_names(fdef) & self.active)
            for node in _own(self.fn, (gast.Assign, gast.For, gast.Expr)):
                self._visit(node)
            changed = (set(self.active), dict(self.closing_over), self.active_items) != before

    def _visit(self, node):
        if isinstance(node, gast.Assign):
            if self.value_active(node.value):
                self.active |= _stored(node.targets[0])
            elif isinstance(node.value, gast.Name) and self.closing_over.get(node.value.id):
                for name in _stored(node.targets[0]):   # `gc = inner`: gc(x) reads what inner reads
                    self.closing_over[name] = True
        elif isinstance(node, gast.For):
            self._visit_for(node)
        elif isinstance(node, gast.Expr) and isinstance(node.value, gast.Call):
            call = node.value
            func = call.func
            if isinstance(func, gast.Attribute) and func.attr == "append" \
                    and isinstance(func.value, gast.Name) and any(map(self.is_active, call.args)):
                self.active.add(func.value.id)
                if func.value.id in self.tuple_lists:
                    self.active_items[func.value.id].update(
                        k for k, e in enumerate(call.args[0].elts) if self.is_active(e))

    def _visit_for(self, node):
        it = node.iter
        if isinstance(it, gast.Name):
            if self.is_active(it):
                self.active |= _stored(node.target)
            return
        if not isinstance(it, gast.Call) or not isinstance(it.func, gast.Name):
            return
        name = it.func.id
        if name == "reversed" and len(it.args) == 1:
            items = self.active_items.get(it.args[0].id) \
                if isinstance(it.args[0], gast.Name) else None
            if items is not None and isinstance(node.target, gast.Tuple):
                for k, target in enumerate(node.target.elts):
                    if k in items:
                        self.active |= _stored(target)
            elif self.is_active(it.args[0]):
                self.active |= _stored(node.target)
            return
        targets = node.target.elts if isinstance(node.target, gast.Tuple) else None
        if name == "enumerate" and targets and len(targets) == 2 and self.is_active(it.args[0]):
            self.active |= _stored(targets[1])
        elif name == "zip" and targets and len(targets) == len(it.args):
            for t, a in zip(targets, it.args):
                if self.is_active(a):
                    self.active |= _stored(t)
        elif name not in ("range", "enumerate", "zip") and self.value_active(it):
            self.active |= _stored(node.target)

    def value_active(self, v):
        """Does the value of this (normalized) expression carry a derivative?"""
        if isinstance(v, (gast.Name, gast.Tuple, gast.List)):
            return self.is_active(v)
        if isinstance(v, gast.Dict):
            return any(self.is_active(x) for x in v.values)
        if isinstance(v, gast.BinOp):
            prim = rules.for_operator(v.op)
            return prim.differentiable and (self.is_active(v.left) or self.is_active(v.right))
        if isinstance(v, gast.UnaryOp):
            prim = rules.for_operator(v.op)
            return prim.differentiable and self.is_active(v.operand)
        if isinstance(v, gast.Subscript):
            return self.is_active(v.value)
        if isinstance(v, gast.Call):
            return self._call_active(v)
        return False  # constants, comparisons, boolean ops, static attributes

    def _call_active(self, call):
        c = callee(call, self.ns, self.visible)
        operands = list(call.args) + [k.value for k in call.keywords]
        any_active = any(self.is_active(a) or (isinstance(a, gast.Name) and
                                               self.closing_over.get(a.id, False))
                         for a in operands)   # (tree_map(lambda_, t): lambda_ reads an active name)
        if c.kind == CallKind.PRIM:
            differentiable = c.obj is None or c.obj.differentiable
            return differentiable and any_active
        if c.kind == CallKind.AT:
            return any_active or self.is_active(call.func.value.value.value)
        if c.kind == CallKind.LOCAL:
            return any_active or self.closing_over.get(c.name, False)
        if c.kind == CallKind.USER:
            return any_active
        return False


def _counters(fn):
    found = set()
    for node in statements_in(fn):
        if isinstance(node, gast.For) and isinstance(node.iter, gast.Call) \
                and isinstance(node.iter.func, gast.Name):
            if node.iter.func.id == "range" and isinstance(node.target, gast.Name):
                found.add(node.target.id)
            elif node.iter.func.id == "enumerate" and isinstance(node.target, gast.Tuple) \
                    and isinstance(node.target.elts[0], gast.Name):
                found.add(node.target.elts[0].id)
    return found


def _tuple_lists(fn):
    """Lists whose every item is a tuple written in place: assigned only `[]`,
    changed only by `xs.append((a, b, ...))`, read otherwise only whole (no
    other method, no store into them)."""
    names = {n for n, vs in _assigned_values(fn).items()
             if all(isinstance(v, gast.List) and not v.elts for v in vs)}
    for node in walk(fn):
        if isinstance(node, gast.Attribute) and isinstance(node.value, gast.Name) \
                and node.value.id in names and node.attr != "append":
            names.discard(node.value.id)
        elif isinstance(node, gast.Call) and isinstance(node.func, gast.Attribute) \
                and node.func.attr == "append" and isinstance(node.func.value, gast.Name) \
                and not (len(node.args) == 1 and isinstance(node.args[0], gast.Tuple)):
            names.discard(node.func.value.id)
        elif isinstance(node, (gast.AugAssign, gast.For)):
            names -= _stored(node.target)
        elif isinstance(node, gast.Subscript) and isinstance(node.ctx, (gast.Store, gast.Del)):
            names -= _stored(node.value)
    return names


def _stored(target):
    return {n.id for n in walk(target) if isinstance(n, gast.Name)}


def _own(fn, kinds):
    """Nodes of the given kinds in fn's own body (nested defs themselves
    included, their bodies not)."""
    stack = collections.deque(fn.body)   # (first in, first out: a list's pop(0) is quadratic)
    while stack:
        node = stack.popleft()
        if isinstance(node, kinds):
            yield node
        if isinstance(node, gast.FunctionDef):
            continue
        for field in ("body", "orelse"):
            stack.extend(getattr(node, field, []) or [])


def _free_names(fdef):
    """Names a nested function reads but does not bind (its closure)."""
    inner = local_names(fdef)
    used = {n.id for n in walk(fdef) if isinstance(n, gast.Name)
            and isinstance(n.ctx, gast.Load)}
    for nested in walk(fdef):
        if isinstance(nested, gast.FunctionDef) and nested is not fdef:
            inner |= local_names(nested)
    return used - inner


# jnp functions whose result is a list or tuple of arrays, not an array:
# `jnp.split(x, 2)[1]` is an item of a list.
SEQUENCE_RESULTS = frozenset({
    "split", "array_split", "hsplit", "vsplit", "dsplit", "unstack", "meshgrid",
    "broadcast_arrays", "nonzero", "unravel_index", "ix_", "tril_indices", "triu_indices",
    "tril_indices_from", "triu_indices_from", "diag_indices", "diag_indices_from",
    "mask_indices"})


def certainly_array(v, arrays):
    """Is this value an array for certain: arithmetic, a jnp call (not one of
    SEQUENCE_RESULTS), an `.at` update, or a name (or item of a name) in `arrays`?"""
    return isinstance(v, (gast.BinOp, gast.UnaryOp)) \
        or (isinstance(v, gast.Call) and isinstance(v.func, gast.Attribute)
            and isinstance(v.func.value, gast.Name) and v.func.value.id == JNP
            and v.func.attr not in SEQUENCE_RESULTS) \
        or (isinstance(v, gast.Name) and v.id in arrays) \
        or (isinstance(v, gast.Subscript) and isinstance(v.value, gast.Name)
            and v.value.id in arrays) \
        or (isinstance(v, gast.Call) and isinstance(v.func, gast.Attribute)
            and v.func.attr in AT_METHODS and _is_at(v.func.value))


def array_names(fn, array_params, ns):
    """Names certainly holding arrays: results of jnp functions and arithmetic,
    and copies of them, except a name that may hold None (assigned None, or a
    copy of such a name: the value a loop returns, None until it does): its
    cotangent may be None, which a second reverse pass must add as such."""
    values = _assigned_values(fn)
    maybe_none = _maybe_none(values)
    return _grown(values, set(array_params), lambda name, assigned, arrays:
                  name not in maybe_none and any(certainly_array(v, arrays) for v in assigned))


def container_names(fn, tree_params):
    """Names taken to hold a tuple or list: pytree parameters, literal tuples
    and lists, copies of them, and their items (`for w, b in params`: a
    pytree's item unpacked is taken for a tuple, as it nearly always is).
    Unpacking one of these, its cotangent is the tuple of its parts'; any
    other value may be an array, which `unpacked_cotangent` asks when it runs."""
    return _grown(_assigned_values(fn), set(tree_params), lambda name, assigned, containers: all(
        isinstance(v, (gast.Tuple, gast.List))
        or (isinstance(v, (gast.Name, gast.Subscript)) and _root_name(v) in containers)
        for v in assigned))


def _assigned_values(fn):
    """{name: every value assigned to it by `name = value`}."""
    values = {}
    for s in statements(fn.body):
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
            values.setdefault(s.targets[0].id, []).append(s.value)
    return values


def _grown(values, found, takes):
    """`found` grown to a fixed point by every name whose assignments
    `takes(name, assigned, found)` accepts."""
    changed = True
    while changed:
        changed = False
        for name, assigned in values.items():
            if name not in found and takes(name, assigned, found):
                found.add(name)
                changed = True
    return found


def _root_name(v):
    while isinstance(v, gast.Subscript):
        v = v.value
    return v.id if isinstance(v, gast.Name) else None


def _maybe_none(values):
    """The names some assignment gives None, directly or by copying such a name."""
    found = {n for n, vs in values.items()
             if any(isinstance(v, gast.Constant) and v.value is None for v in vs)}
    return _grown(values, found, lambda name, assigned, found: any(
        isinstance(v, gast.Name) and v.id in found for v in assigned))
