def loop_over_rows_grad(m):
    # forward_cases.py:37: total = 0.0
    total = 0.0
    # forward_cases.py:38: for row in m:
    n = len(m)
    total_1 = total
    tape = []
    for i in range(n):
        row = m[i]
        # forward_cases.py:39: total += jnp.dot(row, row)
        dot = jnp.dot(row, row)
        total_2 = total_1 + dot
        # forward_cases.py:38: for row in m:
        tape.append((total_1, i, row, dot))
        total_1 = total_2
    # forward_cases.py:40: return total
    total_1_bar = grad_seed(total_1)
    # forward_cases.py:38: for row in m:
    m_bar = zeros_like(m)
    for total_1, i, row, dot in reversed(tape):
        total_2_bar = total_1_bar
        # forward_cases.py:39: total += jnp.dot(row, row)
        total_1_bar = unbroadcast(total_2_bar, total_1)
        dot_bar = unbroadcast(total_2_bar, dot)
        row_bar = dot_cotangent_a(dot_bar, row, row)
        row_bar = row_bar + dot_cotangent_b(dot_bar, row, row)
        # forward_cases.py:38: for row in m:
        m_bar = m_bar.at[i].add(row_bar)
    return m_bar
