"""The tidy stage: s2s/passes/algebra.py, s2s/passes/dead_cotangents.py and
s2s/passes/packing.py.

The passes rewrite derivative code after the rules wrote it, and each claims
every rewrite is exact. So each test here builds a transformation twice, with
the tidy passes (the default) and without (`driver.tidying(False)`), and checks

- that the tidied source really shows the rewrite (else a numeric check below
  would compare a program with itself and prove nothing);
- that the two give the same result: bit for bit in eager code (the rewrites
  only drop multiplications by one, move IEEE-exact negations, or reorder a
  product's factors), with the same dtype and weak_type (for array inputs:
  of a Python float, a folded seed changes the weak type, toward JAX's; see
  test_a_folded_seed_keeps_a_python_floats_weak_type);
- that both are close to JAX's own transformation.

A build is cached per tidy setting (driver.build's key), and transformations
build lazily on their first call, so each transformation is created AND
called inside the `with driver.tidying(...)` block (`_call` below).

Note: tests/conftest.py turns jax_enable_x64 on for the whole suite, so
float64 inputs stay float64 here; float32 inputs are made explicitly.
"""
import ast
import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import driver


# -- programs: each triggers one or more tidy rewrites -----------------------------------

def logistic(x):
    """grad: the seed folds into `-div_bar * div / add` (ones times div) and
    the two negations (`-div_bar`, `x_bar = -neg_bar`) cancel."""
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def square_tanh(x):
    """grad: seed folded, `h_bar = h + h` (the product rule's equal halves),
    both unbroadcasts dropped (same shapes)."""
    h = jnp.tanh(x)
    return jnp.sum(h * h)


def cube(x):
    """grad: the seed folds into three products at once."""
    return jnp.sum(x * x * x)


def exp_sum(x):
    """grad: the whole gradient folds to the forward value `exp` itself."""
    return jnp.sum(jnp.exp(x))


def neg_chain(x):
    """A negated cotangent line read once, two lines later negated again."""
    a = -x
    b = jnp.exp(a)
    return jnp.sum(-b * x)


def nested_neg(x):
    """A chain of negations over several lines, and h * h's halves, where the
    seed cannot fold (the first product is a division)."""
    u = -x
    v = -u
    w = -jnp.exp(v)
    return jnp.sum(w / (-(w * w) - 1.0))


def neg_times(x, y):
    """Signs could only move here, not shrink: the code must stay as written."""
    return jnp.sum(jnp.sin(-x * y))


def sq_diff_broadcast(x, b):
    """`d = x - b` broadcasts (x: (4, 3), b: (3,)): b's unbroadcast must stay."""
    d = x - b
    return jnp.sum(d * d)


def scale_broadcast(x, b):
    """The ones have x * b's shape, not b's (x: (4, 3), b: (3,)): the seed
    must not fold into `ones * b`, which sums to 4 * b down to b's shape."""
    return jnp.sum(x * b)


def loop_layers(w, x, n):
    """A counted loop: its pullback's `h_1_bar` (a product) goes under
    `if i > 0:` when x is not differentiated (only the step before reads it)."""
    h = x
    for i in range(n):
        h = jnp.tanh(jnp.dot(h, w[i]))
    return jnp.sum(h * h)


def loop_prev(w, x, n):
    """Each step reads the value of the step before (p is the previous h):
    two cotangents are carried across steps; the product's is guarded."""
    h = x
    p = x
    for i in range(n):
        h, p = jnp.sin(jnp.dot(h, w[i])) * p, h
    return jnp.sum(h * p)


def loop_sin_dot(w, x, n):
    """The product's cotangent feeds a cheap line (sin's) that only the step
    before reads: both go under the guard, or the cheap one would read what
    the last step skipped."""
    h = x
    for i in range(n):
        h = jnp.tanh(jnp.dot(jnp.sin(h), w[i]))
    return jnp.sum(h * h)


