"""Reverse mode's tapes under lax loops, for the helpers of s2s/control_flow.py.

A loop whose body appends one item per step to lists (reverse mode's tape)
cannot carry the growing lists through `lax`: a counted loop records them with
`lax.scan` (`_scan_recording`), a `while` on a traced condition (or a counted
loop of traced trip count) into arrays of MAX_STEPS more rows
(`_while_recording`, `_counted_recording`). Either way the lists become
`Stacked`, which reads like the list it stands for. A bounded `while` that ran
past its bound reports it (`BOUND_CHECKS`, `checked`, `check_when_run`): an
error when the program runs, never a truncated tape.
"""
import contextvars
import functools

import jax
import jax.numpy as jnp
from jax import lax

from .control_flow_carry import (_error, _pack, _python_leaves, _stable_carry, _unpack, _with,
                                 _without)
from .errors import S2SError
from .runtime import helper

# A `while` on a traced condition that records a tape (reverse mode) keeps at
# most this many steps; more is an error when it runs. `s2s.jit(f, max_steps=N)`.
MAX_STEPS = contextvars.ContextVar("s2s_max_steps", default=1000)


def _while_recording(test, body, carry):
    """A `while` on a traced condition whose body appends one item per step to
    lists (reverse mode's tape): `lax.while_loop` writing each step's items
    into arrays of MAX_STEPS more rows, with a step counter. The lists become
    `Stacked` of a traced length (with the items the steps run in Python
    before the condition was traced, if any); more steps than the bound is an
    error when the program runs, never a truncated tape."""
    n = len(carry)
    lists = sorted(j for j, c in enumerate(carry) if isinstance(c, list))
    before = [carry[j] for j in lists]
    split, join = _splitter(n, lists)
    bound = MAX_STEPS.get()

    def step(rest):
        out = _pack(body(*join(rest)), n)
        if not all(isinstance(out[j], list) and len(out[j]) == 1 for j in lists):
            raise _error("a list grows in this `while` loop by other than one item per step "
                         "under jit: lax carries values of one fixed shape",
                         "append one item per step, or compute this without jit")
        return split(out), tuple(out[j][0] for j in lists)

    rest = _stable_carry(lambda c: step(c)[0], split(carry), body, "while", skip=lists)
    constants = _constant_slots(lambda c: step(c)[1], rest, before)

    def stripped_step(rest):
        rest, new = step(rest)
        return rest, tuple(_without(item, slots) for item, slots in zip(new, constants))

    items = jax.eval_shape(lambda c: stripped_step(c)[1], rest)
    tapes = tuple(_preallocated(item, [_without(p, slots) for p in prefix], bound)
                  for item, prefix, slots in zip(items, before, constants))
    offsets = tuple(len(prefix) for prefix in before)

    def going(state):
        rest, _, k = state
        return jnp.logical_and(test(*join(rest)), k < bound)

    def record(state):
        rest, tapes, k = state
        rest, new = stripped_step(rest)
        tapes = tuple(jax.tree_util.tree_map(lambda t, v, o=o: t.at[o + k].set(v), tape, item)
                      for tape, item, o in zip(tapes, new, offsets))
        return rest, tapes, k + 1

    rest, tapes, steps = lax.while_loop(going, record, (rest, tapes, jnp.asarray(0)))
    _report_bound(jnp.logical_and(test(*join(rest)), steps >= bound), bound)
    rest, tapes, offsets, slots = iter(rest), iter(tapes), iter(offsets), iter(constants)
    return _unpack(tuple(Stacked(next(tapes), next(offsets) + steps, next(slots)) if j in lists
                         else next(rest) for j in range(n)))


def _constant_slots(items_of, rest, before):
    """[{key path: value}] of the items a traced body appends to each list: a
    Python number or bool among them was made from static values by a body
    traced once, so it is the same at every step (and in the steps run in
    Python before, `before`, where those agree). Kept as Python values, a test
    on one stays a Python `if` in the pullback."""
    found = []

    def seen(c):
        items = items_of(c)
        found[:] = [_python_leaves(item) for item in items]
        return items

    jax.eval_shape(seen, rest)
    constants = []
    for slots, prefix in zip(found, before):
        earlier = [_python_leaves(p) for p in prefix]
        constants.append({path: v for path, v in slots.items()
                          if all(path in e and type(e[path]) is type(v) and e[path] == v
                                 for e in earlier)})
    return constants


