"""Simplify generated code, to a fixed point, without changing any value.

- share repeated expressions: a pure expression computed again in the same
  block, with none of its operands reassigned in between, reuses the first
  result (`x_i_1 = x[i]` -> `x_i_1 = x_i`);
- propagate copies: `a = b` where both names are assigned exactly once goes,
  and `a` is read as `b`; where one of them is assigned twice (a loop's
  carried version), the copy goes when its block alone shows it is safe
  (`coalesce_copies`);
- remove dead code: assignments nobody reads, when the value is pure, and
  (dead_stores.py) assignments no path after them reads;
- number the versions of a name without gaps, in the order they appear.

Only names and pure expressions (operators, indexing, jax.numpy calls, s2s's
runtime helpers) are touched: calls of user functions and every statement
with an effect stay. Shapes and dtypes cannot change: values are only
renamed or dropped, never recomputed differently.
"""
import collections
import itertools
import re

import gast

from ..backend import is_mark
from ..nodes import children, name_nodes, walk
from .dead_stores import remove_dead_stores
from .simplify_census import Census, is_pure
from .. import anno


def steps(users):
    """simplify's steps in their order, each step(fn, census) -> whether it changed
    fn (`users`: the names the user wrote, which copies do not take away)."""
    return (remove_dead, share_repeated, propagate_copies,
            lambda f, census: coalesce_copies(f, users, census),
            lambda f, census: remove_dead_stores(f, census.is_pure, census.functions,
                                                 census.scoped, census.loads))


def run(fn, ctx):
    users = ctx.parsed.names   # the names the user wrote
    steps_ = steps(users)   # (named apart from the function that makes them)
    keeps_census = (False, False, True, False, False)   # (propagate_copies updates it)
    # Rounds of the steps in order until none changes anything. A step that found
    # nothing stays done until another changes the tree: each step is a function of
    # the tree alone, so running it again on the same tree would find nothing again
    # (the confirming round skips the steps after the round's last change: each is a
    # whole-function sweep). The steps between two changes share one census.
    done, census = [False] * len(steps_), None
    while not all(done):
        for k, step in enumerate(steps_):
            if done[k]:
                continue
            if census is None:
                census = Census(fn)
            if step(fn, census):
                # copies gone leave every other assignment read: remove_dead has
                # nothing new to find unless a block was left empty
                dead_done = done[0] and step is propagate_copies and not census.emptied
                done = [dead_done] + [False] * (len(steps_) - 1)
                if not keeps_census[k] or census.stale:
                    census = None
            else:
                done[k] = True
    invert_empty_branches(fn)
    renumber_versions(fn, keep=users | {fn.name})
    return fn


_VERSION = re.compile(r"^(.+)_(\d+)$")


def _derived_renames(renames, stored, everything):
    """The names made from a renumbered version follow it (`acc_3_bar` is
    `acc_2_bar` once `acc_3` is `acc_2`); None where that would make two
    names one (then they keep their numbers)."""
    derived = {}
    for name in stored:
        if name in renames:
            continue
        olds = [o for o in renames if name.startswith(o + "_")
                and not name[len(o) + 1:][:1].isdigit()]
        if olds:
            old = max(olds, key=len)
            derived[name] = renames[old] + name[len(old):]
    final = {n: renames.get(n, derived.get(n, n)) for n in everything}
    return derived if len(set(final.values())) == len(final) else None


def _named_in_order(fn):
    """The Name and FunctionDef nodes of `fn` (itself first), in pre-order (as
    printed), the children of each node taken from its fields in order."""
    out, stack = [], [fn]
    while stack:
        n = stack.pop()
        if n.__class__ is gast.Name:
            out.append(n)
            if n.annotation is None:
                continue   # (nothing below a name but a parameter's annotation)
        elif n.__class__ is gast.FunctionDef:
            out.append(n)
        kids = children(n)
        kids.reverse()
        stack.extend(kids)
    return out