def loop_elementwise(w, x, n):
    """Only elementwise work in the step: not worth a branch, nothing guarded."""
    h = x
    for i in range(n):
        h = jnp.tanh(h * w[i, 0])
    return jnp.sum(h * h)


def unpacks_a_pair(x):
    """The pair's cotangent is packed, then taken apart again (packing)."""
    def split(v):
        return jnp.sin(v), jnp.cos(v)
    s, c = split(x)
    return jnp.sum(s * 2.0 + c * c)


def mlp(params, x):
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
    return jnp.sum(h * h)


def with_aux(x):
    h = jnp.tanh(x)
    return jnp.sum(h * h), h


def complex_out(x):
    """grad folds its seed here, so only check_real can raise grad's error."""
    return jnp.sum(jnp.exp(x * 1j))


def int_out(x):
    return jnp.sum(jnp.floor(x).astype(jnp.int32))


def complex_square(x):
    """The check reads z where the output is `z * z`: it must still refuse."""
    z = x * (1 + 2j)
    return jnp.sum(z * z)


def complex_scaled(x):
    """`x * c`'s dtype is not x's: the check must read the product."""
    return jnp.sum(x * (1 + 2j))


def int_square(x):
    k = jnp.floor(x).astype(jnp.int32)
    return jnp.sum(k * k)


# -- helpers -----------------------------------------------------------------------------

def _call(make, *args, tidy):
    """Build the transformation with `make()` and call it, both with the tidy
    passes on or off."""
    with driver.tidying(tidy):
        return make()(*args)


def _source(fn, transform, tidy, argnums=None, example_args=None):
    with driver.tidying(tidy):
        return s2s.source(fn, transform, argnums=argnums, example_args=example_args)


def _leaves(tree):
    return jax.tree_util.tree_leaves(tree)


def _assert_same(tidied, untidied, exact=True):
    """Same structure, values, dtypes and weak types."""
    assert jax.tree_util.tree_structure(tidied) == jax.tree_util.tree_structure(untidied)
    for a, b in zip(_leaves(tidied), _leaves(untidied)):
        assert np.shape(a) == np.shape(b)
        assert jnp.result_type(a) == jnp.result_type(b)
        assert getattr(a, "weak_type", None) == getattr(b, "weak_type", None)
        if exact:
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
        else:
            np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-6, atol=1e-7)


def _tolerance(dtype):
    return dict(rtol=1e-5, atol=1e-6) if dtype == np.float32 else dict(rtol=1e-10, atol=1e-12)


def _assert_close_to_jax(ours, theirs, dtype=np.float32):
    assert jax.tree_util.tree_structure(ours) == jax.tree_util.tree_structure(theirs)
    for a, b in zip(_leaves(ours), _leaves(theirs)):
        assert np.shape(a) == np.shape(b)
        assert jnp.result_type(a) == jnp.result_type(b)
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), **_tolerance(dtype))


def _count(source, node_type):
    return sum(isinstance(n, node_type) for n in ast.walk(ast.parse(source)))


def _negations(source):
    return sum(isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub)
               for n in ast.walk(ast.parse(source)))


def _operations(source):
    return _count(source, (ast.BinOp, ast.UnaryOp, ast.Call))


# -- 1. each rewrite shows in the source -------------------------------------------------

def _seed_folded(tidied, untidied):
    assert "grad_seed(" in untidied and "broadcast_to(" in untidied
    assert "check_real(" in tidied
    assert "grad_seed" not in tidied and "broadcast_to(" not in tidied


def _seed_kept(tidied, untidied):
    assert "grad_seed(" in tidied and "check_real" not in tidied


def _doubled(tidied, untidied):
    pattern = re.compile(r"^\s*(\w+)_bar = \1 \+ \1$", re.M)    # h_bar = h + h
    assert pattern.search(tidied) and not pattern.search(untidied)


def _fewer_unbroadcasts(tidied, untidied):
    assert tidied.count("unbroadcast(") < untidied.count("unbroadcast(")


