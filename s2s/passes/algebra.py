"""Tidy a derivative the way a person would, every rewrite exact.

Rules write each tangent or cotangent line on its own, so a derivative comes
out with work a person would not write: a gradient seeded with an array of
ones multiplied in (`div_bar = jnp.broadcast_to(result_bar, jnp.shape(div))`,
then `-div_bar * div / add`), negations that cancel two lines later
(`add_bar = -...`, `x_bar = -neg_bar`), the product rule's two equal halves
of `h * h`, and `unbroadcast` of a value that already has the operand's shape.
In eager code every jnp operation is a dispatch, so these cost time. This
pass rewrites only the lines a derivative pass wrote (Key.DERIVATIVE), and
only where the result is provably the same in value, shape and dtype:

- seed: a gradient of `jnp.sum(v)` seeds `v`'s cotangent with ones of `v`'s
  shape and dtype (v surely real: the sum is then a real scalar, as grad
  requires); `ones * e` is `e` where `e` has that shape and dtype; the check
  that v is real reads `h` where `v = h * h` (same dtype), so v is not
  computed for the check alone;
- signs: `(-a) * b` is `-(a * b)`, `a - (-b)` is `a + b`, `-(-a)` is `a`
  (IEEE negation is exact), and a negated line read once moves into its
  reader when that makes a negation cancel;
- doubles: `t = E` then `t = t + E'` with `E'` equal to `E` up to the order
  of a product's factors is `t = 2 * E`;
- squares: `h ** 2` of a name is `h * h` (what XLA computes for it, without
  jnp.power's slower dispatch: 72 us against 11 us for a 128x10 array);
- unbroadcast(g, x) is `g` where `g` provably has `x`'s shape.

Shapes and dtypes are followed along each block's straight-line code: an
elementwise operation on one value, or on a value and a Python number, keeps
its shape (and, for a value surely of a real floating dtype, its dtype).
Afterwards simplify removes what nothing reads any more (a `grad`'s
`jnp.sum` of the output, its seed).
"""
import gast

from .. import anno
from ..anno import Key
from ..nodes import copy_tree, name_nodes, walk
from ..template import JNP
from .liveness import assigned
from .scopes import blocks, name_counts, read_counts, statements
from .simplify import is_pure
from . import simplify

# jnp functions that map each element to one element of a real floating dtype
# (of a floating input: its own dtype)
ELEMENTWISE_REAL = frozenset({
    "exp", "log", "log1p", "expm1", "sin", "cos", "tan", "tanh", "sinh", "cosh", "arcsin",
    "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "sqrt", "cbrt", "exp2", "log2",
    "log10", "reciprocal", "square"})
ELEMENTWISE = ELEMENTWISE_REAL | {"negative", "abs", "absolute", "sign", "conj", "real"}
_SIGN_OPS = (gast.Mult, gast.Div)


def run(fn, ctx):
    changed = False
    for f in [fn] + [s for s in statements(fn.body) if isinstance(s, gast.FunctionDef)]:
        reads, stores = name_counts(f)
        for block in blocks(f):
            b = _Block(block, reads, stores)
            changed |= b.tidy()
            _fold_seeds(f, block, b.seeds)
    if changed:
        fn = simplify.run(fn, ctx)
    return fn


def _fold_seeds(fn, block, seeds):
    """A seed whose ones every reader took in: `r = grad_seed(total)` becomes
    `check_real(v)` (grad's check that `jnp.sum(v)` is real, without the sum)
    and the ones' line goes."""
    for seed, v in seeds:
        reads = read_counts(fn)
        ones = _broadcasts_of(block, seed)   # (where they are all the seed's readers,
        if reads.get(seed) != len(ones) or any(   # no need to look in every line)
                sum(n.id == seed for n in name_nodes(s.value)) != 1 for s in ones):
            ones = [s for s in block if isinstance(s, gast.Assign)
                    and isinstance(s.targets[0], gast.Name) and _reads_name(s.value, seed)]
        if reads.get(seed) != len(ones) or any(reads.get(s.targets[0].id) for s in ones):
            continue
        for k, s in enumerate(block):
            if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name) \
                    and s.targets[0].id == seed and _call_of(s.value, "grad_seed", 1):
                checked = _dtype_source(block, k, v)
                check = gast.Call(func=gast.Name(id="check_real", ctx=gast.Load(),
                                                 annotation=None, type_comment=None),
                                  args=[gast.Name(id=checked, ctx=gast.Load(), annotation=None,
                                                  type_comment=None)], keywords=[])
                block[k] = anno.copy_location(gast.Expr(value=check),
                                              _where_summed(block, k, s.value.args[0], s))
        block[:] = [s for s in block if not any(s is o for o in ones)]


