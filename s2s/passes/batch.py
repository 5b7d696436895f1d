"""Batch: rewrite a function over one example into a function over a batch (vmap).

Every batched value carries its batch axis first, and its name says so
(`v` becomes `v_batch`); values that do not depend on a batched input keep
their names and shapes, and broadcast against batched ones as they are.
Each statement that reads a batched value is rewritten by its primitive's
batch rule (s2s/rules), which knows one example's ranks from the probe
(s2s/passes/probe.py): `jnp.dot(mat, v)` becomes
`jnp.einsum('ij,zj->zi', mat, v_batch)`, `jnp.sum(x)` becomes
`jnp.sum(x_batch, axis=1)`. Shapes, counts and other Python values the probe
saw as constants stay unbatched (`n = len(x)` is the same for every example).

Control flow on unbatched values stays as it is. Where JAX's vmap refuses:
- `if c:` with `c` batched runs both branches, each on its own copies of the
  variables it assigns, then merges them: `y_batch = jnp.where(c_batch, y_then, y_else)`;
- `while c:` with `c` batched loops while any example is still going; each
  pass computes every example and keeps the new values only where that
  example's condition held: `x_batch = jnp.where(going, x_step, x_batch)`.
Calls of other user functions call their batched version in turn. Which
values are batched is the analysis in s2s/passes/batchedness.py.
"""
import copy

import gast

from .. import rules, runtime
from ..backend import COMMENT_MARK
from ..names import names_in
from ..pipeline import PUBLIC, BatchOptions, JvpOptions
from ..template import jnp_attr, load, store
from .batchedness import (Batchedness, constant_node, element, is_constant,
                          iterated, prune_unreached, stored, tuple_pattern)
from .probe import Info, describe
from .resolve import Callee, callee
from .scopes import params
from .structure import is_list_append

BATCH_SIZE = "batch_size"


