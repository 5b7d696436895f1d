def sum_logistic_grad(x):
    # forward_cases.py:7: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    exp = jnp.exp(neg)
    add = 1.0 + exp
    div = 1.0 / add
    sum_ = jnp.sum(div)
    result_bar = grad_seed(sum_)
    div_bar = jnp.broadcast_to(result_bar, jnp.shape(div))
    add_bar = -div_bar * div / add
    neg_bar = add_bar * exp
    x_bar = -neg_bar
    return x_bar
