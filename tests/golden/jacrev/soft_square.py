def soft_square_vjp_apply_vmap(x, result_bar_batch):
    # <s2s: soft_square_vjp_apply>:4: tanh = jnp.tanh(x)
    tanh = jnp.tanh(x)
    # <s2s: soft_square_vjp_apply>:5: tanh_bar = unbroadcast(result_bar * x, tanh)
    mul_batch = result_bar_batch * x
    # <s2s: soft_square_vjp_apply>:6: x_bar = unbroadcast(tanh * result_bar, x)
    mul_1_batch = tanh * result_bar_batch
    x_bar_batch = mul_1_batch
    # <s2s: soft_square_vjp_apply>:7: x_bar = x_bar + tanh_bar * (1 - tanh ** 2)
    pow = tanh ** 2
    sub = 1 - pow
    mul_2_batch = mul_batch * sub
    x_bar_batch = x_bar_batch + mul_2_batch
    # <s2s: soft_square_vjp_apply>:8: return (x_bar,)
    result_batch = (x_bar_batch,)
    return result_batch
