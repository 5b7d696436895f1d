"""Frontend: a Python function -> a gast FunctionDef plus the namespace it sees.

Handles module-level functions, nested functions and closures, lambdas bound to
a name, functions under decorators, and functions s2s generated (their source is
registered in linecache by the backend).
"""
import builtins
import copy
import functools
import inspect
import linecache
import textwrap
import types

import gast

from .nodes import walk
from . import anno
from .checkpoint import inside_jax_checkpoint
from .anno import Key
from .errors import S2SError


class Namespace:
    """What the names in a function refer to: closure cells, globals, builtins."""

    def __init__(self, globals_, cells):
        self.globals = globals_
        self.cells = cells  # name -> cell, for the function's free variables

    @classmethod
    def of(cls, fn):
        code = fn.__code__
        cells = dict(zip(code.co_freevars, fn.__closure__ or ()))
        return cls(fn.__globals__, cells)

    def has(self, name):
        try:
            self.lookup(name)
            return True
        except KeyError:
            return False

    def lookup(self, name):
        if name in self.cells:
            try:
                return self.cells[name].cell_contents
            except ValueError:  # an empty cell: the name is not bound yet
                raise KeyError(name)
        if name in self.globals:
            return self.globals[name]
        b = self.globals.get("__builtins__", builtins)
        b = b if isinstance(b, dict) else vars(b)
        if name in b:
            return b[name]
        raise KeyError(name)


class Parsed:
    """A function's tree, where it came from, and what its names mean."""

    def __init__(self, fn, tree, filename, namespace):
        self.fn = fn
        self.tree = tree  # gast.FunctionDef, line numbers as in the user's file
        self.filename = filename
        self.namespace = namespace


def python_function(fn):
    """The plain Python function behind `fn` (s2s wrappers, jax.jit, functools.wraps).

    A functools.wraps wrapper is a Python function too, but its source is the
    wrapped function's (inspect follows `__wrapped__`): s2s transforms the
    wrapped function, as the decorator presents it.
    """
    if _from_library(fn):
        return callers.library_caller(fn)
    if isinstance(fn, (types.MethodType, functools.partial)):
        return callers.bound_caller(fn)
    seen = 0
    while seen <= 20:
        if getattr(type(fn), "__s2s_shape_specialized__", False):
            return fn   # vmap(f): its code depends on argument shapes, chosen at each call
        inner = getattr(fn, "__s2s_function__", None) or inside_jax_checkpoint(fn)
        if inner is None:
            inner = getattr(fn, "__wrapped__", None)
            if inner is not None and isinstance(fn, types.FunctionType):
                _check_passes_through(fn, inner)
        if inner is None:
            break
        fn, seen = inner, seen + 1
    if isinstance(fn, types.FunctionType):
        return fn
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    module = getattr(fn, "__module__", None)
    full = f"{module}.{name}" if module else name
    raise S2SError(
        f"cannot transform `{full}`: it is not a Python function with source code "
        f"(it is a {type(fn).__name__})",
        hint="s2s rewrites Python source; pass a function written with `def` or "
             "`lambda` in a .py file")


def check_listed_parameters(fn):
    """`def f(*xs)` / `def f(**kw)`: refused before anything counts its
    parameters (grad's argnums check read `*xs` as no parameters at all)."""
    code = fn.__code__
    if code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        raise S2SError(f"`{fn.__qualname__}` takes `*args`/`**kwargs` parameters, which "
                       "s2s does not support in a transformed function", code.co_filename,
                       code.co_firstlineno, 0, hint="list the parameters explicitly")


def _check_passes_through(wrapper, inner):
    """A Python wrapper (functools.wraps) is looked through only when all it
    does with the value is hand it on: `return fn(*args, **kwargs)`, perhaps
    after logging. A wrapper that changes the value would be silently left out
    of the derivative, so it is refused."""
    def refuse():
        code = wrapper.__code__
        return S2SError(
            f"`{getattr(inner, '__qualname__', inner)}` is wrapped by the decorator function "
            f"`{wrapper.__qualname__}`, which does more than call it: s2s would leave that "
            f"out of the derivative", code.co_filename, code.co_firstlineno, 0,
            hint="transform the undecorated function, or make the decorator return "
                 "`fn(*args, **kwargs)` unchanged")
    try:
        lines, _ = inspect.getsourcelines(wrapper.__code__)
        tree = gast.parse(textwrap.dedent("".join(lines))).body[0]
    except (OSError, TypeError, SyntaxError, IndexError):
        raise refuse()
    body = [b for b in tree.body if not (isinstance(b, gast.Expr)
                                         and isinstance(b.value, gast.Constant))]
    if not body or not isinstance(body[-1], gast.Return):
        raise refuse()
    call = body[-1].value
    params = [a.id for a in tree.args.args]
    cells = dict(zip(wrapper.__code__.co_freevars, wrapper.__closure__ or ()))
    target = call.func.id if isinstance(call, gast.Call) and \
        isinstance(call.func, gast.Name) else None
    calls_inner = target in cells and cells[target].cell_contents is inner
    passes_args = all(isinstance(a, gast.Starred) or
                      (isinstance(a, gast.Name) and a.id in params) for a in call.args) \
        if isinstance(call, gast.Call) else False
    others_are_effects = all(isinstance(b, gast.Expr) for b in body[:-1])
    if not (calls_inner and passes_args and others_are_effects):
        raise refuse()


