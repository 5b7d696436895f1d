"""Export: a transformation's generated code as a module that runs with jax alone.

`s2s.export(s2s.grad(f), "grad_f.py")` (the CLI's `--export FILE`) writes
the code the transformation runs, with everything it reads:

- the generated functions (the transformation's and the ones it calls: a
  helper's derivative, a vmap's batched code, a Jacobian's assembly);
- the functions they call that are not a library's: s2s's runtime helpers
  and the user's own helpers, copied from their source (with what those read
  in turn, each once);
- the constants they read, written as literals;
- imports of the libraries they use (jax, numpy, the standard library).

Each name is looked up where the code reading it would look it up (a
function's closure cells, then its module's globals), so what is written is
what runs. Definitions come before the code that runs them when the module
is imported (decorators, constants); the generated functions come last,
the transformation's own first among them.
"""
import ast
import functools
import importlib
import linecache
import os
import symtable
import sys
import sysconfig
import types

import jax
import numpy as np

from .errors import S2SError

__all__ = ["export", "module_text"]

# Arrays written into the module as literals: larger ones are refused (pass
# them as arguments instead).
MAX_LITERAL_SIZE = 10_000

# Modules whose names a library object is imported from when it is found
# there (jnp.sum is written `jnp.sum`'s way, not from jax._src).
_PUBLIC_MODULES = ("jax.numpy", "jax.lax", "jax.nn", "jax.random", "jax.scipy.special",
                   "jax.scipy.linalg", "jax.scipy.stats", "jax.numpy.linalg", "jax.numpy.fft",
                   "jax.tree_util", "jax", "numpy", "math", "functools", "operator",
                   "itertools", "contextvars", "dataclasses")

# The one s2s definition written differently: s2s's error locates itself
# through its source map of generated code, which the module does not have.
_S2S_ERROR = '''\
class S2SError(Exception):
    """An error s2s's runtime reports (under s2s, it also names the line of
    the code the error comes from)."""

    def __init__(self, message, filename=None, lineno=None, col=None, hint=None):
        where = f"{filename}:{lineno}: " if filename else ""
        super().__init__(where + message + (f"\\n  hint: {hint}" if hint else ""))
'''


def export(transformed, path=None, example_args=None):
    """Write the code `transformed` runs (a transformation such as
    `s2s.grad(f)`, `s2s.vmap(f)`, `s2s.jit(s2s.grad(f))`) as a module that
    runs with jax alone: the generated functions, the helpers they call and
    their imports. Returns the module's text, also written to `path` if
    given.

    Code built for the arguments' shapes (vmap, the Jacobians, a jit of
    them) is the version of the last call, or of `example_args` if given.
    """
    text = module_text(transformed, example_args)
    if path is not None:
        with open(os.fspath(path), "w", encoding="utf-8") as f:
            f.write(text)
    return text


def module_text(transformed, example_args=None):
    """The text `export` writes."""
    entry = _Entry.of(transformed, example_args)
    writer = _Writer()
    name = writer.generated(entry.function)
    writer.defaults(name, entry.function, entry.defaults)
    if entry.jit is not None:
        name = writer.jitted(name, entry)
    return writer.text(entry.docstring(name), [name])


