"""The side-by-side view: a user's function and its transformations in columns.

    view = s2s.show(f, transforms=("jvp", "grad", "vmap"), example_args=(x,))
    view              # in Jupyter: highlighted columns; hover a line to see its origin
    print(view)       # on a terminal: the same columns as text
    view.html(page=True)   # a standalone HTML page (`s2s show ... --html out.html`)

Each generated line knows the user line it comes from (its node's origin,
followed through the source map when the code was itself generated). A column
is cut into blocks, runs of lines from one user line; the rows line up the
blocks of every column by that user line. The orders differ (a gradient's
reverse sweep visits the user's lines backwards), so the rows are a common
supersequence of the columns' block orders (difflib's matching blocks): where
two columns agree they share a row, elsewhere each gets rows of its own.
"""
import difflib
import inspect
import re
from typing import NamedTuple, Optional

from . import errors, frontend, highlight, introspect
from .errors import S2SError

DEFAULT_TRANSFORMS = ("jvp", "grad", "vmap")
# the comment to_source writes where the user's line changes: the view's rows say it
_ORIGIN_COMMENT = re.compile(r"^\s*# \S+:\d+(: .*)?$")


class Block(NamedTuple):
    line: Optional[int]   # the user's line, None where unknown
    lines: list           # the source lines (text, indentation kept)


class Column(NamedTuple):
    title: str
    source: str           # the whole generated (or user) source
    blocks: list          # [Block] in source order


class Row(NamedTuple):
    line: Optional[int]
    cells: dict           # column index -> Block


class View:
    """A function and its transformations, side by side (see the module doc)."""

    def __init__(self, name, filename, columns):
        self.name, self.filename = name, filename
        self.columns = columns
        self.rows = align([c.blocks for c in columns])
        # the user's line of each row, also shown beside rows of other code
        # made from it (a gradient's reverse sweep), dimmed
        self.user_lines = {b.line: b.lines[0] for b in columns[0].blocks}

    # -- text ----------------------------------------------------------------

    def text(self, width=None, color=False):
        """The columns as text, each `width` characters wide at most (default:
        its longest line), a rule between rows."""
        widths = []
        for c in self.columns:
            longest = max([len(c.title)] + [len(t) for b in c.blocks for t in b.lines])
            widths.append(min(longest, width) if width else longest)
        sep = " │ "
        out = [sep.join(c.title.ljust(w) for c, w in zip(self.columns, widths)),
               "─┼─".join("─" * w for w in widths)]
        for row in self.rows:
            cells = [row.cells[k].lines if k in row.cells else [] for k in range(len(widths))]
            if not cells[0] and row.line in self.user_lines:
                cells[0] = [self.user_lines[row.line]]   # (a reverse sweep's rows)
            for i in range(max(len(c) for c in cells)):
                parts = []
                for cell, w in zip(cells, widths):
                    t = cell[i] if i < len(cell) else ""
                    t = t if len(t) <= w else t[:w - 1] + "…"
                    parts.append(_colour(t, color) + " " * (w - len(t)))
                out.append(sep.join(parts).rstrip())
            out.append("─┼─".join("─" * w for w in widths))
        return "\n".join(out) + "\n"

    def __str__(self):
        return self.text()

    def __repr__(self):
        return f"<s2s.show of {self.name}: {', '.join(c.title for c in self.columns)}>"

    # -- HTML ----------------------------------------------------------------

    def html(self, page=False):
        """An HTML table of the columns: each line a span with the user line it
        comes from (data-origin), hovering one highlights its origin and every
        line derived from it. `page=True`: a whole standalone document."""
        head = "".join(f"<th>{highlight.escape(c.title)}</th>" for c in self.columns)
        body = []
        for row in self.rows:
            cells = []
            for k, c in enumerate(self.columns):
                block, kind = row.cells.get(k), "s2s-line"
                if block is None and k == 0 and row.line in self.user_lines:
                    block, kind = Block(row.line, [self.user_lines[row.line]]), "s2s-line s2s-echo"
                if block is None:
                    cells.append("<td></td>")
                    continue
                origin = "" if block.line is None else f' data-origin="{block.line}"'
                lines = highlight.html("\n".join(block.lines)).split("\n")
                # block spans, no newlines between: a newline in a <pre> would
                # add an empty line after each
                spans = "".join(f'<span class="{kind}"{origin}>{t or " "}</span>' for t in lines)
                cells.append(f"<td><pre>{spans}</pre></td>")
            line = "" if row.line is None else f' data-line="{row.line}"'
            body.append(f"<tr{line}>{''.join(cells)}</tr>")
        table = (f'<div class="s2s-show"><style>{STYLE}{highlight.css(".s2s-show")}</style>'
                 f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
                 f"<script>{SCRIPT}</script></div>")
        if not page:
            return table
        title = highlight.escape(f"s2s: {self.name}")
        return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{title}</title>"
                f"</head><body>{table}</body></html>\n")

    def _repr_html_(self):
        return self.html()


