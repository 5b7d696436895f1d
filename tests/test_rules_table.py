"""Every entry of the rules table (s2s.rules.PRIMITIVES), checked against JAX.

TABLE below holds, for every registered primitive, example calls with arguments
inside its domain (log and sqrt on positives, arcsin on (-1, 1), ties for
max/min). Each example becomes a tiny user function `def f(a, b): return EXPR`
in a module written at test time (s2s reads real source), and is run through

- `s2s.jvp` with every argument active, and `s2s.jvp` of each argument alone,
- `s2s.vjp` (one cotangent per argument),
- `s2s.vmap` over every argument, when the primitive has a batch rule,

each compared with JAX's own transformation in float64. Primitives with derivative
zero (floor, comparisons, argmax) are checked the same way: JAX's derivative is
zero too. Primitives whose arguments are shapes or counts (arange, zeros) and
arguments declared not differentiable (an axis, an index) are checked to refuse
an active value with an S2SError. A primitive missing from TABLE fails
`test_every_primitive_is_in_the_table`, so a new rule cannot go untested.
"""
import importlib
import importlib.util
import pathlib
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import runtime
from s2s import rules
from test_rules_jvp import assert_close

from rule_examples import (  # noqa: F401  (the family files use them too)
    rng, Pair, U, POS, HALF, X_TIE, Y_TIE, M_TIE, X_CLIP, E, Refused, PAIRS, binary, unary)


