"""What the playground's worker process does with one request (s2s/serve.py
runs it there): execute the user's code under its own file name, build each
transformation's view, stages and value, and turn every failure into an
answer that names the user's line."""
import ast
import contextlib
import difflib
import io
import linecache
import time
import traceback

TRANSFORMS = ("jvp", "grad", "vmap", "jacfwd", "jacrev", "hessian", "vjp", "value_and_grad")
SHAPED = ("vmap", "jacfwd", "jacrev", "hessian")   # built for one example's shapes
MAX_OUTPUT = 100_000         # characters of what a run prints, sent back to the page
STEPPED = ("jvp", "grad", "value_and_grad", "vjp", "vmap", "jacfwd", "jacrev",
           "hessian")        # the page steps through these
MAX_STEPS = 500              # lines run, sent back for stepping through (a loop's first ones)

def failure(kind, message, where=None, line=None, col=None, hint=None, text=None, tb=None):
    """The answer for a run that failed: what the page shows, at the user's
    `line` of the code (where="code"), or at the `function` or `args` field."""
    return {"ok": False, "error": {"kind": kind, "message": message, "where": where,
                                   "line": line, "col": col, "hint": hint, "text": text,
                                   "traceback": tb}}


class UserError(Exception):
    """A mistake in what the user typed, as `failure` reports it."""

    def __init__(self, answer):
        super().__init__(answer["error"]["message"])
        self.answer = answer


def run_job(job, filename):
    """Runs `job` (parse_job's fields) in this process; the page's answer."""
    started = time.perf_counter()
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            answer = run_code(job, filename)
    except UserError as e:
        answer = e.answer
    except Exception as e:   # a failure of s2s itself, not at a line of the user's
        answer = failure("internal", f"{type(e).__name__}: {e}",
                         hint="this looks like a bug in s2s",
                         tb="".join(traceback.format_exception(e)))
    answer["output"] = printed.getvalue()
    if len(answer["output"]) > MAX_OUTPUT:
        answer["output"] = answer["output"][:MAX_OUTPUT] + "\n… (the rest is cut)\n"
    answer["seconds"] = round(time.perf_counter() - started, 3)
    return answer


def run_code(job, filename):
    """The code of `job` run, its function transformed (s2s.show, s2s.stages)
    and evaluated at the example arguments: the page's answer."""
    import s2s
    from .show import batch_of_two, show
    code = job["code"]
    # s2s reads a function's source back through linecache
    linecache.cache[filename] = (len(code), None, code.splitlines(True), filename)
    try:
        tree = ast.parse(code, filename)
    except SyntaxError as e:
        raise UserError(failure("SyntaxError", e.msg, "code", e.lineno,
                                e.offset - 1 if e.offset else None, text=_line(filename, e.lineno)))
    namespace = {"__name__": "__playground__"}
    try:
        exec(compile(tree, filename, "exec"), namespace)
    except Exception as e:
        raise UserError(user_failure(e, filename, "code"))

    name = job["function"].strip() or last_def(tree)
    if not name:
        raise UserError(failure("function", "the code defines no function", "function",
                                hint="write a `def`, or name a function of the code"))
    fn = namespace.get(name)
    if not callable(fn):
        defs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
        raise UserError(failure("function", f"the code defines no function `{name}`", "function",
                                hint=f"its functions: {', '.join(defs)}" if defs else None))

    args = None
    if job["args"].strip():
        try:
            args = eval(compile(job["args"].strip(), "<example arguments>", "eval"), namespace)
        except SyntaxError as e:
            raise UserError(failure("SyntaxError", e.msg, "args"))
        except Exception as e:
            raise UserError(failure("args", f"{type(e).__name__}: {e}", "args"))
        args = args if isinstance(args, tuple) else (args,)

    picked = [t for t in TRANSFORMS if t in job["transforms"]]
    if not picked:
        raise UserError(failure("transforms", "pick a transformation", "transforms"))
    shaped = [t for t in picked if t in SHAPED]
    if shaped and args is None:
        need = "needs" if len(shaped) == 1 else "need"
        raise UserError(failure("args", f"{', '.join(shaped)} {need} example arguments: "
                                f"the code is built for one example's shapes", "args",
                                hint="e.g. jnp.ones(3), or (jnp.ones((4, 3)), 2.0) for two"))

    try:
        view = show(fn, picked, example_args=args, explain=job["explain"])
        columns = []
        for t in picked:
            # one example, as the view takes it: vmap's code runs on a batch of
            # two copies of it, as its column shows
            t_args = batch_of_two(args) if t == "vmap" and args is not None else args
            stages = s2s.stages(fn, t, example_args=t_args)
            columns.append({"name": t, "passes": passes(stages, filename),
                            "values": values(t, fn, t_args, filename)
                            if args is not None else None,
                            "steps": steps(t, fn, t_args, filename)
                            if args is not None and t in STEPPED else None})
    except Exception as e:
        raise UserError(user_failure(e, filename, "code", transforming=True))
    return {"ok": True, "function": name, "view": view.html(), "transforms": columns}


def passes(stages, filename):
    """Each stage with its unified diff against the stage before (the first:
    its whole source). The origin comments name the user's line."""
    out, before = [], None
    for stage in stages:
        stage = stage._replace(source=stage.source.replace(f"# {filename}:", "# line "))
        if before is None:
            text, changed = stage.source, True
        else:
            diff = difflib.unified_diff(before.source.splitlines(), stage.source.splitlines(),
                                        before.name, stage.name, lineterm="")
            text = "\n".join(diff)
            changed = bool(text)
        out.append({"name": stage.name, "purpose": stage.purpose, "first": before is None,
                    "changed": changed, "text": text if changed else "(no change)"})
        before = stage
    return out


