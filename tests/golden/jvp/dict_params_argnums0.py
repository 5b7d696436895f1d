def dict_params_jvp(p, x, p_dot):
    # forward_cases.py:147: return jnp.sum((x * p["scale"] + p["shift"]) ** 2)
    p_slice = p['scale']
    p_slice_dot = p_dot['scale']
    mul = x * p_slice
    mul_dot = x * p_slice_dot
    p_slice_1 = p['shift']
    p_slice_1_dot = p_dot['shift']
    add = mul + p_slice_1
    add_dot = mul_dot + p_slice_1_dot
    pow = add ** 2
    pow_dot = 2 * add * add_dot
    sum = jnp.sum(pow)
    sum_dot = jnp.sum(pow_dot)
    return (sum, sum_dot)
