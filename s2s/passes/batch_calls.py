"""The batch pass's expressions and calls: each is rewritten by its
primitive's batch rule (s2s/rules, through a `Batching`), a user function's
call by a call of its own batched version, `s2s.jvp(f, ...)` by f's jvp,
batched. A mixin of `Batch` (s2s/passes/batch.py)."""
import copy
import dataclasses

import gast

from .. import anno, rules, runtime
from ..by_jax import apply_callable
from ..errors import S2SError
from ..pipeline import PUBLIC, JvpOptions
from ..rules.batching import BATCH_SIZE, Batching, helper_call, jnp_call
from ..template import load
from .binding import bind_arguments
from .probe_record import PytreeNode
from .resolve import CallKind, Callee, callee, callee_of_value
from .scopes import params

# Builtins with no derivative (not in the rules table) that have batch rules.
BUILTIN_RULES = {"len": rules.python_builtins.LEN}


class Calls:
    """Batch's expressions and calls (a mixin: `self` is the Batch)."""

    def batched_value(self, value, target, stmt):
        if isinstance(value, gast.Name):
            return self.rename(value)
        if isinstance(value, (gast.Tuple, gast.List, gast.Dict)):
            return self.conform(value, True, stmt)
        if isinstance(value, gast.BinOp):
            return self.apply(rules.for_operator(value.op), value, [value.left, value.right], [])
        if isinstance(value, gast.UnaryOp) and isinstance(value.op, gast.Not):
            # `not c` of a batched truth value: element-wise, as Python's `not` is not
            return self.batched_value(jnp_call("logical_not", [value.operand]), target, stmt)
        if isinstance(value, gast.UnaryOp):
            return self.apply(rules.for_operator(value.op), value, [value.operand], [])
        if isinstance(value, gast.Compare) and len(value.ops) == 1:
            return self.apply(rules.BY_NAME["compare"], value, [value.left, value.comparators[0]],
                              [])
        if isinstance(value, gast.Subscript):
            return self.apply(rules.BY_NAME["getitem"], value, [value.value, value.slice], [])
        if isinstance(value, gast.BoolOp):   # `a and b` of batched truth values: element-wise
            name = "logical_and" if isinstance(value.op, gast.And) else "logical_or"
            combined = value.values[0]
            for v in value.values[1:]:
                combined = jnp_call(name, [combined, v])
            return self.batched_value(combined, target, stmt)
        if isinstance(value, gast.Attribute):
            return self.attribute(value)
        if isinstance(value, gast.Call):
            return self.call(value, target)
        raise self.error(value, f"s2s cannot batch this expression ({type(value).__name__})")

    def attribute(self, node):
        if node.attr == "shape":
            return _slice_from(jnp_call("shape", [self.rename(node.value)]), 1)
        if node.attr == "ndim":
            return gast.Constant(value=self.rank(node.value), kind=None)
        if node.attr == "size":
            return gast.BinOp(left=jnp_call("size", [self.rename(node.value)]), op=gast.FloorDiv(),
                              right=load(BATCH_SIZE))
        if node.attr == "dtype":
            return self.rename(node)
        raise self.error(node, f"s2s cannot batch `.{node.attr}`")

    def call(self, call, target):
        c = callee(call, self.ns, self.locals)
        if c.kind == CallKind.LOCAL and self.passed_module(call):
            return self.vmap_by_jax(rules.fallback_for(apply_callable), anno.copy_location(
                gast.Call(func=load("apply_callable"), args=[call.func] + call.args,
                          keywords=call.keywords), call))
        if c.kind == CallKind.LOCAL:
            c = self.passed_function(call) or c
        if c.kind == CallKind.AT:
            sub = call.func.value
            return self.apply(c.obj, call, [sub.value.value, sub.slice, call.args[0]], [])
        if c.kind == CallKind.PRIM and c.obj is not None and c.obj.batch is not None:
            return self.apply(c.obj, call, call.args, call.keywords)
        if c.kind == CallKind.BUILTIN and c.name in BUILTIN_RULES:
            return self.apply(BUILTIN_RULES[c.name], call, call.args, call.keywords)
        if c.kind == CallKind.USER and c.obj is PUBLIC.get("jvp"):
            return self.call_jvp(call, target)
        if c.kind == CallKind.USER and c.obj in rules.HELPER_BATCH:
            return self.apply(rules.HELPER_BATCH[c.obj], call, call.args, call.keywords)
        if c.kind == CallKind.USER or (c.kind == CallKind.PRIM and c.obj is not None
                                and runtime.defines(c.obj.fn)):
            return self.call_batched(call, c)
        if c.kind == CallKind.PRIM and c.obj is not None and (c.obj.fallback
                                                       or c.obj.differentiable):
            return self.vmap_by_jax(c.obj, call)   # (jnp.shape's result is no array to vmap)
        what = f"jnp.{c.name}" if c.kind == CallKind.PRIM else f"`{c.name}`"
        raise self.error(call, f"s2s has no batching rule for {what}",
                         "write it with other jax.numpy functions, or compute it outside "
                         "the vmapped function")

    def passed_function(self, call):
        """A call of a parameter the probe saw hold one function in every
        example (`nonlinearity=jnp.tanh`): that function's callee, else None.
        (Only a parameter: a function the code makes, a pullback, may close
        over the values it traces.)"""
        if not (isinstance(call.func, gast.Name) and call.func.id in params(self.fn)):
            return None
        known = self.info(call.func)
        if known is None or known.kind != "value" or not callable(known.value) \
                or isinstance(known.value, type):
            return None
        try:
            return callee_of_value(known.value, call.func.id, call)
        except S2SError:
            return None

    def passed_module(self, call):
        """A call of a parameter holding a callable pytree (an Equinox module,
        batched for an ensemble or not): jax.vmap of `apply_callable(m, x)`, the
        module's arrays batched where they are (s2s/by_jax.py)."""
        if not (isinstance(call.func, gast.Name) and call.func.id in params(self.fn)):
            return False
        known = self.info(call.func)
        return known is not None and known.kind == "tree" \
            and isinstance(known.container, PytreeNode)

    def vmap_by_jax(self, prim, call):
        """`vmap_by_jax(jnp.roll, (x_batch, 2), (0, None))`: jax.vmap of a function
        s2s has no batching rule for (s2s/by_jax.py); each operand's batch axis
        (first, or None where it is not batched)."""
        for k in call.keywords:
            if self.batched(k.value):
                raise self.error(call, f"s2s has no batching rule for `{prim.name}` and hands "
                                       f"it to jax.vmap with its positional arguments "
                                       f"batched; `{k.arg}=` is batched",
                                 f"pass `{k.arg}` positionally")
        operands = [self.batched_operand(a) for a in call.args]
        return gast.Call(func=load("vmap_by_jax"), args=[
            call.func, gast.Tuple(elts=[o for o, _ in operands], ctx=gast.Load()),
            gast.Tuple(elts=[axes for _, axes in operands], ctx=gast.Load())],
            keywords=list(call.keywords) + self.axis_names())

    def axis_names(self):
        """`vmap_options={"axis_name": "i"}` for vmap_by_jax where this vmap names
        its axis (collectives inside the call see it) or the mesh axis it is
        sharded over; none otherwise."""
        options = self.ctx.options
        named = {k: getattr(options, k) for k in ("axis_name", "spmd_axis_name")
                 if getattr(options, k) is not None}
        if not named:
            return []
        return [gast.keyword(arg="vmap_options", value=gast.Dict(
            keys=[gast.Constant(value=k, kind=None) for k in named],
            values=[gast.Constant(value=v, kind=None) for v in named.values()]))]

    def batched_operand(self, node):
        """(operand, its batch axes) for jax.vmap: a tuple written here item by
        item; a batched value with every leaf batched (a pytree some of whose
        leaves are not gets them broadcast), axis 0; anything else as it is, None."""
        if isinstance(node, (gast.Tuple, gast.List)):
            parts = [self.batched_operand(e) for e in node.elts]
            return (gast.Tuple(elts=[o for o, _ in parts], ctx=gast.Load()),
                    gast.Tuple(elts=[axes for _, axes in parts], ctx=gast.Load()))
        if self.batched(node):
            return self.conform(node, True, self.where), gast.Constant(value=0, kind=None)
        return self.rename(node), gast.Constant(value=None, kind=None)

    def call_jvp(self, call, target):
        """`s2s.jvp(f, (x,), (t,))` inside: a call of f's generated jvp, batched."""
        if call.keywords or len(call.args) != 3 or not isinstance(call.args[0], gast.Name):
            raise self.error(call, "s2s can batch `s2s.jvp(f, primals, tangents)` with f a "
                                   "function's name and no keywords")
        primals, tangents = (self.literal_tuple(a) for a in call.args[1:])
        infos = [self.info(p) for p in primals]
        mask = tuple(i is not None and i.kind == "array" and i.dtype.kind in "fc"
                     for i in infos)
        f = self.ns.lookup(call.args[0].id)
        gen = self.ctx.build("jvp", f, JvpOptions(mask))
        name = gen.function.__name__
        jvp_call = gast.Call(func=load(name), args=list(primals) + [
            t for t, m in zip(tangents, mask) if m], keywords=[])
        return self.call_batched(jvp_call, Callee(CallKind.USER, gen.function, name))

    def literal_tuple(self, node):
        """The elements of a tuple written in place or assigned once to a name."""
        if isinstance(node, (gast.Tuple, gast.List)):
            return node.elts
        if isinstance(node, gast.Name):
            sources = [n.value for n, _ in self.order if isinstance(n, gast.Assign)
                       and isinstance(n.targets[0], gast.Name) and n.targets[0].id == node.id]
            if len(sources) == 1 and isinstance(sources[0], (gast.Tuple, gast.List)):
                return sources[0].elts
        raise self.error(node, "s2s needs the primals and tangents of `s2s.jvp` written as "
                               "tuples here", "write s2s.jvp(f, (x,), (t,))")

    def call_batched(self, call, c):
        """`g(a, b)` with `a` batched -> `g_vmap(a_batch, b)`."""
        fn = c.obj if c.kind == CallKind.USER else c.obj.fn
        if getattr(fn, "__s2s_at_call__", False):
            raise self.error(call, f"s2s cannot batch this call again: the derivative of "
                                   f"`{c.name}` (a vmap in the function) picks its code "
                                   "for the shapes of each call",
                             "use jax's transformation for the outer one here, or apply "
                             "the vmap outside the differentiated function")
        if getattr(type(fn), "__s2s_shape_specialized__", False):   # a vmap(g) called here
            infos = [self.info(a) for a in call.args]
            if any(i is None for i in infos):
                raise self.error(call, f"s2s could not see the arguments of `{c.name}`")
            fn = fn.specialize(tuple(infos))
        operands = bind_arguments(self, call, Callee(CallKind.USER, fn, c.name))
        signature = tuple(self.info(a) for a in operands)
        # (a None, such as a rule's empty residuals, holds nothing per example)
        mask = tuple(self.batched(a) and not (s is not None and s.kind == "value"
                                              and s.value is None)
                     for a, s in zip(operands, signature))
        if not any(mask):   # (the same for every example: computed once, then broadcast)
            plain = gast.Call(func=copy.deepcopy(call.func), args=[self.rename(a) for a in operands],
                              keywords=[])
            return helper_call("broadcast_tree", [plain, load(BATCH_SIZE)])
        if any(s is None for s in signature):
            raise self.error(call, f"s2s could not see the arguments of this call of `{c.name}`",
                             "make sure the line runs for the arguments you vmap over")
        if any(_shape_varies(s) for s in signature):
            # (s2s's batched code is built for one signature: a call whose shapes
            # change from one pass of a loop to the next goes to jax.vmap)
            return self.vmap_by_jax(rules.fallback_for(apply_callable), anno.copy_location(
                gast.Call(func=load("apply_callable"), args=[call.func] + list(operands),
                          keywords=[]), call))
        # (a callee returns all it computes: only this function's caller reads one item)
        name = self.ctx.request_callee(fn, dataclasses.replace(self.ctx.options, batched=mask,
                                                               signature=signature,
                                                               returned_item=None),
                                       c.name, c.compiled)
        return gast.Call(func=load(name), args=[self.rename(a) for a in operands], keywords=[])

    def apply(self, prim, value, args, keywords):
        rule = prim.batch
        if rule is None:
            raise self.error(value, f"s2s has no batching rule for `{prim.name}`",
                             "write it with other jax.numpy functions, or compute it "
                             "outside the vmapped function")
        batching = Batching(self, prim, value, args, keywords)
        return rule(batching, **batching.bound)


def _slice_from(node, start):
    return gast.Subscript(value=node, slice=gast.Slice(
        lower=gast.Constant(value=start, kind=None), upper=None, step=None), ctx=gast.Load())


def _shape_varies(info):
    """An argument the probe saw with different shapes (a dimension None)."""
    if info.kind == "tree":
        return any(_shape_varies(c) for c in info.children)
    return info.kind == "array" and any(d is None for d in info.shape)
