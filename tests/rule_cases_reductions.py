"""Examples for the rules of s2s/rules/reductions_more.py and s2s/rules/linalg_more.py
(merged into tests/test_rules_table.py's TABLE): cumulative products, differences,
nan-ignoring reductions, norms, determinants and solves."""
import jax.numpy as jnp

from rule_examples import E, M_TIE, U, X_TIE, POS, Refused  # noqa: F401

NAN = jnp.nan
X_NAN = jnp.array([[0.3, NAN, -0.7], [NAN, NAN, NAN], [0.5, 0.9, 0.9]])   # a row all nan
V_NAN = jnp.array([0.4, NAN, -0.2, 0.8, NAN])
X_ZERO = jnp.array([0.7, 0.0, -1.3, 0.0, 0.9])   # cumprod with zeros: JAX's exact derivative


def nan_cases(name, ties=True):
    rows = [E(f"jnp.{name}(a)", V_NAN), E(f"jnp.{name}(a, axis=1)", X_NAN),
            E(f"jnp.{name}(a, axis=-2, keepdims=True)", X_NAN),
            E(f"jnp.{name}(a, axis=(0, 1))", U(2, 3))]
    if ties:
        rows.append(E(f"jnp.{name}(a, axis=1)", M_TIE))
    return rows


CASES = {
    "jnp.cumprod": [E("jnp.cumprod(a)", U(5)), E("jnp.cumprod(a)", U(2, 3)),
                    E("jnp.cumprod(a, axis=-1)", U(2, 3)), E("jnp.cumprod(a, axis=0)", U(3, 2)),
                    E("jnp.cumprod(a)", X_ZERO)],
    "jnp.nancumprod": [E("jnp.nancumprod(a)", V_NAN), E("jnp.nancumprod(a, axis=1)", X_NAN)],
    "jnp.nancumsum": [E("jnp.nancumsum(a)", X_NAN), E("jnp.nancumsum(a, axis=-1)", X_NAN)],
    "jnp.diff": [E("jnp.diff(a)", U(5)), E("jnp.diff(a, 2)", U(5)),
                 E("jnp.diff(a, axis=0)", U(3, 4)), E("jnp.diff(a, n=3, axis=-1)", U(2, 5)),
                 E("jnp.diff(a, prepend=0.0)", U(4)),
                 E("jnp.diff(a, 2, append=1.0, prepend=0.5)", U(4)),
                 E("jnp.diff(a, axis=0, prepend=jnp.zeros((1, 3)))", U(2, 3), vmap=False),
                 Refused("jnp.diff(b, prepend=a)", U(), U(3))],
    "jnp.nansum": nan_cases("nansum", ties=False),
    "jnp.nanmean": nan_cases("nanmean", ties=False)[:1] + [
        E("jnp.nanmean(a, axis=0)", X_NAN[:, :1] * 0 + U(3, 2)),
        E("jnp.nanmean(a, axis=-1, keepdims=True)", X_NAN[::2])],
    "jnp.nanmax": nan_cases("nanmax"),
    "jnp.nanmin": nan_cases("nanmin"),
    "jnp.nanprod": nan_cases("nanprod", ties=False),
    "jnp.nanvar": [E("jnp.nanvar(a)", V_NAN), E("jnp.nanvar(a, axis=1)", X_NAN[::2]),
                   E("jnp.nanvar(a, axis=-1, ddof=1, keepdims=True)", X_NAN[::2])],
    "jnp.nanstd": [E("jnp.nanstd(a)", V_NAN), E("jnp.nanstd(a, axis=1, ddof=1)", X_NAN[::2]),
                   E("jnp.nanstd(a, axis=0)", U(3, 2))],
    "jnp.nanargmax": [E("jnp.nanargmax(a) * a", V_NAN), E("jnp.nanargmax(a, axis=1) * 1.0",
                                                           X_NAN[::2])],
    "jnp.nanargmin": [E("jnp.nanargmin(a) * a", V_NAN), E("jnp.nanargmin(a, axis=-1) * 1.0",
                                                           X_NAN[::2])],
    "jnp.ptp": [E("jnp.ptp(a)", U(2, 3)), E("jnp.ptp(a, axis=1)", M_TIE),
                E("jnp.ptp(a, axis=-2, keepdims=True)", U(2, 3)), E("jnp.ptp(a)", X_TIE)],
}


