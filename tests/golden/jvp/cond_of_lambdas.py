def cond_of_lambdas_jvp(x, y, x_dot, y_dot):
    # lax_cases.py:9: return jnp.sum(lax.cond(jnp.sum(x) > 0.0, lambda a: jnp.sin(a) * y, lambda a: a ** 2, x))
    sum_ = jnp.sum(x)
    gt = sum_ > 0.0

    def lambda_jvp(a, a_dot):
        sin = jnp.sin(a)
        sin_dot = jnp.cos(a) * a_dot
        mul = sin * y
        mul_dot = sin_dot * y + sin * y_dot
        return (mul, mul_dot)

    def lambda_1_jvp(a, a_dot_1):
        pow_ = a ** 2
        pow_dot = 2 * a * a_dot_1
        return (pow_, pow_dot)
    if gt:
        cond_value, cond_value_dot = lambda_jvp(x, x_dot)
    else:
        cond_value, cond_value_dot = lambda_1_jvp(x, x_dot)
    sum_1 = jnp.sum(cond_value)
    sum_1_dot = jnp.sum(cond_value_dot)
    return (sum_1, sum_1_dot)
