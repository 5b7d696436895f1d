"""`jacfwd`, `jacrev`, `hessian`: JAX's semantics, built from generated source.

jacfwd(f) is the batched jvp of f: s2s generates `f_jvp`, batches it over the
tangent (`f_jvp_vmap`), and calls it once on the standard basis of the
inputs, so all the Jacobian's columns come out of one call. jacrev(f) is the
batched pullback: `f_vjp_apply(x, out_bar)` (forward sweep and pullback in
line), batched over `out_bar` and called on the standard basis of the output:
all its rows at once. hessian(f) = jacfwd(jacrev(f)); for a scalar f,
jacrev(f) is grad(f), whose generated source jacfwd transforms in turn.

The basis goes in and the Jacobian is put together (shapes out + in, pytrees
leaf by leaf) here, at the boundary; `s2s.source(jacfwd(f))` prints the
batched code that does the work.
"""
import jax
import jax.numpy as jnp
import numpy as np

from . import api, driver, errors, frontend, pipeline, transforms
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
        name = getattr(fun, "__name__", "function")
        self.__name__ = f"{mode}_{name}"
        self.__qualname__ = self.__name__
        self.__doc__ = getattr(fun, "__doc__", None)

    def __repr__(self):
        return f"<s2s.{self.mode} of {getattr(self.fun, '__qualname__', self.fun)!r}>"

    def __call__(self, *args):
        args = list(args)
        nargs = len(args)
        argnums = tuple(a % nargs if -nargs <= a < nargs else _bad_argnums(a, nargs)
                        for a in self.argnums)
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
        if self.mode == "jacfwd":
            jac, aux = self._forward(target, args, ordered)
        else:
            jac, aux = self._reverse(target, args, ordered)
        if not self.argnums_int and ordered != argnums:
            jac = _reorder(jac, ordered, argnums)
        return (jac, aux) if self.has_aux else jac

    # -- jacfwd: the batched jvp on the inputs' basis ---------------------------------

    def _forward(self, fn, args, argnums):
        mask = tuple(i in argnums for i in range(len(args)))
        jvp_gen = api.get_jvp(fn, mask)
        primals = list(args)
        tangents_example = [args[i] for i in argnums]
        size = sum(np.size(leaf) for t in tangents_example for leaf in jax.tree_util.tree_leaves(t))
        basis = _basis([args[i] for i in argnums], size)
        signature = tuple(_info(a) for a in primals) + tuple(_info(t) for t in tangents_example)
        bmask = (False,) * len(primals) + (True,) * len(argnums)
        gen = self.last = get_batched(jvp_gen.function, bmask, signature)
        try:
            out_b, out_dot_b = gen.function(*primals, *basis)
        except Exception as e:
            errors.note_origin(e)
            raise
        # the same for every column; unbatched where it does not depend on the
        # tangents' basis (a value carried through a loop, for one)
        out = jax.tree_util.tree_map(
            lambda leaf, one: leaf[0] if np.ndim(leaf) > len(one.shape) else leaf,
            out_b, gen.facts["output"][0])
        aux = None
        if self.has_aux:
            out, aux = out
            out_dot_b, _ = out_dot_b
        # out_dot_b: each output leaf with the N input directions first
        inputs = [args[i] for i in argnums]
        jac = jax.tree_util.tree_map(
            lambda o, od: _columns_to_jacobian(od, np.shape(o), inputs, self.argnums_int),
            out, out_dot_b)
        return jac, aux

    # -- jacrev: the batched pullback on the output's basis ---------------------------

    def _reverse(self, fn, args, argnums):
        kinds = tuple(api.kind_of(a) if i in argnums else 0 for i, a in enumerate(args))
        vjp_gen = driver.build(transforms.VJP_APPLY, fn,
                               ReverseOptions(kinds, self.has_aux, flat=True))
        signature = tuple(_info(a) for a in args)
        out_shape = output_shape(fn, signature)
        value = out_shape[0] if self.has_aux else out_shape
        leaves, treedef = jax.tree_util.tree_flatten(value)
        size = sum(int(np.prod(leaf.shape)) for leaf in leaves)
        seeds = _basis([jax.tree_util.tree_unflatten(treedef, [
            np.zeros(leaf.shape, leaf.dtype) for leaf in leaves])], size)[0]
        bmask = (False,) * len(args) + (True,)
        example_seed = jax.tree_util.tree_unflatten(
            treedef, [jax.ShapeDtypeStruct(leaf.shape, leaf.dtype) for leaf in leaves])
        gen = self.last = get_batched(vjp_gen.function, bmask,
                                      signature + (probe.describe(example_seed),))
        try:
            result = gen.function(*args, seeds)
        except Exception as e:
            errors.note_origin(e)
            raise
        aux = None
        if self.has_aux:
            grads, aux = result
            aux = jax.tree_util.tree_map(lambda leaf: leaf[0], aux)
        else:
            grads = result
        # grads: one per argnum, each leaf with the N output directions first
        offsets = np.cumsum([0] + [int(np.prod(leaf.shape)) for leaf in leaves])

        def rows(j, leaf):
            def cut(g):
                return jnp.reshape(g[offsets[j]:offsets[j + 1]], tuple(leaf.shape) + g.shape[1:])
            per_arg = [jax.tree_util.tree_map(cut, g) for g in grads]
            return per_arg[0] if self.argnums_int else tuple(per_arg)

        jac = jax.tree_util.tree_unflatten(treedef, [rows(j, leaf) for j, leaf in
                                                     enumerate(leaves)])
        return jac, aux

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


