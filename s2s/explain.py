"""Explain mode: teaching comments in generated code (`s2s.source(...,
explain=True)`, `s2s grad FILE:FUNC --explain`).

The comments are read off the finished code, not threaded through the passes:
the code is what a student reads, and every comment points at a line of it.
A comment says
- what kind of program this is (forward mode, the two sweeps of reverse mode,
  batching) and where the reverse sweep begins;
- what the tape holds and why it is read backwards;
- which rule made each tangent or cotangent line, as the rule's formula (the
  rules are templates, s2s/rules: the formula is the template itself, with
  `x_dot` read as `dx`: s2s/explain_formulas.py);
- what each runtime helper does, where it is first called (its docstring).
Off by default: the default output stays clean.
"""
import ast
import re
import sys

import gast

from . import backend, boundary, rules, runtime
from .explain_formulas import _form, _symbols, in_code_names, jvp_formula, vjp_formula
from .explain_formulas import _expr, _primal_params  # noqa: F401  (tests/test_teaching.py)

FORWARD = ("forward mode: each value is followed by its tangent (`v_dot`): how much v "
           "moves when the inputs move along their tangents. Each tangent line comes "
           "from the rule of the operation that made v, so one pass computes both.")
FORWARD_SWEEP = ("forward sweep: run the function as written, keeping the values "
                 "the reverse sweep will read.")
REVERSE_SWEEP = ("reverse sweep: from the output back to the inputs. `v_bar` is the "
                 "cotangent of v, d(output)/d(v); each operation hands its output's "
                 "cotangent to its operands by the operation's vjp rule, and a value "
                 "used twice adds up both contributions.")
PULLBACK = ("the pullback: given the output's cotangent, the reverse sweep runs "
            "back to the inputs' cotangents, reading the values the forward sweep kept.")
BATCHED = ("batched: every `v_batch` holds all the examples, stacked on axis 0; each "
           "operation is rewritten to act on every example at once (a reduction's "
           "axes move one to the right, a matrix product becomes a batched one).")
UNTIDIED = ("one line per rule: explained code is built without the algebra tidy, "
            "which in the code that runs folds the seed's ones into the first product and "
            "cancels paired negations.")
TAPE = ("the tape: each iteration saves the values its derivative needs (they are "
        "overwritten by the next iteration); the reverse sweep reads it backwards.")
TAPE_PUSH = "save this iteration's values on the tape"
TAPE_READ = ("the loop again, last iteration first: an iteration's cotangents need "
             "those of the iteration after it (the chain rule runs from the output back).")


def explained(text, transform=""):
    """`text` (generated source, a backend.Text) with teaching comments."""
    if hasattr(text, "parts"):   # a Jacobian's program: its own comments, then the batched code
        from .jacobian_program import AssemblyText, ProgramText
        first = text.parts[0]
        if getattr(first, "explained", None):
            first = AssemblyText(first.explained, first.where)
        return ProgramText([first] + [explained(p, transform) for p in text.parts[1:]],
                           text.where)
    source = str(text)
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return text
    if not tree.body or not isinstance(tree.body[0], ast.FunctionDef):
        return text
    notes = {}   # line -> [comment]: inserted before that line

    def note(line, comment):
        notes.setdefault(line, [])
        if comment not in notes[line]:
            notes[line].append(comment)

    fn = tree.body[0]
    kind = _kind(fn, transform)
    primals = _primal_calls(fn)
    if fn.body:
        first = fn.lineno + 1   # (the line after the def: before the first origin comment)
        note(first, {"jvp": FORWARD, "batched": BATCHED}.get(kind, FORWARD_SWEEP)
             if kind != "other" else None)
        if kind in ("reverse", "jvp"):
            note(first, UNTIDIED)
    if kind == "reverse":
        _reverse_notes(fn, primals, note)
    if kind == "jvp":
        _jvp_notes(fn, note)
    _tape_notes(fn, note)
    _by_jax_notes(fn, note)
    _helper_notes(fn, note)
    return _insert(text, source, notes)


