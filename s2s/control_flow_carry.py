"""What lax carries, made to fit: the values the branches of an `if` or the
iterations of a loop hand on, for the helpers of s2s/control_flow.py.

A branch's or body's results as a tuple (`_pack`) and back; the leaves kept as
Python values out of lax (`_without`, `_with`); the initial values promoted
until one iteration gives back the same types (`_stable_carry`), the two
branches' results brought to one type each (`_common_types`, `_cast_to`); and
what cannot be made to fit (a shape that changes from one iteration to the
next) as an `S2SError` at the user's line (`_error`).
"""
import inspect
import os
import sys

import jax
import jax.numpy as jnp

from .errors import S2SError


def _pack(out, n):
    """What a branch or body returned, as a tuple of its n values."""
    return (out,) if n == 1 else (() if n == 0 else tuple(out))


def _unpack(values):
    return values[0] if len(values) == 1 else (None if not values else tuple(values))


def _python_leaves(tree):
    """{key path: value} of the Python numbers and bools among `tree`'s leaves."""
    return {path: v for path, v in jax.tree_util.tree_flatten_with_path(tree)[0]
            if type(v) in (bool, int, float)}


def _without(tree, slots):
    """`tree` with its leaves at `slots` (key paths) taken out, as None."""
    if not slots:
        return tree
    return jax.tree_util.tree_map_with_path(lambda path, v: None if path in slots else v, tree)


def _with(tree, slots):
    """`tree` (from `_without`) with the values of `slots` back in their places."""
    return jax.tree_util.tree_map_with_path(
        lambda path, v: slots.get(path) if v is None else v, tree, is_leaf=lambda v: v is None)


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


# The name the structure pass gives a loop's returned value (s2s/passes/structure.py).
RETURNED_VALUE = "returned_value"


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


# The control-flow runtime's files (s2s/control_flow.py and the two it is split
# into): an error skips their frames to reach the generated line.
_RUNTIME_FILES = {os.path.join(os.path.dirname(__file__), name) for name in
                  ("control_flow.py", "control_flow_tapes.py", "control_flow_carry.py")}


def _error(message, hint):
    """An S2SError at the generated line calling the helper (the user's line, via the
    source map)."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename in _RUNTIME_FILES:
        frame = frame.f_back
    if frame is None:
        return S2SError(message, hint=hint)
    return S2SError(message, frame.f_code.co_filename, frame.f_lineno, hint=hint)
