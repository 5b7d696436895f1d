"""s2s.jit: Python control flow on traced values runs under jit (converted to
lax), against the eager program and JAX, at random float64 inputs."""
import os
import subprocess
import sys
import zlib

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import jit_cases as jc
import s2s

RTOL, ATOL = 1e-9, 1e-12


def rng_for(name):
    return np.random.RandomState(zlib.crc32(name.encode()))


def U(rng, *shape, lo=-1.0, hi=1.0):
    return jnp.asarray(rng.uniform(lo, hi, shape))


def close(got, want, rtol=RTOL, atol=ATOL):
    jax.tree_util.tree_map(lambda g, w: np.testing.assert_allclose(g, w, rtol=rtol, atol=atol),
                           got, want)


def primitives(fn, *args, static_argnums=()):
    """The names of the primitives in fn's jaxpr, nested bodies included."""
    from jax.extend.core import jaxprs_in_params
    found = set()

    def visit(jaxpr):
        for eqn in jaxpr.eqns:
            found.add(eqn.primitive.name)
            for sub in jaxprs_in_params(eqn.params):
                visit(sub)
    visit(jax.make_jaxpr(fn, static_argnums=static_argnums)(*args).jaxpr)
    return found


# (case, argument makers: each call exercises a different path)
CASES = [
    (jc.branch, [lambda r: (U(r, 4, lo=0.1),), lambda r: (U(r, 4, lo=-1.0, hi=-0.1),)]),
    (jc.early_return, [lambda r: (U(r, lo=0.1),), lambda r: (U(r, lo=-1.0, hi=-0.1),)]),
    (jc.newton_sqrt, [lambda r: (U(r, lo=0.5, hi=4.0),)]),
    (jc.rows, [lambda r: (U(r, 5, 3),)]),
    (jc.nested_loops, [lambda r: (U(r, 3, lo=0.2, hi=1.0),)]),
    (jc.break_continue, [lambda r: (U(r, 3, lo=0.1, hi=1.0),), lambda r: (U(r, 3, lo=1.0, hi=2.0),)]),
    (jc.int_carry, [lambda r: (U(r, 4),)]),
    (jc.long_loop, [lambda r: (U(r, 3),)]),
    (jc.calls_helper, [lambda r: (U(r, lo=1.5, hi=3.0),), lambda r: (U(r, lo=-0.5, hi=0.5),)]),
    (jc.break_in_a_python_loop, [lambda r: (U(r, 2, lo=0.0, hi=0.3),), lambda r: (U(r, 2, lo=1.0, hi=2.0),)]),
    (jc.break_in_a_counted_while, [lambda r: (U(r, 2, lo=0.0, hi=0.3),), lambda r: (U(r, 2, lo=1.0, hi=2.0),)]),
    (jc.and_of_atoms_in_a_while, [lambda r: (U(r, lo=0.3, hi=0.6),), lambda r: (U(r, lo=4.0, hi=9.0),)]),
    (jc.loss_with_clip, [lambda r: (U(r, 3, 2), U(r, 4, 3), U(r, 4, 2)),
                         lambda r: (U(r, 3, 2) * 0.01, U(r, 4, 3) * 0.01, U(r, 4, 2) * 0.01)]),
]


@pytest.mark.parametrize("fn, makers", CASES, ids=[f.__name__ for f, _ in CASES])
def test_jit_matches_the_eager_program(fn, makers):
    jitted = s2s.jit(fn)
    for k, make in enumerate(makers):
        args = make(rng_for(f"{fn.__name__}{k}"))
        close(jitted(*args), fn(*args))


@pytest.mark.parametrize("fn", [jc.branch, jc.early_return, jc.newton_sqrt, jc.rows,
                                jc.break_continue, jc.calls_helper],
                         ids=lambda f: f.__name__)
def test_jax_jit_refuses_what_s2s_jit_runs(fn):
    args = CASES[[f for f, _ in CASES].index(fn)][1][0](rng_for(fn.__name__))
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(fn)(*args)
    close(s2s.jit(fn)(*args), fn(*args))


