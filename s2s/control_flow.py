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
"""
import contextlib
import contextvars
import functools
import inspect
import sys

import jax
import jax.numpy as jnp
from jax import lax

from .errors import S2SError
from .runtime import helper

# Counted loops with a concrete trip count of at most this many steps run as
# Python loops (unrolled into the compiled program); longer ones become
# `lax.fori_loop`, so compile time stays flat in the trip count. `s2s.jit(f,
# unroll=N)` sets it for one function.
UNROLL = contextvars.ContextVar("s2s_unroll", default=32)

# A `while` on a traced condition that records a tape (reverse mode) keeps at
# most this many steps; more is an error when it runs. `s2s.jit(f, max_steps=N)`.
MAX_STEPS = contextvars.ContextVar("s2s_max_steps", default=1000)


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


def _pack(out, n):
    """What a branch or body returned, as a tuple of its n values."""
    return (out,) if n == 1 else (() if n == 0 else tuple(out))


def _unpack(values):
    return values[0] if len(values) == 1 else (None if not values else tuple(values))


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


def _python_leaves(tree):
    """{key path: value} of the Python numbers and bools among `tree`'s leaves."""
    return {path: v for path, v in jax.tree_util.tree_flatten_with_path(tree)[0]
            if type(v) in (bool, int, float)}


