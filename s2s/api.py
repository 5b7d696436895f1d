"""Transformations: build generated functions, cache them, and call them with
JAX's signatures and semantics."""
import weakref

import jax
import jax.numpy as jnp
import numpy as np

from . import driver, errors, frontend, listed_parameters, pipeline, transforms
from .errors import S2SError
from .pipeline import JvpOptions, ReverseOptions

def get_jvp(fn, mask):
    """The generated jvp of `fn` with the parameters in `mask` active."""
    return driver.build(transforms.JVP, fn, JvpOptions(tuple(mask)))


_REVERSE = {"vjp": transforms.VJP, "grad": transforms.GRAD,
            "value_and_grad": transforms.VALUE_AND_GRAD}


def get_reverse(fn, mode, kinds, has_aux=False, argnums_int=False, flat=False):
    """The generated reverse-mode function of `fn`: mode is 'vjp', 'grad' or
    'value_and_grad' (the API's names); kinds[i] is 0 (not differentiated), 1 (an
    array) or 2 (a pytree) for parameter i. `flat`: the functions it calls are
    put in line instead of called through their own vjp (so vmap can batch it)."""
    return driver.build(_REVERSE[mode], fn, ReverseOptions(tuple(kinds), has_aux, argnums_int,
                                                           flat))


# -- public API -------------------------------------------------------------------


@pipeline.public("jvp")
def jvp(fun, primals, tangents, has_aux=False):
    """Forward-mode derivative: `(fun(*primals), d fun(*primals) . tangents)`.

    Same signature and results as `jax.jvp`; the derivative is computed by a
    generated Python function (see `s2s.source(fun, "jvp")`).
    """
    last = _last_jvp(fun, primals, tangents)
    if last is not None:   # a repeat of the last call's dtypes: no re-validation
        gen, defaults = last
        return _run_jvp(gen, (*primals, *defaults, *tangents), has_aux)
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
        mask = tuple(inexact(p) for p in primals)
        tangents = [t if m else np.zeros(np.shape(p), np.float32)
                    for p, t, m in zip(primals, tangents, mask)]
    else:
        for i, (p, t) in enumerate(zip(primals, tangents)):
            _check_same_structure(i, p, t)
        mask = tuple(differentiable(p) for p in primals)
        tangents = [_tangent_for(p, t) for p, t in zip(primals, tangents)]
    original, fun = fun, _for_args(listed_for(fun, len(primals)), primals)
    defaults = default_values(fun, len(primals))
    mask += (False,) * len(defaults)
    gen = get_jvp(fun, mask)
    _remember_jvp(original, gen, primals, tangents, defaults)
    args = list(primals) + defaults + [t for t, m in zip(tangents, mask) if m]
    return _run_jvp(gen, args, has_aux)


def _run_jvp(gen, args, has_aux):
    """jvp's results, as JAX gives them, from the generated code's (out, out_dot)."""
    try:
        out, out_dot = gen.function(*args)
    except Exception as e:
        errors.note_origin(e)
        raise
    if has_aux:
        (out, aux), (out_dot, _) = out, out_dot
        return out, out_dot, aux
    return out, out_dot


_ARRAY_TYPES = (jax.Array, float, np.ndarray, np.float64, np.float32)
_JAX_ARRAY = None   # the concrete type of JAX's arrays: the fast call path compares it
try:   # (the type of jnp.zeros(1), named: making an array at import starts XLA's backend)
    from jax._src.array import ArrayImpl as _JAX_ARRAY
    _ARRAY_TYPES = tuple({_JAX_ARRAY, float, np.ndarray, np.float64, np.float32})
except Exception:  # pragma: no cover  (without it, every call takes the full path)
    pass


# The fast call path of jvp: per function, the generated code its last call used
# and that call's primal dtypes. A call whose primals and tangents are all JAX arrays
# of those dtypes (so all differentiated, as the last were) skips the checks above.
_LAST_JVP = weakref.WeakKeyDictionary()


