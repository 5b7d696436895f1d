def helper_jvp(u, scale, u_dot):
    # forward_cases.py:81: return scale * jnp.sin(u) + u
    sin = jnp.sin(u)
    sin_dot = jnp.cos(u) * u_dot
    mul = scale * sin
    mul_dot = scale * sin_dot
    add = mul + u
    add_dot = mul_dot + u_dot
    return (add, add_dot)
