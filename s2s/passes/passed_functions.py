"""Passed functions: a call of a function the caller passed in, or a library made, goes to JAX.

`net(x)`, where `net` is a parameter, calls whatever the caller passes: an
Equinox module, a Flax model's bound `apply`, a loss function, a jitted step.
Its code is known only when the derivative runs, so the derivative hands this
one call to JAX, as it does a library call (s2s/by_jax.py):

    net(x)   ->   apply_callable(net, x)

and the function itself is an operand: a callable pytree's arrays (an Equinox
module's weights) are differentiated with the arguments, as JAX does. The
same holds for a function a call returned (`model = eqx.combine(params,
static)`, then `model(x)`): its arrays carry the derivative. A function JAX
cannot see into (a closure) that holds differentiated values is refused when
the derivative runs (s2s/by_jax.py), never silently held constant. (vmap
needs no such step: its probe sees what the name holds.)
"""
import gast

from .. import anno
from ..nodes import name_nodes, walk
from ..template import load
from .scopes import local_functions


def run(fn, ctx):
    passed = held_functions(fn)
    if not passed:
        return fn
    for node in walk(fn):
        if isinstance(node, gast.Call) and isinstance(node.func, gast.Name) \
                and node.func.id in passed:
            node.args = [node.func] + node.args
            node.func = anno.copy_location(load("apply_callable"), node.func)
    return fn


def held_functions(fn):
    """The names of `fn` that, when called, call a function from outside its
    code: a parameter, or a name a call assigned. (Not a nested `def` or a
    lambda: reverse mode puts those in line.)"""
    return _parameters_never_rebound(fn) | _results_of_calls(fn)


def _parameters_never_rebound(fn):
    """`fn`'s parameters that its body never assigns (nor a nested function
    shadows): what such a name holds when called is what the caller passed."""
    stored = {n.id for n in name_nodes(fn.body, (gast.Lambda,), [])
              if isinstance(n.ctx, (gast.Store, gast.Param))}
    return {a.id for a in fn.args.args} - stored - local_functions(fn)


def _results_of_calls(fn):
    """Names every assignment of which is `name = some_call(...)` (never a
    tuple unpacked: `y, pullback = vjp(...)` is another matter)."""
    kinds = {}
    for node in walk(fn):
        if isinstance(node, gast.Assign):
            for target in node.targets:
                for n in name_nodes(target):
                    alone = target is n and isinstance(node.value, gast.Call)
                    kinds[n.id] = kinds.get(n.id, True) and alone
        elif isinstance(node, (gast.AugAssign, gast.AnnAssign, gast.NamedExpr, gast.For,
                               gast.comprehension, gast.withitem)):
            for n in name_nodes(getattr(node, "target", None) or node.optional_vars or []):
                kinds[n.id] = False
    return {name for name, alone in kinds.items() if alone} - local_functions(fn)
