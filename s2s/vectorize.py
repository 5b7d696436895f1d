"""`s2s.vmap`: JAX's vmap semantics, built by rewriting the function's source.

At the boundary every mapped argument has its batch axis moved to the front
(and a partly mapped pytree has its unmapped leaves broadcast), so generated
code sees the batch axis first; outputs are moved to `out_axes` on the way out.
The generated code is specialized on one example's shapes (like `jax.jit` on
argument shapes): it is built on the first call with each combination of
per-example shapes and dtypes, then reused.
"""
import contextlib
import contextvars
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec

from . import api, backend, driver, errors, frontend, locks, pipeline, transforms
from .errors import S2SError
from .passes import probe
from .pipeline import BatchOptions
from .runtime_linalg import explicit_sharding

# -- building ----------------------------------------------------------------------------


def get_batched(fn, mask, signature, axis_name=None, axis_size=None, spmd_axis_name=None,
                returned_item=None):
    """The generated batched version of `fn`: `mask[i]` says whether parameter i
    carries a batch axis (first); `signature` is one example's Info per parameter;
    `axis_name` names the batch axis for collectives (`lax.psum(x, axis_name)`),
    whose code is built for the batch size (`lax.all_gather` has its shape);
    `spmd_axis_name` is the mesh axis the batch is sharded over; `returned_item`:
    only that item of the tuple `fn` returns is returned (and computed)."""
    return driver.build(transforms.VMAP, fn, BatchOptions(
        tuple(mask), tuple(signature), axis_name,
        axis_size if axis_name is not None else None, spmd_axis_name, ENCLOSING_AXES.get(),
        returned_item))


# (axis_name, size) of each named s2s.vmap whose function is being built: a
# transformation built for it (the Jacobian's own vmap) sees its axes, as
# jax.vmap's trace does (`lax.psum(x, "batch")` in a Jacobian of a vmapped loss).
ENCLOSING_AXES = contextvars.ContextVar("s2s_enclosing_axes", default=())


@contextlib.contextmanager
def _named_axis(name, size):
    if name is None:
        yield
        return
    token = ENCLOSING_AXES.set(ENCLOSING_AXES.get() + ((name, size),))
    try:
        yield
    finally:
        ENCLOSING_AXES.reset(token)


def _prepared(fn, signature=None, enclosing=()):
    """(ctx, tree): `fn` as the probe and the batch pass start from it."""
    return driver.run_passes(fn, transforms.VMAP, BatchOptions(None, signature,
                                                               enclosing=enclosing),
                             transforms.BATCH_PREP)


_PROBES = weakref.WeakKeyDictionary()   # python function -> (its code, its compiled probe)


@locks.building
def _probe_of(fn):
    """The probe of a function probed code calls (it records into its own Record)."""
    fn = frontend.python_function(fn)
    kept = _PROBES.get(fn)
    if kept is None or kept[0] is not fn.__code__:
        ctx, tree = _prepared(fn)
        kept = _PROBES[fn] = (fn.__code__, probe.compile_probe(tree, ctx))
    return kept[1]


probe.RECORDER.probe_of = _probe_of


_OUTPUTS = weakref.WeakKeyDictionary()   # python function -> {(code, signature): output}


def forget_probes():
    _PROBES.clear()
    _OUTPUTS.clear()


@locks.building
def output_shape(fn, signature):
    """What `fn` returns (ShapeDtypeStructs) for arguments described by
    `signature` (inside the named vmaps being built: ENCLOSING_AXES)."""
    fn = frontend.python_function(fn)
    enclosing = ENCLOSING_AXES.get()
    key = (fn.__code__, signature, enclosing)
    outputs = _OUTPUTS.setdefault(fn, {})
    if key not in outputs:
        ctx, tree = _prepared(fn, signature, enclosing)
        probe.run(tree, ctx)
        outputs[key] = ctx.facts["output"]
    return outputs[key]


# -- the public API --------------------------------------------------------------------------


