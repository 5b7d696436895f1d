"""Random programs in the subset of Python that s2s supports (docs/guide.md, "What s2s transforms").

`programs()` is a hypothesis strategy giving `Program`s: the source text of a
few module-level `def`s (helpers, the main function `f` and, when `f` does not
return a scalar, `f_loss`: the same body ending in a scalar), argument specs and
float64 inputs in safe ranges.

Every expression has a known shape, drawn from the program's few shapes
`()`, `(N,)`, `(K,)` and `(N, K)` (N = 4, K = 2), so every program is
well-typed by construction. Values stay bounded (logs and square roots only of
`1 + e ** 2`, divisions only by `1 + e ** 2` or a constant, `exp` only of
bounded arguments), and no operation sees ties on purpose (no
`jnp.maximum(a, a)`, no `jnp.max` of a constant vector), so JAX's derivative is
the derivative. Choices are ordered simplest first, so hypothesis shrinks
towards short, plain programs.

Besides s2s's own idiom, f's statements may be the idioms of published code
(IDIOMS, issue 32 item 4): `dict(a=..., b=...)` read by key or handed to a
helper; names first assigned inside a loop and read after it; `a, b = e`
along a first axis of length 2 (or 4); a list appended in a loop then
`jnp.array`/`jnp.stack`/`jnp.vstack`ed; a closure from a module-level factory;
`functools.partial`; a dataclass instance with `__call__`; noise from a typed
key (`jax.random.key`, split or not, or a key argument of f: vmap batches
it with `jax.random.split`); `*args` helpers, `f(*xs)`, `zip(*pairs)`; and
checks that never fire (`if x.dtype != jnp.float64: raise TypeError(...)`,
`assert x.shape == (4,), ...`). Expressions may spell out keyword arguments
at their defaults (`jnp.sum(e, where=None)`, `jax.nn.softmax(e, axis=-1,
where=None)`, `jnp.mean(e, axis=None, keepdims=False)`). The module-level
defs they need are `Program.defs`.
"""
import re
from dataclasses import dataclass, field

import numpy as np
from hypothesis import strategies as st

# ---------------------------------------------------------------------------
# Program description


@dataclass
class Arg:
    """One parameter of the main function.

    kind: "array" (shape), "float" (a Python float), "int" (a Python int:
    never differentiated), "dict" ({"w": shape, "b": shape}), "tuple"
    (a tuple of arrays of `parts` shapes), "key" (a typed PRNG key from
    `jax.random.key`: never differentiated, never static; vmap batches it
    with `jax.random.split`)."""
    name: str
    kind: str
    shape: tuple = ()
    parts: tuple = ()          # dict: ((key, shape), ...); tuple: (shape, ...)
    int_value: int = 0

    @property
    def differentiable(self):
        return self.kind not in ("int", "key")

    def describe(self):
        if self.kind == "array":
            return f"{self.name}: float64{list(self.shape)}"
        if self.kind == "float":
            return f"{self.name}: Python float"
        if self.kind == "int":
            return f"{self.name}: Python int = {self.int_value}"
        if self.kind == "key":
            return f"{self.name}: typed key jax.random.key(...)"
        if self.kind == "dict":
            inner = ", ".join(f"{k!r}: float64{list(s)}" for k, s in self.parts)
            return f"{self.name}: dict {{{inner}}}"
        inner = ", ".join(f"float64{list(s)}" for s in self.parts)
        return f"{self.name}: tuple ({inner})"


EARLY = "__return_early__ "   # a body line `return <value>` inside a loop (f's, f_loss's)


@dataclass
class Program:
    helpers: list            # source text of each helper def
    body: list               # lines of f's body (unindented), without the return
    result: str              # what f returns
    loss_form: str           # f_loss returns this of f's result ("" when f returns a scalar)
    args: list               # [Arg]
    out_shape: tuple
    value_seed: int          # the inputs, tangents, cotangents come from this
    vmap_axes: tuple         # per argument: 0 or None (ints: None)
    features: list = field(default_factory=list)   # constructs used, for reports
    defs: list = field(default_factory=list)   # module-level defs the idioms use (a closure
                                               # factory, a dataclass, a *args helper...)

    main = "f"

    @property
    def loss(self):
        return "f_loss" if self.loss_form else "f"

    def _def(self, name, lines):
        params = ", ".join(a.name for a in self.args)
        return f"def {name}({params}):\n" + "\n".join("    " + line for line in lines)

    @property
    def main_source(self):
        body = [line.replace(EARLY, "return ", 1) for line in self.body]
        return self._def("f", body + [f"return {self.result}"])

    @property
    def loss_source(self):
        """f_loss: f's body, then a scalar of f's result (the body is repeated
        rather than calling f, so grad paths do not all go through a call)."""
        if not self.loss_form:
            return ""
        body = [re.sub(re.escape(EARLY) + "(.*)$",
                       lambda m: "return " + self.loss_form.format(f"({m.group(1)})"), line)
                for line in self.body]
        return self._def("f_loss", body + [f"out = {self.result}",
                                                 f"return {self.loss_form.format('out')}"])

    def _header(self, text):
        """The imports `text` needs: jax.numpy always, the others when used
        (programs without the idioms read exactly as before)."""
        lines = []
        if "functools." in text:
            lines.append("import functools")
        if "@dataclass" in text:
            lines.append("from dataclasses import dataclass")
        if re.search(r"\bjax\.", text):
            lines.append("import jax")
        return lines + ["import jax.numpy as jnp", ""]

    def _assemble(self, defs):
        text = "\n".join(self.defs + self.helpers + defs)
        parts = self._header(text) + [d + "\n" for d in self.defs] + \
            [h + "\n" for h in self.helpers] + [d + "\n" for d in defs]
        return "\n".join(parts).rstrip() + "\n"

    @property
    def source(self):
        return self._assemble([self.main_source] + ([self.loss_source] if self.loss_form else []))

    def source_for(self, name):
        """The source a reader needs for one entry point (helpers + that def)."""
        return self._assemble([self.loss_source if name == "f_loss" else self.main_source])

    # -- shrinking: smaller programs that may keep a failure --------------------
    def simpler(self):
        """Candidate programs one edit smaller: a helper dropped, a statement
        (with what it contains) dropped, an `if` replaced by one branch, a
        loop by its body, a term of the result dropped. Many candidates are
        broken (a name left undefined): the oracle sees those fail in plain
        Python, so they never keep a failure's signature."""
        from dataclasses import replace
        for k in range(len(self.defs)):
            yield replace(self, defs=self.defs[:k] + self.defs[k + 1:])
        for k in range(len(self.helpers)):
            yield replace(self, helpers=self.helpers[:k] + self.helpers[k + 1:])
        for lines in _smaller_blocks(self.body):
            yield replace(self, body=lines)
        for term in _terms(self.result):
            yield replace(self, result=term)
        for k, helper in enumerate(self.helpers):
            head, *lines = helper.split("\n")
            lines = [line[4:] for line in lines]
            for smaller in _smaller_blocks(lines[:-1]):
                text = "\n".join([head] + ["    " + line for line in smaller + lines[-1:]])
                yield replace(self, helpers=self.helpers[:k] + [text] + self.helpers[k + 1:])

    @property
    def size(self):
        return len(self.source)

    @property
    def float_argnums(self):
        return tuple(i for i, a in enumerate(self.args) if a.differentiable)

    @property
    def int_argnums(self):
        """The static arguments (Python ints): jit's static_argnums."""
        return tuple(i for i, a in enumerate(self.args) if a.kind == "int")

    @property
    def nondiff_argnums(self):
        """Arguments with float0 tangents and cotangents: ints and keys."""
        return tuple(i for i, a in enumerate(self.args) if not a.differentiable)

    @property
    def scalar_argnum(self):
        """A differentiable scalar argument (there always is one)."""
        for i, a in enumerate(self.args):
            if a.kind == "float" or (a.kind == "array" and a.shape == ()):
                return i
        raise AssertionError("no scalar argument")

    # -- values ------------------------------------------------------------
    def _rng(self, salt):
        return np.random.default_rng([self.value_seed, salt])

    def _value(self, arg, rng, batch=None):
        def arr(shape):
            full = (batch,) + tuple(shape) if batch else tuple(shape)
            # well away from zero and from each other: no ties, no kinks hit
            return rng.uniform(0.2, 1.2, size=full) * rng.choice([-1.0, 1.0], size=full)
        if arg.kind == "array":
            return np.asarray(arr(arg.shape))
        if arg.kind == "float":
            return arr(()) if batch else float(arr(()))
        if arg.kind == "int":
            return arg.int_value
        if arg.kind == "key":
            import jax
            key = jax.random.key(int(rng.integers(0, 2 ** 31)))
            return jax.random.split(key, batch) if batch else key
        if arg.kind == "dict":
            return {k: arr(s) for k, s in arg.parts}
        return tuple(arr(s) for s in arg.parts)

    def inputs(self):
        rng = self._rng(0)
        return tuple(self._value(a, rng) for a in self.args)

    def tangents(self):
        """Tangents per argument; float0 zeros for integers, as JAX wants."""
        import jax
        rng = self._rng(1)
        out = []
        for a in self.args:
            if not a.differentiable:
                out.append(np.zeros((), dtype=jax.dtypes.float0))
            else:
                out.append(self._value(a, rng))
        return tuple(out)

    def cotangent(self):
        rng = self._rng(2)
        return np.asarray(rng.normal(size=self.out_shape))

    def batched_inputs(self, batch=3):
        rng = self._rng(3)
        return tuple(self._value(a, rng, batch) if ax == 0 else self._value(a, rng)
                     for a, ax in zip(self.args, self.vmap_axes))

    def describe(self):
        lines = ["# arguments: " + "; ".join(a.describe() for a in self.args)]
        lines.append(f"# f returns float64{list(self.out_shape)}")
        lines.append(f"# vmap in_axes={self.vmap_axes}   inputs from value_seed={self.value_seed}")
        return "\n".join(lines)


