"""`jacfwd`, `jacrev`, `hessian`: JAX's semantics, built from generated source.

jacfwd(f) is the batched jvp of f: s2s generates `f_jvp`, batches it over the
tangent (`f_jvp_vmap`), and calls it once on the standard basis of the
inputs, so all the Jacobian's columns come out of one call. jacrev(f) is the
batched pullback: `f_vjp_apply(x, out_bar)` (forward sweep and pullback in
line), batched over `out_bar` and called on the standard basis of the output:
all its rows at once. hessian(f) = jacfwd(jacrev(f)); for a scalar f,
jacrev(f) is grad(f), whose generated source jacfwd transforms in turn.

The basis going in and the Jacobian coming out (shapes out + in, pytrees
leaf by leaf) are generated source too (s2s/jacobian_program.py): a function
`f_jacfwd(x)` that builds the basis, calls the batched code and cuts its
result, compiled like all generated code; `s2s.source(jacfwd(f))` prints it
above the batched function it calls, and the printed program is the one
that runs.
"""
import jax
import jax.numpy as jnp
import numpy as np

from . import api, driver, frontend, jacobian_program, pipeline, transforms
from .errors import S2SError
from .pipeline import ReverseOptions
from .passes import probe
from .vectorize import get_batched, output_shape


class Jacobian(pipeline.Transformation):
    """`jacfwd(f)` / `jacrev(f)`: callable as JAX's, printable with `s2s.source`."""

    def __init__(self, fun, mode, argnums, has_aux):
        self.fun, self.mode, self.has_aux = fun, mode, has_aux
        self.fn = frontend.python_function(fun) if not isinstance(fun, Jacobian) else None
        self.argnums_int = isinstance(argnums, int)
        self.argnums = (argnums,) if self.argnums_int else tuple(argnums)
        self.last = None
        self._programs = {}   # batched Generated -> the Program that calls it
        name = getattr(fun, "__name__", "function")
        self.__name__ = f"{mode}_{name}"
        self.__qualname__ = self.__name__
        self.__doc__ = getattr(fun, "__doc__", None)

    def __repr__(self):
        return f"<s2s.{self.mode} of {getattr(self.fun, '__qualname__', self.fun)!r}>"

    def __call__(self, *args, **kwargs):
        args = list(args)
        nargs = len(args)
        argnums = tuple(a % nargs if -nargs <= a < nargs else _bad_argnums(a, nargs)
                        for a in self.argnums)
        if kwargs:   # (in parameter order; as in JAX, never differentiated)
            args = api.keywords_in_place(_user_function(self), args, kwargs, argnums)
            nargs = len(args)
        args += _defaults(self.fun, nargs)   # constants, as in JAX
        for i in argnums:
            for leaf in jax.tree_util.tree_leaves(args[i]):
                if not api.inexact(leaf):
                    dtype = getattr(leaf, "dtype", type(leaf).__name__)
                    raise TypeError(f"{self.mode} requires real-valued inputs (input dtype "
                                    f"that is a sub-dtype of np.floating), but got {dtype}. "
                                    f"For holomorphic differentiation, pass holomorphic=True.")
        target = _target(self.fun, args, argnums, self.has_aux)
        ordered = tuple(sorted(set(argnums)))   # generated code takes them in this order
        program = self.last = self._program(target, args, ordered, argnums)
        return program(*args)

    def program_for(self, args):
        """The program for these arguments (values or their shapes): a Jacobian
        of it, or s2s.vmap, transforms that generated code as the user's."""
        nargs = len(args)
        argnums = tuple(a % nargs for a in self.argnums)
        target = _target(self.fun, args, argnums, self.has_aux)
        return self._program(target, args, tuple(sorted(set(argnums))), argnums)

    def _program(self, fn, args, ordered, requested):
        """The Jacobian's program (s2s/jacobian_program.py) for these
        arguments: built once per batched code it calls."""
        signature = tuple(_info(a) for a in args)
        if self.mode == "jacfwd":
            mask = tuple(i in ordered for i in range(len(args)))
            jvp_gen = api.get_jvp(fn, mask)
            tangents = tuple(_info(args[i]) for i in ordered)
            bmask = (False,) * len(args) + (True,) * len(ordered)
            # (the jvp's primal output is not read: without aux, only its tangents)
            gen = get_batched(jvp_gen.function, bmask, signature + tangents,
                              returned_item=None if self.has_aux else 1)
        else:
            kinds = tuple(api.kind_of(a) if i in ordered else 0 for i, a in enumerate(args))
            vjp_gen = driver.build(transforms.VJP_APPLY, fn,
                                   ReverseOptions(kinds, self.has_aux, flat=True))
            value = _value(output_shape(fn, signature), self.has_aux)
            example_seed = jax.tree_util.tree_map(
                lambda leaf: jax.ShapeDtypeStruct(leaf.shape, leaf.dtype), value)
            bmask = (False,) * len(args) + (True,)
            gen = get_batched(vjp_gen.function, bmask,
                              signature + (probe.describe(example_seed),))
        program = self._programs.get(gen)
        if program is None or program.batched is not gen:
            program = self._programs[gen] = self._write(fn, gen, args, ordered, requested,
                                                         signature)
        return program

    def _write(self, fn, gen, args, ordered, requested, signature):
        out = output_shape(fn, signature)
        value, aux = (out[0], out[1]) if self.has_aux else (out, None)
        code = gen.function.__code__
        batched_params = code.co_varnames[:code.co_argcount]
        params = batched_params[:len(args)]
        write = jacobian_program.forward_program if self.mode == "jacfwd" else \
            jacobian_program.reverse_program
        base = _user_function(self).__name__.lstrip("_")   # (as the batched code's name)
        name = f"{base if base.isidentifier() else 'lambda_'}_{self.label}"
        texts, cells = write(name, params, args, ordered, requested, self.argnums_int, value,
                            aux, gen.name, batched_params)
        what = {"hessian": "the Hessian"}.get(self.label, f"the Jacobian ({self.label})")
        return jacobian_program.Program(name, what, texts, cells, gen, _user_function(self))

    @property
    def label(self):
        """`jacfwd`, `jacrev`, `hessian` (jacfwd of jacrev), `grad_jacfwd`, ..."""
        inner = self.fun
        if isinstance(inner, Jacobian):
            if self.mode == "jacfwd" and inner.mode == "jacrev":
                return "hessian"
            return f"{inner.label}_{self.mode}"
        if isinstance(inner, api.Transformed):
            return f"{inner.mode}_{self.mode}"
        return self.mode

    def generated(self, example_args=None):
        if self.last is None:
            if example_args is None:
                raise S2SError(f"s2s.{self.mode} builds its code for the shapes of the first "
                               "call", hint="call it once, or pass example_args")
            self(*example_args)
        return self.last

    @property
    def __s2s_function__(self):
        return self.generated().function


