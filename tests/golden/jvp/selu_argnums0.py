def selu_jvp(x, alpha, lmbda, x_dot):
    # forward_cases.py:11: return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)
    gt = x > 0
    exp = jnp.exp(x)
    exp_dot = exp * x_dot
    mul = alpha * exp
    mul_dot = alpha * exp_dot
    sub = mul - alpha
    sub_dot = jnp.broadcast_to(mul_dot, jnp.shape(sub))
    where = jnp.where(gt, x, sub)
    where_dot = jnp.where(gt, x_dot, sub_dot)
    mul_1 = lmbda * where
    mul_1_dot = lmbda * where_dot
    return (mul_1, mul_1_dot)
