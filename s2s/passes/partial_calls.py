"""Calls spelled out where the function shows what they call with:
`functools.partial` made in the function, put in line where it is called,
`*` of a tuple or list the function writes out, and `zip` of such sequences
unpacked (`lefts, rights = zip(*pairs)`) as the tuples it gives.

`partial(f, a, k=1)(x)` is `f(a, x, k=1)`; so is `g(x)` after `g = partial(f, a,
k=1)`, when the function assigns `g` once and only calls it (or maps it), and
the bound arguments are constants or names the function never rebinds (they
hold at the call what they held at the partial). Run by the fence stage, before
resolve, so the call is resolved, differentiated and batched like any other.
"""
import copy
import functools

import gast
import jax

from .. import anno
from ..nodes import blocks_rewritten, name_nodes, walk
from ..template import load, store
from .resolve_values import _NotStatic, _static_value

PARTIALS = (functools.partial, jax.tree_util.Partial)


def is_partial(node, ns):
    """`partial(f, ...)` with a named f and no `*`/`**` arguments."""
    if not (isinstance(node, gast.Call) and node.args
            and isinstance(node.args[0], (gast.Name, gast.Attribute))
            and not any(isinstance(a, gast.Starred) for a in node.args)
            and all(k.arg is not None for k in node.keywords)):
        return False
    return _is_a_partial(node.func, ns)


def located(node, where):
    """`node` with `where`'s location on each part that has none."""
    for n in walk(node):
        if getattr(n, "lineno", None) is None:
            anno.copy_location(n, where)
    return node


def merged_call(partial, args, keywords, where):
    """`f(bound..., args..., **bound_keywords | keywords)`: the call of
    `partial`'s function, the call's keywords taking precedence."""
    given = {k.arg for k in keywords}
    bound = [copy.deepcopy(k) for k in partial.keywords if k.arg not in given]
    call = gast.Call(func=copy.deepcopy(partial.args[0]),
                     args=[copy.deepcopy(a) for a in partial.args[1:]] + list(args),
                     keywords=bound + list(keywords))
    return located(call, where)


def stars_spelled(fn):
    """`g(*(a, b))` -> `g(a, b)`; `g(*xs)` -> `g(xs[0], xs[1])` where the function
    assigns `xs` once, a literal tuple or list, and reads it only by `*` or index."""
    literals = _literal_sequences(fn)
    for node in walk(fn):
        if not isinstance(node, gast.Call) or \
                not any(isinstance(a, gast.Starred) for a in node.args):
            continue
        args = []
        for a in node.args:
            if isinstance(a, gast.Starred) and isinstance(a.value, (gast.Tuple, gast.List)):
                args.extend(a.value.elts)
            elif isinstance(a, gast.Starred) and isinstance(a.value, gast.Name) \
                    and a.value.id in literals:
                args.extend(anno.copy_location(gast.Subscript(
                    value=gast.Name(id=a.value.id, ctx=gast.Load(), annotation=None,
                                    type_comment=None),
                    slice=gast.Constant(value=i, kind=None), ctx=gast.Load()), a)
                    for i in range(len(literals[a.value.id].elts)))
            else:
                args.append(a)
        node.args = args
        located(node, node)


def _literal_sequences(fn):
    """{name: its literal} for names assigned once, a literal tuple or list
    without `*`, and read only by `*` or by index."""
    stored, found = {}, {}
    for n in name_nodes(fn.body):
        if isinstance(n.ctx, gast.Store):
            stored[n.id] = stored.get(n.id, 0) + 1
    for s in walk(fn):
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name) and _length(s.value) is not None:
            found[s.targets[0].id] = s.value
    allowed = set()
    for node in walk(fn):
        if isinstance(node, (gast.Starred, gast.Subscript)) and isinstance(node.value, gast.Name):
            allowed.add(id(node.value))
    reads = [n for n in name_nodes(fn.body) if isinstance(n.ctx, gast.Load)]
    return {name: v for name, v in found.items() if stored.get(name) == 1
            and all(id(n) in allowed for n in reads if n.id == name)}


