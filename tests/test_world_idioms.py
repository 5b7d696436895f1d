"""Issue 32: idioms of code nobody here wrote, each in every transformation that
applies, against JAX at the same inputs (the harness of test_regressions)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
import world_idiom_cases as C
from test_regressions import run, same

rng = np.random.default_rng(32)


def normal(*shape):
    return jnp.asarray(rng.normal(size=shape))


MLP_PARAMS = [(normal(4, 3), normal(3)), (normal(3, 2), normal(2))]


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "jit_grad",
                                       "jvp_of_grad"])
def test_a_name_assigned_in_a_loop_and_read_after_it(transform):
    f, args = C.mlp_reads_the_last_layer_after_the_loop, (MLP_PARAMS, normal(5, 4))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


def test_a_name_assigned_in_a_loop_and_read_after_it_vmap_and_jit():
    f, x = C.mlp_reads_the_last_layer_after_the_loop, normal(6, 5, 4)
    same(s2s.vmap(f, (None, 0))(MLP_PARAMS, x), jax.vmap(f, (None, 0))(MLP_PARAMS, x))
    same(s2s.jit(f)(MLP_PARAMS, x[0]), f(MLP_PARAMS, x[0]))


@pytest.mark.parametrize("transform", ["grad", "jvp", "vmap", "jacrev", "hessian", "jit_grad"])
def test_the_last_value_of_a_while_loop(transform):
    f, args = C.last_value_of_a_while_loop, (normal(3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian",
                                       "jit_grad", "jvp_of_grad"])
def test_a_dict_built_by_a_call(transform):
    f, args = C.dict_built_by_a_call, ((0.5, -1.2, 0.3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "hessian",
                                       "jit_grad", "jvp_of_grad"])
def test_tuple_unpacking_of_an_array(transform):
    f, args = C.unpacks_an_array, (normal(2, 3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("batch", [2, 3, 5])
def test_tuple_unpacking_of_an_array_under_vmap(batch):
    f, xs = C.unpacks_an_array, normal(batch, 2, 3)
    same(s2s.vmap(f)(xs), jax.vmap(f)(xs))
    same(s2s.vmap(s2s.grad(f))(xs), jax.vmap(jax.grad(f))(xs))


def test_a_key_split_under_vmap():
    keys = jax.random.split(jax.random.PRNGKey(0), 4)
    same(s2s.vmap(C.splits_a_key)(keys), jax.vmap(C.splits_a_key)(keys))


LIST_BUILDERS = [C.builds_a_list_then_an_array, C.builds_a_list_of_sums,
                 C.nested_rows_with_a_constant, C.vstack_of_a_comprehension]


@pytest.mark.parametrize("f", LIST_BUILDERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("in_axes, out_axes", [(0, 0), (1, 0), (0, 1), (1, 1)])
def test_a_list_built_then_stacked_under_vmap(f, in_axes, out_axes):
    xs = normal(3, 2) if in_axes == 0 else normal(2, 3)
    got, want = s2s.vmap(f, in_axes, out_axes)(xs), jax.vmap(f, in_axes, out_axes)(xs)
    assert got.shape == want.shape
    same(got, want)


@pytest.mark.parametrize("f", LIST_BUILDERS, ids=lambda f: f.__name__)
def test_a_list_built_then_stacked_under_vmap_of_grad(f):
    loss, xs = C.squared_norm_of(f), normal(3, 2)
    same(s2s.vmap(s2s.grad(loss))(xs), jax.vmap(jax.grad(loss))(xs))


ALL = ["grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "hessian", "jit_grad", "jvp_of_grad"]


@pytest.mark.parametrize("transform", ALL)
@pytest.mark.parametrize("f", [C.keywords_at_their_defaults, C.checks_its_input],
                         ids=lambda f: f.__name__)
def test_every_mode_accepts_what_grad_accepts(f, transform):
    args = (normal(3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


def test_a_never_run_error_branch_still_raises_when_it_runs():
    with pytest.raises(TypeError, match="expected float64"):
        s2s.grad(C.checks_its_input)(jnp.ones(3, jnp.float32))


@pytest.mark.parametrize("transform", ["grad", "jvp", "vmap", "jacrev", "jit"])
def test_appending_to_an_argument_is_refused_not_lost(transform):
    log = []
    x = normal(3)
    with pytest.raises(s2s.S2SError, match="`log`") as e:
        if transform == "jvp":
            s2s.jvp(lambda x: C.appends_to_its_argument(x, log), (x,), (x,))
        elif transform == "vmap":
            s2s.vmap(C.appends_to_its_argument, (0, None))(jnp.stack([x, x]), log)
        else:
            getattr(s2s, transform)(C.appends_to_its_argument)(x, log)
    assert "test_world_idioms.py" in str(e.value) or "world_idiom_cases.py" in str(e.value)


@pytest.mark.parametrize("transform", ["jacfwd", "jacrev", "vmap", "jvp"])
def test_the_jacobian_of_a_product_goes_through_the_runtime_helper(transform):
    f, args = C.stacks_a_sum_a_product_and_a_product, (normal(3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "jvp", "vmap", "jacfwd", "jacrev", "hessian",
                                       "jit_grad"])
def test_a_helper_closing_over_the_enclosing_functions_parameter(transform):
    f, args = C.split_at(2), (normal(5),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacrev", "hessian", "jit_grad"])
def test_ravel_pytree_with_its_unused_unravel(transform):
    f, args = C.squared_norm_of_the_flat_params, ({"w": normal(2, 3), "b": normal(3)},)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


def test_zip_as_a_value_is_refused_at_its_line():
    with pytest.raises(s2s.S2SError) as e:
        s2s.grad(C.zips_as_a_value)(normal(3))
    assert "world_idiom_cases.py:" in str(e.value) and ":?:" not in str(e.value)
    assert "z = zip(x, x)" in str(e.value)


@pytest.mark.parametrize("z", [1 + 2j, jnp.array([1 + 1j, -2 - 0.5j, 0.3j])], ids=["scalar", "vector"])
def test_the_derivative_of_a_complex_modulus(z):
    same(s2s.grad(C.squared_modulus)(z), jax.grad(C.squared_modulus)(z))
    same(s2s.jvp(C.squared_modulus, (z,), (z,)), jax.jvp(C.squared_modulus, (z,), (z,)))


@pytest.mark.parametrize("transform", ["grad", "jvp", "vmap", "hessian", "jit_grad"])
def test_the_derivative_of_a_real_modulus_at_zero_is_jaxs(transform):
    args = (jnp.array([1.0, -2.0, 0.0]),)
    same(run(s2s, transform, C.abs_times_x, args), run(jax, transform, C.abs_times_x, args))


def test_jax_jit_of_a_batched_while_says_to_use_s2s_jit():
    xs = jnp.array([1.0, 2.0, 3.0])
    with pytest.raises(s2s.S2SError, match="s2s.jit") as e:
        jax.jit(s2s.vmap(C.doubles_until_ten))(xs)
    assert "world_idiom_cases.py" in str(e.value)
    same(s2s.jit(s2s.vmap(C.doubles_until_ten))(xs), jnp.array([16.0, 16.0, 12.0]))


@pytest.mark.parametrize("transform", ALL)
@pytest.mark.parametrize("f", [C.calls_a_callable_object, C.Model.loss, C.SCALED_SUM],
                         ids=["callable_object", "classmethod", "partial_of_a_lambda"])
def test_callables_of_the_users_classes(f, transform):
    args = (normal(3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("make_keys", [jax.random.key, jax.random.PRNGKey], ids=["typed", "raw"])
def test_vmap_over_keys(make_keys):
    f, keys, xs = C.noisy_projection, jax.random.split(make_keys(0), 3), normal(3, 2)
    same(s2s.vmap(f)(keys, xs), jax.vmap(f)(keys, xs))
    same(s2s.vmap(s2s.grad(f, argnums=1))(keys, xs), jax.vmap(jax.grad(f, argnums=1))(keys, xs))


@pytest.mark.parametrize("transform", ALL)
@pytest.mark.parametrize("f", [C.sums_a_map, C.maps_over_two_sequences], ids=lambda f: f.__name__)
def test_map_of_a_function(f, transform):
    args = (normal(3),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ALL)
def test_named_scopes(transform):
    args = (normal(3),)
    f = C.layers_in_named_scopes
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp"])
def test_a_jax_vmap_called_in_the_function(transform):
    """jax.vmap(f, ...)(x) written in the function is s2s.vmap's (the same signature)."""
    args = (normal(3, 2), normal(4, 3))
    f = C.loss_over_a_jax_vmap
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