class Batch:
    def __init__(self, ctx):
        self.ctx = ctx
        self.ns, self.source, self.namer = ctx.ns, ctx.source, ctx.namer
        self.record = ctx.facts["record"]   # the probe's: what each value is, per example
        self.where = None

    def located(self, node):
        return node if getattr(node, "lineno", None) else self.where

    def error(self, node, message, hint=None):
        return self.source.error(self.located(node), message, hint)

    # -- the function ----------------------------------------------------------------

    def function(self, fn, batched_params, name, param_infos):
        self.fn = fn
        prune_unreached(fn, self.record, self.ns)
        self.analysis = Batchedness(fn, self.ns, batched_params, self.record)
        self.locals = self.analysis.locals
        self.order = [(node, _stored_by(node)) for node in _program_order(fn.body)]
        self.widened = self.widened_names()
        self.started = set()   # names given a start value before a batched if/while
        self.prologue = []     # their start values, at the top of the function
        self.output_batched = False
        self.renamed = {}
        for n in sorted(self.analysis.batched):
            self.renamed[n] = self.namer.fresh(n + "_batch")
        args = params(fn)
        trees = {a for a, info in zip(args, param_infos) if info.kind == "tree"}
        first = next((a for a in args if a in batched_params and a not in trees),
                     next(a for a in args if a in batched_params))
        if first in trees:   # a list or dict of batched arrays: ask its first leaf
            size = _assign(store(BATCH_SIZE), _call("batch_size_of", [load(self.renamed[first])]))
        else:
            size = _assign(store(BATCH_SIZE), gast.Subscript(
                value=_jnp("shape", [load(self.renamed[first])]),
                slice=gast.Constant(value=0, kind=None), ctx=gast.Load()))
        # a parameter passed without a batch axis that is batched later (assigned under
        # a batched `if`): it arrives as it is and gets its batch axis on entry
        widened = [_assign(store(self.renamed[a]), self.broadcast(load(a), info, rename=False))
                   for a, info in zip(args, param_infos)
                   if a in self.analysis.batched and a not in batched_params]
        body = self.block(fn.body)
        body = [gast.copy_location(st, fn.body[0]) for st in [size] + widened + self.prologue] \
            + body
        new = gast.FunctionDef(
            name=name, args=gast.arguments(
                args=[store(self.renamed[a] if a in batched_params else a) for a in args],
                posonlyargs=[],
                vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
            body=body, decorator_list=[], returns=None, type_comment=None, type_params=[])
        new.s2s_output_batched = self.output_batched
        return gast.copy_location(new, fn)

    def widened_names(self):
        """Batched names that start as a Python number and then hold arrays of
        one shape (`total = 0.0`, then `total = total + x` in a loop): they
        hold that shape from the start (`jnp.full((batch_size, 3), 0.0)`), so
        every pass of the loop sees one rank, as the arithmetic would give."""
        stored = {}
        for (sid, name, when), info in self.record.seen.items():
            if when == "out" and name in self.analysis.batched:
                stored.setdefault(name, []).append(info)
        widened = {}
        for name, infos in stored.items():
            numbers = [i for i in infos if i.kind in ("value", "number") and i.rank == 0]
            shapes = {i.shape for i in infos if i.kind == "array"}
            if numbers and len(numbers) + sum(i.kind == "array" for i in infos) == len(infos) \
                    and len(shapes) == 1:
                shape = shapes.pop()
                if shape and None not in shape:
                    widened[name] = shape
        return widened

    def block(self, stmts):
        out = []
        for s in stmts:
            self.where = s
            for new in getattr(self, "stmt_" + type(s).__name__, self.stmt_as_is)(s):
                if getattr(new, "lineno", None) is None:
                    gast.copy_location(new, s)
                out.append(new)
        return out

    def stmt_as_is(self, s):
        if self.analysis.is_batched(s):
            raise self.error(s, f"s2s cannot batch this statement ({type(s).__name__})")
        return [s]

    # -- names -------------------------------------------------------------------------

    def batched(self, node):
        return self.analysis.is_batched(node)

    def rename(self, node):
        """The node with batched names replaced by their `_batch` names."""
        node = copy.deepcopy(node)
        for n in gast.walk(node):
            if isinstance(n, gast.Name) and n.id in self.analysis.batched:
                n.id = self.renamed[n.id]
        return node

    def info(self, node, stmt=None, when="in"):
        """What `node` held, per example, when the probe ran this statement."""
        stmt = stmt or self.where
        if isinstance(node, gast.Name) and node.id not in self.locals:
            return self.global_info(node.id)   # a global or closure value: as it is now
        if isinstance(node, gast.Name):
            return self.record.info(stmt.s2s_id, node.id, when)
        if isinstance(node, gast.Constant):
            return Info("value", value=node.value)
        if isinstance(node, (gast.Tuple, gast.List)):
            children = [self.info(e, stmt, when) for e in node.elts]
            if any(c is None for c in children):
                return None
            return Info("tree", container=tuple if isinstance(node, gast.Tuple) else list,
                        children=children)
        return None

    def global_info(self, name):
        try:
            return describe(self.ns.lookup(name))
        except Exception:
            return None

    def rank(self, node):
        if isinstance(node, gast.Name) and node.id in self.widened:
            return len(self.widened[node.id])
        info = self.info(node)
        rank = info.rank if info is not None else None
        if rank is None:
            if info is None and isinstance(node, gast.Name):
                raise self.error(node, f"s2s could not see the shape of `{node.id}` here "
                                       "(this line did not run when s2s traced one example)",
                                 "make sure the line runs for the arguments you vmap over")
            raise self.error(node, "s2s needs the rank of this value to batch it, and it "
                                   "changes from one pass to the next",
                             "keep each variable's rank fixed inside loops")
        return rank

    # -- assignments -------------------------------------------------------------------

    def stmt_Assign(self, s):
        target, value = s.targets[0], s.value
        constant = self.analysis.constant(s)
        if constant is not None and self.batched(value):
            value = constant_node(constant)   # a shape or count: the same for every example
            if not self.batched(target):
                return [_assign(target, value)]
        have = self.analysis.pattern(value, s) if constant is None else False
        want = self.target_pattern(target)
        if want is False:   # (it may read the unbatched item of a partly batched tuple)
            return [s] if not self.batched(value) else [_assign(target, self.rename(value))]
        if isinstance(target, gast.Tuple):
            return self.unpack(target, value, have, s)
        if isinstance(target, gast.Name) and target.id in self.widened and have is False:
            shape = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=n, kind=None)
                                                            for n in self.widened[target.id]],
                               ctx=gast.Load())
            return [_assign(self.rename(target), _jnp("full", [shape, value]))]
        if isinstance(value, (gast.Name, gast.Tuple, gast.List, gast.Dict, gast.Constant)) \
                or have is False:
            return [_assign(self.rename(target), self.conform(value, want, s))]
        if is_list_append(value) and want is not True:
            xs, v = value.args
            new = _call("list_append", [self.rename(xs), self.conform(v, element(want, None), s)])
            return [_assign(self.rename(target), new)]
        result = self.batched_value(value, target, s)
        if have != want and not (have is True or want is True):
            raise self.error(s, "s2s cannot batch this: a list or tuple that is batched "
                                "in some places and not in others")
        if have is not True and want is True:
            result = self.conform(value, True, s)
        return [_assign(self.rename(target), result)]

    def target_pattern(self, target):
        if isinstance(target, gast.Name):
            return self.analysis.patterns.get(target.id, False)
        return tuple_pattern(tuple(self.target_pattern(e) for e in target.elts))

    def unpack(self, target, value, have, s):
        """`a, b = t`: each name gets the item with the batched leaves it needs."""
        wants = [self.target_pattern(e) for e in target.elts]
        if all(element(have, i) == w for i, w in enumerate(wants)):
            new = value if isinstance(value, (gast.Name, gast.Tuple)) \
                else self.batched_value(value, target, s)
            return [_assign(self.rename(target), self.rename(new) if new is value else new)]
        temps = [self.namer.fresh(n.id if isinstance(n, gast.Name) else "item")
                 for n in target.elts]
        first = value if have is False else self.rename(value)
        out = [_assign(gast.Tuple(elts=[store(t) for t in temps], ctx=gast.Store()), first)]
        for i, (t, e, w) in enumerate(zip(temps, target.elts, wants)):
            self.analysis.set_pattern(t, element(have, i))
            self.renamed[t] = t   # a temporary holds the item as the tuple had it
            out.append(_assign(self.rename(e), self.conform(load(t), w, s)))
        return out

    def conform(self, node, want, stmt):
        """`node` (read as the code has it) with the batched leaves `want` asks for:
        unbatched leaves that must be batched are broadcast."""
        have = self.analysis.pattern(node, stmt)
        if isinstance(node, gast.Dict) and want is not False:
            return gast.Dict(keys=node.keys, values=[self.conform(v, True, stmt)
                                                     for v in node.values])
        if want is False or have == want:
            return self.rename(node)
        if have is True and want[0] == "list":
            return self.rename(node)   # every leaf batched already
        if isinstance(node, gast.Tuple):
            return gast.Tuple(elts=[self.conform(e, element(want, i), stmt)
                                    for i, e in enumerate(node.elts)], ctx=gast.Load())
        if isinstance(node, gast.List):
            return gast.List(elts=[self.conform(e, element(want, None), stmt)
                                   for e in node.elts], ctx=gast.Load())
        if have is False:
            return self.broadcast(node, self.info(node, stmt) if isinstance(node, gast.Name)
                                  else None)
        if have[0] == "tuple" and (want is True or want[0] == "tuple"):
            base = self.rename(node)
            info = self.info(node, stmt) if isinstance(node, gast.Name) else None
            items = []
            for i, part in enumerate(have[1]):
                index = gast.Constant(value=i, kind=None)
                child = info.children[i] if info is not None and info.kind == "tree" \
                    and i < len(info.children) else None
                if part is False and element(want, i) is not False:
                    item = gast.Subscript(value=copy.deepcopy(base), slice=index,
                                          ctx=gast.Load())
                    items.append(self.broadcast(item, child))
                else:   # the item as it is, or its own items conformed in turn
                    item = gast.Subscript(value=copy.deepcopy(node), slice=index,
                                          ctx=gast.Load())
                    items.append(self.conform(item, element(want, i), stmt))
            return gast.Tuple(elts=items, ctx=gast.Load())
        raise self.error(stmt, "s2s cannot batch this: a list that is batched in some "
                               "places and not in others")

    def broadcast(self, node, info=None, rename=True):
        """`node` (unbatched) with a batch axis in front, for every leaf."""
        info = info if info is not None else self.info(node)
        if isinstance(node, (gast.Tuple, gast.List)):
            return type(node)(elts=[self.conform(e, True, self.where) for e in node.elts], ctx=gast.Load())
        if isinstance(node, gast.Dict):
            return gast.Dict(keys=node.keys, values=[self.conform(v, True, self.where) for v in node.values])
        if rename:   # (an unbatched part of a partly batched tuple: `pair[0]`)
            node = self.rename(node)
        if info is not None and info.kind == "tree":
            return _call("broadcast_tree", [node, load(BATCH_SIZE)])
        if info is not None and info.kind == "array":
            shape = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=n, kind=None)
                                                            for n in info.shape],
                               ctx=gast.Load()) if None not in info.shape else None
            if shape is not None:
                return _jnp("broadcast_to", [node, shape])
        if info is not None and info.kind == "value" and info.rank == 0:
            return _jnp("full", [gast.Tuple(elts=[load(BATCH_SIZE)], ctx=gast.Load()), node])
        return _call("broadcast_tree", [node, load(BATCH_SIZE)])

    def batched_value(self, value, target, stmt):
        if isinstance(value, gast.Name):
            return self.rename(value)
        if isinstance(value, (gast.Tuple, gast.List, gast.Dict)):
            return self.conform(value, True, stmt)
        if isinstance(value, gast.BinOp):
            return self.apply(rules.for_operator(value.op), value, [value.left, value.right], [])
        if isinstance(value, gast.UnaryOp) and isinstance(value.op, gast.Not):
            # `not c` of a batched truth value: element-wise, as Python's `not` is not
            return self.batched_value(_jnp("logical_not", [value.operand]), target, stmt)
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
                combined = _jnp(name, [combined, v])
            return self.batched_value(combined, target, stmt)
        if isinstance(value, gast.Attribute):
            return self.attribute(value)
        if isinstance(value, gast.Call):
            return self.call(value, target)
        raise self.error(value, f"s2s cannot batch this expression ({type(value).__name__})")

    def attribute(self, node):
        if node.attr == "shape":
            return _slice_from(_jnp("shape", [self.rename(node.value)]), 1)
        if node.attr == "ndim":
            return gast.Constant(value=self.rank(node.value), kind=None)
        if node.attr == "dtype":
            return self.rename(node)
        raise self.error(node, f"s2s cannot batch `.{node.attr}`")

    def call(self, call, target):
        c = callee(call, self.ns, self.locals)
        if c.kind == "at":
            sub = call.func.value
            return self.apply(c.obj, call, [sub.value.value, sub.slice, call.args[0]], [])
        if c.kind == "prim" and c.obj is not None and c.obj.batch is not None:
            return self.apply(c.obj, call, call.args, call.keywords)
        if c.kind == "builtin" and c.name in BUILTIN_RULES:
            return self.apply(BUILTIN_RULES[c.name], call, call.args, call.keywords)
        if c.kind == "user" and c.obj is PUBLIC.get("jvp"):
            return self.call_jvp(call, target)
        if c.kind == "user" and c.obj in rules.HELPER_BATCH:
            return self.apply(rules.HELPER_BATCH[c.obj], call, call.args, call.keywords)
        if c.kind == "user" or (c.kind == "prim" and c.obj is not None
                                and runtime.defines(c.obj.fn)):
            return self.call_batched(call, c)
        what = f"jnp.{c.name}" if c.kind == "prim" else f"`{c.name}`"
        raise self.error(call, f"s2s has no batching rule for {what}",
                         "write it with other jax.numpy functions, or compute it outside "
                         "the vmapped function")

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
        return self.call_batched(jvp_call, Callee("user", gen.function, name))

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
        from .forward import bind_arguments
        fn = c.obj if c.kind == "user" else c.obj.fn
        if getattr(type(fn), "__s2s_shape_specialized__", False):   # a vmap(g) called here
            infos = [self.info(a) for a in call.args]
            if any(i is None for i in infos):
                raise self.error(call, f"s2s could not see the arguments of `{c.name}`")
            fn = fn.specialize(tuple(infos))
        operands = bind_arguments(self, call, Callee("user", fn, c.name))
        mask = tuple(self.batched(a) for a in operands)
        signature = tuple(self.info(a) for a in operands)
        if any(s is None for s in signature):
            raise self.error(call, f"s2s could not see the arguments of this call of `{c.name}`",
                             "make sure the line runs for the arguments you vmap over")
        name = self.ctx.request_callee(fn, BatchOptions(mask, signature), c.name)
        return gast.Call(func=load(name), args=[self.rename(a) for a in operands], keywords=[])

    def apply(self, prim, value, args, keywords):
        rule = prim.batch
        if rule is None:
            raise self.error(value, f"s2s has no batching rule for `{prim.name}`",
                             "write it with other jax.numpy functions, or compute it "
                             "outside the vmapped function")
        batching = Batching(self, prim, value, args, keywords)
        return rule(batching, **batching.bound)

    # -- control flow ------------------------------------------------------------------

    def stmt_Expr(self, s):
        if self.batched(s.value):
            raise self.error(s, "s2s cannot batch a call whose value is thrown away",
                             "assign its result")
        return [s]

    def stmt_Return(self, s):
        """Every output leaf leaves with a batch axis (unbatched ones broadcast, as
        vmap's out_axes=0 does); `output_batched` records which were batched, for
        out_axes=None."""
        if s.value is None:
            return [s]
        self.output_batched = self.output_pattern(s.value)
        return [gast.Return(value=self.conform(s.value, True, s))]

    def output_pattern(self, value):
        """True/False, or a tuple of them when the result is a tuple built in one place."""
        if not self.batched(value):
            return False
        if isinstance(value, gast.Name):
            sources = [n.value for n, _ in self.order if isinstance(n, gast.Assign)
                       and isinstance(n.targets[0], gast.Name) and n.targets[0].id == value.id]
            if len(sources) == 1 and isinstance(sources[0], gast.Tuple):
                return tuple(self.output_pattern(e) for e in sources[0].elts)
        return True

    def stmt_For(self, s):
        if self.batched(s.iter):   # a batched list (a tape): its length is every example's
            info = self.info(iterated(s.iter))
            if info is None or info.kind != "tree":
                raise self.error(s, "s2s cannot batch a loop over a batched array",
                                 "loop over range(len(x)) and index x[i]")
            s.iter = self.rename(s.iter)
            s.target = self.rename(s.target)
        s.body = self.block(s.body) or [gast.Pass()]
        return [s]

    def stmt_If(self, s):
        if isinstance(s.test, gast.UnaryOp) and isinstance(s.test.op, gast.Not) \
                and isinstance(s.test.operand, gast.Name):
            # `if not c:` (a while's stop test, a short-circuit `or`) is `if c:`
            # with its branches swapped: the merges below select on `c`
            s.test, s.body, s.orelse = s.test.operand, s.orelse or [gast.Pass()], s.body
        seen = self.info(s.test, s) if isinstance(s.test, gast.Name) else None
        if not self.batched(s.test) and seen is not None and seen.kind == "value" \
                and isinstance(seen.value, bool) and s.test.id not in self.analysis.unsteady:
            # decided by shapes alone: the same branch for every call of this specialization
            return self.block(s.body if seen.value else s.orelse)
        if not self.batched(s.test):
            s.body = self.block(s.body) or [gast.Pass()]
            s.orelse = self.block(s.orelse)
            return [s]
        test = s.test
        _refuse_jumps(self, s)
        assigned = sorted(_assigned(s.body) | _assigned(s.orelse))
        starts = self.start_values(assigned, s)
        # (a name nobody reads after the `if` needs no merge: its branches may even
        # give it shapes that do not broadcast together; its own test reads it
        # again at a loop's next pass)
        merged = [n for n in assigned if n in self.analysis.batched
                  and (self.defined_before(n, s)
                       or (n in _assigned(s.body) and n in _assigned(s.orelse)))
                  and (self.read_after(n, s) or n in names_in(s.test))]
        self.refuse_uneven_lists(merged, s)
        then_names = {n: self.namer.fresh(n + "_then") for n in merged}
        else_names = {n: self.namer.fresh(n + "_else") for n in merged}
        self.prologue += starts
        out = [self.comment("both branches run; each example keeps the one its "
                            "condition picks")]
        out += self.branch(s.body, then_names, s)
        out += self.branch(s.orelse, else_names, s)
        cond = self.rename(test)
        # the condition itself last: every other merge reads its old value
        for n in sorted(merged, key=lambda n: n == test.id):
            out.append(self.merge(n, cond, load(then_names[n]), load(else_names[n]), s))
        return out

    def branch(self, stmts, names, s):
        """The statements of one branch, writing their own copies of `names`."""
        start = [_assign(store(names[n]), load(self.renamed[n])) for n in names
                 if self.defined_before(n, s) and n in _assigned(stmts)
                 and _read_before_written(stmts, n)]
        body = [b for b in self.block(copy.deepcopy(stmts)) if not isinstance(b, gast.Pass)]
        _rename_names(body, {self.renamed[n]: names[n] for n in names if n in _assigned(stmts)})
        rest = [_assign(store(names[n]), load(self.renamed[n])) for n in names
                if n not in _assigned(stmts)]
        return start + body + rest

    def merge(self, n, cond, then, other, s):
        """`n_batch = jnp.where(c_batch[:, None], n_then, n_else)`."""
        if self.rank_of_name(cond_name(s), s) != 0:
            raise self.error(s, "the condition of a batched `if` or `while` must be one "
                                "value per example", "reduce it with jnp.all or jnp.any")
        self.refuse_other_shapes(n, s)
        rank = self.rank_assigned(n, s)
        if rank is None:   # a list or tuple: merged leaf by leaf
            return _assign(store(self.renamed[n]), _call("where_tree", [cond, then, other]))
        return _assign(store(self.renamed[n]), _jnp("where", [_expand(cond, rank), then, other]))

    def refuse_uneven_lists(self, names, s):
        """A list one branch grows more than the other would have a length of its
        own per example (a tape of vmap(grad(f)) where a `break` or a `return`
        under a batched test ends some examples' loops early): refused here, as
        jnp.where cannot merge lists of two lengths."""
        for n in names:
            grown = [_appends(s.body, n), _appends(s.orelse, n)]
            if None not in grown and grown[0] != grown[1]:
                raise self.error(s, f"s2s cannot batch the list `{n}`, which grows more on "
                                    "one path than on the other of a test that differs between "
                                    "examples (the tape of vmap(grad(f)) through a loop that "
                                    "some examples leave early)",
                                 "leave the loop by the same step for every example and "
                                 "select with jnp.where, or loop over the examples in Python")

    def refuse_other_shapes(self, n, s):
        """Each example keeps the value its branch gave `n`: the branches must give
        it one shape (a Python number, as a start value, broadcasts)."""
        shapes = set()
        for branch in (s.body, s.orelse):
            last = next((b for b in reversed(branch) if n in _assigned([b])), None)
            if last is None:
                before = _dominating_assign(self.fn.body, s, n)
                if before is None:
                    return
                info = self.record.info(before.s2s_id, n, "out")
            elif isinstance(last, gast.Assign):
                info = self.record.info(last.s2s_id, n, "out")
            else:
                return   # assigned by a loop or a nested branch: not checked here
            if info is not None and info.kind == "array" and info.shape:
                shapes.add(info.shape)
        if len(shapes) > 1:
            one, other = sorted(shapes, key=len, reverse=True)[:2]
            raise self.error(s, f"`{n}` has shape {one} in one branch and {other} in the other, "
                                "and the condition differs between examples",
                             "give it the same shape in both branches")

    def rank_assigned(self, n, s):
        """One example's rank of `n` as assigned under `s`."""
        if n in self.widened:
            return len(self.widened[n])
        info = None
        for node in gast.walk(s):
            if isinstance(node, gast.Assign) and n in _stored_by(node):
                info = self.record.info(node.s2s_id, n, "out")
                if info is not None:
                    break
        if info is None:
            info = self.record.info(s.s2s_id, n, "in")
        if info is None:
            raise self.error(s, f"s2s could not see the shape of `{n}` under this condition "
                                "(it did not run when s2s traced one example)")
        if info.kind == "tree" or any(
                isinstance(node, gast.Assign) and n in _stored_by(node)
                and (is_list_append(node.value) or isinstance(node.value, gast.List))
                for node in gast.walk(s)):
            return None   # a list: merged leaf by leaf
        if info.rank is None:
            raise self.error(s, f"`{n}` changes rank under this condition")
        return info.rank

    def rank_of_name(self, name, s):
        info = self.record.info(s.s2s_id, name, "in")
        if info is None or info.rank is None:
            raise self.error(s, "s2s could not see the shape of this condition")
        return info.rank

    def start_values(self, names, s):
        """Names first assigned under the batched `if`/`while` `s` and read after
        it (a loop's `return` value) start as zeros, so that an example that did
        not assign them keeps a value of its own: `v_batch = jnp.zeros(...)`."""
        out = []
        for n in names:
            if n not in self.analysis.batched or self.defined_before(n, s) \
                    or not self.read_outside(n, s):
                continue
            info = next((self.record.info(node.s2s_id, n, "out") for node in gast.walk(s)
                         if isinstance(node, gast.Assign) and n in _stored_by(node)
                         and self.record.info(node.s2s_id, n, "out") is not None), None)
            if info is None or info.rank is None or (info.kind == "array"
                                                     and None in info.shape):
                continue
            shape = info.shape if info.kind == "array" else ()
            dtype = str(info.dtype) if info.kind == "array" else None
            size = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=d, kind=None)
                                                           for d in shape], ctx=gast.Load())
            args = [size] + ([gast.Constant(value=dtype, kind=None)] if dtype else [])
            out.append(_assign(store(self.renamed[n]), _jnp("zeros", args)))
            self.started.add(n)
        return out

    def read_outside(self, name, s):
        inside = {id(node) for node in gast.walk(s)}
        return any(isinstance(node, gast.Name) and node.id == name
                   and isinstance(node.ctx, gast.Load) and id(node) not in inside
                   for node in gast.walk(self.fn))

    def read_after(self, name, s):
        """May `name` be read after statement `s` has run: later in program
        order, or anywhere in a loop around `s` (its next iteration)?"""
        inside = {id(n) for n in gast.walk(s)}

        def reads(node):
            return any(isinstance(n, gast.Name) and n.id == name
                       and isinstance(n.ctx, gast.Load) and id(n) not in inside
                       for n in gast.walk(node))

        def search(stmts):
            """(whether `s` is in stmts, whether a read after it was found)"""
            passed = False
            for st in stmts:
                if passed:
                    if reads(st):
                        return True, True
                elif getattr(st, "s2s_id", None) == s.s2s_id:
                    passed = True
                else:
                    for field in ("body", "orelse"):
                        found, read = search(getattr(st, field, None) or [])
                        if read or (found and isinstance(st, (gast.For, gast.While))
                                    and reads(st)):
                            return True, True
                        if found:
                            passed = True
                            if isinstance(st, (gast.For, gast.While)) and field == "body":
                                continue   # (a loop's `else` runs after its body)
                            break
            return passed, False

        return search(self.fn.body)[1]

    def defined_before(self, name, s):
        """Is `name` a parameter or assigned before statement `s` (in program order)?"""
        if name in params(self.fn) or name in self.started:
            return True
        for node, stored in self.order:
            if node.s2s_id == s.s2s_id:   # (s may be a copy: branches are copied)
                return False
            if name in stored:
                return True
        return False

    def stmt_While(self, s):
        if not self.batched(s.test):
            s.body = self.block(s.body) or [gast.Pass()]
            return [s]
        _refuse_jumps(self, s)
        test = s.test.id
        starts = self.start_values(sorted(_assigned(s.body)), s)
        # (a name the loop assigns but nobody reads after it, nor the next
        # iteration before assigning it, needs no merge: it may even change
        # shape in the loop, as in the `if` below)
        carried = sorted(n for n in _assigned(s.body) if n in self.analysis.batched
                         and self.defined_before(n, s)
                         and (n == test or self.read_after(n, s)
                              or _reads_old_value(s.body, n)))
        grown = [n for n in carried if any(
            isinstance(node, gast.Assign) and n in _stored_by(node) and is_list_append(node.value)
            for node in gast.walk(s))]
        if grown:
            # Each example's list would have its own length (a reverse-mode tape of
            # vmap(grad(f)) through this loop): refused, never merged wrongly.
            raise self.error(s, f"s2s cannot batch the list `{grown[0]}` that grows under a "
                                "`while` whose trip count differs between examples (the tape "
                                "of vmap(grad(f)) through this loop)",
                             "give the loop a fixed number of steps (for i in range(n)) and "
                             "select with jnp.where, or loop over the examples in Python")
        steps = {n: self.namer.fresh(n + "_step") for n in carried}
        going = load(self.renamed[test])
        body = [_assign(store(steps[n]), load(self.renamed[n])) for n in carried
                if _read_before_written(s.body, n)]
        inner = self.block(copy.deepcopy(s.body))
        _rename_names(inner, {self.renamed[n]: steps[n] for n in carried})
        body += inner
        for n in carried:
            if n != test:
                body.append(self.merge(n, going, load(steps[n]), load(self.renamed[n]), s))
        # an example that has stopped stays stopped
        body.append(_assign(store(self.renamed[test]),
                            _jnp("logical_and", [going, load(steps[test])])))
        loop = gast.While(test=_jnp("any", [going]), body=body, orelse=[])
        self.prologue += starts
        return [self.comment("loop while any example is still going; an example that has "
                             "stopped keeps its values"), loop]

    @staticmethod
    def comment(text):
        return gast.Expr(value=gast.Constant(value=COMMENT_MARK + text, kind=None))