STYLE = """
.s2s-show table { border-collapse: collapse; font-size: 12px; }
.s2s-show th { text-align: left; font-family: sans-serif; padding: 4px 8px;
               border-bottom: 2px solid #888; }
.s2s-show td { vertical-align: top; padding: 2px 8px; border-left: 1px solid #ddd; }
.s2s-show tr { border-bottom: 1px solid #eee; }
.s2s-show pre { margin: 0; background: none; }
.s2s-show .s2s-line { display: block; }
.s2s-show .s2s-line.s2s-hl { background: #fff3b0; }
.s2s-show .s2s-echo { opacity: 0.45; }
"""

# Hover a line: its user line and every line made from it are highlighted, in
# every column. Plain DOM, no library (the page works offline).
SCRIPT = """
(function () {
  var views = document.querySelectorAll('.s2s-show');
  var view = views[views.length - 1];
  function mark(line, on) {
    view.querySelectorAll('.s2s-line[data-origin="' + line + '"]').forEach(function (e) {
      e.classList.toggle('s2s-hl', on);
    });
  }
  view.addEventListener('mouseover', function (ev) {
    var t = ev.target.closest('.s2s-line');
    if (t && t.dataset.origin) mark(t.dataset.origin, true);
  });
  view.addEventListener('mouseout', function (ev) {
    var t = ev.target.closest('.s2s-line');
    if (t && t.dataset.origin) mark(t.dataset.origin, false);
  });
})();
"""


def _colour(text, on):
    return highlight.terminal(text).rstrip("\n") if on and text.strip() else text


def show(fun, transforms=DEFAULT_TRANSFORMS, example_args=None, argnums=None, explain=False):
    """The user's function and the code of each transformation in `transforms`
    (names as `s2s.source` takes them), side by side. `example_args`: one
    example of `fun`'s arguments, needed for vmap and the Jacobians, which are
    built for its shapes (vmap's column batches two copies of it)."""
    if isinstance(transforms, str):
        transforms = tuple(t.strip() for t in transforms.split(",") if t.strip())
    fn = frontend.python_function(fun)
    filename = fn.__code__.co_filename
    columns = [user_column(fn)]
    for t in transforms:
        examples = example_args
        if t == "vmap" and example_args is not None:
            examples = batch_of_two(example_args)
        text = introspect.source(fn, t, argnums=argnums, example_args=examples,
                                 explain=explain)
        columns.append(generated_column(t, text, filename))
    return View(fn.__name__, filename, columns)


def batch_of_two(example_args, axes=0):
    """vmap's view of one example: a batch of two copies of each argument,
    along its axis of `axes` (an int for all; None leaves an argument as it is)."""
    axes = axes if isinstance(axes, (tuple, list)) else [axes] * len(example_args)
    return tuple(_two_copies(a, axis) for a, axis in zip(example_args, axes))


def _two_copies(example, axis):
    import jax
    import numpy as np
    if axis is None:
        return example
    return jax.tree_util.tree_map(lambda a: np.stack([np.asarray(a)] * 2, axis=axis), example)


def user_column(fn):
    """The user's function as a column, one block per line."""
    try:
        lines, start = inspect.getsourcelines(fn)
    except (OSError, TypeError):
        raise S2SError(f"cannot show `{fn.__qualname__}`: Python has no source code for it",
                       hint="define it in a .py file")
    lines = [t.rstrip("\n") for t in lines]
    indent = min((len(t) - len(t.lstrip()) for t in lines if t.strip()), default=0)
    blocks = [Block(start + i, [t[indent:]]) for i, t in enumerate(lines)]
    return Column(fn.__name__, "\n".join(t[indent:] for t in lines) + "\n", blocks)


def generated_column(title, text, user_file):
    """Generated source as a column: its lines grouped by the user line of
    `user_file` each comes from (comment lines go with the code after them;
    the origin comments themselves are left out: the rows say it)."""
    origins = text.origins() if hasattr(text, "origins") else {}
    lines = str(text).rstrip("\n").split("\n")
    where = []
    for i in range(1, len(lines) + 1):
        o = origins.get(i)
        f, line, _ = errors.origin(*o) if o else (None, None, None)
        where.append(line if f == user_file else None)
    # the function's own plumbing (the seed, the return) carries the def's
    # line: it goes with the code before it
    for i in range(1, len(lines)):
        if where[i] is None or where[i] == where[0]:
            where[i] = where[i - 1]
    # a comment belongs to the code it introduces
    for i in range(len(lines) - 2, -1, -1):
        if lines[i].lstrip().startswith("#"):
            where[i] = where[i + 1]
    blocks = []
    for text_line, line in zip(lines, where):
        if _ORIGIN_COMMENT.match(text_line):
            continue
        if blocks and blocks[-1].line == line:
            blocks[-1].lines.append(text_line)
        else:
            blocks.append(Block(line, [text_line]))
    return Column(title, str(text), blocks)


def align(columns):
    """[Row]: the columns' blocks lined up by user line, each column's blocks
    in its own order (a common supersequence, merged one column at a time)."""
    rows = []
    for k, blocks in enumerate(columns):
        keys = [r.line for r in rows]
        theirs = [b.line for b in blocks]
        merged = []
        matcher = difflib.SequenceMatcher(None, keys, theirs, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                for r, b in zip(rows[i1:i2], blocks[j1:j2]):
                    r.cells[k] = b
                    merged.append(r)
                continue
            merged += rows[i1:i2]
            merged += [Row(b.line, {k: b}) for b in blocks[j1:j2]]
        rows = merged
    return rows
