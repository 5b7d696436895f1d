"""Reverse mode's adjoint statements, in reverse order: an assignment's
cotangent contributions (s2s/passes/reverse_contributions.py), an `if`'s
branches with cotangents made equal where they join, a loop's iterations
replayed from its tape backwards. A mixin of `Reverse` (s2s/passes/reverse.py)."""
import gast

from ..nodes import dump_key, name_nodes
from .. import anno
from ..anno import Key
from ..names import names_in
from ..template import jnp_attr, load, store
from .reverse_sweep import directly_inside
from .scopes import statements
from .simplify import is_pure


class Adjoint:
    """Reverse's adjoint statements (a mixin: `self` is the Reverse)."""

    def adjoint_block(self, stmts, init, persistent):
        out = []
        for s in reversed(stmts):
            self.where = s
            for new in getattr(self, "adjoint_" + type(s).__name__, _nothing)(s, init, persistent):
                out.append(anno.copy_location(new, s))
        return out

    def adjoint_Assign(self, s, init, persistent):
        target, value = s.targets[0], s.value
        if isinstance(target, (gast.Tuple, gast.List)):
            return self.adjoint_unpack(target, value, init, persistent)
        t = target.id
        if t not in init or t not in self.activity.active:
            return []
        if t in self.pending:   # its cotangent is zero: nothing flows back
            return self.consume(t, init, persistent)
        if isinstance(value, gast.Subscript) and value.value.id in init \
                and value.value.id not in self.pending \
                and self.activity.is_active(value.value):
            return [self.scatter_add(value, t)] + self.consume(t, init, persistent)
        pre, contributions = self.contributions(s, value, t)
        out = list(pre)
        for operand, expr in contributions:
            out.append(self.accumulate(operand, expr, init))
        out.extend(self.consume(t, init, persistent))
        return out

    def scatter_add(self, value, t):
        """`y = x[i]` when x already has a cotangent: add y's into it at i
        (`x_bar = x_bar.at[i].add(y_bar)`), rather than a zero array per read."""
        x = value.value.id
        bar = load(self.bar(x))
        if x in self.arrays:
            at = gast.Subscript(value=gast.Attribute(value=bar, attr="at", ctx=gast.Load()),
                                slice=value.slice, ctx=gast.Load())
            update = gast.Call(func=gast.Attribute(value=at, attr="add", ctx=gast.Load()),
                               args=[load(self.bar(t))], keywords=[])
        else:
            update = gast.Call(func=load("add_at"), args=[bar, value.slice, load(self.bar(t))],
                               keywords=[])
        return gast.Assign(targets=[store(self.bar(x))], value=update, type_comment=None)

    def adjoint_unpack(self, target, value, init, persistent):
        if isinstance(value, (gast.Tuple, gast.List)):
            return self.adjoint_parallel(target, value, init, persistent)
        names = names_in(target)
        if not any(n in init and n not in self.pending for n in names) \
                or not self.activity.value_active(value):
            for n in names:
                init.discard(n)
            return []
        bars = self.structured_bars(target, init)
        if isinstance(value, gast.Name):
            out = [self.accumulate(value.id, self.packed_cotangent(value.id, bars), init)]
        else:   # `u, y = helper(x)`: the pullback takes the cotangents of both parts
            out = self.unpacked_call(target, value, bars, init)
        for n in names:
            out.extend(self.consume(n, init, persistent))
        return out

    def packed_cotangent(self, value, parts):
        """The cotangent of the name `value` from its unpacked parts' (`a, b =
        value`): stacked for an array (unpacked along its first axis), the tuple
        itself for a container, and where neither is certain, as it runs
        (runtime.unpacked_cotangent)."""
        if value in self.arrays:
            return gast.Call(func=jnp_attr("stack"), args=[parts], keywords=[])
        if value in self.containers:
            return parts
        return gast.Call(func=load("unpacked_cotangent"), args=[load(value), parts],
                         keywords=[])

    def unpacked_call(self, target, value, bars, init):
        """`u, y = g(x)`: the call's result is the tuple of its parts (a rule may
        read it as `ans`), its cotangent the tuple of theirs."""
        s = self.where
        whole = self.namer.fresh((value.func.id if isinstance(value.func, gast.Name)
                                  else value.func.attr if isinstance(value.func, gast.Attribute)
                                  else "call") + "_out")
        out = [gast.Assign(targets=[store(self.bar(whole))], value=bars, type_comment=None)]
        if not anno.has(s, Key.PULLBACK):
            out.append(gast.Assign(targets=[store(whole)], value=_as_load(target),
                                   type_comment=None))
        pre, contributions = self.contributions(s, value, whole)
        out += pre
        for operand, expr in contributions:
            out.append(self.accumulate(operand, expr, init))
        return out

    def adjoint_parallel(self, target, value, init, persistent):
        """`a, b = c, d`: each target's cotangent flows to its own value."""
        if len(target.elts) != len(value.elts):
            raise self.source.error(self.where, "cannot unpack these values",
                                    "assign each value to its own name")
        temps, out = [], []
        for t, v in zip(target.elts, value.elts):
            if not any(n in init and n not in self.pending for n in names_in(t)) \
                    or not self.activity.is_active(v):
                continue
            if not isinstance(v, gast.Name):
                raise self.source.error(self.where, "s2s cannot differentiate this unpacking "
                                        "in reverse mode", "assign each value to its own name")
            # read every target's cotangent before any is consumed; a nested target
            # `(p, q), r = pair, x` gives its value the tuple of its parts' cotangents
            temp = self.namer.fresh(v.id + "_part_bar")
            out.append(gast.Assign(targets=[store(temp)], value=self.structured_bars(t, init),
                                   type_comment=None))
            temps.append((v.id, temp))
        for n in names_in(target):
            out.extend(self.consume(n, init, persistent))
        for v, temp in temps:
            out.append(self.accumulate(v, load(temp), init))
        return out

    def structured_bars(self, target, init):
        if isinstance(target, gast.Name):
            return self.final_bar(target.id, init)
        return gast.Tuple(elts=[self.structured_bars(e, init) for e in target.elts],
                          ctx=gast.Load())

    def consume(self, name, init, persistent):
        """The value `name` is defined here: before this point its cotangent is zero."""
        if name in persistent:
            self.pending.add(name)
            return []
        init.discard(name)
        self.pending.discard(name)
        return []

    def accumulate(self, operand, expr, init):
        bar = self.bar(operand)
        if operand in self.pending:
            self.pending.discard(operand)
        elif operand in init:
            if operand in self.arrays:
                expr = gast.BinOp(left=load(bar), op=gast.Add(), right=expr)
            else:
                expr = gast.Call(func=load("tree_add"), args=[load(bar), expr], keywords=[])
        init.add(operand)
        return gast.Assign(targets=[store(bar)], value=expr, type_comment=None)

    def adjoint_If(self, s, init, persistent):
        out = []
        for n in sorted(self.active_reads(s) - init - _defined_in([s])):
            init.add(n)
            self.pending.add(n)   # zero unless a branch contributes
        entry_pending = set(self.pending)
        body_init, orelse_init = set(init), set(init)
        body = self.adjoint_block(s.body, body_init, persistent)
        body_pending, self.pending = self.pending, set(entry_pending)
        orelse = self.adjoint_block(s.orelse, orelse_init, persistent)
        orelse_pending = self.pending
        both = body_init & orelse_init
        # A cotangent still zero on one path but written on the other gets its
        # zeros on the first path.
        # (Not where the name itself is undefined: assigned only under the other
        # branch of an earlier `if` on the same condition, as a gradient's code
        # has it: nothing reads that cotangent on this path.)
        self.pending = body_pending
        body += self.materialize(self.defined_on(s.test, True, (body_pending - orelse_pending) & both))
        self.pending = orelse_pending
        orelse += self.materialize(self.defined_on(s.test, False,
                                                   (orelse_pending - body_pending) & both))
        self.pending = body_pending & orelse_pending
        init.intersection_update(both)
        init.update(both)
        if body or orelse:
            out.append(gast.If(test=s.test, body=body or [gast.Pass()], orelse=orelse))
        return out

    def defined_on(self, test, taken, names):
        """Those of `names` that may be defined where `test` is `taken`."""
        if not isinstance(test, gast.Name):
            return names
        other = self.condition(test.id, not taken)
        return {n for n in names
                if not all(other in g for g in self.guards.get(n, [frozenset()]))}

    def adjoint_For(self, s, init, persistent):
        return self.adjoint_loop(s, init, persistent)

    def adjoint_While(self, s, init, persistent):
        return self.adjoint_loop(s, init, persistent)

    def adjoint_loop(self, s, init, persistent):
        loop = anno.get(s, Key.LOOP)
        carried = set(loop.carried.values())
        defined = _defined_in(s.body) | names_in(getattr(s, "target", gast.Tuple(elts=[])))
        out = []
        needed = (self.active_reads(s) - defined) | (carried & self.activity.active)
        for n in sorted(needed - init):
            init.add(n)
            self.pending.add(n)
        # Zeros shaped as the value at the loop's exit: a list's length and an
        # array's shape may change in the loop (an MLP's `h` over its layers).
        zero_of = {c: loop.exit_values.get(c, v) for c, v in loop.entry_values.items()}
        # Only the cotangents the body may touch: another still-zero one stays
        # pending through the loop (its name may not even be defined here: a
        # value assigned under an `if` before the loop).
        touched = self.active_reads(s) | defined | carried
        out += self.materialize(self.pending & touched, zero_of)
        body_persistent = frozenset(persistent | carried | (defined & init))
        body_init = set(init)
        body = self.adjoint_block(s.body, body_init, body_persistent)
        body += self.materialize(self.pending & touched)   # the next iteration reads them
        read = {n.id for n in name_nodes(body) if not isinstance(n.ctx, gast.Store)}
        inner_tapes = [anno.get(n, Key.TAPE) for n in statements(s.body)
                       if isinstance(n, (gast.For, gast.While)) and directly_inside(n, s)]
        anno.put(s, Key.PULLBACKS, self.loop_pullbacks(s))   # (before the forward sweep rewrites them)
        pullbacks = [name for name, _ in anno.get(s, Key.PULLBACKS)]
        order = list(dict.fromkeys(list(loop.carried.values()) + _target_names(s)
                                   + loop.saved + inner_tapes + pullbacks))
        anno.put(s, Key.ENTRIES, [n for n in order if n in read])
        if not body:
            return out
        if anno.get(s, Key.ENTRIES):
            entries = [store(n) for n in anno.get(s, Key.ENTRIES)]
            target = entries[0] if len(entries) == 1 else gast.Tuple(elts=entries,
                                                                    ctx=gast.Store())
        else:
            anno.put(s, Key.ENTRIES, [])
            target = store("_")
        it = gast.Call(func=load("reversed"), args=[load(anno.get(s, Key.TAPE))], keywords=[])
        out.append(gast.For(target=target, iter=it, body=body, orelse=[], type_comment=None))
        return out

    def loop_pullbacks(self, loop):
        """[(pullback name, made under an if)] of the calls directly in this loop's
        body (a nested loop's tape keeps its own): each iteration's pullback is
        its own closure, and goes on the tape with the iteration's values."""
        found, stack = [], [(st, False) for st in loop.body]
        while stack:
            st, under_if = stack.pop(0)
            if anno.has(st, Key.PULLBACK) and not anno.has(st, Key.CHECKPOINT):
                found.append((anno.get(st, Key.PULLBACK), under_if))
            if isinstance(st, gast.If):
                stack.extend((b, True) for b in st.body + st.orelse)
        return found

    def active_reads(self, node):
        """Names that may receive a cotangent inside `node`: the active operands
        of its differentiable statements (not those of comparisons)."""
        found = set()
        for s in statements([node]):
            if isinstance(s, gast.Assign) and self.activity.value_active(s.value):
                found |= {n.id for n in name_nodes(s.value) if n.id in self.activity.active}
        return found