class _Writer:
    """The module being written. Each value the code reads is defined once,
    under the name the code reads it by where that is free (else `name_2`,
    and the code reading it renamed)."""

    def __init__(self):
        self.imports = {}       # import line -> None (ordered)
        self.definitions = []   # _Definition: s2s's and the user's code, constants
        self.generated_texts = []   # the generated functions, in the order first reached
        self.tail = []          # the statements that expose the entry point
        self.bound = {}         # name -> the value it is bound to in the module
        self.named = {}         # id(value) -> its name (functions, classes, modules)
        self.keep = []          # the values named (so their ids stay theirs)
        self.pending = set()    # ids of the values being defined (a recursion)
        self.local_modules = {}  # id(module) -> (name, {attribute: name}, its _Definition)

    # -- a value the code reads -------------------------------------------------

    def name_for(self, value, wanted, namespace=None):
        """The module's name for `value`, which code reading `namespace` (a
        module's globals) calls `wanted`: defined, with what it needs, if it
        is not yet."""
        known = self.named.get(id(value))
        if known is not None:
            return known
        if isinstance(value, types.ModuleType):
            return self._module(value, wanted)
        assignment = _s2s_assignment(value, wanted, namespace)
        if assignment is not None:
            return self._copied(value, wanted, *assignment)
        if _is_plain_data(value):
            return self._constant(value, wanted, namespace)
        library = _import_as_written(value, wanted, namespace) or _library_path(value)
        if library is not None:
            return self._import_from(value, wanted, *library)
        if _is_generated(value):
            return self.generated(value)
        if value is S2SError:
            return self._copied(value, wanted, "S2SError", _S2S_ERROR, {}, ("", 0))
        found = _definition_of(value, wanted, namespace)
        if found is None:
            raise _refused(f"{type(value).__name__} {_shown(value)}", wanted)
        return self._copied(value, wanted, *found)

    def _bind(self, name, value):
        self.bound[name] = value
        self.named[id(value)] = name
        self.keep.append(value)

    def _free_name(self, wanted, value):
        """`wanted`, or (taken by another value) `wanted_2`, ..."""
        name, k = wanted, 1
        while name in self.bound and self.bound[name] is not value:
            k += 1
            name = f"{wanted}_{k}"
        return name

    def _module(self, module, wanted):
        full = module.__name__
        if full == "s2s" or full.startswith("s2s."):
            raise _refused(f"the module {full}", wanted)
        name = self._free_name(wanted, module)
        head, _, last = full.rpartition(".")
        if full == name:
            line = f"import {full}"
        elif head and last == name:
            line = f"from {head} import {last}"
        else:
            line = f"import {full} as {name}"
        self.imports[line] = None
        self._bind(name, module)
        return name

    def _import_from(self, value, wanted, module, attribute):
        name = self._free_name(wanted, value)
        line = f"from {module} import {attribute}" + (f" as {name}" if name != attribute else "")
        self.imports[line] = None
        self._bind(name, value)
        return name

    def _constant(self, value, wanted, namespace):
        """A number, string, array, ... as a literal (the value it has now)."""
        name, k = wanted, 1
        while name in self.bound and not _same_data(self.bound[name], value):
            k += 1
            name = f"{wanted}_{k}"
        if name not in self.bound:
            self.bound[name] = value
            self.keep.append(value)
            place = _assignment_place(wanted, namespace)
            self.definitions.append(_Definition(name, f"{name} = {self.literal(value, wanted)}\n",
                                                place))
        return name

    def literal(self, value, wanted):
        """`value` as an expression in the module."""
        if isinstance(value, (np.dtype, np.generic, np.ndarray)):
            np_name = self.name_for(np, "np")
            if isinstance(value, np.dtype):
                return f"{np_name}.dtype({str(value)!r})"
            if isinstance(value, np.generic):
                return f"{np_name}.{value.dtype.name}({value.item()!r})"
            if value.size > MAX_LITERAL_SIZE:
                raise _too_large(value, wanted)
            return f"{np_name}.array({value.tolist()!r}, dtype={np_name}.{value.dtype.name})"
        if isinstance(value, jax.Array):
            if value.size > MAX_LITERAL_SIZE:
                raise _too_large(value, wanted)
            jnp_name = self.name_for(jax.numpy, "jnp")
            return f"{jnp_name}.asarray({self.literal(np.asarray(value), wanted)})"
        if isinstance(value, float) and not np.isfinite(value):
            return f"float({str(value)!r})"
        if isinstance(value, tuple):
            inner = ", ".join(self.literal(v, wanted) for v in value)
            return f"({inner},)" if len(value) == 1 else f"({inner})"
        if isinstance(value, list):
            return "[" + ", ".join(self.literal(v, wanted) for v in value) + "]"
        if isinstance(value, dict):
            return "{" + ", ".join(f"{self.literal(k, wanted)}: {self.literal(v, wanted)}"
                                   for k, v in value.items()) + "}"
        return repr(value)

    def expression(self, value, wanted):
        return self.literal(value, wanted) if _is_plain_data(value) else \
            self.name_for(value, wanted)

    def _copied(self, value, wanted, own_name, text, namespace, place):
        """A definition copied from source (a def, a class, an assignment)
        under its own name, with what it reads; `wanted` an alias of it."""
        name = self._free_name(own_name, value)
        self._bind(name, value)
        self.pending.add(id(value))
        renames = self._needs(text, namespace, skip=own_name)
        self.pending.discard(id(value))
        if name != own_name:
            renames[own_name] = name
        self.definitions.append(_Definition(name, _renamed(text, renames), place))
        if isinstance(value, (jax.custom_jvp, jax.custom_vjp)) and place[0]:
            self._rules_of(name, own_name, place[0], namespace)
        if wanted == name or wanted == own_name:
            return name
        alias = self._free_name(wanted, value)
        if alias != name:
            self.bound[alias] = value
            self.definitions.append(_Definition(alias, f"{alias} = {name}\n", place))
        return alias

    def _rules_of(self, name, own_name, filename, namespace):
        """The statements of `filename` that give a custom_jvp / custom_vjp
        function its rule (`@f.defjvp def f_jvp(...)`, `f.defvjp(fwd, bwd)`):
        without them the copy would have none."""
        for text, node in _registrations(filename, own_name):
            renames = self._needs(text, namespace)
            if name != own_name:
                renames[own_name] = name
            self.definitions.append(_Definition(None, _renamed(text, renames),
                                                (filename, node.lineno)))

    def _needs(self, text, namespace, skip=None, cells=None):
        """Define each name `text` reads as the code finds it (`cells`, then
        `namespace`; builtins are left to Python): {name: its name in the
        module} where that differs."""
        renames = {}
        attributes = None
        for read in sorted(_free_names(text)):
            if read == skip or (read.startswith("__") and read.endswith("__")):
                continue
            if cells is not None and read in cells:
                value = cells[read]
            elif read in namespace:
                value = namespace[read]
            else:
                continue   # a builtin, or a name the code never finds (a NameError, as under s2s)
            if id(value) in self.pending:
                named = self.named[id(value)]
            elif isinstance(value, types.ModuleType) and not _is_library_module(value.__name__):
                attributes = attributes if attributes is not None else _attributes_read(text)
                named = self._local_module(value, read, attributes.get(read, set()))
            else:
                named = self.name_for(value, read, namespace)
            if named != read:
                renames[read] = named
        return renames

    def _local_module(self, module, wanted, attributes):
        """A module of the user's own (not installed: `import _utils as utils`):
        a namespace of the attributes the code reads of it, each copied."""
        entry = self.local_modules.get(id(module))
        if entry is None:
            name = self._free_name(wanted, module)
            self._bind(name, module)
            entry = self.local_modules[id(module)] = (name, {}, _Definition(name, "", ("", 0)))
            self.definitions.append(entry[2])
        name, members, definition = entry
        for attribute in sorted(attributes - set(members)):
            if not hasattr(module, attribute):
                continue
            members[attribute] = self.name_for(getattr(module, attribute), attribute, vars(module))
        types_name = self.name_for(types, "types")
        fields = ", ".join(f"{a}={n}" for a, n in sorted(members.items()))
        definition.text = f"{name} = {types_name}.SimpleNamespace({fields})  # {module.__name__}\n"
        return name

    # -- generated code ------------------------------------------------------------

    def generated(self, fn):
        """A function s2s compiled: its text as printed, with what it reads
        (its closure cells: other generated functions, helpers; its module's
        globals)."""
        known = self.named.get(id(fn))
        if known is not None:
            return known
        text = generated_text(fn)
        own_name = fn.__code__.co_name
        name = self._free_name(own_name, fn)
        self._bind(name, fn)
        cells = dict(zip(fn.__code__.co_freevars,
                         (_cell_value(c) for c in fn.__closure__ or ())))
        self.pending.add(id(fn))
        renames = self._needs(text, fn.__globals__, skip=own_name, cells=cells)
        self.pending.discard(id(fn))
        if name != own_name:
            renames[own_name] = name
        self.generated_texts.append(_renamed(text, renames))
        return name

    def defaults(self, name, fn, values):
        """`name.__defaults__ = (...)`: the values a call may leave out, where
        the generated def does not give them itself."""
        if not values or fn.__defaults__:
            return
        shown = ", ".join(self.expression(v, "default") for v in values)
        self.tail.append(f"{name}.__defaults__ = ({shown},)\n")

    def jitted(self, name, entry):
        """`s2s.jit`'s entry point: the generated function compiled by
        jax.jit, with its loops' settings in force while it is traced
        (jit.py's tracing_with), and a `while` past its bound of recorded
        steps an error (jit.py's unchecked)."""
        from .jit import tracing_with, unchecked
        jax_name = self.name_for(jax, "jax")
        options = "".join(f", {k}={self.expression(v, k)}" for k, v in entry.jit.items())
        public = self._free_name(entry.jit_name, None)
        self.bound[public] = public
        if entry.traced_as_it_is:
            self.tail.append(f"{public} = {jax_name}.jit({name}{options})\n")
            return public
        tracing = self.name_for(tracing_with, "tracing_with")
        checking = self.name_for(unchecked, "unchecked")
        compiled = self._free_name(f"{name}_compiled", None)
        self.bound[compiled] = compiled
        self.tail.append(
            f"{compiled} = {jax_name}.jit({tracing}({name}, {entry.unroll}, {entry.max_steps})"
            f"{options})\n")
        self.tail.append(
            f"def {public}(*args, **kwargs):\n"
            f'    """`{name}` compiled by jax.jit. A `while` loop that runs past its bound\n'
            f"    of {entry.max_steps} recorded steps (reverse mode keeps each for the way "
            f'back) is an error."""\n'
            f"    return {checking}({compiled}(*args, **kwargs), {entry.max_steps})\n")
        return public

    # -- the module ------------------------------------------------------------------

    def text(self, docstring, public):
        parts = [f'"""{docstring}"""\n' + "".join(
            line + "\n" for line in sorted(self.imports, key=_import_order))]
        last = None
        for d in _in_order(self.definitions):
            where = _shown_file(d.place[0])
            parts.append((f"# -- from {where}\n\n" if where and where != last else "") + d.text)
            last = where or last
        parts.extend(reversed(self.generated_texts))   # (the entry was reached first)
        parts.extend(self.tail)
        parts.append(f"__all__ = {list(public)!r}\n")
        return "\n\n".join(p.rstrip("\n") + "\n" for p in parts if p.strip())


