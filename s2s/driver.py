"""The one driver: builds the generated code of any transformation.

`build(transform, fn, options)` is the only way generated code is made: it
parses `fn` once (cached) through the common stages, runs the
transformation's passes on a copy, simplifies, compiles, and caches the
result until a global the code calls is rebound. Stages are recorded (for
`--passes` and `s2s.stages`) only when asked for.
"""
import contextlib
import gc
import os
import sys
import threading
import types
import weakref

import gast
import jax.numpy as jnp

from . import backend, boundary, compiled_callees, control_flow, frontend, locks, runtime, transforms  # noqa: F401,E501
from .errors import S2SError, Source
from .names import Namer, names_in
from .nodes import copy_tree, walk
from .pipeline import TRANSFORMS, Stage
from .template import JNP


# -- the user's function, parsed once ---------------------------------------------------------

class _WithRuntime(frontend.Namespace):
    """The user's namespace, plus the helpers s2s's generated code calls."""

    def __init__(self, ns):
        super().__init__(ns.globals, ns.cells)

    def lookup(self, name):
        if name in runtime.HELPERS:
            return runtime.HELPERS[name]
        return super().lookup(name)


class Parsed:
    """The user function after the stages every transformation shares."""

    def __init__(self, fn):
        self._fn = weakref.ref(fn)   # (weak: the caches that hold this die with fn)
        self.code = fn.__code__      # the code it was parsed from (frontend checked the file)
        parsed = frontend.parse_function(fn)
        self.ns = _WithRuntime(parsed.namespace)
        self.filename = parsed.filename
        self.source = Source(parsed.filename)
        self.stages = []
        self._names = None
        tree = self.tree = parsed.tree
        record(self.stages, transforms.SOURCE, tree, self.filename)
        for pass_ in transforms.COMMON:
            ctx = Context(self, transforms.COMMON_STAGES)
            tree = self.tree = pass_.run(tree, ctx)
            record(self.stages, pass_, tree, self.filename)
        # (from here on the tree stays as it is: builds rewrite copies of it)
        self._names = frozenset(names_in(tree))

    @property
    def fn(self):
        return self._fn()

    @property
    def names(self):
        """Every identifier in the tree (`names_in`), once the common stages are done."""
        return self._names if self._names is not None else names_in(self.tree)

    def namer(self):
        return Namer(self.names | {JNP, "range", "len", "zip", "enumerate"}
                     | set(runtime.HELPERS))


# function -> its Parsed, for the code it had then. Weak: dropping a function
# drops what s2s made of it; a replaced `__code__` (autoreload) is parsed again.
_PARSED = weakref.WeakKeyDictionary()


def parsed(fn):
    fn = frontend.python_function(fn)
    if getattr(fn, "__s2s_at_call__", False):
        raise S2SError("it is the derivative of a vmap written in the function, which picks "
                       "its code for the shapes of each call: s2s cannot transform it again",
                       hint="use jax's transformation for the outer one here, or apply the "
                            "vmap outside the differentiated function")
    p = _PARSED.get(fn)
    if p is None or p.code is not fn.__code__:
        with locks.BUILD, collector_paused():
            p = _PARSED.get(fn)
            if p is None or p.code is not fn.__code__:
                try:
                    p = Parsed(fn)
                except RecursionError:
                    raise frontend.too_deep(fn) from None
                _PARSED[fn] = p   # (published once complete)
    return p


@contextlib.contextmanager
def collector_paused():
    """Python's cyclic garbage collector off while a build runs (back on, as
    it was, after the outermost): a build makes and drops hundreds of
    thousands of nodes, none of them garbage in a cycle the collector is
    needed for, and each collection walks every live node again, which made
    it 40% of a long function's build (and grew with the program)."""
    was = gc.isenabled()
    gc.disable()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, DEPTH))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)
        if was:
            gc.enable()


DEPTH = 60000   # Python's recursion limit while s2s builds (test_deep_expressions.py)




# -- what a pass sees -----------------------------------------------------------------------

