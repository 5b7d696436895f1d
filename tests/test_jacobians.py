"""s2s.jacfwd, s2s.jacrev and s2s.hessian against JAX's, at random float64
inputs; and compositions of s2s.vmap with the derivative transformations."""
import ast
import re
import zlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s

RTOL, ATOL = 1e-6, 1e-8


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()))


def U(rng, *shape, lo=-1.0, hi=1.0):
    return jnp.asarray(rng.uniform(lo, hi, shape))


def assert_tree_close(got, want):
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree, f"structure {got_tree} != {want_tree}"
    for g, w in zip(got_leaves, want_leaves):
        g, w = jnp.asarray(g), jnp.asarray(w)
        assert g.shape == w.shape, f"shape {g.shape} != {w.shape}"
        assert g.dtype == w.dtype, f"dtype {g.dtype} != {w.dtype}"
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=RTOL, atol=ATOL)


def reference(f, *args):
    """JAX's result, jitted for speed where the program allows it (the same
    numbers as eager); eager where it branches on values."""
    try:
        return jax.jit(f)(*args)
    except jax.errors.ConcretizationTypeError:
        return f(*args)


_r = rng_for("globals")
W = U(_r, 3, 4)
W1, B1 = U(_r, 4, 3), U(_r, 4)
W2, B2 = U(_r, 2, 4), U(_r, 2)


# --------------------------------------------------------------------------
# Programs
# --------------------------------------------------------------------------

def scalar_scalar(x):
    return jnp.sin(x) * x ** 2 + jnp.exp(-x)


