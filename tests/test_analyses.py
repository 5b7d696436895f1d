"""The analyses the passes share, each on its own, and the two passes
tests/test_passes.py leaves out ("inline callees", "number").

Each analysis runs on a small function as its pass would see it: after the
common stages (`driver.parsed(fn).tree`: fence, resolve, normalize) or after
the passes that run before it. The tests assert what it finds, exactly.
Analyses that rewrite the tree (dead stores, pruning) get a copy: the parsed
tree is cached and shared by every build.
"""
import ast
import copy
import textwrap

import gast
import jax.numpy as jnp
import numpy as np
import pytest

from s2s import anno
from s2s.anno import Key
from s2s import driver, rules, transforms
from s2s.backend import to_source
from s2s.errors import S2SError, Source
from s2s.frontend import parse_function
from s2s.nodes import walk
from s2s.passes import inline, liveness, probe, scopes
from s2s.passes.activity import Activity, array_names
from s2s.passes.aliasing import _Analysis
from s2s.passes.batchedness import Batchedness, prune_unreached
from s2s.passes.binding import bind_arguments, bind_operands, refuse_nondiff_operands
from s2s.passes.dead_stores import remove_dead_stores
from s2s.passes.resolve import callee
from s2s.passes.simplify import is_pure
from s2s.passes.tracedness import Tracedness
from s2s.pipeline import BatchOptions, JitOptions, ReverseOptions
from test_passes import after, common, expect, sine


def tree_of(fn):
    """`fn` after the common stages: a copy, for analyses that rewrite it."""
    return copy.deepcopy(driver.parsed(fn).tree)


def text_of(tree):
    return "\n".join(line for line in to_source(tree).splitlines()
                     if not line.strip().startswith("#")).strip() + "\n"


def line(node):
    return ast.unparse(gast.gast_to_ast(node)).splitlines()[0]


def the_loop(tree):
    [loop] = [s for s in tree.body if isinstance(s, (gast.For, gast.While))]
    return loop


ARRAY = probe.Info("array", shape=(3,), dtype=np.dtype("float32"))


# -- the "inline callees" pass (reverse mode, when vmap batches the result) -------------

def cube(v):
    return v * v * v


def calls_cube(x):
    y = cube(x)
    return y + x


FLAT = ReverseOptions((1,), flat=True)


def test_inline_callees_puts_a_module_function_in_line_when_flat():
    _, text = after(calls_cube, transforms.GRAD, "inline callees", FLAT)
    assert text == expect("""
        def calls_cube(x):
            v_1 = x
            mul_2 = v_1 * v_1
            mul_1_1 = mul_2 * v_1
            y = mul_1_1
            add = y + x
            return add
    """)


def test_inline_callees_does_not_run_unless_flat():
    # a plain gradient calls cube's own vjp: the call stays through "inline"
    _, text = after(calls_cube, transforms.GRAD, "inline", ReverseOptions((1,)))
    assert text == common(calls_cube)
    assert "y = cube(x)" in text


def cube_then_sine(x):
    y = cube(x)
    z = sine(y)
    return z


def test_inline_callees_copies_functions_of_every_module():
    # the first half of the pass: callees become nested functions (then inline
    # puts them in line); `sine` lives in another module's globals: copied too,
    # the names it reads from there carried as closure cells (none here but jnp)
    ctx, tree = driver.run_passes(cube_then_sine, transforms.GRAD, FLAT, ())
    assert text_of(inline.with_callees(tree, ctx)) == expect("""
        def cube_then_sine(x):

            def cube(v):
                mul = v * v
                mul_1 = mul * v
                return mul_1

            def sine(x):
                sin = jnp.sin(x)
                return sin
            y = cube(x)
            z = sine(y)
            return z
    """)


# -- the "number" pass (vmap: ids the probe and the batch pass share) ----------------------

def numbered(x):
    s = 0.0
    for i in range(2):
        if i > 0:
            s = s + x
        else:
            s = s - x
    return s


VMAP = BatchOptions((True,), (ARRAY,))


def test_number_gives_each_statement_an_id_in_program_order_and_leaves_the_program():
    _, before = after(numbered, transforms.VMAP, "flags", VMAP)
    ctx, text = after(numbered, transforms.VMAP, "number", VMAP)
    assert text == before
    passes = transforms.VMAP.passes
    _, tree = driver.run_passes(numbered, transforms.VMAP, VMAP,
                                passes[:[p.name for p in passes].index("number") + 1])
    assert [(anno.get(s, Key.STATEMENT_ID), line(s)) for s in scopes.statements(tree.body)] == [
        (0, "s = 0.0"),
        (1, "for i in range(2):"),
        (2, "gt = i > 0"),
        (3, "if gt:"),
        (4, "s = s + x"),
        (5, "s = s - x"),
        (6, "result = s"),
        (7, "return result"),
    ]


