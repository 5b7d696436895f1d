import os
import sys

import jax

# Numeric checks compare against JAX in float64.
jax.config.update("jax_enable_x64", True)

# Test programs live in tests/cases; make them importable as plain modules.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "cases"))


# Layers, for choosing what to run (`pytest -m unit`, `make test-fast`): by file,
# as the files are laid out by what they test. Unmarked files are `e2e`.
LAYERS = {
    "unit": {"test_nodes.py", "test_frontend.py", "test_analyses.py", "test_passes.py",
             "test_tidy.py", "test_pass_table.py", "test_docs_links.py"},
    "golden": {"test_golden.py"},
    "rules": {"test_rules_jvp.py", "test_rules_vjp.py", "test_rules_table.py",
              "test_elementwise_more_rules.py", "test_reductions_more_rules.py",
              "test_shape_more_rules.py", "test_nn_rules.py", "test_custom_rules.py",
              "test_runtime_helpers_transformable.py", "test_coverage.py"},
    "browser": {"test_playground.py", "test_serve.py", "test_notebook.py"},
    "slow": {"test_memory.py", "test_realworld.py", "test_fuzz.py", "test_fallback.py",
             "test_threads.py", "test_scaling.py", "test_deep_expressions.py"},
}
_LAYER_OF = {name: layer for layer, names in LAYERS.items() for name in names}


def pytest_collection_modifyitems(config, items):
    import pytest
    for item in items:
        item.add_marker(getattr(pytest.mark, _LAYER_OF.get(item.path.name, "e2e")))
