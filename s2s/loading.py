"""How the CLI finds `FUNC` in `FILE.py`: without running the file, if it can.

Importing a file runs its top-level code (a training script trains, for
minutes, printing). The static mode runs only what defines names: imports,
`def`s and classes, and assignments of literal constants. A function that
reads a global only the rest of the file defines (`mat = random.normal(...)`)
needs the file imported: then it is, and the CLI says so on stderr.
"""
import ast
import contextlib
import dis
import importlib.util
import os
import sys
import traceback
import types

from .errors import S2SError


class LoadError(Exception):
    """The file or function cannot be had (a usage error of the CLI). An error
    in the file's own code is an S2SError at its line."""


def load_function(target, run_module=False, note=None):
    """The function `FILE.py:NAME` names. `note(text)` hears why the file had
    to be imported after all."""
    path, name = _split(target)
    if not run_module:
        module = _static_module(path)
        head = name.split(".")[0]
        if head in module.__dict__:
            fn = _lookup(module, name, path)
            missing = _missing_globals(fn, module)
            if not missing:
                return fn
            which = ", ".join(f"`{m}`" for m in sorted(missing))
            why = f"`{name}` reads {which}, which only running the file defines"
        elif head in module.__s2s_skipped_names__:
            why = f"only running the file defines `{head}`"
        else:
            raise LoadError(_no_function(module, name, path))
        if note:
            note(f"importing {path} (its top-level code runs): {why}")
    return _lookup(_imported_module(path), name, path)


def _split(target):
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise LoadError(f"expected FILE.py:FUNC, got {target!r}")
    if os.path.isdir(path):
        raise LoadError(f"{path} is a folder: name a .py file, FILE.py:FUNC")
    if not os.path.isfile(path):
        raise LoadError(f"no such file: {path}")
    return path, name


def _lookup(module, name, path):
    obj = module
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise LoadError(_no_function(module, name, path))
    if isinstance(obj, type):
        raise LoadError(f"`{name}` in {path} is a class, not a function: name a function, "
                        f"or a method as `{name}.METHOD`")
    if not callable(obj):
        raise LoadError(f"`{name}` in {path} is not a function (it is a "
                        f"{type(obj).__name__})")
    return obj


def _no_function(module, name, path):
    """`path` has no `name`: the message, with the functions it does have."""
    defined = sorted(k for k, v in vars(module).items()
                     if isinstance(v, types.FunctionType) and not k.startswith("_")
                     and getattr(v, "__module__", None) == module.__name__)
    listed = f" (its functions: {', '.join(defined[:12])}{', ...' if len(defined) > 12 else ''})" \
        if defined else ""
    return f"{path} has no function `{name}`{listed}"


@contextlib.contextmanager
def _beside(path):
    """The file's folder on sys.path (its own imports), its prints on stderr
    (stdout is the generated source)."""
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, directory)
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        sys.path.remove(directory)


def _imported_module(path):
    module_name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    _parse(path)   # a syntax error is reported as such, before anything runs
    try:
        with _beside(path):
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as e:
        raise _failed(e, path, f"importing {path} failed") from None
    return module


def _parse(path):
    """The file's syntax tree; a syntax error is an S2SError at its line."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise LoadError(f"cannot read {path}: {e.strerror}")
    try:
        return ast.parse(data, filename=path)
    except SyntaxError as e:
        # (IndentationError and TabError are SyntaxErrors; so is a bad encoding)
        raise S2SError(f"{type(e).__name__}: {e.msg}", path, e.lineno,
                       e.offset - 1 if e.offset else None) from None
    except ValueError as e:   # null bytes
        raise LoadError(f"{path} is not Python source: {e}")


def _failed(e, path, what):
    """An exception raised by the file's own code: an S2SError at the file's
    innermost line in the traceback (an import of a missing module: its
    `import` line)."""
    line = None
    here = os.path.abspath(path)
    for frame, lineno in traceback.walk_tb(e.__traceback__):
        if os.path.abspath(frame.f_code.co_filename) == here:
            line = lineno
    if isinstance(e, SyntaxError) and os.path.abspath(e.filename or "") != here:
        detail = f"{e.msg} ({e.filename}, line {e.lineno})"   # in a module it imports
    else:
        detail = " ".join(str(e).split())  # one line, however long the message
    what = what or ("" if line else path)
    return S2SError(f"{what}: {type(e).__name__}: {detail}" if what else
                    f"{type(e).__name__}: {detail}", path if line else None, line, 0)


def _static_module(path):
    """A module of the file's defining statements only, compiled under the
    file's own name and lines (so s2s reads the functions' source as usual)."""
    tree = _parse(path)
    skipped = [s for s in tree.body if not _defines(s)]
    tree.body = [s for s in tree.body if _defines(s)]
    module = types.ModuleType(os.path.splitext(os.path.basename(path))[0])
    module.__file__ = path
    # what only running the skipped statements would define
    module.__s2s_skipped_names__ = {n.id for s in skipped for n in ast.walk(s)
                                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} \
        | {n.name for s in skipped for n in ast.walk(s)
           if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    try:
        with _beside(path):
            exec(compile(tree, path, "exec"), module.__dict__)
    except (Exception, SystemExit) as e:
        # (only the file's imports, definitions and constants ran: it was not imported)
        raise _failed(e, path, None) from None
    return module


def _defines(statement):
    """Does running `statement` only define names (no work of the program)?"""
    if isinstance(statement, (ast.Import, ast.ImportFrom, ast.FunctionDef,
                              ast.AsyncFunctionDef, ast.ClassDef)):
        return True
    if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
        try:
            ast.literal_eval(statement.value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return False
        return True
    if isinstance(statement, ast.Try):   # try: import x / except ImportError: ...
        blocks = [statement.body, statement.orelse, statement.finalbody] + \
            [h.body for h in statement.handlers]
        return all(_defines(s) or isinstance(s, ast.Pass) for b in blocks for s in b)
    return False


def _missing_globals(fn, module):
    """Globals `fn` (or a function of the module it calls) reads that the
    static module lacks and the file's other statements define: they need the
    file run. (A name nothing defines is the transformation's to report; a
    function of another module has its own globals.)"""
    if getattr(fn, "__globals__", None) is not module.__dict__:
        return set()
    skipped = module.__dict__.get("__s2s_skipped_names__", set())
    missing, seen, todo = set(), set(), [fn]
    builtins = vars(__builtins__) if isinstance(__builtins__, types.ModuleType) \
        else __builtins__
    while todo:
        f = todo.pop()
        f = getattr(f, "__wrapped__", f)
        code = getattr(f, "__code__", None)
        if code is None or code in seen:
            continue
        seen.add(code)
        for name in _global_reads(code):
            value = module.__dict__.get(name)
            if value is None and name not in module.__dict__:
                if name not in builtins and name in skipped:
                    missing.add(name)
            elif isinstance(value, types.FunctionType) and value.__globals__ is module.__dict__:
                todo.append(value)
    return missing


def _global_reads(code):
    for ins in dis.get_instructions(code):
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            yield ins.argval
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _global_reads(const)
