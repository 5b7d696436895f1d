"""Python lists and dicts (issue 8): item assignment, concatenation, dict
iteration and `.at[i].min/max/multiply` checked against JAX in every
transformation; mutation through a second name refused with an S2SError at
the user's line; the common correct patterns left alone."""
import os
import zlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import container_cases as cc
import s2s
from s2s.errors import S2SError

RTOL, ATOL = 1e-9, 1e-12
CASES_FILE = os.path.abspath(cc.__file__)


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()))


def vector(rng, *shape):
    return jnp.asarray(rng.uniform(-1.0, 1.0, shape))


def argument(name, batch=None, sizes=(3, 2)):
    rng = rng_for(name)
    lead = () if batch is None else (batch,)
    if name in cc.DICT_ARGUMENT:
        return {"a": vector(rng, *lead, sizes[0]), "b": vector(rng, *lead, sizes[1])}
    return vector(rng, *lead, 3)


def close(got, want):
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree, f"structure {got_tree} != {want_tree}"
    for g, w in zip(got_leaves, want_leaves):
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape, f"shape {g.shape} != {w.shape}"
        np.testing.assert_allclose(g, w, rtol=RTOL, atol=ATOL)


def tangent_like(tree, name):
    rng = rng_for(name + "/tangent")
    return jax.tree_util.tree_map(lambda a: vector(rng, *np.shape(a)), tree)


# Every transformation: (name, s2s result, JAX result) for a function and one argument.
def _grad(s, f, x):
    return s.grad(f)(x)


def _vjp(s, f, x):
    out, pullback = s.vjp(f, x)
    return out, pullback(jnp.ones_like(out))


def _jvp(s, f, x):
    return s.jvp(f, (x,), (tangent_like(x, f.__name__),))


def _jacfwd(s, f, x):
    return s.jacfwd(f)(x)


def _jacrev(s, f, x):
    return s.jacrev(f)(x)


def _hessian(s, f, x):
    return s.hessian(f)(x)


def _jvp_of_grad(s, f, x):
    return s.jvp(s.grad(f), (x,), (tangent_like(x, f.__name__),))


def _jit_grad(s, f, x):
    return jax.jit(s.grad(f))(x)


TRANSFORMS = {"grad": _grad, "vjp": _vjp, "jvp": _jvp, "jacfwd": _jacfwd, "jacrev": _jacrev,
              "hessian": _hessian, "jvp_of_grad": _jvp_of_grad, "jit_grad": _jit_grad}


class _JaxNames:
    grad, vjp, jvp = staticmethod(jax.grad), staticmethod(jax.vjp), staticmethod(jax.jvp)
    jacfwd, jacrev, hessian = (staticmethod(jax.jacfwd), staticmethod(jax.jacrev),
                               staticmethod(jax.hessian))


KNOWN = {}   # (case, transformation) -> pytest mark, for a known failure
# Batched transformations (jacrev, hessian) need one shape per loop variable.
BATCHED = {"jacrev", "hessian"}


def cases(transforms):
    return [pytest.param(n, t, marks=KNOWN.get((n, t), ()), id=f"{n}-{t}")
            for n in sorted(cc.CASES) for t in transforms]


@pytest.mark.parametrize("name, transform", cases(sorted(TRANSFORMS)))
def test_case_matches_jax(name, transform):
    f = cc.CASES[name]
    x = argument(name, sizes=(3, 3) if transform in BATCHED else (3, 2))
    run = TRANSFORMS[transform]
    close(run(s2s, f, x), run(_JaxNames, f, x))


@pytest.mark.parametrize("name", sorted(cc.CASES))
def test_case_vmap_matches_jax(name):
    f, xs = cc.CASES[name], argument(name, batch=4)
    close(s2s.vmap(f)(xs), jax.vmap(f)(xs))
    # (vmap of a gradient needs one shape per loop variable: the dict's leaves agree)
    xs = argument(name, batch=4, sizes=(3, 3))
    close(s2s.vmap(s2s.grad(f))(xs), jax.vmap(jax.grad(f))(xs))