# -- liveness (s2s/passes/liveness.py) --------------------------------------------------

def last_value(x, n):
    i = 0
    last = 0.0
    while i < n:
        last = x * i
        i = i + 1
    return last


def test_liveness_reads_and_assigned_of_a_block():
    body = driver.parsed(last_value).tree.body
    # (normalize names the loop's test `cond`, computed before the loop and at its end)
    assert liveness.reads(body) == {"i", "n", "cond", "x", "last"}
    assert liveness.assigned(body) == {"i", "last", "cond"}


def test_liveness_a_name_read_after_the_loop_is_live_in_it():
    loop = the_loop(driver.parsed(last_value).tree)
    # the loop's test and the next iteration read cond, i, n, x; `last` only
    # the code after the loop
    assert liveness.loop_live(loop, set()) == {"cond", "i", "n", "x"}
    assert liveness.loop_live(loop, {"last"}) == {"cond", "i", "n", "x", "last"}


def chain(x):
    a = x * 2.0
    b = a + 1.0
    c = b * a
    return c


def test_liveness_live_after_each_statement_of_a_straight_line():
    body = driver.parsed(chain).tree.body
    assert liveness.live_after_each(body, set()) == [{"a"}, {"a", "b"}, {"c"}, set()]
    # what the caller reads after the block is live after its last statement
    assert liveness.live_after_each(body, {"x"})[-1] == {"x"}


def set_on_one_branch(x, c):
    if c:
        y = x
        z = 1.0
    else:
        y = -x
    w = y + z
    return w


def test_liveness_a_name_set_on_one_branch_only_is_exposed():
    body = driver.parsed(set_on_one_branch).tree.body
    read_first, written = liveness.exposed_and_assigned(body)
    assert read_first == {"c", "x", "z"}     # z may come from before the `if`
    assert written == {"y", "w"}             # z is not assigned on every path


def with_closure(x, a):
    def g(v):
        b = v * a
        return b
    return g(x)


def test_liveness_a_function_a_block_defines_reads_its_free_names():
    tree = driver.parsed(with_closure).tree
    g = tree.body[0]
    assert liveness.free_reads(g) == {"a"}
    assert liveness.reads(tree.body) == {"a", "g", "g_1", "x"}
    assert liveness.assigned(g.body) == {"b"}
    assert not liveness.assigned(tree.body) & {"b", "v"}   # g's own names stay g's


# -- scopes (s2s/passes/scopes.py) ------------------------------------------------------------

def nested_scopes(x, k):
    def g(v):
        w = v * k
        return w
    h = lambda u: u + 1.0  # noqa: E731
    for i in range(2):
        x = g(x)
    return h(x)


def test_scopes_params_and_local_names_stop_at_nested_functions():
    tree = driver.parsed(nested_scopes).tree   # (normalize made the lambda a def h)
    assert scopes.params(tree) == ["x", "k"]
    assert scopes.local_names(tree) == {"x", "k", "g", "h", "h_1", "i"}
    assert scopes.local_functions(tree) == {"g", "h"}


def test_scopes_local_names_skip_a_lambdas_parameters():
    fn = gast.parse(textwrap.dedent("""
        def f(x):
            h = lambda u: u + x
            y = h(x)
            return y
    """)).body[0]
    assert scopes.local_names(fn) == {"x", "h", "y"}
    assert scopes.local_functions(fn) == set()


def test_scopes_statements_lists_nested_ones_in_program_order():
    tree = driver.parsed(nested_scopes).tree
    assert [line(s) for s in scopes.statements(tree.body)] == [
        "def g(v):", "w = v * k", "return w",
        "def h(u):", "add = u + 1.0", "return add",
        "for i in range(2):", "x = g(x)",
        "h_1 = h(x)", "return h_1",
    ]


# -- activity (s2s/passes/activity.py) -------------------------------------------------------

def mixed_activity(x, w, n):
    k = x.shape[0]
    m = len(w)
    y = jnp.sin(x) * w
    c = y > 0.0
    z = jnp.floor(y)
    s = 0.0
    for i in range(n):
        s = s + y * i
    q = n + 1
    return s