TABLE = {
    # --- element-wise arithmetic (Python operators and their jnp names)
    "jnp.add": binary("a + b") + [E("jnp.add(a, b)", U(3), U(3))],
    "jnp.subtract": binary("a - b") + [E("jnp.subtract(a, 2.0)", U(3))],
    "jnp.multiply": binary("a * b") + [E("jnp.multiply(3.0, a)", U(3))],
    "jnp.true_divide": binary("a / b", right=POS) + [E("jnp.true_divide(a, b)", U(3), POS(3))],
    "jnp.divide": [E("jnp.divide(a, b)", U(2, 3), POS(3))],
    "jnp.power": binary("a ** b", left=POS) + [
        E("a ** 2", U(3)), E("a ** 3", U(3)), E("a ** 0 + a", U(3)), E("a ** 1", U(3)),
        E("a ** -1", POS(3)), E("a ** -2", POS(2, 3)), E("jnp.power(a, 2)", U(3)),
        E("jnp.power(a, 0.5)", POS(3)), E("2.0 ** a", U(3))],
    "jnp.negative": unary("-a"),
    "jnp.positive": unary("+a"),
    "jnp.remainder": binary("a % b", right=POS) + [E("jnp.remainder(a, 0.7)", U(3))],
    "jnp.mod": [E("jnp.mod(a, b)", U(3), POS(3))],
    "jnp.matmul": [E("a @ b", U(2, 3), U(3, 4)), E("a @ b", U(3), U(3, 2)),
                   E("a @ b", U(2, 3), U(3)), E("jnp.matmul(a, b)", U(3), U(3))],
    # --- unary math
    "jnp.exp": unary("jnp.exp(a)"),
    "jnp.log": unary("jnp.log(a)", POS),
    "jnp.log1p": unary("jnp.log1p(a)", POS),
    "jnp.expm1": unary("jnp.expm1(a)"),
    "jnp.sqrt": unary("jnp.sqrt(a)", POS),
    "jnp.square": unary("jnp.square(a)"),
    "jnp.abs": unary("jnp.abs(a)") + [E("jnp.abs(a)", jnp.array([0.0, -1.0, 2.0]))],
    "jnp.absolute": unary("jnp.absolute(a)"),
    "jnp.sin": unary("jnp.sin(a)"),
    "jnp.cos": unary("jnp.cos(a)"),
    "jnp.tan": unary("jnp.tan(a)"),
    "jnp.tanh": unary("jnp.tanh(a)"),
    "jnp.sinh": unary("jnp.sinh(a)"),
    "jnp.cosh": unary("jnp.cosh(a)"),
    "jnp.arcsin": unary("jnp.arcsin(a)", HALF),
    "jnp.arccos": unary("jnp.arccos(a)", HALF),
    "jnp.arctan": unary("jnp.arctan(a)"),
    # --- binary math
    "jnp.arctan2": binary("jnp.arctan2(a, b)", right=POS),
    "jnp.maximum": binary("jnp.maximum(a, b)") + [E("jnp.maximum(a, b)", X_TIE, Y_TIE)],
    "jnp.minimum": binary("jnp.minimum(a, b)") + [E("jnp.minimum(a, b)", X_TIE, Y_TIE)],
    "jnp.logaddexp": binary("jnp.logaddexp(a, b)"),
    "jnp.where": binary("jnp.where(a > 0, a, b)") + [E("jnp.where(a > b, a, 0.0)", U(3), U(3))],
    "jnp.clip": [E("jnp.clip(a, -0.5, 0.5)", X_CLIP), E("jnp.clip(a, b, c)", U(3), U(3) - 1.0,
                                                       U(3) + 1.0),
                 E("jnp.clip(a, b)", U(2, 3), U(3)), E("jnp.clip(a, max=b)", U(3), U())],
    # --- derivative zero: JAX's is zero too
    "jnp.sign": unary("jnp.sign(a) * a"),
    "jnp.floor": unary("jnp.floor(a) + a"),
    "jnp.ceil": unary("jnp.ceil(a) * 1.0"),
    "jnp.round": unary("jnp.round(a) * 1.0"),
    "jnp.rint": unary("jnp.rint(a) * 1.0"),
    "jnp.trunc": unary("jnp.trunc(a) * 1.0"),
    "jnp.floor_divide": [E("(a // b) * a", U(3) * 3, POS(3)), E("jnp.floor_divide(a, 0.3)", U(3))],
    "jnp.greater": [E("jnp.greater(a, b) * 1.0", U(3), U(3)), E("(a > b) * a", U(3), U())],
    "jnp.greater_equal": [E("jnp.greater_equal(a, b) * 1.0", U(3), U(3))],
    "jnp.less": [E("jnp.less(a, b) * 1.0", U(3), U(3))],
    "jnp.less_equal": [E("jnp.less_equal(a, b) * 1.0", U(3), U(3))],
    "jnp.equal": [E("jnp.equal(a, b) * 1.0", X_TIE, Y_TIE)],
    "jnp.not_equal": [E("jnp.not_equal(a, b) * 1.0", X_TIE, Y_TIE)],
    "jnp.logical_and": [E("jnp.logical_and(a > 0, b > 0) * 1.0", U(3), U(3))],
    "jnp.logical_or": [E("jnp.logical_or(a > 0, b > 0) * 1.0", U(3), U(3))],
    "jnp.logical_not": [E("jnp.logical_not(a > 0) * 1.0", U(3))],
    "jnp.logical_xor": [E("jnp.logical_xor(a > 0, b > 0) * 1.0", U(3), U(3))],
    "jnp.isnan": [E("jnp.isnan(a) * 1.0", U(3))],
    "jnp.isinf": [E("jnp.isinf(a) * 1.0", U(3))],
    "jnp.isfinite": [E("jnp.isfinite(a) * a", U(3))],
    "jnp.signbit": [E("jnp.signbit(a) * 1.0", U(3))],
    "compare": [E("(a < b) * 1.0", U(3), U(3)), E("(a == b) * a", X_TIE, Y_TIE)],
    # --- indexing
    "getitem": [E("a[1]", U(3)), E("a[1:]", U(2, 3)), E("a[:, None]", U(3)),
                E("a[-1, 1:]", U(2, 3)), E("a[IDX]", U(3))],
    "at_set": [E("a.at[1].set(b)", U(3), U()), E("a.at[:, 1].set(b)", U(2, 3), U(2))],
    "at_add": [E("a.at[1].add(b)", U(3), U()), E("a.at[IDX].add(b)", U(3), U(3))],
    "at_multiply": [E("a.at[1].multiply(b)", U(3), U()),
                    E("a.at[:, 1].multiply(b)", U(2, 3), U(2))],
    "at_min": [E("a.at[1].min(b)", U(3), U()), E("a.at[0].min(b)", X_TIE, 0.3)],
    "at_max": [E("a.at[1].max(b)", U(3), U()), E("a.at[0].max(b)", X_TIE, 0.3)],
    # --- products
    "jnp.dot": [E("jnp.dot(a, b)", U(2, 3), U(3)), E("jnp.dot(a, b)", U(3), U(3)),
                E("jnp.dot(a, b)", U(), U(3)), E("jnp.dot(a, b)", U(2, 3), U(3, 4))],
    "jnp.vdot": [E("jnp.vdot(a, b)", U(2, 3), U(6))],
    "jnp.outer": [E("jnp.outer(a, b)", U(3), U(2))],
    "jnp.inner": [E("jnp.inner(a, b)", U(2, 3), U(4, 3)), E("jnp.inner(a, b)", U(3), U(3))],
    "jnp.kron": [E("jnp.kron(a, b)", U(2, 3), U(2, 2)), E("jnp.kron(a, b)", U(3), U(2, 2)),
                 E("jnp.kron(a, b)", U(2, 1, 3), U(2))],
    "jnp.tensordot": [E("jnp.tensordot(a, b, 1)", U(2, 3), U(3, 4)),
                      E("jnp.tensordot(a, b, axes=((0,), (1,)))", U(2, 3), U(4, 2))],
    "jnp.einsum": [E("jnp.einsum('ij,j->i', a, b)", U(2, 3), U(3)),
                   E("jnp.einsum('ij,kj->ik', a, b)", U(2, 3), U(4, 3))],
    # --- Python's own
    "builtins.abs": [E("abs(a)", U(3), ref="jnp.abs(a)")],
    "builtins.max": [E("max(a, b)", 0.3, 0.7, ref="jnp.where(a >= b, a, b)", vmap=False),
                     E("max(a, b)", -0.3, -0.7, ref="jnp.where(a >= b, a, b)", vmap=False)],
    "builtins.min": [E("min(a, b)", 0.3, 0.7, ref="jnp.where(a <= b, a, b)", vmap=False)],
    "builtins.float": [E("float(a) * 3.0", 0.25, ref="a * 3.0", vmap=False)],
    # --- reductions
    "jnp.sum": [E("jnp.sum(a)", U(2, 3)), E("jnp.sum(a, axis=0)", U(2, 3)),
                E("jnp.sum(a, axis=(0, 1), keepdims=True)", U(2, 3))],
    "jnp.mean": [E("jnp.mean(a)", U(2, 3)), E("jnp.mean(a, axis=1, keepdims=True)", U(2, 3))],
    "jnp.max": [E("jnp.max(a)", U(2, 3)), E("jnp.max(a, axis=1)", M_TIE)],
    "jnp.amax": [E("jnp.amax(a, axis=0)", U(2, 3))],
    "jnp.min": [E("jnp.min(a)", U(2, 3)), E("jnp.min(a, axis=1)", M_TIE)],
    "jnp.amin": [E("jnp.amin(a, axis=0)", U(2, 3))],
    "jnp.prod": [E("jnp.prod(a)", U(2, 3)), E("jnp.prod(a, axis=1)", U(2, 3))],
    "jnp.var": [E("jnp.var(a)", U(2, 3)), E("jnp.var(a, axis=0, ddof=1)", U(3, 2))],
    "jnp.std": [E("jnp.std(a, axis=1)", U(2, 3)), E("jnp.std(a, ddof=1)", U(4))],
    "jnp.cumsum": [E("jnp.cumsum(a)", U(2, 3)), E("jnp.cumsum(a, axis=1)", U(2, 3))],
    "jnp.argmax": [E("jnp.argmax(a) * a", U(3)), E("jnp.argmax(a, axis=1) * 1.0", U(2, 3))],
    "jnp.argmin": [E("jnp.argmin(a) * a", U(3))],
    "jnp.any": [E("jnp.any(a > 0) * a", U(3))],
    "jnp.all": [E("jnp.all(a > -2) * a", U(3))],
    "jnp.count_nonzero": [E("jnp.count_nonzero(a > 0) * a", U(3))],
    "jnp.argsort": [E("jnp.argsort(a) * 1.0 + a", U(3))],
    # --- shape and structure
    "jnp.reshape": [E("jnp.reshape(a, (3, 2))", U(2, 3)), E("a.reshape(-1)", U(2, 3))],
    "jnp.transpose": [E("jnp.transpose(a)", U(2, 3)), E("jnp.transpose(a, (1, 2, 0))",
                                                         U(2, 3, 4)), E("a.T", U(2, 3))],
    "jnp.swapaxes": [E("jnp.swapaxes(a, 0, 2)", U(2, 3, 4))],
    "jnp.moveaxis": [E("jnp.moveaxis(a, 0, -1)", U(2, 3, 4))],
    "jnp.expand_dims": [E("jnp.expand_dims(a, 1)", U(2, 3))],
    "jnp.squeeze": [E("jnp.squeeze(a)", U(2, 1, 3)), E("jnp.squeeze(a, axis=1)", U(2, 1, 3))],
    "jnp.ravel": [E("jnp.ravel(a)", U(2, 3))],
    "jnp.broadcast_to": [E("jnp.broadcast_to(a, (2, 3))", U(3)),
                         E("jnp.broadcast_to(a, (4, 2, 3))", U(2, 1))],
    "jnp.concatenate": [E("jnp.concatenate([a, b])", U(2), U(3)),
                        E("jnp.concatenate([a, b], axis=1)", U(2, 3), U(2, 1))],
    "jnp.stack": [E("jnp.stack([a, b])", U(3), U(3)), E("jnp.stack([a, b], axis=1)", U(3),
                                                       U(3))],
    "jnp.flip": [E("jnp.flip(a)", U(2, 3)), E("jnp.flip(a, axis=1)", U(2, 3))],
    "jnp.asarray": [E("jnp.asarray(a)", U(3))],
    "jnp.array": [E("jnp.array([a, b])", U(), U())],
    # --- array creation: fill values and ends are differentiable
    "jnp.full": [E("jnp.full((3,), a)", U()), E("jnp.full((2, 3), a)", U(3))],
    "jnp.full_like": [E("jnp.full_like(a, b)", U(3), U()), E("jnp.full_like(a, b) * a", U(2, 3),
                                                             U(3))],
    "jnp.linspace": [E("jnp.linspace(a, b, 3)", U(), U()), E("jnp.linspace(0.0, b, 3)", U(), U()),
                     E("jnp.linspace(a, b, 4, endpoint=False)", U(), U()),
                     E("jnp.linspace(a, b, 3, axis=1)", U(2), U(2))],
    "jnp.zeros_like": [E("jnp.zeros_like(a) + a", U(3))],
    "jnp.ones_like": [E("jnp.ones_like(a) * a", U(3))],
    "jnp.empty_like": [E("jnp.empty_like(a) * 0.0 + a", U(3))],
    "jnp.shape": [E("jnp.shape(a)[0] * a", U(3))],
    "jnp.ndim": [E("jnp.ndim(a) * a", U(3))],
    "jnp.size": [E("jnp.size(a) * a", U(2, 3))],
    # every argument a shape, a count or a range: constants work, active values refuse
    "jnp.arange": [E("jnp.arange(3.0) * a", U(3)), Refused("jnp.arange(a)", 3.0),
                   Refused("jnp.arange(0.0, 1.0, a)", 0.25)],
    "jnp.zeros": [E("jnp.zeros(3) + a", U(3)), Refused("jnp.zeros(a)", 3.0)],
    "jnp.ones": [E("jnp.ones((2, 3)) * a", U(3)), Refused("jnp.ones(a)", 3.0)],
    "jnp.eye": [E("jnp.eye(3) * a", U(3)), Refused("jnp.eye(a)", 3.0)],
    "jnp.identity": [E("jnp.identity(3) @ a", U(3)), Refused("jnp.identity(a)", 3.0)],
    "jnp.empty": [E("jnp.empty(3) * 0.0 + a", U(3)), Refused("jnp.empty(a)", 3.0)],
}

