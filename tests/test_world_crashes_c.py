"""Internal crashes found by the realworld corpus (tests/realworld/), each as a
small program in the corpus's idiom, checked against JAX in every
transformation that applies (or, where s2s cannot, a clean S2SError at the
user's line)."""
import jax
import jax.numpy as jnp
import jax.scipy.stats.norm as norm
import numpy as np
import pytest

import s2s
from test_regressions import run, same

jax.config.update("jax_enable_x64", True)

rng = np.random.default_rng(35)


def normal(*shape):
    return jnp.asarray(rng.normal(size=shape))


ALL = ("grad", "vjp", "jvp", "vmap", "jacfwd", "jacrev", "jit_grad")


def check(f, args, transforms, argnums=None):
    """s2s against JAX in `transforms` (differentiating `argnums`), and s2s.jit
    against JAX's jit (or the plain function where JAX's jit cannot)."""
    if argnums is not None:   # the other arguments are closed over
        g = f

        def f(*active):
            full = list(args)
            for i, a in zip(argnums, active):
                full[i] = a
            return g(*full)
        args = tuple(args[i] for i in argnums)
    for transform in transforms:
        same(run(s2s, transform, f, args), run(jax, transform, f, args))


# -- jax_advi: vmap of a library function (norm.logpdf) under s2s.jit ---------------

def vmapped_library_logpdf(x, mean, log_std):
    return jnp.sum(jax.vmap(norm.logpdf)(x, mean, jnp.exp(log_std)))


def test_jit_of_a_vmapped_library_function():
    args = (normal(2), normal(2), 0.3 * normal(2))
    same(s2s.jit(vmapped_library_logpdf)(*args), jax.jit(vmapped_library_logpdf)(*args))
    same(s2s.jit(s2s.grad(vmapped_library_logpdf))(*args),
         jax.jit(jax.grad(vmapped_library_logpdf))(*args))
