"""The library boundary (s2s/boundary.py): the user's code by source, JAX libraries by JAX.

Flax (linen and NNX), Equinox and Optax called from the user's code, every
transformation compared with JAX's own at the same inputs; the generated code
says which calls went to JAX; a library opted into source transformation is
read by source; a function JAX cannot see into that holds differentiated
values is refused, never given a zero derivative. The examples in examples/
train for a few steps under s2s.jit and jax.jit with equal loss curves.
"""
import importlib.util
import os
import re
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import s2s
from s2s import boundary

flax = pytest.importorskip("flax")
eqx = pytest.importorskip("equinox")
optax = pytest.importorskip("optax")
import flax.linen as nn  # noqa: E402
from flax import nnx  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(os.path.dirname(HERE), "examples")


def assert_trees_close(a, b, rtol=1e-5, atol=1e-6):
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    assert ta == tb, (ta, tb)
    for x, y in zip(la, lb):
        np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=rtol, atol=atol)


# --- Flax linen ------------------------------------------------------------------------

class LinenMLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(jnp.tanh(nn.Dense(8)(x)))


linen_model = LinenMLP()
X = jax.random.normal(jax.random.PRNGKey(0), (5, 3))
Y = jax.random.normal(jax.random.PRNGKey(1), (5, 1))
linen_params = linen_model.init(jax.random.PRNGKey(2), X)


def linen_loss(params, x, y):
    return jnp.mean((linen_model.apply(params, x) - y) ** 2)


def linen_sum(params, x):
    return jnp.sum(linen_model.apply(params, x))


@pytest.mark.parametrize("name", ["grad", "value_and_grad", "jacrev", "jacfwd"])
def test_linen_loss_in_reverse_and_jacobians(name):
    ours = getattr(s2s, name)(linen_loss)(linen_params, X, Y)
    assert_trees_close(ours, getattr(jax, name)(linen_loss)(linen_params, X, Y))


def test_linen_jvp_and_hessian_and_compositions():
    tangents = (jax.tree_util.tree_map(jnp.ones_like, linen_params), X)
    assert_trees_close(s2s.jvp(linen_sum, (linen_params, X), tangents),
                       jax.jvp(linen_sum, (linen_params, X), tangents))
    assert_trees_close(s2s.hessian(linen_sum, argnums=1)(linen_params, X[:2]),
                       jax.hessian(linen_sum, argnums=1)(linen_params, X[:2]))
    per_example = s2s.vmap(s2s.grad(linen_sum), in_axes=(None, 0))(linen_params, X)
    assert_trees_close(per_example,
                       jax.vmap(jax.grad(linen_sum), in_axes=(None, 0))(linen_params, X))
    assert_trees_close(s2s.jit(s2s.grad(linen_loss))(linen_params, X, Y),
                       jax.grad(linen_loss)(linen_params, X, Y))


def test_the_generated_code_says_the_library_call_went_to_jax():
    g = s2s.grad(linen_loss)
    g(linen_params, X, Y)
    assert "vjp_by_jax(linen_model.apply, (params, x), (True, False)" in s2s.source(g)
    explained = s2s.source(linen_loss, "grad", example_args=(linen_params, X, Y), explain=True)
    assert "by JAX" in explained


def test_vmap_of_a_library_function_is_jax_vmap():
    batched = s2s.vmap(linen_model.apply, in_axes=(None, 0))
    assert_trees_close(batched(linen_params, X),
                       jax.vmap(linen_model.apply, in_axes=(None, 0))(linen_params, X))


def bound_loss(params, x):
    bound = linen_model.bind(params)
    return jnp.sum(bound(x))


def test_a_callable_hiding_differentiated_values_is_refused():
    """A linen module bound to its variables is no pytree: JAX would hold
    them constant, so the derivative would be zero. s2s refuses it."""
    with pytest.raises(s2s.S2SError, match="not a pytree") as e:
        s2s.grad(bound_loss)(linen_params, X)
    assert "test_libraries.py" in str(e.value)


# --- Optax ------------------------------------------------------------------------------