def activity(fn, active):
    p = driver.parsed(fn)
    return Activity(p.tree, p.ns, active)


def test_activity_follows_differentiable_operations_only():
    # not active: a shape, a length, a comparison, floor (no derivative), a
    # count, the loop counter
    assert activity(mixed_activity, ["x"]).active == {"x", "sin", "y", "mul", "s"}


def test_activity_depends_on_which_inputs_are_differentiated():
    assert activity(mixed_activity, ["w"]).active == {"w", "y", "mul", "s"}
    # n: q = n + 1 depends on it; the loop counter over range(n) does not
    assert activity(mixed_activity, ["n"]).active == {"n", "q"}


def carried(x):
    a = 0.0
    b = 0.0
    for i in range(3):
        a = b * 2.0
        b = x + 1.0
    return a


def test_activity_reaches_a_fixed_point_through_a_loop():
    # `a = b * 2.0` comes before b is active: only the second sweep sees it
    assert activity(carried, ["x"]).active == {"x", "a", "b"}


def closes_over(x, y):
    def g(v):
        return v * x
    r = g(y)
    q = y * 2.0
    return r + q


def test_activity_a_call_of_a_closure_over_an_active_name_is_active():
    a = activity(closes_over, ["x"])
    assert a.closing_over == {"g": True}
    assert a.active == {"x", "r", "add"}          # r = g(y): y is inactive, g reads x
    b = activity(closes_over, ["y"])
    assert b.closing_over == {"g": False}
    assert b.active == {"y", "r", "q", "add"}


def enumerated(xs, w):
    total = 0.0
    for i, v in enumerate(xs):
        total = total + v * i
    for j in range(3):
        total = total * w
    return total


def test_activity_enumerate_gives_active_items_and_inactive_counters():
    a = activity(enumerated, ["xs"])
    assert a.active == {"xs", "v", "mul", "total"}
    assert a.loop_counters == {"i", "j"}


def tape_of_tuples(x, slope):
    tape = []
    for i in range(3):
        tape.append((x, slope, i))
    g = 0.0
    for h, s, k in reversed(tape):
        g = g + h * s
    other = []
    other.append((x, slope))
    other.append(x)
    for a in reversed(other):
        g = g + a
    return g


def test_activity_of_a_tape_of_tuples_is_per_item():
    """Unpacking a reverse sweep's tape of tuples: a constant saved beside an
    active value stays inactive (its rule may need it constant: leaky_relu's
    slope under a Hessian); a list that takes anything but tuples is active
    whole."""
    a = activity(tape_of_tuples, ["x"])
    assert {"tape", "h", "g", "other", "a"} <= a.active
    assert not {"s", "k", "slope"} & a.active
    assert a.tuple_lists == {"tape"}


def test_array_names_are_jnp_results_and_arithmetic():
    p = driver.parsed(mixed_activity)
    # x_shape (an attribute), k (its item), m (len), c (a comparison) are not
    # certainly arrays; arithmetic is, even on the count n (q = n + 1)
    assert array_names(p.tree, {"x"}, p.ns) == {"x", "sin", "y", "z", "s", "mul", "q"}
    assert array_names(p.tree, set(), p.ns) == {"sin", "y", "z", "s", "mul", "q"}


def returns_from_a_loop(x):
    found = None
    for i in range(3):
        found = jnp.sin(x) * i
    return found


def layers(params, x):
    h = x
    for w in params:
        h = jnp.tanh(h @ w)
    return h


def test_array_names_keep_a_loop_carried_array_that_starts_as_a_parameter():
    """`h` starts as x (not differentiated: not known to be an array) and is
    then a jnp result: an array, whose cotangents add with `+` (the MLP's
    `h_bar = h + h`)."""
    p = driver.parsed(layers)
    assert {"h"} <= array_names(p.tree, set(), p.ns)


def test_array_names_leave_out_a_name_that_may_hold_none():
    """`found` may still be None after the loop (its first value): a second
    reverse pass must add its cotangents as values that may be None."""
    p = driver.parsed(returns_from_a_loop)
    assert "found" not in array_names(p.tree, {"x"}, p.ns)


# -- batchedness (s2s/passes/batchedness.py) ----------------------------------------------

def probed(fn, batched, infos):
    """(ctx, tree) after vmap's passes up to the probe, as the batch pass sees them."""
    passes = transforms.VMAP.passes
    names = [p.name for p in passes]
    return driver.run_passes(fn, transforms.VMAP, BatchOptions(batched, infos),
                             passes[:names.index("probe") + 1])


