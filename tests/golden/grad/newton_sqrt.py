def newton_sqrt_grad(a):
    # forward_cases.py:54: steps = 0
    steps = 0
    # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
    mul = a * a
    sub = mul - a
    abs_ = jnp.abs(sub)
    and_ = abs_ > 1e-10
    if and_:
        and_2 = steps < 50
    else:
        and_2 = and_
    cond = and_2
    cond_1 = cond
    steps_1 = steps
    x_1 = a
    tape = []
    while cond_1:
        # forward_cases.py:56: x = 0.5 * (x + a / x)
        div = a / x_1
        add = x_1 + div
        x_2 = 0.5 * add
        # forward_cases.py:57: steps += 1
        steps_2 = steps_1 + 1
        # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
        mul_1 = x_2 * x_2
        sub_1 = mul_1 - a
        abs_1 = jnp.abs(sub_1)
        and_1 = abs_1 > 1e-10
        if and_1:
            and_1_1 = steps_2 < 50
        else:
            and_1_1 = and_1
        tape.append((x_1, div))
        cond_1 = and_1_1
        steps_1 = steps_2
        x_1 = x_2
    # forward_cases.py:58: return x
    x_1_bar = grad_seed(x_1)
    # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
    a_bar = zeros_like(a)
    for x_1, div in reversed(tape):
        x_2_bar = x_1_bar
        # forward_cases.py:56: x = 0.5 * (x + a / x)
        add_bar = 0.5 * x_2_bar
        x_1_bar = unbroadcast(add_bar, x_1)
        div_bar = unbroadcast(add_bar, div)
        a_bar = a_bar + unbroadcast(div_bar / x_1, a)
        x_1_bar = x_1_bar + unbroadcast(-div_bar * div / x_1, x_1)
    # forward_cases.py:55: while jnp.abs(x * x - a) > 1e-10 and steps < 50:
    x_bar = x_1_bar
    # forward_cases.py:53: x = a
    a_bar = a_bar + x_bar
    return a_bar
