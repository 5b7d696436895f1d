"""Transformations: build generated functions, cache them, and call them with
JAX's signatures and semantics."""
import copy
import os

import gast
import jax
import jax.numpy as jnp
import numpy as np

from . import backend, frontend, runtime
from .errors import S2SError, Source
from .names import Namer, names_in
from .passes import PIPELINES
from .passes import forward, inline, reverse, simplify, ssa, structure
from .template import JNP

RUNTIME_NAMES = ("zeros_like", "add_at", "max_weights", "min_weights", "prod_others", "unbroadcast", "list_append",
                 "zip_length", "grad_seed", "tree_add", "tree_zeros_like",
                 "getitem_cotangent", "reduced_shape", "inverse_permutation", "dot_axes",
                 "inner_axes", "tensordot_cotangent_axes", "matmul_shapes", "kron_shapes",
                 "split_like", "unstack_like", "tensordot_cotangent_a", "tensordot_cotangent_b",
                 "dot_cotangent_a", "dot_cotangent_b", "inner_cotangent_a", "inner_cotangent_b",
                 "matmul_cotangent_a", "matmul_cotangent_b", "kron_cotangent_a",
                 "kron_cotangent_b", "broadcast_tree", "where_tree", "batch_size_of",
                 "unbroadcast_batched", "set_item", "set_item_cotangent", "list_concat",
                 "list_repeat", "list_repeat_cotangent", "dict_keys", "tie_share")


class _WithRuntime(frontend.Namespace):
    """The user's namespace, plus the helpers s2s's generated code calls."""

    def __init__(self, ns):
        super().__init__(ns.globals, ns.cells)

    def lookup(self, name):
        if name in RUNTIME_NAMES:
            return getattr(runtime, name)
        return super().lookup(name)


class Generated:
    """One generated function: its source, the program after each stage, and
    the closure cell through which other generated code calls it."""

    def __init__(self, fn, transform, mask):
        self.fn, self.transform, self.mask = fn, transform, mask
        self.cell = backend.cell(empty=True)
        self.function = None
        self.source = None
        self._stages = None  # (stage name, source text), printed only when asked for
        self.rebuild = None  # builds a fresh Generated like this one (to record its stages)
        self.name = None
        self.globals_seen = []   # (globals dict, name, object): the callees it was built for
        self.callees = []        # other Generated it calls

    @property
    def stages(self):
        """[(stage name, source text)]: the program after every pass. Printing
        a program costs about as much as the pass that made it, so builds do not
        print their stages; the first time they are asked for, the same build
        runs again with recording on."""
        if self._stages is None:
            fresh = Generated(self.fn, self.transform, self.mask)
            with recording():
                self.rebuild(fresh)
            self._stages = fresh._stages
        return self._stages

    def is_current(self, seen=None):
        """False once the user rebinds a global function this code calls."""
        seen = set() if seen is None else seen
        if id(self) in seen:
            return True
        seen.add(id(self))
        return (all(d.get(name, obj) is obj for d, name, obj in self.globals_seen)
                and all(c.is_current(seen) for c in self.callees))

    def __call__(self, *args):
        return self.function(*args)


class recording:
    """`with recording():` builds record the program after every stage."""
    on = False

    def __enter__(self):
        self.was, recording.on = recording.on, True

    def __exit__(self, *exc):
        recording.on = self.was


def record_stage(stages, stage, tree, filename):
    if recording.on:
        stages.append((stage, backend.to_source(tree, filename)))


_CACHE = {}          # (function, transform, mask) -> Generated
_BY_FUNCTION = {}    # generated function object -> Generated


class _Parsed:
    """The user function after the transformation-independent stages."""

    def __init__(self, fn):
        self.fn = fn
        parsed = frontend.parse_function(fn)
        self.ns = _WithRuntime(parsed.namespace)
        self.source = Source(parsed.filename)
        self.filename = parsed.filename
        self.stages = []
        tree = parsed.tree
        self.record("source", tree)
        for stage, run in PIPELINES["common"]:
            self.tree = tree
            tree = run(tree, self)
            self.record(stage, tree)
        self.tree = tree

    def record(self, stage, tree):
        record_stage(self.stages, stage, tree, self.filename)

    def namer(self):
        return Namer(names_in(self.tree) | {JNP, "range", "len", "zip", "enumerate"}
                     | set(RUNTIME_NAMES))


_PARSED = {}


