def branches_jvp(x, x_dot):
    # forward mode: each value is followed by its tangent (`v_dot`): how much v moves
    # when the inputs move along their tangents. Each tangent line comes from the rule
    # of the operation that made v, so one pass computes both.
    # one line per rule: explained code is built without the algebra tidy, which in the
    # code that runs folds the seed's ones into the first product and cancels paired
    # negations.
    # forward_cases.py:15: s = jnp.sum(x)
    s = jnp.sum(x)
    # d jnp.sum(x) = jnp.sum(dx)
    s_dot = jnp.sum(x_dot)
    # forward_cases.py:16: if s > 1.0:
    gt = s > 1.0
    if gt:
        # forward_cases.py:17: y = jnp.sin(x) * s
        sin = jnp.sin(x)
        # d jnp.sin(x) = jnp.cos(x) * dx
        sin_dot = jnp.cos(x) * x_dot
        y = sin * s
        # d x * y = dx * y + x * dy
        y_dot = sin_dot * s + sin * s_dot
    else:
        # forward_cases.py:18: elif s > -1.0:
        gt_1 = s > -1.0
        if gt_1:
            # forward_cases.py:19: y = x ** 3
            y = x ** 3
            # d x ** 3 = 3 * x ** 2 * dx
            y_dot = 3 * x ** 2 * x_dot
        else:
            # forward_cases.py:21: y = -x
            y = -x
            # d -x = -dx
            y_dot = -x_dot
    # forward_cases.py:22: return y
    return (y, y_dot)