def cond_name(s):
    return s.test.id


class Batching:
    """One call being batched, as its batch rule sees it.

    The rule is called with this object and the call's operands (gast nodes)
    bound to the jax.numpy function's own parameter names; its methods answer
    the questions a rule asks (is it batched? what rank has one example? what
    constant is this axis?) and build the code.
    """

    def __init__(self, pass_, prim, value, args, keywords):
        self.pass_, self.prim, self.node = pass_, prim, value
        self.positional = _parameter_names(prim, len(args), value)
        self.bound = dict(zip(self.positional, args))
        self.keywords = [k.arg for k in keywords]
        self.bound.update({k.arg: k.value for k in keywords})

    # -- questions
    def batched(self, node):
        return node is not None and self.pass_.batched(node)

    def rank(self, node):
        """One example's rank (Python numbers, None and dtypes count as 0)."""
        if node is None or isinstance(node, gast.Constant):
            return 0
        if isinstance(node, gast.Name) and node.id in self.pass_.widened:
            return self.pass_.rank(node)
        info = self.pass_.info(node)
        if info is not None and info.kind == "value":
            return 0
        return self.pass_.rank(node)

    def shape(self, node):
        info = self.pass_.info(node)
        if info is None or info.kind != "array" or None in info.shape:
            raise self.error("s2s needs the shape of this operand to batch it, and it "
                             "changes from one pass to the next")
        return info.shape

    def info(self, node):
        return self.pass_.info(node)

    def value(self, node, what="this argument"):
        """The Python value of a literal, or of a name the probe saw as a constant."""
        if node is None or not isinstance(node, gast.AST):
            return node   # a rule's default
        info = self.pass_.info(node)
        steady = not (isinstance(node, gast.Name) and node.id in self.pass_.analysis.unsteady)
        if info is not None and is_constant(info) and steady:
            return _python(info)
        raise self.pass_.error(self.node, f"s2s needs to know {what} to batch this call, "
                                           "and it is not a constant",
                               "pass a literal, or a value computed from shapes")

    def error(self, message, hint=None):
        return self.pass_.error(self.node, message, hint)

    # -- code
    def x(self, node):
        """The operand as generated code reads it (its `_batch` name if batched)."""
        return self.pass_.rename(node)

    def align(self, node, rank):
        """A batched operand made to broadcast like one example of rank `rank`:
        `x_batch[:, None]` puts the missing axes right after the batch axis."""
        if not self.batched(node):
            return self.x(node)
        return _expand(self.x(node), rank - self.rank(node))

    @staticmethod
    def expand(node, missing):
        """`node[:, None, ...]`: `missing` new axes after the first."""
        return _expand(node, missing)

    def with_batch(self, node):
        """The operand with a batch axis: its batched name, or broadcast to one."""
        return self.x(node) if self.batched(node) else self.pass_.broadcast(node)

    @staticmethod
    def jnp(name, *args, **kwargs):
        return _jnp(name, [_node(a) for a in args],
                    [gast.keyword(arg=k, value=_node(v)) for k, v in kwargs.items()])

    @staticmethod
    def call(name, *args):
        """A call of one of s2s's runtime helpers."""
        return _call(name, [_node(a) for a in args])

    @staticmethod
    def jnp_attr(name):
        return jnp_attr(name)

    @property
    def x64(self):
        import jax
        return jax.config.jax_enable_x64

    @property
    def batch_size(self):
        return load(BATCH_SIZE)

    def rebuild(self, **changes):
        """The original call (operator, subscript or jnp call), every operand
        renamed, with `changes` (parameter -> node or Python value) applied."""
        bound = {k: self.x(v) for k, v in self.bound.items()}
        bound.update({k: _node(v) for k, v in changes.items()})
        v = copy.deepcopy(self.node)
        values = [bound[p] for p in self.positional]
        if self.prim.name.startswith("at_"):   # x.at[index].set(v)
            v.func.value.value.value, v.func.value.slice = values[0], values[1]
            v.args = values[2:]
        elif isinstance(v, gast.BinOp):
            v.left, v.right = values
        elif isinstance(v, gast.UnaryOp):
            v.operand, = values
        elif isinstance(v, gast.Compare):
            v.left, v.comparators = values[0], [values[1]]
        elif isinstance(v, gast.Subscript):
            v.value, v.slice = values
        elif isinstance(v, gast.Call):
            v.args = values
            v.keywords = [gast.keyword(arg=k, value=bound[k]) for k in bound
                          if k not in self.positional]
        return v