def vector_scalar(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def vector_vector(x):
    return jnp.tanh(jnp.dot(W, x)) * jnp.sum(x ** 2)


def matrix_vector(m):
    return jnp.sum(jnp.sin(m) * m, axis=0)


def matrix_matrix(m):
    return jnp.dot(m, m.T) + jnp.cos(m[:, :2])


def two_args(x, y):
    return jnp.sin(x) * y + jnp.dot(x, y) * x


def with_aux(x):
    y = jnp.tanh(x) * 2.0
    return y * x, {"norm": jnp.sum(y ** 2), "first": y[0]}


def dict_input(p, x):
    return jnp.tanh(jnp.dot(p["w"], x) + p["b"]) * p["s"]


def tuple_output(x):
    return jnp.sin(x), jnp.sum(x ** 3), x[0] * x


def branching(x):
    s = jnp.sum(x)
    if s > 0.0:
        y = jnp.sin(x) * s
    else:
        y = x ** 3
    for i in range(2):
        y = y * jnp.cos(x[i])
    return y


def iterate(x):
    for i in range(3):
        x = jnp.sin(x) * x[i] + 1.0
    return x


def shrink(x):
    steps = 0
    while jnp.sum(x ** 2) > 0.1:
        x = x * 0.5 + 0.01 * jnp.tanh(x)
        steps += 1
    return x * steps


def scalar_loss(x):
    return jnp.sum(jnp.sin(x) * x ** 2) + jnp.dot(x, x) ** 2


def mlp_like(x):
    h = jnp.tanh(jnp.dot(W1, x) + B1)
    o = jnp.tanh(jnp.dot(W2, h) + B2)
    return jnp.sum(o ** 2) + 0.1 * jnp.sum(x ** 2)


def param_loss(p, x):
    h = jnp.tanh(jnp.dot(p["w"], x) + p["b"])
    return jnp.sum(h ** 2)


def two_arg_loss(x, y):
    return jnp.sum(jnp.sin(x) * y ** 2) + jnp.dot(x, y) ** 2


def _cases():
    r = rng_for("jacobian_cases")
    p = {"w": U(r, 2, 3), "b": U(r, 2), "s": U(r)}
    return [
        # (id, function, args, argnums, has_aux)
        ("scalar_scalar", scalar_scalar, (jnp.float64(0.7),), 0, False),
        ("vector_scalar", vector_scalar, (U(r, 4),), 0, False),
        ("vector_vector", vector_vector, (U(r, 4),), 0, False),
        ("matrix_vector", matrix_vector, (U(r, 2, 3),), 0, False),
        ("matrix_matrix", matrix_matrix, (U(r, 2, 3),), 0, False),
        ("argnums_1", two_args, (U(r, 3), U(r, 3)), 1, False),
        ("argnums_negative", two_args, (U(r, 3), U(r, 3)), -1, False),
        ("argnums_tuple", two_args, (U(r, 3), U(r, 3)), (0, 1), False),
        ("argnums_tuple_one", two_args, (U(r, 3), U(r, 3)), (1,), False),
        ("has_aux", with_aux, (U(r, 3),), 0, True),
        ("dict_input", dict_input, (p, U(r, 3)), 0, False),
        ("dict_input_both", dict_input, (p, U(r, 3)), (0, 1), False),
        ("tuple_output", tuple_output, (U(r, 3),), 0, False),
        ("branching_positive", branching, (U(r, 3) + 1.0,), 0, False),
        ("branching_negative", branching, (U(r, 3) - 1.0,), 0, False),
        ("for_loop", iterate, (U(r, 3),), 0, False),
        ("while_on_primal", shrink, (U(r, 3) + 1.0,), 0, False),
    ]


JAC_CASES = [pytest.param(fn, args, argnums, has_aux, id=name)
             for name, fn, args, argnums, has_aux in _cases()]


@pytest.mark.parametrize("fn, args, argnums, has_aux", JAC_CASES)
@pytest.mark.parametrize("mode", ["jacfwd", "jacrev"])
def test_jacobian_matches_jax(mode, fn, args, argnums, has_aux):
    want = reference(getattr(jax, mode)(fn, argnums=argnums, has_aux=has_aux), *args)
    got = getattr(s2s, mode)(fn, argnums=argnums, has_aux=has_aux)(*args)
    assert_tree_close(got, want)


@pytest.mark.parametrize("name", ["vector_vector", "argnums_tuple", "has_aux", "dict_input"])
@pytest.mark.parametrize("mode", ["jacfwd", "jacrev"])
def test_jacobian_under_jit(mode, name):
    _, fn, args, argnums, has_aux = next(c for c in _cases() if c[0] == name)
    want = reference(getattr(jax, mode)(fn, argnums=argnums, has_aux=has_aux), *args)
    got = jax.jit(getattr(s2s, mode)(fn, argnums=argnums, has_aux=has_aux))(*args)
    assert_tree_close(got, want)


def test_jacobian_python_float_input():
    assert_tree_close(s2s.jacfwd(scalar_scalar)(0.3), jax.jacfwd(scalar_scalar)(0.3))
    assert_tree_close(s2s.jacrev(scalar_scalar)(0.3), jax.jacrev(scalar_scalar)(0.3))


@pytest.mark.parametrize("mode", ["jacfwd", "jacrev", "hessian"])
def test_integer_input_is_a_type_error(mode):
    x = jnp.arange(3)
    with pytest.raises(TypeError):
        getattr(jax, mode)(vector_scalar)(x)
    with pytest.raises(TypeError):
        getattr(s2s, mode)(vector_scalar)(x)


@pytest.mark.parametrize("mode", ["jacfwd", "jacrev"])
def test_argnums_out_of_range(mode):
    x = jnp.ones(3)
    with pytest.raises(ValueError):
        getattr(jax, mode)(two_args, argnums=2)(x, x)
    with pytest.raises(ValueError):
        getattr(s2s, mode)(two_args, argnums=2)(x, x)


# --------------------------------------------------------------------------
# Hessians
# --------------------------------------------------------------------------

def _hessian_cases():
    r = rng_for("hessian_cases")
    p = {"w": U(r, 2, 3), "b": U(r, 2)}
    return [
        pytest.param(scalar_scalar, (jnp.float64(-0.4),), 0, id="scalar"),
        pytest.param(scalar_loss, (U(r, 4),), 0, id="vector"),
        pytest.param(mlp_like, (U(r, 3),), 0, id="mlp_like"),
        pytest.param(param_loss, (p, U(r, 3)), 0, id="dict_params"),
        pytest.param(two_arg_loss, (U(r, 3), U(r, 3)), (0, 1), id="argnums_tuple"),
        pytest.param(two_arg_loss, (U(r, 3), U(r, 3)), 1, id="argnums_1"),
        pytest.param(matrix_vector_loss, (U(r, 2, 3),), 0, id="matrix"),
        pytest.param(loop_loss, (U(r, 3),), 0, id="loop"),
    ]


def loop_loss(x):
    y = x
    for i in range(3):
        y = jnp.sin(y) * x[i] + 1.0
    return jnp.sum(y ** 2)


def matrix_vector_loss(m):
    return jnp.sum(matrix_vector(m) ** 2)


@pytest.mark.parametrize("fn, args, argnums", _hessian_cases())
def test_hessian_matches_jax(fn, args, argnums):
    want = reference(jax.hessian(fn, argnums=argnums), *args)
    assert_tree_close(s2s.hessian(fn, argnums=argnums)(*args), want)


def test_hessian_under_jit():
    x = U(rng_for("hessian_jit"), 3)
    assert_tree_close(jax.jit(s2s.hessian(mlp_like))(x), jax.hessian(mlp_like)(x))


NESTED = {
    "jacfwd(jacrev)": lambda f: s2s.jacfwd(s2s.jacrev(f)),
    "jacrev(jacfwd)": lambda f: s2s.jacrev(s2s.jacfwd(f)),
    "jacfwd(jacfwd)": lambda f: s2s.jacfwd(s2s.jacfwd(f)),
    "jacrev(jacrev)": lambda f: s2s.jacrev(s2s.jacrev(f)),
    "jacrev(grad)": lambda f: s2s.jacrev(s2s.grad(f)),
    "jacfwd(grad)": lambda f: s2s.jacfwd(s2s.grad(f)),
}


@pytest.mark.parametrize("nest", list(NESTED))
def test_nested_jacobians(nest):
    x = U(rng_for("nested_jacobians"), 4)
    assert_tree_close(NESTED[nest](scalar_loss)(x), reference(jax.hessian(scalar_loss), x))


JAX_NESTED = {"jacfwd(jacrev)": (jax.jacfwd, jax.jacrev), "jacrev(jacfwd)": (jax.jacrev, jax.jacfwd),
              "jacfwd(jacfwd)": (jax.jacfwd, jax.jacfwd), "jacrev(jacrev)": (jax.jacrev, jax.jacrev)}


@pytest.mark.parametrize("nest", list(JAX_NESTED))
def test_nested_jacobians_of_a_vector_function(nest):
    """A Jacobian of a Jacobian's program: s2s transforms that generated code."""
    y = U(rng_for("third_order"), 4)
    outer, inner = JAX_NESTED[nest]
    assert_tree_close(NESTED[nest](vector_vector)(y), reference(outer(inner(vector_vector)), y))


@pytest.mark.parametrize("nest", list(JAX_NESTED))
def test_nested_jacobians_of_two_arguments(nest):
    """Tuples of Jacobians in, tuples of tuples out; the inner program's own
    batch size is not the outer one's (6 directions, 3 output rows)."""
    x, y = U(rng_for("nested_two"), 3), U(rng_for("nested_two2"), 3)
    outer, inner = JAX_NESTED[nest]
    s_outer, s_inner = (getattr(s2s, m) for m in nest.replace(")", "").split("("))
    got = s_outer(s_inner(two_args, argnums=(0, 1)), argnums=(0, 1))(x, y)
    assert_tree_close(got, reference(outer(inner(two_args, argnums=(0, 1)), argnums=(0, 1)), x, y))


def test_third_order():
    y = U(rng_for("third_order"), 4)
    assert_tree_close(s2s.jacfwd(s2s.jacfwd(s2s.jacrev(vector_vector)))(y),
                      reference(jax.jacfwd(jax.jacfwd(jax.jacrev(vector_vector))), y))


def test_jacobian_as_decorator_style_call():
    f = s2s.jacrev(two_args, argnums=(0, 1))
    x, y = U(rng_for("twice"), 3), U(rng_for("twice2"), 3)
    assert_tree_close(f(x, y), jax.jacrev(two_args, argnums=(0, 1))(x, y))
    x2, y2 = U(rng_for("twice3"), 5), U(rng_for("twice4"), 5)   # new shapes, same object
    assert_tree_close(f(x2, y2), jax.jacrev(two_args, argnums=(0, 1))(x2, y2))


# --------------------------------------------------------------------------
# vmap composed with derivatives
# --------------------------------------------------------------------------

def mlp_loss(params, x, y):
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
    return jnp.sum((h - y) ** 2)


def _mlp_data():
    r = rng_for("mlp")
    params = [(U(r, 3, 4), U(r, 4)), (U(r, 4, 2), U(r, 2))]
    return params, U(r, 5, 3), U(r, 5, 2)


def test_per_example_gradients():
    params, xs, ys = _mlp_data()
    want = jax.vmap(jax.grad(mlp_loss), in_axes=(None, 0, 0))(params, xs, ys)
    got = s2s.vmap(s2s.grad(mlp_loss), in_axes=(None, 0, 0))(params, xs, ys)
    assert_tree_close(got, want)
    assert isinstance(got, list) and isinstance(got[0], tuple)
    jitted = jax.jit(s2s.vmap(s2s.grad(mlp_loss), in_axes=(None, 0, 0)))(params, xs, ys)
    assert_tree_close(jitted, want)


def test_per_example_value_and_grad():
    params, xs, ys = _mlp_data()
    want = jax.vmap(jax.value_and_grad(mlp_loss), in_axes=(None, 0, 0))(params, xs, ys)
    got = s2s.vmap(s2s.value_and_grad(mlp_loss), in_axes=(None, 0, 0))(params, xs, ys)
    assert_tree_close(got, want)


def test_vmap_of_grad_elementwise():
    x = U(rng_for("elementwise_grad"), 6)
    assert_tree_close(s2s.vmap(s2s.grad(scalar_scalar))(x),
                      jax.vmap(jax.grad(scalar_scalar))(x))


def branch_scalar(x):
    if x > 0:
        y = jnp.sin(x) * x
    else:
        y = x ** 3
    return y


def test_vmap_of_grad_with_batched_branch():
    """jax.vmap(jax.grad(f)) refuses; the reference is a loop over examples."""
    x = jnp.asarray([-1.0, 0.5, 2.0, -0.3, 0.1])
    want = jnp.stack([jax.grad(branch_scalar)(xi) for xi in x])
    assert_tree_close(s2s.vmap(s2s.grad(branch_scalar))(x), want)


def predict(w, x):
    return jnp.tanh(jnp.dot(w, x))


XS = U(rng_for("xs"), 5, 3)


def loss_through_vmap(w):
    preds = s2s.vmap(predict, in_axes=(None, 0))(w, XS)
    return jnp.sum(preds ** 2)


def loss_through_jax_vmap(w):
    preds = jax.vmap(predict, in_axes=(None, 0))(w, XS)
    return jnp.sum(preds ** 2)


batched_predict = s2s.vmap(predict, in_axes=(None, 0))


def loss_through_global_vmap(w):
    return jnp.sum(batched_predict(w, XS) ** 2)


def test_grad_of_function_calling_vmap():
    w = U(rng_for("grad_of_vmap"), 2, 3)
    want = jax.grad(loss_through_jax_vmap)(w)
    assert_tree_close(s2s.grad(loss_through_vmap)(w), want)


def test_grad_of_function_calling_a_vmapped_global():
    w = U(rng_for("grad_of_vmap"), 2, 3)
    want = jax.grad(loss_through_jax_vmap)(w)
    assert_tree_close(s2s.grad(loss_through_global_vmap)(w), want)


def test_jax_grad_through_s2s_vmap():
    """Generated batched code is ordinary jnp code that JAX can differentiate."""
    w = U(rng_for("jax_grad_of_vmap"), 2, 3)
    assert_tree_close(jax.grad(loss_through_vmap)(w), jax.grad(loss_through_jax_vmap)(w))


X0 = U(rng_for("x0"), 4)


def jvp_along(t):
    return s2s.jvp(vector_vector, (X0,), (t,))[1]


def test_vmap_of_jvp():
    ts = U(rng_for("tangents"), 6, 4)
    want = jax.vmap(lambda t: jax.jvp(vector_vector, (X0,), (t,))[1])(ts)
    assert_tree_close(s2s.vmap(jvp_along)(ts), want)
    # the whole Jacobian, by pushing forward the standard basis
    basis = jnp.eye(4)
    assert_tree_close(s2s.vmap(jvp_along)(basis).T, jax.jacfwd(vector_vector)(X0))


def test_vmap_of_jvp_lambda():
    x = U(rng_for("x_lambda"), 4)
    ts = U(rng_for("tangents_lambda"), 3, 4)
    want = jax.vmap(lambda t: jax.jvp(vector_vector, (x,), (t,))[1])(ts)
    got = s2s.vmap(lambda t: s2s.jvp(vector_vector, (x,), (t,))[1])(ts)
    assert_tree_close(got, want)


def test_vmap_of_jacobian():
    """s2s.vmap batches the Jacobian's program (generated code) by its source."""
    xs = U(rng_for("vmap_jac"), 5, 4)
    want = jax.vmap(jax.jacrev(vector_vector))(xs)
    assert_tree_close(s2s.vmap(s2s.jacrev(vector_vector))(xs), want)
    assert_tree_close(s2s.vmap(s2s.jacfwd(vector_vector))(xs), want)
    scalar = lambda x: jnp.sum(jnp.sin(x) * x[0])  # noqa: E731
    assert_tree_close(s2s.vmap(s2s.hessian(scalar))(xs), jax.vmap(jax.hessian(scalar))(xs))


@pytest.mark.parametrize("mode", ["jacfwd", "jacrev"])
@pytest.mark.parametrize("in_axes", [(0, None), (None, 0), (0, 0)])
def test_vmap_of_a_jacobian_in_two_arguments(mode, in_axes):
    def f(x, w):
        return jnp.tanh(x @ w) * jnp.sum(x ** 2)
    x = U(rng_for("vmap_jac_x"), 2, 3) if in_axes[0] == 0 else U(rng_for("vmap_jac_x"), 3)
    w = U(rng_for("vmap_jac_w"), 2, 3, 4) if in_axes[1] == 0 else U(rng_for("vmap_jac_w"), 3, 4)
    got = s2s.vmap(getattr(s2s, mode)(f, argnums=(0, 1)), in_axes=in_axes)(x, w)
    assert_tree_close(got, jax.vmap(getattr(jax, mode)(f, argnums=(0, 1)), in_axes=in_axes)(x, w))


def _mean_first(a, b):
    return jnp.mean(b[:, None] * jnp.arange(1.0, 3.0), axis=1)[0]


def shape_after_a_value_branch(n, c, tp, x):
    h = _mean_first(tp[1], x)
    if h < 1.0:                 # traced in the probe: both branches run
        h *= jnp.tanh(tp[1])    # its jvp asks jnp.shape(h), the same on both
    else:
        h += 0.1 * (n + 1)
    return c * jnp.arange(1.0, 3.0)


def test_jacfwd_batches_a_shape_taken_after_a_value_branch():
    """Found by the fuzzer: `jnp.shape(h)` of a name assigned under a branch
    the probe could not decide was taken for a value that differs between
    examples ("no batching rule for jnp.shape"); a shape is the same for all."""
    args = (0, 0.5, (jnp.array([0.2, 0.3]), 0.4), jnp.array([0.1, -0.2, 0.3, 0.4]))
    assert_tree_close(s2s.jacfwd(shape_after_a_value_branch, argnums=(1, 2, 3))(*args),
                      jax.jacfwd(shape_after_a_value_branch, argnums=(1, 2, 3))(*args))


def _cos_unless_big(a, b):
    if a > 1.0:
        t = b
    else:
        b = jnp.cos(b) * b
    return jnp.mean(b[:, None] * jnp.arange(1.0, 3.0), axis=1)[0]


def loss_with_a_helper_branch(n, c, tp, x):
    h = _cos_unless_big(tp[1], x)
    h *= jnp.tanh(tp[1])
    return jnp.sum((c * jnp.arange(1.0, 3.0) + h) ** 2)


def test_hessian_batches_shape_helpers_after_a_value_branch():
    """Found by the fuzzer: the gradient's `reduced_shape(...)` of a name assigned
    under a branch the probe could not decide was not taken as the constant
    it is ("needs to know the shape to batch this call")."""
    args = (0, 0.5, (jnp.array([0.2, 0.3]), 0.4), jnp.array([0.1, -0.2, 0.3, 0.4]))
    assert_tree_close(s2s.hessian(loss_with_a_helper_branch, argnums=(1, 2, 3))(*args),
                      jax.hessian(loss_with_a_helper_branch, argnums=(1, 2, 3))(*args))


def _pair(a, b):
    return jnp.sum(b, axis=1), a * b


def branch_in_loop_on_a_value(t, c, x):
    h = x * 2.0
    g, z = _pair(0.3, c * jnp.arange(1.0, 9.0).reshape(4, 2))
    for i in range(2):
        if t > 1.0:             # the tape keeps `tanh` (None when the else branch ran)
            g *= jnp.tanh(x)
        else:
            g += t * jnp.arange(1.0, 5.0)
    return h + g


def test_jacrev_through_a_tape_slot_left_none_by_a_branch():
    """Found by the fuzzer: the probe runs both branches of a traced `if`, and the
    else branch's `tanh = None` (the tape's slot for the other branch's value)
    overwrote the value the pullback's then branch multiplies by (TypeError:
    Tracer * None). Where both run, the probe keeps the other branch's value."""
    x = jnp.array([0.1, 0.2, 0.3, 0.4])
    for t in (0.5, 1.5):
        args = (t, 0.3, x)
        assert_tree_close(s2s.jacrev(branch_in_loop_on_a_value, argnums=(0, 1, 2))(*args),
                          jax.jacrev(branch_in_loop_on_a_value, argnums=(0, 1, 2))(*args))
        loss = lambda t, c, x: jnp.sum(branch_in_loop_on_a_value(t, c, x) ** 2)  # noqa: E731
        assert_tree_close(s2s.hessian(loss, argnums=(0, 1, 2))(*args),
                          jax.hessian(loss, argnums=(0, 1, 2))(*args))


def loop_counted_by_a_while(x):
    it = 0
    while it < 5 and jnp.sum(x) < 10.0:   # traced in the probe: two passes, it = 2
        x = x * 2.0
        it = it + 1
    for i in range(it - 2):               # so the probe runs this 0 times; here 3
        x = jnp.sin(x) + x
    return x


def test_loop_the_probe_ran_zero_times_on_an_unsteady_count_is_kept():
    """A loop over a count that comes out of a traced while ran zero times in
    the probe but runs at the call: it must not be left out as never reached
    (that gave a silently wrong Jacobian). Refused or right, never wrong."""
    x = jnp.array([0.1, 0.2])
    try:
        got = s2s.jacfwd(loop_counted_by_a_while)(x)
    except s2s.S2SError as e:
        assert "did not run when s2s traced" in str(e)
        return
    assert_tree_close(got, jax.jacfwd(loop_counted_by_a_while)(x))


# --------------------------------------------------------------------------
# The printed program is the whole program, and the one that runs
# --------------------------------------------------------------------------

def test_hessian_prints_the_whole_program_that_runs():
    """`s2s.source(s2s.hessian(f))` is the basis, the batched call and the
    reshaping, above the batched function it calls; the assembling function
    compiled from that text is what the call runs."""
    import inspect
    import textwrap
    x = U(rng_for("whole_program"), 3)
    h = s2s.hessian(vector_scalar)
    assert_tree_close(h(x), jax.hessian(vector_scalar)(x))
    text = s2s.source(h)
    first, batched = text.split("\n\n", 1)
    assert first.startswith("def vector_scalar_hessian(x):\n")
    assert "x_dot_batch = jnp.eye(3, dtype=jnp.float64)" in first
    assert "= vector_scalar_grad_jvp_vmap(x, x_dot_batch)" in first
    assert "hessian = jnp.moveaxis(out_dot_batch, 0, -1)" in first
    assert batched.startswith("def vector_scalar_grad_jvp_vmap(x, x_dot_batch):")
    # the code that ran is this text
    gen = h.generated()
    assert textwrap.dedent(inspect.getsource(gen.function)).strip() == first.strip()
    # comments cite only the user's lines
    cited = re.findall(r"# (\S+):(\d+):", text)
    assert cited and all(f == "test_jacobians.py" for f, _ in cited)
    # the stages end with the whole program
    assert s2s.stages(h)[-1].name == "assemble" and s2s.stages(h)[-1].source == text
    # explain mode says what each step does; the code is the same
    explained = s2s.source(h, explain=True)
    assert "# the standard basis: 3 directions, one per element of x" in explained
    assert ast.dump(ast.parse(explained)) == ast.dump(ast.parse(text))


@pytest.mark.parametrize("mode", ["jacfwd", "jacrev"])
def test_pytree_program_is_written_leaf_by_leaf(mode):
    r = rng_for("pytree_program")
    p = {"w": U(r, 2, 3), "b": U(r, 2), "s": U(r)}
    x = U(r, 3)
    f = getattr(s2s, mode)(dict_input, argnums=(1, 0))
    assert_tree_close(f(p, x), getattr(jax, mode)(dict_input, argnums=(1, 0))(p, x))
    first = s2s.source(f).split("\n\n", 1)[0]
    assert first.startswith(f"def dict_input_{mode}(p, x):")
    assert "'w': " in first and "jacobian = (" in first
    # the aux value comes out of the program too
    g = getattr(s2s, mode)(with_aux, has_aux=True)
    y = U(r, 3)
    assert_tree_close(g(y), getattr(jax, mode)(with_aux, has_aux=True)(y))
    assert "return (jacobian, aux)" in s2s.source(g)


def test_custom_pytree_node_goes_through_tree_unflatten():
    from typing import NamedTuple

    class Pair(NamedTuple):
        a: jax.Array
        b: jax.Array
    r = rng_for("custom_node")
    pair = Pair(U(r, 2), U(r, 3))
    f = s2s.jacrev(_pair_fn)
    assert_tree_close(f(pair), jax.jacrev(_pair_fn)(pair))
    assert "tree_unflatten(" in s2s.source(f)


def _pair_fn(pair):
    return jnp.sin(pair.a) * jnp.sum(pair.b ** 2)
