def newton_sqrt_jit(a):
    # jit_cases.py:21: x = a
    x = a
    # jit_cases.py:22: steps = 0
    steps = 0
    # jit_cases.py:23: while jnp.abs(x * x - a) > 1e-6 and steps < 50:
    mul = x * x
    sub = mul - a
    abs_ = jnp.abs(sub)
    and_ = abs_ > 1e-06
    and_ = jnp.where(and_, steps < 50, and_)
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
        and_1 = jnp.where(and_1, steps < 50, and_1)
        cond = and_1
        return (cond, steps, x)
    cond, steps, x = while_loop(loop_test, loop_body, cond, steps, x)
    # jit_cases.py:26: return x
    return x
