"""Backend: tree -> readable source text -> a live Python function.

The generated function runs in the user's module globals (so a global the user
rebinds later is seen), with the user's own closure cells, plus the few names
s2s provides (`jnp`, runtime helpers, other generated functions) as closure
cells too. Its text is registered in linecache, so tracebacks, pdb and
`inspect.getsource` show the generated code.
"""
import ast
import itertools
import linecache
import os
import re
import types
import weakref

import gast

from . import anno, locks
from .errors import SOURCE_MAP, origin
from .nodes import to_printed_ast

LINE_MARK = "__s2s_line__"
COMMENT_MARK = "__s2s_comment__"   # Expr(Constant(COMMENT_MARK + text)) prints as `# text`
_counter = itertools.count(1)


@locks.building
def to_source(fn_tree, filename=None):
    """Deterministic source text of a gast function, with a comment before each
    group of statements naming the user's line they came from (through the
    source map when the tree was itself generated: a Hessian comments with the
    user's lines, not its gradient's). The tree is left as it is: marks and
    slice fixes go into its `ast` copy (converting copies every node, so no
    deep copy is needed)."""
    module = to_printed_ast(gast.Module(body=[fn_tree], type_ignores=[]))
    tree = module.body[0]
    places = _mark_lines(tree, lambda s: origin(anno.get(s, anno.Key.FILENAME, filename),
                                                s.lineno)[:2])
    _locate_statements(module)
    text = ast.unparse(module)

    def comment(m):
        indent, (where_file, line) = m.group(1), places[int(m.group(2))]
        shown = re.sub(r"^<s2s-\d+: ", "<s2s: ", os.path.basename(where_file or ""))
        where = f"{shown}:{line}" if where_file else f"line {line}"   # no counter: deterministic
        code = linecache.getline(where_file, line).strip() if where_file else ""
        return f"{indent}# {where}: {code}" if code else f"{indent}# {where}"

    pattern = rf"""^(\s*)(?:'|\"\"\"){LINE_MARK} (\d+)(?:'|\"\"\")$"""
    text = re.sub(pattern, comment, text, flags=re.M)
    notes = rf"""^(\s*)(?:'|\"\"\"){COMMENT_MARK}(.*?)(?:'|\"\"\")$"""
    text = re.sub(notes, lambda m: f"{m.group(1)}# {m.group(2)}", text, flags=re.M) + "\n"
    return Text(text, tree, filename)


class Text(str):
    """Generated source text that knows where its lines came from: each
    statement's line(s) map to the (filename, lineno, col) its node carries,
    which `compile_function` registers as the source map (errors.SOURCE_MAP)."""

    def __new__(cls, text, tree=None, filename=None):
        self = super().__new__(cls, text)
        self.tree, self.filename = tree, filename
        return self

    def _repr_html_(self):
        """In a notebook: highlighted."""
        from .highlight import html_block
        return html_block(str(self))

    def origins(self):
        """{line of this text: (filename, lineno, col)}, 0: the function's own."""
        tree, filename = self.tree, self.filename
        if tree is None or filename is None:
            return {}
        out = {}
        if getattr(tree, "lineno", None) is not None:
            out[0] = out[1] = (filename, tree.lineno, tree.col_offset)
        try:
            with locks.BUILD:   # (s2s/locks.py: CPython's AST conversion is one thread's)
                printed = ast.parse(str(self)).body[0]
        except (SyntaxError, IndexError):
            return out
        ours = [s for s in _statements(tree) if not is_mark(s)]
        theirs = list(_statements(printed))
        if len(ours) != len(theirs):
            return out
        for node, shown in zip(ours, theirs):   # outer statements first: inner ones win
            if getattr(node, "lineno", None) is None:
                continue
            # (a callee copied in from another file: its lines are that file's)
            where = (anno.get(node, anno.Key.FILENAME, filename), node.lineno, node.col_offset)
            for line in range(shown.lineno, (shown.end_lineno or shown.lineno) + 1):
                out[line] = where
        last = out.get(1)
        for line in range(1, self.count("\n") + 2):   # a line with no node of its own
            last = out.setdefault(line, last)
            if last is None:
                del out[line]
        return out


def _statements(node):
    """The statements under `node` (gast or ast), in printing order."""
    for field in ("body", "orelse", "handlers", "finalbody"):
        for s in getattr(node, field, None) or []:
            if isinstance(s, (gast.stmt, ast.stmt)):
                yield s
            yield from _statements(s)


