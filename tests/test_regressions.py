"""Issue 8's silently wrong derivatives and internal crashes, each checked in
every transformation that applies, against JAX at the same inputs."""
import os
import signal

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
import regression_cases as C

TRANSFORMS = ("grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "hessian", "jvp_of_grad",
              "grad_of_grad", "jit_grad")


def _ones(args):
    return tuple(jax.tree_util.tree_map(lambda a: jnp.ones_like(jnp.asarray(a, float)), a)
                 for a in args)


def run(lib, transform, f, args):
    """`transform` of `f` at `args`, with lib = s2s or jax."""
    if transform == "grad":
        return lib.grad(f)(*args)
    if transform == "vjp":
        out, pullback = lib.vjp(f, *args)
        return out, pullback(jax.tree_util.tree_map(jnp.ones_like, out))
    if transform == "jvp":
        return lib.jvp(f, args, _ones(args))
    if transform == "vmap":
        batched = tuple(jax.tree_util.tree_map(
            lambda a: jnp.stack([a * 1.0, a * 0.5, a + 0.25]), a) for a in args)
        try:
            return lib.vmap(f)(*batched)
        except jax.errors.TracerBoolConversionError:   # JAX: a Python `if` on a batched value
            examples = [tuple(jax.tree_util.tree_map(lambda a: a[i], a) for a in batched)
                        for i in range(3)]
            return jax.tree_util.tree_map(lambda *o: jnp.stack(o), *[f(*e) for e in examples])
    if transform in ("jacfwd", "jacrev", "hessian"):
        return getattr(lib, transform)(f)(*args)
    if transform == "jvp_of_grad":
        return lib.jvp(lib.grad(f), args, _ones(args))
    if transform == "grad_of_grad":
        return lib.grad(lib.grad(f))(*args)
    if transform == "jit_grad":
        return jax.jit(lib.grad(f))(*args)
    raise ValueError(transform)


def same(a, b):
    def leaf(u, v):
        if getattr(u, "dtype", None) == jax.dtypes.float0 or \
                getattr(v, "dtype", None) == jax.dtypes.float0:
            assert getattr(u, "dtype", None) == getattr(v, "dtype", None)
            return
        np.testing.assert_allclose(np.asarray(u), np.asarray(v), rtol=1e-7, atol=1e-9)
    assert jax.tree_util.tree_structure(a) == jax.tree_util.tree_structure(b)
    jax.tree_util.tree_map(leaf, a, b)


def check(f, args, transforms=TRANSFORMS):
    for transform in transforms:
        expected = run(jax, transform, f, args)
        same(run(s2s, transform, f, args), expected)


SCALAR = ("nested_for", "nested_for_state", "twice_in_loop", "twice_in_branch",
          "with_default", "calls_helper",
          # found by the fuzzer: silently wrong gradients through user functions
          "helper_in_loop", "unpacked_helper", "unpacked_helper_in_loop",
          "helper_in_branch_in_loop", "nested_unpacking", "calls_with_a_constant",
          "calls_slice_only_in_a_branch", "while_stacks_its_counter",
          "calls_branch_then_while", "while_in_a_for", "nested_branch_then_while",
          "for_target_reused_after_a_branch", "matmul_in_a_branch_in_a_loop",
          "maybe_undefined_then_a_loop", "while_only_under_an_if",
          "loop_in_the_else_branch", "loop_only_on_the_other_path",
          "constant_call_unpacked_into_active_names", "break_under_a_value_test_in_a_for")


VALUE_DEPENDENT_IF = ("calls_slice_only_in_a_branch", "while_stacks_its_counter",
                      "calls_branch_then_while", "while_in_a_for", "nested_branch_then_while",
                      "for_target_reused_after_a_branch", "matmul_in_a_branch_in_a_loop",
                      "maybe_undefined_then_a_loop", "while_only_under_an_if",
                      "loop_in_the_else_branch", "loop_only_on_the_other_path",
                      "break_under_a_value_test_in_a_for")
