"""Convolutions (convolve, correlate, polymul), polynomials (polyval, polyadd,
polysub, polyder, polyint), trapezoid and unwrap: jvp, vjp and batch rules side
by side. The longer formulas live in s2s/runtime_poly.py."""
import jax.numpy as jnp

from . import batch_rule, jvp_rule, multilinear, shift_axes, vjp_rule
from ..runtime import (convolve_cotangent_a, convolve_cotangent_v,  # noqa: F401
                       correlate_cotangent_a, correlate_cotangent_v,
                       trapezoid_weights)

# --- convolutions ---------------------------------------------------------------------------
# Bilinear: the product rule. polymul(a1, a2) is convolve(a1, a2) in full.
multilinear(jnp.convolve, jnp.correlate, static_argnums=(2,))   # the mode
multilinear(jnp.polymul)


@vjp_rule(jnp.convolve, nondiff_args=("mode", "precision", "preferred_element_type"))
def convolve_vjp(ans_bar, a, v, mode="full", precision=None, preferred_element_type=None):
    return (convolve_cotangent_a(ans_bar, a, v, mode=mode),
            convolve_cotangent_v(ans_bar, a, v, mode=mode))


@vjp_rule(jnp.correlate, nondiff_args=("mode", "precision", "preferred_element_type"))
def correlate_vjp(ans_bar, a, v, mode="valid", precision=None, preferred_element_type=None):
    return (correlate_cotangent_a(ans_bar, a, v, mode=mode),
            correlate_cotangent_v(ans_bar, a, v, mode=mode))


@vjp_rule(jnp.polymul, nondiff_args=("trim_leading_zeros",))
def polymul_vjp(ans_bar, a1, a2, trim_leading_zeros=False):
    return convolve_cotangent_a(ans_bar, a1, a2), convolve_cotangent_v(ans_bar, a1, a2)


# One row per example: convolve_rows sums the products a_i v_j by i + j.
@batch_rule(jnp.convolve, jnp.correlate)
def convolve_batch(batch, a, v, mode=None, **rest):
    kind = "convolve" if batch.prim.fn is jnp.convolve else "correlate"
    mode = batch.value(mode, "the mode") or ("full" if kind == "convolve" else "valid")
    return batch.call("convolve_rows", batch.with_batch(a), batch.with_batch(v), mode, kind)


@batch_rule(jnp.polymul)
def polymul_batch(batch, a1, a2, **rest):
    if batch.value(rest.get("trim_leading_zeros"), "trim_leading_zeros"):
        raise batch.error("s2s cannot batch jnp.polymul with trim_leading_zeros=True "
                          "(each example's length would differ)")
    return batch.call("convolve_rows", batch.with_batch(a1), batch.with_batch(a2), "full")


# --- polynomials ----------------------------------------------------------------------------
# polyval is linear in p (its terms x^k) and has slope polyval(polyder(p), x) in x.


@jvp_rule(jnp.polyval, nondiff_args=("unroll",))
def polyval_jvp(p, x, p_dot, x_dot, unroll=16):
    return jnp.sum(p_dot * jnp.expand_dims(x, -1) ** jnp.arange(jnp.size(p) - 1, -1, -1),
                   axis=-1) + jnp.polyval(jnp.polyder(p), x) * x_dot


@vjp_rule(jnp.polyval)
def polyval_vjp(ans_bar, p, x, unroll=16):
    return (jnp.sum(jnp.reshape(jnp.expand_dims(ans_bar, -1) * jnp.expand_dims(x, -1)
                                ** jnp.arange(jnp.size(p) - 1, -1, -1), (-1, jnp.size(p))),
                    axis=0),
            ans_bar * jnp.polyval(jnp.polyder(p), x))


@batch_rule(jnp.polyval)
def polyval_batch(batch, p, x, **rest):
    if not batch.batched(p):
        return batch.rebuild()
    return batch.call("polyval_rows", batch.x(p), batch.with_batch(x))


# polyadd and polysub pad the shorter with leading zeros: each operand's
# cotangent is the output's last entries.
@jvp_rule(jnp.polyadd)
def polyadd_jvp(a1, a2, a1_dot, a2_dot):
    return jnp.polyadd(a1_dot, a2_dot)


