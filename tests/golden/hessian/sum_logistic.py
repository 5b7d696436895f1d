def sum_logistic_hessian(x):
    x_dot_batch = jnp.eye(3, dtype=jnp.float64)
    out_dot_batch = sum_logistic_grad_jvp_vmap(x, x_dot_batch)
    hessian = jnp.moveaxis(out_dot_batch, 0, -1)
    return hessian

def sum_logistic_grad_jvp_vmap(x, x_dot_batch):
    # vmap_golden_cases.py:39: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    neg_dot_batch = -x_dot_batch
    exp = jnp.exp(neg)
    exp_dot_batch = exp * neg_dot_batch
    add = 1.0 + exp
    div = 1.0 / add
    mul_batch = div * exp_dot_batch
    div_2_batch = mul_batch / add
    div_dot_batch = -div_2_batch
    div_1 = div / add
    div_3_batch = div_dot_batch / add
    mul_1_batch = div_1 * exp_dot_batch
    div_4_batch = mul_1_batch / add
    div_1_dot_batch = div_3_batch - div_4_batch
    mul_2_batch = div_1_dot_batch * exp
    x_bar_dot_batch = mul_2_batch + mul_1_batch
    return x_bar_dot_batch
