"""`*args` and `**kwargs` parameters, specialized to one call's arguments.

A function `def fun(self, x, *args)` called as `fun(self, x)` or `fun(self, x, a, b)`
has, for that call, a fixed list of parameters. s2s transforms a twin of the
function (the same code, globals and closure, a different function object)
whose tree lists them:

    def fun(self, x, args_0, args_1):
        args = (args_0, args_1)
        ...

and `**kwargs` likewise, by the keywords passed (`kwargs = {'scale': scale}`).
A star-argument of the body that hands them on (`g(x, *args, **kwargs)`) is
spelled out as the arguments themselves. The twin is called exactly as the
function is, so generated code and the user's code call each other freely.
"""
import types
import weakref

import gast

from .pipeline import Transformation
from .template import load, store
from . import anno

_TWINS = weakref.WeakKeyDictionary()   # function -> {(extra count, keywords): twin}


def lists(fn):
    """Whether `fn` takes `*args` or `**kwargs`."""
    code = getattr(fn, "__code__", None)
    return code is not None and bool(code.co_flags & (0x04 | 0x08))   # CO_VARARGS, CO_VARKEYWORDS


def twin(fn, npositional, keywords=(), self_type=None):
    """The twin of `fn` for a call with `npositional` positional arguments and
    these keywords; `fn` itself when it lists no parameters of either kind.
    Keywords naming a parameter of its own, and extra positional arguments of
    a function without `*args`, are left to Python's error when it is called.
    `self_type`: for a method called on an object of a class known where it is
    called, that class (s2s/passes/resolve.py then reads `self.f(...)` and
    `super()` by it)."""
    if hasattr(fn, "__s2s_listed__") or hasattr(fn, "__s2s_self_type__") or \
            getattr(fn, "__s2s_at_call__", False):   # (s2s's stand-in: refused as it is)
        return fn
    if self_type is not None and not _defined_on(fn, self_type):
        self_type = None
    if not lists(fn) and self_type is None:
        return fn
    code = fn.__code__
    own = set(code.co_varnames[:code.co_argcount + code.co_kwonlyargcount])
    extra = max(0, npositional - code.co_argcount) if code.co_flags & 0x04 else 0
    keys = tuple(k for k in keywords if k not in own) if code.co_flags & 0x08 else ()
    key = (extra, keys, self_type) if lists(fn) else (self_type,)
    made = _TWINS.setdefault(fn, {})
    if key not in made:
        made[key] = _make_twin(fn, (extra, keys) if lists(fn) else None, self_type)
    return made[key]


def _defined_on(fn, cls):
    """Whether `fn` is a method of `cls` or of one of its bases."""
    return any(vars(k).get(fn.__name__) is fn for k in getattr(cls, "__mro__", ()))


def _make_twin(fn, listed, self_type):
    out = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__,
                             None if listed and listed[0] else fn.__defaults__, fn.__closure__)
    out.__kwdefaults__ = fn.__kwdefaults__
    out.__qualname__, out.__module__ = fn.__qualname__, fn.__module__
    out.__doc__ = fn.__doc__
    if listed is not None:
        out.__s2s_listed__ = listed
    if self_type is not None:
        out.__s2s_self_type__ = self_type
    return out


def parameter_names(fn):
    """The twin's parameters in s2s's order: positional, the extra positional
    ones, keyword-only, the keywords' (names as `specialize` gives them)."""
    code = fn.__code__
    extra, keys = fn.__s2s_listed__
    star = code.co_varnames[code.co_argcount + code.co_kwonlyargcount] \
        if code.co_flags & 0x04 else None
    positional = list(code.co_varnames[:code.co_argcount])
    listed = extra_names(star, extra, _taken(code))
    kwonly = list(code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount])
    return positional + listed + kwonly + list(keys)


def _taken(code):
    return set(code.co_varnames) | set(code.co_names) | set(code.co_freevars) | \
        set(code.co_cellvars)


def extra_names(star, extra, taken):
    names = []
    for i in range(extra):
        name = f"{star}_{i}"
        while name in taken:
            name += "_"
        names.append(name)
    return names


