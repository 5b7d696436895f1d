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

import gast

from .errors import SOURCE_MAP, origin
from .nodes import to_ast

LINE_MARK = "__s2s_line__"
COMMENT_MARK = "__s2s_comment__"   # Expr(Constant(COMMENT_MARK + text)) prints as `# text`
_counter = itertools.count(1)


def to_source(fn_tree, filename=None):
    """Deterministic source text of a gast function, with a comment before each
    group of statements naming the user's line they came from (through the
    source map when the tree was itself generated: a Hessian comments with the
    user's lines, not its gradient's). The tree is left as it is: marks and
    slice fixes go into its `ast` copy (converting copies every node, so no
    deep copy is needed)."""
    module = to_ast(gast.Module(body=[fn_tree], type_ignores=[]))
    tree = module.body[0]
    places = _mark_lines(tree, lambda line: origin(filename, line)[:2])
    _SlicesAsValues().visit(tree)
    text = ast.unparse(ast.fix_missing_locations(module))

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
            where = (filename, node.lineno, node.col_offset)
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


class _SlicesAsValues(ast.NodeTransformer):
    """An index `1:3` passed on as a value (to a helper such as
    getitem_cotangent) must be written `slice(1, 3, None)` there."""

    def visit_Subscript(self, node):
        node.value = self.visit(node.value)
        index = node.slice   # the slices of a subscript stay slices
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        for i, part in enumerate(parts):
            fixed = self.generic_visit(part) if isinstance(part, ast.Slice) else self.visit(part)
            if isinstance(index, ast.Tuple):
                index.elts[i] = fixed
            else:
                node.slice = fixed
        return node

    def visit_Slice(self, node):
        self.generic_visit(node)
        parts = [p if p is not None else ast.Constant(value=None)
                 for p in (node.lower, node.upper, node.step)]
        return ast.Call(func=ast.Name(id="slice", ctx=ast.Load()), args=parts, keywords=[])

    def visit_BinOp(self, node):
        # A negative number (normalize folds `-1` into one constant) as a power's
        # base: ast.unparse writes Constant(-1) ** n as `-1 ** n`, which is
        # -(1 ** n); written as a negation it gets its parentheses, `(-1) ** n`.
        self.generic_visit(node)
        left = node.left
        if isinstance(node.op, ast.Pow) and isinstance(left, ast.Constant) and \
                type(left.value) in (int, float) and left.value < 0:
            node.left = ast.UnaryOp(op=ast.USub(), operand=ast.Constant(value=-left.value))
        return node


def _mark_lines(fn, place_of):
    """Insert a marker before each statement (of the `ast` copy) whose place in
    the user's code, `place_of(lineno)`, differs from the previous statement's,
    in printing order; return the places, which the markers number."""
    places = []
    first = getattr(fn, "lineno", None)
    last = [place_of(first) if first is not None else None]

    def mark_block(stmts):
        out = []
        for s in stmts:
            line = getattr(s, "lineno", None)
            place = place_of(line) if line is not None else None
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
        if self.lines is None:
            self.lines = {k + 1 if k else 0: where for k, where in self.text.origins().items()}
            self.text = None
        return self.lines.get(line, default)


def compile_function(text, name, globals_, cells):
    """Make a function from `text` (a def of `name`).

    `cells` maps free names to closure cells; every other free name is a
    global of `globals_`. The def is compiled inside a factory whose
    parameters are the cell names, then rebuilt with the given cells.
    """
    free = sorted(cells)
    body = "".join("    " + line + "\n" if line.strip() else "\n" for line in text.splitlines())
    wrapper = f"def __s2s_factory__({', '.join(free)}):\n{body}    return {name}\n"
    filename = f"<s2s-{next(_counter)}: {name}>"
    linecache.cache[filename] = (len(wrapper), None, wrapper.splitlines(True), filename)
    if isinstance(text, Text):
        SOURCE_MAP[filename] = _Origins(text)
    factory_code = compile(wrapper, filename, "exec").co_consts[0]
    code = next(c for c in factory_code.co_consts
                if isinstance(c, types.CodeType) and c.co_name == name)
    closure = tuple(cells[v] for v in code.co_freevars)
    fn = types.FunctionType(code, globals_, name, None, closure)
    fn.__qualname__ = name
    return fn


def cell(value=None, empty=False):
    return types.CellType() if empty else types.CellType(value)
