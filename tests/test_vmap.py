"""s2s.vmap against jax.vmap (or, where jax.vmap refuses batched Python control
flow, against a Python loop over examples), eagerly and under jax.jit; the
in_axes / out_axes / axis_size API and its errors, mirrored from JAX."""
import functools
import zlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import batch_cases as bc
import s2s

RTOL, ATOL = 1e-6, 1e-8
B = 5


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()))


def U(rng, *shape, lo=-1.0, hi=1.0):
    return jnp.asarray(rng.uniform(lo, hi, shape))


def assert_tree_close(got, want, exact_dtype=True):
    """Same pytree structure, shapes, dtypes (kinds, if not exact) and values."""
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree, f"structure {got_tree} != {want_tree}"
    for g, w in zip(got_leaves, want_leaves):
        g, w = jnp.asarray(g), jnp.asarray(w)
        assert g.shape == w.shape, f"shape {g.shape} != {w.shape}"
        if exact_dtype:
            assert g.dtype == w.dtype, f"dtype {g.dtype} != {w.dtype}"
        else:
            assert g.dtype.kind == w.dtype.kind or {g.dtype.kind, w.dtype.kind} <= {"i", "u"}, \
                f"dtype {g.dtype} != {w.dtype}"
        np.testing.assert_allclose(np.asarray(g, dtype=np.float64) if g.dtype != bool else g,
                                   np.asarray(w, dtype=np.float64) if w.dtype != bool else w,
                                   rtol=RTOL, atol=ATOL)


# --------------------------------------------------------------------------
# Every registered program
# --------------------------------------------------------------------------

_REFERENCES = {}


def args_and_reference(c):
    """The case's batched arguments and reference result (computed once)."""
    if c.name not in _REFERENCES:
        args = c.args(B, rng_for(c.name))
        if c.loop:
            want = c.reference()(*args)
        else:   # jit only to keep the suite fast: same numbers as eager jax.vmap
            want = jax.jit(c.reference(), static_argnums=c.static_argnums)(*args)
        _REFERENCES[c.name] = (args, want)
    return _REFERENCES[c.name]


# Known limits of s2s.vmap (docs/limits.md, "vmap"): each is refused with an
# S2SError naming the line, never a wrong number.
LIMITS = {
}


def _param(c):
    marks = [pytest.mark.xfail(strict=True, raises=s2s.S2SError, reason=LIMITS[c.name])] \
        if c.name in LIMITS else []
    return pytest.param(c, id=c.name, marks=marks)


CASE_PARAMS = [_param(c) for c in bc.CASES]
LOOP_PARAMS = [pytest.param(c, id=c.name) for c in bc.CASES if c.loop]


def test_case_names_are_unique():
    names = [c.name for c in bc.CASES]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("c", CASE_PARAMS)
def test_vmap_matches_reference(c):
    args, want = args_and_reference(c)
    got = s2s.vmap(c.fn, in_axes=c.in_axes, out_axes=c.out_axes)(*args)
    assert_tree_close(got, want, exact_dtype=not c.loop)


@pytest.mark.parametrize("c", CASE_PARAMS)
def test_vmap_under_jit(c):
    args, want = args_and_reference(c)
    f = jax.jit(s2s.vmap(c.fn, in_axes=c.in_axes, out_axes=c.out_axes),
                static_argnums=c.static_argnums)
    if c.jit_may_need_concrete:
        # A while loop / break on a batched value loops until no example is
        # still going: Python control flow on a traced value, like any other
        # under jit (docs/limits.md, "vmap"). Either the right numbers or
        # an S2SError at the user's line that says to use s2s.jit.
        try:
            got = f(*args)
        except s2s.S2SError as e:
            assert "s2s.jit(s2s.vmap(f))" in str(e) and e.filename.endswith("batch_cases.py")
            pytest.xfail("Python loop on a batched condition needs concrete values")
    else:
        got = f(*args)
    assert_tree_close(got, want, exact_dtype=not c.loop)


@pytest.mark.parametrize("c", LOOP_PARAMS)
def test_jax_vmap_refuses_batched_control_flow(c):
    """Why these cases use the loop reference: jax.vmap cannot run them."""
    args, _ = args_and_reference(c)
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.vmap(c.fn, in_axes=c.in_axes, out_axes=c.out_axes)(*args)


def test_loop_cases_take_both_branches():
    """The fixed inputs of the branching cases reach both sides of the branch
    (otherwise a vmap that always takes one side would pass)."""
    x = bc.CASES[[c.name for c in bc.CASES].index("if_on_sum")].inputs()[0]
    assert 0 < int(jnp.sum(jnp.sum(x, axis=1) > 0)) < B
    s = jnp.asarray([-1.5, 0.3, 2.0, -0.1, 0.7])
    assert 0 < int(jnp.sum(s > 0)) < B


# --------------------------------------------------------------------------
# The seed example
# --------------------------------------------------------------------------

def test_apply_matrix_is_vectorized():
    v = U(rng_for("apply_matrix"), 7, 100)
    batched = s2s.vmap(bc.apply_matrix)
    got = batched(v)
    np.testing.assert_allclose(got, jnp.dot(v, bc.mat.T), rtol=RTOL, atol=ATOL)
    assert got.shape == (7, 150)
    src = s2s.source(batched)
    assert "for " not in src, src
    assert "_batch" in src, src
    np.testing.assert_allclose(jax.jit(batched)(v), jnp.dot(v, bc.mat.T), rtol=RTOL, atol=ATOL)


