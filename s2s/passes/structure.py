"""Structure: control flow in the canonical form reverse mode needs.

- Single exit: `if c: return a` followed by more code becomes
  `if c: result = a` / `else: <the rest>`, and the function ends with one
  `return result`. The pullback then knows which path ran from the branch
  predicates alone.
- Loops: code after a `break`/`continue` inside a branch moves into the other
  branch, so each path through the body ends in one place; a trailing
  `continue` disappears.
- Every `for` loop counts with an integer (`for i in range(len(xs)): x = xs[i]`),
  so the cotangent of `x` flows back into `xs` at index `i`.
- `xs.append(v)` becomes `xs = list_append(xs, v)`: a value, not a mutation.
- A name a loop assigns and later code reads, with no value before the loop
  (`out` in `for W, b in params: out = h @ W + b; ...` then `return out`),
  starts as `None`: it is then carried through the loop like any other, so
  each pass of the pullback zeroes the value of its own iteration (an MLP's
  layers change its shape).
"""
import copy

import gast

from .. import anno
from ..anno import Key
from ..pipeline import Family
from ..control_flow_carry import RETURNED_VALUE
from ..nodes import name_nodes
from ..template import load, store
from .scopes import params
from .ssa_blocks import _exposed, _exposed_in

RESULT = "result"


def run(fn, ctx):
    _Structure(ctx.source, ctx.namer, ctx.family).function(fn)
    return fn


