"""A program's own lax control flow (lax.cond, switch, while_loop, fori_loop,
scan, map, select): s2s writes each call out as the Python statement it stands
for, so every transformation handles the bodies as source. Checked against
JAX applied to the same program (forward mode where JAX cannot reverse-
differentiate the construct: lax.while_loop, fori_loop with traced bounds)."""
import jax
import jax.numpy as jnp
import numpy as np
import pytest

import lax_cases as L
import s2s

RNG = np.random.default_rng(0)


def rand(*shape):
    return jnp.asarray(RNG.normal(size=shape), jnp.float32)


# (function, arguments, argnums, whether JAX reverse-differentiates it)
CASES = [
    (L.cond_of_lambdas, lambda: (rand(3), 0.7), (0, 1), True),
    (L.cond_of_lambdas, lambda: (-jnp.abs(rand(3)), 0.7), (0, 1), True),
    (L.cond_of_nested_functions, lambda: (rand(3), 0.9), (0, 1), True),
    (L.cond_of_nested_functions, lambda: (rand(3), 0.2), (0, 1), True),
    (L.switch_of_three, lambda: (0, rand(3)), 1, True),
    (L.switch_of_three, lambda: (2, rand(3)), 1, True),
    (L.switch_of_three, lambda: (7, rand(3)), 1, True),   # JAX clamps the index
    (L.while_with_a_pair, lambda: (jnp.abs(rand(3)),), 0, False),
    (L.fori_of_a_lambda, lambda: (rand(3),), 0, True),
    (L.fori_with_traced_bounds, lambda: (3, rand(3)), 1, False),
    (L.scan_of_rows, lambda: (rand(4) * 0.5,), 0, True),
    (L.scan_of_pairs_in_reverse, lambda: (rand(4, 3), rand(4, 3)), (0, 1), True),
    (L.scan_without_xs, lambda: (rand(3),), 0, True),
    (L.map_of_rows, lambda: (rand(4, 3),), 0, True),
    (L.select_sign, lambda: (rand(5),), 0, True),
    (L.fori_inside_a_cond, lambda: (rand(3),), 0, True),
    (L.fori_inside_a_cond, lambda: (-jnp.abs(rand(3)),), 0, True),
]
IDS = [f"{c[0].__name__}-{i}" for i, c in enumerate(CASES)]


def close(got, want):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(
        np.asarray(g), np.asarray(w), rtol=2e-4, atol=2e-5), got, want)


def reference(transform, reverse_ok):
    """JAX's transformation; forward mode where JAX's reverse mode refuses."""
    if reverse_ok:
        return getattr(jax, transform)
    return {"grad": jax.jacfwd, "jacrev": jax.jacfwd,
            "hessian": lambda f, argnums: jax.jacfwd(jax.jacfwd(f, argnums), argnums)}.get(
        transform, getattr(jax, transform))


@pytest.mark.parametrize("fn, make, argnums, reverse_ok", CASES, ids=IDS)
@pytest.mark.parametrize("transform", ["grad", "jacfwd", "jacrev", "hessian"])
def test_derivatives_match_jax(fn, make, argnums, reverse_ok, transform):
    args = make()
    got = getattr(s2s, transform)(fn, argnums=argnums)(*args)
    close(got, reference(transform, reverse_ok)(fn, argnums=argnums)(*args))


FLOAT_CASES = [c for c in CASES if all(not isinstance(a, int) for a in c[1]())]


@pytest.mark.parametrize("fn, make, argnums, reverse_ok", FLOAT_CASES,
                         ids=[f"{c[0].__name__}-{i}" for i, c in enumerate(FLOAT_CASES)])
def test_jvp_and_vjp_match_jax(fn, make, argnums, reverse_ok):
    args = tuple(jnp.asarray(a, jnp.float32) for a in make())
    tangents = tuple(jnp.full_like(a, 0.3) for a in args)
    close(s2s.jvp(fn, args, tangents), jax.jvp(fn, args, tangents))
    out, pullback = s2s.vjp(fn, *args)
    close(out, fn(*args))
    close(pullback(jnp.float32(1.0)),
          reference("grad", reverse_ok)(fn, argnums=tuple(range(len(args))))(*args))


@pytest.mark.parametrize("fn, make, argnums, reverse_ok", CASES, ids=IDS)
def test_vmap_matches_jax(fn, make, argnums, reverse_ok):
    args = make()
    k = argnums if isinstance(argnums, int) else argnums[0]
    batch = jnp.stack([jnp.asarray(args[k]) * s for s in (1.0, -0.5, 1.7)])
    in_axes = tuple(0 if j == k else None for j in range(len(args)))
    full = args[:k] + (batch,) + args[k + 1:]
    close(s2s.vmap(fn, in_axes=in_axes)(*full), jax.vmap(fn, in_axes=in_axes)(*full))


@pytest.mark.parametrize("fn, make, argnums, reverse_ok", CASES, ids=IDS)
def test_jit_and_jit_of_grad_match_jax(fn, make, argnums, reverse_ok):
    args = make()
    close(s2s.jit(fn)(*args), jax.jit(fn)(*args))
    close(s2s.jit(s2s.grad(fn, argnums=argnums))(*args),
          reference("grad", reverse_ok)(fn, argnums=argnums)(*args))


def test_a_numpy_function_as_a_switch_branch_is_jax_numpys():
    x = rand(3)
    for i in (0, 1):
        close(s2s.grad(L.switch_with_a_numpy_function, argnums=1)(i, x),
              jax.grad(lambda x: jnp.sum(jnp.sin(x) if i == 0 else jnp.cos(x)))(x))


def test_a_traced_index_of_switch_under_jit():
    x = rand(3)
    for i in (0, 1, 2, 5):
        close(s2s.jit(s2s.grad(L.switch_of_three, argnums=1))(jnp.asarray(i), x),
              jax.grad(L.switch_of_three, argnums=1)(i, x))


def test_scan_is_written_out_as_a_loop_a_student_can_read():
    text = s2s.source(L.scan_of_rows, "grad")
    assert "for i in range(steps):" in text and "stack_steps(" in text
    code = [line for line in text.splitlines() if not line.strip().startswith("#")]
    assert not any("lax." in line for line in code)


@pytest.mark.parametrize("fn, message", [
    (L.scan_body_returning_a_name, "return a pair written out"),
    (L.switch_of_a_list_held_in_a_name, "branches of lax.switch as a list"),
])
def test_forms_s2s_cannot_read_are_errors_at_the_users_line(fn, message):
    with pytest.raises(s2s.S2SError, match=message) as e:
        s2s.grad(fn, argnums=1 if fn is L.switch_of_a_list_held_in_a_name else 0)(
            *((0, rand(3)) if fn is L.switch_of_a_list_held_in_a_name else (rand(3),)))
    assert "lax_cases.py:" in str(e.value)


def test_a_scan_output_that_is_a_tuple_in_a_name_is_an_error_not_a_wrong_stack():
    with pytest.raises(s2s.S2SError, match="literal tuple") as e:
        s2s.grad(L.scan_whose_output_is_a_tuple_in_a_name)(rand(3))
    assert "lax_cases.py:" in str(e.value)