def _keeps_parameter_unbroadcasts(tidied, untidied):
    """tidy cannot prove that d has x's shape, and it has not b's: the sums
    down to x and b stay."""
    for name in ("x", "b"):
        assert re.search(rf"^\s*{name}_bar = unbroadcast\(.*, {name}\)$", tidied, re.M)


def _fewer_negations(tidied, untidied):
    assert _negations(tidied) < _negations(untidied)


def _guarded(tidied, untidied):
    assert "if i > 0:" in tidied and "if i > 0:" not in untidied


def _not_guarded(tidied, untidied):
    assert "if i > 0:" not in tidied


def _output_not_computed(tidied, untidied):
    """grad checks the square's operand, not the square it never needs."""
    assert "mul = h * h" in untidied and "mul = " not in tidied and "check_real(h)" in tidied


def _squares_multiplied(tidied, untidied):
    assert "** 2" in untidied and "** 2" not in tidied


def _packed_where_read(tidied, untidied):
    """A tuple line of cotangents is gone into its reader."""
    packs = re.compile(r"^\s*\w+_bar = \(\w+, \w+\)$", re.M)
    assert len(packs.findall(tidied)) < len(packs.findall(untidied))


def _unchanged(tidied, untidied):
    assert tidied == untidied


_LOOP_EXAMPLE = (np.ones((3, 2, 2)), np.ones(2), 3)
_MLP_EXAMPLE = ([(np.ones((3, 4)), np.ones(4)), (np.ones((4, 2)), np.ones(2))], np.ones((5, 3)))

# (function, transformation, argnums, example_args, checks on (tidied, untidied))
REWRITES = [
    pytest.param(logistic, "grad", None, None, [_seed_folded, _fewer_negations],
                 id="grad-logistic-seed-negations"),
    pytest.param(logistic, "vjp", None, None, [_fewer_negations], id="vjp-logistic-negations"),
    pytest.param(logistic, "jvp", None, None, [_fewer_negations], id="jvp-logistic-negations"),
    pytest.param(square_tanh, "grad", None, None, [_seed_folded, _doubled, _fewer_unbroadcasts,
                                                   _squares_multiplied, _output_not_computed],
                 id="grad-square-seed-double-unbroadcast"),
    pytest.param(square_tanh, "jvp", None, None, [_squares_multiplied], id="jvp-square"),
    pytest.param(cube, "grad", None, None, [_seed_folded, _fewer_unbroadcasts], id="grad-cube"),
    pytest.param(exp_sum, "grad", None, None, [_seed_folded], id="grad-exp"),
    pytest.param(neg_chain, "grad", None, None, [_fewer_negations], id="grad-neg-chain"),
    pytest.param(nested_neg, "grad", None, None, [_fewer_negations, _fewer_unbroadcasts],
                 id="grad-nested-neg"),
    pytest.param(neg_times, "grad", (0, 1), None, [_unchanged], id="grad-signs-only-move"),
    pytest.param(sq_diff_broadcast, "grad", (0, 1), None, [_doubled, _fewer_unbroadcasts,
                                                      _keeps_parameter_unbroadcasts],
                 id="grad-broadcast-kept"),
    pytest.param(scale_broadcast, "grad", (0, 1), None, [_seed_kept, _unchanged],
                 id="grad-broadcast-seed-kept"),
    pytest.param(loop_layers, "grad", 0, _LOOP_EXAMPLE, [_guarded], id="grad-loop-guard"),
    pytest.param(loop_layers, "grad", (0, 1), _LOOP_EXAMPLE, [_not_guarded],
                 id="grad-loop-x-active-no-guard"),
    pytest.param(loop_prev, "grad", 0, _LOOP_EXAMPLE, [_guarded], id="grad-loop-prev-guard"),
    pytest.param(loop_sin_dot, "grad", 0, _LOOP_EXAMPLE, [_guarded], id="grad-loop-sin-guard"),
    pytest.param(loop_elementwise, "grad", 0, _LOOP_EXAMPLE, [_not_guarded],
                 id="grad-loop-elementwise-no-guard"),
    pytest.param(mlp, "grad", 0, _MLP_EXAMPLE, [_guarded, _seed_folded, _packed_where_read],
                 id="grad-mlp-guard-packing"),
    pytest.param(unpacks_a_pair, "vjp", None, None, [_packed_where_read],
                 id="vjp-pair-packing"),
    pytest.param(unpacks_a_pair, "grad", None, None, [_packed_where_read],
                 id="grad-pair-packing"),
    pytest.param(mlp, "grad", (0, 1), _MLP_EXAMPLE, [_not_guarded, _seed_folded],
                 id="grad-mlp-x-active"),
    pytest.param(complex_out, "grad", None, None, [_seed_folded], id="grad-complex-check-real"),
]