OTHER_PATH = {"calls_slice_only_in_a_branch": 1.3, "calls_branch_then_while": 0.1,
              "while_in_a_for": 10.0, "nested_branch_then_while": 1.5,
              "for_target_reused_after_a_branch": 0.2, "matmul_in_a_branch_in_a_loop": 0.5,
              "maybe_undefined_then_a_loop": 1.5, "while_only_under_an_if": -0.5,
              "loop_in_the_else_branch": -0.7, "loop_only_on_the_other_path": -0.7,
              "break_under_a_value_test_in_a_for": -0.7}


@pytest.mark.parametrize("name", SCALAR)
@pytest.mark.parametrize("transform", TRANSFORMS)
def test_scalar_program(name, transform):
    if transform == "jit_grad" and name in VALUE_DEPENDENT_IF:
        pytest.skip("jax.jit cannot trace a Python `if` on a value (JAX's limit too)")
    check(getattr(C, name), (0.7,), (transform,))
    if name in OTHER_PATH:   # the other path of its `if`
        check(getattr(C, name), (OTHER_PATH[name],), (transform,))


@pytest.mark.parametrize("transform", ("grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev",
                                       "jvp_of_grad"))
def test_dict_parameters(transform):
    x = jnp.array([0.3, 0.7, 1.2])
    check(C.dict_params, ({"w": x, "b": 2.0 * x}, x), (transform,))


@pytest.mark.parametrize("transform", ("grad", "vjp", "jvp", "jacfwd", "jacrev", "jvp_of_grad"))
def test_dict_parameter_read_only_in_a_test(transform):
    """Found by the fuzzer: jvp of the gradient called jnp.zeros_like on the dict."""
    x = jnp.array([0.3, 0.7, 1.2])
    check(C.dict_only_in_a_test, ({"w": x, "b": 2.0 * x}, x), (transform,))


def test_vjp_integer_leaf_is_float0():
    out, pullback = s2s.vjp(C.int_leaf, {"w": 1.5, "n": 3})
    (bar,) = pullback(1.0)
    _, jax_pullback = jax.vjp(C.int_leaf, {"w": 1.5, "n": 3})
    same(bar, jax_pullback(1.0)[0])
    assert bar["n"].dtype == jax.dtypes.float0


@pytest.mark.parametrize("name", ("while_sqrt", "while_square"))
@pytest.mark.parametrize("x", (100.0, 2.0, 1.2))
@pytest.mark.parametrize("transform", ("grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian",
                                       "jvp_of_grad", "grad_of_grad"))
def test_data_dependent_while(name, x, transform):
    """The trip count depends on x: a Jacobian must not take the probe's count
    (two passes) for a constant."""
    check(getattr(C, name), (x,), (transform,))


@pytest.mark.parametrize("transform", [t for t in TRANSFORMS if t not in ("vmap", "jit_grad")])
def test_while_ended_by_its_counter(transform):
    """Found by the fuzzer: jacrev and hessian looped forever, the counter's
    test folded away as always true."""
    def looped_forever(signum, frame):
        raise AssertionError("the generated loop does not end")
    old = signal.signal(signal.SIGALRM, looped_forever)
    signal.alarm(300)
    try:
        check(C.while_counter_ends, (0.5,), (transform,))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.mark.parametrize("transform", ("jacfwd", "jacrev", "hessian"))
def test_batching_helpers_with_whiles_ends(transform):
    def never_ended(signum, frame):
        raise AssertionError("building the batched code does not end")
    old = signal.signal(signal.SIGALRM, never_ended)
    signal.alarm(300)
    try:
        check(C.helpers_with_whiles, (jnp.array([0.1, 0.2, 0.3, 0.4]), 0.5), (transform,))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_vmap_of_while_ended_by_its_counter_matches_a_loop():
    xs = jnp.array([0.5, 1.9, 3.0])   # the last one never enters the loop
    same(s2s.vmap(C.while_counter_ends)(xs),
         jnp.stack([C.while_counter_ends(x) for x in xs]))


@pytest.mark.parametrize("name", ["dead_name_reshaped_in_a_while",
                                  "dead_name_reshaped_in_a_while_body",
                                  "dead_name_read_only_before_a_while",
                                  "read_by_the_next_outer_iteration"])