def _nothing(s, init, persistent):
    return []


def definition_guards(stmts):
    """({name: [guards of each assignment]}, condition), a guard being the set
    of (condition, branch taken) of the `if`s around it, for conditions that
    are assigned once, outside any loop: the same value for the whole call.
    `condition(name, taken)` is that pair for the test `if name:` in one
    canonical form: two conditions computed by the same pure expression of
    such names (a gradient's `not_ = not lt` and, testing again on the way
    back, `not__1 = not lt`) are one condition, named by the first, and
    `not_ = not gt` taken is `gt` not taken."""
    counts, in_loop = {}, set()

    def count(block, looped):
        for st in block:
            if isinstance(st, gast.Assign):
                for n in names_in(st.targets[0]):
                    counts[n] = counts.get(n, 0) + 1
                    if looped:
                        in_loop.add(n)
            inner = looped or isinstance(st, (gast.For, gast.While))
            if isinstance(st, gast.For):
                in_loop.update(names_in(st.target))
            for field in ("body", "orelse"):
                count(getattr(st, field, []) or [], inner)
    count(stmts, False)
    fixed = {n for n, k in counts.items() if k == 1 and n not in in_loop}
    def stable(n):
        return n in fixed or n not in counts
    if any(isinstance(st, gast.If) for st in statements(stmts)):
        same, negated = _same_values(stmts, stable), _negations(stmts, stable)
    else:   # (no `if`: no condition to name; straight-line code skips the tables)
        same = negated = {}

    def condition(name, taken):
        name, seen = same.get(name, name), set()
        while name in negated and name not in seen:
            seen.add(name)
            name, taken = same.get(negated[name], negated[name]), not taken
        return name, taken

    guards = {}

    def visit(block, guard):
        for st in block:
            if isinstance(st, gast.Assign):
                for n in names_in(st.targets[0]):
                    guards.setdefault(n, []).append(guard)
            elif isinstance(st, gast.For):
                for n in names_in(st.target):
                    guards.setdefault(n, []).append(guard)
            if isinstance(st, gast.If) and isinstance(st.test, gast.Name) \
                    and st.test.id in fixed:
                visit(st.body, guard | {condition(st.test.id, True)})
                visit(st.orelse, guard | {condition(st.test.id, False)})
            else:
                for field in ("body", "orelse"):
                    visit(getattr(st, field, []) or [], guard)
    visit(stmts, frozenset())
    return guards, condition