def specialize(tree, fn):
    """Rewrite `tree` (fn's FunctionDef) to list the twin's parameters."""
    extra, keys = fn.__s2s_listed__
    args = tree.args
    first = tree.body[0]
    prelude = []
    positional, keywords = {}, {}   # `args` -> its elements' names; `kwargs` -> its keys
    if args.vararg is not None:
        star = args.vararg.id
        names = extra_names(star, extra, _taken(fn.__code__))
        args.args += [gast.Name(id=n, ctx=gast.Param(), annotation=None, type_comment=None)
                      for n in names]
        if extra:
            args.defaults = []
        prelude.append(_assign(star, gast.Tuple(elts=[load(n) for n in names], ctx=gast.Load())))
        positional[star] = names
        args.vararg = None
    if args.kwarg is not None:
        double = args.kwarg.id
        args.kwonlyargs += [gast.Name(id=k, ctx=gast.Param(), annotation=None, type_comment=None)
                            for k in keys]
        args.kw_defaults += [None] * len(keys)
        prelude.append(_assign(double, gast.Dict(keys=[gast.Constant(value=k, kind=None)
                                                       for k in keys],
                                                 values=[load(k) for k in keys])))
        keywords[double] = keys
        args.kwarg = None
    _spell_out(tree, positional, keywords)
    for s in prelude:
        for node in gast.walk(s):
            anno.copy_location(node, first)
            node.end_lineno, node.end_col_offset = first.lineno, first.col_offset
    tree.body = prelude + tree.body
    return tree


def _assign(name, value):
    return gast.Assign(targets=[store(name)], value=value, type_comment=None)


def _spell_out(tree, positional, keywords):
    """`g(*args, **kwargs)` -> `g(args_0, args_1, scale=scale)`, where the body
    never rebinds `args` or `kwargs` (else they are left to the fence)."""
    rebound = {n.id for n in gast.walk(tree)
               if isinstance(n, gast.Name) and isinstance(n.ctx, gast.Store)}
    positional = {k: v for k, v in positional.items() if k not in rebound}
    keywords = {k: v for k, v in keywords.items() if k not in rebound}
    for node in gast.walk(tree):
        if not isinstance(node, gast.Call):
            continue
        new_args = []
        for a in node.args:
            if isinstance(a, gast.Starred) and isinstance(a.value, gast.Name) \
                    and a.value.id in positional:
                new_args += [anno.copy_location(load(n), a) for n in positional[a.value.id]]
            else:
                new_args.append(a)
        node.args = new_args
        new_keywords = []
        for k in node.keywords:
            if k.arg is None and isinstance(k.value, gast.Name) and k.value.id in keywords:
                new_keywords += [anno.copy_location(gast.keyword(arg=key, value=load(key)), k)
                                 for key in keywords[k.value.id]]
            else:
                new_keywords.append(k)
        node.keywords = new_keywords


def takes_listed(fun):
    """A function with `*args`/`**kwargs` (or a transformation of one), whose
    transformation is made per call's arguments (`ByArity`)."""
    from . import frontend
    if isinstance(fun, ByArity):
        return True
    try:
        return lists(frontend.python_function(fun))
    except Exception:   # (not a function s2s can read: its transformation says why)
        return False


def listed_function(fun, npositional, keywords=()):
    """A function with explicit parameters that calls `fun` (which takes
    `*args`/`**kwargs`, or is a method or partial of one) with a call's
    arguments."""
    import functools
    from . import callers, frontend
    fun = frontend.call_method(fun) or fun
    if isinstance(fun, (types.MethodType, functools.partial)):
        return callers.bound_caller(fun, (npositional, tuple(keywords)))
    return callers.listed_caller(frontend.python_function(fun), npositional, keywords)


class ByArity(Transformation):
    """`s2s.grad(f)` of `def f(x, *args)`: the transformation of a caller with
    the parameters of each call listed (s2s/callers.py `listed_caller`), made
    once per number of positional arguments and keyword names."""

    def __init__(self, fun, make):
        self.fun, self.make = fun, make
        self._made = {}
        self.last = None
        self.__name__ = self.__qualname__ = getattr(fun, "__name__", "function")
        self.__doc__ = getattr(fun, "__doc__", None)

    def for_arity(self, npositional, keywords=()):
        key = (npositional, tuple(keywords))
        made = self._made.get(key)
        if made is None:
            inner = self.fun.for_arity(*key) if isinstance(self.fun, ByArity) else \
                listed_function(self.fun, *key)
            made = self._made[key] = self.make(inner)
        self.last = made
        return made

    def __call__(self, *args, **kwargs):
        return self.for_arity(len(args), tuple(kwargs))(*args, **kwargs)

    def function_for(self, args):
        return self.for_arity(len(args)).function_for(args)

    def generated(self, example_args=None):
        if example_args is not None:
            return self.for_arity(len(example_args)).generated(example_args)
        if self.last is None:
            from .errors import S2SError
            raise S2SError(f"`{self.fun.__qualname__}` takes `*args`/`**kwargs`: s2s builds "
                           "its code for the arguments of each call",
                           hint="call it once, or pass example_args to s2s.source")
        return self.last.generated()

    def __repr__(self):
        made = self.last or next(iter(self._made.values()), None)
        return repr(made) if made is not None else f"<s2s transformation of {self.fun!r}>"
