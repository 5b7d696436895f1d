"""The code the functionalize pass writes (s2s/passes/functionalize.py and its
loops, functionalize_loops.py): calls of the control-flow helpers and of jnp,
a function's returned names, and the assignment of what a call returns."""
import gast

from ..template import jnp_attr, load, store
from .. import anno


def _call(name, args, keywords=()):
    return gast.Call(func=load(name), args=list(args), keywords=list(keywords))


def _names_value(names, unset=frozenset()):
    """`a` or `(a, b)`; a name in `unset` (no value on this path) is None."""
    def one(n):
        return gast.Constant(value=None, kind=None) if n in unset else load(n)
    if len(names) == 1:
        return one(names[0])
    if not names:
        return gast.Constant(value=None, kind=None)
    return gast.Tuple(elts=[one(n) for n in names], ctx=gast.Load())


def _jnp_call(name, args):
    return gast.Call(func=jnp_attr(name), args=list(args), keywords=[])


def _assign(names, value, where):
    if not names:
        node = gast.Expr(value=value)
    else:
        target = store(names[0]) if len(names) == 1 else gast.Tuple(
            elts=[store(n) for n in names], ctx=gast.Store())
        node = gast.Assign(targets=[target], value=value, type_comment=None)
    return anno.copy_location(node, where)
