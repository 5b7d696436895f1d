"""`s2s.jit`: the function's source with control flow on traced values made
functional (the functionalize pass), handed to `jax.jit`.

`jax.jit(f)` traces `f`: a Python `if x > 0:` on a traced `x` fails there.
`s2s.jit(f)` first rewrites such an `if` / `while` / counted `for` into named
functions and a call of `if_else` / `while_loop` / `for_range`, which run
`lax.cond` / `lax.while_loop` / `lax.fori_loop` when the condition is traced
(and plain Python when it is not); everything else stays as written. The
result is compiled by `jax.jit` with the same arguments (static_argnums,
static_argnames, donate_argnums, shardings), so it scales over devices with
JAX's own partitioner.
"""
import functools
import inspect
import linecache
import os

import jax

from . import driver, errors, frontend, pipeline, transforms
from .api import _JAX_ARRAY, is_pytree
from .control_flow import BOUND_MARK, Checked, check_when_run, checked, unrolling
from .errors import S2SError
from .listed_parameters import ByArity, takes_listed
from .pipeline import JitOptions

_UNSET = object()


class Jitted(pipeline.Transformation):
    """`jit(fun)`: callable as `jax.jit(fun)`, printable with `s2s.source`."""

    def __init__(self, fun, static_argnums=None, static_argnames=None, donate_argnums=None,
                 in_shardings=_UNSET, out_shardings=_UNSET, unroll=32, max_steps=1000,
                 **jit_kwargs):
        self.fun = fun
        if not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"s2s.jit: max_steps must be a positive int, not {max_steps!r}")
        self.max_steps = max_steps
        if not isinstance(unroll, int) or unroll < 0:
            raise ValueError(f"s2s.jit: unroll must be a non-negative int, not {unroll!r}")
        self.unroll = unroll
        self.static = static_positions(fun, static_argnums, static_argnames)
        self.jit_kwargs = dict(jit_kwargs)
        self.jit_kwargs.update(static_argnums=static_argnums, static_argnames=static_argnames,
                               donate_argnums=donate_argnums)
        if in_shardings is not _UNSET:
            self.jit_kwargs["in_shardings"] = in_shardings
        if out_shardings is not _UNSET:
            self.jit_kwargs["out_shardings"] = out_shardings
        self.last = None          # the Generated the last call used
        self._compiled = {}       # Generated -> its jax.jit
        self._by_signature = {}   # (a transformation's) argument signature -> its jax.jit
        self._plain = {}          # parameters left to defaults -> (Generated, its jax.jit)
        self._defaults = None     # _python_defaults(fun), when first called
        self._last = None         # _LastJit: the last call's compiled code, for a repeat
        name = getattr(fun, "__name__", "function")
        self.__name__ = f"jit_{name}"
        self.__qualname__ = self.__name__
        self.__doc__ = getattr(fun, "__doc__", None)
        self.__wrapped__ = fun

    def __repr__(self):
        return f"<s2s.jit of {getattr(self.fun, '__qualname__', self.fun)!r}>"

    @property
    def options(self):
        return JitOptions(self.static, self.unroll)

    def __call__(self, *args, **kwargs):
        try:
            # A repeat of the last call's kind (as many JAX arrays, no keywords)
            # runs the same compiled code: jax.jit's own dispatch chooses by shape.
            last = self._last
            if last is not None and not kwargs and len(args) == last.nargs:
                for a in args:
                    if type(a) is not _JAX_ARRAY:
                        break
                else:
                    if (last.shapes is None or last.shapes == _shapes(args)) \
                            and last.gen.is_current():
                        out = last.compiled(*args)
                        return out if type(out) is not Checked else unchecked(out, self.max_steps)
            out = self.compiled_for(args, kwargs)(*args, **kwargs)
            return out if type(out) is not Checked else unchecked(out, self.max_steps)
        except Exception as e:
            if not _needs_static(e):
                errors.note_origin(e)
                if BOUND_MARK in str(e):   # (raised by a callback as it ran)
                    raise S2SError(f"a `while` loop under s2s.jit ran past its bound of "
                                   f"{self.max_steps} recorded steps (reverse mode keeps each "
                                   "step for the way back)",
                                   hint="raise the bound: s2s.jit(f, max_steps=N)") from None
                raise
            refusal = _concrete_needed(e)
            if refusal is e:
                raise
        # (raised out of the handler: a refusal at the user's line that says what
        # to do, JAX's tracer error not chained to it as its cause)
        raise refusal

    def lower(self, *args, **kwargs):
        """JAX's lowering of the converted function (`.lower(x).as_text()`, `.compile()`)."""
        return self.compiled_for(args, kwargs).lower(*args, **kwargs)

    def compiled_for(self, args, kwargs=()):
        """The jax.jit of the converted code for these arguments."""
        if not isinstance(self.fun, pipeline.Transformation):
            defaulted = self._left_to_defaults(len(args), kwargs)
            plain = self._plain.get(defaulted)
            if plain is not None and plain[0].is_current():
                return plain[1]
            gen, compiled = self._compiled_with(args, self._options_with(defaulted))
            self._plain[defaulted] = (gen, compiled)   # (this call's own build: self.last is any thread's)
            self._last = _LastJit.of(args, kwargs, compiled, gen)
            return compiled
        # The code of a transformation (vmap, grad) depends on the arguments'
        # kinds and shapes: chosen once per signature, as jax.jit traces once.
        specialized = getattr(type(self.fun), "__s2s_shape_specialized__", False)
        if specialized:
            key = _signature(args)
        else:   # (grad's code depends only on which arguments are pytrees)
            key = tuple(is_pytree(a) for a in args)
        made = self._by_signature.get(key)
        if made is None or not made[0].is_current():
            if made is not None:   # (its code, built from the user's old code)
                self._compiled.pop(made[0], None)
            made = self._by_signature[key] = self._compiled_with(args)
        gen, compiled = made
        self._last = _LastJit.of(args, kwargs, compiled, gen, specialized)
        return compiled

    def _left_to_defaults(self, n_args, kwargs):
        """Per parameter: is it left to a default that is not an array (`ax=None`)?
        Inside jax.jit such a default is a Python value, as a static argument is:
        `if ax:` stays a Python `if`, and may raise."""
        if self._defaults is None:
            self._defaults = _python_defaults(self.fun)
        positions, count = self._defaults
        if not positions:
            return ()
        return tuple(i in positions and positions[i][0] >= n_args and positions[i][1] not in kwargs
                     for i in range(count))

    def _options_with(self, defaulted):
        if not any(defaulted):
            return self.options
        static = self.static or (False,) * len(defaulted)
        return JitOptions(tuple(a or b for a, b in zip(static, defaulted)), self.unroll)

    def _compiled_with(self, args, options=None):
        """(the code it runs, and its jax.jit) for these arguments: the
        Generated, or for a Jacobian the _TracedAsIs that jax.jit traces; either
        says whether it is still current."""
        target = self._target(args)
        if target is None:   # (a Jacobian: its Python wrapper is traced as it is)
            key = gen = _TracedAsIs(self.fun)
        else:
            key = gen = self.last = driver.build(transforms.JIT, target, options or self.options)
        compiled = self._compiled.get(key)
        if compiled is None:
            fn = gen if target is None else tracing_with(key.function, self.unroll, self.max_steps)
            compiled = self._compiled.setdefault(key, jax.jit(fn, **self.jit_kwargs))
        return gen, compiled

    def generated(self, example_args=None):
        """The converted code: for the kinds (and, for a vmap, shapes) of
        `example_args` if given, else the version the last call used."""
        if example_args is None and self.last is not None:
            return self.last
        target = self._target(example_args)
        if target is None:
            raise S2SError(f"s2s.jit of {self.fun!r} compiles it as it is: there is no "
                           "converted source to show",
                           hint="s2s.source(s2s.jit(f)) shows the converted f")
        return driver.build(transforms.JIT, target, self.options)

    def _target(self, args):
        """What to convert: the user's function, or the generated code of the
        transformation being jitted, for these arguments (None: jit it as it is)."""
        fun = self.fun
        if isinstance(fun, pipeline.Transformation):
            if args is None:
                raise S2SError(f"s2s.jit of {fun!r} builds its code for the arguments of "
                               "the first call", hint="call it once, or pass example_args")
            return fun.function_for(tuple(args))
        return frontend.python_function(fun)

    @property
    def __s2s_function__(self):
        """What a transformation of this object transforms: the function it jits."""
        return frontend.python_function(self.fun)

    def __s2s_rejit__(self, inner):
        """`grad(jit(f))` is `jit(grad(f))`: JAX differentiates a jitted function
        into a jitted one, and so does s2s (the derivative stays compiled)."""
        return Jitted(inner, self.jit_kwargs.get("static_argnums"),
                      self.jit_kwargs.get("static_argnames"), unroll=self.unroll,
                      max_steps=self.max_steps)


