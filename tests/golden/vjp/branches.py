def branches_vjp(x):
    # forward_cases.py:15: s = jnp.sum(x)
    s = jnp.sum(x)
    # forward_cases.py:16: if s > 1.0:
    gt = s > 1.0
    if gt:
        # forward_cases.py:17: y = jnp.sin(x) * s
        sin = jnp.sin(x)
        y_1 = sin * s
    else:
        # forward_cases.py:18: elif s > -1.0:
        gt_1 = s > -1.0
        if gt_1:
            # forward_cases.py:19: y = x ** 3
            y_1 = x ** 3
        else:
            # forward_cases.py:21: y = -x
            y_1 = -x
    # forward_cases.py:22: return y

    def branches_pullback(result_bar):
        # forward_cases.py:16: if s > 1.0:
        if gt:
            # forward_cases.py:17: y = jnp.sin(x) * s
            sin_bar = unbroadcast(result_bar * s, sin)
            s_bar = unbroadcast(sin * result_bar, s)
            x_bar = sin_bar * jnp.cos(x)
        else:
            # forward_cases.py:18: elif s > -1.0:
            if gt_1:
                # forward_cases.py:19: y = x ** 3
                x_bar = result_bar * (3 * (x * x))
            else:
                # forward_cases.py:21: y = -x
                x_bar = -result_bar
            s_bar = zeros_like(s)
        # forward_cases.py:15: s = jnp.sum(x)
        x_bar = x_bar + jnp.broadcast_to(s_bar, jnp.shape(x))
        return (x_bar,)
    return (y_1, branches_pullback)