@pipeline.factory
def vmap(fun, in_axes=0, out_axes=0, axis_name=None, axis_size=None, spmd_axis_name=None):
    """Vectorize `fun` over a batch axis, as `jax.vmap`: by rewriting its source
    into code that computes the whole batch at once (`s2s.source(vmap(f))`).

    Unlike jax.vmap, an `if` or `while` whose condition differs between
    examples works: both branches run and each example keeps its own (a
    `while` runs until every example is done). `axis_name` names the batch
    axis for the collectives the function calls: `lax.psum(x, axis_name)` sums
    over the examples (also pmean, pmax, pmin, all_gather, psum_scatter,
    axis_index), as under jax.vmap, and so do their derivatives.
    `spmd_axis_name` names the mesh axis the batch is sharded over, as in
    jax.vmap (a `with_sharding_constraint` inside shards the batch over it).
    """
    if not (in_axes is None or isinstance(in_axes, (int, tuple, list, dict))):
        raise TypeError(f"vmap in_axes must be an int, None, or a tuple of entries "
                        f"corresponding to the positional arguments passed to the function, "
                        f"but got {in_axes}.")
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)   # as JAX: a list is a tuple of per-argument axes
    return pipeline.keep_compiled(fun, lambda f: Vmapped(f, in_axes, out_axes, axis_size,
                                                         axis_name, spmd_axis_name))