def _length(node, literals=None):
    """How many items `node` has, where the code shows it: a literal tuple or
    list without `*`, or an item of one named in `literals` that is one."""
    if isinstance(node, gast.Subscript) and isinstance(node.value, gast.Name) \
            and literals and node.value.id in literals \
            and isinstance(node.slice, gast.Constant) and type(node.slice.value) is int:
        items = literals[node.value.id].elts
        if -len(items) <= node.slice.value < len(items):
            return _length(items[node.slice.value])
    if isinstance(node, (gast.Tuple, gast.List)) \
            and not any(isinstance(e, gast.Starred) for e in node.elts):
        return len(node.elts)
    return None


def zips_unpacked(fn, ns):
    """`a, b = zip(s1, s2)` -> `a = (s1[0], s2[0])` and `b = (s1[1], s2[1])`
    where each sequence has as many items as there are targets (so the
    unpacking cannot fail) and the targets are names the sequences do not
    read: the tuples zip gives, item by item, each differentiable. Run after
    `stars_spelled`, so `zip(*pairs)` of a written list is zip of its items."""
    literals = _literal_sequences(fn)
    blocks_rewritten(walk(fn), lambda s: _zip_unpacked(s, ns, literals))


def _zip_unpacked(s, ns, literals):
    if not (isinstance(s, gast.Assign) and len(s.targets) == 1
            and isinstance(s.targets[0], (gast.Tuple, gast.List))
            and all(isinstance(t, gast.Name) for t in s.targets[0].elts)
            and _is_builtin(s.value, ns, zip) and s.value.args and not s.value.keywords):
        return [s]
    targets = [t.id for t in s.targets[0].elts]
    read = {n.id for n in name_nodes(s.value.args)}
    if any(_length(a, literals) != len(targets) for a in s.value.args) \
            or read & set(targets) or len(set(targets)) < len(targets):
        return [s]
    return [located(gast.Assign(targets=[gast.Name(id=t, ctx=gast.Store(), annotation=None,
                                                   type_comment=None)],
                                value=gast.Tuple(elts=[
                                    gast.Subscript(value=copy.deepcopy(a),
                                                   slice=gast.Constant(value=j, kind=None),
                                                   ctx=gast.Load())
                                    for a in s.value.args], ctx=gast.Load()),
                                type_comment=None), s)
            for j, t in enumerate(targets)]


def put_in_line(fn, ns):
    """Rewrite `fn`'s calls of partials made in it (see the module's doc)."""
    _lambdas_named(fn, ns)
    named = _named_partials(fn, ns)
    for node in walk(fn):
        if not isinstance(node, gast.Call):
            continue
        if isinstance(node.func, gast.Name) and node.func.id in named:
            node.func = copy.deepcopy(named[node.func.id])
        if _is_map(node, ns) and isinstance(node.args[0], gast.Name) \
                and node.args[0].id in named:
            node.args[0] = copy.deepcopy(named[node.args[0].id])
        if is_partial(node.func, ns):
            merged = merged_call(node.func, node.args, node.keywords, node)
            node.func, node.args, node.keywords = merged.func, merged.args, merged.keywords
    if named:
        fn.body = [s for s in fn.body if not _assigns(s, named)]
    _maps_written_out(fn, ns)


def _maps_written_out(fn, ns):
    """`map(partial(f, a), xs, ys)` -> `[f(a, item, item_1) for item, item_1 in
    zip(xs, ys)]` (resolve writes a map of a named function so itself)."""
    taken = {n.id for n in name_nodes(fn)}
    for node in walk(fn):
        for field, value in gast.iter_fields(node):
            values = value if isinstance(value, list) else [value]
            for i, v in enumerate(values):
                if isinstance(v, gast.Call) and _is_map(v, ns) and not v.keywords \
                        and is_partial(v.args[0], ns):
                    comp = _comprehension(v, taken)
                    if isinstance(value, list):
                        value[i] = comp
                    else:
                        setattr(node, field, comp)


def _comprehension(node, taken):
    return map_as_comprehension(node.args[1:], taken, lambda items: merged_call(
        node.args[0], items, [], node), node)