# Helpers generated code calls (s2s/runtime.py). They are plain jnp code, so JAX
# differentiates them too; a user module can import them.
TABLE.update({
    "runtime.unbroadcast": [E("unbroadcast(a, b)", U(2, 3), U(3)),
                            E("unbroadcast(a, b)", U(2, 3), U(2, 1))],
    "runtime.cotangent_dtype": [E("cotangent_dtype(a, b)", U(2, 3), U(2, 3)),
                                E("cotangent_dtype(a * 1j, b)", U(3), U(3))],
    "runtime.list_append": [E("list_append([a], b)", U(3), U(3), vmap=False)],
    "runtime.tree_add": [E("tree_add(a, b)", U(3), U(3), vmap=False)],
    "runtime.getitem_cotangent": [E("getitem_cotangent(a, 1, b)", U(3), U())],
    "runtime.grad_seed": [E("grad_seed(jnp.sum(a)) * a", U(3))],
    "runtime.check_real": [E("(check_real(a), a)[1]", U(3))],
    "runtime.tree_zeros_like": [E("tree_zeros_like(a) + a", U(3))],
    "runtime.zeros_like": [E("zeros_like(a) + a", U(3))],
    "runtime.zip_length": [E("zip_length(a, b) * a", U(3), U(2), vmap=False)],
    # a lax.scan's outputs, one per step (s2s/passes/normalize_lax.py)
    "runtime.stack_steps": [E("stack_steps([a, b])", U(3), U(3)),
                            E("stack_steps([a, b], 1)", U(2, 3), U(2, 3))],
    "runtime.max_weights": [E("max_weights(a) * a", X_TIE, vmap=False)],
    "runtime.min_weights": [E("min_weights(a, 1) * a", M_TIE, vmap=False)],
    "runtime.reduced_shape": [E("jnp.reshape(jnp.sum(a), reduced_shape(a, None)) * a", U(2, 3),
                                vmap=False)],
    "runtime.inverse_permutation": [E("jnp.transpose(a, inverse_permutation((1, 2, 0), 3))",
                                      U(2, 3, 4), vmap=False)],
    "runtime.dot_axes": [E("jnp.tensordot(a, b, dot_axes(a, b))", U(2, 3), U(3), vmap=False)],
    "runtime.inner_axes": [E("jnp.tensordot(a, b, inner_axes(a, b))", U(2, 3), U(4, 3),
                             vmap=False)],
    "runtime.tensordot_cotangent_axes": [E("jnp.sum(a) * len(tensordot_cotangent_axes(a, b, 1, "
                                           "0))", U(2, 3), U(3, 4), vmap=False)],
    "runtime.matmul_shapes": [E("jnp.reshape(a, matmul_shapes(a, b)[0])", U(3), U(3, 2),
                                vmap=False)],
    "runtime.kron_shapes": [E("jnp.sum(a) * len(kron_shapes(a, b))", U(2, 3), U(2, 2),
                              vmap=False)],
    "runtime.explicit_sharding": [E("a @ b if explicit_sharding(a) is None else a", U(2, 3),
                                    U(3, 2), vmap=False)],
    "runtime.split_like": [E("split_like(a, [b, c], 0)", U(5), U(2), U(3), vmap=False)],
    "runtime.unstack_like": [E("unstack_like(a, [b, c], 0)", U(2, 3), U(3), U(3), vmap=False)],
    # `a, b = value`: the cotangent of value from theirs, and its transpose
    "runtime.unpacked_cotangent": [E("unpacked_cotangent(a, (b, c))", U(2, 3), U(3), U(3)),
                                   E("unpacked_cotangent(a, (b, c), 1)", U(3, 2), U(3), U(3))],
    "runtime.cotangent_parts": [E("cotangent_parts(a, b, (c, c))[1]", U(2, 3), U(2, 3), U(3)),
                                E("cotangent_parts(a, b, (c, c), 1)[0]", U(3, 2), U(3, 2),
                                  U(3))],
    # an unpacked container item's cotangent (array or tuple, told when it runs), and its transpose
    "runtime.item_cotangent": [E("item_cotangent(a, (b, c))", U(2, 3), U(3), U(3)),
                               E("item_cotangent(a, (b, c), 1)", U(3, 2), U(3), U(3)),
                               E("item_cotangent(a, b)", U(3), U(3))],
    "runtime.item_parts": [E("item_parts(a, (b, c))[1]", U(2, 3), U(3), U(3)),
                           E("item_parts(a, (b, c), 1)[0]", U(3, 2), U(3), U(3)),
                           E("item_parts(a, b)", U(3), U(3))],
    "runtime.add_at": [E("add_at(a, 1, b)", U(3), U(), vmap=False)],
    "runtime.set_item": [E("set_item([a, b], 0, c)", U(3), U(3), U(3), vmap=False)],
    "runtime.set_item_cotangent": [E("set_item_cotangent([a, b], [c, c], 0)", U(3), U(3), U(3),
                                     vmap=False)],
    "runtime.list_concat": [E("list_concat([a], [b])", U(3), U(2), vmap=False)],
    "runtime.list_repeat": [E("list_repeat([a], 2)", U(3), vmap=False)],
    "runtime.list_repeat_cotangent": [E("list_repeat_cotangent([a, b], [c], 2)", U(3), U(3),
                                        U(3), vmap=False)],
    # (`for k in d` reading d[k]: the keys, used as indices)
    "runtime.dict_keys": [E("a * len(dict_keys({'p': a, 'q': b}))", U(3), U(2), vmap=False)],
    # `pair.q` of a NamedTuple pytree, and the cotangent of `pair` from it (vmap of
    # both: tests/test_pytree_fields.py, where the batch is a NamedTuple's)
    "runtime.field": [E("field(a, 'q') * 2.0", Pair(U(3), U(3)), vmap=False)],
    "runtime.field_cotangent": [E("field_cotangent(a, 'q', b)", Pair(U(3), U(3)), U(3),
                                  vmap=False)],
    "runtime.tie_share": [E("tie_share(a, b, jnp.maximum(a, b)) * a", X_TIE, Y_TIE,
                            vmap=False)],
    # jax.nn, jax.scipy.special and jax.lax (s2s/rules/nn.py), called as written
    "jax.nn.relu": [E("jax.nn.relu(a)", U(5))],
    "jax.nn.relu6": [E("jax.nn.relu6(a * 8.0)", U(5))],
    "jax.nn.leaky_relu": [E("jax.nn.leaky_relu(a)", U(5)), E("jax.nn.leaky_relu(a, 0.2)", U(5))],
    "jax.nn.sigmoid": [E("jax.nn.sigmoid(a)", U(2, 3))],
    "jax.lax.logistic": [E("lax.logistic(a)", U(4))],
    # collectives: over no named axis (axes `()`) they are the identity, which JAX
    # differentiates; their batching over a vmap's axis_name is in tests/test_vmap.py
    "jax.lax.psum": [E("lax.psum(a * a, ())", U(4), vmap=False)],
    "jax.lax.pmean": [E("lax.pmean(a * a, ())", U(4), vmap=False)],
    # (JAX has no derivative of pmax and pmin: here of a constant)
    "jax.lax.pmax": [E("a * lax.pmax(0.5, ())", U(4), vmap=False)],
    "jax.lax.pmin": [E("a * lax.pmin(0.5, ())", U(4), vmap=False)],
    "jax.lax.all_gather": [E("lax.all_gather(a * a, ())", U(4), vmap=False),
                           E("lax.all_gather(a * a, (), axis=1, tiled=True)", U(2, 3),
                             vmap=False)],
    "jax.lax.psum_scatter": [E("lax.psum_scatter(a * a, ())", U(1, 3), vmap=False),
                             E("lax.psum_scatter(a * a, (), tiled=True)", U(3), vmap=False)],
    "jax.lax.axis_index": [E("a * lax.axis_index(())", U(3), vmap=False)],
    # their cotangents, collectives too (s2s/runtime_batch.py)
    "runtime.psum_cotangent": [E("psum_cotangent(a * a, ())", U(4), vmap=False)],
    "runtime.pmean_cotangent": [E("pmean_cotangent(a * a, ())", U(4), vmap=False)],
    "runtime.all_gather_cotangent": [E("all_gather_cotangent(a * a, ())", U(1, 3),
                                       vmap=False)],
    "runtime.psum_scatter_cotangent": [E("psum_scatter_cotangent(a * a, ())", U(3),
                                         vmap=False)],
    "jax.nn.log_sigmoid": [E("jax.nn.log_sigmoid(a)", U(4))],
    "jax.nn.softplus": [E("jax.nn.softplus(a * 3.0)", U(4))],
    "jax.nn.silu": [E("jax.nn.silu(a * 2.0)", U(4))],
    "jax.nn.elu": [E("jax.nn.elu(a)", U(5)), E("jax.nn.elu(a, 0.5)", U(5))],
    "jax.nn.gelu": [E("jax.nn.gelu(a * 2.0)", U(4)),
                    E("jax.nn.gelu(a * 2.0, approximate=False)", U(4))],
    "jax.scipy.special.erf": [E("jax.scipy.special.erf(a)", U(4))],
    "jax.lax.erf": [E("lax.erf(a)", U(4))],
    "runtime.special_erf": [E("special_erf(a)", U(4))],
    "jax.lax.rsqrt": [E("lax.rsqrt(a)", POS(4))],
    "jax.lax.stop_gradient": [E("lax.stop_gradient(a) * b", U(3), U(3))],
    "jax.nn.softmax": [E("jax.nn.softmax(a)", U(2, 3)), E("jax.nn.softmax(a, axis=0)", U(2, 3))],
    "jax.nn.log_softmax": [E("jax.nn.log_softmax(a)", U(2, 3)),
                           E("jax.nn.log_softmax(a, axis=0)", U(2, 3))],
    "jax.nn.logsumexp": [E("jax.nn.logsumexp(a)", U(2, 3)),
                         E("jax.nn.logsumexp(a, axis=1)", U(2, 3)),
                         E("jax.nn.logsumexp(a, axis=0, keepdims=True)", U(2, 3))],
    "jax.nn.one_hot": [E("jax.nn.one_hot(jnp.array([0, 2]), 3) * a", U(2, 3))],
    # `x[i]` of a list or dict: reverse mode's own pseudo-primitive
    "getitem_tree": [E("[a, b][1]", U(3), U(2), vmap=False)],
})