# --- jnp.linalg (s2s/rules/linalg_more.py)
def SPD(n, *lead):   # symmetric positive definite
    m = U(*lead, n, n)
    return m @ jnp.swapaxes(m, -1, -2) + n * jnp.eye(n)


SINGULAR = jnp.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, -1.0, 2.0]])   # rank 2
M_NORM_TIE = jnp.array([[0.5, -0.9], [0.9, 0.5]])

CASES.update({
    "jax.numpy.linalg.norm": [
        E("jnp.linalg.norm(a)", U(3)), E("jnp.linalg.norm(a)", U(2, 3)),
        E("jnp.linalg.norm(a)", U(2, 3, 2)), E("jnp.linalg.norm(a, axis=-1)", U(2, 3)),
        E("jnp.linalg.norm(a, axis=0, keepdims=True)", U(2, 3)),
        E("jnp.linalg.norm(a, 1)", U(4)), E("jnp.linalg.norm(a, jnp.inf)", X_TIE),
        E("jnp.linalg.norm(a, -jnp.inf)", U(4)), E("jnp.linalg.norm(a, 3)", U(4)),
        E("jnp.linalg.norm(a, 0.5, axis=1)", U(2, 3)), E("jnp.linalg.norm(a, 0) * a", U(3)),
        E("jnp.linalg.norm(a, 'fro')", U(2, 3)), E("jnp.linalg.norm(a, 1)", U(3, 3)),
        E("jnp.linalg.norm(a, -1)", U(3, 3)), E("jnp.linalg.norm(a, jnp.inf)", M_NORM_TIE),
        E("jnp.linalg.norm(a, -jnp.inf, axis=(1, 2))", U(2, 3, 3)),
        E("jnp.linalg.norm(a, 2)", U(3, 2)), E("jnp.linalg.norm(a, -2)", U(3, 3)),
        E("jnp.linalg.norm(a, 'nuc', axis=(0, 1))", U(3, 2))],
    "jax.numpy.linalg.det": [E("jnp.linalg.det(a)", U(3, 3)), E("jnp.linalg.det(a)", U(2, 2, 2)),
                             E("jnp.linalg.det(a)", SINGULAR),
                             E("jnp.linalg.det(a)", jnp.zeros((3, 3)))],
    "jax.numpy.linalg.slogdet": [E("jnp.linalg.slogdet(a)[1]", U(3, 3)),
                                 E("jnp.linalg.slogdet(a)", U(2, 3, 3)),
                                 E("jnp.linalg.slogdet(a).logabsdet * 2.0", SPD(3))],
    "jax.numpy.linalg.inv": [E("jnp.linalg.inv(a)", SPD(3)), E("jnp.linalg.inv(a)", SPD(2, 2))],
    "jax.numpy.linalg.solve": [E("jnp.linalg.solve(a, b)", SPD(3), U(3)),
                               E("jnp.linalg.solve(a, b)", SPD(3), U(3, 2)),
                               E("jnp.linalg.solve(a, b)", SPD(3, 2), U(3)),
                               E("jnp.linalg.solve(a, b)", SPD(3, 2), U(2, 3, 1))],
    "jax.numpy.linalg.cholesky": [E("jnp.linalg.cholesky(a)", SPD(3)),
                                  E("jnp.linalg.cholesky(a)", SPD(3, 2)),
                                  E("jnp.linalg.cholesky(a, upper=True)", SPD(3))],
    "jax.numpy.linalg.eigvalsh": [E("jnp.linalg.eigvalsh(a)", SPD(3)),
                                  E("jnp.linalg.eigvalsh(a)", SPD(3, 2))],
    "jax.numpy.linalg.matrix_power": [E("jnp.linalg.matrix_power(a, 3)", U(3, 3)),
                                      E("jnp.linalg.matrix_power(a, 0)", U(2, 2)),
                                      E("jnp.linalg.matrix_power(a, -2)", SPD(2, 2))],
    "jax.numpy.linalg.trace": [E("jnp.linalg.trace(a)", U(3, 3)),
                               E("jnp.linalg.trace(a, offset=1)", U(2, 3, 4))],
})
CASES["runtime.slogdet_tangent"] = [E("slogdet_tangent(a)", U(3)), E("slogdet_tangent(a)[1]", U())]
CASES.update({
    "jax.lax.dot_general": [
        E("lax.dot_general(a, b, (((1,), (0,)), ((), ())))", U(2, 3), U(3, 4)),
        E("lax.dot_general(a, b, (((2,), (1,)), ((0,), (0,))))", U(2, 3, 4), U(2, 4, 5)),
        E("lax.dot_general(a, b, (((0, 2), (2, 0)), ((1,), (1,))))", U(3, 2, 4), U(4, 2, 3))],
    "runtime.dot_general_specs": [E("jnp.sum(a) * len(dot_general_specs(a, b, (((1,), (0,)), "
                                    "((), ()))))", U(2, 3), U(3, 4), vmap=False)],
})