class _Definition:
    """A top-level statement copied or written: the name it binds, its text,
    and where it came from (file, line), which orders the module."""
    __slots__ = ("name", "text", "place")

    def __init__(self, name, text, place):
        self.name, self.text, self.place = name, text, place


def _in_order(definitions):
    """The definitions grouped by the file they come from (in the order the
    files were first reached) and in their order there, each after the
    definitions it runs when the module is imported (a decorator, a base
    class, an assignment's value)."""
    files = {}
    for d in definitions:
        files.setdefault(d.place[0], len(files))
    ordered = sorted(definitions, key=lambda d: (files[d.place[0]], d.place[1]))
    by_name = {d.name: d for d in definitions}
    out, done = [], set()

    def emit(d):
        if id(d) in done:
            return
        done.add(id(d))
        for name in sorted(_run_on_import(d.text)):
            if name in by_name and name != d.name:
                emit(by_name[name])
        out.append(d)

    for d in ordered:
        emit(d)
    return out


def _run_on_import(text):
    """The names a top-level statement reads when it runs (a def's
    decorators, defaults and annotations; a class's bases and body; an
    assignment's value), not those its functions read when called."""
    names = set()
    for node in ast.parse(text).body:
        stack = [node]
        while stack:
            n = stack.pop()
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                a = n.args
                stack.extend(a.defaults + [d for d in a.kw_defaults if d is not None])
                if not isinstance(n, ast.Lambda):
                    stack.extend(n.decorator_list)
                    stack.extend(x.annotation for x in a.posonlyargs + a.args + a.kwonlyargs
                                 if x.annotation is not None)
                    if n.returns is not None:
                        stack.append(n.returns)
                continue
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
                names.add(n.id)
            stack.extend(ast.iter_child_nodes(n))
    return names


