"""Programs that once gave a wrong derivative or an internal error (issue 8).

Each is checked in every transformation that applies, against JAX
(tests/test_regressions.py). A bug found is a case here before it is a fix.
"""
import jax.numpy as jnp

import s2s


def nested_for(x):
    s = 0.0
    for i in range(2):
        for j in range(3):
            s = s + x * i + j
    return s


def nested_for_state(x):
    h = x
    for i in range(2):
        for j in range(2):
            h = jnp.sin(h) * x
    return h


def twice_in_loop(x):
    for i in range(3):
        x = x * 2.0
        x = jnp.sin(x)
    return x


def twice_in_branch(x):
    for i in range(3):
        if i > 0:
            x = x * 2.0
            x = jnp.sin(x)
        else:
            x = jnp.cos(x)
    return x


def with_default(x, a=2.0):
    return jnp.sin(x) * a


def helper(x):
    return jnp.sin(x) * x


def calls_helper(x):
    return helper(x) * 2.0


def two_results(a):
    return jnp.sin(a) * a, a * 2.0


def helper_in_loop(x):
    # each iteration's pullback must go on the tape (the last one was used for all)
    for i in range(3):
        x = helper(x)
    return x


def unpacked_helper(x):
    # `u, y = g(x)` never called g's pullback: the gradient was zero
    u, y = two_results(x)
    return jnp.cos(y) + u


def unpacked_helper_in_loop(x):
    for i in range(2):
        p, q = two_results(x)
        x = p + q
    return x


def helper_in_branch_in_loop(x):
    for i in range(3):
        if i > 0:
            x = helper(x)
        else:
            x = jnp.cos(x)
    return x


def nested_unpacking(x):
    (p, q), r = two_results(x), x
    return p * q * r


def loop_on_constant_then_active(a, b):
    # `a` is a constant in the loop, active after it: its tangent starts as
    # zeros at the helper's entry (it was read before it was ever set)
    it = 0
    while it < 3 and a < 5.0:
        a = a + 0.5
        it = it + 1
    a += b
    return a * b


def calls_with_a_constant(x):
    return loop_on_constant_then_active(0.3, x)


def slice_only_in_a_branch(a, b):
    # the gradient's code reads `b[:2]` (defined only when a > 1) in its own
    # `if a > 1.0`; grad of that gradient zeroed its cotangent on the other path
    # with `zeros_like(b_slice)` where b_slice was never assigned
    if a > 1.0:
        a = 0.1 - jnp.dot(b[:2], b[:2])
    else:
        b = jnp.cos(b) * b
    return b[0] + a


def calls_slice_only_in_a_branch(x):
    return slice_only_in_a_branch(x, x * jnp.arange(1.0, 3.0))


def slice_updated_in_a_loop(x):
    # the pullback adds into x's cotangent with `.at[:2].add`
    h = x[:2]
    for i in range(2):
        h = jnp.tanh(h * x[:2])
    return x + jnp.sum(h)


def while_stacks_its_counter(s):
    # the hessian batches `broadcast_to(b_dot, jnp.shape(b_2))` inside the traced
    # while: a shape is the same at every pass, not a value the probe saw once
    b = s * jnp.arange(1.0, 3.0)
    it = 0
    while it < 2 and jnp.sum(b ** 2) < 10.0:
        b = b + 0.5 * jnp.stack([1.5, 0.1 * (it + 1)])
        it = it + 1
    return jnp.sum(jnp.sin(b))


def branch_then_while(a):
    # grad of the gradient: the cotangent of `jnp.sum(t)` (computed only when
    # a > 0.3) was given zeros before the gradient's loop, on the path where
    # it was never assigned
    if a > 0.3:
        t = jnp.abs(a * jnp.arange(1.0, 9.0).reshape(4, 2)) / 2.0
        a = jnp.cos(a) * (jnp.sum(t) / (1.0 + a ** 2))
    else:
        a -= a
    it = 0
    while it < 4 and a < 10.0:
        a = a + 0.5 * jnp.mean(a * jnp.arange(1.0, 3.0))
        it = it + 1
    return a


def calls_branch_then_while(x):
    return branch_then_while(x * 2.0)


def while_in_a_for(s):
    # grad of the gradient: the gradient's `for h, arange, m in reversed(tape)`
    # rebinds `arange`; SSA took the name the while assigns for a value carried
    # into that loop (`arange_1 = arange`), unbound when the while ran no pass
    h = s * jnp.array([0.1, 0.2, 0.3, 0.4])
    for i in range(1):
        it = 0
        while it < 4 and jnp.sum(h ** 2) < 2.0:
            h = h - 0.5 * (s * jnp.arange(1.0, 5.0))
            it = it + 1
    return jnp.sum(jnp.sin(h))