def test_traced_control_flow_becomes_lax():
    x = jnp.ones(3)
    assert "cond" in primitives(s2s.jit(jc.branch), x)
    assert "while" in primitives(s2s.jit(jc.newton_sqrt), 2.0)
    # a counted loop with a traced trip count is a fori_loop (a while in the jaxpr)
    assert "while" in primitives(s2s.jit(jc.counted), 2.0, 7)


def test_counted_loops_unroll_when_short_and_loop_when_long():
    x = jnp.ones(3)
    short = primitives(s2s.jit(jc.counted, static_argnums=1), 2.0, 5, static_argnums=1)
    assert not {"while", "scan"} & short
    assert {"while", "scan"} & primitives(s2s.jit(jc.long_loop), x)
    close(s2s.jit(jc.counted, static_argnums=1)(2.0, 5), jc.counted(2.0, 5))
    # unroll= moves the threshold
    assert {"while", "scan"} & primitives(s2s.jit(jc.counted, static_argnums=1, unroll=2),
                                          2.0, 5, static_argnums=1)


def test_compile_size_is_flat_in_the_trip_count():
    def sizes(n):
        def f(x):
            acc = x
            for i in range(n):
                acc = jnp.sin(acc) + 0.5
            return acc
        return len(jax.make_jaxpr(s2s.jit(f))(1.0).jaxpr.eqns)
    assert sizes(100) == sizes(10000)


def test_static_arguments_pick_their_branch_in_python():
    x = U(rng_for("static"), 3)
    by_num = s2s.jit(jc.static_flag, static_argnums=1)
    by_name = s2s.jit(jc.static_flag, static_argnames="square")
    for square in (True, False):
        close(by_num(x, square), jc.static_flag(x, square))
        close(by_name(x, square=square), jc.static_flag(x, square))
    assert "if square:" in s2s.source(by_num)   # static: stays a Python `if`
    assert "if_else" not in s2s.source(by_num)


def test_decorator_forms_and_lower():
    @s2s.jit
    def f(x):
        if x > 0:
            x = x * 2.0
        return x

    @s2s.jit(static_argnums=(1,))
    def g(x, n):
        return x * n

    assert float(f(2.0)) == 4.0 and float(f(-2.0)) == -2.0
    assert float(g(2.0, 3)) == 6.0
    assert "stablehlo" in f.lower(1.0).as_text() or "func" in f.lower(1.0).as_text()
    assert s2s.jit(f) is f


def test_carries_are_promoted_to_one_dtype():
    x = jnp.arange(4.0)
    # total = 0 (an int) then total + x[k] (a float): carried as a float
    close(s2s.jit(jc.int_carry)(x), jc.int_carry(x))
    out = s2s.jit(jc.counted)(jnp.float32(2.0), 40)
    assert out.dtype == jnp.float32 and float(out) == float(jc.counted(2.0, 40))


# -- compositions ------------------------------------------------------------------------

def test_seed_composition_third_derivative():
    f = s2s.grad(s2s.jit(s2s.grad(s2s.jit(s2s.grad(jc.sum_logistic)))))
    assert abs(float(f(1.0)) - (-0.0353256)) < 1e-6
    assert isinstance(f, type(s2s.jit(jc.sum_logistic)))   # it stays compiled


@pytest.mark.parametrize("fn, args", [
    (jc.early_return, (0.7,)), (jc.early_return, (-0.7,)),
    (jc.newton_sqrt, (2.0,)), (jc.rows, (np.arange(6.0).reshape(3, 2) - 2.0,)),
    (jc.long_loop, (np.linspace(-1.0, 1.0, 3),)),
    (jc.loss_with_clip, (np.full((3, 2), 0.3), np.full((4, 3), 0.5), np.zeros((4, 2)))),
    (jc.calls_helper, (2.0,)),
], ids=["early_pos", "early_neg", "newton", "rows", "long_loop", "clip", "helper"])
def test_jit_of_grad_matches_eager_grad(fn, args):
    args = [jnp.asarray(a) for a in args]
    want = s2s.grad(fn)(*args)
    close(s2s.jit(s2s.grad(fn))(*args), want)
    close(s2s.grad(s2s.jit(fn))(*args), want)


