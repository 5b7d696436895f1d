"""Reverse mode: a forward sweep, then the pullback.

Input: a function after `structure` and `ssa` (one exit; each name assigned
once outside loops). Output, for `mode="vjp"`:

    def f_vjp(x):
        <forward sweep: the primal code; loops also append each iteration's
         values to their tape>
        def f_pullback(result_bar):
            <adjoint statements in reverse order>
            return (x_bar,)
        return result, f_pullback

and for `mode="grad"` / `"value_and_grad"` the same two sweeps inline in one
function, seeded with `result_bar = grad_seed(result)`.

Cotangents are named `x_bar`. A cotangent is created by its first
contribution and accumulated (`x_bar = x_bar + ...`) by later ones; a value
whose cotangent was never created contributes nothing, so its adjoint code is
never emitted. Where control flow joins, cotangents that may be created on
one path are set to zeros before it. Each primitive's adjoint comes from its
vjp rule in s2s/rules, placed beside its jvp rule.
"""
import gast

from .. import rules
from ..pipeline import Output, ReverseOptions
from ..template import JNP, is_zero, jnp_attr, load, store
from .activity import Activity, array_names
from .forward import _refuse_repackaging, bind_arguments, bind_operands, refuse_nondiff_operands
from .resolve import callee
from .scopes import params
from .simplify import is_pure
from .ssa import PUSH



def _operation_name(value, prim):
    """How the user wrote the operation: the method `.astype`, `jnp.sort`, `*`."""
    method = getattr(value, "s2s_method", None)
    if method:
        return f"the method `.{method}`"
    func = getattr(value, "func", None)
    if isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name):
        return f"`{func.value.id}.{func.attr}`"
    if isinstance(func, gast.Name):
        return f"`{func.id}`"
    name = getattr(prim, "name", None)
    if name:
        return f"`{name}`"
    return f"`{type(value).__name__}`"

