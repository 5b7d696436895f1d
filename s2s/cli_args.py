"""The command line's arguments (s2s/cli.py): FILE.py:FUNC found and loaded,
--shapes, --in-axes and --argnums parsed and checked against the function, and
--example specs made into example values. What is wrong with them is a
UsageError (exit status 2), one line naming the option."""
import argparse
import sys

from . import loading

MAX_EXAMPLE_BYTES = 1 << 30   # one example argument: s2s allocates it


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """argparse's parser, its errors one line (not the usage block): the
    option and what is wrong, and where the usage is."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (`{self.prog} --help` shows the "
                     f"options)\n")


def nonnegative_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}")
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {value}")
    return value


def dtype_name(text):
    """--dtype: a NumPy number type (float32, float64, int32, ...)."""
    import numpy as np
    try:
        dtype = np.dtype(text)
    except TypeError:
        dtype = None
    if dtype is None or dtype.kind not in "biufc":
        raise argparse.ArgumentTypeError(f"{text!r} is not a number type (float32, float64, "
                                         "int32, ...)")
    return text


def _params(fn):
    """(the names of `fn`'s positional parameters, how many are required,
    whether it takes *args), or None where s2s cannot tell."""
    from . import frontend
    from .errors import S2SError
    try:
        fn = frontend.python_function(fn)
        code = fn.__code__
    except (S2SError, AttributeError, TypeError):
        return None
    names = list(code.co_varnames[:code.co_argcount])
    required = code.co_argcount - len(fn.__defaults__ or ())
    keywords = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
    keywords = [k for k in keywords if k not in (fn.__kwdefaults__ or {})]
    return names, required, bool(code.co_flags & 0x04), fn.__name__, keywords


def check_count(fn, given, what):
    """`given` example arguments (of option `what`) fit `fn`'s parameters."""
    found = _params(fn)
    if found is None:
        return
    names, required, varargs, name, keywords = found
    if keywords:
        raise UsageError(f"`{name}` has keyword-only parameters without defaults "
                         f"({', '.join(keywords)}): the command line passes its example "
                         f"arguments by position, so give them defaults or make them "
                         f"positional")
    if required <= given and (given <= len(names) or varargs):
        return
    takes = (f"{len(names)}" if required == len(names) else f"{required} to {len(names)}") \
        if not varargs else f"at least {required}"
    listed = f" ({', '.join(names)})" if names else ""
    raise UsageError(f"{what} {given} argument{'s' if given != 1 else ''}, but `{name}` takes "
                     f"{takes}{listed}: one shape per argument, `;` between them")


def example_arguments(args, fn):
    """One example of `fn`'s arguments: from --example NAME=SPEC (pytrees),
    else arrays of --shapes, else None. An unnamed parameter is an array."""
    import numpy as np
    dtype = np.dtype(args.dtype)
    if not getattr(args, "example", None):
        if args.shapes is None:
            return None
        shapes = parse_shapes(args.shapes, dtype)
        check_count(fn, len(shapes), f"--shapes {args.shapes!r} describes")
        return [np.full(shape, 0.5, dtype) for shape in shapes]
    from . import frontend
    fn = frontend.python_function(fn)
    params = list(fn.__code__.co_varnames[:fn.__code__.co_argcount])
    given = {}
    for item in args.example:
        name, sep, spec = item.partition("=")
        name = name.strip()
        if not sep or name not in params:
            raise UsageError(f"--example takes NAME=SPEC for a parameter of `{fn.__name__}` "
                             f"({', '.join(params)}), not {item!r}")
        if name in given:
            raise UsageError(f"--example {name}=... is given twice")
        given[name] = example_value(spec, dtype)
    shapes = parse_shapes(args.shapes, dtype) if args.shapes is not None else []
    if len(shapes) > len(params):
        check_count(fn, len(shapes), f"--shapes {args.shapes!r} describes")
    return [given[p] if p in given else
            np.full(shapes[i] if i < len(shapes) else (), 0.5, dtype)
            for i, p in enumerate(params)]


def example_value(spec, dtype):
    """SPEC: a tuple of ints is an array of that shape; an int is a Python int
    (not differentiated), a float a Python float; lists, tuples and dicts of
    these are pytrees: `[{"w": (8, 32), "b": (32,)}] * 3`."""
    import numpy as np
    value = spec_value(spec)

    def build(v):
        if isinstance(v, tuple) and all(type(d) is int for d in v):
            return np.full(_checked_shape(v, dtype, f"--example {spec!r}"), 0.5, dtype)
        if type(v) in (int, float, bool):
            return v
        if isinstance(v, (list, tuple)):
            return type(v)(build(x) for x in v)
        if isinstance(v, dict):
            return {k: build(x) for k, x in v.items()}
        raise UsageError(f"--example: {v!r} is not a shape, a number, a list, a tuple "
                         "or a dict")
    return build(value)