def _value(out, has_aux):
    return out[0] if has_aux else out


def _user_function(fun):
    """The user's function under a chain of transformations."""
    while isinstance(fun, (Jacobian, api.Transformed)):
        fun = fun.fun
    return frontend.python_function(fun)


def _defaults(fun, nargs):
    """The values of the parameters a call leaves to their defaults."""
    while isinstance(fun, Jacobian):
        fun = fun.fun
    if getattr(type(fun), "__s2s_shape_specialized__", False):
        return []   # vmap(f) fills in its own
    return api.default_values(fun.fn if isinstance(fun, api.Transformed) else fun, nargs)


def _bad_argnums(a, nargs):
    raise ValueError(f"argnums {a} out of bounds for a function called with {nargs} arguments")


def _info(x):
    """One argument as the batched code is specialized on: ints stay constants."""
    def abstract(leaf):
        if isinstance(leaf, float):
            return jax.ShapeDtypeStruct((), jnp.result_type(float))
        if hasattr(leaf, "shape") and hasattr(leaf, "dtype"):
            return jax.ShapeDtypeStruct(np.shape(leaf), leaf.dtype)
        return leaf
    return probe.describe(jax.tree_util.tree_map(abstract, x))


def _target(fun, args, argnums, has_aux):
    """The Python function whose generated code the Jacobian transforms.

    jacfwd of jacrev(f) (a Hessian) transforms grad(f)'s generated source:
    for a scalar f, jacrev(f) is grad(f).
    """
    if isinstance(fun, Jacobian):
        if fun.mode != "jacrev" or not _scalar_valued(fun, args):
            return fun.program_for(args).function
        grad = api.Transformed(fun.fn, "grad", fun.argnums[0] if fun.argnums_int
                               else fun.argnums, fun.has_aux)
        return grad.generated(args, flat=True).function
    if isinstance(fun, api.Transformed):
        return fun.generated(args, flat=True).function
    return frontend.python_function(fun)


def _scalar_valued(fun, args):
    """Is the function jacrev(f) differentiates scalar-valued (its Jacobian is grad(f))?"""
    if fun.fn is None:
        return False
    value = output_shape(fun.fn, tuple(_info(a) for a in args))
    value = value[0] if fun.has_aux else value
    leaves = jax.tree_util.tree_leaves(value)
    return len(leaves) == 1 and leaves[0].shape == ()


@pipeline.factory
def jacfwd(fun, argnums=0, has_aux=False):
    """The Jacobian by forward mode, as `jax.jacfwd`: output shape + input shape."""
    return pipeline.keep_compiled(fun, lambda f: Jacobian(f, "jacfwd", argnums, has_aux))


@pipeline.factory
def jacrev(fun, argnums=0, has_aux=False):
    """The Jacobian by reverse mode, as `jax.jacrev`: output shape + input shape."""
    return pipeline.keep_compiled(fun, lambda f: Jacobian(f, "jacrev", argnums, has_aux))


@pipeline.factory
def hessian(fun, argnums=0, has_aux=False):
    """The Hessian, as `jax.hessian`: jacfwd(jacrev(fun))."""
    return jacfwd(jacrev(fun, argnums, has_aux), argnums, has_aux)