_MISSING = object()


class _Entry:
    """What a transformation runs, for export: the generated function it calls
    (its text keeps the user's defaults) and, under s2s.jit, how jax.jit
    compiles it."""

    def __init__(self, function, what, defaults=()):
        self.function, self.what = function, what
        self.defaults = defaults   # the values of the last parameters, where a call may leave them
        self.jit = None

    @classmethod
    def _vmapped(cls, vmapped, example_args, what):
        """The batched code of the last call (or of a call with `example_args`),
        with the batch axes moved as in_axes and out_axes say (vectorize's
        axes wrapper) and the parameters the call left to defaults."""
        from .vectorize import _axes_wrapper
        if example_args is not None:
            vmapped(*example_args)
        if vmapped.last is None or vmapped.last_axes is None:
            raise S2SError("s2s.export of a vmap writes the code built for its arguments' "
                           "shapes and batch axes", hint="call it once, or pass example_args")
        axes, nargs = vmapped.last_axes
        if any(not (ax is None or isinstance(ax, int)) for ax in axes) or not (
                vmapped.out_axes is None or isinstance(vmapped.out_axes, int)):
            raise S2SError("s2s.export writes a vmap whose in_axes and out_axes are integers "
                           "or None, per argument", hint="use in_axes=0 for lists and dicts")
        gen = vmapped.last
        moves = [ax not in (None, 0) for ax in axes]
        fn = gen.function if not any(moves) and vmapped.out_axes == 0 else \
            _axes_wrapper(gen, axes, moves, vmapped.out_axes)
        left = _user_defaults(vmapped.fun)[-(len(axes) - nargs):] if len(axes) > nargs else ()
        return cls(fn, what, left)

    @classmethod
    def of(cls, transformed, example_args):
        from .api import Transformed
        from .jacobians import Jacobian
        from .jit import Jitted
        from .listed_parameters import ByArity
        from .vectorize import Vmapped
        what = _described(transformed)
        if isinstance(transformed, Jitted):
            return cls._jitted(transformed, example_args)
        if isinstance(transformed, Transformed):
            gen = transformed.generated(example_args)
            return cls(gen.function, what)
        if isinstance(transformed, Vmapped):
            return cls._vmapped(transformed, example_args, what)
        if isinstance(transformed, Jacobian):
            program = transformed.generated(example_args)
            return cls(program.function, what, _user_defaults(program.fn))
        if isinstance(transformed, ByArity):   # (a function with *args: per arity)
            made = transformed.for_arity(len(example_args)) if example_args is not None \
                else transformed.last
            if made is None:
                transformed.generated()   # (its error: call it once)
            return cls.of(made, example_args)
        if _is_generated(transformed):
            transformed = getattr(transformed, "__s2s_generated__", None) or transformed
        if hasattr(transformed, "function") and hasattr(transformed, "transform"):
            gen = transformed   # a driver record (the CLI's grad, jvp, vjp)
            return cls(gen.function, f"s2s.{gen.transform.name}({gen.fn.__qualname__})")
        if _is_generated(transformed):
            return cls(transformed, f"the code s2s generated, {transformed.__name__}")
        raise S2SError(f"s2s.export writes the code of a transformation (s2s.grad(f), "
                       f"s2s.vmap(f), s2s.jit(...)); {_shown(transformed)} is not one",
                       hint="export s2s.grad(f), not f")

    @classmethod
    def _jitted(cls, jitted, example_args):
        from .jacobians import Jacobian
        as_it_is = isinstance(jitted.fun, Jacobian)   # (jit.py: its program is traced as it is)
        if as_it_is:
            entry = cls.of(jitted.fun, example_args)
        else:
            gen = jitted.generated(example_args)
            entry = cls(gen.function, "")
        entry.traced_as_it_is = as_it_is
        entry.jit = {k: v for k, v in jitted.jit_kwargs.items() if v is not None}
        entry.unroll, entry.max_steps = jitted.unroll, jitted.max_steps
        entry.jit_name = jitted.__name__
        entry.what = _described(jitted)
        return entry

    def docstring(self, name):
        return (f"{self.what}, as s2s generates it: call `{name}`.\n\n"
                "Written by s2s.export: it runs with jax alone (s2s need not be installed).\n")


