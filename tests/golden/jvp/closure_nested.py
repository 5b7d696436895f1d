def closure_nested_jvp(x, y, x_dot, y_dot):
    # forward_cases.py:101: def inner(z):

    def inner_jvp(z, z_dot):
        # forward_cases.py:102: return z * x + jnp.sin(y)
        mul = z * x
        mul_dot = z_dot * x + z * x_dot
        sin = jnp.sin(y)
        sin_dot = jnp.cos(y) * y_dot
        add = mul + sin
        add_dot = mul_dot + sin_dot
        return (add, add_dot)
    # forward_cases.py:101: def inner(z):

    def inner_jvp_1(z):
        # forward_cases.py:102: return z * x + jnp.sin(y)
        mul = z * x
        mul_dot_1 = z * x_dot
        sin = jnp.sin(y)
        sin_dot_1 = jnp.cos(y) * y_dot
        add = mul + sin
        add_dot_1 = mul_dot_1 + sin_dot_1
        return (add, add_dot_1)
    # forward_cases.py:103: scale = lambda v: v * 3.0

    def scale_jvp(v, v_dot):
        mul_1 = v * 3.0
        mul_1_dot = v_dot * 3.0
        return (mul_1, mul_1_dot)
    # forward_cases.py:104: return jnp.sum(scale(inner(x)) + inner(2.0))
    inner_1, inner_1_dot = inner_jvp(x, x_dot)
    scale_1, scale_1_dot = scale_jvp(inner_1, inner_1_dot)
    inner_2, inner_2_dot = inner_jvp_1(2.0)
    add_1 = scale_1 + inner_2
    add_1_dot = scale_1_dot + inner_2_dot
    sum_ = jnp.sum(add_1)
    sum_dot = jnp.sum(add_1_dot)
    return (sum_, sum_dot)
