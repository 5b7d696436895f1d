"""Normalize, part three: a program's own `lax` control flow, as Python.

`lax.cond`, `lax.switch`, `lax.while_loop`, `lax.fori_loop`, `lax.scan` and
`lax.map` take their bodies as functions. Each call becomes the Python
statement it stands for, calling those functions:

    y = lax.cond(p, f, g, x)        if p:
                                        y = f(x)
                                    else:
                                        y = g(x)

so every transformation differentiates and batches the bodies as the source
they are, with the rules it has for Python control flow (a batched test of an
`if` or `while` is masked, a `while` on a traced test under s2s.jit records a
bounded tape). Under s2s.jit the functionalize pass turns the statements back
into lax constructs wherever their tests are traced. Resolve marked the calls
(`s2s_lax`) and made `lax.select` a `jnp.where`.
"""
import copy

import gast

from .. import anno
from ..anno import Key
from ..nodes import walk
from ..template import jnp_attr, load, store
from .scopes import own_nodes

# Each construct's parameters, as JAX names them (`*` collects the rest);
# keyword-only options that do not change the result are accepted and ignored.
PARAMETERS = {
    "cond": ("pred", "true_fun", "false_fun", "*operands"),
    "switch": ("index", "branches", "*operands"),
    "while_loop": ("cond_fun", "body_fun", "init_val"),
    "fori_loop": ("lower", "upper", "body_fun", "init_val"),
    "scan": ("f", "init", "xs", "length", "reverse", "unroll"),
    "map": ("f", "xs"),
}
PERFORMANCE_OPTIONS = {"unroll", "batch_size"}


