"""The functionalize pass's loops, a mixin of `_Functionalize`
(s2s/passes/functionalize.py), which converts each loop body in turn:
- `while` on a traced test: `while_loop` of a test function and a body
  function over the loop's carry;
- counted `for` with a computed or long trip count: `for_range` of a body
  function of the counter and the carry;
- counted `for` that grows a list (a tape) and is left by a `break` on a
  traced value: a `while` on a flag, converted as any traced `while`."""
import gast

from ..template import load, store
from . import flags, liveness
from .functionalize_code import _assign, _call
from .tracedness import range_bounds
from .. import anno


class Loops:
    """_Functionalize's loops (a mixin: `self` is the _Functionalize)."""

    def convert_while(self, s, defined, later):
        self.refuse_effects(s, "while")
        start = flags.flagged_while(s, self.namer)
        for st in start:
            defined |= liveness.assigned([st])
        self.traced.traced.add(s.test.id)
        body = self.block(s.body, set(defined), liveness.loop_live(s, later))
        carried = self.carried(s, body, defined, later, extra={s.test.id}, construct="while")
        test = self.function("loop_test", carried, [], [s.test.id], None)
        loop_body = self.function("loop_body", carried, body, carried, s)
        call = _call("while_loop", [load(test.name), load(loop_body.name)]
                     + [load(n) for n in carried])
        return start + [test, loop_body, _assign(carried, call, s)]

    def convert_for(self, s, defined, later):
        self.refuse_effects(s, "for")
        start, s = flags.flagged_for(s, self.namer)
        for st in start:
            defined |= liveness.assigned([st])
            self.traced.traced |= liveness.assigned([st])   # (set again under a traced `if`)
        counter = s.target.id
        begin, stop, step = range_bounds(s)
        body = self.block(s.body, set(defined) | {counter}, liveness.loop_live(s, later))
        carried = self.carried(s, body, defined, later, extra=set(), construct="for",
                               skip={counter})
        loop_body = self.function("loop_body", [counter] + carried, body, carried, s)
        keywords = []
        if not _is_int(begin, 0):
            keywords.append(gast.keyword(arg="start", value=begin))
        if not _is_int(step, 1):
            keywords.append(gast.keyword(arg="step", value=step))
        call = _call("for_range", [stop, load(loop_body.name)] + [load(n) for n in carried],
                     keywords)
        return start + [loop_body, _assign(carried, call, s)]

    def convert_for_as_while(self, s, defined, later):
        """`for i in range(a, b, c):` left by a `break` on a traced value, whose
        body appends to a list (reverse mode's tape, one item per step): a
        `while` on a flag, converted as any traced `while`, so that each step
        records its item (as a Python loop, the steps after the break would
        grow the list on one path only, which `lax.cond` cannot merge).

            k = a                         (the next value of i)
            going = k < b
            while going:
                i = k
                <body, each break `going = False`>
                k = k + c
                going = still_going(going, k < b)
        """
        begin, stop, step = range_bounds(s)
        k, going = self.namer.fresh(s.target.id + "_next"), self.namer.fresh("going")

        def assign(name, value):
            return anno.copy_location(gast.Assign(targets=[store(name)], value=value,
                                                  type_comment=None), s)

        def more():
            return gast.Compare(left=load(k), ops=[gast.Lt()], comparators=[stop])
        body = [assign(s.target.id, load(k))] + s.body + [
            assign(k, gast.BinOp(left=load(k), op=gast.Add(), right=step)),
            assign(going, _call("still_going", [load(going), more()]))]
        loop = anno.copy_location(gast.While(test=load(going), body=body, orelse=[]), s)
        start = [assign(k, begin), assign(going, more())]
        defined |= {k, going}
        return start + self.convert_while(loop, defined, later)

    def carried(self, loop, body, defined, later, extra, construct, skip=frozenset()):
        """Names the body assigns that the next iteration or later code reads."""
        assigned = liveness.assigned(body) - set(skip)
        exposed = liveness.exposed(body)
        names = sorted(n for n in assigned if n in later or n in exposed or n in extra)
        for name in names:
            if name not in defined:
                raise self.source.error(
                    loop, f"`{name}` is assigned in this `{construct}` loop, which runs as a "
                          "lax loop under jit, but has no value before it",
                    f"give `{name}` a value before the loop: the lax loop carries it from one "
                    "iteration to the next")
        return names


def _is_int(node, value):
    return isinstance(node, gast.Constant) and node.value == value and type(node.value) is int
