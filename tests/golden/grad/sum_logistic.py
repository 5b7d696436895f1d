def sum_logistic_grad(x):
    # forward_cases.py:7: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    exp = jnp.exp(neg)
    add = 1.0 + exp
    div = 1.0 / add
    check_real(div)
    x_bar = div / add * exp
    return x_bar