# --- quantiles, cumulative_*, vecdot/matvec/vecmat (s2s/rules/numeric.py)
V_TIE = jnp.array([0.3, 0.5, 0.5, 0.1, 0.5])   # the median ties: the stable sort's first
Q2 = jnp.array([0.2, 0.9])
CASES.update({
    "jnp.median": [E("jnp.median(a)", U(5)), E("jnp.median(a)", U(2, 3)),
                   E("jnp.median(a, axis=-1)", U(2, 4)), E("jnp.median(a)", V_TIE),
                   E("jnp.median(a, axis=0, keepdims=True)", U(3, 2)),
                   E("jnp.median(a, keepdims=True)", U(4))],
    "jnp.nanmedian": [E("jnp.nanmedian(a)", V_NAN), E("jnp.nanmedian(a, axis=1)", X_NAN[::2])],
    "jnp.quantile": [E("jnp.quantile(a, b)", U(5), 0.3), E("jnp.quantile(a, b, axis=1)", U(2, 4),
                                                             Q2),
                     E("jnp.quantile(a, 0.3, axis=-2, keepdims=True)", U(4, 2)),
                     E("jnp.quantile(a, jnp.array([0.2, 0.9]), axis=0)", U(4, 2)),
                     E("jnp.quantile(a, jnp.array([0.2, 0.9]))", U(2, 3)),
                     E("jnp.quantile(a, b, method='nearest')", U(5), 0.3),
                     E("jnp.quantile(a, b, method='lower')", V_TIE, Q2),
                     E("jnp.quantile(a, b, method='higher', keepdims=True)", U(4), 0.45),
                     E("jnp.quantile(a, b, method='midpoint')", U(2, 3), 0.45)],
    "jnp.nanquantile": [E("jnp.nanquantile(a, b)", V_NAN, 0.3),
                        E("jnp.nanquantile(a, b, axis=1)", X_NAN[::2], Q2)],
    "jnp.percentile": [E("jnp.percentile(a, b)", U(5), 30.0),
                       E("jnp.percentile(a, b, axis=0)", U(4, 2), Q2 * 100)],
    "jnp.nanpercentile": [E("jnp.nanpercentile(a, b)", V_NAN, 30.0)],
    "runtime.q_shape": [E("jnp.reshape(a, q_shape(a, b))", U(2), U(2, 3), vmap=False)],
    "jnp.cumulative_sum": [E("jnp.cumulative_sum(a)", U(4)),
                           E("jnp.cumulative_sum(a, axis=1, include_initial=True)", U(2, 3)),
                           E("jnp.cumulative_sum(a, axis=-2)", U(2, 3))],
    "jnp.cumulative_prod": [E("jnp.cumulative_prod(a)", X_ZERO),
                            E("jnp.cumulative_prod(a, axis=1, include_initial=True)", U(2, 3)),
                            E("jnp.cumulative_prod(a, axis=-2)", U(2, 3))],
    "jnp.vecdot": [E("jnp.vecdot(a, b)", U(3), U(3)), E("jnp.vecdot(a, b)", U(2, 3), U(3)),
                   E("jnp.vecdot(a, b, axis=0)", U(3, 2), U(3, 1))],
    "jnp.matvec": [E("jnp.matvec(a, b)", U(2, 3), U(3)), E("jnp.matvec(a, b)", U(4, 2, 3), U(3)),
                   E("jnp.matvec(a, b)", U(2, 3), U(4, 3))],
    "jnp.vecmat": [E("jnp.vecmat(a, b)", U(2), U(2, 3)), E("jnp.vecmat(a, b)", U(4, 2), U(2, 3)),
                   E("jnp.vecmat(a, b)", U(2), U(4, 2, 3))],
})

