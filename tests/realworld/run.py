"""Check s2s on code nobody on this project wrote: the corpus in tests/realworld/.

Every corpus file copies functions unchanged from a public repository (its
header names the repository, path, commit, license and the import edits) and
ends with SPECS: example inputs for each function. For each function and each
transformation that applies, s2s's result is compared with JAX's own in float64:

  grad, value_and_grad, hessian, jit_grad   scalar outputs only
  jvp, vjp                                  every argument an array (or Python number)
  jacfwd, jacrev, vmap, jit                 always

Where JAX itself cannot run it (a Python `if` on a traced value under jax.jit or
jax.vmap), s2s is compared with a fallback instead: a Python loop over the
batch (vmap), the function or JAX's gradient run without jit (jit, jit_grad),
central finite differences (derivatives). A match there is BEYOND.

Outcomes:
  PASS      equal to JAX (rtol 1e-7)
  BEYOND    JAX fails; s2s equals the fallback reference
  WRONG     values, shapes or structure differ
  CRASH     an exception that is not an S2SError, or an S2SError located in s2s's
            own files or nowhere
  REFUSED   a clean S2SError at a line of the corpus file
  SKIP      no reference at all (JAX fails and there is no fallback)

  python tests/realworld/run.py                 every function, every transformation
  python tests/realworld/run.py --quick         every 7th function (what CI runs)
  python tests/realworld/run.py --only NAME     functions whose name (or file) contains NAME
  python tests/realworld/run.py --jobs N        N worker processes
  python tests/realworld/run.py --write-known   regenerate known.py from this run
  python tests/realworld/run.py --only F --merge-known   update only F's entries
  python tests/realworld/run.py --json PATH     the results as JSON too
"""
import argparse
import contextlib
import glob
import importlib
import io
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

TRANSFORMS = ["grad", "value_and_grad", "jvp", "vjp", "jacfwd", "jacrev", "hessian", "vmap",
              "jit", "jit_grad"]
OUTCOMES = ["PASS", "BEYOND", "WRONG", "CRASH", "REFUSED", "SKIP"]
FAILURES = ("WRONG", "CRASH", "REFUSED", "SKIP")
RTOL, ATOL = 1e-7, 1e-9
FD_RTOL, FD_ATOL = 1e-4, 1e-6
FD_EPS = 1e-6
BATCH = 3
SEED = 0
QUICK_EVERY = 7


def corpus_files():
    return sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(HERE, "*.py"))
                  if not os.path.basename(p).startswith("_")
                  and os.path.basename(p) not in ("run.py", "known.py"))


def all_cases():
    """[(file, spec name)] in a fixed order: files sorted, specs as written."""
    cases = []
    for mod in corpus_files():
        for spec in importlib.import_module(mod).SPECS:
            cases.append((mod, spec.name))
    return cases


# ---------------------------------------------------------------------------
# the checks (run in a worker: jax is imported there)


def _setup():
    import jax
    jax.config.update("jax_enable_x64", True)


def _is_float0(x):
    import jax
    return getattr(x, "dtype", None) == jax.dtypes.float0


def _is_arraylike(leaf):
    import numpy as np
    import jax
    return isinstance(leaf, (bool, int, float, complex, np.ndarray, np.generic, jax.Array))


def _is_int(leaf):
    import numpy as np
    if isinstance(leaf, bool):
        return True
    if isinstance(leaf, int):
        return True
    dt = getattr(leaf, "dtype", None)
    return dt is not None and not np.issubdtype(dt, np.inexact)


