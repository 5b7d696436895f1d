"""The Python people write: comprehensions, generator expressions and the
builtin `sum`, which normalize writes out as the loops they stand for."""
import jax.numpy as jnp

W = [(jnp.array([[0.5, -0.2], [0.1, 0.3], [0.2, 0.4]]), jnp.array([0.1, -0.1])),
     (jnp.array([[0.3, 0.1], [-0.5, 0.2]]), jnp.array([0.0, 0.2]))]


def squares_of_positive_rows(xs):
    ys = [jnp.sin(x) * x for x in xs if jnp.sum(x) > -10.0]
    return jnp.sum(jnp.stack(ys))


def sum_of_a_generator(xs):
    return sum(jnp.sum(jnp.tanh(x) ** 2) for x in xs)


def sum_with_a_start(xs):
    return sum([jnp.sum(x) for x in xs], 1.5) * sum(xs[0])


def pairs_of_two_generators(x):
    return jnp.sum(jnp.stack([x[i] * x[j] for i in range(3) for j in range(i, 3)]))


def dict_of_scaled(x):
    scaled = {k: x * s for k, s in [("a", 2.0), ("b", -1.0)]}
    return jnp.sum(scaled["a"] * scaled["b"])


def variable_used_elsewhere(xs):
    x = xs[0] * 3.0
    rows = [x * 2.0 for x in xs]
    return jnp.sum(x) + jnp.sum(jnp.stack(rows))


def layers_as_a_comprehension(x):
    hs = [jnp.tanh(x @ w + b) for w, b in W[:1]]
    return jnp.sum(hs[0] ** 2)


def comprehension_in_a_loop(xs):
    total = 0.0
    for k in range(2):
        total = total + sum(jnp.sum(x * k) for x in xs)
    return total


PARAMS = {"w": jnp.array([0.5, -1.0, 2.0]), "b": jnp.array([0.25, 0.1, -0.3])}


def dict_methods(x):
    scaled = {k: v * x for k, v in PARAMS.items()}
    total = 0.0
    for name, value in scaled.items():
        total = total + jnp.sum(value ** 2)
    return total + jnp.sum(jnp.stack([jnp.sum(v) for v in scaled.values()])) \
        + len(list(scaled.keys()))
