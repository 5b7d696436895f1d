def tuple_returns_jvp(x, x_dot):
    # forward_cases.py:108: def split(v):

    def split_jvp(v, v_dot):
        # forward_cases.py:109: return jnp.sin(v), jnp.cos(v)
        sin = jnp.sin(v)
        sin_dot = jnp.cos(v) * v_dot
        cos = jnp.cos(v)
        cos_dot = -jnp.sin(v) * v_dot
        return ((sin, cos), (sin_dot, cos_dot))
    # forward_cases.py:110: s, c = split(x)
    (s, c), (s_dot, c_dot) = split_jvp(x, x_dot)
    # forward_cases.py:111: a, b = c, s
    a, b = (c, s)
    a_dot, b_dot = (c_dot, s_dot)
    # forward_cases.py:112: return a * b, s + c
    mul = a * b
    mul_dot = a_dot * b + a * b_dot
    add = s + c
    add_dot = s_dot + c_dot
    return ((mul, add), (mul_dot, add_dot))