class Vmapped(pipeline.Transformation):
    """`vmap(fun)`: callable as JAX's, printable with `s2s.source`."""

    __s2s_shape_specialized__ = True   # other transformations choose its code per call

    def __init__(self, fun, in_axes, out_axes, axis_size, axis_name=None, spmd_axis_name=None):
        self.fun, self.in_axes, self.out_axes, self.axis_size = fun, in_axes, out_axes, axis_size
        self.axis_name, self.spmd_axis_name = axis_name, spmd_axis_name
        self.last = None
        self.last_axes = None   # the last built call: (each argument's batch axis, how many passed)
        self._last_call = None   # _LastBatch: the last call's specialization, for a repeat
        name = getattr(fun, "__name__", "function")
        self.__name__ = f"vmap_{name}"
        self.__qualname__ = self.__name__
        self.__doc__ = getattr(fun, "__doc__", None)

    def __repr__(self):
        return f"<s2s.vmap of {getattr(self.fun, '__qualname__', self.fun)!r}>"

    def __call__(self, *args, **kwargs):
        last = self._last_call
        if last is not None and not kwargs and last.matches(args) and last.gen.is_current():
            try:   # a repeat of the last call's shapes and dtypes: no re-validation
                return last.gen.function(*args)
            except jax.errors.TracerBoolConversionError as e:
                raise _traced_test(e) from e
            except Exception as e:
                errors.note_origin(e)
                raise
        nargs = len(args)
        args, in_axes = self.positional(args, kwargs)
        axes = _axes_per_argument(in_axes, args)
        size = _batch_size(args, axes, self.axis_size)
        if self.axis_name is not None and all(ax is None for ax in axes):
            args, axes = _broadcast_arrays(args, size)   # (lax.axis_index differs)
        moved, mask, signature = [], [], []
        for a, ax in zip(args, axes):
            m, sig, is_batched = _to_front(a, ax, size)
            moved.append(m)
            mask.append(is_batched)
            signature.append(sig)
        if not any(mask):   # nothing mapped: one call, broadcast (as JAX does)
            out = self.fun(*args)
            return _place_outputs(_broadcast(out, size), self.out_axes, batched=False)
        gen = self.last = self.batched(tuple(mask), tuple(signature), size)
        self.last_axes = (tuple(axes), nargs)
        self._last_call = _LastBatch.of(self, gen, args, axes) \
            if not kwargs and len(args) == nargs else None
        try:
            out = gen.function(*moved)
        except jax.errors.TracerBoolConversionError as e:
            raise _traced_test(e) from e
        except Exception as e:
            errors.note_origin(e)
            raise
        return _place_outputs(out, self.out_axes, batched=gen.facts["output_batched"])

    def batched(self, mask, signature, size):
        """The generated code for one example's `signature` in a batch of
        `size`: what it transforms (the function, or a transformation's code)
        is built inside this vmap's named axis."""
        with _named_axis(self.axis_name, size):
            target = _target_function(self.fun, signature)
        return get_batched(target, mask, signature, self.axis_name, size, self.spmd_axis_name)

    def positional(self, args, kwargs):
        """Keyword arguments are mapped over axis 0 (as in JAX); parameters left
        to their defaults are unmapped constants."""
        fn = frontend.python_function(_plain(self.fun))
        names, defaults = frontend.parameters(fn)
        in_axes = self.in_axes
        if kwargs or len(args) < len(names):
            if not isinstance(in_axes, tuple):
                in_axes = (in_axes,) * len(args)
            elif len(in_axes) != len(args):
                _axes_per_argument(in_axes, args)   # JAX's error
            args, in_axes = list(args), list(in_axes)
            for name in names[len(args):]:
                if name in kwargs:
                    args.append(kwargs.pop(name))
                    in_axes.append(0)
                elif name in defaults:
                    args.append(defaults[name])
                    in_axes.append(None)
                else:
                    raise TypeError(f"{fn.__name__}() missing required argument '{name}'")
            if kwargs:
                raise TypeError(f"{fn.__name__}() got an unexpected keyword argument "
                                f"'{next(iter(kwargs))}'")
            in_axes = tuple(in_axes)
        return tuple(args), in_axes

    def generated(self, example_args=None):
        """The generated code for `example_args` (arrays with their batch axes),
        else the code the last call used."""
        if example_args is not None:
            example_args, in_axes = self.positional(tuple(example_args), {})
            axes = _axes_per_argument(in_axes, example_args)
            size = _batch_size(example_args, axes, self.axis_size)
            prepared = [_to_front(a, ax, size) for a, ax in zip(example_args, axes)]
            mask = tuple(p[2] for p in prepared)
            signature = tuple(p[1] for p in prepared)
            return self.batched(mask, signature, size)
        if self.last is None:
            raise S2SError("s2s.vmap builds its code for the shapes of the first call",
                           hint="call it once, or pass example_args to s2s.source")
        return self.last

    def specialize(self, signature):
        """For a transformation of this vmap: a generated function with this
        vmap's semantics, for arguments (batch axes where in_axes puts them)
        described by `signature`. Axes other than 0 are moved in a small
        generated wrapper (`x_batch = jnp.moveaxis(x, 1, 0)`), so it too is
        source that s2s can transform again."""
        axes = _axes_per_argument(self.in_axes, [probe.abstract(s) for s in signature])
        if any(not (ax is None or isinstance(ax, int)) for ax in axes) or not (
                self.out_axes is None or isinstance(self.out_axes, int)) or any(
                ax not in (None, 0) and s.kind != "array" for ax, s in zip(axes, signature)):
            raise S2SError("s2s can transform a vmap further only when its in_axes and "
                           "out_axes are integers or None, per array argument",
                           hint="use in_axes=0 for lists and dicts")
        mask = tuple(ax is not None for ax in axes)
        inner = tuple(_drop_axis(s, ax) if ax is not None else s
                      for s, ax in zip(signature, axes))
        gen = self.batched(mask, inner, _size_in(signature, axes))
        moves = [ax not in (None, 0) and ax % len(s.shape) != 0
                 for ax, s in zip(axes, signature)]
        if not any(moves) and self.out_axes == 0:
            return gen.function
        return _axes_wrapper(gen, axes, moves, self.out_axes)

    def function_for(self, args):
        """The generated function that computes this vmap for `args` (called
        with them as they are: in_axes must be 0 or None)."""
        return self.specialize(tuple(probe.describe(jax.tree_util.tree_map(
            lambda x: jax.ShapeDtypeStruct(np.shape(x), jnp.result_type(x),
                                           sharding=_explicit_sharding(x)), a)) for a in args))


