"""Special functions by names generated code can always call: the derivatives
of erf-based, gamma-based and Bessel functions are written with them
(s2s/rules/nn.py, special.py, elementwise_more.py). Registered as helpers and
re-exported by s2s/runtime.py."""
import jax

from .runtime import helper


@helper(pure=True)
def special_erf(x):
    """jax.scipy.special.erf, by a name generated code can always call (gelu's
    exact derivative is written with it)."""
    return jax.scipy.special.erf(x)


@helper(pure=True)
def special_digamma(x):
    """jax.scipy.special.digamma, the derivative of gammaln (s2s/rules/special.py)."""
    return jax.scipy.special.digamma(x)


@helper(pure=True)
def special_polygamma(n, x):
    """jax.scipy.special.polygamma: the n-th derivative of digamma."""
    return jax.scipy.special.polygamma(n, x)


@helper(pure=True)
def special_i1(x):
    """jax.scipy.special.i1, the derivative of jnp.i0 (s2s/rules/elementwise_more.py)."""
    return jax.scipy.special.i1(x)