def compare(got, want, rtol, atol):
    """None when equal, else what differs (one line)."""
    import jax
    import numpy as np
    lg, tg = jax.tree_util.tree_flatten(got)
    lw, tw = jax.tree_util.tree_flatten(want)
    if tg != tw:
        return f"structure differs: s2s {tg} vs reference {tw}"
    for k, (g, w) in enumerate(zip(lg, lw)):
        if _is_float0(g) or _is_float0(w):
            other = w if _is_float0(g) else g
            if not (_is_float0(other) or not np.any(np.asarray(other))):
                return f"leaf {k}: float0 against non-zero values"
            continue
        if np.shape(g) != np.shape(w):
            return f"shape differs at leaf {k}: s2s {np.shape(g)} vs reference {np.shape(w)}"
        ga, wa = np.asarray(g), np.asarray(w)
        if ga.dtype.kind in "biu" and wa.dtype.kind in "biu":
            if not np.array_equal(ga, wa):
                return f"integer values differ at leaf {k}"
            continue
        ga, wa = ga.astype(np.complex128), wa.astype(np.complex128)
        if not np.allclose(ga, wa, rtol=rtol, atol=atol, equal_nan=True):
            err = np.max(np.abs(ga - wa))
            return f"values differ at leaf {k} (max abs error {err:.3g}, reference max {np.max(np.abs(wa)):.3g})"
    return None


class Case:
    """One spec, with fresh arguments on every call (a RandomState argument
    must draw the same numbers for s2s and for the reference)."""

    def __init__(self, spec):
        import numpy as np
        self.spec = spec
        self.np = np
        args = self.args()
        self.nargs = len(args)
        a = spec.argnums
        self.argnums = a
        self.argnum_list = [a] if isinstance(a, int) else list(a)
        self.vmap_argnums = spec.vmap_argnums if spec.vmap_argnums is not None else tuple(self.argnum_list)
        import jax
        self.arraylike = [all(_is_arraylike(x) for x in jax.tree_util.tree_leaves(arg)) for arg in args]
        if spec.static is not None:
            self.static = tuple(spec.static)
        else:
            self.static = tuple(i for i, ok in enumerate(self.arraylike) if not ok)

    def args(self, seed=SEED):
        return tuple(self.spec.args(self.np.random.default_rng(seed)))

    def fn(self):
        return self.spec.function()


def _tangent(leaf, rng):
    import jax
    import numpy as np
    if _is_int(leaf):
        return np.zeros(np.shape(leaf), dtype=jax.dtypes.float0)
    t = rng.normal(size=np.shape(leaf))
    return t if isinstance(leaf, float) and False else np.asarray(t, dtype=np.result_type(leaf, np.float64))


def _tangents(args):
    import jax
    import numpy as np
    rng = np.random.default_rng(1)
    return tuple(jax.tree_util.tree_map(lambda leaf: _tangent(leaf, rng), a) for a in args)


def _batched(case):
    """vmap's arguments: the batched ones stacked from BATCH draws, the rest from the first."""
    import jax
    import jax.numpy as jnp
    draws = [case.args(SEED + 10 + b) for b in range(BATCH)]
    out = []
    for i in range(case.nargs):
        if i in case.vmap_argnums:
            out.append(jax.tree_util.tree_map(lambda *xs: jnp.stack([jnp.asarray(x) for x in xs]),
                                              *[d[i] for d in draws]))
        else:
            out.append(draws[0][i])
    return tuple(out)


def _in_axes(case):
    return tuple(0 if i in case.vmap_argnums else None for i in range(case.nargs))


def _perturbed(args, argnum, leaf_index, flat_index, delta):
    """args with one element of one leaf moved by delta (the fuzzer's oracle does it)."""
    tests = os.path.dirname(HERE)
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from fuzz.oracle import _perturb
    return _perturb(args, argnum, leaf_index, flat_index, delta)


