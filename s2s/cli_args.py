"""The command line's arguments (s2s/cli.py): FILE.py:FUNC found and loaded,
--shapes, --in-axes and --argnums parsed and checked against the function, and
--example specs made into example values. What is wrong with them is a
UsageError (exit status 2)."""
import sys

from . import frontend, loading
from .errors import S2SError


class UsageError(Exception):
    pass


def example_arguments(args, fn):
    """One example of `fn`'s arguments: from --example NAME=SPEC (pytrees),
    else arrays of --shapes, else None. An unnamed parameter is an array."""
    import numpy as np
    dtype = np.dtype(args.dtype)
    if not getattr(args, "example", None):
        if args.shapes is None:
            return None
        return [np.full(shape, 0.5, dtype) for shape in parse_shapes(args.shapes)]
    fn = frontend.python_function(fn)
    params = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    given = {}
    for item in args.example:
        name, sep, spec = item.partition("=")
        name = name.strip()
        if not sep or name not in params:
            raise UsageError(f"--example takes NAME=SPEC for a parameter of `{fn.__name__}` "
                             f"({', '.join(params)}), not {item!r}")
        given[name] = example_value(spec, dtype)
    shapes = parse_shapes(args.shapes) if args.shapes else []
    return [given[p] if p in given else
            np.full(shapes[i] if i < len(shapes) else (), 0.5, dtype)
            for i, p in enumerate(params)]


def example_value(spec, dtype):
    """SPEC: a tuple of ints is an array of that shape; an int is a Python int
    (not differentiated), a float a Python float; lists, tuples and dicts of
    these are pytrees: `[{"w": (8, 32), "b": (32,)}] * 3`."""
    import numpy as np
    try:
        value = eval(compile(spec, "<--example>", "eval"), {"__builtins__": {}}, {})
    except Exception as e:
        raise UsageError(f"--example {spec!r} is not a Python expression: {e}")

    def build(v):
        if isinstance(v, tuple) and all(type(d) is int for d in v):
            return np.full(v, 0.5, dtype)
        if type(v) in (int, float, bool):
            return v
        if isinstance(v, (list, tuple)):
            return type(v)(build(x) for x in v)
        if isinstance(v, dict):
            return {k: build(x) for k, x in v.items()}
        raise UsageError(f"--example: {v!r} is not a shape, a number, a list, a tuple "
                         "or a dict")
    return build(value)


def parse_shapes(text):
    shapes = []
    for part in text.split(";"):
        part = part.strip().strip("()")
        try:
            shapes.append(tuple(int(d) for d in part.split(",") if d.strip()))
        except ValueError:
            raise UsageError(f"--shapes takes sizes like '100' or '8,4;4', not {text!r}")
    return shapes


def parse_axes(text, nargs):
    def one(t):
        t = t.strip()
        if t == "None":
            return None
        try:
            return int(t)
        except ValueError:
            raise UsageError(f"an axis is an integer or None, not {t!r}")
    parts = text.split(",")
    if len(parts) == 1:
        return one(parts[0])
    axes = tuple(one(p) for p in parts)
    if nargs is not None and len(axes) != nargs:
        raise UsageError(f"--in-axes has {len(axes)} entries for {nargs} arguments")
    return axes


def parse_argnums(text):
    if text is None:
        return None
    try:
        argnums = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        argnums = ()
    if not argnums:
        raise UsageError(f"--argnums takes comma-separated integers, not {text!r}")
    return argnums


def check_argnums(argnums, fn, single=False):
    """Indices in range for `fn`'s parameters; negative ones count from the end."""
    if argnums is None:
        return None
    try:
        fn = frontend.python_function(fn)
    except S2SError:
        return argnums  # not a Python function: the transformation says so
    n = fn.__code__.co_argcount
    bad = [i for i in argnums if not -n <= i < n]
    if bad:
        raise UsageError(f"--argnums {bad[0]} is out of range: `{fn.__name__}` takes "
                         f"{n} positional parameter{'s' if n != 1 else ''}")
    normalized = tuple(sorted({i % n for i in argnums}))
    if len(argnums) == 1 and single:
        return normalized[0]   # `--argnums 1` means argnums=1, as in JAX: one gradient
    return normalized


def load_function(target, args=None):
    """FILE.py:FUNC, found without running the file where it can be (s2s/loading.py)."""
    run_module = bool(args is not None and getattr(args, "import_file", False))
    try:
        return loading.load_function(
            target, run_module=run_module,
            note=lambda text: print(f"s2s: note: {text}", file=sys.stderr))
    except loading.LoadError as e:
        raise UsageError(str(e))