def values(t, fn, args, filename):
    """[[label, text]]: transformation `t` of `fn` at `args` (jvp with tangents
    of ones, vjp's pullback of ones), or {"error": ...} at the user's line."""
    import jax
    import jax.numpy as jnp

    import s2s
    ones = lambda tree: jax.tree_util.tree_map(jnp.ones_like, tree)   # noqa: E731
    try:
        if t == "jvp":
            out, tangent = s2s.jvp(fn, args, ones(args))
            return [["primal out", fmt(out)], ["tangent out (tangents of ones)", fmt(tangent)]]
        if t == "vjp":
            out, pullback = s2s.vjp(fn, *args)
            return [["primal out", fmt(out)], ["pullback of ones", fmt(pullback(ones(out)))]]
        if t == "value_and_grad":
            value, g = s2s.value_and_grad(fn)(*args)
            return [["value", fmt(value)], ["grad", fmt(g)]]
        label = "result (a batch of two copies of the example)" if t == "vmap" else "result"
        return [[label, fmt(getattr(s2s, t)(fn)(*args))]]
    except Exception as e:
        return user_failure(e, filename, "code")["error"]


def steps(t, fn, args, filename):
    """The generated code of `t` run at `args` (as `values` runs it), line by
    line, for the page to step through: {"source": its lines, "origins": the
    user's line of each (or None), "steps": [{"line", "sweep", "sets": [[name,
    shape, dtype and value summary]]}] in the order they ran (at most
    MAX_STEPS), "more": how many were left out}; or {"error": ...}."""
    import jax
    import jax.numpy as jnp

    from . import api, errors, introspect, trace
    ones = lambda tree: jax.tree_util.tree_map(jnp.ones_like, tree)   # noqa: E731
    try:
        gen = introspect.generated_record(fn, t, None, args)
        args = list(args) + api.default_values(fn, len(args))
        if t == "jvp":
            def call(*a):
                return gen.function(*a, *ones(a))
        elif t == "vjp":
            def call(*a):
                out, pullback = gen.function(*a)
                return pullback(ones(out))
        else:
            call = gen.function
        # (a Jacobian's program is two functions: the assembly, the batched code)
        files = gen.filenames() if hasattr(gen, "filenames") else \
            gen.function.__code__.co_filename
        _, events = trace.run_recorded(call, args, files)
    except Exception as e:
        return {"error": user_failure(e, filename, "code")["error"]}
    # (the origin comments name the user's line, as in `passes`)
    text = str(gen.source).rstrip("\n").replace(f"# {filename}:", "# line ")
    origins = gen.source.origins() if hasattr(gen.source, "origins") else {}
    user_lines = []
    for line in range(1, text.count("\n") + 2):
        o = origins.get(line)
        where = errors.origin(*o)[:2] if o else (None, None)
        user_lines.append(where[1] if where[0] == filename else None)
    reverse = t in ("grad", "value_and_grad", "vjp")
    sweep = "forward sweep" if reverse else {"jvp": "values and tangents together",
                                             "vmap": "the whole batch at once"}.get(t)
    assembly = len(gen.source.parts[0].split("\n")) if hasattr(gen.source, "parts") else 0
    out = []
    for ev in events[:MAX_STEPS]:
        sets = [[n, trace.summary(v)] for n, v in ev.set.items() if not n.startswith("__")]
        if reverse and any(n.endswith("_bar") or "_bar_" in n for n, _ in sets):
            sweep = "reverse sweep"
        if assembly:   # a Jacobian's program
            sweep = "basis in, result out" if ev.line <= assembly else \
                "the batched code: every direction at once"
        out.append({"line": ev.line, "sweep": sweep, "sets": sets})
    return {"source": text.split("\n"), "origins": user_lines, "steps": out,
            "more": max(0, len(events) - MAX_STEPS)}


def fmt(x):
    """numpy's printing of arrays, inside tuples, lists and dicts."""
    import numpy as np
    if isinstance(x, tuple):
        return "(" + ", ".join(fmt(v) for v in x) + ("," if len(x) == 1 else "") + ")"
    if isinstance(x, list):
        return "[" + ", ".join(fmt(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k!r}: {fmt(v)}" for k, v in x.items()) + "}"
    if hasattr(x, "shape") and hasattr(x, "dtype"):
        return str(np.asarray(x))
    return repr(x)


def user_failure(e, filename, where, transforming=False):
    """`failure` for exception `e`, at the line of the user's code (`filename`)
    it comes from. An exception from transforming (not an S2SError) with no
    such line may be a bug of s2s's: its traceback goes along, folded."""
    from .errors import S2SError, origin
    if isinstance(e, S2SError):
        if e.filename == filename:
            return failure("s2s", e.message, where, e.lineno, e.col, e.hint,
                           _line(filename, e.lineno))
        return failure("s2s", e.one_line(), where)
    line = None
    tb = e.__traceback__
    while tb is not None:   # the innermost frame of the user's code, or of code made from it
        f, n, _ = origin(tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        if f == filename:
            line = n
        tb = tb.tb_next
    if line is None and transforming:
        return failure(type(e).__name__, f"{type(e).__name__}: {e}", where,
                       hint="if the code and the example arguments are right, this is a bug "
                            "in s2s: the traceback helps to report it",
                       tb="".join(traceback.format_exception(e)))
    return failure(type(e).__name__, f"{type(e).__name__}: {e}", where, line, None, None,
                   _line(filename, line) if line else None)


def last_def(tree):
    defs = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    return defs[-1] if defs else ""


def _line(filename, lineno):
    return linecache.getline(filename, lineno or 0).rstrip("\n") or None
