def soft_square_jvp_vmap(x, x_dot_batch):
    # <s2s: soft_square_jvp>:4: tanh = jnp.tanh(x)
    batch_size = jnp.shape(x_dot_batch)[0]
    tanh = jnp.tanh(x)
    # <s2s: soft_square_jvp>:5: tanh_dot = (1 - tanh ** 2) * x_dot
    pow = tanh ** 2
    sub = 1 - pow
    tanh_dot_batch = sub * x_dot_batch
    # <s2s: soft_square_jvp>:6: mul = tanh * x
    mul = tanh * x
    # <s2s: soft_square_jvp>:7: mul_dot = tanh_dot * x + tanh * x_dot
    mul_1_batch = tanh_dot_batch * x
    mul_2_batch = tanh * x_dot_batch
    mul_dot_batch = mul_1_batch + mul_2_batch
    # <s2s: soft_square_jvp>:8: return (mul, mul_dot)
    result_batch = (mul, mul_dot_batch)
    return (jnp.broadcast_to(result_batch[0], (batch_size, 3)), result_batch[1])
