"""The helpers `s2s.jit`'s code calls for control flow on traced values.

The functionalize pass (s2s/passes/functionalize.py) turns an `if`, `while`
or counted `for` whose condition may be traced into named functions and one
call of these helpers. Each decides when the program is traced:

- a concrete condition runs the plain Python `if` / loop (so a short loop
  over `range(x.shape[0])` unrolls as before, and a static argument's `if`
  picks its branch);
- a traced one becomes `lax.cond` / `lax.while_loop` / `lax.fori_loop`.

They also do what `lax` asks of a person writing it by hand: the values the
branches or iterations hand on are promoted to one dtype (`total = 0` before a
loop that adds floats to it), and what cannot be made to fit (a shape that
changes from one iteration to the next) is an `S2SError` at the user's line.

This module is the helpers themselves; s2s/control_flow_carry.py makes what
lax carries fit, and s2s/control_flow_tapes.py records reverse mode's tapes
under lax loops (with the bound of a `while`'s tape and its check).
"""
import contextlib
import contextvars

import jax
import jax.numpy as jnp
from jax import lax

from .control_flow_carry import (RETURNED_VALUE, _cast_to, _check_scalar_condition,
                                 _common_types, _error, _pack, _python_leaves, _stable_carry,
                                 _unpack, _value_names, _with, _without)
from .control_flow_tapes import (BOUND_MARK, MAX_STEPS, Checked, Stacked, _as_lists,
                                 _counted_recording, _inner, _list_roles, _popped_rows,
                                 _scan_recording, _while_recording, check_when_run, checked,
                                 list_length)
from .errors import S2SError
from .runtime import helper

# What other modules use (the helpers generated code calls are registered by
# `@helper` wherever they are defined; s2s/jit.py reads the bound checks).
__all__ = ["UNROLL", "MAX_STEPS", "unrolling", "if_else", "still_going", "while_loop",
           "for_range", "list_length", "Stacked", "BOUND_MARK", "Checked", "checked",
           "check_when_run"]

# Counted loops with a concrete trip count of at most this many steps run as
# Python loops (unrolled into the compiled program); longer ones become
# `lax.fori_loop`, so compile time stays flat in the trip count. `s2s.jit(f,
# unroll=N)` sets it for one function.
UNROLL = contextvars.ContextVar("s2s_unroll", default=32)


@contextlib.contextmanager
def unrolling(limit, max_steps=None):
    token = UNROLL.set(limit)
    bound = MAX_STEPS.set(max_steps if max_steps is not None else MAX_STEPS.get())
    try:
        yield
    finally:
        MAX_STEPS.reset(bound)
        UNROLL.reset(token)


def _traced(x):
    return isinstance(x, jax.core.Tracer)


@helper
def if_else(pred, if_true, if_false, *operands):
    """`if pred:` -> `if_true(*operands)`, else `if_false(*operands)`: each
    returns the values the branches set and later code reads. A Python `if`
    when `pred` is concrete, `lax.cond` when it is traced."""
    if not _traced(pred):
        return if_true(*operands) if pred else if_false(*operands)
    _check_scalar_condition(pred, "if")
    if_true, if_false = _inner(if_true), _inner(if_false)
    seen = [None, None]
    true_out = jax.eval_shape(_seeing(if_true, seen, 0), *operands)
    false_out = jax.eval_shape(_seeing(if_false, seen, 1), *operands)
    # a Python number both branches give alike, or one gives and the other
    # leaves None (a static test's value, saved on a tape; None: a path that
    # does not compute it), stays a Python value: lax.cond would hand it on traced
    same = _alike(seen[0], seen[1], _none_paths(false_out))
    same.update(_alike(seen[1], seen[0], _none_paths(true_out)))
    if same:
        if_true, if_false = _stripping(if_true, same), _stripping(if_false, same)
        true_out, false_out = _without(true_out, same), _without(false_out, same)
    target = _common_types(_none_as(true_out, false_out), _none_as(false_out, true_out),
                           None, "if")
    out = lax.cond(pred, _cast_to(if_true, target), _cast_to(if_false, target), *operands)
    return _with(out, same) if same else out


def _alike(mine, other, other_nones):
    """The Python values of `mine` (path -> value) that `other` gives alike or
    leaves None at (or above: a whole tape item the other path does not save)."""
    return {path: v for path, v in mine.items()
            if any(path[:i] in other_nones for i in range(len(path) + 1)) or (
                path in other and type(other[path]) is type(v) and other[path] == v)}


def _none_paths(tree):
    return {path for path, v in jax.tree_util.tree_flatten_with_path(
        tree, is_leaf=lambda v: v is None)[0] if v is None}


def _seeing(fn, seen, k):
    """`fn`, which notes in seen[k] the Python numbers it returns (while traced)."""
    def run(*args):
        out = fn(*args)
        seen[k] = _python_leaves(out)
        return out
    return run


def _stripping(fn, slots):
    return lambda *args: _without(fn(*args), slots)


def _none_as(out, other):
    """`out` with each None that is an array in `other` (reverse mode's
    placeholder for a value the path does not compute) described as that array.
    (The functionalize pass refuses an `is None` test of such a value.)"""
    if out is None and other is not None:
        return other
    if isinstance(out, (tuple, list)) and isinstance(other, (tuple, list)) \
            and len(out) == len(other) and type(out) is type(other):
        return type(out)(_none_as(a, b) for a, b in zip(out, other))
    return out


