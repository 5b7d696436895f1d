def list_append_jvp(x, x_dot):
    # forward_cases.py:159: ys = []
    ys = []
    ys_dot = []
    # forward_cases.py:160: for i in range(3):
    for i in range(3):
        # forward_cases.py:161: ys.append(x * i)
        mul = x * i
        mul_dot = x_dot * i
        ys.append(mul)
        ys_dot.append(mul_dot)
    # forward_cases.py:162: return jnp.stack(ys)
    stack = jnp.stack(ys)
    stack_dot = jnp.stack(ys_dot)
    return (stack, stack_dot)
