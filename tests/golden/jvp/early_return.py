def early_return_jvp(x, x_dot):
    # forward_cases.py:73: if x.ndim == 0:
    x_ndim = x.ndim
    eq = x_ndim == 0
    if eq:
        # forward_cases.py:74: return x * x
        mul = x * x
        mul_dot = x_dot * x + x * x_dot
        return (mul, mul_dot)
    # forward_cases.py:75: if jnp.max(x) > 10.0:
    max_ = jnp.max(x)
    gt = max_ > 10.0
    if gt:
        # forward_cases.py:76: return jnp.sum(x)
        sum_ = jnp.sum(x)
        sum_dot = jnp.sum(x_dot)
        return (sum_, sum_dot)
    # forward_cases.py:77: return jnp.sum(jnp.log1p(x * x))
    mul_1 = x * x
    mul_1_dot = x_dot * x + x * x_dot
    log1p = jnp.log1p(mul_1)
    log1p_dot = mul_1_dot / (1 + mul_1)
    sum_1 = jnp.sum(log1p)
    sum_1_dot = jnp.sum(log1p_dot)
    return (sum_1, sum_1_dot)
