"""Where s2s stops reading source: your code is rewritten, installed libraries go to JAX.

s2s transforms by source the code of the user's own program. A call into an
installed JAX library (Flax, Equinox, Optax, Haiku, any package installed in
site-packages) is handed to JAX's own transformation of that one call
(s2s/by_jax.py), as a call of `jnp.roll` without a rule is, and the generated
code says so:

    apply_bar = vjp_by_jax(model.apply, (params, x), (True, False), apply_bar_out)

Library internals are written for JAX's tracer (they raise, branch on
configuration, build strings); JAX transforms them exactly, at JAX's speed.
Python's standard library, NumPy and SciPy are not handed over: s2s has
rules for the NumPy and `math` functions people call, and JAX cannot trace
the rest. A user who wants to read a library's derivative opts it into
source transformation with `s2s.by_source("optax")`.
"""
import functools
import os
import site
import sys
import sysconfig
import types

# Packages never handed to JAX: s2s itself, JAX (its own fallback, s2s/rules), and
# the libraries s2s translates into jax.numpy or runs as plain Python.
NOT_HANDED = frozenset({"s2s", "jax", "jaxlib", "numpy", "scipy", "builtins"}) \
    | frozenset(sys.stdlib_module_names)

_BY_SOURCE = set()   # top-level packages the user opted into source transformation
EPOCH = [0]          # counts the changes of _BY_SOURCE: code built before is built again


def epoch():
    return EPOCH[0]


class by_source:
    """Transform the named installed packages by their source, as the user's
    own code is, instead of handing their calls to JAX:

        s2s.by_source("optax")            # from now on
        with s2s.by_source("optax"): ...  # inside the block only

    (to read how s2s differentiates a library function; its internals may use
    Python that s2s refuses, which JAX's tracer accepts). Transformations
    built before are built again at their next call."""

    def __init__(self, *packages):
        self.added = [p.split(".")[0] for p in packages if p.split(".")[0] not in _BY_SOURCE]
        _BY_SOURCE.update(self.added)
        _changed()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        _BY_SOURCE.difference_update(self.added)
        _changed()
        return False


def _changed():
    """Code built before reads the old boundary: built again when next called."""
    from . import driver
    installed_package.cache_clear()
    EPOCH[0] += 1
    driver.forget_builds()


def library_of(obj):
    """The installed package (top-level name) whose code `obj` runs when
    called, if s2s hands its calls to JAX; None for the user's own code and
    for what s2s translates itself (NumPy, `math`, builtins)."""
    module = _defining_module(obj)
    return None if module is None else installed_package(module)


def handed_to_jax(obj):
    return library_of(obj) is not None


def _defining_module(obj):
    """The name of the module that defines what calling `obj` runs: a
    function's or method's own, a partial's function's, an instance's class's."""
    seen = 0
    while isinstance(obj, (types.MethodType, functools.partial)) and seen < 20:
        obj, seen = (obj.func if isinstance(obj, functools.partial) else obj.__func__), seen + 1
    if isinstance(obj, type) or not callable(obj):
        return None
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
        return getattr(obj, "__module__", None)
    return getattr(type(obj), "__module__", None)   # a callable instance (a Flax module)


@functools.lru_cache(maxsize=None)
def installed_package(module):
    """The top-level package of module `module` (a name) if s2s hands its
    functions to JAX, else None."""
    top = module.split(".")[0]
    if top in NOT_HANDED or top in _BY_SOURCE:
        return None
    loaded = sys.modules.get(module) or sys.modules.get(top)
    path = getattr(loaded, "__file__", None)
    if not path:
        return None
    path = os.path.realpath(path)
    return top if any(path.startswith(place + os.sep) for place in _install_places()) else None


@functools.lru_cache(maxsize=1)
def _install_places():
    paths = sysconfig.get_paths()
    places = [paths.get(k) for k in ("purelib", "platlib")]
    try:
        places += site.getsitepackages() + [site.getusersitepackages()]
    except AttributeError:   # (a virtualenv's old site module)
        pass
    return tuple({os.path.realpath(p) for p in places if p})
