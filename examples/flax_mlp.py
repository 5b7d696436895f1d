"""A Flax (linen) MLP trained with Optax's Adam, the train step under `s2s.jit`.

The loss is your code, so s2s differentiates it by rewriting its source; the
model's `apply` and Optax's update are library code, which s2s hands to JAX's
own transformations (docs/libraries.md). The same step under `jax.jit` and
`jax.value_and_grad` runs beside it: the two loss curves agree to float32
rounding.

    python examples/flax_mlp.py
"""
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

import s2s


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


model = MLP()
optimizer = optax.adam(1e-2)


def loss(params, x, y):
    prediction = model.apply(params, x)
    return jnp.mean((prediction - y) ** 2)


def train_step(params, opt_state, x, y):
    value, grads = s2s.value_and_grad(loss)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, value


def train_step_jax(params, opt_state, x, y):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, value


def data(n=64, key=0):
    kx, kn = jax.random.split(jax.random.PRNGKey(key))
    x = jax.random.normal(kx, (n, 3))
    y = jnp.sin(x[:, :1]) + 0.5 * x[:, 1:2] * x[:, 2:] + 0.05 * jax.random.normal(kn, (n, 1))
    return x, y


def train(step, steps, x, y):
    params = model.init(jax.random.PRNGKey(1), x)
    opt_state = optimizer.init(params)
    losses = []
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
