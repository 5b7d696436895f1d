"""COVERAGE.md is generated from the rules table (`make coverage`): it must be
current, and say what the table says."""
import os

import jax.numpy as jnp

from s2s import coverage, rules

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_committed_table_is_current():
    with open(os.path.join(ROOT, "COVERAGE.md")) as f:
        assert f.read() == coverage.table(), "run `make coverage` and commit COVERAGE.md"


def test_the_table_says_what_the_rules_say():
    text = coverage.table()
    assert "| `jnp.sin` | rule | rule | rule |" in text
    assert "| `jnp.dot` | product | rule | rule |" in text
    assert "| `jnp.shape` | zero | zero | rule |" in text   # (one example's shape)
    assert "| `jnp.arange` | none | none | refused |" in text
    native = coverage.native_jnp_functions()
    assert "sin" in native and "gradient" not in native
    assert all(rules.lookup(getattr(jnp, n)) is not None for n in native)
    assert f"**{len(native)} of the {len(coverage.public_jnp_functions())} public" in text
