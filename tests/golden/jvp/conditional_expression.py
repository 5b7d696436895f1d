def conditional_expression_jvp(x, x_dot):
    # forward_cases.py:26: return jnp.cos(x) if jnp.mean(x) > 0 else x * 2.0
    mean = jnp.mean(x)
    gt = mean > 0
    if gt:
        choice = jnp.cos(x)
        choice_dot = -jnp.sin(x) * x_dot
    else:
        choice = x * 2.0
        choice_dot = x_dot * 2.0
    return (choice, choice_dot)