# Batched products are written as the matrix products they are (issue 13): the
# einsum a batch rule forms becomes jnp.dot with `.T` where an operand's contracted
# axis is not where dot wants it, the operands swapped where that puts the batch
# axis first. Each case: (fn, in_axes, shapes); compared with jax.vmap.
PRODUCTS = [
    (lambda m, v: jnp.dot(m, v), (None, 0), [(6, 4), (5, 4)], "jnp.dot(v_batch, m.T)"),
    (lambda m, v: jnp.dot(v, m), (None, 0), [(4, 6), (5, 4)], "jnp.dot(v_batch, m)"),
    (lambda m, v: jnp.dot(m, v), (0, None), [(5, 6, 4), (4,)], "jnp.dot(m_batch, v)"),
    (lambda m, v: jnp.dot(v, m), (0, None), [(5, 4, 6), (4,)], "jnp.dot(v, m_batch)"),
    (lambda m, v: jnp.dot(m, v), (None, 0), [(6, 4), (5, 4, 3)], None),
    (lambda m, v: m @ v, (None, 0), [(6, 4), (5, 4)], "jnp.dot(v_batch, m.T)"),
    (lambda a, b: jnp.einsum("ij,kj->ik", a, b), (None, 0), [(3, 4), (5, 6, 4)], None),
    (lambda a, b: jnp.einsum("ji,j->i", a, b), (None, 0), [(4, 3), (5, 4)],
     "jnp.dot(b_batch, a)"),
    (lambda a, b: jnp.einsum("j,ji->i", a, b), (0, None), [(5, 4), (4, 3)],
     "jnp.dot(a_batch, b)"),
    (lambda a, b: jnp.dot(a, b), (0, 0), [(5, 4), (5, 4)], None),   # per-example vdot
]


@pytest.mark.parametrize("fn, in_axes, shapes, written", PRODUCTS)
def test_batched_products_are_dots(fn, in_axes, shapes, written):
    rng = np.random.default_rng(len(shapes[0]) * 10 + len(shapes[1]))
    args = [jnp.asarray(rng.normal(size=s), jnp.float32) for s in shapes]
    ours = s2s.vmap(fn, in_axes=in_axes)
    np.testing.assert_allclose(ours(*args), jax.vmap(fn, in_axes=in_axes)(*args),
                               rtol=1e-5, atol=1e-5)
    if written is not None:
        assert written in s2s.source(ours), s2s.source(ours)
        assert "jnp.einsum" not in s2s.source(ours)


def test_per_example_gradient_of_a_product_uses_dots():
    def loss(w, x):
        return jnp.sum(jnp.tanh(jnp.dot(w, x)) ** 2)
    w = jnp.asarray(np.random.default_rng(1).normal(size=(3, 4)), jnp.float32)
    xs = jnp.asarray(np.random.default_rng(2).normal(size=(6, 4)), jnp.float32)
    ours = s2s.vmap(s2s.grad(loss, argnums=1), in_axes=(None, 0))
    np.testing.assert_allclose(ours(w, xs), jax.vmap(jax.grad(loss, argnums=1),
                                                     in_axes=(None, 0))(w, xs),
                               rtol=1e-5, atol=1e-6)
    src = s2s.source(ours)
    assert "jnp.dot(x_batch, w.T)" in src and "jnp.einsum" not in src, src


def test_source_of_vmap_before_any_call():
    """vmap's code is specialized on one example's shapes (like jit), so before
    any call the source needs example (batched) arguments, or says so."""
    batched = s2s.vmap(bc.apply_matrix)
    with pytest.raises(s2s.S2SError):
        s2s.source(batched)
    src = s2s.source(batched, example_args=(jnp.ones((3, 100)),))
    assert "def " in src and "for " not in src and "_batch" in src, src


# --------------------------------------------------------------------------
# in_axes, out_axes, axis_size, kwargs
# --------------------------------------------------------------------------

def scaled_sum(x, y):
    return x * y + jnp.sin(x)


def pair(x, y):
    return x * 2.0, y * 3.0


def mat_out(x, y):
    return jnp.outer(x, y)


def named(d):
    return {"a": d["u"] * 2.0, "b": jnp.sum(d["v"])}


def with_default(x, scale=2.0):
    return x * scale + 1.0


square = lambda x: x * x   # noqa: E731  (a lambda bound to a name)


def _in_axes_params():
    r = rng_for("in_axes")
    m34, m43, v3, v4 = U(r, 3, 4), U(r, 4, 3), U(r, 3), U(r, 4)
    return [
        pytest.param(scaled_sum, 0, (U(r, 5, 3), U(r, 5, 3)), id="int"),
        pytest.param(scaled_sum, (0, None), (U(r, 5, 3), v3), id="tuple_none"),
        pytest.param(scaled_sum, (None, 1), (v4, U(r, 4, 5)), id="tuple_axis1"),
        pytest.param(scaled_sum, (-1, 0), (U(r, 3, 5), U(r, 5, 3)), id="negative"),
        pytest.param(scaled_sum, 1, (U(r, 2, 5, 3), U(r, 2, 5, 3)), id="int_axis1"),
        pytest.param(scaled_sum, -2, (U(r, 2, 5, 3), U(r, 2, 5, 3)), id="int_axis-2"),
        pytest.param(scaled_sum, [0, None], (U(r, 5, 3), v3), id="list"),
        pytest.param(mat_out, (1, None), (m34, v3), id="outer_axis1"),
        pytest.param(mat_out, (None, 0), (v3, m43), id="outer_batched_second"),
        pytest.param(named, ({"u": 0, "v": None},), ({"u": U(r, 5, 2), "v": m34},),
                     id="dict_prefix"),
        pytest.param(named, (0,), ({"u": U(r, 5, 2), "v": U(r, 5, 3)},), id="dict_whole"),
        pytest.param(with_default, 0, (U(r, 5, 3),), id="default_argument"),
        pytest.param(square, 0, (U(r, 5, 3),), id="lambda"),
    ]


