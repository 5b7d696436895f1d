def deep_grad(x, w):
    # checkpoint_cases.py:23: for _ in range(20):
    x_1 = x
    tape = []
    for _ in range(20):
        # checkpoint_cases.py:24: x = saved_block(x, w)
        x_2 = saved_block(x_1, w)
        # checkpoint_cases.py:23: for _ in range(20):
        tape.append(x_1)
        x_1 = x_2
    # checkpoint_cases.py:25: return jnp.sum(x ** 2)
    pow_ = x_1 ** 2
    sum_ = jnp.sum(pow_)
    result_bar = grad_seed(sum_)
    pow_bar = jnp.broadcast_to(result_bar, jnp.shape(pow_))
    x_1_bar = pow_bar * (2 * x_1)
    # checkpoint_cases.py:23: for _ in range(20):
    for x_1 in reversed(tape):
        x_2_bar = x_1_bar
        # checkpoint_cases.py:24: x = saved_block(x, w)
        _, x_2_pullback = block_vjp(x_1, w)
        x_2_arg_bars = x_2_pullback(x_2_bar)
        x_1_bar = x_2_arg_bars[0]
    # checkpoint_cases.py:23: for _ in range(20):
    x_bar = x_1_bar
    return x_bar
