"""Programs calling JAX functions s2s has no rules for: each call goes to JAX's
own jvp, vjp or vmap of that one function (s2s/by_jax.py). Each takes a
vector of 4 and returns a scalar or an array."""
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import jax.scipy.special as jss

IDX = jnp.array([3, 0, 2])


def graded_and_triangular(x):
    y = jnp.gradient(x * 3.0) * x
    return jnp.gradient(jnp.outer(y, x), axis=0) + jnp.tril(jnp.outer(x, x))


def diagonals_and_trace(x):
    m = jnp.outer(x, jnp.sin(x))
    return jnp.diag(m) * jnp.trace(m) + jnp.diagonal(m, offset=1).sum()


def cumulative(x):
    return jax.lax.cumprod(jnp.tanh(x) + 1.5, axis=0) + jax.lax.cumlogsumexp(x * x, axis=0)[0]


def sorted_and_taken(x):
    s = jnp.sort(x * jnp.cos(x))
    return s * jnp.take(x, IDX).sum() + jnp.take_along_axis(x, IDX, axis=0)[0]


def padded_tiled_repeated(x):
    return jnp.sum(jnp.pad(x, 1) ** 2) + jnp.tile(x, 2)[:4] * jnp.repeat(x, 2)[::2]


def flipped_halves(x):
    a, b = jnp.split(x, 2)
    return jnp.concatenate([b * a, jnp.flipud(a)])


def matrix_functions(x):
    m = jnp.outer(x, x) + jnp.diag(x + 2.0)
    return jsl.det(m) + jnp.sum(jsl.inv(m)) + jnp.sum(jnp.linalg.svd(m, compute_uv=False)) \
        + jnp.sum(jsl.solve(m, x)) + jnp.linalg.vector_norm(x)


def special_functions(x):
    y = x * x + 0.5
    # (betaln, erfcx and i1e have no rules; gammaln, xlogy and logit have: a mix)
    return jss.betaln(y, y + 1.0) + jss.erfcx(y) * jss.xlogy(y, y + 1.0) + jss.i1e(y) \
        + jss.gammaln(y) + jss.logit(jax.nn.sigmoid(x))


def celu_and_cummax(x):
    return jax.nn.celu(x, 0.5) + jax.lax.cummax(jnp.sin(x), axis=0)


def cast_then_scale(x):
    return jnp.sum(x.astype(jnp.float32) * jnp.nan_to_num(x / (x + 2.0)))


def fixed_keyword(x, n):
    return jnp.gradient(x * n, axis=0) * jnp.cumsum(x)


CASES = [graded_and_triangular, diagonals_and_trace, cumulative, sorted_and_taken,
         padded_tiled_repeated, flipped_halves, matrix_functions, special_functions,
         celu_and_cummax, cast_then_scale]


# (each its own def, so s2s reads its source)
def summed_graded_and_triangular(x):
    return jnp.sum(graded_and_triangular(x))


def summed_diagonals_and_trace(x):
    return jnp.sum(diagonals_and_trace(x))


def summed_cumulative(x):
    return jnp.sum(cumulative(x))


def summed_sorted_and_taken(x):
    return jnp.sum(sorted_and_taken(x))


def summed_padded_tiled_repeated(x):
    return jnp.sum(padded_tiled_repeated(x))


def summed_flipped_halves(x):
    return jnp.sum(flipped_halves(x))


def summed_matrix_functions(x):
    return jnp.sum(matrix_functions(x))


def summed_special_functions(x):
    return jnp.sum(special_functions(x))


def summed_celu_and_cummax(x):
    return jnp.sum(celu_and_cummax(x))


def summed_cast_then_scale(x):
    return jnp.sum(cast_then_scale(x))


def scaled_special(s):
    return summed_special_functions(s * jnp.array([0.7, 0.4, 1.3, 0.25]))
