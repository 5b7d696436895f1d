"""The rules table: every primitive s2s knows, with its derivative rules.

Each primitive family lives in its own module (elementwise, reductions, linalg,
shape, indexing); there each primitive's jvp rule is written as a small Python
function that doubles as a template (see s2s/template.py). Reverse-mode (vjp)
and batching rules go beside the jvp rule of the same primitive.

A primitive is keyed by the jax.numpy function it stands for; Python operators
(`a * b`, `-a`) map to their jax.numpy twins through OPERATORS. Calling
anything not in this table is an error.

Every argument of every primitive is declared to be one of three kinds, and
the passes check the declaration wherever a rule is applied:

- differentiable: the jvp rule takes its tangent (`x_dot`), the vjp rule
  returns its cotangent;
- zero derivative (`zero_args=`): the result does not change, to first
  order, with it (where's condition, zeros_like's array); an active value
  there contributes nothing, as in JAX;
- not differentiable (`nondiff_args=`): a shape, an axis, an index, a count;
  an active value there is an error at the user's line, never a silent zero.

A primitive with no derivative at all is `zero_derivative` (sign, floor,
comparisons, argmax: JAX's derivative is zero) or `nondifferentiable` (arange,
zeros, eye: every argument is a shape or a count). In a vjp rule, `None` for
an operand means "declared not differentiable or zero" and is checked against
the declaration when the rule is registered (s2s's own rules, parsed only when
first used, by `check_declarations()` in the tests); a cotangent known to be
zero is written `zero(x)`.
"""
import builtins

import gast
import jax.numpy as jnp

from .. import boundary, frontend, runtime

from ..template import Choice, Template


ALL = "*"   # every argument (nondifferentiable, zero_derivative)


class Primitive:
    def __init__(self, name, fn):
        self.name = name            # attribute of jax.numpy generated code calls
        self.fn = fn
        self.differentiable = True  # False: the output never carries a derivative
        self.nondiff_args = frozenset()   # an active value here is an error (or ALL)
        self.zero_args = frozenset()      # an active value here contributes zero (or ALL)
        self.jvp = None             # Template, or None for multilinear primitives
        self.vjp = None             # Template returning one cotangent per operand
        self.multilinear = False    # jvp = sum over operands of f(..., x_i_dot, ...)
        self.broadcasts = False     # a lone tangent must be broadcast to the output
        self.static_argnums = ()    # operands that are never differentiated (einsum's spec)
        self.batch = None           # batch rule: builds the batched call (s2s/passes/batch.py)
        self.fallback = False       # no rules at all: JAX transforms it (s2s/by_jax.py)
        # called by its own name (a builtin, a runtime helper, getitem), not as jnp.NAME
        self.by_own_name = isinstance(fn, str) or runtime.defines(fn) or _is_builtin(fn)

    def __repr__(self):
        return f"<primitive jnp.{self.name}>"

    def arg_kind(self, param):
        """"diff", "zero" or "nondiff" for one parameter (as the rules name it)."""
        if self.nondiff_args == ALL or param in self.nondiff_args:
            return "nondiff"
        if self.zero_args == ALL or param in self.zero_args:
            return "zero"
        return "diff"

    def declare(self, nondiff_args, zero_args, rule):
        """Record a rule's declaration; two rules of one primitive must agree."""
        nondiff_args, zero_args = frozenset(nondiff_args), frozenset(zero_args)
        if self.nondiff_args or self.zero_args:
            if (nondiff_args or zero_args) and \
                    (nondiff_args, zero_args) != (self.nondiff_args, self.zero_args):
                raise TypeError(f"rule {rule.__name__} declares nondiff_args="
                                f"{sorted(nondiff_args)}, zero_args={sorted(zero_args)}; "
                                f"jnp.{self.name} was declared with "
                                f"{sorted(self.nondiff_args)}, {sorted(self.zero_args)}")
            return
        self.nondiff_args, self.zero_args = nondiff_args, zero_args


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


def _is_jnp(fn):
    try:
        _jnp_name(fn)
    except ValueError:
        return False
    return True


# Other public JAX modules whose functions have rules (s2s/rules/nn.py); their
# calls stay as the user wrote them (`jax.nn.relu(x)`, `relu(x)`).
PUBLIC_MODULES = ("jax.nn", "jax.scipy.special", "jax.lax", "jax.numpy.linalg")


