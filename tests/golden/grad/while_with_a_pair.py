def while_with_a_pair_grad(x):
    # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
    loop_value = (0, x)
    # lax_cases.py:29: k, v = state
    k_1, v_1 = loop_value
    # lax_cases.py:30: return jnp.logical_and(k < 5, jnp.sum(v) < 10.0)
    lt_1 = k_1 < 5
    sum_2 = jnp.sum(v_1)
    lt_1_1 = sum_2 < 10.0
    cond_1 = jnp.logical_and(lt_1, lt_1_1)
    # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
    loop_value_1 = loop_value
    tape = []
    while cond_1:
        # lax_cases.py:33: k, v = state
        k_2, v_2 = loop_value_1
        # lax_cases.py:34: return k + 1, v * 1.5 + jnp.sin(x)
        add_1 = k_2 + 1
        mul_1 = v_2 * 1.5
        sin_1 = jnp.sin(x)
        add_1_1 = mul_1 + sin_1
        loop_value_2 = (add_1, add_1_1)
        # lax_cases.py:29: k, v = state
        k_3, v_3 = loop_value_2
        # lax_cases.py:30: return jnp.logical_and(k < 5, jnp.sum(v) < 10.0)
        lt_2 = k_3 < 5
        sum_3 = jnp.sum(v_3)
        lt_1_2 = sum_3 < 10.0
        cond_1 = jnp.logical_and(lt_2, lt_1_2)
        # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
        tape.append((mul_1, sin_1))
        loop_value_1 = loop_value_2
    k, v = loop_value_1
    # lax_cases.py:37: return jnp.sum(v) + k
    sum_1 = jnp.sum(v)
    add_2 = sum_1 + k
    result_bar = grad_seed(add_2)
    sum_1_bar = unbroadcast(result_bar, sum_1)
    k_bar = unbroadcast(result_bar, k)
    v_bar = jnp.broadcast_to(sum_1_bar, jnp.shape(v))
    # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
    loop_value_1_bar = (k_bar, v_bar)
    x_bar = zeros_like(x)
    for mul_1, sin_1 in reversed(tape):
        loop_value_2_bar = loop_value_1_bar
        # lax_cases.py:34: return k + 1, v * 1.5 + jnp.sin(x)
        add_1_bar = loop_value_2_bar[0]
        add_1_1_bar = loop_value_2_bar[1]
        mul_1_bar = unbroadcast(add_1_1_bar, mul_1)
        sin_1_bar = unbroadcast(add_1_1_bar, sin_1)
        x_bar = x_bar + sin_1_bar * jnp.cos(x)
        v_2_bar = mul_1_bar * 1.5
        # lax_cases.py:33: k, v = state
        loop_value_1_bar = (add_1_bar, v_2_bar)
    # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
    loop_value_bar = loop_value_1_bar
    x_bar = x_bar + loop_value_bar[1]
    return x_bar