class LaxControlFlow:
    """The normalizer's `lax` calls (a mixin: `self` is the normalizer)."""

    def lax_call(self, e, out):
        kind = anno.get(e, Key.LAX_KIND)
        bound = self.lax_arguments(e, kind)
        return getattr(self, "lax_" + kind)(e, bound, out)

    def lax_arguments(self, e, kind):
        """{parameter: node} of a call, by JAX's parameter names."""
        names = PARAMETERS[kind]
        fixed = [n for n in names if not n.startswith("*")]
        rest = next((n[1:] for n in names if n.startswith("*")), None)
        bound, args = {}, list(e.args)
        if any(isinstance(a, gast.Starred) for a in args):
            raise self.source.error(e, f"s2s needs the arguments of lax.{kind} written "
                                       "out, not unpacked with `*`",
                                    "pass each operand by itself")
        for n in fixed:
            if args:
                bound[n] = args.pop(0)
        if rest is not None:
            bound[rest], args = args, []
        if args:
            raise self.source.error(e, f"too many arguments for lax.{kind}")
        for k in e.keywords:
            if k.arg in PERFORMANCE_OPTIONS:
                continue
            if k.arg not in fixed or k.arg in bound:
                raise self.source.error(e, f"s2s does not know the argument `{k.arg}` of "
                                           f"lax.{kind}", f"lax.{kind} takes {', '.join(names)}")
            bound[k.arg] = k.value
        missing = [n for n in fixed if n not in bound and n not in ("xs", "length",
                                                                     "reverse", "unroll")]
        if missing:
            raise self.source.error(e, f"lax.{kind} needs `{missing[0]}`")
        return bound

    def body_function(self, f, out):
        """A body: a name, a module's function (`jnp.sin`) as it is, or a lambda
        (which becomes a nested `def`)."""
        if isinstance(f, gast.Attribute) and self.dotted(f):
            return f
        return self.atom(f, out)

    def written_out(self, stmts, out):
        """Normalize Python statements standing for a lax call, at its line."""
        for s in stmts:
            for node in walk(s):
                anno.copy_location(node, self.where)
        out.extend(self.block(stmts))

    # -- the constructs --------------------------------------------------------------

    def lax_cond(self, e, bound, out):
        pred = self.atom(bound["pred"], out)
        branches = [self.body_function(bound[f], out) for f in ("true_fun", "false_fun")]
        operands = [self.operand(o, out) for o in bound["operands"]]
        result = self.namer.fresh("cond_value")
        body, orelse = ([_assign(result, _call(f, operands))] for f in branches)
        self.written_out([gast.If(test=pred, body=body, orelse=orelse)], out)
        return load(result)

    def lax_switch(self, e, bound, out):
        branches = bound["branches"]
        if not isinstance(branches, (gast.List, gast.Tuple)) or not branches.elts:
            raise self.source.error(e, "s2s needs the branches of lax.switch as a list "
                                       "written at the call",
                                    "write `lax.switch(i, [f, g, h], x)`")
        functions = [self.body_function(b, out) for b in branches.elts]
        operands = [self.operand(o, out) for o in bound["operands"]]
        result = self.namer.fresh("switch_value")
        # JAX clamps the index into range
        index = self.namer.fresh("branch")
        last = len(functions) - 1
        stmts = [_assign(index, gast.Call(func=jnp_attr("clip"), args=[
            bound["index"], _number(0), _number(last)], keywords=[]))] if last else []
        chain = [_assign(result, _call(functions[-1], operands))]
        for k in range(last - 1, -1, -1):
            test = gast.Compare(left=load(index), ops=[gast.Eq()], comparators=[_number(k)])
            chain = [gast.If(test=test, body=[_assign(result, _call(functions[k], operands))],
                             orelse=chain)]
        self.written_out(stmts + chain, out)
        return load(result)

    def lax_while_loop(self, e, bound, out):
        test, body = (self.body_function(bound[f], out) for f in ("cond_fun", "body_fun"))
        value = self.namer.fresh("loop_value")
        self.written_out([
            _assign(value, bound["init_val"]),
            gast.While(test=_call(test, [load(value)]),
                       body=[_assign(value, _call(body, [load(value)]))], orelse=[])], out)
        return load(value)

    def lax_fori_loop(self, e, bound, out):
        body = self.body_function(bound["body_fun"], out)
        value, i = self.namer.fresh("loop_value"), self.namer.fresh("i")
        steps = gast.Call(func=load("range"), args=[bound["lower"], bound["upper"]], keywords=[])
        self.written_out([
            _assign(value, bound["init_val"]),
            gast.For(target=store(i), iter=steps, orelse=[], type_comment=None,
                     body=[_assign(value, _call(body, [load(i), load(value)]))])], out)
        return load(value)

    def lax_scan(self, e, bound, out):
        form = self.output_form(e, bound["f"], "scan")
        f = self.body_function(bound["f"], out)
        reverse = self.static_flag(e, bound.get("reverse"), "reverse")
        carry = self.namer.fresh("carry")
        stmts = [_assign(carry, bound["init"])]
        x, steps, more = self.rows(e, bound, "scan", out)
        stmts += more
        ys, y_target, results = self.step_outputs(form, stmts)
        i = self.namer.fresh("i")
        y_target, unpack = y_target if isinstance(y_target, tuple) else (y_target, None)
        step = [gast.Assign(targets=[gast.Tuple(elts=[store(carry), y_target], ctx=gast.Store())],
                            value=_call(f, [load(carry), x(i)]), type_comment=None)]
        step += [unpack] if unpack else []
        self.written_out(stmts + [self.loop(i, steps, reverse, step + _appends(form, ys))], out)
        return gast.Tuple(elts=[load(carry), self.stacked(form, ys, results, reverse, out)],
                          ctx=gast.Load())

    def lax_map(self, e, bound, out):
        form = self.output_form(e, bound["f"], "map")
        f = self.body_function(bound["f"], out)
        x, steps, stmts = self.rows(e, bound, "map", out)
        ys, y_target, results = self.step_outputs(form, stmts)
        i = self.namer.fresh("i")
        y_target, unpack = y_target if isinstance(y_target, tuple) else (y_target, None)
        step = [gast.Assign(targets=[y_target], value=_call(f, [x(i)]), type_comment=None)]
        step += [unpack] if unpack else []
        self.written_out(stmts + [self.loop(i, steps, False, step + _appends(form, ys))], out)
        return self.stacked(form, ys, results, False, out)

    # -- scan and map: rows in, stacked outputs out --------------------------------------

    def rows(self, e, bound, kind, out):
        """(row(i) -> the node of step i's `x`, the number of steps, statements
        computing it). `xs` is an array, a tuple or list of arrays written at
        the call, or None (with `length=`)."""
        xs, length = bound.get("xs"), bound.get("length")
        if xs is None or isinstance(xs, gast.Constant) and xs.value is None:
            if length is None:
                raise self.source.error(e, f"lax.{kind} needs `xs` or `length`")
            return (lambda i: gast.Constant(value=None, kind=None)), self.atom(length, out), []
        stmts = []
        if isinstance(xs, gast.Name) and xs.id in self.containers:
            xs = self.unpacked_rows(e, xs, kind, stmts)
        parts = xs.elts if isinstance(xs, (gast.Tuple, gast.List)) else None
        arrays = [self.atom(a, out) for a in (parts if parts is not None else [xs])]
        steps = self.namer.fresh("steps")
        first = gast.Attribute(value=copy.deepcopy(arrays[0]), attr="shape", ctx=gast.Load())
        count = length if length is not None else gast.Subscript(
            value=first, slice=_number(0), ctx=gast.Load())
        stmts.append(_assign(steps, count))

        def row(i):
            items = [gast.Subscript(value=copy.deepcopy(a), slice=load(i), ctx=gast.Load())
                     for a in arrays]
            return items[0] if parts is None else type(xs)(elts=items, ctx=gast.Load())
        return row, load(steps), stmts

    def unpacked_rows(self, e, xs, kind, stmts):
        """`xs = (a, b, c)` assigned before `lax.scan(f, init, xs)`: the tuple's
        items as names (`xs_0, xs_1, xs_2 = xs`, appended to `stmts`), so each
        step takes row i of each, as when the tuple is written at the call."""
        count = _display_length(self.current_fn, xs.id)
        if count is None:
            raise self.source.error(e, f"s2s needs `xs` of lax.{kind} as an array, or a "
                                       "tuple or list whose length it can read",
                                    "write the tuple at the call: `(a, b)`")
        names = [self.namer.fresh(f"{xs.id}_{k}") for k in range(count)]
        display = gast.Tuple if self.containers[xs.id] == "tuple" else gast.List
        stmts.append(gast.Assign(targets=[gast.Tuple(elts=[store(n) for n in names],
                                                     ctx=gast.Store())],
                                 value=load(xs.id), type_comment=None))
        return display(elts=[load(n) for n in names], ctx=gast.Load())

    def loop(self, i, steps, reverse, body):
        if reverse:   # the last row first; the outputs are stacked back in order
            bounds = [gast.BinOp(left=copy.deepcopy(steps), op=gast.Sub(), right=_number(1)),
                      _number(-1),
                      _number(-1)]
        else:
            bounds = [steps]
        return gast.For(target=store(i), iter=gast.Call(func=load("range"), args=bounds,
                                                        keywords=[]),
                        body=body, orelse=[], type_comment=None)

    def step_outputs(self, form, stmts):
        """The lists collecting a body's outputs (appended to `stmts`), the
        assignment target of one step's output, and the names of the stacks."""
        if form is None:
            return [], store(self.namer.fresh("y")), None
        count = 1 if form == "array" else form
        ys = [self.namer.fresh("ys") for _ in range(count)]
        stmts += [_assign(n, gast.List(elts=[], ctx=gast.Load())) for n in ys]
        parts = [self.namer.fresh("y") for _ in ys]
        if form == "array":
            return list(zip(ys, parts)), store(parts[0]), [self.namer.fresh("stacked")]
        # (one level of unpacking per assignment: reverse mode reads them apart)
        y = self.namer.fresh("y")
        stmts_after = gast.Assign(targets=[gast.Tuple(elts=[store(p) for p in parts],
                                                      ctx=gast.Store())],
                                  value=load(y), type_comment=None)
        return list(zip(ys, parts)), (store(y), stmts_after), \
            [self.namer.fresh("stacked") for _ in ys]

    def stacked(self, form, ys, results, reverse, out):
        if form is None:
            return gast.Constant(value=None, kind=None)
        stmts = []
        for (name, _), result in zip(ys, results):
            value = gast.Call(func=load("stack_steps"), args=[load(name)], keywords=[])
            if reverse:
                value = gast.Call(func=jnp_attr("flip"), args=[value],
                                  keywords=[gast.keyword(arg="axis", value=_number(0))])
            stmts.append(_assign(result, value))
        if form == "array":
            self.written_out(stmts, out)
            return load(results[0])
        # a name for the tuple: `c, ys = <the result>` unpacks one level
        outputs = self.namer.fresh("outputs")
        stmts.append(_assign(outputs, gast.Tuple(elts=[load(r) for r in results],
                                                 ctx=gast.Load())))
        self.written_out(stmts, out)
        return load(outputs)

    def output_form(self, e, f, kind):
        """What the body gives per step, read from its source: "array", None,
        or the length of a tuple written out (`return carry, (a, b)`)."""
        if isinstance(f, gast.Lambda):
            values = [f.body]
        elif isinstance(f, gast.Name) and f.id in self.local_defs:
            values = self.local_defs[f.id]
        else:
            raise self.source.error(e, f"s2s needs the body of lax.{kind} as a lambda or a "
                                       "function defined in this one",
                                    "define the body inside the function that calls "
                                    f"lax.{kind}")
        forms = set()
        for v in values:
            if kind == "scan":
                if not (isinstance(v, (gast.Tuple, gast.List)) and len(v.elts) == 2):
                    raise self.source.error(v if v is not None else e,
                                            "s2s needs the body of lax.scan to return a "
                                            "pair written out", "return `carry, y`")
                v = v.elts[1]
            forms.add(_form(v))
        if len(forms) != 1:
            raise self.source.error(e, f"the body of lax.{kind} returns outputs of different "
                                       "forms on different paths",
                                    "return the same form (an array, None, or a tuple of "
                                    "arrays) on every path")
        return forms.pop()

    def static_flag(self, e, node, what):
        if node is None:
            return False
        if isinstance(node, gast.Constant) and isinstance(node.value, bool):
            return node.value
        raise self.source.error(node, f"s2s needs `{what}=` of lax.scan as True or False "
                                      "written at the call")