def _parameter_names(prim, count, value):
    """The parameter each positional operand of the call is."""
    import inspect
    if isinstance(prim.fn, str) and prim.jvp is not None:   # getitem, at_set, ...
        return [p for p in prim.jvp.params if p != "ans" and not p.endswith("_dot")][:count]
    if isinstance(value, gast.Call) and not isinstance(prim.fn, str):
        try:
            names = []
            for p in inspect.signature(prim.fn).parameters.values():
                if p.kind == p.VAR_POSITIONAL:   # einsum's operands, a ufunc's args
                    names += [f"{p.name}_{i}" for i in range(count - len(names))]
                elif p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                    names.append(p.name)
            if len(names) >= count:
                return names[:count]
        except (TypeError, ValueError):
            pass
    return ["x", "y", "z"][:count] if count <= 3 else [f"arg{i}" for i in range(count)]


def _python(info):
    if info.kind == "value":
        return info.value
    return info.container(_python(c) for c in info.children)


def _node(v):
    if isinstance(v, gast.AST):
        return v
    if isinstance(v, tuple):
        return gast.Tuple(elts=[_node(e) for e in v], ctx=gast.Load())
    if isinstance(v, list):
        return gast.List(elts=[_node(e) for e in v], ctx=gast.Load())
    if isinstance(v, slice):
        return gast.Slice(lower=_node(v.start) if v.start is not None else None,
                          upper=_node(v.stop) if v.stop is not None else None,
                          step=_node(v.step) if v.step is not None else None)
    if v is Ellipsis:
        return gast.Constant(value=Ellipsis, kind=None)
    return gast.Constant(value=v, kind=None)


