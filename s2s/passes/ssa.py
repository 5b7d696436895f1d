"""Single assignment: give every assignment its own name (outside loops).

Reverse mode reads primal values after the forward sweep has finished. If `y`
is reassigned (`y = y * x`), the pullback would see only the last value; so
each assignment to a name already in use gets a new version (`y_1`, `y_2`).
Where branches join, both assign one merged version; loops keep one *carried*
version per variable they update (copied in before the loop, copied back at
the end of each iteration). At each exit of a loop body a placeholder
`__s2s_push__(...)` marks where reverse mode saves the iteration's values on
the loop's tape. (The questions this asks of a block of statements, and the
renaming of its reads, are in s2s/passes/ssa_blocks.py.)
"""
import gast

from .. import anno
from ..anno import Key
from ..nodes import name_nodes, statements_in, walk
from ..template import load, store
from .scopes import params
from .ssa_blocks import (_assigned, _exits, _exposed, _exposed_in, _names,
                         _on_every_flowing_path, _rename_reads, _renamed, _stored_here)

PUSH = "__s2s_push__"


def run(fn, ctx):
    _SSA(ctx.namer).function(fn)
    _drop_unread_copies(fn)
    return fn


def shown(tree, ctx):
    """The ssa stage as a person reads it: each tape placeholder (an internal
    marker the reverse sweep replaces) printed as the comment
    `# the tape saves: i, tanh, ...`."""
    from .. import backend
    changed = []
    for node in walk(tree):
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list) and any(_is_push(s) for s in block):
                changed.append((node, field, block))
                setattr(node, field, [_as_comment(s, backend.COMMENT_MARK) if _is_push(s)
                                      else s for s in block])
    try:
        return backend.to_source(tree, ctx.filename)
    finally:
        for node, field, block in changed:   # (the tree goes on to the next pass as it was)
            setattr(node, field, block)


def _is_push(s):
    return isinstance(s, gast.Expr) and isinstance(s.value, gast.Call) \
        and isinstance(s.value.func, gast.Name) and s.value.func.id == PUSH


def _as_comment(s, mark):
    saved = ", ".join(a.id for a in s.value.args if isinstance(a, gast.Name))
    return anno.copy_location(gast.Expr(value=gast.Constant(
        value=f"{mark}the tape saves: {saved}", kind=None)), s)


