"""Resolve: bind every called name to what it means, and rewrite calls so that
the generated code says it plainly.

- jax.numpy, numpy and math functions become `jnp.NAME(...)` (NumPy's twins);
- array methods become functions: `x.sum(0)` -> `jnp.sum(x, 0)`,
  `x.reshape(2, 3)` -> `jnp.reshape(x, (2, 3))`, `x.T` -> `jnp.transpose(x)`;
- builtins with derivatives (abs, max, min, float) and without (range, len, ...)
  stay as they are; user functions stay as names, transformed later in turn;
- `lax.select` becomes `jnp.where`; the other `lax` control flow (cond, switch,
  while_loop, fori_loop, scan, map) is marked for normalize, which writes it as
  the Python statement it stands for (s2s/passes/normalize_lax.py).

Anything that cannot be resolved is an error at the user's line. Later passes
classify calls with `callee`, which reads the rewritten form back.
"""
import builtins
import copy
import enum
import inspect
import keyword
import operator
import re
import types

import gast
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from .. import anno, compiled_callees, frontend, listed_parameters
from ..checkpoint import checkpointed
from ..anno import Key
from .. import rules
from ..frontend import python_function
from ..pipeline import PUBLIC
from ..nodes import Transformer, name_nodes, statements_in, walk
from ..template import JNP, jnp_attr, load, store
from .resolve_values import (_evaluate_static, _is_factory, _is_library,  # noqa: F401
                             _is_s2s_api, _jnp_twin, _lax_kind, _NotStatic, _own_call_method,
                             _is_shard_map, _s2s_twin, _static_value)
from . import lifted_functions, partial_calls, passed_functions
from .scopes import local_functions, local_names

# Builtins that take part in generated code as they are.
NONDIFF_BUILTINS = {
    builtins.range, builtins.len, builtins.int, builtins.bool, builtins.print,
    builtins.isinstance, builtins.enumerate, builtins.zip, builtins.tuple,
    builtins.list, builtins.dict, builtins.str, builtins.type, builtins.round,
    builtins.reversed, builtins.slice, builtins.sorted, builtins.setattr,
    builtins.hasattr, builtins.callable, operator.index,
    # a layout built in the function (`with_sharding_constraint(x, P("data"))`): a constant
    jax.sharding.PartitionSpec, jax.sharding.NamedSharding,
    # a NumPy random state made in the function: its draws are NumPy constants, as under JAX
    np.random.RandomState, np.random.default_rng,
}
# Builtins that repackage their operands: a derivative cannot flow through them
# as a value (they are fine as a loop's iterable, where s2s handles them).
REPACKAGING_BUILTINS = {builtins.list, builtins.tuple, builtins.dict, builtins.reversed,
                        builtins.zip, builtins.enumerate, builtins.sorted}


def among(obj, group):
    """`obj in group` for any object (a dataclass instance is unhashable)."""
    try:
        return obj in group
    except TypeError:
        return False


# Array methods and the jax.numpy function each stands for.
ARRAY_METHODS = {
    "sum": "sum", "mean": "mean", "max": "max", "min": "min", "prod": "prod",
    "std": "std", "var": "var", "dot": "dot", "swapaxes": "swapaxes",
    "squeeze": "squeeze", "clip": "clip", "cumsum": "cumsum", "ravel": "ravel",
    "flatten": "ravel", "argmax": "argmax", "argmin": "argmin", "any": "any",
    "all": "all", "astype": "astype", "transpose": "transpose", "reshape": "reshape",
    "conj": "conj", "round": "round",
}
PACKED_METHODS = {"reshape", "transpose"}  # x.reshape(2, 3) == x.reshape((2, 3))
STATIC_ATTRIBUTES = {"shape", "ndim", "dtype", "size"}
# What an array has besides (x.mT, x.nbytes, ...): never read as a pytree's field.
ARRAY_ATTRIBUTES = frozenset(name for name in dir(jax.Array) if not name.startswith("_"))
LIST_METHODS = {"append"}
DICT_METHODS = {"keys", "values", "items"}   # -> dict_keys(d) and comprehensions over it
# x.at[i].METHOD(v): functional updates, each a primitive "at_METHOD" (s2s/rules/indexing.py).
AT_METHODS = ("set", "add", "multiply", "min", "max")


class CallKind(enum.Enum):
    """What kind of function a call calls (`callee` decides)."""
    PRIM = "a function with rules: jnp.NAME, a jax.nn/lax/scipy function, a runtime helper"
    AT = "a functional update x.at[i].set/add/...: its primitive at_METHOD"
    APPEND = "a list's method (xs.append(v))"
    LOCAL = "a function defined inside the function being transformed"
    BUILTIN = "a Python builtin or exception class that runs as plain Python"
    USER = "any other function: user code, transformed by the same transformation"


