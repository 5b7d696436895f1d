"""Programs with Python control flow on traced values: what `jax.jit` refuses
(a concretization error) and `s2s.jit` converts to lax."""
import jax.numpy as jnp


def branch(x):
    if jnp.sum(x) > 0:
        y = x * 2.0
    else:
        y = -x
    return y


def early_return(x):
    if x > 0:
        return x * 3.0
    return jnp.sin(x) - 1.0


def newton_sqrt(a):
    x = a
    steps = 0
    while jnp.abs(x * x - a) > 1e-6 and steps < 50:
        x = 0.5 * (x + a / x)
        steps += 1
    return x


def counted(x, n):
    total = 0.0
    for i in range(n):
        total = total + x * i
    return total


def rows(m):
    acc = 0.0
    for row in m:
        if jnp.sum(row) > 0:
            acc = acc + jnp.sum(row ** 2)
        else:
            acc = acc - 1.0
    return acc


def nested_loops(x):
    total = 0.0
    i = 0
    while total < 10.0:
        for j in range(3):
            total = total + x[j] * (i + 1)
        i += 1
    return total * i


def break_continue(x):
    acc = 0.0
    i = 0
    while i < 100:
        acc = acc + x[i % 3]
        i += 1
        if acc < 2.0:
            continue
        if acc > 5.0:
            break
        acc = acc + 0.25
    return acc


def int_carry(x):
    total = 0
    k = 0
    while k < 4:
        total = total + x[k]
        k += 1
    return total


def long_loop(x):
    acc = x
    for i in range(1000):
        acc = jnp.sin(acc) + 0.001 * i
    return jnp.sum(acc)


def static_flag(x, square):
    if square:
        y = x * x
    else:
        y = x
    return jnp.sum(y)


def helper_with_branch(v):
    if v > 1.0:
        return jnp.log(v)
    return v - 1.0


def calls_helper(x):
    return helper_with_branch(x) * 2.0 + helper_with_branch(x + 1.0)


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def loss_with_clip(w, x, y):
    pred = jnp.tanh(x @ w)
    err = jnp.sum((pred - y) ** 2)
    if err > 1.0:
        err = jnp.sqrt(err)
    return err


# -- what s2s.jit refuses, at the user's line -------------------------------------------------

def one_branch_only(x):
    if x > 0:
        y = x * 2.0
    return y


def growing_carry(x):
    while jnp.sum(x) < 100.0:
        x = jnp.concatenate([x, x])
    return x


def raise_under_traced_if(x):
    if x < 0:
        raise ValueError("negative")
    return x


def array_condition(x):
    if x > 0:
        x = x - 1.0
    return x


def int_of_traced(x, xs):
    k = int(x)
    return xs[k]


def and_of_atoms_in_a_while(a):
    # make fuzz seed 7: `it < 4 and a < 5.0` stays a Python `and` of two names,
    # which needs a bool (TracerBoolConversionError before the fix)
    a = a * jnp.tanh(jnp.log(1.0 + a ** 2))
    it = 0
    while it < 4 and a < 5.0:
        it = it + 1
        a = a * 1.5
    return a * it


def break_in_a_python_loop(a):
    # make fuzz (seed 0, program 78): a `for` over a short literal range stays a
    # Python loop, and the `if` on a traced value around its `break` became a
    # branch function holding the `break` (SyntaxError: 'break' outside loop)
    for i in range(3):
        a = a * 0.9 + jnp.sin(a * 1.5)
        if jnp.mean(a) < 0.3:
            break
        a = a * 0.9 + jnp.sin(a)
    return jnp.sum(a)


def break_in_a_counted_while(a):
    i = 0
    while i < 5:
        a = a * 0.9 + 0.1
        i = i + 1
        if jnp.mean(a) < 0.3:
            break
        a = a * 0.5
    return jnp.sum(a)


def nested_traced_whiles(g, y):
    # make fuzz (seed 0, program 83), s2s.jit(s2s.grad): UnexpectedTracerError.
    # The inner `while` records a tape inside the outer one's body: its
    # bound's flag, made in that body's trace, was handed to the outermost one
    it = 0
    while it < 2 and jnp.sum(g) < 10.0:
        g = g * 1.5 + 0.2
        it2 = 0
        while it2 < 4 and jnp.sum(y) < 5.0:
            y = y * 1.5 + 0.2
            it2 = it2 + 1
        it = it + 1
    return jnp.sum(g) + jnp.sum(jnp.tanh(y))


def static_test_inside_a_traced_if(x, c, n):
    # make fuzz (seed 0, program 134), s2s.jit(s2s.grad) with n static:
    # TypeError, cos of None. `eq = n == 2` sat in a branch of the traced `if`,
    # so lax.cond handed it on as a traced bool; the pullback's `if eq:` then
    # ran both branches, one reading `mul`, which no path had computed
    h = c * jnp.arange(1.0, 9.0).reshape(4, 2)
    if c > -0.2:
        h = h * 2.0
    else:
        if n == 2:
            h -= jnp.sin(c * jnp.arange(1.0, 9.0).reshape(4, 2))
    return jnp.sum(jnp.sin(h)) + jnp.sum(x)


