"""Every error names the user's line: probe failures, errors raised while
transforming generated code (higher order), reverse-mode refusals; and the
fixes found on the way (default arguments under the Jacobians, lambdas that
share a line, `raise` under every transformation).
Programs: tests/cases/error_location_cases.py."""
import os
import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import error_location_cases as lc
import s2s
from s2s import errors

CASES_FILE = os.path.realpath(lc.__file__.replace(".pyc", ".py"))
x3 = jnp.array([0.3, -0.7, 1.1])


def marker_line(name):
    with open(CASES_FILE) as f:
        found = [i for i, line in enumerate(f, 1) if line.rstrip().endswith(f"# <- {name}")]
    assert len(found) == 1, name
    return found[0]


def assert_user_located(e, marker=None):
    """The error cites the cases file (a line, never `?`), and no generated code."""
    assert isinstance(e, s2s.S2SError)
    text = str(e)
    assert os.path.realpath(e.filename) == CASES_FILE, text
    assert e.lineno is not None, text
    if marker is not None:
        assert e.lineno == marker_line(marker), text
    assert ":?:" not in text and "<s2s" not in text, text
    assert not re.search(r"\w_probe\b", text), text
    assert "s2s/" not in text.replace(os.sep, "/").replace(CASES_FILE, ""), text


# -- 1. probe failures ---------------------------------------------------------------


@pytest.mark.parametrize("transform", [s2s.jacfwd, s2s.jacrev, s2s.hessian])
def test_jacobians_of_a_function_with_defaults_match_jax(transform):
    name = transform.__name__
    # (s2s's Hessian is for a scalar function: only the scalar x there)
    for x in (jnp.float64(0.4),) + ((x3,) if name != "hessian" else ()):
        got = transform(lc.with_default)(x)
        want = getattr(jax, name)(lc.with_default)(x)
        np.testing.assert_allclose(got, want, rtol=1e-12)
        # a default given explicitly
        np.testing.assert_allclose(transform(lc.with_default)(x, 3.0),
                                   getattr(jax, name)(lc.with_default)(x, 3.0), rtol=1e-12)
    # several defaults, two arguments differentiated
    got = transform(lc.two_defaults, argnums=(0, 1))(x3, x3 + 1.0)
    want = getattr(jax, name)(lc.two_defaults, argnums=(0, 1))(x3, x3 + 1.0)
    jax.tree_util.tree_map(lambda a, b: np.testing.assert_allclose(a, b, rtol=1e-12),
                           got, want)


@pytest.mark.parametrize("transform, x, what", [
    (s2s.vmap, jnp.ones((2, 3)), "`bad_shape`"),
    (s2s.jacrev, x3, "`bad_shape`"),
    (s2s.jacfwd, x3, "the jvp of `bad_shape`"),
    (s2s.hessian, x3, "`bad_shape`"),
])
def test_probe_failure_names_the_users_line(transform, x, what):
    with pytest.raises(s2s.S2SError) as info:
        transform(lc.bad_shape)(x)
    e = info.value
    assert_user_located(e, "bad shape")
    assert what in e.message, e.message
    assert "float64[3]" in e.message and "dot_general" in e.message
    assert "shapes" in e.hint
    assert "jnp.dot(y, jnp.ones(5))" in str(e)   # the caret shows the user's line


def test_probe_failure_in_a_callee_names_the_callees_line():
    with pytest.raises(s2s.S2SError) as info:
        s2s.vmap(lc.calls_bad_shape)(jnp.ones((2, 3)))
    assert_user_located(info.value, "bad shape")


# -- 2. errors while transforming generated code --------------------------------------


