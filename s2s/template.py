"""Rule functions used as templates: placeholder substitution and zero folding.

A rule is an ordinary Python function, e.g.

    @jvp_rule(jnp.sin)
    def sin(x, x_dot):
        return jnp.cos(x) * x_dot

Its parameters are placeholders. `Template.instantiate` splices the returned
expression into generated code with the operands' names in place of the
parameters. A tangent that is known to be zero is passed as a `zero(...)`
marker and folded away (`x * 0 -> 0`, `a + 0 -> a`), so inactive operands
cost nothing in the generated code. A rule writes a result known to be zero
as `zero(x)` (the cotangent of `x ** 0`).

A `Choice` holds a primitive's general rule and special cases tried first,
each with a condition on the bound operands (`x ** 2` for a literal integer
exponent, as JAX's integer_pow).
"""
import copy
import inspect
import textwrap

import gast

from . import anno, locks
from .anno import Key
from .nodes import Transformer, copy_tree

# Functions linear in every array operand: f(..., 0, ...) == 0.
LINEAR = {
    "sum", "mean", "reshape", "transpose", "swapaxes", "expand_dims", "squeeze",
    "broadcast_to", "ravel", "moveaxis", "cumsum", "diagonal", "trace", "real",
    "imag", "conj", "negative", "dot", "matmul", "vdot", "outer", "inner", "einsum",
    "tensordot", "multiply", "kron", "astype", "flip", "roll", "tile", "repeat",
}


def zero(primal=None, helper=None):
    """A marker for a tangent known to be zero; prints as jnp.zeros_like(primal)
    (or as `helper(primal)`: tree_zeros_like for a tuple)."""
    arg = copy.deepcopy(primal) if primal is not None else gast.Constant(value=0.0, kind=None)
    func = load(helper) if helper else jnp_attr("zeros_like")
    node = gast.Call(func=func, args=[arg], keywords=[])
    anno.put(node, Key.ZERO, True)
    anno.put(node, Key.PRIMAL, primal)
    return node


def is_zero(node):
    return anno.get(node, Key.ZERO, False)


JNP = "jnp"  # the name generated code uses for jax.numpy


def jnp_attr(name):
    return gast.Attribute(value=gast.Name(id=JNP, ctx=gast.Load(), annotation=None,
                                          type_comment=None),
                          attr=name, ctx=gast.Load())


def load(name):
    return gast.Name(id=name, ctx=gast.Load(), annotation=None, type_comment=None)


def store(name):
    return gast.Name(id=name, ctx=gast.Store(), annotation=None, type_comment=None)


class Template:
    """A rule function, parsed the first time it is used (s2s has hundreds of
    rules and a program uses a few: parsing them all made `import s2s` slow);
    instantiate() substitutes its parameters."""

    def __init__(self, fn):
        self.fn = fn
        self._expr = None
        self._params = None

    @property
    def expr(self):
        """The returned expression (a TypeError for a rule that is not one return)."""
        if self._expr is None:
            fn = self.fn
            with locks.BUILD:   # (s2s/locks.py: parsing is one thread's at a time)
                tree = gast.parse(textwrap.dedent(inspect.getsource(fn))).body[0]
            body = [s for s in tree.body if not (isinstance(s, gast.Expr)
                                                 and isinstance(s.value, gast.Constant))]
            if len(body) != 1 or not isinstance(body[0], gast.Return):
                raise TypeError(f"rule {fn.__name__} must be a single return statement")
            self._expr = body[0].value
        return self._expr

    @property
    def params(self):
        if self._params is None:
            sig = inspect.signature(self.fn)
            self._defaults = {k: p.default for k, p in sig.parameters.items()
                              if p.default is not inspect.Parameter.empty}
            self._params = list(sig.parameters)   # (last: another thread reads it first)
        return self._params

    @property
    def defaults(self):
        self.params
        return self._defaults

    def instantiate(self, bindings):
        """The rule's expression with each bound parameter replaced by its node.

        Keyword arguments whose parameter is unbound are dropped, so defaults
        (axis=None, keepdims=False) do not clutter the generated code.
        """
        bindings = dict(bindings)
        unbound = {p for p in self.params if p not in bindings}
        for p in unbound:
            if p in self.defaults:
                bindings[p] = gast.Constant(value=self.defaults[p], kind=None)
        return fold(_substituted(self.expr, bindings, unbound))


