def break_continue_grad(x):
    # forward_cases.py:62: acc = 0.0
    acc = 0.0
    # forward_cases.py:63: for i in range(x.shape[0]):
    x_shape = x.shape
    t = x_shape[0]
    acc_1 = acc
    tape = []
    for i in range(t):
        # forward_cases.py:64: if x[i] < 0:
        x_i = x[i]
        lt = x_i < 0
        if lt:
            acc_2 = acc_1
            exp = None
            gt = None
            # forward_cases.py:63: for i in range(x.shape[0]):
            tape.append((acc_1, i, lt, gt, exp))
            acc_1 = acc_2
        else:
            # forward_cases.py:66: if acc > 2.0:
            gt = acc_1 > 2.0
            if gt:
                # forward_cases.py:67: break
                tape.append((acc_1, i, lt, gt, None))
                break
            else:
                # forward_cases.py:68: acc = acc + jnp.exp(x[i])
                x_i_1 = x[i]
                exp = jnp.exp(x_i_1)
                acc_2 = acc_1 + exp
                # forward_cases.py:63: for i in range(x.shape[0]):
                tape.append((acc_1, i, lt, gt, exp))
                acc_1 = acc_2
    # forward_cases.py:69: return acc
    acc_1_bar = grad_seed(acc_1)
    # forward_cases.py:63: for i in range(x.shape[0]):
    x_bar = zeros_like(x)
    for acc_1, i, lt, gt, exp in reversed(tape):
        # forward_cases.py:64: if x[i] < 0:
        if lt:
            # forward_cases.py:63: for i in range(x.shape[0]):
            acc_2_bar = acc_1_bar
            # forward_cases.py:64: if x[i] < 0:
            acc_1_bar = acc_2_bar
        else:
            # forward_cases.py:66: if acc > 2.0:
            if not gt:
                # forward_cases.py:63: for i in range(x.shape[0]):
                acc_2_bar = acc_1_bar
                # forward_cases.py:68: acc = acc + jnp.exp(x[i])
                acc_1_bar = unbroadcast(acc_2_bar, acc_1)
                exp_bar = unbroadcast(acc_2_bar, exp)
                x_i_1_bar = exp_bar * exp
                x_bar = x_bar.at[i].add(x_i_1_bar)
    return x_bar