class Reverse:
    def __init__(self, ctx):
        self.ctx = ctx   # for the vjps of the functions the code calls
        self.ns = ctx.ns
        self.source = ctx.source
        self.namer = ctx.namer
        self.bars = {}
        self.pullbacks = {}   # id(assign) -> name of the callee's pullback
        self.where = None     # the statement being transformed, for error locations
        # Cotangents known to be zero but not yet written: the next contribution
        # assigns instead of adding, and zeros are written only where a path
        # needs them (end of a loop body, a branch that did not contribute).
        self.pending = set()

    # -- the whole function ------------------------------------------------------

    def function(self, fn, name, options, output):
        kinds, has_aux = options.kinds, options.has_aux
        args = params(fn)
        active = [a for a, k in zip(args, kinds) if k]
        self.activity = Activity(fn, self.ns, active)
        self.arrays = array_names(fn, {a for a, k in zip(args, kinds) if k == 1}, self.ns)
        body = fn.body
        result = body[-1].value.id          # structure ends every function with this
        body = body[:-1]
        if has_aux:
            value, aux = self.namer.fresh("value"), self.namer.fresh("aux")
            unpack = gast.Assign(targets=[gast.Tuple(elts=[store(value), store(aux)],
                                                     ctx=gast.Store())],
                                 value=load(result), type_comment=None)
            body = body + [gast.copy_location(unpack, fn.body[-1])]
            self.activity.active |= {value, aux} if result in self.activity.active else set()
            self.arrays.add(value)
            out = value
        else:
            out = result
        self.name_tapes_and_calls(body)
        self.guards, self.condition = _definition_guards(body)
        init = {out}
        backward = self.adjoint_block(body, init, frozenset())
        grads = [self.final_bar(a, init) for a in active]
        forward = self.forward_block(body)
        seed_target = store(self.bar(out))
        if output is Output.VJP:
            pb_name = self.namer.fresh(fn.name + "_pullback")
            pullback = gast.FunctionDef(
                name=pb_name, args=_arguments([self.bar(out)]),
                body=backward + [gast.Return(value=gast.Tuple(elts=grads, ctx=gast.Load()))],
                decorator_list=[], returns=None, type_comment=None, type_params=[])
            ret = gast.Tuple(elts=[load(result), load(pb_name)], ctx=gast.Load())
            new_body = forward + [pullback, gast.Return(value=ret)]
        elif output is Output.APPLY:   # the pullback applied in line to a given cotangent
            args = args + [self.bar(out)]
            g = gast.Tuple(elts=grads, ctx=gast.Load())
            if has_aux:
                g = gast.Tuple(elts=[g, load(aux)], ctx=gast.Load())
            new_body = forward + backward + [gast.Return(value=g)]
        else:
            seed = gast.Assign(targets=[seed_target],
                               value=gast.Call(func=load("grad_seed"), args=[load(out)],
                                               keywords=[]), type_comment=None)
            g = grads[0] if options.argnums_int else gast.Tuple(elts=grads, ctx=gast.Load())
            if output is Output.VALUE_AND_GRAD:   # ((value, aux), grads) with has_aux
                g = gast.Tuple(elts=[load(result), g], ctx=gast.Load())
            elif has_aux:                  # (grads, aux)
                g = gast.Tuple(elts=[g, load(aux)], ctx=gast.Load())
            new_body = forward + [gast.copy_location(seed, fn.body[-1])] + backward \
                + [gast.Return(value=g)]
        arguments = _arguments(args)
        if output is not Output.APPLY:   # same parameters as the user's: same defaults
            arguments.defaults = fn.args.defaults
        new = gast.FunctionDef(name=name, args=arguments, body=new_body,
                               decorator_list=[], returns=None, type_comment=None,
                               type_params=[])
        return gast.copy_location(new, fn)

    def located(self, node):
        """The node if it carries a line, else the statement being transformed."""
        return node if getattr(node, "lineno", None) else self.where

    def bar(self, name):
        if name not in self.bars:
            self.bars[name] = self.namer.fresh(name + "_bar")
        return self.bars[name]

    def final_bar(self, name, init):
        if name in init and name not in self.pending:
            return load(self.bar(name))
        return self.zeros(name)

    def materialize(self, names, zero_of=None):
        """Write the zeros of pending cotangents that a later read needs."""
        out = []
        for n in sorted(names & self.pending):
            source = (zero_of or {}).get(n, n)
            out.append(gast.Assign(targets=[store(self.bar(n))], value=self.zeros(source),
                                   type_comment=None))
        self.pending -= names
        return out

    def zeros(self, name):
        if name in self.arrays:  # s2s.runtime.zeros_like: jnp.zeros_like, made once per shape
            return gast.Call(func=load("zeros_like"), args=[load(name)], keywords=[])
        return gast.Call(func=load("tree_zeros_like"), args=[load(name)], keywords=[])

    def name_tapes_and_calls(self, body):
        for s in _walk_stmts(body):
            if isinstance(s, (gast.For, gast.While)):
                s.s2s_tape = self.namer.fresh("tape")
            elif isinstance(s, gast.Assign) and isinstance(s.value, gast.Call):
                c = callee(s.value, self.ns, self.activity.visible)
                if c.kind == "local":
                    raise self.refuse_local_call(s, c.name, body)
                _refuse_repackaging(self, c, s.value, self.activity)
                self.where = s
                refuse_nondiff_operands(self, c.obj if c.kind == "prim" else None, s.value,
                                        None, self.activity)
                if c.kind == "user" and self.activity.value_active(s.value):
                    target = s.targets[0]
                    base = target.id if isinstance(target, gast.Name) else c.name
                    self.pullbacks[id(s)] = self.namer.fresh(base + "_pullback")

    def refuse_local_call(self, s, name, body):
        """The error for calling a function held in a local name: a pullback that
        a first derivative got from a helper's own vjp (a helper of another module:
        those of the same module are put in line), or a nested function."""
        for st in _walk_stmts(body):
            if isinstance(st, gast.Assign) and isinstance(st.value, gast.Call) \
                    and isinstance(st.value.func, gast.Name) \
                    and name in _flat_names(st.targets[0]) and name.endswith("_pullback"):
                helper = st.value.func.id
                helper = helper[:-len("_vjp")] if helper.endswith("_vjp") else helper
                return self.source.error(
                    self.located(s), f"s2s cannot yet differentiate a derivative through "
                                     f"`{helper}` again: it is defined in another module, so "
                                     "the first derivative calls its pullback",
                    f"define `{helper}` in the module of the function you differentiate "
                    "twice (s2s puts same-module helpers in line), or use jax for this one")
        return self.source.error(self.located(s), "s2s cannot yet differentiate a call of a "
                                                  "nested function in reverse mode",
                                 "define the function at module level")

    # -- forward sweep ----------------------------------------------------------------

    def forward_block(self, stmts, loop=None):
        out = []
        for s in stmts:
            out.extend(self.forward_stmt(s, loop))
        return out

    def forward_stmt(self, s, loop):
        self.where = s
        if isinstance(s, gast.Assign) and id(s) in self.pullbacks:
            c = callee(s.value, self.ns, self.activity.visible)
            operands, kinds = self.bind_call(s.value, c)
            name = self.ctx.request_callee(c.obj, ReverseOptions(kinds), c.name)
            call = gast.Call(func=load(name), args=operands, keywords=[])
            pair = gast.Tuple(elts=[s.targets[0], store(self.pullbacks[id(s)])],
                              ctx=gast.Store())
            return [gast.copy_location(gast.Assign(targets=[pair], value=call,
                                                   type_comment=None), s)]
        if isinstance(s, gast.Expr) and _is_push(s):
            if loop is None:
                return []
            # The tapes of loops directly inside are made afresh at the top of
            # every iteration: each iteration saves its own.
            inner_tapes = {n.s2s_tape for n in _walk_stmts(loop.body)
                           if isinstance(n, (gast.For, gast.While)) and _directly_inside(n, loop)}
            defined = ({a.id for a in s.value.args} | set(loop.s2s_loop.carried.values())
                       | inner_tapes | {name for name, _ in getattr(loop, "s2s_pullbacks", ())})
            entry = [load(n) if n in defined else gast.Constant(value=None, kind=None)
                     for n in loop.s2s_entries]
            item = gast.Tuple(elts=entry, ctx=gast.Load()) if len(entry) != 1 else entry[0]
            append = gast.Call(func=gast.Attribute(value=load(loop.s2s_tape), attr="append",
                                                   ctx=gast.Load()),
                               args=[item], keywords=[])
            return [gast.copy_location(gast.Expr(value=append), s)]
        if isinstance(s, gast.If):
            s.body = self.forward_block(s.body, loop) or [gast.Pass()]
            s.orelse = self.forward_block(s.orelse, loop)
            return [s]
        if isinstance(s, (gast.For, gast.While)):
            inner = [n for n in _walk_stmts(s.body) if isinstance(n, (gast.For, gast.While))
                     and n is not s]
            s.body = self.forward_block(s.body, s)
            fresh_tapes = [gast.Assign(targets=[store(n.s2s_tape)], value=gast.List(
                elts=[], ctx=gast.Load()), type_comment=None) for n in inner
                if _directly_inside(n, s)]
            # a pullback made under an `if` is None in an iteration that skips it
            no_pullback = [gast.Assign(targets=[store(name)], value=gast.Constant(value=None,
                                                                               kind=None),
                                       type_comment=None)
                           for name, under_if in getattr(s, "s2s_pullbacks", ()) if under_if]
            s.body = [gast.copy_location(t, s) for t in fresh_tapes + no_pullback] + s.body
            if loop is not None:
                return [s]   # the enclosing loop makes this tape afresh each iteration
            tape = gast.Assign(targets=[store(s.s2s_tape)], value=gast.List(elts=[],
                                                                             ctx=gast.Load()),
                               type_comment=None)
            return [gast.copy_location(tape, s), s]
        return [s]

    # -- adjoint ------------------------------------------------------------------------

    def adjoint_block(self, stmts, init, persistent):
        out = []
        for s in reversed(stmts):
            self.where = s
            for new in getattr(self, "adjoint_" + type(s).__name__, _nothing)(s, init, persistent):
                out.append(gast.copy_location(new, s))
        return out

    def adjoint_Assign(self, s, init, persistent):
        target, value = s.targets[0], s.value
        if isinstance(target, (gast.Tuple, gast.List)):
            return self.adjoint_unpack(target, value, init, persistent)
        t = target.id
        if t not in init or t not in self.activity.active:
            return []
        if t in self.pending:   # its cotangent is zero: nothing flows back
            return self.consume(t, init, persistent)
        if isinstance(value, gast.Subscript) and value.value.id in init \
                and value.value.id not in self.pending \
                and self.activity.is_active(value.value):
            return [self.scatter_add(value, t)] + self.consume(t, init, persistent)
        pre, contributions = self.contributions(s, value, t)
        out = list(pre)
        for operand, expr in contributions:
            out.append(self.accumulate(operand, expr, init))
        out.extend(self.consume(t, init, persistent))
        return out

    def scatter_add(self, value, t):
        """`y = x[i]` when x already has a cotangent: add y's into it at i
        (`x_bar = x_bar.at[i].add(y_bar)`), rather than a zero array per read."""
        x = value.value.id
        bar = load(self.bar(x))
        if x in self.arrays:
            at = gast.Subscript(value=gast.Attribute(value=bar, attr="at", ctx=gast.Load()),
                                slice=value.slice, ctx=gast.Load())
            update = gast.Call(func=gast.Attribute(value=at, attr="add", ctx=gast.Load()),
                               args=[load(self.bar(t))], keywords=[])
        else:
            update = gast.Call(func=load("add_at"), args=[bar, value.slice, load(self.bar(t))],
                               keywords=[])
        return gast.Assign(targets=[store(self.bar(x))], value=update, type_comment=None)

    def adjoint_unpack(self, target, value, init, persistent):
        if isinstance(value, (gast.Tuple, gast.List)):
            return self.adjoint_parallel(target, value, init, persistent)
        names = _flat_names(target)
        if not any(n in init and n not in self.pending for n in names) \
                or not self.activity.value_active(value):
            for n in names:
                init.discard(n)
            return []
        bars = self.structured_bars(target, init)
        if isinstance(value, gast.Name):
            out = [self.accumulate(value.id, bars, init)]
        else:   # `u, y = helper(x)`: the pullback takes the cotangents of both parts
            out = self.unpacked_call(target, value, bars, init)
        for n in names:
            out.extend(self.consume(n, init, persistent))
        return out

    def unpacked_call(self, target, value, bars, init):
        """`u, y = g(x)`: the call's result is the tuple of its parts (a rule may
        read it as `ans`), its cotangent the tuple of theirs."""
        s = self.where
        whole = self.namer.fresh((value.func.id if isinstance(value.func, gast.Name)
                                  else value.func.attr if isinstance(value.func, gast.Attribute)
                                  else "call") + "_out")
        out = [gast.Assign(targets=[store(self.bar(whole))], value=bars, type_comment=None)]
        if id(s) not in self.pullbacks:
            out.append(gast.Assign(targets=[store(whole)], value=_as_load(target),
                                   type_comment=None))
        pre, contributions = self.contributions(s, value, whole)
        out += pre
        for operand, expr in contributions:
            out.append(self.accumulate(operand, expr, init))
        return out

    def adjoint_parallel(self, target, value, init, persistent):
        """`a, b = c, d`: each target's cotangent flows to its own value."""
        if len(target.elts) != len(value.elts):
            raise self.source.error(self.where, "cannot unpack these values",
                                    "assign each value to its own name")
        temps, out = [], []
        for t, v in zip(target.elts, value.elts):
            if not any(n in init and n not in self.pending for n in _flat_names(t)) \
                    or not self.activity.is_active(v):
                continue
            if not isinstance(v, gast.Name):
                raise self.source.error(self.where, "s2s cannot differentiate this unpacking "
                                        "in reverse mode", "assign each value to its own name")
            # read every target's cotangent before any is consumed; a nested target
            # `(p, q), r = pair, x` gives its value the tuple of its parts' cotangents
            temp = self.namer.fresh(v.id + "_part_bar")
            out.append(gast.Assign(targets=[store(temp)], value=self.structured_bars(t, init),
                                   type_comment=None))
            temps.append((v.id, temp))
        for n in _flat_names(target):
            out.extend(self.consume(n, init, persistent))
        for v, temp in temps:
            out.append(self.accumulate(v, load(temp), init))
        return out

    def structured_bars(self, target, init):
        if isinstance(target, gast.Name):
            return self.final_bar(target.id, init)
        return gast.Tuple(elts=[self.structured_bars(e, init) for e in target.elts],
                          ctx=gast.Load())

    def consume(self, name, init, persistent):
        """The value `name` is defined here: before this point its cotangent is zero."""
        if name in persistent:
            self.pending.add(name)
            return []
        init.discard(name)
        self.pending.discard(name)
        return []

    def accumulate(self, operand, expr, init):
        bar = self.bar(operand)
        if operand in self.pending:
            self.pending.discard(operand)
        elif operand in init:
            if operand in self.arrays:
                expr = gast.BinOp(left=load(bar), op=gast.Add(), right=expr)
            else:
                expr = gast.Call(func=load("tree_add"), args=[load(bar), expr], keywords=[])
        init.add(operand)
        return gast.Assign(targets=[store(bar)], value=expr, type_comment=None)

    def adjoint_If(self, s, init, persistent):
        out = []
        for n in sorted(self.active_reads(s) - init - _defined_in([s])):
            init.add(n)
            self.pending.add(n)   # zero unless a branch contributes
        entry_pending = set(self.pending)
        body_init, orelse_init = set(init), set(init)
        body = self.adjoint_block(s.body, body_init, persistent)
        body_pending, self.pending = self.pending, set(entry_pending)
        orelse = self.adjoint_block(s.orelse, orelse_init, persistent)
        orelse_pending = self.pending
        both = body_init & orelse_init
        # A cotangent still zero on one path but written on the other gets its
        # zeros on the first path.
        # (Not where the name itself is undefined: assigned only under the other
        # branch of an earlier `if` on the same condition, as a gradient's code
        # has it: nothing reads that cotangent on this path.)
        self.pending = body_pending
        body += self.materialize(self.defined_on(s.test, True, (body_pending - orelse_pending) & both))
        self.pending = orelse_pending
        orelse += self.materialize(self.defined_on(s.test, False,
                                                   (orelse_pending - body_pending) & both))
        self.pending = body_pending & orelse_pending
        init.intersection_update(both)
        init.update(both)
        if body or orelse:
            out.append(gast.If(test=s.test, body=body or [gast.Pass()], orelse=orelse))
        return out

    def defined_on(self, test, taken, names):
        """Those of `names` that may be defined where `test` is `taken`."""
        if not isinstance(test, gast.Name):
            return names
        other = self.condition(test.id, not taken)
        return {n for n in names
                if not all(other in g for g in self.guards.get(n, [frozenset()]))}

    def adjoint_For(self, s, init, persistent):
        return self.adjoint_loop(s, init, persistent)

    def adjoint_While(self, s, init, persistent):
        return self.adjoint_loop(s, init, persistent)

    def adjoint_loop(self, s, init, persistent):
        loop = s.s2s_loop
        carried = set(loop.carried.values())
        defined = _defined_in(s.body) | _flat_names(getattr(s, "target", gast.Tuple(elts=[])))
        out = []
        needed = (self.active_reads(s) - defined) | (carried & self.activity.active)
        for n in sorted(needed - init):
            init.add(n)
            self.pending.add(n)
        # Zeros shaped as the value at the loop's exit: an array keeps its shape
        # through the loop (its entry value reads better), a list may not.
        zero_of = {c: v if c in self.arrays else loop.exit_values.get(c, v)
                   for c, v in loop.entry_values.items()}
        # Only the cotangents the body may touch: another still-zero one stays
        # pending through the loop (its name may not even be defined here: a
        # value assigned under an `if` before the loop).
        touched = self.active_reads(s) | defined | carried
        out += self.materialize(self.pending & touched, zero_of)
        body_persistent = frozenset(persistent | carried | (defined & init))
        body_init = set(init)
        body = self.adjoint_block(s.body, body_init, body_persistent)
        body += self.materialize(self.pending & touched)   # the next iteration reads them
        read = {n.id for b in body for n in gast.walk(b) if isinstance(n, gast.Name)
                and not isinstance(n.ctx, gast.Store)}
        inner_tapes = [n.s2s_tape for n in _walk_stmts(s.body)
                       if isinstance(n, (gast.For, gast.While)) and _directly_inside(n, s)]
        s.s2s_pullbacks = self.loop_pullbacks(s)   # (before the forward sweep rewrites them)
        pullbacks = [name for name, _ in s.s2s_pullbacks]
        order = list(dict.fromkeys(list(loop.carried.values()) + _target_names(s)
                                   + loop.saved + inner_tapes + pullbacks))
        s.s2s_entries = [n for n in order if n in read]
        if not body:
            return out
        if s.s2s_entries:
            entries = [store(n) for n in s.s2s_entries]
            target = entries[0] if len(entries) == 1 else gast.Tuple(elts=entries,
                                                                    ctx=gast.Store())
        else:
            s.s2s_entries = []
            target = store("_")
        it = gast.Call(func=load("reversed"), args=[load(s.s2s_tape)], keywords=[])
        out.append(gast.For(target=target, iter=it, body=body, orelse=[], type_comment=None))
        return out

    def loop_pullbacks(self, loop):
        """[(pullback name, made under an if)] of the calls directly in this loop's
        body (a nested loop's tape keeps its own): each iteration's pullback is
        its own closure, and goes on the tape with the iteration's values."""
        found, stack = [], [(st, False) for st in loop.body]
        while stack:
            st, under_if = stack.pop(0)
            if id(st) in self.pullbacks:
                found.append((self.pullbacks[id(st)], under_if))
            if isinstance(st, gast.If):
                stack.extend((b, True) for b in st.body + st.orelse)
        return found

    def active_reads(self, node):
        """Names that may receive a cotangent inside `node`: the active operands
        of its differentiable statements (not those of comparisons)."""
        found = set()
        for s in _walk_stmts([node]):
            if isinstance(s, gast.Assign) and self.activity.value_active(s.value):
                found |= {n.id for n in gast.walk(s.value) if isinstance(n, gast.Name)
                          and n.id in self.activity.active}
        return found

    # -- contributions ---------------------------------------------------------------------

    def contributions(self, s, value, t):
        """([statements], [(operand name, cotangent expression)]) for `t = value`."""
        bar = load(self.bar(t))
        act = self.activity
        if isinstance(value, gast.Name):
            return [], [(value.id, bar)] if act.is_active(value) else []
        if not act.value_active(value):
            # a constant, a comparison, or a call with no derivative in any argument
            # (`zeros_like(a)` in a gradient's code, assigned to a name active elsewhere)
            return [], []
        if isinstance(value, (gast.Tuple, gast.List)):
            return [], [(e.id, gast.Subscript(value=bar, slice=gast.Constant(value=i, kind=None),
                                              ctx=gast.Load()))
                        for i, e in enumerate(value.elts) if act.is_active(e)]
        if isinstance(value, gast.Dict):
            return [], [(v.id, gast.Subscript(value=bar, slice=k, ctx=gast.Load()))
                        for k, v in zip(value.keys, value.values) if act.is_active(v)]
        if isinstance(value, gast.BinOp):
            return self.apply_vjp(rules.for_operator(value.op), value,
                                  [value.left, value.right], [], t)
        if isinstance(value, gast.UnaryOp):
            return self.apply_vjp(rules.for_operator(value.op), value, [value.operand], [], t)
        if isinstance(value, gast.Subscript):
            prim = rules.BY_NAME["getitem"] if value.value.id in self.arrays \
                else rules.BY_NAME["getitem_tree"]
            return self.apply_vjp(prim, value, [value.value, value.slice], [], t)
        c = callee(value, self.ns, act.visible)
        if id(s) in self.pullbacks:
            operands, kinds = self.bind_call(value, c)
            active = [o.id for o, k in zip(operands, kinds) if k]
            bars = self.namer.fresh(t + "_arg_bars")
            call = gast.Call(func=load(self.pullbacks[id(s)]), args=[bar], keywords=[])
            pre = [gast.Assign(targets=[store(bars)], value=call, type_comment=None)]
            return pre, [(a, gast.Subscript(value=load(bars), slice=gast.Constant(value=i,
                                                                                   kind=None),
                                            ctx=gast.Load())) for i, a in enumerate(active)]
        if c.kind == "at":
            sub = value.func.value
            return self.apply_vjp(c.obj, value, [sub.value.value, sub.slice, value.args[0]],
                                  [], t)
        if c.kind == "prim":
            return self.apply_vjp(c.obj, value, value.args, value.keywords, t)
        raise self.source.error(self.located(value), "s2s cannot differentiate this call in reverse mode",
                                "call jax.numpy functions or Python functions s2s can read")

    def apply_vjp(self, prim, value, args, keywords, t):
        if prim is not None and prim.vjp is None and prim.name == "einsum":
            return [], self.einsum_vjp(value, args, t)
        if prim is None or prim.vjp is None:
            name = _operation_name(value, prim)
            forward = "" if prim is None or prim.jvp is None else \
                ", or use forward mode (s2s.jvp, s2s.jacfwd), which has a rule for it"
            raise self.source.error(self.located(value), f"s2s has no reverse-mode rule for "
                                                         f"{name} yet",
                                    "write it with jax.numpy functions that have one, or "
                                    f"compute it outside the differentiated function{forward}")
        template = prim.vjp
        primal_params = [p for p in template.params if p not in ("ans", "ans_bar")]
        bound = bind_operands(self, prim, template, primal_params, args, keywords, value)
        refuse_nondiff_operands(self, prim, value, bound, self.activity)
        bindings = dict(bound)
        bindings["ans_bar"] = load(self.bar(t))
        bindings["ans"] = load(t)
        expr = template.instantiate(bindings)
        parts = expr.elts if isinstance(expr, gast.Tuple) else [expr]
        pre, out = [], []
        for i, p in enumerate(primal_params):
            operand = bound.get(p)
            if operand is None or not self.activity.is_active(operand):
                continue
            part = parts[i] if i < len(parts) else None
            if part is None or (isinstance(part, gast.Constant) and part.value is None):
                continue  # declared with derivative zero (the registration checked it)
            if is_zero(part):
                continue  # a cotangent known to be zero (x ** 0): nothing flows back
            if isinstance(operand, (gast.Tuple, gast.List)):
                tmp = self.namer.fresh(t + "_parts_bar")
                pre.append(gast.Assign(targets=[store(tmp)], value=part, type_comment=None))
                out.extend((e.id, gast.Subscript(value=load(tmp),
                                                 slice=gast.Constant(value=j, kind=None),
                                                 ctx=gast.Load()))
                           for j, e in enumerate(operand.elts) if self.activity.is_active(e))
            else:
                out.append((operand.id, _drop_needless_unbroadcast(part, args)))
        return pre, out

    def einsum_vjp(self, value, args, t):
        """Operand i's cotangent is an einsum of the output's cotangent with the
        other operands: the subscripts are rewritten here, at transform time."""
        from ..rules.linalg import einsum_operand_spec
        spec = args[0]
        if not (isinstance(spec, gast.Constant) and isinstance(spec.value, str)):
            raise self.source.error(self.located(value), "reverse mode needs einsum's subscripts as a "
                                           "string literal")
        operands = args[1:]
        out = []
        for i, operand in enumerate(operands):
            if not self.activity.is_active(operand):
                continue
            try:
                new_spec = einsum_operand_spec(spec.value, i)
            except ValueError as e:
                raise self.source.error(self.located(value), f"s2s cannot reverse this einsum: {e}",
                                        "write it with explicit subscripts for every axis")
            others = [o for j, o in enumerate(operands) if j != i]
            call = gast.Call(func=jnp_attr("einsum"),
                             args=[gast.Constant(value=new_spec, kind=None),
                                   load(self.bar(t))] + others, keywords=[])
            out.append((operand.id, call))
        return out

    def bind_call(self, call, c):
        operands = bind_arguments(self, call, c)
        kinds = tuple((1 if o.id in self.arrays else 2) if self.activity.is_active(o) else 0
                      for o in operands)
        return operands, kinds


