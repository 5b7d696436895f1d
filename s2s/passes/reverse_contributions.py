"""Reverse mode's contributions: what one assignment adds to the cotangents
of its operands, from each primitive's vjp rule (s2s/rules), a user
function's pullback, or the unpacking of a tuple. A mixin of `Reverse`
(s2s/passes/reverse.py)."""
import gast

from .. import anno
from ..anno import Key
from .reverse_sweep import unpacked_options
from .. import custom_rules, rules
from ..template import is_zero, jnp_attr, load, store
from .binding import (bind_arguments, bind_operands, refuse_active_keywords,
                      refuse_closures_over_active,
                      refuse_nondiff_operands)
from .resolve import CallKind, callee


class Contributions:
    """Reverse's cotangent contributions (a mixin: `self` is the Reverse)."""

    def contributions(self, s, value, t):
        """([statements], [(operand name, cotangent expression)]) for `t = value`."""
        bar = load(self.bar(t))
        act = self.activity
        if isinstance(value, gast.Name):
            return [], [(value.id, bar)] if act.is_active(value) else []
        if not act.value_active(value):
            # a constant, a comparison, or a call with no derivative in any argument
            # (`zeros_like(a)` in a gradient's code, assigned to a name active elsewhere)
            return [], []
        if isinstance(value, (gast.Tuple, gast.List)):
            return [], _item_cotangents(value, bar, act)
        if isinstance(value, gast.Dict):
            return [], [(v.id, gast.Subscript(value=bar, slice=k, ctx=gast.Load()))
                        for k, v in zip(value.keys, value.values) if act.is_active(v)]
        if isinstance(value, gast.BinOp):
            return self.apply_vjp(rules.for_operator(value.op), value,
                                  [value.left, value.right], [], t)
        if isinstance(value, gast.UnaryOp):
            return self.apply_vjp(rules.for_operator(value.op), value, [value.operand], [], t)
        if isinstance(value, gast.Subscript):
            prim = rules.BY_NAME["getitem"] if value.value.id in self.arrays \
                else rules.BY_NAME["getitem_tree"]
            return self.apply_vjp(prim, value, [value.value, value.slice], [], t)
        c = callee(value, self.ns, act.visible)
        if anno.has(s, Key.PULLBACK):
            operands, kinds = self.bind_call(value, c)
            active = [o.id for o, k in zip(operands, kinds) if k]
            bars = self.namer.fresh(t + "_arg_bars")
            call = gast.Call(func=load(anno.get(s, Key.PULLBACK)), args=[bar], keywords=[])
            pre = [gast.Assign(targets=[store(bars)], value=call, type_comment=None)]
            if anno.has(s, Key.CHECKPOINT):   # (its forward again, from the saved arguments)
                pre.insert(0, self.remade_pullback(s, value, c, operands, kinds))
            return pre, [(a, gast.Subscript(value=load(bars), slice=gast.Constant(value=i,
                                                                                   kind=None),
                                            ctx=gast.Load())) for i, a in enumerate(active)]
        if c.kind == CallKind.AT:
            sub = value.func.value
            return self.apply_vjp(c.obj, value, [sub.value.value, sub.slice, value.args[0]],
                                  [], t)
        if c.kind == CallKind.PRIM:
            return self.apply_vjp(c.obj, value, value.args, value.keywords, t)
        raise self.source.error(self.located(value), "s2s cannot differentiate this call in reverse mode",
                                "call jax.numpy functions or Python functions s2s can read")

    def apply_vjp(self, prim, value, args, keywords, t):
        if prim is not None and prim.vjp is None and prim.name == "einsum":
            return [], self.einsum_vjp(value, args, t)
        if prim is not None and prim.vjp is None and isinstance(value, gast.Call):
            return self.vjp_by_jax(prim, value, t)
        if prim is None or prim.vjp is None:
            name = _operation_name(value, prim)
            forward = "" if prim is None or prim.jvp is None else \
                ", or use forward mode (s2s.jvp, s2s.jacfwd), which has a rule for it"
            raise self.source.error(self.located(value), f"s2s has no reverse-mode rule for "
                                                         f"{name} yet",
                                    "write it with jax.numpy functions that have one, or "
                                    f"compute it outside the differentiated function{forward}")
        template = prim.vjp
        primal_params = [p for p in template.params if p not in ("ans", "ans_bar")]
        bound = bind_operands(self, prim, template, primal_params, args, keywords, value)
        refuse_nondiff_operands(self, prim, value, bound, self.activity)
        bindings = dict(bound)
        bindings["ans_bar"] = load(self.bar(t))
        bindings["ans"] = load(t)
        expr = template.instantiate(bindings)
        parts = expr.elts if isinstance(expr, gast.Tuple) else [expr]
        pre, out = [], []
        for i, p in enumerate(primal_params):
            operand = bound.get(p)
            if operand is None or not self.activity.is_active(operand):
                continue
            part = parts[i] if i < len(parts) else None
            if part is None or (isinstance(part, gast.Constant) and part.value is None):
                continue  # declared with derivative zero (the registration checked it)
            if is_zero(part):
                continue  # a cotangent known to be zero (x ** 0): nothing flows back
            if isinstance(operand, (gast.Tuple, gast.List)):
                tmp = self.namer.fresh(t + "_parts_bar")
                pre.append(gast.Assign(targets=[store(tmp)], value=part, type_comment=None))
                out.extend((e.id, gast.Subscript(value=load(tmp),
                                                 slice=gast.Constant(value=j, kind=None),
                                                 ctx=gast.Load()))
                           for j, e in enumerate(operand.elts) if self.activity.is_active(e))
            else:
                out.append((operand.id, _drop_needless_unbroadcast(part, args)))
        return pre, out

    def vjp_by_jax(self, prim, value, t):
        """`roll_args_bar = vjp_by_jax(jnp.roll, (x, 2), (True, False), roll_bar)`:
        JAX's own vjp of a function s2s has no vjp rule for (s2s/by_jax.py),
        one cotangent per operand; item i goes to operand i where it is active."""
        rules_ = custom_rules.vjp_rules(prim.fn) if not value.keywords else None
        if rules_ is None:
            refuse_active_keywords(self, prim, value, self.activity)
            refuse_closures_over_active(self, prim, value, self.activity)
        if not any(_active_leaves(a, self.activity) for a in value.args):
            return [], []
        bars = self.namer.fresh(t + "_args_bar")
        if rules_ is not None:   # the user's rules by name: clip_bwd(clip_fwd(x, c)[1], clip_bar)
            fwd, bwd = (load(self.ctx.bind(r, r.__name__)) for r in rules_)
            residuals = gast.Subscript(value=gast.Call(func=fwd, args=list(value.args),
                                                       keywords=[]),
                                       slice=gast.Constant(value=1, kind=None), ctx=gast.Load())
            call = gast.Call(func=bwd, args=[residuals, load(self.bar(t))], keywords=[])
        else:
            call = gast.Call(func=load("vjp_by_jax"), args=[
                value.func, gast.Tuple(elts=list(value.args), ctx=gast.Load()),
                gast.Tuple(elts=[_active_flags(a, self.activity) for a in value.args],
                           ctx=gast.Load()),
                load(self.bar(t))], keywords=list(value.keywords))
        pre = [gast.Assign(targets=[store(bars)], value=call, type_comment=None)]
        out = []
        for i, a in enumerate(value.args):
            for name, path in _active_leaves(a, self.activity):
                part = load(bars)
                for j in (i,) + path:
                    part = gast.Subscript(value=part, slice=gast.Constant(value=j, kind=None),
                                          ctx=gast.Load())
                out.append((name, part))
        return pre, out

    def einsum_vjp(self, value, args, t):
        """Operand i's cotangent is an einsum of the output's cotangent with the
        other operands: the subscripts are rewritten here, at transform time;
        it has the operand's dtype (a float32 operand of a float64 einsum)."""
        from ..rules.linalg import einsum_operand_spec
        spec = args[0]
        if not (isinstance(spec, gast.Constant) and isinstance(spec.value, str)):
            raise self.source.error(self.located(value), "reverse mode needs einsum's subscripts as a "
                                           "string literal")
        operands = args[1:]
        out = []
        for i, operand in enumerate(operands):
            if not self.activity.is_active(operand):
                continue
            try:
                new_spec = einsum_operand_spec(spec.value, i)
            except ValueError as e:
                raise self.source.error(self.located(value), f"s2s cannot reverse this einsum: {e}",
                                        "write it with explicit subscripts for every axis")
            others = [o for j, o in enumerate(operands) if j != i]
            call = gast.Call(func=jnp_attr("einsum"),
                             args=[gast.Constant(value=new_spec, kind=None),
                                   load(self.bar(t))] + others, keywords=[])
            out.append((operand.id, gast.Call(func=load("cotangent_dtype"),
                                              args=[call, load(operand.id)], keywords=[])))
        return out

    def remade_pullback(self, s, value, c, operands, kinds):
        """`_, y_pullback = block_vjp(x, w)`: a checkpointed call's pullback, made
        in the reverse sweep by running its vjp again on the saved arguments."""
        name = self.ctx.request_callee(c.obj, unpacked_options(kinds, s), c.name, c.compiled)
        pair = gast.Tuple(elts=[store("_"), store(anno.get(s, Key.PULLBACK))], ctx=gast.Store())
        return gast.Assign(targets=[pair], value=gast.Call(func=load(name), args=operands,
                                                           keywords=[]), type_comment=None)

    def bind_call(self, call, c):
        operands = bind_arguments(self, call, c)
        kinds = tuple((1 if o.id in self.arrays else 2) if self.activity.is_active(o) else 0
                      for o in operands)
        return operands, kinds


