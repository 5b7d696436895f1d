"""Frontend: a Python function -> a gast FunctionDef plus the namespace it sees.

Handles module-level functions, nested functions and closures, lambdas bound to
a name, functions under decorators, and functions s2s generated (their source is
registered in linecache by the backend).
"""
import __future__
import ast
import builtins
import collections
import copy
import dis
import functools
import inspect
import linecache
import sys
import textwrap
import types

import gast

from .nodes import walk
from . import anno, boundary, listed_parameters, locks
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
    method = call_method(fn)
    if method is not None:   # `s2s.grad(least_squares)`: an instance of a class with __call__
        return callers.bound_caller(method)
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or repr(fn)
    module = getattr(fn, "__module__", None)
    full = f"{module}.{name}" if module else name
    raise S2SError(
        f"cannot transform `{full}`: it is not a Python function with source code "
        f"(it is a {type(fn).__name__})",
        hint="s2s rewrites Python source; pass a function written with `def` or "
             "`lambda` in a .py file")


def call_method(obj):
    """`obj.__call__` bound, for an instance of a user's class defining
    `__call__` in Python (JAX transforms such objects as functions); else None."""
    if isinstance(obj, (type, types.FunctionType, types.MethodType, types.BuiltinFunctionType,
                        functools.partial)) or \
            (type(obj).__module__ or "").split(".")[0] in ("s2s", "jax", "jaxlib", "numpy"):
        return None
    method = getattr(type(obj), "__call__", None)
    if isinstance(method, types.FunctionType) and \
            (method.__module__ or "").split(".")[0] not in LIBRARIES:
        return types.MethodType(method, obj)
    return None


def check_listed_parameters(fn):
    """`def f(*xs)` / `def f(**kw)`: refused before anything counts its
    parameters (grad's argnums check read `*xs` as no parameters at all)."""
    code = fn.__code__
    if code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS):
        raise S2SError(f"`{fn.__qualname__}` takes `*args`/`**kwargs` parameters, which "
                       "s2s lists for each call's arguments: here there is no call",
                       code.co_filename, code.co_firstlineno, 0,
                       hint="call the transformation first (s2s.grad(f)(x, a)) and print "
                            "s2s.source of it, or list the parameters explicitly")


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
        with locks.BUILD:   # (s2s/locks.py: CPython's AST conversion is one thread's)
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


@locks.building
def parse_function(fn):
    parsed = _parse_function(fn)
    if hasattr(parsed.fn, "__s2s_listed__"):   # (a twin: `*args` for one call's arguments)
        listed_parameters.specialize(parsed.tree, parsed.fn)
    return parsed


def _parse_function(fn):
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
        lines = running_lines(fn)
        if start not in lines and not _rewritten_asserts(fn, tree):
            moved = _moved(fn, filename, lines)   # (the file edited above it: the def moved)
            if moved is None:
                raise stale(fn)
            moved.decorator_list = []
            return Parsed(fn, moved, filename, Namespace.of(fn))
    _shift(tree, start - 1, indent)
    tree.decorator_list = []
    return Parsed(fn, tree, filename, Namespace.of(fn))


LIBRARIES = ("jax", "jaxlib", "numpy", "scipy")


# Public modules a library function is called through in a caller's source.
PUBLIC_PATHS = ("jax.numpy", "jax.numpy.linalg", "jax.nn", "jax.scipy.special", "jax.lax",
                "jax.numpy.fft", "jax.scipy.linalg", "jax.scipy.stats.norm", "jax.random")


def _from_library(fn):
    """A function of JAX itself (jnp.tanh), not a user's function jax.jit wraps,
    or of an installed library (s2s/boundary.py: `model.apply`); or a user's function with its own derivative rule (jax.custom_jvp,
    jax.custom_vjp), which only JAX applies: its body has another derivative."""
    import jax
    if isinstance(fn, (jax.custom_jvp, jax.custom_vjp)):
        return True
    if isinstance(fn, type) or not callable(fn) or hasattr(fn, "__s2s_function__"):
        return False
    module = getattr(fn, "__module__", None) or ""
    return module.split(".")[0] in ("jax", "jaxlib") or boundary.handed_to_jax(fn)


