"""Each pass on its own: a small function in, the program after that pass out.

`after(fn, transform, stage)` runs `transform`'s passes up to and including
`stage` (the common ones are always run first) and prints the result without
the comments naming the user's lines. End-to-end output is in tests/golden/;
these show what one pass does, the way a student would read it.
"""
import textwrap

import jax.numpy as jnp
import numpy as np
import pytest

from s2s import driver, transforms
from s2s.backend import to_source
from s2s.errors import S2SError
from s2s.passes import probe
from s2s.pipeline import BatchOptions, JvpOptions, ReverseOptions


def after(fn, transform, stage, options):
    passes = transform.passes + (transforms.SIMPLIFY,)
    names = [p.name for p in passes]
    ctx, tree = driver.run_passes(fn, transform, options, passes[:names.index(stage) + 1])
    return ctx, _plain(to_source(tree))


def common(fn):
    return _plain(to_source(driver.parsed(fn).tree))


def _plain(text):
    return "\n".join(line for line in text.splitlines()
                     if not line.strip().startswith("#")).strip() + "\n"


def expect(text):
    return textwrap.dedent(text).strip() + "\n"


ARRAY = probe.Info("array", shape=(3,), dtype=np.dtype("float32"))


# -- the common stages ----------------------------------------------------------------

def fenced(x):
    with open("log") as f:
        f.write("x")
    return x


def test_fence_refuses_at_the_line():
    with pytest.raises(S2SError) as e:
        driver.parsed(fenced)
    assert e.value.lineno == fenced.__code__.co_firstlineno + 1
    assert "with" in e.value.message


def numpy_and_methods(x):
    return np.exp(x) + x.sum()


def test_resolve_binds_numpy_and_methods_to_jnp():
    assert "jnp.exp(x)" in common(numpy_and_methods)
    assert "jnp.sum(x)" in common(numpy_and_methods)


def logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def test_normalize_names_one_operation_per_line():
    assert common(logistic) == expect("""
        def logistic(x):
            neg = -x
            exp = jnp.exp(neg)
            add = 1.0 + exp
            div = 1.0 / add
            sum_ = jnp.sum(div)
            return sum_
    """)


# -- reverse mode -------------------------------------------------------------------

GRAD = ReverseOptions((1,))


def with_nested(x):
    def square(v):
        return v * v
    return square(x) + x


def test_inline_puts_a_nested_function_in_line():
    _, text = after(with_nested, transforms.GRAD, "inline", GRAD)
    assert text == expect("""
        def with_nested(x):
            v_1 = x
            mul_1 = v_1 * v_1
            square_1 = mul_1
            add = square_1 + x
            return add
    """)


def early_return(x):
    if x > 0.0:
        return x
    return -x


def test_structure_gives_one_exit():
    _, text = after(early_return, transforms.GRAD, "structure", GRAD)
    assert text == expect("""
        def early_return(x):
            gt = x > 0.0
            if gt:
                result = x
            else:
                neg = -x
                result = neg
            return result
    """)


def reassigned(x):
    y = jnp.sin(x)
    y = y * x
    return y


def test_ssa_gives_each_assignment_its_own_name():
    _, text = after(reassigned, transforms.GRAD, "ssa", GRAD)
    assert text == expect("""
        def reassigned(x):
            y = jnp.sin(x)
            y_1 = y * x
            result = y_1
            return result
    """)


def test_grad_writes_the_forward_sweep_then_the_pullback():
    _, text = after(reassigned, transforms.GRAD, "grad", GRAD)
    assert text == expect("""
        def reassigned_grad(x):
            y = jnp.sin(x)
            y_1 = y * x
            result = y_1
            result_bar = grad_seed(result)
            y_1_bar = result_bar
            y_bar = unbroadcast(y_1_bar * x, y)
            x_bar = unbroadcast(y * y_1_bar, x)
            x_bar = x_bar + y_bar * jnp.cos(x)
            return (x_bar,)
    """)


def shared(x):
    a = jnp.sin(x) * 2.0
    b = jnp.sin(x) * 3.0
    return a + b