def _indent(line):
    return len(line) - len(line.lstrip(" "))


def _smaller_blocks(lines):
    """`lines` with one statement removed (with its nested block), or with a
    compound statement replaced by (one branch of) its body, dedented."""
    n = len(lines)
    for i in range(n):
        d = _indent(lines[i])
        end = i + 1
        while end < n and (_indent(lines[end]) > d or
                           (lines[end].lstrip().startswith(("else:", "elif ")) and _indent(lines[end]) == d)):
            end += 1
        if lines[i].lstrip().startswith(("else:", "elif ")):
            continue
        rest = lines[:i] + lines[end:]
        if rest and (i == 0 or not lines[i - 1].rstrip().endswith(":") or
                     (end < n and _indent(lines[end]) > _indent(lines[i - 1]))):
            yield rest
        elif not rest:
            continue
        if end > i + 1 and lines[i].rstrip().endswith(":"):
            block = lines[i + 1:end]
            # the first branch (up to an else at depth d), and the else branch
            split = next((k for k, line in enumerate(block)
                          if _indent(line) == d and line.lstrip().startswith("else:")), None)
            branches = [block] if split is None else [block[:split], block[split + 1:]]
            for branch in branches:
                inner = [line[4:] for line in branch]
                yield lines[:i] + inner + lines[end:]


def _terms(text):
    """The top-level `+` terms of an expression, when there are several."""
    terms, depth, start = [], 0, 0
    for k, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and text[k:k + 3] == " + ":
            terms.append(text[start:k])
            start = k + 3
    terms.append(text[start:])
    if len(terms) < 2:
        return []
    return [t[1:-1] if t.startswith("(") and t.endswith(")") and atom(t[1:-1]) != t[1:-1] else t
            for t in terms]


# ---------------------------------------------------------------------------
# Expressions


class Env:
    """What a block of code can read: name -> shape, plus integer names."""

    def __init__(self, N, K):
        self.N, self.K = N, K
        self.vars = {}           # readable expression ('x', 'p["w"]', 'h') -> shape
        self.locals = []         # names assigned at function level (assignable)
        self.ints = []           # integer names usable as multipliers
        self.int_args = []       # integer arguments (loop bounds, branch tests)
        self.unused = []         # recently assigned, not read yet: preferred leaves
        self.features = set()
        self.idioms = False      # also write the idioms of published code (IDIOMS)
        self.keys = []           # typed PRNG key arguments

    def child(self):
        e = Env(self.N, self.K)
        e.idioms = self.idioms
        e.keys = self.keys
        e.vars = dict(self.vars)
        e.locals = list(self.locals)
        e.ints = list(self.ints)
        e.int_args = self.int_args
        e.unused = list(self.unused)
        e.features = self.features
        return e

    def shapes(self):
        N, K = self.N, self.K
        return [(N,), (), (K,), (N, K)]

    def of_shape(self, shape):
        return [v for v, s in self.vars.items() if s == shape]

    def use(self, name):
        if name in self.unused:
            self.unused.remove(name)


