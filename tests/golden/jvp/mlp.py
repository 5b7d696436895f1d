def mlp_jvp(params, x, params_dot, x_dot):
    # forward_cases.py:140: h = x
    h = x
    h_dot = x_dot
    # forward_cases.py:141: for w, b in params:
    for (w, b), (w_dot, b_dot) in zip(params, params_dot):
        # forward_cases.py:142: h = jnp.tanh(jnp.dot(h, w) + b)
        dot = jnp.dot(h, w)
        dot_dot = jnp.dot(h_dot, w) + jnp.dot(h, w_dot)
        add = dot + b
        add_dot = dot_dot + b_dot
        h = jnp.tanh(add)
        h_dot = (1 - h * h) * add_dot
    # forward_cases.py:143: return jnp.sum(h)
    sum_ = jnp.sum(h)
    sum_dot = jnp.sum(h_dot)
    return (sum_, sum_dot)
