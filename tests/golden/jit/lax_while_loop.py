def while_with_a_pair_jit(x):
    # lax_cases.py:28: def more(state):

    def more(state):
        # lax_cases.py:29: k, v = state
        k, v = state
        # lax_cases.py:30: return jnp.logical_and(k < 5, jnp.sum(v) < 10.0)
        lt = k < 5
        sum_ = jnp.sum(v)
        lt_1 = sum_ < 10.0
        logical_and = jnp.logical_and(lt, lt_1)
        return logical_and
    # lax_cases.py:32: def step(state):

    def step(state):
        # lax_cases.py:33: k, v = state
        k, v = state
        # lax_cases.py:34: return k + 1, v * 1.5 + jnp.sin(x)
        add = k + 1
        mul = v * 1.5
        sin = jnp.sin(x)
        add_1 = mul + sin
        return (add, add_1)
    # lax_cases.py:36: k, v = lax.while_loop(more, step, (0, x))
    loop_value = (0, x)
    cond = more(loop_value)

    def loop_test(cond, loop_value):
        return cond

    def loop_body(cond, loop_value):
        loop_value = step(loop_value)
        cond = more(loop_value)
        return (cond, loop_value)
    cond, loop_value = while_loop(loop_test, loop_body, cond, loop_value)
    k, v = loop_value
    # lax_cases.py:37: return jnp.sum(v) + k
    sum_1 = jnp.sum(v)
    add_2 = sum_1 + k
    return add_2
