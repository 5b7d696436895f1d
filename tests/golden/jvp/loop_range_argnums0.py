def loop_range_jvp(x, n, x_dot):
    # forward_cases.py:30: y = x
    y = x
    y_dot = x_dot
    # forward_cases.py:31: for i in range(n):
    for i in range(n):
        # forward_cases.py:32: y = y * jnp.tanh(y) + x[i]
        tanh = jnp.tanh(y)
        tanh_dot = (1 - tanh * tanh) * y_dot
        mul = y * tanh
        mul_dot = y_dot * tanh + y * tanh_dot
        x_i = x[i]
        x_i_dot = x_dot[i]
        y = mul + x_i
        y_dot = mul_dot + x_i_dot
    # forward_cases.py:33: return y
    return (y, y_dot)