def _negations(stmts, stable):
    """{name: operand} for the assignments `name = not operand` of names that
    never change (assigned once outside loops, or parameters)."""
    found = {}
    for st in statements(stmts):
        if isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name) \
                and isinstance(st.value, gast.UnaryOp) and isinstance(st.value.op, gast.Not) \
                and isinstance(st.value.operand, gast.Name) \
                and stable(st.targets[0].id) and stable(st.value.operand.id):
            found[st.targets[0].id] = st.value.operand.id
    return found


def _same_values(stmts, stable):
    """{name: the first name assigned the same pure expression}, for single
    assignments outside loops whose operands are all `stable` (never change)."""
    first, same = {}, {}

    def visit(block):
        for st in block:
            if isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name) \
                    and stable(st.targets[0].id) and is_pure(st.value) and all(
                        stable(n.id) for n in name_nodes(st.value)):
                key = dump_key(st.value)
                same[st.targets[0].id] = first.setdefault(key, st.targets[0].id)
            if isinstance(st, gast.If):
                visit(st.body)
                visit(st.orelse)
    visit(stmts)
    return same


def _defined_in(stmts):
    found = set()
    for s in statements(stmts):
        if isinstance(s, gast.Assign):
            found |= names_in(s.targets[0])
        if isinstance(s, gast.For):
            found |= names_in(s.target)
    return found


def _as_load(target):
    """A (nested) tuple target read back as a value."""
    if isinstance(target, gast.Name):
        return load(target.id)
    return gast.Tuple(elts=[_as_load(e) for e in target.elts], ctx=gast.Load())


def _target_names(loop):
    return sorted(names_in(loop.target)) if isinstance(loop, gast.For) else []