@pytest.mark.parametrize("fn, in_axes, args", _in_axes_params())
def test_in_axes(fn, in_axes, args):
    want = jax.vmap(fn, in_axes=in_axes)(*args)
    assert_tree_close(s2s.vmap(fn, in_axes=in_axes)(*args), want)
    assert_tree_close(jax.jit(s2s.vmap(fn, in_axes=in_axes))(*args), want)


def _out_axes_params():
    r = rng_for("out_axes")
    x53, y53, v3 = U(r, 5, 3), U(r, 5, 3), U(r, 3)
    return [
        pytest.param(mat_out, 0, 1, (x53, y53), id="int1"),
        pytest.param(mat_out, 0, 2, (x53, y53), id="int2"),
        pytest.param(mat_out, 0, -1, (x53, y53), id="negative"),
        pytest.param(mat_out, (0, None), -2, (x53, v3), id="negative2"),
        pytest.param(pair, 0, (0, 1), (x53, y53), id="tuple"),
        pytest.param(pair, (0, None), (1, None), (x53, v3), id="tuple_none_unbatched"),
        pytest.param(pair, (0, None), 1, (x53, v3), id="unbatched_output_broadcast"),
        pytest.param(named, 0, {"a": 1, "b": 0}, ({"u": U(r, 5, 2, 3), "v": y53},),
                     id="dict"),
        pytest.param(bc.tuple_output, 0, (1, 0, (0, -1)), (x53,), id="nested_tuple"),
    ]


@pytest.mark.parametrize("fn, in_axes, out_axes, args", _out_axes_params())
def test_out_axes(fn, in_axes, out_axes, args):
    want = jax.vmap(fn, in_axes=in_axes, out_axes=out_axes)(*args)
    assert_tree_close(s2s.vmap(fn, in_axes=in_axes, out_axes=out_axes)(*args), want)
    assert_tree_close(jax.jit(s2s.vmap(fn, in_axes=in_axes, out_axes=out_axes))(*args), want)


def test_out_axes_on_batched_control_flow():
    x = bc.CASES[[c.name for c in bc.CASES].index("if_on_sum")].inputs()[0]
    want = bc.loop_reference(bc.if_on_sum, 0, 1)(x)
    assert_tree_close(s2s.vmap(bc.if_on_sum, out_axes=1)(x), want)
    want = bc.loop_reference(bc.if_on_sum, 1, -1)(x.T)
    assert_tree_close(s2s.vmap(bc.if_on_sum, in_axes=1, out_axes=-1)(x.T), want)


def test_axis_size_with_all_unbatched_arguments():
    r = rng_for("axis_size")
    x, y = U(r, 3), U(r, 3)
    want = jax.vmap(scaled_sum, in_axes=None, axis_size=4)(x, y)
    assert want.shape == (4, 3)
    assert_tree_close(s2s.vmap(scaled_sum, in_axes=None, axis_size=4)(x, y), want)
    want = jax.vmap(scaled_sum, in_axes=(None, None), axis_size=2, out_axes=1)(x, y)
    assert_tree_close(s2s.vmap(scaled_sum, in_axes=(None, None), axis_size=2,
                               out_axes=1)(x, y), want)


def test_axis_size_agreeing_with_batched_arguments():
    r = rng_for("axis_size_agree")
    x, y = U(r, 5, 3), U(r, 3)
    want = jax.vmap(scaled_sum, in_axes=(0, None), axis_size=5)(x, y)
    assert_tree_close(s2s.vmap(scaled_sum, in_axes=(0, None), axis_size=5)(x, y), want)


def test_keyword_arguments_are_batched_along_axis_0():
    r = rng_for("kwargs")
    x, y = U(r, 5, 3), U(r, 5, 3)
    want = jax.vmap(scaled_sum, in_axes=(0,))(x, y=y)
    assert_tree_close(s2s.vmap(scaled_sum, in_axes=(0,))(x, y=y), want)
    want = jax.vmap(with_default)(x, scale=y)
    assert_tree_close(s2s.vmap(with_default)(x, scale=y), want)


def test_python_scalar_unbatched_argument():
    r = rng_for("scalar_arg")
    x = U(r, 5, 3)
    want = jax.vmap(with_default, in_axes=(0, None))(x, 0.5)
    assert_tree_close(s2s.vmap(with_default, in_axes=(0, None))(x, 0.5), want)


def test_one_vmap_object_called_with_new_shapes_and_values():
    """Specializing on one example's shapes must not leak into the next call."""
    r = rng_for("respecialize")
    f = s2s.vmap(bc.sum_axes)
    for shape in ((5, 2, 3, 4), (3, 2, 3, 4), (4, 3, 1, 2)):
        x = U(r, *shape)
        assert_tree_close(f(x), jax.vmap(bc.sum_axes)(x))
    g = s2s.vmap(bc.static_flag, in_axes=(0, None))
    x = U(r, 5, 3)
    for flag in (True, False, True):
        assert_tree_close(g(x, flag), jax.vmap(bc.static_flag, in_axes=(0, None))(x, flag))
    h = s2s.vmap(bc.scalar_poly)
    xi = jnp.arange(5)
    assert_tree_close(h(xi), jax.vmap(bc.scalar_poly)(xi))
    xf = U(r, 5)
    assert_tree_close(h(xf), jax.vmap(bc.scalar_poly)(xf))


