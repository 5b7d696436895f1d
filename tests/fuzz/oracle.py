"""Run one generated program through every transformation, s2s against JAX.

`check(program, transforms)` writes the program to a real file (s2s reads
source with `inspect.getsource`), imports it, and for each transformation
compares s2s's result with JAX's own (float64, `np.allclose(rtol=1e-6,
atol=1e-8)`, equal tree structure and shapes; float0 cotangents of integer
arguments count as zeros). Where JAX itself fails on the program (`jax.vmap`
of a Python `if` on a value), s2s is compared with a Python loop over the
batch (vmap), JAX's gradient without jit (jit_grad), or central finite
differences (first derivatives) instead.

Outcomes:
  PASS       equal to the reference
  REFUSED    s2s raised S2SError (the message is kept: the generator only
             writes supported constructs, so the lead judges each one)
  WRONG      values, shapes or structure differ
  CRASH      any other exception from s2s (type, message, last s2s/ frame)
  BOTH_FAIL  jit_grad only: s2s raises the error JAX raises (a Python `if` on
             a traced value under jax.jit is JAX's documented limit)
  SKIP       no reference (JAX failed and there is no fallback), or the
             program is numerically wild (non-finite or huge values, or
             chaotic: its value moves when its inputs move by 1e-12)
"""
import importlib.util
import itertools
import os
import re
import signal
import sys
import tempfile
import traceback
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np

import s2s

jax.config.update("jax_enable_x64", True)

TRANSFORMS = ["jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian",
              "jvp_of_grad", "grad_of_grad", "jit_grad", "s2s_jit", "s2s_jit_grad",
              "s2s_jit_lax", "s2s_jit_grad_lax"]
OUTCOMES = ["PASS", "REFUSED", "WRONG", "CRASH", "BOTH_FAIL", "SKIP"]

RTOL, ATOL = 1e-6, 1e-8
FD_RTOL, FD_ATOL = 1e-4, 1e-6
FD_EPS = 1e-6
BATCH = 3
TIMEOUT_S = 60           # one call; an s2s hang is a CRASH, not a stuck run

S2S_DIR = os.path.dirname(os.path.abspath(s2s.__file__))
_TMP = tempfile.mkdtemp(prefix="s2s_fuzz_")
_counter = itertools.count()


@dataclass
class Result:
    transform: str
    outcome: str
    message: str = ""        # first line of the error, or what differs
    detail: str = ""         # full message / last s2s frame / values
    reference: str = "jax"   # "jax", "loop", "jax, not jitted", "finite differences"
    traceback: str = ""      # the whole traceback, kept only when asked (run.py --replay)

    @property
    def signature(self):
        """Failures with the same signature are taken to be one bug."""
        if self.outcome in ("PASS", "SKIP", "BOTH_FAIL"):
            return None
        return (self.transform, self.outcome, normalize(self.message))


