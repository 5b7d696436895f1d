"""Idioms of published numerical code that s2s got wrong or refused (issue 32):
each is written as the code it was found in writes it."""
import jax
import jax.numpy as jnp


def mlp_reads_the_last_layer_after_the_loop(params, x):
    h = x
    for W, b in params:
        out = jnp.dot(h, W) + b
        h = jnp.tanh(out)
    return jnp.sum(out)


def last_value_of_a_while_loop(x):
    k = 0
    while k < 3:
        y = jnp.sin(x) * k
        x = x + y
        k += 1
    return jnp.sum(y * x)
