def nested_loops_jit(x):
    # jit_cases.py:47: total = 0.0
    total = 0.0
    # jit_cases.py:48: i = 0
    i = 0
    # jit_cases.py:49: while total < 10.0:
    cond = total < 10.0

    def loop_test(cond, i, total):
        return cond

    def loop_body(cond, i, total):
        # jit_cases.py:50: for j in range(3):
        for j in range(3):
            # jit_cases.py:51: total = total + x[j] * (i + 1)
            x_j = x[j]
            add = i + 1
            mul = x_j * add
            total = total + mul
        # jit_cases.py:52: i += 1
        i = i + 1
        # jit_cases.py:49: while total < 10.0:
        cond = total < 10.0
        return (cond, i, total)
    cond, i, total = while_loop(loop_test, loop_body, cond, i, total)
    # jit_cases.py:53: return total * i
    mul_1 = total * i
    return mul_1
