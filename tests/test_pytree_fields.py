"""A field of a NamedTuple or dataclass pytree (`layer.w`, issue 11 item 5:
refused 11 times in the 159 realistic programs) is `field(layer, "w")`, with
jvp, vjp and batch rules; the cotangent of `layer` is a `Layer` as in JAX."""
import jax
import jax.numpy as jnp
import numpy as np

import pytree_field_cases as P
import s2s

X = jnp.array([0.3, -0.7, 1.1])
L1 = P.Layer(jnp.arange(6.0).reshape(2, 3) / 5, jnp.array([0.1, -0.2]))
L2 = P.Layer(jnp.array([[0.5, -0.3], [0.2, 0.4]]), jnp.array([0.0, 0.3]))
S = P.Scale(jnp.array([1.5, -0.5, 2.0]), jnp.array([0.1, 0.2, 0.3]))


def close(got, want):
    assert jax.tree_util.tree_structure(got) == jax.tree_util.tree_structure(want)
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-6), got, want)


def test_a_namedtuples_fields_in_every_transformation():
    f, xs = P.dense, jnp.stack([X, 2.0 * X])
    close(s2s.grad(f, argnums=(0, 1))(L1, X), jax.grad(f, argnums=(0, 1))(L1, X))
    close(s2s.jvp(f, (L1, X), (L1, X)), jax.jvp(f, (L1, X), (L1, X)))
    close(s2s.vmap(s2s.grad(f), in_axes=(None, 0))(L1, xs),
          jax.vmap(jax.grad(f), in_axes=(None, 0))(L1, xs))
    close(s2s.hessian(f, argnums=1)(L1, X), jax.hessian(f, argnums=1)(L1, X))
    close(s2s.jacrev(f)(L1, X), jax.jacrev(f)(L1, X))
    close(s2s.jit(s2s.grad(f))(L1, X), jax.grad(f)(L1, X))


def test_a_list_of_layers():
    f = P.two_layers
    close(s2s.grad(f)([L1, L2], X), jax.grad(f)([L1, L2], X))


def test_a_dataclass_pytree():
    f = P.scaled
    close(s2s.grad(f)(S, X), jax.grad(f)(S, X))
    close(s2s.jvp(f, (S, X), (S, X)), jax.jvp(f, (S, X), (S, X)))


def test_the_generated_code_names_the_field():
    text = s2s.source(P.dense, "grad", example_args=(L1, X))
    assert "layer_w = field(layer, 'w')" in text
    assert "field_cotangent(layer, 'b', layer_b_bar)" in text


def test_an_array_attribute_is_still_refused_by_name():
    def f(x):
        return jnp.sum(x.mT)
    try:
        s2s.grad(f)(X)
    except s2s.S2SError as e:
        assert "`.mT`" in e.message
    else:
        raise AssertionError("x.real was not refused")


def test_a_loop_over_what_a_call_returns():
    """`for leaf in jax.tree_util.tree_leaves(s)`: the call's result is named
    first, so reverse mode can count the loop (it refused "a loop over this
    iterable"); the same jitted gradient serves a dataclass and an array."""
    f = P.leaves_total
    g = s2s.jit(s2s.grad(f))
    close(g(S, 2.0), jax.grad(f)(S, 2.0))
    a = jnp.array([1.0, 2.0])
    close(g(a, 2.0), jax.grad(f)(a, 2.0))
    close(s2s.grad(f, argnums=1)(S, 2.0), jax.grad(f, argnums=1)(S, 2.0))
