def loop_range_grad(x, n):
    # forward_cases.py:31: for i in range(n):
    y_1 = x
    tape = []
    for i in range(n):
        # forward_cases.py:32: y = y * jnp.tanh(y) + x[i]
        tanh = jnp.tanh(y_1)
        mul = y_1 * tanh
        x_i = x[i]
        y_2 = mul + x_i
        # forward_cases.py:31: for i in range(n):
        tape.append((y_1, i, tanh, mul, x_i))
        y_1 = y_2
    # forward_cases.py:33: return y
    y_1_bar = grad_seed(y_1)
    # forward_cases.py:31: for i in range(n):
    x_bar = zeros_like(x)
    for y_1, i, tanh, mul, x_i in reversed(tape):
        y_2_bar = y_1_bar
        # forward_cases.py:32: y = y * jnp.tanh(y) + x[i]
        mul_bar = unbroadcast(y_2_bar, mul)
        x_i_bar = unbroadcast(y_2_bar, x_i)
        x_bar = x_bar.at[i].add(x_i_bar)
        y_1_bar = unbroadcast(mul_bar * tanh, y_1)
        tanh_bar = unbroadcast(y_1 * mul_bar, tanh)
        y_1_bar = y_1_bar + tanh_bar * (1 - tanh * tanh)
    # forward_cases.py:31: for i in range(n):
    y_bar = y_1_bar
    # forward_cases.py:30: y = x
    x_bar = x_bar + y_bar
    return x_bar