def atom(text):
    """Parenthesize `text` unless it is a name, call, subscript or literal."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0 and ch in " -" and i > 0:
            return f"({text})"
    if text.startswith("-"):
        return f"({text})"
    return text


def const(draw):
    return draw(st.sampled_from(["0.5", "2.0", "0.3", "1.5", "0.1", "3.0", "0.7"]))


def arange(n):
    return f"jnp.arange(1.0, {n + 1}.0)"


def adapt(env, text, src, dst):
    """An expression of shape `dst` built from `text` of shape `src`."""
    N, K = env.N, env.K
    if src == dst:
        return text
    if dst == ():
        return f"jnp.sum({text})"
    if src == ():
        # a scalar times distinct constants: never a constant vector (no ties)
        if dst == (N, K):
            return f"{atom(text)} * jnp.arange(1.0, {N * K + 1}.0).reshape({N}, {K})"
        return f"{atom(text)} * {arange(dst[0])}"
    if src == (N,) and dst == (N, K):
        return f"{atom(text)}[:, None] * {arange(K)}"
    if src == (K,) and dst == (N, K):
        return f"{arange(N)}[:, None] * {atom(text)}"
    if src == (N, K) and dst == (N,):
        return f"jnp.sum({text}, axis=1)"
    if src == (N, K) and dst == (K,):
        return f"jnp.mean({text}, axis=0)"
    if src == (N,) and dst == (K,):
        return f"{atom(text)}[:{K}]" if K <= N else f"jnp.sum({text}) * {arange(K)}"
    if src == (K,) and dst == (N,):
        return f"jnp.sum({text}) * {arange(N)}"
    raise AssertionError((src, dst))


def leaf(draw, env, shape):
    """A name of `shape` (preferring ones not read yet), or a literal, or an
    adapted name of another shape."""
    exact = env.of_shape(shape)
    fresh = [v for v in env.unused if v in exact]
    choices = []
    if fresh:
        choices.append("fresh")
    if exact:
        choices.append("exact")
    if shape == ():
        choices.append("const")
    choices.append("adapt")
    if env.ints and shape == ():
        choices.append("int")
    how = draw(st.sampled_from(choices))
    if how == "fresh":
        name = draw(st.sampled_from(fresh))
    elif how == "exact":
        name = draw(st.sampled_from(exact))
    elif how == "const":
        return const(draw)
    elif how == "int":
        env.features.add("int multiplier")
        # (i + 1): never an exact zero, which could hit a kink (abs, maximum)
        return f"0.1 * ({draw(st.sampled_from(env.ints))} + 1)"
    else:
        name = draw(st.sampled_from(sorted(env.vars)))
        env.use(name)
        return adapt(env, name, env.vars[name], shape)
    env.use(name)
    return name


UNARY = [
    "jnp.sin({})", "jnp.cos({})", "jnp.tanh({})", "{} ** 2", "-{}",
    "jnp.log(1.0 + {} ** 2)", "jnp.sqrt(1.0 + {} ** 2)", "jnp.exp(jnp.sin({}))",
    "jnp.arctan({})", "jnp.exp(-{} ** 2)", "jnp.abs({})", "{} ** 3",
    "(1.0 + {} ** 2) ** 0.5", "jnp.log1p({} ** 2)", "jnp.square({})",
]


def binary(draw, env, shape, depth):
    """a OP b with b of `shape` or of a shape that broadcasts to it."""
    N, K = env.N, env.K
    a = expr(draw, env, shape, depth - 1)
    bshapes = [shape, ()]
    if shape == (N, K):
        bshapes.append((K,))
    bshape = draw(st.sampled_from(bshapes))
    b = expr(draw, env, bshape, depth - 1)
    if a == b:
        b = f"{atom(b)} * 0.5"
    op = draw(st.sampled_from(["+", "*", "-", "/", "max", "min", "where"]))
    if op == "/":
        if draw(st.booleans()):
            return f"{atom(a)} / {draw(st.sampled_from(['2.0', '3.0', '0.5']))}"
        return f"{atom(a)} / (1.0 + {atom(b)} ** 2)"
    if draw(st.booleans()):
        a, b = b, a          # the broadcast operand on either side
    if op in "+-*":
        return f"{atom(a)} {op} {atom(b)}"
    env.features.add(f"jnp.{op}" if op == "where" else f"jnp.{op}imum")
    if op == "max":
        return f"jnp.maximum({a}, {b})"
    if op == "min":
        return f"jnp.minimum({a}, {b})"
    c = expr(draw, env, shape, depth - 1)
    return f"jnp.where({atom(a)} > {atom(b)}, {a}, {c})" if c != a else \
        f"jnp.where({atom(a)} > {atom(b)}, {a}, 0.5 * {atom(c)})"


def changes_shape(draw, env, shape, depth):
    """An expression of `shape` made by a reduction, product, index, reshape..."""
    N, K = env.N, env.K
    options = []
    if shape == ():
        options += ["sum", "mean", "max", "dot", "index", "vdot", "min", "sum_axis"]
    elif shape == (N,):
        options += ["sum1", "matvec", "col", "flip", "roll", "cumsum", "einsum_iv", "mean1", "max1"]
    elif shape == (K,):
        options += ["sum0", "vecmat", "row", "head", "einsum_vi", "mean0", "stack2"]
    else:
        options += ["outer", "bcast", "reshape_t", "einsum_ij", "stackcols", "transpose2"]
    if env.idioms:
        # keyword arguments at their defaults, as published code spells them out
        options += ["softmax_kw"] if shape != () else ["sum_where", "mean_kw"]
    kind = draw(st.sampled_from(options))
    env.features.add(kind if not kind.endswith(("_kw", "_where")) else "idiom: default kwargs")
    sub = lambda s: expr(draw, env, s, depth - 1)
    if kind == "sum_where":
        return f"jnp.sum({sub(draw(st.sampled_from([(N,), (N, K), (K,)])))}, where=None)"
    if kind == "mean_kw":
        return f"jnp.mean({sub(draw(st.sampled_from([(N,), (N, K), (K,)])))}, axis=None, keepdims=False)"
    if kind == "softmax_kw":
        return f"jax.nn.softmax({sub(shape)}, axis=-1, where=None)"
    if kind in ("sum", "mean", "max", "min"):
        s = draw(st.sampled_from([(N,), (N, K), (K,)]))
        return f"jnp.{kind}({sub(s)})"
    if kind == "sum_axis":
        return f"jnp.sum(jnp.sum({sub((N, K))}, axis=0))"
    if kind == "dot":
        s = draw(st.sampled_from([(N,), (K,)]))
        a, b = sub(s), sub(s)
        return f"jnp.dot({a}, {b})"
    if kind == "vdot":
        return f"jnp.vdot({sub((N,))}, {sub((N,))})"
    if kind == "index":
        form = draw(st.sampled_from(["[0]", "[-1]", "[1]", "[0, 1]"]))
        s = (N, K) if form == "[0, 1]" else (N,)
        return f"{atom(sub(s))}{form}"
    if kind in ("sum1", "mean1", "max1"):
        return f"jnp.{kind[:-1]}({sub((N, K))}, axis=1)"
    if kind in ("sum0", "mean0"):
        return f"jnp.{kind[:-1]}({sub((N, K))}, axis=0)"
    if kind == "matvec":
        form = draw(st.sampled_from(["jnp.dot({}, {})", "{} @ {}", "jnp.matmul({}, {})"]))
        m, v = sub((N, K)), sub((K,))
        return form.format(atom(m), atom(v)) if "@" in form else form.format(m, v)
    if kind == "vecmat":
        form = draw(st.sampled_from(["jnp.dot({}, {})", "{} @ {}", "jnp.matmul({}, {})"]))
        v, m = sub((N,)), sub((N, K))
        return form.format(atom(v), atom(m)) if "@" in form else form.format(v, m)
    if kind == "einsum_iv":
        return f"jnp.einsum('ij,j->i', {sub((N, K))}, {sub((K,))})"
    if kind == "einsum_vi":
        return f"jnp.einsum('i,ij->j', {sub((N,))}, {sub((N, K))})"
    if kind == "einsum_ij":
        return f"jnp.einsum('i,j->ij', {sub((N,))}, {sub((K,))})"
    if kind == "col":
        return f"{atom(sub((N, K)))}[:, {draw(st.sampled_from(['0', '1', '-1']))}]"
    if kind == "row":
        return f"{atom(sub((N, K)))}[{draw(st.sampled_from(['0', '1', '-1']))}]"
    if kind == "flip":
        return f"jnp.flip({sub((N,))})"
    if kind == "roll":
        v = atom(sub((N,)))
        return f"jnp.concatenate([{v}[1:], {v}[:1]])"
    if kind == "cumsum":
        return f"jnp.cumsum({sub((N,))})"
    if kind == "head":
        return f"{atom(sub((N,)))}[:{K}]" if draw(st.booleans()) else f"{atom(sub((N,)))}[{N - K}:]"
    if kind == "stack2":
        # K == 2
        return f"jnp.stack([{sub(())}, {sub(())}])"
    if kind == "outer":
        return f"jnp.outer({sub((N,))}, {sub((K,))})"
    if kind == "bcast":
        return f"{atom(sub((N,)))}[:, None] * {atom(sub((K,)))}"
    if kind == "reshape_t":
        return f"jnp.reshape({sub((N, K))}, ({K}, {N})).T"
    if kind == "transpose2":
        return f"jnp.transpose({atom(sub((N, K))) + '.T'})"
    if kind == "stackcols":
        return f"jnp.stack([{sub((N,))}, {sub((N,))}], axis=1)"
    raise AssertionError(kind)


def expr(draw, env, shape, depth):
    if depth <= 0:
        return leaf(draw, env, shape)
    kind = draw(st.sampled_from(["leaf", "unary", "binary", "shape", "leaf2"]))
    if kind in ("leaf", "leaf2"):
        return leaf(draw, env, shape)
    if kind == "unary":
        form = draw(st.sampled_from(UNARY))
        inner = expr(draw, env, shape, depth - 1)
        return form.format(atom(inner) if form.startswith("{}") or "{} **" in form or form == "-{}"
                           else inner)
    if kind == "binary":
        return binary(draw, env, shape, depth)
    return changes_shape(draw, env, shape, depth)


def rhs(draw, env, shape, max_depth=2):
    return expr(draw, env, shape, draw(st.integers(1, max_depth)))


# ---------------------------------------------------------------------------
# Statements

LOCAL_NAMES = ["h", "g", "z", "u", "y", "q", "r", "a", "b2", "d"]
TEMP_NAMES = ["t", "t2", "t3", "t4"]
LOOP_NAMES = ["i", "j", "k", "l2"]

# the idioms, simplest first (hypothesis shrinks towards the first)
IDIOM_WEIGHT = 2    # "idiom" among f's ~8 top-level statement kinds this many times
                    # (2: about one statement in five; run.py --idiom-weight; 0: no idioms)
STAR_ARGS = True    # `*args` helpers, f(*xs), zip(*pairs) among them (run.py --no-star-args)
IDIOMS = ["error_branch", "dict_call", "unpack", "loop_names", "list_stack", "closure",
          "partial", "callable", "random_key", "star_args"]


class Gen:
    def __init__(self, draw, N, K, helpers, idioms=False, star_args=True):
        self.draw = draw
        self.idioms = idioms          # also write the idioms of published code
        self.star_args = star_args    # among them, `*args` helpers and `f(*xs)`
        self.defs = []                # module-level defs the idioms use
        self.def_counter = 0
        self.array_args = []          # f's array arguments (they have .dtype, .shape)
        self.N, self.K = N, K
        self.helpers = helpers        # [(name, param shapes, result shapes)]
        self.helper_sources = []
        self.counter = 0
        self.called = set()
        self.used = set()         # names assigned in the function being written
        self.lists = 0
        self.early = None         # (f's result shape) where a loop may `return` early

    def fresh(self, env, pool, reuse=False):
        """A new name from `pool`. Names are not reused across blocks within a
        function (a temporary of one shape in one loop and of another shape in
        the next would be a rank change, which vmap documents it refuses);
        loop counters (`reuse`) may be."""
        for n in pool:
            if n not in env.vars and n not in env.ints and (reuse or n not in self.used):
                self.used.add(n)
                return n
        self.counter += 1
        name = f"{pool[0]}{self.counter}"
        self.used.add(name)
        return name

    # a block: list of source lines (unindented), given an env it may extend
    def block(self, env, n, level, top):
        lines = []
        for _ in range(n):
            lines += self.statement(env, level, top)
        return lines

    def statement(self, env, level, top):
        draw = self.draw
        kinds = ["assign", "reassign", "aug"]
        if level < 2:
            kinds += ["for", "if_value"]
            if env.int_args:
                kinds.append("if_int")
            kinds.append("while")
        if top:
            kinds += ["tuple", "list"]
            if self.helpers:
                kinds.append("call")
            if self.idioms:
                kinds += ["idiom"] * max(IDIOM_WEIGHT, 1)
        kind = draw(st.sampled_from(kinds))
        assignable = [v for v in env.locals if v in env.vars]
        if kind in ("reassign", "aug", "while") and not assignable:
            kind = "assign"
        if kind == "assign":
            shape = draw(st.sampled_from(env.shapes()))
            value = rhs(draw, env, shape)
            name = self.fresh(env, LOCAL_NAMES if top else TEMP_NAMES)
            env.vars[name] = shape
            env.locals.append(name)     # a loop body's temporary is reassignable in it
            env.unused.append(name)
            return [f"{name} = {value}"]
        if kind == "reassign":
            name = draw(st.sampled_from(assignable))
            value = self._update(env, name)
            env.features.add("reassign")
            return [f"{name} = {value}"]
        if kind == "aug":
            name = draw(st.sampled_from(assignable))
            op = draw(st.sampled_from(["+=", "-=", "*="]))
            value = rhs(draw, env, env.vars[name], 1)
            if op == "*=":
                value = f"jnp.tanh({value})"
            env.features.add("augassign")
            return [f"{name} {op} {value}"]
        if kind == "for":
            return self.for_loop(env, level, top)
        if kind == "if_value":
            return self.if_stmt(env, level, on_int=False)
        if kind == "if_int":
            return self.if_stmt(env, level, on_int=True)
        if kind == "while":
            return self.while_loop(env, level)
        if kind == "tuple":
            return self.tuple_stmt(env)
        if kind == "list":
            return self.list_stmt(env)
        if kind == "idiom":
            return self.idiom(env)
        return self.call_stmt(env)

    def _update(self, env, name):
        """A new value for `name` that reads it (a loop-carried update),
        kept bounded."""
        draw = self.draw
        shape = env.vars[name]
        other = rhs(draw, env, shape)
        form = draw(st.sampled_from(["{n} + {e}", "jnp.tanh({n} * {e})", "{n} * 0.9 + jnp.sin({e})",
                                     "{e}", "{n} - 0.5 * {e}", "jnp.cos({n}) * {e}"]))
        return form.format(n=name, e=atom(other) if form not in ("{e}",) else other)

    def for_loop(self, env, level, top):
        draw = self.draw
        var = self.fresh(env, LOOP_NAMES, reuse=True)
        bounds = ["2", "3", "1"]
        if env.int_args:
            bounds.append(draw(st.sampled_from(env.int_args)))
        bound = draw(st.sampled_from(bounds))
        header = f"for {var} in range({bound}):"
        inner = env.child()
        inner.ints.append(var)
        body = []
        if bound.isdigit() and int(bound) <= self.N and draw(st.booleans()):
            # index with the loop counter
            vec = [v for v, s in env.vars.items() if s == (self.N,)]
            assignable = [v for v in env.locals if v in env.vars]
            if vec and assignable:
                target = draw(st.sampled_from(assignable))
                src = draw(st.sampled_from(vec))
                body.append(f"{target} = {target} + {src}[{var}] * 0.5")
                env.features.add("x[i] in loop")
        n = draw(st.integers(1, 3))
        body += self.block(inner, n, level + 1, top=False)
        # make sure the loop carries something: update a function-level name
        assignable = [v for v in env.locals if v in env.vars]
        if assignable and not any(line.split(" ")[0] in assignable for line in body):
            target = draw(st.sampled_from(assignable))
            body.append(f"{target} = {self._update(inner, target)}")
        if assignable:
            body += self.jump(inner, draw(st.sampled_from(assignable)))
        if level >= 1:
            env.features.add("nested for")
        env.features.add("for")
        env.unused = [u for u in inner.unused if u in env.vars]
        return [header] + ["    " + b for b in body]

    def if_stmt(self, env, level, on_int):
        draw = self.draw
        if on_int:
            n = draw(st.sampled_from(env.int_args))
            cond = draw(st.sampled_from([f"{n} > 1", f"{n} == 2", f"{n} % 2 == 0", f"{n} >= 1"]))
            env.features.add("if on int")
        else:
            value = rhs(draw, env, (), 2)
            if not any(v in value for v in env.vars):
                value = leaf(draw, env, ())
            cond = f"{atom(value)} {draw(st.sampled_from(['>', '<']))} {draw(st.sampled_from(['0.3', '0.0', '-0.2', '1.0']))}"
            env.features.add("if on value")
        then_env = env.child()
        lines = [f"if {cond}:"]
        body = self.block(then_env, draw(st.integers(1, 2)), level + 1, top=False)
        assignable = [v for v in env.locals if v in env.vars]
        if assignable and not any(b.split(" ")[0] in assignable for b in body):
            t = draw(st.sampled_from(assignable))
            body.append(f"{t} = {self._update(then_env, t)}")
        lines += ["    " + b for b in body]
        if draw(st.booleans()):
            else_env = env.child()
            ebody = self.block(else_env, draw(st.integers(1, 2)), level + 1, top=False)
            lines.append("else:")
            lines += ["    " + b for b in ebody]
        return lines

    def while_loop(self, env, level):
        draw = self.draw
        assignable = [v for v in env.locals if v in env.vars]
        target = draw(st.sampled_from(assignable))
        counter = self.fresh(env, ["it", "it2", "it3"], reuse=True)
        limit = draw(st.sampled_from(["3", "2", "4"]))
        measure = draw(st.sampled_from(["jnp.sum({} ** 2)", "jnp.max({})", "jnp.sum({})"]))
        if env.vars[target] == ():
            measure = draw(st.sampled_from(["{} ** 2", "{}", "jnp.abs({})"]))
        cond_value = measure.format(atom(target) if "**" in measure or measure == "{}" else target)
        cond = f"{counter} < {limit} and {cond_value} < {draw(st.sampled_from(['5.0', '2.0', '10.0']))}"
        inner = env.child()
        inner.ints.append(counter)
        step = draw(st.sampled_from(["{n} * 1.5 + 0.2", "{n} + 0.5 * {e}", "{n} * 2.0 - {e}"]))
        body = [f"{target} = " + step.format(n=target, e=atom(rhs(draw, inner, env.vars[target], 1)))]
        if draw(st.booleans()):
            body += self.block(inner, 1, level + 1, top=False)
        body.append(f"{counter} = {counter} + 1")
        body += self.jump(inner, target)
        env.features.add("while")
        return [f"{counter} = 0", f"while {cond}:"] + ["    " + b for b in body]

    def jump(self, env, target):
        """Sometimes `if <value> <op> c: break` (or `continue`) and an update
        after it: a loop body with two ends (after the counter's step, so the
        loop still ends)."""
        draw = self.draw
        if not draw(st.integers(0, 3)) == 0:
            return []
        value = rhs(draw, env, (), 1)
        if not any(v in value for v in env.vars):
            value = leaf(draw, env, ())
        op, c = draw(st.sampled_from(['>', '<'])), draw(st.sampled_from(['0.3', '0.0', '1.0']))
        kind = draw(st.sampled_from(["break", "continue"] + (["return"] if self.early else [])))
        env.features.add(kind if kind != "return" else "return in loop")
        if kind == "return":   # f's result, of its shape, from what is defined here
            kind = EARLY + rhs(draw, env, self.early[0])
        return [f"if {atom(value)} {op} {c}:", f"    {kind}",
                f"{target} = {self._update(env, target)}"]

    def tuple_stmt(self, env):
        draw = self.draw
        s1, s2 = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        e1, e2 = rhs(draw, env, s1, 1), rhs(draw, env, s2, 1)
        n1 = self.fresh(env, LOCAL_NAMES)
        env.vars[n1] = s1
        n2 = self.fresh(env, LOCAL_NAMES)
        env.vars[n2] = s2
        env.locals += [n1, n2]
        env.unused += [n1, n2]
        env.features.add("tuple")
        if draw(st.booleans()):
            return [f"{n1}, {n2} = {e1}, {e2}"]
        pair = self.fresh(env, ["pair", "pair2", "pair3"])
        lines = [f"{pair} = ({e1}, {e2})"]
        if draw(st.booleans()):
            lines.append(f"{n1}, {n2} = {pair}")
        else:
            lines += [f"{n1} = {pair}[0]", f"{n2} = {pair}[1]"]
        return lines

    def list_stmt(self, env):
        draw = self.draw
        shape = draw(st.sampled_from(env.shapes()))
        acc = self.fresh(env, ["acc", "acc2", "acc3"])
        var = self.fresh(env, LOOP_NAMES, reuse=True)
        bound = draw(st.sampled_from(["3", "2"]))
        inner = env.child()
        inner.ints.append(var)
        body = []
        if draw(st.booleans()):
            body += self.block(inner, 1, 1, top=False)
        body.append(f"{acc}.append({rhs(draw, inner, shape)})")
        stacked = self.fresh(env, LOCAL_NAMES)
        reduce = draw(st.sampled_from(["jnp.sum(jnp.stack({}), axis=0)", "jnp.stack({})[-1]",
                                       "jnp.mean(jnp.stack({}), axis=0)", "jnp.stack({})[0] * 2.0"]))
        env.vars[stacked] = shape
        env.locals.append(stacked)
        env.unused.append(stacked)
        env.unused = [u for u in env.unused if u in env.vars]
        env.features.add("list append + stack")
        return ([f"{acc} = []", f"for {var} in range({bound}):"] + ["    " + b for b in body]
                + [f"{stacked} = {reduce.format(acc)}"])

    def call_stmt(self, env, helper=None):
        draw = self.draw
        name, params, results = helper or draw(st.sampled_from(self.helpers))
        self.called.add(name)
        args = [rhs(draw, env, s, 1) for s in params]
        env.features.add("helper call")
        call = f"{name}({', '.join(args)})"
        outs = []
        for s in results:
            n = self.fresh(env, LOCAL_NAMES)
            env.vars[n] = s
            env.locals.append(n)
            env.unused.append(n)
            outs.append(n)
        return [f"{', '.join(outs)} = {call}"]

    # -- the idioms of published code (issue 32, item 4) ------------------------
    # Each is one drawn choice of a top-level statement of f (IDIOMS, simplest
    # first); what it defines is typed like everything else (env.vars).

    def def_expr(self, params, shape, max_depth=2):
        """An expression of `shape` over `params` (readable text -> shape) that
        reads each of them: the body of a small module-level def."""
        env = Env(self.N, self.K)
        env.vars = dict(params)
        env.unused = list(params)
        env.idioms = self.idioms
        out = rhs(self.draw, env, shape, max_depth)
        for name in list(env.unused):
            out = f"{out} + {atom(adapt(env, name, params[name], shape))}"
        return out

    def def_name(self, stem):
        self.def_counter += 1
        return f"{stem}{self.def_counter - 1}"

    def _bind(self, env, shape, value, pool=None):
        """`name = value`, a new name of `shape` at function level."""
        name = self.fresh(env, pool or LOCAL_NAMES)
        env.vars[name] = shape
        env.locals.append(name)
        env.unused.append(name)
        return f"{name} = {value}"

    def _scalar_value(self, env):
        """A constant or (half the time) a scalar the result depends on."""
        draw = self.draw
        return const(draw) if draw(st.booleans()) else rhs(draw, env, (), 1)

    def idiom(self, env):
        draw = self.draw
        kinds = list(IDIOMS)
        if not self.star_args:
            kinds.remove("star_args")
        kind = draw(st.sampled_from(kinds))
        env.features.add(f"idiom: {kind}")
        return getattr(self, "idiom_" + kind)(env)

    def idiom_error_branch(self, env):
        """A check that never fails, as library code guards its inputs."""
        draw = self.draw
        arrays = [a for a in self.array_args if a in env.vars]
        names = [v for v in env.vars if v.isidentifier()]
        form = draw(st.sampled_from(["dtype", "ndim", "assert_shape", "jnp_ndim", "assert_jnp_shape"]
                                    if arrays else ["jnp_ndim", "assert_jnp_shape"]))
        if form in ("dtype", "ndim", "assert_shape"):
            a = draw(st.sampled_from(arrays))
            if form == "dtype":
                return [f"if {a}.dtype != jnp.float64:",
                        f'    raise TypeError(f"expected float64, got {{{a}.dtype}}")']
            if form == "ndim":
                return [f"if {a}.ndim > 5:", f'    raise ValueError("{a}: too many dimensions")']
            return [f'assert {a}.shape == {tuple(env.vars[a])!r}, f"bad shape {{{a}.shape}}"']
        v = draw(st.sampled_from(names))
        shape = tuple(env.vars[v])
        if form == "jnp_ndim":
            return [f"if jnp.ndim({v}) != {len(shape)}:",
                    f'    raise ValueError(f"{v} must have {len(shape)} dimensions, not {{jnp.ndim({v})}}")']
        return [f'assert jnp.shape({v}) == {shape!r}, "{v}: wrong shape"']

    def idiom_dict_call(self, env):
        """`d = dict(a=..., b=...)`, read as `d["a"]`, sometimes handed to a helper."""
        draw = self.draw
        s1, s2 = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        e1, e2 = rhs(draw, env, s1, 1), rhs(draw, env, s2, 1)
        d = self.fresh(env, ["dd", "dd2", "dd3"])
        lines = [f"{d} = dict(a={e1}, b={e2})"]
        if draw(st.booleans()):
            for k, s in (("a", s1), ("b", s2)):
                env.vars[f'{d}["{k}"]'] = s
                env.unused.append(f'{d}["{k}"]')
            return lines
        name = self.def_name("use_dict")
        out = draw(st.sampled_from(env.shapes()))
        body = self.def_expr({'q["a"]': s1, 'q["b"]': s2}, out)
        self.defs.append(f"def {name}(q):\n    return {body}")
        env.features.add("idiom: dict to a helper")
        return lines + [self._bind(env, out, f"{name}({d})")]

    def idiom_unpack(self, env):
        """`a, b = e` along e's first axis (of length 2, or 4)."""
        draw = self.draw
        N, K = self.N, self.K
        form = draw(st.sampled_from(["vec2", "stack", "transpose", "vec4"]))
        if form == "vec2":            # (K,) = (2,): two scalars
            value, shape, n = rhs(draw, env, (K,), 2), (), K
        elif form == "stack":
            shape = draw(st.sampled_from(env.shapes()))
            e1 = rhs(draw, env, shape, 1)
            e2 = rhs(draw, env, shape, 1)
            value, n = f"jnp.stack([{e1}, {e2}])", 2
        elif form == "transpose":     # (N, K).T: K rows of shape (N,)
            value, shape, n = f"{atom(rhs(draw, env, (N, K), 1))}.T", (N,), K
        else:
            value, shape, n = rhs(draw, env, (N,), 2), (), N
        names = [self.fresh(env, LOCAL_NAMES) for _ in range(n)]
        for name in names:
            env.vars[name] = shape
            env.locals.append(name)
            env.unused.append(name)
        return [f"{', '.join(names)} = {value}"]

    def idiom_loop_names(self, env):
        """Names first assigned inside a loop, read after it (the last
        iteration's values)."""
        draw = self.draw
        var = self.fresh(env, LOOP_NAMES, reuse=True)
        bound = draw(st.sampled_from(["3", "2", "1"]))
        inner = env.child()
        inner.ints.append(var)
        body, new = [], []
        for _ in range(draw(st.integers(1, 2))):
            shape = draw(st.sampled_from(env.shapes()))
            value = rhs(draw, inner, shape)
            name = self.fresh(env, LOCAL_NAMES)
            inner.vars[name] = shape
            new.append((name, shape))
            body.append(f"{name} = {value}")
        assignable = [v for v in env.locals if v in env.vars]
        if assignable and draw(st.booleans()):
            target = draw(st.sampled_from(assignable))
            body.append(f"{target} = {self._update(inner, target)}")
        env.unused = [u for u in inner.unused if u in env.vars]
        for name, shape in new:
            env.vars[name] = shape
            env.locals.append(name)
            env.unused.append(name)
        return [f"for {var} in range({bound}):"] + ["    " + b for b in body]

    def idiom_list_stack(self, env):
        """`out = []`, appended in a loop, then `jnp.array(out)`, `jnp.stack(out)`
        or `jnp.vstack(out)`: a new leading axis."""
        draw = self.draw
        N, K = self.N, self.K
        elem, n = draw(st.sampled_from([((), N), ((), K), ((K,), N), ((N,), K)]))
        forms = ["jnp.array({})", "jnp.stack({})"] + (["jnp.vstack({})"] if elem else [])
        form = draw(st.sampled_from(forms))
        acc = self.fresh(env, ["outs", "outs2", "outs3"])
        var = self.fresh(env, LOOP_NAMES, reuse=True)
        inner = env.child()
        inner.ints.append(var)
        value = rhs(draw, inner, elem)
        vecs = [v for v, s in env.vars.items() if s == (N,)]
        if elem == () and vecs and draw(st.booleans()):
            value = f"{draw(st.sampled_from(vecs))}[{var}] * {atom(value)}"
            env.features.add("x[i] in loop")
        stacked = form.format(acc)
        shape = (n,) + elem
        if elem == (N,):
            stacked, shape = f"{stacked}.T", (N, K)
        env.unused = [u for u in inner.unused if u in env.vars]
        return [f"{acc} = []", f"for {var} in range({n}):", f"    {acc}.append({value})",
                self._bind(env, shape, stacked)]

    def idiom_closure(self, env):
        """A module-level factory returning a nested function that reads the
        factory's parameter: `make(k)(e)` or `g = make(k); g(e)`."""
        draw = self.draw
        s, out = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        name = self.def_name("make")
        body = self.def_expr({"p": s, "k": ()}, out)
        self.defs.append(f"def {name}(k):\n    def inner(p):\n        return {body}\n\n"
                         f"    return inner")
        k, arg = self._scalar_value(env), rhs(self.draw, env, s, 1)
        if draw(st.booleans()):
            return [self._bind(env, out, f"{name}({k})({arg})")]
        g = self.fresh(env, ["gc", "gc2", "gc3"])
        return [f"{g} = {name}({k})", self._bind(env, out, f"{g}({arg})")]

    def idiom_partial(self, env):
        """`g = functools.partial(helper, k=...)`, then `g(e)`."""
        draw = self.draw
        s, out = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        name = self.def_name("scaled")
        body = self.def_expr({"v": s, "k": ()}, out)
        self.defs.append(f"def {name}(v, k=1.0):\n    return {body}")
        k, arg = self._scalar_value(env), rhs(self.draw, env, s, 1)
        g = self.fresh(env, ["gp", "gp2", "gp3"])
        call = draw(st.sampled_from(["{g}({a})", "{g}(v={a})"]))
        return [f"{g} = functools.partial({name}, k={k})",
                self._bind(env, out, call.format(g=g, a=arg))]

    def idiom_callable(self, env):
        """An instance of a module-level dataclass with `__call__`."""
        draw = self.draw
        s, out = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        name = self.def_name("Scale")
        body = self.def_expr({"v": s, "self.k": ()}, out)
        self.defs.append(f"@dataclass\nclass {name}:\n    k: float\n\n"
                         f"    def __call__(self, v):\n        return {body}")
        k, arg = self._scalar_value(env), rhs(self.draw, env, s, 1)
        if draw(st.booleans()):
            return [self._bind(env, out, f"{name}(k={k})({arg})")]
        obj = self.fresh(env, ["sc", "sc2", "sc3"])
        return [f"{obj} = {name}({k})", self._bind(env, out, f"{obj}({arg})")]

    def idiom_random_key(self, env, key=None):
        """Noise from a typed key: f's key argument, or one made here; split
        or not."""
        draw = self.draw
        lines = []
        if key is None and env.keys and draw(st.integers(0, 2)):
            key = draw(st.sampled_from(env.keys))
        if key is None:
            key = self.fresh(env, ["kk", "kk2", "kk3"])
            lines.append(f"{key} = jax.random.key({draw(st.integers(0, 9))})")
        if draw(st.booleans()):
            k1, k2 = self.fresh(env, ["k1", "k3", "k5"]), self.fresh(env, ["k2", "k4", "k6"])
            lines.append(f"{k1}, {k2} = jax.random.split({key})")
            key = draw(st.sampled_from([k1, k2]))
        shape = draw(st.sampled_from(env.shapes()))
        sample = draw(st.sampled_from(["jax.random.normal({k}, {s})",
                                       "jax.random.uniform({k}, {s}, minval=0.5, maxval=1.5)"]))
        value = rhs(draw, env, shape, 1)
        return lines + [self._bind(env, shape, f"{sample.format(k=key, s=repr(tuple(shape)))} * "
                                               f"{atom(value)}")]

    def idiom_star_args(self, env):
        """A helper taking `*args`, called with arguments or `*xs`; or
        `zip(*pairs)`."""
        draw = self.draw
        N, K = self.N, self.K
        form = draw(st.sampled_from(["call", "splat", "zip"]))
        if form == "zip":
            s1 = draw(st.sampled_from([(), (N,)]))
            s2 = draw(st.sampled_from(env.shapes()))
            pairs = self.fresh(env, ["pairs", "pairs2", "pairs3"])
            items = ", ".join(f"({rhs(draw, env, s1, 1)}, {rhs(draw, env, s2, 1)})" for _ in range(K))
            ls, rs = self.fresh(env, ["lefts", "lefts2"]), self.fresh(env, ["rights", "rights2"])
            stacked = f"jnp.stack({ls})" if s1 == () else f"jnp.stack({ls}, axis=1)"
            env.features.add("idiom: zip(*pairs)")
            return [f"{pairs} = [{items}]", f"{ls}, {rs} = zip(*{pairs})",
                    self._bind(env, (K,) if s1 == () else (N, K), stacked),
                    self._bind(env, s2, f"{rs}[0] * 0.5 + {rs}[1]")]
        s, out = draw(st.sampled_from(env.shapes())), draw(st.sampled_from(env.shapes()))
        name = self.def_name("star")
        variant = draw(st.sampled_from(["loop", "first_rest", "index"]))
        if variant == "loop":
            self.defs.append(f"def {name}(*args):\n    acc = args[0]\n    for a in args[1:]:\n"
                             f"        acc = acc * 0.5 + jnp.sin(a)\n"
                             f"    return {self.def_expr({'acc': s}, out)}")
        elif variant == "first_rest":
            self.defs.append(f"def {name}(first, *rest):\n    total = first\n    for r in rest:\n"
                             f"        total = total + jnp.tanh(r)\n"
                             f"    return {self.def_expr({'total': s}, out)}")
        else:
            self.defs.append(f"def {name}(*args):\n"
                             f"    return {self.def_expr({'args[0]': s, 'args[1]': s}, out)}")
        n = draw(st.integers(2, 3))
        values = [rhs(draw, env, s, 1) for _ in range(n)]
        if form == "call":
            return [self._bind(env, out, f"{name}({', '.join(values)})")]
        xs = self.fresh(env, ["xs", "xs2", "xs3"])
        packed = draw(st.sampled_from(["({},)", "[{}]"])).format(", ".join(values))
        env.features.add("idiom: f(*xs)")
        return [f"{xs} = {packed}", self._bind(env, out, f"{name}(*{xs})")]

    # -- functions ------------------------------------------------------------
    def helper(self, index):
        draw = self.draw
        N, K = self.N, self.K
        shapes = [(N,), (), (K,), (N, K)]
        nparams = draw(st.integers(1, 2))
        params = [draw(st.sampled_from(shapes)) for _ in range(nparams)]
        env = Env(N, K)
        names = ["a", "b"][:nparams]
        self.used = set(names)
        for n, s in zip(names, params):
            env.vars[n] = s
            env.locals.append(n)
        env.unused = list(names)
        env.features = set()
        env.idioms = self.idioms
        lines = self.block(env, draw(st.integers(1, 3)), level=1, top=False)
        nres = draw(st.sampled_from([1, 1, 2]))
        results = [draw(st.sampled_from(shapes)) for _ in range(nres)]
        outs = [rhs(draw, env, s) for s in results]
        name = f"helper{index}"
        lines.append(f"return {', '.join(outs)}")
        src = f"def {name}({', '.join(names)}):\n" + "\n".join("    " + l for l in lines)
        self.helper_sources.append(src)
        self.helpers.append((name, params, results))
        return env.features