def parse_function(fn):
    original, fn = fn, python_function(fn)
    _refuse_library(original, fn)
    filename = fn.__code__.co_filename
    try:
        lines, start = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        raise S2SError(
            f"cannot transform `{fn.__qualname__}`: Python has no source code for it "
            f"(defined in {filename})",
            hint="define the function in a .py file (functions typed at an "
                 "interactive prompt or built with exec have no source to rewrite)")
    start = max(start, 1)
    text = "".join(lines)
    indent = len(text) - len(text.lstrip(" \t")) if text.strip() else 0
    source = textwrap.dedent(text)
    if fn.__name__ == "<lambda>":
        tree = _lambda_in_file(fn, filename)
        if tree is not None:   # found by its code's positions: lines already the file's
            return Parsed(fn, tree, filename, Namespace.of(fn))
        tree = _lambda_tree(fn, source, filename, start)
    else:
        tree = _parse(source, fn, filename, start)
        # An async def is parsed too, so that the fence names what is unsupported.
        tree = next((n for n in tree.body
                     if isinstance(n, (gast.FunctionDef, gast.AsyncFunctionDef))), None)
        if tree is None:
            raise S2SError(f"cannot find the source of `{fn.__qualname__}`",
                           filename, start, 0)
    _shift(tree, start - 1, indent)
    tree.decorator_list = []
    return Parsed(fn, tree, filename, Namespace.of(fn))


LIBRARIES = ("jax", "jaxlib", "numpy", "scipy")


# Public modules a library function is called through in a caller's source.
PUBLIC_PATHS = ("jax.numpy", "jax.numpy.linalg", "jax.nn", "jax.scipy.special", "jax.lax",
                "jax.numpy.fft", "jax.scipy.linalg", "jax.scipy.stats.norm", "jax.random")


def _from_library(fn):
    """A function of JAX itself (jnp.tanh), not a user's function jax.jit wraps;
    or a user's function with its own derivative rule (jax.custom_jvp,
    jax.custom_vjp), which only JAX applies: its body has another derivative."""
    import jax
    if isinstance(fn, (jax.custom_jvp, jax.custom_vjp)):
        return True
    if isinstance(fn, type) or not callable(fn) or hasattr(fn, "__s2s_function__"):
        return False
    module = getattr(fn, "__module__", None) or ""
    return module.split(".")[0] in ("jax", "jaxlib")


def parameters(fn):
    """(names, defaults) of a Python function's parameters in the order s2s
    gives them (positional ones, then keyword-only ones: fence makes these
    ordinary), `defaults` mapping a name to its default value."""
    code = fn.__code__
    names = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    values = fn.__defaults__ or ()
    defaults = dict(zip(names[code.co_argcount - len(values):code.co_argcount], values))
    defaults.update(fn.__kwdefaults__ or {})
    return names, defaults


def defaults_tuple(fn):
    """`__defaults__` for a generated function with `fn`'s parameters (fence
    made its keyword-only ones ordinary, defaults last)."""
    names, defaults = parameters(fn)
    first = next((i for i, n in enumerate(names) if n in defaults), len(names))
    return tuple(defaults[n] for n in names[first:]) or None


def public_path(fn, modules=PUBLIC_PATHS):
    """`jax.nn.relu`, `jax.numpy.tanh`: the first of `modules` that holds `fn` by
    its own name, dotted; None if none does."""
    import importlib
    name = getattr(fn, "__name__", None)
    for module in modules:
        try:
            if name and getattr(importlib.import_module(module), name, None) is fn:
                return f"{module}.{name}"
        except ImportError:
            continue
    return None


