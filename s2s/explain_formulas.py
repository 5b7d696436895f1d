"""The formulas explain mode (s2s/explain.py) writes beside derivative lines:
a rule's template printed as math (`d jnp.tanh(x) = dx * (1 - jnp.tanh(x) ** 2)`,
`x_bar = out_bar * y, y_bar = x * out_bar`)."""
import ast

import gast

from .nodes import Transformer, to_ast
from .template import is_zero, literal, zero

# Python operators, written as the user writes them in a formula
_OPERATOR_FORMS = {"add": "{} + {}", "subtract": "{} - {}", "multiply": "{} * {}",
                   "true_divide": "{} / {}", "divide": "{} / {}", "power": "{} ** {}",
                   "matmul": "{} @ {}", "negative": "-{}", "floor_divide": "{} // {}"}


# --- formulas from the rules' templates --------------------------------------
# A formula is the rule's template printed with the rule's own names for the
# operands (`x`, `y`), `dx` for a tangent `x_dot`, `out_bar` for the output's
# cotangent, and a literal operand as written (`x ** 2`: the rule for a literal
# exponent, as the code used it).

def _form(prim, params):
    """How the operation is written: `x * y`, `jnp.tanh(x)`, `jax.nn.relu(x)`."""
    pattern = _OPERATOR_FORMS.get(prim.name)
    if pattern and pattern.count("{}") == len(params):
        return pattern.format(*params)
    name = prim.name if "." in prim.name or prim.by_own_name else f"jnp.{prim.name}"
    return f"{name}({', '.join(params)})"


def _primal_params(rule):
    return [p for p in rule.params if p not in ("ans", "ans_bar") and not p.endswith("_dot")
            and p not in rule.defaults]


def _picked(rule, operands):
    """The template the code used: a Choice picks its case from the operands."""
    if rule is None:
        return None
    params = _primal_params(rule)
    actual = dict(zip(params, operands))
    if not hasattr(rule, "pick"):
        return rule
    try:
        return rule.pick(actual)
    except TypeError:   # (no case fits operands seen as names only: left unexplained)
        return None


def _literal_text(node):
    value = literal(node)
    return None if value is None else repr(value)


def _symbols(prim, operands):
    rule = prim.jvp or prim.vjp
    params = _primal_params(rule) if rule is not None else ["x"] * len(operands)
    return [_literal_text(n) or p for p, n in zip(params, operands)]


def _expr(text):
    return gast.parse(text).body[0].value


def _print(node):
    return ast.unparse(to_ast(node))


def _bind(template, prim, operands, extra, named=False):
    """Bindings that print the template as a formula (see above); `named`: the
    code's names for the operands rather than the rule's."""
    params = _primal_params(template)
    bindings = dict(extra)
    for p, node in zip(params, operands):
        if literal(node) is not None or named:
            bindings[p] = node
    symbols = [_literal_text(node) or (node.id if named else p)
               for p, node in zip(params, operands)]
    if "ans" in template.params:
        bindings["ans"] = _expr(_form(prim, symbols))
    return bindings, symbols


def jvp_formula(prim, operands):
    """`d jnp.tanh(x) = dx * (1 - jnp.tanh(x) ** 2)`, from the jvp rule's template."""
    if prim.multilinear:
        params = _symbols(prim, operands)
        terms = [_form(prim, [("d" + q if k == i else q) for k, q in enumerate(params)])
                 for i, p in enumerate(params) if literal(operands[i]) is None]
        return f"d {_form(prim, params)} = {' + '.join(terms)}   (linear in each operand)"
    template = _picked(prim.jvp, operands)
    if template is None:
        return None
    literals = {p for p, node in zip(_primal_params(template), operands)
                if literal(node) is not None}
    tangents = {p: zero() if p[:-len("_dot")] in literals else _expr("d" + p[:-len("_dot")])
                for p in template.params if p.endswith("_dot")}   # a literal has none
    bindings, symbols = _bind(template, prim, operands, tangents)
    try:
        expr = template.instantiate(bindings)
    except Exception:   # a rule written for code, not for print
        return None
    if is_zero(expr):
        return f"d {_form(prim, symbols)} = 0"
    return f"d {_form(prim, symbols)} = {_print(_without_unbroadcast(expr))}"


def vjp_formula(prim, operands, out_bar=None):
    """`x_bar = out_bar * y, y_bar = x * out_bar`, from the vjp rule's template;
    given the name of the output's cotangent `out_bar` (and operands that are
    names or literals), in the code's own names, which cannot collide with the
    user's: `sin_bar = mul_bar * x_i, x_i_bar = sin * mul_bar`."""
    template = _picked(prim.vjp, operands)
    if template is None:
        return None
    named = out_bar is not None and in_code_names(operands) is not None
    bindings, symbols = _bind(template, prim, operands,
                              {"ans_bar": _expr(out_bar if named else "out_bar")}, named)
    try:
        expr = template.instantiate(bindings)
    except Exception:
        return None
    parts = expr.elts if isinstance(expr, gast.Tuple) else [expr]
    shown = [f"{node.id if named else p}_bar = {_print(_without_unbroadcast(e))}"
             for p, e, node in zip(_primal_params(template), parts, operands)
             if literal(node) is None and not (isinstance(e, gast.Constant) and e.value is None)]
    return ", ".join(shown) or None


def in_code_names(operands):
    """The operands as the code writes them (names, literals), or None where
    one is neither."""
    texts = [_literal_text(n) or (n.id if isinstance(n, gast.Name) else None) for n in operands]
    return None if None in texts else texts


def _without_unbroadcast(expr):
    """`unbroadcast(g, x)` printed as `g`: the formula is the math; summing a
    broadcast operand's cotangent back to its shape is the helper's job (noted
    where the code first calls it)."""
    class Strip(Transformer):
        def visit_Call(self, node):
            self.generic_visit(node)
            if isinstance(node.func, gast.Name) and node.func.id == "unbroadcast":
                return node.args[0]
            return node
    return Strip().visit(expr)
