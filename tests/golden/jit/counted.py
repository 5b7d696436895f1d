def counted_jit(x, n):
    # jit_cases.py:30: total = 0.0
    total = 0.0
    # jit_cases.py:31: for i in range(n):

    def loop_body(i, total):
        # jit_cases.py:32: total = total + x * i
        mul = x * i
        total = total + mul
        return total
    # jit_cases.py:31: for i in range(n):
    total = for_range(n, loop_body, total)
    # jit_cases.py:33: return total
    return total
