"""Forward mode's tangents: the tangent expression of one assignment, from
its primitive's jvp rule (s2s/rules), the product rule of a multilinear
primitive, or a call of a user function's own jvp. A mixin of `Forward`
(s2s/passes/forward.py)."""
import copy

import gast

from ..nodes import walk
from .. import anno
from ..anno import Key
from .. import custom_rules, rules
from ..pipeline import JvpOptions
from ..template import is_zero, jnp_attr, load, zero
from .activity import certainly_array
from .binding import (bind_arguments, bind_operands, refuse_active_keywords,
                      refuse_closures_over_active,
                      refuse_nondiff_operands)
from .resolve import CallKind, callee


class Tangents:
    """Forward's tangent expressions (a mixin: `self` is the Forward)."""

    def callee(self, call, scope):
        return callee(call, self.ns, scope.visible)

    def tangent(self, value, target, scope):
        """The tangent expression of an active normalized value."""
        if isinstance(value, gast.Name):
            return load(scope.dot(value.id))
        if isinstance(value, (gast.Tuple, gast.List, gast.Dict)):
            return self.operand_tangent(value, scope)
        if isinstance(value, gast.BinOp):
            prim = rules.for_operator(value.op)
            return self.apply_rule(prim, value, [value.left, value.right], [], target, scope)
        if isinstance(value, gast.UnaryOp):
            prim = rules.for_operator(value.op)
            return self.apply_rule(prim, value, [value.operand], [], target, scope)
        if isinstance(value, gast.Subscript):
            return self.apply_rule(rules.BY_NAME["getitem"], value, [value.value, value.slice],
                                   [], target, scope)
        c = self.callee(value, scope)
        if c.kind == CallKind.AT:
            sub = value.func.value
            operands = [sub.value.value, sub.slice, value.args[0]]
            return self.apply_rule(c.obj, value, operands, [], target, scope)
        if c.kind == CallKind.PRIM:
            if c.obj is None:
                raise self.source.error(self.located(value), f"s2s has no derivative rule for `jnp.{c.name}`",
                                        "write it with differentiable jnp functions, or "
                                        "compute it outside the differentiated function")
            if c.obj.jvp is None and not c.obj.multilinear:
                return self.jvp_by_jax(c.obj, value, scope)
            return self.apply_rule(c.obj, value, value.args, value.keywords, target, scope)
        raise self.source.error(self.located(value), "s2s cannot differentiate this call",
                                "call jax.numpy functions or Python functions s2s can read")

    def jvp_by_jax(self, prim, value, scope):
        """`jvp_by_jax(jnp.roll, (x, 2), (x_dot, None))`: JAX's own jvp of a
        function s2s has no jvp rule for (s2s/by_jax.py), each operand's
        tangent, None where it is not active."""
        rule = custom_rules.jvp_rule(prim.fn)
        if rule is not None and not value.keywords:
            return self.user_jvp(rule, value, scope)
        refuse_active_keywords(self, prim, value, scope.activity)
        refuse_closures_over_active(self, prim, value, scope.activity)
        tangents = [_leaf_tangents(a, scope) for a in value.args]
        return gast.Call(func=load("jvp_by_jax"), args=[
            copy.deepcopy(value.func), gast.Tuple(elts=list(value.args), ctx=gast.Load()),
            gast.Tuple(elts=tangents, ctx=gast.Load())], keywords=list(value.keywords))

    def user_jvp(self, rule, value, scope):
        """`half_slope_jvp((x,), (x_dot,))[1]`: the user's own jvp rule of a
        custom_jvp function, called by name; a zero tangent for what is held
        fixed, as JAX passes it."""
        return gast.Subscript(value=self.user_rule_call(rule, value, scope),
                              slice=gast.Constant(value=1, kind=None), ctx=gast.Load())

    def user_rule_call(self, rule, value, scope):
        """`half_slope_jvp((x,), (x_dot,))`: the primal and the tangent."""
        tangents = [load(scope.dot(a.id)) if isinstance(a, gast.Name) and
                    a.id in scope.activity.active else None for a in value.args]
        return rule_call(self.ctx, rule, value.args, tangents)

    def apply_rule(self, prim, value, args, keywords, target, scope):
        if prim.multilinear:
            return self.multilinear(prim, value, args, scope)
        template = prim.jvp
        primal_params = [p for p in template.params if p != "ans" and not p.endswith("_dot")]
        bound = bind_operands(self, prim, template, primal_params, args, keywords, value)
        refuse_nondiff_operands(self, prim, value, bound, scope.activity)
        bindings = dict(bound)
        dropped = False
        for p in template.params:
            if p.endswith("_dot"):
                operand = bound.get(p[:-4])
                t = self.operand_tangent(operand, scope, materialize=False) \
                    if operand is not None else zero()
                if is_zero(t) and operand is not None and not _scalar_constant(operand):
                    dropped = True
                bindings[p] = t
        if "ans" in template.params:
            bindings["ans"] = self.ans(target)
        result = template.instantiate(bindings)
        if is_zero(result):
            return self.zero_like(value, target)
        if prim.broadcasts and dropped:
            result = _call_jnp("broadcast_to", [result, _call_jnp("shape", [self.ans(target)])])
        return result

    def multilinear(self, prim, value, args, scope):
        """Product rule: sum over active operands of f with that operand's tangent."""
        terms = []
        refuse_nondiff_operands(self, prim, value, [args[i] for i in prim.static_argnums
                                                    if i < len(args)], scope.activity)
        positions = [i for i in range(len(args)) if i not in prim.static_argnums]
        for i in positions:
            if not scope.activity.is_active(args[i]):
                continue
            term = copy.deepcopy(value)
            tangent = self.operand_tangent(args[i], scope)
            if isinstance(term, gast.BinOp):
                setattr(term, "left" if i == 0 else "right", tangent)
            else:
                term.args[i] = tangent
            terms.append(term)
        result = terms[0]
        for t in terms[1:]:
            result = gast.BinOp(left=result, op=gast.Add(), right=t)
        return result

    def operand_tangent(self, node, scope, materialize=True):
        """Tangent of an atom or literal; inactive parts are zeros."""
        if isinstance(node, gast.Name) and node.id in scope.activity.active:
            return load(scope.dot(node.id))
        if isinstance(node, (gast.Tuple, gast.List)):
            # (a None item is a tape's slot for a value another branch saves: its
            # tangent's slot is None too, not a zero of another rank)
            return type(node)(elts=[_none() if _is_none(e) else self.operand_tangent(e, scope)
                                    for e in node.elts],
                              ctx=gast.Load())
        if isinstance(node, gast.Dict):
            return gast.Dict(keys=node.keys,
                             values=[self.operand_tangent(v, scope) for v in node.values])
        if materialize and isinstance(node, gast.Name) and not certainly_array(node, self.arrays):
            # an inactive name that may hold a pytree (`tree_zeros_like(p)` returned)
            return gast.Call(func=load("tree_zeros_like"), args=[load(node.id)], keywords=[])
        if isinstance(node, gast.Name) and node.id in self.containers:
            # a tuple the code wrote (the parts of an unpacked item's cotangent,
            # which add_at takes): still a zero to the rules, but a tree of them
            return zero(node, "tree_zeros_like")
        z = zero(node)
        return _materialize(z) if materialize else z

    def zero_like(self, value, target):
        """A zero tangent for an inactive value assigned to an active name."""
        if isinstance(value, gast.Constant):
            # None (a tape's slot for a value another branch computes) has no tangent
            return gast.Constant(value=None if value.value is None else 0.0, kind=None)
        if isinstance(value, (gast.Tuple, gast.List)):
            return type(value)(elts=[self.zero_like(e, e) for e in value.elts], ctx=gast.Load())
        if isinstance(value, gast.Dict):
            return gast.Dict(keys=value.keys, values=[self.zero_like(v, v) for v in value.values])
        if isinstance(target, gast.Name) and (_builds_container(value) or (
                isinstance(value, (gast.Name, gast.Subscript, gast.Call))
                and not certainly_array(value, self.arrays))):
            # [None] * n, a copy of a value that may be a list (`acts_1 = acts`), an item of
            # a container (a dict key `k = keys[i]`), a helper's result (`zeros_like(params)`)
            return gast.Call(func=load("tree_zeros_like"), args=[load(target.id)], keywords=[])
        if isinstance(target, gast.Name):
            return _call_jnp("zeros_like", [load(target.id)])
        if isinstance(target, (gast.Tuple, gast.List)):
            # `g, z = helper(1.5)`: each name's zeros, from the value it now holds
            return gast.Tuple(elts=[self.zero_like(_as_value(e), e) for e in target.elts],
                              ctx=gast.Load())
        return _call_jnp("zeros_like", [copy.deepcopy(value)])

    def ans(self, target):
        if not isinstance(target, gast.Name):
            raise ValueError("a rule needing the output was applied to a tuple target")
        return load(target.id)

    def call_jvp(self, target, call, c, scope):
        """`y = g(a, b)` -> `y, y_dot = g_jvp(a, b, a_dot)`."""
        operands = self.bind_arguments(call, c, scope)
        mask = self.active_operands(call, c, scope)
        if c.kind == CallKind.LOCAL:
            name = scope.local_jvp(c.name, mask)
            if name is None:
                raise self.source.error(self.located(call), f"s2s cannot differentiate this call of the "
                                              f"nested function `{c.name}`",
                                        "define the function at module level")
        else:
            name = self.ctx.request_callee(c.obj, JvpOptions(mask), c.name, c.compiled)
        tangents = [load(scope.dot(a.id)) for a, m in zip(operands, mask) if m]
        new_call = gast.Call(func=load(name), args=operands + tangents, keywords=[])
        pair = gast.Tuple(elts=[target, self.dotted(target, scope)], ctx=gast.Store())
        return self.assign(pair, new_call)

    def active_operands(self, call, c, scope):
        """Per parameter of the called function (keywords and defaults bound):
        is its operand active? The key of a nested function's jvp."""
        return tuple(scope.activity.is_active(a) for a in self.bind_arguments(call, c, scope))

    def bind_arguments(self, call, c, scope):
        fdef = _find_def(scope, c.name) if c.kind == CallKind.LOCAL else None
        if c.kind == CallKind.LOCAL and fdef is None:
            # (a function held by a local name: a parameter, `jax.vmap(g)` assigned)
            raise self.source.error(
                self.located(call), f"s2s cannot differentiate this call of `{c.name}`, a "
                                    "function the code computes or is passed (not a `def` it "
                                    "can see)",
                "call a function defined with `def` (at module level or in this function), "
                "or pass its result in instead")
        return bind_arguments(self, call, c, fdef)


