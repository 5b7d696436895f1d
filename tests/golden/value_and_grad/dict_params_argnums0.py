def dict_params_value_and_grad(p, x):
    # forward_cases.py:155: return jnp.sum((x * p["scale"] + p["shift"]) ** 2)
    p_scale = p['scale']
    mul = x * p_scale
    p_shift = p['shift']
    add = mul + p_shift
    pow_ = add ** 2
    sum_ = jnp.sum(pow_)
    result_bar = grad_seed(sum_)
    pow_bar = jnp.broadcast_to(result_bar, jnp.shape(pow_))
    add_bar = pow_bar * (2 * add)
    mul_bar = unbroadcast(add_bar, mul)
    p_shift_bar = unbroadcast(add_bar, p_shift)
    p_bar = getitem_cotangent(p, 'shift', p_shift_bar)
    p_scale_bar = unbroadcast(x * mul_bar, p_scale)
    p_bar = add_at(p_bar, 'scale', p_scale_bar)
    return (sum_, p_bar)