@pytest.mark.parametrize("fn, transform, argnums, example, checks", REWRITES)
def test_the_rewrite_shows_in_the_source(fn, transform, argnums, example, checks):
    tidied = _source(fn, transform, True, argnums, example)
    untidied = _source(fn, transform, False, argnums, example)
    for check in checks:
        check(tidied, untidied)
    # every rewrite makes the code smaller or leaves it as written (a guard's
    # `i > 0` is a Compare, which _operations does not count)
    assert _operations(tidied) <= _operations(untidied)


# -- 2. tidied == untidied, and both == JAX ----------------------------------------------

def _vec(rs, dtype, *shape):
    return rs.randn(*shape).astype(dtype)


# name -> (function, argument maker(rs, dtype)); every argument differentiated
NUMERIC = {
    "logistic": (logistic, lambda rs, dt: (_vec(rs, dt, 5),)),
    "square_tanh": (square_tanh, lambda rs, dt: (_vec(rs, dt, 2, 3),)),
    "cube": (cube, lambda rs, dt: (_vec(rs, dt, 4),)),
    "exp_sum": (exp_sum, lambda rs, dt: (_vec(rs, dt, 4),)),
    "neg_chain": (neg_chain, lambda rs, dt: (_vec(rs, dt, 4),)),
    "nested_neg": (nested_neg, lambda rs, dt: (_vec(rs, dt, 4),)),
    "neg_times": (neg_times, lambda rs, dt: (_vec(rs, dt, 4), _vec(rs, dt, 4))),
    "sq_diff_broadcast": (sq_diff_broadcast, lambda rs, dt: (_vec(rs, dt, 4, 3),
                                                            _vec(rs, dt, 3))),
    "scale_broadcast": (scale_broadcast, lambda rs, dt: (_vec(rs, dt, 4, 3), _vec(rs, dt, 3))),
    "unpacks_a_pair": (unpacks_a_pair, lambda rs, dt: (_vec(rs, dt, 4),)),
}


def _transformations(fn, args, rs):
    """transformation name -> (make, jax_result): make() gives a function of no
    arguments that runs s2s's transformation (built when it runs, so inside
    `_call`'s tidy setting); jax_result() is JAX's."""
    argnums = tuple(range(len(args)))
    ct = rs.randn()                      # a cotangent for the scalar output
    tangents = tuple(rs.randn(*np.shape(a)).astype(a.dtype) for a in args)

    def vjp(lib):
        out, pullback = lib.vjp(fn, *args)
        return out, pullback(jnp.asarray(ct, dtype=out.dtype))

    return {
        "grad": (lambda: lambda: s2s.grad(fn, argnums)(*args),
                 lambda: jax.grad(fn, argnums)(*args)),
        "value_and_grad": (lambda: lambda: s2s.value_and_grad(fn, argnums)(*args),
                           lambda: jax.value_and_grad(fn, argnums)(*args)),
        "vjp": (lambda: lambda: vjp(s2s), lambda: vjp(jax)),
        "jvp": (lambda: lambda: s2s.jvp(fn, args, tangents),
                lambda: jax.jvp(fn, args, tangents)),
    }


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "vjp", "jvp"])
@pytest.mark.parametrize("name", sorted(NUMERIC))
def test_tidied_equals_untidied_and_jax(name, transform, dtype):
    fn, make_args = NUMERIC[name]
    rs = np.random.RandomState(sorted(NUMERIC).index(name))
    args = make_args(rs, dtype)
    ours, theirs = _transformations(fn, args, rs)[transform]
    tidied, untidied = _call(ours, tidy=True), _call(ours, tidy=False)
    _assert_same(tidied, untidied)
    _assert_close_to_jax(tidied, theirs(), dtype)


