"""A user's own derivative rules (`jax.custom_jvp` with `defjvp`,
`jax.custom_vjp` with `defvjp`; `s2s.custom_jvp` and `s2s.custom_vjp` are
these): the generated code calls the user's rule functions by name.

    half_slope_dot = half_slope_jvp((x,), (x_dot,))[1]            # forward mode
    clip_args_bar = clip_bwd(clip_fwd(x, limit)[1], clip_bar)      # reverse mode

Forward mode of a custom_jvp function and reverse mode of a custom_vjp one are
written out so; the other pairings go to JAX (s2s/by_jax.py), which derives
them from the same rule as JAX does: reverse mode of a custom_jvp function by
linearizing the user's jvp rule, and forward mode of a custom_vjp function is
an error in JAX and in s2s alike. A rule with `nondiff_argnums`, or rules JAX
wrote (`defjvps`), go to JAX too.
"""
import types

import jax

custom_jvp = jax.custom_jvp
custom_vjp = jax.custom_vjp


def _user_function(fn):
    return isinstance(fn, types.FunctionType) and \
        not (fn.__module__ or "").startswith(("jax.", "jaxlib."))


def jvp_rule(fn):
    """The user's jvp rule function of a custom_jvp `fn`, or None."""
    if not isinstance(fn, jax.custom_jvp) or fn.nondiff_argnums:
        return None
    rule = getattr(fn, "jvp", None)
    return rule if _user_function(rule) else None


def vjp_rules(fn):
    """(fwd, bwd): the user's rule functions of a custom_vjp `fn`, or None."""
    if not isinstance(fn, jax.custom_vjp) or fn.nondiff_argnums:
        return None
    fwd, bwd = getattr(fn, "fwd", None), getattr(fn, "bwd", None)
    return (fwd, bwd) if _user_function(fwd) and _user_function(bwd) else None