def _preallocated(item, prefix, bound):
    """Arrays with room for the items already recorded (`prefix`) and `bound`
    more. Where an earlier item has None (reverse mode's placeholder for a
    branch that step did not take) its row stays zeros: the pullback reads it
    only on the branch the step's saved test picks."""
    rows = len(prefix) + bound
    earlier = [dict(jax.tree_util.tree_flatten_with_path(old, is_leaf=lambda v: v is None)[0])
               for old in prefix]
    leaves, tree = jax.tree_util.tree_flatten_with_path(item)
    columns = []
    for path, t in leaves:
        column = jnp.zeros((rows,) + t.shape, t.dtype)
        for k, old in enumerate(earlier):
            value = _leaf_at(old, path)
            if value is not None:
                column = column.at[k].set(jnp.asarray(value, t.dtype))
        columns.append(column)
    return jax.tree_util.tree_unflatten(tree, columns)


def _leaf_at(leaves, path):
    """The leaf at `path` of a tree flattened to {key path: leaf}; None where
    the tree has None at `path` or above it."""
    if path in leaves:
        return leaves[path]
    if any(leaves.get(path[:i], 0) is None for i in range(len(path))):
        return None
    raise AssertionError(f"a step's tape item has no value at {jax.tree_util.keystr(path)}")


BOUND_MARK = "ran past its bound of"

# Under s2s.jit: where the program reports whether a bounded `while` ran out
# of room (s2s.jit returns the flags with the result and checks them).
BOUND_CHECKS = contextvars.ContextVar("s2s_bound_checks", default=None)


def _inner(fn):
    """`fn` as the body or branch of a lax construct: a bounded loop inside it
    cannot hand its flag to s2s.jit (the flag is a value of this body's own
    trace), so it reports by host callback instead."""
    @functools.wraps(fn)   # (its __wrapped__ names the values in errors)
    def inner(*args):
        token = BOUND_CHECKS.set(None)
        try:
            return fn(*args)
        finally:
            BOUND_CHECKS.reset(token)
    return inner


def _report_bound(exceeded, bound):
    checks = BOUND_CHECKS.get()
    if checks is not None:
        checks.append(exceeded)
        return
    check_when_run(exceeded, bound)


def check_when_run(exceeded, bound):
    """Where the flag cannot be returned (jax.jit of the converted code, or
    s2s.jit inside another trace): a host callback, run only when the bound was
    hit (its presence costs the program tens of microseconds a call)."""
    lax.cond(exceeded, lambda: jax.debug.callback(_bound_exceeded, bound),
             lambda: None)


@jax.tree_util.register_pytree_node_class
class Checked:
    """A jitted program's result with the flag of its bounded loops."""

    def __init__(self, out, exceeded):
        self.out, self.exceeded = out, exceeded

    def tree_flatten(self):
        return (self.out, self.exceeded), None

    @classmethod
    def tree_unflatten(cls, _, children):
        return cls(*children)


def checked(fn, *args, **kwargs):
    """fn(*args, **kwargs), as a `Checked` if it traced a bounded loop."""
    checks = []
    token = BOUND_CHECKS.set(checks)
    try:
        out = fn(*args, **kwargs)
    finally:
        BOUND_CHECKS.reset(token)
    if not checks:
        return out
    return Checked(out, jnp.any(jnp.stack([jnp.asarray(c) for c in checks])))


def _bound_exceeded(bound):
    raise S2SError(f"a `while` loop under s2s.jit {BOUND_MARK} {bound} recorded "
                   "steps (reverse mode keeps each step for the way back)",
                   hint="raise the bound: s2s.jit(f, max_steps=N)")


def _counted_recording(start, step, trips, body, carry):
    """A traced trip count, and lists that grow one item per step (reverse
    mode's tape): the steps run and recorded as those of a `while` on a traced
    test are, into a bounded tape (`lax.fori_loop` cannot grow a list)."""
    n = len(carry)

    def test(k, *c):
        return k < trips

    def counted(k, *c):
        return (k + 1,) + _pack(body(start + k * step, *c), n)
    out = _while_recording(_inner(test), _inner(counted), (jnp.asarray(0),) + tuple(carry))
    return _unpack(tuple(out[1:]))


def _splitter(n, lists):
    """(split, join): a carry without the lists at positions `lists`, and back
    with each of them empty."""
    lists = set(lists)

    def split(values):
        return tuple(v for j, v in enumerate(values) if j not in lists)

    def join(rest):
        rest = iter(rest)
        return tuple([] if j in lists else next(rest) for j in range(n))
    return split, join


class _NotRecording(TypeError):
    """The body does not append exactly one item per step to its empty lists."""