def public_name(fn):
    """`jax.nn.relu` for a function of one of PUBLIC_MODULES, else None."""
    return frontend.public_path(fn, PUBLIC_MODULES)


def _is_builtin(fn):
    return getattr(builtins, getattr(fn, "__name__", ""), None) is fn


def _register(fn):
    """The table entry of `fn`: a jax.numpy function, a pseudo-primitive named
    by a string (getitem, at_set, ...), or an s2s runtime helper."""
    prim = PRIMITIVES.get(fn)
    if prim is not None:
        return prim
    if isinstance(fn, str):
        prim = BY_NAME[fn] = Primitive(fn, fn)
    elif runtime.defines(fn) or _is_builtin(fn):
        prim = Primitive(fn.__name__, fn)   # called by its own name, not as jnp.NAME
    elif _is_jnp(fn) or public_name(fn) is None:
        name = _jnp_name(fn)
        prim = BY_NAME[name] = Primitive(name, fn)
    else:
        prim = Primitive(public_name(fn), fn)
        prim.by_own_name = True   # called as the user wrote it
    PRIMITIVES[fn] = prim
    return prim


def jvp_rule(*fns, broadcasts=False, nondiff_args=(), zero_args=(), when=None):
    """Register `rule` as the jvp template of every function in `fns`.

    An operand `x` is differentiable when the rule takes `x_dot`; every other
    operand must be named in `nondiff_args` or `zero_args` (see the module
    docstring), or registration fails. `when` (a function of some of the rule's
    parameters, given their bound nodes) makes the rule a special case of the
    primitive's general rule, tried first: `x ** 2` for a literal exponent.
    """
    def decorate(rule):
        template = Template(rule)
        _check(lambda: _check_jvp_declaration(template, rule, nondiff_args, zero_args))
        for fn in fns:
            prim = _register(fn)
            prim.declare(nondiff_args, zero_args, rule)
            if when is None:
                prim.jvp = template if not isinstance(prim.jvp, Choice) \
                    else prim.jvp.with_general(template)
            else:
                prim.jvp = Choice.adding(prim.jvp, when, template)
            prim.broadcasts = broadcasts
        return rule
    return decorate


def _check_jvp_declaration(template, rule, nondiff_args, zero_args):
    template.expr   # (a rule must be one return statement)
    primal = [p for p in template.params if p != "ans" and not p.endswith("_dot")]
    undeclared = [p for p in primal if p + "_dot" not in template.params
                  and p not in nondiff_args and p not in zero_args]
    wrong = [p for p in tuple(nondiff_args) + tuple(zero_args)
             if p not in primal or p + "_dot" in template.params]
    if undeclared or wrong:
        raise TypeError(f"jvp rule {rule.__name__}: "
                        + (f"operand {undeclared[0]!r} has no tangent parameter and is "
                           "not declared in nondiff_args or zero_args" if undeclared else
                           f"{wrong[0]!r} is declared without a derivative but is not "
                           "an operand without a tangent"))


def vjp_rule(*fns, nondiff_args=(), zero_args=(), when=None):
    """Register `rule` as the vjp template of every function in `fns`.

    The rule takes `ans_bar` (the output's cotangent), the operands, and
    optionally `ans`; it returns one cotangent per operand, in order (a single
    expression when only the first operand is differentiable). `None`, or a
    missing trailing entry, stands for an operand declared without a
    derivative (by the jvp rule, or here by `nondiff_args` / `zero_args`),
    and only for one: that is checked here. `zero(x)` is a cotangent known to
    be zero (x ** 0).
    """
    def decorate(rule):
        template = Template(rule)
        for fn in fns:
            prim = _register(fn)
            prim.declare(nondiff_args, zero_args, rule)
            _check(lambda prim=prim: _check_vjp_declaration(prim, template, rule))
            if when is None:
                prim.vjp = template if not isinstance(prim.vjp, Choice) \
                    else prim.vjp.with_general(template)
            else:
                prim.vjp = Choice.adding(prim.vjp, when, template)
        return rule
    return decorate