@pytest.mark.parametrize("name", ["sin_cos", "mul_rows_by_vec", "sum_axes", "dot_mm",
                                  "argmax_argmin", "creation", "where_unbatched_branches"])
def test_float32_inputs_keep_their_dtype(name):
    c = bc.CASES[[k.name for k in bc.CASES].index(name)]
    args = jax.tree_util.tree_map(
        lambda a: a.astype(jnp.float32) if jnp.issubdtype(a.dtype, jnp.floating) else a,
        c.args(B, rng_for(name + "32")))
    want = jax.vmap(c.ref, in_axes=c.in_axes, out_axes=c.out_axes)(*args)
    got = s2s.vmap(c.fn, in_axes=c.in_axes, out_axes=c.out_axes)(*args)
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert g.dtype == w.dtype and g.shape == w.shape
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def test_batched_branch_on_float32():
    x = jnp.asarray([-1.5, 0.3, 2.0, -0.1, 0.7], dtype=jnp.float32)
    got = s2s.vmap(bc.early_return_scalar)(x)
    assert got.dtype == jnp.float32
    np.testing.assert_allclose(got, jnp.where(x > 0, x * 2, -x), rtol=1e-6)


def test_batched_control_flow_with_new_batch_size():
    f = s2s.vmap(bc.while_doubling)
    for values in ([0.5, 1.5, 3.0, 9.0, 12.0], [0.01, 20.0], [4.0]):
        x = jnp.asarray(values)
        assert_tree_close(f(x), bc.loop_reference(bc.while_doubling)(x), exact_dtype=False)


# --------------------------------------------------------------------------
# Nesting and decorators
# --------------------------------------------------------------------------

def dist(x, y):
    return jnp.sqrt(jnp.sum((x - y) ** 2))


def test_vmap_of_vmap_pairwise():
    r = rng_for("pairwise")
    xs, ys = U(r, 4, 3), U(r, 5, 3)
    want = jax.vmap(jax.vmap(dist, (None, 0)), (0, None))(xs, ys)
    got = s2s.vmap(s2s.vmap(dist, (None, 0)), (0, None))(xs, ys)
    assert got.shape == (4, 5)
    assert_tree_close(got, want)
    assert_tree_close(jax.jit(s2s.vmap(s2s.vmap(dist, (None, 0)), (0, None)))(xs, ys), want)


def test_vmap_of_vmap_axes():
    r = rng_for("nested_axes")
    x = U(r, 3, 4, 5)
    want = jax.vmap(jax.vmap(bc.softmax, in_axes=1, out_axes=0), in_axes=0, out_axes=1)(x)
    got = s2s.vmap(s2s.vmap(bc.softmax, in_axes=1, out_axes=0), in_axes=0, out_axes=1)(x)
    assert_tree_close(got, want)


def test_vmap_of_vmap_batched_control_flow():
    r = rng_for("nested_loop")
    x = U(r, 3, 4, 3)
    want = bc.loop_reference(bc.loop_reference(bc.if_on_sum))(x)
    assert_tree_close(s2s.vmap(s2s.vmap(bc.if_on_sum))(x), want, exact_dtype=False)
    x = U(r, 3, 4, lo=0.3, hi=12.0)
    want = bc.loop_reference(bc.loop_reference(bc.while_doubling))(x)
    assert_tree_close(s2s.vmap(s2s.vmap(bc.while_doubling))(x), want, exact_dtype=False)


@s2s.vmap
def decorated_softmax(x):
    e = jnp.exp(x - jnp.max(x))
    return e / jnp.sum(e)


@functools.partial(s2s.vmap, in_axes=(0, None))
def decorated_affine(x, w):
    return jnp.dot(w, x) + 1.0


def test_vmap_as_decorator():
    r = rng_for("decorator")
    x, w = U(r, 5, 4), U(r, 2, 4)
    assert_tree_close(decorated_softmax(x), jax.vmap(bc.softmax)(x))
    assert_tree_close(decorated_affine(x, w),
                      jax.vmap(lambda x, w: jnp.dot(w, x) + 1.0, (0, None))(x, w))
    assert_tree_close(jax.jit(decorated_affine)(x, w), decorated_affine(x, w))


def test_generated_code_is_traceable_by_jax_grad():
    r = rng_for("jax_grad_of_vmap")
    v = U(r, 4, 100)
    loss = lambda v: jnp.sum(jnp.tanh(s2s.vmap(bc.apply_matrix)(v)))   # noqa: E731
    want = jax.grad(lambda v: jnp.sum(jnp.tanh(jax.vmap(bc.apply_matrix)(v))))(v)
    assert_tree_close(jax.grad(loss)(v), want)


# --------------------------------------------------------------------------
# Errors, of the type JAX raises
# --------------------------------------------------------------------------

def raises_like_jax(call):
    """`call(vmap)` raises with jax.vmap; s2s.vmap raises the same type."""
    with pytest.raises(Exception) as jax_error:
        call(jax.vmap)
    with pytest.raises(type(jax_error.value)) as s2s_error:
        call(s2s.vmap)
    return jax_error.value, s2s_error.value