# Python floats are weakly typed in JAX; where the seed folds, the tidied
# gradient keeps that weak type as jax.grad does. (The untidied code does not:
# its seed comes from `jnp.sum`, which drops the weak type.)
@pytest.mark.parametrize("fn", [logistic, square_tanh, cube, exp_sum])
def test_a_folded_seed_keeps_a_python_floats_weak_type(fn):
    ours = _call(lambda: s2s.grad(fn), 0.7, tidy=True)
    theirs = jax.grad(fn)(0.7)
    assert ours.dtype == theirs.dtype
    assert ours.weak_type == theirs.weak_type
    np.testing.assert_allclose(ours, theirs, rtol=1e-12)


# -- 3. compositions ---------------------------------------------------------------------

@pytest.mark.parametrize("fn", [logistic, square_tanh, neg_chain, nested_neg])
def test_vmap_of_grad(fn):
    xs = _vec(np.random.RandomState(1), np.float32, 6, 4)
    tidied = _call(lambda: s2s.vmap(s2s.grad(fn)), xs, tidy=True)
    untidied = _call(lambda: s2s.vmap(s2s.grad(fn)), xs, tidy=False)
    _assert_same(tidied, untidied)
    _assert_close_to_jax(tidied, jax.vmap(jax.grad(fn))(xs))


@pytest.mark.parametrize("fn", [logistic, square_tanh, nested_neg, sq_diff_broadcast])
def test_jit_of_grad(fn):
    rs = np.random.RandomState(2)
    args = NUMERIC[fn.__name__][1](rs, np.float32)
    argnums = tuple(range(len(args)))
    tidied = _call(lambda: s2s.jit(s2s.grad(fn, argnums)), *args, tidy=True)
    untidied = _call(lambda: s2s.jit(s2s.grad(fn, argnums)), *args, tidy=False)
    _assert_same(tidied, untidied, exact=False)     # (XLA fuses the two programs apart)
    _assert_close_to_jax(tidied, jax.jit(jax.grad(fn, argnums))(*args))


@pytest.mark.parametrize("fn", [logistic, square_tanh, cube, nested_neg])
def test_hessian(fn):
    x = _vec(np.random.RandomState(3), np.float32, 4)
    tidied = _call(lambda: s2s.hessian(fn), x, tidy=True)
    untidied = _call(lambda: s2s.hessian(fn), x, tidy=False)
    _assert_same(tidied, untidied)
    _assert_close_to_jax(tidied, jax.hessian(fn)(x))


@pytest.mark.parametrize("fn", [logistic, square_tanh, nested_neg, exp_sum])
def test_jvp_of_grad(fn):
    """Forward over reverse: the jvp transforms the tidied gradient (check_real
    and all)."""
    rs = np.random.RandomState(16)
    x, t = _vec(rs, np.float32, 4), _vec(rs, np.float32, 4)
    make = lambda: lambda x, t: s2s.jvp(s2s.grad(fn), (x,), (t,))     # noqa: E731
    tidied = _call(make, x, t, tidy=True)
    _assert_same(tidied, _call(make, x, t, tidy=False))
    _assert_close_to_jax(tidied, jax.jvp(jax.grad(fn), (x,), (t,)))


def _mlp_args(rs, dtype=np.float32):
    params = [(_vec(rs, dtype, 3, 4), _vec(rs, dtype, 4)), (_vec(rs, dtype, 4, 2),
                                                             _vec(rs, dtype, 2))]
    return params, _vec(rs, dtype, 5, 3)