def _expand(node, missing):
    """`x[:, None, None]`: `missing` new axes after the batch axis."""
    if missing <= 0:
        return node
    elts = [gast.Slice(lower=None, upper=None, step=None)] + \
        [gast.Constant(value=None, kind=None)] * missing
    return gast.Subscript(value=node, slice=gast.Tuple(elts=elts, ctx=gast.Load()),
                          ctx=gast.Load())


def _slice_from(node, start):
    return gast.Subscript(value=node, slice=gast.Slice(
        lower=gast.Constant(value=start, kind=None), upper=None, step=None), ctx=gast.Load())


def _jnp(name, args, keywords=()):
    return gast.Call(func=jnp_attr(name), args=list(args), keywords=list(keywords))


def _call(name, args):
    return gast.Call(func=load(name), args=args, keywords=[])


def _assign(target, value):
    return gast.Assign(targets=[target], value=value, type_comment=None)


def _stored_by(stmt):
    if isinstance(stmt, gast.Assign):
        return stored(stmt.targets[0])
    if isinstance(stmt, gast.For):
        return stored(stmt.target)
    return set()


def _dominating_assign(stmts, s, n):
    """The assignment whose value `n` certainly holds when `s` runs: the last
    one before it in its block or in the blocks around, with nothing in between
    that may assign `n` (nor a loop around that assigns it again); else None."""
    found = _dominating(stmts, s, n)
    return found if isinstance(found, gast.Assign) else None


