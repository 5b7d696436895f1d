def calls_helper_jvp(x, y, x_dot, y_dot):
    # forward_cases.py:85: a = helper(x)
    a, a_dot = helper_jvp(x, 2.0, x_dot)
    # forward_cases.py:86: b = helper(y, scale=3.0)
    b, b_dot = helper_jvp(y, 3.0, y_dot)
    # forward_cases.py:87: return a * b + helper(a * y)
    mul = a * b
    mul_dot = a_dot * b + a * b_dot
    mul_1 = a * y
    mul_1_dot = a_dot * y + a * y_dot
    helper_1, helper_1_dot = helper_jvp(mul_1, 2.0, mul_1_dot)
    add = mul + helper_1
    add_dot = mul_dot + helper_1_dot
    return (add, add_dot)