# --- convolutions, polynomials, trapezoid, unwrap (s2s/rules/poly.py)
CASES.update({
    "jnp.convolve": [E("jnp.convolve(a, b)", U(5), U(3)), E("jnp.convolve(a, b, 'same')", U(4), U(3)),
                     E("jnp.convolve(a, b, mode='valid')", U(3), U(5)),
                     E("jnp.convolve(a, b, 'same')", U(2), U(5))],
    "jnp.correlate": [E("jnp.correlate(a, b)", U(5), U(3)),
                      E("jnp.correlate(a, b, 'same')", U(2), U(5)),
                      E("jnp.correlate(a, b, 'same')", U(5), U(4)),
                      E("jnp.correlate(a, b, mode='full')", U(3), U(4))],
    "jnp.polymul": [E("jnp.polymul(a, b)", U(3), U(2))],
    "jnp.polyval": [E("jnp.polyval(a, b)", U(4), U(3)), E("jnp.polyval(a, b)", U(3), U(2, 2)),
                    E("jnp.polyval(a, b)", U(1), U(3)), E("jnp.polyval(a, 0.5)", U(3))],
    "jnp.polyadd": [E("jnp.polyadd(a, b)", U(3), U(2)), E("jnp.polyadd(a, b)", U(2), U(4))],
    "jnp.polysub": [E("jnp.polysub(a, b)", U(3), U(2)), E("jnp.polysub(a, b)", U(3), U(3))],
    "jnp.polyder": [E("jnp.polyder(a)", U(4)), E("jnp.polyder(a, 2)", U(4))],
    "jnp.polyint": [E("jnp.polyint(a)", U(3)), E("jnp.polyint(a, 2)", U(3)),
                    E("jnp.polyint(a, k=1.5)", U(3), vmap=False)],
    "jnp.trapezoid": [E("jnp.trapezoid(a)", U(5)), E("jnp.trapezoid(a, dx=0.5, axis=0)", U(4, 2)),
                      E("jnp.trapezoid(a, jnp.array([0.0, 0.5, 1.5, 2.0]))", U(2, 4)),
                      E("jnp.trapezoid(a, jnp.array([0.0, 0.5, 1.5]), axis=-2)", U(3, 2)),
                      Refused("jnp.trapezoid(b, a)", U(4), U(4))],
    "jnp.unwrap": [E("jnp.unwrap(a * 6.0)", U(6)), E("jnp.unwrap(a * 6.0, axis=0)", U(4, 2))],
})