class Choice:
    """A general template and special cases, each `(condition, template)`; the
    condition is a function of some of the rule's parameters, called with
    their bound nodes (None where unbound). Looks like a Template to the passes."""

    def __init__(self, general, cases=()):
        self.general = general
        self.cases = list(cases)

    @classmethod
    def adding(cls, existing, when, template):
        if isinstance(existing, Choice):
            return cls(existing.general, existing.cases + [(when, template)])
        return cls(existing, [(when, template)])

    def with_general(self, template):
        return Choice(template, self.cases)

    def _all(self):
        return ([self.general] if self.general is not None else []) + [t for _, t in self.cases]

    @property
    def fn(self):
        return (self.general or self.cases[0][1]).fn

    @property
    def expr(self):
        return (self.general or self.cases[0][1]).expr

    @property
    def params(self):
        seen = []
        for t in self._all():
            seen += [p for p in t.params if p not in seen]
        return seen

    @property
    def defaults(self):
        merged = {}
        for t in reversed(self._all()):
            merged.update(t.defaults)
        return merged

    def pick(self, bindings):
        for when, template in self.cases:
            names = list(inspect.signature(when).parameters)
            if when(*[bindings.get(n) for n in names]):
                return template
        if self.general is None:
            raise TypeError("no rule applies to these operands")
        return self.general

    def instantiate(self, bindings):
        return self.pick(bindings).instantiate(bindings)


def literal(node):
    """The Python value of a literal operand (`2`, `-1`, `0.5`), else None."""
    if isinstance(node, gast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, gast.UnaryOp) and isinstance(node.op, gast.USub):
        inner = literal(node.operand)
        return -inner if inner is not None else None
    return None


def _substituted(node, bindings, unbound):
    """A copy of a template's (plain) tree with each name in `bindings`
    replaced by a copy of its node, and the keyword arguments that pass an
    `unbound` parameter on left out: the template's copy and its substitution
    in one visit."""
    if node.__class__ is gast.Name and node.id in bindings:
        return copy_tree(bindings[node.id])
    cls = node.__class__
    new = cls.__new__(cls)
    d = new.__dict__
    for k, v in node.__dict__.items():
        if isinstance(v, gast.AST):
            v = _substituted(v, bindings, unbound)
        elif v.__class__ is list:
            v = [_substituted(x, bindings, unbound) if isinstance(x, gast.AST) else x
                 for x in v if not (x.__class__ is gast.keyword and x.value.__class__ is gast.Name
                                    and x.value.id in unbound)]
        d[k] = v
    return new


def fold(node):
    """Fold zero markers bottom-up; returns a zero marker if the whole is zero."""
    return _Fold().visit(node)


