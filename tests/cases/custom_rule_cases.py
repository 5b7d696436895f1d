"""User functions with their own derivative rules (jax.custom_jvp,
jax.custom_vjp): every s2s transformation must use the user's rule, never
differentiate the function's body (which gives another derivative)."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def half_slope(x):
    return x * 1.0


@half_slope.defjvp
def half_slope_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return half_slope(x), t * 0.5


@jax.custom_jvp
def safe_log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@safe_log1pexp.defjvp
def safe_log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log1pexp(x), t * jax.nn.sigmoid(x)


@jax.custom_vjp
def straight_through_round(x):
    return jnp.round(x)


def straight_through_round_fwd(x):
    return jnp.round(x), None


def straight_through_round_bwd(residuals, g):
    return (g,)


straight_through_round.defvjp(straight_through_round_fwd, straight_through_round_bwd)


@jax.custom_vjp
def clipped_gradient(x, limit):
    return x


def clipped_gradient_fwd(x, limit):
    return x, limit


def clipped_gradient_bwd(limit, g):
    return jnp.clip(g, -limit, limit), None


clipped_gradient.defvjp(clipped_gradient_fwd, clipped_gradient_bwd)


def uses_custom_jvps(x):
    return jnp.sum(half_slope(x) * 3.0 + safe_log1pexp(x * x))


def uses_custom_vjps(x):
    return jnp.sum(straight_through_round(x) * x + clipped_gradient(x * 4.0, 0.5))


@jax.custom_jvp
def damped_tanh(x):
    return jnp.tanh(x)


@damped_tanh.defjvp
def damped_tanh_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.tanh(x)
    return y, (1 - y * y) * t * 0.5   # half of tanh's derivative: not the function's own


def damped_times_x(x):
    return jnp.sum(damped_tanh(x) * x)
