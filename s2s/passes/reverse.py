"""Reverse mode: a forward sweep, then the pullback.

Input: a function after `structure` and `ssa` (one exit; each name assigned
once outside loops). Output, for `mode="vjp"`:

    def f_vjp(x):
        <forward sweep: the primal code; loops also append each iteration's
         values to their tape>
        def f_pullback(result_bar):
            <adjoint statements in reverse order>
            return (x_bar,)
        return result, f_pullback

and for `mode="grad"` / `"value_and_grad"` the same two sweeps inline in one
function, seeded with `result_bar = grad_seed(result)`.

Cotangents are named `x_bar`. A cotangent is created by its first
contribution and accumulated (`x_bar = x_bar + ...`) by later ones; a value
whose cotangent was never created contributes nothing, so its adjoint code is
never emitted. Where control flow joins, cotangents that may be created on
one path are set to zeros before it. Each primitive's adjoint comes from its
vjp rule in s2s/rules, placed beside its jvp rule.

The pass is one class in four files, one job each: this one (the whole
function, cotangent names), reverse_sweep.py (the forward sweep and its
tapes), reverse_adjoint.py (the adjoint statements and control flow) and
reverse_contributions.py (what one assignment adds to its operands'
cotangents).
"""
import gast

from .. import anno
from ..anno import Key
from ..names import names_in
from ..pipeline import Output
from ..template import load, store
from .activity import Activity, array_names, container_names
from .binding import refuse_nondiff_operands, refuse_repackaging
from .resolve import CallKind, callee
from .reverse_adjoint import Adjoint, definition_guards
from .reverse_contributions import Contributions
from .reverse_sweep import ForwardSweep
from .scopes import own_statements, params, statements