class _LastBatch:
    """What a call of a vmap was specialized on, kept so that a repeat does no
    re-validation beyond comparing a key: each argument's exact array type,
    shape and dtype. Kept only where the call's arguments go to the generated
    code as they are: JAX arrays, each mapped over axis 0 or not at all, the
    output's batch axis first (out_axes=0), the function not a transformation."""
    __slots__ = ("gen", "keys")

    @classmethod
    def of(cls, vmapped, gen, args, axes):
        if isinstance(vmapped.fun, pipeline.Transformation) or vmapped.out_axes != 0 or any(
                type(a) is not api._JAX_ARRAY or ax not in (0, None)
                for a, ax in zip(args, axes)):
            return None
        last = cls()
        last.gen, last.keys = gen, tuple((a.shape, a.dtype) for a in args)
        return last

    def matches(self, args):
        if len(args) != len(self.keys):
            return False
        for a, (shape, dtype) in zip(args, self.keys):
            if type(a) is not api._JAX_ARRAY or a.shape != shape or a.dtype != dtype:
                return False
        return True


def _plain(fun):
    """The user's function under a transformation object (for its signature)."""
    while isinstance(fun, pipeline.Transformation):
        fun = fun.fun
    return fun


def _drop_axis(info, axis):
    """One example's Info: `info` without its batch axis."""
    if info.kind == "array":
        shape = list(info.shape)
        del shape[axis % len(shape)]
        return probe.Info("array", shape=tuple(shape), dtype=info.dtype,
                          sharding=_without_entry(info.sharding, axis % len(info.shape)))
    return _drop_front(info)


def _without_entry(sharding, axis):
    """A sharding without its spec's entry for `axis` (None stays None)."""
    if sharding is None:
        return None
    spec = list(sharding.spec) + [None] * (axis + 1 - len(sharding.spec))
    del spec[axis]
    return NamedSharding(sharding.mesh, PartitionSpec(*spec))


def _axes_wrapper(gen, axes, moves, out_axes):
    """A generated function taking the batch axes where in_axes says and
    returning it where out_axes says, around `gen` (batch axes first)."""
    code = gen.function.__code__
    names = list(code.co_varnames[:code.co_argcount])
    lines, call_args = [], []
    for name, ax, move in zip(names, axes, moves):
        if move:
            lines.append(f"    {name}_front = jnp.moveaxis({name}, {ax}, 0)")
            call_args.append(f"{name}_front")
        else:
            call_args.append(name)
    out = f"{gen.name}({', '.join(call_args)})"
    if out_axes is None:
        out = f"{out}[0]"
    elif out_axes != 0:
        out = f"jnp.moveaxis({out}, 0, {out_axes})"
    name = gen.name + "_axes"
    text = f"def {name}({', '.join(names)}):\n" + "\n".join(lines + [f"    return {out}"]) + "\n"
    cells = {"jnp": backend.cell(jnp), gen.name: gen.cell}
    return backend.compile_function(text, name, {}, cells)


def _size_in(signature, axes):
    """The batch size of arguments described by `signature`, their batch axes at `axes`."""
    for s, ax in zip(signature, axes):
        if ax is not None:
            leaves = jax.tree_util.tree_leaves(probe.abstract(s))
            if leaves:
                return leaves[0].shape[ax if s.kind == "array" else 0]
    return None


def _drop_front(info):
    if info.kind == "array":
        return probe.Info("array", shape=info.shape[1:], dtype=info.dtype,
                          sharding=_without_entry(info.sharding, 0))
    if info.kind == "tree":
        return probe.Info("tree", container=info.container, keys=info.keys,
                          children=[_drop_front(c) for c in info.children])
    return info


def _target_function(fun, signature):
    """The Python function to batch: the user's, or generated code for a
    transformation of it (grad, vmap, ...) at these argument kinds."""
    if isinstance(fun, api.Transformed):   # its gradient, with callees in line
        return fun.generated([probe.abstract(s) for s in signature], flat=True).function
    if isinstance(fun, Vmapped):
        return fun.specialize(signature)
    if hasattr(fun, "program_for"):   # a Jacobian: its program, generated code
        return fun.program_for([probe.abstract(s) for s in signature]).function
    return fun


