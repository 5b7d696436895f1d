def power_jvp(x, n, x_dot):
    # forward_cases.py:91: if n == 0:
    eq = n == 0
    if eq:
        # forward_cases.py:92: return 1.0
        return (1.0, 0.0)
    # forward_cases.py:93: return x * power(x, n - 1)
    sub = n - 1
    power_1, power_1_dot = power_jvp(x, sub, x_dot)
    mul = x * power_1
    mul_dot = x_dot * power_1 + x * power_1_dot
    return (mul, mul_dot)
