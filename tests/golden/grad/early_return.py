def early_return_grad(x):
    # forward_cases.py:73: if x.ndim == 0:
    x_ndim = x.ndim
    eq = x_ndim == 0
    if eq:
        # forward_cases.py:74: return x * x
        mul = x * x
        result_1 = mul
    else:
        # forward_cases.py:75: if jnp.max(x) > 10.0:
        max_ = jnp.max(x)
        gt = max_ > 10.0
        if gt:
            # forward_cases.py:76: return jnp.sum(x)
            sum_ = jnp.sum(x)
            result_1 = sum_
        else:
            # forward_cases.py:77: return jnp.sum(jnp.log1p(x * x))
            mul_1 = x * x
            log1p = jnp.log1p(mul_1)
            sum_1 = jnp.sum(log1p)
            result_1 = sum_1
    result_1_bar = grad_seed(result_1)
    # forward_cases.py:73: if x.ndim == 0:
    if eq:
        # forward_cases.py:74: return x * x
        x_bar = unbroadcast(result_1_bar * x, x)
        x_bar = x_bar + unbroadcast(x * result_1_bar, x)
    else:
        # forward_cases.py:75: if jnp.max(x) > 10.0:
        if gt:
            # forward_cases.py:76: return jnp.sum(x)
            x_bar = jnp.broadcast_to(result_1_bar, jnp.shape(x))
        else:
            # forward_cases.py:77: return jnp.sum(jnp.log1p(x * x))
            log1p_bar = jnp.broadcast_to(result_1_bar, jnp.shape(log1p))
            mul_1_bar = log1p_bar / (1 + mul_1)
            x_bar = unbroadcast(mul_1_bar * x, x)
            x_bar = x_bar + unbroadcast(x * mul_1_bar, x)
    return x_bar
