"""Run generated code and see every line's value: `--trace` and `s2s check`.

    s2s grad model.py:f --shapes 3 --trace     # each line, with what it computed
    s2s check model.py:f --transform grad --shapes 3

The generated function runs eagerly under `sys.settrace`, limited to frames of
its own code (and the functions it defines: a pullback): after each line, the
names it set are recorded. A line that runs many times (a loop) shows its
last value and how often it ran. `check` compares the transformation with
JAX's and with central finite differences at random inputs, and where a NaN
or infinity appears, names the first generated line that made one, and the
user's line it comes from.
"""
import collections
import sys

import numpy as np

from . import errors

_MISSING = object()


class LineRecord:
    def __init__(self):
        self.runs = 0
        self.values = {}       # name -> the last value the line gave it, described
        self.first_bad = None  # (name, value): the first non-finite value it made


def run_traced(fn, args, filename=None):
    """(result, {line of the source text: LineRecord}, [lines in the order
    they first made a non-finite value]), running `fn(*args)` and tracing the
    frames of generated code compiled as `filename` (default: fn's)."""
    lines = collections.defaultdict(LineRecord)
    order = []   # lines in the order they first made a non-finite value

    def fold(event):   # described now: a list the code appends to later (the
        record = lines[event.line]   # tape) must show what it held here
        record.runs += 1
        for name, value in event.set.items():
            record.values[name] = summary(value)
            if record.first_bad is None and not finite(value):
                record.first_bad = (name, value)
                order.append(event.line)

    result, _ = run_recorded(fn, args, filename, on_event=fold)
    return result, dict(lines), order


def finite(value):
    try:
        leaves = _leaves(value)
        return all(np.all(np.isfinite(np.asarray(leaf))) for leaf in leaves
                   if np.issubdtype(np.asarray(leaf).dtype, np.inexact))
    except Exception:
        return True


def _leaves(value):
    import jax
    return [leaf for leaf in jax.tree_util.tree_leaves(value)
            if hasattr(leaf, "shape") or isinstance(leaf, (int, float))]


def summary(value):
    """`float32[3] [0.25 0.197 0.105]`, `float32[100] min -1.2 max 3.4`, `3`."""
    if isinstance(value, (bool, int, float, complex, str)) or value is None:
        text = repr(value)
        return text if len(text) <= 40 else text[:39] + "…"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(summary(v) for v in value[:3])
        more = ", …" if len(value) > 3 else ""
        return ("[" + inner + more + "]") if isinstance(value, list) else \
            ("(" + inner + more + ")")
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {summary(v)}" for k, v in list(value.items())[:3]) + \
            (", …}" if len(value) > 3 else "}")
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        a = np.asarray(value)
        head = f"{a.dtype}[{', '.join(str(d) for d in a.shape)}]"
        if a.size == 0:
            return head
        if a.size <= 4:
            return f"{head} {np.array2string(a.ravel(), precision=4, separator=' ')}"
        if np.issubdtype(a.dtype, np.number):
            return f"{head} min {a.min():.4g} max {a.max():.4g}"
        return head
    if callable(value):
        return f"<function {getattr(value, '__name__', '?')}>"
    return type(value).__name__


def annotated(source, lines):
    """`source` with each line that ran followed by what it set."""
    out = []
    for number, text in enumerate(str(source).split("\n"), start=1):
        out.append(text)
        record = lines.get(number)
        if record is None or not record.values or text.lstrip().startswith(("def ", "#")):
            continue
        indent = text[:len(text) - len(text.lstrip())]
        if text.rstrip().endswith(":"):
            indent += "    "
        times = f" (ran {record.runs}×, last)" if record.runs > 1 else ""
        shown = ", ".join(f"{n} = {v}" for n, v in record.values.items()
                          if not n.startswith("__"))
        if shown:
            out.append(f"{indent}# -> {shown}{times}")
    return "\n".join(out)


def first_nonfinite(gen, lines, order):
    """(generated line, user's (file, line)) of the first line that made a NaN
    or an infinity, or None."""
    if not order:
        return None
    line = order[0]
    origin = gen.source.origins().get(line) if hasattr(gen.source, "origins") else None
    where = errors.origin(*origin)[:2] if origin else (None, None)
    return line, where, lines[line].first_bad


class Event:
    """One run of one generated line: the frame's locals before it, and the
    names it set with their new values (the values themselves, for check)."""
    __slots__ = ("line", "before", "set")

    def __init__(self, line, before, set_):
        self.line, self.before, self.set = line, before, set_


def run_recorded(fn, args, filename=None, on_event=None):
    """(result, [Event] in the order the lines ran): `fn(*args)` with every line
    of generated code compiled as `filename` (default: fn's) recorded, with
    the values it set (s2s check compares them line by line). `filename` may
    be a dict {filename: offset} for code printed as one text of several
    functions (a Jacobian's program): a line is numbered line + offset.
    `on_event(event)`, if given, takes each event as it happens instead of the
    list (it can describe values before later lines change them)."""
    filename = filename or fn.__code__.co_filename
    offsets = filename if isinstance(filename, dict) else {filename: 0}
    events, last = [], {}

    def local_trace(frame, event, arg):
        if event in ("line", "return"):
            before = last.get(frame)
            if before is not None:
                line, seen = before
                changed = {name: value for name, value in frame.f_locals.items()
                           if seen.get(name, _MISSING) is not value}
                ran = Event(line - 1 + offsets[frame.f_code.co_filename], seen,
                            changed)   # wrapper line -> text line
                (on_event or events.append)(ran)
            if event == "line":
                last[frame] = (frame.f_lineno, dict(frame.f_locals))
            else:
                last.pop(frame, None)
        return local_trace

    def global_trace(frame, event, arg):
        return local_trace if frame.f_code.co_filename in offsets else None

    previous = sys.gettrace()
    sys.settrace(global_trace)
    try:
        result = fn(*args)
    finally:
        sys.settrace(previous)
    return result, events