def _returned(draw, env, shape):
    """The result expression: reads the names not read yet, so no statement is dead."""
    out = rhs(draw, env, shape)
    for name in list(env.unused)[:3]:
        if name in env.vars:
            out = f"{out} + {atom(adapt(env, name, env.vars[name], shape))}"
    return out


@st.composite
def programs(draw, max_statements=6, max_helpers=2, idioms=None, star_args=None):
    """Programs of up to `max_statements` top-level statements in `f` (each
    may hold a loop or a branch) and up to `max_helpers` helper functions.
    `idioms`: a top-level statement may also be one of IDIOMS (the idioms of
    published code: dict(...), names first assigned in a loop, unpacking,
    list-append-stack, closures, functools.partial, callable objects, typed
    PRNG keys, *args: about one top-level statement in five at
    IDIOM_WEIGHT 2), expressions may spell out keyword arguments at their
    defaults, and f may take a typed key (one program in eight). `star_args`: among the idioms, `*args`
    helpers, `f(*xs)` and `zip(*pairs)`. None: IDIOM_WEIGHT > 0, STAR_ARGS
    (what run.py --idiom-weight and --no-star-args set)."""
    idioms = IDIOM_WEIGHT > 0 if idioms is None else idioms
    star_args = STAR_ARGS if star_args is None else star_args
    N = 4      # N, K and vmap's batch of 3 all differ: a mixed-up axis shows
    K = 2
    gen = Gen(draw, N, K, helpers=[], idioms=idioms, star_args=star_args)
    features = set()
    for index in range(draw(st.integers(0, max_helpers))):
        features |= gen.helper(index)

    # the arguments: always a vector and a differentiable scalar
    args = [Arg("x", "array", (N,))]
    args.append(draw(st.sampled_from([Arg("s", "array", ()), Arg("c", "float")])))
    extra = draw(st.lists(st.sampled_from(["m", "n", "p", "tup", "c2"]), unique=True, max_size=3))
    if idioms and draw(st.integers(0, 7)) == 7:
        extra.append("key")
    for e in extra:
        if e == "m":
            args.append(Arg("m", "array", (N, K)))
        elif e == "n":
            args.append(Arg("n", "int", int_value=draw(st.integers(0, 3))))
        elif e == "p":
            parts = draw(st.sampled_from([(("w", (N, K)), ("b", (N,))), (("w", (K,)), ("b", ()))]))
            args.append(Arg("p", "dict", parts=parts))
        elif e == "tup":
            args.append(Arg("tp", "tuple", parts=((K,), ())))
        elif e == "c2" and not any(a.kind == "float" for a in args):
            args.append(Arg("c", "float"))
        elif e == "key":
            args.append(Arg("key", "key"))
    order = draw(st.permutations(range(len(args))))
    args = [args[i] for i in order]

    env = Env(N, K)
    env.features = features
    env.idioms = idioms
    gen.used = {a.name for a in args}
    gen.array_args = [a.name for a in args if a.kind == "array"]
    for a in args:
        if a.kind == "key":
            env.keys.append(a.name)
            env.features.add("idiom: key argument")
        elif a.kind in ("array", "float"):
            env.vars[a.name] = a.shape
        elif a.kind == "int":
            env.ints.append(a.name)
            env.int_args.append(a.name)
            env.features.add("int arg")
        elif a.kind == "dict":
            for k, s in a.parts:
                env.vars[f'{a.name}["{k}"]'] = s
            env.features.add("dict arg")
        else:
            for i, s in enumerate(a.parts):
                env.vars[f"{a.name}[{i}]"] = s
            env.features.add("tuple arg")
    env.unused = [v for v in env.vars]

    out_shape = draw(st.sampled_from([(N,), (), (K,), (N, K)]))
    gen.early = (out_shape,)
    body = gen.block(env, draw(st.integers(1, max_statements)), level=0, top=True)
    gen.early = None
    for helper in gen.helpers:
        if helper[0] not in gen.called:
            body += gen.call_stmt(env, helper)
    for key in env.keys:      # f's key argument is read
        if not any(re.search(rf"\b{key}\b", line) for line in body):
            env.features.add("idiom: random_key")
            body += gen.idiom_random_key(env, key)
    out = _returned(draw, env, out_shape)
    loss = ""
    if out_shape != ():
        loss = draw(st.sampled_from(["jnp.sum({} ** 2)", "jnp.sum(jnp.sin({}))", "jnp.mean(jnp.tanh({}))"]))

    axes = []
    for a in args:
        axes.append(None if a.kind == "int" else draw(st.sampled_from([0, None])))
    if all(ax is None for ax in axes):
        axes[[a.name for a in args].index("x")] = 0
    value_seed = draw(st.integers(0, 2 ** 31 - 1))
    return Program(helpers=gen.helper_sources, body=body, result=out, loss_form=loss, args=args,
                   out_shape=out_shape, value_seed=value_seed, vmap_axes=tuple(axes),
                   features=sorted(env.features), defs=gen.defs)