def _display_length(fn, name):
    """The length of the tuple or list `name` holds when every assignment of it
    in fn is a display of one length (`xs = (a, b, c)`), else None."""
    lengths = set()
    for node in own_nodes(fn):
        if isinstance(node, gast.Assign) and any(
                isinstance(t, gast.Name) and t.id == name for t in node.targets):
            v = node.value
            if not isinstance(v, (gast.Tuple, gast.List)) or \
                    any(isinstance(x, gast.Starred) for x in v.elts):
                return None
            lengths.add(len(v.elts))
        elif isinstance(node, (gast.AugAssign, gast.AnnAssign)) and \
                isinstance(node.target, gast.Name) and node.target.id == name:
            return None
    return lengths.pop() if len(lengths) == 1 else None


def _form(v):
    if isinstance(v, gast.Constant) and v.value is None:
        return None
    if isinstance(v, (gast.Tuple, gast.List)):
        return len(v.elts)
    return "array"


def _appends(form, ys):
    return [gast.Expr(value=gast.Call(
        func=gast.Attribute(value=load(name), attr="append", ctx=gast.Load()),
        args=[load(part)], keywords=[])) for name, part in ys]


def _assign(name, value):
    return gast.Assign(targets=[store(name)], value=value, type_comment=None)


def _call(f, args):
    """`f(*args)`, a body's call, of copies: a node appears once in the tree
    (passes rename in place)."""
    call = gast.Call(func=copy.deepcopy(f), args=[copy.deepcopy(a) for a in args], keywords=[])
    anno.put(call, Key.USER_CALL, True)   # (a row `(a[i], b[i])` is named first)
    return call


def _number(n):
    return gast.Constant(value=n, kind=None)
