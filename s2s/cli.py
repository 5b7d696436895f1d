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
    s2s grad model.py:f --explain             (teaching comments)
    s2s grad model.py:f --diff                (each pass as a diff against the one before)
    s2s show model.py:f --transforms jvp,grad,vmap --shapes 3 [--html out.html]
    s2s serve                                 (the playground, in a browser)

vmap and the Jacobians are specialized on one example's shapes (as jit is on
argument shapes), so they need --shapes: one example's shape per argument,
arguments separated by `;`, axes by `,` (`()` is a scalar).
The arguments are parsed and checked by s2s/cli_args.py.
"""
import argparse
import difflib
import os
import sys

from . import check, driver, errors, highlight, introspect, trace
from .cli_args import (Parser, UsageError, check_argnums, check_in_axes, check_out_axes,
                       dtype_name, example_arguments, load_function, nonnegative_int,
                       parse_argnums, parse_axes, parse_shapes)
from .show import batch_of_two, show as side_by_side
from .errors import S2SError
from .explain import explained

TRANSFORMS = ("jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian",
              "jit")
SHAPED = ("vmap", "jacfwd", "jacrev", "hessian")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["serve"]:
        from . import serve
        return serve.main(argv[1:])
    if argv[:1] == ["show"]:
        return _guarded(show_main, argv[1:])
    if argv[:1] == ["check"]:
        return _guarded(check_main, argv[1:])
    return _guarded(transform_main, argv)


def _guarded(command, argv):
    """User errors as one line; an error inside s2s as a short report, not a
    traceback (S2S_DEBUG=1 shows it)."""
    try:
        return command(argv)
    except S2SError as e:
        print(f"s2s: error: {e.one_line()}", file=sys.stderr)
        return 1
    except UsageError as e:
        print(f"s2s: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:   # `s2s ... | head`: the reader has what it wanted
        sys.stdout = open(os.devnull, "w")
        return 0
    except MemoryError as e:
        print(f"s2s: error: out of memory{': ' + str(e) if str(e) else ''} (smaller --shapes?)",
              file=sys.stderr)
        return 1
    except Exception as e:
        if os.environ.get("S2S_DEBUG"):
            raise
        detail = " ".join(str(e).split())[:300]
        place = _raised_by_user(e)
        if place is not None:   # the function's own `raise` (or its own code failing)
            filename, line, col = place
            print(f"s2s: error: {filename}:{line}:{(col or 0) + 1}: {type(e).__name__}: "
                  f"{detail} (raised by the function while s2s ran it on one example's "
                  f"shapes)", file=sys.stderr)
            return 1
        print(f"s2s: internal error: {type(e).__name__}: {detail}\n"
              "  this is a bug in s2s, not in your code: please report it with the "
              "function and the command (S2S_DEBUG=1 prints the traceback)", file=sys.stderr)
        return 3


def _raised_by_user(e):
    """(file, line, col) of the user's code where `e` was raised, where it
    was raised by that code itself while s2s ran the FUNC of the command
    line: the innermost frame is the user's file run as it is, or generated
    code at a `raise` or `assert` of the user's (which s2s passes on as the
    function raised it, as JAX does). Else None: anything raised inside s2s,
    JAX or NumPy is not the user's to fix."""
    import linecache
    import site
    import sysconfig
    import traceback

    from .cli_args import LOADED
    frames = list(traceback.walk_tb(e.__traceback__))
    if not frames:
        return None
    places = [errors.origin(f.f_code.co_filename, n) for f, n in frames]
    if not any(f and os.path.abspath(f) in LOADED for f, _, _ in places):
        return None   # not while running the user's function
    frame, _ = frames[-1]
    ran = frame.f_code.co_filename
    filename, line, col = places[-1]
    if not filename or filename.startswith("<") or not line:
        return None
    path = os.path.abspath(filename)
    here = os.path.dirname(os.path.abspath(__file__))
    paths = sysconfig.get_paths()
    libraries = {os.path.abspath(p) for p in [
        *(paths.get(k) for k in ("stdlib", "platstdlib", "purelib", "platlib")),
        *site.getsitepackages(), site.getusersitepackages()] if p}
    if path.startswith(here + os.sep) or any(path.startswith(p + os.sep) for p in libraries):
        return None
    if ran != filename and not linecache.getline(filename, line).lstrip().startswith(
            ("raise", "assert")):
        return None
    return filename, line, col


