def break_continue_jvp(x, x_dot):
    # forward_cases.py:62: acc = 0.0
    acc = 0.0
    acc_dot = 0.0
    # forward_cases.py:63: for i in range(x.shape[0]):
    x_shape = x.shape
    t = x_shape[0]
    for i in range(t):
        # forward_cases.py:64: if x[i] < 0:
        x_i = x[i]
        lt = x_i < 0
        if lt:
            # forward_cases.py:65: continue
            continue
        # forward_cases.py:66: if acc > 2.0:
        gt = acc > 2.0
        if gt:
            # forward_cases.py:67: break
            break
        # forward_cases.py:68: acc = acc + jnp.exp(x[i])
        x_i_1_dot = x_dot[i]
        exp = jnp.exp(x_i)
        exp_dot = exp * x_i_1_dot
        acc_dot = acc_dot + exp_dot
        acc = acc + exp
    # forward_cases.py:69: return acc
    return (acc, acc_dot)
