def mlp_grad(params, x):
    # forward_cases.py:141: for w, b in params:
    n = len(params)
    h_1 = x
    tape = []
    for i in range(n):
        params_i = params[i]
        w, b = params_i
        # forward_cases.py:142: h = jnp.tanh(jnp.dot(h, w) + b)
        dot = jnp.dot(h_1, w)
        add = dot + b
        h_2 = jnp.tanh(add)
        # forward_cases.py:141: for w, b in params:
        tape.append((h_1, i, w, b, dot, h_2))
        h_1 = h_2
    # forward_cases.py:143: return jnp.sum(h)
    sum_ = jnp.sum(h_1)
    result_bar = grad_seed(sum_)
    h_1_bar = jnp.broadcast_to(result_bar, jnp.shape(h_1))
    # forward_cases.py:141: for w, b in params:
    params_bar = tree_zeros_like(params)
    for h_1, i, w, b, dot, h_2 in reversed(tape):
        h_2_bar = h_1_bar
        # forward_cases.py:142: h = jnp.tanh(jnp.dot(h, w) + b)
        add_bar = h_2_bar * (1 - h_2 * h_2)
        dot_bar = unbroadcast(add_bar, dot)
        b_bar = unbroadcast(add_bar, b)
        if i > 0:
            h_1_bar = dot_cotangent_a(dot_bar, h_1, w)
        w_bar = dot_cotangent_b(dot_bar, h_1, w)
        # forward_cases.py:141: for w, b in params:
        params_bar = add_at(params_bar, i, (w_bar, b_bar))
    return params_bar