# Each family of rules added after the first table keeps its examples in its own
# file, tests/rule_cases_<family>.py, as CASES = {key: [examples]}.
for _path in sorted(pathlib.Path(__file__).parent.glob("rule_cases_*.py")):
    _family = importlib.import_module(_path.stem)
    _twice = set(TABLE) & set(_family.CASES)
    assert not _twice, f"{_path.name} repeats TABLE entries {sorted(_twice)}"
    TABLE.update(_family.CASES)

IDX = jnp.array([0, 2, 2])
HEADER = ("import jax\nimport jax.numpy as jnp\nfrom jax import lax\n"
          "from s2s.runtime import *  # noqa\n")


def key(prim):
    module = getattr(prim.fn, "__module__", None)
    if isinstance(prim.fn, str):
        return prim.name
    if module == "builtins":
        return "builtins." + prim.name
    if runtime.defines(prim.fn):
        return "runtime." + prim.name
    if prim.by_own_name and prim.name.startswith("jax."):
        return prim.name
    return "jnp." + prim.name


def test_every_primitive_is_in_the_table():
    """A rule registered without examples here fails: add them to TABLE."""
    missing = sorted(key(p) for p in rules.PRIMITIVES.values() if key(p) not in TABLE)
    assert not missing, f"no examples in tests/test_rules_table.py TABLE for {missing}"
    stale = sorted(set(TABLE) - {key(p) for p in rules.PRIMITIVES.values()})
    assert not stale, f"TABLE entries for primitives not in the rules table: {stale}"


