def sum_logistic_jvp(x, x_dot):
    # forward_cases.py:7: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    neg_dot = -x_dot
    exp = jnp.exp(neg)
    exp_dot = exp * neg_dot
    add = 1.0 + exp
    div = 1.0 / add
    div_dot = -(div * exp_dot / add)
    sum_ = jnp.sum(div)
    sum_dot = jnp.sum(div_dot)
    return (sum_, sum_dot)