def test_a_closure_over_a_differentiated_value_handed_to_jax_is_refused():
    """tree_map goes to JAX, which would hold the lambda, and so `scalar`, fixed:
    jvp gave the tangent without scalar's part (a silent wrong answer)."""
    tree = {"a": normal(2), "b": normal()}
    for build in (lambda: s2s.jvp(C.tree_scalar_mul, (0.5, tree), (1.0, tree)),
                  lambda: s2s.grad(C.scaled_tree_norm)(0.5, tree)):
        with pytest.raises(s2s.S2SError, match="reads a differentiated value") as e:
            build()
        assert "world_idiom_cases.py" in str(e.value)
    # holding scalar fixed, nothing is lost
    same(s2s.grad(C.scaled_tree_norm, argnums=1)(0.5, tree),
         jax.grad(C.scaled_tree_norm, argnums=1)(0.5, tree))


@pytest.mark.parametrize("transform", ["grad", "vmap", "jacfwd", "jacrev", "hessian", "jit"])
def test_a_print_runs_once_per_call_as_under_jax(transform, capsys):
    f = C.prints_then_computes
    x = normal(2, 3) if transform == "vmap" else normal(3)
    for _ in range(2):   # the first call builds (the probe must not print), the second reuses
        getattr(s2s, transform)(f)(x)
        assert capsys.readouterr().out.count("computing") == 1


def test_xor_of_masks():
    """(refused once, at its line: the bit operators are supported now)"""
    x, xs = normal(3), normal(2, 3)
    same(s2s.grad(C.xor_of_masks)(x), jax.grad(C.xor_of_masks)(x))
    same(s2s.vmap(C.xor_of_masks)(xs), jax.vmap(C.xor_of_masks)(xs))