def _dominating(stmts, s, n):
    """An Assign; "unknown"; "open" (`s` is in `stmts`, and nothing before it
    there assigns `n`); None (`s` is not in `stmts`)."""
    for i, b in enumerate(stmts):
        if b is not s:
            inner = None
            for field in ("body", "orelse"):
                block = getattr(b, field, None)
                if isinstance(block, list) and block and isinstance(block[0], gast.stmt):
                    inner = _dominating(block, s, n)
                    if inner is not None:
                        break
            if inner is None:
                continue
            if inner != "open":
                return inner
            if isinstance(b, (gast.For, gast.While)) and n in _assigned([b]):
                return "unknown"   # another pass may have left another value
        for earlier in reversed(stmts[:i]):
            if n in _assigned([earlier]):
                return earlier if isinstance(earlier, gast.Assign) else "unknown"
        return "open"
    return None


def _assigned(stmts):
    out = set()
    for s in stmts:
        for node in gast.walk(s):
            if isinstance(node, gast.stmt):
                out |= _stored_by(node)
    return out


def _appends(stmts, n):
    """How many items `stmts` append to the list `n` (`n = list_append(n, v)`);
    None where that depends on a nested test or loop."""
    count = 0
    for s in stmts:
        if isinstance(s, gast.Assign) and n in _stored_by(s):
            if not is_list_append(s.value):
                return None
            count += 1
        elif isinstance(s, gast.If):
            inner = {_appends(s.body, n), _appends(s.orelse, n)}
            if len(inner) != 1 or None in inner:
                return None
            count += inner.pop()
        elif n in _assigned([s]):
            return None
    return count