class Callee:
    """What a call calls: its kind, the rule (PRIM, AT) or function object
    (USER, BUILTIN), the name it is called by, and for a helper the user
    compiled (`@jax.jit`) how (compiled_callees.Compiled), and whether it is
    checkpointed (s2s/checkpoint.py)."""

    def __init__(self, kind, obj=None, name=None, compiled=None, checkpointed=False):
        self.kind, self.obj, self.name, self.compiled = kind, obj, name, compiled
        self.checkpointed = checkpointed


def callee(call, ns, locals_):
    """Classify a call in resolved code."""
    func = call.func
    if isinstance(func, gast.Attribute):
        if isinstance(func.value, gast.Name) and func.value.id == JNP:
            prim = rules.BY_NAME.get(func.attr) or rules.fallback_for(getattr(jnp, func.attr,
                                                                              None))
            return Callee(CallKind.PRIM, prim, func.attr)
        if func.attr in AT_METHODS and _is_at(func.value):
            return Callee(CallKind.AT, rules.BY_NAME["at_" + func.attr], func.attr)
        if func.attr in LIST_METHODS:
            return Callee(CallKind.APPEND, name=func.attr)
    if isinstance(func, gast.Name):
        if func.id in locals_:
            return Callee(CallKind.LOCAL, name=func.id)
        obj = ns.lookup(func.id)
        prim = rules.lookup(obj)
        if prim is not None:
            return Callee(CallKind.PRIM, prim, func.id)
        if among(obj, NONDIFF_BUILTINS) or _is_exception_class(obj):
            return Callee(CallKind.BUILTIN, obj, func.id)
        prim = rules.fallback_for(obj)
        if prim is not None:   # from JAX, with no rule here: JAX transforms it
            return Callee(CallKind.PRIM, prim, func.id)
        return _user(obj, func.id, call)
    obj = _static_value(func, ns)
    prim = rules.lookup(obj) or rules.fallback_for(obj)
    if prim is not None:   # `jax.nn.relu(x)`: a rule of another public module
        return Callee(CallKind.PRIM, prim, prim.name)
    if among(obj, NONDIFF_BUILTINS):   # `jax.P("data")`
        return Callee(CallKind.BUILTIN, obj, gast.unparse(func) if hasattr(gast, "unparse")
                      else None)
    return _user(obj, gast.unparse(func) if hasattr(gast, "unparse") else None, call)


def callee_of_value(obj, name, call):
    """The Callee of `call` when its function is `obj`, known only as the code
    runs (a parameter that vmap's probe saw hold `jnp.tanh`)."""
    prim = rules.lookup(obj) or rules.fallback_for(obj)
    if prim is not None:
        return Callee(CallKind.PRIM, prim, prim.name)
    return _user(obj, name, call)


def _user(obj, name, call):
    fn = python_function(obj)
    if not any(isinstance(a, gast.Starred) for a in call.args):   # (`*xs`: the fence says)
        fn = listed_parameters.twin(fn, len(call.args), [k.arg for k in call.keywords if k.arg],
                                    anno.get(call, Key.SELF_TYPE))
    return Callee(CallKind.USER, fn, name, compiled_callees.compiled(obj),
                  checkpointed(obj) is not None)


def _scalar_literal(v):
    return v is None or type(v) in (int, float, bool, str, complex)


def _is_exception_class(obj):
    """`ValueError(...)` (for a `raise`) runs as plain Python: never differentiated."""
    return isinstance(obj, type) and issubclass(obj, BaseException)


def _is_at(node):
    return (isinstance(node, gast.Subscript) and isinstance(node.value, gast.Attribute)
            and node.value.attr == "at")


def run(fn_tree, ctx):
    ns, source = ctx.ns, ctx.source
    lifted_functions.run(fn_tree, ctx,
                         lambda base, obj: bind_cell(ns, local_names(fn_tree), base, obj))
    own = {s: local_names(s) for s in statements_in(fn_tree)   # (fn_tree among them)
           if isinstance(s, gast.FunctionDef)}
    if any(JNP in names for names in own.values()):
        raise source.error(fn_tree, f"s2s reserves the name `{JNP}` for jax.numpy, "
                                    f"but this function binds it",
                           f"rename the local variable `{JNP}`")
    resolver = _Resolver(ns, source, own)
    resolver.owner = _method_owner(ctx.parsed.fn, fn_tree, ns)
    resolver.resolve_function(fn_tree, set())
    return fn_tree


