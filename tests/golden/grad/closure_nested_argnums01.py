def closure_nested_grad(x, y):
    # forward_cases.py:102: return z * x + jnp.sin(y)
    mul_1 = x * x
    sin_1 = jnp.sin(y)
    add_2 = mul_1 + sin_1
    # forward_cases.py:103: scale = lambda v: v * 3.0
    mul_1_1 = add_2 * 3.0
    # forward_cases.py:104: return jnp.sum(scale(inner(x)) + inner(2.0))
    z_1 = 2.0
    # forward_cases.py:102: return z * x + jnp.sin(y)
    mul_2 = z_1 * x
    add_3 = mul_2 + sin_1
    # forward_cases.py:104: return jnp.sum(scale(inner(x)) + inner(2.0))
    add_1 = mul_1_1 + add_3
    sum_ = jnp.sum(add_1)
    result_bar = grad_seed(sum_)
    add_1_bar = jnp.broadcast_to(result_bar, jnp.shape(add_1))
    scale_1_bar = unbroadcast(add_1_bar, mul_1_1)
    inner_2_bar = unbroadcast(add_1_bar, add_3)
    # forward_cases.py:102: return z * x + jnp.sin(y)
    mul_2_bar = unbroadcast(inner_2_bar, mul_2)
    sin_2_bar = unbroadcast(inner_2_bar, sin_1)
    y_bar = sin_2_bar * jnp.cos(y)
    x_bar = unbroadcast(z_1 * mul_2_bar, x)
    # forward_cases.py:103: scale = lambda v: v * 3.0
    v_1_bar = scale_1_bar * 3.0
    # forward_cases.py:102: return z * x + jnp.sin(y)
    mul_1_bar = unbroadcast(v_1_bar, mul_1)
    sin_1_bar = unbroadcast(v_1_bar, sin_1)
    y_bar = y_bar + sin_1_bar * jnp.cos(y)
    z_1_bar = mul_1_bar * x
    x_bar = x_bar + x * mul_1_bar
    # forward_cases.py:104: return jnp.sum(scale(inner(x)) + inner(2.0))
    x_bar = x_bar + z_1_bar
    return (x_bar, y_bar)