def renumber_versions(fn, keep):
    """`acc_1, acc_4, acc_5` -> `acc_1, acc_2, acc_3`: the versions this build
    made of a name, numbered in the order they appear (what simplify removed
    left gaps). Names in `keep` (the input function's own, the function's
    name) and every number another name holds stay as they are."""
    order, stored, everything = {}, set(), set()   # (order: a dict kept in insertion order)
    named = _named_in_order(fn)
    for n in named:
        name = n.id if isinstance(n, gast.Name) else n.name if n is not fn else None
        if name is None:
            continue
        everything.add(name)
        if isinstance(n, gast.FunctionDef) or isinstance(n.ctx, (gast.Store, gast.Param)):
            stored.add(name)
        order.setdefault(name)
    versions = collections.defaultdict(list)
    for name in order:
        m = _VERSION.match(name)
        if m and name in stored and name not in keep:
            versions[m.group(1)].append(name)
    renames = {}
    for base, names in versions.items():
        taken = everything - set(names)
        k = 0
        for old in names:
            k += 1
            while f"{base}_{k}" in taken:
                k += 1
            if f"{base}_{k}" != old:
                renames[old] = f"{base}_{k}"
    if not renames:
        return False
    derived = _derived_renames(renames, stored - keep, everything)
    if derived is not None:
        renames.update(derived)
    done = set()   # a node the tree holds in two places is renamed once (a swap
    for n in named:   # `j_1` <-> `j_2` would undo itself)
        if id(n) in done:
            continue
        done.add(id(n))
        if isinstance(n, gast.Name) and n.id in renames:
            n.id = renames[n.id]
        elif isinstance(n, gast.FunctionDef) and n is not fn and n.name in renames:
            n.name = renames[n.name]
    return True


def invert_empty_branches(fn):
    """`if c: pass` / `else: body` reads better as `if not c: body`."""
    for _, _, block in list(_blocks(fn)):
        for n in block:
            if isinstance(n, gast.If) and n.orelse and all(isinstance(b, gast.Pass) for b in n.body):
                n.test = gast.UnaryOp(op=gast.Not(), operand=n.test)
                n.body, n.orelse = n.orelse, []


def _blocks(node):
    """Every statement list in the tree (function bodies, branches, loops), a
    block before the blocks inside it. Only statements hold blocks, so
    expressions are never walked."""
    found = []
    _add_blocks(node, found)
    return found


def _add_blocks(node, found):
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if isinstance(block, list) and block and isinstance(block[0], gast.stmt):
            found.append((node, field, block))
            for s in block:
                if s.__class__ not in _SIMPLE_STATEMENTS:
                    _add_blocks(s, found)
    for handler in getattr(node, "handlers", None) or []:
        _add_blocks(handler, found)


# (statements that hold no statements: most of them, not looked into)
_SIMPLE_STATEMENTS = frozenset({gast.Assign, gast.AugAssign, gast.AnnAssign, gast.Expr,
                                gast.Return, gast.Pass, gast.Break, gast.Continue,
                                gast.Raise, gast.Delete, gast.Assert, gast.Global,
                                gast.Nonlocal, gast.Import, gast.ImportFrom})


def share_repeated(fn, census):
    changed = False
    for _, _, block in list(_blocks(fn)):
        changed |= _share_in_block(block, census)
    return changed


def _share_in_block(block, census):
    """Within one statement list: a pure expression computed again, with none
    of its operands (nor the name holding it) written in between."""
    available = {}                              # expression key -> name holding it
    depends = collections.defaultdict(set)      # name -> keys it reads or holds
    changed = False
    signatures = [_signature(s, census) for s in block]
    repeated = collections.Counter(signatures)   # (a value of a signature no other
    for s, signature in zip(block, signatures):  # value in the block has: no key)
        key = reads = None
        named = isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name)
        if signature is not None and repeated[signature] > 1:
            key, reads = census.key(s.value), signature[1]
        if key is not None:
            hit = available.get(key)
            if hit is not None and hit != s.targets[0].id:
                s.value = gast.Name(id=hit, ctx=gast.Load(), annotation=None,
                                    type_comment=None)
                changed = True
                key = None   # (a name now: nothing to share)
        # a write (anywhere inside a branch or loop: values computed there are
        # not available after it either) ends what depends on the name
        stored = _stored_names(s) if not (named and len(s.targets) == 1) else \
            {s.targets[0].id} if isinstance(s.targets[0].ctx, gast.Store) else ()
        for name in stored:
            for stale in depends.pop(name, ()):
                available.pop(stale, None)
        if key is not None:
            target = s.targets[0].id
            if target not in reads:
                available[key] = target
                for name in reads | {target}:
                    depends[name].add(key)
    return changed