def bind_cell(ns, taken, base, obj):
    """A fresh name for `obj` in the function's namespace (a closure cell),
    not among the names `taken` by the function; `base` made an identifier
    (`grad_<lambda>` -> `grad_lambda`)."""
    base = re.sub(r"\W+", "_", base).strip("_") or "fn"
    if base[0].isdigit() or keyword.iskeyword(base):
        base = "_" + base
    name, i = base, 0
    while name in taken or ns.has(name):
        i += 1
        name = f"{base}_{i}"
    ns.cells[name] = types.CellType(obj)
    return name


def _method_owner(fn, fn_tree, ns):
    """(self's name, the class, whether it is self's exact class) when `fn` is a
    method of a module-level class (`Model.loss`), so that `self.predict(x)`
    reads `Model.predict(self, x)`; the exact class where the caller's object
    is known (s2s/listed_parameters.py's twins)."""
    if not fn_tree.args.args:
        return None
    exact = getattr(fn, "__s2s_self_type__", None)
    if exact is not None:
        return fn_tree.args.args[0].id, exact, True
    parts = getattr(fn, "__qualname__", "").split(".")
    if len(parts) != 2:
        return None
    try:
        cls = ns.lookup(parts[0])
    except Exception:
        return None
    if not isinstance(cls, type) or getattr(getattr(cls, parts[1], None), "__code__", None) \
            is not fn.__code__:
        return None
    return fn_tree.args.args[0].id, cls, False


def _plain_method(cls, name):
    """`cls.name` when it is a plain function that no subclass of `cls`
    overrides (so `self.name(...)` calls it for every instance), else None."""
    fn = inspect.getattr_static(cls, name, None)
    if not isinstance(fn, types.FunctionType):
        return None
    todo = list(cls.__subclasses__())
    while todo:
        sub = todo.pop()
        if name in vars(sub):
            return None
        todo.extend(sub.__subclasses__())
    return fn


def _mask_of(node):
    """The `where=` mask of a reduction, unless it is None."""
    for k in node.keywords:
        if k.arg == "where" and not (isinstance(k.value, gast.Constant) and k.value.value is None):
            return k.value
    return None


def _masked_reduction(node, obj):
    """`jnp.sum(x, axis, where=m)` is `jnp.sum(jnp.where(m, x, 0), axis)`; a
    mean's divides that by the count of its entries m keeps, as JAX's does."""
    mask, x = _mask_of(node), node.args[0]
    rest = [k for k in node.keywords if k.arg != "where"]

    def summed(value, keywords):
        return anno.copy_location(gast.Call(func=jnp_attr("sum"), args=[value] + node.args[1:],
                                            keywords=keywords), node)
    kept = summed(gast.Call(func=jnp_attr("where"), args=[mask, x, gast.Constant(value=0,
                                                                                  kind=None)],
                            keywords=[]), rest)
    if obj is jnp.mean:
        count = gast.Call(func=jnp_attr("broadcast_to"),
                          args=[copy.deepcopy(mask), gast.Call(func=jnp_attr("shape"),
                                                               args=[copy.deepcopy(x)],
                                                               keywords=[])], keywords=[])
        kept = anno.copy_location(gast.BinOp(left=kept, op=gast.Div(),
                                             right=summed(count, [k for k in rest
                                                                  if k.arg != "dtype"])), node)
    return _unless_none(mask, node, rest, kept)


def _where_by_name(node, obj):
    """`node` with a `where` mask passed by position (optax's
    `jax.nn.log_softmax(logits, axis, where)`) passed by name."""
    names = list(inspect.signature(obj).parameters)
    if "where" in names and len(node.args) > names.index("where"):
        at = names.index("where")
        node.keywords = node.keywords + [gast.keyword(arg=names[i], value=a)
                                         for i, a in enumerate(node.args) if i >= at]
        node.args = node.args[:at]
    return node


def _masked_normalizer(node, obj):
    """`jax.nn.softmax(x, axis, where=m)` is the softmax of x with the entries m
    leaves out at -inf (they take no share), those entries then set as JAX sets
    them: 0, or -inf for log_softmax (logsumexp's reduce them away)."""
    mask, x = _mask_of(node), node.args[0]
    rest = [k for k in node.keywords if k.arg != "where"]

    def minus_inf():
        return gast.UnaryOp(op=gast.USub(), operand=jnp_attr("inf"))

    def where(value, other):
        return anno.copy_location(gast.Call(func=jnp_attr("where"), args=[
            copy.deepcopy(mask), value, other], keywords=[]), node)
    inner = anno.copy_location(gast.Call(func=copy.deepcopy(node.func), args=[
        where(x, minus_inf())] + node.args[1:], keywords=rest), node)
    if obj is jax.nn.logsumexp:
        return _unless_none(mask, node, rest, inner)
    fill = minus_inf() if obj is jax.nn.log_softmax else gast.Constant(value=0.0, kind=None)
    return _unless_none(mask, node, rest, where(inner, fill))


