def dict_params_vjp(p, x):
    # forward_cases.py:155: return jnp.sum((x * p["scale"] + p["shift"]) ** 2)
    p_scale = p['scale']
    mul = x * p_scale
    p_shift = p['shift']
    add = mul + p_shift
    pow_ = add ** 2
    sum_ = jnp.sum(pow_)

    def dict_params_pullback(result_bar):
        pow_bar = jnp.broadcast_to(result_bar, jnp.shape(pow_))
        add_bar = pow_bar * (2 * add)
        mul_bar = unbroadcast(add_bar, mul)
        p_shift_bar = unbroadcast(add_bar, p_shift)
        p_bar = getitem_cotangent(p, 'shift', p_shift_bar)
        x_bar = unbroadcast(mul_bar * p_scale, x)
        p_scale_bar = unbroadcast(x * mul_bar, p_scale)
        p_bar = add_at(p_bar, 'scale', p_scale_bar)
        return (p_bar, x_bar)
    return (sum_, dict_params_pullback)