def _broadcasts_of(block, seed):
    """The lines `t = jnp.broadcast_to(seed, ...)` of the block."""
    return [s for s in block if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name)
            and isinstance(s.value, gast.Call) and isinstance(s.value.func, gast.Attribute)
            and s.value.func.attr == "broadcast_to" and isinstance(s.value.func.value, gast.Name)
            and s.value.func.value.id == JNP and s.value.args
            and isinstance(s.value.args[0], gast.Name) and s.value.args[0].id == seed]


def _where_summed(block, k, total, seed):
    """The statement whose user line the check stands for: the sum's (the seed
    itself is generated code of no line)."""
    if isinstance(total, gast.Name):
        for s in block[k - 1::-1] if k else ():
            if total.id in assigned([s]):
                return s if getattr(s, "lineno", None) is not None else seed
    return seed


def _dtype_source(block, k, v):
    """The name whose dtype is v's at line k: `a` where `v = a * a` (a square has
    its operand's dtype and weak type), so that grad need not compute the output
    (`jnp.sum(h * h)`'s `h * h`) only to check that it is real; else v."""
    for j in range(k - 1, -1, -1):
        s = block[j]
        if v not in assigned([s]):
            continue
        e = s.value if isinstance(s, gast.Assign) and len(s.targets) == 1 \
            and isinstance(s.targets[0], gast.Name) else None
        if not (isinstance(e, gast.BinOp) and isinstance(e.op, gast.Mult)
                and isinstance(e.left, gast.Name) and isinstance(e.right, gast.Name)
                and e.left.id == e.right.id != v):
            return v
        a = e.left.id
        return a if not any(a in assigned([t]) for t in block[j + 1:k]) else v
    return v


def _reads_name(e, name):
    return any(n.id == name and isinstance(n.ctx, gast.Load) for n in name_nodes(e))


def _neg(e):
    return gast.UnaryOp(op=gast.USub(), operand=e)


def _is_neg(e):
    return isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub)


def _number(e):
    return isinstance(e, gast.Constant) and type(e.value) in (int, float)


def _jnp_call(e, names):
    return (isinstance(e, gast.Call) and isinstance(e.func, gast.Attribute)
            and isinstance(e.func.value, gast.Name) and e.func.value.id == JNP
            and e.func.attr in names and len(e.args) == 1 and not e.keywords)


def _call_of(e, name, nargs):
    return (isinstance(e, gast.Call) and isinstance(e.func, gast.Name) and e.func.id == name
            and len(e.args) == nargs and not e.keywords)