def _parsed(fn):
    fn = frontend.python_function(fn)
    p = _PARSED.get(fn)
    if p is None:
        p = _PARSED[fn] = _Parsed(fn)
    return p


def _specialized_at_call(fn, transform, mask):
    """jvp / vjp of a transformation whose code depends on argument shapes
    (`vmap(f)`): a stand-in whose function picks the generated code for the
    shapes of each call, then runs it."""
    key = (fn, transform, mask)
    gen = _CACHE.get(key)
    if gen is None:
        gen = _CACHE[key] = Generated(fn, transform, mask)

        def at_call(*args):
            nargs = len(mask)
            target = fn.function_for(args[:nargs])
            if transform == "jvp":
                return get_jvp(target, mask).function(*args)
            return get_reverse(target, "vjp", mask).function(*args)

        gen.function = at_call
        gen.cell.cell_contents = at_call
        gen._stages = []
    return gen


def get_jvp(fn, mask):
    """The generated jvp of `fn` with the parameters in `mask` active."""
    fn = frontend.python_function(fn)
    if getattr(type(fn), "__s2s_shape_specialized__", False):
        return _specialized_at_call(fn, "jvp", mask)
    key = (fn, "jvp", mask)
    gen = _CACHE.get(key)
    if gen is not None and gen.is_current():
        return gen
    gen = _CACHE[key] = Generated(fn, "jvp", mask)
    gen.rebuild = _build_jvp
    try:
        _build_jvp(gen)
    except BaseException:
        del _CACHE[key]
        raise
    return gen


def _build_jvp(gen):
    p = _parsed(gen.fn)
    namer = p.namer()
    tree = copy.deepcopy(p.tree)
    cells = _base_cells()
    request_callee = callee_requester(gen, p, namer, cells, get_jvp, "_jvp", (gen.mask,))
    params = [a.id for a in tree.args.args]
    active = [a for a, m in zip(params, gen.mask) if m]
    gen.name = namer.fresh(tree.name + "_jvp")
    new = forward.run(tree, active, p.ns, p.source, namer, request_callee, name=gen.name)
    stages = []
    record_stage(stages, "jvp", new, p.filename)
    _finish(gen, p, new, cells, stages)


def get_reverse(fn, mode, kinds, has_aux=False, argnums_int=False, flat=False):
    """The generated reverse-mode function of `fn`: mode is 'vjp', 'grad' or
    'value_and_grad'; kinds[i] is 0 (not differentiated), 1 (an array) or 2
    (a pytree) for parameter i. `flat`: the functions it calls are put in
    line instead of called through their own vjp (so vmap can batch it)."""
    fn = frontend.python_function(fn)
    if getattr(type(fn), "__s2s_shape_specialized__", False) and mode == "vjp":
        return _specialized_at_call(fn, "vjp", kinds)
    key = (fn, mode, kinds, has_aux, argnums_int, flat)
    gen = _CACHE.get(key)
    if gen is not None and gen.is_current():
        return gen
    gen = _CACHE[key] = Generated(fn, mode, kinds)
    gen.rebuild = lambda fresh: _build_reverse(fresh, has_aux, argnums_int, flat)
    try:
        _build_reverse(gen, has_aux, argnums_int, flat)
    except BaseException:
        del _CACHE[key]
        raise
    return gen


def _build_reverse(gen, has_aux, argnums_int, flat=False):
    p = _parsed(gen.fn)
    namer = p.namer()
    tree = copy.deepcopy(p.tree)
    stages = []
    if flat:
        def parse(f):
            other = _parsed(f)
            namer.avoid(names_in(other.tree))
            return other.tree, other.ns
        tree = inline.with_callees(tree, p.ns, parse)
    tree = inline.run(tree, p.source, namer)
    tree = structure.run(tree, p.source, namer)
    record_stage(stages, "structure", tree, p.filename)
    tree = ssa.run(tree, namer)
    record_stage(stages, "ssa", tree, p.filename)
    cells = _base_cells()
    request_callee = callee_requester(
        gen, p, namer, cells, lambda fn, kinds: get_reverse(fn, "vjp", kinds), "_vjp",
        (gen.mask,) if gen.transform == "vjp" else None)   # only a vjp calls itself
    suffix = {"vjp": "_vjp", "grad": "_grad", "value_and_grad": "_value_and_grad",
              "vjp_apply": "_vjp_apply"}[gen.transform]
    gen.name = namer.fresh(tree.name + suffix)
    new = reverse.run(tree, gen.mask, gen.transform, gen.name, p.ns, p.source, namer,
                      request_callee, has_aux, argnums_int)
    record_stage(stages, gen.transform, new, p.filename)
    _finish(gen, p, new, cells, stages)