def _alike(mine, other, other_nones):
    """The Python values of `mine` (path -> value) that `other` gives alike or
    leaves None at."""
    return {path: v for path, v in mine.items() if path in other_nones or (
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


def _without(tree, slots):
    """`tree` with its leaves at `slots` (key paths) taken out, as None."""
    if not slots:
        return tree
    return jax.tree_util.tree_map_with_path(lambda path, v: None if path in slots else v, tree)


def _with(tree, slots):
    """`tree` (from `_without`) with the values of `slots` back in their places."""
    return jax.tree_util.tree_map_with_path(
        lambda path, v: slots.get(path) if v is None else v, tree, is_leaf=lambda v: v is None)


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
    test, body = _inner(test), _inner(body)
    if any(isinstance(c, list) for c in carry):
        return _while_recording(test, body, carry)
    carry = _stable_carry(lambda c: _pack(body(*c), n), carry, body, "while")
    out = lax.while_loop(lambda c: test(*c), lambda c: _pack(body(*c), n), carry)
    return _unpack(out)


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
    trips = len(range(start, stop, step)) if concrete else \
        jnp.maximum(0, (stop - start + step - (1 if step > 0 else -1)) // step)

    @_inner
    def step_body(k, c):
        return _pack(body(start + k * step, *c), n)

    if not concrete and any(isinstance(c, list) for c in carry):
        return _counted_recording(start, step, trips, body, carry)
    try:
        if concrete and any(isinstance(c, list) and not c for c in carry):
            return _scan_recording(start, step, trips, body, carry)
        carry = _stable_carry(lambda c: step_body(0, c), carry, body, "for")
        out = lax.fori_loop(0, trips, step_body, carry)
    except (jax.errors.ConcretizationTypeError, TypeError, IndexError):
        if not concrete:
            raise
        # The body needs its counter concrete (an index into a Python list) or
        # changes what it carries (a list that grows): unrolled, as Python runs it.
        return _python_for(range(start, stop, step), body, carry)
    return _unpack(out)


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


def _scan_recording(start, step, trips, body, carry):
    """A counted loop whose body appends one item per step to lists that start
    empty (reverse mode's tape): `lax.scan`, with each list its stacked
    outputs (a `Stacked`), so compile time does not grow with the trip count."""
    n = len(carry)
    lists = {j for j, c in enumerate(carry) if isinstance(c, list) and not c}
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
    constants = _constant_slots(lambda c: scan_step(*c)[1], (rest, jnp.asarray(0)),
                                [[] for _ in lists])

    def stripped_step(rest, k):
        rest, new = scan_step(rest, k)
        return rest, tuple(_without(item, slots) for item, slots in zip(new, constants))

    final, items = lax.scan(stripped_step, rest, jnp.arange(trips))
    final, items, slots = iter(final), iter(items), iter(constants)
    return _unpack(tuple(Stacked(next(items), trips, next(slots)) if j in lists
                         else next(final) for j in range(n)))


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
        if isinstance(k, int):
            if k < 0:
                k += self.length
            if not 0 <= k < self.length:
                raise IndexError("list index out of range")
        row = jax.tree_util.tree_map(lambda a: a[k], self.items)
        return _with(row, self.constants) if self.constants else row

    def __iter__(self):
        return (self[k] for k in range(self.length))

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


@helper
def list_length(xs):
    """`len(xs)` in jitted code, where `xs` may be a tape a `while` recorded
    (its length is then traced)."""
    return xs.length if isinstance(xs, Stacked) else len(xs)


def _python_for(steps, body, carry):
    n = len(carry)
    for i in steps:
        carry = _pack(body(i, *carry), n)
    return _unpack(carry)


# -- making what lax carries fit ---------------------------------------------------------------

def _check_scalar_condition(pred, construct):
    shape = jnp.shape(pred)
    if shape != ():
        raise _error(f"the condition of this `{construct}` is an array of shape {shape} under "
                     "jit, not one boolean",
                     "reduce it to one value (jnp.any, jnp.all), or select elementwise with "
                     "jnp.where")


def _stable_carry(step, carry, fn, construct, skip=()):
    """The loop's initial values promoted until one iteration gives back the
    same types (`total = 0` then `total = total + x` carries a float)."""
    carry = tuple(jax.tree_util.tree_map(jnp.asarray, carry))
    for _ in range(4):
        out = jax.eval_shape(step, carry)
        target = _common_types(carry, out, fn, construct, skip)
        promoted = jax.tree_util.tree_map(lambda x, t: x.astype(t.dtype) if x.dtype != t.dtype
                                          else x, carry, target)
        if all(a.dtype == b.dtype for a, b in zip(jax.tree_util.tree_leaves(promoted),
                                                  jax.tree_util.tree_leaves(carry))):
            return promoted
        carry = promoted
    return carry


def _common_types(a, b, fn, construct, skip=()):
    """One ShapeDtypeStruct per leaf that both `a` and `b` fit (same shapes):
    the two branches' results of an `if`, or a loop's values before and
    after one iteration."""
    names = _value_names(fn, construct == "for") if fn is not None else None
    if names is not None:
        names = [name for j, name in enumerate(names) if j not in set(skip)]
    where = ("the two branches of this `if` set", "in one branch", "in the other") \
        if construct == "if" else (f"this `{construct}` loop carries", "before an iteration",
                                   "after it")
    if jax.tree_util.tree_structure(a) != jax.tree_util.tree_structure(b):
        if construct != "if" and _grows(a, b):
            raise _error(f"a list grows in this `{construct}` loop, which runs as a lax loop "
                         "under jit: lax carries values of one fixed shape (in a gradient, "
                         "this is reverse mode's tape of the loop)",
                         "give the loop a fixed trip count (for i in range(n), with a "
                         "static n), or compute this gradient without jit")
        raise _error(f"{where[0]} values of different structures under jit "
                     f"({_describe(names, a, b)})",
                     "give each value the same kind (array, list, None) on every path")
    leaves_a, tree = jax.tree_util.tree_flatten(a)
    leaves_b = jax.tree_util.tree_leaves(b)
    out = []
    for i, (x, y) in enumerate(zip(leaves_a, leaves_b)):
        if jnp.shape(x) != jnp.shape(y):
            name = f"`{names[i]}`" if names and len(names) == len(leaves_a) else \
                f"a value (number {i + 1})"
            raise _error(f"{where[0]} {name} with shape {jnp.shape(x)} {where[1]} and "
                         f"{jnp.shape(y)} {where[2]}: under jit, lax needs one shape",
                         "keep its shape fixed (pad, or preallocate and update with .at[]), "
                         "or mark the argument that decides it static")
        dtype = jnp.promote_types(jnp.result_type(x), jnp.result_type(y))
        out.append(jax.ShapeDtypeStruct(jnp.shape(x), dtype))
    return jax.tree_util.tree_unflatten(tree, out)


def _grows(a, b):
    """Is some list of `a` longer in `b` (`tape = list_append(tape, ...)`)?"""
    def lists(tree):
        return [x for x in jax.tree_util.tree_leaves(
            tree, is_leaf=lambda x: isinstance(x, list)) if isinstance(x, list)]
    return any(len(x) != len(y) for x, y in zip(lists(a), lists(b)))


def _cast_to(fn, target):
    """`fn` with its results made `target`'s dtypes (None: zeros)."""
    def cast(*args):
        return _cast(fn(*args), target)
    return cast


def _cast(out, target):
    if out is None and target is not None:
        return jax.tree_util.tree_map(lambda t: jnp.zeros(t.shape, t.dtype), target)
    if isinstance(target, jax.ShapeDtypeStruct):
        return jnp.asarray(out).astype(target.dtype)
    if isinstance(target, (tuple, list)):
        return type(target)(_cast(o, t) for o, t in zip(out, target))
    return jax.tree_util.tree_map(lambda x, t: jnp.asarray(x).astype(t.dtype), out, target)


def _value_names(fn, counted=False):
    """The names a generated loop body hands on: its parameters (after the
    counter of a counted loop), which it returns in the same order."""
    code = getattr(inspect.unwrap(fn), "__code__", None)
    if code is None:
        return None
    return code.co_varnames[int(counted):code.co_argcount]


def _describe(names, a, b):
    shown = " and ".join(str(jax.tree_util.tree_structure(x)) for x in (a, b))
    return f"{', '.join(names)}: {shown}" if names else shown


def _error(message, hint):
    """An S2SError at the generated line calling the helper (the user's line, via the
    source map)."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename == __file__:
        frame = frame.f_back
    if frame is None:
        return S2SError(message, hint=hint)
    return S2SError(message, frame.f_code.co_filename, frame.f_lineno, hint=hint)
