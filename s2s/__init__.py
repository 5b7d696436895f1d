"""s2s: JAX's transformations by rewriting Python source.

`import s2s` loads nothing but this file: the public functions (and the
passes, rules and runtime behind them) load the first time one is asked for
(`s2s.grad`, `from s2s import grad`), so a program, a test collector or a
command that only imports s2s does not pay for what it does not use.
"""
import importlib
import sys
import types

__all__ = ["jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian", "jit",
           "checkpoint", "custom_jvp", "custom_vjp", "source", "generated", "stages", "show", "by_source", "export",
           "S2SError"]

_PUBLIC = frozenset(__all__) | {"remat", "checkpoint_function"}
# public functions named like a module of the package (s2s.jit is the function,
# s2s/jit.py its module; the same for show and checkpoint)
_SHADOWED = frozenset({"jit", "show", "checkpoint", "export"})


def _load():
    """Bind every public name (the API modules load here, once)."""
    from .api import grad, jvp, value_and_grad, vjp
    from .boundary import by_source
    from .checkpoint import checkpoint as checkpoint_function
    from .custom_rules import custom_jvp, custom_vjp
    from .errors import S2SError
    from .export import export
    from .introspect import generated, source, stages
    from .jacobians import hessian, jacfwd, jacrev
    from .jit import jit
    from .show import show   # (the function: `s2s.show(f, ...)`; the module is s2s/show.py)
    from .vectorize import vmap
    public = dict(by_source=by_source, grad=grad, jvp=jvp, value_and_grad=value_and_grad, vjp=vjp,
                  custom_jvp=custom_jvp, custom_vjp=custom_vjp, S2SError=S2SError,
                  export=export,
                  generated=generated, source=source, stages=stages, hessian=hessian,
                  jacfwd=jacfwd, jacrev=jacrev, jit=jit, show=show, vmap=vmap,
                  # (the function: the module is s2s/checkpoint.py)
                  checkpoint=checkpoint_function, remat=checkpoint_function,
                  checkpoint_function=checkpoint_function)
    assert set(public) == _PUBLIC
    for name, value in public.items():
        setattr(_PACKAGE, name, value)


def __getattr__(name):
    if name in _PUBLIC:
        _load()
        return _PACKAGE.__dict__[name]
    if name.startswith("__"):
        raise AttributeError(name)
    try:   # a module of the package (`s2s.driver`, as the eager imports used to bind)
        return importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{__name__}.{name}":
            raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    except AttributeError as e:
        # (an AttributeError from inside the module, e.g. a jax function this
        # JAX lacks: hasattr and `from . import name` would swallow it and run
        # the module's imports again, to fail later with a misleading error)
        raise ImportError(f"importing {__name__}.{name}: {e}") from e


def __dir__():
    return sorted(set(globals()) | _PUBLIC)


class _Package(types.ModuleType):
    """The package, whose attributes jit, show and checkpoint stay the public
    functions when their modules load (the import system binds a module it
    loads as an attribute of its package)."""

    def __setattr__(self, name, value):
        if name in _SHADOWED and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


_PACKAGE = sys.modules[__name__]
_PACKAGE.__class__ = _Package
