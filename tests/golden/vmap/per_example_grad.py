def loss_grad_vmap(params, x_batch, y_batch):
    # vmap_golden_cases.py:28: for w, b in params[:-1]:
    batch_size = jnp.shape(x_batch)[0]
    params_slice_1 = params[:-1]
    n = len(params_slice_1)
    x_1_1_batch = x_batch
    tape_batch = []
    for i in range(n):
        params_slice_1_i = params_slice_1[i]
        w_1, b_1 = params_slice_1_i
        # vmap_golden_cases.py:29: x = jnp.tanh(jnp.dot(w, x) + b)
        dot_1_batch = jnp.dot(x_1_1_batch, w_1.T)
        add_1_batch = dot_1_batch + b_1
        x_1_2_batch = jnp.tanh(add_1_batch)
        # vmap_golden_cases.py:28: for w, b in params[:-1]:
        tape_batch = list_append(tape_batch, (x_1_1_batch, i, w_1, b_1, dot_1_batch, x_1_2_batch))
        x_1_1_batch = x_1_2_batch
    # vmap_golden_cases.py:30: w, b = params[-1]
    params_slice_1_1 = params[-1]
    w_1_1, b_1_1 = params_slice_1_1
    # vmap_golden_cases.py:31: return jnp.dot(w, x) + b
    dot_1_1_batch = jnp.dot(x_1_1_batch, w_1_1.T)
    add_1_1_batch = dot_1_1_batch + b_1_1
    # vmap_golden_cases.py:35: return jnp.sum((predict(params, x) - y) ** 2)
    sub_batch = add_1_1_batch - y_batch
    mul_batch = 2 * sub_batch
    # vmap_golden_cases.py:31: return jnp.dot(w, x) + b
    w_1_1_bar_batch = jnp.einsum('zi,zj->zij', mul_batch, x_1_1_batch)
    x_1_1_bar_batch = jnp.dot(mul_batch, w_1_1)
    # vmap_golden_cases.py:30: w, b = params[-1]
    params_1_bar_batch = getitem_cotangent(broadcast_tree(params, batch_size), -1, (w_1_1_bar_batch, mul_batch), axis=1)
    # vmap_golden_cases.py:28: for w, b in params[:-1]:
    params_slice_1_bar_batch = broadcast_tree(tree_zeros_like(params_slice_1), batch_size)
    tape_j_batch = tape_batch[0]
    x_1_1_batch, i, w_1, b_1, dot_1_batch, x_1_2_batch = tape_j_batch
    # vmap_golden_cases.py:29: x = jnp.tanh(jnp.dot(w, x) + b)
    mul_1_batch = x_1_2_batch * x_1_2_batch
    sub_1_batch = 1 - mul_1_batch
    add_1_bar_batch = x_1_1_bar_batch * sub_1_batch
    w_1_bar_batch = jnp.einsum('zi,zj->zij', add_1_bar_batch, x_1_1_batch)
    # vmap_golden_cases.py:28: for w, b in params[:-1]:
    params_slice_1_bar_batch = add_at(params_slice_1_bar_batch, i, (w_1_bar_batch, add_1_bar_batch), axis=1)
    slice_ = slice(None, -1, None)
    params_1_bar_batch = add_at(params_1_bar_batch, slice_, params_slice_1_bar_batch)
    # vmap_golden_cases.py:35: return jnp.sum((predict(params, x) - y) ** 2)
    params_bar_batch = params_1_bar_batch
    return params_bar_batch