def _where(e, fn):
    """(file, line, col) of the user's code for `e`, raised running a
    transformation of `fn`: the innermost place in fn's file (generated code
    mapped back to it), else fn's `def` line; (None, None, None) for a
    function without a file."""
    import traceback

    from . import frontend
    try:
        code = frontend.python_function(fn).__code__
    except (S2SError, AttributeError):
        code = getattr(fn, "__code__", None)
    target = code.co_filename if code is not None else ""
    if not target or target.startswith("<"):
        return None, None, None
    place = (target, code.co_firstlineno, 0)
    for frame, lineno in traceback.walk_tb(e.__traceback__):
        filename, line, col = errors.origin(frame.f_code.co_filename, lineno)
        if filename and line and os.path.abspath(filename) == os.path.abspath(target):
            place = (filename, line, col)
    return place


def _common_options(parser):
    parser.add_argument("--argnums", default=None,
                        help="comma-separated indices of the arguments to differentiate "
                             "(default, as in JAX: 0 for grad, value_and_grad and the "
                             "Jacobians; every argument for jvp and vjp)")
    parser.add_argument("--shapes", default=None,
                        help="vmap, jacfwd, jacrev, hessian: one example's shape per argument, "
                             "e.g. '100' or '8,4;4' (`;` between arguments)")
    parser.add_argument("--example", action="append", metavar="NAME=SPEC",
                        help="describe one argument, for code built for what the arguments "
                             "are: a shape is a tuple of ints, an int stays a Python int, and "
                             "lists, tuples and dicts of these are pytrees, e.g. "
                             "--example 'params=[{\"w\": (8, 32), \"b\": (32,)}] * 3' "
                             "(repeat it per argument; the others are arrays of --shapes)")
    parser.add_argument("--dtype", default="float32", type=dtype_name,
                        help="the arguments' dtype (default: float32)")
    parser.add_argument("--explain", action="store_true",
                        help="add teaching comments: the sweeps, the tape, the rule behind each "
                             "derivative line, what each runtime helper does")
    parser.add_argument("--import", dest="import_file", action="store_true",
                        help="import FILE, running its top-level code, instead of running only "
                             "its imports, definitions and constants (what FUNC needs: "
                             "the file is imported anyway when FUNC reads a global that only "
                             "running it defines, with a note saying so)")
    parser.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                        help="syntax colours: auto (default) colours a terminal unless NO_COLOR "
                             "is set")


def transform_main(argv):
    parser = Parser(
        prog="s2s", description="Print the Python source s2s generates for a function.",
        epilog="Also: `s2s show FILE.py:FUNC` (side by side), `s2s serve` (the playground).")
    parser.add_argument("transform", choices=TRANSFORMS, help="the transformation")
    parser.add_argument("target", metavar="FILE.py:FUNC", help="where the function is")
    _common_options(parser)
    parser.add_argument("--passes", action="store_true",
                        help="print the program after every stage of the pipeline")
    parser.add_argument("--trace", action="store_true",
                        help="run the generated code at random inputs of --shapes/--example "
                             "and show what each line computed (jvp, vjp, grad, "
                             "value_and_grad, vmap)")
    parser.add_argument("--export", metavar="OUT.py",
                        help="write the code as a module that runs with jax alone: the "
                             "generated functions, the helpers they call, their imports")
    parser.add_argument("--with-callees", action="store_true",
                        help="also print the generated code of the functions it calls "
                             "(a helper's derivative)")
    parser.add_argument("--diff", action="store_true",
                        help="with the stages, print each as a unified diff against the one "
                             "before (implies --passes)")
    parser.add_argument("--in-axes", default="0",
                        help="vmap: the batch axis of each argument, e.g. 0 or None,0 "
                             "(default: 0)")
    parser.add_argument("--out-axes", default="0",
                        help="vmap: where the batch axis goes (default: 0)")
    parser.add_argument("--static-argnums", default=None,
                        help="jit: comma-separated indices of the static arguments")
    parser.add_argument("--unroll", type=nonnegative_int, default=32,
                        help="jit: a counted loop of at most this many steps stays Python "
                             "(default: 32)")
    args = parser.parse_args(argv)
    color = highlight.use_color(args.color)
    with driver.tidying(not args.explain):   # explained code: one line per rule
        return print_transformed(args, color)


