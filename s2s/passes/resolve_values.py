"""Resolve's questions about the values a call names: a module-level path's
value (`jnp.linalg.norm`), a static argument, the jax.numpy twin of a NumPy or
`math` function, and whether a value is a library function, an s2s API
function or one of s2s's transformations. Used by s2s/passes/resolve.py."""
import math
import types

import gast
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import frontend
from ..frontend import python_function
from ..pipeline import FACTORIES

# `lax` control flow that normalize writes out as Python (the value: its name there).
LAX_CONTROL = {lax.cond: "cond", lax.switch: "switch", lax.while_loop: "while_loop",
               lax.fori_loop: "fori_loop", lax.scan: "scan", lax.map: "map"}


class _NotStatic(Exception):
    pass


def _static_value(node, ns):
    if isinstance(node, gast.Name):
        return ns.lookup(node.id)
    if isinstance(node, gast.Attribute):
        base = _static_value(node.value, ns)
        try:
            return getattr(base, node.attr)
        except AttributeError:
            raise KeyError(f"{getattr(base, '__name__', base)}.{node.attr}")
    raise _NotStatic()


def _evaluate_static(node, ns):
    """The value of a module-level name, attribute, constant or tuple of them."""
    if isinstance(node, gast.Constant):
        return node.value
    if isinstance(node, (gast.Tuple, gast.List)):
        items = [_evaluate_static(e, ns) for e in node.elts]
        return tuple(items) if isinstance(node, gast.Tuple) else items
    return _static_value(node, ns)


def _lax_kind(obj):
    """The LAX_CONTROL name of `obj`, or None (unhashable values too)."""
    try:
        return LAX_CONTROL.get(obj)
    except TypeError:
        return None


def _jnp_twin(obj):
    """The jax.numpy name for a jax.numpy, numpy or math function, else None."""
    name = getattr(obj, "__name__", None)
    if not isinstance(name, str):
        return None
    module = getattr(obj, "__module__", None) or ""
    is_numpy = isinstance(obj, np.ufunc) or module == "numpy" or module.startswith("numpy.")
    is_math = obj is getattr(math, name, None)
    is_jnp = getattr(jnp, name, None) is obj
    if not (is_numpy or is_math or is_jnp):
        return None
    twin = {"fabs": "abs", "pow": "power", "atan2": "arctan2", "atan": "arctan",
            "asin": "arcsin", "acos": "arccos"}.get(name, name) if is_math else name
    if isinstance(getattr(jnp, twin, None), (types.FunctionType, types.BuiltinFunctionType)) \
            or callable(getattr(jnp, twin, None)):
        return twin
    return None


def _is_library(obj):
    fn = python_function(obj)
    module = getattr(fn, "__module__", "") or ""
    return module.split(".")[0] in ("jax", "jaxlib", "numpy", "scipy")


def _is_s2s_api(obj):
    """One of s2s's own API functions (`s2s.jvp`), whose calls s2s reads as written."""
    return (getattr(obj, "__module__", None) or "").split(".")[0] == "s2s"


def _is_factory(obj):
    """Is `obj` one of s2s's transformations (s2s.grad, s2s.vmap, ...)?"""
    try:
        return obj in FACTORIES
    except TypeError:   # unhashable
        return False


def _is_shard_map(obj):
    """JAX's shard_map, by either of its names (jax.shard_map and the older
    jax.experimental.shard_map.shard_map)."""
    return callable(obj) and getattr(obj, "__name__", None) == "shard_map" \
        and (getattr(obj, "__module__", None) or "").split(".")[0] == "jax"


def _s2s_twin(factory):
    """jax.vmap(f, ...)(x) written in the function: s2s's own vmap (the same
    signature), which s2s transforms again; other callables as they are."""
    import s2s
    for name in ("grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian", "jit"):
        if factory is getattr(jax, name):
            return getattr(s2s, name)
    return factory


def _own_call_method(obj):
    """`type(obj).__call__` where obj is an instance of a class of the user's
    (a dataclass with `__call__`), else None."""
    method = frontend.call_method(obj)
    return None if method is None else method.__func__
