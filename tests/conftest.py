import os
import sys

import jax

# Numeric checks compare against JAX in float64.
jax.config.update("jax_enable_x64", True)

# Test programs live in tests/cases; make them importable as plain modules.
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "cases"))
