"""Example-argument helpers for the rules table's cases (tests/test_rules_table.py
and the family files tests/rule_cases_*.py that extend its TABLE)."""
import collections

import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(20240613)


Pair = collections.namedtuple("Pair", "p q")   # a NamedTuple pytree argument


def U(*shape, lo=-1.0, hi=1.0):
    return jnp.asarray(rng.uniform(lo, hi, shape))


def POS(*shape):
    return U(*shape, lo=0.5, hi=2.0)


def HALF(*shape):   # inside (-1, 1) with room (arcsin, arccos)
    return U(*shape, lo=-0.8, hi=0.8)


X_TIE = jnp.array([0.3, -0.2, 0.7, 0.5, -0.5])
Y_TIE = jnp.array([0.3, 0.1, 0.7, -0.4, 0.2])       # ties at entries 0 and 2
M_TIE = jnp.array([[0.5, 0.9, 0.9], [0.1, -0.3, 0.1]])
X_CLIP = jnp.array([-0.9, -0.5, 0.0, 0.2, 0.5, 0.8])


class E:
    """One example: `expr` over parameters a, b, c, ... bound to `args`."""

    def __init__(self, expr, *args, ref=None, vmap=True, vjp=True):
        self.expr, self.args, self.ref = expr, args, ref or expr
        self.vmap, self.vjp = vmap, vjp


class Refused:
    """`expr` with its arguments active must be an S2SError in jvp and grad."""

    def __init__(self, expr, *args):
        self.expr, self.args = expr, args


# Binary element-wise operations: scalars, equal shapes and both directions of
# broadcasting.
PAIRS = [((), ()), ((3,), (3,)), ((), (2, 3)), ((2, 3), (3,)), ((2, 1), (1, 3))]


def binary(expr, left=U, right=U, **kw):
    return [E(expr, left(*sa), right(*sb), **kw) for sa, sb in PAIRS]


def unary(expr, domain=U, **kw):
    return [E(expr, domain(), **kw), E(expr, domain(2, 3), **kw)]