def _kind(fn, transform):
    names = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)}
    if transform in ("grad", "value_and_grad", "vjp") or any(n.endswith("_bar") for n in names):
        return "reverse"
    if transform == "jvp" or any(n.endswith("_dot") for n in names):
        return "jvp"
    if transform == "vmap" or fn.name.endswith("_vmap"):
        return "batched"
    return "other"


def _statements(body):
    for s, _ in _statements_with_branches(body):
        yield s


def _statements_with_branches(body, branch=()):
    """(statement, branch): the branch is the `if` tests around it, each with the
    side it is on. The reverse sweep repeats the forward's tests (`if lt:`), so a
    cotangent line's branch is that of the operation it differentiates."""
    for s in body:
        yield s, branch
        for field in ("body", "orelse"):
            if isinstance(s, ast.FunctionDef) and field == "body":
                continue
            inner = branch + ((ast.unparse(s.test), field),) if isinstance(s, ast.If) else branch
            for pair in _statements_with_branches(getattr(s, field, None) or [], inner):
                yield pair


def _assigned(s):
    if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
        return s.targets[0].id
    return None


def _primal_calls(fn):
    """{name: Primitive} for each `name = <operation with a rule>(...)` the
    code computes (its derivative lines are explained by that rule)."""
    found = {}
    for s, branch in _statements_with_branches(fn.body):
        name = _assigned(s)
        if name is None or name.endswith(("_dot", "_bar", "_batch")):
            continue
        prim = _primitive_of(s.value)
        if prim is not None:
            found[name, branch] = (prim, _operands(s.value))
    return found


def _operands(expr):
    """The operation's operands as gast nodes, in the rule's order."""
    if isinstance(expr, ast.BinOp):
        nodes = [expr.left, expr.right]
    elif isinstance(expr, ast.UnaryOp):
        nodes = [expr.operand]
    else:
        nodes = list(expr.args)
    return [gast.ast_to_gast(n) for n in nodes]


def _primitive_of(expr):
    if isinstance(expr, ast.BinOp):
        op = getattr(gast, type(expr.op).__name__, None)
    elif isinstance(expr, ast.UnaryOp):
        op = getattr(gast, type(expr.op).__name__, None)
    elif isinstance(expr, ast.Call):
        dotted = _dotted(expr.func)
        if dotted is None:
            return None
        short = dotted.rsplit(".", 1)[-1]
        if dotted.startswith(("jnp.", "np.")):
            return rules.BY_NAME.get(short)
        return rules.BY_NAME.get(dotted)
    else:
        return None
    if op is None:
        return None
    try:
        return rules.for_operator(op())
    except KeyError:
        return None


def _dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id] + parts[::-1])


