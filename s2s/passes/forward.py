"""Forward mode: rewrite a normalized function into its jvp.

`def f(x, n)` with x active becomes `def f_jvp(x, n, x_dot)` returning
`(out, out_dot)`. Each assignment keeps its primal line and gains a tangent
line built from the primitive's jvp rule (s2s/rules). Control flow is kept as
it is: the tangent code runs inside the same branches and loops as the primal
code. Calls to other user functions call their own jvp (module-level functions
are transformed and cached by the api; nested ones are specialized in place).
The tangent expressions are in forward_tangents.py; how a call's operands
bind to a rule's parameters, shared with reverse mode and vmap, in binding.py.
"""
import collections

import gast

from ..nodes import walk
from .. import anno
from ..anno import Key
from ..template import load, store
from .activity import Activity, array_names, container_names
from .binding import refuse_nondiff_operands, refuse_repackaging
from .forward_tangents import Tangents, user_rule
from .resolve import CallKind, callee
from .scopes import params


class Scope:
    """One function being transformed: its activity, tangent names, and the
    jvp specializations of its nested functions."""

    def __init__(self, fn, activity, parent, namer):
        self.fn = fn
        self.activity = activity
        self.parent = parent
        self.namer = namer
        self.dots = {}
        self.local_jvps = {}   # (nested function name, mask) -> jvp name

    def dot(self, name):
        if name in self.activity.locals or self.parent is None:
            if name not in self.dots:
                self.dots[name] = self.namer.fresh(name + "_dot")
            return self.dots[name]
        return self.parent.dot(name)

    def local_jvp(self, name, mask):
        scope = self
        while scope is not None:
            if (name, mask) in scope.local_jvps:
                return scope.local_jvps[(name, mask)]
            scope = scope.parent
        return None

    @property
    def visible(self):
        return self.activity.visible