X32, X42, X2 = jnp.ones((3, 2)), jnp.ones((4, 2)), jnp.ones(2)


def test_error_mismatched_batch_sizes():
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum)(X32, X42))
    assert isinstance(err, ValueError)
    assert "3" in str(err) and "4" in str(err), str(err)


def test_error_mismatched_batch_sizes_in_pytree():
    _, err = raises_like_jax(lambda vmap: vmap(named)({"u": X32, "v": X42}))
    assert isinstance(err, ValueError)
    assert "3" in str(err) and "4" in str(err), str(err)


def test_error_axis_size_disagrees():
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum, axis_size=4)(X32, X32))
    assert isinstance(err, ValueError)
    assert "3" in str(err) and "4" in str(err), str(err)


@pytest.mark.parametrize("in_axes, args", [
    pytest.param((2, 0), (X32, X32), id="too_large"),
    pytest.param((0, -3), (X32, X32), id="too_negative"),
    pytest.param(0, (1.0, X32), id="python_scalar"),
    pytest.param((None, 0), (X32, jnp.float64(1.0)), id="rank0_array"),
])
def test_error_in_axes_out_of_range(in_axes, args):
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=in_axes)(*args))
    assert isinstance(err, ValueError)


def test_error_in_axes_tuple_length():
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=(0, 0, 0))(X32, X32))
    assert isinstance(err, ValueError)
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=(0,))(X32, X32))
    assert isinstance(err, ValueError)


def test_error_all_unbatched_without_axis_size():
    _, err = raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=None)(X32, X32))
    assert isinstance(err, ValueError)
    raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=(None, None))(X32, X32))


def test_error_in_axes_not_a_prefix():
    raises_like_jax(lambda vmap: vmap(named, in_axes=({"w": 0},))({"u": X32, "v": X32}))


def test_error_in_axes_of_wrong_type():
    raises_like_jax(lambda vmap: vmap(scaled_sum, in_axes=0.5)(X32, X32))


def test_error_out_axes_out_of_range():
    raises_like_jax(lambda vmap: vmap(scaled_sum, out_axes=3)(X32, X32))


def test_error_out_axes_none_for_batched_output():
    raises_like_jax(lambda vmap: vmap(scaled_sum, out_axes=None)(X32, X32))
    raises_like_jax(lambda vmap: vmap(pair, in_axes=(0, None), out_axes=(None, None))(X32, X2))


def kron(a, b):
    return jnp.kron(a, b)


@pytest.mark.parametrize("in_axes", [(0, 0), (0, None), (None, 0)])
@pytest.mark.parametrize("shapes", [((2, 3), (2, 2)), ((3,), (2, 2)), ((2, 1, 3), (2,)),
                                    ((), (3,))])
def test_kron_of_operands_of_any_ranks(shapes, in_axes):
    """kron had no batch rule (found by the fuzzer under hessian): operands of
    different ranks are padded with leading axes, as JAX does."""
    rng = np.random.RandomState(0)
    a, b = (rng.randn(4, *s) if ax == 0 else rng.randn(*s) for s, ax in zip(shapes, in_axes))
    np.testing.assert_allclose(s2s.vmap(kron, in_axes=in_axes)(a, b),
                               jax.vmap(kron, in_axes=in_axes)(a, b), rtol=1e-6)


def dead_branch_in_loop(s, x):
    for i in range(2):
        if s < 0.3:
            t = x + 1.0   # never read: the batched branch is dead code
    return x * s


def test_loop_whose_batched_branch_is_dead():
    """Found by the fuzzer: the loop's body was left holding only the branch's
    comment, which Python cannot compile."""
    ss, xs = jnp.array([0.1, 0.5, 0.2]), jnp.ones((3, 4))
    np.testing.assert_allclose(s2s.vmap(dead_branch_in_loop)(ss, xs),
                               jnp.stack([dead_branch_in_loop(s, x) for s, x in zip(ss, xs)]))


def unbatched_part_of_a_pair(s, x):
    pair = (s * jnp.arange(1.0, 9.0).reshape(4, 2), -x[:2])
    h = pair[0]        # unbatched here, batched by the loop below
    g = pair[1]
    for i in range(1):
        h = h + x[i] * 0.5
        g += jnp.mean(h, axis=0)
    return jnp.sum(g) + jnp.sum(h)


def test_unbatched_part_of_a_partly_batched_tuple_broadcast():
    """Found by the fuzzer: the broadcast read `pair[0]` under its unbatched
    name (NameError)."""
    xs = jnp.ones((3, 4)) * jnp.arange(3.0)[:, None]
    np.testing.assert_allclose(s2s.vmap(unbatched_part_of_a_pair, in_axes=(None, 0))(0.5, xs),
                               jax.vmap(unbatched_part_of_a_pair, in_axes=(None, 0))(0.5, xs))


def unpack_partly_batched_pair(c, x):
    pair = (jnp.exp(-x[:2]), c * x[:2])
    h, g = pair        # h is broadcast (batched by the branch below), g batched already
    if c > 0.0:
        h = h * 2.0
    return h + g


def test_unpacking_a_partly_batched_tuple_into_batched_names():
    """Found by the fuzzer: the batched temporary of the unpacking had no
    batched name (KeyError inside the batch pass)."""
    cs, x = jnp.array([0.5, -0.2, 0.1]), jnp.array([0.1, -0.3, 0.2, 0.4])
    np.testing.assert_allclose(
        s2s.vmap(unpack_partly_batched_pair, in_axes=(0, None))(cs, x),
        jnp.stack([unpack_partly_batched_pair(c, x) for c in cs]), rtol=1e-6)


