"""Forward mode: rewrite a normalized function into its jvp.

`def f(x, n)` with x active becomes `def f_jvp(x, n, x_dot)` returning
`(out, out_dot)`. Each assignment keeps its primal line and gains a tangent
line built from the primitive's jvp rule (s2s/rules). Control flow is kept as
it is: the tangent code runs inside the same branches and loops as the primal
code. Calls to other user functions call their own jvp (module-level functions
are transformed and cached by the api; nested ones are specialized in place).
"""
import copy
import inspect

import gast

from .. import rules
from ..pipeline import JvpOptions
from ..template import is_zero, jnp_attr, load, store, zero
from .activity import Activity, array_names, certainly_array
from .resolve import callee
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


class Forward:
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
        scope = Scope(fn, activity, parent, self.namer)
        args = params(fn)
        tangent_args = [scope.dot(a) for a in args if a in active_params]
        new = gast.FunctionDef(
            name=name or self.namer.fresh(fn.name + "_jvp"),
            args=gast.arguments(args=[store(a) for a in args + tangent_args], posonlyargs=[],
                                vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None,
                                defaults=[]),
            body=[], decorator_list=[], returns=None, type_comment=None, type_params=[])
        gast.copy_location(new, fn)
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
            if c.kind != "local" or c.name not in scope.activity.functions:
                continue
            mask = tuple(scope.activity.is_active(a) for a in call.args)
            if any(mask) or scope.activity.closing_over.get(c.name):
                if (c.name, mask) not in scope.local_jvps:
                    scope.local_jvps[(c.name, mask)] = self.namer.fresh(c.name + "_jvp")

    # -- statements -----------------------------------------------------------------

    def block(self, stmts, scope):
        out = []
        for s in stmts:
            self.where = s
            for new in getattr(self, "stmt_" + type(s).__name__, self.stmt_as_is)(s, scope):
                out.append(gast.copy_location(new, s) if not hasattr(new, "lineno") or
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
                mask = tuple(scope.activity.is_active(a) for a in call.args)
                if scope.local_jvp(name, mask) is None:
                    return True
        return False

    def stmt_Assign(self, s, scope):
        target, value = s.targets[0], s.value
        if isinstance(value, gast.Call):
            c = self.callee(value, scope)
            _refuse_repackaging(self, c, value, scope.activity)
            refuse_nondiff_operands(self, c.obj if c.kind == "prim" else None, value,
                                    None, scope.activity)
            if c.kind in ("user", "local") and scope.activity.value_active(value):
                return [self.call_jvp(target, value, c, scope)]
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
            return [s, self.assign(dotted, self.tangent(value, target, scope))]
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
                     for n in gast.walk(target) if isinstance(n, gast.Name)
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
        returned = {n.id for n in gast.walk(s.value) if isinstance(n, gast.Name)}
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
        if c.kind == "at":
            sub = value.func.value
            operands = [sub.value.value, sub.slice, value.args[0]]
            return self.apply_rule(c.obj, value, operands, [], target, scope)
        if c.kind == "prim":
            if c.obj is None or (c.obj.jvp is None and not c.obj.multilinear):
                raise self.source.error(self.located(value), f"s2s has no derivative rule for `jnp.{c.name}`",
                                        "write it with differentiable jnp functions, or "
                                        "compute it outside the differentiated function")
            return self.apply_rule(c.obj, value, value.args, value.keywords, target, scope)
        raise self.source.error(self.located(value), "s2s cannot differentiate this call",
                                "call jax.numpy functions or Python functions s2s can read")

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
        mask = tuple(scope.activity.is_active(a) for a in operands)
        if c.kind == "local":
            name = scope.local_jvp(c.name, mask)
            if name is None:
                raise self.source.error(self.located(call), f"s2s cannot differentiate this call of the "
                                              f"nested function `{c.name}`",
                                        "define the function at module level")
        else:
            name = self.ctx.request_callee(c.obj, JvpOptions(mask), c.name)
        tangents = [load(scope.dot(a.id)) for a, m in zip(operands, mask) if m]
        new_call = gast.Call(func=load(name), args=operands + tangents, keywords=[])
        pair = gast.Tuple(elts=[target, self.dotted(target, scope)], ctx=gast.Store())
        return self.assign(pair, new_call)

    def bind_arguments(self, call, c, scope):
        fdef = _find_def(scope, c.name) if c.kind == "local" else None
        return bind_arguments(self, call, c, fdef)

    # -- small builders ---------------------------------------------------------------

    def dotted(self, target, scope):
        if isinstance(target, gast.Name):
            return store(scope.dot(target.id))
        return type(target)(elts=[self.dotted(e, scope) for e in target.elts], ctx=gast.Store())

    @staticmethod
    def assign(target, value):
        return gast.Assign(targets=[target], value=value, type_comment=None)


def run(fn_tree, ctx):
    # Tangent lines nobody reads (a loop condition's operands) are removed
    # afterwards by the simplify pass, with all other dead code.
    active = [a for a, m in zip(params(fn_tree), ctx.options.active) if m]
    return Forward(ctx).function(fn_tree, active, ctx.name)


def bind_arguments(pass_, call, c, fdef=None):
    """Positional operands for every parameter of the called user function
    (`fdef` for a nested one), defaults filled in."""
    if fdef is not None:
        names = params(fdef)
        defaults = dict(zip(names[len(names) - len(fdef.args.defaults):], fdef.args.defaults))
    else:
        fn = c.obj
        while not hasattr(fn, "__code__") and hasattr(fn, "fun"):
            fn = fn.fun   # vmap(g) takes g's arguments
        code = fn.__code__
        names = list(code.co_varnames[:code.co_argcount])
        values = fn.__defaults__ or ()
        defaults = {n: gast.Constant(value=v, kind=None)
                    for n, v in zip(names[len(names) - len(values):], values)}
    where = pass_.located(call)
    if len(call.args) > len(names):
        raise pass_.source.error(where, f"too many arguments in this call of `{c.name}`")
    bound = dict(zip(names, call.args))
    for k in call.keywords:
        if k.arg not in names:
            raise pass_.source.error(where, f"`{c.name}` has no parameter `{k.arg}`")
        bound[k.arg] = k.value
    for n in names:
        if n not in bound:
            d = defaults.get(n)
            if not isinstance(d, gast.Constant) or not _literal(d.value):
                raise pass_.source.error(where, f"this call of `{c.name}` leaves `{n}` to a "
                                                f"default s2s cannot copy",
                                         f"pass `{n}` explicitly")
            bound[n] = d
    return [bound[n] for n in names]


def bind_operands(pass_, prim, template, primal_params, args, keywords, value):
    """Which rule parameter each argument of the call is.

    Positional arguments are matched by the jax.numpy function's own parameter
    names where they differ from the rule's (jnp.var(x, 0, jnp.float32) passes
    a dtype third, not a ddof): an argument the rule has no parameter for is
    an error, never silently misread.
    """
    names = _positional_names(prim)
    operands = [p for p in primal_params if p not in template.defaults]
    bound = {}
    for i, arg in enumerate(args):
        real = names[i] if names is not None and i < len(names) else None
        if real in primal_params:
            target = real
        elif names is None and i < len(primal_params):
            target = primal_params[i]
        elif names is not None and real is not None and i < len(operands):
            target = operands[i]
        else:
            raise pass_.source.error(pass_.located(value),
                                     f"s2s's rule for `{_display(prim)}` has no parameter "
                                     f"`{real or f'number {i + 1}'}`",
                                     f"it takes {', '.join(primal_params)}")
        bound[target] = arg
    for k in keywords:
        if k.arg not in primal_params:
            raise pass_.source.error(pass_.located(value),
                                     f"s2s's rule for `{_display(prim)}` has no parameter "
                                     f"`{k.arg}`", f"it takes {', '.join(primal_params)}")
        bound[k.arg] = k.value
    _check_arity(pass_, prim, template, primal_params, bound, value)
    return bound


def _display(prim):
    """How the user wrote the primitive: `jnp.sum`, `max`, `getitem`."""
    if prim.by_own_name:
        return prim.name
    return f"jnp.{prim.name}"


def _positional_names(prim):
    """The primitive's own positional parameter names, or None if unknown."""
    if isinstance(prim.fn, str):
        return None
    try:
        params = list(inspect.signature(prim.fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def refuse_nondiff_operands(pass_, prim, value, bound, activity):
    """An active operand where `prim` declares none differentiable (a shape, an
    axis, an index) is an error at the user's line: s2s never drops a derivative.

    `bound` maps the rule's parameter names to operands, or lists operands that
    are all not differentiable (a multilinear primitive's static ones); None
    checks the call of a primitive with no derivative at all (jnp.arange).
    """
    if prim is None:
        return
    if bound is None:
        if prim.differentiable or prim.nondiff_args != rules.ALL:
            return
        bound = list(value.args) + [k.value for k in value.keywords]
    counters = activity.loop_counters

    def active(node):
        # A loop counter is an integer: it is "active" only because activity is one
        # answer per name and a reverse-mode tape holds it beside active values.
        if isinstance(node, gast.Name):
            return activity.is_active(node) and node.id not in counters
        if isinstance(node, (gast.Tuple, gast.List)):
            return any(active(e) for e in node.elts)
        return activity.is_active(node)

    if isinstance(bound, list):
        param = rules.ALL if any(active(a) for a in bound) else None
    else:
        param = rules.refused_operand(prim, bound, active)
    # An index is an integer (JAX refuses a float one itself): it looks active
    # only because activity is one answer per name (a key or position read back
    # from a reverse-mode tape), and it can never carry a derivative.
    if param is not None and param != "index":
        message, hint = rules.refusal_message(prim, param)
        raise pass_.source.error(pass_.located(value), message, hint)


def _refuse_repackaging(pass_, c, call, activity):
    """`list(x)`, `zip(a, b)` as values would drop the derivative: refuse."""
    from .resolve import REPACKAGING_BUILTINS
    if c.kind == "builtin" and c.obj in REPACKAGING_BUILTINS \
            and any(activity.is_active(a) for a in call.args):
        raise pass_.source.error(pass_.located(call),
                                 f"s2s cannot differentiate through `{c.name}(...)` used as "
                                 f"a value", "loop over it directly, or build the list "
                                 "with a for loop and append")


def _check_arity(pass_, prim, template, primal_params, bound, value):
    missing = [p for p in primal_params if p not in bound and p not in template.defaults]
    if missing:
        raise pass_.source.error(pass_.located(value),
                                 f"s2s's rule for `{prim.name}` takes "
                                 f"({', '.join(primal_params)}); `{missing[0]}` is missing",
                                 "pass every argument (for the largest element of one "
                                 "array use jnp.max)")


def _is_none(node):
    return isinstance(node, gast.Constant) and node.value is None


def _none():
    return gast.Constant(value=None, kind=None)


def _materialize(z):
    z.s2s_zero = False
    if isinstance(z.args[0], gast.Constant):
        return gast.Constant(value=0.0, kind=None)
    return z


def _call(name, args):
    return gast.Call(func=load(name), args=args, keywords=[])


def _builds_container(value):
    """A call of a runtime helper that returns a Python list or dict (normalize.py)."""
    from .normalize import CONTAINER_HELPERS
    return isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
        and value.func.id in CONTAINER_HELPERS


def _call_jnp(name, args):
    return gast.Call(func=jnp_attr(name), args=args, keywords=[])


ANS_PROBE = "__s2s_ans__"


def _loads(node):
    return {n.id for n in gast.walk(node) if isinstance(n, gast.Name)
            and not isinstance(n.ctx, gast.Store)}


def _is_same_name(target, value):
    return (isinstance(target, gast.Name) and isinstance(value, gast.Name)
            and target.id == value.id)


def _names(target):
    return [n.id for n in gast.walk(target) if isinstance(n, gast.Name)]


def _scalar_constant(node):
    return isinstance(node, gast.Constant) and type(node.value) in (int, float, bool)


def _literal(v):
    if isinstance(v, (tuple, list)):
        return all(_literal(x) for x in v)
    return v is None or type(v) in (int, float, bool, str, complex)


def _own_calls(fn):
    stack = list(fn.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, gast.FunctionDef):
            continue
        if isinstance(node, gast.Call):
            yield node
        stack.extend(gast.iter_child_nodes(node))


def _find_def(scope, name):
    while scope is not None:
        for node in gast.walk(scope.fn):
            if isinstance(node, gast.FunctionDef) and node.name == name and node is not scope.fn:
                return node
        scope = scope.parent
    raise KeyError(name)


def _as_value(target):
    """An assignment target (a name, or a tuple of them) read back as a value."""
    if isinstance(target, gast.Name):
        return load(target.id)
    if isinstance(target, (gast.Tuple, gast.List)):
        return gast.Tuple(elts=[_as_value(e) for e in target.elts], ctx=gast.Load())
    return copy.deepcopy(target)
