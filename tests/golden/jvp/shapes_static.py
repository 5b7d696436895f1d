def shapes_static_jvp(x, x_dot):
    # forward_cases.py:166: n = x.shape[0]
    x_shape = x.shape
    n = x_shape[0]
    # forward_cases.py:167: k = len(x)
    k = len(x)
    # forward_cases.py:168: return jnp.reshape(x, (n // 2, 2)).T * k + x.ndim
    floordiv = n // 2
    reshape = jnp.reshape(x, (floordiv, 2))
    reshape_dot = jnp.reshape(x_dot, (floordiv, 2))
    transpose = jnp.transpose(reshape)
    transpose_dot = jnp.transpose(reshape_dot, None)
    mul = transpose * k
    mul_dot = transpose_dot * k
    x_ndim = x.ndim
    add = mul + x_ndim
    add_dot = jnp.broadcast_to(mul_dot, jnp.shape(add))
    return (add, add_dot)
