def newton_sqrt_jvp(a, a_dot):
    # forward_cases.py:53: x = a
    x = a
    x_dot = a_dot
    # forward_cases.py:54: steps = 0
    steps = 0
    # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
    mul = x * x
    sub = mul - a
    abs_ = jnp.abs(sub)
    and_ = abs_ > 1e-10
    if and_:
        and_ = steps < 50
    cond = and_
    while cond:
        # forward_cases.py:56: x = 0.5 * (x + a / x)
        div = a / x
        div_dot = a_dot / x - div * x_dot / x
        add = x + div
        add_dot = x_dot + div_dot
        x = 0.5 * add
        x_dot = 0.5 * add_dot
        # forward_cases.py:57: steps += 1
        steps = steps + 1
        # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
        mul_1 = x * x
        sub_1 = mul_1 - a
        abs_1 = jnp.abs(sub_1)
        and_1 = abs_1 > 1e-10
        if and_1:
            and_1 = steps < 50
        cond = and_1
    # forward_cases.py:58: return x
    return (x, x_dot)
