"""The batch pass's pytree layout: which leaves of a list or tuple carry the
batch axis, and the code that gives an unbatched leaf one where it must have
it (`jnp.broadcast_to(x, (batch_size, 3))`, `broadcast_tree(t, batch_size)`).
A mixin of `Batch` (s2s/passes/batch.py): it reads the pass's names and
analysis through `self`."""
import copy

import gast

from ..rules.batching import BATCH_SIZE, helper_call, jnp_call
from ..template import load, store
from .batchedness import element, tuple_pattern


class Layout:
    """Batch's pytree layout (a mixin: `self` is the Batch)."""

    def target_pattern(self, target):
        if isinstance(target, gast.Name):
            return self.analysis.patterns.get(target.id, False)
        return tuple_pattern(tuple(self.target_pattern(e) for e in target.elts))

    def unpack(self, target, value, have, s):
        """`a, b = t`: each name gets the item with the batched leaves it needs."""
        wants = [self.target_pattern(e) for e in target.elts]
        info = self.info(value, s) if isinstance(value, gast.Name) else None
        if have is True and info is not None and info.kind == "array":
            # an array unpacks along its first axis per example: the batch's second
            rows = jnp_call("unstack", [self.rename(value)],
                            [gast.keyword(arg="axis", value=gast.Constant(value=1, kind=None))])
            return [assign(self.rename(target), rows)]
        if have is True and isinstance(value, gast.Call) and all(w is True for w in wants):
            # a call's result: an array (`k1, k2 = jax.random.split(key)`) or a tuple
            items = helper_call("unpack_examples", [self.batched_value(value, target, s)])
            return [assign(self.rename(target), items)]
        if all(element(have, i) == w for i, w in enumerate(wants)):
            new = value if isinstance(value, (gast.Name, gast.Tuple)) \
                else self.batched_value(value, target, s)
            return [assign(self.rename(target), self.rename(new) if new is value else new)]
        temps = [self.namer.fresh(n.id if isinstance(n, gast.Name) else "item")
                 for n in target.elts]
        first = value if have is False else self.rename(value)
        out = [assign(gast.Tuple(elts=[store(t) for t in temps], ctx=gast.Store()), first)]
        for i, (t, e, w) in enumerate(zip(temps, target.elts, wants)):
            self.analysis.set_pattern(t, element(have, i))
            self.renamed[t] = t   # a temporary holds the item as the tuple had it
            out.append(assign(self.rename(e), self.conform(load(t), w, s)))
        return out

    def conform(self, node, want, stmt):
        """`node` (read as the code has it) with the batched leaves `want` asks for:
        unbatched leaves that must be batched are broadcast."""
        have = self.analysis.pattern(node, stmt)
        if isinstance(node, gast.Dict) and want is not False:
            return gast.Dict(keys=node.keys, values=[self.conform(v, True, stmt)
                                                     for v in node.values])
        if isinstance(node, gast.List) and want is not False:
            # (a list's pattern joins its items': `[(c, x), (y, c)]` is batched
            # in every leaf, and each item must be made so)
            return gast.List(elts=[self.conform(e, element(want, None), stmt)
                                   for e in node.elts], ctx=gast.Load())
        if want is False or have == want:
            return self.rename(node)
        if have is True and want[0] == "list":
            return self.rename(node)   # every leaf batched already
        if isinstance(node, gast.Tuple):
            return gast.Tuple(elts=[self.conform(e, element(want, i), stmt)
                                    for i, e in enumerate(node.elts)], ctx=gast.Load())
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
            return type(node)(elts=[self.conform(e, True, self.where) for e in node.elts],
                              ctx=gast.Load())
        if isinstance(node, gast.Dict):
            return gast.Dict(keys=node.keys,
                             values=[self.conform(v, True, self.where) for v in node.values])
        if rename:   # (an unbatched part of a partly batched tuple: `pair[0]`)
            node = self.rename(node)
        if info is not None and info.kind == "tree":
            return helper_call("broadcast_tree", [node, load(BATCH_SIZE)])
        if info is not None and info.kind == "array":
            shape = gast.Tuple(elts=[load(BATCH_SIZE)] + [gast.Constant(value=n, kind=None)
                                                            for n in info.shape],
                               ctx=gast.Load()) if None not in info.shape else None
            if shape is not None:
                return jnp_call("broadcast_to", [node, shape])
        if info is not None and info.kind == "value" and info.rank == 0:
            return jnp_call("full", [gast.Tuple(elts=[load(BATCH_SIZE)], ctx=gast.Load()), node])
        return helper_call("broadcast_tree", [node, load(BATCH_SIZE)])

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


def assign(target, value):
    return gast.Assign(targets=[target], value=value, type_comment=None)
