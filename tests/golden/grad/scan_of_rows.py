def scan_of_rows_grad(x):
    # lax_cases.py:52: c, ys = lax.scan(body, 0.5, x)
    carry = 0.5
    x_shape = x.shape
    steps = x_shape[0]
    ys_1 = []
    carry_1 = carry
    ys_1_1 = ys_1
    tape = []
    for i in range(steps):
        x_i = x[i]
        c_1 = carry_1
        xi_1 = x_i
        # lax_cases.py:50: c = c * xi + 1.0
        mul_1 = c_1 * xi_1
        c_1_1 = mul_1 + 1.0
        # lax_cases.py:51: return c, c ** 2
        pow_1 = c_1_1 ** 2
        body_1 = (c_1_1, pow_1)
        # lax_cases.py:52: c, ys = lax.scan(body, 0.5, x)
        carry_2, y = body_1
        ys_1_1 = list_append(ys_1_1, y)
        tape.append((i, c_1, xi_1, c_1_1))
        carry_1 = carry_2
    stacked = stack_steps(ys_1_1)
    c, ys = (carry_1, stacked)
    # lax_cases.py:53: return c + jnp.sum(ys)
    sum_ = jnp.sum(ys)
    add = c + sum_
    result_bar = grad_seed(add)
    carry_1_bar = unbroadcast(result_bar, c)
    sum_bar = unbroadcast(result_bar, sum_)
    ys_bar = jnp.broadcast_to(sum_bar, jnp.shape(ys))
    # lax_cases.py:52: c, ys = lax.scan(body, 0.5, x)
    ys_1_1_bar = unstack_like(ys_bar, ys_1_1, 0)
    x_bar = zeros_like(x)
    for i, c_1, xi_1, c_1_1 in reversed(tape):
        ys_1_2_bar = ys_1_1_bar
        c_1_1_bar = carry_1_bar
        ys_1_1_bar = ys_1_2_bar[:-1]
        y_bar = ys_1_2_bar[-1]
        # lax_cases.py:51: return c, c ** 2
        c_1_1_bar = c_1_1_bar + y_bar * (2 * c_1_1)
        # lax_cases.py:50: c = c * xi + 1.0
        mul_1_bar = c_1_1_bar
        carry_1_bar = unbroadcast(mul_1_bar * xi_1, c_1)
        xi_1_bar = unbroadcast(c_1 * mul_1_bar, xi_1)
        # lax_cases.py:52: c, ys = lax.scan(body, 0.5, x)
        x_bar = x_bar.at[i].add(xi_1_bar)
    return x_bar