class _Structure:
    def __init__(self, source, namer, family):
        self.source = source
        self.namer = namer
        self.family = family   # reverse mode refuses a return in a loop; vmap takes it

    def function(self, fn):
        result = self.namer.fresh(RESULT)
        fn.body = _define_before_loops(fn.body, set(params(fn)), set())
        body = self.block(fn.body + [gast.Return(value=None)], in_loop=0)
        body = _lift(body, (gast.Return,))
        fn.body = _returns_to_assignments(body, result) + [gast.Return(value=load(result))]
        anno.put(fn, Key.RESULT, result)
        return fn

    def block(self, stmts, in_loop):
        out = []
        for s in stmts:
            if isinstance(s, gast.Return) and in_loop > 1 and self.family is Family.REVERSE:
                # (one loop is written out; through two, the Hessian's batched
                # tangents of the None the value starts as were wrong)
                raise self.source.error(s, "`return` inside a nested loop is not supported in "
                                           "reverse mode",
                                        "set a result variable and `break` out of each loop")
            if isinstance(s, gast.If):
                s.body = self.block(s.body, in_loop)
                s.orelse = self.block(s.orelse, in_loop)
            elif isinstance(s, (gast.For, gast.While)):
                body = self.block(s.body, in_loop=in_loop + 1)
                flag, after = self.returns_to_breaks(body, s)
                s.body = _lift(body, (gast.Break, gast.Continue))
                s.body = _drop_trailing_continue(s.body)
                out.extend(flag)
                if isinstance(s, gast.For):
                    out.extend(self.counted_loop(s))
                else:
                    out.append(s)
                out.extend(after)
                continue
            elif isinstance(s, gast.FunctionDef):
                pass  # nested functions keep their own structure
            elif _is_append(s):
                s = _append_as_value(s)
            out.append(s)
        return out

    def returns_to_breaks(self, body, loop):
        """(vmap) `return v` inside a loop -> `value = v; returned = True; break`,
        and `if returned: return value` after the loop: every exit of the loop is
        then a `break`, which the flags pass can give one example at a time."""
        returns = []

        def find(stmts):
            for i, st in enumerate(stmts):
                if isinstance(st, gast.Return):
                    returns.append((stmts, i))
                elif isinstance(st, gast.If):
                    find(st.body)
                    find(st.orelse)
        find(body)
        if not returns:
            return [], []
        flag, value = self.namer.fresh("returned"), self.namer.fresh(RETURNED_VALUE)
        for stmts, i in returns:
            ret = stmts[i]
            stmts[i:i + 1] = [anno.copy_location(st, ret) for st in (
                gast.Assign(targets=[store(value)], value=ret.value or gast.Constant(
                    value=None, kind=None), type_comment=None),
                gast.Assign(targets=[store(flag)], value=gast.Constant(value=True, kind=None),
                            type_comment=None),
                gast.Break())]
        # (reverse mode and jit carry the value through the loop: it starts as
        # None, which has no cotangent and which lax.cond fills on the path
        # that goes on)
        carried = self.family in (Family.REVERSE, Family.JIT)
        starts = ((flag, False), (value, None)) if carried else ((flag, False),)
        start = [anno.copy_location(gast.Assign(
            targets=[store(name)], value=gast.Constant(value=init, kind=None),
            type_comment=None), loop) for name, init in starts]
        after = [anno.copy_location(gast.If(test=load(flag), body=[
            anno.copy_location(gast.Return(value=load(value)), loop)], orelse=[]), loop)]
        return start, after

    def counted_loop(self, loop):
        """`for x in xs` -> `for i in range(len(xs)): x = xs[i]` (also enumerate, zip)."""
        it, target = loop.iter, loop.target
        if isinstance(it, gast.Call) and isinstance(it.func, gast.Name) and it.func.id == "range":
            return [loop]
        setup = []
        backwards = False
        if isinstance(it, gast.Call) and isinstance(it.func, gast.Name) \
                and it.func.id == "enumerate" and len(it.args) == 1 \
                and isinstance(target, gast.Tuple) and len(target.elts) == 2:
            index, items = target.elts[0], [(target.elts[1], it.args[0])]
        elif isinstance(it, gast.Call) and isinstance(it.func, gast.Name) \
                and it.func.id == "zip" and isinstance(target, gast.Tuple) \
                and len(target.elts) == len(it.args):
            args = it.args
            backwards = all(isinstance(a, gast.Call) and isinstance(a.func, gast.Name)
                            and a.func.id == "reversed" and len(a.args) == 1
                            and isinstance(a.args[0], gast.Name) for a in args)
            if backwards:   # zip(reversed(xs), reversed(ys)): read both from the end
                args = [a.args[0] for a in args]
            index, items = store(self.namer.fresh("i")), list(zip(target.elts, args))
        elif isinstance(it, gast.Call) and isinstance(it.func, gast.Name) \
                and it.func.id == "reversed" and len(it.args) == 1 \
                and isinstance(it.args[0], gast.Name):
            return self.backward_loop(loop, it.args[0])
        elif isinstance(it, gast.Name):
            index, items = store(self.namer.fresh("i")), [(target, it)]
        else:
            raise self.source.error(loop, "s2s cannot reverse a loop over this iterable",
                                    "loop over range(...), an array, a list, "
                                    "enumerate(...) or zip(...)")
        seqs = [seq for _, seq in items]
        count = self.namer.fresh("n")
        length = gast.Call(func=load("len"), args=[seqs[0]], keywords=[]) if len(seqs) == 1 \
            else gast.Call(func=load("zip_length"), args=seqs, keywords=[])
        setup.append(anno.copy_location(
            gast.Assign(targets=[store(count)], value=length, type_comment=None), loop))
        reads = []
        position = index.id
        if backwards:
            position = self.namer.fresh("j")
            reads.append(gast.Assign(targets=[store(position)], value=gast.BinOp(
                left=gast.BinOp(left=load(count), op=gast.Sub(),
                                right=gast.Constant(value=1, kind=None)),
                op=gast.Sub(), right=load(index.id)), type_comment=None))
        for t, seq in items:
            item = gast.Subscript(value=seq, slice=load(position), ctx=gast.Load())
            if not isinstance(t, gast.Name):   # `for w, b in params`: read, then unpack
                name = self.namer.fresh(f"{seq.id}_{index.id}")
                reads.append(gast.Assign(targets=[store(name)], value=item, type_comment=None))
                item = load(name)
            reads.append(gast.Assign(targets=[t], value=item, type_comment=None))
        reads = [anno.copy_location(r, loop) for r in reads]
        loop.iter = gast.Call(func=load("range"), args=[load(count)], keywords=[])
        loop.target = index
        loop.body = reads + loop.body
        return setup + [loop]


def _counted_backward(self, loop, seq):
    """`for x in reversed(xs)` -> `for i in range(n): x = xs[last - i]`."""
    count, last, index, position = (self.namer.fresh(n) for n in ("n", "last", "i", "j"))
    setup = [gast.Assign(targets=[store(count)], value=gast.Call(
                 func=load("len"), args=[seq], keywords=[]), type_comment=None),
             gast.Assign(targets=[store(last)], value=gast.BinOp(
                 left=load(count), op=gast.Sub(), right=gast.Constant(value=1, kind=None)),
                 type_comment=None)]
    reads = [gast.Assign(targets=[store(position)], value=gast.BinOp(
                 left=load(last), op=gast.Sub(), right=load(index)), type_comment=None)]
    item = gast.Subscript(value=seq, slice=load(position), ctx=gast.Load())
    if isinstance(loop.target, gast.Name):
        reads.append(gast.Assign(targets=[loop.target], value=item, type_comment=None))
    else:
        name = self.namer.fresh(f"{seq.id}_{position}")
        reads += [gast.Assign(targets=[store(name)], value=item, type_comment=None),
                  gast.Assign(targets=[loop.target], value=load(name), type_comment=None)]
    loop.iter = gast.Call(func=load("range"), args=[load(count)], keywords=[])
    loop.target = store(index)
    loop.body = [anno.copy_location(r, loop) for r in reads] + loop.body
    return [anno.copy_location(a, loop) for a in setup] + [loop]