def test_vmap_of_a_while_that_reshapes_a_dead_name(name):
    f = getattr(C, name)
    xs = jnp.array([[0.1, 0.2, 0.3, 0.4], [1.0, 1.5, 2.0, 0.5], [3.0, 0.0, 0.0, 0.0]])
    same(s2s.vmap(f)(xs), jnp.stack([f(x) for x in xs]))


def test_vmap_of_grad_through_while_is_refused_at_the_users_line():
    """Each example's tape would have its own length: a clean refusal (it
    was an internal pytree error), naming the user's loop."""
    xs = jnp.array([100.0, 2.0, 1.2])
    with pytest.raises(s2s.S2SError, match="grows under a `while`") as e:
        s2s.vmap(s2s.grad(C.while_sqrt))(xs)
    assert "regression_cases.py:" in str(e.value) and "<s2s" not in str(e.value)


def test_vmap_of_grad_through_while_the_same_for_every_example():
    """A while whose condition does not depend on the example still batches."""
    xs = jnp.array([0.3, 0.7, 1.2])
    same(s2s.vmap(s2s.grad(C.while_counted), in_axes=(0, None))(xs, 2.0),
         jax.vmap(jax.grad(C.while_counted), in_axes=(0, None))(xs, 2.0))


def test_jit_of_a_gradient_through_new_axes_of_a_flip():
    """Checked in a child process: the failure was XLA aborting the process."""
    import subprocess
    import sys
    code = ("import jax, jax.numpy as jnp, numpy as np, s2s, regression_cases as C\n"
            "jax.config.update('jax_enable_x64', True)\n"
            "m = jnp.linspace(-1.0, 1.0, 8).reshape(4, 2)\n"
            "np.testing.assert_allclose(jax.jit(s2s.grad(C.new_axes_of_a_flip))(m),\n"
            "                           jax.grad(C.new_axes_of_a_flip)(m), rtol=1e-12)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=os.path.dirname(C.__file__))
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.parametrize("transform", [t for t in TRANSFORMS
                                       if t not in ("grad_of_grad", "jit_grad")])   # (above)
def test_new_axes_of_a_flip(transform):
    check(C.new_axes_of_a_flip, (jnp.linspace(-1.0, 1.0, 8).reshape(4, 2),), (transform,))


@pytest.mark.parametrize("transform", [t for t in TRANSFORMS if t not in ("jit_grad", "grad_of_grad")])
def test_static_test_under_a_traced_if(transform):
    check(C.static_test_under_a_traced_if, (jnp.array([-0.5, -0.1, 0.2, -0.3]),), (transform,))


@pytest.mark.parametrize("transform", ("vjp", "jvp", "vmap", "jacfwd", "jacrev"))
def test_list_appended_in_a_loop(transform):
    """jacrev batched the cotangent of a list of arrays as one array."""
    check(C.appends, (0.5,), (transform,))


@pytest.mark.parametrize("transform", TRANSFORMS)
def test_list_appended_in_a_loop_through_a_helper(transform):
    check(C.appends_loss, (0.5,), (transform,))


def _kind(v):
    return type(v), getattr(v, "dtype", None), getattr(v, "weak_type", None)


@pytest.mark.parametrize("transform", ("grad", "vjp", "jvp", "value_and_grad"))
@pytest.mark.parametrize("name", ("affine", "helper"))
def test_python_float_inputs_give_jax_arrays(transform, name):
    """A Python float becomes a JAX array, as in JAX: results are weakly typed
    arrays of JAX's precision, never Python floats computed in float64."""
    f = getattr(C, name)
    if transform == "value_and_grad":
        mine, theirs = s2s.value_and_grad(f)(0.5), jax.value_and_grad(f)(0.5)
    elif transform == "jvp":
        mine, theirs = s2s.jvp(f, (0.5,), (1.0,)), jax.jvp(f, (0.5,), (1.0,))
    else:
        mine, theirs = run(s2s, transform, f, (0.5,)), run(jax, transform, f, (0.5,))
    same(mine, theirs)
    assert jax.tree_util.tree_map(_kind, mine) == jax.tree_util.tree_map(_kind, theirs)


def test_python_float_arguments_of_grad_with_argnums():
    mine, theirs = s2s.grad(C.product, (0, 1))(0.5, 2.0), jax.grad(C.product, (0, 1))(0.5, 2.0)
    same(mine, theirs)
    assert [_kind(v) for v in mine] == [_kind(v) for v in theirs]


def test_numpy_arrays_in_and_out():
    """Found by the fuzzer: a NumPy cotangent reached `x_bar.at[:2].add(...)` in
    the pullback (AttributeError); NumPy inputs become JAX arrays, as JAX's own
    transformations treat them."""
    x, ct = np.array([0.1, 0.2, 0.3, 0.4]), np.ones(4)
    out, pullback = s2s.vjp(C.slice_updated_in_a_loop, x)
    want_out, want_pullback = jax.vjp(C.slice_updated_in_a_loop, x)
    same((out, pullback(ct)), (want_out, want_pullback(ct)))
    same(s2s.grad(lambda x: jnp.sum(C.slice_updated_in_a_loop(x)))(x),
         jax.grad(lambda x: jnp.sum(C.slice_updated_in_a_loop(x)))(x))


def test_grad_of_grad_of_an_unused_cotangent_carried_by_a_branch_loop():
    x = jnp.array([0.5, 1.0, 2.0, 0.1])
    f = C.unused_cotangent_carried_by_a_branch_loop
    same(s2s.grad(s2s.grad(f, argnums=1), argnums=1)(x, 0.3),
         jax.grad(jax.grad(f, argnums=1), argnums=1)(x, 0.3))


@pytest.mark.parametrize("transform", ("grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian",
                                       "jvp_of_grad"))
def test_continue_keeps_the_carried_value(transform):
    """Found by hand (a `continue` then a `break` in a while): grad was a scalar
    (ssa made the carried value None on the continue path before the tape saved
    it), and jacfwd dropped `acc = acc * 1.5` (the probe ran the branch that
    breaks first, never reached the other, and pruned it)."""
    check(C.continue_keeps_the_carried_value, (jnp.array([0.1, -0.2]),), (transform,))


def test_dead_name_set_under_a_static_if_in_a_batched_branch():
    f = C.dead_name_set_under_a_static_if_in_a_batched_branch
    x, m, s = jnp.ones((3, 4)), jnp.ones((4, 2)), jnp.array([0.5, -0.5, 1.0])
    same(s2s.vmap(f, in_axes=(None, 0, None, 0))(2, x, m, s),
         jnp.stack([f(2, x[i], m, s[i]) for i in range(3)]))


def test_vmap_of_grad_through_a_break_some_examples_take():
    """With the probe past the tape's None slot, the batched forward sweep
    merged a tape one iteration longer on the path that had not broken (an
    internal pytree error): a clean refusal naming the user's loop."""
    xs = jnp.array([0.7, -0.7, 0.1])
    with pytest.raises(s2s.S2SError, match="grows more on one path") as e:
        s2s.vmap(s2s.grad(C.break_under_a_value_test_in_a_for))(xs)
    assert "regression_cases.py:" in str(e.value) and "<s2s" not in str(e.value)


def test_vmap_of_grad_through_a_break_every_example_takes_alike():
    """The break's test does not depend on the example: it still batches."""
    xs = jnp.array([0.3, 0.7, 1.2])
    f = C.break_under_a_value_test_in_a_for
    same(s2s.vmap(s2s.grad(lambda x, s: f(s) * x), in_axes=(0, None))(xs, 0.7),
         jax.vmap(jax.grad(lambda x, s: f(s) * x), in_axes=(0, None))(xs, 0.7))


@pytest.mark.parametrize("c", (-1.0, 1.0))
def test_vmap_of_a_while_with_a_continue_and_a_compound_test(c):
    xs = jnp.array([[0.1, 0.2, 0.3], [1.0, 0.5, 0.2], [0.3, -0.2, 2.0]])
    f = C.continue_in_a_while_with_a_compound_test
    same(s2s.vmap(f, in_axes=(None, 0))(c, xs), jnp.stack([f(c, x) for x in xs]))
    x = xs[0]
    for transform in ("grad", "jacfwd", "jacrev", "hessian"):
        same(getattr(s2s, transform)(f, argnums=1)(c, x),
             getattr(jax, transform)(f, argnums=1)(c, x))


def test_grad_of_grad_through_a_while_with_a_continue_after_an_inner_loop():
    f = C.while_with_a_continue_after_an_inner_loop
    x = jnp.array([0.64338846, -1.05074362, -0.35474819, -0.47726646])
    same(s2s.grad(s2s.grad(f))(-0.8214229, x), jax.grad(jax.grad(f))(-0.8214229, x))


@pytest.mark.parametrize("transform", ["grad", "jacrev", "hessian"])
def test_reverse_mode_of_a_nested_function_with_its_own_nested_function(transform):
    f = C.nested_function_with_its_own_nested_function
    x = jnp.array([0.3, -0.5, 1.1])
    same(getattr(s2s, transform)(f)(x), getattr(jax, transform)(f)(x))


@pytest.mark.parametrize("transform", ["grad", "jacrev", "hessian", "jacfwd"])
def test_reverse_mode_of_a_nested_tuple_literal(transform):
    f = C.nested_tuple_returned_by_a_helper
    x = jnp.array([0.3, -0.5, 1.1])
    same(getattr(s2s, transform)(f)(x), getattr(jax, transform)(f)(x))


@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
@pytest.mark.parametrize("f", [C.tuple_written_at_a_call_of_a_nested_function,
                               C.tuple_written_at_a_call_of_a_module_function])
def test_a_tuple_written_at_a_call_of_a_user_function(f, transform):
    x = jnp.array([0.3, -0.5, 1.1])
    same(getattr(s2s, transform)(f)(x), getattr(jax, transform)(f)(x))
    same(s2s.jvp(f, (x,), (jnp.ones(3),)), jax.jvp(f, (x,), (jnp.ones(3),)))
    xs = jnp.stack([x, 2.0 * x])
    same(s2s.vmap(f)(xs), jax.vmap(f)(xs))


def test_batched_gradient_that_does_not_depend_on_the_batch():
    ms = jnp.asarray(np.random.default_rng(0).normal(size=(4, 2, 3)))
    f = C.sum_of_a_product_with_a_constant
    np.testing.assert_allclose(s2s.vmap(s2s.grad(f))(ms), jax.vmap(jax.grad(f))(ms))
    np.testing.assert_allclose(s2s.jacrev(s2s.grad(f))(ms[0]), jax.jacrev(jax.grad(f))(ms[0]))


def test_questions_about_dtypes_under_vmap_and_jacobians():
    f = C.asks_about_its_dtype
    x = jnp.arange(3.0)
    np.testing.assert_allclose(s2s.jacfwd(f)(x), jax.jacfwd(f)(x))
    np.testing.assert_allclose(s2s.hessian(f)(x), jax.hessian(f)(x))
    xs = jnp.stack([x, x * 2.0])
    np.testing.assert_allclose(s2s.vmap(f)(xs), jax.vmap(f)(xs))


def test_a_transformation_of_a_lambda_called_inside_a_transformed_function():
    """s2s.grad(lambda) called in a function s2s differentiates: its closure
    cell was named `grad_<lambda>` (an internal SyntaxError); now `grad_lambda`."""
    x = jnp.array([0.3, -0.7, 1.2])
    f = C.sum_of_the_gradient_of_a_lambda
    np.testing.assert_allclose(s2s.grad(f)(x), jax.grad(
        lambda y: jnp.sum(jax.grad(C.sin_times)(y)))(x), rtol=1e-12)
    np.testing.assert_allclose(s2s.hessian(f)(x), jax.hessian(
        lambda y: jnp.sum(jax.grad(C.sin_times)(y)))(x), rtol=1e-12)