# --- the user module the examples live in -------------------------------------------------

_names = {}


def _module(tmp_dir):
    lines = [HEADER]
    for k, examples in TABLE.items():
        for i, ex in enumerate(examples):
            params = ", ".join("abcdef"[:len(ex.args)])
            name = "f_" + "".join(c if c.isalnum() else "_" for c in k) + f"_{i}"
            lines.append(f"def {name}({params}):\n    return {ex.expr}\n")
            lines.append(f"def {name}_ref({params}):\n    return {getattr(ex, 'ref', ex.expr)}\n")
            _names[(k, i)] = name
    path = tmp_dir / "rules_table_cases.py"
    path.write_text("\n\n".join(lines))
    spec = importlib.util.spec_from_file_location("rules_table_cases", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["rules_table_cases"] = mod
    spec.loader.exec_module(mod)
    mod.IDX = IDX
    return mod


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return _module(tmp_path_factory.mktemp("rules_table"))


def _examples(kind):
    for k, examples in TABLE.items():
        for i, ex in enumerate(examples):
            if isinstance(ex, kind):
                yield pytest.param(k, i, ex, id=f"{k}-{i}")


EXAMPLES = list(_examples(E))
REFUSED = list(_examples(Refused))


def _functions(cases, k, i):
    name = _names[(k, i)]
    return getattr(cases, name), getattr(cases, name + "_ref")


def _tangents(args):
    return tuple(jax.tree_util.tree_map(_tangent, a) for a in args)


def _tangent(a):
    return U(*np.shape(a)) if not isinstance(a, float) else float(rng.uniform(-1, 1))


@pytest.mark.parametrize("k, i, ex", EXAMPLES)
def test_jvp_every_argument(cases, k, i, ex):
    fn, ref = _functions(cases, k, i)
    tangents = _tangents(ex.args)
    want = jax.jvp(ref, ex.args, tangents)
    got = s2s.jvp(fn, ex.args, tangents)
    assert_close(got[0], want[0])
    assert_close(got[1], want[1])


@pytest.mark.parametrize("k, i, ex", [p for p in EXAMPLES if len(p.values[2].args) > 1])
def test_jvp_each_argument_alone(cases, k, i, ex):
    fn, ref = _functions(cases, k, i)
    for argnum, arg in enumerate(ex.args):
        tangent = _tangents([arg])[0]

        def alone(a, argnum=argnum):
            return ref(*ex.args[:argnum], a, *ex.args[argnum + 1:])

        want = jax.jvp(alone, (arg,), (tangent,))
        got = s2s.generated(fn, "jvp", argnums=argnum)(*ex.args, tangent)
        assert_close(got[0], want[0])
        assert_close(got[1], want[1])


@pytest.mark.parametrize("k, i, ex", EXAMPLES)
def test_vjp(cases, k, i, ex):
    fn, ref = _functions(cases, k, i)
    want_out, want_pullback = jax.vjp(ref, *ex.args)
    got_out, got_pullback = s2s.vjp(fn, *ex.args)
    assert_close(got_out, want_out)
    cotangent = jax.tree_util.tree_map(lambda o: U(*np.shape(o)), want_out)
    assert_close(got_pullback(cotangent), want_pullback(cotangent))


@pytest.mark.parametrize("k, i, ex", [p for p in EXAMPLES if p.values[2].vmap])
def test_vmap(cases, k, i, ex):
    fn, ref = _functions(cases, k, i)
    # three examples, each a scaled copy: scaling by (0.9, 1] keeps every domain
    # above (positives, (-1, 1)) and every tie
    batched = tuple(jnp.stack([jnp.asarray(a) * s for s in (1.0, 0.95, 0.9)]) for a in ex.args)
    want = jax.vmap(ref)(*batched)
    got = s2s.vmap(fn)(*batched)
    assert_close(got, want)


@pytest.mark.parametrize("k, i, ex", REFUSED)
def test_active_argument_that_is_not_differentiable_is_refused(cases, k, i, ex):
    fn, _ = _functions(cases, k, i)
    with pytest.raises(s2s.S2SError, match="not|none is"):
        s2s.jvp(fn, ex.args, _tangents(ex.args))
    with pytest.raises(s2s.S2SError, match="not|none is"):
        s2s.grad(fn)(*ex.args)


# --- arguments declared not differentiable, given an active value ---------------------------

REFUSED_ARGUMENT = [
    ("jnp.reshape(b, (a, 3))", "shape"),
    ("jnp.sum(b, axis=a)", "axis"),
    ("jnp.var(b, ddof=a)", "ddof"),     # JAX does differentiate ddof: never a silent zero
    # (an index is exempt: s2s/passes/forward.py refuse_nondiff_operands reads an active
    # index as an integer read back from a tape, and JAX refuses a float index itself)
    ("jnp.linspace(0.0, b, a)", "num"),
    ("jnp.full((a,), b)", "shape"),
    ("jnp.tensordot(b, b, a)", "axes|arguments"),
    ("jnp.cumsum(b, axis=a)", "axis"),
]


def _user_function(tmp_path, name, expr, params="a, b"):
    path = tmp_path / f"{name}.py"
    path.write_text(f"import jax.numpy as jnp\n\n\ndef {name}({params}):\n    return {expr}\n")
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return getattr(mod, name)


@pytest.mark.parametrize("expr, param", REFUSED_ARGUMENT, ids=[e for e, _ in REFUSED_ARGUMENT])
def test_active_value_in_a_non_differentiable_argument_is_refused(tmp_path, expr, param):
    fn = _user_function(tmp_path, "refused", expr)
    args = (1.0, U(3, 3))
    with pytest.raises(s2s.S2SError, match=f"`{param}`|{param}") as info:
        s2s.jvp(fn, args, (1.0, U(3, 3)))
    assert "refused.py:5" in str(info.value)        # the user's line
    with pytest.raises(s2s.S2SError, match=f"`{param}`|{param}"):
        s2s.vjp(fn, *args)


# --- issue 8 (a): fill values and the ends of linspace are differentiable --------------------

def _sum_full(s):
    return jnp.sum(jnp.full((3,), s))


def _sum_full_like(x, s):
    return jnp.sum(jnp.full_like(x, s) * x)


def _linspace(a, b):
    return jnp.sum(jnp.linspace(a, b, 3) * jnp.array([1.0, 2.0, 4.0]))


@pytest.mark.parametrize("s", [0.7, jnp.asarray(0.7)])
def test_grad_of_full_is_the_count(s):
    np.testing.assert_allclose(s2s.grad(_sum_full)(s), 3.0)
    assert_close(s2s.jvp(_sum_full, (s,), (1.0,))[1], jax.jvp(_sum_full, (s,), (1.0,))[1])


def test_grad_of_full_like_fill_value():
    x = jnp.arange(3.0)
    got = s2s.grad(_sum_full_like, argnums=(0, 1))(x, 2.0)
    want = jax.grad(_sum_full_like, argnums=(0, 1))(x, 2.0)
    np.testing.assert_allclose(got[0], want[0])
    np.testing.assert_allclose(got[1], want[1])
    np.testing.assert_allclose(got[1], 3.0)


def test_grad_of_linspace_ends():
    got = s2s.grad(_linspace, argnums=(0, 1))(0.0, 2.0)
    want = jax.grad(_linspace, argnums=(0, 1))(0.0, 2.0)
    np.testing.assert_allclose(got, want)
    np.testing.assert_allclose(s2s.grad(lambda_b)(2.0), 1.5)   # jnp.linspace(0.0, b, 3)


def lambda_b(b):
    return jnp.sum(jnp.linspace(0.0, b, 3))


# --- issue 8 (c): powers as JAX does them, exact at x = 0 ------------------------------------

def p0(x):
    return x ** 0 + x


def p1(x):
    return x ** 1


def p2(x):
    return x ** 2


def p3(x):
    return x ** 3


def pm1(x):
    return x ** -1


def pm2(x):
    return x ** -2


def jnp_p2(x):
    return jnp.power(x, 2)


POWERS = [p0, p1, p2, p3, pm1, pm2, jnp_p2]


def _derivatives(lib, f):
    """(value, first, second derivative) of a scalar f at the point, by `lib`."""
    return lambda x: (*lib.value_and_grad(f)(x), lib.grad(lib.grad(f))(x))


@pytest.mark.parametrize("f", POWERS, ids=[f.__name__ for f in POWERS])
@pytest.mark.parametrize("x", [0.0, jnp.asarray(0.0), 1.5, jnp.asarray(-0.5)],
                         ids=["py0", "array0", "py1.5", "array-0.5"])
def test_power_matches_jax_up_to_second_derivative(f, x):
    want = _derivatives(jax, f)(x)
    got = _derivatives(s2s, f)(x)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-12)
    # forward over forward too
    tangent = 1.0
    want_dot = jax.jvp(f, (x,), (tangent,))[1]
    np.testing.assert_allclose(np.asarray(s2s.jvp(f, (x,), (tangent,))[1]), np.asarray(want_dot))