def batchedness(fn, batched_params):
    ctx, tree = probed(fn, (True, False), (ARRAY, ARRAY))
    return Batchedness(tree, ctx.ns, batched_params, ctx.facts["record"])


def shapes_and_pairs(x, w):
    n = x.shape[0]
    m = len(x)
    y = x * w
    z = w * 2.0
    t = (x, w)
    a, b = t
    k = n + 1
    return y + z


def test_batchedness_follows_batched_values_not_shapes_or_lengths():
    b = batchedness(shapes_and_pairs, {"x"})
    # not batched: w and what only it computes (z, b), the shape and length of
    # x and what they compute (n, m, k)
    assert b.batched == {"x", "y", "t", "a", "add", "result"}


def test_batchedness_follows_a_tuple_leaf_by_leaf():
    b = batchedness(shapes_and_pairs, {"x"})
    assert b.patterns["t"] == ("tuple", (True, False))
    assert b.patterns["a"] is True and b.patterns.get("b", False) is False


def chosen_by_batched_test(x, w):
    if jnp.sum(x) > 0.0:
        y = w
    else:
        y = w * 2.0
    v = w + 1.0
    return y + v


def test_batchedness_a_name_set_under_a_batched_if_is_batched():
    # y is w or 2w, both unbatched, but which one differs between examples
    b = batchedness(chosen_by_batched_test, {"x"})
    assert b.batched == {"x", "sum_", "gt", "y", "add", "result"}


def branch_on_a_shape(x, w):
    if x.shape[0] > 5:
        y = x * 2.0
    else:
        y = x + w
    for i in range(x.shape[0] - 3):
        y = y * 2.0
    return y


def test_prune_unreached_drops_a_branch_on_a_shape_and_an_empty_loop():
    ctx, tree = probed(branch_on_a_shape, (True, False), (ARRAY, ARRAY))
    tree = copy.deepcopy(tree)
    assert prune_unreached(tree, ctx.facts["record"], ctx.ns) == set()
    assert text_of(tree) == expect("""
        def branch_on_a_shape(x, w):
            x_shape = x.shape
            t = x_shape[0]
            gt = t > 5
            if gt:
                pass
            else:
                y = x + w
            x_shape_1 = x.shape
            t_1 = x_shape_1[0]
            sub = t_1 - 3
            result = y
            return result
    """)


def test_prune_unreached_keeps_both_branches_of_a_batched_if():
    ctx, tree = probed(chosen_by_batched_test, (True, False), (ARRAY, ARRAY))
    tree = copy.deepcopy(tree)
    before = text_of(tree)
    # the probe could not decide the test: y and what is computed from it are
    # only one of their possible values there
    assert prune_unreached(tree, ctx.facts["record"], ctx.ns) == {"y", "add", "result"}
    assert text_of(tree) == before


# -- tracedness (s2s/passes/tracedness.py) ----------------------------------------------------

def described_and_counted(x, n, flag):
    m = len(x)
    s = jnp.shape(x)
    d = x.dtype
    k = n * 2
    j = k + m
    total = 0.0
    for i in range(n):
        total = total + x[i]
    c = 0
    for q in range(3):
        c = c + q
    e = 0
    for r in range(100):
        e = e + 1
    if flag:
        h = 1.0
    else:
        h = 2.0
    return total


def traced(static, **kw):
    tree = driver.run_passes(described_and_counted, transforms.JIT, JitOptions((False,) * 3),
                             transforms.JIT.passes[:1])[1]
    return Tracedness(tree, static_params=static, **kw).traced


def test_tracedness_len_shape_dtype_and_static_arguments_stay_concrete():
    t = traced(["n", "flag"])
    assert not {"m", "s", "d", "n", "k", "j", "flag", "h", "c", "q"} & t
    assert {"x", "x_i", "total", "result"} <= t


def test_tracedness_a_loop_that_becomes_a_lax_loop_traces_its_counter_and_carry():
    # range(n): for_range decides at trace time (traced, erring that way);
    # range(100) is longer than `unroll` (32); range(3) stays a Python loop
    assert traced(["n", "flag"]) == {"x", "x_i", "total", "result", "i", "e", "r"}
    assert traced(["n", "flag"], unroll=200) == {"x", "x_i", "total", "result", "i"}


def test_tracedness_a_traced_argument_traces_what_is_computed_from_it():
    # n not static: n, and k = n * 2, j = k + m with it
    assert traced(["flag"]) == {"x", "x_i", "total", "result", "i", "e", "r", "n", "k", "j"}
    # flag traced: h is set under a traced `if` (a lax.cond's result)
    assert "h" in traced(["n"])


