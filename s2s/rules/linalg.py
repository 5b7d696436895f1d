"""Products (dot, matmul, vdot, outer, inner, einsum, tensordot): jvp rules.

All are linear in each operand, so their jvp is the product rule: the sum of
the product with one operand replaced by its tangent.
"""
import gast
import jax.numpy as jnp

from . import batch_rule, multilinear, vjp_rule
from ..runtime import (cotangent_dtype, dot_cotangent_a, dot_cotangent_b,  # noqa: F401
                       inner_cotangent_a, inner_cotangent_b, kron_cotangent_a,
                       matmul_cotangent_a, matmul_cotangent_b,
                       kron_cotangent_b, tensordot_cotangent_a, tensordot_cotangent_b)

multilinear(jnp.dot, jnp.vdot, jnp.outer, jnp.inner, jnp.kron)
multilinear(jnp.tensordot, static_argnums=(2,))   # the axes
multilinear(jnp.einsum, static_argnums=(0,))      # the subscripts string

# --- vjp rules ----------------------------------------------------------------------
# dot and inner are tensordots over computed axes; a tensordot's cotangents are
# tensordots of the output's cotangent with the other operand, transposed back
# into the operand's axis order. The formulas live in s2s/runtime_linalg.py as named
# functions (dot_cotangent_a, ...), which s2s can differentiate again.


@vjp_rule(jnp.tensordot, nondiff_args=("axes",))
def tensordot_vjp(ans_bar, a, b, axes=2):
    return (tensordot_cotangent_a(ans_bar, a, b, axes=axes),
            tensordot_cotangent_b(ans_bar, a, b, axes=axes))


@vjp_rule(jnp.dot, nondiff_args=("out_sharding",))
def dot_vjp(ans_bar, a, b, out_sharding=None):
    return dot_cotangent_a(ans_bar, a, b), dot_cotangent_b(ans_bar, a, b), None


@vjp_rule(jnp.inner)
def inner_vjp(ans_bar, a, b):
    return inner_cotangent_a(ans_bar, a, b), inner_cotangent_b(ans_bar, a, b)


# vdot flattens both operands (same size, any shapes); real inputs only. Each
# cotangent has its operand's dtype (a float32 vector times a float64 one: float32).
@vjp_rule(jnp.vdot)
def vdot_vjp(ans_bar, a, b):
    return (cotangent_dtype(ans_bar * jnp.reshape(b, jnp.shape(a)), a),
            cotangent_dtype(ans_bar * jnp.reshape(a, jnp.shape(b)), b))


# outer flattens both operands.
@vjp_rule(jnp.outer)
def outer_vjp(ans_bar, a, b):
    return (cotangent_dtype(jnp.reshape(jnp.dot(ans_bar, jnp.ravel(b)), jnp.shape(a)), a),
            cotangent_dtype(jnp.reshape(jnp.dot(jnp.ravel(a), ans_bar), jnp.shape(b)), b))


# kron(a, b) is a * b with their axes interleaved (a0 b0 a1 b1 ...), then merged.
@vjp_rule(jnp.kron)
def kron_vjp(ans_bar, a, b):
    return kron_cotangent_a(ans_bar, a, b), kron_cotangent_b(ans_bar, a, b)


def einsum_operand_spec(spec, i):
    """The einsum subscripts that give operand `i`'s cotangent of
    jnp.einsum(spec, *operands) from (the output's cotangent, the other operands
    in order): for "ij,j->i" and i=0, "i,j->ij".

    Raises ValueError where that is no single einsum: an ellipsis, an index
    repeated within one operand (a diagonal), or an index summed over in
    operand i alone (its cotangent would be broadcast along it).
    """
    spec = spec.replace(" ", "")
    if "." in spec:
        raise ValueError(f"einsum spec {spec!r}: s2s cannot reverse an ellipsis ('...')")
    if "->" in spec:
        inputs, output = spec.split("->")
    else:   # implicit output: the indices used once, in alphabetical order
        inputs = spec
        letters = inputs.replace(",", "")
        output = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    operands = inputs.split(",")
    if not 0 <= i < len(operands):
        raise ValueError(f"einsum spec {spec!r} has no operand {i}")
    for term in operands + [output]:
        if len(set(term)) != len(term):
            raise ValueError(f"einsum spec {spec!r}: s2s cannot reverse an index repeated "
                             f"within one operand ({term!r})")
    others = [t for j, t in enumerate(operands) if j != i]
    available = set(output).union(*others)
    missing = [c for c in operands[i] if c not in available]
    if missing:
        raise ValueError(f"einsum spec {spec!r}: index {missing[0]!r} of operand {i} is "
                         "summed over in that operand alone; s2s cannot reverse it")
    return ",".join([output] + others) + "->" + operands[i]