def callee_requester(gen, p, namer, cells, get_other, suffix, self_spec):
    """`request_callee(fn, *spec, global_name)` for a pass building `gen`: the
    name under which its code calls the generated code `get_other(fn, *spec)`
    (itself when (fn, *spec) is (gen.fn, *self_spec): recursion), bound once
    per callee in a closure cell."""
    callees = {}

    def request_callee(fn, *spec_and_name):
        *spec, global_name = spec_and_name
        _remember_global(gen, p, global_name)
        key = (frontend.python_function(fn),) + tuple(spec)
        if key not in callees:
            itself = self_spec is not None and key == (gen.fn,) + tuple(self_spec)
            try:
                other = gen if itself else get_other(fn, *spec)
            except S2SError as e:
                if not _in_s2s(e.filename):
                    raise
                raise _helper_error(e, key[0], p, global_name) from None
            name = gen.name if itself else namer.fresh(_base_name(other.fn) + suffix)
            callees[key] = name
            cells[name] = other.cell
            gen.callees.append(other)
        return callees[key]

    return request_callee


def _in_s2s(filename):
    """Is `filename` one of s2s's own files (a runtime helper's source)?"""
    return bool(filename) and os.path.realpath(filename).startswith(
        os.path.dirname(os.path.realpath(__file__)) + os.sep)


def _helper_error(e, helper, p, global_name):
    """A runtime helper that generated code calls could not be transformed in
    turn (a higher derivative): say so at the user's line that calls it."""
    def calls_it(s):
        return any(isinstance(n, gast.Call) and isinstance(n.func, gast.Name)
                   and n.func.id == global_name for n in gast.walk(s))
    where = next((s for s in gast.walk(p.tree) if isinstance(s, gast.stmt)
                  and not hasattr(s, "body") and getattr(s, "lineno", None)
                  and calls_it(s)), p.tree)
    return p.source.error(
        where, f"s2s cannot transform its helper `{helper.__name__}`, which the derivative "
               f"of this line calls: {e.message}",
        "a higher derivative through this operation is not supported yet; compute it "
        "with jax (jax.hessian, jax.jacfwd) or write the operation with other jnp functions")


def _base_name(fn):
    name = fn.__name__
    return name if name.isidentifier() else "lambda_"


def _remember_global(gen, p, name):
    if name and name not in p.ns.cells and name in p.ns.globals:
        gen.globals_seen.append((p.ns.globals, name, p.ns.globals[name]))


def _base_cells():
    cells = {JNP: backend.cell(jnp)}
    for name in RUNTIME_NAMES:
        cells[name] = backend.cell(getattr(runtime, name))
    return cells


def _finish(gen, p, tree, cells, stages):
    tree = simplify.run(tree)
    gen.source = backend.to_source(tree, p.filename)
    if recording.on:   # (the user function's own stages: parsed again, recorded)
        gen._stages = _Parsed(p.fn).stages + stages + [("simplify", gen.source)]
    for name, c in p.ns.cells.items():
        cells.setdefault(name, c)
    gen.function = backend.compile_function(gen.source, gen.name, p.ns.globals, cells)
    if gen.transform in ("grad", "value_and_grad", "vjp"):
        # Same parameters as the user's function: the same default values
        # (the objects themselves, not their source re-evaluated).
        gen.function.__defaults__ = gen.fn.__defaults__
    gen.cell.cell_contents = gen.function
    _BY_FUNCTION[gen.function] = gen


# -- public API -------------------------------------------------------------------


