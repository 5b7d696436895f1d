"""The batch pass's control flow. Control flow on unbatched values stays as
it is. Where JAX's vmap refuses:
- `if c:` with `c` batched runs both branches, each on its own copies of the
  variables it assigns, then merges them: `y_batch = jnp.where(c_batch, y_then, y_else)`;
- `while c:` with `c` batched loops while any example is still going; each
  pass computes every example and keeps the new values only where that
  example's condition held: `x_batch = jnp.where(going, x_step, x_batch)`.
A mixin of `Batch` (s2s/passes/batch.py); the statement-list questions its
merges ask (what a block assigns, reads first, appends) are in
s2s/passes/batch_blocks.py."""
import copy

import gast

from ..nodes import walk
from .. import anno
from ..anno import Key
from ..names import names_in
from ..rules.batching import BATCH_SIZE, expand_axes, helper_call, jnp_call
from ..template import load, store
from .batch_blocks import (_appends, _assigned, _dominating_assign, _read_before_written,
                           _reads_old_value, _rename_names, stored_by)
from .batch_layout import assign
from .batchedness import iterated
from .scopes import params
from .structure import is_list_append


class ControlFlow:
    """Batch's control flow (a mixin: `self` is the Batch)."""

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
        if seen is not None and seen.kind == "tree" and seen.container in (tuple, list, dict) \
                and s.test.id not in self.analysis.unsteady:
            # `if args:`: a tuple's truth is its length, every example's the same
            return self.block(s.body if seen.children else s.orelse)
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
        # the else branch runs after the then branch: what it reads keeps its value
        # from before the `if`, so the then branch writes its own copy of it
        read_by_else = set().union(*(names_in(b) for b in s.orelse))
        then_names = {n: self.namer.fresh(n + "_then") for n in assigned
                      if n in merged or (n in read_by_else and n in _assigned(s.body))}
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
        renamed = {n: self.renamed.get(n, n) for n in names}   # (an unbatched name keeps its own)
        start = [assign(store(names[n]), load(renamed[n])) for n in names
                 if self.defined_before(n, s) and n in _assigned(stmts)
                 and _read_before_written(stmts, n)]
        body = [b for b in self.block(copy.deepcopy(stmts)) if not isinstance(b, gast.Pass)]
        _rename_names(body, {renamed[n]: names[n] for n in names if n in _assigned(stmts)})
        rest = [assign(store(names[n]), load(renamed[n])) for n in names
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
            return assign(store(self.renamed[n]), helper_call("where_tree", [cond, then, other]))
        return assign(store(self.renamed[n]),
                      jnp_call("where", [expand_axes(cond, rank), then, other]))

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
        it one shape (a Python number, as a start value, broadcasts; an array of
        shape () does not, as a loop over the examples could not stack it)."""
        shapes = set()
        for branch in (s.body, s.orelse):
            last = next((b for b in reversed(branch) if n in _assigned([b])), None)
            if last is None:
                before = _dominating_assign(self.fn.body, s, n)
                if before is None:
                    return
                info = self.record.info(anno.get(before, Key.STATEMENT_ID), n, "out")
            elif isinstance(last, gast.Assign):
                info = self.record.info(anno.get(last, Key.STATEMENT_ID), n, "out")
            else:
                return   # assigned by a loop or a nested branch: not checked here
            if info is not None and info.kind == "array":
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
        for node in walk(s):
            if isinstance(node, gast.Assign) and n in stored_by(node):
                info = self.record.info(anno.get(node, Key.STATEMENT_ID), n, "out")
                if info is not None:
                    break
        if info is None:
            info = self.record.info(anno.get(s, Key.STATEMENT_ID), n, "in")
        if info is None:
            raise self.error(s, f"s2s could not see the shape of `{n}` under this condition "
                                "(it did not run when s2s traced one example)")
        if info.kind == "tree" or any(
                isinstance(node, gast.Assign) and n in stored_by(node)
                and (is_list_append(node.value) or isinstance(node.value, gast.List))
                for node in walk(s)):
            return None   # a list: merged leaf by leaf
        if info.rank is None:
            raise self.error(s, f"`{n}` changes rank under this condition")
        return info.rank

    def rank_of_name(self, name, s):
        info = self.record.info(anno.get(s, Key.STATEMENT_ID), name, "in")
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
            info = next((self.record.info(anno.get(node, Key.STATEMENT_ID), n, "out") for node in walk(s)
                         if isinstance(node, gast.Assign) and n in stored_by(node)
                         and self.record.info(anno.get(node, Key.STATEMENT_ID), n, "out") is not None), None)
            if info is None or info.rank is None or (info.kind == "array"
                                                     and None in info.shape):
                continue
            shape = info.shape if info.kind == "array" else ()
            dtype = str(info.dtype) if info.kind == "array" else None
            size = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=d, kind=None)
                                                           for d in shape], ctx=gast.Load())
            args = [size] + ([gast.Constant(value=dtype, kind=None)] if dtype else [])
            out.append(assign(store(self.renamed[n]), jnp_call("zeros", args)))
            self.started.add(n)
        return out

    def read_outside(self, name, s):
        inside = {id(node) for node in walk(s)}
        return any(isinstance(node, gast.Name) and node.id == name
                   and isinstance(node.ctx, gast.Load) and id(node) not in inside
                   for node in walk(self.fn))

    def read_after(self, name, s):
        """May `name` be read after statement `s` has run: later in program
        order, or anywhere in a loop around `s` (its next iteration)?"""
        inside = {id(n) for n in walk(s)}

        def reads(node):
            return any(isinstance(n, gast.Name) and n.id == name
                       and isinstance(n.ctx, gast.Load) and id(n) not in inside
                       for n in walk(node))

        def search(stmts):
            """(whether `s` is in stmts, whether a read after it was found)"""
            passed = False
            for st in stmts:
                if passed:
                    if reads(st):
                        return True, True
                elif anno.get(st, Key.STATEMENT_ID) == anno.get(s, Key.STATEMENT_ID):
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
            if anno.get(node, Key.STATEMENT_ID) == anno.get(s, Key.STATEMENT_ID):   # (s may be a copy: branches are copied)
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
            isinstance(node, gast.Assign) and n in stored_by(node) and is_list_append(node.value)
            for node in walk(s))]
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
        body = [assign(store(steps[n]), load(self.renamed[n])) for n in carried
                if _read_before_written(s.body, n)]
        inner = self.block(copy.deepcopy(s.body))
        _rename_names(inner, {self.renamed[n]: steps[n] for n in carried})
        body += inner
        for n in carried:
            if n != test:
                body.append(self.merge(n, going, load(steps[n]), load(self.renamed[n]), s))
        # an example that has stopped stays stopped
        body.append(assign(store(self.renamed[test]),
                            jnp_call("logical_and", [going, load(steps[test])])))
        loop = gast.While(test=jnp_call("any", [going]), body=body, orelse=[])
        self.prologue += starts
        return [self.comment("loop while any example is still going; an example that has "
                             "stopped keeps its values"), loop]


def cond_name(s):
    return s.test.id


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
