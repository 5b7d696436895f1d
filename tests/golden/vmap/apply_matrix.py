def apply_matrix_vmap(v_batch):
    # vmap_golden_cases.py:9: return jnp.dot(mat, v)
    dot_batch = jnp.einsum('zj,ij->zi', v_batch, mat)
    return dot_batch