@pytest.mark.parametrize("argnums", [0, 1, (0, 1)])
def test_mlp_grad(argnums):
    """argnums 0 guards the input's cotangent away; 1 and (0, 1) need it."""
    params, x = _mlp_args(np.random.RandomState(4))
    make = lambda: s2s.grad(mlp, argnums)     # noqa: E731
    tidied = _call(make, params, x, tidy=True)
    _assert_same(tidied, _call(make, params, x, tidy=False))
    _assert_close_to_jax(tidied, jax.grad(mlp, argnums)(params, x))


@pytest.mark.parametrize("transform", ["grad", "value_and_grad"])
def test_has_aux(transform):
    x = _vec(np.random.RandomState(5), np.float32, 4)
    ours = lambda: getattr(s2s, transform)(with_aux, has_aux=True)   # noqa: E731
    tidied = _call(ours, x, tidy=True)
    _assert_same(tidied, _call(ours, x, tidy=False))
    _assert_close_to_jax(tidied, getattr(jax, transform)(with_aux, has_aux=True)(x))


# `if i > 0` skips work in the pullback's last step: right at every loop length,
# the first step (n=1: the last step is the only one) and no step at all (n=0)
@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("argnums", [0, (0, 1)])
@pytest.mark.parametrize("fn", [loop_layers, loop_prev, loop_sin_dot, loop_elementwise])
def test_loop_lengths(fn, argnums, n):
    rs = np.random.RandomState(6 + n)
    w, x = _vec(rs, np.float32, 3, 2, 2), _vec(rs, np.float32, 2)
    make = lambda: s2s.grad(fn, argnums)     # noqa: E731
    tidied = _call(make, w, x, n, tidy=True)
    _assert_same(tidied, _call(make, w, x, n, tidy=False))
    _assert_close_to_jax(tidied, jax.grad(fn, argnums)(w, x, n))


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("static", [True, False], ids=["static-n", "traced-n"])
def test_jit_of_loop_grad(static, n):
    """A static n keeps the Python loop and its `if i > 0:`; a traced one makes
    the pullback a fori_loop and the guard a cond on the taped i."""
    rs = np.random.RandomState(9 + n)
    w, x = _vec(rs, np.float32, 3, 2, 2), _vec(rs, np.float32, 2)
    make = lambda: s2s.jit(s2s.grad(loop_prev), static_argnums=2 if static else None)  # noqa
    tidied = _call(make, w, x, n, tidy=True)
    _assert_same(tidied, _call(make, w, x, n, tidy=False), exact=False)
    _assert_close_to_jax(tidied, jax.grad(loop_prev)(w, x, n))


@pytest.mark.parametrize("n", [0, 1, 3])
@pytest.mark.parametrize("fn", [loop_layers, loop_prev])
def test_vmap_of_loop_grad(fn, n):
    """Batched over the weights: the guard stays on the unbatched step number."""
    rs = np.random.RandomState(12 + n)
    ws, x = _vec(rs, np.float32, 5, 3, 2, 2), _vec(rs, np.float32, 2)
    make = lambda: s2s.vmap(s2s.grad(fn), in_axes=(0, None, None))     # noqa: E731
    tidied = _call(make, ws, x, n, tidy=True)
    _assert_same(tidied, _call(make, ws, x, n, tidy=False))
    _assert_close_to_jax(tidied, jax.vmap(jax.grad(fn), in_axes=(0, None, None))(ws, x, n))


# -- 3b. vmap's tidy step: what the probe saw, folded ------------------------------------
# (s2s/passes/batch.py's fold_ones and s2s/passes/probed_constants.py)

def sin_square(x):
    return jnp.sum(jnp.sin(x) ** 2)


def per_example_loss(params, x, y):
    h = x
    for w, b in params[:-1]:
        h = jnp.tanh(jnp.dot(h, w) + b)
    w, b = params[-1]
    return jnp.sum((jnp.dot(h, w) + b - y) ** 2)