def test_power_derivatives_at_zero_by_hand():
    g = s2s.grad
    assert g(g(p2))(0.0) == 2.0
    assert g(g(p3))(0.0) == 0.0
    assert g(p0)(0.0) == 1.0 and g(p0)(jnp.asarray(0.0)) == 1.0   # d(x**0)/dx = 0
    assert g(p1)(0.0) == 1.0
    assert g(jnp_p2)(0.0) == 0.0


def test_power_of_a_literal_integer_reads_like_integer_pow():
    src = s2s.source(p2, "jvp")
    assert "2 * x * x_dot" in src
    assert "return (pow_, x_dot)" in s2s.source(p1, "jvp")
    assert "pow_bar" not in s2s.source(p0, "grad")          # x ** 0: nothing flows back
    assert "jnp.power(x, -2)" in s2s.source(pm1, "jvp")   # Python 0.0 ** -2 would raise


# --- derivative zero stays zero -------------------------------------------------------------

def zero_derivatives(x):
    return jnp.sum(jnp.floor(x) + jnp.sign(x) + jnp.round(x) + (x > 0) * 1.0)


def test_zero_derivative_primitives_give_zeros_as_jax():
    x = U(4)
    np.testing.assert_array_equal(s2s.grad(zero_derivatives)(x), jax.grad(zero_derivatives)(x))
    np.testing.assert_array_equal(s2s.grad(zero_derivatives)(x), np.zeros(4))