def test_jit_of_grad_through_a_traced_while_records_a_bounded_tape():
    # jax.grad of a lax.while_loop is refused by JAX; s2s records each step
    for a in (0.3, 2.0, 9.0):
        close(s2s.jit(s2s.grad(jc.newton_sqrt))(a), s2s.grad(jc.newton_sqrt)(a))
    x = jnp.asarray([0.3, 0.5, 0.9])
    for fn in (jc.nested_loops, jc.break_continue):
        close(s2s.jit(s2s.grad(fn))(x), s2s.grad(fn)(x))
    assert "while" in primitives(s2s.jit(s2s.grad(jc.newton_sqrt)), 2.0)


def test_grad_through_a_break_on_a_traced_value():
    for x in (jnp.array([0.1, 0.2]), jnp.array([1.0, 2.0])):
        close(s2s.jit(s2s.grad(jc.break_in_a_counted_while))(x),
              s2s.grad(jc.break_in_a_counted_while)(x))
        # a short `for` whose tape grows on the path that goes on only (make
        # fuzz seed 0 program 84: it was refused, "different structures"):
        # a `while` on the flag, recording one tape item per step
        close(s2s.jit(s2s.grad(jc.break_in_a_python_loop))(x),
              s2s.grad(jc.break_in_a_python_loop)(x))
    jitted = s2s.jit(s2s.grad(jc.break_in_a_python_loop))
    assert "while" in primitives(jitted, jnp.array([0.1, 0.2]))


@pytest.mark.parametrize("s", (0.3, 0.9, 2.0))
def test_jit_of_grad_through_a_break_in_a_lax_loop(s):
    x = jnp.array([0.1, 0.4, 0.7])
    grad = s2s.jit(s2s.grad(jc.break_in_a_lax_loop, argnums=(0, 1)), unroll=0)
    close(grad(x, s), jax.grad(jc.break_in_a_lax_loop, argnums=(0, 1))(x, s))
    assert "while" in primitives(grad, x, s)


def test_jit_of_grad_through_a_list_appended_in_a_lax_loop():
    x = jnp.array([0.1, -0.4, 0.7])
    grad = s2s.jit(s2s.grad(jc.list_appended_in_a_lax_loop, argnums=(0, 1)), unroll=0)
    close(grad(x, 0.8), jax.grad(jc.list_appended_in_a_lax_loop, argnums=(0, 1))(x, 0.8))
    assert "scan" in primitives(grad, x, 0.8)


@pytest.mark.parametrize("c", (0.5, -0.5))
def test_jit_of_grad_through_a_return_on_a_constant_under_a_traced_if(c):
    x = jnp.array([0.1, 0.2, 0.3, 0.4])
    fn = jc.return_on_a_constant_in_a_loop_under_a_traced_if
    grad = s2s.jit(s2s.grad(fn, argnums=(1, 2, 3)), static_argnums=(0,))
    close(grad(0, 0.3, c, x), jax.grad(fn, argnums=(1, 2, 3))(0, 0.3, c, x))


def test_jit_of_grad_through_a_list_a_scan_recorded_then_taken_apart():
    fn, x = jc.list_recorded_by_a_scan_then_taken_apart, jnp.array([0.1, -0.4, 0.7, 0.2])
    grad = s2s.jit(s2s.grad(fn, argnums=(0, 1, 2)), unroll=0)
    close(grad(0.3, 0.5, x), jax.grad(fn, argnums=(0, 1, 2))(0.3, 0.5, x))


@pytest.mark.parametrize("fn", [jc.name_first_set_in_a_lax_loop_with_a_tape,
                                jc.trajectory_read_at_its_last_item])