# While s2s's own rule families load (the imports at the end of this file),
# the checks of their declarations wait in _DEFERRED: each needs the rule
# parsed, and a program uses a few of hundreds of rules. check_declarations()
# runs them (tests/test_rules_table.py); a rule registered later (a test's, a
# user's family) is checked at once, as it is registered.
_DEFERRED = None


def _check(check):
    if _DEFERRED is None:
        check()
    else:
        _DEFERRED.append(check)


def check_declarations():
    """Check the declarations of s2s's own rules (each parsed): TypeError at
    the first that is wrong."""
    for check in _DEFERRED_BUILTIN:
        check()


def _check_vjp_declaration(prim, template, rule):
    primal = [p for p in template.params if p not in ("ans", "ans_bar")]
    expr = template.expr
    parts = expr.elts if isinstance(expr, gast.Tuple) and len(primal) > 1 else [expr]
    if len(parts) > len(primal):
        raise TypeError(f"vjp rule {rule.__name__} returns {len(parts)} cotangents for "
                        f"{len(primal)} operands")
    for i, p in enumerate(primal):
        part = parts[i] if i < len(parts) else None
        none = part is None or (isinstance(part, gast.Constant) and part.value is None)
        declared = prim.arg_kind(p) != "diff"
        if none and not declared:
            raise TypeError(f"vjp rule {rule.__name__} gives operand {p!r} no cotangent, "
                            f"but jnp.{prim.name} declares it differentiable: return its "
                            "cotangent (zero(x) if it is zero), or declare it in "
                            "nondiff_args / zero_args")
        if declared and not none:
            raise TypeError(f"vjp rule {rule.__name__} returns a cotangent for operand {p!r}, "
                            f"which jnp.{prim.name} declares without a derivative")