MAX_EXAMPLE_ITEMS = 100_000   # lists and tuples an --example spec makes, in all


def spec_value(spec):
    """The value of an --example SPEC: numbers, strings (dict keys), tuples,
    lists and dicts, and `[...] * N` (a literal, not Python run: no names, no
    calls, nothing that takes long or grows without bound)."""
    import ast
    try:
        tree = ast.parse(spec.strip(), "<--example>", mode="eval")
    except SyntaxError as e:
        raise UsageError(f"--example {spec!r} is not a Python expression: {e.msg}")
    except (ValueError, RecursionError, MemoryError) as e:
        raise UsageError(f"--example {spec!r} is not a Python expression: {e}")
    items = [0]

    def counted(n):
        items[0] += n
        if items[0] > MAX_EXAMPLE_ITEMS:
            raise UsageError(f"--example {spec!r} describes more than {MAX_EXAMPLE_ITEMS} "
                             "values")
        return n

    def value(node):
        if isinstance(node, ast.Constant) and type(node.value) in (int, float, bool, str):
            return node.value
        if isinstance(node, (ast.Tuple, ast.List)):
            counted(len(node.elts))
            items = [value(e) for e in node.elts]
            return tuple(items) if isinstance(node, ast.Tuple) else items
        if isinstance(node, ast.Dict) and None not in node.keys:
            counted(len(node.keys))
            return {value(k): value(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = value(node.operand)
            if type(operand) in (int, float):
                return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mult, ast.Add)):
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.Add) and type(left) is type(right) and \
                    isinstance(left, (list, tuple)):
                return left + right
            if isinstance(node.op, ast.Mult):
                seq, n = (left, right) if isinstance(left, (list, tuple)) else (right, left)
                if isinstance(seq, (list, tuple)) and type(n) is int:
                    counted(len(seq) * max(n - 1, 0))
                    return seq * n
        raise UsageError(f"--example {spec!r}: `{ast.unparse(node)}` is not allowed: a SPEC "
                         "is made of numbers, tuples (a shape), lists, dicts and [...] * N")
    return value(tree.body)


def _checked_shape(shape, dtype, option):
    for d in shape:
        if d < 0:
            raise UsageError(f"{option}: a size is 0 or more, not {d}")
    size = dtype.itemsize
    for d in shape:
        size *= d
    if size > MAX_EXAMPLE_BYTES:
        raise UsageError(f"{option}: an example of shape {tuple(shape)} takes "
                         f"{size / 2 ** 30:.3g} GiB; s2s makes one example of each argument "
                         f"(at most {MAX_EXAMPLE_BYTES >> 30} GiB): give smaller sizes of the "
                         f"same rank")
    return tuple(shape)


def parse_shapes(text, dtype=None):
    """--shapes: one shape per argument, `;` between them, `,` between the
    sizes; `()` is a scalar; an entry's parentheses are optional."""
    import numpy as np
    dtype = np.dtype(dtype or "float32")
    example = "e.g. --shapes 100, --shapes '8,4;4', or --shapes '3;()' (`()` is a scalar)"
    if not text.strip():
        raise UsageError(f"--shapes is empty: give one shape per argument, {example}")
    shapes = []
    entries = text.split(";")
    for k, entry in enumerate(entries, 1):
        part = entry.strip()
        which = f"--shapes {text!r}: argument {k}"
        if not part:
            raise UsageError(f"{which} is empty: write `()` for a scalar, e.g. --shapes "
                             f"'3;()'")
        if part.startswith("(") != part.endswith(")"):
            raise UsageError(f"{which}: unbalanced parentheses in {part!r}")
        if part.startswith("("):
            part = part[1:-1].strip()
        sizes = [d.strip() for d in part.split(",")] if part else []
        if sizes and sizes[-1] == "" and len(sizes) > 1:
            sizes.pop()   # (3,): a trailing comma, as in Python
        try:
            shape = tuple(int(d) for d in sizes)
        except ValueError:
            bad = next((d for d in sizes if not _is_int(d)), part)
            raise UsageError(f"{which}: a size is an integer, not {bad!r}: {example}")
        shapes.append(_checked_shape(shape, dtype, which))
    return shapes


def _is_int(text):
    try:
        int(text)
    except ValueError:
        return False
    return True


