"""What the probe (s2s/passes/probe.py) records, and the object its
instrumented code calls while it runs under `jax.eval_shape`.

`Info` says what a value is for one example: an array (shape, dtype), a
Python value (a constant of the specialization), or a tree of those.
`Record` keeps, for every statement, what each name it reads and writes
held, and answers the instrumented code's questions (which branches of an
`if` to run, whether a `while` goes on); `RECORDER` is the object that code
calls by the name `__s2s_probe__`.
"""
import contextlib
import copy
import inspect
import threading

import jax
import numpy as np

from .. import frontend, listed_parameters


# -- what a value is, per example ----------------------------------------------------

class Info:
    """An array (shape, dtype), a Python `value`, or a `tree` of Infos. An
    argument's array placed on an Explicit mesh keeps its `sharding`, so that
    the probe sees the layout JAX's own trace would."""

    def __init__(self, kind, shape=None, dtype=None, value=None, children=None, keys=None,
                 container=None, sharding=None):
        self.kind, self.shape, self.dtype, self.value = kind, shape, dtype, value
        self.children, self.keys, self.container = children, keys, container
        self.sharding = sharding

    @property
    def rank(self):
        if self.kind == "array":
            return len(self.shape)
        if self.kind == "value" and isinstance(self.value, (int, float, bool, complex)):
            return 0
        if self.kind == "number":
            return 0
        return None

    def __eq__(self, other):
        return isinstance(other, Info) and self.key() == other.key()

    def key(self):
        if self.kind == "array":
            if self.sharding is not None:
                return ("array", self.shape, str(self.dtype), str(self.sharding.spec))
            return ("array", self.shape, str(self.dtype))
        if self.kind == "value":
            return ("value", type(self.value).__name__, _hashable(self.value))
        if self.kind == "tree":
            return ("tree", self.container.__name__, self.keys,
                    tuple(c.key() for c in self.children))
        return (self.kind,)

    def __hash__(self):
        return hash(self.key())

    def __repr__(self):
        return f"Info{self.key()}"


VARYING = Info("varying")   # seen with different ranks or values
NUMBER = Info("number")     # a Python number whose value changes (a loop counter)
KEY = Info("key")           # a string whose value changes (a dict's key, read in a loop)


# NumPy's random generators: held as they are, each probe drawing from a copy (the
# probe's draws must not advance the user's generator before the real run).
RANDOM_STATES = (np.random.RandomState, np.random.Generator)


def describe(v):
    if isinstance(v, (list, tuple)):
        return Info("tree", container=type(v), children=[describe(e) for e in v])
    if isinstance(v, dict):
        keys = tuple(v)
        return Info("tree", container=dict, keys=keys, children=[describe(v[k]) for k in keys])
    if v is None or type(v) in (int, float, bool, complex, str, slice) or v is Ellipsis \
            or isinstance(v, (type, np.dtype)):   # (jnp.floating: a class, whose `shape` is a descriptor)
        return Info("value", value=v)
    shape = getattr(v, "shape", None)
    if shape is not None and hasattr(v, "dtype"):
        sharding = v.sharding if isinstance(v, jax.ShapeDtypeStruct) else None  # (an argument's)
        return Info("array", shape=tuple(shape), dtype=_dtype(v.dtype), sharding=sharding)
    if _is_object(v):   # (a method's `self`: the same object in every example)
        return Info("value", value=v)
    if isinstance(v, RANDOM_STATES):   # (`rs` of autograd's examples: one generator)
        return Info("value", value=v)
    if callable(v) and (_is_function(v) or _is_leaf(v)):   # (`tree_map(f, tree)`'s f,
        return Info("value", value=v)                       # jnp.tanh: called by the probe)
    node = PytreeNode.of(v)
    if node is not None:   # an Equinox module, a registered dataclass: its children
        children, _ = jax.tree_util.tree_flatten(v, is_leaf=lambda c: c is not v)
        return Info("tree", container=node, children=[describe(c) for c in children])
    return Info("other")


class PytreeNode:
    """The container of a registered pytree node that is not a list, tuple or
    dict (a dataclass, an Equinox module): its type and static fields, which
    rebuild it from its children. One object per kind of node, so that two
    examples' containers are the same (`is`)."""
    _known = {}

    def __init__(self, treedef, cls):
        self.treedef, self.__name__ = treedef, cls.__name__

    @classmethod
    def of(cls, v):
        if isinstance(v, (list, tuple, dict)) or jax.tree_util.all_leaves([v]):
            return None
        try:
            _, treedef = jax.tree_util.tree_flatten(v, is_leaf=lambda c: c is not v)
            return cls._known.setdefault(treedef, cls(treedef, type(v)))
        except (TypeError, ValueError):   # (static fields that cannot be compared)
            return None

    def __call__(self, *children):
        return jax.tree_util.tree_unflatten(self.treedef, children)

    def __repr__(self):
        return f"<pytree node {self.__name__}>"