def _user_defaults(fun):
    """The defaults of the user's function under a chain of transformations."""
    while hasattr(fun, "fun") and not hasattr(fun, "__code__"):
        fun = fun.fun
    try:
        from .frontend import defaults_tuple, python_function
        return tuple(defaults_tuple(python_function(fun)) or ())
    except Exception:
        return ()


def _described(transformed):
    """`s2s.jit(s2s.grad(f))`: the transformations, as the user wrote them."""
    from .api import Transformed
    from .jacobians import Jacobian
    from .jit import Jitted
    from .vectorize import Vmapped
    if isinstance(transformed, Jacobian) and transformed.label == "hessian":
        return f"s2s.hessian({_described(transformed.fun.fun)})"
    if isinstance(transformed, (Transformed, Jacobian)):
        return f"s2s.{transformed.mode}({_described(transformed.fun)})"
    if isinstance(transformed, Vmapped):
        return f"s2s.vmap({_described(transformed.fun)})"
    if isinstance(transformed, Jitted):
        return f"s2s.jit({_described(transformed.fun)})"
    return getattr(transformed, "__qualname__", None) or _shown(transformed)


def generated_text(fn):
    """The printed source of a function s2s compiled."""
    from .backend import printed_source
    text = printed_source(fn)
    if text is None:
        raise S2SError(f"the generated source of {fn.__name__} is no longer available")
    return text