def parse_axes(text, nargs, option="--in-axes"):
    def one(t):
        t = t.strip()
        if t == "None":
            return None
        try:
            return int(t)
        except ValueError:
            raise UsageError(f"{option} takes an integer or None per argument (`,` between "
                             f"them), not {t!r}")
    parts = text.split(",")
    if len(parts) == 1:
        return one(parts[0])
    axes = tuple(one(p) for p in parts)
    if nargs is not None and len(axes) != nargs:
        raise UsageError(f"{option} {text!r} has {len(axes)} entries for {nargs} "
                         f"argument{'s' if nargs != 1 else ''}")
    return axes


def check_in_axes(in_axes, examples, fn=None):
    """Each argument's batch axis is one of its axes once batched (as
    `jax.vmap` requires), and at least one argument is batched."""
    import jax
    import numpy as np
    axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(examples)
    if all(ax is None for ax in axes):
        raise UsageError("--in-axes: at least one argument must be batched (an axis, not "
                         "None)")
    found = _params(fn) if fn is not None else None
    names = found[0] if found else []
    for k, (ax, example) in enumerate(zip(axes, examples)):
        if ax is None:
            continue
        for leaf in jax.tree_util.tree_leaves(example):
            rank = np.ndim(leaf) + 1   # with the batch axis
            if not -rank <= ax < rank:
                name = f"`{names[k]}`" if k < len(names) else f"{k + 1}"
                what = f"argument {name}" if leaf is example else f"a leaf of argument {name}"
                raise UsageError(f"--in-axes {ax} is out of range for {what} of shape "
                                 f"{np.shape(leaf)}: batched, it has {rank} "
                                 f"ax{'es' if rank != 1 else 'is'} ({-rank} to {rank - 1})")


def check_out_axes(out_axes, out):
    """vmap's batched output `out` (shapes) has the axis --out-axes names."""
    import jax
    if out is None:
        return
    leaves = jax.tree_util.tree_leaves(out)
    axes = out_axes if isinstance(out_axes, tuple) and isinstance(out, (tuple, list)) \
        and len(out_axes) == len(out) else None
    if isinstance(out_axes, tuple) and axes is None:
        raise UsageError(f"--out-axes has {len(out_axes)} entries, but the function returns "
                         f"{len(out) if isinstance(out, (tuple, list)) else 'one value'}")
    pairs = [(ax, leaf) for ax, o in zip(axes, out) for leaf in jax.tree_util.tree_leaves(o)] \
        if axes is not None else [(out_axes, leaf) for leaf in leaves]
    for ax, leaf in pairs:
        rank = len(leaf.shape)
        if ax is not None and not -rank <= ax < rank:
            raise UsageError(f"--out-axes {ax} is out of range: the batched result of shape "
                             f"{tuple(leaf.shape)} has {rank} ax{'es' if rank != 1 else 'is'} "
                             f"({-rank} to {rank - 1})")


def parse_argnums(text, option="--argnums"):
    if text is None:
        return None
    try:
        argnums = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        argnums = ()
    if not argnums:
        raise UsageError(f"{option} takes comma-separated integers, not {text!r}")
    return argnums


def check_argnums(argnums, fn, single=False, option="--argnums"):
    """Indices in range for `fn`'s parameters; negative ones count from the end."""
    if argnums is None:
        return None
    from . import frontend
    from .errors import S2SError
    try:
        fn = frontend.python_function(fn)
    except S2SError:
        return argnums  # not a Python function: the transformation says so
    n = fn.__code__.co_argcount
    if fn.__code__.co_flags & 0x04:   # *args: the transformation says what it makes of it
        return argnums[0] if len(argnums) == 1 and single else argnums
    bad = [i for i in argnums if not -n <= i < n]
    if bad:
        raise UsageError(f"{option} {bad[0]} is out of range: `{fn.__name__}` takes "
                         f"{n} positional parameter{'s' if n != 1 else ''}")
    normalized = tuple(sorted({i % n for i in argnums}))
    if len(argnums) == 1 and single:
        return normalized[0]   # `--argnums 1` means argnums=1, as in JAX: one gradient
    return normalized


LOADED = set()   # the absolute paths of the files FUNCs were loaded from


def load_function(target, args=None):
    """FILE.py:FUNC, found without running the file where it can be (s2s/loading.py)."""
    import os
    run_module = bool(args is not None and getattr(args, "import_file", False))
    LOADED.add(os.path.abspath(target.rpartition(":")[0]))
    try:
        return loading.load_function(
            target, run_module=run_module,
            note=lambda text: print(f"s2s: note: {text}", file=sys.stderr))
    except loading.LoadError as e:
        raise UsageError(str(e))