def fd_jacobian(case, argnums, f=None):
    """d f / d args[argnums] by central differences, shaped as jax.jacfwd's."""
    import jax
    import numpy as np
    f = f or (lambda *a: case.fn()(*a))
    args = case.args()
    out = f(*args)
    single = isinstance(argnums, int)
    result = []
    for a in ([argnums] if single else argnums):
        leaves, tree = jax.tree_util.tree_flatten(args[a])
        jac_leaves = []
        for p, leaf in enumerate(leaves):
            shape = np.shape(leaf)

            def column(i):
                hi = f(*_perturbed(case.args(), a, p, i, FD_EPS))
                lo = f(*_perturbed(case.args(), a, p, i, -FD_EPS))
                return jax.tree_util.tree_map(
                    lambda h, l: (np.asarray(h, np.float64) - np.asarray(l, np.float64)) / (2 * FD_EPS), hi, lo)
            cols = [column(i) for i in range(int(np.prod(shape, dtype=int)))]
            jac_leaves.append(jax.tree_util.tree_map(
                lambda o, *cs: np.stack(cs, axis=-1).reshape(np.shape(o) + shape), out, *cols))
        # jacfwd's structure: output tree outside, argument tree inside
        per_leaf = jac_leaves
        out_leaves, out_tree = jax.tree_util.tree_flatten(out)
        result.append([jax.tree_util.tree_unflatten(tree, [jax.tree_util.tree_leaves(pl)[k] for pl in per_leaf])
                       for k in range(len(out_leaves))])
    out_tree = jax.tree_util.tree_structure(out)
    if single:
        return jax.tree_util.tree_unflatten(out_tree, result[0])
    return jax.tree_util.tree_unflatten(out_tree, [tuple(r[k] for r in result)
                                                   for k in range(out_tree.num_leaves)])


def _reference_closure(case, fixed):
    """f of the differentiated arguments only, the others fixed (for the references)."""
    def g(*diff):
        full = list(fixed)
        for i, d in zip(case.argnum_list, diff):
            full[i] = d
        return case.fn()(*full)
    return g


def table(case, transform):
    """(s2s thunk, jax thunk, fallback thunk or None, fallback kind)."""
    import jax
    import numpy as np
    import s2s
    an, st = case.argnums, case.static

    def fd_grad():
        return fd_jacobian(case, an)

    if transform == "grad":
        return (lambda: s2s.grad(case.fn(), argnums=an)(*case.args()),
                lambda: jax.grad(case.fn(), argnums=an)(*case.args()),
                fd_grad, "finite differences")
    if transform == "value_and_grad":
        return (lambda: s2s.value_and_grad(case.fn(), argnums=an)(*case.args()),
                lambda: jax.value_and_grad(case.fn(), argnums=an)(*case.args()),
                lambda: (case.fn()(*case.args()), fd_grad()), "finite differences")
    if transform == "hessian":
        def fd_hessian():
            g = jax.grad(case.fn(), argnums=an)
            return fd_jacobian(case, an, f=lambda *a: g(*a))
        return (lambda: s2s.hessian(case.fn(), argnums=an)(*case.args()),
                lambda: jax.hessian(case.fn(), argnums=an)(*case.args()),
                fd_hessian, "finite differences of jax.grad")
    if transform == "jacfwd":
        return (lambda: s2s.jacfwd(case.fn(), argnums=an)(*case.args()),
                lambda: jax.jacfwd(case.fn(), argnums=an)(*case.args()),
                fd_grad, "finite differences")
    if transform == "jacrev":
        return (lambda: s2s.jacrev(case.fn(), argnums=an)(*case.args()),
                lambda: jax.jacrev(case.fn(), argnums=an)(*case.args()),
                fd_grad, "finite differences")
    if transform == "jvp":
        tangents = _tangents(case.args())

        def fd_jvp():
            def moved(sign):
                return tuple(a if _is_float0(t) else jax.tree_util.tree_map(
                    lambda x, tx: x if _is_float0(tx) else x + sign * FD_EPS * tx, a, t)
                    for a, t in zip(case.args(), tangents))
            hi, lo = case.fn()(*moved(1)), case.fn()(*moved(-1))
            return case.fn()(*case.args()), jax.tree_util.tree_map(
                lambda h, l: (np.asarray(h) - np.asarray(l)) / (2 * FD_EPS), hi, lo)
        return (lambda: s2s.jvp(case.fn(), case.args(), tangents),
                lambda: jax.jvp(case.fn(), case.args(), tangents),
                fd_jvp, "finite differences")
    if transform == "vjp":
        out = case.fn()(*case.args())
        rng = np.random.default_rng(2)
        ct = jax.tree_util.tree_map(lambda o: np.asarray(rng.normal(size=np.shape(o)), np.result_type(o, np.float64)), out)

        def with_vjp(vjp):
            o, pullback = vjp(case.fn(), *case.args())
            return o, pullback(ct)

        def fd_vjp():
            cts = []
            for i, a in enumerate(case.args()):
                if all(_is_int(x) for x in jax.tree_util.tree_leaves(a)):
                    cts.append(jax.tree_util.tree_map(
                        lambda x: np.zeros(np.shape(x), dtype=jax.dtypes.float0), a))
                    continue
                jac = fd_jacobian(case, i)   # output tree outside, argument tree inside
                out_tree = jax.tree_util.tree_structure(out)
                per_out = out_tree.flatten_up_to(jac)
                ct_leaves = jax.tree_util.tree_leaves(ct)
                total = jax.tree_util.tree_map(
                    lambda *js: sum(np.tensordot(np.asarray(c), j, axes=np.ndim(c))
                                    for c, j in zip(ct_leaves, js)), *per_out)
                cts.append(total)
            return case.fn()(*case.args()), tuple(cts)
        return (lambda: with_vjp(s2s.vjp), lambda: with_vjp(jax.vjp), fd_vjp, "finite differences")
    if transform == "vmap":
        axes = _in_axes(case)

        def loop():
            import jax.numpy as jnp
            batched = _batched(case)
            outs = []
            for b in range(BATCH):
                one = [jax.tree_util.tree_map(lambda leaf: leaf[b], a) if ax == 0 else a
                       for a, ax in zip(batched, axes)]
                outs.append(case.fn()(*one))
            return jax.tree_util.tree_map(lambda *xs: jnp.stack(xs), *outs)

        def jax_vmap():
            batched = _batched(case)
            fixed = list(batched)
            mapped = [i for i in range(case.nargs) if axes[i] == 0]

            def g(*m):
                full = list(fixed)
                for i, v in zip(mapped, m):
                    full[i] = v
                return case.fn()(*full)
            return jax.vmap(g)(*[batched[i] for i in mapped])
        return (lambda: s2s.vmap(case.fn(), in_axes=axes)(*_batched(case)), jax_vmap, loop,
                "a Python loop over the batch")
    if transform == "jit":
        return (lambda: s2s.jit(case.fn(), static_argnums=st)(*case.args()),
                lambda: jax.jit(case.fn(), static_argnums=st)(*case.args()),
                lambda: case.fn()(*case.args()), "the function without jit")
    if transform == "jit_grad":
        def eager():
            try:
                return jax.grad(case.fn(), argnums=an)(*case.args())
            except Exception:
                return fd_grad()
        return (lambda: s2s.jit(s2s.grad(case.fn(), argnums=an), static_argnums=st)(*case.args()),
                lambda: jax.jit(jax.grad(case.fn(), argnums=an), static_argnums=st)(*case.args()),
                eager, "jax.grad without jit")
    raise ValueError(transform)


