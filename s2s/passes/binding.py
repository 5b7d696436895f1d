"""How a call's operands bind to a rule's parameters, for every mode (jvp,
vjp, batch): positional and keyword operands of `jnp.clip(x, None, 0.5)` or
of a user function named as the rule or the function names them, and the
refusals of a call that would silently drop a derivative (a
non-differentiable argument that carries a tangent, a pytree packed into a
call s2s cannot follow)."""
import inspect

import gast

from .. import anno, rules
from ..anno import Key
from ..frontend import parameters
from .scopes import params


def bind_arguments(pass_, call, c, fdef=None):
    """Positional operands for every parameter of the called user function
    (`fdef` for a nested one), defaults filled in."""
    if fdef is not None:
        names = params(fdef)
        defaults = dict(zip(names[len(names) - len(fdef.args.defaults):], fdef.args.defaults))
    else:
        fn = c.obj
        while not hasattr(fn, "__code__") and hasattr(fn, "fun"):
            fn = fn.fun   # vmap(g) takes g's arguments
        names, values = parameters(fn)
        defaults = {n: gast.Constant(value=v, kind=None) for n, v in values.items()}
    where = pass_.located(call)
    if len(call.args) > len(names):
        raise pass_.source.error(where, f"too many arguments in this call of `{c.name}`")
    bound = dict(zip(names, call.args))
    for k in call.keywords:
        if k.arg not in names:
            raise pass_.source.error(where, f"`{c.name}` has no parameter `{k.arg}`")
        bound[k.arg] = k.value
    for n in names:
        if n not in bound:
            d = defaults.get(n)
            if not isinstance(d, gast.Constant) or not _literal(d.value):
                raise pass_.source.error(where, f"this call of `{c.name}` leaves `{n}` to a "
                                                f"default s2s cannot copy",
                                         f"pass `{n}` explicitly")
            bound[n] = d
    return [bound[n] for n in names]


def bind_operands(pass_, prim, template, primal_params, args, keywords, value):
    """Which rule parameter each argument of the call is.

    Positional arguments are matched by the jax.numpy function's own parameter
    names where they differ from the rule's (jnp.var(x, 0, jnp.float32) passes
    a dtype third, not a ddof): an argument the rule has no parameter for is
    an error, never silently misread.
    """
    names = _positional_names(prim)
    operands = [p for p in primal_params if p not in template.defaults]
    bound = {}
    for i, arg in enumerate(args):
        real = names[i] if names is not None and i < len(names) else None
        if real in primal_params:
            target = real
        elif names is None and i < len(primal_params):
            target = primal_params[i]
        elif names is not None and real is not None and i < len(operands):
            target = operands[i]
        else:
            raise pass_.source.error(pass_.located(value),
                                     f"s2s's rule for `{_display(prim)}` has no parameter "
                                     f"`{real or f'number {i + 1}'}`",
                                     f"it takes {', '.join(primal_params)}")
        bound[target] = arg
    for k in keywords:
        if k.arg not in primal_params and _at_its_default(prim, k):
            continue   # `jnp.sum(x, where=None)`: as if not written
        if k.arg not in primal_params:
            raise pass_.source.error(pass_.located(value),
                                     f"s2s's rule for `{_display(prim)}` has no parameter "
                                     f"`{k.arg}`", f"it takes {', '.join(primal_params)}")
        bound[k.arg] = k.value
    _check_arity(pass_, prim, template, primal_params, bound, value)
    return bound


def _at_its_default(prim, keyword):
    """Is this keyword argument a literal equal to the function's own default?"""
    if isinstance(prim.fn, str) or not isinstance(keyword.value, gast.Constant):
        return False
    try:
        param = inspect.signature(prim.fn).parameters.get(keyword.arg)
    except (TypeError, ValueError):
        return False
    return param is not None and param.default is not inspect.Parameter.empty \
        and type(param.default) is type(keyword.value.value) \
        and param.default == keyword.value.value


def _display(prim):
    """How the user wrote the primitive: `jnp.sum`, `max`, `getitem`."""
    if prim.by_own_name:
        return prim.name
    return f"jnp.{prim.name}"


def _positional_names(prim):
    """The primitive's own positional parameter names, or None if unknown."""
    try:   # (inspect.signature costs more than binding the call)
        names = _POSITIONAL[prim.fn]
    except KeyError:
        names = _POSITIONAL[prim.fn] = _signature_names(prim)
    except TypeError:   # (an unhashable callable)
        names = _signature_names(prim)
    return None if names is None else list(names)


_POSITIONAL = {}   # a primitive's function -> its positional parameter names, or None


def _signature_names(prim):
    if isinstance(prim.fn, str):
        return None
    try:
        params = list(inspect.signature(prim.fn).parameters.values())
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


