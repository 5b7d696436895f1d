def branch_jit(x):
    # jit_cases.py:7: if jnp.sum(x) > 0:
    sum_ = jnp.sum(x)
    gt = sum_ > 0

    def if_true():
        # jit_cases.py:8: y = x * 2.0
        y = x * 2.0
        return y

    def if_false():
        # jit_cases.py:10: y = -x
        y = -x
        return y
    # jit_cases.py:7: if jnp.sum(x) > 0:
    y = if_else(gt, if_true, if_false)
    # jit_cases.py:11: return y
    return y
