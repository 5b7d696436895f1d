def list_append_vjp(x):
    # forward_cases.py:159: ys = []
    ys = []
    # forward_cases.py:160: for i in range(3):
    ys_1 = ys
    tape = []
    for i in range(3):
        # forward_cases.py:161: ys.append(x * i)
        mul = x * i
        ys_1 = list_append(ys_1, mul)
        # forward_cases.py:160: for i in range(3):
        tape.append(i)
    ys_2 = ys_1
    # forward_cases.py:162: return jnp.stack(ys)
    stack = jnp.stack(ys_2)

    def list_append_pullback(result_bar):
        ys_3_bar = unstack_like(result_bar, ys_2, 0)
        # forward_cases.py:160: for i in range(3):
        ys_1_bar = ys_3_bar
        x_bar = zeros_like(x)
        for i in reversed(tape):
            ys_2_bar = ys_1_bar
            # forward_cases.py:161: ys.append(x * i)
            ys_1_bar = ys_2_bar[:-1]
            mul_bar = ys_2_bar[-1]
            x_bar = x_bar + unbroadcast(mul_bar * i, x)
        return (x_bar,)
    return (stack, list_append_pullback)
