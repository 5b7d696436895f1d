"""`s2s check FILE:FUNC --transform grad --shapes 3`: is the generated code right here?

At random inputs (float64, seeded), the transformation's value is compared
with JAX's and with central finite differences (for the derivatives), and a
NaN or infinity in s2s's result is traced to the first generated line that
made one and the user's line it comes from (s2s/trace.py). Where a jvp, vjp,
grad or value_and_grad disagrees, the generated code runs again with every
line's values recorded, and the first derivative line that is wrong on its
own is named with its user line (`divergence`, below).
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
    """[(what, max |difference|, ok)], the values, the trace's finding (None,
    or (generated line, user's (file, line), (name, value)) of the first NaN
    or infinity), and where a derivative that disagrees first goes wrong
    (None, or a Divergence)."""
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
    diverged = None
    if nonfinite is None and not all(ok for _, _, ok in rows):
        diverged = divergence(fn, transform, args, argnums, seed)
    return rows, ours, nonfinite, diverged


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


# -- where the derivative goes wrong ----------------------------------------------------------
#
# When s2s's derivative disagrees with JAX or with finite differences, the
# generated code is run again with every line's values recorded
# (trace.run_recorded), and each derivative line is checked on its own:
#
# - forward mode: each tangent `u_dot` must be the directional derivative of
#   the primal `u` along the tangents: central differences of `u` itself, from
#   runs of the same code at inputs moved by +-EPS along the tangents (the
#   k-th value of `u_dot` against the k-th values of `u`);
# - reverse mode: each cotangent line that carries one cotangent `w_bar` back to
#   an operand `v` of the one operation `w = op(..., v, ...)` must add what
#   jax.vjp of that operation, at the values the line saw, gives for `w_bar`.
#
# The first line, in the order the code ran, that fails is the one to read.

LINE_RTOL, LINE_ATOL = 1e-6, 1e-9   # one operation's vjp against JAX's, float64


class Divergence:
    """The first generated line whose value is wrong: `line` of the generated
    source, the user's (file, line) it comes from, the name it set, and what
    it should have been."""

    def __init__(self, gen, line, name, got, want, how):
        self.line, self.name, self.got, self.want, self.how = line, name, got, want, how
        self.code = str(gen.source).split("\n")[line - 1].strip()
        origin = gen.source.origins().get(line) if hasattr(gen.source, "origins") else None
        from .errors import origin as user_origin
        self.where = user_origin(*origin)[:2] if origin else (None, None)

    def describe(self):
        from . import trace
        user_file, user_line = self.where
        where = f"{user_file}:{user_line}" if user_file else "an unknown line"
        return (f"first wrong line: `{self.name}` at generated line {self.line} "
                f"(`{self.code}`), from {where}\n"
                f"    it computed {trace.summary(self.got)}\n"
                f"    {self.how} gives {trace.summary(self.want)}")


def _close(got, want, rtol, atol):
    import jax
    a, b = jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)
    if len(a) != len(b):
        return True   # (not comparable: not this line's fault to say)
    for x, y in zip(a, b):
        x, y = np.asarray(x, np.float64), np.asarray(y, np.float64)
        if x.shape != y.shape:
            try:
                x = np.broadcast_to(x, y.shape)
            except ValueError:
                return False
        scale = max(1.0, float(np.max(np.abs(y), initial=0.0)))
        near = np.abs(x - y) <= atol * scale + rtol * np.abs(y)
        if not np.all((np.isnan(x) & np.isnan(y)) | near):
            return False
    return True


def _numeric(value):
    import jax
    leaves = jax.tree_util.tree_leaves(value)
    return bool(leaves) and all(hasattr(v, "dtype") or isinstance(v, float) for v in leaves) \
        and all(np.issubdtype(np.asarray(v).dtype, np.inexact) for v in leaves)


def _occurrences(events):
    """name -> [each value the code gave it, in order]."""
    out = {}
    for ev in events:
        for name, value in ev.set.items():
            out.setdefault(name, []).append(value)
    return out


def forward_divergence(gen, primals, tangents):
    """The first tangent line of jvp code `gen` that is not the directional
    derivative of its primal (central differences), or None."""
    import jax

    from . import trace
    active = [t for t in tangents if t is not None]

    def moved(step):
        return [p if t is None else jax.tree_util.tree_map(
            lambda a, d: np.asarray(a, np.float64) + step * np.asarray(d, np.float64), p, t)
            for p, t in zip(primals, tangents)]
    filename = gen.function.__code__.co_filename
    _, center = trace.run_recorded(gen.function, list(primals) + active, filename)
    _, plus = trace.run_recorded(gen.function, moved(EPS) + active, filename)
    _, minus = trace.run_recorded(gen.function, moved(-EPS) + active, filename)
    plus, minus = _occurrences(plus), _occurrences(minus)
    seen = {}
    for ev in center:
        for name, value in ev.set.items():
            k = seen[name] = seen.get(name, -1) + 1
            if not name.endswith("_dot") or not _numeric(value):
                continue
            primal = name[:-len("_dot")]
            p, m = plus.get(primal, []), minus.get(primal, [])
            if k >= len(p) or k >= len(m) or not (_numeric(p[k]) and _numeric(m[k])):
                continue
            fd = jax.tree_util.tree_map(
                lambda a, b: (np.asarray(a, np.float64) - np.asarray(b, np.float64)) / (2 * EPS),
                p[k], m[k])
            if not _close(value, fd, FD_RTOL, FD_ATOL):
                return Divergence(gen, ev.line, name, value, fd,
                                  f"central differences of `{primal}` along the tangents")
    return None


def reverse_divergence(gen, call, args):
    """The first cotangent line of reverse-mode code `gen` (run as
    `call(*args)`) whose contribution differs from jax.vjp of the operation it
    differentiates, at the values it saw; or None."""
    import ast

    import jax

    from . import trace
    tree = ast.parse(str(gen.source))
    by_line, bar_deps, primal_of = {}, {}, {}
    assigned_by = {}
    for s in ast.walk(tree):
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
            by_line[s.lineno] = s
            assigned_by.setdefault(s.targets[0].id, []).append(s)
    # a name's cotangent inputs: the *_bar names it reads, through temporaries
    for s in sorted(by_line.values(), key=lambda s: s.lineno):
        reads = {n.id for n in ast.walk(s.value) if isinstance(n, ast.Name)}
        deps = {r for r in reads if r.endswith("_bar")}
        for r in reads - deps:
            deps |= bar_deps.get(r, set())
        name = s.targets[0].id
        bar_deps[name] = bar_deps.get(name, set()) | deps
    for name, stmts in assigned_by.items():
        if len(stmts) == 1 and not bar_deps.get(name) and not name.endswith(("_bar", "_dot")):
            primal_of[name] = stmts[0].value
    _, events = trace.run_recorded(call, args, gen.function.__code__.co_filename)
    globals_ = gen.function.__globals__
    latest = {}   # each name's last value (a pullback keeps only the names it reads)
    for ev in events:
        env = {**latest, **ev.before}
        latest.update(ev.set)
        s = by_line.get(ev.line)
        if s is None:
            continue
        target = s.targets[0].id
        if not target.endswith("_bar") or target not in ev.set:
            continue
        v = target[:-len("_bar")]
        reads = {n.id for n in ast.walk(s.value) if isinstance(n, ast.Name)}
        deps = set()
        for r in reads:
            deps |= {r} if r.endswith("_bar") else bar_deps.get(r, set())
        deps.discard(target)
        if len(deps) != 1:
            continue
        w_bar = deps.pop()
        expr = primal_of.get(w_bar[:-len("_bar")])
        if expr is None or sum(isinstance(n, ast.Name) and n.id == v
                               for n in ast.walk(expr)) != 1:
            continue
        if v not in env or w_bar not in env or not _numeric(env[v]) or not _numeric(env[w_bar]):
            continue
        got = ev.set[target]
        if target in reads:   # (added to what it held)
            if target not in env or not _numeric(env[target]):
                continue
            got = jax.tree_util.tree_map(lambda new, old: np.asarray(new) - np.asarray(old),
                                         got, env[target])
        if not _numeric(got):
            continue
        code = compile(ast.Expression(expr), "<primal>", "eval")
        try:
            out, pullback = jax.vjp(lambda val: eval(code, globals_, {**env, v: val}), env[v])
            seed = jax.tree_util.tree_map(lambda o, c: np.asarray(c, o.dtype), out, env[w_bar])
            want = pullback(seed)[0]
        except Exception:
            continue   # (an operation jax.vjp cannot take alone: not checked)
        if not _close(got, want, LINE_RTOL, LINE_ATOL):
            op = ast.unparse(expr)
            return Divergence(gen, ev.line, target, got, want,
                              f"jax.vjp of `{w_bar[:-len('_bar')]} = {op}` at `{w_bar}`")
    return None


def divergence(fn, transform, args, argnums, seed):
    """Where a derivative that disagrees goes wrong first (a Divergence), or None."""
    from . import api, frontend, introspect
    if transform == "jvp":
        fn_ = frontend.python_function(fn)   # (as s2s.jvp calls it)
        defaults = api.default_values(fn_, len(args))
        mask = tuple(api.differentiable(a) for a in args)
        gen = api.get_jvp(fn_, mask + (False,) * len(defaults))
        tangents = [t if m else None for t, m in zip(random_like(args, seed + 1), mask)]
        return forward_divergence(gen, list(args) + defaults, tangents + [None] * len(defaults))
    if transform in ("grad", "value_and_grad"):
        gen = introspect.generated_record(fn, transform, argnums, args)
        return reverse_divergence(gen, gen.function, args)
    if transform == "vjp":
        gen = introspect.generated_record(fn, "vjp", None, args)

        def forward_then_pullback(*a):
            out, pullback = gen.function(*a)
            return pullback(random_like([out], seed + 1)[0])
        return reverse_divergence(gen, forward_then_pullback, args)
    return None