def test_simplify_shares_a_repeated_expression():
    _, before = after(shared, transforms.GRAD, "grad", GRAD)
    _, text = after(shared, transforms.GRAD, "simplify", GRAD)
    assert "sin_1 = jnp.sin(x)" in before and "b = sin_1 * 3.0" in before
    assert "sin_1 = " not in text and "b = sin * 3.0" in text


def test_simplify_numbers_versions_without_gaps_and_renames_a_shared_node_once():
    import ast

    import gast

    from s2s.passes.simplify import renumber_versions
    tree = gast.parse(textwrap.dedent("""
        def f(x):
            j_2 = x
            j_1 = j_2 * 2
            tape_j_2 = j_1
            return tape_j_2 + j_2
    """)).body[0]
    # one Name node in two places (passes copy nodes by reference): renamed
    # once, or the swap j_2 -> j_1, j_1 -> j_2 undoes itself there
    tree.body[3].value.right = tree.body[1].value.left
    assert renumber_versions(tree, keep={"x", "f"})
    assert ast.unparse(gast.gast_to_ast(tree)) == textwrap.dedent("""\
        def f(x):
            j_1 = x
            j_2 = j_1 * 2
            tape_j_1 = j_2
            return tape_j_1 + j_1""")


def _coalesced(text, users=frozenset()):
    import ast

    import gast

    from s2s.passes.simplify import coalesce_copies
    tree = gast.parse(textwrap.dedent(text)).body[0]
    coalesce_copies(tree, users)
    return ast.unparse(gast.gast_to_ast(tree)) + "\n"


def test_simplify_coalesces_a_copy_of_a_loop_carried_version():
    # total_1 is assigned twice (before and in the loop), so propagate_copies
    # leaves `total_3 = total_1`; result_bar is read only by the next copy
    assert _coalesced("""
        def f(m, n, total):
            total_1 = total
            for i in range(n):
                total_1 = total_1 + m[i]
            total_3 = total_1
            result_bar = grad_seed(total_3)
            total_1_bar = result_bar
            for i in range(n):
                total_1_bar = total_1_bar * 2
            return total_1_bar
    """, users={"m", "n", "total"}) == expect("""
        def f(m, n, total):
            total_1 = total
            for i in range(n):
                total_1 = total_1 + m[i]
            total_1_bar = grad_seed(total_1)
            for i in range(n):
                total_1_bar = total_1_bar * 2
            return total_1_bar
    """)


KEPT_COPIES = {
    "the source is written before the copy's last read": """
        def f(x, y):
            y = y * 2
            a = y
            y = x
            return a + y
    """,
    "the source is written inside a loop that reads the copy": """
        def f(x, y, n):
            y = y * 2
            a = y
            for i in range(n):
                y = a * 2
            return y
    """,
    "a nested function reads the copy": """
        def f(x, y):
            y = y * 2
            a = y

            def g():
                return a
            y = x
            return g()
    """,
    "the block may be left between the value and the copy": """
        def f(x, y, n):
            for i in range(n):
                b = x * 2
                if i > 3:
                    break
                y = b
            return y
    """,
    "the copy's target is read between the value and the copy": """
        def f(x, y):
            b = x * 2
            z = y + 1
            y = b
            return y + z
    """,
    "a cotangent would be read by the name of the one before it": """
        def f(x, y_1_bar, n):
            for i in range(n):
                y_1_bar = y_1_bar * x
            y_2_bar = y_1_bar
            return y_2_bar * 2
    """,
}


@pytest.mark.parametrize("why", KEPT_COPIES)
def test_simplify_keeps_a_copy_when(why):
    text = KEPT_COPIES[why]
    assert _coalesced(text, users={"x", "y", "n"}) == expect(text)


def test_simplify_keeps_the_users_name_over_its_own():
    text = """
        def f(x, n):
            total = x * 2
            total_1 = total
            for i in range(n):
                total_1 = total_1 + x
            return total_1
    """
    assert _coalesced(text, users={"x", "n", "total"}) == expect(text)


# -- forward mode -------------------------------------------------------------------

def sine(x):
    return jnp.sin(x)


def test_jvp_follows_each_line_with_its_tangent():
    _, text = after(sine, transforms.JVP, "jvp", JvpOptions((True,)))
    assert text == expect("""
        def sine_jvp(x, x_dot):
            sin = jnp.sin(x)
            sin_dot = jnp.cos(x) * x_dot
            return (sin, sin_dot)
    """)


