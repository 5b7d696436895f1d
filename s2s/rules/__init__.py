"""The rules table: every primitive s2s knows, with its derivative rules.

Each primitive family lives in its own module (elementwise, reductions, linalg,
shape, indexing); there each primitive's jvp rule is written as a small Python
function that doubles as a template (see s2s/template.py). Reverse-mode (vjp)
and batching rules go beside the jvp rule of the same primitive.

A primitive is keyed by the jax.numpy function it stands for; Python operators
(`a * b`, `-a`) map to their jax.numpy twins through OPERATORS. Functions with
no derivative are listed explicitly with `nondifferentiable` and never
silently: calling anything not in this table is an error.
"""
import gast
import jax.numpy as jnp

from ..template import Template


class Primitive:
    def __init__(self, name, fn):
        self.name = name            # attribute of jax.numpy generated code calls
        self.fn = fn
        self.differentiable = True
        self.jvp = None             # Template, or None for multilinear primitives
        self.vjp = None             # Template returning one cotangent per operand
        self.multilinear = False    # jvp = sum over operands of f(..., x_i_dot, ...)
        self.broadcasts = False     # a lone tangent must be broadcast to the output
        self.static_argnums = ()    # operands that are never differentiated (einsum's spec)
        self.batch = None           # batch rule: builds the batched call (s2s/passes/batch.py)

    def __repr__(self):
        return f"<primitive jnp.{self.name}>"


PRIMITIVES = {}   # jax.numpy function -> Primitive
BY_NAME = {}      # jax.numpy attribute name -> Primitive


def _jnp_name(fn):
    name = getattr(fn, "__name__", None)
    if name and getattr(jnp, name, None) is fn:
        return name
    for name in dir(jnp):
        if getattr(jnp, name) is fn:
            return name
    raise ValueError(f"{fn!r} is not a jax.numpy function")


def _register(fn):
    """The table entry of `fn`: a jax.numpy function, a pseudo-primitive named
    by a string (getitem, at_set, ...), or an s2s runtime helper."""
    prim = PRIMITIVES.get(fn)
    if prim is not None:
        return prim
    if isinstance(fn, str):
        prim = BY_NAME[fn] = Primitive(fn, fn)
    elif getattr(fn, "__module__", None) in ("s2s.runtime", "builtins"):
        prim = Primitive(fn.__name__, fn)   # called by its own name, not as jnp.NAME
    else:
        name = _jnp_name(fn)
        prim = BY_NAME[name] = Primitive(name, fn)
    PRIMITIVES[fn] = prim
    return prim


def jvp_rule(*fns, broadcasts=False):
    """Register `rule` as the jvp template of every function in `fns`."""
    def decorate(rule):
        template = Template(rule)
        for fn in fns:
            prim = _register(fn)
            prim.jvp = template
            prim.broadcasts = broadcasts
        return rule
    return decorate


def vjp_rule(*fns):
    """Register `rule` as the vjp template of every function in `fns`.

    The rule takes `ans_bar` (the output's cotangent), the operands, and
    optionally `ans`; it returns one cotangent per operand, in order (a single
    expression when only the first operand is differentiable, `None` for an
    operand with no derivative, such as an axis or a shape).
    """
    def decorate(rule):
        template = Template(rule)
        for fn in fns:
            _register(fn).vjp = template
        return rule
    return decorate


def batch_rule(*fns):
    """Register `rule` as the batch rule of every function in `fns`.

    Unlike jvp and vjp rules, a batch rule is code that writes code: it is
    called with a `Batching` helper (s2s/passes/batch.py) and the call's
    operands, bound to the jax.numpy function's own parameter names, and
    returns the batched expression. It needs to know ranks, which a template
    cannot ask. Every batched operand carries its batch axis first.
    """
    def decorate(rule):
        for fn in fns:
            if isinstance(fn, Primitive):
                prim = fn
            elif fn not in PRIMITIVES and getattr(fn, "__module__", None) == "s2s.runtime":
                # a helper other passes transform from its source: batch rule only
                prim = HELPER_BATCH.setdefault(fn, Primitive(fn.__name__, fn))
            else:
                prim = _register(fn)
            prim.batch = rule
        return rule
    return decorate


HELPER_BATCH = {}   # runtime helper -> entry with only a batch rule (not in PRIMITIVES)


def shift_axes(axis):
    """One example's axis (or axes), counted in an array whose batch axis is
    first: a non-negative axis moves up by one; a negative one counts from the
    end, which the batch axis does not change."""
    if isinstance(axis, (tuple, list)):
        return tuple(shift_axes(a) for a in axis)
    return axis + 1 if axis >= 0 else axis


def multilinear(*fns, static_argnums=()):
    """f is linear in each array operand: its jvp is the sum of f with one
    operand replaced by its tangent (dot, matmul, einsum, ...)."""
    for fn in fns:
        prim = _register(fn)
        prim.multilinear = True
        prim.static_argnums = static_argnums


def nondifferentiable(*fns):
    """Outputs carry no derivative (comparisons, integer ops, constructors)."""
    for fn in fns:
        _register(fn).differentiable = False


def lookup(fn):
    try:
        return PRIMITIVES.get(fn)
    except TypeError:  # unhashable
        return None


# Python operators and the jax.numpy functions they stand for.
OPERATORS = {
    gast.Add: jnp.add, gast.Sub: jnp.subtract, gast.Mult: jnp.multiply,
    gast.Div: jnp.true_divide, gast.Pow: jnp.power, gast.MatMult: jnp.matmul,
    gast.FloorDiv: jnp.floor_divide, gast.Mod: jnp.remainder,
    gast.USub: jnp.negative, gast.UAdd: jnp.positive, gast.Not: jnp.logical_not,
}


def for_operator(op):
    return PRIMITIVES[OPERATORS[type(op)]]


from . import (elementwise, indexing, linalg, python_builtins, reductions,  # noqa: E402,F401
               runtime_helpers, shape)