def print_transformed(args, color):
    if args.shapes is not None:
        parse_shapes(args.shapes, args.dtype)   # checked, though not every transform uses it
    transformation, examples = None, None
    if args.transform == "jit":
        transformation = jitted(args)
        generated = transformation.generated()
    elif args.transform in SHAPED:
        transformation, examples = shaped_transform(args, load_function(args.target, args))
        generated = transformation.generated(examples)
    else:
        argnums = parse_argnums(args.argnums)
        fn = load_function(args.target, args)
        argnums = check_argnums(argnums, fn, single=args.argnums is not None
                                and "," not in args.argnums)
        if argnums is None and args.transform in ("grad", "value_and_grad"):
            _check_differentiable(fn, args.transform)
        examples = example_arguments(args, fn) if args.example else None
        generated = introspect.generated_record(fn, args.transform, argnums, examples)
    if args.export:
        from .export import export
        export(transformation or generated, args.export, examples)
        print(f"wrote {args.export}", file=sys.stderr)
        return 0
    if args.passes or args.diff:
        print_stages(generated.stages, diff=args.diff, color=color)
        return 0
    if args.trace:
        return print_trace(args, generated, color)
    programs = introspect.with_callees(generated) if args.with_callees else [generated]
    for k, g in enumerate(programs):
        text = explained(g.source, g.transform.name) if args.explain else g.source
        print(("\n" if k else "") + (highlight.terminal(text) if color else text), end="")
    return 0


def show_main(argv):
    parser = Parser(
        prog="s2s show",
        description="A function and its transformations side by side, rows lined up by "
                    "the line of the function each generated line comes from.")
    parser.add_argument("target", metavar="FILE.py:FUNC", help="where the function is")
    parser.add_argument("--transforms", default="jvp,grad,vmap",
                        help="comma-separated transformations (default: jvp,grad,vmap)")
    parser.add_argument("--html", metavar="OUT.html",
                        help="write the view as a web page (hover a line to see where it "
                             "comes from) instead of printing it")
    parser.add_argument("--width", type=int, default=60,
                        help="the widest a column gets on a terminal (default: 60)")
    _common_options(parser)
    args = parser.parse_args(argv)
    fn = load_function(args.target, args)
    transforms = [t.strip() for t in args.transforms.split(",") if t.strip()]
    unknown = [t for t in transforms if t not in TRANSFORMS]
    if unknown:
        raise UsageError(f"unknown transformation {unknown[0]!r}: use some of "
                         + ", ".join(TRANSFORMS))
    if not transforms:
        raise UsageError("--transforms is empty: name some of " + ", ".join(TRANSFORMS))
    if args.width < 1:
        raise UsageError(f"--width is a number of characters, 1 or more, not {args.width}")
    examples = example_arguments(args, fn)
    if examples is None and any(t in SHAPED for t in transforms):
        shaped = [t for t in transforms if t in SHAPED]
        raise UsageError(f"{', '.join(shaped)} {'is' if len(shaped) == 1 else 'are'} built "
                         "for one example's shapes: pass --shapes, e.g. --shapes 3")
    argnums = parse_argnums(args.argnums)
    if argnums is not None:
        argnums = check_argnums(argnums, fn, single="," not in args.argnums)
    view = side_by_side(fn, transforms, example_args=examples, argnums=argnums,
                     explain=args.explain)
    if args.html:
        try:
            with open(args.html, "w", encoding="utf-8") as fh:
                fh.write(view.html(page=True))
        except OSError as e:
            raise UsageError(f"--html: cannot write {args.html}: {e.strerror}")
        print(f"wrote {args.html}", file=sys.stderr)
    else:
        print(view.text(width=args.width, color=highlight.use_color(args.color)), end="")
    return 0