def applicable(case, out):
    """{transform: reason it does not apply, or None}"""
    import jax
    import numpy as np
    leaves = jax.tree_util.tree_leaves(out)
    float_out = bool(leaves) and all(np.issubdtype(np.asarray(x).dtype, np.inexact) for x in leaves)
    scalar = float_out and len(leaves) == 1 and np.ndim(leaves[0]) == 0 and not isinstance(out, (list, tuple, dict))
    all_arrays = all(case.arraylike)
    why = {}
    for t in TRANSFORMS:
        if t in case.spec.skip:
            why[t] = case.spec.why or "skipped by the spec"
        elif t in ("grad", "value_and_grad", "hessian", "jit_grad") and not scalar:
            why[t] = "output is not a float scalar"
        elif t in ("jvp", "vjp", "jacfwd", "jacrev") and not float_out:
            why[t] = "output is not floating point"
        elif t in ("jvp", "vjp") and not all_arrays:
            why[t] = "an argument is not an array (a function, a RandomState, ...)"
        else:
            why[t] = None
    return why


def _s2s_dir():
    import s2s
    return os.path.dirname(os.path.abspath(s2s.__file__))


def _one_line(text):
    text = str(text).strip()
    return text.splitlines()[0][:300] if text else ""


def _last_s2s_frame(exc):
    frames = traceback.extract_tb(exc.__traceback__)
    d = _s2s_dir()
    inside = [fr for fr in frames if fr.filename.startswith(d)]
    fr = inside[-1] if inside else (frames[-1] if frames else None)
    if fr is None:
        return ""
    return f"{os.path.relpath(fr.filename, os.path.dirname(d))}:{fr.lineno} {fr.name}"


