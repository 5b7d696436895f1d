"""A helper module of the user's own (not installed), read as `helpers.weight`
by tests/cases/export_cases.py: the exported module carries what it reads."""
import jax.numpy as jnp

OFFSET = 0.5


def weight(x):
    return jnp.cos(x) + OFFSET