def is_mark(s):
    """A line or comment marker statement (printed as a comment, not code), in
    a gast tree or in the `ast` copy that is printed."""
    return isinstance(s, (gast.Expr, ast.Expr)) and \
        isinstance(s.value, (gast.Constant, ast.Constant)) and \
        isinstance(s.value.value, str) and s.value.value.startswith((LINE_MARK, COMMENT_MARK))


def _locate_statements(node, lineno=1, col=0, end_lineno=1, end_col=0):
    """`ast.fix_missing_locations` for the statements (and exception
    handlers) under `node`, the only nodes whose places printing reads
    (ast.unparse: an assignment's, a loop's, a def's line; Text.origins: each
    statement's line and column): what it gives them, without visiting every
    expression."""
    if "lineno" in node._attributes:
        d = node.__dict__
        lineno = d.setdefault("lineno", lineno)
        col = d.setdefault("col_offset", col)
        if d.get("end_lineno") is None:
            d["end_lineno"] = end_lineno
        end_lineno = d["end_lineno"]
        if d.get("end_col_offset") is None:
            d["end_col_offset"] = end_col
        end_col = d["end_col_offset"]
    for field in ("body", "orelse", "finalbody", "handlers", "cases"):
        inner = getattr(node, field, None)
        if inner.__class__ is list:
            for s in inner:
                _locate_statements(s, lineno, col, end_lineno, end_col)


def _mark_lines(fn, place_of):
    """Insert a marker before each statement (of the `ast` copy) whose place in
    the user's code, `place_of(statement)`, differs from the previous statement's,
    in printing order; return the places, which the markers number."""
    places = []
    last = [place_of(fn) if getattr(fn, "lineno", None) is not None else None]

    def mark_block(stmts):
        out = []
        for s in stmts:
            place = place_of(s) if getattr(s, "lineno", None) is not None else None
            if place is not None and place != last[0]:
                out.append(ast.Expr(value=ast.Constant(value=f"{LINE_MARK} {len(places)}")))
                places.append(place)
                last[0] = place
            out.append(s)
            for field in ("body", "orelse"):
                if isinstance(getattr(s, field, None), list):
                    setattr(s, field, mark_block(getattr(s, field)))
        return out

    fn.body = mark_block(fn.body)
    return places


class _Origins:
    """A generated file's entry in the source map, worked out when first read
    (an error, a traceback, code generated from it): mapping lines means
    parsing the printed text again, which most builds never need. Line L of
    the text is line L + 1 of the compiled wrapper."""

    def __init__(self, text):
        self.text, self.lines = text, None

    def get(self, line, default=None):
        lines = self.lines
        if lines is None:
            with locks.BUILD:
                if self.lines is None:
                    self.lines = {k + 1 if k else 0: where
                                  for k, where in self.text.origins().items()}
                    self.text = None
                lines = self.lines
        return lines.get(line, default)


@locks.building
def compile_function(text, name, globals_, cells):
    """Make a function from `text` (a def of `name`).

    `cells` maps free names to closure cells; every other free name is a
    global of `globals_`. The def is compiled inside a factory whose
    parameters are the cell names, then rebuilt with the given cells.
    """
    free = sorted(cells)
    body = "".join("    " + line + "\n" if line.strip() else "\n" for line in text.splitlines())
    wrapper = f"def __s2s_factory__({', '.join(free)}):\n{body}    return {name}\n"
    key = (wrapper, getattr(text, "filename", None))
    filename = _file_for(key, wrapper, name, text)
    fn = _made(compile(wrapper, filename, "exec"), name, globals_, cells)
    weakref.finalize(fn.__code__, _DROPPED.append, key)
    return fn


def printed_source(fn):
    """The text a function was compiled from by `compile_function` (the lines
    between its factory's `def` and `return`), or None."""
    lines = linecache.getlines(fn.__code__.co_filename)
    if not lines or not lines[0].startswith("def __s2s_factory__"):
        return None
    return "".join(line[4:] if line.startswith("    ") else line for line in lines[1:-1])


# Generated files: the same text (closures of one def: their code is the same)
# is one file, `<s2s-N: name>`, whose lines (linecache) and source map are
# dropped when the last function compiled from it is: a dropped function's
# code leaves nothing behind, and JAX, which keys some of its caches on a
# function's file and line, sees the same place for the same code.
_FILES = {}     # (wrapper text, user's filename) -> [filename, functions alive]
_DROPPED = []   # keys whose function was collected (appended by its finalizer: no lock)


