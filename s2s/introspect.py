"""Introspection: the generated code behind a transformation, and the program
after each of its passes (`s2s.source`, `s2s.stages`, `s2s.generated`; the
CLI prints them)."""
import re

from . import api, backend, driver, frontend
from .errors import S2SError
from .jacobians import hessian, jacfwd, jacrev
from .jit import Jitted
from .pipeline import Transformation
from .vectorize import vmap

# transformation name -> make(fun, argnums), for those built for one example's
# shapes
SHAPE_SPECIALIZED = {"vmap": lambda fun, argnums: vmap(fun), "jacfwd": jacfwd,
                     "jacrev": jacrev, "hessian": hessian}


def generated(fun, transform="jvp", argnums=None):
    """The generated function itself (for `transform` with `argnums` active)."""
    fn = frontend.python_function(fun)
    frontend.check_listed_parameters(fn)
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
        return generated_record(fun, transform, argnums).function
    return api.get_jvp(fn, mask).function


def source(fun, transform=None, argnums=None, example_args=None, explain=False):
    """The generated Python source of a function s2s produced.

    `s2s.source(g)` for a function s2s generated, or a transformation such as
    `s2s.grad(f)` (the version its last call used); `s2s.source(f, "jvp")`
    for what s2s generates from a user function `f` (all parameters active
    unless `argnums` says otherwise). Arguments are taken to be arrays unless
    `example_args` shows what they are (a list of layers is a pytree, an int
    is not differentiated). `explain=True` adds teaching comments: where the
    sweeps begin, what the tape holds, the rule behind each derivative line,
    what each runtime helper does (s2s/explain.py).
    """
    if not explain:
        gen = generated_record(fun, transform, argnums, example_args)
        return _noted(how_jit_differs(fun, transform, gen), gen.source)
    from .explain import explained
    with driver.tidying(False):     # one line per rule, each citing it
        gen = generated_record(fun, transform, argnums, example_args)
    return _noted(how_jit_differs(fun, transform, gen), explained(gen.source, transform or ""))


def _noted(note, text):
    """`text` with `note` above it, still knowing where its lines came from."""
    if not note:
        return text
    return backend.Text(note + text, getattr(text, "tree", None), getattr(text, "filename", None))


def how_jit_differs(fun, transform, gen):
    """s2s.jit of a transformation (`s2s.jit(s2s.grad(f))`) converts the
    transformation's code once more, for jax.jit: comment lines that say how
    what runs differs from what `s2s.source` shows of the transformation."""
    inner = getattr(fun, "fun", None)
    if transform is not None or not isinstance(fun, Jitted) \
            or not isinstance(inner, Transformation):
        return ""
    made_lax = sum(d.startswith("->") for _, d in (gen.facts or {}).get("functionalize", ()))
    named = re.fullmatch(r"<s2s\.(\w+) of '?([^']+?)'?>", repr(inner))
    what = f"s2s.source(s2s.{named[1]}({named[2]}))" if named else "s2s.source of it"
    change = (f", and {made_lax} `if`, `while` or `for` on traced values made lax\n"
              "# control flow (if_else, while_loop, for_range)") if made_lax else \
        ": the same computation"
    return (f"# s2s.jit runs the code {what} shows, converted for jax.jit:\n"
            f"# one operation per line{change}.\n")


def stages(fun, transform=None, argnums=None, example_args=None):
    """[Stage(name, purpose, source)]: the program after every pass (the CLI's
    --passes): of a transformation (`s2s.stages(s2s.grad(f))`), or of
    `transform` applied to a user function."""
    return generated_record(fun, transform, argnums, example_args).stages


def generated_record(fun, transform, argnums=None, example_args=None):
    """The driver's record (source, stages) of what `source` and `stages` show."""
    if transform is None and callable(getattr(type(fun), "generated", None)):
        return fun.generated(example_args)   # grad(f), vmap(f), ...
    if transform == "jit":
        from .jit import jit
        return jit(fun).generated(example_args)
    if transform in ("grad", "value_and_grad", "vjp"):
        fn = frontend.python_function(fun)
        frontend.check_listed_parameters(fn)
        nparams = fn.__code__.co_argcount
        if transform == "vjp":
            active = range(nparams) if argnums is None else \
                ((argnums,) if isinstance(argnums, int) else argnums)
            kinds = tuple(1 if i in active else 0 for i in range(nparams))
            if example_args is not None:
                kinds = tuple(k and (api.kind_of(a) if api.differentiable(a) else 0)
                              for k, a in zip(kinds, example_args))
            return api.get_reverse(fn, "vjp", kinds)
        return api.Transformed(fn, transform, 0 if argnums is None else argnums,
                               False).generated(example_args)
    if transform is None:
        gen = driver.generated_by(fun)
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
                                                   + tuple(SHAPE_SPECIALIZED) + ("jit",)))
    return driver.generated_by(generated(fun, transform, argnums))


def with_callees(gen):
    """`gen` and every generated function it calls, callers first, each once
    (the CLI's --with-callees: the whole program a transformation runs)."""
    order, seen, todo = [], set(), [gen]
    while todo:
        g = todo.pop(0)
        if id(g) in seen or getattr(g, "source", None) is None:
            continue
        seen.add(id(g))
        order.append(g)
        todo.extend(getattr(g, "callees", []))
    return order


def saved_arrays(pullback):
    """The arrays a pullback (from `s2s.vjp`) keeps alive until it runs: what
    reverse mode saved in its forward sweep, each array once. Their total
    `nbytes` is the memory a checkpoint (s2s.checkpoint) trades for time."""
    from .compiled_callees import closed_over_arrays
    return list({id(a): a for a in closed_over_arrays(pullback)}.values())
