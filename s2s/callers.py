"""Callers written out with real source, for what s2s is asked to transform
but has no source of its own to rewrite: a library function
(`s2s.grad(jnp.tanh)`), a bound method (`s2s.grad(model.loss)`), a
functools.partial. s2s transforms the caller; its line is what comments and
errors show (`<s2s: jnp.tanh>`, `<s2s: Model.loss bound>`)."""
import collections
import functools
import inspect
import itertools
import linecache
import types

from . import frontend, locks
from .errors import S2SError

# function, method or partial -> its caller: the last KEEP made (a caller holds
# what it binds, a method's `self`: kept for good, they would never be freed).
_CALLERS = collections.OrderedDict()
KEEP = 256


def _cached(fn):
    try:
        caller = _CALLERS[fn]
    except (KeyError, TypeError):
        return None
    _CALLERS.move_to_end(fn)
    return caller


def _keep(fn, caller):
    try:
        _CALLERS[fn] = caller
    except TypeError:
        return
    while len(_CALLERS) > KEEP:
        _CALLERS.popitem(last=False)


def _define(source, filename, namespace):
    """Run `source` in `namespace`, its lines kept under `filename` for s2s's
    parser and for tracebacks. Where another caller's different text is
    kept there (a partial of the same function, binding other arguments),
    under a name of its own: s2s reads a function's source by its file."""
    lines = source.splitlines(True)
    entry = linecache.cache.get(filename)
    if entry is not None and entry[2] != lines:
        filename = f"{filename[:-1]} {next(_numbers)}>"
    linecache.cache[filename] = (len(source), None, lines, filename)
    exec(compile(source, filename, "exec"), namespace)


_numbers = itertools.count(2)


@locks.building
def library_caller(fn):
    """`s2s.grad(jnp.tanh)`: a function of JAX has no source of the user's to
    rewrite, so s2s transforms a caller of it, written out with real source:

        def tanh(x):
            return jnp.tanh(x)

    (its calls then take the rules, or JAX's own transformation of it)."""
    cached = _cached(fn)
    if cached is not None:
        return cached
    name = getattr(fn, "__name__", None) or "library_function"
    path, env = _public_path(fn, name)
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        sig = None
    params, passed = [], []
    for p in (sig.parameters.values() if sig is not None else ()):
        if p.kind == p.VAR_POSITIONAL:   # (`tree_map(f, tree, *rest)`: handed on)
            params.append("*" + p.name)
            passed.append("*" + p.name)
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD, p.KEYWORD_ONLY):
            break
        if p.default is not p.empty:   # (`norm.logpdf(x, loc=0, scale=1)`: a number written
            if type(p.default) not in (int, float, bool):   # out; None and the rest: optional
                break                                        # features, left to the library)
            params.append(f"{p.name}={p.default!r}")
        else:
            params.append(p.name)
        passed.append(p.name)
    if sig is None or not params:
        raise S2SError(f"cannot transform `{path}` directly: s2s cannot tell its arguments",
                       hint=f"pass a function of yours that calls it, e.g. "
                            f"`def f(x): return {path}(x)`")
    _define(f"def {name}({', '.join(params)}):\n    return {path}({', '.join(passed)})\n",
            f"<s2s: {path}>", env)
    caller = env[name]
    caller.__module__ = "s2s.library"
    _keep(fn, caller)
    return caller


