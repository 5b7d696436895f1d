def helper_vjp(u, scale=2.0):
    # forward_cases.py:81: return scale * jnp.sin(u) + u
    sin = jnp.sin(u)
    mul = scale * sin
    add = mul + u

    def helper_pullback(result_bar):
        mul_bar = unbroadcast(result_bar, mul)
        u_bar = unbroadcast(result_bar, u)
        sin_bar = unbroadcast(scale * mul_bar, sin)
        u_bar = u_bar + sin_bar * jnp.cos(u)
        return (u_bar,)
    return (add, helper_pullback)