# Cases that also take a scalar: grad of grad.
SCALAR = sorted(n for n in cc.CASES if n.startswith(("list_", "dict_item", "dict_display")))


@pytest.mark.parametrize("name", [pytest.param(n, marks=KNOWN.get((n, "grad_of_grad"), ()))
                                  for n in SCALAR])
def test_case_grad_of_grad_matches_jax(name):
    f = cc.CASES[name]
    x = jnp.asarray(0.3 + 0.1 * len(name) % 0.5)
    close(s2s.grad(s2s.grad(f))(x), jax.grad(jax.grad(f))(x))


# -- refusals --------------------------------------------------------------------------

REFUSING = {
    "grad": lambda f, x: s2s.grad(f)(x),
    "vjp": lambda f, x: s2s.vjp(f, x),
    "jvp": lambda f, x: s2s.jvp(f, (x,), (x,)),
    "vmap": lambda f, x: s2s.vmap(f)(jnp.stack([x, x])),
    "jacfwd": lambda f, x: s2s.jacfwd(f)(x),
    "jacrev": lambda f, x: s2s.jacrev(f)(x),
    "hessian": lambda f, x: s2s.hessian(f)(x),
}


@pytest.mark.parametrize("transform", sorted(REFUSING))
@pytest.mark.parametrize("name", sorted(cc.ALIASED))
def test_mutation_through_an_alias_is_refused(name, transform):
    f, x = cc.ALIASED[name], argument(name)
    with pytest.raises(S2SError) as info:
        REFUSING[transform](f, x)
    err = info.value
    assert os.path.abspath(err.filename) == CASES_FILE
    assert err.lineno is not None and err.hint
    assert "mutat" in err.message or "alias" in err.message


def test_refusal_names_the_line_and_the_fix():
    with pytest.raises(S2SError) as info:
        s2s.grad(cc.alias_append)(1.0)
    err = info.value
    lines = open(CASES_FILE).read().splitlines()
    assert lines[err.lineno - 1].strip() == "b.append(2.0 * x)"
    assert "b = list(a)" in err.hint or "copy" in err.hint


def test_helper_refusal_points_at_the_call():
    with pytest.raises(S2SError) as info:
        s2s.grad(cc.helper_append)(1.0)
    err = info.value
    lines = open(CASES_FILE).read().splitlines()
    assert lines[err.lineno - 1].strip() == "record(a, 2.0 * x)"
    assert "record" in err.message and "return the new list" in err.hint


@pytest.mark.parametrize("name", sorted(cc.SAFE))
def test_correct_patterns_are_left_alone(name):
    f, x = cc.SAFE[name], argument(name)
    close(s2s.grad(f)(x), jax.grad(f)(x))
    t = tangent_like(x, name)
    close(s2s.jvp(f, (x,), (t,)), jax.jvp(f, (x,), (t,)))
    out, pullback = s2s.vjp(f, x)
    ref, ref_pullback = jax.vjp(f, x)
    close((out, pullback(1.0)), (ref, ref_pullback(1.0)))
    xs = argument(name, batch=3)
    close(s2s.vmap(f)(xs), jax.vmap(f)(xs))


def test_second_order_through_a_dict_built_over_pairs():
    """The key read back from the tape takes two values ('a', 'b'): the probe
    saw it vary, and the batch pass indexed the batched cotangent dict with a
    slice (TypeError: unhashable type: 'slice'). A string that varies is a dict
    key (probe_record.KEY)."""
    f = cc.dict_built_over_pairs
    x = jnp.array([0.3, -0.7, 1.1])
    close(s2s.hessian(f)(x), jax.hessian(f)(x))
    xs = jnp.stack([x, 2.0 * x])
    close(s2s.vmap(s2s.grad(f))(xs), jax.vmap(jax.grad(f))(xs))
