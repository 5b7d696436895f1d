def calls_helper_grad(x, y):
    # forward_cases.py:85: a = helper(x)
    a, a_pullback = helper_vjp(x, 2.0)
    # forward_cases.py:86: b = helper(y, scale=3.0)
    b, b_pullback = helper_vjp(y, 3.0)
    # forward_cases.py:87: return a * b + helper(a * y)
    mul = a * b
    mul_1 = a * y
    helper_1, helper_1_pullback = helper_vjp(mul_1, 2.0)
    add = mul + helper_1
    result_bar = grad_seed(add)
    mul_bar = unbroadcast(result_bar, mul)
    helper_1_bar = unbroadcast(result_bar, helper_1)
    helper_1_arg_bars = helper_1_pullback(helper_1_bar)
    mul_1_bar = helper_1_arg_bars[0]
    a_bar = unbroadcast(mul_1_bar * y, a)
    y_bar = unbroadcast(a * mul_1_bar, y)
    a_bar = tree_add(a_bar, unbroadcast(mul_bar * b, a))
    b_bar = unbroadcast(a * mul_bar, b)
    # forward_cases.py:86: b = helper(y, scale=3.0)
    b_arg_bars = b_pullback(b_bar)
    y_bar = y_bar + b_arg_bars[0]
    # forward_cases.py:85: a = helper(x)
    a_arg_bars = a_pullback(a_bar)
    x_bar = a_arg_bars[0]
    return (x_bar, y_bar)