# -- aliasing (s2s/passes/aliasing.py, run by the fence stage) --------------------------------

def refusal(fn):
    """(line within fn, message) of the fence's refusal."""
    with pytest.raises(S2SError) as e:
        driver.parsed(fn)
    return e.value.lineno - fn.__code__.co_firstlineno, e.value.message


def reused_row(x):
    rows = []
    row = []
    for i in range(3):
        row.append(x * i)
        rows.append(row)
    return rows


def rebuilt_row(x):
    rows = []
    for i in range(3):
        row = []
        row.append(x * i)
        rows.append(row)
    return rows


def test_aliasing_a_list_mutated_after_another_holds_it_is_refused():
    # the second pass of the loop appends to the row `rows` already holds
    where, message = refusal(reused_row)
    assert where == 4
    assert message.startswith("s2s cannot follow this mutation: it appends to `row`, which "
                              "is also stored in another list, tuple or dict (an alias)")


def test_aliasing_a_list_built_again_each_pass_is_no_alias():
    assert "rows.append(row)" in common(rebuilt_row)


def maybe_alias(x, c):
    a = [x]
    if c:
        b = a
    else:
        b = []
    b.append(x)
    return a


def test_aliasing_joins_branches_a_name_that_may_be_an_alias_is_refused():
    where, message = refusal(maybe_alias)
    assert where == 6
    assert "it appends to `b`, which is also `a` (an alias)" in message


def item_of_parameter(x):
    x[0] = 1.0
    return x


def test_aliasing_item_assignment_on_a_value_not_known_to_be_a_list_is_an_array_update():
    assert "x = x.at[0].set(1.0)" in common(item_of_parameter)


def push_from_closure(x):
    acts = [x]

    def push(v):
        acts.append(v)
        return v
    y = push(x * 2.0)
    return acts


LOG = []


def push_to_global(x):
    LOG.append(x)
    return x


def test_aliasing_a_mutation_of_an_enclosing_or_global_variable_is_refused():
    where, message = refusal(push_from_closure)
    assert where == 4
    assert "it appends to `acts`, a variable of the enclosing function" in message
    where, message = refusal(push_to_global)
    assert where == 1
    assert "it appends to `LOG`, a variable of the module" in message


def append_through_a_getter(x):
    acts = [x]

    def get():
        return acts
    b = get()
    b.append(2.0 * x)
    return jnp.sum(jnp.stack(acts))


def append_through_a_lambda(x):
    acts = [x]
    get = lambda: acts   # noqa: E731
    b = get()
    b.append(2.0 * x)
    return jnp.sum(jnp.stack(acts))


LOG = []


def get_log():
    return LOG


def append_to_a_global_through_a_getter(x):
    b = get_log()
    b.append(2.0 * x)
    return jnp.sum(jnp.stack(b))


# Each was not refused: the mutation went through and s2s computed a wrong value
# without an error (s2s.grad 1.0 where jax.grad gives 3.0 at x=1.5, s2s.jit 1.5
# where Python gives 4.5); the global one crashed in generated code.
@pytest.mark.parametrize("fn, line", [(append_through_a_getter, 6), (append_through_a_lambda, 4)])
def test_aliasing_a_list_a_nested_function_returns_is_an_alias(fn, line):
    where, message = refusal(fn)
    assert where == line
    assert "it appends to `b`" in message and "alias" in message


def test_aliasing_a_global_list_a_function_returns_is_not_mutated():
    where, message = refusal(append_to_a_global_through_a_getter)
    assert where == 2
    assert "`LOG`, a variable of the module" in message


def record(acts, h):
    acts.append(h)


def put_first(xs, v):
    xs[0] = v
    return xs


def test_aliasing_summary_says_which_parameters_a_function_mutates_and_returns():
    def summary(fn):
        p = parse_function(fn)
        return _Analysis(p.tree, p.namespace, Source(p.filename), {}, top=False).run()
    s = summary(record)
    assert s.mutated == {0: ("appends to", record.__code__.co_firstlineno + 1, "acts", False)}
    assert s.returned == set()
    s = summary(put_first)
    assert s.mutated == {0: ("assigns an item of", put_first.__code__.co_firstlineno + 1,
                             "xs", True)}
    assert s.returned == {0, 1}    # xs, and v stored in it


# -- dead stores (s2s/passes/dead_stores.py) ------------------------------------------------

