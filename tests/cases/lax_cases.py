"""Programs that call lax control flow themselves (tests/test_lax_control.py):
bodies as lambdas, nested functions and jax.numpy functions."""
import jax.numpy as jnp
import numpy as np
from jax import lax


def cond_of_lambdas(x, y):
    return jnp.sum(lax.cond(jnp.sum(x) > 0.0, lambda a: jnp.sin(a) * y, lambda a: a ** 2, x))


def cond_of_nested_functions(x, y):
    def grow(a, b):
        return a * b, jnp.tanh(a) * b

    def shrink(a, b):
        return a / 2.0, b * a

    p, q = lax.cond(y > 0.5, grow, shrink, x, y)
    return jnp.sum(p) + jnp.sum(q)


def switch_of_three(i, x):
    return jnp.sum(lax.switch(i, [jnp.sin, jnp.cos, lambda a: a * jnp.exp(a)], x))


def while_with_a_pair(x):
    def more(state):
        k, v = state
        return jnp.logical_and(k < 5, jnp.sum(v) < 10.0)

    def step(state):
        k, v = state
        return k + 1, v * 1.5 + jnp.sin(x)

    k, v = lax.while_loop(more, step, (0, x))
    return jnp.sum(v) + k


def fori_of_a_lambda(x):
    return jnp.sum(lax.fori_loop(0, 4, lambda i, c: c * jnp.cos(x) + i, x))


def fori_with_traced_bounds(n, x):
    return jnp.sum(lax.fori_loop(0, n, lambda i, c: c * 0.9 + x, x))


def scan_of_rows(x):
    def body(c, xi):
        c = c * xi + 1.0
        return c, c ** 2
    c, ys = lax.scan(body, 0.5, x)
    return c + jnp.sum(ys)


def scan_of_pairs_in_reverse(x, w):
    def body(c, row):
        a, b = row
        h = jnp.tanh(c * a + b)
        return h, (h * 2.0, jnp.sum(h))
    c, outputs = lax.scan(body, jnp.zeros(3), (x, w), reverse=True)
    hs, totals = outputs
    return jnp.sum(c) + jnp.sum(hs * jnp.arange(1.0, 4.0)) + jnp.sum(totals)


def scan_without_xs(x):
    c, _ = lax.scan(lambda c, _: (c * 0.9 + x, None), x, None, length=5)
    return jnp.sum(c)


def map_of_rows(x):
    return jnp.sum(lax.map(lambda r: jnp.sum(jnp.sin(r) * r), x) ** 2)


def select_sign(x):
    return jnp.sum(lax.select(x > 0.0, x ** 2, -2.0 * x))


def fori_inside_a_cond(x):
    def long(a):
        return lax.fori_loop(0, 3, lambda i, c: jnp.sin(c) + a, a)
    return jnp.sum(lax.cond(jnp.max(x) > 0.0, long, lambda a: a * 3.0, x))


def scan_body_returning_a_name(x):
    def body(c, xi):
        out = (c + xi, c)
        return out
    return lax.scan(body, 0.0, x)[0]


def switch_with_a_numpy_function(i, x):
    # (JAX's own lax.switch cannot take np.cos; s2s calls jnp.cos)
    return jnp.sum(lax.switch(i, [jnp.sin, np.cos], x))


def switch_of_a_list_held_in_a_name(i, x):
    branches = [jnp.sin, jnp.cos]
    return lax.switch(i, branches, x)


def scan_whose_output_is_a_tuple_in_a_name(x):
    def body(c, xi):
        y = (c, xi)
        return c + xi, y
    c, ys = lax.scan(body, 0.0, x)
    return c