def _same(a, b):
    """The same expression, up to the order of a product's factors (exact in IEEE)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, gast.Name):
        return a.id == b.id
    if isinstance(a, gast.Constant):
        return a.value == b.value and type(a.value) is type(b.value)
    if isinstance(a, gast.BinOp):
        if type(a.op) is not type(b.op):
            return False
        if _same(a.left, b.left) and _same(a.right, b.right):
            return True
        return isinstance(a.op, gast.Mult) and _same(a.left, b.right) and _same(a.right, b.left)
    if isinstance(a, gast.UnaryOp):
        return type(a.op) is type(b.op) and _same(a.operand, b.operand)
    if isinstance(a, gast.Call):
        return (_same(a.func, b.func) and len(a.args) == len(b.args) and not a.keywords
                and not b.keywords and all(map(_same, a.args, b.args)))
    if isinstance(a, gast.Attribute):
        return a.attr == b.attr and _same(a.value, b.value)
    return False


class _Block:
    """One straight-line block: what is known of each name's shape and dtype at
    each line (a key per name and version: two names with one key have the
    same shape, or the same shape and dtype), and the rewrites."""

    def __init__(self, block, reads, stores):
        self.block, self.reads, self.stores = block, reads, stores
        self.version = {}     # name -> how often this block assigned it so far
        self.shape = {}       # (name, version) -> shape key
        self.like = {}        # (name, version) -> shape-and-dtype key
        self.real = set()     # (name, version) surely of a real floating dtype
        self.ones = {}        # (name, version) -> like key of the value it is ones of
        self.defs = {}        # (name, version) -> its value
        self.known = True     # False: fold only moves signs (what is known is of another line)
        self.seeds = []       # (seed name, v) of each `jnp.sum(v)` seed seen

    # -- what is known -------------------------------------------------------------------

    def _at(self, name):
        return (name, self.version.get(name, 0))

    def shape_key(self, e):
        if isinstance(e, gast.Name):
            return self.shape.get(self._at(e.id), self._at(e.id))
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, (gast.USub, gast.UAdd)):
            return self.shape_key(e.operand)
        if isinstance(e, gast.BinOp):
            if _number(e.right):
                return self.shape_key(e.left)
            if _number(e.left):
                return self.shape_key(e.right)
            left, right = self.shape_key(e.left), self.shape_key(e.right)
            return left if left is not None and left == right else None
        if _jnp_call(e, ELEMENTWISE):
            return self.shape_key(e.args[0])
        if _call_of(e, "unbroadcast", 2):
            return self.shape_key(e.args[1])
        return None

    def like_key(self, e):
        if isinstance(e, gast.Name):
            return self.like.get(self._at(e.id), self._at(e.id))
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
            return self.like_key(e.operand)
        if isinstance(e, gast.BinOp) and not isinstance(e.op, (gast.MatMult, gast.FloorDiv,
                                                              gast.Mod, gast.Pow)):
            if _number(e.right) and self.is_real(e.left):
                return self.like_key(e.left)
            if _number(e.left) and self.is_real(e.right):
                return self.like_key(e.right)
            left, right = self.like_key(e.left), self.like_key(e.right)
            return left if left is not None and left == right else None
        if _jnp_call(e, ELEMENTWISE_REAL) and self.is_real(e.args[0]):
            return self.like_key(e.args[0])
        return None

    def is_real(self, e):
        """Surely of a real floating dtype."""
        if isinstance(e, gast.Name):
            return self._at(e.id) in self.real
        if isinstance(e, gast.Constant):
            return False
        if isinstance(e, gast.UnaryOp) and isinstance(e.op, gast.USub):
            return self.is_real(e.operand)
        if isinstance(e, gast.BinOp):
            if isinstance(e.op, gast.Div):   # true division of real numbers
                return (self.is_real(e.left) or _number(e.left)) and \
                    (self.is_real(e.right) or _number(e.right))
            if isinstance(e.op, (gast.Add, gast.Sub, gast.Mult)):
                return (self.is_real(e.left) and (self.is_real(e.right) or _number(e.right))) \
                    or (self.is_real(e.right) and _number(e.left))
            return False
        if _jnp_call(e, ELEMENTWISE_REAL):
            return self.is_real(e.args[0])
        return False

    def learn(self, s):
        """After `s`: its targets' new versions, and what is known of them."""
        if isinstance(s, gast.Assign) and isinstance(s.targets[0], gast.Name):
            value, name = s.value, s.targets[0].id
            shape, like, real = self.shape_key(value), self.like_key(value), self.is_real(value)
            ones = self.ones_of(value)
            self.version[name] = self.version.get(name, 0) + 1
            at = self._at(name)
            if shape is not None:
                self.shape[at] = shape
            if like is not None:
                self.like[at] = like
            if real:
                self.real.add(at)
            if ones is not None:
                self.ones[at] = ones
            self.defs[at] = value
            return
        for name in assigned([s]):
            self.version[name] = self.version.get(name, 0) + 1

    def ones_of(self, value):
        """The like key of `v` where `value` is the seed of `jnp.sum(v)`'s
        gradient broadcast to v's shape: `jnp.broadcast_to(seed, jnp.shape(v))`."""
        if not (isinstance(value, gast.Call) and isinstance(value.func, gast.Attribute)
                and value.func.attr == "broadcast_to" and len(value.args) == 2
                and isinstance(value.func.value, gast.Name) and value.func.value.id == JNP
                and isinstance(value.args[0], gast.Name)
                and _jnp_call(value.args[1], {"shape"})
                and isinstance(value.args[1].args[0], gast.Name)):
            return None
        seed = self.defs.get(self._at(value.args[0].id))
        v = value.args[1].args[0]
        if seed is None or not _call_of(seed, "grad_seed", 1) \
                or not isinstance(seed.args[0], gast.Name):
            return None
        total = self.defs.get(self._at(seed.args[0].id))
        if total is None or not _jnp_call(total, {"sum"}) \
                or not isinstance(total.args[0], gast.Name) or total.args[0].id != v.id:
            return None
        self.seeds.append((value.args[0].id, v.id))
        return self.like_key(v)

    # -- rewriting one expression --------------------------------------------------------

    def fold(self, e):
        """`e` rewritten bottom-up: ones multiplied in, signs pulled out, a
        no-op unbroadcast dropped. (`may_fold` names what each rewrite here
        starts from: a new rewrite adds its node there, or it never runs.)"""
        if isinstance(e, gast.BinOp):
            e.left, e.right = self.fold(e.left), self.fold(e.right)
            if isinstance(e.op, _SIGN_OPS) and (_is_neg(e.left) or _is_neg(e.right)):
                flips = _is_neg(e.left) + _is_neg(e.right)
                if _is_neg(e.left):
                    e.left = e.left.operand
                if _is_neg(e.right):
                    e.right = e.right.operand
                e = self.fold(e)
                return (e.operand if _is_neg(e) else _neg(e)) if flips == 1 else e
            if isinstance(e.op, gast.Mult) and self.known:
                for ones, other in ((e.left, e.right), (e.right, e.left)):
                    if self.is_ones_like(ones, other):
                        return other
            if isinstance(e.op, gast.Add) and _is_neg(e.right):
                return gast.BinOp(left=e.left, op=gast.Sub(), right=e.right.operand)
            if isinstance(e.op, gast.Add) and _is_neg(e.left):
                return gast.BinOp(left=e.right, op=gast.Sub(), right=e.left.operand)
            if isinstance(e.op, gast.Sub) and _is_neg(e.right):
                return gast.BinOp(left=e.left, op=gast.Add(), right=e.right.operand)
            if _is_square(e):   # (x ** 2 is integer_pow(x, 2): XLA's x * x, one dispatch
                return gast.BinOp(left=e.left, op=gast.Mult(), right=_copy(e.left))  # dearer)
            return e
        if _is_neg(e):
            e.operand = self.fold(e.operand)
            return e.operand.operand if _is_neg(e.operand) else e
        if isinstance(e, gast.Call):
            e.args = [self.fold(a) for a in e.args]
            if _call_of(e, "unbroadcast", 2) and self.known:
                g, x = e.args
                key = self.shape_key(g)
                if key is not None and key == self.shape_key(x):
                    return g
            return e
        return e

    def may_fold(self, e):
        """Whether `fold` could rewrite `e` at all: only a negation, a power, an
        `unbroadcast` or a name holding ones gives it something to do (most
        lines of a derivative have none: they are left without a copy)."""
        for n in walk(e):
            if isinstance(n, gast.UnaryOp) and isinstance(n.op, gast.USub) or \
                    isinstance(n, gast.BinOp) and isinstance(n.op, gast.Pow) or \
                    isinstance(n, gast.Call) and isinstance(n.func, gast.Name) \
                    and n.func.id == "unbroadcast" or \
                    isinstance(n, gast.Name) and self._at(n.id) in self.ones:
                return True
        return False

    def is_ones_like(self, ones, other):
        if not isinstance(ones, gast.Name):
            return False
        like = self.ones.get(self._at(ones.id))
        return like is not None and like == self.like_key(other)

    # -- the block -----------------------------------------------------------------------

    def tidy(self):
        changed = False
        for k, s in enumerate(self.block):
            if isinstance(s, gast.Assign) and anno.get(s, Key.DERIVATIVE) \
                    and is_pure(s.value):
                if self.may_fold(s.value):
                    folded = self.fold(_copy(s.value))
                    if _cost(folded) < _cost(s.value):   # (signs only moved: left as written)
                        s.value = folded
                        changed = True
                changed |= self.double(k)
            self.learn(s)
        self.known = False
        changed |= self.cancel_negations()
        if changed:
            self.block[:] = [s for s in self.block if not isinstance(s, gast.Pass)] \
                or [gast.Pass()]
        return changed

    def double(self, k):
        """`t = E` then `t = t + E'` (E' equal to E): `t = 2 * E` for a real E
        (doubling is exact), `t = E + E` for a name."""
        s = self.block[k]
        if k == 0 or not isinstance(s.targets[0], gast.Name):
            return False
        prev, t = self.block[k - 1], s.targets[0].id
        value = s.value
        if not (isinstance(prev, gast.Assign) and anno.get(prev, Key.DERIVATIVE)
                and isinstance(prev.targets[0], gast.Name) and prev.targets[0].id == t
                and isinstance(value, gast.BinOp) and isinstance(value.op, gast.Add)
                and isinstance(value.left, gast.Name) and value.left.id == t
                and t not in {n.id for n in walk(prev.value) if isinstance(n, gast.Name)}
                and _same(prev.value, value.right)):
            return False
        if isinstance(prev.value, gast.Name):     # `h_bar = h + h`
            s.value = gast.BinOp(left=prev.value, op=gast.Add(), right=value.right)
        elif self.is_real(prev.value):
            s.value = gast.BinOp(left=gast.Constant(value=2, kind=None), op=gast.Mult(),
                                 right=prev.value)
        else:
            return False
        self.block[k - 1] = gast.Pass()
        return True

    def cancel_negations(self):
        """A derivative line `t = -e` read once, by a later line of this block
        that a negation of its own then cancels (directly or through a chain of
        such lines): `e` moves into the reader, both negations go."""
        block = self.block
        changed = False
        for k, s in enumerate(block):
            chain = self._chain(k)
            if chain is None:
                continue
            for index, value in chain:
                if value is None:
                    block[index] = gast.Pass()
                else:
                    block[index].value = value
            changed = True
        return changed

    def _chain(self, k, depth=0):
        """[(index, new value, or None to remove the line)] that makes line k's
        negation cancel, or None."""
        s = self.block[k]
        if depth > 8 or not self._negated_line(s):
            return None
        t, e = s.targets[0].id, self.fold(_copy(s.value)).operand
        m = self._reader(k, t, e)
        if m is None:
            return None
        reader = self.block[m]
        value = self.fold(_substituted(_copy(reader.value), t, _neg(_copy(e))))
        before, after = _count_negations(reader.value) + 1, _count_negations(value)
        if after < before:
            return [(k, None), (m, value)]
        if _is_neg(value) and after == before:
            saved, reader.value = reader.value, value
            try:
                rest = self._chain(m, depth + 1)
            finally:
                reader.value = saved
            if rest is not None:
                return [(k, None)] + rest
        return None

    def _negated_line(self, s):
        return (isinstance(s, gast.Assign) and anno.get(s, Key.DERIVATIVE)
                and isinstance(s.targets[0], gast.Name)
                and self.stores.get(s.targets[0].id) == 1
                and self.reads.get(s.targets[0].id) == 1 and is_pure(s.value)
                and _is_neg(self.fold(_copy(s.value)) if self.may_fold(s.value) else s.value))

    def _reader(self, k, t, e):
        """The index of the one line after k that reads `t`, when nothing in
        between assigns a name `e` reads; else None."""
        needs = {n.id for n in walk(e) if isinstance(n, gast.Name)}
        for m in range(k + 1, len(self.block)):
            s = self.block[m]
            if isinstance(s, gast.Assign) and any(
                    isinstance(n, gast.Name) and n.id == t for n in walk(s.value)):
                ok = anno.get(s, Key.DERIVATIVE) and isinstance(s.targets[0], gast.Name) \
                    and is_pure(s.value) and s.targets[0].id not in needs
                return m if ok else None
            if needs & assigned([s]) or any(isinstance(n, gast.Name) and n.id == t
                                            for n in walk(s)):
                return None
        return None