_Structure.backward_loop = _counted_backward


def _lift(block, exits):
    """Move the statements after a branch that may exit into its other paths."""
    for i, s in enumerate(block):
        if isinstance(s, exits):
            return block[:i + 1]
        if isinstance(s, gast.If) and _may_exit(s, exits):
            rest = block[i + 1:]
            s.body = _lift(s.body + copy.deepcopy(rest), exits)
            s.orelse = _lift(s.orelse + copy.deepcopy(rest), exits)
            return block[:i + 1]
    return block


def _may_exit(node, exits):
    for s in getattr(node, "body", []) + getattr(node, "orelse", []):
        if isinstance(s, exits):
            return True
        if isinstance(s, gast.If) and _may_exit(s, exits):
            return True
        if isinstance(s, (gast.For, gast.While)) and gast.Return in exits and _may_exit(s, exits):
            return True
    return False


def _drop_trailing_continue(block):
    if block and isinstance(block[-1], gast.Continue):
        return block[:-1] or [gast.Pass()]
    for s in block[-1:]:
        if isinstance(s, gast.If):
            s.body = _drop_trailing_continue(s.body)
            s.orelse = _drop_trailing_continue(s.orelse) if s.orelse else []
    return block


def _returns_to_assignments(block, result):
    out = []
    for s in block:
        if isinstance(s, gast.Return):
            value = s.value if s.value is not None else gast.Constant(value=None, kind=None)
            out.append(anno.copy_location(gast.Assign(targets=[store(result)], value=value,
                                                      type_comment=None), s))
            continue
        if isinstance(s, gast.If):
            s.body = _returns_to_assignments(s.body, result) or [gast.Pass()]
            s.orelse = _returns_to_assignments(s.orelse, result)
        out.append(s)
    return out


def _is_append(s):
    return (isinstance(s, gast.Expr) and isinstance(s.value, gast.Call)
            and isinstance(s.value.func, gast.Attribute) and s.value.func.attr == "append"
            and isinstance(s.value.func.value, gast.Name) and len(s.value.args) == 1)


def is_list_append(value):
    """Is `value` the `list_append(xs, v)` that `_append_as_value` writes?"""
    return isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
        and value.func.id == "list_append" and len(value.args) == 2


def _append_as_value(s):
    name = s.value.func.value.id
    call = gast.Call(func=load("list_append"), args=[load(name), s.value.args[0]], keywords=[])
    return anno.copy_location(gast.Assign(targets=[store(name)], value=call, type_comment=None), s)



_SCOPES = (gast.FunctionDef, gast.AsyncFunctionDef, gast.Lambda, gast.ClassDef)


def _stores(roots):
    return {n.id for n in name_nodes(roots, _SCOPES, []) if isinstance(n.ctx, gast.Store)}


def _define_before_loops(block, defined, after):
    """`name = None` before each loop that first assigns a name that code after
    it may read; `defined` grows with every name assigned so far (in source
    order), `after` holds the names read after `block` before being assigned."""
    out = []
    for k, s in enumerate(block):
        if isinstance(s, (gast.For, gast.While)):
            later = _exposed_in(block[k + 1:], set())[0] | after
            first = sorted(n for n in _stores([s]) - defined if n in later)
            for n in first:
                none = gast.Assign(targets=[store(n)], value=gast.Constant(value=None, kind=None),
                                   type_comment=None)
                out.append(anno.copy_location(none, s))
            defined |= set(first)
            s.body = _define_before_loops(s.body, defined, later | _exposed(s))
        elif isinstance(s, gast.If):
            later = _exposed_in(block[k + 1:], set())[0] | after
            s.body = _define_before_loops(s.body, defined, later)
            s.orelse = _define_before_loops(s.orelse, defined, later)
        defined |= _stores([s])
        out.append(s)
    return out