# --- batching ---------------------------------------------------------------------
# A product with a batched operand is one einsum over the batch: the batch axis
# gets its own letter, kept in the output, so jnp.dot(mat, v) over a batch of v
# is jnp.einsum('zj,ij->zi', v_batch, mat), a single matrix product (XLA's
# dot_general); where that einsum is a plain matrix product it is then written as
# one, as manual batching would: jnp.dot(v_batch, mat.T) (_as_dot).

_LETTERS = "ijklmnopqrstuvwxy"


def _batched_einsum(batch, spec_in, spec_out, operands):
    """jnp.einsum over the batch: `z` added to each batched operand and the output."""
    if not any(batch.batched(op) for op in operands):
        # (an operand batched only for its shape: one product, the same for all)
        spec = ",".join(spec_in) + "->" + spec_out
        product = _as_dot(batch, list(zip(spec_in, operands)), spec_out) or \
            batch.jnp("einsum", spec, *[batch.x(op) for op in operands])
        return batch.call("broadcast_tree", product, batch.batch_size)
    used = set("".join(spec_in) + spec_out)
    z = next(c for c in "zyxwvu" + _LETTERS if c not in used)
    pairs = [((z + s) if batch.batched(op) else s, op) for s, op in zip(spec_in, operands)]
    if len(pairs) == 2 and not batch.batched(operands[0]) and batch.batched(operands[1]):
        # the batched operand first: XLA's product then yields the batch axis first,
        # as manual batching does (jnp.dot(v_batch, mat.T)), with no transpose after
        pairs.reverse()
    spec = ",".join(s for s, _ in pairs) + "->" + z + spec_out
    product = _as_dot(batch, pairs, z + spec_out)
    if product is not None:
        return product
    return batch.jnp("einsum", spec, *[batch.x(op) for _, op in pairs])


# An einsum that is a plain matrix product is written as one: jnp.dot(v_batch, mat.T)
# rather than jnp.einsum('zj,ij->zi', v_batch, mat). Eagerly jnp.einsum costs about
# 2.4x jnp.dot for the same product, and under jit the dot (its transpose folded into
# the constant) compiles to the kernel manual batching gets (issue 13).
def _as_dot(batch, pairs, spec_out):
    """jnp.dot(left, right) equal to the einsum of `pairs` [(subscripts, operand)] ->
    spec_out, the operands in their order or swapped, a matrix transposed with `.T`
    where its contracted axis is not where dot contracts; None where the einsum is
    not one such product."""
    if len(pairs) != 2:
        return None
    (sa, a), (sb, b) = pairs
    shared = set(sa) & set(sb)
    if len(shared) != 1 or shared & set(spec_out) or len(set(sa)) != len(sa) \
            or len(set(sb)) != len(sb):
        return None
    c, = shared
    for (sl, left), (sr, right) in (((sa, a), (sb, b)), ((sb, b), (sa, a))):
        if spec_out != sl.replace(c, "") + sr.replace(c, ""):
            continue   # (a letter summed away in one operand alone is no product)
        left = _contracted_last(batch.x(left), sl, c)
        right = _contracted_second_last(batch.x(right), sr, c)
        if left is not None and right is not None:
            return batch.jnp("dot", left, right)
    return None


def _contracted_last(node, spec, c):
    """The left operand of jnp.dot, which contracts its last axis."""
    return node if spec[-1] == c else _transposed(node) if len(spec) == 2 else None


def _contracted_second_last(node, spec, c):
    """The right operand of jnp.dot: its only axis, or its second to last."""
    if len(spec) == 1 or spec[-2] == c:
        return node
    return _transposed(node) if len(spec) == 2 else None