class Reverse(ForwardSweep, Adjoint, Contributions):
    """The pass over one function: the whole function and its names here; the
    forward sweep, the adjoint statements and the cotangent contributions in
    the mixins beside this file."""

    def __init__(self, ctx):
        self.ctx = ctx   # for the vjps of the functions the code calls
        self.ns = ctx.ns
        self.source = ctx.source
        self.namer = ctx.namer
        self.bars = {}
        self.where = None     # the statement being transformed, for error locations
        # Cotangents known to be zero but not yet written: the next contribution
        # assigns instead of adding, and zeros are written only where a path
        # needs them (end of a loop body, a branch that did not contribute).
        self.pending = set()

    # -- the whole function ------------------------------------------------------

    def function(self, fn, name, options, output):
        kinds, has_aux = options.kinds, options.has_aux
        args = params(fn)
        active = [a for a, k in zip(args, kinds) if k]
        self.activity = Activity(fn, self.ns, active)
        self.arrays = array_names(fn, {a for a, k in zip(args, kinds) if k == 1}, self.ns)
        self.containers = container_names(fn, {a for a, k in zip(args, kinds) if k == 2})
        body = fn.body
        result = body[-1].value.id          # structure ends every function with this
        body = body[:-1]
        if has_aux:
            value, aux = self.namer.fresh("value"), self.namer.fresh("aux")
            unpack = gast.Assign(targets=[gast.Tuple(elts=[store(value), store(aux)],
                                                     ctx=gast.Store())],
                                 value=load(result), type_comment=None)
            body = body + [anno.copy_location(unpack, fn.body[-1])]
            self.activity.active |= {value, aux} if result in self.activity.active else set()
            self.arrays.add(value)
            out = value
        else:
            out = result
        self.name_tapes_and_calls(body)
        self.guards, self.condition = definition_guards(body)
        init = {out}
        backward = self.adjoint_block(body, init, frozenset())
        for s in statements(backward):   # (algebra may tidy these; the forward sweep
            if isinstance(s, gast.Assign):   # is the user's code)
                anno.put(s, Key.DERIVATIVE, True)
        grads = [self.final_bar(a, init) for a in active]
        forward = self.forward_block(body)
        seed_target = store(self.bar(out))
        if output is Output.VJP:
            pb_name = self.namer.fresh(fn.name + "_pullback")
            seed, backward = self.packed_parts(out, backward, options)
            pullback = gast.FunctionDef(
                name=pb_name, args=_arguments([seed]),
                body=backward + [gast.Return(value=gast.Tuple(elts=grads, ctx=gast.Load()))],
                decorator_list=[], returns=None, type_comment=None, type_params=[])
            ret = gast.Tuple(elts=[load(result), load(pb_name)], ctx=gast.Load())
            new_body = forward + [pullback, gast.Return(value=ret)]
        elif output is Output.APPLY:   # the pullback applied in line to a given cotangent
            args = args + [self.bar(out)]
            g = gast.Tuple(elts=grads, ctx=gast.Load())
            if has_aux:
                g = gast.Tuple(elts=[g, load(aux)], ctx=gast.Load())
            new_body = forward + backward + [gast.Return(value=g)]
        else:
            seed = gast.Assign(targets=[seed_target],
                               value=gast.Call(func=load("grad_seed"), args=[load(out)],
                                               keywords=[]), type_comment=None)
            g = grads[0] if options.argnums_int else gast.Tuple(elts=grads, ctx=gast.Load())
            if output is Output.VALUE_AND_GRAD:   # ((value, aux), grads) with has_aux
                g = gast.Tuple(elts=[load(result), g], ctx=gast.Load())
            elif has_aux:                  # (grads, aux)
                g = gast.Tuple(elts=[g, load(aux)], ctx=gast.Load())
            new_body = forward + [anno.copy_location(seed, _returned_at(body, result)
                                                     or fn.body[-1])] + backward \
                + [gast.Return(value=g)]
        arguments = _arguments(args)
        if output is not Output.APPLY:   # same parameters as the user's: same defaults
            arguments.defaults = fn.args.defaults
        new = gast.FunctionDef(name=name, args=arguments, body=new_body,
                               decorator_list=[], returns=None, type_comment=None,
                               type_params=[])
        return anno.copy_location(new, fn)

    def located(self, node):
        """The node if it carries a line, else the statement being transformed."""
        return node if getattr(node, "lineno", None) else self.where

    def bar(self, name):
        if name not in self.bars:
            self.bars[name] = self.namer.fresh(name + "_bar")
        return self.bars[name]

    def final_bar(self, name, init):
        if name in init and name not in self.pending:
            return load(self.bar(name))
        return self.zeros(name)

    def materialize(self, names, zero_of=None):
        """Write the zeros of pending cotangents that a later read needs."""
        out = []
        for n in sorted(names & self.pending):
            source = (zero_of or {}).get(n, n)
            out.append(gast.Assign(targets=[store(self.bar(n))], value=self.zeros(source),
                                   type_comment=None))
        self.pending -= names
        return out

    def zeros(self, name):
        if name in self.arrays:  # s2s.runtime.zeros_like: jnp.zeros_like, made once per shape
            return gast.Call(func=load("zeros_like"), args=[load(name)], keywords=[])
        return gast.Call(func=load("tree_zeros_like"), args=[load(name)], keywords=[])

    def packed_parts(self, out, backward, options):
        """The pullback's parameter and body: for a caller that unpacks the result
        (`a, b = f(x)`), the parts' cotangents, packed first as the result was
        (stacked if it is an array)."""
        if not options.unpacked or out in self.containers:   # (the tuple as it comes)
            return self.bar(out), backward
        parts = self.namer.fresh(self.bar(out) + "_parts")
        packed = self.packed_cotangent(out, load(parts))
        return parts, [gast.Assign(targets=[store(self.bar(out))], value=packed,
                                   type_comment=None)] + backward

    def name_tapes_and_calls(self, body):
        for s in own_statements(body):
            if isinstance(s, (gast.For, gast.While)):
                anno.put(s, Key.TAPE, self.namer.fresh("tape"))
            elif isinstance(s, gast.Assign) and isinstance(s.value, gast.Call):
                c = callee(s.value, self.ns, self.activity.visible)
                if c.kind == CallKind.LOCAL:
                    raise self.refuse_local_call(s, c.name, body)
                self.where = s
                refuse_repackaging(self, c, s.value, self.activity)
                refuse_nondiff_operands(self, c.obj if c.kind == CallKind.PRIM else None, s.value,
                                        None, self.activity)
                if c.kind == CallKind.USER and self.activity.value_active(s.value):
                    target = s.targets[0]
                    base = target.id if isinstance(target, gast.Name) else c.name
                    anno.put(s, Key.PULLBACK, self.namer.fresh(base + "_pullback"))
                    if c.checkpointed:
                        anno.put(s, Key.CHECKPOINT, True)

    def refuse_local_call(self, s, name, body):
        """The error for calling a function held in a local name: a pullback that
        a first derivative got from a helper's own vjp (a helper of another module:
        those of the same module are put in line), or a nested function."""
        for st in statements(body):
            if isinstance(st, gast.Assign) and isinstance(st.value, gast.Call) \
                    and isinstance(st.value.func, gast.Name) \
                    and name in names_in(st.targets[0]) and name.endswith("_pullback"):
                helper = st.value.func.id
                helper = helper[:-len("_vjp")] if helper.endswith("_vjp") else helper
                return self.source.error(
                    self.located(s), f"s2s cannot yet differentiate a derivative through "
                                     f"`{helper}` again: it is defined in another module, so "
                                     "the first derivative calls its pullback",
                    f"define `{helper}` in the module of the function you differentiate "
                    "twice (s2s puts same-module helpers in line), or use jax for this one")
        return self.source.error(self.located(s), "s2s cannot yet differentiate a call of a "
                                                  "nested function in reverse mode",
                                 "define the function at module level")


def _returned_at(body, result):
    """The last statement giving `result` its value: where the user's `return`
    is (the structure pass made it an assignment), which the seed cites."""
    found = None
    for s in statements(body):
        if isinstance(s, gast.Assign) and getattr(s, "lineno", None) is not None \
                and result in {n.id for n in gast.walk(s.targets[0]) if isinstance(n, gast.Name)}:
            found = s
    return found


def run(fn, ctx):
    return Reverse(ctx).function(fn, ctx.name, ctx.options, ctx.transform.output)


def _arguments(names):
    return gast.arguments(args=[store(a) for a in names], posonlyargs=[], vararg=None,
                          kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])