@helper(pure=True)
def still_going(going, more):
    """`going and more`, a loop's flag: a Python bool while both are concrete
    (the loop stays a Python loop), `jnp.logical_and` once either is traced."""
    if _traced(going) or _traced(more):
        return jnp.logical_and(going, more)
    return bool(going) and bool(more)


@helper
def while_loop(test, body, *carry):
    """`while test(*carry): carry = body(*carry)`. Runs as Python while the
    test is concrete, and as `lax.while_loop` from the first traced test on."""
    n = len(carry)
    while True:
        going = test(*carry)
        if _traced(going):
            break
        if not going:
            return _unpack(carry)
        carry = _pack(body(*carry), n)
    _check_scalar_condition(going, "while")
    test, body = _inner(test), _inner(body)   # (before its shapes are traced: a bounded
    carry = _returned_value_filled(body, carry)   # loop inside keeps its flag to itself)
    if any(isinstance(c, list) for c in carry):
        return _while_recording(test, body, carry)
    carry = _stable_carry(lambda c: _pack(body(*c), n), carry, body, "while")
    out = lax.while_loop(lambda c: test(*c), lambda c: _pack(body(*c), n), carry)
    return _unpack(out)


@helper
def for_range(stop, body, *carry, start=0, step=1):
    """`for i in range(start, stop, step): carry = body(i, *carry)`. A Python
    loop when the trip count is concrete and short (see UNROLL), else
    `lax.fori_loop`."""
    n = len(carry)
    concrete = not any(_traced(b) for b in (start, stop, step))
    if concrete and len(range(start, stop, step)) <= UNROLL.get():
        return _python_for(range(start, stop, step), body, carry)
    if _traced(step):
        raise _error("the step of this `range` is traced under jit; lax.fori_loop needs "
                     "it concrete", "make the step a constant or a static argument")
    if concrete and len(range(start, stop, step)) and _holds_none(carry):
        # A name the loop sets first (read after it) is None before the first
        # step, and lax carries no None: that step runs as Python (its tape
        # item, with None for that name, heads the recorded ones).
        carry = _pack(body(start, *carry), n)
        start += step
    trips = len(range(start, stop, step)) if concrete else \
        jnp.maximum(0, (stop - start + step - (1 if step > 0 else -1)) // step)

    carry, popped, grown = _list_roles(start, body, carry)
    try:
        out = _lax_for(start, stop, step, trips, body, carry, grown)
    except S2SError:   # (an array's rows taken off one a step: jnp.array(xs)'s cotangent)
        carry, rows = _popped_rows(start, body, carry)
        if not rows:
            raise
        popped = {**popped, **rows}
        out = _lax_for(start, stop, step, trips, body, carry, grown)
    return _as_lists(out, popped, n, trips)


def _lax_for(start, stop, step, trips, body, carry, grown):
    n = len(carry)
    concrete = isinstance(trips, int)

    @_inner
    def step_body(k, c):
        return _pack(body(start + k * step, *c), n)

    if not concrete and any(isinstance(c, list) for c in carry):
        return _counted_recording(start, step, trips, body, carry)
    try:
        if concrete and grown:
            return _scan_recording(start, step, trips, body, carry, grown)
        # (a body that indexes a Python list by its counter raises here, at a
        # traced counter, before the carry's shapes are compared step to step)
        jax.eval_shape(step_body, jnp.asarray(0), carry)
        carry = _stable_carry(lambda c: step_body(0, c), carry, body, "for")
        out = lax.fori_loop(0, trips, step_body, carry)
    except (jax.errors.ConcretizationTypeError, TypeError, IndexError):
        if not concrete:
            raise
        # The body needs its counter concrete (an index into a Python list) or
        # changes what it carries (a list that grows): unrolled, as Python runs it.
        return _python_for(range(start, stop, step), body, carry)
    return _unpack(out)


def _returned_value_filled(body, carry):
    """A `return` inside the loop is carried as a flag and a value (s2s/passes/
    structure.py); the value starts as None and is read only once the flag is
    set. lax carries no None: it starts as zeros of the value's shape."""
    names = _value_names(body) or ()
    unset = [j for j, (c, name) in enumerate(zip(carry, names))
             if c is None and name.startswith(RETURNED_VALUE)]
    if not unset:
        return carry
    try:
        out = jax.eval_shape(lambda c: _pack(body(*c), len(carry)), carry)
    except Exception:   # (the loop reports it when it runs the body)
        return carry
    carry = list(carry)
    for j in unset:
        if all(isinstance(o, jax.ShapeDtypeStruct) for o in jax.tree_util.tree_leaves(out[j])):
            carry[j] = jax.tree_util.tree_map(lambda o: jnp.zeros(o.shape, o.dtype), out[j])
    return tuple(carry)


def _holds_none(carry):
    return any(x is None for x in jax.tree_util.tree_leaves(carry, is_leaf=lambda x: x is None))


def _python_for(steps, body, carry):
    n = len(carry)
    for i in steps:
        carry = _pack(body(i, *carry), n)
    return _unpack(carry)