class Context:
    """Everything a pass may use besides the tree it rewrites."""

    def __init__(self, p, transform, options=None, gen=None):
        self.fn = p.fn
        self.parsed = p
        self.ns = p.ns              # what the function's names refer to
        self.source = p.source      # for errors at the user's file:line:col
        self.filename = p.filename
        self._namer = None
        self.transform = transform
        self.options = options      # this build's options (s2s/transforms.py)
        self.gen = gen
        self.name = None            # the generated function's name
        self.cells = base_cells()   # closure cells of the generated code
        self.facts = {}             # what analyses found, for later passes and callers
        self.tidy = tidying.on      # passes may tidy as they go (vmap's seed of ones)
        self._callees = {}

    @property
    def namer(self):
        """Fresh names that clash with none in the code: made when a pass first
        asks, before it changes the tree (most common stages never ask, and
        each namer walks the tree for the names it holds)."""
        if self._namer is None:
            self._namer = self.parsed.namer()
        return self._namer

    @property
    def family(self):
        return self.transform.family

    def request_callee(self, fn, options, global_name, compiled=None):
        """The name under which this code calls `fn` transformed by this
        transformation's `callee` with `options` (itself when that is what is
        being built: recursion), bound once per callee in a closure cell;
        compiled when the user compiled `fn` (`compiled`: how, from
        resolve.Callee.compiled)."""
        gen = self.gen
        self._remember_global(global_name)
        transform = TRANSFORMS[self.transform.callee]
        key = (frontend.python_function(fn), transform.name, options)
        if key not in self._callees:
            itself = key == (gen.fn, gen.transform.name, gen.options)
            try:
                other = gen if itself else build(transform, fn, options)
            except S2SError as e:
                if not _in_s2s(e.filename):
                    raise
                raise _helper_error(e, key[0], self.parsed, global_name) from None
            name = gen.name if itself else self.namer.fresh(_base_name(other.fn) + transform.suffix)
            self._callees[key] = name
            self.cells[name] = other.cell
            if compiled is not None and not itself:   # (a jitted helper's code stays compiled)
                self.cells[name] = backend.cell(compiled_callees.bind(other, transform.family,
                                                                      compiled))
            gen.callees.append(other)
        return self._callees[key]

    def bind(self, obj, base):
        """A name under which the generated code reads `obj` (a user's rule
        function): its own global name where that holds it, else a fresh one
        (`rule` for a lambda's `<lambda>`)."""
        if not base.isidentifier():
            base = "rule"
        try:
            if self.ns.lookup(base) is obj:
                return base
        except KeyError:
            pass
        name = self.namer.fresh(base)
        self.cells[name] = backend.cell(obj)
        return name

    def build(self, transform_name, fn, options):
        """Another transformation's generated code (s2s.jvp called inside vmap)."""
        other = build(TRANSFORMS[transform_name], fn, options)
        if self.gen is not None:
            self.gen.callees.append(other)
        return other

    def parse_other(self, fn):
        """(tree, namespace) of another function after the common stages, its
        names kept from the ones this build hands out (it is copied in)."""
        other = parsed(fn)
        self.namer.avoid(names_in(other.tree))
        if self.gen is not None:   # (put in line: a new __code__ of it rebuilds this)
            self.gen.depends.append((other._fn, other.code))
        return other.tree, other.ns

    @staticmethod
    def describe(fn):
        return describe(fn)

    def _remember_global(self, name):
        ns = self.ns
        if name and name not in ns.cells and name in ns.globals:
            self.gen.globals_seen.append((ns.globals, name, ns.globals[name]))


def describe(fn):
    """`f`, or for generated code what it computes: "the gradient of `f`"."""
    gen = generated_by(fn)
    if gen is None:
        return f"`{getattr(fn, '__name__', fn)}`"
    return f"{gen.transform.what} of {describe(gen.fn)}"


def base_cells():
    cells = {JNP: backend.cell(jnp)}
    for name, fn in runtime.HELPERS.items():
        cells[name] = backend.cell(fn)
    return cells


def _in_s2s(filename):
    """Is `filename` one of s2s's own files (a runtime helper's source)?"""
    return bool(filename) and os.path.realpath(filename).startswith(
        os.path.dirname(os.path.realpath(__file__)) + os.sep)


def _helper_error(e, helper, p, global_name):
    """A runtime helper that generated code calls could not be transformed in
    turn (a higher derivative): say so at the user's line that calls it."""
    def calls_it(s):
        return any(isinstance(n, gast.Call) and isinstance(n.func, gast.Name)
                   and n.func.id == global_name for n in walk(s))
    where = next((s for s in walk(p.tree) if isinstance(s, gast.stmt)
                  and not hasattr(s, "body") and getattr(s, "lineno", None)
                  and calls_it(s)), p.tree)
    return p.source.error(
        where, f"s2s cannot transform its helper `{helper.__name__}`, which the derivative "
               f"of this line calls: {e.message}",
        "a higher derivative through this operation is not supported yet; compute it "
        "with jax (jax.hessian, jax.jacfwd) or write the operation with other jnp functions")


def _base_name(fn):
    name = fn.__name__
    return name if name.isidentifier() else "lambda_"


# -- generated code --------------------------------------------------------------------------

