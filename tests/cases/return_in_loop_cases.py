"""`return` inside a loop (tests/test_return_in_loop.py)."""
import jax.numpy as jnp


def first_positive(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            return x[i] ** 2
    return jnp.sum(x)


def newton_sqrt(a):
    x = a
    for _ in range(50):
        nx = 0.5 * (x + a / x)
        if jnp.abs(nx - x) < 1e-9:
            return nx
        x = nx
    return x


def returns_from_a_while(x):
    total = 0.0
    i = 0
    while i < 5:
        total = total + jnp.sin(x * i)
        if total > 1.5:
            return total * x
        i = i + 1
    return total


def returns_from_a_nested_loop(m):
    for row in m:
        for v in row:
            if v > 0.5:
                return jnp.sum(row * v)
    return jnp.sum(m) * 2.0


def returns_early_from_a_scaled_loop(x, c):
    """Found by the fuzzer: grad of grad crashed adding the cotangents of the
    returned value, None before the loop returns."""
    t = c * x
    it = 0
    while it < 2:
        it = it + 1
        if jnp.sum(x) > 1.0:
            return jnp.sum(jnp.tanh(c * x))
        t = t * 0.9
    return jnp.sum(t)