def overwritten_on_every_path(x, c):
    y = jnp.sin(x)
    if c:
        y = x * 2.0
    else:
        y = x * 3.0
    return y


def overwritten_on_one_path(x, c):
    y = jnp.sin(x)
    if c:
        y = x * 2.0
    return y


def test_dead_stores_a_store_every_path_overwrites_goes():
    tree = tree_of(overwritten_on_every_path)
    assert remove_dead_stores(tree, is_pure) is True
    assert text_of(tree) == expect("""
        def overwritten_on_every_path(x, c):
            if c:
                y = x * 2.0
            else:
                y = x * 3.0
            return y
    """)


def test_dead_stores_a_store_one_path_reads_stays():
    tree = tree_of(overwritten_on_one_path)
    assert remove_dead_stores(tree, is_pure) is False
    assert text_of(tree) == common(overwritten_on_one_path)


def continue_or_break(x, n):
    s = 0.0
    y = 0.0
    for i in range(n):
        t = x * 3.0
        if i > 1:
            t = x * 2.0
            continue
        if i > 5:
            y = x * 5.0
            break
        s = s + t + y
    return s + y


def test_dead_stores_continue_goes_to_the_loop_head_and_break_past_the_loop():
    # t before `continue`: the next pass stores t again before reading it;
    # y before `break`: the code after the loop reads it
    tree = tree_of(continue_or_break)
    assert remove_dead_stores(tree, is_pure) is True
    text = text_of(tree)
    assert "t = x * 2.0" not in text
    assert text.count("t = x * 3.0") == 1 and "y = x * 5.0" in text
    assert text == common(continue_or_break).replace("            t = x * 2.0\n", "")


def read_by_closure(x):
    a = x * 2.0

    def g(v):
        return v * a
    a = x * 3.0
    return g(x) + a


def test_dead_stores_a_name_a_nested_function_reads_is_kept():
    tree = tree_of(read_by_closure)
    assert remove_dead_stores(tree, is_pure) is False
    assert "a = x * 2.0" in text_of(tree)


# -- binding (s2s/passes/binding.py) --------------------------------------------------------

class _Pass:
    """What binding asks of a pass: the source, and where an operand is."""

    def __init__(self, fn, where):
        self.source, self.where = driver.parsed(fn).source, where

    def located(self, node):
        return node if getattr(node, "lineno", None) else self.where


def scale(v, k=2.0, shift=None):
    return v * k


def with_array_default(v, w=np.ones(3)):
    return v * w


def binds(x, y):
    a = jnp.clip(x, None, 0.5)
    b = jnp.var(x, 0, jnp.float32)
    c = jnp.clip(x, max=y)
    d = scale(x, shift=1.0)
    e = scale(x, 3.0, None, 4)
    f = with_array_default(x)
    return a


def _bound(name):
    """(pass, callee, the call) of `name = call` in `binds`."""
    p = driver.parsed(binds)
    [stmt] = [s for s in p.tree.body if isinstance(s, gast.Assign)
              and s.targets[0].id == name]
    return _Pass(binds, stmt), callee(stmt.value, p.ns, set()), stmt.value


def operands(name):
    pass_, c, call = _bound(name)
    template = c.obj.jvp
    params = [q for q in template.params if q != "ans" and not q.endswith("_dot")]
    bound = bind_operands(pass_, c.obj, template, params, call.args, call.keywords, call)
    return {k: line(v) for k, v in bound.items()}


def test_binding_positional_and_keyword_operands_to_a_rules_parameters():
    assert operands("a") == {"x": "x", "min": "None", "max": "0.5"}
    assert operands("c") == {"x": "x", "max": "y"}


def test_binding_refuses_a_positional_operand_the_rule_has_no_parameter_for():
    # jnp.var's third positional parameter is dtype, not the rule's ddof
    with pytest.raises(S2SError) as e:
        operands("b")
    assert e.value.message == "s2s's rule for `jnp.var` has no parameter `dtype`"
    assert e.value.hint == "it takes x, axis, ddof, keepdims"
    assert e.value.lineno == binds.__code__.co_firstlineno + 2


def arguments(name):
    pass_, c, call = _bound(name)
    return [line(a) for a in bind_arguments(pass_, call, c)]


def test_binding_a_user_functions_arguments_with_defaults_filled_in():
    assert arguments("d") == ["x", "2.0", "1.0"]