@vjp_rule(jnp.polyadd)
def polyadd_vjp(ans_bar, a1, a2):
    return ans_bar[jnp.size(ans_bar) - jnp.size(a1):], ans_bar[jnp.size(ans_bar) - jnp.size(a2):]


@jvp_rule(jnp.polysub)
def polysub_jvp(a1, a2, a1_dot, a2_dot):
    return jnp.polysub(a1_dot, a2_dot)


@vjp_rule(jnp.polysub)
def polysub_vjp(ans_bar, a1, a2):
    return ans_bar[jnp.size(ans_bar) - jnp.size(a1):], -ans_bar[jnp.size(ans_bar) - jnp.size(a2):]


# One example's coefficients are a row: padded on the left to a common length.
@batch_rule(jnp.polyadd, jnp.polysub)
def polyadd_batch(batch, a1, a2, **rest):
    n = max(batch.shape(a1)[0], batch.shape(a2)[0])
    rows = [batch.jnp("pad", batch.with_batch(a), ((0, 0), (n - batch.shape(a)[0], 0)))
            for a in (a1, a2)]
    return batch.jnp("add" if batch.prim.fn is jnp.polyadd else "subtract", *rows)


# polyder and polyint scale the coefficients by fixed factors: polyder(ones) and
# polyint(ones) are those factors.
@jvp_rule(jnp.polyder, nondiff_args=("m",))
def polyder_jvp(p, p_dot, m=1):
    return jnp.polyder(p_dot, m)


@vjp_rule(jnp.polyder)
def polyder_vjp(ans_bar, p, m=1):
    return jnp.concatenate([ans_bar * jnp.polyder(jnp.ones_like(p), m), jnp.zeros_like(p[:m])])


@jvp_rule(jnp.polyint, nondiff_args=("m", "k"))
def polyint_jvp(p, p_dot, m=1, k=None):
    return jnp.polyint(p_dot, m)


@vjp_rule(jnp.polyint)
def polyint_vjp(ans_bar, p, m=1, k=None):
    return ans_bar[:jnp.size(p)] * jnp.polyint(jnp.ones_like(p), m)[:jnp.size(p)]


@batch_rule(jnp.polyder, jnp.polyint)
def polyder_batch(batch, p, m=1, **rest):
    if batch.value(rest.get("k"), "k") is not None:
        raise batch.error("s2s batches jnp.polyint only without integration constants k")
    helper = "polyder_rows" if batch.prim.fn is jnp.polyder else "polyint_rows"
    return batch.call(helper, batch.x(p), batch.value(m, "m"))


# --- trapezoid and unwrap -------------------------------------------------------------------
# trapezoid is linear in y: sum(weights * y) along the axis (x and dx are taken
# as constants: an active one is refused). unwrap adds multiples of the period,
# piecewise constant: its derivative is the identity, as JAX's.


@jvp_rule(jnp.trapezoid, nondiff_args=("x", "dx", "axis"))
def trapezoid_jvp(y, y_dot, x=None, dx=1.0, axis=-1):
    return jnp.trapezoid(y_dot, x, dx, axis)


@vjp_rule(jnp.trapezoid)
def trapezoid_vjp(ans_bar, y, x=None, dx=1.0, axis=-1):
    return jnp.expand_dims(ans_bar, axis) * trapezoid_weights(y, x, dx, axis)


@batch_rule(jnp.trapezoid)
def trapezoid_batch(batch, y, x=None, dx=1.0, axis=-1, **rest):
    if batch.batched(batch.bound.get("dx")) or (batch.batched(x)
                                                 and batch.rank(x) != batch.rank(y)):
        raise batch.error("s2s batches jnp.trapezoid with a per-example x only of y's shape")
    return batch.rebuild(y=batch.with_batch(y), axis=shift_axes(batch.value(axis, "the axis")))


@jvp_rule(jnp.unwrap, nondiff_args=("discont", "axis", "period"))
def unwrap_jvp(p, p_dot, discont=None, axis=-1, period=6.283185307179586):
    return p_dot


@vjp_rule(jnp.unwrap)
def unwrap_vjp(ans_bar, p, discont=None, axis=-1, period=6.283185307179586):
    return ans_bar


@batch_rule(jnp.unwrap)
def unwrap_batch(batch, p, axis=-1, **rest):
    return batch.rebuild(axis=shift_axes(batch.value(axis, "the axis")))
