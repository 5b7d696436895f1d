"""The products (tensordot, dot, inner, matmul, kron): the axes and shapes their
rules need, and the cotangents the vjp rules in s2s/rules/linalg.py and
s2s/rules/arithmetic.py call (one operand's cotangent each). Registered with
`@helper` like the rest of s2s/runtime.py, which imports them back
(`s2s.runtime` names every helper)."""
import jax
import jax.numpy as jnp

from .runtime import cotangent_dtype, helper, unbroadcast


# -- the axes and shapes of products ------------------------------------------------------
# What the products' rules (and the cotangents below) need to know about their
# operands' axes; each has a rule of its own (no derivative), registered in
# s2s/rules/runtime_helpers.py.

def _tensordot_axes(a, b, axes):
    na, nb = jnp.ndim(a), jnp.ndim(b)
    if isinstance(axes, (tuple, list)):
        ca, cb = axes
        ca = list(ca) if isinstance(ca, (tuple, list)) else [ca]
        cb = list(cb) if isinstance(cb, (tuple, list)) else [cb]
        return [k % na for k in ca], [k % nb for k in cb]
    axes = int(axes)
    return list(range(na - axes, na)), list(range(axes))


@helper
def dot_axes(a, b):
    """jnp.dot(a, b) is jnp.tensordot(a, b, dot_axes(a, b))."""
    na, nb = jnp.ndim(a), jnp.ndim(b)
    if na == 0 or nb == 0:
        return ((), ())
    return ((na - 1,), (max(nb - 2, 0),))


@helper
def inner_axes(a, b):
    """jnp.inner(a, b) is jnp.tensordot(a, b, inner_axes(a, b))."""
    na, nb = jnp.ndim(a), jnp.ndim(b)
    if na == 0 or nb == 0:
        return ((), ())
    return ((na - 1,), (nb - 1,))


@helper
def tensordot_cotangent_axes(a, b, axes, i):
    """(contraction, perm) for the cotangent of operand `i` of jnp.tensordot(a, b, axes),
    given the output's cotangent g: for i == 0 it is
    jnp.transpose(jnp.tensordot(g, b, contraction), perm), for i == 1
    jnp.transpose(jnp.tensordot(a, g, contraction), perm)."""
    ca, cb = _tensordot_axes(a, b, axes)
    na, nb = jnp.ndim(a), jnp.ndim(b)
    free_a = [k for k in range(na) if k not in ca]
    free_b = [k for k in range(nb) if k not in cb]
    if i == 0:
        g_axes = tuple(range(len(free_a), len(free_a) + len(free_b)))
        contraction = (g_axes, tuple(free_b))
        source = free_a + [ca[cb.index(j)] for j in sorted(cb)]   # a's axis of each result axis
    else:
        g_axes = tuple(range(len(free_a)))
        contraction = (tuple(free_a), g_axes)
        source = [cb[ca.index(k)] for k in sorted(ca)] + free_b
    perm = tuple(sorted(range(len(source)), key=lambda p: source[p]))
    return contraction, perm


@helper
def explicit_sharding(x):
    """x's sharding when it is sharded over an Explicit mesh axis, else None:
    where a product's cotangent goes (it contracts over the sharded batch, and
    JAX asks where the result is placed: where the operand is, as JAX's own
    transpose places it)."""
    explicit = getattr(getattr(jax.sharding, "AxisType", None), "Explicit", None)
    if explicit is None:   # (a JAX before explicit sharding)
        return None
    sharding = getattr(jax.typeof(x), "sharding", None)
    mesh = getattr(sharding, "mesh", None)
    if mesh is None or explicit not in getattr(mesh, "axis_types", ()):
        return None
    return sharding


@helper
def matmul_shapes(a, b):
    """(a's, b's, the output's shape) for jnp.matmul(a, b) with 1-d operands promoted
    to matrices: a (k,) as (1, k), b (k,) as (k, 1)."""
    sa, sb = tuple(jnp.shape(a)), tuple(jnp.shape(b))
    pa = (1,) + sa if len(sa) == 1 else sa
    pb = sb + (1,) if len(sb) == 1 else sb
    batch = tuple(jnp.broadcast_shapes(pa[:-2], pb[:-2]))
    return pa, pb, batch + (pa[-2], pb[-1])


@helper
def kron_shapes(a, b):
    """For jnp.kron(a, b) (the outer product with axes interleaved a0 b0 a1 b1 ...):
    (the output's shape split into those axes, a's shape and b's shape in that
    layout (1 in the other's places), b's places, a's places)."""
    sa, sb = tuple(jnp.shape(a)), tuple(jnp.shape(b))
    n = max(len(sa), len(sb))
    sa, sb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    split = tuple(d for pair in zip(sa, sb) for d in pair)
    a_layout = tuple(d for m in sa for d in (m, 1))
    b_layout = tuple(d for m in sb for d in (1, m))
    return split, a_layout, b_layout, tuple(range(1, 2 * n, 2)), tuple(range(0, 2 * n, 2))