def _last_jvp(fun, primals, tangents):
    """(gen, defaults) of the last jvp of `fun`, if this call repeats its key."""
    try:
        last = _LAST_JVP.get(fun)
    except TypeError:   # (not weakly referenceable)
        return None
    if last is None or type(primals) is not tuple or type(tangents) is not tuple:
        return None
    gen, dtypes, defaults = last
    if len(primals) != len(dtypes) or len(tangents) != len(dtypes):
        return None
    for p, t, dtype in zip(primals, tangents, dtypes):
        if type(p) is not _JAX_ARRAY or type(t) is not _JAX_ARRAY or p.dtype != dtype:
            return None
    return (gen, defaults) if gen.is_current() else None


def _remember_jvp(fun, gen, primals, tangents, defaults):
    if isinstance(fun, pipeline.Transformation) or not all(
            type(a) is _JAX_ARRAY for a in (*primals, *tangents)) or not all(
            inexact(p) for p in primals):
        return
    try:
        _LAST_JVP[fun] = (gen, tuple(p.dtype for p in primals), tuple(defaults))
    except TypeError:
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


_DEFAULTS = weakref.WeakKeyDictionary()   # function -> {(its code, nargs): default values}


def keywords_in_place(fun, args, kwargs, argnums):
    """`grad(f)(x, scale=3.0)`: the arguments in parameter order, as JAX takes
    them (an argument passed by keyword is not differentiated)."""
    names, defaults = frontend.parameters(frontend.python_function(fun))
    if any(i >= len(args) for i in argnums):
        raise TypeError(f"differentiating with respect to argnums={tuple(argnums)} requires "
                        f"at least {max(argnums) + 1} positional arguments to be passed")
    unknown = [k for k in kwargs if k not in names[len(args):]]
    if unknown:
        raise TypeError(f"{fun.__name__}() got an unexpected keyword argument "
                        f"'{unknown[0]}'")
    out = list(args)
    for n in names[len(args):]:
        if n not in kwargs and n not in defaults:
            raise TypeError(f"{fun.__name__}() missing required argument '{n}'")
        out.append(kwargs[n] if n in kwargs else defaults[n])
    return out


def default_values(fun, nargs):
    key = (getattr(fun, "__code__", None), nargs)
    try:
        return list(_DEFAULTS[fun][key])
    except (KeyError, TypeError):
        pass
    values = _compute_defaults(fun, nargs)
    try:
        _DEFAULTS.setdefault(fun, {})[key] = tuple(values)
    except TypeError:   # (not weakly referenceable)
        pass
    return values


def _compute_defaults(fun, nargs):
    """Values of the parameters left to their defaults (constants, like JAX)."""
    fn = frontend.python_function(fun)
    driver.parsed(fn)  # unsupported signatures (*args, ...) are reported first
    names, _ = frontend.parameters(fn)
    if nargs > len(names):
        raise TypeError(f"{fn.__name__}() takes {len(names)} arguments but {nargs} were given")
    values = frontend.defaults_tuple(fn) or ()
    first_default = len(names) - len(values)
    missing = [n for i, n in enumerate(names[nargs:], nargs) if i < first_default]
    if missing:
        raise TypeError(f"{fn.__name__}() missing required arguments: {', '.join(missing)}")
    return list(values[nargs - first_default:]) if nargs > first_default else list(values)


def differentiable(tree):
    return any(inexact(leaf) for leaf in jax.tree_util.tree_leaves(tree))


def inexact(x):
    dtype = getattr(x, "dtype", None)
    if dtype is None:
        return isinstance(x, (float, complex))
    return jnp.issubdtype(dtype, jnp.inexact)


def _tangent_for(primal, tangent):
    """Tangents of integer leaves (float0 in JAX) become zeros."""
    def fix(p, t):
        if inexact(p):
            return t
        return np.zeros(np.shape(p), dtype=np.float32)
    return jax.tree_util.tree_map(fix, primal, tangent)


# -- reverse mode -------------------------------------------------------------------