class _TracedAsIs:
    """A Jacobian under s2s.jit: jax.jit traces its Python wrapper, which
    builds the program it calls. Current while the program it built last is;
    then a new one is jitted (a function of its own: jax.jit keeps its traces
    per function)."""
    __slots__ = ("jacobian", "__weakref__")

    def __init__(self, jacobian):
        self.jacobian = jacobian

    def __call__(self, *args, **kwargs):
        return self.jacobian(*args, **kwargs)

    def __getattr__(self, name):   # (__name__, __doc__: what JAX shows is the Jacobian's)
        if name == "jacobian":
            raise AttributeError(name)
        return getattr(self.jacobian, name)

    def __repr__(self):
        return repr(self.jacobian)

    def is_current(self):
        last = self.jacobian.last
        return last is None or last.is_current()


class _LastJit:
    """The compiled code of the last call whose arguments were all JAX arrays,
    positional: a call with as many JAX arrays picks the same code (their
    shapes and dtypes are jax.jit's to dispatch on), so it skips the choice
    (which arguments are pytrees, which are left to defaults), as JAX's C++
    dispatch skips Python. `gen`: the code it runs, asked whether the source
    it was built from is still current; `shapes`: for code built per shape (a
    vmap's), the shapes and dtypes it was built for, else None."""
    __slots__ = ("nargs", "compiled", "gen", "shapes")

    @classmethod
    def of(cls, args, kwargs, compiled, gen, per_shape=False):
        if kwargs or _JAX_ARRAY is None or any(type(a) is not _JAX_ARRAY for a in args):
            return None
        last = cls()
        last.nargs, last.compiled, last.gen = len(args), compiled, gen
        last.shapes = _shapes(args) if per_shape else None
        return last