def nested_branch_then_while(x):
    # grad of the gradient: `h_2`, assigned under `if x < 1.0` only, was read by
    # the gradient under the same condition; SSA left that read unrenamed
    # (NameError) because the else path does not define it
    h = x * jnp.arange(1.0, 5.0)
    if x < 1.0:
        if x < 0.5:
            h = jnp.tanh(h * x)
        h = h + h * x
    else:
        h += h
    it = 0
    while it < 4 and jnp.sum(h ** 2) < 5.0:
        it = it + 1
    return jnp.sum(h ** 2)


def for_target_reused_after_a_branch(x):
    # the loop under the value-dependent `if` made its target `i` unsteady
    # everywhere; the second loop's `if` on `i` was then undecided, and the
    # branch the probe never ran needed shapes nobody saw (jacfwd, vmap and
    # hessian refused the program)
    h = x * jnp.array([0.3, -0.2, 0.1])
    if x > 0.5:
        for i in range(2):
            h = h * 1.5
    for i in range(3):
        if (0.1 * (i + 1)) < 0.0:
            h -= h
        else:
            h = jnp.tanh(h)
        it = 0
        while it < 2 and jnp.max(h) < 2.0:
            h = h * 2.0
            it = it + 1
    return jnp.sum(h)


def matmul_in_a_branch_in_a_loop(s):
    # hessian: the jvp of the gradient gave the tape's empty slot for `mul`
    # (`mul = None`, the branch not taken) the tangent 0.0; where the probe ran
    # both branches of the gradient, matmul's cotangent rule got that scalar
    x = s * jnp.array([0.1, 0.2, 0.3, 0.4])
    h = jnp.exp(-x ** 2)
    for i in range(3):
        if jnp.sum(x[:2]) * (i + 1) > 0.3:
            h = h + (h[:, None] * jnp.arange(1.0, 3.0)) @ x[:2]
    return jnp.sum(jnp.sin(h))


def maybe_undefined_then_a_loop(x):
    # grad: `t2`, defined only where x > 1, was copied into the loop that
    # assigns it again (`t2_1 = t2`: UnboundLocalError where x <= 1)
    if x > 1.0:
        t2 = jnp.exp(x)
    for i in range(2):
        if (0.1 * (i + 1)) < 0.0:
            t1 = x
        else:
            t2 = x * 2.0
    return x ** 2 + jnp.sin(x)


def while_only_under_an_if(x):
    # grad of grad: the gradient reads its tape in a loop under `if gt:` again;
    # the tape, defined only under the first `if`, was read inside that loop
    # under its first version (`tape[j]`, the empty list: IndexError)
    if x > 0.0:
        t = x * 0.5
        it = 0
        while it < 4 and t < 2.0:
            t = t + 0.5 * x
            it = it + 1
    return x * x


def loop_in_the_else_branch(x):
    # grad of grad: the tape's zero cotangent was written where the tape is
    # undefined (the other branch): the gradient tests `not lt` twice, under two
    # names, so the two `if`s were not seen to be one condition
    if x < 0.0:
        t2 = jnp.sin(x)
    else:
        t3 = x
        for i in range(3):
            t3 *= jnp.tanh(0.3)
    return x * x



def loop_only_on_the_other_path(x):
    # grad of grad (make fuzz, seed 0): the tape of the loop in the else branch
    # got a zero cotangent on the path where it is undefined: the gradient tests
    # `gt` on the way forward and `not_ = not gt` on the way back, and the two
    # were not seen to be one condition, negated
    h = jnp.cos(0.5)
    if x > 0.0:
        h = h * 0.5
    else:
        for i in range(2):
            h = h * x
    return x + h


def dead_name_reshaped_in_a_while(x):
    # vmap (make fuzz, seed 0, program 658): `t` is assigned under a `while`
    # whose trip count differs between examples, with a shape other than its
    # value before; nobody reads it after the loop, yet it was merged with that
    # value (a jnp.where of shapes (3, 1), (3, 4), (3, 2): an internal crash)
    t = x[:2]
    h = x
    for i in range(2):
        it = 0
        while it < 2 and jnp.sum(h ** 2) < 5.0:
            h = h + 0.5
            for j in range(2):
                t = jnp.sum(h) * x
            it = it + 1
    return jnp.sum(h)


