def dict_params_jvp(p, x, p_dot):
    # forward_cases.py:155: return jnp.sum((x * p["scale"] + p["shift"]) ** 2)
    p_scale = p['scale']
    p_scale_dot = p_dot['scale']
    mul = x * p_scale
    mul_dot = x * p_scale_dot
    p_shift = p['shift']
    p_shift_dot = p_dot['shift']
    add = mul + p_shift
    add_dot = mul_dot + p_shift_dot
    pow_ = add ** 2
    pow_dot = 2 * add * add_dot
    sum_ = jnp.sum(pow_)
    sum_dot = jnp.sum(pow_dot)
    return (sum_, sum_dot)
