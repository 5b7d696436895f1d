"""Issue 32: `*args`/`**kwargs` parameters and effects on objects (`self.nfev += 1`),
as published code writes them, in every transformation against JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
import listed_parameter_cases as C
from test_regressions import run, same

rng = np.random.default_rng(7)
X = jnp.asarray(rng.normal(size=3))
A, B = jnp.asarray(1.5), jnp.asarray(-0.5)
DERIVATIVES = ["grad", "value_and_grad", "jacfwd", "jacrev", "hessian"]
EVERY = ["grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "hessian", "jit_grad", "jvp_of_grad"]


@pytest.mark.parametrize("transform", DERIVATIVES)
@pytest.mark.parametrize("args, kwargs", [((X,), {}), ((X, A, B), {}), ((X, A), {"scale": 3.0})],
                         ids=["no extras", "two extras", "an extra and a keyword"])
def test_a_transformed_function_taking_star_args(transform, args, kwargs):
    for f in (C.scaled, C.hands_on):
        same(getattr(s2s, transform)(f)(*args, **kwargs),
             getattr(jax, transform)(f)(*args, **kwargs))


@pytest.mark.parametrize("transform", DERIVATIVES)
def test_argnums_reaching_into_star_args(transform):
    same(getattr(s2s, transform)(C.scaled, argnums=(0, 2))(X, A, B),
         getattr(jax, transform)(C.scaled, argnums=(0, 2))(X, A, B))


def test_star_args_under_jvp_vjp_vmap_and_jit():
    same(s2s.jvp(C.scaled, (X, A), (X, A)), jax.jvp(C.scaled, (X, A), (X, A)))
    out, pullback = s2s.vjp(C.scaled, X, A)
    expected, jax_pullback = jax.vjp(C.scaled, X, A)
    same(out, expected)
    same(pullback(1.0), jax_pullback(1.0))
    xs = jnp.stack([X, 2 * X])
    same(s2s.vmap(C.scaled)(xs, jnp.stack([A, B])), jax.vmap(C.scaled)(xs, jnp.stack([A, B])))
    same(s2s.vmap(C.scaled, in_axes=(0, None))(xs, A),
         jax.vmap(C.scaled, in_axes=(0, None))(xs, A))
    same(s2s.jit(C.scaled)(X, A, B), C.scaled(X, A, B))
    same(s2s.jit(C.scaled)(X), C.scaled(X))


@pytest.mark.parametrize("transform", EVERY)
@pytest.mark.parametrize("f", [C.calls_helpers_of_two_arities, C.sum_if_any])
def test_helpers_taking_star_args(transform, f):
    same(run(s2s, transform, f, (X,)), run(jax, transform, f, (X,)))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "jacrev", "jit_grad"])
def test_keyword_arguments_swallowed_by_kwargs(transform):
    params = (jnp.asarray(rng.normal(size=(3, 2))), jnp.asarray(rng.normal(size=2)))
    args = (params, jnp.asarray(rng.normal(size=(4, 3))))
    same(run(s2s, transform, C.applies_a_layer, args), run(jax, transform, C.applies_a_layer, args))


def test_the_generated_caller_lists_the_call_s_arguments():
    g = s2s.grad(C.total_of_extras)
    g(X, A)
    assert "def total_of_extras_grad(x, args_0):" in s2s.source(g)


@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian", "jit", "vmap"])
def test_a_scipy_objective_method_and_its_counter(transform):
    """`fun(self, x, *args)` with `self.nfev += 1`: the value as JAX's, the
    counter counting each call once, as under JAX."""
    mine, theirs = C.Objective(3), C.Objective(3)
    x = jnp.stack([X, X + 1.0]) if transform == "vmap" else X
    for _ in range(2):
        same(getattr(s2s, transform)(mine.fun)(x), getattr(jax, transform)(theirs.fun)(x))
    assert mine.nfev == theirs.nfev == 2


@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_a_method_given_an_extra_argument(transform):
    m = C.Objective(3)
    same(getattr(s2s, transform)(m.shifted)(X, 0.25), getattr(jax, transform)(m.shifted)(X, 0.25))
    same(getattr(s2s, transform)(m.shifted)(X), getattr(jax, transform)(m.shifted)(X))


@pytest.mark.parametrize("transform", ["grad", "vmap", "jacfwd", "jacrev", "hessian"])
def test_a_counter_on_a_global_object_counts_each_call_once(transform):
    x = jnp.stack([X, X]) if transform == "vmap" else X
    counts = []
    for lib in (s2s, jax):
        C.Calls.count = 0
        fn = getattr(lib, transform)(C.counts_its_calls)
        fn(x)
        fn(x)
        counts.append(C.Calls.count)
    assert counts == [2, 2]


DATA = (jnp.asarray(rng.normal(size=(6, 3))), jnp.asarray(rng.normal(size=6)))


@pytest.mark.parametrize("transform", EVERY)
@pytest.mark.parametrize("f", [C.squared_loss, C.tilted_loss, C.fits],
                         ids=["an instance", "a subclass's instance", "instances called inside"])
def test_callable_objects_calling_super_and_their_own_methods(transform, f):
    """jaxopt's objectives: an instance with `__call__` transformed as a function,
    `super().__call__(w, data)`, and the base class's `self.subfun(...)` read by
    the object's own class."""
    if transform in ("vmap", "jvp", "jvp_of_grad"):   # (a batch of weights; data shared)
        g = {"vmap": lambda lib: lib.vmap(f, in_axes=(0, None))(jnp.stack([X, 2 * X]), DATA),
             "jvp": lambda lib: lib.jvp(f, (X, DATA), (X, jax.tree_util.tree_map(
                 jnp.zeros_like, DATA))),
             "jvp_of_grad": lambda lib: lib.jvp(lambda w: lib.grad(f)(w, DATA), (X,), (X,))}
        same(g[transform](s2s), g[transform](jax))
        return
    same(run(s2s, transform, f, (X, DATA)), run(jax, transform, f, (X, DATA)))


def lstm_like_step(W, a, h):
    """Calls a function of another module (the cases module) that takes `*args`."""
    return jnp.sum(jnp.tanh(C.concat_and_multiply(W, a, h)))


@pytest.mark.parametrize("transform", EVERY)
def test_a_tuple_of_star_args_extended_in_a_function_of_another_module(transform):
    W = jnp.asarray(rng.normal(size=(6, 2)))
    a, h = jnp.asarray(rng.normal(size=(3, 2))), jnp.asarray(rng.normal(size=(3, 3)))
    same(run(s2s, transform, lstm_like_step, (W, a, h)), run(jax, transform, lstm_like_step, (W, a, h)))


@pytest.mark.parametrize("in_axes", [(None, None, 0), (0, None, None), (None, 0, None)])
def test_vmap_of_a_tuple_batched_in_some_items(in_axes):
    """`args = (a, h_batch)` handed whole to jnp.hstack: the unbatched items are broadcast."""
    W = jnp.asarray(rng.normal(size=(6, 2)))
    a, h = jnp.asarray(rng.normal(size=(3, 2))), jnp.asarray(rng.normal(size=(3, 3)))
    args = [jnp.stack([v, 2 * v, v - 1]) if ax == 0 else v for v, ax in zip((W, a, h), in_axes)]
    same(s2s.vmap(lstm_like_step, in_axes)(*args), jax.vmap(lstm_like_step, in_axes)(*args))
    same(s2s.vmap(s2s.grad(lstm_like_step), in_axes)(*args),
         jax.vmap(jax.grad(lstm_like_step), in_axes)(*args))
