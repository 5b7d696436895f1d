def newton_sqrt_jit(a):
    # jit_cases.py:21: x = a
    x = a
    # jit_cases.py:22: steps = 0
    steps = 0
    # jit_cases.py:23: while jnp.abs(x * x - a) > 1e-6 and steps < 50:
    mul = x * x
    sub = mul - a
    abs = jnp.abs(sub)
    and_ = abs > 1e-06

    def if_true(and_):
        and_ = steps < 50
        return and_

    def if_false(and_):
        return and_
    and_ = if_else(and_, if_true, if_false, and_)
    cond = and_

    def loop_test(cond, steps, x):
        return cond

    def loop_body(cond, steps, x):
        # jit_cases.py:24: x = 0.5 * (x + a / x)
        div = a / x
        add = x + div
        x = 0.5 * add
        # jit_cases.py:25: steps += 1
        steps = steps + 1
        # jit_cases.py:23: while jnp.abs(x * x - a) > 1e-6 and steps < 50:
        mul_1 = x * x
        sub_1 = mul_1 - a
        abs_1 = jnp.abs(sub_1)
        and_1 = abs_1 > 1e-06

        def if_true_1(and_1):
            and_1 = steps < 50
            return and_1

        def if_false_1(and_1):
            return and_1
        and_1 = if_else(and_1, if_true_1, if_false_1, and_1)
        cond = and_1
        return (cond, steps, x)
    cond, steps, x = while_loop(loop_test, loop_body, cond, steps, x)
    # jit_cases.py:26: return x
    result = x
    return result