def dead_name_reshaped_in_a_while_body(x):
    # the same, assigned in the loop body itself: refused as "two shapes"
    t = x[:2]
    h = x
    it = 0
    while it < 2 and jnp.sum(h ** 2) < 5.0:
        h = h + 0.5
        t = jnp.sum(h) * x
        it = it + 1
    return jnp.sum(h)


def dead_name_read_only_before_a_while(x):
    # the same, with `t` read before the loop: only reads after it count
    t = x[:2]
    t += t
    h = x
    it = 0
    while it < 2 and jnp.sum(h ** 2) < 5.0:
        h = h + 0.5
        t = jnp.sum(h) * x
        it = it + 1
    return jnp.sum(h)


def read_by_the_next_outer_iteration(x):
    # ... and a read by the next iteration of a loop around the `while` counts
    t = x
    acc = 0.0
    for i in range(2):
        acc = acc + jnp.sum(t)
        h = x
        it = 0
        while it < 2 and jnp.sum(h ** 2) < 5.0:
            h = h + 0.5
            t = h * 2.0
            it = it + 1
    return acc


def _two_of(a):
    return jnp.tanh(a) * 2.0, jnp.sin(a)


def constant_call_unpacked_into_active_names(x):
    # jvp (make fuzz, seed 0, program 1962): `g, z = helper(1.5)` is inactive but
    # `z` is active (assigned again below); its zero tangents were written
    # `g_dot, z_dot = jnp.zeros_like(helper(1.5))`: zeros_like of a tuple, a crash
    g, z = _two_of(1.5)
    u, y = _two_of(x)
    z = jnp.tanh(z * y)
    return z + g * u


def unused_cotangent_carried_by_a_branch_loop(x, c):
    # grad of grad w.r.t. c (make fuzz, seed 0, program 1654): NameError
    # `h_bar_3`. The first gradient carries `h_bar` through a loop in a branch;
    # ssa named the loop's exit copy as the branch's join (`h_bar_5`), but the
    # loop still said `h_bar_3`, which the zero cotangent was made from.
    h, g = x[:2], ((c * jnp.arange(1.0, 3.0)) * 0.5) * (c * jnp.arange(1.0, 3.0))
    if jnp.minimum(jnp.sum(x), (c * 0.5) - c) > -0.2:
        it = 0
        while it < 3 and jnp.sum(g ** 2) < 5.0:
            g = g * 2.0 - ((c * jnp.arange(1.0, 5.0)) @ (jnp.arange(1.0, 5.0)[:, None] * h))
    else:
        h = h + jnp.einsum('i,ij->j', x, jnp.arange(1.0, 5.0)[:, None] * h)
    z = jnp.maximum(x * 0.5, x)
    pair = (g, jnp.einsum('i,j->ij', z, h))
    y = pair[1]
    q, r = jnp.max(y), jnp.square(0.5)
    return r

def _flipped_pair(a, b):
    b -= a
    return jnp.sin(b * jnp.arange(1.0, 5.0)), jnp.flip(b * jnp.arange(1.0, 5.0))


def new_axes_of_a_flip(m):
    # jax.jit of the gradient: z[:, None]'s cotangent was a scatter with no index
    # dimensions (`.at[:, None].add`), flipped by the helper's pullback, and
    # XLA's simplifier aborted the process on it (now a reshape, as JAX's)
    g, z = _flipped_pair(jnp.mean(m), jnp.sum(m))
    out = m + g[:, None] * jnp.arange(1.0, 3.0) + z[:, None] * jnp.arange(1.0, 3.0)
    return jnp.mean(jnp.tanh(out))


def static_test_under_a_traced_if(x, n=1):
    # vmap and the Jacobians: `n % 2 == 0` (n static) under an `if` on a value was
    # taken to be undecided, because it reads `mod`, assigned there too; its body,
    # which never runs for n = 1, was then refused for want of shapes
    g = jnp.tanh(x)
    if jnp.sum(x) < -0.2:
        if n % 2 == 0:
            g -= x
            g = jnp.sum(x) * jnp.arange(1.0, 5.0)
        g = g * 0.9
    return jnp.sum(g ** 2)


def dict_params(p, x):
    return jnp.sum(jnp.tanh(p["w"] * x + p["b"]))


def dict_only_in_a_test(p, x):
    # p's gradient is zero (tree_zeros_like(p)); jvp of the gradient read it as an array
    if jnp.sum(p["w"]) > -0.2:
        x = jnp.cos(x) * x
    return jnp.sum(x)