def classify_error(e):
    """(outcome, one-line reason) for an exception s2s raised."""
    import s2s
    if isinstance(e, s2s.S2SError):
        fname = getattr(e, "filename", None) or ""
        msg = getattr(e, "message", None) or str(e)
        where = f"{os.path.basename(fname)}:{getattr(e, 'lineno', None) or '?'}"
        if not fname or not os.path.isfile(fname) or os.path.abspath(fname).startswith(_s2s_dir()) \
                or getattr(e, "lineno", None) is None:
            return "CRASH", f"S2SError located at {where or '?'}: {_one_line(msg)}"
        inner = e.__cause__ or e.__context__
        if inner is not None and not isinstance(inner, s2s.S2SError):
            # an internal error dressed as a refusal at the user's line
            return "CRASH", (f"S2SError at {where} wrapping {type(inner).__name__}: {_one_line(inner)} "
                             f"[{_last_s2s_frame(inner)}]")
        return "REFUSED", f"{where}: {_one_line(msg)}"
    return "CRASH", f"{type(e).__name__}: {_one_line(e)} [{_last_s2s_frame(e)}]"


def _finite(tree):
    import jax
    import numpy as np
    return all(np.all(np.isfinite(np.asarray(x))) for x in jax.tree_util.tree_leaves(tree)
               if not _is_float0(x))


def check(case, transform):
    """(outcome, reason, reference kind)"""
    ours, theirs, fallback, fallback_kind = table(case, transform)
    reference, kind, rtol, atol = None, "jax", RTOL, ATOL
    jax_error = None
    try:
        reference = theirs()
    except Exception as e:
        jax_error = e
        if fallback is not None and (case.spec.fd_ok or "finite" not in fallback_kind):
            try:
                reference = fallback()
                kind = fallback_kind
                if "finite" in kind:
                    rtol, atol = FD_RTOL, FD_ATOL
            except Exception:
                reference = None
    try:
        got = ours()
    except Exception as e:
        outcome, reason = classify_error(e)
        return outcome, reason, kind
    if reference is None:
        return "SKIP", f"no reference: jax raised {type(jax_error).__name__}: {_one_line(jax_error)}", kind
    diff = compare(got, reference, rtol, atol)
    if diff is not None:
        if kind != "jax":
            diff += f" (reference: {kind}, as jax raised {type(jax_error).__name__})"
        return "WRONG", diff, kind
    if kind != "jax":
        return "BEYOND", f"jax raised {type(jax_error).__name__}: {_one_line(jax_error)}; checked against {kind}", kind
    return "PASS", "", kind


def run_case(item):
    """All transformations of one corpus function: [(file, name, transform, outcome, reason)]."""
    mod_name, name, transforms = item
    _setup()
    start = time.time()
    sink = io.StringIO()
    results = []
    with contextlib.redirect_stdout(sink):
        try:
            mod = importlib.import_module(mod_name)
            spec = next(s for s in mod.SPECS if s.name == name)
            case = Case(spec)
            out = case.fn()(*case.args())
        except Exception as e:
            return [(mod_name, name, t, "SKIP", f"the function fails in plain Python: "
                     f"{type(e).__name__}: {_one_line(e)}") for t in transforms], time.time() - start
        why = applicable(case, out)
        for t in transforms:
            if why[t] is not None:
                results.append((mod_name, name, t, "N/A", why[t]))
                continue
            try:
                outcome, reason, _ = check(case, t)
            except Exception as e:     # the checker's own bug: say so, don't hide it
                outcome, reason = "CRASH", f"checker error {type(e).__name__}: {_one_line(e)}"
            results.append((mod_name, name, t, outcome, reason))
    return results, time.time() - start


# ---------------------------------------------------------------------------
# the driver


