def item_updates_jvp(x, x_dot):
    # forward_cases.py:126: y = jnp.zeros(3)
    y = jnp.zeros(3)
    y_dot = jnp.zeros_like(y)
    # forward_cases.py:127: y = y.at[0].set(x[1] * 2.0)
    x_1 = x[1]
    x_1_dot = x_dot[1]
    mul = x_1 * 2.0
    mul_dot = x_1_dot * 2.0
    y_dot = y_dot.at[0].set(mul_dot)
    y = y.at[0].set(mul)
    # forward_cases.py:128: y = y.at[1:].add(x[:2])
    x_slice = x[:2]
    x_slice_dot = x_dot[:2]
    y_dot = y_dot.at[1:].add(x_slice_dot)
    y = y.at[1:].add(x_slice)
    # forward_cases.py:129: z = x * 1.0
    z = x * 1.0
    z_dot = x_dot
    # forward_cases.py:130: z[0] = jnp.sin(x[0])
    x_0 = x[0]
    x_0_dot = x_dot[0]
    sin = jnp.sin(x_0)
    sin_dot = jnp.cos(x_0) * x_0_dot
    z_dot = z_dot.at[0].set(sin_dot)
    z = z.at[0].set(sin)
    # forward_cases.py:131: z[1] += x[2]
    x_2 = x[2]
    x_2_dot = x_dot[2]
    z_dot = z_dot.at[1].add(x_2_dot)
    z = z.at[1].add(x_2)
    # forward_cases.py:132: return jnp.sum(y * z)
    mul_1 = y * z
    mul_1_dot = y_dot * z + y * z_dot
    sum_ = jnp.sum(mul_1)
    sum_dot = jnp.sum(mul_1_dot)
    return (sum_, sum_dot)
