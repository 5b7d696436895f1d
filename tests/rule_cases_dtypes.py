"""Examples for questions about dtypes, shapes and kinds (s2s/rules/dtypes.py)."""
from rule_examples import E, U

CASES = {
    "jnp.promote_types": [E("a.astype(jnp.promote_types(a.dtype, jnp.float32)) * 2.0", U(3))],
    "jnp.issubdtype": [E("a * jnp.issubdtype(a.dtype, jnp.floating)", U(3))],
    "jnp.isdtype": [E("a * jnp.isdtype(a.dtype, 'real floating')", U(2, 3))],
    "jnp.can_cast": [E("a * jnp.can_cast(a.dtype, jnp.float64)", U(3))],
    "jnp.iscomplexobj": [E("a * (1.0 - jnp.iscomplexobj(a))", U(3))],
    "jnp.isrealobj": [E("a * jnp.isrealobj(a)", U(3))],
    "jnp.isscalar": [E("jnp.where(jnp.isscalar(a), a, a * 2.0)", U(3)),
                     E("jnp.where(jnp.isscalar(a), a, a * 2.0)", U())],
    "jnp.iterable": [E("a * jnp.iterable(a)", U(3))],
    "jnp.broadcast_shapes": [E("jnp.broadcast_to(a, jnp.broadcast_shapes(jnp.shape(a), (2, 3)))",
                               U(3))],
}