def _rename_names(stmts, mapping):
    for s in stmts:
        for node in gast.walk(s):
            if isinstance(node, gast.Name) and node.id in mapping:
                node.id = mapping[node.id]


def _refuse_jumps(pass_, s):
    """`break`/`continue` that would leave the batched `if` or `while` `s`."""
    def visit(stmts, in_inner_loop):
        for node in stmts:
            if isinstance(node, gast.Raise):
                raise pass_.error(node, "s2s cannot batch `raise` under a condition that "
                                        "differs between examples",
                                  "test the condition before calling the batched function "
                                  "(jax.vmap cannot decide it either)")
            if isinstance(node, (gast.Break, gast.Continue)) and not in_inner_loop:
                raise pass_.error(node, f"s2s cannot batch `{type(node).__name__.lower()}` "
                                        "under a condition that differs between examples",
                                  "set a flag and test it in the loop condition")
            inner = in_inner_loop or isinstance(node, (gast.For, gast.While))
            for field in ("body", "orelse"):
                visit(getattr(node, field, []) or [], inner)
    visit(s.body + s.orelse, False)


def _read_before_written(stmts, name):
    """Might `stmts` read `name` before assigning it? (Compound statements that
    mention it are taken to read it: a loop may not run, so what it assigns may
    still be the value before.)"""
    for s in stmts:
        mentioned = any(isinstance(n, gast.Name) and n.id == name for n in gast.walk(s))
        if not mentioned:
            continue
        if isinstance(s, gast.Assign):
            if any(isinstance(n, gast.Name) and n.id == name for n in gast.walk(s.value)):
                return True
            return False
        return True
    return False