def _scan_recording(start, step, trips, body, carry, lists):
    """A counted loop whose body appends one item per step to the lists at
    positions `lists` (reverse mode's tape): `lax.scan`, with each list its
    stacked outputs (a `Stacked`), so compile time does not grow with the trip
    count. Items a list holds before the loop (a first step run in Python)
    come first, None in them as zeros (see `_preallocated`)."""
    n = len(carry)
    before = [carry[j] for j in sorted(lists)]
    split, join = _splitter(n, lists)

    @_inner
    def scan_step(rest, k):
        out = _pack(body(start + k * step, *join(rest)), n)
        if not all(isinstance(out[j], list) and len(out[j]) == 1 for j in lists):
            raise _NotRecording()
        return split(out), tuple(out[j][0] for j in sorted(lists))

    rest = _stable_carry(lambda c: scan_step(c, 0)[0], split(carry), None, "for")
    # (traced at a traced step number: at a Python 0, what the body computes
    # from its counter would be a Python number, taken for a constant)
    constants = _constant_slots(lambda c: scan_step(*c)[1], (rest, jnp.asarray(0)), before)

    def stripped_step(rest, k):
        rest, new = scan_step(rest, k)
        return rest, tuple(_without(item, slots) for item, slots in zip(new, constants))

    final, items = lax.scan(stripped_step, rest, jnp.arange(trips))
    items = tuple(_after(prefix, rows, slots) for prefix, rows, slots
                  in zip(before, items, constants))
    final, items, slots, before = iter(final), iter(items), iter(constants), iter(before)
    return _unpack(tuple(Stacked(next(items), len(next(before)) + trips, next(slots))
                         if j in lists else next(final) for j in range(n)))


def _after(prefix, rows, slots):
    """The rows a scan recorded, after those of the items a list held before."""
    if not prefix:
        return rows
    item = jax.tree_util.tree_map(lambda r: jax.ShapeDtypeStruct(r.shape[1:], r.dtype), rows)
    try:
        earlier = _preallocated(item, [_without(p, slots) for p in prefix], 0)
    except (AssertionError, ValueError, TypeError):   # earlier items of another structure or shape
        raise _NotRecording()
    return jax.tree_util.tree_map(lambda e, r: jnp.concatenate([e, r]), earlier, rows)


class _RowAt:
    def __init__(self, stacked):
        self.stacked = stacked

    def __getitem__(self, k):
        return _Row(self.stacked, k)


class _Row:
    def __init__(self, stacked, k):
        self.stacked, self.k = stacked, k

    def add(self, g):
        s, k = self.stacked, self.k
        if isinstance(k, int) and k < 0:
            k += s.length
        items = jax.tree_util.tree_map(lambda rows, v: rows.at[k].add(v), s.items,
                                       _without(g, s.constants))
        return Stacked(items, s.length, s.constants)


@jax.tree_util.register_pytree_node_class
class Stacked:
    """A list recorded by `lax.scan`: `length` items of one structure, kept as
    arrays with a leading axis. It reads like the list it stands for: `len`,
    indexing (by a traced index too), iteration."""

    def __init__(self, items, length, constants=None):
        self.items, self.length = items, length   # length: an int, or traced (a while)
        # the item's leaves that are the same Python value at every step, by key
        # path (not stacked: see _constant_slots)
        self.constants = dict(constants or {})

    def __len__(self):
        if not isinstance(self.length, int):
            raise TypeError("the length of a tape recorded by a `while` on a traced value is "
                            "traced: read it with list_length")
        return self.length

    def __getitem__(self, k):
        if isinstance(k, slice):
            return self._prefix(k)
        if isinstance(k, int):
            if k < 0:
                k += self.length
            if isinstance(self.length, int) and not 0 <= k < self.length:
                raise IndexError("list index out of range")
        row = jax.tree_util.tree_map(lambda a: a[k], self.items)
        return _with(row, self.constants) if self.constants else row

    def _prefix(self, k):
        """`xs[:stop]`: the same rows, fewer of them (reverse mode takes a list's
        items off its end, `xs_bar[:-1]`, one per step of a lax loop)."""
        if k.start is not None or k.step is not None or not isinstance(k.stop, int):
            raise TypeError("a list recorded under jit can only be shortened from its end "
                            "(xs[:-1])")
        stop = k.stop + self.length if k.stop < 0 else k.stop
        if isinstance(self.length, int):
            stop = min(max(stop, 0), self.length)
        return Stacked(self.items, stop, self.constants)

    @property
    def at(self):
        """`xs.at[k].add(g)`, as on an array: reverse mode adds an item's
        cotangent (`add_at`) to a list's that lax carries as `Stacked`."""
        return _RowAt(self)

    def __iter__(self):
        return (self[k] for k in range(self.length))

    def __jax_array__(self):
        """`jnp.array(outs)` of the list: its rows, one array (a list a lax loop
        appended to, then made an array, as `jnp.array` makes a list's)."""
        if not isinstance(self.length, int):
            raise TypeError("jnp.array of a list a `while` on a traced value appended to "
                            "has a traced length, which an array cannot have under jit")
        if self.constants or not isinstance(self.items, jax.Array):
            return jnp.array(list(self))
        return self.items if self.items.shape[0] == self.length else self.items[:self.length]

    def __reversed__(self):
        return (self[k] for k in reversed(range(self.length)))

    def tree_flatten(self):
        constants = tuple(self.constants.items())
        if isinstance(self.length, int):
            return (self.items,), (self.length, constants)
        return (self.items, self.length), (None, constants)

    @classmethod
    def tree_unflatten(cls, aux, children):
        length, constants = aux
        return cls(children[0], length if length is not None else children[1], dict(constants))


