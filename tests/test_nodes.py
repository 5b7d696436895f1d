"""s2s/nodes.py: the tree walks, copies and conversion the passes use in place
of `ast.walk`, `copy.deepcopy`, `gast.dump` and `gast.gast_to_ast`, each
checked against the one it stands for on real code: every module of s2s and
of its tests, and generated code."""
import ast
import copy
import pathlib

import gast
import jax.numpy as jnp
import pytest

import s2s
from s2s import backend
from s2s.backend import _locate_statements
from s2s.nodes import (children, copy_tree, dump_key, name_nodes, statements_in, to_ast,
                       to_printed_ast, walk)

ROOT = pathlib.Path(__file__).resolve().parent.parent
FILES = sorted(ROOT.glob("s2s/**/*.py")) + sorted(ROOT.glob("tests/*.py"))


def _trees():
    for path in FILES:
        yield path.name, gast.parse(path.read_text())


def _generated():
    def layers(params, x):
        for w, b in params:
            x = jnp.tanh(x @ w + b)
        return jnp.sum(x[1:, ::2] ** 2)

    def branchy(x, n=3, *rest, scale=2.0, **options):
        try:
            y = x * scale
        except ValueError as e:
            raise e
        with open(__file__) as f:   # (a with-statement for the converter, never run)
            pass
        return [y[i] for i in range(n) if i % 2] + [lambda v: v + 1]

    params = [(jnp.ones((3, 4)), jnp.ones(4)), (jnp.ones((4, 2)), jnp.ones(2))]
    printed, to_source = [], backend.to_source

    def keep(tree, filename=None):   # (the trees as the passes leave them: statements
        printed.append(tree)         # of the user's places and new ones of none)
        return to_source(tree, filename)
    backend.to_source = keep
    try:
        texts = (s2s.source(s2s.grad(layers), example_args=(params, jnp.ones((5, 3)))),
                 s2s.source(s2s.vmap(lambda m, v: jnp.dot(m, v), in_axes=(None, 0)),
                            example_args=(jnp.ones((2, 3)), jnp.ones((4, 3)))))
    finally:
        backend.to_source = to_source
    for text in texts:
        yield "printed", gast.parse(text)
    for tree in printed:
        yield "generated", gast.Module(body=[tree], type_ignores=[])
    import inspect
    import textwrap
    yield "branchy", gast.parse(textwrap.dedent(inspect.getsource(branchy)))


CORPUS = list(_trees()) + list(_generated())


def _same_tree(a, b):
    assert ast.dump(a, include_attributes=True) == ast.dump(b, include_attributes=True)
    for x, y in zip(ast.walk(a), ast.walk(b)):
        assert type(x) is type(y)


@pytest.mark.parametrize("name,tree", CORPUS, ids=[c[0] for c in CORPUS])
def test_to_ast_is_gast_to_ast(name, tree):
    ours, theirs = to_ast(tree), gast.gast_to_ast(tree)
    _same_tree(ours, theirs)
    ast.fix_missing_locations(ours)
    assert ast.unparse(ours) == ast.unparse(ast.fix_missing_locations(theirs))
    if name != "generated":   # (generated places are the user's: not one file's)
        compile(ours, name, "exec")


class SlicesAsValues(ast.NodeTransformer):
    """What to_printed_ast adds to to_ast, as the backend wrote it before: an
    index passed on as a value is `slice(...)`, a negative power base a negation."""

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
        self.generic_visit(node)
        left = node.left
        if isinstance(node.op, ast.Pow) and isinstance(left, ast.Constant) and \
                type(left.value) in (int, float) and left.value < 0:
            node.left = ast.UnaryOp(op=ast.USub(), operand=ast.Constant(value=-left.value))
        return node


VALUE_SLICES = gast.parse(
    "def f(g, x, n):\n"
    "    a = getitem_cotangent(g, x, INDEX, LAST)\n"
    "    b = x[1:3, ::2][::-1] + x[getitem(x, 2)]\n"
    "    return a * -1 ** n + (-2.5) ** b + 3 ** -1 + (-1) ** x[:1]\n")


def _constant(v):
    return gast.Constant(value=v, kind=None) if v is not None else None


def _with_value_slices():
    """A tree with slices where Python's syntax has none (a pass writes them:
    an index passed on to a helper) and negative numbers as power bases."""
    tree = copy.deepcopy(VALUE_SLICES)
    call = tree.body[0].body[0].value
    n = gast.Name(id="n", ctx=gast.Load(), annotation=None, type_comment=None)
    call.args[2] = gast.Tuple(elts=[gast.Slice(lower=_constant(1), upper=_constant(3), step=None),
                                    gast.Slice(lower=None, upper=None, step=_constant(2)), n],
                              ctx=gast.Load())
    call.args[3] = gast.Slice(lower=_constant(0), upper=copy.deepcopy(n), step=None)
    power = tree.body[0].body[2].value.left.right
    power.left = gast.Constant(value=-1, kind=None)
    return tree


@pytest.mark.parametrize("name,tree", CORPUS + [("value slices", _with_value_slices())],
                         ids=[c[0] for c in CORPUS] + ["value slices"])
def test_to_printed_ast_and_locate_statements_print_as_before(name, tree):
    ours, theirs = to_printed_ast(tree), SlicesAsValues().visit(gast.gast_to_ast(tree))
    _locate_statements(ours)
    ast.fix_missing_locations(theirs)
    assert ast.unparse(ours) == ast.unparse(theirs)
    statements = [n for n in ast.walk(theirs) if isinstance(n, (ast.stmt, ast.excepthandler))]
    mine = [n for n in ast.walk(ours) if isinstance(n, (ast.stmt, ast.excepthandler))]
    assert [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) for n in mine] == \
        [(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) for n in statements]