def run(fn, ctx):
    return Reverse(ctx).function(fn, ctx.name, ctx.options, ctx.transform.output)


def _drop_needless_unbroadcast(expr, operands):
    """`unbroadcast(g, x)` is `g` when every other operand is a Python number:
    a number broadcasts nothing (`1.0 + exp`)."""
    if (isinstance(expr, gast.Call) and isinstance(expr.func, gast.Name)
            and expr.func.id == "unbroadcast"):
        target = expr.args[1]
        others = [o for o in operands if not (isinstance(o, gast.Name) and isinstance(
            target, gast.Name) and o.id == target.id)]
        if others and all(isinstance(o, gast.Constant) and type(o.value) in (int, float)
                          for o in others):
            return expr.args[0]
    return expr


def _nothing(s, init, persistent):
    return []


def _arguments(names):
    return gast.arguments(args=[store(a) for a in names], posonlyargs=[], vararg=None,
                          kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[])


def _is_push(s):
    return (isinstance(s.value, gast.Call) and isinstance(s.value.func, gast.Name)
            and s.value.func.id == PUSH)


def _walk_stmts(stmts):
    for s in stmts:
        yield s
        for field in ("body", "orelse"):
            yield from _walk_stmts(getattr(s, field, []) or [])


def _directly_inside(inner, outer):
    """Is loop `inner` in `outer`'s body without another loop in between?"""
    def search(stmts):
        for s in stmts:
            if s is inner:
                return True
            if isinstance(s, gast.If) and (search(s.body) or search(s.orelse)):
                return True
        return False
    return search(outer.body)