def _list_roles(start, body, carry):
    """(carry, popped, grown) for the lists a loop carries: those the body
    shortens by one item a step (`xs_bar = xs_bar[:-1]`: reverse mode's
    cotangent of a list the loop appended to, taken back item by item) made
    `Stacked` of a traced length, which lax can carry, with `popped`
    {position: length before}; `grown`, the positions of lists the body
    lengthens by one item a step (a tape, empty unless a first step ran in
    Python; see _scan_recording)."""
    n = len(carry)
    empty = {j for j, c in enumerate(carry) if isinstance(c, list) and not c}
    lists = [j for j, c in enumerate(carry) if isinstance(c, list) and c
             or isinstance(c, Stacked) and isinstance(c.length, int)]
    if not lists:
        return carry, {}, empty
    try:
        out = jax.eval_shape(lambda c: _pack(body(start, *c), n), carry)
    except Exception:   # (the loop reports it when it runs the body)
        return carry, {}, empty
    carry, popped, grown = list(carry), {}, set(empty)
    for j in lists:
        before, after = carry[j], out[j]
        if not (isinstance(after, list)
                or isinstance(after, Stacked) and isinstance(after.length, int)):
            continue
        if isinstance(before, list) and len(after) == len(before) + 1:
            grown.add(j)
        elif len(after) == len(before) - 1:
            if isinstance(before, Stacked):   # (a tape lax.scan recorded, or its zeros)
                rows, constants = before.items, before.constants
            else:
                try:
                    rows = jax.tree_util.tree_map(lambda *items: jnp.stack(items), *before)
                except (ValueError, TypeError):   # items of different shapes or structures
                    continue
                constants = None
            popped[j] = len(before)
            carry[j] = Stacked(rows, jnp.asarray(len(before)), constants)
    return tuple(carry), popped, grown


def _as_lists(out, popped, n, trips):
    """A loop's results with the lists `_list_roles` made `Stacked` back as
    lists, where the trip count is known: `trips` fewer items than before
    (`popped`: {position: length before}); a traced trip count leaves them
    `Stacked`, which reads like a list."""
    if not popped or not isinstance(trips, int):
        return out
    values = list(_pack(out, n))
    for j, length in popped.items():
        left = values[j]
        if length < 0:   # (an array's rows: the array of those left)
            values[j] = left.items[:max(-length - trips, 0)]
            continue
        values[j] = [left[k] for k in range(max(length - trips, 0))]
    return _unpack(tuple(values))


def _popped_rows(start, body, carry):
    """(carry, popped) for the arrays the body shortens by one row a step (the
    cotangent of `jnp.array(xs)`, taken back item by item as a list's), made
    `Stacked` of a traced length, with `popped` {position: -rows before}
    (negative: an array again after the loop); (carry, {}) where there is
    none. Asked only when lax refused the loop's carry: it traces the body."""
    arrays = [j for j, c in enumerate(carry) if _rows(c)]
    if not arrays:
        return carry, {}
    try:
        out = jax.eval_shape(lambda c: _pack(body(start, *c), len(carry)), carry)
    except Exception:
        return carry, {}
    carry, popped = list(carry), {}
    for j in arrays:
        before, after = carry[j], out[j]
        if _rows(after) and after.shape == (before.shape[0] - 1,) + before.shape[1:]:
            popped[j] = -before.shape[0]
            carry[j] = Stacked(before, jnp.asarray(before.shape[0]))
    return tuple(carry), popped


def _rows(v):
    """Is v an array (or its shape) with rows a loop may take off its end?"""
    return not isinstance(v, (list, tuple, Stacked)) and len(getattr(v, "shape", ())) >= 1


@helper
def list_length(xs):
    """`len(xs)` in jitted code, where `xs` may be a tape a `while` recorded
    (its length is then traced)."""
    return xs.length if isinstance(xs, Stacked) else len(xs)