class Forward(Tangents):
    """The pass over one function: functions, scopes and statements here; the
    tangent of each assignment in the mixin beside this file."""

    def __init__(self, ctx):
        self.ctx = ctx   # for the jvps of the functions the code calls
        self.ns = ctx.ns
        self.source = ctx.source
        self.namer = ctx.namer
        self.where = None  # the statement being transformed, for error locations

    def located(self, node):
        """The node if it carries a line, else the statement being transformed."""
        return node if getattr(node, "lineno", None) else self.where

    # -- functions ----------------------------------------------------------------

    def function(self, fn, active_params, name=None, parent=None):
        outer_active = parent.activity.active if parent else frozenset()
        outer_locals = parent.visible if parent else frozenset()
        activity = Activity(fn, self.ns, active_params, outer_active, outer_locals)
        self.arrays = array_names(fn, set(), self.ns)   # certainly arrays: jnp results
        self.containers = container_names(fn, set())   # tuples and lists it writes
        scope = Scope(fn, activity, parent, self.namer)
        args = params(fn)
        tangent_args = [scope.dot(a) for a in args if a in active_params]
        new = gast.FunctionDef(
            name=name or self.namer.fresh(fn.name + "_jvp"),
            args=gast.arguments(args=[store(a) for a in args + tangent_args], posonlyargs=[],
                                vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                defaults=[]),
            body=[], decorator_list=[], returns=None, type_comment=None, type_params=[])
        anno.copy_location(new, fn)
        self.plan_nested(scope)
        # a parameter passed without a tangent that becomes active later (`a += b`
        # after a loop on `a`): its tangent starts as zeros, so every read finds one
        entry = [self.assign(store(scope.dot(a)),
                             gast.Call(func=load("tree_zeros_like"), args=[load(a)], keywords=[]))
                 for a in args if a not in active_params and a in activity.active]
        new.body = entry + self.block(fn.body, scope) or [gast.Pass()]
        return new

    def plan_nested(self, scope):
        """Name a jvp for each nested function and activity pattern it is called with."""
        for call in _own_calls(scope.fn):
            c = callee(call, self.ns, scope.visible)
            if c.kind != CallKind.LOCAL or c.name not in scope.activity.functions:
                continue
            mask = self.active_operands(call, c, scope)
            if any(mask) or scope.activity.closing_over.get(c.name):
                if (c.name, mask) not in scope.local_jvps:
                    scope.local_jvps[(c.name, mask)] = self.namer.fresh(c.name + "_jvp")

    # -- statements -----------------------------------------------------------------

    def block(self, stmts, scope):
        out = []
        for s in stmts:
            self.where = s
            for new in getattr(self, "stmt_" + type(s).__name__, self.stmt_as_is)(s, scope):
                out.append(anno.copy_location(new, s) if not hasattr(new, "lineno") or
                           new.lineno is None else new)
        return out

    def stmt_as_is(self, s, scope):
        return [s]

    def stmt_FunctionDef(self, s, scope):
        out = []
        for (name, mask), jvp_name in scope.local_jvps.items():
            if name == s.name:
                active = [p for p, m in zip(params(s), mask) if m]
                out.append(self.function(s, active, jvp_name, scope))
        if not out or self.primal_still_used(s.name, scope):
            out.insert(0, s)
        return out

    def primal_still_used(self, name, scope):
        for call in _own_calls(scope.fn):
            if isinstance(call.func, gast.Name) and call.func.id == name:
                mask = self.active_operands(call, callee(call, self.ns, scope.visible), scope)
                if scope.local_jvp(name, mask) is None:
                    return True
        return False

    def stmt_Assign(self, s, scope):
        target, value = s.targets[0], s.value
        if isinstance(value, gast.Call):
            c = self.callee(value, scope)
            refuse_repackaging(self, c, value, scope.activity)
            refuse_nondiff_operands(self, c.obj if c.kind == CallKind.PRIM else None, value,
                                    None, scope.activity)
            if c.kind in (CallKind.USER, CallKind.LOCAL) and scope.activity.value_active(value):
                return [self.call_jvp(target, value, c, scope)]
            rule = user_rule(c, value)
            if rule is not None and scope.activity.value_active(value):
                # a custom_jvp function: its value and tangent both from the user's
                # rule, as JAX's jvp computes them (a derivative of this code then
                # differentiates the rule's code, as JAX's does)
                pair = gast.Tuple(elts=[target, self.dotted(target, scope)], ctx=gast.Store())
                return [self.assign(pair, self.user_rule_call(rule, value, scope))]
        if scope.activity.value_active(value):
            return self.assign_with_tangent(s, scope)
        names = [n for n in _names(target) if n in scope.activity.active]
        if names:
            return [s, self.assign(self.dotted(target, scope), self.zero_like(value, target))]
        return [s]

    def assign_with_tangent(self, s, scope):
        """`y = op(a, b)` and its tangent line, ordered so each reads the right `y`.

        When the statement overwrites one of its own operands (`y = y * x`),
        the tangent must read the old value: it goes first, unless the rule
        also needs the new value (`ans`), which then goes to a temporary.
        """
        target, value = s.targets[0], s.value
        dotted = self.dotted(target, scope)
        overwritten = set(_names(target)) & _loads(value)
        if not overwritten:
            return [s, derivative(self.assign(dotted, self.tangent(value, target, scope)))]
        if isinstance(value, gast.Name):  # y = y: nothing to do
            return [s]
        probe = load(ANS_PROBE)
        tangent = self.tangent(value, probe, scope) if isinstance(target, gast.Name) \
            else self.tangent(value, target, scope)
        if ANS_PROBE not in _loads(tangent):
            if _is_same_name(dotted, tangent):
                return [s]
            return [self.assign(dotted, tangent), s]
        temp = self.namer.fresh(target.id + "_new")
        tangent = self.tangent(value, load(temp), scope)
        return [self.assign(store(temp), value), self.assign(dotted, tangent),
                self.assign(store(target.id), load(temp))]

    def stmt_Expr(self, s, scope):
        call = s.value
        if isinstance(call, gast.Call) and isinstance(call.func, gast.Attribute) \
                and call.func.attr == "append" and isinstance(call.func.value, gast.Name) \
                and call.func.value.id in scope.activity.active:
            arg = call.args[0]
            tangent = self.operand_tangent(arg, scope)
            append = gast.Call(func=gast.Attribute(value=load(scope.dot(call.func.value.id)),
                                                   attr="append", ctx=gast.Load()),
                               args=[tangent], keywords=[])
            return [s, gast.Expr(value=append)]
        return [s]

    def stmt_If(self, s, scope):
        s.body = self.block(s.body, scope) or [gast.Pass()]
        s.orelse = self.block(s.orelse, scope)
        return [s]

    def stmt_While(self, s, scope):
        s.body = self.block(s.body, scope) or [gast.Pass()]
        return [s]

    def stmt_For(self, s, scope):
        s.body = self.block(s.body, scope) or [gast.Pass()]
        it, target = s.iter, s.target
        act = scope.activity
        if isinstance(it, gast.Call) and isinstance(it.func, gast.Name) \
                and it.func.id == "range" and act.is_active(target):
            # a counter that is active elsewhere (an index saved on a tape and read
            # back): as a counter it carries no derivative
            zeros = [self.assign(self.dotted(n, scope), gast.Constant(value=0.0, kind=None))
                     for n in walk(target) if isinstance(n, gast.Name)
                     and n.id in act.active]
            s.body = zeros + s.body
            return [s]
        if isinstance(it, gast.Name) and act.is_active(it):
            s.iter = _call("zip", [it, load(scope.dot(it.id))])
            s.target = gast.Tuple(elts=[target, self.dotted(target, scope)], ctx=gast.Store())
        elif isinstance(it, gast.Call) and isinstance(it.func, gast.Name):
            if it.func.id == "reversed" and act.is_active(it.args[0]):
                seq = it.args[0]
                backwards = _call("reversed", [load(scope.dot(seq.id))])
                s.iter = _call("zip", [it, backwards])
                s.target = gast.Tuple(elts=[target, self.dotted(target, scope)],
                                      ctx=gast.Store())
            elif it.func.id == "enumerate" and act.is_active(it.args[0]):
                seq = it.args[0]
                i, item = target.elts
                it.args[0] = _call("zip", [seq, load(scope.dot(seq.id))])
                s.target = gast.Tuple(elts=[i, gast.Tuple(elts=[item, self.dotted(item, scope)],
                                                          ctx=gast.Store())], ctx=gast.Store())
            elif it.func.id == "zip" and any(map(act.is_active, it.args)):
                pairs = [(t, a) for t, a in zip(target.elts, it.args) if act.is_active(a)]
                it.args = it.args + [load(scope.dot(a.id)) for _, a in pairs]
                s.target = gast.Tuple(elts=target.elts + [self.dotted(t, scope) for t, _ in pairs],
                                      ctx=gast.Store())
        return [s]

    def stmt_Return(self, s, scope):
        if s.value is None:
            return [s]
        returned = {n.id for n in walk(s.value) if isinstance(n, gast.Name)}
        if returned & scope.activity.functions:
            raise self.source.error(self.located(s),
                                    "s2s cannot take the derivative of a function that "
                                    "returns a function (such as a vjp and its pullback)",
                                    "differentiate a function that returns arrays; for "
                                    "a Hessian-vector product through calls of other "
                                    "functions, use jax for now")
        tangent = self.operand_tangent(s.value, scope)
        return [gast.Return(value=gast.Tuple(elts=[s.value, tangent], ctx=gast.Load()))]

    # -- tangents -------------------------------------------------------------------


    # -- small builders ---------------------------------------------------------------

    def dotted(self, target, scope):
        if isinstance(target, gast.Name):
            return store(scope.dot(target.id))
        return type(target)(elts=[self.dotted(e, scope) for e in target.elts], ctx=gast.Store())

    @staticmethod
    def assign(target, value):
        return gast.Assign(targets=[target], value=value, type_comment=None)


