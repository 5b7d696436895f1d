def loop_over_rows_jvp(m, m_dot):
    # forward_cases.py:37: total = 0.0
    total = 0.0
    total_dot = 0.0
    # forward_cases.py:38: for row in m:
    for row, row_dot in zip(m, m_dot):
        # forward_cases.py:39: total += jnp.dot(row, row)
        dot = jnp.dot(row, row)
        dot_dot = jnp.dot(row_dot, row) + jnp.dot(row, row_dot)
        total_dot = total_dot + dot_dot
        total = total + dot
    # forward_cases.py:40: return total
    return (total, total_dot)
