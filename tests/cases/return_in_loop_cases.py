"""`return` inside a loop (tests/test_return_in_loop.py)."""
import jax.numpy as jnp


def first_positive(x):
    for i in range(x.shape[0]):
        if x[i] > 0:
            return x[i] ** 2
    return jnp.sum(x)


def newton_sqrt(a):
    x = a
    for _ in range(50):
        nx = 0.5 * (x + a / x)
        if jnp.abs(nx - x) < 1e-9:
            return nx
        x = nx
    return x


def returns_from_a_while(x):
    total = 0.0
    i = 0
    while i < 5:
        total = total + jnp.sin(x * i)
        if total > 1.5:
            return total * x
        i = i + 1
    return total


def returns_from_a_nested_loop(m):
    for row in m:
        for v in row:
            if v > 0.5:
                return jnp.sum(row * v)
    return jnp.sum(m) * 2.0


def returns_early_from_a_scaled_loop(x, c):
    """Found by the fuzzer: grad of grad crashed adding the cotangents of the
    returned value, None before the loop returns."""
    t = c * x
    it = 0
    while it < 2:
        it = it + 1
        if jnp.sum(x) > 1.0:
            return jnp.sum(jnp.tanh(c * x))
        t = t * 0.9
    return jnp.sum(t)


def _returns_from_a_traced_while(x):
    while jnp.sum(x) < 10.0:
        if jnp.max(x) > 3.0:
            return jnp.sum(x * 2.0)
        x = x * 1.5 + 0.1
    return jnp.sum(x)


def _returns_from_a_counted_loop(x):
    for i in range(3):
        if jnp.max(x) > 3.0:
            return jnp.sum(x * 2.0)
        x = x * 1.5 + 0.1
    return jnp.sum(x)


def scales_what_a_loop_returned(x):
    """A helper whose loop returns, called in an expression: put in line (jit of
    a gradient), its return in the loop was the caller's own, and the caller's
    `3.0 * ... + 1.0` was skipped, a silently wrong value and gradient."""
    return 3.0 * _returns_from_a_counted_loop(x) + 1.0


def scales_what_a_traced_while_returned(x):
    """The same through a `while` on a traced value, which s2s.jit refused:
    lax carries no None, which the returned value starts as."""
    return 3.0 * _returns_from_a_traced_while(x) + 1.0


def returns_after_a_nested_traced_while(x, t):
    """(fuzz seed 23, program 8, reduced) a `return` in a traced `while` whose
    body holds another traced `while`: the inner loop's bound flag was traced
    while the outer found its returned value's shape, and leaked out of that
    trace under s2s.jit(s2s.grad)."""
    h = x
    it = 0
    while it < 2 and jnp.sum(h) < 2.0:
        it2 = 0
        while it2 < 2 and jnp.sum(h ** 2) < 10.0:
            h = jnp.tanh(h * t)
            it2 = it2 + 1
        it = it + 1
        if jnp.sum(t) > 0.0:
            return jnp.sum(jnp.sin(h))
    return jnp.sum(jnp.sin(h))
