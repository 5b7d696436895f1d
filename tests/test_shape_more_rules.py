"""Shape, indexing, sorting and creation functions in small realistic programs:
each has jvp, vjp and batch rules (s2s/rules/shape_more.py, shape_split.py,
indexing_more.py, creation.py), checked against JAX to the second derivative,
batched and jitted."""
import jax
import jax.numpy as jnp
import pytest

import s2s
from against_jax import close, derivatives_match, jvp_vmap_and_jit_match
import shape_more_cases as C

CASES = [C.banded_loss, C.embedding_lookup, C.conv_like, C.sorted_stats, C.tiled,
         C.split_and_join, C.update_block, C.ranges_and_casts, C.piecewise_select,
         C.polynomial_features, C.grid_potential]
POINTS = [jnp.array([0.7, -1.3, 0.45]), jnp.array([-0.3, 2.1, 1.7])]


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_derivatives_match_jax(fn, transform):
    derivatives_match(fn, transform, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_jvp_vmap_and_jit_match_jax(fn):
    jvp_vmap_and_jit_match(fn, POINTS)


@pytest.mark.parametrize("fn", CASES, ids=[f.__name__ for f in CASES])
def test_no_call_is_handed_to_jax(fn):
    """Every function here has native rules: the generated code never calls
    jvp_by_jax / vjp_by_jax / vmap_by_jax."""
    for transform in ("grad", "jvp"):
        assert "_by_jax" not in s2s.source(fn, transform)
    batched = s2s.vmap(s2s.grad(fn))
    batched(jnp.stack(POINTS))
    assert "_by_jax" not in s2s.source(batched)


def embedding_rows(table, ids):
    return jnp.sum(jnp.take(table, ids, axis=0) ** 2)


def test_take_with_batched_indices_and_repeats_matches_jax():
    table = jnp.arange(12.0).reshape(4, 3) / 7.0
    ids = jnp.array([[0, 2, 2], [3, 3, 1]])
    close(s2s.vmap(embedding_rows, in_axes=(None, 0))(table, ids),
          jax.vmap(embedding_rows, in_axes=(None, 0))(table, ids))
    close(s2s.grad(embedding_rows)(table, ids[0]), jax.grad(embedding_rows)(table, ids[0]))
    tables = jnp.stack([table, 2.0 * table])
    close(s2s.vmap(embedding_rows)(tables, ids), jax.vmap(embedding_rows)(tables, ids))


def test_generated_code_reads_like_the_rule():
    text = s2s.source(C.sorted_stats, "grad")
    assert "take_along_axis_cotangent" in text and "jnp.argsort" in text
    assert "jnp.roll" in s2s.source(C.sorted_stats, "jvp")