# -- vmap -----------------------------------------------------------------------------

VMAP = BatchOptions((True,), (ARRAY,))


def stops_early(x):
    i = 0
    while i < 3:
        if jnp.sum(x) > 1.0:
            break
        x = x * 2.0
        i = i + 1
    return x


def test_flags_turn_a_break_into_the_loops_condition():
    _, text = after(stops_early, transforms.VMAP, "flags", VMAP)
    assert text == expect("""
        def stops_early(x):
            i = 0
            cond = i < 3
            while cond:
                sum_ = jnp.sum(x)
                gt = sum_ > 1.0
                if gt:
                    cond = False
                else:
                    x = x * 2.0
                    i = i + 1
                    cond = i < 3
            result = x
            return result
    """)


def total(x):
    return jnp.sum(x)


def test_probe_records_shapes_and_leaves_the_program():
    _, before = after(total, transforms.VMAP, "number", VMAP)
    ctx, text = after(total, transforms.VMAP, "probe", VMAP)
    assert text == before
    assert ctx.facts["output"].shape == ()
    [stmt] = [s for s in ctx.facts["record"].seen if s[1] == "x"][:1]
    assert ctx.facts["record"].seen[stmt].shape == (3,)


def test_vmap_batches_every_line():
    _, text = after(total, transforms.VMAP, "vmap", VMAP)
    assert text == expect("""
        def total_vmap(x_batch):
            batch_size = jnp.shape(x_batch)[0]
            sum_batch = jnp.sum(x_batch, axis=1)
            result_batch = sum_batch
            return result_batch
    """)


# -- jit: tracedness and functionalize -----------------------------------------------------

def traced_and_static(x, n):
    k = x.shape[0]
    y = x * 2.0
    z = jnp.zeros(3)
    m = n + 1
    if y[0] > 0:
        w = m
    else:
        w = 0
    return y, z, k, w


def test_tracedness_follows_values_not_shapes():
    from s2s.passes.tracedness import Tracedness
    from s2s.pipeline import JitOptions
    tree = driver.run_passes(traced_and_static, transforms.JIT, JitOptions((False, True)),
                             transforms.JIT.passes[:1])[1]
    traced = Tracedness(tree, static_params=["n"]).traced
    assert {"x", "y", "z", "w"} <= traced        # a jnp call is staged; w is set under a traced if
    assert not {"n", "m", "k"} & traced           # static argument, arithmetic on it, a shape


def clipped(x, limit):
    if jnp.sum(x) > limit:
        x = x * 0.5
    return x


def test_functionalize_turns_a_traced_if_into_branch_functions():
    from s2s.pipeline import JitOptions
    _, text = after(clipped, transforms.JIT, "functionalize", JitOptions(()))
    assert text == expect("""
        def clipped_jit(x, limit):
            sum_ = jnp.sum(x)
            gt = sum_ > limit

            def if_true(x):
                x = x * 0.5
                return x

            def if_false(x):
                return x
            x = if_else(gt, if_true, if_false, x)
            return x
    """)


def halve(x):
    while jnp.max(x) > 1.0:
        x = x / 2.0
    return x


def test_functionalize_turns_a_traced_while_into_a_test_and_a_body():
    from s2s.pipeline import JitOptions
    _, text = after(halve, transforms.JIT, "functionalize", JitOptions(()))
    assert text == expect("""
        def halve_jit(x):
            max_ = jnp.max(x)
            cond = max_ > 1.0

            def loop_test(cond, x):
                return cond

            def loop_body(cond, x):
                x = x / 2.0
                max_1 = jnp.max(x)
                cond = max_1 > 1.0
                return (cond, x)
            cond, x = while_loop(loop_test, loop_body, cond, x)
            return x
    """)


def test_functionalize_keeps_a_static_if_and_a_short_literal_loop():
    from s2s.pipeline import JitOptions

    def f(x, square):
        if square:
            x = x * x
        for i in range(3):
            x = x + i
        return x
    _, text = after(f, transforms.JIT, "functionalize", JitOptions((False, True)))
    assert "if square:" in text and "for i in range(3):" in text
    assert "if_else" not in text and "for_range" not in text
