def loop_enumerate_zip_vjp(x, w):
    # forward_cases.py:44: acc = 0.0
    acc = 0.0
    # forward_cases.py:45: for i, xi in enumerate(x):
    n = len(x)
    acc_1 = acc
    tape = []
    for i in range(n):
        xi = x[i]
        # forward_cases.py:46: acc = acc + i * xi
        mul = i * xi
        acc_2 = acc_1 + mul
        # forward_cases.py:45: for i, xi in enumerate(x):
        tape.append((acc_1, i, xi, mul))
        acc_1 = acc_2
    acc_3 = acc_1
    # forward_cases.py:47: for a, b in zip(x, w):
    n_1 = zip_length(x, w)
    acc_4 = acc_3
    tape_1 = []
    for i_1 in range(n_1):
        a = x[i_1]
        b = w[i_1]
        # forward_cases.py:48: acc = acc + a * b
        mul_1 = a * b
        acc_5 = acc_4 + mul_1
        # forward_cases.py:47: for a, b in zip(x, w):
        tape_1.append((acc_4, i_1, a, b, mul_1))
        acc_4 = acc_5
    acc_6 = acc_4

    def loop_enumerate_zip_pullback(result_bar):
        acc_4_bar = result_bar
        w_bar = zeros_like(w)
        x_bar = zeros_like(x)
        for acc_4, i_1, a, b, mul_1 in reversed(tape_1):
            acc_5_bar = acc_4_bar
            # forward_cases.py:48: acc = acc + a * b
            acc_4_bar = unbroadcast(acc_5_bar, acc_4)
            mul_1_bar = unbroadcast(acc_5_bar, mul_1)
            a_bar = unbroadcast(mul_1_bar * b, a)
            b_bar = unbroadcast(a * mul_1_bar, b)
            # forward_cases.py:47: for a, b in zip(x, w):
            w_bar = w_bar.at[i_1].add(b_bar)
            x_bar = x_bar.at[i_1].add(a_bar)
        acc_3_bar = acc_4_bar
        # forward_cases.py:45: for i, xi in enumerate(x):
        acc_1_bar = acc_3_bar
        for acc_1, i, xi, mul in reversed(tape):
            acc_2_bar = acc_1_bar
            # forward_cases.py:46: acc = acc + i * xi
            acc_1_bar = unbroadcast(acc_2_bar, acc_1)
            mul_bar = unbroadcast(acc_2_bar, mul)
            xi_bar = unbroadcast(i * mul_bar, xi)
            # forward_cases.py:45: for i, xi in enumerate(x):
            x_bar = x_bar.at[i].add(xi_bar)
        return (x_bar, w_bar)
    return (acc_6, loop_enumerate_zip_pullback)