# --- the declarations are checked when a rule is registered ---------------------------------

@pytest.fixture
def scratch_primitive():
    name = "rules_table_scratch"
    yield name
    prim = rules.BY_NAME.pop(name, None)
    rules.PRIMITIVES.pop(name, None)
    assert prim is None or prim.name == name


def test_an_operand_without_tangent_must_be_declared(scratch_primitive):
    with pytest.raises(TypeError, match="'axis' has no tangent"):
        @rules.jvp_rule(scratch_primitive)
        def scratch(x, axis, x_dot):
            return jnp.sum(x_dot, axis)


def test_vjp_none_must_match_the_declaration(scratch_primitive):
    @rules.jvp_rule(scratch_primitive, nondiff_args=("axis",))
    def scratch(x, y, axis, x_dot, y_dot):
        return x_dot + y_dot

    with pytest.raises(TypeError, match="gives operand 'y' no cotangent"):
        @rules.vjp_rule(scratch_primitive)
        def scratch_vjp(ans_bar, x, y, axis):
            return ans_bar, None, None
    with pytest.raises(TypeError, match="returns a cotangent for operand 'axis'"):
        @rules.vjp_rule(scratch_primitive)
        def scratch_vjp2(ans_bar, x, y, axis):
            return ans_bar, ans_bar, ans_bar

    @rules.vjp_rule(scratch_primitive)
    def scratch_vjp3(ans_bar, x, y, axis):
        return ans_bar, ans_bar, None


