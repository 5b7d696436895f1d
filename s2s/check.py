"""`s2s check FILE:FUNC --transform grad --shapes 3`: is the generated code right here?

At random inputs (float64, seeded), the transformation's value is compared
with JAX's and with central finite differences (for the derivatives), and a
NaN or infinity in s2s's result is traced to the first generated line that
made one and the user's line it comes from (s2s/trace.py).
"""
import numpy as np

CHECKED = ("jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian")
RTOL, ATOL = 1e-6, 1e-9            # against JAX, in float64
FD_RTOL, FD_ATOL, EPS = 1e-4, 1e-6, 1e-6


def random_like(examples, seed):
    """Arrays of the examples' shapes and dtypes, standard normal; ints stay."""
    import jax
    rng = np.random.default_rng(seed)

    def draw(leaf):
        if isinstance(leaf, (bool, int, np.integer)):
            return leaf
        dtype = np.asarray(leaf).dtype if hasattr(leaf, "dtype") else np.float64
        return rng.standard_normal(np.shape(leaf)).astype(dtype)
    return [jax.tree_util.tree_map(draw, e) for e in examples]


def check(fn, transform, examples, argnums=None, seed=0):
    """[(what, max |difference|, ok)], the values, and the trace's finding
    (None, or (generated line, user's (file, line), (name, value)))."""
    import jax

    import s2s
    from . import trace
    args = random_like(examples, seed)
    rows, nonfinite = [], None
    argnums = 0 if argnums is None else argnums
    if transform in ("grad", "value_and_grad"):
        ours = getattr(s2s, transform)(fn, argnums)(*args)
        theirs = getattr(jax, transform)(fn, argnums)(*args)
        rows.append((f"s2s.{transform} vs jax.{transform}", *_compare(ours, theirs, RTOL, ATOL)))
        grads = ours[1] if transform == "value_and_grad" else ours
        rows.append(("vs central finite differences",
                     *_compare(grads, _fd_grad(fn, args, argnums), FD_RTOL, FD_ATOL)))
    elif transform == "jvp":
        tangents = random_like(args, seed + 1)
        ours = s2s.jvp(fn, tuple(args), tuple(tangents))
        theirs = jax.jvp(fn, tuple(args), tuple(tangents))
        rows.append(("s2s.jvp vs jax.jvp", *_compare(ours, theirs, RTOL, ATOL)))
        fd = _fd_direction(fn, args, tangents)
        rows.append(("vs central finite differences", *_compare(ours[1], fd, FD_RTOL, FD_ATOL)))
    elif transform == "vjp":
        out, pullback = s2s.vjp(fn, *args)
        out_bar = random_like([out], seed + 1)[0]
        jout, jpullback = jax.vjp(fn, *args)
        rows.append(("s2s.vjp vs jax.vjp", *_compare(pullback(out_bar), jpullback(out_bar),
                                                     RTOL, ATOL)))
        ours = (out, pullback(out_bar))
    elif transform == "vmap":
        batch = [np.stack([a, b]) for a, b in zip(args, random_like(examples, seed + 1))]
        ours = s2s.vmap(fn)(*batch)
        one_by_one = [fn(*[b[k] for b in batch]) for k in range(2)]
        theirs = jax.tree_util.tree_map(lambda *xs: np.stack(xs), *one_by_one)
        rows.append(("s2s.vmap vs each example in turn", *_compare(ours, theirs, RTOL, ATOL)))
    else:
        ours = getattr(s2s, transform)(fn, argnums)(*args)
        theirs = getattr(jax, transform)(fn, argnums)(*args)
        rows.append((f"s2s.{transform} vs jax.{transform}", *_compare(ours, theirs, RTOL, ATOL)))
    if not trace.finite(ours) and transform in ("grad", "value_and_grad"):
        from . import introspect
        gen = introspect.generated_record(fn, transform, argnums, args)
        _, lines, order = trace.run_traced(gen.function, args)
        nonfinite = trace.first_nonfinite(gen, lines, order)
    return rows, ours, nonfinite


def _compare(ours, theirs, rtol, atol):
    import jax
    a, b = jax.tree_util.tree_leaves(ours), jax.tree_util.tree_leaves(theirs)
    if len(a) != len(b):
        return float("inf"), False
    worst, ok = 0.0, True
    for x, y in zip(a, b):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        if x.shape != y.shape:
            return float("inf"), False
        both_nan = np.isnan(x) & np.isnan(y)
        one_nan = np.isnan(x) ^ np.isnan(y)
        diff = np.where(both_nan, 0.0, np.where(one_nan, np.inf, np.abs(x - y)))
        worst = max(worst, float(np.max(diff, initial=0.0)))
        ok &= bool(np.all(both_nan | (diff <= atol + rtol * np.abs(y))))
    return worst, ok


def _fd_grad(fn, args, argnums):
    """Central differences of a scalar `fn` in each element of args[argnums]."""
    import jax
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    grads = []
    for i in nums:
        leaves, tree = jax.tree_util.tree_flatten(args[i])
        out = []
        for k, leaf in enumerate(leaves):
            leaf = np.asarray(leaf, np.float64)
            g = np.zeros_like(leaf)
            for idx in np.ndindex(leaf.shape):
                def at(step):
                    moved = leaf.copy()
                    moved[idx] += step
                    new = list(leaves)
                    new[k] = moved
                    a = list(args)
                    a[i] = jax.tree_util.tree_unflatten(tree, new)
                    return float(fn(*a))
                g[idx] = (at(EPS) - at(-EPS)) / (2 * EPS)
            out.append(g)
        grads.append(jax.tree_util.tree_unflatten(tree, out))
    return grads[0] if isinstance(argnums, int) else tuple(grads)


def _fd_direction(fn, args, tangents):
    import jax

    def moved(step):
        return fn(*[jax.tree_util.tree_map(lambda a, t: np.asarray(a) + step * np.asarray(t), a, t)
                    for a, t in zip(args, tangents)])
    return jax.tree_util.tree_map(lambda p, m: (np.asarray(p) - np.asarray(m)) / (2 * EPS),
                                  moved(EPS), moved(-EPS))