def _definition_guards(stmts):
    """({name: [guards of each assignment]}, condition), a guard being the set
    of (condition, branch taken) of the `if`s around it, for conditions that
    are assigned once, outside any loop: the same value for the whole call.
    `condition(name, taken)` is that pair for the test `if name:` in one
    canonical form: two conditions computed by the same pure expression of
    such names (a gradient's `not_ = not lt` and, testing again on the way
    back, `not__1 = not lt`) are one condition, named by the first, and
    `not_ = not gt` taken is `gt` not taken."""
    counts, in_loop = {}, set()

    def count(block, looped):
        for st in block:
            if isinstance(st, gast.Assign):
                for n in _flat_names(st.targets[0]):
                    counts[n] = counts.get(n, 0) + 1
                    if looped:
                        in_loop.add(n)
            inner = looped or isinstance(st, (gast.For, gast.While))
            if isinstance(st, gast.For):
                in_loop.update(_flat_names(st.target))
            for field in ("body", "orelse"):
                count(getattr(st, field, []) or [], inner)
    count(stmts, False)
    fixed = {n for n, k in counts.items() if k == 1 and n not in in_loop}
    def stable(n):
        return n in fixed or n not in counts
    same = _same_values(stmts, stable)
    negated = _negations(stmts, stable)

    def condition(name, taken):
        name, seen = same.get(name, name), set()
        while name in negated and name not in seen:
            seen.add(name)
            name, taken = same.get(negated[name], negated[name]), not taken
        return name, taken

    guards = {}

    def walk(block, guard):
        for st in block:
            if isinstance(st, gast.Assign):
                for n in _flat_names(st.targets[0]):
                    guards.setdefault(n, []).append(guard)
            elif isinstance(st, gast.For):
                for n in _flat_names(st.target):
                    guards.setdefault(n, []).append(guard)
            if isinstance(st, gast.If) and isinstance(st.test, gast.Name) \
                    and st.test.id in fixed:
                walk(st.body, guard | {condition(st.test.id, True)})
                walk(st.orelse, guard | {condition(st.test.id, False)})
            else:
                for field in ("body", "orelse"):
                    walk(getattr(st, field, []) or [], guard)
    walk(stmts, frozenset())
    return guards, condition


