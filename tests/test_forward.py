"""Every construct of the forward-mode pass, checked against jax.jvp."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import forward_cases as fc
import s2s

rng = np.random.default_rng(0)


def rand(*shape, low=-1.0, high=1.0):
    return jnp.asarray(rng.uniform(low, high, shape))


def like(tree):
    return jax.tree_util.tree_map(lambda x: rand(*np.shape(x)), tree)


# (function, primal arguments, indices of the arguments to differentiate)
CASES = [
    (fc.sum_logistic, lambda: (rand(5),), (0,)),
    (fc.selu, lambda: (rand(7),), (0,)),
    (fc.branches, lambda: (rand(4) + 1.0,), (0,)),
    (fc.branches, lambda: (rand(4) * 0.1,), (0,)),
    (fc.branches, lambda: (rand(4) - 2.0,), (0,)),
    (fc.conditional_expression, lambda: (rand(3) + 1.0,), (0,)),
    (fc.conditional_expression, lambda: (rand(3) - 1.0,), (0,)),
    (fc.loop_range, lambda: (rand(4), 3), (0,)),
    (fc.loop_over_rows, lambda: (rand(3, 4),), (0,)),
    (fc.loop_enumerate_zip, lambda: (rand(4), rand(4)), (0, 1)),
    (fc.loop_enumerate_zip, lambda: (rand(4), rand(4)), (1,)),
    (fc.newton_sqrt, lambda: (jnp.float64(2.5),), (0,)),
    (fc.break_continue, lambda: (rand(6),), (0,)),
    (fc.early_return, lambda: (jnp.float64(0.7),), (0,)),
    (fc.early_return, lambda: (rand(3) + 11.0,), (0,)),
    (fc.early_return, lambda: (rand(3),), (0,)),
    (fc.calls_helper, lambda: (rand(3), rand(3)), (0, 1)),
    (fc.calls_helper, lambda: (rand(3), rand(3)), (1,)),
    (fc.uses_power, lambda: (rand(3),), (0,)),
    (fc.closure_nested, lambda: (rand(3), rand(3)), (0, 1)),
    (fc.closure_nested, lambda: (rand(3), rand(3)), (1,)),
    (fc.nested_called_by_keyword, lambda: (rand(3), rand(3)), (0, 1)),
    (fc.nested_called_by_keyword, lambda: (rand(3), rand(3)), (1,)),
    (fc.tuple_returns, lambda: (rand(3),), (0,)),
    (fc.augmented, lambda: (rand(3) + 2.0,), (0,)),
    (fc.item_updates, lambda: (rand(3),), (0,)),
    (fc.numpy_style, lambda: (rand(2, 3),), (0,)),
    (fc.mlp, lambda: ([(rand(3, 4), rand(4)), (rand(4, 2), rand(2))], rand(5, 3)), (0, 1)),
    (fc.mlp, lambda: ([(rand(3, 4), rand(4)), (rand(4, 2), rand(2))], rand(5, 3)), (0,)),
    (fc.mlp_last_layer_apart, lambda: ([(rand(4, 3), rand(4)), (rand(2, 4), rand(2))], rand(3)),
     (0, 1)),
    (fc.dict_params, lambda: ({"scale": rand(3), "shift": rand()}, rand(3)), (0,)),
    (fc.list_append, lambda: (rand(2),), (0,)),
    (fc.shapes_static, lambda: (rand(4),), (0,)),
]


def _ids():
    seen = {}
    out = []
    for fn, _, argnums in CASES:
        k = fn.__name__
        seen[k] = seen.get(k, 0) + 1
        out.append(f"{k}-{seen[k]}")
    return out


@pytest.mark.parametrize("fn, make_args, argnums", CASES, ids=_ids())
def test_jvp_matches_jax(fn, make_args, argnums):
    args = make_args()
    reference = fc.REFERENCES.get(fn, fn)

    def partial(*active):
        full = list(args)
        for i, a in zip(argnums, active):
            full[i] = a
        return reference(*full)

    active = tuple(args[i] for i in argnums)
    tangents = tuple(like(a) for a in active)
    ref, ref_dot = jax.jvp(partial, active, tangents)

    if len(argnums) == len(args):
        out, out_dot = s2s.jvp(fn, args, tangents)
    else:  # the jvp specialized to the differentiated arguments
        out, out_dot = s2s.generated(fn, "jvp", argnums)(*args, *tangents)
    for got, want in ((out, ref), (out_dot, ref_dot)):
        jax.tree_util.tree_map(
            lambda g, w: np.testing.assert_allclose(np.asarray(g), np.asarray(w),
                                                    rtol=1e-6, atol=1e-9), got, want)
        assert jax.tree_util.tree_map(np.shape, got) == jax.tree_util.tree_map(np.shape, want)


def test_integer_argument_gets_no_tangent():
    x = rand(4)
    out, out_dot = s2s.jvp(fc.loop_range, (x, 3), (jnp.ones(4), 0))
    ref, ref_dot = jax.jvp(lambda x: fc.loop_range(x, 3), (x,), (jnp.ones(4),))
    np.testing.assert_allclose(out_dot, ref_dot, rtol=1e-10)


def test_generated_code_runs_under_jit():
    f = s2s.generated(fc.selu, "jvp", argnums=0)
    x, t = rand(4), rand(4)
    eager = f(x, 1.67, 1.05, t)
    jitted = jax.jit(f)(x, 1.67, 1.05, t)
    np.testing.assert_allclose(eager[1], jitted[1], rtol=1e-12)