@pytest.mark.parametrize("transform", [
    lambda lib: lib.grad(lib.grad(lc.calls_product))(0.5),
    lambda lib: lib.jvp(lib.grad(lc.calls_product), (x3,), (x3,)),
    lambda lib: lib.hessian(lc.calls_product)(x3),
    lambda lib: lib.jacfwd(lib.grad(lc.product))(x3),
])
def test_higher_order_derivatives_through_a_runtime_helper(transform):
    """These were refused (prod's rules call runtime.prod_others, whose source
    s2s could not transform); they now go through its source, as JAX's."""
    jax.tree_util.tree_map(lambda a, b: np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12),
                           transform(s2s), transform(jax))


def test_source_map_leads_generated_lines_to_the_users():
    """Every line of generated code, and of code generated from it, maps to
    the user's file; an S2SError placed in generated code is reported there."""
    first = s2s.generated(lc.two_defaults, "jvp", argnums=0)
    grad = s2s.grad(lc.two_defaults)
    grad(x3, x3)
    second = s2s.generated(grad.generated().function, "jvp", argnums=0)
    for fn in (first, second):
        filename = fn.__code__.co_filename
        assert filename.startswith("<s2s-") and filename in errors.SOURCE_MAP
        lines = len(s2s.source(fn).splitlines())
        for line in range(2, lines + 2):   # the def is line 2 of the compiled wrapper
            where = errors.origin(filename, line)
            assert os.path.realpath(where[0]) == CASES_FILE
            assert where[1] in range(lc.two_defaults.__code__.co_firstlineno,
                                     lc.two_defaults.__code__.co_firstlineno + 2)
        e = s2s.S2SError("somewhere", filename, 3, 8)
        assert os.path.realpath(e.filename) == CASES_FILE and ":?:" not in str(e)
        e = s2s.S2SError("no line", filename)   # the function's own line, not `?`
        assert e.lineno == lc.two_defaults.__code__.co_firstlineno



@pytest.mark.parametrize("call", [
    lambda: s2s.grad(lc.bad_shape)(x3),
    lambda: s2s.jvp(lc.bad_shape, (x3,), (x3,)),
    lambda: s2s.vjp(lc.calls_bad_shape, x3),
], ids=["grad", "jvp", "vjp"])
def test_an_exception_in_generated_code_notes_the_users_line(call):
    with pytest.raises(TypeError) as e:
        call()
    [note] = [n for n in getattr(e.value, "__notes__", []) if n.startswith("s2s:")]
    assert "raised in generated code (<s2s-" in note
    assert f"{CASES_FILE}:{marker_line('bad shape')}" in note.replace(lc.__file__, CASES_FILE)


def soft_norm(x, y):
    h = jnp.tanh(x * y)
    return jnp.sum(h * h)


@pytest.mark.parametrize("make", [
    lambda: s2s.source(s2s.hessian(lc.two_defaults), example_args=(x3, x3)),
    lambda: s2s.source(s2s.vmap(s2s.grad(soft_norm)), example_args=(jnp.ones((2, 3)),
                                                                    jnp.ones((2, 3)))),
    lambda: s2s.source(s2s.jacrev(soft_norm), example_args=(x3, x3)),
], ids=["hessian", "vmap_of_grad", "jacrev"])
def test_composed_code_comments_with_the_users_lines_only(make):
    text = make()
    comments = [line.strip() for line in text.splitlines() if line.strip().startswith("# ")]
    users = ("# error_location_cases.py:", "# test_error_locations.py:")
    assert comments and all(c.startswith(users) for c in comments), text


# -- 3. reverse mode without a rule hands the operation to JAX, under the user's line ---


@pytest.mark.parametrize("fn, marker, call", [
    (lc.takes_a_gradient, "gradient", "vjp_by_jax(jnp.gradient, (x,), (True,)"),
    (lc.inserts, "insert", "vjp_by_jax(jnp.insert, (x, 1, 2.0), (True, False, False)"),
])
def test_no_reverse_rule_hands_the_operation_to_jax(fn, marker, call):
    """(Such operations were refused, naming the operation; s2s/by_jax.py now does
    them. jnp.sort, x.astype and jnp.unwrap, earlier examples, have rules of their own now.)"""
    np.testing.assert_allclose(s2s.grad(fn)(x3), jax.grad(fn)(x3), rtol=1e-6)
    lines = s2s.source(fn, "grad").splitlines()
    at = next(i for i, line in enumerate(lines) if call in line)
    comment = next(line for line in reversed(lines[:at]) if line.strip().startswith("# "))
    assert f"# <- {marker}" in comment


