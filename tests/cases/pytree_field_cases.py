"""NamedTuple and dataclass pytrees read by field (`layer.w`), as ML code
writes its parameters."""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Layer(NamedTuple):
    w: jnp.ndarray
    b: jnp.ndarray


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Scale:
    gain: jnp.ndarray
    shift: jnp.ndarray


def dense(layer, x):
    return jnp.sum(jnp.tanh(layer.w @ x + layer.b))


def two_layers(params, x):
    h = jnp.tanh(params[0].w @ x + params[0].b)
    return jnp.sum((params[1].w @ h + params[1].b) ** 2)


def scaled(s, x):
    return jnp.sum(jnp.sin(s.gain * x + s.shift))


def leaves_total(s, x):
    return jnp.sum(jnp.stack([jnp.sum(leaf) for leaf in jax.tree_util.tree_leaves(s)])) * x