def _dtype(dtype):
    """NumPy's dtype, or JAX's own where NumPy has none (a typed key's key<fry>)."""
    try:
        return np.dtype(dtype)
    except TypeError:
        return dtype


def _is_object(v):
    """An instance of a user's class that is not a pytree: held as it is."""
    import jax
    cls = type(v)
    return (getattr(cls, "__module__", "builtins") not in ("builtins",)
            and not cls.__module__.startswith(("jax", "jaxlib", "numpy", "s2s"))
            and not (callable(v) and _is_function(v)) and jax.tree_util.all_leaves([v]))


def _is_leaf(v):
    import jax
    return jax.tree_util.all_leaves([v])


def _is_function(v):
    """A function rather than an instance of a class with `__call__`."""
    import functools
    import types
    return isinstance(v, (types.FunctionType, types.MethodType, types.BuiltinFunctionType,
                          functools.partial)) or not hasattr(type(v), "__call__") \
        or isinstance(v, type)


def _slots(entry):
    return entry if isinstance(entry, tuple) else (entry,)


def _fill(entry, known):
    """A tape entry with its None slots filled from `known` (position -> value)."""
    if isinstance(entry, tuple):
        return tuple(known.get(i) if v is None else v for i, v in enumerate(entry))
    return known.get(0) if entry is None else entry


def _hashable(v):
    try:
        hash(v)
        return v
    except TypeError:
        return repr(v)


def merge(a, b):
    if a == b:
        return a
    if a.kind == b.kind == "array" and len(a.shape) == len(b.shape):
        return Info("array", shape=tuple(x if x == y else None for x, y in zip(a.shape, b.shape)),
                    dtype=a.dtype)
    if a.rank == 0 and b.rank == 0:
        arrays = [x for x in (a, b) if x.kind == "array"]
        return arrays[0] if arrays else NUMBER
    if all(x == KEY or (x.kind == "value" and isinstance(x.value, str)) for x in (a, b)):
        return KEY
    if a.kind == b.kind == "tree" and a.container is b.container and a.keys == b.keys \
            and len(a.children) == len(b.children):
        return Info("tree", container=a.container, keys=a.keys,
                    children=[merge(x, y) for x, y in zip(a.children, b.children)])
    if a.kind in ("tree", "list") and b.kind in ("tree", "list") \
            and a.container is b.container is list:
        return Info("list", container=list)   # a list whose length changes (a tape)
    return VARYING


def abstract(info):
    """A stand-in argument for the probe: arrays become ShapeDtypeStructs."""
    if info.kind == "array":
        return jax.ShapeDtypeStruct(info.shape, info.dtype, sharding=info.sharding)
    if info.kind == "tree":
        items = [abstract(c) for c in info.children]
        if info.container is dict:
            return dict(zip(info.keys, items))
        if info.container is list:
            return items
        if hasattr(info.container, "_fields") or isinstance(info.container, PytreeNode):
            return info.container(*items)   # a NamedTuple, a registered node: rebuilt
        return tuple(items)
    if isinstance(info.value, RANDOM_STATES):
        return copy.deepcopy(info.value)
    return info.value


# -- the record ------------------------------------------------------------------------