def test_jit_of_grad_through_lists_a_lax_loop_grows(fn):
    x = jnp.array([0.1, -0.4, 0.7])
    for jitted in (s2s.jit(s2s.grad(fn, argnums=(0, 1)), unroll=0),
                   s2s.grad(s2s.jit(fn, unroll=0), argnums=(0, 1))):
        close(jitted(x, 0.8), jax.grad(fn, argnums=(0, 1))(x, 0.8))
    close(s2s.jit(fn, unroll=0)(x, 0.8), fn(x, 0.8))


def test_jnp_array_of_a_list_a_lax_loop_appended_to():
    x, fn = jnp.array([0.1, -0.4, 0.7]), jc.trajectory_made_an_array
    close(s2s.jit(fn, unroll=0)(x, 0.3), fn(x, 0.3))
    for jitted in (s2s.grad(fn, argnums=(0, 1)), s2s.jit(s2s.grad(fn, argnums=(0, 1))),
                   s2s.jit(s2s.grad(fn, argnums=(0, 1)), unroll=0),
                   s2s.grad(s2s.jit(fn, unroll=0), argnums=(0, 1))):
        close(jitted(x, 0.3), jax.grad(fn, argnums=(0, 1))(x, 0.3))
    assert "scan" in primitives(s2s.jit(s2s.grad(fn), unroll=0), x, 0.3)
    xs = jnp.stack([x, 2.0 * x])
    close(s2s.vmap(s2s.grad(fn), in_axes=(0, None))(xs, 0.3),
          jax.vmap(jax.grad(fn), in_axes=(0, None))(xs, 0.3))
    for name in ("jacrev", "hessian"):
        close(getattr(s2s, name)(fn)(x, 0.3), getattr(jax, name)(fn)(x, 0.3))


@pytest.mark.parametrize("x", ([0.5, 2.0], [1.5, 6.0], [-0.5, -2.0]))
@pytest.mark.parametrize("unroll", (32, 0))
def test_a_return_under_a_traced_test_in_a_loop(x, unroll):
    x, fn = jnp.array(x), jc.return_under_a_traced_test_in_a_loop
    close(s2s.jit(fn, unroll=unroll)(x), fn(x))


def test_jit_of_grad_through_nested_traced_whiles():
    g, y = jnp.array([0.3, 0.5]), jnp.array([0.1, -0.2, 0.4])
    close(s2s.jit(s2s.grad(jc.nested_traced_whiles, argnums=(0, 1)))(g, y),
          s2s.grad(jc.nested_traced_whiles, argnums=(0, 1))(g, y))


@pytest.mark.parametrize("c, n", [(0.5, 3), (-0.5, 2), (-0.5, 3)])
def test_jit_of_grad_with_a_static_test_inside_a_traced_if(c, n):
    x = jnp.array([0.1, 0.2, 0.3, 0.4])
    grad = s2s.grad(jc.static_test_inside_a_traced_if, argnums=(0, 1))
    close(s2s.jit(grad, static_argnums=(2,))(x, c, n), grad(x, c, n))
    for xs in (x, x * 4.0):
        grad = s2s.grad(jc.static_parity_test_inside_a_traced_if, argnums=(0, 1))
        close(s2s.jit(grad, static_argnums=(2,))(xs, c, n), grad(xs, c, n))


def test_jit_of_grad_through_a_constant_continue_in_a_traced_while():
    x = jnp.array([0.1, 0.2, 0.3])
    grad = s2s.grad(jc.constant_continue_in_a_traced_while, argnums=(0, 1))
    close(s2s.jit(grad)(x, 0.5), grad(x, 0.5))


@pytest.mark.parametrize("x", ([0.6, -1.0, 0.3, 0.4], [0.6, 1.0, 0.3, 0.4]))
def test_jit_of_grad_through_a_test_that_becomes_traced_in_a_loop_with_a_break(x):
    grad = s2s.grad(jc.if_that_becomes_traced_in_a_loop_with_a_break, argnums=(0, 1))
    close(s2s.jit(grad)(jnp.array(x), 0.5), grad(jnp.array(x), 0.5))
    close(s2s.jit(grad)(jnp.array(x), 0.5), jax.grad(jc.if_that_becomes_traced_in_a_loop_with_a_break, argnums=(0, 1))(jnp.array(x), 0.5))


