def list_append_jvp(x, x_dot):
    # forward_cases.py:151: ys = []
    ys = []
    ys_dot = []
    # forward_cases.py:152: for i in range(3):
    for i in range(3):
        # forward_cases.py:153: ys.append(x * i)
        mul = x * i
        mul_dot = x_dot * i
        ys.append(mul)
        ys_dot.append(mul_dot)
    # forward_cases.py:154: return jnp.stack(ys)
    stack = jnp.stack(ys)
    stack_dot = jnp.stack(ys_dot)
    return (stack, stack_dot)