def param_batched_by_a_branch(a, b):
    if a > 1.0:
        a = 0.1 - jnp.dot(b[:2], b[:2])
    else:
        b = jnp.cos(b) * b   # b is unbatched on entry, batched after the merge
    return jnp.mean(b[:, None] * jnp.arange(1.0, 3.0), axis=1)[0] + a


def calls_with_unbatched_b(a, b):
    return param_batched_by_a_branch(a, b)


def param_batched_by_arithmetic(a, b):
    if a < 0.3:                 # a is unbatched here ...
        b = b - 0.5 * b
    a -= jnp.vdot(jnp.sum(b, axis=1), jnp.sum(b, axis=1))   # ... and batched from here
    return a * jnp.mean(b, axis=0)


def test_unbatched_parameter_batched_by_arithmetic():
    """Found by the fuzzer ('float' object is not subscriptable)."""
    m = jnp.arange(24.0).reshape(3, 4, 2) / 10
    for c in (0.1, 0.5):
        np.testing.assert_allclose(s2s.vmap(param_batched_by_arithmetic, in_axes=(None, 0))(c, m),
                                   jax.vmap(param_batched_by_arithmetic, in_axes=(None, 0))(c, m))


def test_unbatched_parameter_batched_by_a_branch():
    """Found by the fuzzer: the helper read its unbatched parameter `b` as if it
    had a batch axis (IndexError); it gets one on entry now."""
    a, b = jnp.array([0.5, 1.5, 2.0]), jnp.array([0.3, 1.2])
    expected = jnp.stack([param_batched_by_a_branch(ai, b) for ai in a])
    for f in (param_batched_by_a_branch, calls_with_unbatched_b):
        np.testing.assert_allclose(s2s.vmap(f, in_axes=(0, None))(a, b), expected, rtol=1e-6)


def loop_that_never_runs(c, n, x):
    t = 0.0
    if c > 0.0:
        if jnp.mean(x) < 0.0:
            t = jnp.maximum(c * 0.5, c)
        for i in range(n):          # n = 0: the probe never runs this body
            t3 = (0.1 * (n + 1)) / 2.0
            t3 = t3 * 0.9 + jnp.sin(jnp.mean(c * jnp.arange(1.0, 5.0) - x))
    return x * c + t


def test_loop_body_the_probe_never_ran_is_dropped():
    """Found by the fuzzer: `for i in range(n)` with n = 0 left its body without
    shapes to batch it by ("could not see the shape of `t3`"); a statement the
    probe never reached, where nothing it could not decide leads, cannot run
    for this specialization and is left out."""
    xs = jnp.array([[0.1, -0.2, 0.3, 0.4], [-1.0, -2.0, 0.5, 0.1], [0.0, 1.0, 2.0, 3.0]])
    for c in (0.5, -0.5):
        expected = jnp.stack([loop_that_never_runs(c, 0, x) for x in xs])
        np.testing.assert_allclose(s2s.vmap(loop_that_never_runs, in_axes=(None, None, 0))(c, 0, xs),
                                   expected, rtol=1e-6)
        expected = jnp.stack([loop_that_never_runs(c, 2, x) for x in xs])
        np.testing.assert_allclose(s2s.vmap(loop_that_never_runs, in_axes=(None, None, 0))(c, 2, xs),
                                   expected, rtol=1e-6)
    x = xs[1]
    np.testing.assert_allclose(s2s.jacfwd(loop_that_never_runs, argnums=2)(0.5, 0, x),
                               jax.jacfwd(loop_that_never_runs, argnums=2)(0.5, 0, x), rtol=1e-6)


def branch_not_taken_then_batched_while(m, n):
    if n == 2:                  # n = 1: the body is left out, the `if` keeps a `pass`
        t = jnp.mean(m, axis=0)
    g = jnp.mean(m, axis=0) - m
    it = 0
    while it < 2 and jnp.sum(g) < 2.0:   # batched: asks what was defined before it
        g = g * 2.0 - 0.5
        it = it + 1
    return g


def test_branch_left_empty_before_a_batched_while():
    """Found by the fuzzer: the `pass` left in a branch the probe never ran had
    no statement number (AttributeError in the batch pass)."""
    ms = jnp.arange(24.0).reshape(3, 4, 2) / 10 - 1.0
    np.testing.assert_allclose(s2s.vmap(branch_not_taken_then_batched_while, in_axes=(0, None))(ms, 1),
                               jnp.stack([branch_not_taken_then_batched_while(m, 1) for m in ms]))


def negated_condition(x):
    if not (jnp.sum(x) > 0.0):
        x = x * 2.0
    return x


def only_else_does_work(s, x, tp):
    for i in range(2):
        if (tp[1] ** 2) < 0.3:
            t = x[:2] ** 2          # dead: simplify leaves `if not lt:` for the jvp
        else:
            t2 = jnp.sum(x)
            t2 = jnp.cos(t2) * jnp.sum(jnp.exp(jnp.sin(t2 * jnp.arange(1.0, 5.0))))
    return s * x + tp[0][0]