class Transformed(pipeline.Transformation):
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
        self._fast = None  # _LastCall: the last call's specialization, for a repeat
        frontend.check_listed_parameters(self.fn)
        nparams = self.fn.__code__.co_argcount
        for a in self.argnums:
            if not isinstance(a, int) or not -nparams <= a < nparams:
                raise ValueError(f"argnums {argnums!r} out of bounds for "
                                 f"{self.fn.__name__} with {nparams} parameters")
        self.argnums = tuple(a % nparams for a in self.argnums)
        self.__name__ = f"{mode}_{self.fn.__name__}"
        self.__qualname__ = self.__name__
        self.__doc__ = self.fn.__doc__

    def __call__(self, *args, **kwargs):
        fast = self._fast
        if fast is not None and not kwargs and len(args) == fast.nargs \
                and fast.matches(args) and fast.gen.is_current():
            try:   # a repeat of the last call's kinds: no re-validation beyond the key
                return fast.gen.function(*args, *fast.defaults)
            except Exception as e:
                errors.note_origin(e)
                raise
        if kwargs:
            args = keywords_in_place(self.fn, args, kwargs, self.argnums)
        nargs = len(args)
        args = [_floats_as_arrays((a,))[0] if i in self.argnums else a
                for i, a in enumerate(args)] + default_values(self.fn, len(args))
        fn = self.fn if not isinstance(self.fun, Transformed) else \
            frontend.python_function(_for_args(self.fun, args))
        kinds = []
        for i, a in enumerate(args):
            if i not in self.argnums:
                kinds.append(0)
                continue
            _check_inexact(a, self.mode, i)
            kinds.append(kind_of(a))
        gen = self.last = get_reverse(fn, self.mode, tuple(kinds), self.has_aux,
                                      self.argnums_int)
        self._fast = _LastCall.of(self, gen, args, nargs) if not kwargs else None
        try:
            return gen.function(*args)
        except Exception as e:
            errors.note_origin(e)
            raise

    def generated(self, example_args=None, flat=False):
        """The generated code: for `example_args` if given, else the version the
        last call used, else the one for array arguments."""
        nparams = self.fn.__code__.co_argcount
        if example_args is not None:
            example_args = list(example_args) + default_values(self.fn, len(example_args))
            kinds = tuple(kind_of(a) if i in self.argnums else 0
                          for i, a in enumerate(example_args))
        elif self.last is not None and not flat:
            return self.last
        else:
            kinds = tuple(1 if i in self.argnums else 0 for i in range(nparams))
        return get_reverse(self.fn, self.mode, kinds, self.has_aux, self.argnums_int, flat)

    def function_for(self, args):
        return self.generated(list(args), flat=True).function

    @property
    def __s2s_function__(self):
        """What a transformation of this object transforms: its generated code."""
        return self.generated(flat=True).function

    def __repr__(self):
        return f"<s2s.{self.mode} of {self.fn.__qualname__}>"


class _LastCall:
    """What a call of a transformation was specialized on, kept so that a
    repeat does no re-validation beyond comparing a key: the number of
    arguments, and for each differentiated one its exact array type and
    dtype, or for a pytree (a list of layers) its structure and its leaves'
    (inexact dtypes: checked when the key was made). Only calls whose
    differentiated arguments are JAX arrays, or pytrees of them, are kept
    (Python floats and NumPy arrays take the full path)."""
    __slots__ = ("gen", "nargs", "argnums", "keys", "defaults")

    @classmethod
    def of(cls, transformed, gen, args, nargs):
        if isinstance(transformed.fun, Transformed):
            return None
        keys = tuple(_argument_key(args[i]) for i in transformed.argnums)
        if any(key is None for key in keys):   # (not `None in keys`: dtype('float64') == None)
            return None
        last = cls()
        last.gen, last.nargs, last.argnums, last.keys = gen, nargs, transformed.argnums, keys
        last.defaults = tuple(args[nargs:])
        return last

    def matches(self, args):
        for i, key in zip(self.argnums, self.keys):
            a = args[i]
            if type(key) is not tuple:
                if type(a) is not _JAX_ARRAY or a.dtype != key:
                    return False
            elif type(a) is _JAX_ARRAY or _argument_key(a) != key:
                return False
        return True


def _argument_key(a):
    """A JAX array's dtype; for a pytree of JAX arrays (treedef, leaf dtypes);
    None for anything else."""
    if type(a) is _JAX_ARRAY:
        return a.dtype
    if not isinstance(a, (list, tuple, dict)):
        return None
    leaves, treedef = jax.tree_util.tree_flatten(a)
    if any(type(leaf) is not _JAX_ARRAY for leaf in leaves):
        return None
    return treedef, tuple(leaf.dtype for leaf in leaves)