def _as_value(target):
    """An assignment target (a name, or a tuple of them) read back as a value."""
    if isinstance(target, gast.Name):
        return load(target.id)
    if isinstance(target, (gast.Tuple, gast.List)):
        return gast.Tuple(elts=[_as_value(e) for e in target.elts], ctx=gast.Load())
    return copy.deepcopy(target)


def _builds_container(value):
    """A call of a runtime helper that returns a Python list or dict (normalize.py)."""
    from .normalize import CONTAINER_HELPERS
    return isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
        and value.func.id in CONTAINER_HELPERS


def _call_jnp(name, args):
    return gast.Call(func=jnp_attr(name), args=args, keywords=[])


def _find_def(scope, name):
    while scope is not None:
        for node in walk(scope.fn):
            if isinstance(node, gast.FunctionDef) and node.name == name and node is not scope.fn:
                return node
        scope = scope.parent
    return None


def _leaf_tangents(node, scope):
    """An operand's tangent for JAX (s2s/by_jax.py): the tangent of an active
    name, a tuple of them for a tuple, None for what is held fixed."""
    if isinstance(node, gast.Name) and node.id in scope.activity.active:
        return load(scope.dot(node.id))
    if isinstance(node, (gast.Tuple, gast.List)):
        return gast.Tuple(elts=[_leaf_tangents(e, scope) for e in node.elts], ctx=gast.Load())
    return gast.Constant(value=None, kind=None)


