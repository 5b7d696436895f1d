def soft_square_jacrev(x):
    result_bar_batch = jnp.eye(3, dtype=jnp.float64)
    (x_bar_batch,) = soft_square_vjp_apply_vmap(x, result_bar_batch)
    jacobian = x_bar_batch
    return jacobian

def soft_square_vjp_apply_vmap(x, result_bar_batch):
    # vmap_golden_cases.py:43: return jnp.tanh(x) * x
    tanh = jnp.tanh(x)
    mul_batch = result_bar_batch * x
    x_bar_batch = tanh * result_bar_batch
    mul_2 = tanh * tanh
    sub = 1 - mul_2
    mul_3_batch = mul_batch * sub
    x_bar_batch = x_bar_batch + mul_3_batch
    # vmap_golden_cases.py:42: def soft_square(x):
    result_batch = (x_bar_batch,)
    return result_batch