def _signature(s, census):
    if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
            and not isinstance(s.value, (gast.Name, gast.Constant)):
        return census.signature(s.value)
    return None


def _stored_names(s):
    # (an assignment stores only in its targets: `:=` is refused by fence)
    where = s.targets if isinstance(s, gast.Assign) else [s]
    names = {n.id for n in name_nodes(where) if isinstance(n.ctx, gast.Store)}
    if isinstance(s, gast.FunctionDef):
        names.add(s.name)
    return names


def propagate_copies(fn, census):
    counts = census.counts
    renames = {}
    for _, _, block in _blocks(fn):
        for s in block:
            if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                    and isinstance(s.value, gast.Name):
                a, b = s.targets[0].id, s.value.id
                if counts[a] == 1 and counts[b] <= 1 and a != b and a not in renames:
                    renames[a] = b
    if not renames:
        return False

    def final(name):
        seen = set()
        while name in renames and name not in seen:
            seen.add(name)
            name = renames[name]
        return name

    moved = collections.Counter()   # (name, its final name) -> loads renamed
    for n in name_nodes(fn):
        if n.id in renames and isinstance(n.ctx, gast.Load):
            new = final(n.id)
            moved[n.id, new] += 1
            n.id = new
    removed = []
    for node, field, block in list(_blocks(fn)):
        kept = []
        for s in block:
            gone = isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                and s.targets[0].id in renames
            (removed if gone else kept).append(s)
        if len(kept) != len(block):
            setattr(node, field, kept or ([] if field == "orelse" else [gast.Pass()]))
            census.emptied |= all(is_mark(k) for k in kept)   # (work for remove_dead)
    census.copies_gone(renames, moved, removed)
    return True


def coalesce_copies(fn, users=frozenset(), census=None):
    """The copies `propagate_copies` leaves because one name is assigned more
    than once, where the block holding the copy shows that removing it is safe:

    - forward, `a = b` with `a` assigned once, every read of `a` later in the
      same block, and `b` not written before the last of them: `a` is read as
      `b` (`total_3 = total_1` then `grad_seed(total_3)`: `grad_seed(total_1)`);
    - backward, `b = value` ... `a = b` in one block, with `b` assigned once and
      read only by the copy, and nothing in between reading or writing `a` or
      leaving the block: the value goes to `a` at once (`result_bar = ...`,
      `total_1_bar = result_bar`: `total_1_bar = ...`).

    A copy that would take a name the user wrote away from a name s2s made,
    or read a cotangent by the name of the one before it (`y_2_bar = y_1_bar`
    forward: explain mode and students read `v_bar` as v's cotangent), stays;
    so do names a nested function reads (it may run anywhere)."""
    census = census or Census(fn)
    counts, reads, closed = census.counts, census.reads, census.closed
    touched, changed = set(), False
    for _, _, block in list(_blocks(fn)):
        i = 0
        while i < len(block):
            s = block[i]
            if _is_copy(s) and not ({s.targets[0].id, s.value.id} & (closed | touched)):
                a, b = s.targets[0].id, s.value.id
                done = (counts[a] == 1 and _keeps(b, a, users) and "_bar" not in a
                        and _forward_copy(block, i, a, b, reads[a])) or \
                    (counts[b] == 1 and reads[b] == 1 and _keeps(a, b, users)
                     and _backward_copy(block, i, a, b))
                if done:
                    touched |= {a, b}
                    changed = True
                    continue   # (block[i] is the next statement now)
            i += 1
    return changed