@locks.building
def bound_caller(fn, arity=None):
    """`s2s.grad(model.loss)`, `s2s.grad(functools.partial(loss, w=w))`: a bound
    method or a partial has no source of its own, so s2s transforms a caller of
    the function inside, written out with real source, the bound values held
    in its closure:

        def loss(x):
            return Model.loss(self, x)

        def loss_partial(x):
            return loss(x, w=w)

    As in JAX, the bound values (`self`, a partial's arguments) are constants:
    the transformation differentiates and batches the remaining parameters.
    For a function taking `*args`/`**kwargs`, `arity` (a call's number of
    positional arguments, its keyword names) lists that call's."""
    key = fn if arity is None else (fn, arity)
    cached = _cached(key)
    if cached is not None:
        return cached
    inner, bound_args, bound_kw, owner = fn, (), {}, None
    while isinstance(inner, (types.MethodType, functools.partial)):
        if isinstance(inner, functools.partial):   # (the inner partial's arguments first)
            bound_args, bound_kw = inner.args + bound_args, {**inner.keywords, **bound_kw}
            inner = inner.func
        else:   # (a classmethod's `self` is its class: the function is called as it is)
            owner = None if inspect.isclass(inner.__self__) else type(inner.__self__)
            bound_args = (inner.__self__,) + bound_args
            inner = inner.__func__
    inner = frontend.python_function(inner)
    code = inner.__code__
    positional = list(code.co_varnames[:code.co_argcount])
    if len(bound_args) > len(positional):
        raise S2SError(f"`{inner.__qualname__}` takes {len(positional)} positional "
                       f"arguments, but {len(bound_args)} are bound to it")
    bound_names = positional[:len(bound_args)]
    rest = [p for p in positional[len(bound_args):] if p not in bound_kw]
    defaults = dict(zip(positional[len(positional) - len(inner.__defaults__ or ()):],
                        inner.__defaults__ or ()))
    params = []
    for p in rest:
        if p in defaults:
            break   # (a parameter with a default, and those after it, take their defaults)
        params.append(p)
    bound = {**dict(zip(bound_names, bound_args)), **bound_kw}
    if owner is not None:
        bound[owner.__name__] = owner
        callee = f"{owner.__name__}.{inner.__name__}"
        name = inner.__name__ if isinstance(fn, types.MethodType) else inner.__name__ + "_partial"
    else:
        own = inner.__name__ if inner.__name__.isidentifier() else "lambda_"   # (<lambda>)
        bound[own] = inner
        callee, name = own, own + "_partial"
    passed = bound_names + params + [f"{k}={k}" for k in bound_kw]
    if arity is not None:
        extra = [f"args_{i}" for i in range(max(0, arity[0] - len(params)))]
        params += extra + list(arity[1])
        passed += extra + [f"{k}={k}" for k in arity[1]]
    else:
        for flag, star in ((inspect.CO_VARARGS, "*"), (inspect.CO_VARKEYWORDS, "**")):
            if code.co_flags & flag:   # (made again for each call's arguments: ByArity)
                listed = star + _unbound("args" if star == "*" else "kwargs", bound, params)
                params.append(listed)
                passed.append(listed)
    # The bound values are the caller's closure; its globals are the function's
    # module, so s2s puts the function in line where it puts its module's.
    caller = _closure_caller(name, params, callee, passed, bound, inner.__globals__,
                             f"<s2s: {callee} bound>")
    _keep(key, caller)
    return caller


def _closure_caller(name, params, callee, passed, closed, module, filename):
    """`def name(params): return callee(passed)`, written out in `module` (under
    `filename`), reading the values `closed` holds from its closure."""
    maker = "__s2s_make_" + name
    source = (f"def {maker}({', '.join(closed)}):\n"
              f"    def {name}({', '.join(params)}):\n"
              f"        return {callee}({', '.join(passed)})\n"
              f"    return {name}\n")
    _define(source, filename, module)
    return module.pop(maker)(**closed)


@locks.building
def listed_caller(fn, npositional, keywords=()):
    """`s2s.grad(f)(x, a, b, scale=2.0)` of `def f(x, *args, **kwargs)`: a caller
    listing this call's parameters, which calls f as the user's code would:

        def f(x, args_0, args_1, scale):
            return f_(x, args_0, args_1, scale=scale)

    (s2s/listed_parameters.py transforms f itself for these arguments)."""
    from . import listed_parameters
    code = fn.__code__
    fixed = list(code.co_varnames[:min(npositional, code.co_argcount)])
    star = code.co_varnames[code.co_argcount + code.co_kwonlyargcount] \
        if code.co_flags & inspect.CO_VARARGS else "args"
    extra = listed_parameters.extra_names(star, max(0, npositional - code.co_argcount),
                                          set(fixed) | set(keywords) | {fn.__name__ + "_"})
    params = fixed + extra + list(keywords)
    passed = fixed + extra + [f"{k}={k}" for k in keywords]
    name = fn.__name__ if fn.__name__.isidentifier() else "lambda_"
    return _closure_caller(name, params, name + "_", passed, {name + "_": fn}, fn.__globals__,
                           f"<s2s: {fn.__qualname__} with its arguments listed>")


def _unbound(name, *taken):
    while any(name in names for names in taken):
        name += "_"
    return name


def _public_path(fn, name):
    """(`jnp.tanh`, the globals that name it), or the function by its own name."""
    import importlib
    path = frontend.public_path(fn)
    if path is None:
        return f"{name}_", {f"{name}_": fn}   # (the caller's def takes `name` itself)
    if path.startswith("jax.numpy.") and path.count(".") == 2:
        return "jnp." + name, {"jnp": importlib.import_module("jax.numpy")}
    return path, {"jax": importlib.import_module("jax")}