def test_not_of_a_batched_condition():
    """Found by the fuzzer: `not c` of a traced condition failed in the probe
    (TracerBoolConversionError), and batched it stayed Python's `not`; it is
    `jnp.logical_not` per example now."""
    xs = jnp.array([[1.0, 2.0], [-1.0, -3.0], [0.5, -0.2]])
    np.testing.assert_allclose(s2s.vmap(negated_condition)(xs),
                               jnp.stack([negated_condition(x) for x in xs]))
    args = (0.5, jnp.array([0.1, 0.2, 0.3, 0.4]), (jnp.array([0.3, 0.1]), 0.9))
    got = s2s.jacfwd(only_else_does_work, argnums=(0, 1, 2))(*args)
    want = jax.jacfwd(only_else_does_work, argnums=(0, 1, 2))(*args)
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(g, w, rtol=1e-6), got, want)


def static_test_in_an_undecided_branch(n, c, x):
    g = x
    if jnp.abs(0.1 * (n + 1)) > 0.0:    # traced in the probe: both branches run
        t2 = 0.5
        if n >= 1:                      # decided by the static n, inside the branch
            t2 = t2 - 0.5 * jnp.sqrt(1.0 + jnp.maximum(0.1 * (n + 1), c) ** 2)
            g = g + t2
        g = jnp.concatenate([x[1:], x[:1]]) + g
    else:
        g = g + c * jnp.arange(1.0, 5.0)
    return g + c


def test_static_test_inside_an_undecided_branch_is_decided():
    """Found by the fuzzer: `ge = n >= 1` under a branch the probe could not
    decide was taken for a value that may differ, so the branch it guards (never
    run for n = 0) was batched without shapes; it reads nothing the branch
    assigns, so it is the same whichever branch runs."""
    x, cs = jnp.array([0.1, 0.2, 0.3, 0.4]), jnp.array([0.1, 0.5, 1.0])
    for n in (0, 1):
        np.testing.assert_allclose(
            s2s.vmap(static_test_in_an_undecided_branch, in_axes=(None, 0, None))(n, cs, x),
            jax.vmap(static_test_in_an_undecided_branch, in_axes=(None, 0, None))(n, cs, x))


def branch_gives_a_dead_name_another_shape(x, s):
    t2 = x[:2]
    h = jnp.log1p(jnp.dot(s * jnp.arange(1.0, 5.0), x) ** 2)
    if h < 1.0:                          # batched: both branches run
        t2 = jnp.square(h * jnp.arange(1.0, 9.0).reshape(4, 2))   # not read after
    return x[:, None] * jnp.arange(1.0, 3.0) + h


def branch_gives_a_live_name_another_shape(x, s):
    t2 = x[:2]
    if jnp.sum(x) * s < 1.0:
        t2 = jnp.square(s * jnp.arange(1.0, 9.0).reshape(4, 2))
    return jnp.sum(t2)


def test_a_name_no_one_reads_after_a_batched_if_is_not_merged():
    """Found by the fuzzer: `t2` has shape (2,) before the `if` and (4, 2) in
    it, and nothing reads it after; the merge `jnp.where(c, t2_then, t2)`
    failed to broadcast (ValueError from the generated code)."""
    xs = jnp.array([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0], [-0.5, 0.2, 0.0, 0.1]])
    got = s2s.vmap(branch_gives_a_dead_name_another_shape, in_axes=(0, None))(xs, 0.3)
    np.testing.assert_allclose(got, jnp.stack([branch_gives_a_dead_name_another_shape(x, 0.3)
                                               for x in xs]), rtol=1e-6)


def test_a_live_name_with_another_shape_in_a_batched_branch_is_refused():
    """Each example would hold a value of its own shape: refused at the line."""
    xs = jnp.array([[0.1, 0.2, 0.3, 0.4], [1.0, 2.0, 3.0, 4.0]])
    with pytest.raises(s2s.S2SError, match=r"test_vmap.py:\d+.*`t2` has shape \(4, 2\) in one "
                                           r"branch and \(2,\) in the other"):
        s2s.vmap(branch_gives_a_live_name_another_shape, in_axes=(0, None))(xs, 0.3)


def branch_gives_a_scalar_an_array(x):
    y = jnp.sum(x)
    if jnp.sum(x) > 0:
        y = x * 2.0
    return y


def test_a_scalar_array_that_a_batched_branch_makes_a_vector_is_refused():
    """One example keeps a () value, the other a (2,) one: jnp.where used to
    broadcast the () values along the example's own axis, a wrong number."""
    xs = jnp.array([[1.0, 2.0], [1.5, -3.0]])
    with pytest.raises(s2s.S2SError, match=r"test_vmap.py:\d+.*`y` has shape \(2,\) in one "
                                           r"branch and \(\) in the other"):
        s2s.vmap(branch_gives_a_scalar_an_array)(xs)


def with_two_defaults(x, y, a=2.0, b=0.5):
    return jnp.sum(jnp.tanh(x) * a + y * b)


def test_source_of_vmap_of_grad_with_defaults_left_out():
    """As a call does, example_args may leave parameters to their defaults
    (the probe ran the gradient without them: 'missing 2 required arguments')."""
    xs = jnp.ones((2, 3))
    text = s2s.source(s2s.vmap(s2s.grad(with_two_defaults)), example_args=(xs, xs))
    assert "def with_two_defaults_grad_vmap(" in text
    np.testing.assert_allclose(s2s.vmap(s2s.grad(with_two_defaults))(xs, xs),
                               jax.vmap(jax.grad(with_two_defaults))(xs, xs))


