"""Thread safety: first-time transformations and calls from many threads at
once give JAX's answers, and nothing wrong stays cached.

16 threads start together (a barrier) in each round; each transforms a fresh
closure of its own and one function all of them share, by grad, vmap(grad),
jit(grad) and hessian, and calls each twice (the first call builds, the second
takes the fast path). Every result is compared with JAX's. After the threads,
the same functions are called once more from this thread: a wrong result
built under a race would still be in the caches.
"""
import threading
import traceback

import jax
import jax.numpy as jnp
import numpy as np

import s2s

if __name__ == "__main__":   # (under pytest, tests/conftest.py turns it on)
    jax.config.update("jax_enable_x64", True)

THREADS = 16
ROUNDS = 6


def _scale(x, k):
    return jnp.tanh(x) * k


def make(k):
    """A fresh closure (its own cache entries) that calls a helper (a build
    inside a build) and branches on a constant."""
    def f(x):
        y = _scale(x, k)
        if k > 2:
            y = y * x
        return jnp.sum(y ** 2 + jnp.sin(x) * k)
    return f


X = jnp.linspace(0.1, 0.9, 3)
XS = jnp.stack([X, X + 1.0, X * 2.0, X - 1.0])

S2S = {"grad": lambda f: s2s.grad(f)(X),
       "vmap_grad": lambda f: s2s.vmap(s2s.grad(f))(XS),
       "jit_grad": lambda f: s2s.jit(s2s.grad(f))(X),
       "hessian": lambda f: s2s.hessian(f)(X)}
JAX = {"grad": lambda f: jax.grad(f)(X),
       "vmap_grad": lambda f: jax.vmap(jax.grad(f))(XS),
       "jit_grad": lambda f: jax.jit(jax.grad(f))(X),
       "hessian": lambda f: jax.hessian(f)(X)}
KS = (1.0, 2.0, 3.0, 4.0)


def expected():
    return {(mode, k): np.asarray(JAX[mode](make(k))) for mode in JAX for k in KS}


def hammer(rounds=ROUNDS, threads=THREADS):
    """(calls, [failures]): every thread's first-time transformations and calls."""
    want = expected()
    failures, calls = [], [0]
    lock = threading.Lock()
    kept = []   # (mode, k, transformed): called again after the threads

    def check(what, mode, k, run):
        try:
            got = np.asarray(run())
            ok = got.shape == want[mode, k].shape and np.allclose(got, want[mode, k],
                                                                  rtol=1e-9, atol=1e-12)
            problem = None if ok else f"wrong value: {got} != {want[mode, k]}"
        except Exception:
            problem = traceback.format_exc(limit=-3)
        with lock:
            calls[0] += 1
            if problem:
                failures.append(f"{what} {mode} k={k}: {problem}")

    for r in range(rounds):
        shared_k = KS[r % len(KS)]
        shared = make(shared_k)
        shared_grad = s2s.grad(shared)   # one transformation object, called by all threads
        barrier = threading.Barrier(threads)

        def work(i):
            k = KS[i % len(KS)]
            own = make(k)
            barrier.wait()
            for j, mode in enumerate(S2S):
                mode = list(S2S)[(i + j) % len(S2S)]   # the threads start on different modes
                for _ in range(2):
                    check("own", mode, k, lambda: S2S[mode](own))
                    check("shared", mode, shared_k, lambda: S2S[mode](shared))
            check("shared object", "grad", shared_k, lambda: shared_grad(X))
            with lock:
                kept.append((k, own))

        pool = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
        for t in pool:
            t.start()
        for t in pool:
            t.join()
        kept.append((shared_k, shared))
    for k, fn in kept:   # nothing wrong stayed cached
        for mode in S2S:
            check("again", mode, k, lambda: S2S[mode](fn))
    return calls[0], failures


def test_threads_give_jax_answers():
    calls, failures = hammer()
    print(f"{calls} calls, {len(failures)} failures")
    assert not failures, f"{len(failures)} of {calls} calls failed:\n" + "\n".join(failures[:5])


if __name__ == "__main__":   # python tests/test_threads.py [rounds]: the counts
    import sys
    calls, failures = hammer(int(sys.argv[1]) if len(sys.argv) > 1 else ROUNDS)
    kinds = {}
    for f in failures:
        key = f.split(":")[0].split(" k=")[0] + (" wrong" if "wrong value" in f else " raised")
        kinds[key] = kinds.get(key, 0) + 1
    print(f"{calls} calls, {len(failures)} failures", kinds)
    for f in failures[:3]:
        print(f)
