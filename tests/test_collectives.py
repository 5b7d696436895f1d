"""Collectives over a vmap's named axis (s2s/rules/collectives.py): `lax.psum`,
pmean, pmax, pmin, all_gather, psum_scatter and axis_index under
`s2s.vmap(f, axis_name=...)`, their derivatives (grad, jvp, the Jacobians of a
function that calls one, vmapped), a call JAX batches that calls one, and the
axis of a vmap with nothing mapped. Each is compared with jax.vmap of JAX's own
transformation. (spmd_axis_name, which needs a mesh: tests/test_sharding.py.)"""
import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import s2s

XS = jnp.asarray(np.random.default_rng(0).uniform(0.5, 2.0, (4, 3)).astype(np.float32))


def assert_close(got, want):
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree
    for g, w in zip(got_leaves, want_leaves):
        assert jnp.shape(g) == jnp.shape(w) and jnp.result_type(g) == jnp.result_type(w)
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-5, atol=1e-6)


# -- the collectives batched -----------------------------------------------------------------

def normalized_by_batch(x):
    return x / lax.psum(jnp.sum(x), "batch")


def centered_by_batch(x, w):
    return x - lax.pmean(x, "batch") + lax.pmax(w, "batch") * lax.psum(w, "batch")


def spread_by_batch(x):
    return lax.pmax(x, axis_name="batch") - lax.pmin(x, axis_name="batch")


def gathered(x):
    return lax.all_gather(x, "batch") * 2.0


def gathered_tiled_on_the_last_axis(x):
    return jnp.sin(lax.all_gather(jnp.outer(x, x), "batch", axis=1, tiled=True))


def gathered_from_a_shared_value(x, w):
    return lax.all_gather(w, "batch", axis=-1) + jnp.sum(x)


def scattered(x):
    return lax.psum_scatter(jnp.outer(jnp.arange(4.0), x), "batch")


def scattered_tiled(x):
    return lax.psum_scatter(jnp.concatenate([x, x ** 2, x, x]), "batch", tiled=True)


def indexed(x):
    return x * lax.axis_index("batch")


@pytest.mark.parametrize("fn, in_axes", [
    (normalized_by_batch, 0), (centered_by_batch, (0, None)), (spread_by_batch, 0),
    (gathered, 0), (gathered_tiled_on_the_last_axis, 0),
    (gathered_from_a_shared_value, (0, None)), (scattered, 0), (scattered_tiled, 0),
    (indexed, 0)])
def test_collectives_over_the_named_axis_as_jax(fn, in_axes):
    args = (XS, jnp.arange(1.0, 4.0))[:fn.__code__.co_argcount]
    assert_close(s2s.vmap(fn, in_axes=in_axes, axis_name="batch")(*args),
                 jax.vmap(fn, in_axes=in_axes, axis_name="batch")(*args))


def test_a_collective_is_a_jnp_reduction_over_the_batch_axis():
    g = s2s.vmap(normalized_by_batch, axis_name="batch")
    g(XS)
    assert "jnp.sum(sum_batch, axis=0, keepdims=True)" in s2s.source(g)


def test_a_collective_over_another_name_is_refused_at_its_line():
    with pytest.raises(s2s.S2SError, match="batch") as e:
        s2s.vmap(normalized_by_batch, axis_name="examples")(jnp.ones((2, 3)))
    assert e.value.lineno == normalized_by_batch.__code__.co_firstlineno + 1


def test_the_axis_index_of_a_vmap_with_nothing_mapped():
    want = jax.vmap(indexed, in_axes=None, axis_size=3, axis_name="batch")(2.0)
    assert_close(s2s.vmap(indexed, in_axes=None, axis_size=3, axis_name="batch")(2.0), want)


# -- derivatives of functions that call collectives, vmapped -------------------------------

def loss_of_the_batch_sum(x):
    return jnp.sum(lax.psum(x ** 2, "batch") * x)


def loss_of_the_batch_mean(x):
    return jnp.sum(lax.pmean(jnp.sin(x), "batch") * x)