class _Fold(Transformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, (gast.Mult, gast.Div, gast.Add, gast.Sub)):
            node.left, node.right = self._unreshape(node.left), self._unreshape(node.right)
        folded = _fold_constants(node)
        if folded is not node:
            return folded
        lz, rz = is_zero(node.left), is_zero(node.right)
        if isinstance(node.op, (gast.Mult, gast.MatMult)) and (lz or rz):
            return zero()
        if isinstance(node.op, gast.Div) and lz:
            return zero()
        if isinstance(node.op, gast.Add):
            if lz and rz:
                return zero()
            if lz or rz:
                return node.right if lz else node.left
        if isinstance(node.op, gast.Sub):
            if lz and rz:
                return zero()
            if rz:
                return node.left
            if lz:
                return gast.UnaryOp(op=gast.USub(), operand=node.right)
        return node

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        return zero() if is_zero(node.operand) else node

    def _unreshape(self, node):
        """`jnp.reshape(g, reduced_shape(x, None))` only makes a one-element
        cotangent rank-n; where it broadcasts anyway (an arithmetic operand, or
        the input of broadcast_to) plain `g` is the same value."""
        if (isinstance(node, gast.Call) and _jnp_name(node.func) == "reshape"
                and len(node.args) == 2 and isinstance(node.args[1], gast.Call)
                and isinstance(node.args[1].func, gast.Name)
                and node.args[1].func.id == "reduced_shape" and len(node.args[1].args) == 2
                and isinstance(node.args[1].args[1], gast.Constant)
                and node.args[1].args[1].value is None):
            return node.args[0]
        return node

    def visit_Subscript(self, node):
        self.generic_visit(node)
        return zero() if is_zero(node.value) else node

    def visit_Call(self, node):
        if is_zero(node):
            return node
        self.generic_visit(node)
        if isinstance(node.func, gast.Name) and node.func.id == "zero" and len(node.args) == 1:
            return zero(node.args[0])   # a rule's own "this is zero"
        name = _jnp_name(node.func)
        if name == "broadcast_to" and node.args:
            node.args[0] = self._unreshape(node.args[0])
        if name in LINEAR and any(is_zero(a) for a in node.args):
            return zero()
        if name == "linspace" and len(node.args) >= 2:   # linear in both ends together
            if is_zero(node.args[0]) and is_zero(node.args[1]):
                return zero()
            node.args[:2] = [gast.Constant(value=0.0, kind=None) if is_zero(x) else x
                             for x in node.args[:2]]
        if name == "where" and len(node.args) == 3:
            a, b = node.args[1], node.args[2]
            if is_zero(a) and is_zero(b):
                return zero()
            node.args = [node.args[0]] + [gast.Constant(value=0.0, kind=None) if is_zero(x)
                                          else x for x in (a, b)]
        if isinstance(node.func, gast.Name) and node.func.id in CONTAINER_TANGENTS:
            return _fold_container(node)
        return node


# Runtime helpers on Python lists and dicts (s2s/runtime.py), linear in the
# operands at these positions: the first ones are containers, whose zero tangent
# is `tree_zeros_like(xs)` (jnp.zeros_like would turn a list into an array).
CONTAINER_TANGENTS = {   # name -> (container positions, item positions)
    "set_item": ((0,), (2,)), "list_append": ((0,), (1,)), "list_concat": ((0, 1), ()),
    "list_repeat": ((0,), ()), "set_item_cotangent": ((0,), ()),
    "list_repeat_cotangent": ((0,), ()),
}


def _fold_container(node):
    containers, items = CONTAINER_TANGENTS[node.func.id]
    linear = [i for i in containers + items if i < len(node.args)]
    if linear and all(is_zero(node.args[i]) for i in linear):
        return zero()
    for i in containers:
        a = node.args[i] if i < len(node.args) else None
        if a is not None and is_zero(a) and anno.get(a, Key.PRIMAL) is not None:
            node.args[i] = gast.Call(func=load("tree_zeros_like"),
                                     args=[copy.deepcopy(anno.get(a, Key.PRIMAL))], keywords=[])
    return node


def _jnp_name(func):
    if (isinstance(func, gast.Attribute) and isinstance(func.value, gast.Name)
            and func.value.id == JNP):
        return func.attr
    return None


def _number(node):
    return (isinstance(node, gast.Constant) and type(node.value) in (int, float)
            and not isinstance(node.value, bool))


_ARITH = {gast.Add: lambda a, b: a + b, gast.Sub: lambda a, b: a - b,
          gast.Mult: lambda a, b: a * b}


def _fold_constants(node):
    """`2 - 1 -> 1`, `e ** 1 -> e`, `1 * e -> e`, `e - 0 -> e`.

    Only folds that keep the array operand's shape and dtype: a Python number
    combined with an array never changes either.
    """
    left, right, op = node.left, node.right, type(node.op)
    if _number(left) and _number(right) and op in _ARITH:
        return gast.Constant(value=_ARITH[op](left.value, right.value), kind=None)
    if _number(right) and right.value == 1 and op in (gast.Pow, gast.Mult, gast.Div):
        return left
    if _number(left) and left.value == 1 and op is gast.Mult:
        return right
    if _number(right) and right.value == 0 and op in (gast.Add, gast.Sub):
        return left
    return node