# -- cotangents of products ------------------------------------------------------------
# Each returns the cotangent of one operand, given `g`, the output's cotangent. They
# are plain jnp code (not table entries), so s2s differentiates them again from
# their source: grad of grad through a product works.

@helper(product=True)
def tensordot_cotangent_a(g, a, b, axes=2):
    """Cotangent of `a` in `jnp.tensordot(a, b, axes)`."""
    contract, order = tensordot_cotangent_axes(a, b, axes, 0)
    product = cotangent_dtype(jnp.tensordot(g, b, contract), a)
    if order == tuple(range(len(order))):
        return product   # already in a's axis order
    return jnp.transpose(product, order)


@helper(product=True)
def tensordot_cotangent_b(g, a, b, axes=2):
    """Cotangent of `b` in `jnp.tensordot(a, b, axes)`."""
    contract, order = tensordot_cotangent_axes(a, b, axes, 1)
    product = cotangent_dtype(jnp.tensordot(a, g, contract), b)
    if order == tuple(range(len(order))):
        return product   # already in b's axis order
    return jnp.transpose(product, order)


# For a matrix operand the cotangents are the products a person writes, `g @ b.T`
# and `a.T @ g`: eagerly about 10% faster for an MLP's layers than the tensordot
# over the same axes (bench/goals_bench.py), which covers every other rank.
@helper(product=True)
def dot_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.dot(a, b)`: `jnp.dot(g, b.T)` for a matrix b, else
    a tensordot over dot's axes."""
    if jnp.ndim(a) >= 1 and jnp.ndim(b) == 2:
        placed = explicit_sharding(a)
        if placed is None:
            return cotangent_dtype(jnp.dot(g, b.T), a)
        return cotangent_dtype(jnp.dot(g, b.T, out_sharding=placed), a)
    return tensordot_cotangent_a(g, a, b, dot_axes(a, b))


@helper(product=True)
def dot_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.dot(a, b)`: `jnp.dot(a.T, g)` for a matrix a and b of
    rank 1 or 2, else a tensordot over dot's axes."""
    if jnp.ndim(a) == 2 and 1 <= jnp.ndim(b) <= 2:
        placed = explicit_sharding(b)
        if placed is None:
            return cotangent_dtype(jnp.dot(a.T, g), b)
        return cotangent_dtype(jnp.dot(a.T, g, out_sharding=placed), b)
    return tensordot_cotangent_b(g, a, b, dot_axes(a, b))


@helper(product=True)
def inner_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.inner(a, b)`."""
    return tensordot_cotangent_a(g, a, b, inner_axes(a, b))


@helper(product=True)
def inner_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.inner(a, b)`."""
    return tensordot_cotangent_b(g, a, b, inner_axes(a, b))


@helper(product=True)
def matmul_cotangent_a(g, a, b):
    """Cotangent of `a` in `a @ b`: 1-d operands act as a row (a) and a column
    (b); batch axes that broadcasting added are summed away."""
    a_shape, b_shape, g_shape = matmul_shapes(a, b)
    a2, b2, g2 = jnp.reshape(a, a_shape), jnp.reshape(b, b_shape), jnp.reshape(g, g_shape)
    placed = explicit_sharding(a2)
    if placed is None:
        product = jnp.matmul(g2, jnp.swapaxes(b2, -1, -2))
    else:
        product = jnp.matmul(g2, jnp.swapaxes(b2, -1, -2), out_sharding=placed)
    return jnp.reshape(unbroadcast(product, a2), jnp.shape(a))


@helper(product=True)
def matmul_cotangent_b(g, a, b):
    """Cotangent of `b` in `a @ b`."""
    a_shape, b_shape, g_shape = matmul_shapes(a, b)
    a2, b2, g2 = jnp.reshape(a, a_shape), jnp.reshape(b, b_shape), jnp.reshape(g, g_shape)
    placed = explicit_sharding(b2)
    if placed is None:
        product = jnp.matmul(jnp.swapaxes(a2, -1, -2), g2)
    else:
        product = jnp.matmul(jnp.swapaxes(a2, -1, -2), g2, out_sharding=placed)
    return jnp.reshape(unbroadcast(product, b2), jnp.shape(b))


@helper(product=True)
def kron_cotangent_a(g, a, b):
    """Cotangent of `a` in `jnp.kron(a, b)`."""
    blocks, a_shape, b_shape, a_axes, b_axes = kron_shapes(a, b)
    return cotangent_dtype(jnp.reshape(
        jnp.sum(jnp.reshape(g, blocks) * jnp.reshape(b, b_shape), axis=a_axes), jnp.shape(a)), a)


@helper(product=True)
def kron_cotangent_b(g, a, b):
    """Cotangent of `b` in `jnp.kron(a, b)`."""
    blocks, a_shape, b_shape, a_axes, b_axes = kron_shapes(a, b)
    return cotangent_dtype(jnp.reshape(
        jnp.sum(jnp.reshape(g, blocks) * jnp.reshape(a, a_shape), axis=b_axes), jnp.shape(b)), b)
