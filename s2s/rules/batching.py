"""The batch rules' view of one call the batch pass (s2s/passes/batch.py) rewrites.

A batch rule (`@batch_rule(jnp.sum)` in this package) is called with a
`Batching` and the call's operands (gast nodes) bound to the jax.numpy
function's own parameter names. The `Batching` answers what a rule asks (is
this operand batched? what rank has one example? what constant is this axis?)
and builds the code it returns (`b.jnp("sum", b.x(x), axis=...)`). It lives
beside the rules so that writing a rule needs no look inside the pass.
"""

import gast

from ..nodes import copy_tree
from ..runtime import promotion_undone
from ..template import jnp_attr, load

BATCH_SIZE = "batch_size"   # the generated code's name for the number of examples


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
        known, v = self.pass_.known_value(node)
        if known:
            return v
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
        return expand_axes(self.x(node), rank - self.rank(node))

    @staticmethod
    def expand(node, missing):
        """`node[:, None, ...]`: `missing` new axes after the first."""
        return expand_axes(node, missing)

    def with_batch(self, node):
        """The operand with a batch axis: its batched name, or broadcast to one
        (a tuple batched in some items only: those broadcast)."""
        if not self.batched(node):
            return self.pass_.broadcast(node)
        pattern = self.pass_.analysis.pattern(node, self.pass_.where)
        if isinstance(pattern, tuple) and pattern[0] == "tuple":
            return self.pass_.conform(node, True, self.pass_.where)
        return self.x(node)

    @staticmethod
    def jnp(name, *args, **kwargs):
        return jnp_call(name, [as_node(a) for a in args],
                    [gast.keyword(arg=k, value=as_node(v)) for k, v in kwargs.items()])

    @staticmethod
    def call(name, *args, **kwargs):
        """A call of one of s2s's runtime helpers."""
        return gast.Call(func=load(name), args=[as_node(a) for a in args],
                         keywords=[gast.keyword(arg=k, value=as_node(v))
                                   for k, v in kwargs.items()])

    def cast_as(self, node, g_dtype, x_dtype):
        """runtime.cotangent_dtype where both dtypes are known: nothing to
        write unless a promotion is undone (`g.astype('float16')`)."""
        real, cast = promotion_undone(g_dtype, x_dtype)
        node = self.jnp("real", node) if real else node
        return self.jnp("astype", node, str(x_dtype)) if cast else node

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

    def by_jax(self):
        """This call handed to jax.vmap (s2s/by_jax.py): for the rare operands a
        rule does not batch itself (a per-example index table)."""
        return self.pass_.vmap_by_jax(self.prim, self.node)

    def rebuild(self, **changes):
        """The original call (operator, subscript or jnp call), every operand
        renamed, with `changes` (parameter -> node or Python value) applied."""
        bound = {k: self.x(v) for k, v in self.bound.items()}
        bound.update({k: as_node(v) for k, v in changes.items()})
        v = copy_tree(self.node)
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


def as_node(v):
    if isinstance(v, gast.AST):
        return v
    if isinstance(v, tuple):
        return gast.Tuple(elts=[as_node(e) for e in v], ctx=gast.Load())
    if isinstance(v, list):
        return gast.List(elts=[as_node(e) for e in v], ctx=gast.Load())
    if isinstance(v, slice):
        return gast.Slice(lower=as_node(v.start) if v.start is not None else None,
                          upper=as_node(v.stop) if v.stop is not None else None,
                          step=as_node(v.step) if v.step is not None else None)
    if v is Ellipsis:
        return gast.Constant(value=Ellipsis, kind=None)
    return gast.Constant(value=v, kind=None)


def expand_axes(node, missing):
    """`x[:, None, None]`: `missing` new axes after the batch axis."""
    if missing <= 0:
        return node
    elts = [gast.Slice(lower=None, upper=None, step=None)] + \
        [gast.Constant(value=None, kind=None)] * missing
    return gast.Subscript(value=node, slice=gast.Tuple(elts=elts, ctx=gast.Load()),
                          ctx=gast.Load())


def jnp_call(name, args, keywords=()):
    return gast.Call(func=jnp_attr(name), args=list(args), keywords=list(keywords))


def helper_call(name, args):
    return gast.Call(func=load(name), args=args, keywords=[])