def _reads(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _reverse_notes(fn, primals, note, outer=None):
    """Where the reverse sweep begins, and the vjp rule behind each operation's
    cotangent lines (noted once per operation, before its first line)."""
    began = False
    explained_ = set()
    seeds = {**_output_cotangents(fn), **(outer or {})}
    for s, branch in _statements_with_branches(fn.body):
        if isinstance(s, ast.FunctionDef):   # vjp: the pullback holds the reverse sweep
            note(s.lineno, PULLBACK)
            _reverse_notes(s, primals, note, seeds)
            began = True
            continue
        target = _assigned(s)
        reads = _reads(s)
        if not began and (target or "").endswith("_bar"):
            note(s.lineno, REVERSE_SWEEP)
            began = True
        if target and target.endswith("_bar") and any(r.endswith("_bar") for r in reads):
            key = _rule_behind(primals, target[:-len("_bar")], reads, branch)
            if key is not None and key not in explained_:
                explained_.add(key)
                prim, operands = primals[key]
                formula = vjp_formula(prim, operands, seeds.get(key[0], key[0] + "_bar"))
                names = in_code_names(operands) or _symbols(prim, operands)
                if formula:
                    note(s.lineno, f"{key[0]} = {_form(prim, names)}, by its vjp rule: "
                                   f"{formula}")


def _output_cotangents(fn):
    """{output: the name of its cotangent} where that is not `output_bar`: the
    seed's (`result_bar = grad_seed(sum_)`), or a pullback's parameter for the
    value returned beside it (`return (sum_, pullback)`)."""
    found = {s.value.args[0].id: _assigned(s) for s in _statements(fn.body)
             if _assigned(s) and isinstance(s.value, ast.Call)
             and _dotted(s.value.func) == "grad_seed" and s.value.args
             and isinstance(s.value.args[0], ast.Name)}
    returned = fn.body[-1].value if fn.body and isinstance(fn.body[-1], ast.Return) else None
    pullbacks = [s for s in fn.body if isinstance(s, ast.FunctionDef) and len(s.args.args) == 1]
    if isinstance(returned, ast.Tuple) and len(returned.elts) == 2 and pullbacks \
            and isinstance(returned.elts[0], ast.Name):
        found[returned.elts[0].id] = pullbacks[-1].args.args[0].arg
    return found


def _rule_behind(primals, operand, reads, branch):
    """The operation whose vjp rule writes `operand_bar` on a line of `branch`
    that reads `reads`: one that takes `operand` (in that branch or one around
    it), preferably one whose own cotangent the line reads. (A line the tidy
    fused, `neg_bar = add_bar * exp`, is the rule of exp, the operation that
    takes neg.)"""
    takers = [key for key, (_, operands) in primals.items()
              if key[1] == branch[:len(key[1])]
              and any(isinstance(o, gast.Name) and o.id == operand for o in operands)]
    takers.sort(key=lambda key: (key[0] + "_bar" not in reads, -len(key[1]), key[0]))
    return takers[0] if takers else None


def _jvp_notes(fn, note):
    """Each tangent line `v_dot = ...`: the formula of the rule of the operation
    that computes v beside it (before it, or after it where the tangent must
    read the old v: `z_dot = z_dot * 2.0` then `z = z * 2.0`)."""
    for body in _bodies(fn):
        for i, s in enumerate(body):
            target = _assigned(s)
            if not (target and target.endswith("_dot")):
                continue
            v = target[:-len("_dot")]
            beside = [body[j] for j in (i - 1, i + 1) if 0 <= j < len(body)]
            primal = next((b for b in beside if _assigned(b) == v), None)
            prim = primal is not None and _primitive_of(primal.value)
            if prim:
                formula = jvp_formula(prim, _operands(primal.value))
                if formula:
                    note(s.lineno, formula)


def _bodies(fn):
    yield fn.body
    for s in ast.walk(fn):
        if s is not fn:
            for field in ("body", "orelse"):
                block = getattr(s, field, None)
                if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                    yield block


def _own_part(s):
    """What a statement computes on its own line: a compound statement's test or
    iterable (its body's statements are noted at their own lines)."""
    if isinstance(s, (ast.If, ast.While)):
        return s.test
    if isinstance(s, ast.For):
        return s.iter
    if isinstance(s, (ast.FunctionDef, ast.With, ast.Try)):
        return ast.Pass()
    return s


def _tape_notes(fn, note):
    for s in _statements(fn.body):
        target = _assigned(s)
        if target and isinstance(s.value, ast.List) and not s.value.elts and \
                target.startswith("tape"):
            note(s.lineno, TAPE)
        elif isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and \
                (_dotted(s.value.func) or "").startswith("tape") and \
                s.value.func.attr == "append":
            note(s.lineno, TAPE_PUSH)
        elif isinstance(s, ast.For) and isinstance(s.iter, ast.Call) and \
                _dotted(s.iter.func) == "reversed" and s.iter.args and \
                (_dotted(s.iter.args[0]) or "").startswith("tape"):
            note(s.lineno, TAPE_READ)


def _helper_notes(fn, note):
    """The first call of each runtime helper: what it does (its docstring)."""
    seen = set()
    for s in _statements(fn.body):
        for call in (n for n in ast.walk(_own_part(s)) if isinstance(n, ast.Call)):
            name = call.func.id if isinstance(call.func, ast.Name) else None
            if name in runtime.HELPERS and name not in seen:
                seen.add(name)
                doc = _first_sentence(runtime.HELPERS[name].__doc__)
                doc = doc[:1].lower() + doc[1:] if doc[1:2].islower() else doc
                if doc:
                    note(s.lineno, f"{name}: {doc}")
            if isinstance(s, (ast.If, ast.For, ast.While)):
                break   # only the header's calls belong to this line


BY_JAX_CALLS = ("jvp_by_jax", "vjp_by_jax", "vmap_by_jax")


def _by_jax_notes(fn, note):
    """Why a call went to JAX (s2s/by_jax.py), once per function handed over."""
    seen = set()
    for s in _statements(fn.body):
        for call in (n for n in ast.walk(_own_part(s)) if isinstance(n, ast.Call)):
            if not (isinstance(call.func, ast.Name) and call.func.id in BY_JAX_CALLS
                    and call.args):
                continue
            handed = ast.unparse(call.args[0])
            if handed in seen:
                continue
            seen.add(handed)
            note(s.lineno, _why_by_jax(handed, call.args[1] if len(call.args) > 1 else None))
            if isinstance(s, (ast.If, ast.For, ast.While)):
                break


def _why_by_jax(handed, operands):
    first = operands.elts[0] if isinstance(operands, ast.Tuple) and operands.elts else None
    shown = ast.unparse(first) if first is not None else "the function"
    if handed == "apply_callable":
        return (f"by JAX: `{shown}` is a function this code was passed or computed (a model, "
                "a loss), known only when it runs, so JAX transforms its call, its own "
                "arrays with the arguments.")
    if handed == "apply_lifted":
        values = operands.elts[2] if len(operands.elts) > 2 else None
        read = ", ".join(f"`{ast.unparse(v)}`" for v in getattr(values, "elts", []))
        return (f"by JAX: `{shown}` applied to a function nested in this code, lifted out "
                "of it" + (f", the values it reads ({read}) passed along" if read else "")
                + ", so that JAX transforms them with the arguments.")
    if handed == "apply_method":
        method = operands.elts[1] if len(operands.elts) > 1 else None
        name = method.value if isinstance(method, ast.Constant) else "this method"
        return (f"by JAX: s2s has no rule for the method `.{name}` of `{shown}` (a layer of "
                "a model, an array method), so JAX transforms that call.")
    head = handed.split(".")[0]
    package = boundary.installed_package(sys.modules[head].__name__) \
        if head in sys.modules else None
    if head in ("jnp", "jax", "lax") or (head in sys.modules and package is None):
        return f"by JAX: s2s has no rule for `{handed}`, so JAX transforms this one call."
    if package is not None:
        return (f"by JAX: `{handed}` belongs to the installed library {package}, whose calls "
                f"s2s hands to JAX's own transformation (`s2s.by_source(\"{package}\")` "
                "would read its source instead).")
    return (f"by JAX: s2s has no rule for `{handed}` (a function of JAX, or of an installed "
            "library such as Flax or Optax, whose calls s2s hands to JAX's own "
            "transformation).")


def _first_sentence(doc):
    if not doc:
        return ""
    text = " ".join(doc.split())
    m = re.match(r"(.+?\.)(\s|$)", text)
    return m.group(1) if m else text


# --- writing the comments in ---------------------------------------------------

def _insert(text, source, notes):
    lines = source.split("\n")
    out = []
    for number, line in enumerate(lines, start=1):
        indent = line[:len(line) - len(line.lstrip())]
        for comment in notes.get(number, []):
            if comment:
                out.extend(_wrap(comment, indent))
        out.append(line)
    return backend.Text("\n".join(out), getattr(text, "tree", None),
                        getattr(text, "filename", None))


def _wrap(comment, indent, width=88):
    words, lines, current = comment.split(), [], ""
    for w in words:
        if current and len(indent) + 2 + len(current) + 1 + len(w) > width:
            lines.append(current)
            current = w
        else:
            current = f"{current} {w}" if current else w
    if current:
        lines.append(current)
    return [f"{indent}# {t}" for t in lines]
