"""Normalize's comprehensions: list and dict comprehensions, generator
expressions and the builtin `sum`, each written out as the loop it stands for
(then normalized as any loop), so every transformation handles them with the
rules it has for loops. A mixin of the normalizer (s2s/passes/normalize.py)."""
import collections
import copy

import gast

from ..nodes import walk
from ..template import load, store
from .. import anno


class Comprehensions:
    """The normalizer's comprehensions (a mixin: `self` is the normalizer)."""

    def builtin_sum(self, e, out):
        """Python's `sum(items, start=0)` as the loop it runs:

            total = start
            for item in items:
                total = total + item
        """
        starts = e.args[1:] + [k.value for k in e.keywords if k.arg == "start"]
        if len(e.args) < 1 or len(starts) > 1 or any(k.arg != "start" for k in e.keywords):
            raise self.source.error(e, "s2s reads `sum(items)` and `sum(items, start)`",
                                    "pass the items and, if needed, the start value")
        total, item = self.namer.fresh("total"), self.namer.fresh("item")
        start = starts[0] if starts else gast.Constant(value=0, kind=None)
        self.emit(out, gast.Assign(targets=[store(total)], value=self.simple(start, out),
                                   type_comment=None))
        add = gast.BinOp(left=load(total), op=gast.Add(), right=load(item))
        loop = gast.For(target=store(item), iter=e.args[0], body=[
            gast.Assign(targets=[store(total)], value=add, type_comment=None)],
            orelse=[], type_comment=None)
        for node in walk(loop):
            if isinstance(node, gast.stmt):
                anno.copy_location(node, self.where)
        self.stmt_For(loop, out)
        return load(total)

    def expr_ListComp(self, e, out):
        name = self.namer.fresh("items")
        self.comprehension(e, name, out)
        return load(name)

    # A generator expression is read once where it is written (`sum(f(x) for x
    # in xs)`): its items as a list give the same values.
    expr_GeneratorExp = expr_ListComp

    def expr_DictComp(self, e, out):
        name = self.namer.fresh("entries")
        self.comprehension(e, name, out)
        return load(name)

    def comprehension(self, e, name, out):
        """`name = [f(x) for x in xs if c]` as the loop it stands for:

            name = []
            for x in xs:
                if c:
                    name.append(f(x))

        (a dict comprehension sets `name[k] = v` in a dict). Its variables are
        its own in Python: one the function also uses elsewhere gets a name of
        its own here."""
        e = self.own_variables(e)
        is_dict = isinstance(e, gast.DictComp)
        if is_dict:
            target = gast.Subscript(value=load(name), slice=e.key, ctx=gast.Store())
            body = [gast.Assign(targets=[target], value=e.value, type_comment=None)]
        else:
            append = gast.Attribute(value=load(name), attr="append", ctx=gast.Load())
            body = [gast.Expr(value=gast.Call(func=append, args=[e.elt], keywords=[]))]
        for gen in reversed(e.generators):
            if gen.is_async:
                raise self.source.error(e, "async comprehensions are not supported",
                                        "write a `for` loop")
            for cond in reversed(gen.ifs):
                body = [gast.If(test=cond, body=body, orelse=[])]
            body = [gast.For(target=gen.target, iter=gen.iter, body=body, orelse=[],
                             type_comment=None)]
        start = gast.Dict(keys=[], values=[]) if is_dict else gast.List(elts=[], ctx=gast.Load())
        self.emit(out, gast.Assign(targets=[store(name)], value=start, type_comment=None))
        self.containers[name] = "dict" if is_dict else "list"
        loop = body[0]
        for node in walk(loop):
            if isinstance(node, gast.stmt):
                anno.copy_location(node, self.where)
        self.stmt_For(loop, out)

    def own_variables(self, e):
        """A copy of comprehension `e` whose variables do not clash with the
        function's other names (the first iterable is read outside it)."""
        e = copy.deepcopy(e)
        mine = [n.id for g in e.generators for n in walk(g.target)
                if isinstance(n, gast.Name)]
        inside = collections.Counter(n.id for n in walk(e) if isinstance(n, gast.Name))
        everywhere = collections.Counter(n.id for n in walk(self.current_fn)
                                         if isinstance(n, gast.Name))
        renames = {v: self.namer.fresh(v) for v in dict.fromkeys(mine)
                   if everywhere[v] > inside[v]}
        if renames:
            first_iter = e.generators[0].iter
            keep = {id(n) for n in walk(first_iter)}
            for n in walk(e):
                if isinstance(n, gast.Name) and n.id in renames and id(n) not in keep:
                    n.id = renames[n.id]
        return e