def test_value_slices_are_written_as_slice_calls():
    text = ast.unparse(to_printed_ast(_with_value_slices()))
    assert "getitem_cotangent(g, x, (slice(1, 3, None), slice(None, None, 2), n), " \
        "slice(0, n, None))" in text
    assert "x[1:3, ::2][::-1]" in text and "(-1) ** (-1)" in text   # (3 ** -1's base made -1)
    assert "a * -1 ** n" in text and "(-1) ** x[:1]" in text


def test_to_ast_keeps_what_passes_attach_out_and_shares_no_node_with_the_input():
    tree = gast.parse("y = -x[1:2] + 1")
    tree.body[0].value.__s2s_note__ = gast.Name(id="noted", ctx=gast.Load(),
                                              annotation=None, type_comment=None)
    out = to_ast(tree)
    assert not hasattr(out.body[0].value, "__s2s_note__")
    theirs = {id(n) for n in walk(tree) if n._fields or n._attributes}
    assert not theirs & {id(n) for n in ast.walk(out)}


@pytest.mark.parametrize("name,tree", CORPUS[::7], ids=[c[0] for c in CORPUS[::7]])
def test_walk_copy_and_dump_key_stand_for_ast_walk_deepcopy_and_dump(name, tree):
    assert [type(n) for n in walk(tree)] == \
        [type(n) for n in ast.walk(tree) if not isinstance(n, gast.expr_context)]
    for node in walk(tree):
        assert children(node) == [c for c in ast.iter_child_nodes(node)
                                  if not isinstance(c, gast.expr_context)]
    assert gast.dump(copy_tree(tree)) == gast.dump(copy.deepcopy(tree))
    assert dump_key(copy_tree(tree)) == dump_key(tree)


_ANNOTATED = ("annotated", gast.parse(
    "def f(x: Sequence[T], *rest: int, y: Dict[K, V] = d, **kw: Any) -> R:\n"
    "    g = lambda a: a + x\n"
    "    def inner(z: Z) -> W:\n"
    "        return z\n"
    "    return [inner(v) for v in x]\n"))


@pytest.mark.parametrize("name,tree", CORPUS[::5] + [_ANNOTATED],
                         ids=[c[0] for c in CORPUS[::5]] + ["annotated"])
def test_name_nodes_finds_the_names_walk_finds_and_stops_at_other_scopes(name, tree):
    def key(nodes):
        return sorted(id(n) for n in nodes)
    assert key(name_nodes(tree)) == key(n for n in walk(tree) if isinstance(n, gast.Name))
    # stopping at definitions and lambdas: the names outside them, the scopes met
    outside, scopes, todo = [], [], list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (gast.FunctionDef, gast.Lambda)):
            scopes.append(node)
        else:
            outside += [node] if isinstance(node, gast.Name) else []
            todo += children(node)
    stopped = []
    assert key(name_nodes(tree.body, (gast.FunctionDef, gast.Lambda), stopped)) == key(outside)
    assert key(stopped) == key(scopes)


@pytest.mark.parametrize("name,tree", CORPUS[::5], ids=[c[0] for c in CORPUS[::5]])
def test_statements_in_finds_the_statements_walk_finds_in_its_order(name, tree):
    assert statements_in(tree) == [n for n in walk(tree) if isinstance(n, gast.stmt)]


def _rewriter(base):
    class Rewrite(base):
        """Every edit a NodeTransformer can make: replace a node, drop one
        from a list (None), splice a list in, drop a lone field (None)."""

        def visit_Name(self, node):
            return gast.Name(id=node.id.upper(), ctx=node.ctx, annotation=None,
                             type_comment=None) if node.id.startswith("s") else node

        def visit_Pass(self, node):
            return None

        def visit_Expr(self, node):
            self.generic_visit(node)
            return [node, gast.Pass()] if isinstance(node.value, gast.Call) else node

        def visit_Return(self, node):
            self.generic_visit(node)
            if isinstance(node.value, gast.Constant):
                node.value = gast.Name(id="dropped", ctx=gast.Load(), annotation=None,
                                       type_comment=None)
            return node

        def visit_keyword(self, node):
            return None if node.arg == "axis" else self.generic_visit(node)
    return Rewrite


@pytest.mark.parametrize("name,tree", CORPUS[::5], ids=[c[0] for c in CORPUS[::5]])
def test_transformer_rewrites_as_node_transformer_does(name, tree):
    from s2s.nodes import Transformer
    ours = _rewriter(Transformer)().visit(copy.deepcopy(tree))
    theirs = _rewriter(gast.NodeTransformer)().visit(copy.deepcopy(tree))
    assert gast.dump(ours) == gast.dump(theirs)


def test_compile_tree_runs_a_function_at_its_own_lines():
    """backend.compile_tree (the probe's instrumented copy: compiled, never
    printed): the function runs, a failure in it maps to its statement's
    line and column, and places a pass copied in (an end before its start)
    do not stop it compiling."""
    from s2s import errors
    tree = gast.parse("def f(x):\n    y = x + 1\n    if y > 2:\n        z = 1 / 0\n"
                      "    return y\n").body[0]
    added = gast.Assign(targets=[gast.Name(id="w", ctx=gast.Store(), annotation=None,
                                           type_comment=None)],
                        value=gast.Constant(value=2, kind=None))   # (no place at all)
    tree.body.insert(1, added)
    tree.body[0].value.end_col_offset = 0   # (before its start column, 8)
    fn = backend.compile_tree(tree, "case.py", {}, {})
    assert fn(0) == 1
    with pytest.raises(ZeroDivisionError) as info:
        fn(5)
    assert errors.origin(*errors.generated_frame(info.value.__traceback__)) == ("case.py", 4, 8)