def derivative(s):
    """Mark a tangent line (algebra may tidy it; the user's lines stay as written)."""
    return anno.put(s, Key.DERIVATIVE, True)


def run(fn_tree, ctx):
    # Tangent lines nobody reads (a loop condition's operands) are removed
    # afterwards by the simplify pass, with all other dead code.
    active = [a for a, m in zip(params(fn_tree), ctx.options.active) if m]
    return Forward(ctx).function(fn_tree, active, ctx.name)


def _call(name, args):
    return gast.Call(func=load(name), args=args, keywords=[])


ANS_PROBE = "__s2s_ans__"


def _loads(node):
    return {n.id for n in walk(node) if isinstance(n, gast.Name)
            and not isinstance(n.ctx, gast.Store)}


def _is_same_name(target, value):
    return (isinstance(target, gast.Name) and isinstance(value, gast.Name)
            and target.id == value.id)


def _names(target):
    return [n.id for n in walk(target) if isinstance(n, gast.Name)]


def _own_calls(fn):
    stack = collections.deque(fn.body)   # (first in, first out: a list's pop(0) is quadratic)
    while stack:
        node = stack.popleft()
        if isinstance(node, gast.FunctionDef):
            continue
        if isinstance(node, gast.Call):
            yield node
        stack.extend(gast.iter_child_nodes(node))