def _shapes(arrays):
    return tuple([(a.shape, a.dtype) for a in arrays])


def unchecked(out, max_steps):
    """The result of a compiled program: a bounded `while` in it reports
    whether it ran past its bound (control_flow.checked), an error here."""
    if type(out) is not Checked:
        return out
    if isinstance(out.exceeded, jax.core.Tracer):   # (inside another trace)
        check_when_run(out.exceeded, max_steps)
    elif out.exceeded:
        raise S2SError(f"a `while` loop under s2s.jit {BOUND_MARK} {max_steps} "
                       "recorded steps (reverse mode keeps each step for the way back)",
                       hint="raise the bound: s2s.jit(f, max_steps=N)")
    return out.out


_CONCRETE_NEEDED = (jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
                    jax.errors.TracerIntegerConversionError)
# JAX's other errors for a traced value where a static one is needed (no class of their own)
_STATIC_NEEDED = ((IndexError, "Slice entries must be static integers"),
                  (TypeError, "Shapes must be 1D sequences of concrete values"))


def _needs_static(e):
    return isinstance(e, _CONCRETE_NEEDED) or any(
        isinstance(e, kind) and text in str(e) for kind, text in _STATIC_NEEDED)


def _concrete_needed(e):
    """JAX's concretization error, as an S2SError at the user's line that says
    what to do (or the error itself with a note, outside generated code)."""
    where = errors.generated_frame(e.__traceback__)
    if where is None:
        errors.note_origin(e)
        return e
    where = _innermost_user_frame(e.__traceback__, where)
    code = linecache.getline(where[0], where[1])
    if isinstance(e, jax.errors.TracerIntegerConversionError) or "int(" in code:
        what = ("needs a Python int (`int(x)`, `range(x)`, an index into a Python list), "
                "but the value is traced under jit")
        hint = ("mark the argument it comes from static (static_argnums), index an array "
                "instead of a list, or loop with a fixed range and select with jnp.where")
    elif isinstance(e, jax.errors.TracerBoolConversionError) or "bool(" in code:
        what = "needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit"
        hint = "use jnp.logical_and / jnp.where, or mark the argument it comes from static"
    elif isinstance(e, jax.errors.TracerArrayConversionError) or "float(" in code:
        what = "turns a traced value into a NumPy array (np.asarray, float(x)) under jit"
        hint = "use jax.numpy instead of numpy on it, or mark the argument static"
    elif isinstance(e, (IndexError, TypeError)) and not isinstance(e, jax.errors.JAXTypeError):
        what = ("needs a concrete shape or slice bound (`jnp.zeros(n)`, `x[i:]`), but the "
                "value is traced under jit")
        hint = ("mark the argument it comes from static (static_argnums), or use "
                "lax.dynamic_slice with a fixed size")
    else:
        what = "needs a concrete value, but the value is traced under jit"
        hint = "mark the argument it comes from static (static_argnums), or use jnp.where"
    return S2SError(f"this line {what}", where[0], where[1], hint=hint)


