def dict_params_value_and_grad(p, x):
    # forward_cases.py:147: return jnp.sum((x * p["scale"] + p["shift"]) ** 2)
    p_slice = p['scale']
    mul = x * p_slice
    p_slice_1 = p['shift']
    add = mul + p_slice_1
    pow = add ** 2
    sum = jnp.sum(pow)
    result_bar = grad_seed(sum)
    pow_bar = jnp.broadcast_to(jnp.reshape(result_bar, reduced_shape(pow, None)), jnp.shape(pow))
    add_bar = pow_bar * (2 * add)
    mul_bar = unbroadcast(add_bar, mul)
    p_slice_1_bar = unbroadcast(add_bar, p_slice_1)
    p_bar = jnp.zeros_like(p).at['shift'].add(p_slice_1_bar)
    p_slice_bar = unbroadcast(x * mul_bar, p_slice)
    p_bar = p_bar + jnp.zeros_like(p).at['scale'].add(p_slice_bar)
    return (sum, p_bar)