def _drop_needless_unbroadcast(expr, operands):
    """`unbroadcast(g, x)` is `g` when every other operand is a Python number:
    a number broadcasts nothing (`1.0 + exp`)."""
    if (isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name)
            and expr.func.id == "unbroadcast"):
        target = expr.args[1]
        others = [o for o in operands if not (isinstance(o, gast.Name) and isinstance(
            target, gast.Name) and o.id == target.id)]
        if others and all(isinstance(o, gast.Constant) and type(o.value) in (int, float)
                          for o in others):
            return expr.args[0]
    return expr


def _operation_name(value, prim):
    """How the user wrote the operation: the method `.astype`, `jnp.sort`, `*`."""
    method = anno.get(value, Key.METHOD)
    if method:
        return f"the method `.{method}`"
    func = getattr(value, "func", None)
    if isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name):
        return f"`{func.value.id}.{func.attr}`"
    if isinstance(func, gast.Name):
        return f"`{func.id}`"
    name = getattr(prim, "name", None)
    if name:
        return f"`{name}`"
    return f"`{type(value).__name__}`"


def _active_flags(node, activity):
    """Which parts of an operand JAX differentiates (s2s/by_jax.py): True for an
    active name, a tuple of flags for a tuple, False for the rest."""
    if isinstance(node, (gast.Tuple, gast.List)):
        return gast.Tuple(elts=[_active_flags(e, activity) for e in node.elts], ctx=gast.Load())
    return gast.Constant(value=isinstance(node, gast.Name) and activity.is_active(node),
                         kind=None)


def _active_leaves(node, activity):
    """[(name, index path)] of the active names in an operand."""
    if isinstance(node, (gast.Tuple, gast.List)):
        return [(name, (j,) + path) for j, e in enumerate(node.elts)
                for name, path in _active_leaves(e, activity)]
    if isinstance(node, gast.Name) and activity.is_active(node):
        return [(node.id, ())]
    return []


def _item_cotangents(value, bar, act):
    """[(name, cotangent)] of the active names in a tuple or list literal,
    nested ones too (`(c, (a, b))`): each item's cotangent is `bar[i]`."""
    found = []
    for i, e in enumerate(value.elts):
        part = gast.Subscript(value=bar, slice=gast.Constant(value=i, kind=None),
                              ctx=gast.Load())
        if isinstance(e, (gast.Tuple, gast.List)):
            found += _item_cotangents(e, part, act)
        elif act.is_active(e):
            found.append((e.id, part))
    return found