def jvp(fun, primals, tangents, has_aux=False):
    """Forward-mode derivative: `(fun(*primals), d fun(*primals) . tangents)`.

    Same signature and results as `jax.jvp`; the derivative is computed by a
    generated Python function (see `s2s.source(fun, "jvp")`).
    """
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError("primal and tangent arguments to s2s.jvp must be tuples or lists; "
                        f"found {type(primals).__name__} and {type(tangents).__name__}.")
    if len(primals) != len(tangents):
        raise TypeError("s2s.jvp: primals and tangents must have the same length; "
                        f"got {len(primals)} and {len(tangents)}")
    primals, tangents = _floats_as_arrays(primals), _floats_as_arrays(tangents)
    if all(type(p) in _ARRAY_TYPES for p in primals):  # fast path: plain arrays
        for i, (p, t) in enumerate(zip(primals, tangents)):
            if type(t) not in _ARRAY_TYPES:
                _check_same_structure(i, p, t)
        mask = tuple(_inexact(p) for p in primals)
        tangents = [t if m else np.zeros(np.shape(p), np.float32)
                    for p, t, m in zip(primals, tangents, mask)]
    else:
        for i, (p, t) in enumerate(zip(primals, tangents)):
            _check_same_structure(i, p, t)
        mask = tuple(_differentiable(p) for p in primals)
        tangents = [_tangent_for(p, t) for p, t in zip(primals, tangents)]
    fun = _for_args(fun, primals)
    defaults = _defaults(fun, len(primals))
    mask += (False,) * len(defaults)
    gen = get_jvp(fun, mask)
    args = list(primals) + defaults + [t for t, m in zip(tangents, mask) if m]
    out, out_dot = gen.function(*args)
    if has_aux:
        (out, aux), (out_dot, _) = out, out_dot
        return out, out_dot, aux
    return out, out_dot


def generated(fun, transform="jvp", argnums=None):
    """The generated function itself (for `transform` with `argnums` active)."""
    fn = frontend.python_function(fun)
    nparams = fn.__code__.co_argcount
    if argnums is None:
        argnums = tuple(range(nparams))
    elif isinstance(argnums, int):
        argnums = (argnums,)
    for a in argnums:
        if not isinstance(a, int) or not -nparams <= a < nparams:
            raise ValueError(f"argnums {a!r} out of bounds for {fn.__name__} with "
                             f"{nparams} parameters")
    argnums = tuple(a % nparams for a in argnums)
    mask = tuple(i in argnums for i in range(nparams))
    if transform != "jvp":
        return _generated_record(fun, transform, argnums).function
    return get_jvp(fn, mask).function


def source(fun, transform=None, argnums=None, example_args=None):
    """The generated Python source of a function s2s produced.

    `s2s.source(g)` for a function s2s generated, or a transformation such as
    `s2s.grad(f)` (the version its last call used); `s2s.source(f, "jvp")`
    for what s2s generates from a user function `f` (all parameters active
    unless `argnums` says otherwise). Arguments are taken to be arrays unless
    `example_args` shows what they are (a list of layers is a pytree, an int
    is not differentiated).
    """
    return _generated_record(fun, transform, argnums, example_args).source


def stages(fun, transform, argnums=None, example_args=None):
    """[(stage name, source text)] after every pass (the CLI's --passes)."""
    return _generated_record(fun, transform, argnums, example_args).stages


def _generated_record(fun, transform, argnums, example_args=None):
    if transform is None and callable(getattr(type(fun), "generated", None)):
        return fun.generated(example_args)   # grad(f), vmap(f), ...
    if transform in ("grad", "value_and_grad", "vjp"):
        fn = frontend.python_function(fun)
        nparams = fn.__code__.co_argcount
        if transform == "vjp":
            active = range(nparams) if argnums is None else \
                ((argnums,) if isinstance(argnums, int) else argnums)
            kinds = tuple(1 if i in active else 0 for i in range(nparams))
            if example_args is not None:
                kinds = tuple(k and (_kind(a) if _differentiable(a) else 0)
                              for k, a in zip(kinds, example_args))
            return get_reverse(fn, "vjp", kinds)
        return Transformed(fn, transform, 0 if argnums is None else argnums,
                           False).generated(example_args)
    if transform is None:
        gen = _BY_FUNCTION.get(fun)
        if gen is None:
            raise S2SError(f"{getattr(fun, '__qualname__', fun)!r} was not produced by s2s",
                           hint="name the transformation: s2s.source(f, 'jvp')")
        return gen
    if transform in SHAPE_SPECIALIZED:
        if example_args is None:
            raise S2SError(f"s2s.{transform} builds its code for one example's shapes",
                           hint=f"pass them: s2s.source(f, {transform!r}, example_args=(x,))")
        make = SHAPE_SPECIALIZED[transform]
        return make(fun, 0 if argnums is None else argnums).generated(tuple(example_args))
    if transform != "jvp":
        raise S2SError(f"s2s has no transformation {transform!r}",
                       hint="one of: " + ", ".join(("jvp", "vjp", "grad", "value_and_grad")
                                                   + tuple(SHAPE_SPECIALIZED)))
    return _BY_FUNCTION[generated(fun, transform, argnums)]