def refuse_nondiff_operands(pass_, prim, value, bound, activity):
    """An active operand where `prim` declares none differentiable (a shape, an
    axis, an index) is an error at the user's line: s2s never drops a derivative.

    `bound` maps the rule's parameter names to operands, or lists operands that
    are all not differentiable (a multilinear primitive's static ones); None
    checks the call of a primitive with no derivative at all (jnp.arange).
    """
    if prim is None:
        return
    if bound is None:
        if prim.differentiable or prim.nondiff_args != rules.ALL:
            return
        bound = list(value.args) + [k.value for k in value.keywords]
    counters = activity.loop_counters

    def active(node):
        # A loop counter is an integer: it is "active" only because activity is one
        # answer per name and a reverse-mode tape holds it beside active values.
        if isinstance(node, gast.Name):
            return activity.is_active(node) and node.id not in counters
        if isinstance(node, (gast.Tuple, gast.List)):
            return any(active(e) for e in node.elts)
        return activity.is_active(node)

    if isinstance(bound, list):
        param = rules.ALL if any(active(a) for a in bound) else None
    else:
        param = rules.refused_operand(prim, bound, active)
    # An index is an integer (JAX refuses a float one itself): it looks active
    # only because activity is one answer per name (a key or position read back
    # from a reverse-mode tape), and it can never carry a derivative.
    if param is not None and param != "index":
        message, hint = rules.refusal_message(prim, param)
        raise pass_.source.error(pass_.located(value), message, hint)


def refuse_active_keywords(pass_, prim, call, activity):
    """JAX transforms a function s2s has no rule for (s2s/by_jax.py) in its
    positional arguments only: a keyword argument is held fixed, so an active
    value there would lose its derivative. Refuse it."""
    for k in call.keywords:
        if activity.is_active(k.value):
            raise pass_.source.error(
                pass_.located(call), f"s2s has no rule for {_handed(prim, call)} and hands it "
                                     f"to JAX, which differentiates its positional arguments only; "
                                     f"`{k.arg}=` depends on a differentiated input",
                f"pass `{k.arg}` positionally")


def _handed(prim, call):
    """What the user called: `prim`, or for a method (`apply_method(obj,
    'normal', ...)`) the method `.normal`."""
    if prim.name == "apply_method" and len(call.args) > 1 \
            and isinstance(call.args[1], gast.Constant) and isinstance(call.args[1].value, str):
        return f"the method `.{call.args[1].value}`"
    return f"`{prim.name}`"


def refuse_closures_over_active(pass_, prim, call, activity):
    """A function s2s hands to JAX (`tree_map(lambda x: scale * x, tree)`)
    called with a nested function that reads a differentiated value: JAX sees
    the nested function as a constant, so that derivative would be lost."""
    for a in list(call.args) + [k.value for k in call.keywords]:
        if isinstance(a, gast.Name) and activity.closing_over.get(a.id, False):
            shown = "a lambda" if a.id.startswith("lambda_") else f"`{a.id}`"
            raise pass_.source.error(
                pass_.located(call), f"s2s has no rule for {_handed(prim, call)} and hands it "
                                     f"to JAX, which takes {shown} as a constant, but it reads a "
                                     "differentiated value (a variable of this function)",
                "pass that value as an argument of the function instead of reading it "
                "from outside, or write the loop over the leaves yourself")


def refuse_repackaging(pass_, c, call, activity):
    """`list(x)`, `zip(a, b)` as values would drop the derivative: refuse."""
    from .resolve import REPACKAGING_BUILTINS, CallKind, among
    if anno.get(call, Key.GENERATOR_ITEMS):   # (the loop's own list, not the user's)
        raise pass_.source.error(pass_.located(call), "generators (`yield`) are not "
                                 "supported", "return a list or an array")
    if c.kind == CallKind.BUILTIN and among(c.obj, REPACKAGING_BUILTINS) \
            and any(activity.is_active(a) for a in call.args + [k.value for k in call.keywords]):
        raise pass_.source.error(pass_.located(call),
                                 f"s2s cannot differentiate through `{c.name}(...)` used as "
                                 f"a value", "loop over it directly, or build the list "
                                 "with a for loop and append")


def _check_arity(pass_, prim, template, primal_params, bound, value):
    missing = [p for p in primal_params if p not in bound and p not in template.defaults]
    if missing:
        raise pass_.source.error(pass_.located(value),
                                 f"s2s's rule for `{prim.name}` takes "
                                 f"({', '.join(primal_params)}); `{missing[0]}` is missing",
                                 "pass every argument (for the largest element of one "
                                 "array use jnp.max)")


def _literal(v):
    if isinstance(v, (tuple, list)):
        return all(_literal(x) for x in v)
    return v is None or type(v) in (int, float, bool, str, complex)