class Record:
    """What each name held at each statement: (statement id, name, 'in'|'out') -> Info."""

    def __init__(self):
        self.seen = {}
        self.entries = {}    # while id -> passes left in this entry
        self.traced_whiles = set()   # while ids whose condition was traced
        self.traced_ifs = set()      # if ids whose condition was traced (both branches ran)
        self.reached = set()         # ids of the statements that ran
        self.tape_values = {}        # list name -> {slot position: a value saved there}
        self.holes = {}              # id -> tape entry with None slots still unfilled

    def see(self, sid, when, values):
        self.reached.add(sid)
        for name, v in values.items():
            info = describe(v)
            key = (sid, name, when)
            old = self.seen.get(key)
            self.seen[key] = info if old is None else merge(old, info)

    def info(self, sid, name, when="in"):
        return self.seen.get((sid, name, when))

    # The instrumented code asks these about its conditions.
    def branch(self, sid, test):
        if isinstance(test, jax.core.Tracer):
            self.traced_ifs.add(sid)
            return "both"
        return "then" if test else "else"

    def enter(self, sid):
        self.entries[sid] = 2

    def raising(self, sid, choices, whiles):
        """Whether a `raise` runs: not where the probe runs a branch (or loop
        body) only because its condition was traced."""
        return all(c != "both" for c in choices) and \
            not any(w in self.traced_whiles for w in whiles)

    @staticmethod
    def user_raised(exc):
        """The user's own exception, marked so that it reaches the user as it is."""
        if isinstance(exc, type) and issubclass(exc, BaseException):
            exc = exc()
        if isinstance(exc, BaseException):
            exc.__s2s_user_raise__ = True
        return exc

    @staticmethod
    def extremum(kind, *args):
        """Python's `max(a, b)` / `min(a, b)`: element-wise once a value is
        traced (the batch rule writes jnp.maximum; its shape is what counts);
        `max(xs)` of a traced array: an item's shape."""
        if any(isinstance(a, jax.core.Tracer) for a in args):
            if len(args) == 1:
                return (jax.numpy.max if kind == "max" else jax.numpy.min)(args[0], axis=0)
            return (jax.numpy.maximum if kind == "max" else jax.numpy.minimum)(*args)
        return max(*args) if kind == "max" else min(*args)

    @staticmethod
    def logical(op, *values):
        """`a and b` / `a or b`: element-wise once a value is traced."""
        if any(isinstance(v, jax.core.Tracer) for v in values):
            combine = jax.numpy.logical_and if op == "and" else jax.numpy.logical_or
            out = values[0]
            for v in values[1:]:
                out = combine(out, v)
            return out
        out = values[0]
        for v in values[1:]:
            out = (out and v) if op == "and" else (out or v)
        return out

    @staticmethod
    def placeholder(choice, current):
        """`t = None` under an `if` whose branches both run: the value the other
        branch gave `t`, if it has run."""
        return current if choice == "both" else None

    def list_append(self, choice, name, items, entry):
        """`items = list_append(items, entry)` under an `if`. Where both branches
        run, a None in a tuple entry is a tape's slot for a value only the other
        branch saves (reverse mode's `tape.append((lt, None))` on the path that
        breaks): it gets that value from the other branch's entry, appended
        before or after, so that the pullback, which runs both branches of the
        same test on that entry, sees a value there."""
        if choice != "both":
            return items + [entry]
        known = self.tape_values.setdefault(name, {})
        for i, v in enumerate(_slots(entry)):
            if v is not None:
                known[i] = v
        out = []
        for e in list(items) + [entry]:
            if e is entry or id(e) in self.holes:
                self.holes.pop(id(e), None)
                e = _fill(e, known)
                if any(v is None for v in _slots(e)):
                    self.holes[id(e)] = e   # (kept alive: its id stays its own)
            out.append(e)
        return out

    @staticmethod
    def logical_not(value):
        """`not a`: element-wise once the value is traced."""
        if isinstance(value, jax.core.Tracer):
            return jax.numpy.logical_not(value)
        return not value

    def keep_going(self, sid, test):
        if isinstance(test, jax.core.Tracer):
            self.traced_whiles.add(sid)
            self.entries[sid] -= 1
            return self.entries[sid] >= 0
        return bool(test)


_ABSENT = object()   # an attribute the object did not have


class Recorder:
    """The object instrumented code calls: the record of the run in progress,
    and a way to run other functions' probes."""

    def __init__(self, probe_of):
        self._local = threading.local()   # each thread's own stack of records
        self.probe_of = probe_of   # python function -> its probe function

    @property
    def stack(self):
        try:
            return self._local.stack
        except AttributeError:
            self._local.stack = []
            return self._local.stack

    def __getattr__(self, name):   # see / branch / enter / keep_going
        return getattr(self.stack[-1], name)

    @contextlib.contextmanager
    def restoring_attributes(self):
        """The attributes the probe sets (set_attribute) as they were before,
        once the outermost probe ends: the user's objects see the real run's
        effects only."""
        outermost = getattr(self._local, "saved", None) is None
        if outermost:
            self._local.saved = {}
        try:
            yield
        finally:
            if outermost:
                saved, self._local.saved = self._local.saved, None
                for (obj, name), old in saved.values():
                    if old is _ABSENT:
                        delattr(obj, name)
                    else:
                        setattr(obj, name, old)

    def set_attribute(self, obj, name, value):
        saved, key = getattr(self._local, "saved", None), (id(obj), name)
        if saved is not None and key not in saved:   # (the first value is the one to restore)
            saved[key] = ((obj, name), getattr(obj, name, _ABSENT))
        setattr(obj, name, value)

    def call(self, fn, *args, **kwargs):
        """A user function called from probed code runs its own probe."""
        if getattr(type(fn), "__s2s_shape_specialized__", False):
            fn = fn.function_for(args)   # vmap(g): the batched code for these shapes
        if getattr(fn, "__s2s_at_call__", False):
            return fn(*args, **kwargs)   # (picks its code for these shapes, then runs it)
        fn = listed_parameters.twin(frontend.python_function(fn), len(args), kwargs,
                                    type(args[0]) if args else None)   # (a method: self's class)
        probe = self.probe_of(fn)
        bound = inspect.signature(fn).bind(*args, **kwargs)
        bound.apply_defaults()   # the probe's def carries no defaults
        args, kwargs = bound.args, bound.kwargs
        self.stack.append(Record())
        try:
            return probe(*args, **kwargs)
        finally:
            self.stack.pop()


RECORDER = Recorder(probe_of=None)   # s2s/vectorize.py gives it the way to callees' probes