def break_on_a_constant_in_a_python_loop(a):
    # make fuzz (seed 0, program 514), s2s.jit(s2s.grad): TypeError, where of
    # None. The break's test is a constant, but the tape's copy of it is read
    # under a converted loop, so the loop became a `while` on a flag made by
    # jnp.logical_and (traced even of constants): its pullback then ran both
    # branches of the test, one reading values no step had saved
    a += a ** 2
    for i in range(2):
        a = a + a[i] * 0.5
        if 1.5 > 1.0:
            break
        a = a - 0.5 * ((1.0 + a ** 2) ** 0.5)
    return jnp.sum(a)


def static_test_in_a_loop_left_by_a_traced_break(x, c, n):
    # make fuzz (seed 0, program 679), s2s.jit(s2s.grad) with n static:
    # TypeError, 2 * None. The loop records its tape under lax, which stacked
    # `eq = n % 2 == 0` into an array: the pullback's `if eq:` became a
    # lax.cond running the branch no step took, on values no step saved
    g = x
    for i in range(2):
        g = g + x[i] * 0.5
        if n % 2 == 0:
            g = g * 2.0
        else:
            g -= jnp.sqrt(1.0 + g ** 2)
        if c ** 3 > 0.0:
            break
        g = g * 0.9
    return jnp.sum(jnp.sin(g))


def static_parity_test_inside_a_traced_if(x, c, n):
    # make fuzz (seed 0, program 1000): as static_test_inside_a_traced_if, with
    # the test computed in two steps (`mod = n % 2`, `eq = mod == 0`)
    h = c * x
    if jnp.sum(x) > 1.0:
        h = jnp.tanh(h)
        if n % 2 == 0:
            h = h * 0.9 + jnp.sin(jnp.square(h))
        else:
            h = h + c
    return jnp.sum(h ** 2)


def constant_continue_in_a_traced_while(h, c):
    # make fuzz (seed 0, program 1214), s2s.jit(s2s.grad): TypeError, tracer *
    # None. `gt = 3.0 > 0.3` is computed after the loop's stop test, so the
    # stopping path saves None for it, and lax.cond handed it on traced: the
    # pullback then ran the branch after the `continue`, which no step ran
    it = 0
    while it < 4 and jnp.max(h) < 2.0:
        h = h * 2.0 - h ** 2
        it = it + 1
        if 3.0 > 0.3:
            continue
        h = jnp.tanh(h * jnp.flip(c * jnp.arange(1.0, 4.0)))
    return jnp.sum(jnp.tanh(h))


def if_that_becomes_traced_in_a_loop_with_a_break(x, s):
    # make fuzz (seed 0, programs 1234 and 1235), s2s.jit(s2s.grad): ValueError,
    # None is not a valid value for jnp.array. `u` is a Python number until the
    # else branch makes it traced, so the first step runs in Python and saves
    # None for the branch it did not take; the traced steps save an array there
    h = x[0]
    u = 3.0
    for i in range(2):
        h = h + x[i] * 0.5
        if u < 0.0:
            h = jnp.cos(h) * s
        else:
            u = u + s
        if jnp.sum(x) < 0.3:
            break
    return h * u


def counted_loop_of_a_traced_length(n, x):
    # under s2s.jit(s2s.grad): a `for` of a traced trip count whose tape grows
    # was refused ("a list grows in this `for` loop"); it records into a
    # bounded tape as a `while` does
    h = x
    for i in range(n):
        h = jnp.sin(h) * 0.9 + x * i
    return jnp.sum(h)


def sum_over_rows(xs):
    total = 0.0
    for x in xs:
        total = total + jnp.sum(jnp.tanh(x))
    return total


def rows_weighted_by_their_index(xs):
    total = 0.0
    for i in range(xs.shape[0]):
        total = total + jnp.sum(jnp.tanh(xs[i])) * i
    return total


def break_in_a_lax_loop(x, s):
    # make fuzz (seed 0, program 26 and 35 more), s2s.jit(s2s.grad, unroll=0):
    # refused, "the two branches of this `if` set values of different
    # structures": as a lax loop the break became a flag guarding the body, so
    # the steps after it recorded no tape item. It runs as a `while` on the
    # flag, each step recording one item
    h = s * x
    for j in range(3):
        h = jnp.sin(h) * 1.1
        if jnp.sum(h) > 1.0:
            break
        h = h + jnp.cos(h)
    return jnp.sum(h)


def list_appended_in_a_lax_loop(x, s):
    # make fuzz (seed 0, 42 programs), s2s.jit(s2s.grad, unroll=0): refused,
    # "a list grows in this `for` loop": the way back takes the list's
    # cotangent apart item by item (`acc_bar = acc_bar[:-1]`), which lax
    # carries as the stacked items and a count
    h = s * x
    acc = []
    for i in range(4):
        h = jnp.tanh(h) + 0.1 * i
        acc.append(jnp.sin(s * h))
    z = jnp.stack(acc)
    return jnp.sum(h) + jnp.sum(z[-1] * z[0])