def batch_rule(*fns):
    """Register `rule` as the batch rule of every function in `fns`.

    Unlike jvp and vjp rules, a batch rule is code that writes code: it is
    called with a `Batching` (s2s/rules/batching.py) and the call's
    operands, bound to the jax.numpy function's own parameter names, and
    returns the batched expression. It needs to know ranks, which a template
    cannot ask. Every batched operand carries its batch axis first.
    """
    def decorate(rule):
        for fn in fns:
            if isinstance(fn, Primitive):
                prim = fn
            elif fn not in PRIMITIVES and runtime.defines(fn):
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
    operand replaced by its tangent (dot, matmul, einsum, ...). The operands at
    `static_argnums` (einsum's subscripts, tensordot's axes) are not
    differentiable: an active one is an error."""
    for fn in fns:
        prim = _register(fn)
        prim.multilinear = True
        prim.static_argnums = static_argnums


def zero_derivative(*fns):
    """Derivative zero in every argument: piecewise constant (sign, floor, round),
    boolean or integer valued (comparisons, argmax), or independent of the
    argument's values (zeros_like, jnp.shape). JAX's derivative is zero too; an
    active argument is fine and contributes nothing."""
    for fn in fns:
        prim = _register(fn)
        prim.differentiable = False
        prim.zero_args = ALL


def nondifferentiable(*fns):
    """No argument is differentiable: each is a shape, a count or a bound of a
    range (arange, zeros, eye). An active argument is an error, never a zero
    (JAX refuses them too)."""
    for fn in fns:
        prim = _register(fn)
        prim.differentiable = False
        prim.nondiff_args = ALL


def refused_operand(prim, bound, is_active):
    """The first parameter bound to an active operand that `prim` declares not
    differentiable, or None. `bound` maps parameter names (or positions) to
    operand nodes."""
    for param, operand in bound.items():
        if operand is not None and is_active(operand) and prim.arg_kind(param) == "nondiff":
            return param
    return None


def refusal_message(prim, param):
    """(message, hint) for an active operand in a non-differentiable position."""
    shown = prim.name if prim.by_own_name else f"jnp.{prim.name}"
    what = f"its argument `{param}`: it is not" if param != ALL else "its arguments: none is"
    return (f"s2s cannot differentiate `{shown}` with respect to {what} differentiable "
            "(a shape, an axis, an index, a count or a range), and the value passed "
            "depends on a differentiated input",
            "compute it from constants or shapes (x.shape, len(x)), not from a value "
            "being differentiated")


def lookup(fn):
    try:
        return PRIMITIVES.get(fn)
    except TypeError:  # unhashable
        return None


FALLBACKS = {}   # function -> its fallback Primitive


def fallback_for(fn):
    """A rule-less `Primitive` for a function from JAX that has no rule here (or
    one of s2s/by_jax.py's helpers, met again in generated code): the passes
    hand its calls to JAX's own jvp, vjp or vmap (s2s/by_jax.py). So does a
    function of an installed library (s2s/boundary.py). None for anything else
    (user code, which s2s transforms from its source)."""
    from ..by_jax import BY_JAX
    try:
        known = FALLBACKS.get(fn)
    except TypeError:  # unhashable
        return None
    if known is not None:
        return known
    library = boundary.handed_to_jax(fn)
    if fn not in BY_JAX and not _from_jax(fn) and not library and not has_custom_rule(fn):
        return None
    prim = Primitive(_shown_name(fn), fn)
    prim.by_own_name = True   # called as the user wrote it
    prim.fallback = True
    # (a user's function is not kept: dropped, it is freed; a library's may be opted into
    # source transformation later: s2s.by_source)
    if not has_custom_rule(fn) and not library:
        FALLBACKS[fn] = prim
    return prim


def has_custom_rule(fn):
    """A user function decorated with jax.custom_jvp or jax.custom_vjp: its
    derivative is the user's rule, not its body's, so JAX transforms it."""
    import jax
    return isinstance(fn, (jax.custom_jvp, jax.custom_vjp))


def _from_jax(fn):
    module = getattr(fn, "__module__", None) or ""
    if not module and hasattr(fn, "__wrapped__"):
        module = getattr(fn.__wrapped__, "__module__", None) or ""
    return callable(fn) and not isinstance(fn, type) and module.split(".")[0] in ("jax", "jaxlib")


def _shown_name(fn):
    """How messages and comments name it: `jnp.roll`, `jax.scipy.special.gammaln`."""
    if _is_jnp(fn):
        return "jnp." + _jnp_name(fn)
    public = frontend.public_path(fn)
    if public is not None:
        return public
    name = getattr(fn, "__name__", None) or repr(fn)
    module = getattr(fn, "__module__", None) or ""
    return f"{module}.{name}" if module and not module.startswith("s2s") else name


# Python operators and the jax.numpy functions they stand for.
OPERATORS = {
    gast.Add: jnp.add, gast.Sub: jnp.subtract, gast.Mult: jnp.multiply,
    gast.Div: jnp.true_divide, gast.Pow: jnp.power, gast.MatMult: jnp.matmul,
    gast.FloorDiv: jnp.floor_divide, gast.Mod: jnp.remainder,
    gast.USub: jnp.negative, gast.UAdd: jnp.positive, gast.Not: jnp.logical_not,
    # masks and integers (`isnan(x) & valid`, `matches ^ 1`): no derivative
    gast.BitAnd: jnp.bitwise_and, gast.BitOr: jnp.bitwise_or, gast.BitXor: jnp.bitwise_xor,
    gast.Invert: jnp.invert, gast.LShift: jnp.left_shift, gast.RShift: jnp.right_shift,
}


def for_operator(op):
    return PRIMITIVES[OPERATORS[type(op)]]


_DEFERRED = _DEFERRED_BUILTIN = []
from . import (arithmetic, elementwise, indexing, linalg, nn, python_builtins,  # noqa: E402,F401
               reductions, runtime_helpers, shape)
from . import elementwise_more, lax_elementwise, predicates, special  # noqa: E402,F401
from . import shape_more  # noqa: E402,F401
from . import diagonals  # noqa: E402,F401
from . import shape_split  # noqa: E402,F401
from . import indexing_more  # noqa: E402,F401
from . import creation  # noqa: E402,F401
from . import meshgrid  # noqa: E402,F401
from . import runtime_shape_rules  # noqa: E402,F401
from . import dtypes  # noqa: E402,F401
from . import linalg_more, numeric, poly, reductions_more, stats  # noqa: E402,F401
from . import collectives  # noqa: E402,F401
from .. import by_jax  # noqa: E402,F401  (its helpers, registered for generated code)
_DEFERRED = None   # (rules registered from now on are checked as they are)