def _for_args(fun, args):
    """What a transformation of `grad(f)` transforms: the generated code for
    the kinds (array or pytree) of these arguments, not the array version."""
    if isinstance(fun, Transformed):
        args = list(args) + default_values(fun.fn, len(args))
        return fun.generated(args, flat=True).function
    return fun


@pipeline.factory
def grad(fun, argnums=0, has_aux=False):
    """The gradient of a scalar function, as `jax.grad`: built by rewriting
    `fun`'s source into a forward sweep and its pullback (`s2s.source(grad(f))`)."""
    return pipeline.keep_compiled(fun, lambda f: Transformed(f, "grad", argnums, has_aux))


@pipeline.factory
def value_and_grad(fun, argnums=0, has_aux=False):
    """`(fun(*args), grad(fun)(*args))` in one sweep, as `jax.value_and_grad`."""
    return pipeline.keep_compiled(
        fun, lambda f: Transformed(f, "value_and_grad", argnums, has_aux))


@pipeline.public("vjp")
def vjp(fun, *primals, has_aux=False):
    """`(fun(*primals), vjp_fn)` as `jax.vjp`; `vjp_fn(ct)` runs only the pullback
    and returns one cotangent per primal."""
    primals = _floats_as_arrays(primals)
    fun = listed_for(fun, len(primals))
    fn = frontend.python_function(_for_args(fun, primals))
    defaults = default_values(fn, len(primals))
    args = list(primals) + defaults
    kinds = tuple(kind_of(p) if differentiable(p) else 0 for p in args)
    gen = get_reverse(fn, "vjp", kinds, has_aux)
    try:
        out, pullback = gen.function(*args)
    except Exception as e:
        errors.note_origin(e)
        raise

    def vjp_fn(cotangent):
        try:
            bars = iter(pullback(_floats_as_arrays((cotangent,))[0]))
        except Exception as e:
            errors.note_origin(e)
            raise
        return tuple(_float0_leaves(p, next(bars)) if k else _float0_zeros(p)
                     for p, k in zip(primals, kinds[:len(primals)]))

    if has_aux:
        value, aux = out
        return value, vjp_fn, aux
    return out, vjp_fn


def listed_for(fun, nargs):
    """`def f(x, *args)`: the function (or transformation) to call with `nargs`
    positional arguments (s2s/listed_parameters.py); `fun` itself otherwise."""
    if isinstance(fun, listed_parameters.ByArity):
        return fun.for_arity(nargs)
    if listed_parameters.takes_listed(fun):
        return listed_parameters.listed_function(fun, nargs)
    return fun


def kind_of(x):
    """1 for an array or number, 2 for a pytree (list, tuple, dict, NamedTuple,
    a registered dataclass)."""
    return 2 if is_pytree(x) else 1


def is_pytree(x):
    """A container of arrays (list, tuple, dict, NamedTuple, registered dataclass)."""
    if isinstance(x, (list, tuple, dict)):
        return True
    return x is not None and not jax.tree_util.treedef_is_leaf(jax.tree_util.tree_structure(x))


def _check_inexact(x, mode, i):
    for leaf in jax.tree_util.tree_leaves(x):
        if not inexact(leaf):
            dtype = getattr(leaf, "dtype", type(leaf).__name__)
            raise TypeError(f"{mode} requires real- or complex-valued inputs (input dtype "
                            f"that is a sub-dtype of np.inexact), but got {dtype} for "
                            f"argument {i}. If you want to use integer-valued inputs, use "
                            f"vjp.")


def _float0_leaves(primal, bar):
    """Integer leaves of a pytree primal get float0 zeros, as in JAX."""
    if not is_pytree(primal):
        return bar
    return jax.tree_util.tree_map(
        lambda p, b: b if inexact(p) else np.zeros(np.shape(p), dtype=jax.dtypes.float0),
        primal, bar)


def _float0_zeros(p):
    return jax.tree_util.tree_map(
        lambda leaf: np.zeros(np.shape(leaf), dtype=jax.dtypes.float0), p)