def _file_for(key, wrapper, name, text):
    while _DROPPED:   # (under the build lock: the tables change only here)
        dropped = _FILES.get(_DROPPED.pop())
        if dropped is not None:
            dropped[1] -= 1
    for gone in [k for k, (_, alive) in _FILES.items() if alive <= 0] if len(_FILES) > 64 \
            else ():
        _forget(_FILES.pop(gone)[0])
    entry = _FILES.get(key)
    if entry is None:
        filename = f"<s2s-{next(_counter)}: {name}>"
        linecache.cache[filename] = (len(wrapper), None, wrapper.splitlines(True), filename)
        if isinstance(text, Text):
            SOURCE_MAP[filename] = _Origins(text)
        entry = _FILES[key] = [filename, 0]
    entry[1] += 1
    return entry[0]


def _forgotten_with(fn, filename):
    """`fn`, its file's lines and source map dropped when its code is."""
    weakref.finalize(fn.__code__, _forget, filename)
    return fn


def _forget(filename):
    linecache.cache.pop(filename, None)
    SOURCE_MAP.pop(filename, None)


def _made(module_code, name, globals_, cells):
    """The function `name` a compiled factory module defines, with its cells."""
    factory_code = module_code.co_consts[0]
    code = next(c for c in factory_code.co_consts
                if isinstance(c, types.CodeType) and c.co_name == name)
    closure = tuple(cells[v] for v in code.co_freevars)
    fn = types.FunctionType(code, globals_, name, None, closure)
    fn.__qualname__ = name
    return fn


@locks.building
def compile_tree(fn_tree, filename, globals_, cells):
    """`compile_function` of a function no one reads as text (the probe's
    instrumented copy): compiled from its `ast`, without printing it and
    parsing the print. Its lines are its statements' own places in
    `filename` (the user's file, or generated code the source map follows
    on), and its source map sends each line there."""
    name, free = fn_tree.name, sorted(cells)
    module = ast.parse(f"def __s2s_factory__({', '.join(free)}):\n    return {name}\n")
    module.body[0].body.insert(0, to_printed_ast(fn_tree))
    _place(module)
    where = f"<s2s-{next(_counter)}: {name}>"
    lines = linecache.getlines(filename) if filename else []
    linecache.cache[where] = (sum(map(len, lines)), None, lines, where)
    SOURCE_MAP[where] = _SameLines(filename, fn_tree)
    return _forgotten_with(_made(compile(module, where, "exec"), name, globals_, cells), where)


def _place(module):
    """Every node a line and column to compile with: its own, or (a node s2s
    made) its parent's; no end (a node's end, copied from elsewhere, may lie
    before its start, which compile refuses: only the start is ever read)."""
    stack = [(module, 1, 0)]
    while stack:
        node, line, col = stack.pop()
        d = node.__dict__
        if "lineno" in node._attributes:
            if d.get("lineno") is None:
                d["lineno"], d["col_offset"] = line, col
            else:
                line = d["lineno"]
                col = d["col_offset"] = d.get("col_offset") or 0
            d["end_lineno"] = d["end_col_offset"] = None
        for field in node._fields:
            value = d.get(field)
            if isinstance(value, ast.AST):
                stack.append((value, line, col))
            elif value.__class__ is list:
                stack.extend((v, line, col) for v in value if isinstance(v, ast.AST))


class _SameLines:
    """The source map of code compiled at its tree's own places: line L is
    line L of `filename`, at the column of the first statement written there
    (0: the function's own place)."""

    def __init__(self, filename, fn_tree):
        self.filename, self.tree, self.columns = filename, fn_tree, None
        self.own = (filename, fn_tree.lineno, fn_tree.col_offset) \
            if getattr(fn_tree, "lineno", None) is not None else None

    def get(self, line, default=None):
        if self.filename is None:
            return default
        if not line:
            return self.own or default
        if self.columns is None:   # (worked out when first read: an error)
            self.columns = {}
            for s in _statements(self.tree):
                if getattr(s, "lineno", None) is not None:
                    self.columns.setdefault(s.lineno, s.col_offset)
            self.tree = None
        return (self.filename, line, self.columns.get(line))


def cell(value=None, empty=False):
    return types.CellType() if empty else types.CellType(value)