def test_binding_refuses_too_many_arguments_and_a_default_it_cannot_copy():
    with pytest.raises(S2SError) as e:
        arguments("e")
    assert e.value.message == "too many arguments in this call of `scale`"
    with pytest.raises(S2SError) as e:
        arguments("f")
    assert e.value.message == ("this call of `with_array_default` leaves `w` to a default "
                               "s2s cannot copy")
    assert e.value.hint == "pass `w` explicitly"


def shape_from_value(x):
    s = x * 2.0
    r = jnp.reshape(x, s)
    q = jnp.arange(s)
    return r


def test_binding_an_active_operand_where_the_rule_takes_a_shape_is_refused():
    p = driver.parsed(shape_from_value)
    active = Activity(p.tree, p.ns, ["x"])
    reshape, arange = p.tree.body[1], p.tree.body[2]
    prim = callee(reshape.value, p.ns, set()).obj
    pass_ = _Pass(shape_from_value, reshape)
    bound = bind_operands(pass_, prim, prim.jvp, ["x", "shape"], reshape.value.args, [],
                          reshape.value)
    assert set(bound) == {"x", "shape"}
    with pytest.raises(S2SError) as e:
        refuse_nondiff_operands(pass_, prim, reshape.value, bound, active)
    assert e.value.message.startswith(
        "s2s cannot differentiate `jnp.reshape` with respect to its argument `shape`: it "
        "is not differentiable")
    # a primitive with no derivative at all: every argument is checked
    prim = callee(arange.value, p.ns, set()).obj
    assert prim.nondiff_args == rules.ALL
    with pytest.raises(S2SError) as e:
        refuse_nondiff_operands(_Pass(shape_from_value, arange), prim, arange.value, None,
                                active)
    assert "`jnp.arange` with respect to its arguments: none is differentiable" \
        in e.value.message
    # the same call with nothing active passes
    refuse_nondiff_operands(pass_, callee(reshape.value, p.ns, set()).obj, reshape.value,
                            bound, Activity(p.tree, p.ns, []))


def _census_by_walk(fn):
    """What simplify's census holds, as one walk of the whole tree finds it."""
    counts, reads, nested, functions, scoped = {}, {}, [], [], False
    for n in walk(fn):
        if isinstance(n, gast.Name):
            if isinstance(n.ctx, gast.Load):
                reads[n.id] = reads.get(n.id, 0) + 1
            elif isinstance(n.ctx, (gast.Store, gast.Param)):
                counts[n.id] = counts.get(n.id, 0) + 1
        elif isinstance(n, gast.FunctionDef):
            counts[n.name] = counts.get(n.name, 0) + 1
            functions.append(n)
            if n is not fn:
                nested.append(n)
        elif isinstance(n, gast.Lambda):
            nested.append(n)
        elif isinstance(n, (gast.Global, gast.Nonlocal)):
            scoped = True
    closed = {n.id for d in nested for n in walk(d) if isinstance(n, gast.Name)}
    values = [s.value for s in walk(fn) if isinstance(s, gast.Assign)]
    return counts, reads, closed, functions, scoped, values


def _census_corpus():
    import pathlib
    root = pathlib.Path(__file__).resolve().parent.parent
    for path in sorted(root.glob("s2s/**/*.py")):   # (try, with, nested defs, lambdas,
        for node in gast.parse(path.read_text()).body:   # global, match: all of Python
            if isinstance(node, gast.FunctionDef):        # s2s is written in)
                yield node
            elif isinstance(node, gast.ClassDef):
                yield from (m for m in node.body if isinstance(m, gast.FunctionDef))


def test_simplify_census_counts_what_a_walk_of_the_tree_finds():
    from s2s.passes.simplify_census import Census
    functions = list(_census_corpus())
    assert len(functions) > 1000
    for fn in functions:
        census = Census(fn)
        counts, reads, closed, defined, scoped, values = _census_by_walk(fn)
        assert (dict(census.counts), dict(census.reads), census.closed, census.scoped) == \
            (counts, reads, closed, scoped), fn.name
        assert census.functions == ([fn] if defined == [fn] else None)
        for value in values:   # (each assigned value's facts, from the census's visit)
            assert id(value) in census._values and census.is_pure(value) == is_pure(value)


