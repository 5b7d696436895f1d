"""Reverse mode's forward sweep: the primal code, with each loop saving every
iteration's values on its tape (`tape.append((x_1, lt))`), and each call of a
user function made through that function's own vjp (`y, y_pullback =
g_vjp(x)`). A mixin of `Reverse` (s2s/passes/reverse.py)."""
import gast

from .. import anno
from ..anno import Key
from ..pipeline import ReverseOptions
from ..template import load, store
from .forward_tangents import rule_call, user_rule
from .resolve import callee
from .scopes import statements
from .ssa import PUSH


class ForwardSweep:
    """Reverse's forward sweep (a mixin: `self` is the Reverse)."""

    def forward_block(self, stmts, loop=None):
        out = []
        for s in stmts:
            out.extend(self.forward_stmt(s, loop))
        return out

    def forward_stmt(self, s, loop):
        self.where = s
        if isinstance(s, gast.Assign) and anno.has(s, Key.CHECKPOINT):
            return [s]   # (checkpointed: the reverse sweep makes the pullback)
        if isinstance(s, gast.Assign) and anno.has(s, Key.PULLBACK):
            c = callee(s.value, self.ns, self.activity.visible)
            operands, kinds = self.bind_call(s.value, c)
            name = self.ctx.request_callee(c.obj, unpacked_options(kinds, s), c.name,
                                           c.compiled)
            call = gast.Call(func=load(name), args=operands, keywords=[])
            pair = gast.Tuple(elts=[s.targets[0], store(anno.get(s, Key.PULLBACK))],
                              ctx=gast.Store())
            return [anno.copy_location(gast.Assign(targets=[pair], value=call,
                                                   type_comment=None), s)]
        if isinstance(s, gast.Expr) and is_push(s):
            if loop is None:
                return []
            # The tapes of loops directly inside are made afresh at the top of
            # every iteration: each iteration saves its own.
            inner_tapes = {anno.get(n, Key.TAPE) for n in statements(loop.body)
                           if isinstance(n, (gast.For, gast.While)) and directly_inside(n, loop)}
            defined = ({a.id for a in s.value.args} | set(anno.get(loop, Key.LOOP).carried.values())
                       | inner_tapes | {name for name, _ in anno.get(loop, Key.PULLBACKS, ())})
            entry = [load(n) if n in defined else gast.Constant(value=None, kind=None)
                     for n in anno.get(loop, Key.ENTRIES)]
            item = gast.Tuple(elts=entry, ctx=gast.Load()) if len(entry) != 1 else entry[0]
            append = gast.Call(func=gast.Attribute(value=load(anno.get(loop, Key.TAPE)), attr="append",
                                                   ctx=gast.Load()),
                               args=[item], keywords=[])
            return [anno.copy_location(gast.Expr(value=append), s)]
        if isinstance(s, gast.If):
            s.body = self.forward_block(s.body, loop) or [gast.Pass()]
            s.orelse = self.forward_block(s.orelse, loop)
            return [s]
        if isinstance(s, (gast.For, gast.While)):
            inner = [n for n in statements(s.body) if isinstance(n, (gast.For, gast.While))
                     and n is not s]
            s.body = self.forward_block(s.body, s)
            fresh_tapes = [gast.Assign(targets=[store(anno.get(n, Key.TAPE))], value=gast.List(
                elts=[], ctx=gast.Load()), type_comment=None) for n in inner
                if directly_inside(n, s)]
            # a pullback made under an `if` is None in an iteration that skips it
            no_pullback = [gast.Assign(targets=[store(name)], value=gast.Constant(value=None,
                                                                               kind=None),
                                       type_comment=None)
                           for name, under_if in anno.get(s, Key.PULLBACKS, ()) if under_if]
            s.body = [anno.copy_location(t, s) for t in fresh_tapes + no_pullback] + s.body
            if loop is not None:
                return [s]   # the enclosing loop makes this tape afresh each iteration
            tape = gast.Assign(targets=[store(anno.get(s, Key.TAPE))], value=gast.List(elts=[],
                                                                             ctx=gast.Load()),
                               type_comment=None)
            return [anno.copy_location(tape, s), s]
        if isinstance(s, gast.Assign) and isinstance(s.value, gast.Call):
            return [self.primal_by_rule(s)]
        return [s]

    def primal_by_rule(self, s):
        """`y = f(x)` of a custom_jvp f whose rule is the user's: the value as
        the rule computes it, `y = f_jvp((x,), (tree_zeros_like(x),))[0]`, as
        JAX's reverse mode evaluates the rule (so a derivative of this
        gradient differentiates the rule's code, as JAX's does); else `s`."""
        rule = user_rule(callee(s.value, self.ns, self.activity.visible), s.value)
        if rule is None or not self.activity.value_active(s.value):
            return s
        value = gast.Subscript(value=rule_call(self.ctx, rule, s.value.args,
                                               [None] * len(s.value.args)),
                               slice=gast.Constant(value=0, kind=None), ctx=gast.Load())
        return anno.copy_location(gast.Assign(targets=s.targets, value=value,
                                              type_comment=None), s)


def is_push(s):
    return (isinstance(s.value, gast.Call) and isinstance(s.value.func, gast.Name)
            and s.value.func.id == PUSH)


def directly_inside(inner, outer):
    """Is loop `inner` in `outer`'s body without another loop in between?"""
    def search(stmts):
        for s in stmts:
            if s is inner:
                return True
            if isinstance(s, gast.If) and (search(s.body) or search(s.orelse)):
                return True
        return False
    return search(outer.body)


def unpacked_options(kinds, s):
    """A user function's vjp for the call in `s`: told when the call's result is
    unpacked (`a, b = f(x)`), as its pullback then gets the parts' cotangents."""
    return ReverseOptions(kinds, unpacked=isinstance(s.targets[0], (gast.Tuple, gast.List)))