def parameters(fn):
    """(names, defaults) of a Python function's parameters in the order s2s
    gives them (positional ones, then keyword-only ones: fence makes these
    ordinary), `defaults` mapping a name to its default value."""
    code = fn.__code__
    names = list(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    if hasattr(fn, "__s2s_listed__"):
        names = listed_parameters.parameter_names(fn)
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


# -- the source is the code Python runs -------------------------------------------------------

_FUTURE = 0   # the compiler flags of `from __future__ import ...`
for _feature in __future__.all_feature_names:
    _FUTURE |= getattr(__future__, _feature).compiler_flag


def running_lines(fn):
    """The first lines (as `co_firstlineno` counts them) of the definitions
    in fn's file, as the file is now, that compile to the code Python runs
    for `fn`: the file is compiled whole (once per text: the same imports,
    classes, closures and `__future__` flags as when Python compiled it) and
    its code objects of fn's qualified name compared with fn's, nested code
    too, all but places (lines, columns). Empty when the file was changed
    after import, or fn's `__code__` replaced (autoreload): s2s must not
    transform text that is not the running code."""
    code = fn.__code__
    return {c.co_firstlineno for c in _file_codes(fn).get(code.co_qualname, ())
            if same_code(c, code)}


class _Recent(collections.OrderedDict):
    """A dict of the last `KEEP` files looked up (each generated function is
    a file of its own: kept for good, they would add up)."""
    KEEP = 64

    def get(self, key, default=None):
        value = super().get(key, default)
        if key in self:
            self.move_to_end(key)
        return value

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        while len(self) > self.KEEP:
            self.popitem(last=False)


# filename -> (its text, future flags, {qualified name: [code objects]})
_COMPILED = _Recent()


def _file_codes(fn):
    code = fn.__code__
    filename = code.co_filename
    text = "".join(linecache.getlines(filename, fn.__globals__))
    flags = code.co_flags & _FUTURE
    cached = _COMPILED.get(filename)
    if cached is not None and cached[1] == flags and cached[0] == text:
        return cached[2]
    made = None
    for extra in (0, ast.PyCF_ALLOW_TOP_LEVEL_AWAIT):   # (a notebook cell may `await`)
        try:
            made = compile(text, filename, "exec", flags=flags | extra, dont_inherit=True)
            break
        except (SyntaxError, ValueError):
            continue
    table, level = {}, [made] if made is not None else []
    while level:
        for c in level:
            table.setdefault(c.co_qualname, []).append(c)
        level = [c for d in level for c in d.co_consts if isinstance(c, types.CodeType)]
    _COMPILED[filename] = (text, flags, table)
    return table


def _rewritten_asserts(fn, tree):
    """pytest rewrote this module's asserts: a function with one is not its text."""
    return "@py_builtins" in fn.__globals__ and any(isinstance(n, gast.Assert)
                                                     for n in walk(tree))


def same_code(a, b):
    """Do two code objects run the same (bytecode, names, constants, nested
    code), wherever they were written?"""
    if (a.co_names != b.co_names or a.co_name != b.co_name
            or a.co_varnames != b.co_varnames or a.co_freevars != b.co_freevars
            or a.co_cellvars != b.co_cellvars or a.co_argcount != b.co_argcount
            or a.co_posonlyargcount != b.co_posonlyargcount
            or a.co_kwonlyargcount != b.co_kwonlyargcount):
        return False
    if a.co_code != b.co_code and _instructions(a) != _instructions(b):
        return False
    return _same_constants(a.co_consts, b.co_consts)


def _instructions(code):
    """The code's instructions, the same for code compiled from the same text
    in modules that import different names: CPython 3.11 calls `m.f(x)` with
    LOAD_METHOD unless `m` is imported at module level (where a file is run
    without some of its statements, as `s2s` on the command line runs only a
    file's definitions, the same def compiles either way). Jumps are told by
    the instruction they go to (the two take different numbers of caches)."""
    found = list(dis.get_instructions(code))
    index = {i.offset: n for n, i in enumerate(found)}
    out = []
    for i in found:
        if i.opcode in dis.hasjrel or i.opcode in dis.hasjabs:
            arg = index.get(i.argval)
        elif i.opname in ("LOAD_METHOD", "LOAD_ATTR", "LOAD_GLOBAL"):
            arg = i.argval   # (LOAD_GLOBAL's flag pushing a NULL differs too)
        else:
            arg = i.arg
        out.append(("LOAD_ATTR" if i.opname == "LOAD_METHOD" else i.opname, arg))
    return out


def _same_constants(xs, ys):
    if len(xs) != len(ys):
        return False
    for x, y in zip(xs, ys):
        if type(x) is not type(y):
            return False
        if isinstance(x, types.CodeType):
            if not same_code(x, y):
                return False
        elif isinstance(x, tuple):
            if not _same_constants(x, y):
                return False
        elif isinstance(x, frozenset):
            if sorted(map(repr, x)) != sorted(map(repr, y)):
                return False
        elif repr(x) != repr(y):   # (repr: 0.0 is not -0.0, nan is nan)
            return False
    return True


def _moved(fn, filename, lines):
    """The def of `fn` elsewhere in its file (the file edited above it after
    import): the one starting at one of `lines`, as a gast tree at the file's
    lines; None if there is none."""
    text = "".join(linecache.getlines(filename, fn.__globals__))
    try:
        module = gast.parse(text)
    except (SyntaxError, ValueError):
        return None
    for node in walk(module):
        if isinstance(node, (gast.FunctionDef, gast.AsyncFunctionDef)) and \
                node.name == fn.__code__.co_name and \
                min([d.lineno for d in node.decorator_list] + [node.lineno]) in lines:
            return node
    return None


def stale(fn):
    """The error for a function whose file no longer holds its running code."""
    code, name = fn.__code__, fn.__qualname__
    line = linecache.getline(code.co_filename, code.co_firstlineno).rstrip()
    module = getattr(fn, "__module__", None)
    if module and module != "__main__" and module in sys.modules and \
            not code.co_filename.startswith("<"):
        how = (f"reload the module (`importlib.reload({module})`, or restart) so that the "
               f"running `{name}` is the file's, then transform it again")
    else:
        how = (f"run the new definition of `{name}` (re-run the cell, or the file) and "
               "transform the function it makes")
    return S2SError(f"cannot transform `{name}`: its source in {code.co_filename} is not the "
                    "code Python is running (the file was changed after the function was "
                    "defined, or its code was replaced), and s2s transforms the running code",
                    code.co_filename, code.co_firstlineno, len(line) - len(line.lstrip()),
                    hint=how)


def too_deep(fn):
    """The error for a function whose expressions nest deeper than s2s's
    recursion limit while it builds (driver.DEPTH): at the line with the
    most operations (found by the tokenizer, which does not recurse)."""
    import tokenize
    code = fn.__code__
    try:
        lines, start = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        lines, start = [], code.co_firstlineno
    counts, line, ops = {}, None, 0
    try:
        for tok in tokenize.generate_tokens(iter(lines).__next__):
            if line is None:
                line = tok.start[0]
            if tok.type == tokenize.OP:
                ops += 1
            elif tok.type == tokenize.NEWLINE:
                counts[line], line, ops = ops, None, 0
    except (tokenize.TokenError, SyntaxError):
        pass
    where = max(counts, key=counts.get) if counts else 1
    return S2SError(f"this line nests too deeply for s2s to transform ({counts.get(where, '?')} "
                    "operators in one statement)", code.co_filename,
                    start + where - 1 if start else code.co_firstlineno, 0,
                    hint="split the expression into several assignments "
                         "(`t = a + b` then `t = t + c`), or raise s2s.driver.DEPTH")


def _parse(source, fn, filename, start):
    try:
        return gast.parse(source)
    except SyntaxError as e:
        raise S2SError(f"cannot parse the source of `{fn.__qualname__}`: {e.msg}",
                       filename, start + (e.lineno or 1) - 1, 0)


_MODULES = _Recent()   # filename -> (its text, its gast tree, {id(node): parent})


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
    if best is None or best.lineno not in running_lines(fn):
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
    if not any(start + f.lineno - 1 in running_lines(fn) for f in found):
        raise stale(fn)
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
    anno.copy_location(ret, lam.body)
    fdef = gast.FunctionDef(name=name, args=lam.args, body=[ret], decorator_list=[],
                            returns=None, type_comment=None, type_params=[])
    anno.copy_location(fdef, lam)
    return fdef


def _shift(tree, dline, dcol):
    for node in walk(tree):
        if hasattr(node, "lineno") and node.lineno is not None:
            node.lineno += dline
            node.col_offset = (node.col_offset or 0) + dcol
        if getattr(node, "end_lineno", None) is not None:
            node.end_lineno += dline


from . import callers  # noqa: E402  (callers written out with source; they need python_function)