def _transposed(node):
    """`x.T` (a matrix's transpose)."""
    return gast.Attribute(value=node, attr="T", ctx=gast.Load())


def _multiply(batch, x, y):
    rank = max(batch.rank(x), batch.rank(y))
    return batch.jnp("multiply", batch.align(x, rank), batch.align(y, rank))


def _dot_spec(ra, rb):
    """Subscripts of jnp.dot for operands of ranks ra, rb (both at least 1): the
    last axis of a meets the only axis of b, or its second to last."""
    letters = iter(_LETTERS)
    sa = "".join(next(letters) for _ in range(ra))
    if rb == 1:
        return [sa, sa[-1]], sa[:-1]
    sb = [next(letters) for _ in range(rb)]
    sb[-2] = sa[-1]
    sb = "".join(sb)
    return [sa, sb], sa[:-1] + sb[:-2] + sb[-1]


@batch_rule(jnp.dot)
def dot_batch(batch, a, b, **rest):
    x, y = a, b
    ra, rb = batch.rank(x), batch.rank(y)
    if ra == 0 or rb == 0:
        return _multiply(batch, x, y)
    spec_in, spec_out = _dot_spec(ra, rb)
    return _batched_einsum(batch, spec_in, spec_out, [x, y])


# For one- and two-dimensional operands matmul is dot; beyond, its leading axes
# broadcast, so batched operands get the axes they lack after the batch axis.
@batch_rule(jnp.matmul)
def matmul_batch(batch, **operands):
    x, y = list(operands.values())[:2]
    ra, rb = batch.rank(x), batch.rank(y)
    if ra <= 2 and rb <= 2:
        spec_in, spec_out = _dot_spec(ra, rb)
        return _batched_einsum(batch, spec_in, spec_out, [x, y])
    if ra == 1 or rb == 1:
        raise batch.error("s2s cannot batch a matmul of a vector with a stack of matrices",
                      "use jnp.einsum")
    rank = max(ra, rb)
    keys = list(operands)[:2]
    return batch.rebuild(**{keys[0]: batch.align(x, rank), keys[1]: batch.align(y, rank)})


@batch_rule(jnp.inner)
def inner_batch(batch, a, b, **rest):
    x, y = a, b
    ra, rb = batch.rank(x), batch.rank(y)
    if ra == 0 or rb == 0:
        return _multiply(batch, x, y)
    letters = iter(_LETTERS)
    sa = "".join(next(letters) for _ in range(ra))
    sb = "".join(next(letters) for _ in range(rb - 1)) + sa[-1]
    return _batched_einsum(batch, [sa, sb], sa[:-1] + sb[:-1], [x, y])


def _flat(batch, x):
    """One example flattened: `jnp.reshape(x_batch, (batch_size, -1))`."""
    if batch.batched(x):
        return batch.jnp("reshape", batch.x(x), (batch.batch_size, -1))
    return batch.jnp("ravel", batch.x(x))


@batch_rule(jnp.vdot)
def vdot_batch(batch, a, b, **rest):
    x, y = a, b
    spec = "z{0},{0}->z" if not batch.batched(y) else "{0},z{0}->z" if not batch.batched(x) \
        else "z{0},z{0}->z"
    return batch.jnp("einsum", spec.format("i"), _flat(batch, x), _flat(batch, y))


@batch_rule(jnp.outer)
def outer_batch(batch, a, b, **rest):
    x, y = a, b
    sa = "zi" if batch.batched(x) else "i"
    sb = "zj" if batch.batched(y) else "j"
    return batch.jnp("einsum", f"{sa},{sb}->zij", _flat(batch, x), _flat(batch, y))


