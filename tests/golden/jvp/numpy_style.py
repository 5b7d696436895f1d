def numpy_style_jvp(x, x_dot):
    # forward_cases.py:136: return np.sum(np.tanh(x) * np.exp(x)) + x.sum(axis=0).mean()
    tanh = jnp.tanh(x)
    tanh_dot = (1 - tanh * tanh) * x_dot
    exp = jnp.exp(x)
    exp_dot = exp * x_dot
    mul = tanh * exp
    mul_dot = tanh_dot * exp + tanh * exp_dot
    sum_ = jnp.sum(mul)
    sum_dot = jnp.sum(mul_dot)
    sum_1 = jnp.sum(x, axis=0)
    sum_1_dot = jnp.sum(x_dot, axis=0)
    mean = jnp.mean(sum_1)
    mean_dot = jnp.mean(sum_1_dot)
    add = sum_ + mean
    add_dot = sum_dot + mean_dot
    return (add, add_dot)
