def apply_matrix_vmap(v_batch):
    # vmap_golden_cases.py:9: return jnp.dot(mat, v)
    dot_batch = jnp.dot(v_batch, mat.T)
    return dot_batch
