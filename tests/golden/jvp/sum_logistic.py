def sum_logistic_jvp(x, x_dot):
    # forward_cases.py:7: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    exp = jnp.exp(neg)
    add = 1.0 + exp
    div = 1.0 / add
    div_dot = div * (exp * x_dot) / add
    sum_ = jnp.sum(div)
    sum_dot = jnp.sum(div_dot)
    return (sum_, sum_dot)