def _layers(rs, sizes, dtype=np.float32):
    return [(_vec(rs, dtype, m, n), _vec(rs, dtype, n)) for m, n in zip(sizes, sizes[1:])]


def _vmap_source(make, *args, tidy):
    with driver.tidying(tidy):
        fn = make()
        fn(*args)
        return s2s.source(fn)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("fn", [sin_square, square_tanh, logistic, sq_diff_broadcast,
                                scale_broadcast])
def test_vmap_of_grad_multiplies_in_no_ones(fn, dtype):
    """The seed's ones, spread to a shape the probe saw, go where the probe saw
    the product hold what the other factor held (same shape, same dtype)."""
    rs = np.random.RandomState(21)
    args = NUMERIC[fn.__name__][1](rs, dtype) if fn.__name__ in NUMERIC \
        else (_vec(rs, dtype, 4),)
    args = tuple(np.stack([a, a * 0.5, a + 1.0]) for a in args)
    argnums = tuple(range(len(args)))
    make = lambda: s2s.vmap(s2s.grad(fn, argnums))     # noqa: E731
    tidied = _call(make, *args, tidy=True)
    _assert_same(tidied, _call(make, *args, tidy=False))
    _assert_close_to_jax(tidied, jax.vmap(jax.grad(fn, argnums))(*args),
                         np.float64 if dtype == np.float64 else np.float32) \
        if dtype != np.float16 else None
    if fn is sin_square:
        source = _vmap_source(make, *args, tidy=True)
        assert "broadcast_to" not in source and "result_bar" not in source, source
        assert "broadcast_to" in _vmap_source(make, *args, tidy=False)


@pytest.mark.parametrize("sizes", [[3, 2], [3, 4, 2], [3, 4, 4, 2]],
                         ids=["no-hidden-layer", "one", "two"])
def test_per_example_gradient_reads_like_hand_written_code(sizes):
    """One hidden layer: the pullback's loop over the tape runs once (its
    count the probe saw) and is written as its body; two: it stays a loop.
    (No hidden layer: the loops never ran when the probe did, and go.)"""
    rs = np.random.RandomState(22)
    params, xs, ys = _layers(rs, sizes), _vec(rs, np.float32, 5, 3), _vec(rs, np.float32, 5, 2)
    make = lambda: s2s.vmap(s2s.grad(per_example_loss), in_axes=(None, 0, 0))   # noqa: E731
    tidied = _call(make, params, xs, ys, tidy=True)
    _assert_same(tidied, _call(make, params, xs, ys, tidy=False))
    _assert_close_to_jax(tidied, jax.vmap(jax.grad(per_example_loss),
                                          in_axes=(None, 0, 0))(params, xs, ys))
    source = _vmap_source(make, params, xs, ys, tidy=True)
    assert "broadcast_to" not in source and "result_bar" not in source, source
    loops = _count(source, ast.For)
    assert loops == (0 if len(sizes) == 2 else 1 if len(sizes) == 3 else 2), source
    untidied = _vmap_source(make, params, xs, ys, tidy=False)
    assert _count(untidied, ast.For) == (0 if len(sizes) == 2 else 2), untidied


# -- 4. grad of a function whose output is not real --------------------------------------

@pytest.mark.parametrize("tidy", [True, False])
@pytest.mark.parametrize("make", [
    s2s.grad, s2s.value_and_grad, lambda f: s2s.jit(s2s.grad(f)),
    lambda f: lambda x: s2s.jvp(s2s.grad(f), (x,), (x,))],
    ids=["grad", "value_and_grad", "jit-grad", "jvp-grad"])
@pytest.mark.parametrize("fn", [complex_out, int_out, complex_square, complex_scaled,
                                int_square])
def test_non_real_output_raises_like_jax(fn, make, tidy):
    x = _vec(np.random.RandomState(15), np.float32, 3)
    with pytest.raises(TypeError, match="real"):
        jax.grad(fn)(x)
    with pytest.raises(TypeError, match="real-valued outputs"):
        _call(lambda: make(fn), x, tidy=tidy)
