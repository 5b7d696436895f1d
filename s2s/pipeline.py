"""The pipeline as data: what a pass and a transformation are.

A transformation is a `Transform` record: its name, the suffix of the
function it generates (`f_grad`), and the passes it runs, in order, on the
user's function after the common ones (fence, resolve, normalize). Each pass
is a `Pass` record with a one-line purpose and one signature,
`run(tree, ctx) -> tree`, where `ctx` (s2s/driver.py's `Context`) holds
everything else a pass may use: the namespace, the source for errors, the
namer, the options of this build, and `request_callee` for the functions the
code calls. The records themselves are in s2s/transforms.py; the one driver
that runs any of them is s2s/driver.py.

This module is the bottom layer: passes import it (for the registries
below), never the API.
"""
import enum
from dataclasses import dataclass
from typing import Callable, NamedTuple, Optional


@dataclass(frozen=True)
class Pass:
    name: str                 # the stage's name (`--passes`)
    purpose: str              # one line: what the pass does, shown with its stage
    run: Callable             # run(tree, ctx) -> tree
    when: Optional[Callable] = None   # when(ctx): whether it runs in this build (default: always)
    # show(tree, ctx) -> the stage's text where the program alone does not
    # say what the pass found (the probe: each value's shape)
    show: Optional[Callable] = None

    def applies(self, ctx):
        return self.when is None or self.when(ctx)


class Family(enum.Enum):
    """What kind of code a transformation writes (passes that serve several ask)."""
    COMMON = "the common stages"
    FORWARD = "forward mode"
    REVERSE = "reverse mode"
    BATCH = "vmap"
    JIT = "jit"


@dataclass(frozen=True)
class Transform:
    name: str        # "jvp", "grad", ...: the cache key's and the stages' name
    suffix: str      # of the generated function's name
    family: Family
    what: str        # for messages: "the gradient" (of `f`)
    passes: tuple    # Pass records, run after the common ones and before simplify
    callee: str      # the transformation the functions its code calls get
    keeps_defaults: bool = False   # same parameters as the user's: same default values
    output: object = None   # what the code returns, where transformations share passes
                            # (reverse mode's Output)
    tidy: tuple = ()        # Pass records run on the simplified code (a derivative's
                            # algebra, as a person would tidy it)


class Stage(NamedTuple):
    name: str
    purpose: str
    source: str      # the program after the pass


TRANSFORMS = {}   # name -> Transform, registered by s2s/transforms.py


def register(transform):
    TRANSFORMS[transform.name] = transform
    return transform


class Transformation:
    """Base of the objects s2s's API returns (`grad(f)`, `vmap(f)`, `jacfwd(f)`):
    `.fun` is what they transform. Passes and the API recognise them by this
    class, never by module or class names."""
    fun = None

    def function_for(self, args):
        """The Python function (generated code) that computes this
        transformation for `args`, for a further transformation to rewrite; None
        where there is none (it is then used as it is)."""
        return None

    def _repr_html_(self):
        """In a notebook: the generated code, highlighted (the version the last
        call used, else the one for array arguments; None, so that the notebook
        shows the repr, where it is built for shapes no call has given yet)."""
        from .errors import S2SError
        from .highlight import html_block
        try:
            return html_block(self.generated().source)
        except S2SError:
            return None


def keep_compiled(fun, make):
    """`make(fun)`, except that a transformation of a jitted function (s2s.jit)
    is jitted the same way: grad(jit(f)) is jit(grad(f)), as JAX differentiates
    a jitted function into a jitted one."""
    from .listed_parameters import ByArity, takes_listed
    if takes_listed(fun):   # `def f(x, *args)`: made for each call's arguments
        return ByArity(fun, make)
    rejit = getattr(fun, "__s2s_rejit__", None)
    return make(fun) if rejit is None else rejit(make(fun.fun))


FACTORIES = set()   # s2s.grad, s2s.vmap, ...: called inside user code, built at resolve


def factory(fn):
    """Mark an API function that makes a transformation (resolve builds it once)."""
    FACTORIES.add(fn)
    return fn


PUBLIC = {}   # name -> API function whose calls a pass rewrites (s2s.jvp inside vmap)


def is_s2s_api(obj):
    """A transformation object, or an API function that makes or runs one."""
    try:
        return isinstance(obj, Transformation) or obj in FACTORIES or obj in PUBLIC.values()
    except TypeError:   # unhashable
        return False


def public(name):
    def mark(fn):
        PUBLIC[name] = fn
        return fn
    return mark


# -- the options of a build (part of its cache key) ------------------------------------------

class Output(enum.Enum):
    """What a reverse-mode function returns."""
    VJP = "the value and its pullback"
    GRAD = "the gradient"
    VALUE_AND_GRAD = "the value and the gradient"
    APPLY = "the pullback applied to a given cotangent (jacrev)"


@dataclass(frozen=True)
class JvpOptions:
    active: tuple           # per parameter: is its tangent an input

    @property
    def nparams(self):
        return len(self.active)


@dataclass(frozen=True)
class ReverseOptions:
    kinds: tuple            # per parameter: 0 not differentiated, 1 an array, 2 a pytree
    has_aux: bool = False   # the function returns (value, aux)
    argnums_int: bool = False   # grad returns one gradient, not a tuple of one
    flat: bool = False      # functions it calls are put in line, not called through
                            # their own vjp (so that vmap can batch the result)
    unpacked: bool = False  # its caller unpacks the result (`a, b = f(x)`): the
                            # pullback takes the tuple of the parts' cotangents

    @property
    def nparams(self):
        return len(self.kinds)


@dataclass(frozen=True)
class JitOptions:
    static: tuple           # per parameter: is it static (a Python value when traced)
    unroll: int = 32        # a counted loop of at most this many steps stays a Python loop

    @property
    def nparams(self):
        return len(self.static)


@dataclass(frozen=True)
class BatchOptions:
    batched: tuple          # per parameter: does it carry a batch axis (first)
    signature: tuple        # one example's probe.Info per parameter
    axis_name: object = None   # vmap's axis_name: what lax.psum(x, axis_name) sums over
    axis_size: int = None      # the batch size, where an axis_name lets the code see it
    spmd_axis_name: object = None   # the mesh axis the batch is sharded over (jax.vmap's)
    enclosing: tuple = ()      # (axis_name, size) of the named vmaps this one is built inside
    returned_item: int = None  # return only this item of the function's tuple (a Jacobian
                               # reads only the jvp's tangents: the primal is not computed)

    @property
    def nparams(self):
        return len(self.batched)
