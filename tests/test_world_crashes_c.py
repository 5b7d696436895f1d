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
    assert e.value.__context__ is None   # (a refusal, not JAX's tracer error re-dressed)
    # static, it runs (and gives what the function gives)
    same(s2s.jit(objective_of_noise, static_argnums=(1, 2, 3))(*args[:3], np.random.RandomState(0)),
         objective_of_noise(*args[:3], np.random.RandomState(0)))


# -- autograd neural_net_regression, gradbench ode: a function passed as an argument,
# -- and NumPy's RandomState, under vmap (the probe ran them as None) ---------------

def predict_with(params, inputs, nonlinearity=jnp.tanh):
    for W, b in params:
        outputs = jnp.dot(inputs, W) + b
        inputs = nonlinearity(outputs)
    return outputs


def softplus_of_my_own(x):
    return jnp.log1p(jnp.exp(x))


MLP = [(normal(3, 3), normal(3)), (normal(3, 3), normal(3))]   # (one shape in the loop)


@pytest.mark.parametrize("nonlinearity", [None, jnp.tanh, jax.nn.relu, softplus_of_my_own])
def test_vmap_of_a_function_calling_a_function_it_is_passed(nonlinearity):
    x = normal(4, 6, 3)
    if nonlinearity is None:   # the default
        same(s2s.vmap(predict_with, (None, 0))(MLP, x), jax.vmap(predict_with, (None, 0))(MLP, x))
        return
    f = s2s.vmap(predict_with, (None, 0, None))
    same(f(MLP, x, nonlinearity), jax.vmap(predict_with, (None, 0, None))(MLP, x, nonlinearity))


def euler_steps(f, y, h, steps):
    for _ in range(steps):
        y = y + h * f(y)
    return y


def test_vmap_of_an_integrator_given_the_derivative():
    y = normal(5, 3)
    same(s2s.vmap(euler_steps, (None, 0, None, None))(jnp.tanh, y, 0.1, 3),
         jax.vmap(euler_steps, (None, 0, None, None))(jnp.tanh, y, 0.1, 3))


def variational_bound(params, sampler, num_samples, rs):
    samples = sampler(params, num_samples, rs)
    return jnp.mean(samples)


def sample_gaussian(params, num_samples, rs):
    return rs.randn(num_samples, params.shape[0]) * jnp.exp(params) + params


def test_vmap_of_a_sampler_with_a_random_state_draws_as_jax_vmap_does():
    """`rs.randn(...)`, a method s2s has no rule for, runs as JAX runs it: one
    draw, shared by every example (s2s's probe draws from a copy, so the
    user's generator ends where jax.vmap leaves it)."""
    params = normal(4, 2)
    ours, theirs = np.random.RandomState(0), np.random.RandomState(0)
    same(s2s.vmap(variational_bound, (0, None, None, None))(params, sample_gaussian, 3, ours),
         jax.vmap(variational_bound, (0, None, None, None))(params, sample_gaussian, 3, theirs))
    assert ours.randn() == theirs.randn()


# -- ADBench gmm: a function attribute as a counter the code reads back -------------

def lower_triangle(d, icf):
    lower_triangle.start = d
    def column(i):
        nelems = d - i - 1
        col = jnp.concatenate((jnp.zeros(i + 1),
                               icf[lower_triangle.start:(lower_triangle.start + nelems)]))
        lower_triangle.start += nelems
        return col
    columns = [column(i) for i in range(d)]
    return jnp.sum(jnp.column_stack(columns) ** 2 * jnp.arange(1.0, d + 1))


def counter_caller(icf):
    return lower_triangle(3, icf)


@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_an_attribute_counter_read_back(transform):
    icf = normal(6)
    same(getattr(s2s, transform)(lower_triangle, 1)(3, icf),
         getattr(jax, transform)(lower_triangle, 1)(3, icf))
    same(s2s.jit(s2s.grad(lower_triangle, 1), static_argnums=0)(3, icf),
         jax.jit(jax.grad(lower_triangle, 1), static_argnums=0)(3, icf))


@pytest.mark.parametrize("transform", ["grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev",
                                       "hessian", "jit_grad"])
def test_an_attribute_counter_read_back_through_a_caller(transform):
    # (jacrev put the callee in line, keeping its def, which the code reads as a value:
    # reverse mode read the def's own calls as the caller's, a KeyError)
    icf = normal(6)
    same(run(s2s, transform, counter_caller, (icf,)), run(jax, transform, counter_caller, (icf,)))


def test_an_attribute_counter_read_back_vmap_and_jit():
    icf = normal(4, 6)
    same(s2s.vmap(lower_triangle, (None, 0))(3, icf), jax.vmap(lower_triangle, (None, 0))(3, icf))
    assert lower_triangle.start == 6   # the probe's own sets undone: the real run's remain
    same(s2s.jit(lower_triangle, static_argnums=0)(3, icf[0]),
         jax.jit(lower_triangle, static_argnums=0)(3, icf[0]))


def frobenius_after(p, icf):
    out = 0
    for ik in range(icf.shape[0]):
        out = out + jnp.sum(icf[ik, p:] ** 2)
    return out


def test_a_traced_slice_bound_or_shape_under_jit_is_refused_at_its_line():
    icf = normal(2, 6)
    for f, args, line in [(frobenius_after, (3, icf), "icf[ik, p:]"),
                          (lower_triangle, (3, icf[0]), "jnp.zeros(i + 1)")]:
        with pytest.raises(s2s.S2SError, match="traced under jit") as e:
            s2s.jit(f)(*args)   # (JAX's jit cannot either: the int is traced)
        assert e.value.filename == __file__ and line in str(e.value)
        assert e.value.__context__ is None
        same(s2s.jit(f, static_argnums=0)(*args), jax.jit(f, static_argnums=0)(*args))