UNPACKED_EXPRESSIONS = [(C.unpacks_a_quotient, lambda: (jnp.asarray(0.7),)),
                        (C.unpacks_a_transpose, lambda: (normal(4, 2),)),
                        (C.unpacks_a_stack, lambda: (jnp.asarray(-0.4),)),
                        (C.unpacks_a_call_into_four, lambda: (normal(4),))]


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian",
                                       "jit_grad", "jvp_of_grad"])
@pytest.mark.parametrize("case", range(len(UNPACKED_EXPRESSIONS)))
def test_unpacking_an_expression(transform, case):
    f, args = UNPACKED_EXPRESSIONS[case]
    args = args()
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("batch", [2, 3])
@pytest.mark.parametrize("case", range(len(UNPACKED_EXPRESSIONS)))
def test_unpacking_an_expression_under_vmap(batch, case):
    """A batch of 2 unpacking 2 values was silently wrong: the batch axis was unpacked."""
    f, args = UNPACKED_EXPRESSIONS[case]
    xs = jnp.stack([args()[0] * (i + 1.0) for i in range(batch)])
    same(s2s.vmap(f)(xs), jax.vmap(f)(xs))
    same(s2s.vmap(s2s.grad(f))(xs), jax.vmap(jax.grad(f))(xs))


@pytest.mark.parametrize("x", [jnp.array([0.3, -0.5, 0.9, 1.1]), jnp.array([0.8, 0.5, 0.9, 1.1])],
                         ids=["return not taken", "return taken"])
def test_a_return_in_a_nested_loop_is_never_silently_wrong_under_vmap(x):
    f, cs = C.returns_in_a_nested_loop_on_an_unbatched_test, jnp.array([0.1, 0.2, 0.3])
    try:
        out = s2s.vmap(f, in_axes=(0, None))(cs, x)
    except s2s.S2SError as e:   # (refused at the user's line: the branch after the loops)
        assert e.filename == C.__file__ and "did not run" in e.message
        return
    same(out, jax.vmap(f, in_axes=(0, None))(cs, x))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
@pytest.mark.parametrize("pair", [(C.squared_directional_derivative,
                                   C.squared_directional_derivative_jax),
                                  (C.hessian_vector_product_norm,
                                   C.hessian_vector_product_norm_jax)],
                         ids=["jvp", "jvp of grad"])
def test_a_derivative_of_code_calling_s2s_jvp(transform, pair):
    """Reverse over forward (Hessian-vector products written with jvp): s2s.jvp in
    the function is a call of the generated jvp, which every mode transforms."""
    mine, theirs = pair
    x = normal(3)
    same(run(s2s, transform, mine, (x,)), run(jax, transform, theirs, (x,)))


def test_vmap_of_a_library_function_with_numeric_defaults():
    """jax_advi: `vmap(norm.logpdf)(x, mean, std)`: the library's caller lists
    loc and scale (numbers by default); grad through it as JAX."""
    x, m, s = normal(3), normal(3), jnp.exp(normal(3))
    same(s2s.grad(C.diag_gaussian_logpdf, (0, 1, 2))(x, m, s),
         jax.grad(C.diag_gaussian_logpdf, (0, 1, 2))(x, m, s))
    same(s2s.vmap(jax.scipy.stats.norm.logpdf)(x, m, s), jax.vmap(jax.scipy.stats.norm.logpdf)(x, m, s))


@pytest.mark.parametrize("transform", ["jacfwd", "jacrev", "hessian"])
def test_a_jacobian_of_jax_vmap_of_a_library_function_written_in_the_function(transform):
    """jax.vmap(norm.logpdf) is JAX's own transformation of its own function:
    a library call, which JAX differentiates (it was refused)."""
    x, m, s = normal(3), normal(3), normal(3)
    same(getattr(s2s, transform)(C.diag_gaussian_logpdf)(x, m, s),
         getattr(jax, transform)(C.diag_gaussian_logpdf)(x, m, s))


def same_dtypes(a, b):
    same(a, b)
    assert [jnp.result_type(u) for u in jax.tree_util.tree_leaves(a)] == \
        [jnp.result_type(v) for v in jax.tree_util.tree_leaves(b)]


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev", "hessian", "jit_grad",
                                       "grad_of_grad", "vmap_of_grad"])