# transformation name -> make(fun, argnums), for those built for one example's
# shapes (vmap, the Jacobians): their modules register them
SHAPE_SPECIALIZED = {}


_ARRAY_TYPES = (jax.Array, float, np.ndarray, np.float64, np.float32)
try:
    _ARRAY_TYPES = tuple({type(jnp.zeros(1)), float, np.ndarray, np.float64, np.float32})
except Exception:  # pragma: no cover
    pass


def _floats_as_arrays(args):
    """Python floats become (weakly typed) JAX arrays, as JAX's transformations
    make them: the derivative is then computed in JAX's precision (float32
    unless x64 is on), not in Python's float64, and returned as an array.
    NumPy arrays become JAX arrays too, as JAX's tracers of them are: generated
    code updates cotangents with `.at[...]`, which NumPy arrays lack."""
    if not any(isinstance(a, (float, complex, list, tuple, dict, np.ndarray, np.generic))
               for a in args):
        return args
    return [jax.tree_util.tree_map(_float_as_array, a) for a in args]


def _float_as_array(x):
    return jnp.asarray(x) if type(x) in (float, complex) or isinstance(
        x, (np.ndarray, np.generic)) else x


def _check_same_structure(i, p, t):
    if jax.tree_util.tree_structure(p) != jax.tree_util.tree_structure(t):
        raise TypeError(f"s2s.jvp: primal and tangent argument {i} have different "
                        "pytree structures")


_DEFAULTS = {}


def _defaults(fun, nargs):
    key = (fun, nargs)
    try:
        return list(_DEFAULTS[key])
    except (KeyError, TypeError):
        pass
    values = _compute_defaults(fun, nargs)
    try:
        _DEFAULTS[key] = tuple(values)
    except TypeError:
        pass
    return values


def _compute_defaults(fun, nargs):
    """Values of the parameters left to their defaults (constants, like JAX)."""
    fn = frontend.python_function(fun)
    _parsed(fn)  # unsupported signatures (*args, ...) are reported first
    code = fn.__code__
    names = code.co_varnames[:code.co_argcount]
    if nargs > len(names):
        raise TypeError(f"{fn.__name__}() takes {len(names)} arguments but {nargs} were given")
    values = fn.__defaults__ or ()
    first_default = len(names) - len(values)
    missing = [n for i, n in enumerate(names[nargs:], nargs) if i < first_default]
    if missing:
        raise TypeError(f"{fn.__name__}() missing required arguments: {', '.join(missing)}")
    return list(values[nargs - first_default:]) if nargs > first_default else list(values)


def _differentiable(tree):
    return any(_inexact(leaf) for leaf in jax.tree_util.tree_leaves(tree))


def _inexact(x):
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        return isinstance(x, (float, complex))
    return jnp.issubdtype(dtype, jnp.inexact)


def _tangent_for(primal, tangent):
    """Tangents of integer leaves (float0 in JAX) become zeros."""
    def fix(p, t):
        if _inexact(p):
            return t
        return np.zeros(np.shape(p), dtype=np.float32)
    return jax.tree_util.tree_map(fix, primal, tangent)


# -- reverse mode -------------------------------------------------------------------

