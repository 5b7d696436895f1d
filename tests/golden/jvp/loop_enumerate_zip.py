def loop_enumerate_zip_jvp(x, w, x_dot, w_dot):
    # forward_cases.py:44: acc = 0.0
    acc = 0.0
    acc_dot = 0.0
    # forward_cases.py:45: for i, xi in enumerate(x):
    for i, (xi, xi_dot) in enumerate(zip(x, x_dot)):
        # forward_cases.py:46: acc = acc + i * xi
        mul = i * xi
        mul_dot = i * xi_dot
        acc_dot = acc_dot + mul_dot
        acc = acc + mul
    # forward_cases.py:47: for a, b in zip(x, w):
    for a, b, a_dot, b_dot in zip(x, w, x_dot, w_dot):
        # forward_cases.py:48: acc = acc + a * b
        mul_1 = a * b
        mul_1_dot = a_dot * b + a * b_dot
        acc_dot = acc_dot + mul_1_dot
        acc = acc + mul_1
    # forward_cases.py:49: return acc
    return (acc, acc_dot)