def _refuse_library(original, fn):
    """jnp.sin and friends have Python source, but it is not the user's to rewrite."""
    module = getattr(fn, "__module__", None) or ""
    if module.split(".")[0] not in LIBRARIES:
        return
    name = getattr(original, "__name__", None) or fn.__name__
    raise S2SError(
        f"cannot transform `{name}` ({module}.{fn.__qualname__}): it is a library "
        f"function, not one of yours",
        hint=f"s2s rewrites your own code; pass a function of yours that calls it, "
             f"e.g. `def f(x): return {name}(x)`")


def _parse(source, fn, filename, start):
    try:
        return gast.parse(source)
    except SyntaxError as e:
        raise S2SError(f"cannot parse the source of `{fn.__qualname__}`: {e.msg}",
                       filename, start + (e.lineno or 1) - 1, 0)


_MODULES = {}   # filename -> (its text, its gast tree, {id(node): parent})


def _lambda_in_file(fn, filename):
    """The lambda `fn` as a FunctionDef, found in its file's tree by the
    positions its code carries (so lambdas sharing a line, or one written
    across lines inside a bigger expression, are told apart); None if that
    cannot be done."""
    code = fn.__code__
    spans = [(a, c, b, d) for a, b, c, d in code.co_positions()
             if None not in (a, b, c, d) and (b, d) > (a, c)]
    if not spans:
        return None
    start = min((a, c) for a, c, _, _ in spans)
    end = max((b, d) for _, _, b, d in spans)
    lines = linecache.getlines(filename, fn.__globals__)
    text = "".join(lines)
    cached = _MODULES.get(filename)
    if cached is None or cached[0] != text:
        try:
            module = gast.parse(text)
        except (SyntaxError, ValueError):
            return None
        parents = {id(child): node for node in walk(module)
                   for child in gast.iter_child_nodes(node)}
        cached = _MODULES[filename] = (text, module, parents)
    params = list(code.co_varnames[:code.co_argcount])
    best, size = None, None
    for node in walk(cached[1]):
        if not isinstance(node, gast.Lambda) or [a.id for a in node.args.args] != params:
            continue
        body = node.body
        if getattr(body, "end_lineno", None) is None:
            continue
        if (body.lineno, body.col_offset) <= start and \
                (body.end_lineno, body.end_col_offset) >= end:
            this = (body.end_lineno - body.lineno, body.end_col_offset - body.col_offset)
            if best is None or this < size:   # the innermost lambda holding the code
                best, size = node, this
    if best is None:
        return None
    return _as_function(copy.deepcopy(best), cached[2].get(id(best)))


def _lambda_tree(fn, source, filename, start):
    """A lambda becomes `def name(args): return body`, named after its variable."""
    tree = None
    for attempt in (source, "(" + source.rstrip().rstrip(",") + ")"):
        try:
            tree = gast.parse(attempt)
            break
        except SyntaxError:
            continue
    if tree is None:
        raise S2SError("cannot isolate the source of this lambda", filename, start, 0,
                       hint="give the function a name with `def`")
    params = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    found = []
    for node in walk(tree):
        for child in gast.iter_child_nodes(node):
            anno.put(child, Key.PARENT, node)
    for node in walk(tree):
        if isinstance(node, gast.Lambda) and [a.id for a in node.args.args] == params:
            found.append(node)
    if len(found) != 1:
        raise S2SError("cannot tell which lambda on this line is meant", filename, start, 0,
                       hint="give the function a name with `def`")
    return _as_function(found[0], anno.get(found[0], Key.PARENT))


def _as_function(lam, parent):
    """`name = lambda args: body` as `def name(args): return body`."""
    name = "lambda_"
    if isinstance(parent, gast.Assign) and isinstance(parent.targets[0], gast.Name):
        name = parent.targets[0].id
    ret = gast.Return(value=lam.body)
    gast.copy_location(ret, lam.body)
    fdef = gast.FunctionDef(name=name, args=lam.args, body=[ret], decorator_list=[],
                            returns=None, type_comment=None, type_params=[])
    gast.copy_location(fdef, lam)
    return fdef


def _shift(tree, dline, dcol):
    for node in walk(tree):
        if hasattr(node, "lineno") and node.lineno is not None:
            node.lineno += dline
            node.col_offset = (node.col_offset or 0) + dcol
        if getattr(node, "end_lineno", None) is not None:
            node.end_lineno += dline


from . import callers  # noqa: E402  (callers written out with source; they need python_function)
