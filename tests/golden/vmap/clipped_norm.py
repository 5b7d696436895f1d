def clipped_norm_vmap(x_batch, limit):
    # vmap_golden_cases.py:13: n = jnp.sqrt(jnp.sum(x ** 2))
    pow_batch = x_batch ** 2
    sum_batch = jnp.sum(pow_batch, axis=1)
    n_batch = jnp.sqrt(sum_batch)
    # vmap_golden_cases.py:14: if n > limit:
    gt_batch = n_batch > limit
    # both branches run; each example keeps the one its condition picks
    x_then = x_batch
    # vmap_golden_cases.py:15: x = x * (limit / n)
    div_batch = limit / n_batch
    x_then = x_then * div_batch[:, None]
    # vmap_golden_cases.py:14: if n > limit:
    x_batch = jnp.where(gt_batch[:, None], x_then, x_batch)
    # vmap_golden_cases.py:16: return x
    return x_batch