def return_on_a_constant_in_a_loop_under_a_traced_if(n, s, c, x):
    # make fuzz (seed 0, program 249 and 8 more), s2s.jit(s2s.grad): TypeError,
    # broadcast_to got None. The loop's `if` on a constant saves a Python bool
    # on the tape; the outer `if` is traced, and its other branch saves no
    # tape, so the bool went through lax.cond and came back traced: the way
    # back then traced the `return` branch, whose cotangent is None
    if ((0.1 * (n + 1)) * c) < 0.0:
        t = s - x
        for i in range(1):
            t = t + x[i] * 0.5
            t2 = jnp.cos((s * jnp.arange(1.0, 5.0)) ** 3)
            if (0.1 * (i + 1)) < 0.0:
                return jnp.sum(x)
            t = jnp.exp(t2) / jnp.sum(jnp.exp(t2)) + (jnp.sum(t) / (1.0 + (0.1 * (i + 1)) ** 2))
    return s + jnp.sum(x)


def name_first_set_in_a_lax_loop_with_a_tape(x, s):
    # make fuzz (seed 0, program 1032 and more), s2s.jit(s2s.grad, unroll=0):
    # refused, "this `for` loop carries values of different structures": `y`
    # is None before the loop, and the first step that sets it could not run
    # as Python because the loop records a tape. It does now; its tape item
    # heads the ones lax.scan records
    acc = [x * 0.0]
    for i in range(5):
        y = jnp.exp(jnp.sin(x * s)) + 0.1 * i
        acc.append(y * s)
    return jnp.sum(jnp.stack(acc)) + jnp.sum(y)


def trajectory_read_at_its_last_item(x, s):
    # `xs.append(step(xs[-1]))`: the way back adds the cotangent of `xs[-1]`
    # to the list's (add_at), which lax carries as the stacked items
    xs = [x]
    for i in range(6):
        xs.append(jnp.sin(xs[-1]) * s)
    return jnp.sum(jnp.stack(xs) ** 2)


def return_under_a_traced_test_in_a_loop(x):
    # s2s.jit refused it ("`einsum` is assigned in only one branch of this
    # `if`", naming a value the user never wrote; make fuzz program 1430):
    # the value a `return` in a loop hands on now starts as None, as in
    # reverse mode, and lax.cond fills it on the path that does not return
    for i in range(40):
        x = x * 0.9 - 0.05
        if jnp.sum(x) < 0.0:
            return jnp.einsum('i,j->ij', x, x)
    return jnp.outer(x, x)


def _fuzz_71_helper(a, b):
    t = jnp.mean(a, axis=0)
    it = 0
    while it < 2 and jnp.max(b) < 5.0:
        b = b * 2.0 - (b + jnp.sum(a, axis=1))
        it = it + 1
    return jnp.sum(t) * jnp.arange(1.0, 5.0), t


def list_recorded_by_a_scan_then_taken_apart(s, c, x):
    # make fuzz (seed 0, program 71 of the device's draw, and 91 more),
    # s2s.jit(s2s.grad, unroll=0): "this `for` loop carries values of
    # different structures": the list's cotangent is the Stacked a lax.scan
    # recorded, and the way back shortened it by one item a step
    acc = []
    for i in range(2):
        acc.append(jnp.mean(x) ** 2)
    h = jnp.stack(acc)[-1]
    h = h * 0.9 + jnp.sin(s)
    h = h + c
    h *= jnp.tanh(h)
    g, z = _fuzz_71_helper(s * jnp.arange(1.0, 9.0).reshape(4, 2),
                           jnp.sum(c * jnp.arange(1.0, 9.0).reshape(4, 2), axis=1))
    out = jnp.cumsum(s * jnp.arange(1.0, 5.0)) + x + g + (jnp.sum(z) * jnp.arange(1.0, 5.0))
    return jnp.mean(jnp.tanh(out))


def trajectory_made_an_array(x, c):
    # make fuzz (seed 0, 17 programs under each of s2s.jit(f, unroll=0) and
    # s2s.jit(s2s.grad(f), unroll=0)): jnp.array of a list a lax loop appended
    # to was refused ("turns a traced value into a NumPy array"); its
    # cotangent, an array taken back row by row, changed shape in the loop.
    # Every grad crashed adding the list's cotangent from jnp.array (an array)
    # to the one from jnp.stack (a list)
    outs = []
    for i in range(40):
        x = jnp.sin(x) * 0.9 + c
        outs.append(x * 2.0)
    rows = jnp.array(outs)
    return jnp.sum(rows ** 2) + jnp.sum(jnp.asarray(outs)[-1]) + jnp.sum(jnp.stack(outs)[3])