# -- 4. lambdas sharing a line ---------------------------------------------------------


def test_lambdas_sharing_a_line():
    x = 0.7
    np.testing.assert_allclose(s2s.grad(lc.PAIR[0])(x), jax.grad(lc.PAIR[0])(x))
    np.testing.assert_allclose(s2s.grad(lc.PAIR[1])(x), jax.grad(lc.PAIR[1])(x))
    np.testing.assert_allclose(s2s.grad(lc.TABLE["a"][0])(x3), jax.grad(lc.TABLE["a"][0])(x3))
    assert s2s.jvp(lc.TABLE["a"][1], (), ())[0] == (lc.V,)
    # a lambda written across lines inside a dict, beside another one
    np.testing.assert_allclose(s2s.grad(lc.TABLE["b"][0])(x), jax.grad(lc.TABLE["b"][0])(x))
    np.testing.assert_allclose(s2s.grad(lc.TABLE["b"][1])(x), 1.0)
    assert "* 2.0" in s2s.source(lc.PAIR[0], "jvp")
    assert "jnp.cos" in s2s.source(lc.PAIR[1], "jvp")


# -- 5. raise under every transformation ---------------------------------------------------

TRANSFORMS = {
    "jvp": lambda f, x: s2s.jvp(f, (x,), (jnp.ones_like(x),))[1],
    "grad": lambda f, x: s2s.grad(f)(x),
    "vmap": lambda f, x: s2s.vmap(f)(jnp.stack([x, 2.0 * x])),
    "jacfwd": lambda f, x: s2s.jacfwd(f)(x),
    "jacrev": lambda f, x: s2s.jacrev(f)(x),
    "hessian": lambda f, x: s2s.hessian(f)(x),
}
JAX = {
    "jvp": lambda f, x: jax.jvp(f, (x,), (jnp.ones_like(x),))[1],
    "grad": lambda f, x: jax.grad(f)(x),
    "vmap": lambda f, x: jax.vmap(f)(jnp.stack([x, 2.0 * x])),
    "jacfwd": lambda f, x: jax.jacfwd(f)(x),
    "jacrev": lambda f, x: jax.jacrev(f)(x),
    "hessian": lambda f, x: jax.hessian(f)(x),
}


@pytest.mark.parametrize("name", sorted(TRANSFORMS))
@pytest.mark.parametrize("fn", [lc.raises, lc.raises_class])
def test_raise_works_in_every_transformation(name, fn):
    np.testing.assert_allclose(TRANSFORMS[name](fn, x3), JAX[name](fn, x3), rtol=1e-12)
    with pytest.raises(ValueError) as info:
        TRANSFORMS[name](fn, jnp.ones(11))
    assert not isinstance(info.value, s2s.S2SError)
    if fn is lc.raises:
        assert str(info.value) == "too long"


@pytest.mark.parametrize("name", ["jvp", "grad", "jacfwd", "jacrev", "hessian"])
def test_raise_on_a_value_works_where_the_value_is_known(name):
    np.testing.assert_allclose(TRANSFORMS[name](lc.raises_on_value, x3),
                               JAX[name](lc.raises_on_value, x3), rtol=1e-12)


def test_raise_on_a_value_that_differs_between_examples_is_refused():
    with pytest.raises(s2s.S2SError) as info:
        s2s.vmap(lc.raises_on_value)(jnp.ones((2, 3)))
    assert_user_located(info.value, "batched raise")
    assert "`raise`" in info.value.message and info.value.hint