def _unless_none(mask, node, rest, masked):
    """`masked`, or where the mask is a name that may hold None (an optional
    mask), `node` without it when it does."""
    if not isinstance(mask, gast.Name):
        return masked
    plain = copy.deepcopy(node)
    plain.keywords = copy.deepcopy(rest)
    test = gast.Compare(left=copy.deepcopy(mask), ops=[gast.Is()],
                        comparators=[gast.Constant(value=None, kind=None)])
    return anno.copy_location(gast.IfExp(test=test, body=plain, orelse=masked), node)


def _pairwise(node):
    """`max(a, b, c)` as `max(max(a, b), c)`: Python's choice on a tie (the
    first), through the rule for two operands."""
    out = node.args[0]
    for a in node.args[1:]:
        out = anno.copy_location(gast.Call(func=copy.deepcopy(node.func), args=[out, a],
                                           keywords=[]), node)
    return out


class _Resolver(Transformer):
    def __init__(self, ns, source, own):
        self.ns = ns
        self.source = source
        self.own = own   # each function definition -> the names it binds (local_names)
        self.locals = set()
        self.functions = set()   # the nested `def`s of the function being resolved
        self.held_functions = set()   # names holding a function passed in or a call's result
        self.owner = None   # (self's name, class, exact) in a method: _method_owner
        self.conditional = False   # under an `if` or a loop (it may never run)

    def resolve_function(self, fn, outer_locals):
        saved = self.locals, self.functions, self.held_functions
        own = self.own.get(fn)
        self.locals = outer_locals | (own if own is not None else local_names(fn))
        self.functions = local_functions(fn) | (saved[1] & self.locals)
        self.held_functions = passed_functions.held_functions(fn)
        fn.body = [self.visit(s) for s in fn.body]
        self.locals, self.functions, self.held_functions = saved
        return fn

    def visit_FunctionDef(self, node):
        return self.resolve_function(node, self.locals)

    def visit_If(self, node):
        saved, self.conditional = self.conditional, True
        node = self.generic_visit(node)
        self.conditional = saved
        return node

    visit_While = visit_If

    def _simple_statement(self, node):
        """A statement under an `if` or a loop calling a name that nothing
        defines (a plotting helper the program never copied, behind `if ax:`)
        raises NameError where it runs, as in Python; s2s then needs nothing of
        it. (One that always runs is refused at its line when resolved.)"""
        missing = self._undefined_callee(node) if self.conditional else None
        if missing is None:
            return self.generic_visit(node)
        message = gast.Constant(value=f"name '{missing}' is not defined", kind=None)
        return anno.copy_location(gast.Raise(
            exc=gast.Call(func=load("NameError"), args=[message], keywords=[]), cause=None), node)

    visit_Expr = visit_Assign = visit_AugAssign = visit_AnnAssign = visit_Return = \
        _simple_statement

    def _undefined_callee(self, node):
        inner = {e.id for e in walk(node) if isinstance(e, gast.Name)
                 and isinstance(e.ctx, (gast.Param, gast.Store))}   # a lambda's, a comprehension's
        for e in walk(node):
            if isinstance(e, gast.Call) and isinstance(e.func, gast.Name) \
                    and e.func.id not in self.locals and e.func.id not in inner \
                    and not self.ns.has(e.func.id):
                return e.func.id
        return None

    def visit_Lambda(self, node):
        saved = self.locals
        self.locals = self.locals | {a.id for a in node.args.args}
        node.body = self.visit(node.body)
        self.locals = saved
        return node

    def visit_For(self, node):
        generator = self._generator_call(node.iter)
        saved, self.conditional = self.conditional, True
        node = self.generic_visit(node)
        self.conditional = saved
        if generator:   # (a loop counts its items: a generator's, as a list)
            node.iter = anno.copy_location(
                gast.Call(func=load("list"), args=[node.iter], keywords=[]), node.iter)
            anno.put(node.iter, Key.GENERATOR_ITEMS, True)
        return node

    def _generator_call(self, e):
        """Is `e` a call of a function with `yield` (`for w, b in layers(params)`)."""
        if not isinstance(e, gast.Call) or self._is_local_value(e.func):
            return False
        try:
            return inspect.isgeneratorfunction(_static_value(e.func, self.ns))
        except (KeyError, _NotStatic):
            return False

    def visit_Raise(self, node):
        return node  # runs only on the error path; left exactly as written

    def visit_Attribute(self, node):
        self.generic_visit(node)
        if self._is_local_value(node.value):
            if node.attr == "T":
                return self._call(jnp_attr("transpose"), [node.value], [], node)
            if node.attr in ("real", "imag"):
                return self._call(jnp_attr(node.attr), [node.value], [], node)
            if node.attr in STATIC_ATTRIBUTES | {"at"}:
                return node
            if node.attr in ARRAY_ATTRIBUTES:
                raise self.source.error(node, f"s2s does not know the array attribute "
                                              f"`.{node.attr}`",
                                        "use the jax.numpy function instead")
            # any other name is a field of a pytree: a NamedTuple's, a dataclass's
            return self._call(load("field"), [node.value, gast.Constant(value=node.attr,
                                                                         kind=None)], [], node)
        return node

    def visit_Call(self, node):
        node.keywords = self._spelled_keywords(node)
        node.args = [self.visit(a) for a in node.args]
        for k in node.keywords:
            k.value = self.visit(k.value)
        func = node.func
        if isinstance(func, gast.Attribute) and func.attr in AT_METHODS \
                and _is_at(func.value):
            func.value.value.value = self.visit(func.value.value.value)
            func.value.slice = self.visit(func.value.slice)
            return node
        if isinstance(func, gast.Attribute) and self._super_call(func):
            return self.visit_Call(self._super_method(node))
        if isinstance(func, gast.Attribute) and self._own_method(func):
            owner = self.owner[1]   # self.predict(x) -> Model.predict(self, x)
            node.args = [func.value] + node.args
            node.func = anno.copy_location(gast.Attribute(value=load(self._class_name(owner)),
                                                          attr=func.attr, ctx=gast.Load()), func)
            return self.visit_Call(node)
        self._note_self_type(node)
        if isinstance(func, gast.Attribute) and self._is_local_value(func.value):
            func.value = self.visit(func.value)
            return self._method(node)
        if isinstance(func, gast.Name) and func.id in self.locals:
            anno.put(node, Key.USER_CALL, True)
            return node  # a nested function; params holding functions fail later
        if isinstance(func, gast.Call) and self._of_local_function(func):
            return self._local_transformation(node)
        if isinstance(func, gast.Call):
            node.func = self._transformation(func)
            anno.put(node, Key.USER_CALL, True)
            return node
        obj = self._lookup(func)
        return self._rewrite(node, obj)

    def _spelled_keywords(self, node):
        """`fun(x, **fun_kwargs)` where `fun_kwargs` is a dict of the closure or
        module (a layer's options): its entries as keywords, `fun(x, axis=-1)`,
        so that rules bind them by name. A dict computed in the function is
        refused: its keys are not known before it runs."""
        keywords = []
        for k in node.keywords:
            if k.arg is not None:
                keywords.append(k)
                continue
            try:
                entries = None if self._is_local_value(k.value) else \
                    _static_value(k.value, self.ns)
            except (KeyError, _NotStatic):
                entries = None
            if not isinstance(entries, dict) or not all(isinstance(key, str) for key in entries):
                raise self.source.error(node, "`**` of a dict made in the function is not "
                                              "supported in a call",
                                        "pass the keyword arguments one by one")
            keywords += [anno.copy_location(gast.keyword(arg=key, value=self._as_code(key, v)),
                                            k) for key, v in entries.items()]
        return keywords

    def _as_code(self, name, value):
        """A value known before the function runs, as code: a literal, or a
        name bound to it."""
        if isinstance(value, tuple) and all(_scalar_literal(v) for v in value):
            return gast.Tuple(elts=[gast.Constant(value=v, kind=None) for v in value],
                              ctx=gast.Load())
        if _scalar_literal(value):
            return gast.Constant(value=value, kind=None)
        return load(self._bound_name(name, value))

    def _of_local_function(self, call):
        """`jax.vmap(model)`, a transformation of a function the code holds in a
        name (a parameter, `model = eqx.combine(...)`); `shard_map(f, ...)` of
        any function but a nested one (its body's collectives are JAX's)."""
        try:
            written = _static_value(call.func, self.ns)
        except (_NotStatic, KeyError):
            return False
        first = call.args[0] if call.args else None
        # (not a nested `def` or a lambda: they may close over differentiated values
        # JAX would not see)
        held = isinstance(first, gast.Name) and first.id in self.held_functions
        if _is_shard_map(written):
            return held or (first is not None and not self._is_local_value(first))
        return _is_factory(_s2s_twin(written)) and held

    def _local_transformation(self, node):
        """`jax.vmap(model, in_axes=0)(x)` -> `apply_transformed(jax.vmap, (model,),
        {'in_axes': 0}, x)`: the function is known only when the code runs, so
        JAX applies the transformation as written, and a derivative of this
        code hands the call to JAX with the function's arrays among its operands
        (s2s/by_jax.py)."""
        made = node.func
        options = gast.Dict(keys=[gast.Constant(value=k.arg, kind=None) for k in made.keywords],
                            values=[self.visit(k.value) for k in made.keywords])
        return self._call(load("apply_transformed"),
                          [made.func, gast.Tuple(elts=[self.visit(a) for a in made.args],
                                                 ctx=gast.Load()), options] + node.args,
                          node.keywords, node)

    def _transformation(self, call):
        """`s2s.vmap(f, in_axes=(None, 0))(w, x)`: the transformation is built once,
        here (its arguments are module-level values), and called by a name."""
        written = None
        try:
            written = _static_value(call.func, self.ns)
            factory = _s2s_twin(written)
            args = [_evaluate_static(a, self.ns) for a in call.args]
            kwargs = {k.arg: _evaluate_static(k.value, self.ns) for k in call.keywords}
        except (_NotStatic, KeyError):
            factory = None
        if factory is None and (_is_factory(_s2s_twin(written)) or _is_shard_map(written)):
            raise self.source.error(
                call, f"s2s cannot apply `{written.__name__}` here to a nested function or "
                      "lambda: it may close over values being differentiated or batched, "
                      "which JAX would take for constants",
                "define the function at module level and pass the values it reads as "
                "arguments (or write the loop)")
        if not _is_factory(factory):
            raise self.source.error(call, "s2s can only call names and module attributes "
                                          "(like `jnp.exp`)",
                                    "assign the function to a name first")
        if factory is not written and args and frontend._from_library(args[0]):
            # jax.vmap(jnp.sin): JAX's own transformation of its own function, a
            # library function like any other (JAX differentiates and batches it)
            factory = written
        obj = factory(*args, **kwargs)
        name = self._bound_name(f"{factory.__name__}_{getattr(args[0], '__name__', 'function')}",
                                obj)
        return anno.copy_location(gast.Name(id=name, ctx=gast.Load(), annotation=None,
                                            type_comment=None), call)

    def _jvp_in_line(self, node):
        """`s2s.jvp(f, (x,), (t,))` in the function: a call of f's generated jvp,
        `f_jvp(x, t)` (it returns the same pair), so that a gradient of this code
        differentiates it like any function (reverse over forward: a
        Hessian-vector product). False where the call is not of that form."""
        from .. import api
        if len(node.args) != 3 or node.keywords or not all(
                isinstance(a, gast.Tuple) for a in node.args[1:]) or \
                len(node.args[1].elts) != len(node.args[2].elts):
            return False
        first = node.args[0]
        try:
            if isinstance(first, gast.Call):   # s2s.jvp(s2s.grad(f), ...): built here
                factory = _s2s_twin(_static_value(first.func, self.ns))
                if not _is_factory(factory):
                    return False
                fn = python_function(factory(
                    *[_evaluate_static(a, self.ns) for a in first.args],
                    **{k.arg: _evaluate_static(k.value, self.ns) for k in first.keywords}))
            else:
                fn = python_function(_static_value(first, self.ns))
        except Exception:
            return False
        primals, tangents = node.args[1].elts, node.args[2].elts
        if len(frontend.parameters(fn)[0]) != len(primals):
            return False   # (parameters left to their defaults: s2s.jvp fills them in)
        generated = api.get_jvp(fn, (True,) * len(primals)).function
        node.func = anno.copy_location(load(self._bound_name(generated.__name__, generated)),
                                       node.func)
        node.args = primals + tangents
        anno.put(node, Key.USER_CALL, True)
        return True

    def _class_name(self, cls):
        """A name the function reads `cls` by: its own, else one bound for it."""
        try:
            if self.ns.lookup(cls.__name__) is cls and cls.__name__ not in self.locals:
                return cls.__name__
        except KeyError:
            pass
        return self._bound_name(cls.__name__, cls)

    def _bound_name(self, base, obj):
        return bind_cell(self.ns, self.locals, base, obj)

    # -- helpers -------------------------------------------------------------

    def _is_local_value(self, node):
        """Is this a value computed in the function (not a module path like jnp.linalg)?"""
        if isinstance(node, gast.Name):
            return node.id in self.locals
        if isinstance(node, gast.Attribute):
            return self._is_local_value(node.value)
        return True

    def _lookup(self, func):
        try:
            return _static_value(func, self.ns)
        except KeyError as e:
            raise self.source.error(func, f"name `{e.args[0]}` is not defined",
                                    "define it before transforming the function")
        except _NotStatic:
            raise self.source.error(func, "s2s can only call names and module "
                                          "attributes (like `jnp.exp`)",
                                    "assign the function to a name first")

    def _rewrite(self, node, obj):
        if isinstance(getattr(obj, "__self__", None), dict) and \
                getattr(obj, "__name__", None) in DICT_METHODS and not node.args:
            return self._dict_method(node, node.func.value, obj.__name__)   # PARAMS.items()
        if obj is builtins.sum:
            return anno.put(node, Key.BUILTIN_SUM, True)
        if obj is builtins.list and len(node.args) == 1 and not node.keywords \
                and isinstance(node.args[0], (gast.ListComp, gast.List)):
            return node.args[0]   # list(map(f, xs)), list([a, b]): the list itself
        if obj is builtins.map and len(node.args) > 1 and not node.keywords \
                and isinstance(node.args[0], (gast.Name, gast.Attribute)):
            return self._map_as_comprehension(node)
        if obj is builtins.dict and not node.args and all(k.arg for k in node.keywords):
            # dict(a=a, b=b) is the display {'a': a, 'b': b}, whose entries carry derivatives
            keys = [gast.Constant(value=k.arg, kind=None) for k in node.keywords]
            return anno.copy_location(gast.Dict(keys=keys, values=[k.value for k in node.keywords]),
                                      node)
        if obj is lax.select:
            node.func = anno.copy_location(jnp_attr("where"), node.func)
            return node
        if obj in (jnp.sum, jnp.mean) and _mask_of(node) is not None and node.args:
            return _masked_reduction(node, obj)
        if obj in (jax.nn.softmax, jax.nn.log_softmax, jax.nn.logsumexp) and node.args \
                and _mask_of(_where_by_name(node, obj)) is not None:
            return _masked_normalizer(node, obj)
        if obj in (builtins.max, builtins.min) and len(node.args) > 2 and not node.keywords \
                and not any(isinstance(a, gast.Starred) for a in node.args):
            return _pairwise(node)
        if obj is PUBLIC.get("jvp") and self._jvp_in_line(node):
            return node
        if rules.lookup(obj) is None and _lax_kind(obj) is not None:
            anno.put(node, Key.LAX_KIND, _lax_kind(obj))
            node.args = [self._function_value(a) for a in node.args]
            for k in node.keywords:
                k.value = self._function_value(k.value)
            return node
        name = _jnp_twin(obj)
        if name is not None:
            node.func = anno.copy_location(jnp_attr(name), node.func)
            return node
        if rules.lookup(obj) is not None or among(obj, NONDIFF_BUILTINS):
            return node
        if isinstance(obj, type) and issubclass(obj, BaseException):
            return node
        if rules.fallback_for(obj) is not None:
            return node   # from JAX, with no rule here: JAX transforms it (s2s/by_jax.py)
        method = _own_call_method(obj)
        if method is not None:   # SCALE(x), an instance of the user's class: Scale.__call__(SCALE, x)
            node.args = [node.func] + node.args
            node.func = anno.copy_location(
                load(self._bound_name(f"{type(obj).__name__}_call", method)), node.func)
            self._note_self_type(node)
            return self._rewrite(node, method)
        try:
            python_function(obj)
        except Exception:
            what = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", repr(obj))
            module = getattr(obj, "__module__", None) or ""
            raise self.source.error(
                node, f"s2s has no rule for `{module + '.' if module else ''}{what}`",
                "write it with jax.numpy functions, or in a Python function s2s "
                "can read")
        if _is_library(obj):
            raise self.source.error(
                node, f"s2s has no rule for `{obj.__module__}.{obj.__qualname__}`",
                "write it with jax.numpy functions (s2s rewrites jnp code, not "
                "library internals)")
        if not _is_s2s_api(obj):
            anno.put(node, Key.USER_CALL, True)   # (`s2s.jvp(f, (x,), (t,))` keeps its literal tuples)
        return node

    def _function_value(self, node):
        """A function passed to `lax` control flow as a value (`jnp.sin`,
        `np.cos`, in a list for `lax.switch`): jax.numpy's name, as a call of
        it would read."""
        if isinstance(node, (gast.List, gast.Tuple)):
            node.elts = [self._function_value(e) for e in node.elts]
            return node
        if not isinstance(node, (gast.Name, gast.Attribute)) or self._is_local_value(node):
            return node
        try:
            twin = _jnp_twin(_static_value(node, self.ns))
        except (KeyError, _NotStatic):
            return node
        return node if twin is None else anno.copy_location(jnp_attr(twin), node)

    def _own_method(self, func):
        """`self.predict` in a method of a class that defines `predict`."""
        if self.owner is None or not isinstance(func.value, gast.Name) \
                or func.value.id != self.owner[0]:
            return False
        name, cls, exact = self.owner
        if exact:
            return isinstance(inspect.getattr_static(cls, func.attr, None), types.FunctionType)
        if _plain_method(cls, func.attr) is None:
            return False
        try:
            return self.ns.lookup(self.owner[1].__name__) is self.owner[1]
        except Exception:
            return False

    def _super_call(self, func):
        """`super().name` in a method (Python's zero-argument form)."""
        value = func.value
        return isinstance(value, gast.Call) and isinstance(value.func, gast.Name) \
            and value.func.id == "super" and not value.args and not value.keywords \
            and "super" not in self.locals and "__class__" in self.ns.cells \
            and self.owner is not None

    def _super_method(self, node):
        """`super().__call__(W, data)` -> `Base.__call__(self, W, data)`: the next
        class after the method's own in the MRO of self's class (its exact class
        where the caller's object is known) that defines the name."""
        func = node.func
        defining = self.ns.cells["__class__"].cell_contents
        name, cls, _ = self.owner
        mro = cls.__mro__ if defining in cls.__mro__ else defining.__mro__
        after = mro[mro.index(defining) + 1:]
        base = next((k for k in after if func.attr in vars(k)), None)
        if base is None:
            raise self.source.error(func, f"no base class of `{defining.__name__}` defines "
                                          f"`{func.attr}`")
        node.func = anno.copy_location(gast.Attribute(value=load(self._class_name(base)),
                                                      attr=func.attr, ctx=gast.Load()), func)
        node.args = [load(name)] + node.args
        return node

    def _note_self_type(self, node):
        """`Model.loss(self, x)` where the object passed first is known here (a
        value bound in the caller's closure, or this method's own `self` of a
        known class): its class, for the callee's twin (`_user`)."""
        first = node.args[0] if node.args else None
        if not isinstance(first, gast.Name):
            return
        if self.owner is not None and self.owner[2] and first.id == self.owner[0]:
            anno.put(node, Key.SELF_TYPE, self.owner[1])
            return
        if first.id in self.locals:
            return
        try:
            value = self.ns.lookup(first.id)
        except KeyError:
            return
        if not isinstance(value, (type, types.ModuleType, types.FunctionType)) and \
                (type(value).__module__ or "").split(".")[0] not in ("jax", "jaxlib", "numpy",
                                                                    "builtins", "s2s"):
            anno.put(node, Key.SELF_TYPE, type(value))

    def _method(self, node):
        func = node.func
        name = func.attr
        if name in LIST_METHODS:
            return node
        if name in DICT_METHODS and not node.args and not node.keywords:
            return self._dict_method(node, func.value, name)
        if name not in ARRAY_METHODS:   # a layer of the model (`self.l1(x)`), `x.cumprod()`
            return self._call(load("apply_method"),
                              [func.value, gast.Constant(value=name, kind=None)] + node.args,
                              node.keywords, node)
        args = node.args
        if name in PACKED_METHODS and len(args) > 1:
            args = [gast.Tuple(elts=args, ctx=gast.Load())]
        call = self._call(jnp_attr(ARRAY_METHODS[name]), [func.value] + args,
                          node.keywords, node)
        anno.put(call, Key.METHOD, name)   # errors name it as the user wrote it: `.astype`
        if name in ("sum", "mean") and _mask_of(call) is not None:
            return _masked_reduction(call, jnp.sum if name == "sum" else jnp.mean)
        return call

    def _map_as_comprehension(self, node):
        """`map(f, xs, ys)` -> `[f(item, item_1) for item, item_1 in zip(xs, ys)]`,
        a list (a Python 3 map is an iterator: a list serves every use of it
        s2s can transform), whose calls of f are resolved like any other."""
        func, seqs = node.args[0], node.args[1:]
        comp = partial_calls.map_as_comprehension(
            seqs, {n.id for n in name_nodes(func)},
            lambda items: self._call(copy.deepcopy(func), items, [], node), node)
        comp.elt = self.visit_Call(comp.elt)
        return comp

    def _dict_method(self, node, d, name):
        """`d.keys()` -> `dict_keys(d)`; `d.values()`, `d.items()` -> the lists
        they give, as comprehensions over the keys (normalize writes them out
        as loops): `[(key, d[key]) for key in dict_keys(d)]`."""
        keys = self._call(load("dict_keys"), [d], [], node)
        if name == "keys":
            return keys
        key = "key"
        item = gast.Subscript(value=copy.deepcopy(d), slice=load(key), ctx=gast.Load())
        elt = item if name == "values" else gast.Tuple(elts=[load(key), item], ctx=gast.Load())
        comp = gast.ListComp(elt=elt, generators=[gast.comprehension(
            target=store(key), iter=keys, ifs=[], is_async=0)])
        return anno.copy_location(comp, node)

    @staticmethod
    def _call(func, args, keywords, where):
        return anno.copy_location(gast.Call(func=func, args=args, keywords=keywords), where)