def int_leaf(p):
    return p["w"] * p["n"]


def while_sqrt(x):
    while x > 1.5:
        x = jnp.sqrt(x)
    return x


def while_square(x):
    n = 0
    while n < 3 and x < 10.0:
        x = x * x + 0.5
        n = n + 1
    return x


def while_counter_ends(x):
    # The data condition never ends the loop, the counter does (on its third
    # test). The vmap probe runs a traced loop's body twice, seeing `n < 3`
    # True both times: it is not a constant to fold (it looped forever).
    n = 0
    while n < 3 and jnp.max(x) < 2.0:
        x = x + 0.0 * jnp.sin(x)
        n = n + 1
    return x * x


def while_counted(x, bound):
    n = 0.0
    while n < bound:
        x = jnp.sin(x) * 1.5
        n = n + 1.0
    return x


def appends(x):
    acts = []
    for i in range(3):
        x = jnp.sin(x)
        acts.append(x)
    return jnp.stack(acts)


def appends_loss(x):
    return jnp.sum(appends(x) ** 2)


def affine(x):
    return x * 2.0 + 1.0


def product(x, y):
    return x * y + 3.0


def _scaled_while(a, b):
    a = jnp.cos(a) * a
    it = 0
    while it < 4 and jnp.sum(b) < 5.0:
        b = b * 1.5 + 0.2
        a = a - 0.5 * a
        it = it + 1
    return a[:, None] * jnp.arange(1.0, 3.0)


def _while_then_for(a):
    it = 0
    while it < 2 and jnp.max(a) < 5.0:
        a = a * 1.5 + 0.2
        t = 0.1 * (it + 1)
        it = it + 1
    for i in range(2):
        t2 = jnp.log1p((jnp.sum(a) * jnp.arange(1.0, 5.0)) ** 2)
        a = a
    return 0.3 * 2.0


def helpers_with_whiles(x, s):
    # jacrev, hessian: the batch pass's steadiness analysis never ended (a tape
    # read `e = t[j]` into a name already unsteady was noted, dropped and noted
    # again at every round)
    g = _scaled_while(jnp.maximum(x, s), jnp.sqrt(1.0 + (s * jnp.arange(1.0, 9.0).reshape(4, 2)) ** 2))
    z = _while_then_for(jnp.mean(g, axis=0) ** 2)
    out = g + (z * jnp.arange(1.0, 9.0).reshape(4, 2))
    return jnp.sum(out ** 2)


def continue_keeps_the_carried_value(y):
    # grad wrt y was a scalar: ssa's placeholders for the `continue` path of a
    # `while True` loop (`acc_1 = None`) overwrote the carried value before the
    # tape recorded it, so the pullback summed acc's cotangent to a scalar
    x = jnp.array([0.3, 0.5, 0.9])
    acc = y
    i = 0
    while i < 100:
        acc = acc + x[i % 3]
        i += 1
        if jnp.sum(acc) < 2.0:
            continue
        if jnp.sum(acc) > 5.0:
            break
        acc = acc * 1.5
    return jnp.sum(acc * jnp.arange(1.0, 3.0))


def dead_name_set_under_a_static_if_in_a_batched_branch(n, x, m, s):
    # make fuzz (seed 0, program 585), vmap: `t4` is read by nobody after the
    # batched `if`, yet was merged (jnp.where of a (4, 2) and a batched (2,):
    # ValueError) - the check for later reads compared nodes of a copy
    t4 = m
    if (-s) > -0.2:
        t2 = jnp.log(1.0 + x ** 2)
    else:
        if n % 2 == 0:
            t4 = jnp.matmul(s * x, m)
            t4 -= (jnp.sum(t4) * jnp.arange(1.0, 5.0))[:2]
    return jnp.sum(x) * s


def break_under_a_value_test_in_a_for(s):
    # make fuzz (seed 0, programs 588-594), jacrev and hessian refused: the tape
    # entry of the iteration that breaks saves None for `a_3` (the other branch's
    # value), and the probe of the batched pullback ran both branches of
    # `if lt:` on that entry: TypeError on None ** 2
    a = s
    for i in range(3):
        a = a * 1.5
        if a < 0.0:
            break
        a = jnp.tanh(a)
    return a


