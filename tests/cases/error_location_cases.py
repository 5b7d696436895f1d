"""Programs for tests/test_error_locations.py: errors must name the user's line.

The line an error must cite carries a marker comment `# <- NAME`.
"""
import jax.numpy as jnp

V = 3.0


def with_default(x, a=2.0):
    return jnp.sin(x) * a


def two_defaults(x, y, a=2.0, b=0.5):
    return jnp.sum(jnp.sin(x) * y * a + b * x ** 2)


def bad_shape(x):
    y = jnp.cos(x)
    z = jnp.dot(y, jnp.ones(5))  # <- bad shape
    return jnp.sum(z)


def calls_bad_shape(x):
    return bad_shape(x) * 2.0


def product(x):
    return jnp.prod(x)  # <- prod


def calls_product(x):
    return jnp.sum(product(x))


def takes_a_gradient(x):
    return jnp.sum(jnp.gradient(x) * x)  # <- gradient


def inserts(x):
    return jnp.sum(jnp.insert(x, 1, 2.0) * 3.0)  # <- insert


def raises(x):
    if x.shape[0] > 10:
        raise ValueError("too long")
    return jnp.sum(x ** 2)


def raises_on_value(x):
    if jnp.sum(x) > 100.0:
        raise ValueError("too big")  # <- batched raise
    return jnp.sum(x ** 2)


def raises_class(x):
    if x.shape[0] > 10:
        raise ValueError
    return jnp.sum(jnp.sin(x))


PAIR = (lambda x: jnp.sin(x) * 2.0, lambda x: jnp.cos(x) * V)
TABLE = {"a": (lambda x: jnp.sum(x ** 3), lambda: (V,)),
         "b": (lambda y:
               y * y * V, lambda y: y + 1.0)}
