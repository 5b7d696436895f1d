"""What the checker needs to know about one corpus function: `Spec`, and the
seeded input makers the specs at the bottom of each corpus file use.

Not copied code: this file and the `# ---- specs` section of each corpus file
are ours; everything above that line in a corpus file is copied unchanged.
"""
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Tuple

import jax.numpy as jnp
import numpy as np

# the corpus files `import *` from here: export only these (not np: a corpus
# file's `np` is its own, often jax.numpy)
__all__ = ["Spec", "normal", "uniform", "onehot", "labels", "probs", "signs", "mlp_params", "jnp"]


@dataclass
class Spec:
    name: str                       # unique within its corpus file
    fn: Callable                    # the copied function (or one a copied factory built)
    args: Callable                  # rng -> tuple of positional arguments
    argnums: Any = 0                # the arguments grad/jacfwd/jacrev/hessian differentiate
    vmap_argnums: Optional[Tuple[int, ...]] = None   # batched by vmap (default: argnums)
    skip: Tuple[str, ...] = ()      # transformations that do not apply, with `why`
    why: str = ""
    static: Optional[Tuple[int, ...]] = None   # jit's static_argnums (default: non-array args)
    fd_ok: bool = True              # finite differences are a fair fallback reference
    build: Optional[Callable] = None  # makes a fresh `fn` for every evaluation (fn draws
                                      # from a RandomState it holds: each call must see the same draws)

    def function(self):
        return self.build() if self.build is not None else self.fn


def normal(rng, *shape, scale=1.0):
    return jnp.asarray(rng.normal(size=shape) * scale)


def uniform(rng, *shape, low=0.5, high=1.5):
    return jnp.asarray(rng.uniform(low, high, size=shape))


def onehot(rng, n, k):
    return jnp.asarray(np.eye(k)[rng.integers(0, k, size=n)])


def labels(rng, n, k):
    return jnp.asarray(rng.integers(0, k, size=n))


def probs(rng, *shape):
    p = rng.uniform(0.1, 1.0, size=shape)
    return jnp.asarray(p / p.sum(-1, keepdims=True))


def signs(rng, *shape):
    return jnp.asarray(rng.choice([-1.0, 1.0], size=shape))


def mlp_params(rng, sizes, scale=0.5):
    return [(normal(rng, m, n, scale=scale), normal(rng, n, scale=scale))
            for m, n in zip(sizes[:-1], sizes[1:])]
