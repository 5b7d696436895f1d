def augmented_sum_grad(x):
    # forward_cases.py:195: return jnp.sum(augmented(x))
    augmented_1, augmented_1_pullback = augmented_vjp(x)
    sum_ = jnp.sum(augmented_1)
    result_bar = grad_seed(sum_)
    augmented_1_bar = jnp.broadcast_to(result_bar, jnp.shape(augmented_1))
    augmented_1_arg_bars = augmented_1_pullback(augmented_1_bar)
    x_bar = augmented_1_arg_bars[0]
    return x_bar
