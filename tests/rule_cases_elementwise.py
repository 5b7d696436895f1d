"""Examples for the element-wise and special-function rules (s2s/rules/special.py,
s2s/rules/elementwise_more.py), merged into tests/test_rules_table.py's TABLE.
Special points where JAX has a convention (0, ties, kinks) have examples of
their own."""
import jax.numpy as jnp

from rule_examples import E, U, POS, HALF, binary, unary


def P01(*shape):   # inside (0, 1) with room (logit, ndtri)
    return U(*shape, lo=0.1, hi=0.9)


KINKS = jnp.array([-2.0, -1.0, -0.3, 0.0, 0.4, 1.0, 1.5])
INTS = jnp.array([0.7, -0.2, 0.1, 0.5, -0.9])   # argsort: batched integers

CASES = {
    # --- jax.scipy.special
    "jax.scipy.special.erfc": unary("jax.scipy.special.erfc(a)"),
    "jax.lax.erfc": [E("lax.erfc(a)", U(4))],
    "jax.scipy.special.erfinv": unary("jax.scipy.special.erfinv(a)", HALF),
    "jax.lax.erf_inv": [E("lax.erf_inv(a)", HALF(4))],
    "jax.scipy.special.gammaln": unary("jax.scipy.special.gammaln(a)", POS)
    + [E("jax.scipy.special.gammaln(a)", jnp.array([-0.5, -1.5, 0.3]))],
    "jax.lax.lgamma": [E("lax.lgamma(a)", POS(4))],
    "jax.scipy.special.digamma": unary("jax.scipy.special.digamma(a)", POS),
    "jax.lax.digamma": [E("lax.digamma(a)", POS(4))],
    "runtime.special_digamma": [E("special_digamma(a)", POS(4))],
    "jax.scipy.special.polygamma": [E("jax.scipy.special.polygamma(1, a)", POS(4)),
                                    E("jax.scipy.special.polygamma(2, a)", POS(2, 3))],
    "runtime.special_polygamma": [E("special_polygamma(1, a)", POS(4))],
    "jax.scipy.special.xlogy": binary("jax.scipy.special.xlogy(a, b)", right=POS)
    + [E("jax.scipy.special.xlogy(a, b)", jnp.array([0.0, 0.5, 0.0]), jnp.array([0.3, 2.0, 1.0]))],
    "jax.scipy.special.xlog1py": binary("jax.scipy.special.xlog1py(a, b)", right=POS)
    + [E("jax.scipy.special.xlog1py(a, b)", jnp.array([0.0, 0.5]), jnp.array([0.3, -0.5]))],
    "jax.scipy.special.logit": unary("jax.scipy.special.logit(a)", P01),
    "jax.scipy.special.expit": unary("jax.scipy.special.expit(a * 3.0)"),
    "jax.scipy.special.entr": unary("jax.scipy.special.entr(a)", POS)
    + [E("jax.scipy.special.entr(a)", jnp.array([-0.5, 0.3, 2.0]))],
    "jax.scipy.special.ndtr": unary("jax.scipy.special.ndtr(a * 2.0)"),
    "jax.scipy.special.ndtri": unary("jax.scipy.special.ndtri(a)", P01),
    "jax.scipy.special.log_ndtr": unary("jax.scipy.special.log_ndtr(a * 3.0)")
    + [E("jax.scipy.special.log_ndtr(a)", jnp.array([-30.0, -12.0, 7.0]))],
    # --- jax.nn
    "jax.nn.selu": [E("jax.nn.selu(a)", U(5)), E("jax.nn.selu(a)", KINKS)],
    "jax.nn.celu": [E("jax.nn.celu(a)", U(5)), E("jax.nn.celu(a, 0.5)", KINKS),
                    E("jax.nn.celu(a, alpha=2.0)", U(2, 3))],
    "jax.nn.hard_tanh": [E("jax.nn.hard_tanh(a * 2.0)", U(5)), E("jax.nn.hard_tanh(a)", KINKS)],
    "jax.nn.soft_sign": [E("jax.nn.soft_sign(a)", U(5)), E("jax.nn.soft_sign(a)", KINKS)],
    "jax.nn.sparse_plus": [E("jax.nn.sparse_plus(a * 2.0)", U(2, 3)),
                           E("jax.nn.sparse_plus(a)", KINKS)],
    "jax.nn.log1mexp": unary("jax.nn.log1mexp(a)", POS),
    "jax.nn.standardize": [E("jax.nn.standardize(a)", U(2, 3)),
                           E("jax.nn.standardize(a, axis=0)", U(3, 2)),
                           E("jax.nn.standardize(a, 1, epsilon=0.1)", U(2, 4)),
                           E("jax.nn.standardize(a, axis=None)", U(2, 3)),
                           E("jax.nn.standardize(a, axis=(0, 2))", U(2, 3, 2))],
    # --- jax.lax, called directly
    "jax.lax.clamp": [E("lax.clamp(-0.5, a, 0.5)", U(6)),
                      E("lax.clamp(b, a, c)", U(3), U(3) - 1.0, U(3) + 1.0),
                      E("lax.clamp(-0.5, a, b)", U(2, 3), U(2, 3) + 1.5),
                      E("lax.clamp(b, a, c)", jnp.array([0.2, 0.5, 2.0, 1.0]),
                        jnp.array([0.2, 0.1, 3.0, 0.0]), jnp.array([0.9, 0.5, 1.0, 1.0]))],
    "jax.lax.integer_pow": [E("lax.integer_pow(a, 0)", U(3)), E("lax.integer_pow(a, 1)", U(3)),
                            E("lax.integer_pow(a, 2)", U(2, 3)), E("lax.integer_pow(a, 3)", U(3)),
                            E("lax.integer_pow(a, -2)", POS(3)),
                            E("lax.integer_pow(a, 3)", jnp.array([0.0, 1.0]))],
    "jax.lax.exp": unary("lax.exp(a)"),
    "jax.lax.log": unary("lax.log(a)", POS),
    "jax.lax.sin": unary("lax.sin(a)"),
    "jax.lax.cos": unary("lax.cos(a)"),
    "jax.lax.tanh": unary("lax.tanh(a)"),
    "jax.lax.sqrt": unary("lax.sqrt(a)", POS),
    "jax.lax.abs": unary("lax.abs(a)") + [E("lax.abs(a)", jnp.array([0.0, -1.0, 2.0]))],
    "jax.lax.neg": unary("lax.neg(a)"),
    "jax.lax.square": unary("lax.square(a)"),
    "jax.lax.add": [E("lax.add(a, b)", U(2, 3), U(2, 3)), E("lax.add(a, 2.0)", U(3)),
                    E("lax.add(a, b)", U(), U())],
    "jax.lax.sub": [E("lax.sub(a, b)", U(2, 3), U(2, 3)), E("lax.sub(1.0, a)", U(3))],
    "jax.lax.mul": [E("lax.mul(a, b)", U(2, 3), U(2, 3)), E("lax.mul(a, 3.0)", U(3))],
    "jax.lax.div": [E("lax.div(a, b)", U(2, 3), POS(2, 3)), E("lax.div(1.0, a)", POS(3))],
    "jax.lax.pow": [E("lax.pow(a, b)", POS(2, 3), U(2, 3)), E("lax.pow(a, 2.0)", U(3))],
    "jax.lax.max": [E("lax.max(a, b)", U(2, 3), U(2, 3)),
                    E("lax.max(a, b)", jnp.array([0.3, 0.7, -0.2]), jnp.array([0.3, 0.1, 0.5]))],
    "jax.lax.min": [E("lax.min(a, b)", U(2, 3), U(2, 3)),
                    E("lax.min(a, b)", jnp.array([0.3, 0.7, -0.2]), jnp.array([0.3, 0.1, 0.5]))],
}