def select(cases, quick=False, only=None):
    if quick:
        cases = cases[::QUICK_EVERY]
    if only:
        cases = [c for c in cases if only == c[1] or only in f"{c[0]}:{c[1]}"]
    return cases


def run(cases, transforms=TRANSFORMS, jobs=1, progress=True):
    items = [(m, n, transforms) for m, n in cases]
    results = []
    if jobs <= 1:
        for it in items:
            res, dt = run_case(it)
            results.extend(res)
            if progress:
                print(f"  {it[0]}:{it[1]} {dt:.1f}s", file=sys.stderr, flush=True)
    else:
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(jobs, maxtasksperchild=10) as pool:
            for res, dt in pool.imap_unordered(run_case, items):
                results.extend(res)
                if progress and res:
                    print(f"  {res[0][0]}:{res[0][1]} {dt:.1f}s", file=sys.stderr, flush=True)
    order = {c: i for i, c in enumerate(cases)}
    results.sort(key=lambda r: (order[(r[0], r[1])], TRANSFORMS.index(r[2])))
    return results


def print_table(results, out=sys.stdout):
    files = []
    for r in results:
        if r[0] not in files:
            files.append(r[0])
    short = {"grad": "grad", "value_and_grad": "v&g", "jvp": "jvp", "vjp": "vjp", "jacfwd": "jacfwd",
             "jacrev": "jacrev", "hessian": "hess", "vmap": "vmap", "jit": "jit", "jit_grad": "jit(grad)"}
    letters = {"PASS": "P", "BEYOND": "B", "WRONG": "W", "CRASH": "C", "REFUSED": "R", "SKIP": "S"}
    print("Each cell: P pass, B beyond JAX, W wrong, C crash, R refused, S skip (counts; '-' none apply)\n",
          file=out)
    width = max(len(f) for f in files + ["source file"]) + 2
    print("source file".ljust(width) + "fns " + "".join(short[t].ljust(17) for t in TRANSFORMS), file=out)
    totals = {t: {} for t in TRANSFORMS}
    for f in files:
        rows = [r for r in results if r[0] == f]
        nfn = len({r[1] for r in rows})
        line = f.ljust(width) + str(nfn).ljust(4)
        for t in TRANSFORMS:
            counts = {}
            for r in rows:
                if r[2] == t and r[3] != "N/A":
                    counts[r[3]] = counts.get(r[3], 0) + 1
                    totals[t][r[3]] = totals[t].get(r[3], 0) + 1
            cell = " ".join(f"{letters[o]}{counts[o]}" for o in OUTCOMES if o in counts) or "-"
            line += cell.ljust(17)
        print(line, file=out)
    nfn = len({(r[0], r[1]) for r in results})
    line = "TOTAL".ljust(width) + str(nfn).ljust(4)
    for t in TRANSFORMS:
        line += (" ".join(f"{letters[o]}{totals[t][o]}" for o in OUTCOMES if o in totals[t]) or "-").ljust(17)
    print(line, file=out)
    grand = {}
    for r in results:
        if r[3] != "N/A":
            grand[r[3]] = grand.get(r[3], 0) + 1
    print("\nall checks: " + ", ".join(f"{o} {grand.get(o, 0)}" for o in OUTCOMES), file=out)


def print_failures(results, out=sys.stdout):
    bad = [r for r in results if r[3] in FAILURES]
    if not bad:
        print("\nno failures", file=out)
        return
    print(f"\n{len(bad)} checks not PASS/BEYOND:", file=out)
    for r in bad:
        print(f"  {r[3]:8s} {r[0]}:{r[1]} [{r[2]}] {r[4]}", file=out)


def _cause(reason):
    """A failure's reason without what varies between functions (names, numbers, addresses)."""
    import re
    r = re.sub(r"0x[0-9a-f]+", "0x_", reason)
    r = re.sub(r"\S+\.py:(\d+|\?)", "FILE:N", r)
    r = re.sub(r"<s2s: [^>]*>:\d+", "<s2s: _>:N", r)
    r = re.sub(r"`[^`]*`", "`_`", r)
    r = re.sub(r"'[^']*'", "'_'", r)
    r = re.sub(r"\(max abs error [^)]*\)", "", r)
    r = re.sub(r"\b\d+(\.\d+)?\b", "N", r)
    r = re.sub(r"shapes? \([^)]*\)", "shapes (..)", r)
    return r[:160]