def test_a_real_argument_through_complex_values_gets_a_real_cotangent(transform):
    args = (jnp.array([0.7, -0.2]),)
    if transform == "vmap_of_grad":
        same_dtypes(s2s.vmap(s2s.grad(C.real_through_complex))(args[0][:, None]),
                    jax.vmap(jax.grad(C.real_through_complex))(args[0][:, None]))
        return
    if transform == "grad_of_grad":
        args = (jnp.array(0.7),)
    same_dtypes(run(s2s, transform, C.real_through_complex, args),
                run(jax, transform, C.real_through_complex, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev", "jit_grad", "vmap_of_grad"])
def test_a_float16_argument_mixed_with_float32_gets_a_float16_cotangent(transform):
    x = jnp.array([[1.0, 2.0]], jnp.float16)
    if transform == "vmap_of_grad":
        got, want = (lib.vmap(lib.grad(C.half_with_single))(x) for lib in (s2s, jax))
    else:
        got, want = run(s2s, transform, C.half_with_single, (x,)), \
            run(jax, transform, C.half_with_single, (x,))
    for a, b in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        assert a.dtype == b.dtype
        np.testing.assert_allclose(np.asarray(a, np.float32), np.asarray(b, np.float32),
                                   rtol=2e-3)


@pytest.mark.parametrize("fn", [C.half_outer, C.half_dot, C.half_inner_vdot_kron,
                                C.half_tensordot_einsum, C.half_convolve])
@pytest.mark.parametrize("transform", ["grad", "jit_grad", "vmap_of_grad"])
@pytest.mark.filterwarnings("error::FutureWarning")   # (JAX's: a float32 added into float16)
def test_a_product_of_a_float16_argument_with_float32_gets_a_float16_cotangent(fn, transform):
    x = jnp.array([0.5, -1.0, 2.0], jnp.float16)
    if transform == "vmap_of_grad":
        got, want = (lib.vmap(lib.grad(fn))(jnp.stack([x, -x])) for lib in (s2s, jax))
    else:
        got, want = run(s2s, transform, fn, (x,)), run(jax, transform, fn, (x,))
    assert got.dtype == want.dtype == jnp.float16
    np.testing.assert_allclose(np.asarray(got, np.float32), np.asarray(want, np.float32),
                               rtol=5e-3)


@pytest.mark.parametrize("transform", ["jvp", "vjp", "jacfwd", "jacrev", "vmap", "jit"])
def test_a_call_of_an_undefined_name_in_a_branch_that_never_runs(transform):
    args = (jnp.array([0.3, -1.2]),)
    if transform == "jit":
        same(s2s.jit(C.plots_when_asked)(*args), jax.jit(C.plots_when_asked)(*args))
        return
    same(run(s2s, transform, C.plots_when_asked, args), run(jax, transform, C.plots_when_asked, args))


def test_a_call_of_an_undefined_name_raises_python_s_error_where_it_runs():
    with pytest.raises(NameError, match="name 'plot_matrix' is not defined"):
        s2s.grad(lambda x: jnp.sum(C.plots_when_asked(x, "axes")))(jnp.ones(2))


def test_s2s_jit_keeps_a_parameter_left_to_its_default_a_python_value():
    """jax.jit runs `if scale is not None and scale < 0: raise` with scale left
    to None: the default is a Python value inside the traced function."""
    x = jnp.array([0.3, -1.2])
    f = s2s.jit(C.checks_an_optional_argument)
    same(f(x), jax.jit(C.checks_an_optional_argument)(x))
    with pytest.raises(s2s.S2SError, match="world_idiom_cases.py"):
        f(x, 2.0)   # passed, it is traced: the `raise` is refused, as JAX cannot run it
    g = s2s.jit(C.checks_an_optional_argument, static_argnames="scale")
    same(g(x, scale=2.0), C.checks_an_optional_argument(x, 2.0))
    with pytest.raises(ValueError, match="x: scale must be positive"):
        g(x, scale=-2.0)


@pytest.mark.parametrize("transform", ["grad", "jvp", "vjp", "jacfwd", "jacrev", "hessian", "vmap"])
def test_python_max_of_more_than_two_values(transform):
    args = (jnp.array([0.3, -1.2]),)
    same(run(s2s, transform, C.max_of_four, args), run(jax, transform, C.max_of_four, args))


@pytest.mark.parametrize("transform", ["grad", "vmap", "hessian", "jit"])
def test_python_max_of_an_arrays_items_is_refused_at_its_line(transform):
    f = C.Benchmark().fun
    x = jnp.array([0.3, -1.2, 2.0])
    call = {"grad": lambda: s2s.grad(f)(x), "vmap": lambda: s2s.vmap(f)(x[None]),
            "hessian": lambda: s2s.hessian(f)(x), "jit": lambda: s2s.jit(f)(x)}[transform]
    with pytest.raises(s2s.S2SError, match=r"world_idiom_cases.py:\d+"):
        call()


@pytest.mark.parametrize("transform", ["grad", "jvp", "vjp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_jax_vmap_of_a_library_function_written_in_the_function(transform):
    args = (jnp.array([0.3, -1.2]),)
    same(run(s2s, transform, C.vmaps_a_library_function, args),
         run(jax, transform, C.vmaps_a_library_function, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev", "hessian", "jit_grad", "jvp_of_grad"])
def test_a_loop_over_a_slice_of_star_args(transform):
    """`for a in args[1:]`: the slice of a tuple has a tuple cotangent, added
    into the list of the others' (a pytree structure error)."""
    args = (jnp.array([0.3, -0.1]), jnp.array([0.2, 0.4]))
    same(run(s2s, transform, C.calls_with_star_rest, args),
         run(jax, transform, C.calls_with_star_rest, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_unpacking_an_array_that_a_library_call_returned(transform):
    """Its cotangent is the parts' stacked, not their tuple (a TypeError in the
    pullback of softmax)."""
    args = (jnp.array([0.3, -1.2, 0.5]),)
    same(run(s2s, transform, C.unpacks_a_library_result, args),
         run(jax, transform, C.unpacks_a_library_result, args))


@pytest.mark.parametrize("transform", ["grad", "jacrev", "hessian", "vmap"])
def test_unpacking_a_copy_of_a_literal_tuple(transform):
    args = (jnp.array([0.3, -1.2, 0.5]),)
    same(run(s2s, transform, C.unpacks_a_tuple_copy, args),
         run(jax, transform, C.unpacks_a_tuple_copy, args))


def test_vmap_of_grad_of_an_unpacked_library_result():
    """Per-example gradients: the stacked cotangent goes after the batch axis."""
    xs = jnp.array([[0.3, -1.2, 0.5], [0.1, 0.2, -0.4]])
    f = lambda x: jnp.sum(C.unpacks_a_library_result(x))  # noqa: E731
    same(s2s.vmap(s2s.grad(f))(xs), jax.vmap(jax.grad(f))(xs))


@pytest.mark.parametrize("in_axes", [(None, 0), (0, 0), (0, None)])
def test_vmap_of_an_else_branch_that_reads_what_the_then_branch_assigns(in_axes):
    s, x = jnp.array([0.7, 0.9, 0.1]), jnp.array([[1.0, 1.0, 0.2, 0.3], [0.1, 0.2, 0.3, 0.4],
                                                    [-0.9, 0.4, 0.8, -0.2]])
    args = tuple(a if ax == 0 else a[0] for a, ax in zip((s, x), in_axes))

    def looped(f):   # (JAX's vmap cannot take the Python `if` on a batched value)
        return jnp.stack([f(*(a[i] if ax == 0 else a for a, ax in zip(args, in_axes)))
                          for i in range(3)])
    f = C.else_reads_what_then_assigns
    same(s2s.vmap(f, in_axes=in_axes)(*args), looped(f))
    same(s2s.vmap(s2s.grad(f), in_axes=in_axes)(*args), looped(jax.grad(f)))


def test_a_refusal_in_a_bound_method_put_in_line_names_the_users_file():
    """Under s2s.jit(s2s.grad(obj.fun)), the method's lines are the user's file's,
    not those of the caller s2s wrote for the bound method (`<s2s: ... bound>`)."""
    f = s2s.jit(s2s.grad(C.TakesStarArgs().fun))
    with pytest.raises(s2s.S2SError, match=r"world_idiom_cases.py:\d+:\d+: this line needs a "
                                           r"Python bool") as e:
        f(jnp.array([0.3, 0.5]))
    assert "return max(x[0], x[1]) * 2.0" in str(e.value)


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev", "hessian", "vmap", "jit_grad",
                                       "jvp_of_grad"])
def test_unpacking_an_array_a_helper_of_another_module_returned(transform):
    args = (jnp.array([0.3, -1.2, 0.5]),)
    same(run(s2s, transform, C.unpacks_a_helpers_array, args),
         run(jax, transform, C.unpacks_a_helpers_array, args))


MASK = jnp.array([[True, False, True], [False, True, True]])


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_reductions_with_a_where_mask(transform):
    x = jnp.array([[0.3, -1.2, 0.5], [0.7, 0.2, -0.4]])
    f = lambda x: C.masked_reductions(x, MASK)  # noqa: E731
    same(run(s2s, transform, f, (x,)), run(jax, transform, f, (x,)))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_real_and_imag_attributes(transform):
    args = (jnp.array([0.3, -1.2, 0.5]),)
    same(run(s2s, transform, C.squares_of_parts, args),
         run(jax, transform, C.squares_of_parts, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_hasattr_and_callable_run_as_python(transform):
    args = (jnp.array([0.3, -1.2, 0.5]), jnp.array([1.0, 2.0, -0.5]))
    same(run(s2s, transform, C.checks_shapes_with_hasattr, args),
         run(jax, transform, C.checks_shapes_with_hasattr, args))


def test_masks_parts_and_hasattr_under_s2s_jit():
    x = jnp.array([[0.3, -1.2, 0.5], [0.7, 0.2, -0.4]])
    same(s2s.jit(C.masked_reductions)(x, MASK), C.masked_reductions(x, MASK))
    same(s2s.jit(C.squares_of_parts)(x[0]), C.squares_of_parts(x[0]))
    same(s2s.jit(C.checks_shapes_with_hasattr)(x[0], x[1]), C.checks_shapes_with_hasattr(x[0], x[1]))


@pytest.mark.parametrize("transform", ["grad", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_a_call_whose_value_is_thrown_away(transform):
    args = (jnp.array([0.3, -1.2, 0.5]), jnp.array([1.0, 0.0, 1.0]))
    same(run(s2s, transform, C.checks_then_computes, args),
         run(jax, transform, C.checks_then_computes, args))


def test_per_example_gradients_through_a_check():
    logits, labels = normal(4, 3), jnp.ones((4, 3))
    f = C.checks_then_computes
    same(s2s.vmap(f)(logits, labels), jax.vmap(f)(logits, labels))
    same(s2s.vmap(s2s.grad(f))(logits, labels), jax.vmap(jax.grad(f))(logits, labels))


@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("transform", ["grad", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad"])
def test_a_mask_that_may_be_none(transform, masked):
    x = jnp.array([[0.3, -1.2, 0.5], [0.7, 0.2, -0.4]])
    f = (lambda x: jnp.sum(C.optional_mask(x, MASK))) if masked else \
        (lambda x: jnp.sum(C.optional_mask(x)))  # noqa: E731
    same(run(s2s, transform, f, (x,)), run(jax, transform, f, (x,)))
    same(s2s.jit(C.optional_mask)(x), C.optional_mask(x))


@pytest.mark.parametrize("transform", ["jvp", "jacfwd", "jacrev", "vmap"])
def test_a_cast_to_a_batched_values_dtype(transform):
    """`.astype(errors.dtype)`: a dtype is every example's, never batched."""
    args = (normal(5), normal(5))
    same(run(s2s, transform, C.log_cosh, args), run(jax, transform, C.log_cosh, args))


@pytest.mark.parametrize("f", [C.unpacks_an_item_of_a_list_param,
                               C.unpacks_each_array_of_a_list_param])
@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_unpacking_an_array_item_of_a_list_parameter(transform, f):
    """Reverse mode takes the item for a tuple; its cotangent is the parts'
    stacked when the item is an array (a TypeError in `add` before)."""
    args = ([normal(2, 3), normal(2, 3)], normal(3))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("f", [C.unpacks_an_item_of_a_list_param,
                               C.unpacks_each_array_of_a_list_param])
def test_reverse_over_reverse_of_an_unpacked_array_item(f):
    args = ([normal(2, 3), normal(2, 3)], normal(3))
    same(s2s.jacrev(s2s.grad(f, argnums=1), argnums=0)(*args),
         jax.jacrev(jax.grad(f, argnums=1), argnums=0)(*args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacrev", "hessian", "vmap", "jit_grad"])
def test_unpacking_an_array_item_of_a_dict_parameter(transform):
    args = ({"layer": normal(2, 3)}, normal(3))
    same(run(s2s, transform, C.unpacks_an_item_of_a_dict_param, args),
         run(jax, transform, C.unpacks_an_item_of_a_dict_param, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_softmax_and_log_softmax_with_a_where_mask(transform):
    x = jnp.array([[0.3, -1.2, 0.5, 2.0], [0.7, 0.2, -0.4, 0.1]])
    mask = jnp.array([[True, False, True, True], [False, True, True, True]])
    f = lambda x: C.masked_attention_weights(x, mask)  # noqa: E731
    same(run(s2s, transform, f, (x,)), run(jax, transform, f, (x,)))
    g = lambda x: C.optionally_masked_softmax(x, mask)  # noqa: E731
    same(run(s2s, transform, g, (x,)), run(jax, transform, g, (x,)))
    same(run(s2s, transform, C.optionally_masked_softmax, (x,)),
         run(jax, transform, C.optionally_masked_softmax, (x,)))


def test_vmap_of_a_softmax_with_a_batched_mask():
    x = jnp.array([[0.3, -1.2, 0.5, 2.0], [0.7, 0.2, -0.4, 0.1]])
    mask = jnp.array([[True, False, True, True], [False, True, True, True]])
    same(s2s.vmap(C.masked_attention_weights)(x, mask), jax.vmap(C.masked_attention_weights)(x, mask))
    same(s2s.vmap(s2s.grad(C.masked_attention_weights))(x, mask),
         jax.vmap(jax.grad(C.masked_attention_weights))(x, mask))


@pytest.mark.parametrize("f", [C.sums_squares_along_a_canonical_axis, C.walrus_in_tests_and_values])
@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_assignment_expressions_that_always_run(transform, f):
    """`if 0 <= (axis := operator.index(axis)) < ndim:` (optax): the assignment
    on its own line first, as the user would write it (was refused)."""
    args = (jnp.array([[0.3, -1.2, 0.5], [0.7, 0.2, -0.4]]),)
    if transform == "jit_grad" and f is C.walrus_in_tests_and_values:
        f = s2s.jit(s2s.grad(f))   # (jax.jit cannot take its Python `if` on a traced value)
        same(f(*args), jax.grad(C.walrus_in_tests_and_values)(*args))
        return
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_bit_operators_on_masks_and_integers(transform):
    labels = jnp.array([0, 1, 0])
    f = lambda x: C.masks_combined_with_bit_operators(x, labels)  # noqa: E731
    args = (jnp.array([0.3, -0.7, 0.5]),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_partials_made_in_the_function(transform):
    args = (jnp.array([0.3, 1.2, 0.5]), jnp.array([1.0, -2.0, 0.7]))
    same(run(s2s, transform, C.partials_made_in_the_function, args),
         run(jax, transform, C.partials_made_in_the_function, args))


@pytest.mark.parametrize("transform", ALL)
def test_partials_of_a_lambda_and_of_a_local_function(transform):
    args = (jnp.array([0.3, 1.2, 0.5]), jnp.array([1.0, -2.0, 0.7]))
    same(run(s2s, transform, C.partials_of_local_functions, args),
         run(jax, transform, C.partials_of_local_functions, args))


def test_jacrev_of_a_gradient_through_a_list_appended_in_a_loop():
    """The gradient's pullback takes the list's cotangent apart a row per
    step (`out_bar[:-1]`): a shape that shrinks from one pass to the next,
    which the Jacobian's vmap batches by its rank."""
    x = jnp.array([0.3, 1.2, 0.5])
    np.testing.assert_allclose(s2s.jacrev(s2s.grad(C.squares_of_an_appended_list))(x),
                               jax.jacrev(jax.grad(C.squares_of_an_appended_list))(x))


@pytest.mark.parametrize("transform", ALL)
def test_draws_from_a_numpy_random_state_made_in_the_function(transform):
    args = (jnp.array([0.3, 1.2, 0.5]),)
    same(run(s2s, transform, C.draws_from_a_seeded_numpy_state, args),
         run(jax, transform, C.draws_from_a_seeded_numpy_state, args))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "vmap"])
def test_a_function_that_maps_a_partial_of_itself_over_a_list(transform):
    args = (jnp.array([0.3, 1.2, 0.5]), [jnp.array([1.0, -2.0, 0.7]), jnp.array([0.5, 0.1, 0.2])])
    same(run(s2s, transform, C.sum_over_a_list_by_a_mapped_partial, args),
         run(jax, transform, C.sum_over_a_list_by_a_mapped_partial, args))


@pytest.mark.parametrize("reduce_fn", [None, jnp.mean, jnp.sum])
def test_identity_tests_joined_by_and_under_jit(reduce_fn):
    """`if reduce_fn is None and where is not None:` under s2s.jit took the
    `and` for a traced value and traced the branch with where=None (a TypeError)."""
    a = jnp.array([[0.3, -1.2, 0.5], [0.7, 0.2, -0.4]])
    f = lambda a: jnp.sum(C.safe_reduce(a, reduce_fn=reduce_fn) ** 2)  # noqa: E731
    mask = a > 0
    g = lambda a: jnp.sum(C.safe_reduce(a, mask, reduce_fn) ** 2)  # noqa: E731
    for h in (f, g):
        same(s2s.jit(h)(a), h(a))
        same(s2s.grad(h)(a), jax.grad(h)(a))


def _reduced(a, reduce_fn=None):
    return reduce_fn(a) if reduce_fn is not None else a


@pytest.mark.parametrize("transform", ["jacrev", "hessian", "vmap", "jacfwd"])
def test_a_helper_calling_a_function_passed_in(transform):
    """A helper put in line (the Jacobians, vmap of a gradient) calls what its
    caller passed: `jnp.mean(a)` (was refused as a call of a nested function)."""
    f = lambda a: jnp.sum(_reduced(jnp.sin(a), jnp.mean) ** 2) + a[0]  # noqa: E731
    args = (jnp.array([0.3, -1.2, 0.5]),)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    same(run(s2s, "vmap", s2s.grad(f), args), run(jax, "vmap", jax.grad(f), args))


def test_vmap_of_an_else_branch_that_reads_an_unbatched_name_the_then_branch_assigns():
    s, x = jnp.array([0.7, 0.9, 0.1]), jnp.array([[1.0, 1.0], [0.1, 0.2], [-0.9, 0.4]])
    f = C.else_reads_an_unbatched_name_the_then_branch_assigns

    def looped(f):   # (JAX's vmap cannot take the Python `if` on a batched value)
        return jnp.stack([f(s[i], x[i]) for i in range(3)])
    same(s2s.vmap(f)(s, x), looped(f))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_star_of_a_tuple_or_list_the_function_writes(transform):
    """`g(*xs)` where xs is a literal the function wrote: its items spelled out
    (was refused: 'star-arguments are not supported')."""
    args = (jnp.array([0.3, 1.2, -0.5]), jnp.asarray(0.7))
    same(run(s2s, transform, C.spreads_a_tuple_it_wrote, args),
         run(jax, transform, C.spreads_a_tuple_it_wrote, args))


@pytest.mark.parametrize("f", [C.calls_a_closure_a_factory_made, C.calls_a_lambda_a_factory_made,
                               C.calls_what_a_factory_made_at_once])
@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad", "grad_of_grad"])
def test_a_closure_a_factory_of_the_module_made(transform, f):
    """`gc = make(s); gc(x)`: the factory's body in line, its closure a nested
    function. Was refused in every derivative but for the Jacobians and
    s2s.jit(s2s.grad), which gave 0 for the derivative in `s` (fuzz program 19)."""
    args = (jnp.asarray(0.3), normal(4, 2))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    same(s2s.jit(s2s.grad(f))(*args), jax.grad(f)(*args))
    same(s2s.jit(f)(*args), f(*args))


def _calls_a_closure_of_another_module(s, m):
    gc = C._closure_over(s)
    return gc(jnp.mean(m, axis=1))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jacfwd", "jacrev", "hessian", "jit_grad",
                                       "s2s_jit_grad"])
def test_a_closure_a_factory_of_another_module_made_is_refused(transform):
    """A factory of another module stays a call (its names are its module's):
    every derivative refuses the closure over `s`, none gives 0."""
    f, args = _calls_a_closure_of_another_module, (jnp.asarray(0.3), normal(4, 2))
    with pytest.raises(s2s.S2SError, match="gc|inner|function"):
        if transform == "s2s_jit_grad":
            s2s.jit(s2s.grad(f))(*args)
        else:
            run(s2s, transform, f, args)


@pytest.mark.parametrize("f", [C.unzips_pairs_it_wrote, C.zips_tuples_it_wrote])
@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_zip_of_tuples_the_function_wrote_unpacked(transform, f):
    """`lefts, rights = zip(*pairs)`: the tuples zip gives, item by item (was
    refused in every derivative: "zip(...) used as a value"; fuzz program 682)."""
    args = (jnp.asarray(0.3), jnp.array([0.5, -1.0, 2.0]))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    same(s2s.jit(f)(*args), f(*args))


def test_zip_of_sequences_of_unknown_length_unpacked_is_refused_at_its_line():
    """Where the code does not show how many items zip gives, the unpacking
    stays refused in reverse mode, naming the line."""
    xs, ys = [jnp.asarray(0.3), jnp.asarray(0.5)], [jnp.asarray(1.5), jnp.asarray(2.0)]
    with pytest.raises(s2s.S2SError, match=r"world_idiom_cases.py:\d+:\d+: .*zip\(\.\.\.\)"):
        s2s.grad(C.zips_lists_it_was_passed)(xs, ys)


@pytest.mark.parametrize("f, args", [
    (C.mlp_reads_the_last_layer_after_the_loop, (MLP_PARAMS, normal(5, 4))),
    (C.last_step_read_after_the_loop, (jnp.asarray(0.3), normal(4)))])
def test_a_name_first_set_in_a_lax_loop_and_read_after_it(f, args):
    """Under s2s.jit(unroll=0) the loop is lax.fori_loop, which carries no
    None: the name the loop sets first was refused ("different structures",
    fuzz program 77). Its first step now runs as Python."""
    same(s2s.jit(f, unroll=0)(*args), f(*args))
    same(s2s.jit(s2s.vmap(f, (None, 0)), unroll=0)(args[0], jnp.stack([args[1]] * 2)),
         jax.vmap(f, (None, 0))(args[0], jnp.stack([args[1]] * 2)))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jvp_of_grad"])
def test_an_if_on_constants_and_the_lines_after_its_break(transform):
    """`if 1.5 > 0.0: break` then a line that never runs: the Jacobians and
    hessian asked one traced example for that line's shapes and refused
    ("could not see the shape of `a_1_3_dot`", fuzz program 377)."""
    f, args = C.breaks_on_a_constant_test, (jnp.arange(6.0).reshape(3, 2) * 0.1,)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    same(s2s.jit(f)(*args), f(*args))
    same(s2s.jit(s2s.grad(f))(*args), jax.grad(f)(*args))


@pytest.mark.parametrize("f", [C.stacks_items_of_a_list_of_mixed_pairs, C.unzips_mixed_pairs])
@pytest.mark.parametrize("transform", ["vmap", "jacfwd", "jacrev", "hessian"])
def test_items_of_a_list_whose_pairs_are_batched_in_different_places(transform, f):
    """`[(c, y), (z, x)]` with `c` and `x` the same for every example: vmap
    built the list as written, and `pairs[0][0]` (read as batched) had no
    batch axis (ValueError in jnp.stack; fuzz programs 1101-1105)."""
    args = (normal(4, 2), normal(4))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    xs = normal(3, 4, 2)
    same(s2s.vmap(f, (0, None))(xs, args[1]), jax.vmap(f, (0, None))(xs, args[1]))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacfwd", "jacrev", "hessian", "vmap",
                                       "jit_grad", "jvp_of_grad"])
def test_a_comprehension_that_rebinds_the_list_it_reads(transform):
    """`ws = [f(w) for w in ws]` gave 0.0 in every mode (a silent wrong
    answer): the comprehension was built in place under the name it reads."""
    f, args = C.rebinds_the_list_its_comprehension_reads, (jnp.asarray(0.7), [normal(3), normal(3)])
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
    same(s2s.jit(f)(*args), f(*args))


@pytest.mark.parametrize("transform", ["hessian", "jacfwd", "jvp_of_grad", "grad", "vmap"])
def test_unpacking_an_array_item_of_a_tuple_argument(transform):
    f = C.unpacks_an_array_item_of_a_tuple
    args = ((normal(2), jnp.asarray(0.3)), normal(4))
    same(run(s2s, transform, f, args), run(jax, transform, f, args))


@pytest.mark.parametrize("transform", ["hessian", "jacfwd", "jacrev"])
def test_unpacking_an_item_only_a_static_branch_reads(transform):
    f = C.unpacks_an_item_only_a_static_branch_reads
    args = ((normal(2), jnp.asarray(0.3)), 1)
    same(run(s2s, transform, f, args), run(jax, transform, f, args))
