def halve_until_small_vmap(x_batch):
    # vmap_golden_cases.py:20: steps = 0
    batch_size = jnp.shape(x_batch)[0]
    steps_batch = jnp.full((batch_size,), 0)
    # vmap_golden_cases.py:21: while jnp.max(jnp.abs(x)) > 1.0:
    abs_batch = jnp.abs(x_batch)
    max_batch = jnp.max(abs_batch, axis=1)
    cond_batch = max_batch > 1.0
    # loop while any example is still going; an example that has stopped keeps its values
    while jnp.any(cond_batch):
        steps_step = steps_batch
        x_step = x_batch
        # vmap_golden_cases.py:22: x = x / 2.0
        x_step = x_step / 2.0
        # vmap_golden_cases.py:23: steps = steps + 1
        steps_step = steps_step + 1
        # vmap_golden_cases.py:21: while jnp.max(jnp.abs(x)) > 1.0:
        abs_1_batch = jnp.abs(x_step)
        max_1_batch = jnp.max(abs_1_batch, axis=1)
        cond_step = max_1_batch > 1.0
        steps_batch = jnp.where(cond_batch, steps_step, steps_batch)
        x_batch = jnp.where(cond_batch[:, None], x_step, x_batch)
        cond_batch = jnp.logical_and(cond_batch, cond_step)
    # vmap_golden_cases.py:24: return x, steps
    result_batch = (x_batch, steps_batch)
    return result_batch
