"""List and dict comprehensions, generator expressions, the builtin `sum` and a
dict's `.keys()`, `.values()` and `.items()` (issue 11, item 5): normalize
writes each out as the loop it stands for, so
every transformation handles it with the rules it has for loops. Checked
against JAX."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import comprehension_cases as C
import s2s

XS = jnp.array([[0.3, -0.7, 1.1], [0.5, 0.2, -0.4], [1.3, -0.1, 0.6]])
CASES = [C.squares_of_positive_rows, C.sum_of_a_generator, C.sum_with_a_start,
         C.pairs_of_two_generators, C.dict_of_scaled, C.variable_used_elsewhere,
         C.layers_as_a_comprehension, C.comprehension_in_a_loop, C.dict_methods]
IDS = [f.__name__ for f in CASES]


def close(got, want):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=1e-5, atol=1e-6), got, want)


def arg(fn):
    return XS[0] if fn in (C.pairs_of_two_generators, C.dict_of_scaled,
                           C.layers_as_a_comprehension, C.dict_methods) else XS


# A filter on a value makes a list whose length depends on the data: Python runs
# it (so do s2s's eager transformations), but no jit or vmap can (JAX's neither).
DATA_LENGTH = [C.squares_of_positive_rows]
@pytest.mark.parametrize("fn", CASES, ids=IDS)
def test_values_and_gradients_match_jax(fn):
    x = arg(fn)
    close(s2s.grad(fn)(x), jax.grad(fn)(x))
    close(s2s.jvp(fn, (x,), (jnp.ones_like(x),)), jax.jvp(fn, (x,), (jnp.ones_like(x),)))
    if fn not in DATA_LENGTH:
        close(s2s.jit(s2s.grad(fn))(x), jax.grad(fn)(x))


@pytest.mark.parametrize("fn", [f for f in CASES if f not in DATA_LENGTH],
                         ids=[i for f, i in zip(CASES, IDS) if f not in DATA_LENGTH])
def test_batched_and_second_order_match_jax(fn):
    x = arg(fn)
    batch = jnp.stack([x, x * 0.5 + 0.1])
    close(s2s.vmap(fn)(batch), jax.vmap(fn)(batch))
    close(s2s.hessian(fn)(x), jax.hessian(fn)(x))


def test_a_comprehension_reads_as_its_loop():
    text = s2s.source(C.squares_of_positive_rows, "jvp")
    assert "ys = []" in text
    assert "for x, x_dot in zip(xs, xs_dot):" in text
    assert "ys.append(mul)" in text


def test_a_comprehension_variable_used_elsewhere_gets_its_own_name():
    text = s2s.source(C.variable_used_elsewhere, "jvp")
    assert "for x_1, x_1_dot in zip(xs, xs_dot):" in text


def test_builtin_sum_reads_as_its_loop():
    text = s2s.source(C.sum_of_a_generator, "jvp")
    assert "total = 0" in text and "total = total + item" in text


def test_set_comprehensions_are_still_refused():
    def f(x):
        return {v for v in x}
    with pytest.raises(s2s.S2SError, match="set comprehensions"):
        s2s.grad(f)(XS[0])