@pytest.mark.parametrize("n", (0, 1, 4))
def test_jit_of_grad_through_a_counted_loop_of_a_traced_length(n):
    x = jnp.array([0.1, -0.4, 0.8])
    grad = s2s.grad(jc.counted_loop_of_a_traced_length, argnums=1)
    close(s2s.jit(grad)(jnp.asarray(n), x), grad(n, x))


def test_jit_of_grad_through_a_break_on_a_constant():
    x = jnp.array([0.1, 0.2, 0.3, 0.4])
    grad = s2s.grad(jc.break_on_a_constant_in_a_python_loop)
    close(s2s.jit(grad)(x), grad(x))
    assert "while" not in primitives(s2s.jit(grad), x)   # (the loop stays Python)


@pytest.mark.parametrize("c, n", [(0.5, 3), (-0.5, 2), (-0.5, 3), (0.5, 2)])
def test_jit_of_grad_with_a_static_test_in_a_recorded_loop(c, n):
    x = jnp.array([0.1, 0.2, 0.3, 0.4])
    grad = s2s.grad(jc.static_test_in_a_loop_left_by_a_traced_break, argnums=(0, 1))
    close(s2s.jit(grad, static_argnums=(2,))(x, c, n), grad(x, c, n))


@pytest.mark.parametrize("fn", [jc.sum_over_rows, jc.rows_weighted_by_their_index])
def test_jit_of_grad_through_a_long_loop_saves_each_steps_counter(fn):
    # 50 steps (more than UNROLL): a lax.scan records the tape, and the step
    # number it saves is a different value at each step. It was taken for a
    # constant (the body traced at a Python 0), so every step's cotangent went
    # to row 0: 50x the gradient there, zeros elsewhere.
    xs = U(rng_for("long_loop"), 50, 3)
    close(s2s.jit(s2s.grad(fn))(xs), jax.grad(fn)(xs))


def test_a_while_past_its_bound_is_an_error_when_it_runs():
    with pytest.raises(s2s.S2SError, match="ran past its bound of 3 recorded steps"):
        s2s.jit(s2s.grad(jc.newton_sqrt), max_steps=3)(2.0)
    close(s2s.jit(s2s.grad(jc.newton_sqrt), max_steps=8)(2.0), s2s.grad(jc.newton_sqrt)(2.0))


def test_jit_of_vmap_with_a_batched_while():
    a = jnp.asarray([0.5, 2.0, 9.0])
    want = jnp.stack([jc.newton_sqrt(v) for v in a])
    close(s2s.jit(s2s.vmap(jc.newton_sqrt))(a), want)
    close(s2s.vmap(s2s.jit(jc.newton_sqrt))(a), want)
    assert "while" in primitives(s2s.jit(s2s.vmap(jc.newton_sqrt)), a)


def test_jit_of_hessian_and_jax_transformations_of_s2s_jit():
    x = U(rng_for("hess"), 3)
    close(s2s.jit(s2s.hessian(jc.sum_logistic))(x), jax.hessian(jc.sum_logistic)(x))
    close(jax.jit(s2s.jit(jc.branch))(x), jc.branch(x))
    close(jax.grad(s2s.jit(jc.early_return))(0.5), jax.grad(lambda v: v * 3.0)(0.5))
    close(jax.vmap(s2s.jit(jc.early_return))(x), jnp.stack([jc.early_return(v) for v in x]))


def test_source_shows_the_converted_program():
    text = s2s.source(s2s.jit(jc.branch))
    assert "def if_true():" in text and "y = if_else(gt, if_true, if_false)" in text
    assert "jit_cases.py:" in text   # comments cite the user's lines


# -- errors at the user's line -------------------------------------------------------------

def _line_of(fn, text):
    import inspect
    lines, start = inspect.getsourcelines(fn)
    return start + next(i for i, l in enumerate(lines) if text in l)