def _defaults(fun, nargs):
    """The values of the parameters a call leaves to their defaults."""
    while isinstance(fun, Jacobian):
        fun = fun.fun
    if getattr(type(fun), "__s2s_shape_specialized__", False):
        return []   # vmap(f) fills in its own
    return api.default_values(fun.fn if isinstance(fun, api.Transformed) else fun, nargs)


def _reorder(jac, ordered, argnums):
    """Per-argument tuples (at the leaves of the output tree) in argnums' order."""
    def is_per_arg(x):
        return isinstance(x, tuple) and len(x) == len(ordered)
    return jax.tree_util.tree_map(
        lambda t: tuple(t[ordered.index(a)] for a in argnums), jac, is_leaf=is_per_arg)


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


def _basis(trees, size):
    """The standard basis over all leaves of `trees`: for each tree, the same
    tree with every leaf given `size` directions first (rows of the identity)."""
    out, offset = [], 0
    eye = None
    for tree in trees:
        leaves, treedef = jax.tree_util.tree_flatten(tree)
        new = []
        for leaf in leaves:
            n = int(np.size(leaf))
            dtype = jnp.result_type(leaf)
            if eye is None or eye.dtype != dtype:
                eye = jnp.eye(size, dtype=dtype)
            new.append(jnp.reshape(eye[:, offset:offset + n], (size,) + np.shape(leaf)))
            offset += n
        out.append(jax.tree_util.tree_unflatten(treedef, new))
    return out


def _columns_to_jacobian(columns, out_shape, inputs, argnums_int):
    """(N, *out_shape) columns -> out_shape + in_shape, per input leaf."""
    moved = jnp.moveaxis(columns, 0, -1)   # out_shape + (N,)
    offset = 0
    per_arg = []
    for x in inputs:
        leaves, treedef = jax.tree_util.tree_flatten(x)
        parts = []
        for leaf in leaves:
            n = int(np.size(leaf))
            parts.append(jnp.reshape(moved[..., offset:offset + n],
                                     tuple(out_shape) + np.shape(leaf)))
            offset += n
        per_arg.append(jax.tree_util.tree_unflatten(treedef, parts))
    return per_arg[0] if argnums_int else tuple(per_arg)


def _target(fun, args, argnums, has_aux):
    """The Python function whose generated code the Jacobian transforms.

    jacfwd of jacrev(f) (a Hessian) transforms grad(f)'s generated source:
    for a scalar f, jacrev(f) is grad(f).
    """
    if isinstance(fun, Jacobian):
        if fun.mode != "jacrev":
            raise S2SError("s2s can take a Jacobian of jacrev(f) (a Hessian), not of jacfwd",
                           hint="use s2s.hessian, or jacfwd(jacrev(f))")
        value = output_shape(fun.fn, tuple(_info(a) for a in args))
        value = value[0] if fun.has_aux else value
        if any(leaf.shape != () for leaf in jax.tree_util.tree_leaves(value)) or \
                len(jax.tree_util.tree_leaves(value)) != 1:
            code = frontend.python_function(fun.fn).__code__   # at the function's def
            raise S2SError("s2s takes jacfwd(jacrev(f)) only for a scalar f (a Hessian)",
                           code.co_filename, code.co_firstlineno, 0,
                           hint="use jax for the Jacobian of a Jacobian of a vector function")
        grad = api.Transformed(fun.fn, "grad", fun.argnums[0] if fun.argnums_int
                               else fun.argnums, fun.has_aux)
        return grad.generated(args, flat=True).function
    if isinstance(fun, api.Transformed):
        return fun.generated(args, flat=True).function
    return frontend.python_function(fun)


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