def _keeps(kept, gone, users):
    """Whether the name `gone` may give way to `kept`."""
    return not (gone in users and kept not in users)


def _is_copy(s):
    return isinstance(s, gast.Assign) and len(s.targets) == 1 \
        and isinstance(s.targets[0], gast.Name) and isinstance(s.value, gast.Name) \
        and s.targets[0].id != s.value.id


def _loads(stmt, name):
    return [n for n in name_nodes(stmt) if n.id == name and isinstance(n.ctx, gast.Load)]


def _forward_copy(block, i, a, b, reads_of_a):
    if not reads_of_a:
        return False
    # the statements after the copy up to the one holding the last of `a`'s
    # reads_of_a reads (the function has no others), not the rest of the block
    later, found, count = [], [], 0
    for s in itertools.islice(block, i + 1, None):
        loads = _loads(s, a)
        later.append(s)
        found.append(loads)
        count += len(loads)
        if count >= reads_of_a:
            break
    if count != reads_of_a:
        return False
    last = max(j for j, loads in enumerate(found) if loads)
    if any(b in _stored_names(s) for s in later[:last]):
        return False
    if b in _stored_names(later[last]) and not isinstance(later[last], gast.Assign):
        return False   # (a loop's second pass would read the new `b`)
    for loads in found:
        for n in loads:
            n.id = b
    _remove(block, i)
    return True


def _remove(block, i):
    """Remove block[i]; the next statement takes its place in the user's code
    where it has none of its own (the gradient's seed after `result = y`)."""
    gone = block.pop(i)
    if i < len(block) and getattr(block[i], "lineno", None) is None \
            and getattr(gone, "lineno", None) is not None:
        anno.copy_location(block[i], gone)


_LEAVES = (gast.Break, gast.Continue, gast.Return, gast.Raise)


def _backward_copy(block, i, a, b):
    k = next((k for k in reversed(range(i)) if isinstance(block[k], gast.Assign)
              and len(block[k].targets) == 1 and isinstance(block[k].targets[0], gast.Name)
              and block[k].targets[0].id == b), None)
    if k is None:
        return False
    for s in block[k + 1:i]:
        if any(isinstance(n, _LEAVES) or (isinstance(n, gast.Name) and n.id == a)
               for n in walk(s)):
            return False
    block[k].targets = [gast.Name(id=a, ctx=gast.Store(), annotation=None, type_comment=None)]
    del block[i]
    return True


def remove_dead(fn, census):
    """Pure assignments nobody reads. Blocks and statements are visited last
    first, and a removed statement's reads are uncounted at once, so a chain of
    dead temporaries goes in one sweep."""
    reads = census.reads.copy()
    changed = False
    for node, field, block in reversed(list(_blocks(fn))):
        kept = []
        for s in reversed(block):
            dead = isinstance(s, gast.Assign) and census.is_pure(s.value) and not any(
                reads[n.id] for n in name_nodes(s.targets[0]))
            if dead or _does_nothing(s):
                reads.subtract(n.id for n in name_nodes(s) if isinstance(n.ctx, gast.Load))
                changed = True
            else:
                kept.append(s)
        if kept and all(is_mark(k) for k in kept):
            kept = []   # a comment about statements that are gone
        if len(kept) != len(block):
            kept.reverse()
            setattr(node, field, kept or ([] if field == "orelse" else [gast.Pass()]))
    return changed


def _does_nothing(s):
    """An `if` or loop whose every branch is `pass` (its test and iterable are pure)."""
    def empty(block):
        return all(isinstance(b, gast.Pass) or is_mark(b) for b in block)
    if isinstance(s, gast.If):
        return empty(s.body) and empty(s.orelse) and is_pure(s.test)
    if isinstance(s, gast.For):
        return empty(s.body) and is_pure(s.iter)
    return False
