"""`s2s.checkpoint(fun)`: reverse mode saves only the arguments of each call of
`fun`, and the reverse sweep runs `fun`'s vjp again from them to make the
pullback; the values inside `fun` are never kept between the sweeps.

    y = block(x, w)                         # forward sweep: the call as written
    ...
    _, y_pullback = block_vjp(x, w)         # reverse sweep: block's forward again
    y_arg_bars = y_pullback(y_bar)

So a loop of checkpointed steps keeps one argument per step on its tape
instead of every intermediate of every step: memory for time, as
`jax.checkpoint` trades them. `jax.checkpoint`-wrapped functions are
checkpointed too. The function called directly, or under JAX's own
transformations, is `jax.checkpoint(fun)`.
"""
import functools

import jax

MARK = "__s2s_checkpoint__"


def checkpoint(fun=None, *, prevent_cse=True, policy=None, static_argnums=(),
               static_argnames=()):
    """`fun`, checkpointed: JAX's signature (`policy` is JAX's only: s2s saves
    the arguments and nothing else)."""
    if fun is None:   # (@s2s.checkpoint(static_argnums=1))
        return functools.partial(checkpoint, prevent_cse=prevent_cse, policy=policy,
                                 static_argnums=static_argnums, static_argnames=static_argnames)
    # (jax.checkpoint takes static_argnames from JAX 0.10.2 on: passed only when given)
    names = {"static_argnames": static_argnames} if static_argnames else {}
    by_jax = jax.checkpoint(fun, prevent_cse=prevent_cse, policy=policy,
                            static_argnums=static_argnums, **names)

    @functools.wraps(fun)
    def saved(*args, **kwargs):
        return by_jax(*args, **kwargs)
    saved.__s2s_function__ = fun   # (what s2s transforms)
    setattr(saved, MARK, True)
    return saved


def checkpointed(fn):
    """The function a checkpoint wraps (s2s.checkpoint's or jax.checkpoint's),
    or None when `fn` is not checkpointed."""
    if getattr(fn, MARK, False):
        return fn.__s2s_function__
    return inside_jax_checkpoint(fn)


def inside_jax_checkpoint(fn):
    """The user function in `jax.checkpoint(f)`: its wrapper's closure holds
    JAX's `fun_remat`, whose closure holds `f` (None for anything else)."""
    for cell in getattr(fn, "__closure__", None) or ():
        inner = _contents(cell)
        if getattr(inner, "__qualname__", "") == "checkpoint.<locals>.fun_remat":
            cells = dict(zip(inner.__code__.co_freevars, inner.__closure__ or ()))
            return _contents(cells["fun"]) if "fun" in cells else None
    return None


def _contents(cell):
    try:
        return cell.cell_contents
    except ValueError:   # (an empty cell)
        return None