class Generated:
    """One generated function: its source, the program after each stage, what
    the analyses found (`facts`), and the closure cell through which other
    generated code calls it."""

    def __init__(self, fn, transform, options):
        self.transform, self.options = transform, options
        self._fn = weakref.ref(fn)   # (weak: the caches that hold this die with fn)
        # (function, the code it was built from): it and the functions put in line
        self.depends = [(self._fn, getattr(fn, "__code__", None))]
        self.cell = backend.cell(empty=True)
        self.function = None
        self.source = None
        self.name = None
        self.facts = {}
        self._stages = None      # [Stage], recorded only when asked for
        self.globals_seen = []   # (globals dict, name, object): the callees it was built for
        self.callees = []        # other Generated it calls
        # (weak: _CACHE, keyed weakly by `fn`, holds this, which would hold fn)
        made = generated_by(fn)   # the Generated `fn` is, for jit of a grad
        self._built_from = weakref.ref(made) if made is not None else None
        self.ready = False       # built: until then only the building thread may use it
        self.boundary = boundary.epoch()   # which libraries it read by source (s2s.by_source)
        self._checks = None      # (epoch, depends, globals_seen): is_current's, once built

    @property
    def fn(self):
        return self._fn()

    @property
    def stages(self):
        """[Stage]: the program after every pass. Printing a program costs
        about as much as the pass that made it, so builds do not print their
        stages; the first time they are asked for, the same build runs again
        with recording on."""
        if self._stages is None:
            fresh = Generated(self.fn, self.transform, self.options)
            with locks.BUILD, recording():
                _run(fresh)
            self._stages = fresh._stages
        return self._stages

    def is_current(self):
        """False once the user rebinds a global function this code calls,
        replaces the code of a function it was built from (autoreload), or
        opts a library in or out of source transformation (s2s.by_source).
        Asked before every repeated call: one flat pass over what this code
        and its callees were built from."""
        epoch, codes, globals_seen = self._checks or self._gather_checks()
        if epoch != boundary.EPOCH[0]:
            return False
        for ref, code in codes:
            fn = ref()
            if fn is not None and getattr(fn, "__code__", None) is not code:
                return False
        if globals_seen:
            for names, name, obj in globals_seen:
                if names.get(name, obj) is not obj:
                    return False
        return True

    def _gather_checks(self):
        """What is_current compares, over this code, every callee reached and
        the generated code it was built from (once each: callees may call each
        other). Kept once all are built."""
        reached, todo = {}, [self]
        while todo:
            gen = todo.pop()
            if id(gen) not in reached:
                reached[id(gen)] = gen
                todo.extend(gen.callees)
                if gen._built_from is not None:
                    made = gen._built_from()
                    if made is None:   # (gone: built again, if ever called, from new code)
                        return (-1, (), ())
                    todo.append(made)
        gens = reached.values()
        epochs = {gen.boundary for gen in gens}
        checks = (epochs.pop() if len(epochs) == 1 else -1,
                  tuple(d for gen in gens for d in gen.depends),
                  tuple(g for gen in gens for g in gen.globals_seen))
        if all(gen.ready for gen in gens):
            self._checks = checks
        return checks

    def __call__(self, *args):
        return self.function(*args)


_SETTINGS = threading.local()


class _PerThread(type):
    """`tidying.on`, `recording.on`: each thread's own (a `with` in one thread
    changes no other thread's builds)."""

    @property
    def on(cls):
        return getattr(_SETTINGS, cls.__name__, cls.default)

    @on.setter
    def on(cls, value):
        setattr(_SETTINGS, cls.__name__, value)


class tidying(metaclass=_PerThread):
    """`with tidying(False):` builds skip the transformations' tidy passes
    (algebra, dead cotangents), so a test can compare the tidied program with
    the one the rules wrote. Builds are cached apart."""
    default = True

    def __init__(self, on):
        self.value = on

    def __enter__(self):
        self.was, tidying.on = tidying.on, self.value

    def __exit__(self, *exc):
        tidying.on = self.was


class recording(metaclass=_PerThread):
    """`with recording():` builds record the program after every stage."""
    default = False

    def __enter__(self):
        self.was, recording.on = recording.on, True

    def __exit__(self, *exc):
        recording.on = self.was


def record(stages, pass_, tree, filename, ctx=None):
    if recording.on:
        text = pass_.show(tree, ctx) if pass_.show is not None and ctx is not None \
            else backend.to_source(tree, filename)
        stages.append(Stage(pass_.name, pass_.purpose, text))


# function -> {(its __code__, transform name, options, tidying): Generated}. Weak:
# a dropped function's builds go with it (a Generated holds its function weakly,
# and a generated function finds its Generated by an attribute, not a table).
_CACHE = weakref.WeakKeyDictionary()