def print_trace(args, generated, color):
    """--trace: the generated code with, after each line, what it computed."""
    import numpy as np

    from . import check, trace
    if args.transform not in ("jvp", "vjp", "grad", "value_and_grad", "vmap"):
        raise UsageError("--trace runs jvp, vjp, grad, value_and_grad and vmap code")
    fn = load_function(args.target, args)
    examples = example_arguments(args, fn)
    if examples is None:
        raise UsageError("--trace runs the code: give the arguments' shapes with --shapes "
                         "(or --example)")
    inputs = check.random_like(examples, 0)
    if args.transform == "vmap":
        in_axes = parse_axes(args.in_axes, len(inputs))
        check_in_axes(in_axes, inputs, fn)
        inputs = list(batch_of_two(inputs, in_axes))
    elif args.transform == "jvp":
        inputs = inputs + [np.ones_like(np.asarray(a)) for a in inputs]
    def forward_then_pullback(*a):   # vjp: the forward sweep, then the pullback at ones
        out, pullback = generated.function(*a)
        return out, pullback(np.ones_like(np.asarray(out)))
    call = forward_then_pullback if args.transform == "vjp" else generated.function
    try:
        result, lines, order = trace.run_traced(call, inputs,
                                                generated.function.__code__.co_filename)
    except Exception as e:   # the user's code at these inputs (JAX's own errors too)
        errors.note_origin(e)
        raise S2SError(f"running the generated code at random inputs of these shapes failed: "
                       f"{type(e).__name__}: {' '.join(str(e).split())}", *_where(e, fn),
                       hint="check the shapes, or the function at these inputs") from None
    text = trace.annotated(generated.source, lines)
    print(highlight.terminal(text) if color else text)
    print(f"# result: {trace.summary(result)}")
    bad = trace.first_nonfinite(generated, lines, order)
    if bad:
        print(_nonfinite_line(bad, generated))
    return 0


def _nonfinite_line(bad, generated):
    line, (user_file, user_line), (name, value) = bad
    code = str(generated.source).split("\n")[line - 1].strip()
    where = f"{user_file}:{user_line}" if user_file else "an unknown line"
    return (f"# first non-finite value: `{name}` at generated line {line} (`{code}`), "
            f"from {where}")


def check_main(argv):
    parser = Parser(
        prog="s2s check",
        description="Compare a transformation's generated code with JAX and with central "
                    "finite differences at random float64 inputs; where a NaN or infinity "
                    "appears, name the first generated line that made it.")
    parser.add_argument("target", metavar="FILE.py:FUNC", help="where the function is")
    parser.add_argument("--transform", default="grad", choices=check.CHECKED,
                        help="the transformation to check (default: grad)")
    parser.add_argument("--seed", type=nonnegative_int, default=0,
                        help="of the random inputs (default: 0)")
    _common_options(parser)
    args = parser.parse_args(argv)
    import jax
    jax.config.update("jax_enable_x64", True)   # finite differences need the digits
    args.dtype = "float64"
    fn = load_function(args.target, args)
    examples = example_arguments(args, fn)
    if examples is None:
        raise UsageError("check runs the code: give the arguments' shapes with --shapes "
                         "(or --example)")
    argnums = parse_argnums(args.argnums)
    if argnums is not None:
        argnums = check_argnums(argnums, fn, single="," not in args.argnums)
    try:
        rows, _, bad, diverged = check.check(fn, args.transform, examples, argnums, args.seed)
    except S2SError:
        raise
    except Exception as e:   # the user's code at these inputs (JAX's own errors too)
        raise S2SError(f"running {args.transform} at random inputs of these shapes failed: "
                       f"{type(e).__name__}: {' '.join(str(e).split())}", *_where(e, fn),
                       hint="check the shapes, or the function at these inputs") from None
    shapes = ", ".join(trace.summary(e).split(" ")[0] for e in examples)
    print(f"s2s.{args.transform} of {getattr(fn, '__name__', fn)} at random ({shapes}), "
          f"seed {args.seed}:")
    for what, worst, ok in rows:
        print(f"  {what:<40} max |difference| {worst:.3g}   {'ok' if ok else 'DIFFERENT'}")
    if bad:
        line, (user_file, user_line), (name, value) = bad
        print(f"  a NaN or infinity: first `{name}` at generated line {line}, from "
              f"{user_file}:{user_line}")
    if diverged is not None:
        print("  " + diverged.describe())
    return 0 if all(ok for _, _, ok in rows) and not bad else 1