def _negations(stmts, stable):
    """{name: operand} for the assignments `name = not operand` of names that
    never change (assigned once outside loops, or parameters)."""
    found = {}
    for st in _walk_stmts(stmts):
        if isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name) \
                and isinstance(st.value, gast.UnaryOp) and isinstance(st.value.op, gast.Not) \
                and isinstance(st.value.operand, gast.Name) \
                and stable(st.targets[0].id) and stable(st.value.operand.id):
            found[st.targets[0].id] = st.value.operand.id
    return found


def _same_values(stmts, stable):
    """{name: the first name assigned the same pure expression}, for single
    assignments outside loops whose operands are all `stable` (never change)."""
    first, same = {}, {}

    def walk(block):
        for st in block:
            if isinstance(st, gast.Assign) and isinstance(st.targets[0], gast.Name) \
                    and stable(st.targets[0].id) and is_pure(st.value) and all(
                        stable(n.id) for n in gast.walk(st.value) if isinstance(n, gast.Name)):
                key = gast.dump(st.value)
                same[st.targets[0].id] = first.setdefault(key, st.targets[0].id)
            if isinstance(st, gast.If):
                walk(st.body)
                walk(st.orelse)
    walk(stmts)
    return same


def _defined_in(stmts):
    found = set()
    for s in _walk_stmts(stmts):
        if isinstance(s, gast.Assign):
            found |= _flat_names(s.targets[0])
        if isinstance(s, gast.For):
            found |= _flat_names(s.target)
    return found


def _as_load(target):
    """A (nested) tuple target read back as a value."""
    if isinstance(target, gast.Name):
        return load(target.id)
    return gast.Tuple(elts=[_as_load(e) for e in target.elts], ctx=gast.Load())


def _flat_names(target):
    return {n.id for n in gast.walk(target) if isinstance(n, gast.Name)}


def _target_names(loop):
    return sorted(_flat_names(loop.target)) if isinstance(loop, gast.For) else []