def test_the_declarations_of_s2s_own_rules_hold():
    """s2s's own rules are parsed on first use, not when they load: their
    declarations are checked here instead (each rule parsed)."""
    rules.check_declarations()


def test_every_rule_declares_each_argument():
    """Every operand of every rule is differentiable, zero or not differentiable."""
    for prim in rules.PRIMITIVES.values():
        if prim.jvp is None:
            continue   # vjp-only and multilinear: checked against their vjp rule
        for p in prim.jvp.params:
            if p != "ans" and not p.endswith("_dot") and p + "_dot" not in prim.jvp.params:
                assert prim.arg_kind(p) != "diff", (prim, p)
            elif p.endswith("_dot"):
                assert prim.arg_kind(p[:-4]) == "diff", (prim, p)


def power_by_argument(x, n):
    return jnp.sum(x ** n)


@pytest.mark.parametrize("n", [0, 1, 2, 3, -1, 0.0, 2.5])
def test_power_by_an_exponent_argument_matches_jax_at_zero(n):
    """`x ** n` with n an argument (not a literal): d/dx is 0 where n == 0, also at
    x = 0, as JAX has it for an integer n (it was 0 * 0**-1 = nan), to the second
    derivative. For a float n = 0.0 JAX gives nan at x = 0; s2s gives 0, the
    derivative of the constant 1 that x ** 0.0 is."""
    x = jnp.array([0.0, 0.5, 2.0])
    for transform in (lambda lib: lib.grad(power_by_argument),
                      lambda lib: lib.hessian(power_by_argument),
                      lambda lib: lambda x, n: lib.jvp(lambda x: power_by_argument(x, n),
                                                       (x,), (jnp.ones(3),))):
        got = np.asarray(jax.tree_util.tree_leaves(transform(s2s)(x, n)))
        want = np.asarray(jax.tree_util.tree_leaves(transform(jax)(x, n)))
        if isinstance(n, float) and n == 0.0:
            want = np.where(np.isnan(want), 0.0, want)
        np.testing.assert_allclose(got, want, rtol=1e-12)