def print_stages(stages, diff=False, color=False):
    """Each stage: its name, what its pass does, and the program after it, or
    (`diff`) a unified diff against the program before it; a note where it
    changed nothing."""
    before = None
    for stage in stages:
        print(f"# ---- {stage.name} " + "-" * (60 - len(stage.name)))
        print(f"# {stage.purpose}")
        if stage.source == before:
            print("# (no change)\n")
        elif diff and before is not None:
            text = "".join(difflib.unified_diff(
                before.splitlines(True), stage.source.splitlines(True),
                fromfile=f"before {stage.name}", tofile=f"after {stage.name}"))
            print(highlight.diff_terminal(text) if color else text)
        else:
            print(highlight.terminal(stage.source) if color else stage.source)
        before = stage.source


def jitted(args):
    """s2s.jit of the function, with --static-argnums and --unroll."""
    from .jit import jit
    fn = load_function(args.target, args)
    static = parse_argnums(args.static_argnums, "--static-argnums")
    if static is not None:
        static = check_argnums(static, fn, option="--static-argnums")
    return jit(fn, static_argnums=static, unroll=args.unroll)


def _check_differentiable(fn, transform):
    """grad's default argnums=0 needs a parameter."""
    from . import frontend
    try:
        code = frontend.python_function(fn).__code__
    except (S2SError, AttributeError):
        return
    if code.co_argcount == 0 and not code.co_flags & 0x04:   # (*args: refused at its line)
        raise UsageError(f"`{code.co_name}` takes no positional parameter: {transform} "
                         "differentiates with respect to one (--argnums, default 0)")


def shaped_transform(args, fn):
    """(vmap / jacfwd / jacrev / hessian of `fn`, the example arguments its
    code is built for: --shapes or --example, batched for vmap)."""
    from . import jacobians, vectorize
    examples = example_arguments(args, fn)
    if examples is None:
        raise UsageError(f"{args.transform} is specialized on one example's shapes: "
                         "pass --shapes, e.g. --shapes 100 or --shapes '8,4;4' (or --example)")
    if args.transform == "vmap":
        in_axes = parse_axes(args.in_axes, len(examples))
        out_axes = parse_axes(args.out_axes, None, "--out-axes")
        check_in_axes(in_axes, examples, fn)
        batched = list(batch_of_two(examples, in_axes))
        vmapped = vectorize.vmap(fn, in_axes, out_axes)
        vmapped.generated(batched)   # (its errors first)
        if out_axes != 0:
            check_out_axes(out_axes, _batched_output(fn, in_axes, 0, batched))
        if out_axes is None or isinstance(out_axes, tuple) and None in out_axes:
            try:   # None: only for a result that does not depend on the batch
                _batched_output(fn, in_axes, out_axes, batched, quiet=False)
            except ValueError as e:
                if "out_axes" in str(e):
                    raise UsageError(f"--out-axes {args.out_axes}: the result depends on the "
                                     f"batch, so it needs an axis (jax.vmap: {e})") from None
            except Exception:
                pass   # the transformation reports its own errors when it runs
        return vmapped, batched
    argnums = check_argnums(parse_argnums(args.argnums) or (0,), fn)
    argnums = argnums[0] if len(argnums) == 1 else argnums
    make = {"jacfwd": jacobians.jacfwd, "jacrev": jacobians.jacrev,
            "hessian": jacobians.hessian}[args.transform]
    return make(fn, argnums), examples


def _batched_output(fn, in_axes, out_axes, batched, quiet=True):
    """The shapes of vmap's result at `batched`; `quiet`: None where they
    cannot be had (the transformation reports its own errors)."""
    import jax

    from . import vectorize
    try:
        return jax.eval_shape(vectorize.vmap(fn, in_axes, out_axes), *batched)
    except Exception:
        if quiet:
            return None
        raise


if __name__ == "__main__":
    sys.exit(main())