# kron of one example's operands, padded to a common rank r, is their product
# with axes interleaved (a0 b0 a1 b1 ...) and then merged pairwise: one einsum and
# one reshape, the batch axis kept first.
@batch_rule(jnp.kron)
def kron_batch(batch, a, b, **rest):
    x, y = a, b
    sx, sy = tuple(batch.shape(x)), tuple(batch.shape(y))
    r = max(len(sx), len(sy))
    ax = _LETTERS[:r][r - len(sx):]          # an operand's own axes: the last of the r
    bx = _LETTERS[r:2 * r][r - len(sy):]     # (the padding axes have size 1)
    pairs = zip(_LETTERS[:r], _LETTERS[r:2 * r])
    product = _batched_einsum(batch, [ax, bx],
                              "".join(c for p in pairs for c in p if c in ax + bx), [x, y])
    sx, sy = (1,) * (r - len(sx)) + sx, (1,) * (r - len(sy)) + sy
    return batch.jnp("reshape", product,
                     (batch.batch_size,) + tuple(p * q for p, q in zip(sx, sy)))


@batch_rule(jnp.tensordot)
def tensordot_batch(batch, a, b, axes=2, **rest):
    x, y = a, b
    ra, rb = batch.rank(x), batch.rank(y)
    axes = batch.value(axes, "the axes")
    if isinstance(axes, int):
        axes_a, axes_b = list(range(ra - axes, ra)), list(range(axes))
    else:
        axes_a, axes_b = axes
        axes_a = [axes_a] if isinstance(axes_a, int) else list(axes_a)
        axes_b = [axes_b] if isinstance(axes_b, int) else list(axes_b)
    axes_a, axes_b = [i % ra for i in axes_a], [i % rb for i in axes_b]
    letters = iter(_LETTERS)
    sa = [next(letters) for _ in range(ra)]
    sb = [next(letters) for _ in range(rb)]
    for i, j in zip(axes_a, axes_b):
        sb[j] = sa[i]
    out = [c for i, c in enumerate(sa) if i not in axes_a] + \
        [c for j, c in enumerate(sb) if j not in axes_b]
    return _batched_einsum(batch, ["".join(sa), "".join(sb)], "".join(out), [x, y])


@batch_rule(jnp.einsum)
def einsum_batch(batch, subscripts, **operands):
    spec = batch.value(subscripts, "the subscripts").replace(" ", "")
    if "..." in spec:
        raise batch.error("s2s cannot batch an einsum with `...`", "name every axis")
    ins, _, out = spec.partition("->")
    ins = ins.split(",")
    if "->" not in spec:   # implicit output: the letters used once, in order
        letters = "".join(ins)
        out = "".join(sorted(c for c in set(letters) if letters.count(c) == 1))
    ops = [v for k, v in operands.items() if k.startswith("operands")]
    return _batched_einsum(batch, ins, out, ops)


# The cotangents of dot (and of matmul on vectors and matrices) are einsums too:
# the output's cotangent against the other operand, back to this operand's axes.
# Written from ranks alone, so they batch inside loops whose shapes change.
def _dot_cotangent(batch, g, a, b, which):
    ra, rb = batch.rank(a), batch.rank(b)
    if ra == 0 or rb == 0 or ra > 2 and batch.prim.fn in (matmul_cotangent_a,
                                                          matmul_cotangent_b):
        raise batch.error("s2s cannot batch this product's cotangent",
                          "use jnp.einsum for products of scalars or stacks of matrices")
    (sa, sb), out = _dot_spec(ra, rb)
    if which == "a":
        return _in_dtype_of(batch, _batched_einsum(batch, [out, sb], sa, [g, b]), (g, b), a)
    return _in_dtype_of(batch, _batched_einsum(batch, [sa, out], sb, [a, g]), (g, a), b)


def _in_dtype_of(batch, product, factors, operand):
    """The product cast to its operand's dtype where the probe saw a promotion
    (a float16 operand times float32 weights: float16, as the unbatched
    helper's cotangent_dtype gives it)."""
    infos = [batch.info(v) for v in factors]
    target = batch.info(operand)
    dtypes = [i.dtype for i in infos if i is not None and i.kind == "array"]
    if not dtypes or target is None or target.kind != "array":
        return product
    return batch.cast_as(product, jnp.result_type(*dtypes), target.dtype)


@batch_rule(dot_cotangent_a, matmul_cotangent_a)
def dot_cotangent_a_batch(batch, g, a, b):
    return _dot_cotangent(batch, g, a, b, "a")


@batch_rule(dot_cotangent_b, matmul_cotangent_b)
def dot_cotangent_b_batch(batch, g, a, b):
    return _dot_cotangent(batch, g, a, b, "b")