def _drop_unread_copies(fn):
    """Copies out of a loop that nothing reads (most of them) go."""
    read = {n.id for n in name_nodes(fn) if not isinstance(n.ctx, gast.Store)}
    holders = statements_in(fn)
    holders += [h for s in holders for h in getattr(s, "handlers", ())]
    for node in holders:
        for field in ("body", "orelse"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                setattr(node, field, [s for s in block if not (
                    anno.get(s, Key.COPY_OUT, False) and s.targets[0].id not in read
                    and not anno.get(s, Key.EXIT_VALUE, False))])


class _Loop:
    def __init__(self, node, carried):
        self.node = node
        self.carried = carried        # user name -> carried version
        self.entry_values = {}        # carried version -> the version it starts from
        self.exit_values = {}         # carried version -> its copy after the loop
        self.saved = []               # versions saved per iteration, in order
        # Versions assigned so far on the path being renamed, in this loop's own
        # body: the tape saves them all, also those a later assignment shadows
        # (`x = x * 2.0; x = jnp.sin(x)`: the pullback needs both).
        self.path = set()


class _SSA:
    def __init__(self, namer):
        self.namer = namer
        self.defined = set()
        self.loops = []
        self.carried = set()   # versions carried by some loop (assigned more than once)
        self.later = [set()]   # user names that code after the current statement may read
        # names an `if` (outside loops) left undefined on some path: read after it
        # under their version, but never copied into a loop as carried (on the
        # path that did not define them there is nothing to copy)
        self.maybe_undefined = set()

    def function(self, fn):
        env = {p: p for p in params(fn)}
        self.defined |= set(env)
        fn.body = self.block(fn.body, env)
        return fn

    def version(self, name):
        v = name if name not in self.defined else self.namer.fresh(name)
        self.defined.add(v)
        if self.loops:
            self.loops[-1].saved.append(v)
            self.loops[-1].path.add(v)
        return v

    # -- statements -------------------------------------------------------------

    def block(self, stmts, env):
        out = []
        # names the code after statement i may read before it assigns them (built
        # backwards): a later `for x in ...` that rebinds x does not read this x
        suffix_reads = [set()] * len(stmts)
        for i in range(len(stmts) - 2, -1, -1):
            found, done = _exposed_in([stmts[i + 1]], set())
            suffix_reads[i] = found | (suffix_reads[i + 1] - done)
        for s, after in zip(stmts, suffix_reads):
            self.later.append(self.later[-1] | after)
            out.extend(getattr(self, "stmt_" + type(s).__name__, self.stmt_plain)(s, env))
            self.later.pop()
        return out

    def stmt_plain(self, s, env):
        _rename_reads(s, env)
        return [s]

    def stmt_FunctionDef(self, s, env):
        return [s]  # reverse mode inlines nested functions before this pass

    def stmt_Assign(self, s, env):
        s.value = _renamed(s.value, env)
        s.targets = [self.define(s.targets[0], env)]
        return [s]

    def define(self, target, env):
        if isinstance(target, gast.Name):
            self.maybe_undefined.discard(target.id)
            env[target.id] = self.version(target.id)
            return store(env[target.id])
        return type(target)(elts=[self.define(e, env) for e in target.elts], ctx=gast.Store())

    def stmt_If(self, s, env):
        s.test = _renamed(s.test, env)
        loop = self.loops[-1] if self.loops else None
        entry_path = set(loop.path) if loop else set()
        envs, paths = [], {}
        for field in ("body", "orelse"):
            branch_env = dict(env)
            if loop:
                loop.path = set(entry_path)
            setattr(s, field, self.block(getattr(s, field), branch_env))
            envs.append(branch_env)
            if loop:
                paths[field] = loop.path
        renamed = {}
        flowing = [(f, e) for f, e in zip(("body", "orelse"), envs) if not _exits(getattr(s, f))]
        names = sorted({n for _, e in flowing for n in e if e.get(n) != env.get(n)})
        for n in names:
            if n not in self.later[-1]:
                # Dead after the `if`: no join (the other path may not define it,
                # e.g. a loop's value that no iteration computed)
                env.pop(n, None)
                continue
            versions = {e.get(n) for _, e in flowing}
            if len(versions) == 1:
                env[n] = versions.pop()
                continue
            # Undefined on some path, as in the user's code: later reads are on the
            # paths that define it, so they read its version (or the join of those
            # paths'). Inside a loop every path must define what the tape saves: a
            # value that a path does not compute is None there (its adjoint never runs).
            undefined_stays = None in versions and not self.loops
            if undefined_stays:
                self.maybe_undefined.add(n)
            elif None not in versions:
                self.maybe_undefined.discard(n)
            defined = versions - {None}
            merged = defined.pop() if len(defined) == 1 else self.version(n)
            before = set(env.values())
            for field, e in flowing:
                if e.get(n) is None and undefined_stays:
                    continue
                value = load(e[n]) if e.get(n) is not None else gast.Constant(value=None,
                                                                              kind=None)
                if e.get(n) == merged:
                    continue
                if e.get(n) is not None and self.coalesce(s, field, e[n], merged, before):
                    renamed[e[n]] = merged
                    continue
                block = [b for b in getattr(s, field) if not isinstance(b, gast.Pass)]
                join = anno.copy_location(
                    gast.Assign(targets=[store(merged)], value=value, type_comment=None), s)
                setattr(s, field, _on_every_flowing_path(block, [join]))
            env[n] = merged
        if loop:
            self.join_paths(s, loop, entry_path, paths, flowing, renamed)
        if not s.body:
            s.body = [gast.Pass()]
        return [s]

    def join_paths(self, s, loop, entry_path, paths, flowing, renamed):
        """After a branch in a loop body, every version the tape saves must
        exist on every path that goes on: one that only some branches assign
        is None on the others (the pullback reads it only where it ran)."""
        flowing_paths = {f: {renamed.get(v, v) for v in paths[f]} | _stored_here(getattr(s, f))
                         for f, _ in flowing}
        every = set().union(*flowing_paths.values()) if flowing_paths else set()
        # (a carried version has a value on every path from the loop's entry: a
        # branch that copies it back before a `break` must not make it None on
        # the others)
        carried = set(loop.carried.values())
        for field, path in flowing_paths.items():
            missing = sorted(every - path - carried)
            if not missing:
                continue
            block = [b for b in getattr(s, field) if not isinstance(b, gast.Pass)]
            nones = [anno.copy_location(gast.Assign(
                targets=[store(v)], value=gast.Constant(value=None, kind=None),
                type_comment=None), s) for v in missing]
            setattr(s, field, _on_every_flowing_path(block, nones))
        loop.path = entry_path | every

    def coalesce(self, s, field, version, merged, before):
        """Name a branch's own single assignment `merged` directly, instead of
        copying it at the end of the branch (`y_1 = x ** 3; y_3 = y_1`)."""
        branch = getattr(s, field)
        stores = [n for b in branch for n in walk(b)
                  if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)
                  and n.id == version]
        loop_targets = {n.id for b in branch for node in walk(b)
                        if isinstance(node, gast.For) for n in walk(node.target)
                        if isinstance(n, gast.Name)}
        if version in before or not stores or version in self.carried \
                or version in loop_targets:
            return False
        for b in branch:
            for node in walk(b):
                if isinstance(node, gast.Name) and node.id == version:
                    node.id = merged
                loop = anno.get(node, Key.LOOP)
                if loop is not None:
                    loop.saved = [merged if v == version else v for v in loop.saved]
                    loop.entry_values = {k: merged if v == version else v
                                         for k, v in loop.entry_values.items()}
                    # (its copy after the loop may be the branch's assignment)
                    loop.exit_values = {k: merged if v == version else v
                                        for k, v in loop.exit_values.items()}
        for loop in self.loops:
            loop.saved = [merged if v == version else v for v in loop.saved]
        return True

    def stmt_For(self, s, env):
        s.iter = _renamed(s.iter, env)
        return self.loop(s, env)

    def stmt_While(self, s, env):
        return self.loop(s, env)

    def loop(self, s, env):
        assigned = sorted(_assigned(s.body) | (_names(s.target) if isinstance(s, gast.For)
                                               else set()))
        # Carried: a name the loop updates whose value reaches the next
        # iteration or the code after the loop. One that every iteration
        # assigns before reading it (a temporary, a loop-local value) is not:
        # after a loop of no iterations it is never read.
        exposed = _exposed(s)   # user names, read before the test is renamed below
        live = exposed | self.later[-1]
        carried_names = [n for n in assigned if n in env and n in live
                         and n not in self.maybe_undefined]
        before = []
        loop = _Loop(s, {})
        for n in carried_names:
            c = self.version(n)
            loop.carried[n] = c
            loop.entry_values[c] = env[n]
            self.carried.add(c)
            before.append(anno.copy_location(
                gast.Assign(targets=[store(c)], value=load(env[n]), type_comment=None), s))
        # a maybe-undefined name the loop only reads keeps its version inside;
        # one it also assigns is not carried, so it has none there
        body_env = {n: v for n, v in env.items()
                    if n not in self.maybe_undefined or n not in assigned}
        body_env.update(loop.carried)
        if isinstance(s, gast.While):
            s.test = _renamed(s.test, body_env)
        self.loops.append(loop)
        if isinstance(s, gast.For):
            s.target = self.define(s.target, body_env)
        self.later.append(self.later[-1] | exposed)   # the next iteration reads these
        s.body = self.block(s.body, body_env)
        self.later.pop()
        self.loops.pop()
        if not _exits(s.body):
            end = self.iteration_end(loop, body_env, s)
            s.body = _on_every_flowing_path(s.body, end)
        s.body = [b for b in s.body if not isinstance(b, gast.Pass)] or [gast.Pass()]
        anno.put(s, Key.LOOP, loop)
        # Later code reads copies, so the loop's own names are only ever read
        # inside the loop (the pullback re-binds them from the tape).
        after = []
        for n in assigned:
            inner = loop.carried.get(n, body_env.get(n))
            if inner is None:
                continue
            out = self.version(n)
            copy_out = gast.Assign(targets=[store(out)], value=load(inner), type_comment=None)
            anno.put(copy_out, Key.COPY_OUT, True)
            if n in loop.carried:
                # What the carried value is after the loop: reverse mode makes
                # the zero cotangent of a list (whose length the loop changes)
                # from it. Simplify drops the copies nothing reads.
                loop.exit_values[inner] = out
                anno.put(copy_out, Key.EXIT_VALUE, True)
            after.append(anno.copy_location(copy_out, s))
            env[n] = out
        return before + [s] + after

    def stmt_Break(self, s, env):
        return self.iteration_end(self.loops[-1], env, s) + [s]

    def iteration_end(self, loop, env, where):
        """Save the iteration (placeholder), then copy carried values back."""
        mine = set(loop.saved) | set(loop.carried.values())
        current = set(env.values())
        defined = [v for v in dict.fromkeys(loop.saved + list(loop.carried.values()))
                   if v in loop.path or (v in current and v in mine)]
        push = gast.Expr(value=gast.Call(func=load(PUSH), args=[load(v) for v in defined],
                                         keywords=[]))
        out = [push]
        for n, c in loop.carried.items():
            if env.get(n) != c:
                out.append(gast.Assign(targets=[store(c)], value=load(env[n]), type_comment=None))
        return [anno.copy_location(o, where) for o in out]