# --- average, ediff1d, cross, bincount (s2s/rules/stats.py)
CASES.update({
    "jnp.average": [E("jnp.average(a)", U(2, 3)), E("jnp.average(a, axis=1)", U(2, 3)),
                    E("jnp.average(a, weights=b)", U(2, 3), POS(2, 3)),
                    E("jnp.average(a, 0, b)", U(3, 2), POS(3)),
                    E("jnp.average(a, axis=-1, weights=b, keepdims=True)", U(2, 3), POS(3),
                      vmap=False),
                    E("jnp.average(a, axis=-1, weights=b, keepdims=True)", U(2, 3), POS(2, 3)),
                    E("jnp.average(a, axis=(0, 1), weights=b)", U(2, 3, 2), POS(2, 3),
                      vmap=False)],
    "runtime.average_weights_shape": [E("jnp.reshape(b, average_weights_shape(a, 0, b)) * a",
                                        U(3, 2), U(3), vmap=False)],
    "jnp.ediff1d": [E("jnp.ediff1d(a)", U(5)), E("jnp.ediff1d(a)", U(2, 3)),
                    E("jnp.ediff1d(a, to_end=jnp.array([1.0, 2.0]), to_begin=0.5)", U(4)),
                    E("jnp.ediff1d(a, to_begin=jnp.zeros((1, 2)))", U(3))],
    "jnp.cross": [E("jnp.cross(a, b)", U(3), U(3)), E("jnp.cross(a, b)", U(4, 3), U(3)),
                  E("jnp.cross(a, b)", U(2), U(2)), E("jnp.cross(a, b)", U(2), U(3)),
                  E("jnp.cross(a, b, axis=0)", U(3, 2), U(3, 2), vmap=False),
                  E("jnp.cross(a, b, axisa=-2, axisc=-2)", U(3, 2), U(2, 3))],
    "jnp.bincount": [E("jnp.bincount(jnp.array([0, 2, 2, 1]), a, length=4)", U(4)),
                     E("jnp.bincount(jnp.array([1, 3, 1]), weights=a, minlength=5, length=5)",
                       U(3))],
})
XP = jnp.array([-1.0, -0.2, 0.3, 0.3, 0.9])   # a zero-width interval at 0.3
CASES["jnp.interp"] = [
    E("jnp.interp(a, b, c)", jnp.array([-1.5, -0.5, 0.1, 0.3, 0.6, 1.2]), XP, U(5)),
    E("jnp.interp(a, b, c, left=0.0, right=2.0)", jnp.array([-1.5, 0.1, 1.2]), XP, U(5)),
    E("jnp.interp(a, b, c, left='extrapolate', right='extrapolate')",
      jnp.array([-1.5, 0.1, 1.2]), XP, U(5), vmap=False),
    E("jnp.interp(a, jnp.array([0.0, 0.5, 1.0]), b)", U(2, 3) * 1.2, U(3))]
CASES["jnp.cov"] = [E("jnp.cov(a)", U(3, 5)), E("jnp.cov(a)", U(6)),
                    E("jnp.cov(a, rowvar=False)", U(5, 2)),
                    E("jnp.cov(a, bias=True)", U(2, 4)), E("jnp.cov(a, ddof=0)", U(1, 4))]
CASES["jax.numpy.linalg.pinv"] = [E("jnp.linalg.pinv(a)", U(3, 2)), E("jnp.linalg.pinv(a)", U(2, 3)),
                                  E("jnp.linalg.pinv(a)", U(2, 3, 3)),
                                  E("jnp.linalg.pinv(a, hermitian=True)", SPD(3))]
CASES["jnp.corrcoef"] = [E("jnp.corrcoef(a)", U(3, 5)), E("jnp.corrcoef(a, rowvar=False)", U(5, 2)),
                         E("jnp.corrcoef(a)", U(6))]
