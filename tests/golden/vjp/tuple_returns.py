def tuple_returns_vjp(x):
    # forward_cases.py:109: return jnp.sin(v), jnp.cos(v)
    sin_1 = jnp.sin(x)
    cos_1 = jnp.cos(x)
    split_1 = (sin_1, cos_1)
    # forward_cases.py:110: s, c = split(x)
    s, c = split_1
    # forward_cases.py:111: a, b = c, s
    a, b = (c, s)
    # forward_cases.py:112: return a * b, s + c
    mul = a * b
    add = s + c
    result = (mul, add)

    def tuple_returns_pullback(result_bar):
        mul_bar = result_bar[0]
        add_bar = result_bar[1]
        s_bar = unbroadcast(add_bar, s)
        c_bar = unbroadcast(add_bar, c)
        a_bar = unbroadcast(mul_bar * b, a)
        b_bar = unbroadcast(a * mul_bar, b)
        # forward_cases.py:111: a, b = c, s
        c_bar = tree_add(c_bar, a_bar)
        s_bar = tree_add(s_bar, b_bar)
        # forward_cases.py:109: return jnp.sin(v), jnp.cos(v)
        sin_1_bar = s_bar
        cos_1_bar = c_bar
        v_1_bar = -cos_1_bar * jnp.sin(x)
        v_1_bar = v_1_bar + sin_1_bar * jnp.cos(x)
        # forward_cases.py:110: s, c = split(x)
        x_bar = v_1_bar
        return (x_bar,)
    return (result, tuple_returns_pullback)