def _axes_per_argument(in_axes, args):
    if isinstance(in_axes, (tuple,)):
        if len(in_axes) != len(args):
            raise ValueError(f"vmap in_axes must be an int, None, or a tuple of entries "
                             f"corresponding to the positional arguments passed to the "
                             f"function, but got len(in_axes)={len(in_axes)}, "
                             f"len(args)={len(args)}")
        return list(in_axes)
    if isinstance(in_axes, dict):
        raise ValueError("vmap in_axes must be an int, None, or a tuple of entries "
                         "corresponding to the positional arguments passed to the function, "
                         f"but got {in_axes}.")
    return [in_axes] * len(args)


def _leaves_with_axes(arg, axes, where="argument"):
    """[(leaf, axis)] for `arg`, with `axes` a prefix of its tree (int or None leaves)."""
    if axes is None or isinstance(axes, int):
        return [(leaf, axes) for leaf in jax.tree_util.tree_leaves(arg)]
    if isinstance(axes, dict) and isinstance(arg, dict) and set(axes) == set(arg):
        return [pair for k in sorted(arg) for pair in _leaves_with_axes(arg[k], axes[k])]
    if isinstance(axes, (tuple, list)) and isinstance(arg, (tuple, list)) \
            and len(axes) == len(arg):
        return [pair for a, x in zip(arg, axes) for pair in _leaves_with_axes(a, x)]
    raise ValueError(f"vmap in_axes specification must be a tree prefix of the corresponding "
                     f"value, got specification {axes} for value tree "
                     f"{jax.tree_util.tree_structure(arg)}.")


def _batch_size(args, axes, axis_size):
    sizes = []
    for i, (a, ax) in enumerate(zip(args, axes)):
        for leaf, leaf_ax in _leaves_with_axes(a, ax):
            if leaf_ax is None:
                continue
            shape = np.shape(leaf)
            if not -len(shape) <= leaf_ax < len(shape):
                raise ValueError(f"vmap was requested to map its argument along axis "
                                 f"{leaf_ax}, which implies that its rank should be at least "
                                 f"{leaf_ax + 1 if leaf_ax >= 0 else -leaf_ax}, but is only "
                                 f"{len(shape)} (its shape is {shape})")
            sizes.append((i, shape[leaf_ax], leaf_ax, shape))
    if not sizes:
        if axis_size is None:
            raise ValueError("vmap must have at least one non-None value in in_axes")
        return axis_size
    distinct = {s for _, s, _, _ in sizes}
    if axis_size is not None:
        distinct.add(axis_size)
    if len(distinct) > 1:
        lines = [f"  * argument {i} has shape {shape} and axis {ax} is to be mapped"
                 for i, _, ax, shape in sizes]
        raise ValueError("vmap got inconsistent sizes for array axes to be mapped:\n"
                         + "\n".join(lines)
                         + (f"\n  * axis_size is {axis_size}" if axis_size is not None else ""))
    return distinct.pop()


def _numpy_as_jax(x):
    """A NumPy array as jax.vmap sees it: a JAX array (of JAX's dtype: int32
    for NumPy's int64 unless x64 is on; `x.at[...]` works; jnp arithmetic)."""
    return jnp.asarray(x) if isinstance(x, (np.ndarray, np.generic)) else x


def _to_front(arg, axes, size):
    """(the argument with its batch axes first, one example's Info, batched?)."""
    pairs = _leaves_with_axes(arg, axes)
    if all(ax is None for _, ax in pairs):
        arg = jax.tree_util.tree_map(_numpy_as_jax, arg)
        return arg, _example_info(arg), False
    leaves, treedef = jax.tree_util.tree_flatten(arg)
    if isinstance(axes, int) or axes is None:
        axes_leaves = [axes] * len(leaves)
    else:
        axes_leaves = [ax for _, ax in pairs]
    moved = []
    for leaf, ax in zip(leaves, axes_leaves):
        leaf = jnp.asarray(leaf) if not hasattr(leaf, "shape") else _numpy_as_jax(leaf)
        if ax is None:
            moved.append(jnp.broadcast_to(leaf, (size,) + jnp.shape(leaf)))
        elif ax % leaf.ndim == 0:
            moved.append(leaf)
        else:
            moved.append(jnp.moveaxis(leaf, ax, 0))
    moved = jax.tree_util.tree_unflatten(treedef, moved)
    example = jax.tree_util.tree_map(lambda x: jax.ShapeDtypeStruct(
        x.shape[1:], x.dtype, sharding=_explicit_sharding(x, drop_first=True)), moved)
    return moved, probe.describe(example), True