def print_causes(results, out=sys.stdout, kinds=("WRONG", "CRASH")):
    """WRONG and CRASH grouped by cause, most frequent first, with an example."""
    groups = {}
    for r in results:
        if r[3] in kinds:
            g = groups.setdefault((r[3], _cause(r[4])), [])
            g.append(r)
    if not groups:
        return
    print(f"\n{' and '.join(kinds)} grouped by cause (most frequent first):", file=out)
    for (outcome, cause), rows in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        fns = sorted({f"{r[0]}:{r[1]}" for r in rows})
        ts = sorted({r[2] for r in rows}, key=TRANSFORMS.index)
        ex = rows[0]
        print(f"  {len(rows):4d} {outcome:6s} {cause}\n"
              f"       in {len(fns)} functions ({', '.join(fns[:3])}{', ...' if len(fns) > 3 else ''}); "
              f"transforms: {', '.join(ts)}\n       e.g. {ex[0]}:{ex[1]} [{ex[2]}] {ex[4][:200]}", file=out)


def write_known(results, path=os.path.join(HERE, "known.py")):
    bad = [r for r in results if r[3] in FAILURES]
    lines = ['"""Every (corpus file, function, transformation) that is not PASS or BEYOND today,',
             "with its outcome and one-line reason. tests/test_realworld.py fails on any",
             "outcome not listed here and on a listed one that now passes: regenerate with",
             "`python tests/realworld/run.py --write-known` (a full run) and review the diff.",
             '"""', "", "KNOWN = {"]
    for r in bad:
        lines.append(f"    ({r[0]!r}, {r[1]!r}, {r[2]!r}):")
        lines.append(f"        ({r[3]!r}, {r[4][:240]!r}),")
    lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {path}: {len(bad)} entries", file=sys.stderr)


def merge_known(results, path=os.path.join(HERE, "known.py")):
    """known.py with the entries of the functions this run checked replaced
    by its outcomes (the others kept as they are): after a fix, `--only`
    the files it affects instead of a full run."""
    sys.path.insert(0, HERE)
    from known import KNOWN
    checked = {(r[0], r[1]) for r in results}
    now = {(r[0], r[1], r[2]): r for r in results if r[3] in FAILURES}
    rows = []
    for key, (outcome, reason) in KNOWN.items():
        if key[:2] not in checked:
            rows.append((*key, outcome, reason))
        elif key in now:
            rows.append(now.pop(key))
    rows.extend(now.values())
    write_known(rows, path)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help=f"every {QUICK_EVERY}th function")
    p.add_argument("--only", help="functions whose file:name contains this")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--transforms", help="comma-separated subset of " + ",".join(TRANSFORMS))
    p.add_argument("--json", help="write the results here as JSON")
    p.add_argument("--write-known", action="store_true", help="regenerate known.py from this run")
    p.add_argument("--merge-known", action="store_true",
                   help="update known.py's entries for the functions this run checked")
    p.add_argument("--quiet", action="store_true", help="no progress lines")
    a = p.parse_args(argv)
    transforms = a.transforms.split(",") if a.transforms else TRANSFORMS
    cases = select(all_cases(), a.quick, a.only)
    start = time.time()
    results = run(cases, transforms, a.jobs, progress=not a.quiet)
    print_table(results)
    print_failures(results)
    print_causes(results)
    print(f"\n{len({(r[0], r[1]) for r in results})} functions, {time.time() - start:.0f} s")
    if a.json:
        with open(a.json, "w") as f:
            json.dump([list(r) for r in results], f, indent=0)
    if a.write_known:
        if a.quick or a.only or a.transforms:
            print("--write-known needs a full run (no --quick/--only/--transforms)", file=sys.stderr)
            return 2
        write_known(results)
    if a.merge_known:
        if a.transforms:
            print("--merge-known needs every transformation (no --transforms)", file=sys.stderr)
            return 2
        merge_known(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