def _innermost_user_frame(tb, where):
    """The line of the user's file that failed: past the generated frame
    `where`, a function of that file called as it is (`rs.rand(n, d)` in a
    helper s2s did not convert) may be where the value was needed."""
    user_file, inside = errors.origin(*where)[0], False
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename in errors.SOURCE_MAP:
            inside, where = True, (filename, tb.tb_lineno)   # (the innermost one, again)
        elif inside and (filename == user_file
                         or user_file.startswith("<s2s") and _users_file(filename)):
            # (past a caller s2s wrote, `fun(self, x)`: the user's method it called)
            where = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return where


def _users_file(filename):
    """A file of the user's program: not s2s's, not an installed library's."""
    return not filename.startswith("<") and not filename.startswith(_LIBRARY_DIRS)


_LIBRARY_DIRS = (os.path.dirname(os.path.abspath(__file__)),
                 os.path.dirname(os.path.dirname(os.path.abspath(jax.__file__))))


def tracing_with(fn, unroll, max_steps):
    """`fn`, with `unroll` and `max_steps` in force while it is traced (the
    control-flow helpers read them then; the compiled code runs no Python)."""
    @functools.wraps(fn)
    def traced(*args, **kwargs):
        with unrolling(unroll, max_steps):
            return checked(fn, *args, **kwargs)
    return traced


def _signature(args):
    leaves, tree = jax.tree_util.tree_flatten(args)
    return tree, tuple((type(x), getattr(x, "shape", None), getattr(x, "dtype", None))
                       if hasattr(x, "shape") else (type(x), x) for x in leaves)


def _python_defaults(fun):
    """({position among the Python function's parameters: (position in a call,
    name)} for each parameter whose default is a Python value, the number of
    parameters). A bound method's call does not pass `self`."""
    try:
        signature = inspect.signature(fun)
        code = frontend.python_function(fun).__code__
    except (TypeError, ValueError, S2SError):
        return {}, 0
    names = code.co_varnames[:code.co_argcount]
    positions = {}
    for at_call, p in enumerate(signature.parameters.values()):
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name in names \
                and p.default is not p.empty and not hasattr(p.default, "shape"):
            positions[names.index(p.name)] = (at_call, p.name)
    return positions, len(names)


def static_positions(fun, static_argnums, static_argnames):
    """Per parameter of `fun`: is it static (by position or by name, as jax.jit
    infers one from the other)."""
    if static_argnums is None and static_argnames is None:
        return ()
    while isinstance(fun, pipeline.Transformation):
        fun = fun.fun
    code = frontend.python_function(fun).__code__
    names = code.co_varnames[:code.co_argcount]
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums or ())
    argnames = (static_argnames,) if isinstance(static_argnames, str) else \
        tuple(static_argnames or ())
    static = set()
    for n in nums:
        if not isinstance(n, int):
            raise TypeError(f"s2s.jit: static_argnums must be ints, not {n!r}")
        if -len(names) <= n < len(names):
            static.add(n % len(names))
    for a in argnames:
        if a in names:
            static.add(names.index(a))
    return tuple(i in static for i in range(len(names)))


@pipeline.factory
def jit(fun=None, *, static_argnums=None, static_argnames=None, donate_argnums=None,
        in_shardings=_UNSET, out_shardings=_UNSET, unroll=32, max_steps=1000, **jit_kwargs):
    """`jax.jit` for source: control flow on traced values becomes `lax.cond`,
    `lax.while_loop`, `lax.fori_loop` (see `s2s.source(s2s.jit(f))`), then the
    function is compiled by `jax.jit` with these arguments. A counted loop of
    at most `unroll` steps (known when traced) stays a Python loop. Reverse
    mode through a `while` on a traced condition records at most `max_steps`
    steps (more is an error when it runs). Also a decorator: `@s2s.jit` or
    `@s2s.jit(static_argnums=1)`."""
    def make(fun):
        if isinstance(fun, Jitted) and static_argnums is None and static_argnames is None \
                and donate_argnums is None and in_shardings is _UNSET \
                and out_shardings is _UNSET and not jit_kwargs and unroll == fun.unroll \
                and max_steps == fun.max_steps:
            return fun   # jit of jit
        if takes_listed(fun):   # `def f(x, *args)`: jitted per call's arguments
            return ByArity(fun, make)
        return Jitted(fun, static_argnums, static_argnames, donate_argnums, in_shardings,
                      out_shardings, unroll, max_steps, **jit_kwargs)
    if fun is None:
        return make
    if not callable(fun):
        raise TypeError(f"s2s.jit: expected a function, got {type(fun).__name__}")
    return make(fun)