def _example_info(arg):
    """One example's Info for an unmapped argument: Python ints, bools and
    None are constants of the specialization; floats and arrays are not."""
    def abstract(x):
        if isinstance(x, float):
            return jax.ShapeDtypeStruct((), jnp.result_type(float))
        if hasattr(x, "shape") and hasattr(x, "dtype"):
            return jax.ShapeDtypeStruct(np.shape(x), x.dtype, sharding=_explicit_sharding(x))
        return x
    return probe.describe(jax.tree_util.tree_map(abstract, arg))


def _explicit_sharding(x, drop_first=False):
    """x's layout on an Explicit mesh (one example's, without the batch axis's
    entry, where `drop_first`), which the probe's stand-in must have for
    `with_sharding_constraint` to hold as under jax.vmap; None elsewhere."""
    sharding = explicit_sharding(x) if isinstance(x, jax.Array) else None
    if not isinstance(sharding, NamedSharding):
        return None
    return _without_entry(sharding, 0) if drop_first else sharding


def _broadcast_arrays(args, size):
    """Every argument holding arrays or floats given a batch of `size` copies
    (axis 0); the others (ints, shapes, None) stay unmapped constants."""
    out, axes = [], []
    for a in args:
        leaves = jax.tree_util.tree_leaves(a)
        mapped = bool(leaves) and all(isinstance(v, float) or hasattr(v, "dtype")
                                      for v in leaves)
        out.append(_broadcast(a, size) if mapped else a)
        axes.append(0 if mapped else None)
    return tuple(out), axes


def _broadcast(out, size):
    return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (size,) + jnp.shape(x)), out)


def _place_outputs(out, out_axes, batched):
    """Move each output leaf's batch axis (first) to where out_axes says."""
    def place(leaf, ax, leaf_batched):
        if ax is None:
            if leaf_batched:
                raise ValueError("vmap has mapped output but out_axes is None")
            return leaf[0]
        return leaf if ax == 0 else jnp.moveaxis(leaf, 0, ax)

    if isinstance(batched, tuple) and isinstance(out, tuple) and len(batched) == len(out) \
            and isinstance(out_axes, (tuple, list)) and len(out_axes) == len(out):
        return tuple(_place_outputs(o, a, b) for o, a, b in zip(out, out_axes, batched))
    leaf_batched = bool(batched) if not isinstance(batched, tuple) else True
    if out_axes is None or isinstance(out_axes, int):
        return jax.tree_util.tree_map(lambda leaf: place(leaf, out_axes, leaf_batched), out)
    return _map_prefix(lambda leaf, ax: place(leaf, ax, leaf_batched), out_axes, out)


def _map_prefix(f, axes, tree):
    if axes is None or isinstance(axes, int):
        return jax.tree_util.tree_map(lambda leaf: f(leaf, axes), tree)
    if isinstance(axes, dict) and isinstance(tree, dict) and set(axes) == set(tree):
        return {k: _map_prefix(f, axes[k], tree[k]) for k in tree}
    if isinstance(axes, (tuple, list)) and isinstance(tree, (tuple, list)) \
            and len(axes) == len(tree):
        return type(tree)(_map_prefix(f, a, t) for a, t in zip(axes, tree))
    raise ValueError(f"vmap out_axes specification must be a tree prefix of the "
                     f"corresponding value, got specification {axes} for value tree "
                     f"{jax.tree_util.tree_structure(tree)}.")


def _traced_test(e):
    """A batched `while` (a Python loop on `jnp.any(...)`) or a test on a
    shape-free value, run under jax.jit: jax.jit traces the test."""
    return errors.at_origin(
        e, "this test decides a Python loop or branch in s2s.vmap's code, and jax.jit traces "
           "it, so Python cannot decide it",
        "use s2s.jit(s2s.vmap(f)), which makes the loop a lax.while_loop (or call "
        "s2s.vmap(f) without jax.jit)")
