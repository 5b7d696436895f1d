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

The pass is one class in four files, one job each: this one (the function,
its statements, names and ranks), batch_layout.py (which leaves of a tuple
or list carry the batch axis), batch_calls.py (expressions and calls: the
batch rules, which see a call through s2s/rules/batching.py) and
batch_control.py (if, while, for, with the questions it asks of a block of
statements in batch_blocks.py).
"""

import gast
import jax.numpy as jnp

from ..nodes import copy_tree, name_nodes
from .. import anno
from ..anno import Key
from ..backend import COMMENT_MARK
from ..rules.collectives import REDUCTIONS
from ..rules.batching import BATCH_SIZE, helper_call, jnp_call
from ..runtime import unbroadcast
from ..template import load, store
from .batch_blocks import program_order, stored_by
from .batch_calls import Calls
from .batch_control import ControlFlow
from .batch_layout import Layout, assign
from .batchedness import (Batchedness, called_primitive, constant_node, element, is_constant,
                          prune_unreached)
from .probe_record import Info, describe
from .scopes import name_counts, params
from .structure import is_list_append


class Batch(Layout, Calls, ControlFlow):
    """The pass over one function: its statements, names and ranks here; pytree
    layout, calls and control flow in the mixins beside this file."""

    def __init__(self, ctx, fn, batched_params):
        self.ctx = ctx
        self.ns, self.source, self.namer = ctx.ns, ctx.source, ctx.namer
        self.record = ctx.facts["record"]   # the probe's: what each value is, per example
        self.where = None
        self.fn, self.batched_params = fn, batched_params
        prune_unreached(fn, self.record, self.ns)
        self.analysis = Batchedness(fn, self.ns, batched_params, self.record,
                                    getattr(ctx.options, "axis_name", None))
        self.locals = self.analysis.locals
        self.order = [(node, stored_by(node)) for node in program_order(fn.body)]
        self.widened = self.widened_names()
        self.started = set()   # names given a start value before a batched if/while
        self.prologue = []     # their start values, at the top of the function
        self.output_batched = False
        self.renamed = {n: self.namer.fresh(n + "_batch") for n in sorted(self.analysis.batched)}
        self.stores = name_counts(fn)[1]
        self.ones = set()      # names that hold weakly typed ones (a gradient's seed, spread)

    def located(self, node):
        return node if getattr(node, "lineno", None) else self.where

    def error(self, node, message, hint=None):
        return self.source.error(self.located(node), message, hint)

    # -- the function ----------------------------------------------------------------

    def function(self, name, param_infos):
        """The batched function, called `name`."""
        fn, batched_params = self.fn, self.batched_params
        args = params(fn)
        trees = {a for a, info in zip(args, param_infos) if info.kind == "tree"}
        # (an empty tree, such as a layer's `()` parameters, has no leaf to ask)
        holding = [a for a, info in zip(args, param_infos)
                   if a in batched_params and _holds_an_array(info)]
        first = next((a for a in holding if a not in trees),
                     next(iter(holding), next(a for a in args if a in batched_params)))
        if first in trees:   # a list or dict of batched arrays: ask its first leaf
            size = assign(store(BATCH_SIZE),
                          helper_call("batch_size_of", [load(self.renamed[first])]))
        else:
            size = assign(store(BATCH_SIZE), gast.Subscript(
                value=jnp_call("shape", [load(self.renamed[first])]),
                slice=gast.Constant(value=0, kind=None), ctx=gast.Load()))
        # a parameter passed without a batch axis that is batched later (assigned under
        # a batched `if`): it arrives as it is and gets its batch axis on entry
        widened = [assign(store(self.renamed[a]), self.broadcast(load(a), info, rename=False))
                   for a, info in zip(args, param_infos)
                   if a in self.analysis.batched and a not in batched_params]
        body = _returned_item_in_place(self.block(fn.body))
        body = [anno.copy_location(st, fn.body[0]) for st in [size] + widened + self.prologue] \
            + body
        new = gast.FunctionDef(
            name=name, args=gast.arguments(
                args=[store(self.renamed[a] if a in batched_params else a) for a in args],
                posonlyargs=[],
                vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]),
            body=body, decorator_list=[], returns=None, type_comment=None, type_params=[])
        anno.put(new, Key.OUTPUT_BATCHED, self.output_batched)
        return anno.copy_location(new, fn)

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
                    anno.copy_location(new, s)
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
        node = copy_tree(node)
        for n in name_nodes(node):
            if n.id in self.analysis.batched:
                n.id = self.renamed[n.id]
        return node

    def info(self, node, stmt=None, when="in"):
        """What `node` held, per example, when the probe ran this statement."""
        stmt = stmt or self.where
        if isinstance(node, gast.Name) and node.id not in self.locals:
            return self.global_info(node.id)   # a global or closure value: as it is now
        if isinstance(node, gast.Name):
            return self.record.info(anno.get(stmt, Key.STATEMENT_ID), node.id, when)
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

    def known_value(self, node):
        """(True, v) where the probe saw `node` hold the Python value v, the same
        on every pass; (False, None) where it varies or is an array."""
        info = self.info(node)
        steady = not (isinstance(node, gast.Name) and node.id in self.analysis.unsteady)
        if info is not None and is_constant(info) and steady:
            return True, _python(info)
        return False, None

    # -- assignments -------------------------------------------------------------------

    def stmt_Assign(self, s):
        if self.ctx.tidy:
            self.fold_known(s)
        target, value = s.targets[0], s.value
        constant = self.analysis.constant(s)
        if constant is not None and self.batched(value):
            value = constant_node(constant)   # a shape or count: the same for every example
            if not self.batched(target):
                new = assign(target, value)
                anno.put(new, Key.PROBED, True)
                return [new]
        have = self.analysis.pattern(value, s) if constant is None else False
        want = self.target_pattern(target)
        if want is False and self.collective(value):   # (psum of a value every example shares)
            return [assign(target, self.batched_value(value, target, s))]
        if want is False and self.batched(value) and self.analysis.shape_query(value):
            return [assign(target, self.batched_value(value, target, s))]
        if want is False:   # (it may read the unbatched item of a partly batched tuple)
            return [s] if not self.batched(value) else [assign(target, self.rename(value))]
        if isinstance(target, gast.Tuple):
            return self.unpack(target, value, have, s)
        if isinstance(target, gast.Name) and target.id in self.widened and have is False:
            shape = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=n, kind=None)
                                                            for n in self.widened[target.id]],
                               ctx=gast.Load())
            return [assign(self.rename(target), jnp_call("full", [shape, value]))]
        if isinstance(value, (gast.Name, gast.Tuple, gast.List, gast.Dict, gast.Constant)) \
                or have is False:
            return [assign(self.rename(target), self.conform(value, want, s))]
        if is_list_append(value) and want is not True:
            xs, v = value.args
            new = helper_call("list_append",
                              [self.rename(xs), self.conform(v, element(want, None), s)])
            return [assign(self.rename(target), new)]
        result = self.batched_value(value, target, s)
        if have != want and not (have is True or want is True):
            raise self.error(s, "s2s cannot batch this: a list or tuple that is batched "
                                "in some places and not in others")
        if have is not True and want is True:
            result = self.conform(value, True, s)
        return [assign(self.rename(target), result)]

    def fold_known(self, s):
        """What the probe saw makes two rewrites exact (a derivative's lines,
        which the rules wrote for any shape and dtype):
        - `t = ones * e` is `t = e` where the probe saw `t` hold what `e` held,
          same shape and real dtype (a gradient's seed spread to a shape:
          `pow_bar = jnp.broadcast_to(1.0, (3,))`; weakly typed ones, and 1.0 * x
          is x);
        - `t = unbroadcast(g, x)` is `t = g` where g and x have one shape and
          dtype (nothing to sum, nothing to cast)."""
        target, value = s.targets[0], s.value
        if not isinstance(target, gast.Name):
            return
        if self.holds_ones(value) and self.stores.get(target.id) == 1:
            self.ones.add(target.id)
        if isinstance(value, gast.BinOp) and isinstance(value.op, gast.Mult):
            for ones, other in ((value.left, value.right), (value.right, value.left)):
                if isinstance(ones, gast.Name) and ones.id in self.ones \
                        and _same_real_array(self.info(target, s, "out"), self.info(other, s)):
                    s.value = other
                    return
        if called_primitive(value, self.ns, self.locals) is unbroadcast \
                and len(value.args) == 2 and not value.keywords:
            g, x = value.args
            if _same_array(self.info(g, s), self.info(x, s)):
                s.value = g

    def holds_ones(self, value):
        """`jnp.broadcast_to(seed, shape)` where the probe saw seed hold the
        Python number 1 (weakly typed ones)."""
        if called_primitive(value, self.ns, self.locals) is not jnp.broadcast_to \
                or len(value.args) != 2 or value.keywords:
            return False
        known, seed = self.known_value(value.args[0])
        return known and type(seed) in (int, float) and seed == 1

    def collective(self, value):
        """`lax.psum(x, "i")` and its kin: rewritten even where x is the same in
        every example (it sums over the examples: s2s/rules/collectives.py)."""
        return called_primitive(value, self.ns, self.locals) in REDUCTIONS

    # -- statements without a value ---------------------------------------------------

    def stmt_Expr(self, s):
        if self.batched(s.value) and isinstance(s.value, gast.Call):
            # (a check: `utils.check_subdtype(logits, jnp.floating)`) its value goes
            return [anno.copy_location(gast.Expr(value=self.call(s.value, None)), s)]
        if self.batched(s.value):
            raise self.error(s, "s2s cannot batch a value that is thrown away",
                             "assign it to a name")
        return [s]

    def stmt_Assert(self, s):
        if self.batched(s.test):
            raise self.error(s, "s2s cannot batch an `assert` on a value that differs "
                                "between examples", "check it before calling the batched "
                                                    "function (jax.vmap cannot decide it either)")
        msg = None if s.msg is None else self.rename(s.msg)   # (read only if it fails)
        return [gast.Assert(test=s.test, msg=msg)]

    def stmt_Return(self, s):
        """Every output leaf leaves with a batch axis (unbatched ones broadcast, as
        vmap's out_axes=0 does); `output_batched` records which were batched, for
        out_axes=None."""
        if s.value is None:
            return [s]
        value = s.value
        item = self.ctx.options.returned_item
        if item is not None:
            value = gast.Subscript(value=value, slice=gast.Constant(value=item, kind=None),
                                   ctx=gast.Load())
        self.output_batched = self.output_pattern(value)
        return [gast.Return(value=self.conform(value, True, s))]

    @staticmethod
    def comment(text):
        return gast.Expr(value=gast.Constant(value=COMMENT_MARK + text, kind=None))


def _returned_item_in_place(body):
    """`t = (a, b)` then `return t[1]` (options.returned_item) -> `return b`:
    the tuple's other items are then read by nothing (simplify drops them)."""
    if len(body) < 2 or not isinstance(body[-1], gast.Return):
        return body
    built, ret = body[-2], body[-1].value
    if isinstance(ret, gast.Subscript) and isinstance(ret.value, gast.Name) \
            and isinstance(ret.slice, gast.Constant) and isinstance(built, gast.Assign) \
            and isinstance(built.targets[0], gast.Name) and built.targets[0].id == ret.value.id \
            and isinstance(built.value, gast.Tuple) and not any(
                isinstance(e, gast.Starred) for e in built.value.elts):
        item = built.value.elts[ret.slice.value]
        return body[:-2] + [anno.copy_location(gast.Return(value=item), body[-1])]
    return body


def _python(info):
    if info.kind == "value":
        return info.value
    return info.container(_python(c) for c in info.children)


def run(fn, ctx):
    """The batch pass: after the probe (ctx.facts["record"]), the function
    rewritten to compute a batch of examples at once."""
    options = ctx.options
    batched = [a for a, m in zip(params(fn), options.batched) if m]
    new = Batch(ctx, fn, batched).function(ctx.name, options.signature)
    ctx.facts["output_batched"] = anno.get(new, Key.OUTPUT_BATCHED)
    return new


def _same_array(a, b):
    """Two arrays (as the probe saw them) of one known shape and one dtype."""
    return (a is not None and b is not None and a.kind == b.kind == "array"
            and a.shape == b.shape and a.dtype == b.dtype and None not in a.shape)


def _same_real_array(a, b):
    """Two arrays of one shape and one real dtype (not bool: 1 * True is 1)."""
    return _same_array(a, b) and (jnp.issubdtype(a.dtype, jnp.floating)
                                  or jnp.issubdtype(a.dtype, jnp.integer))


def _holds_an_array(info):
    """Does a parameter (as the probe saw it) hold an array, itself or as a leaf?"""
    if info.kind == "tree":
        return any(_holds_an_array(c) for c in info.children)
    return info.kind != "value"
