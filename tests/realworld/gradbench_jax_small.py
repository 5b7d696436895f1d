# Copied from https://github.com/gradbench/gradbench
#   path:    python/gradbench/gradbench/tools/jax/{kmeans,lse,llsq,ode}.py
#   commit:  f26651a7bcc120654fa895adecaf371b8cc059c5
#   license: MIT (LICENSE)
# Functions copied unchanged: costfun, logsumexp, t, llsq, ode_fun_vec, runge_kutta, ode.
# Edits (imports only):
#   the gradbench wrappers (`from gradbench import wrap`, the @wrap-decorated entry points) not copied
#   functions from four files of one directory; each keeps its file's imports
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
from functools import partial

import jax
import jax.numpy as jnp


def costfun(points, centers):
    def all_pairs_norm(a, b):
        a_sqr = jnp.sum(a**2, 1)[None, :]
        b_sqr = jnp.sum(b**2, 1)[:, None]
        diff = jnp.matmul(a, b.T).T
        return a_sqr + b_sqr - 2 * diff

    dists = all_pairs_norm(points, centers)
    min_dist = jnp.min(dists, axis=0)
    return min_dist.sum()


def logsumexp(x):
    x_max = jnp.max(x)
    return jnp.log(jnp.sum(jnp.exp(x - x_max))) + x_max


def t(i, n):
    return -1.0 + (i * 2.0) / (n - 1.0)


@partial(jax.jit, static_argnums=[1])
def llsq(x, n):
    m = x.shape[0]

    def f(i):
        ti = t(i, n)
        muls = jnp.cumprod(jnp.full(m, ti).at[0].set(1))
        return (jnp.sign(ti) + jnp.sum(-x * muls)) ** 2

    i_vals = jnp.arange(n)
    results = jax.vmap(f)(i_vals)

    return jnp.sum(results) / 2.0


# ODE function: depends on index i, x[i], and y[i-1] (rotated y)
def ode_fun_vec(x):
    def f(y):
        def single_component(i, xi, yi_rot):
            return jnp.where(i == 0, xi, xi * yi_rot)

        iota = jnp.arange(x.shape[0])
        y_rot = jnp.roll(y, shift=1)
        return jax.vmap(single_component)(iota, x, y_rot)

    return f


# Runge-Kutta 4th order ODE solver that returns the final state
def runge_kutta(f, yi, tf, s):
    h = tf / s

    def body_fun(yf, _):
        k1 = f(yf)
        k2 = f(yf + (h / 2 * k1))
        k3 = f(yf + h / 2 * k2)
        k4 = f(yf + (h * k3))
        yf_next = yf + (h / 6 * (k1 + ((2 * k2) + (2 * k3) + k4)))
        return yf_next, yf_next  # carry and collect output

    _, y_trajectory = jax.lax.scan(body_fun, yi, None, length=s)
    return y_trajectory[-1]


@partial(jax.jit, static_argnums=[1])
def ode(x, s):
    tf = 2.0
    f = ode_fun_vec(x)
    y0 = jnp.zeros_like(x)
    return runge_kutta(f, y0, tf, s)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

SPECS = [
    Spec("kmeans.costfun", costfun, lambda r: (normal(r, 6, 2), normal(r, 3, 2)), argnums=(0, 1)),
    Spec("lse.logsumexp", logsumexp, lambda r: (normal(r, 5),)),
    Spec("llsq.llsq", llsq, lambda r: (normal(r, 4), 6), static=(1,)),
    Spec("ode.ode", ode, lambda r: (normal(r, 3, scale=0.5), 4), static=(1,)),
    Spec("ode.runge_kutta", runge_kutta, lambda r: (jnp.tanh, normal(r, 3), 1.0, 3), static=(0, 3), argnums=1),
]
