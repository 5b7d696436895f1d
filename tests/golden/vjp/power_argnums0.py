def power_vjp(x, n):
    # forward_cases.py:91: if n == 0:
    eq = n == 0
    if eq:
        # forward_cases.py:92: return 1.0
        result_1 = 1.0
    else:
        # forward_cases.py:93: return x * power(x, n - 1)
        sub = n - 1
        power_1, power_1_pullback = power_vjp(x, sub)
        mul = x * power_1
        result_1 = mul

    def power_pullback(result_1_bar):
        # forward_cases.py:91: if n == 0:
        if eq:
            x_bar = zeros_like(x)
        else:
            # forward_cases.py:93: return x * power(x, n - 1)
            x_bar = unbroadcast(result_1_bar * power_1, x)
            power_1_bar = unbroadcast(x * result_1_bar, power_1)
            power_1_arg_bars = power_1_pullback(power_1_bar)
            x_bar = x_bar + power_1_arg_bars[0]
        return (x_bar,)
    return (result_1, power_pullback)
