"""What s2s locks, and why.

One re-entrant lock, `BUILD`, is held while s2s builds anything: parsing a
user's function, running passes, the vmap probe, compiling generated code,
writing the callers of library functions and bound methods, recording a
build's stages. Building is pure Python, bound by the GIL anyway, so one lock
costs no parallelism worth having; it makes every table the build reads or
writes (the driver's caches, the frontend's parsed files, the probe's
recorder, the namers, the rules' lazily filled tables) one thread's at a time,
and it keeps CPython's AST conversion, which is not thread-safe in 3.11
("AST constructor recursion depth mismatch"), to one thread. It is re-entrant
because a build builds its callees (and a callee's build may run user code
that asks for another transformation).

Calls of code already built take no lock: a finished build is published in
its cache only once complete (`Generated.ready`), so a thread reading a cache
without the lock sees either nothing (and builds under the lock, where it
looks again) or a finished build.
"""
import functools
import threading

BUILD = threading.RLock()


def building(fn):
    """`fn` run holding BUILD."""
    @functools.wraps(fn)
    def locked(*args, **kwargs):
        with BUILD:
            return fn(*args, **kwargs)
    return locked