def normalize(message):
    """The first line of a message without what varies between programs."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    line = re.sub(r"\S*s2s_fuzz_\S*?\.py", "<prog>", line)
    line = re.sub(r"\bs2s_fuzz_\d+_\d+\b", "<prog>", line)        # the program's module
    line = re.sub(r"\b([A-Za-z_]+?)_?\d+\b", r"\1N", line)          # Scale0, helper1, x_slice_3
    line = re.sub(r"(?<=[A-Za-z])_\d+_", "_N_", line)                  # x_slice_3_dot
    # the names s2s invents, and the structures it prints, vary with the program
    line = re.sub(r"(shape of|batching rule for) `[^`]*`", r"\1 `_`", line)
    line = re.sub(r"^(<prog>:\d+:\d+: )?`[^`]*` is assigned in only one branch", r"\1`_` is assigned in only one branch", line)
    line = re.sub(r"\([^()]*PyTreeDef.*$", "(...)", line)
    line = re.sub(r"on arguments of shapes \(.*?\):", "on arguments of shapes (...):", line)
    line = re.sub(r"<s2s-\d+[^>]*>", "<generated>", line)
    line = re.sub(r"'[^']*'", "'_'", line)
    line = re.sub(r"\b\d+(\.\d+)?\b", "N", line)
    return line[:200]


class FuzzTimeout(BaseException):
    """Not an Exception: code under test that catches Exception (the vmap probe
    turns the user's errors into S2SErrors) must not swallow the timeout."""


def _alarm(signum, frame):
    raise FuzzTimeout(f"took more than {TIMEOUT_S} s")


def load(program):
    """The program as a module imported from a real file."""
    n = next(_counter)
    name = f"s2s_fuzz_{os.getpid()}_{n}"
    path = os.path.join(_TMP, name + ".py")
    with open(path, "w") as f:
        f.write(program.source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------------
# comparing pytrees


def _is_float0(x):
    return getattr(x, "dtype", None) == jax.dtypes.float0


def compare(got, want, rtol=RTOL, atol=ATOL):
    """None when equal, else what differs (one line)."""
    leaves_g, tree_g = jax.tree_util.tree_flatten(got)
    leaves_w, tree_w = jax.tree_util.tree_flatten(want)
    if tree_g != tree_w:
        return f"structure differs: s2s {tree_g} vs reference {tree_w}"
    for k, (g, w) in enumerate(zip(leaves_g, leaves_w)):
        if _is_float0(g) or _is_float0(w):
            other = w if _is_float0(g) else g
            if not (_is_float0(other) or not np.any(np.asarray(other))):
                return f"leaf {k}: float0 against non-zero {np.asarray(other)}"
            if np.shape(g) != np.shape(w):
                return f"shape differs at leaf {k}: s2s {np.shape(g)} vs reference {np.shape(w)}"
            continue
        if np.shape(g) != np.shape(w):
            return f"shape differs at leaf {k}: s2s {np.shape(g)} vs reference {np.shape(w)}"
        g, w = np.asarray(g, dtype=np.float64), np.asarray(w, dtype=np.float64)
        if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
            err = np.max(np.abs(g - w))
            return (f"values differ at leaf {k} (max abs error {err:.3g})\n"
                    f"  s2s:       {np.array2string(g, precision=8)}\n"
                    f"  reference: {np.array2string(w, precision=8)}")
    return None


def chaotic(f, args):
    """Does f's value change beyond the comparison's tolerance when its float
    inputs move by one part in 1e12? Then no two correct evaluations (eager and
    XLA-compiled, say) need agree: `cos` of an intermediate of 3e36 is noise."""
    def nudge(leaf):
        if jax.dtypes.issubdtype(getattr(leaf, "dtype", np.float64), jax.dtypes.prng_key):
            return leaf
        a = np.asarray(leaf)
        return leaf * (1 + 1e-12) if np.issubdtype(a.dtype, np.floating) else leaf
    nudged = tuple(jax.tree_util.tree_map(nudge, a) for a in args)
    return compare(f(*nudged), f(*args), RTOL, ATOL) is not None


def _finite(tree):
    return all(np.all(np.isfinite(np.asarray(leaf))) and np.max(np.abs(np.asarray(leaf)), initial=0) < 1e6
               for leaf in jax.tree_util.tree_leaves(tree) if not _is_float0(leaf))


# ---------------------------------------------------------------------------
# finite differences (the fallback where JAX fails)


def _perturb(args, argnum, path_index, flat_index, delta):
    """args with one element of one leaf of args[argnum] moved by delta."""
    leaves, tree = jax.tree_util.tree_flatten(args[argnum])
    leaf = np.array(leaves[path_index], dtype=np.float64)
    flat = leaf.reshape(-1)
    flat[flat_index] += delta
    leaves = list(leaves)
    leaves[path_index] = float(flat[0]) if isinstance(leaves[path_index], float) else flat.reshape(leaf.shape)
    new = list(args)
    new[argnum] = jax.tree_util.tree_unflatten(tree, leaves)
    return tuple(new)


def fd_jacobian(f, args, argnums):
    """d f(args) / d args[argnums] by central differences, shaped as jax.jacfwd's."""
    out = np.asarray(f(*args))
    single = isinstance(argnums, int)
    result = []
    for a in ([argnums] if single else argnums):
        leaves, tree = jax.tree_util.tree_flatten(args[a])
        jac_leaves = []
        for p, leaf in enumerate(leaves):
            shape = np.shape(leaf)
            cols = []
            for i in range(int(np.prod(shape, dtype=int))):
                hi = np.asarray(f(*_perturb(args, a, p, i, FD_EPS)))
                lo = np.asarray(f(*_perturb(args, a, p, i, -FD_EPS)))
                cols.append((hi - lo) / (2 * FD_EPS))
            jac = np.stack(cols, axis=-1).reshape(out.shape + shape) if cols else \
                np.zeros(out.shape + shape)
            jac_leaves.append(jac)
        result.append(jax.tree_util.tree_unflatten(tree, jac_leaves))
    return result[0] if single else tuple(result)


def fd_jvp(f, args, tangents):
    def moved(sign):
        return tuple(a if _is_float0(t) else jax.tree_util.tree_map(
            lambda x, tx: x + sign * FD_EPS * tx, a, t) for a, t in zip(args, tangents))
    out = f(*args)
    return out, (np.asarray(f(*moved(1))) - np.asarray(f(*moved(-1)))) / (2 * FD_EPS)


# ---------------------------------------------------------------------------
# the transformations: (s2s, jax reference, fallback reference)


def _argnums(prog):
    nums = prog.float_argnums
    return nums[0] if len(nums) == 1 else nums


def _float0_like(args, prog):
    return tuple(np.zeros((), dtype=jax.dtypes.float0) if i in prog.nondiff_argnums else None
                 for i in range(len(args)))


def immutable(tree):
    """NumPy leaves as JAX arrays: a program's `z += z` on a NumPy argument would
    change it in place, and every later call (s2s's, after JAX's) would see
    another input."""
    return jax.tree_util.tree_map(
        lambda leaf: jnp.asarray(leaf) if isinstance(leaf, np.ndarray) else leaf, tree)


def cases(prog, mod):
    f, loss = getattr(mod, prog.main), getattr(mod, prog.loss)
    args = immutable(prog.inputs())
    tangents = immutable(prog.tangents())
    argnums = _argnums(prog)
    static = prog.int_argnums
    ct = immutable(prog.cotangent())
    si = prog.scalar_argnum

    def vjp_with(vjp):
        out, pullback = vjp(f, *args)
        return out, pullback(ct)

    def vjp_fd():
        cts = []
        for i, a in enumerate(args):
            if i in prog.nondiff_argnums:     # ints and typed keys
                cts.append(np.zeros((), dtype=jax.dtypes.float0))
                continue
            jac = fd_jacobian(f, args, i)
            cts.append(jax.tree_util.tree_map(
                lambda j: np.tensordot(ct, j, axes=ct.ndim), jac))
        return f(*args), tuple(cts)

    in_axes = prog.vmap_axes
    batched = immutable(prog.batched_inputs(BATCH))

    def vmap_loop():
        outs = []
        for b in range(BATCH):
            one = [jax.tree_util.tree_map(lambda leaf: leaf[b], a) if ax == 0 else a
                   for a, ax in zip(batched, in_axes)]
            outs.append(f(*one))
        return jnp.stack([jnp.asarray(o) for o in outs])

    def grad_fd():
        return fd_jacobian(loss, args, argnums)

    return {
        "jvp": (lambda: s2s.jvp(f, args, tangents), lambda: jax.jvp(f, args, tangents),
                lambda: fd_jvp(f, args, tangents)),
        "vjp": (lambda: vjp_with(s2s.vjp), lambda: vjp_with(jax.vjp), vjp_fd),
        "grad": (lambda: s2s.grad(loss, argnums=argnums)(*args),
                 lambda: jax.grad(loss, argnums=argnums)(*args), grad_fd),
        "value_and_grad": (lambda: s2s.value_and_grad(loss, argnums=argnums)(*args),
                           lambda: jax.value_and_grad(loss, argnums=argnums)(*args),
                           lambda: (loss(*args), grad_fd())),
        "vmap": (lambda: s2s.vmap(f, in_axes=in_axes)(*batched),
                 lambda: jax.vmap(f, in_axes=in_axes)(*batched), vmap_loop),
        "jacfwd": (lambda: s2s.jacfwd(f, argnums=argnums)(*args),
                   lambda: jax.jacfwd(f, argnums=argnums)(*args),
                   lambda: fd_jacobian(f, args, argnums)),
        "jacrev": (lambda: s2s.jacrev(f, argnums=argnums)(*args),
                   lambda: jax.jacrev(f, argnums=argnums)(*args),
                   lambda: fd_jacobian(f, args, argnums)),
        "hessian": (lambda: s2s.hessian(loss, argnums=argnums)(*args),
                    lambda: jax.hessian(loss, argnums=argnums)(*args), None),
        "jvp_of_grad": (lambda: s2s.jvp(s2s.grad(loss, argnums=argnums), args, tangents),
                        lambda: jax.jvp(jax.grad(loss, argnums=argnums), args, tangents), None),
        "grad_of_grad": (lambda: s2s.grad(s2s.grad(loss, argnums=si), argnums=si)(*args),
                         lambda: jax.grad(jax.grad(loss, argnums=si), argnums=si)(*args), None),
        # where jax.jit refuses the program (a Python `if` on a value), JAX's eager
        # gradient is the reference: jit changes no value (finite differences here
        # were too rough for the steep programs the generator writes)
        "jit_grad": (lambda: jax.jit(s2s.grad(loss, argnums=argnums), static_argnums=static)(*args),
                     lambda: jax.jit(jax.grad(loss, argnums=argnums), static_argnums=static)(*args),
                     lambda: jax.grad(loss, argnums=argnums)(*args)),
        # s2s.jit converts the Python `if`/`while` that jax.jit refuses: where JAX
        # refuses, the eager program (and JAX's eager gradient) is the reference
        "s2s_jit": (lambda: s2s.jit(f, static_argnums=static)(*args),
                    lambda: jax.jit(f, static_argnums=static)(*args),
                    lambda: f(*args)),
        "s2s_jit_grad": (lambda: s2s.jit(s2s.grad(loss, argnums=argnums),
                                         static_argnums=static)(*args),
                         lambda: jax.jit(jax.grad(loss, argnums=argnums),
                                         static_argnums=static)(*args),
                         lambda: jax.grad(loss, argnums=argnums)(*args)),
        # the same with every counted loop a lax loop (unroll=0): the generator's
        # loops are short, so the two above run them as Python loops; these
        # check what a long loop becomes (scan-recorded tapes, fori_loop)
        "s2s_jit_lax": (lambda: s2s.jit(f, static_argnums=static, unroll=0)(*args),
                        lambda: jax.jit(f, static_argnums=static)(*args),
                        lambda: f(*args)),
        "s2s_jit_grad_lax": (lambda: s2s.jit(s2s.grad(loss, argnums=argnums),
                                             static_argnums=static, unroll=0)(*args),
                             lambda: jax.jit(jax.grad(loss, argnums=argnums),
                                             static_argnums=static)(*args),
                             lambda: jax.grad(loss, argnums=argnums)(*args)),
    }


def _last_s2s_frame(exc):
    frames = traceback.extract_tb(exc.__traceback__)
    inside = [fr for fr in frames if fr.filename.startswith(S2S_DIR)]
    if inside:
        fr = inside[-1]
        return f"{os.path.relpath(fr.filename, os.path.dirname(S2S_DIR))}:{fr.lineno} in {fr.name}: {fr.line}"
    if frames:
        fr = frames[-1]
        return f"{fr.filename}:{fr.lineno} in {fr.name}: {fr.line}"
    return ""


def _exc_line(exc):
    text = str(exc).strip()
    return text.splitlines()[0] if text else ""


def _call(thunk):
    if TIMEOUT_S is None:
        return thunk()
    old = signal.signal(signal.SIGALRM, _alarm)
    # repeats every second after the first: one alarm caught somewhere inside
    # the call must not leave a loop running unwatched
    signal.setitimer(signal.ITIMER_REAL, TIMEOUT_S, 1.0)
    try:
        return thunk()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


FALLBACK_KINDS = {"vmap": "loop", "jit_grad": "jax, not jitted",
                  "s2s_jit": "the program, not jitted", "s2s_jit_grad": "jax, not jitted",
                  "s2s_jit_lax": "the program, not jitted",
                  "s2s_jit_grad_lax": "jax, not jitted"}


def check_one(name, prog, table, keep_traceback=False):
    ours, theirs, fallback = table[name]
    reference, ref_kind, ref_error = None, "jax", None
    rtol, atol = RTOL, ATOL
    try:
        reference = _call(theirs)
    except (Exception, FuzzTimeout) as e:          # JAX refuses: fall back where we can
        ref_error = e
        if fallback is not None:
            try:
                reference = fallback()
                ref_kind = FALLBACK_KINDS.get(name, "finite differences")
                if ref_kind == "finite differences":
                    rtol, atol = FD_RTOL, FD_ATOL
            except Exception:
                reference = None
    try:
        got = _call(ours)
    except s2s.S2SError as e:
        msg = e.one_line() if hasattr(e, "one_line") else str(e)
        return Result(name, "REFUSED", _exc_line(e), msg, ref_kind,
                      _traceback(e) if keep_traceback else "")
    except (Exception, FuzzTimeout) as e:
        if name == "jit_grad" and ref_error is not None and type(e) is type(ref_error):
            return Result(name, "BOTH_FAIL", f"{type(e).__name__}: {_exc_line(e)}", "", ref_kind)
        frame = _last_s2s_frame(e)
        return Result(name, "CRASH", f"{type(e).__name__}: {_exc_line(e)}",
                      f"{type(e).__name__}: {str(e)[:2000]}\n  at {frame}", ref_kind,
                      _traceback(e) if keep_traceback else "")
    if reference is None:
        why = f"{type(ref_error).__name__}: {_exc_line(ref_error)}" if ref_error else ""
        return Result(name, "SKIP", "no reference", why, ref_kind)
    if not _finite(reference):
        return Result(name, "SKIP", "numerically wild", "the reference has huge or non-finite values")
    diff = compare(got, reference, rtol, atol)
    if diff is None:
        return Result(name, "PASS", reference=ref_kind)
    kind = diff.split(" at ")[0].split(":")[0]
    return Result(name, "WRONG", kind, f"{diff}\n  (reference: {ref_kind})", ref_kind)


def _traceback(exc):
    return "".join(traceback.format_exception(exc))


def check(prog, transforms=TRANSFORMS, keep_traceback=False):
    """[Result] for each transformation of `prog`."""
    try:
        mod = load(prog)
        f, loss = getattr(mod, prog.main), getattr(mod, prog.loss)
        args = immutable(prog.inputs())
        # under the alarm too: the shrinker's edits can leave a `while` that never ends
        wild = not _finite(_call(lambda: (f(*args), loss(*args)))) or \
            _call(lambda: chaotic(f, args) or chaotic(loss, args))
    except (Exception, FuzzTimeout) as e:   # the generator wrote a program Python cannot run
        return [Result(t, "SKIP", "program fails in plain Python",
                       f"{type(e).__name__}: {_exc_line(e)}") for t in transforms]
    if wild:
        return [Result(t, "SKIP", "numerically wild", "") for t in transforms]
    table = cases(prog, mod)
    return [check_one(t, prog, table, keep_traceback) for t in transforms]
