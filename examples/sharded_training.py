"""Data-parallel training with one model-parallel layer, on a mesh of 8 devices.

The batch is split over the mesh's "data" axis; the hidden layer's weights are
split over its "model" axis (each device holds a slice of the hidden units).
The mesh is JAX's default (`jax.make_mesh`: Explicit sharding), the arrays are
placed with `jax.device_put`, and the train step is `s2s.jit` of a step that
calls `s2s.value_and_grad`: s2s writes the gradient, JAX and XLA place every
value and insert the collectives. The same step with `jax.value_and_grad`
under `jax.jit` runs beside it; loss curves and the parameters' shardings
agree.

On a machine with one CPU, run it with 8 host devices:

    XLA_FLAGS=--xla_force_host_platform_device_count=8 python examples/sharded_training.py
"""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import s2s


def loss(params, x, y):
    hidden = jnp.tanh(x @ params["w1"] + params["b1"])   # hidden units split over "model"
    # (a sum over the split hidden units: Explicit sharding asks where it goes)
    prediction = jnp.matmul(hidden, params["w2"], out_sharding=P("data", None))
    return jnp.mean((prediction - y) ** 2)


def train_step(params, x, y, learning_rate=0.1):
    value, grads = s2s.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - learning_rate * g, params, grads), value


def train_step_jax(params, x, y, learning_rate=0.1):
    value, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - learning_rate * g, params, grads), value


def setup(mesh, n=64, d=4, hidden=16):
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    x = jax.random.normal(k1, (n, d))
    y = jnp.sin(x @ jnp.arange(1.0, d + 1.0))[:, None]
    params = {"w1": jax.random.normal(k2, (d, hidden)) / jnp.sqrt(d),
              "b1": jnp.zeros(hidden),
              "w2": jax.random.normal(k3, (hidden, 1)) / jnp.sqrt(hidden)}
    layout = {"w1": P(None, "model"), "b1": P("model"), "w2": P("model", None)}
    params = {k: jax.device_put(v, NamedSharding(mesh, layout[k])) for k, v in params.items()}
    data = NamedSharding(mesh, P("data", None))
    return params, jax.device_put(x, data), jax.device_put(y, data)


def train(step, steps, params, x, y):
    losses = []
    for _ in range(steps):
        params, value = step(params, x, y)
        losses.append(float(value))
    return params, losses


def main(steps=50):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    with jax.set_mesh(mesh):
        params, x, y = setup(mesh)
        ours, our_losses = train(s2s.jit(train_step), steps, params, x, y)
        theirs, their_losses = train(jax.jit(train_step_jax), steps, params, x, y)
    for i in range(0, steps, max(1, steps // 10)):
        print(f"step {i:4d}   s2s {our_losses[i]:.6f}   jax {their_losses[i]:.6f}")
    print("largest difference:", max(abs(a - b) for a, b in zip(our_losses, their_losses)))
    for k in ours:
        print(f"{k}: {ours[k].sharding.spec}   (jax: {theirs[k].sharding.spec})")
    return our_losses, their_losses, ours, theirs


if __name__ == "__main__":
    main()