def forget_builds():
    """Drop every parse and build (s2s.by_source changed which calls s2s reads
    by source: code built before would hand them to JAX still)."""
    with locks.BUILD:
        _PARSED.clear()
        _CACHE.clear()
        from . import vectorize
        vectorize.forget_probes()


def build(transform, fn, options):
    """The generated code of `transform` applied to `fn` with `options`:
    cached, and built again once a global function it calls is rebound."""
    fn = frontend.python_function(fn)
    if getattr(type(fn), "__s2s_shape_specialized__", False):
        return _specialized_at_call(transform, fn, options)
    code = fn.__code__
    key = (code, transform.name, options, tidying.on)
    builds = _CACHE.get(fn)
    gen = builds.get(key) if builds is not None else None
    if gen is not None and gen.ready and gen.is_current():
        return gen   # (no lock: a build is in the cache unfinished only to its own thread)
    with locks.BUILD:
        builds = _CACHE.get(fn)
        if builds is None:
            builds = _CACHE[fn] = {}
        gen = builds.get(key)
        # Under the lock an unfinished entry is this thread's own build further
        # up the stack: a recursive call, bound to the cell it will fill.
        if gen is not None and (not gen.ready or gen.is_current()):
            return gen
        for old in [k for k in builds if k[0] is not code]:   # (built from a replaced __code__)
            del builds[old]
        gen = builds[key] = Generated(fn, transform, options)
        try:
            with collector_paused():
                _run(gen)
        except RecursionError:
            del builds[key]
            raise frontend.too_deep(fn) from None
        except BaseException:
            del builds[key]
            raise
        gen.ready = True
    return gen


@locks.building
def run_passes(fn, transform, options, passes, gen=None, stages=None):
    """(ctx, tree): `passes` run on a copy of `fn`'s tree after the common stages."""
    p = parsed(fn)
    ctx = Context(p, transform, options, gen)
    ctx.name = ctx.namer.fresh(p.tree.name + transform.suffix)
    if gen is not None:
        gen.name = ctx.name   # (a recursive call calls it by this name)
    tree = copy_tree(p.tree)
    for pass_ in passes:
        if pass_.applies(ctx):
            tree = pass_.run(tree, ctx)
            if stages is not None:
                record(stages, pass_, tree, p.filename, ctx)
    return ctx, tree


def _run(gen):
    stages = []
    ctx, tree = run_passes(gen.fn, gen.transform, gen.options,
                           gen.transform.passes + (transforms.SIMPLIFY,)
                           + (gen.transform.tidy if tidying.on else ()), gen, stages)
    p = ctx.parsed
    gen.source = backend.to_source(tree, p.filename)
    gen.facts = ctx.facts
    if recording.on:   # (the user function's own stages: parsed again, recorded)
        gen._stages = Parsed(p.fn).stages + stages
    for name, c in p.ns.cells.items():
        ctx.cells.setdefault(name, c)
    gen.function = backend.compile_function(gen.source, gen.name, p.ns.globals, ctx.cells)
    if gen.transform.keeps_defaults:
        # The objects themselves, not their source evaluated again.
        gen.function.__defaults__ = frontend.defaults_tuple(gen.fn)
    gen.cell.cell_contents = gen.function
    gen.function.__s2s_generated__ = gen



def _specialized_at_call(transform, fn, options):
    """A transformation of one whose code depends on argument shapes
    (`jvp(vmap(f))`): a stand-in whose function picks the generated code for
    the shapes of each call, then runs it."""
    key = (None, transform.name, options, "at call")
    gen = _CACHE.get(fn, {}).get(key)
    if gen is None:
        gen = Generated(fn, transform, options)
        ref = gen._fn   # (weak: the cache holding this stand-in is fn's)

        def at_call(*args):
            # (JitOptions with no static parameter lists none: every argument is one)
            target = ref().function_for(args[:options.nparams or None])
            return build(transform, target, options).function(*args)

        at_call.__s2s_at_call__ = True   # (not code s2s can transform again)
        gen.function = at_call
        gen.cell.cell_contents = at_call
        gen._stages = []
        gen.ready = True
        with locks.BUILD:   # (two threads at once: one stand-in kept)
            gen = _CACHE.setdefault(fn, {}).setdefault(key, gen)
    return gen


def generated_by(fn):
    """The Generated whose function `fn` is, or None."""
    gen = getattr(fn, "__s2s_generated__", None) if type(fn) is types.FunctionType else None
    return gen if gen is not None and gen.function is fn else None   # (not a wraps copy)