def _is_generated(value):
    """A function s2s compiled (backend.compile_function), its text still known."""
    from .backend import printed_source
    return isinstance(value, types.FunctionType) and \
        value.__code__.co_filename.startswith("<s2s-") and printed_source(value) is not None


def _cell_value(cell):
    try:
        return cell.cell_contents
    except ValueError:   # (an empty cell)
        return None


# -- plain data -------------------------------------------------------------------

def _is_plain_data(value):
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes, np.generic,
                                           np.dtype)):
        return True
    if isinstance(value, (tuple, list)) and type(value) in (tuple, list):
        return all(_is_plain_data(v) for v in value)
    if type(value) is dict:
        return all(_is_plain_data(k) and _is_plain_data(v) for k, v in value.items())
    return isinstance(value, (np.ndarray, jax.Array)) and not isinstance(value, jax.core.Tracer)


def _same_data(a, b):
    """Are two constants the same value (one name can be bound to both)?"""
    if type(a) is not type(b):
        return False
    if isinstance(a, (np.ndarray, jax.Array)):
        return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b))
    try:
        return bool(a == b)
    except Exception:
        return False


def _too_large(value, wanted):
    return S2SError(f"`{wanted}`, an array of {value.size} elements read by the generated "
                    f"code, is too large to write into the module (at most "
                    f"{MAX_LITERAL_SIZE})", hint="pass it to the function as an argument")


# -- libraries ----------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _library_roots():
    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths[k]) for k in ("stdlib", "platstdlib", "purelib", "platlib")
             if k in paths}
    roots.update(os.path.realpath(p) for p in sys.path if "site-packages" in p
                 or "dist-packages" in p)
    return tuple(sorted(roots))


def _is_library_module(name):
    """Is the module `name` a library's (the standard library's or an installed
    package's), which the module imports rather than copies?"""
    top = name.partition(".")[0]
    if top == "s2s":
        return False
    if top in sys.builtin_module_names or top in getattr(sys, "stdlib_module_names", ()):
        return True
    module = sys.modules.get(name) or sys.modules.get(top)
    where = getattr(module, "__file__", None)
    if where is None:
        return False
    where = os.path.realpath(where)
    return any(where.startswith(root + os.sep) for root in _library_roots())


def _import_as_written(value, wanted, namespace):
    """(module, attribute) of a library object s2s's own code imports as
    `wanted` (`from jax._src.array import ArrayImpl as _ARRAY`), as written there."""
    if namespace is None or not str(namespace.get("__name__", "")).startswith("s2s.") \
            or namespace.get(wanted, _MISSING) is not value:
        return None
    for node in ast.walk(_parsed(namespace["__file__"])[0]):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and \
                _is_library_module(node.module):
            for alias in node.names:
                if (alias.asname or alias.name) == wanted:
                    return node.module, alias.name
    return None


