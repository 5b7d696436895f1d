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
from s2s.nodes import copy_tree, dump_key, to_ast, walk

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
    for text in (s2s.source(s2s.grad(layers), example_args=(params, jnp.ones((5, 3)))),
                 s2s.source(s2s.vmap(lambda m, v: jnp.dot(m, v), in_axes=(None, 0)),
                            example_args=(jnp.ones((2, 3)), jnp.ones((4, 3))))):
        yield "generated", gast.parse(text)
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
    assert ast.unparse(ours) == ast.unparse(theirs)
    compile(ast.fix_missing_locations(ours), name, "exec")


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
    assert [type(n) for n in walk(tree)] == [type(n) for n in ast.walk(tree)]
    assert gast.dump(copy_tree(tree)) == gast.dump(copy.deepcopy(tree))
    assert dump_key(copy_tree(tree)) == dump_key(tree)
