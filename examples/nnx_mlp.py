"""A Flax NNX model trained with Optax's SGD with momentum, by its split/merge idiom.

`nnx.split` separates the model's structure (a graph definition) from its
state (a pytree of arrays); the loss merges them back and calls the model.
s2s differentiates the loss by its source and hands the calls into Flax
(`nnx.merge`, the model's layers) to JAX. The train step runs under
`s2s.jit`, beside the same step under `jax.jit` and `jax.grad`.

    python examples/nnx_mlp.py
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

import s2s


class MLP(nnx.Module):
    def __init__(self, rngs, hidden=32):
        self.hidden = nnx.Linear(2, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(jnp.tanh(self.hidden(x)))


graphdef, initial_state = nnx.split(MLP(nnx.Rngs(0)))
optimizer = optax.sgd(0.05, momentum=0.9)


def loss(state, x, y):
    model = nnx.merge(graphdef, state)
    return jnp.mean((model(x) - y) ** 2)


def train_step(state, opt_state, x, y):
    grads = s2s.grad(loss)(state, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, state)
    return optax.apply_updates(state, updates), opt_state, loss(state, x, y)


def train_step_jax(state, opt_state, x, y):
    grads = jax.grad(loss)(state, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, state)
    return optax.apply_updates(state, updates), opt_state, loss(state, x, y)


def data(n=64):
    x = jax.random.normal(jax.random.PRNGKey(2), (n, 2))
    return x, jnp.tanh(x[:, :1] - 2 * x[:, 1:])


def train(step, steps, x, y):
    state, opt_state, losses = initial_state, optimizer.init(initial_state), []
    for _ in range(steps):
        state, opt_state, value = step(state, opt_state, x, y)
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
