"""`s2s TRANSFORM FILE.py:FUNC` prints the source s2s generates.

    s2s jvp examples/quickstart.py:sum_logistic
    s2s jvp examples/quickstart.py:sum_logistic --passes   # after every stage
    s2s jvp model.py:loss --argnums 0,2
    s2s grad examples/quickstart.py:sum_logistic
    s2s vjp model.py:loss --argnums 0
    s2s vmap examples/quickstart.py:apply_matrix --shapes 100
    s2s vmap model.py:predict --in-axes None,0 --shapes "8,4;4"
    s2s jacfwd model.py:f --shapes 3          (also jacrev, hessian)
    s2s jit model.py:f --static-argnums 1     (control flow on traced values -> lax)

vmap and the Jacobians are specialized on one example's shapes (as jit is on
argument shapes), so they need --shapes: one example's shape per argument,
arguments separated by `;`, axes by `,` (an empty shape is a scalar).
"""
import argparse
import contextlib
import importlib.util
import os
import sys

from . import frontend, introspect
from .errors import S2SError

TRANSFORMS = ("jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian",
              "jit")
SHAPED = ("vmap", "jacfwd", "jacrev", "hessian")


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="s2s", description="Print the Python source s2s generates for a function.")
    parser.add_argument("transform", choices=TRANSFORMS, help="the transformation")
    parser.add_argument("target", metavar="FILE.py:FUNC", help="where the function is")
    parser.add_argument("--argnums", default=None,
                        help="comma-separated indices of the arguments to differentiate "
                             "(default: all)")
    parser.add_argument("--passes", action="store_true",
                        help="print the program after every stage of the pipeline")
    parser.add_argument("--shapes", default=None,
                        help="vmap, jacfwd, jacrev, hessian: one example's shape per argument, "
                             "e.g. '100' or '8,4;4' (`;` between arguments)")
    parser.add_argument("--in-axes", default="0",
                        help="vmap: the batch axis of each argument, e.g. 0 or None,0")
    parser.add_argument("--out-axes", default="0", help="vmap: where the batch axis goes")
    parser.add_argument("--dtype", default="float32", help="the arguments' dtype")
    parser.add_argument("--static-argnums", default=None,
                        help="jit: comma-separated indices of the static arguments")
    parser.add_argument("--unroll", type=int, default=32,
                        help="jit: a counted loop of at most this many steps stays Python")
    args = parser.parse_args(argv)
    try:
        if args.transform == "jit":
            generated = jitted(args)
            print_stages(generated.stages) if args.passes else print(generated.source, end="")
            return 0
        fn = load_function(args.target) if args.transform in SHAPED else None
        if args.transform in SHAPED:
            generated = shaped_transform(args, fn)
            if args.passes:
                print_stages(generated.stages)
            else:
                print(generated.source, end="")
            return 0
        argnums = parse_argnums(args.argnums)
        fn = load_function(args.target)
        argnums = check_argnums(argnums, fn, single=args.argnums is not None
                                and "," not in args.argnums)
        if args.passes:
            print_stages(introspect.stages(fn, args.transform, argnums))
        else:
            print(introspect.source(fn, args.transform, argnums), end="")
    except S2SError as e:
        print(f"s2s: error: {e.one_line()}", file=sys.stderr)
        return 1
    except UsageError as e:
        print(f"s2s: error: {e}", file=sys.stderr)
        return 2
    return 0


def print_stages(stages):
    """Each stage: its name, what its pass does, and the program after it
    (or a note that it changed nothing)."""
    before = None
    for stage in stages:
        print(f"# ---- {stage.name} " + "-" * (60 - len(stage.name)))
        print(f"# {stage.purpose}")
        print("# (no change)\n" if stage.source == before else stage.source)
        before = stage.source


class UsageError(Exception):
    pass


def jitted(args):
    """The code s2s.jit compiles, for --static-argnums."""
    from .jit import jit
    fn = load_function(args.target)
    static = parse_argnums(args.static_argnums) if args.static_argnums else None
    if static is not None:
        static = check_argnums(static, fn)
    return jit(fn, static_argnums=static, unroll=args.unroll).generated()


def shaped_transform(args, fn):
    """The generated code of vmap / jacfwd / jacrev / hessian for --shapes."""
    import numpy as np

    from . import jacobians, vectorize
    if args.shapes is None:
        raise UsageError(f"{args.transform} is specialized on one example's shapes: "
                         "pass --shapes, e.g. --shapes 100 or --shapes '8,4;4'")
    shapes = parse_shapes(args.shapes)
    dtype = np.dtype(args.dtype)
    if args.transform == "vmap":
        in_axes = parse_axes(args.in_axes, len(shapes))
        out_axes = parse_axes(args.out_axes, None)
        examples = []
        for shape, axis in zip(shapes, in_axes if isinstance(in_axes, tuple)
                               else [in_axes] * len(shapes)):
            if axis is not None:
                shape = list(shape)
                shape.insert(axis % (len(shape) + 1), 2)
            examples.append(np.zeros(tuple(shape), dtype))
        return vectorize.vmap(fn, in_axes, out_axes).generated(examples)
    argnums = parse_argnums(args.argnums) or (0,)
    argnums = argnums[0] if len(argnums) == 1 else argnums
    make = {"jacfwd": jacobians.jacfwd, "jacrev": jacobians.jacrev,
            "hessian": jacobians.hessian}[args.transform]
    examples = [np.full(shape, 0.5, dtype) for shape in shapes]
    return make(fn, argnums).generated(examples)


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


def load_function(target):
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise UsageError(f"expected FILE.py:FUNC, got {target!r}")
    if not os.path.isfile(path):
        raise UsageError(f"no such file: {path}")
    module_name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    directory = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, directory)
    try:
        # What the module prints goes to stderr: stdout is the generated source.
        with contextlib.redirect_stdout(sys.stderr):
            spec.loader.exec_module(module)
    except (Exception, SystemExit) as e:
        detail = " ".join(str(e).split())  # one line, however long the message
        raise UsageError(f"importing {path} failed: {type(e).__name__}: {detail}")
    finally:
        sys.path.remove(directory)
    obj = module
    for part in name.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise UsageError(f"{path} has no function `{name}`")
    if not callable(obj):
        raise UsageError(f"`{name}` in {path} is not a function")
    return obj


if __name__ == "__main__":
    sys.exit(main())
