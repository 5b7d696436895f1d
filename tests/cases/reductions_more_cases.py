"""Programs calling the rules of s2s/rules/reductions_more.py and
s2s/rules/linalg_more.py (tests/test_reductions_more_rules.py). Each takes a
vector of 3 and returns a scalar."""
import jax.numpy as jnp
from jax import lax

DATA = jnp.array([[0.3, -0.1, 0.5], [1.2, 0.4, -0.3], [-0.6, 0.9, 0.2], [0.1, 0.0, 0.7]])
MASK = jnp.array([1.0, jnp.nan, 1.0, 1.0])   # one missing observation


def gaussian_log_likelihood(x):
    """log N(data | x, cov) with a covariance built from x, three ways."""
    cov = jnp.outer(x, x) * 0.3 + jnp.eye(3) * (1.0 + x[0] ** 2)
    chol = jnp.linalg.cholesky(cov)
    sign, logdet = jnp.linalg.slogdet(cov)
    r = DATA - x
    quad = jnp.sum(r * jnp.linalg.solve(cov, r.T).T)
    half_logdet = jnp.sum(jnp.log(jnp.diagonal(chol)))
    return -0.5 * quad - 2.0 * half_logdet - 0.5 * logdet + 0.1 * jnp.linalg.det(cov)


def normalized_loss(x):
    """A loss on the direction of x and its length, and a matrix's norms."""
    u = x / jnp.linalg.norm(x)
    m = jnp.outer(x, jnp.sin(x)) + jnp.eye(3)
    return jnp.sum((u - jnp.array([0.6, 0.0, 0.8])) ** 2) + 0.1 * jnp.linalg.norm(m, "fro") \
        + 0.05 * jnp.linalg.norm(m, 2) + 0.01 * jnp.linalg.norm(x, 1)


def masked_mean(x):
    """Squared error averaged over the observations that are present."""
    pred = DATA @ x
    err = (pred - jnp.array([0.2, -0.4, 0.1, 0.5])) ** 2 * MASK
    return jnp.nanmean(err) + 0.1 * jnp.nanstd(err) + 0.01 * jnp.nanmax(err)


def smoothness_penalty(x):
    """Finite differences of a path through x, and a cumulative product."""
    path = jnp.concatenate([x, x[::-1] * 0.5, jnp.sin(x)])
    return jnp.sum(jnp.diff(path) ** 2) + jnp.sum(jnp.diff(path, n=2) ** 2) \
        + jnp.sum(jnp.cumprod(1.0 + 0.1 * path)) + jnp.ptp(path)


def inverse_and_products(x):
    """An inverse, a matrix power, eigenvalues, a trace and a dot_general."""
    m = jnp.outer(x, x) + 2.0 * jnp.eye(3)
    w = jnp.linalg.eigvalsh(m)
    h = lax.dot_general(DATA, jnp.linalg.inv(m), (((1,), (0,)), ((), ())))
    return jnp.sum(h ** 2) + jnp.sum(w ** 2) + jnp.linalg.trace(jnp.linalg.matrix_power(m, 3)) * 0.01


GRID = jnp.array([-2.0, -1.0, 0.0, 1.0, 2.0])


def robust_signal_stats(x):
    """Smoothing, robust statistics, a fitted polynomial and an integral."""
    signal = jnp.concatenate([x, jnp.cos(x), x * x])
    smooth = jnp.convolve(signal, jnp.array([0.25, 0.5, 0.25]), "same")
    spread = jnp.quantile(smooth, 0.75) - jnp.median(smooth)
    curve = jnp.polyval(x, smooth)
    looked_up = jnp.interp(smooth, GRID, jnp.tanh(GRID) * x[0])
    weights = jnp.exp(-smooth ** 2)
    return spread + jnp.trapezoid(curve ** 2) * 0.01 + jnp.average(looked_up, weights=weights) \
        + jnp.sum(jnp.cov(jnp.stack([signal, smooth])))
