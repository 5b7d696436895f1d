"""An Equinox model trained with Optax's Adam: the model is an argument of the loss.

An `eqx.Module` is a pytree whose `__call__` is the model. The loss below is
your code and is differentiated by its source; calling `model(x)`, a function
the loss was passed, is handed to JAX, with the model's arrays differentiated
(the gradient has the model's shape, as `jax.grad` gives it). The model's own
layers come from `eqx.nn`; the filtering idiom `eqx.partition` /
`eqx.combine` keeps its activation functions out of the differentiated
values. Beside it, the same step by `jax.grad` under `jax.jit`.

    python examples/equinox_mlp.py
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

import s2s


class Model(eqx.Module):
    layers: list
    scale: jax.Array

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.layers = [eqx.nn.Linear(3, 16, key=k1), eqx.nn.Linear(16, 1, key=k2)]
        self.scale = jnp.ones(())

    def __call__(self, x):
        h = jnp.tanh(self.layers[0](x))
        return self.scale * self.layers[1](h)


model0 = Model(jax.random.PRNGKey(0))
params0, static = eqx.partition(model0, eqx.is_inexact_array)
optimizer = optax.adam(2e-2)


def loss(params, x, y):
    model = eqx.combine(params, static)
    prediction = jax.vmap(model)(x)
    return jnp.mean((prediction - y) ** 2)


def train_step(params, opt_state, x, y):
    value, grads = s2s.value_and_grad(loss)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, value


def train_step_jax(params, opt_state, x, y):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, value


def data(n=64):
    x = jax.random.normal(jax.random.PRNGKey(3), (n, 3))
    return x, jnp.sum(x ** 2, axis=1, keepdims=True) - 1.0


def train(step, steps, x, y):
    params, opt_state, losses = params0, optimizer.init(params0), []
    for _ in range(steps):
        params, opt_state, value = step(params, opt_state, x, y)
        losses.append(float(value))
    return losses


def main(steps=100):
    x, y = data()
    ours = train(s2s.jit(train_step), steps, x, y)
    theirs = train(jax.jit(train_step_jax), steps, x, y)
    for i in range(0, steps, max(1, steps // 10)):
        print(f"step {i:4d}   s2s {ours[i]:.6f}   jax {theirs[i]:.6f}")
    print("largest difference:", max(abs(a - b) for a, b in zip(ours, theirs)))
    return ours, theirs


if __name__ == "__main__":
    main()