class Transformed:
    """`grad(f)`, `value_and_grad(f)`: callable like JAX's, and printable with
    `s2s.source`. Generated code is built on the first call for each
    combination of argument kinds (array or pytree), then reused."""

    def __init__(self, fun, mode, argnums, has_aux):
        self.fun = fun
        self.fn = frontend.python_function(fun)
        self.mode = mode
        self.argnums_int = isinstance(argnums, int)
        self.argnums = (argnums,) if self.argnums_int else tuple(argnums)
        self.has_aux = has_aux
        self.last = None   # the Generated the last call used
        nparams = self.fn.__code__.co_argcount
        for a in self.argnums:
            if not isinstance(a, int) or not -nparams <= a < nparams:
                raise ValueError(f"argnums {argnums!r} out of bounds for "
                                 f"{self.fn.__name__} with {nparams} parameters")
        self.argnums = tuple(a % nparams for a in self.argnums)
        self.__name__ = f"{mode}_{self.fn.__name__}"
        self.__qualname__ = self.__name__
        self.__doc__ = self.fn.__doc__

    def __call__(self, *args):
        args = [_floats_as_arrays((a,))[0] if i in self.argnums else a
                for i, a in enumerate(args)] + _defaults(self.fn, len(args))
        fn = self.fn if not isinstance(self.fun, Transformed) else \
            frontend.python_function(_for_args(self.fun, args))
        kinds = []
        for i, a in enumerate(args):
            if i not in self.argnums:
                kinds.append(0)
                continue
            _check_inexact(a, self.mode, i)
            kinds.append(_kind(a))
        gen = self.last = get_reverse(fn, self.mode, tuple(kinds), self.has_aux,
                                      self.argnums_int)
        return gen.function(*args)

    def generated(self, example_args=None, flat=False):
        """The generated code: for `example_args` if given, else the version the
        last call used, else the one for array arguments."""
        nparams = self.fn.__code__.co_argcount
        if example_args is not None:
            kinds = tuple(_kind(a) if i in self.argnums else 0
                          for i, a in enumerate(example_args))
        elif self.last is not None and not flat:
            return self.last
        else:
            kinds = tuple(1 if i in self.argnums else 0 for i in range(nparams))
        return get_reverse(self.fn, self.mode, kinds, self.has_aux, self.argnums_int, flat)

    @property
    def __s2s_function__(self):
        """What a transformation of this object transforms: its generated code."""
        return self.generated(flat=True).function

    def __repr__(self):
        return f"<s2s.{self.mode} of {self.fn.__qualname__}>"


def _for_args(fun, args):
    """What a transformation of `grad(f)` transforms: the generated code for
    the kinds (array or pytree) of these arguments, not the array version."""
    if isinstance(fun, Transformed):
        args = list(args) + _defaults(fun.fn, len(args))
        return fun.generated(args, flat=True).function
    return fun


def grad(fun, argnums=0, has_aux=False):
    """The gradient of a scalar function, as `jax.grad`: built by rewriting
    `fun`'s source into a forward sweep and its pullback (`s2s.source(grad(f))`)."""
    return Transformed(fun, "grad", argnums, has_aux)


def value_and_grad(fun, argnums=0, has_aux=False):
    """`(fun(*args), grad(fun)(*args))` in one sweep, as `jax.value_and_grad`."""
    return Transformed(fun, "value_and_grad", argnums, has_aux)


def vjp(fun, *primals, has_aux=False):
    """`(fun(*primals), vjp_fn)` as `jax.vjp`; `vjp_fn(ct)` runs only the pullback
    and returns one cotangent per primal."""
    primals = _floats_as_arrays(primals)
    fn = frontend.python_function(_for_args(fun, primals))
    defaults = _defaults(fn, len(primals))
    args = list(primals) + defaults
    kinds = tuple(_kind(p) if _differentiable(p) else 0 for p in args)
    gen = get_reverse(fn, "vjp", kinds, has_aux)
    out, pullback = gen.function(*args)

    def vjp_fn(cotangent):
        bars = iter(pullback(_floats_as_arrays((cotangent,))[0]))
        return tuple(_float0_leaves(p, next(bars)) if k else _float0_zeros(p)
                     for p, k in zip(primals, kinds[:len(primals)]))

    if has_aux:
        value, aux = out
        return value, vjp_fn, aux
    return out, vjp_fn


def _kind(x):
    """1 for an array or number, 2 for a pytree (list, tuple, dict)."""
    return 2 if isinstance(x, (list, tuple, dict)) else 1


def _check_inexact(x, mode, i):
    for leaf in jax.tree_util.tree_leaves(x):
        if not _inexact(leaf):
            dtype = getattr(leaf, "dtype", type(leaf).__name__)
            raise TypeError(f"{mode} requires real- or complex-valued inputs (input dtype "
                            f"that is a sub-dtype of np.inexact), but got {dtype} for "
                            f"argument {i}. If you want to use integer-valued inputs, use "
                            f"vjp.")


def _float0_leaves(primal, bar):
    """Integer leaves of a pytree primal get float0 zeros, as in JAX."""
    if not isinstance(primal, (list, tuple, dict)):
        return bar
    return jax.tree_util.tree_map(
        lambda p, b: b if _inexact(p) else np.zeros(np.shape(p), dtype=jax.dtypes.float0),
        primal, bar)


def _float0_zeros(p):
    return jax.tree_util.tree_map(
        lambda leaf: np.zeros(np.shape(leaf), dtype=jax.dtypes.float0), p)
