def branches_jvp(x, x_dot):
    # forward_cases.py:15: s = jnp.sum(x)
    s = jnp.sum(x)
    s_dot = jnp.sum(x_dot)
    # forward_cases.py:16: if s > 1.0:
    gt = s > 1.0
    if gt:
        # forward_cases.py:17: y = jnp.sin(x) * s
        sin = jnp.sin(x)
        sin_dot = jnp.cos(x) * x_dot
        y = sin * s
        y_dot = sin_dot * s + sin * s_dot
    else:
        # forward_cases.py:18: elif s > -1.0:
        gt_1 = s > -1.0
        if gt_1:
            # forward_cases.py:19: y = x ** 3
            y = x ** 3
            y_dot = 3 * (x * x) * x_dot
        else:
            # forward_cases.py:21: y = -x
            y = -x
            y_dot = -x_dot
    # forward_cases.py:22: return y
    return (y, y_dot)