def _library_path(value):
    """(module, attribute) a library object is imported as, or None."""
    for module_name in _PUBLIC_MODULES:
        module = sys.modules.get(module_name)
        name = getattr(value, "__name__", None)
        if module is not None and isinstance(name, str) and \
                getattr(module, name, _MISSING) is value:
            return module_name, name
    module_name = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if not isinstance(module_name, str) or not isinstance(qualname, str) or \
            "<" in qualname or not _is_library_module(module_name):
        return None
    try:
        found = importlib.import_module(module_name)
        for part in qualname.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError):
        return None
    if found is not value:
        return None
    head, _, last = qualname.rpartition(".")
    return (module_name + "." + head if head else module_name), last


# -- source of s2s's and the user's definitions ---------------------------------------

def _parsed(filename):
    """(tree, lines) of a file as it is now (an edited file is read again)."""
    linecache.checkcache(filename)
    return _parsed_text("".join(linecache.getlines(filename)))


@functools.lru_cache(maxsize=64)
def _parsed_text(source):
    return ast.parse(source), source.splitlines(True)


def _module_statements(filename):
    """{name: (text, statement)} of the top-level definitions (def, class,
    assignment) in a file."""
    tree, lines = _parsed(filename)
    return _statements_of(tree, tuple(lines))


@functools.lru_cache(maxsize=64)
def _statements_of(tree, lines):
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([d.lineno for d in node.decorator_list] + [node.lineno])
            out.setdefault(node.name, (_without_helper_decorators(
                "".join(lines[start - 1:node.end_lineno]), node, start), node))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            text = "".join(lines[node.lineno - 1:node.end_lineno])
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = (text, node)
    return out


def _registrations(filename, name):
    """(text, statement) of each top-level statement of `filename` that
    registers a rule of the custom_jvp / custom_vjp function `name`."""
    tree, lines = _parsed(filename)
    found = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                _registers(d, name) for d in node.decorator_list):
            start = min(d.lineno for d in node.decorator_list)
            found.append(("".join(lines[start - 1:node.end_lineno]), node))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) \
                and _registers(node.value.func, name):
            found.append(("".join(lines[node.lineno - 1:node.end_lineno]), node))
    return found


def _registers(node, name):
    """`name.defjvp` (also as a call: `@name.defjvp(...)`), `name.defvjp`, ..."""
    node = node.func if isinstance(node, ast.Call) else node
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
        and node.value.id == name and node.attr in ("defjvp", "defjvps", "defvjp")


def _without_helper_decorators(text, node, start):
    """A runtime helper's source without `@helper(...)` (s2s's registry of
    the helpers generated code calls by name)."""
    keep = text.splitlines(True)
    for d in sorted(node.decorator_list, key=lambda d: -d.lineno):
        target = d.func if isinstance(d, ast.Call) else d
        if isinstance(target, ast.Name) and target.id == "helper":
            del keep[d.lineno - start:d.end_lineno - start + 1]
    return "".join(keep)


def _definition_of(value, wanted, namespace):
    """(its own name, source text, the namespace it reads, its place) of a
    function or class defined at the top of its module's file, or a module
    assignment of it to `wanted` in `namespace` (a module's globals: a
    top-level lambda); None if there is none."""
    module = sys.modules.get(getattr(value, "__module__", None) or "")
    own = getattr(value, "__name__", None)
    if module is not None and getattr(module, "__file__", None) is not None \
            and isinstance(own, str):
        found = _statement(module.__file__, own)
        if found is not None and vars(module).get(own) is value:
            return (own, found[0], vars(module), (module.__file__, found[1].lineno))
    return _assignment(value, wanted, namespace)


