"""Internal crashes found by the realworld corpus (tests/realworld/), each as a
small program in the corpus's idiom, checked against JAX in every
transformation that applies (or, where s2s cannot, a clean S2SError at the
user's line)."""
import jax
import jax.numpy as jnp
import jax.scipy.stats.norm as norm
import numpy as np
import pytest

import s2s
from test_regressions import run, same

jax.config.update("jax_enable_x64", True)

rng = np.random.default_rng(35)


def normal(*shape):
    return jnp.asarray(rng.normal(size=shape))


ALL = ("grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "jit_grad")


def check(f, args, transforms, argnums=None):
    """s2s against JAX in `transforms` (differentiating `argnums`), and s2s.jit
    against JAX's jit (or the plain function where JAX's jit cannot)."""
    if argnums is not None:   # the other arguments are closed over
        g = f

        def f(*active):
            full = list(args)
            for i, a in zip(argnums, active):
                full[i] = a
            return g(*full)
        args = tuple(args[i] for i in argnums)
    for transform in transforms:
        same(run(s2s, transform, f, args), run(jax, transform, f, args))


# -- jax_advi: vmap of a library function (norm.logpdf) under s2s.jit ---------------

def vmapped_library_logpdf(x, mean, log_std):
    return jnp.sum(jax.vmap(norm.logpdf)(x, mean, jnp.exp(log_std)))


def test_jit_of_a_vmapped_library_function():
    args = (normal(2), normal(2), 0.3 * normal(2))
    same(s2s.jit(vmapped_library_logpdf)(*args), jax.jit(vmapped_library_logpdf)(*args))
    same(s2s.jit(s2s.grad(vmapped_library_logpdf))(*args),
         jax.jit(jax.grad(vmapped_library_logpdf))(*args))


# -- autograd bayesian_neural_net: a loop over a generator of layers ------------------

LAYER_SHAPES = [(1, 3), (3, 1)]


def unpack_layers(weights):
    for m, n in LAYER_SHAPES:
        yield weights[: m * n].reshape((m, n)), weights[m * n: m * n + n]
        weights = weights[(m + 1) * n:]


def predictions_of_generated_layers(weights, inputs):
    for W, b in unpack_layers(weights):
        outputs = jnp.dot(inputs, W) + b
        inputs = jnp.tanh(outputs)
    return jnp.sum(outputs)


def test_jit_of_a_loop_over_a_generator():
    args = (normal(10), normal(5, 1))
    same(s2s.jit(predictions_of_generated_layers)(*args),
         jax.jit(predictions_of_generated_layers)(*args))


@pytest.mark.parametrize("transform", ["grad", "vmap", "jit_grad"])
def test_a_generator_is_refused_at_its_yield(transform):
    args = (normal(10), normal(5, 1))
    with pytest.raises(s2s.S2SError, match="yield") as e:
        run(s2s, transform, predictions_of_generated_layers, args)
    assert "test_world_crashes_c.py" in str(e.value)


# -- autograd GAN / mixture VI: a traced int reaches NumPy's RandomState under jit ---

def noise_from(rs, num_samples, noise_dim):
    return rs.rand(num_samples, noise_dim)


def objective_of_noise(w, num_samples, noise_dim, rs):
    noise = noise_from(rs, num_samples, noise_dim)
    return jnp.mean(jnp.dot(noise, w))


def test_a_traced_int_given_to_numpy_is_refused_at_the_line_that_needs_it():
    args = (normal(2), 3, 2, np.random.RandomState(0))
    with pytest.raises(TypeError):   # JAX's own jit cannot either
        jax.jit(objective_of_noise, static_argnums=3)(*args)
    with pytest.raises(s2s.S2SError, match="needs a Python int") as e:
        s2s.jit(objective_of_noise, static_argnums=3)(*args)
    assert e.value.filename == __file__ and "rs.rand" in str(e.value)
    # static, it runs (and gives what the function gives)
    same(s2s.jit(objective_of_noise, static_argnums=(1, 2, 3))(*args[:3], np.random.RandomState(0)),
         objective_of_noise(*args[:3], np.random.RandomState(0)))
