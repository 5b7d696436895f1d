def soft_square_jacfwd(x):
    x_dot_batch = jnp.eye(3, dtype=jnp.float64)
    out_dot_batch = soft_square_jvp_vmap(x, x_dot_batch)
    jacobian = jnp.moveaxis(out_dot_batch, 0, -1)
    return jacobian

def soft_square_jvp_vmap(x, x_dot_batch):
    # vmap_golden_cases.py:43: return jnp.tanh(x) * x
    tanh = jnp.tanh(x)
    mul_1 = tanh * tanh
    sub = 1 - mul_1
    tanh_dot_batch = sub * x_dot_batch
    mul_2_batch = tanh_dot_batch * x
    mul_3_batch = tanh * x_dot_batch
    mul_dot_batch = mul_2_batch + mul_3_batch
    return mul_dot_batch