def _s2s_assignment(value, wanted, namespace):
    """_definition_of for a value an assignment in s2s's own code made
    (`UNROLL = contextvars.ContextVar(...)`, a cache `{}`): the assignment is
    copied, not the value it holds now."""
    if namespace is None or not str(namespace.get("__name__", "")).startswith("s2s."):
        return None
    found = _assignment(value, wanted, namespace)
    for name, module in list(sys.modules.items()):   # (imported from the module assigning it)
        if found is not None:
            break
        if name.startswith("s2s.") and module is not None \
                and vars(module).get(wanted, _MISSING) is value:
            found = _assignment(value, wanted, vars(module))
    return found


def _assignment(value, wanted, namespace):
    filename = (namespace or {}).get("__file__")
    if filename is None or namespace.get(wanted, _MISSING) is not value:
        return None
    found = _statement(filename, wanted)
    if found is None or not isinstance(found[1], (ast.Assign, ast.AnnAssign)):
        return None
    return wanted, found[0], namespace, (filename, found[1].lineno)


def _assignment_place(wanted, namespace):
    """Where a user's constant was assigned: (file, line), or ("", 0)."""
    filename = (namespace or {}).get("__file__")
    found = _statement(filename, wanted) if filename else None
    return (filename, found[1].lineno) if found is not None else ("", 0)


def _statement(filename, name):
    return _module_statements(filename).get(name)


def _free_names(text):
    """The names `text` (top-level statements) reads from its module's globals."""
    table = symtable.symtable(text, "<export>", "exec")
    bound_here = {s.get_name() for s in table.get_symbols()
                  if s.is_assigned() or s.is_imported() or s.is_namespace()}
    names = {s.get_name() for s in table.get_symbols() if s.is_referenced()} - bound_here
    stack = list(table.get_children())
    while stack:
        t = stack.pop()
        names.update(s.get_name() for s in t.get_symbols() if s.is_global() and s.is_referenced())
        stack.extend(t.get_children())
    # a name the statement binds at top level is its own (a recursive def reads itself)
    return names | ({s.get_name() for s in table.get_symbols()
                     if s.is_referenced() and s.is_global()} - bound_here)


def _attributes_read(text):
    """{name: the attributes `text` reads of it} (`utils.foo`: {"utils": {"foo"}})."""
    out = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            out.setdefault(node.value.id, set()).add(node.attr)
    return out


def _renamed(text, renames):
    """`text` with each global name in `renames` renamed (printed again from
    its tree: only when a name had to change)."""
    if not renames:
        return text
    tree = ast.parse(text)
    _Rename(renames).visit(tree)
    return ast.unparse(tree) + "\n"


class _Rename(ast.NodeTransformer):
    """Renames the module-level names in `renames` (not a function's own
    locals of the same name)."""

    def __init__(self, renames):
        self.renames, self.local = renames, [set()]

    def visit_Name(self, node):
        if node.id in self.renames and not any(node.id in s for s in self.local[1:]):
            node.id = self.renames[node.id]
        return node

    def _scope(self, node, params):
        local = set(params)
        for n in ast.walk(node):
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                local.add(n.id)
        self.local.append(local)
        self.generic_visit(node)
        self.local.pop()
        return node

    def visit_FunctionDef(self, node):
        if len(self.local) == 1 and node.name in self.renames:
            node.name = self.renames[node.name]
        a = node.args
        params = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs] + \
            [p.arg for p in (a.vararg, a.kwarg) if p is not None]
        return self._scope(node, params)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node):
        if len(self.local) == 1 and node.name in self.renames:
            node.name = self.renames[node.name]
        self.generic_visit(node)
        return node

    def visit_Lambda(self, node):
        a = node.args
        return self._scope(node, [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs])


def _shown_file(filename):
    """s2s's files by their place in the package (s2s/runtime.py), the
    user's by their name."""
    if not filename:
        return ""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    full = os.path.abspath(filename)
    if full.startswith(os.path.join(package, "s2s") + os.sep):
        return os.path.relpath(full, package)
    return os.path.basename(filename)


def _import_order(line):
    return (not line.startswith("import "), line)


def _shown(value):
    return getattr(value, "__qualname__", None) or repr(value)[:60]


def _refused(what, name):
    return S2SError(f"s2s cannot write `{name}` ({what}), which the generated code reads, "
                    "into a module of its own",
                    hint="define it at the top of a module, or pass it as an argument")