def _copy(e):
    return copy_tree(e)


def _substituted(e, name, replacement):
    if isinstance(e, gast.Name) and e.id == name:
        return replacement
    for field, value in gast.iter_fields(e):
        if isinstance(value, gast.AST):
            setattr(e, field, _substituted(value, name, replacement))
        elif isinstance(value, list):
            setattr(e, field, [_substituted(v, name, replacement) if isinstance(v, gast.AST)
                               else v for v in value])
    return e


def _cost(e):
    """What a rewrite must lower: operations and names, then powers (dearer
    than the product they become)."""
    size = squares = 0
    for n in walk(e):
        if isinstance(n, (gast.BinOp, gast.UnaryOp, gast.Call, gast.Name, gast.Constant)):
            size += 1
            squares += _is_square(n)
    return size, squares


def _is_square(e):
    """`x ** 2` of a name: exactly `x * x` (jnp: integer_pow, which XLA computes
    as that product; Python: both the correctly rounded square)."""
    return (isinstance(e, gast.BinOp) and isinstance(e.op, gast.Pow)
            and isinstance(e.left, gast.Name) and isinstance(e.right, gast.Constant)
            and type(e.right.value) is int and e.right.value == 2)


def _count_negations(e):
    return sum(1 for n in walk(e) if _is_neg(n))