def _is_none(node):
    return isinstance(node, gast.Constant) and node.value is None


def _materialize(z):
    anno.put(z, Key.ZERO, False)
    if isinstance(z.args[0], gast.Constant):
        return gast.Constant(value=0.0, kind=None)
    return z


def _none():
    return gast.Constant(value=None, kind=None)


def _scalar_constant(node):
    return isinstance(node, gast.Constant) and type(node.value) in (int, float, bool)


def user_rule(c, value):
    """The user's jvp rule of a call `value` of a custom_jvp function (callee
    `c`), where s2s calls it by name; else None."""
    if c.kind != CallKind.PRIM or c.obj is None or c.obj.jvp is not None or value.keywords:
        return None
    return custom_rules.jvp_rule(c.obj.fn)


def rule_call(ctx, rule, args, tangents):
    """`rule((a, b), (a_dot, tree_zeros_like(b)))`: a user's jvp rule called as
    JAX calls it, a zero tangent (None in `tangents`) for what is held fixed."""
    tangents = [t if t is not None else
                gast.Call(func=load("tree_zeros_like"), args=[copy.deepcopy(a)], keywords=[])
                for a, t in zip(args, tangents)]
    return gast.Call(func=load(ctx.bind(rule, rule.__name__)), args=[
        gast.Tuple(elts=[copy.deepcopy(a) for a in args], ctx=gast.Load()),
        gast.Tuple(elts=tangents, ctx=gast.Load())], keywords=[])
