"""Python lists and dicts inside transformed functions (issue 8).

`CASES` work in every transformation and must match JAX. `ALIASED` are
programs whose result depends on a list being mutated through a second name
(an alias, or a helper that mutates its argument): s2s refuses each with an
S2SError at the user's line, never a wrong value. `SAFE` are the common
correct patterns the refusal must leave alone.
"""
import jax.numpy as jnp


# -- lists and dicts updated by item ------------------------------------------------

def list_item_assign(x):
    hs = [None] * 2
    hs[0] = x * 2.0
    hs[1] = x * 3.0
    return jnp.sum(hs[0] + hs[1])


def list_item_assign_loop(x):
    hs = [0.0] * 3
    for i in range(3):
        hs[i] = jnp.sin(x * (i + 1.0))
    hs[1] += x ** 2
    return jnp.sum(jnp.stack(hs))


def dict_item_assign(x):
    out = {}
    out["a"] = x * 2.0
    out["b"] = jnp.exp(x)
    out["a"] = out["a"] * out["b"]
    return jnp.sum(out["a"] + 1.0)


def dict_display_update(x):
    d = {"u": x, "v": 2.0 * x}
    d["u"] = jnp.tanh(d["u"] * d["v"])
    return jnp.sum(d["u"] * x)


# -- list concatenation ------------------------------------------------------------

def list_concat_loop(x):
    parts = []
    for i in range(3):
        y = x * (i + 1.0)
        parts = parts + [jnp.sin(y)]
    return jnp.sum(jnp.stack(parts))


def list_concat_augmented(x):
    parts = [x]
    parts += [x ** 2, jnp.cos(x)]
    return jnp.sum(jnp.stack(parts) * jnp.stack(parts))


# -- iterating a dict argument ---------------------------------------------------------

def dict_iter(params):
    s = 0.0
    for k in params:
        s = s + jnp.sum(jnp.sin(params[k]) * params[k])
    return s


# -- .at[i] updates other than set/add ----------------------------------------------------

def at_min(x):
    return jnp.sum(x.at[0].min(0.0) * x)


def at_max(x):
    return jnp.sum(jnp.sin(x.at[1].max(x[0] * 0.5)))


def at_multiply(x):
    return jnp.sum(x.at[1].multiply(x[0]) * x)


def at_min_slice(x):
    y = x.at[1:].min(jnp.cos(x[0]))
    return jnp.sum(y ** 2)


# name -> (function, argument maker): every argument is a float64 vector or a dict of them.
CASES = {f.__name__: f for f in [
    list_item_assign, list_item_assign_loop, dict_item_assign, dict_display_update,
    list_concat_loop, list_concat_augmented, dict_iter, at_min, at_max, at_multiply,
    at_min_slice,
]}
DICT_ARGUMENT = {"dict_iter"}


# -- refused: a mutation seen through another name ------------------------------------------

def alias_append(x):
    a = [x]
    b = a
    b.append(2.0 * x)
    return jnp.sum(jnp.stack(a))


def alias_item_assign(x):
    a = [x, x]
    b = a
    b[0] = 2.0 * x
    return jnp.sum(jnp.stack(a))


def alias_unpack(x):
    a = [x]
    b, c = a, 1.0
    b.append(c * x)
    return jnp.sum(jnp.stack(a))


def alias_augmented(x):
    a = [x]
    b = a
    b += [2.0 * x]
    return jnp.sum(jnp.stack(a))


def alias_dict(x):
    d = {"a": x}
    e = d
    e["a"] = 3.0 * x
    return jnp.sum(d["a"])


def alias_nested(x):
    row = [x]
    rows = [row]
    row.append(2.0 * x)
    return jnp.sum(jnp.stack(rows[0]))


def alias_element(x):
    rows = [[x], [x]]
    first = rows[0]
    first.append(2.0 * x)
    return jnp.sum(jnp.stack(rows[0]))


def record(acts, h):
    acts.append(h)


def helper_append(x):
    a = [x]
    record(a, 2.0 * x)
    return jnp.sum(jnp.stack(a))


def put_first(xs, v):
    xs[0] = v
    return xs


def helper_item_assign(x):
    a = [x, x]
    b = put_first(a, 3.0 * x)
    return jnp.sum(jnp.stack(a) + jnp.stack(b))


ALIASED = {f.__name__: f for f in [
    alias_append, alias_item_assign, alias_unpack, alias_augmented, alias_dict,
    alias_nested, alias_element, helper_append, helper_item_assign,
]}


# -- left alone: correct patterns that look a little like the refused ones ----------------------

def safe_rebuilt_rows(x):
    rows = []
    for i in range(2):
        row = []
        for j in range(3):
            row.append(x * (i + j + 1.0))
        rows.append(jnp.stack(row))
    return jnp.sum(jnp.stack(rows) ** 2)


def safe_fresh_after_alias(x):
    a = [x]
    b = a
    b = b + [2.0 * x]
    return jnp.sum(jnp.stack(a)) + jnp.sum(jnp.stack(b))


def grow(acts, h):
    return acts + [h]


def safe_helper_returns_new_list(x):
    a = [x]
    a = grow(a, jnp.sin(x))
    return jnp.sum(jnp.stack(a))


def safe_array_alias_item(x):
    y = x * 1.0
    z = y
    z = z.at[0].set(2.0)
    return jnp.sum(y * z)


def safe_mutate_after_rebind(x):
    acts = []
    acts.append(x)
    saved = acts
    acts = []
    acts.append(2.0 * x)
    return jnp.sum(jnp.stack(saved)) + jnp.sum(jnp.stack(acts))


SAFE = {f.__name__: f for f in [
    safe_rebuilt_rows, safe_fresh_after_alias, safe_helper_returns_new_list,
    safe_array_alias_item, safe_mutate_after_rebind,
]}


def dict_built_over_pairs(x):
    scaled = {}
    for k, s in [("a", 2.0), ("b", -1.0)]:
        scaled[k] = x * s
    return jnp.sum(scaled["a"] * scaled["b"])