def continue_in_a_while_with_a_compound_test(c, x):
    # make fuzz (seed 0, program 526), vmap refused "cannot batch `break`":
    # with a `continue`, the loop's test is computed at the top of a
    # `while True:` body and left by `if not cond: break`, which the flags pass
    # did not turn into a flag
    h = x
    it = 0
    while it < 4 and jnp.sum(h ** 2) < 2.0:
        h = h + 0.5 * x
        it = it + 1
        if c < 0.0:
            continue
        h = jnp.cos(h) * h
    return jnp.sum(h)


def while_with_a_continue_after_an_inner_loop(s, x):
    # make fuzz (seed 0, program 651), grad_of_grad: UnboundLocalError in the
    # generated code (`h_14_1`): the join of an `if` after the loop copied a
    # value no iteration had computed, though nothing after the `if` read it
    h = x
    h = jnp.tanh(h * (x - s))
    acc = []
    for i in range(2):
        it = 0
        while it < 4 and jnp.sum(h ** 2) < 10.0:
            h = h * 2.0 - (s * jnp.arange(1.0, 5.0))
            h += s + x
            it = it + 1
        acc.append(jnp.mean(jnp.einsum('ij,j->i', s * jnp.arange(1.0, 9.0).reshape(4, 2),
                                       s * jnp.arange(1.0, 3.0))))
    g = jnp.sum(jnp.stack(acc), axis=0)
    it = 0
    while it < 2 and jnp.sum(h) < 5.0:
        h = h + 0.5 * h
        it = it + 1
    it = 0
    while it < 3 and jnp.max(h) < 5.0:
        h = h * 2.0 - (x[:, None] * jnp.arange(1.0, 3.0))[:, 1]
        for i in range(3):
            h = jnp.flip(h)
            t = jnp.exp(jnp.sin(x))
            h += jnp.max(t[:, None] * jnp.arange(1.0, 3.0), axis=1)
        it = it + 1
        if jnp.minimum(g, s) > 1.0:
            continue
        h = h + jnp.square(h + x)
    return (1.0 + s ** 2) ** 0.5 + jnp.sum(h) + g


def nested_function_with_its_own_nested_function(x):
    # found writing lax.fori_loop in a lax.cond branch out as Python: inlining
    # `long` renamed the calls of `inner` but not its `def`, so grad raised
    # KeyError('inner_1') from s2s's internals
    def long(a):
        def inner(i, c):
            return jnp.sin(c) + a * i
        v = a
        for i in range(3):
            v = inner(i, v)
        return v
    return jnp.sum(long(x))


def nested_tuple_returned_by_a_helper(x):
    # found writing lax.scan out as Python (a body's `return c, (a, b)`):
    # reverse mode crashed on the nested tuple literal, AttributeError
    # 'Tuple' object has no attribute 'id' from s2s's internals
    def body(c):
        return c, (c * 2.0, jnp.sum(c))
    a, b = body(x)
    return jnp.sum(a) + jnp.sum(b[0] * jnp.arange(1.0, 4.0)) + b[1] ** 2


def tuple_written_at_a_call_of_a_nested_function(x):
    # found writing lax.scan out as Python (a step's row `(a[i], b[i])`): jvp
    # and grad crashed on a tuple literal argument of a user function,
    # AttributeError 'Tuple' object has no attribute 'id' from s2s's internals
    def g(p):
        a, b = p
        return a * b
    return jnp.sum(g((x, x * 2.0)))


def tuple_written_at_a_call_of_a_module_function(x):
    return jnp.sum(_multiply_pair((jnp.sin(x), x * 2.0)))


def _multiply_pair(p):
    a, b = p
    return a * b


_CONSTANT = jnp.arange(6.0).reshape(3, 2)


def sum_of_a_product_with_a_constant(m):
    # found by a helper writing shape rules: vmap(grad) crashed, einsum
    # 'il,jl->zij' (the gradient does not depend on m: no operand is batched)
    return jnp.sum(m @ _CONSTANT)


def asks_about_its_dtype(x):
    # found reaching for coverage: under vmap (and jacfwd, hessian) the probe
    # read jnp.floating, a class, as an array ('getset_descriptor' object is
    # not iterable); jnp.promote_types went to jax.vmap and failed
    if jnp.issubdtype(x.dtype, jnp.floating) and not jnp.isscalar(x):
        y = jnp.sin(x)
    else:
        y = x
    t = jnp.promote_types(x.dtype, jnp.float32)
    return jnp.sum(y.astype(t)) * jnp.ndim(x)


sin_times = lambda x: jnp.sum(jnp.sin(x) * x)   # noqa: E731


def sum_of_the_gradient_of_a_lambda(y):
    return jnp.sum(s2s.grad(sin_times)(y))