def cross_entropy(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def huber(p, t):
    return jnp.sum(optax.huber_loss(p, t))


LOGITS = jax.random.normal(jax.random.PRNGKey(3), (4, 5))
LABELS = jnp.array([0, 3, 1, 4])


def test_optax_loss_by_jax_and_its_explanation():
    assert_trees_close(s2s.grad(cross_entropy)(LOGITS, LABELS),
                       jax.grad(cross_entropy)(LOGITS, LABELS))
    explained = re.sub(r"\s*\n\s*# ", " ", s2s.source(   # (comment lines joined)
        cross_entropy, "grad", argnums=0, example_args=(LOGITS, LABELS), explain=True))
    assert "belongs to the installed library optax" in explained
    assert 's2s.by_source("optax")' in explained


def test_by_source_reads_the_library_and_is_undone_after_the_block():
    p, t = jnp.array([0.5, -1.0, 2.0]), jnp.array([0.0, 1.0, 1.5])
    g = s2s.grad(huber)
    assert_trees_close(g(p, t), jax.grad(huber)(p, t))
    assert "vjp_by_jax(optax.huber_loss" in s2s.source(g)
    with s2s.by_source("optax"):
        assert boundary.library_of(optax.huber_loss) is None
        assert_trees_close(g(p, t), jax.grad(huber)(p, t))
        assert "by_jax" not in s2s.source(g)   # (optax's huber_loss, its own lines)
    assert boundary.library_of(optax.huber_loss) == "optax"
    g(p, t)
    assert "vjp_by_jax(optax.huber_loss" in s2s.source(g)


def test_what_is_a_library():
    assert boundary.library_of(optax.adam) == "optax"
    assert boundary.library_of(linen_model.apply) == "flax"
    assert boundary.library_of(eqx.nn.Linear(2, 2, key=jax.random.PRNGKey(0))) == "equinox"
    assert boundary.library_of(np.sin) is None           # NumPy: s2s's own rules
    assert boundary.library_of(jnp.sin) is None          # JAX: rules or its own fallback
    assert boundary.library_of(linen_loss) is None       # the user's code
    assert boundary.library_of(len) is None


# --- Equinox -----------------------------------------------------------------------------

class EqxNet(eqx.Module):
    w: jax.Array
    b: jax.Array

    def __call__(self, x):
        return jnp.tanh(x @ self.w + self.b)


eqx_net = EqxNet(jax.random.normal(jax.random.PRNGKey(4), (3, 2)), jnp.array([0.1, -0.2]))


def module_loss(net, x):
    return jnp.sum(net(x) ** 2)


def global_module_loss(x):
    return jnp.sum(eqx_net(x) ** 2)


def test_a_module_passed_in_is_differentiated_like_jax():
    g = s2s.grad(module_loss)(eqx_net, X)
    assert isinstance(g, EqxNet)
    assert_trees_close(g, jax.grad(module_loss)(eqx_net, X))
    assert_trees_close(s2s.grad(module_loss, argnums=1)(eqx_net, X),
                       jax.grad(module_loss, argnums=1)(eqx_net, X))
    assert_trees_close(s2s.jvp(module_loss, (eqx_net, X), (eqx_net, X)),
                       jax.jvp(module_loss, (eqx_net, X), (eqx_net, X)))
    out, pullback = s2s.vjp(module_loss, eqx_net, X)
    assert_trees_close(pullback(jnp.ones(())), jax.vjp(module_loss, eqx_net, X)[1](jnp.ones(())))
    src = s2s.source(module_loss, "grad", example_args=(eqx_net, X))
    assert "vjp_by_jax(apply_callable, (net, x)" in src


def test_a_module_of_the_users_own_is_read_by_source_when_global():
    g = s2s.grad(global_module_loss)
    assert_trees_close(g(X), jax.grad(global_module_loss)(X))
    assert "by_jax" not in s2s.source(g)   # EqxNet.__call__ is the user's code: its rules


def test_vmap_of_a_module_and_of_a_library_module():
    assert_trees_close(s2s.vmap(eqx_net)(X), jax.vmap(eqx_net)(X))
    mlp = eqx.nn.MLP(3, 2, 8, 2, key=jax.random.PRNGKey(5))
    assert_trees_close(s2s.vmap(mlp)(X), jax.vmap(mlp)(X))


class Energy(eqx.Module):
    w: jax.Array

    def __call__(self, x):
        return jnp.sum(jnp.tanh(self.w * x) ** 2)


def applied(model, x):
    return model(x)


def test_a_callable_module_is_the_function_transformed_and_an_ensemble_is_batched():
    energy, x = Energy(jnp.array([0.5, -1.0, 2.0])), jnp.array([0.1, 0.2, 0.3])
    assert_trees_close(s2s.grad(energy)(x), jax.grad(energy)(x))
    assert_trees_close(s2s.hessian(energy)(x), jax.hessian(energy)(x))
    assert_trees_close(s2s.jit(energy)(x), energy(x))
    xs = jnp.stack([x, 2 * x])
    assert_trees_close(s2s.vmap(s2s.grad(energy))(xs), jax.vmap(jax.grad(energy))(xs))
    ensemble = jax.vmap(Energy)(jnp.stack([energy.w, 2 * energy.w]))   # (weights batched)
    assert_trees_close(s2s.vmap(applied, in_axes=(0, None))(ensemble, x),
                       jax.vmap(applied, in_axes=(0, None))(ensemble, x))
    assert_trees_close(s2s.vmap(applied)(ensemble, xs), jax.vmap(applied)(ensemble, xs))


MLP_PARAMS, MLP_STATIC = eqx.partition(eqx.nn.MLP(3, 1, 8, 2, key=jax.random.PRNGKey(6)),
                                       eqx.is_inexact_array)


def combined_loss(params, x):
    model = eqx.combine(params, MLP_STATIC)
    return jnp.mean(jax.vmap(model)(x) ** 2)


def test_partition_combine_and_jax_vmap_of_a_computed_model():
    assert_trees_close(s2s.grad(combined_loss)(MLP_PARAMS, X),
                       jax.grad(combined_loss)(MLP_PARAMS, X))
    assert_trees_close(s2s.jit(s2s.grad(combined_loss))(MLP_PARAMS, X),
                       jax.grad(combined_loss)(MLP_PARAMS, X))


# --- Flax NNX -----------------------------------------------------------------------------

class NnxModel(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


nnx_model = NnxModel(nnx.Rngs(0))
GRAPHDEF, STATE = nnx.split(nnx_model)


def merged_loss(state, x):
    model = nnx.merge(GRAPHDEF, state)
    return jnp.mean(model(x) ** 2)


def nnx_global(x):
    return jnp.sum(nnx_model(x))


def test_nnx_split_merge_and_a_global_model():
    assert_trees_close(s2s.grad(merged_loss)(STATE, X), jax.grad(merged_loss)(STATE, X))
    assert_trees_close(s2s.grad(nnx_global)(X), jax.grad(nnx_global)(X))
    assert_trees_close(s2s.vmap(nnx_model)(X), jax.vmap(nnx_model)(X))
    assert_trees_close(s2s.grad(module_loss)(nnx_model, X),
                       jax.grad(module_loss)(nnx_model, X))


# --- functions and methods known only when the code runs ------------------------------------

def twice_applied(f, x):
    return f(x) * f(2.0 * x)


def cube(x):
    return x ** 3


def cumulative(x):
    return jnp.sum(x.cumprod() * x.std())


# --- JAX transformations of nested functions (s2s/passes/lifted_functions.py) ---------------

def scaled_rows(w, xs):
    return jnp.sum(jax.vmap(lambda x: jnp.dot(w, x))(xs))


def per_example_losses(w, xs):
    scale = jnp.exp(w[0])

    def loss(x, k):
        return jnp.sum(jnp.tanh(x * w) * scale) * k
    return jnp.sum(jax.vmap(loss, in_axes=(0, None))(xs, 3.0) ** 2)


def decorated_per_example(w, xs):
    @jax.vmap
    def loss(x):
        return jnp.sin(jnp.dot(w, x))
    return jnp.sum(loss(xs) * loss(2.0 * xs))


def reads_another_nested_function(w, xs):
    def inner(x):
        return x * w

    def outer(x):
        return jnp.sum(inner(x))
    return jnp.sum(jax.vmap(outer)(xs))


@pytest.mark.parametrize("fn", [scaled_rows, per_example_losses, decorated_per_example])
def test_a_jax_transformation_of_a_nested_function_differentiates_what_it_reads(fn):
    """The values a nested def or lambda reads from the function (`w`) are
    passed to JAX with the call, not held as constants: JAX would otherwise
    see them fixed, a zero gradient."""
    w = jnp.array([0.3, -0.8, 1.1])
    assert_trees_close(s2s.grad(fn, argnums=(0, 1))(w, X), jax.grad(fn, argnums=(0, 1))(w, X))
    assert_trees_close(s2s.jit(s2s.grad(fn))(w, X), jax.grad(fn)(w, X))
    assert_trees_close(s2s.jvp(fn, (w, X), (w, X)), jax.jvp(fn, (w, X), (w, X)))
    assert_trees_close(s2s.jacrev(fn)(w, X), jax.jacrev(fn)(w, X))
    ws = jnp.stack([w, 2.0 * w])
    assert_trees_close(s2s.vmap(s2s.grad(fn), in_axes=(0, None))(ws, X),
                       jax.vmap(jax.grad(fn), in_axes=(0, None))(ws, X))


def test_a_nested_function_that_reads_another_stays_refused():
    with pytest.raises(s2s.S2SError, match="nested function or lambda") as e:
        s2s.grad(reads_another_nested_function)(jnp.ones(3), X)
    assert "module level" in e.value.hint


def test_a_function_passed_in_and_an_array_method_without_a_rule():
    x = jnp.array([0.3, 1.2, -0.7])
    assert_trees_close(s2s.grad(lambda x: jnp.sum(twice_applied(cube, x)))(x),
                       jax.grad(lambda x: jnp.sum(twice_applied(cube, x)))(x))
    assert_trees_close(s2s.grad(twice_applied, argnums=1)(jnp.sin, 0.4),
                       jax.grad(twice_applied, argnums=1)(jnp.sin, 0.4))
    assert_trees_close(s2s.jvp(lambda x: twice_applied(cube, x), (0.4,), (1.0,)),
                       jax.jvp(lambda x: twice_applied(cube, x), (0.4,), (1.0,)))
    assert_trees_close(s2s.grad(cumulative)(x), jax.grad(cumulative)(x))
    assert_trees_close(s2s.vmap(cumulative)(jnp.stack([x, 2 * x])),
                       jax.vmap(cumulative)(jnp.stack([x, 2 * x])))


# --- a train step with plain pytree parameters under s2s.jit ---------------------------------

def dict_loss(params, x, y):
    hidden = jnp.tanh(x @ params["w1"] + params["b1"])
    return jnp.mean((hidden @ params["w2"] - y) ** 2)


def list_loss(layers, x, y):
    for w, b in layers:
        x = jnp.tanh(x @ w + b)
    return jnp.mean((x - y) ** 2)


def sgd_step(params, x, y):
    value, grads = s2s.value_and_grad(dict_loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads), value


def sgd_step_list(layers, x, y):
    value, grads = jax.value_and_grad(list_loss)(layers, x, y)   # (JAX's name: s2s's inside s2s.jit)
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, layers, grads), value


def test_a_train_step_with_dict_or_list_params_under_s2s_jit():
    """s2s.value_and_grad inside s2s.jit is built for the kinds of the
    arguments it is called with (a dict, a list of pairs), not for arrays."""
    k = jax.random.split(jax.random.PRNGKey(7), 3)
    params = {"w1": jax.random.normal(k[0], (3, 8)), "b1": jnp.zeros(8),
              "w2": jax.random.normal(k[1], (8, 1))}
    layers = [(jax.random.normal(k[2], (3, 1)), jnp.zeros(1))]
    for step, reference, p in ((sgd_step, sgd_step, params),
                               (sgd_step_list, sgd_step_list, layers)):
        ours, theirs = s2s.jit(step), jax.jit(reference)
        p_ours = p_theirs = p
        for _ in range(3):
            p_ours, v_ours = ours(p_ours, X, Y)
            p_theirs, v_theirs = theirs(p_theirs, X, Y)
            np.testing.assert_allclose(v_ours, v_theirs, rtol=1e-5)
        assert_trees_close(p_ours, p_theirs)


# --- the examples ----------------------------------------------------------------------------

def _example(name):
    spec = importlib.util.spec_from_file_location(f"example_{name}",
                                                  os.path.join(EXAMPLES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["flax_mlp", "nnx_mlp", "equinox_mlp"])
def test_example_trains_as_jax_does(name, capsys):
    ours, theirs = _example(name).main(steps=12)
    np.testing.assert_allclose(ours, theirs, rtol=1e-5)
    assert ours[-1] < ours[0]
    assert "largest difference" in capsys.readouterr().out
