"""A bound method (`s2s.grad(model.loss)`) or a functools.partial handed to a
transformation (issue 11, item 5): as in JAX, the bound values are constants
and the remaining parameters are transformed."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import bound_cases as bc
import s2s

rng = np.random.default_rng(11)
X = jnp.asarray(rng.normal(size=3))
Y = jnp.asarray(rng.normal(size=3))
XS = jnp.asarray(rng.normal(size=(4, 3)))
MODEL = bc.Model(jnp.asarray(rng.normal(size=3)), jnp.asarray(rng.normal(size=3)))


def close(a, b):
    for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)):
        np.testing.assert_allclose(x, y, rtol=1e-9, atol=1e-12)


CASES = [
    ("method", lambda: MODEL.loss, (X, Y)),
    ("method calling methods, a default", lambda: MODEL.scaled_loss, (X, Y)),
    ("partial by keywords", lambda: bc.with_weights, (X,)),
    ("partial by position", lambda: bc.with_first_bound, (X, Y)),
    ("partial of a partial", lambda: bc.twice_bound, (X, Y)),
    ("partial of a method", lambda: functools.partial(MODEL.loss, y=Y), (X,)),
]


@pytest.mark.parametrize("make, args", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bound_functions_transform_as_in_jax(make, args):
    fn = make()
    close(s2s.grad(fn)(*args), jax.grad(fn)(*args))
    close(s2s.value_and_grad(fn)(*args), jax.value_and_grad(fn)(*args))
    tangents = tuple(jnp.ones_like(a) for a in args)
    close(s2s.jvp(fn, args, tangents), jax.jvp(fn, args, tangents))
    close(s2s.jacrev(fn)(*args), jax.jacrev(fn)(*args))
    close(s2s.hessian(fn)(*args), jax.hessian(fn)(*args))
    in_axes = (0,) + (None,) * (len(args) - 1)
    close(s2s.vmap(fn, in_axes)(XS, *args[1:]), jax.vmap(fn, in_axes)(XS, *args[1:]))
    close(s2s.vmap(s2s.grad(fn), in_axes)(XS, *args[1:]),
          jax.vmap(jax.grad(fn), in_axes)(XS, *args[1:]))
    close(jax.jit(s2s.grad(fn))(*args), jax.grad(fn)(*args))
    close(s2s.jit(s2s.grad(fn))(*args), jax.grad(fn)(*args))


def test_the_object_is_read_when_the_code_runs():
    # a training loop updates the model in place: the next gradient sees it
    model = bc.Model(jnp.ones(3), jnp.zeros(3))
    g = s2s.grad(model.loss)
    before = g(X, Y)
    model.w = model.w * 3.0
    close(g(X, Y), jax.grad(model.loss)(X, Y))
    assert not np.allclose(g(X, Y), before)


def test_the_printed_caller_names_the_method_and_the_bound_values():
    g = s2s.grad(MODEL.loss)
    g(X, Y)
    code = s2s.source(g, example_args=(X, Y))
    assert "def loss_grad(x, y):" in code and "Model.loss(self, x, y)" in code
    p = s2s.grad(bc.with_weights)
    p(X)
    assert "affine_loss(x, w=w, b=b)" in s2s.source(p)


@pytest.mark.parametrize("fn, args", [
    (bc.calls_scaled, (X, Y)),
    (bc.scaled, (X,)),
    (bc.positional_only, (X, Y)),
])
def test_keyword_only_and_positional_only_parameters(fn, args):
    close(s2s.grad(fn)(*args), jax.grad(fn)(*args))
    close(s2s.jacfwd(fn)(*args), jax.jacfwd(fn)(*args))
    close(s2s.hessian(fn)(*args), jax.hessian(fn)(*args))
    in_axes = (0,) + (None,) * (len(args) - 1)
    close(s2s.vmap(fn, in_axes)(XS, *args[1:]), jax.vmap(fn, in_axes)(XS, *args[1:]))
    close(s2s.jit(s2s.grad(fn))(*args), jax.grad(fn)(*args))


def test_keyword_arguments_at_the_call():
    close(s2s.grad(bc.scaled)(X, scale=3.0), jax.grad(bc.scaled)(X, scale=3.0))
    close(s2s.value_and_grad(bc.keyword_without_default)(X, weights=Y),
          jax.value_and_grad(bc.keyword_without_default)(X, weights=Y))


def test_a_keyword_only_parameter_that_cannot_be_ordinary_is_refused_at_its_line():
    with pytest.raises(s2s.S2SError, match="keyword-only parameter without a default") as e:
        s2s.grad(bc.keyword_after_defaults)(X, 2.0, w=Y)
    assert "bound_cases.py" in str(e.value)