def loss_of_everyone(x):
    return jnp.sum(lax.all_gather(x, "batch") ** 2) + x[0] * lax.axis_index("batch")


def loss_of_a_scattered_sum(x):
    weights = jnp.arange(1.0, 5.0, dtype=x.dtype)
    return jnp.sum(jnp.tanh(lax.psum_scatter(jnp.outer(weights, x), "batch")))


LOSSES = [loss_of_the_batch_sum, loss_of_the_batch_mean, loss_of_everyone,
          loss_of_a_scattered_sum]


@pytest.mark.parametrize("fn", LOSSES)
@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "jacfwd", "jacrev",
                                       "hessian"])
def test_a_derivative_of_a_collective_vmapped_as_jax(fn, transform):
    want = jax.vmap(getattr(jax, transform)(fn), axis_name="batch")(XS)
    assert_close(s2s.vmap(getattr(s2s, transform)(fn), axis_name="batch")(XS), want)


@pytest.mark.parametrize("fn", LOSSES)
def test_jvp_of_a_collective_vmapped_as_jax(fn):
    def jvp(x, t):
        return jax.jvp(fn, (x,), (t,))

    def s2s_jvp(x, t):
        return s2s.jvp(fn, (x,), (t,))

    want = jax.vmap(jvp, axis_name="batch")(XS, XS[::-1])
    assert_close(s2s.vmap(s2s_jvp, axis_name="batch")(XS, XS[::-1]), want)


@pytest.mark.parametrize("fn", LOSSES)
def test_a_gradient_of_the_vmap_and_jit_of_the_vmapped_gradient(fn):
    def total(x):
        return jnp.sum(jax.vmap(fn, axis_name="batch")(x))

    def s2s_total(x):
        return jnp.sum(s2s.vmap(fn, axis_name="batch")(x))

    assert_close(s2s.grad(s2s_total)(XS), jax.grad(total)(XS))
    assert_close(s2s.jit(s2s.vmap(s2s.grad(fn), axis_name="batch"))(XS),
                 jax.vmap(jax.grad(fn), axis_name="batch")(XS))


def test_the_cotangent_of_a_psum_is_a_psum_the_vmap_writes_as_a_sum():
    g = s2s.vmap(s2s.grad(loss_of_the_batch_sum), axis_name="batch")
    text = s2s.source(g, example_args=(XS,))
    assert "jnp.sum(x_batch, axis=0, keepdims=True)" in text   # (the seed, 1, folded)
    assert "psum_cotangent(" in s2s.source(s2s.grad(loss_of_the_batch_sum),
                                           example_args=(XS[0],))


def test_pmax_has_no_derivative_as_in_jax():
    with pytest.raises(NotImplementedError):
        jax.vmap(jax.grad(lambda x: jnp.sum(lax.pmax(x, "batch") * x)), axis_name="batch")(XS)
    with pytest.raises(s2s.S2SError, match="pmax"):
        s2s.vmap(s2s.grad(max_weighted), axis_name="batch")(XS)


def max_weighted(x):
    return jnp.sum(lax.pmax(x, "batch") * x)


# -- a call JAX batches sees the axis --------------------------------------------------------

@jax.custom_jvp
def share_of_the_batch(x):
    return x / lax.psum(x, "batch")


@share_of_the_batch.defjvp
def _share_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    total = lax.psum(x, "batch")
    return x / total, t / total - x * lax.psum(t, "batch") / total ** 2


def shares(x):
    return jnp.sum(share_of_the_batch(x) * jnp.arange(1.0, 4.0))


@pytest.mark.parametrize("transform", [None, "grad"])
def test_a_call_jax_transforms_sees_the_vmaps_axis_name(transform):
    fn_jax = shares if transform is None else jax.grad(shares)
    fn_s2s = shares if transform is None else s2s.grad(shares)
    assert_close(s2s.vmap(fn_s2s, axis_name="batch")(XS),
                 jax.vmap(fn_jax, axis_name="batch")(XS))
    assert "vmap_options={'axis_name': 'batch'}" in s2s.source(
        s2s.vmap(fn_s2s, axis_name="batch"), example_args=(XS,))