def map_as_comprehension(seqs, taken, call_of, where):
    """`map(f, xs, ys)` -> `[call_of(item, item_1) for item, item_1 in zip(xs,
    ys)]`, a list (a Python 3 map is an iterator: a list serves every use of it
    s2s can transform); the item names are fresh against `taken`."""
    items = [_fresh("item", taken) for _ in seqs]

    def named(n, ctx):
        return gast.Name(id=n, ctx=ctx, annotation=None, type_comment=None)
    call = call_of([named(n, gast.Load()) for n in items])
    if len(items) == 1:
        target, it = named(items[0], gast.Store()), seqs[0]
    else:
        target = gast.Tuple(elts=[named(n, gast.Store()) for n in items], ctx=gast.Store())
        it = gast.Call(func=named("zip", gast.Load()), args=list(seqs), keywords=[])
    comp = gast.ListComp(elt=call, generators=[gast.comprehension(
        target=target, iter=it, ifs=[], is_async=0)])
    return located(comp, where)


def _lambdas_named(fn, ns):
    """`g = partial(lambda x, a: ..., a=2.0)` -> `g_function = lambda x, a: ...`
    then `g = partial(g_function, a=2.0)`, a local function like any other."""
    taken = {n.id for n in name_nodes(fn)}
    body = []
    for s in fn.body:
        value = getattr(s, "value", None)
        if isinstance(s, gast.Assign) and isinstance(value, gast.Call) and value.args \
                and isinstance(value.args[0], gast.Lambda) and _is_a_partial(value.func, ns):
            base = s.targets[0].id if isinstance(s.targets[0], gast.Name) else "partial"
            name = _fresh(f"{base}_function", taken)
            body.append(located(gast.Assign(targets=[store(name)], value=value.args[0],
                                            type_comment=None), s))
            value.args[0] = located(load(name), value.args[0])
        body.append(s)
    fn.body = body


def _fresh(base, taken):
    """`base`, or `base_1`, `base_2`, ...: the first not in `taken` (then taken)."""
    name, i = base, 0
    while name in taken:
        i += 1
        name = f"{base}_{i}"
    taken.add(name)
    return name


def _is_a_partial(func, ns):
    try:
        return any(_static_value(func, ns) is p for p in PARTIALS)
    except (KeyError, _NotStatic):
        return False


def _named_partials(fn, ns):
    """{g: the partial} for each `g = partial(...)` of fn's body that can be put in line."""
    stored = {}
    for n in name_nodes(fn.body):
        if isinstance(n.ctx, gast.Store):
            stored[n.id] = stored.get(n.id, 0) + 1
    params = {a.id for a in fn.args.args}
    found = {}
    settled = set()   # names the body has assigned once, before this statement
    for s in fn.body:
        if isinstance(s, gast.Assign) and len(s.targets) == 1 \
                and isinstance(s.targets[0], gast.Name) and stored[s.targets[0].id] == 1 \
                and is_partial(s.value, ns) and _steady(s.value, stored, settled) \
                and s.targets[0].id not in params:
            found[s.targets[0].id] = s.value
        if isinstance(s, gast.Assign):
            settled.update(t.id for t in s.targets
                           if isinstance(t, gast.Name) and stored.get(t.id) == 1)
    return {g: p for g, p in found.items() if _only_called(fn, g, ns)}


def _steady(partial, stored, settled):
    """The bound arguments (and the function) hold the same values wherever
    the partial is called: names the body never assigns, or assigns once
    before the partial, outside any block."""
    return all(n.id not in stored or n.id in settled
               for a in partial.args + [k.value for k in partial.keywords]
               for n in name_nodes(a))


def _only_called(fn, name, ns):
    """Every read of `name` calls it or maps it."""
    reads = [n for n in name_nodes(fn.body) if isinstance(n.ctx, gast.Load) and n.id == name]
    used = set()
    for node in walk(fn):
        if isinstance(node, gast.Call):
            if node.func in reads:
                used.add(id(node.func))
            if _is_map(node, ns) and node.args[0] in reads:
                used.add(id(node.args[0]))
    return all(id(n) in used for n in reads)


def _is_map(node, ns):
    return _is_builtin(node, ns, map) and len(node.args) > 1


def _is_builtin(node, ns, builtin):
    try:
        return isinstance(node, gast.Call) and isinstance(node.func, gast.Name) \
            and _static_value(node.func, ns) is builtin
    except (KeyError, _NotStatic):
        return False


def _assigns(s, named):
    return isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
        and s.targets[0].id in named and s.value is named[s.targets[0].id]