def _reads_old_value(stmts, name):
    """Might `stmts` read the value `name` had before them (a loop body: the
    previous iteration's)? Unlike _read_before_written, a nested loop or
    branch that only assigns it is looked into."""
    return _first_use(stmts, name) == "read"


def _first_use(stmts, name):
    """"read" if `stmts` may read `name` before assigning it, "written" if they
    certainly assign it first, else None (neither, or assigned on some paths)."""
    def reads(node):
        return any(isinstance(n, gast.Name) and n.id == name and isinstance(n.ctx, gast.Load)
                   for n in gast.walk(node))

    for s in stmts:
        if not any(isinstance(n, gast.Name) and n.id == name for n in gast.walk(s)):
            continue
        if isinstance(s, gast.Assign):
            plain = all(isinstance(n, (gast.Name, gast.Tuple, gast.List))
                        for t in s.targets for n in gast.walk(t) if isinstance(n, gast.expr))
            return "read" if reads(s.value) or not plain else "written"
        if isinstance(s, gast.If):
            if reads(s.test):
                return "read"
            body, orelse = _first_use(s.body, name), _first_use(s.orelse, name)
            if "read" in (body, orelse):
                return "read"
            if body == orelse == "written":
                return "written"
        elif isinstance(s, (gast.For, gast.While)):
            # a loop may not run: what it writes is not certainly written
            head = s.iter if isinstance(s, gast.For) else s.test
            if reads(head) or _first_use(s.body + s.orelse, name) == "read":
                return "read"
            if isinstance(s, gast.For) and any(isinstance(n, gast.Name) and n.id == name
                                               for n in gast.walk(s.target)):
                return "read"   # (a loop target: conservatively, as before)
        else:
            return "read"
    return None


def _program_order(stmts):
    for s in stmts:
        yield s
        for field in ("body", "orelse"):
            yield from _program_order(getattr(s, field, []) or [])


# Builtins with no derivative (not in the rules table) that have batch rules.
BUILTIN_RULES = {"len": rules.python_builtins.LEN}


def run(fn, ctx):
    """The batch pass: after the probe (ctx.facts["record"]), the function
    rewritten to compute a batch of examples at once."""
    options = ctx.options
    batched = [a for a, m in zip(params(fn), options.batched) if m]
    new = Batch(ctx).function(fn, batched, ctx.name, options.signature)
    ctx.facts["output_batched"] = new.s2s_output_batched
    return new
