def soft_square_jacrev(x):
    # the standard basis of the output: 3 rows, one per element of the output
    result_bar_batch = jnp.eye(3, dtype=jnp.float64)
    # every row in one call of the batched pullback (soft_square_vjp_apply_vmap, below)
    (x_bar_batch,) = soft_square_vjp_apply_vmap(x, result_bar_batch)
    # row k of the Jacobian is the gradient of the output's element k: the rows,
    # shaped output shape + input shape
    jacobian = x_bar_batch
    return jacobian

def soft_square_vjp_apply_vmap(x, result_bar_batch):
    # vmap_golden_cases.py:43: return jnp.tanh(x) * x
    tanh = jnp.tanh(x)
    mul_batch = result_bar_batch * x
    x_bar_batch = tanh * result_bar_batch
    pow_ = tanh ** 2
    sub = 1 - pow_
    mul_2_batch = mul_batch * sub
    x_bar_batch = x_bar_batch + mul_2_batch
    # vmap_golden_cases.py:42: def soft_square(x):
    result_batch = (x_bar_batch,)
    return result_batch
