def augmented_jvp(x, x_dot):
    # forward_cases.py:116: y = x
    y = x
    y_dot = x_dot
    # forward_cases.py:117: y += 1.0
    y = y + 1.0
    # forward_cases.py:118: y *= x
    y_dot = y_dot * x + y * x_dot
    y = y * x
    # forward_cases.py:119: y -= jnp.sin(x)
    sin = jnp.sin(x)
    sin_dot = jnp.cos(x) * x_dot
    y_dot = y_dot - sin_dot
    y = y - sin
    # forward_cases.py:120: y /= 2.0
    y_dot = y_dot / 2.0
    y = y / 2.0
    # forward_cases.py:121: y **= 2
    y_dot = 2 * y * y_dot
    y = y ** 2
    # forward_cases.py:122: return y
    return (y, y_dot)