@pytest.mark.parametrize("c", [_param(c) for c in bc.CASES if c.jit_may_need_concrete])
def test_vmap_under_s2s_jit(c):
    """What jax.jit(s2s.vmap(f)) cannot run (a Python loop on a batched
    condition), s2s.jit converts: the right numbers, every time."""
    args, want = args_and_reference(c)
    f = s2s.jit(s2s.vmap(c.fn, in_axes=c.in_axes, out_axes=c.out_axes),
                static_argnums=c.static_argnums)
    assert_tree_close(f(*args), want, exact_dtype=not c.loop)


def shape_of_a_batched_value(x):
    s = jnp.shape(x)
    n = jnp.size(x) + jnp.ndim(x)
    return jnp.zeros(s) + x * n


def layers_of_different_widths(params, x):
    h = x
    for w in params:
        a = jnp.dot(h, w)
        s = jnp.shape(a)
        h = LEAKY(a) * jnp.size(a) + jnp.ndim(a) + a.size + jnp.sum(jnp.ones(s) * a.shape[0])
    return h


LEAKY = functools.partial(jax.nn.leaky_relu, negative_slope=0.1)


def test_shapes_that_change_from_one_pass_of_a_loop_to_the_next():
    """A loop over layers of different widths (an MLP): jnp.shape, size and
    ndim of a batched value whose shape changes from pass to pass are asked of
    the batch, not made constants; a call whose argument shapes change goes
    to jax.vmap (s2s's batched code is built for one signature). vmap and
    jacfwd were refused ("no batching rule for jnp.shape", "s2s batches this
    call ... by its arguments' shapes, and they change")."""
    rng = np.random.default_rng(0)
    params = [rng.standard_normal((3, 4)), rng.standard_normal((4, 2))]
    xs = rng.standard_normal((5, 3))
    np.testing.assert_allclose(s2s.vmap(layers_of_different_widths, in_axes=(None, 0))(params, xs),
                               jax.vmap(layers_of_different_widths, in_axes=(None, 0))(params, xs),
                               rtol=1e-10)
    np.testing.assert_allclose(s2s.jacfwd(layers_of_different_widths, argnums=1)(params, xs[0]),
                               jax.jacfwd(layers_of_different_widths, argnums=1)(params, xs[0]),
                               rtol=1e-10)
    np.testing.assert_allclose(s2s.hessian(lambda x: jnp.sum(layers_of_different_widths(params, x)))(xs[0]),
                               jax.hessian(lambda x: jnp.sum(layers_of_different_widths(params, x)))(xs[0]),
                               rtol=1e-9)


def test_shape_size_and_ndim_of_a_batched_value_are_one_examples():
    """jnp.shape(x) of a batched x is one example's shape."""
    x = np.random.default_rng(0).standard_normal((5, 3)).astype(np.float32)
    np.testing.assert_allclose(s2s.vmap(shape_of_a_batched_value)(x),
                               jax.vmap(shape_of_a_batched_value)(x), rtol=1e-6)
    np.testing.assert_allclose(s2s.jacfwd(shape_of_a_batched_value)(x[0]),
                               jax.jacfwd(shape_of_a_batched_value)(x[0]), rtol=1e-6)


def trajectory_as_array(x, c):
    outs = []
    for i in range(4):
        x = jnp.sin(x) * 0.9 + c
        outs.append(x * 2.0)
    return jnp.sum(jnp.array(outs) ** 2, axis=0)


def test_vmap_of_vmap_of_an_array_made_of_a_list():
    """jnp.array of a list built by appends, batched twice (vmap of vmap, and of
    its gradient): the helper that stacks each example's list was refused
    ('s2s cannot transform its helper `array_of_examples`')."""
    x = jnp.array([0.1, -0.4, 0.7])
    xss = jnp.stack([jnp.stack([x, 2.0 * x]), jnp.stack([-x, 0.5 * x])])
    for ours, theirs in ((trajectory_as_array, trajectory_as_array),
                         (s2s.grad(lambda x, c: jnp.sum(trajectory_as_array(x, c))),
                          jax.grad(lambda x, c: jnp.sum(trajectory_as_array(x, c))))):
        got = s2s.vmap(s2s.vmap(ours, in_axes=(0, None)), in_axes=(0, None))(xss, 0.3)
        want = jax.vmap(jax.vmap(theirs, in_axes=(0, None)), in_axes=(0, None))(xss, 0.3)
        assert_tree_close(got, want)


def _numpy_xy(x, y):
    return x * 2 + y[0] + y[1]


@pytest.mark.parametrize("in_axes, x, y", [
    ((0, 0), np.arange(6).reshape(2, 3), (np.arange(6).reshape(2, 3), np.ones((2, 3), np.float32))),
    ((0, None), np.arange(6).reshape(2, 3), (np.arange(3), np.ones(3, np.float32))),
    ((None, 0), np.arange(3), (np.arange(6).reshape(2, 3), np.ones((2, 3), np.float32))),
], ids=["both", "x", "y"])
def test_numpy_arguments_become_jax_arrays_as_in_jax_vmap(in_axes, x, y):
    """NumPy arguments, batched or not, as jax.vmap sees them: JAX arrays of
    JAX's dtypes. (Batched ones stayed NumPy arrays: the result was a NumPy
    array, of NumPy's int64 where JAX gives int32 without x64.)"""
    got = s2s.vmap(_numpy_xy, in_axes=in_axes)(x, y)
    want = jax.vmap(_numpy_xy, in_axes=in_axes)(x, y)
    assert isinstance(got, jax.Array)
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)