def test_name_assigned_in_one_branch_is_an_error():
    with pytest.raises(s2s.S2SError, match="`y` is assigned in only one branch") as e:
        s2s.jit(jc.one_branch_only)(1.0)
    assert e.value.lineno == _line_of(jc.one_branch_only, "if x > 0")


def test_shape_changing_carry_is_an_error():
    with pytest.raises(s2s.S2SError, match="this `while` loop carries `x` with shape") as e:
        s2s.jit(jc.growing_carry)(jnp.ones(2))
    assert e.value.filename.endswith("jit_cases.py")
    assert e.value.lineno == _line_of(jc.growing_carry, "while jnp.sum")


def test_raise_under_a_traced_condition_is_an_error():
    with pytest.raises(s2s.S2SError, match="`raise` under this `if`") as e:
        s2s.jit(jc.raise_under_traced_if)(1.0)
    assert e.value.lineno == _line_of(jc.raise_under_traced_if, "raise ValueError")


def test_array_condition_is_an_error():
    with pytest.raises(s2s.S2SError, match=r"condition of this `if` is an array of shape \(3,\)"):
        s2s.jit(jc.array_condition)(jnp.ones(3))


def test_a_concrete_value_needed_is_an_error_at_the_line():
    with pytest.raises(s2s.S2SError, match="needs a Python int") as e:
        s2s.jit(jc.int_of_traced)(1.0, jnp.ones(3))
    assert e.value.lineno == _line_of(jc.int_of_traced, "k = int(x)")
    assert "static_argnums" in e.value.hint
    assert float(s2s.jit(jc.int_of_traced, static_argnums=0)(1.0, jnp.arange(3.0))) == 1.0


def test_cli_prints_the_converted_source():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-m", "s2s.cli", "jit", "tests/cases/jit_cases.py:counted",
                          "--static-argnums", "1"], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "total = for_range(n, loop_body, total)" in out.stdout


SHARDED = r"""
import os, sys
sys.path.insert(0, "tests/cases")
import jax, jax.numpy as jnp, numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
import s2s, jit_cases as jc
assert len(jax.devices()) == 8, jax.devices()
mesh = Mesh(np.array(jax.devices()), ("batch",))
w = jnp.full((3, 2), 0.3)
xs = jnp.asarray(np.random.RandomState(0).uniform(-1, 1, (16, 4, 3)))
ys = jnp.asarray(np.random.RandomState(1).uniform(-1, 1, (16, 4, 2)))
per_example = s2s.vmap(s2s.grad(jc.loss_with_clip), in_axes=(None, 0, 0))
batch = NamedSharding(mesh, P("batch"))
sharded = s2s.jit(per_example, in_shardings=(NamedSharding(mesh, P()), batch, batch))
got = sharded(w, jax.device_put(xs, batch), jax.device_put(ys, batch))
want = per_example(w, xs, ys)
np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
assert len(got.sharding.device_set) == 8, got.sharding
print("ok")
"""


def test_sharded_over_eight_host_devices():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=8",
           "JAX_PLATFORMS": "cpu"}
    out = subprocess.run([sys.executable, "-c", SHARDED], cwd=root, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stderr[-3000:]


def test_zeros_made_while_tracing_are_not_kept_for_later_calls():
    """make fuzz (seed 0, programs 83, 104-108), s2s.jit(s2s.grad(f)) after
    other programs: UnexpectedTracerError. s2s.runtime makes the zeros of each
    shape once and keeps them; zeros first asked for while jax.jit traced (of a
    concrete array closed over) were a tracer, kept and handed to later calls."""
    from s2s.runtime import grad_seed, zeros_like
    closed_over = jnp.ones((7, 5, 3))   # (a shape no other test asks zeros of)
    seed_of = jnp.ones((), jnp.bfloat16)   # (a dtype no other test seeds; ints are refused)
    jax.jit(lambda y: zeros_like(closed_over) + grad_seed(seed_of) + y)(1.0)
    assert not isinstance(zeros_like(closed_over), jax.core.Tracer)
    assert not isinstance(grad_seed(seed_of), jax.core.Tracer)