def test_simplify_census_after_propagating_copies_is_a_new_census(monkeypatch):
    """propagate_copies keeps the census up to date instead of it being taken
    again: after every call in the golden cases' builds it says what a new one
    says, and the facts it kept are the facts."""
    from s2s.passes import simplify, simplify_census
    from test_golden import CASES, EXAMPLE_ARGS
    import s2s
    propagate, checked = simplify.propagate_copies, []

    def checking(fn, census):
        changed = propagate(fn, census)
        if changed and not census.stale:
            fresh = simplify_census.Census(fn)
            assert (census.counts, census.reads, census.closed) == \
                (fresh.counts, fresh.reads, fresh.closed)
            for got in census._values.values():
                assert got[:4] == fresh._facts(got[0])[:4]
            checked.append(fn.name)
        return changed
    monkeypatch.setattr(simplify, "propagate_copies", checking)
    monkeypatch.setattr(driver, "_CACHE", {})   # (every case built again, here)
    for transform, fn, argnums in CASES:
        example = EXAMPLE_ARGS.get(fn)
        s2s.source(fn, transform, argnums, example_args=example() if example else None)
    assert len(checked) >= 15


def test_simplify_leaves_nothing_for_any_of_its_steps(monkeypatch):
    """simplify skips a step where the one before could not have given it
    work (remove_dead after copy propagation, unless a block was emptied):
    after every simplify in the golden cases' builds, no step finds anything."""
    from s2s.passes import simplify
    from s2s.passes.simplify_census import Census
    from test_golden import CASES, EXAMPLE_ARGS
    import dataclasses
    import s2s
    run, checked = simplify.run, []

    def checking(fn, ctx):
        out = run(fn, ctx)
        for step in simplify.steps(ctx.parsed.names):
            mine = copy.deepcopy(out)
            assert not step(mine, Census(mine)), (out.name, step)
        checked.append(out.name)
        return out
    monkeypatch.setattr(simplify, "run", checking)   # (as the tidy stages call it)
    monkeypatch.setattr(driver.transforms, "SIMPLIFY",   # (the simplify stage)
                        dataclasses.replace(transforms.SIMPLIFY, run=checking))
    monkeypatch.setattr(driver, "_CACHE", {})
    for transform, fn, argnums in CASES:
        example = EXAMPLE_ARGS.get(fn)
        s2s.source(fn, transform, argnums, example_args=example() if example else None)
    assert len(checked) >= 60


@pytest.mark.parametrize("source,gone", [
    # copy propagation empties the branch: `if c: pass` is then dead code
    ("def f(x, c):\n    a = x\n    if c:\n        b = a\n    return b\n", gast.If),
    # a store overwritten before any read goes (dead_stores), and so its branch
    ("def f(x, c):\n    if c:\n        y = x * 2\n    y = x + 1\n    return y\n", gast.If),
])
def test_simplify_removes_what_a_later_step_leaves_dead(source, gone):
    import types
    from s2s.passes import simplify
    fn = gast.parse(source).body[0]
    ctx = types.SimpleNamespace(parsed=types.SimpleNamespace(names=frozenset()))
    out = simplify.run(fn, ctx)
    assert not any(isinstance(n, gone) for n in walk(out)), ast.unparse(gast.gast_to_ast(out))


def test_dead_stores_reading_the_census_finds_what_looking_at_each_line_finds(monkeypatch):
    """remove_dead_stores takes an assigned value's reads from the census
    instead of walking the line: in every simplify of the golden cases'
    builds it removes exactly what it removes without."""
    from s2s.passes import simplify
    from test_golden import CASES, EXAMPLE_ARGS
    import s2s
    remove, removed = simplify.remove_dead_stores, []

    def checking(fn, is_pure, functions=None, scoped=False, loads=None):
        assert loads is not None   # (simplify passes them)
        theirs = copy.deepcopy(fn)
        got = remove(fn, is_pure, functions, scoped, loads)
        assert got == remove(theirs, is_pure) and gast.dump(fn) == gast.dump(theirs)
        removed.append(got)
        return got
    monkeypatch.setattr(simplify, "remove_dead_stores", checking)
    monkeypatch.setattr(driver, "_CACHE", {})
    for transform, fn, argnums in CASES:
        example = EXAMPLE_ARGS.get(fn)
        s2s.source(fn, transform, argnums, example_args=example() if example else None)
    assert len(removed) > 50 and any(removed)


def test_census_loads_are_unknown_where_a_value_binds_names_of_its_own():
    from s2s.passes.simplify_census import Census
    fn = gast.parse("def f(xs, k):\n    a = xs[k] + k\n    b = [x * k for x in xs]\n"
                    "    c = lambda y: y + k\n    return a, b, c\n").body[0]
    census = Census(fn)
    a, b, c = (s.value for s in fn.body[:3])
    assert census.loads(a) == {"xs", "k"}
    assert census.loads(b) is None and census.loads(c) is None
