"""Programs for the vmap tests: small per-example functions and how to batch them.

Each function is written for ONE example. `@case(...)` registers it with the
per-example shape of every argument and the `in_axes` to vmap it with:

    @case(A(3), A(4, 3), in_axes=(0, None))
    def add_vec_to_rows(v, m): ...

means `v` is a batched (3,) vector (so the test passes a (B, 3) array) and `m`
an unbatched (4, 3) matrix. Argument specs:

    A(*shape)            float64 uniform in [-1, 1)
    A(*shape, lo=, hi=)  float64 uniform in [lo, hi)   (P(*shape): in [0.5, 2))
    I(*shape, high=)     int64 uniform in [0, high)
    Static(value)        a Python value passed as it is (in_axes must be None)
    [spec, ...] / (spec, ...) / {"k": spec}   pytrees of the above

`in_axes` may be an int, None, or a tuple with one entry per argument, each a
pytree prefix of that argument's spec; a batched argument gets the batch axis
inserted at its axis (negative axes count from the end of the batched array).

Cases marked `loop=True` branch or loop on a batched value, which `jax.vmap`
refuses; their reference is `loop_reference`: a Python loop over examples
calling the plain function, stacked with `jnp.stack`. `inputs=` gives fixed
batched inputs (so both sides of a branch are taken), instead of random ones.
"""
import jax
import jax.numpy as jnp
import numpy as np


# --------------------------------------------------------------------------
# Argument specs and batched inputs
# --------------------------------------------------------------------------

class A:
    def __init__(self, *shape, lo=-1.0, hi=1.0):
        self.shape, self.lo, self.hi = shape, lo, hi

    def make(self, rng, shape):
        return jnp.asarray(rng.uniform(self.lo, self.hi, shape))


def P(*shape):
    return A(*shape, lo=0.5, hi=2.0)


class I:
    def __init__(self, *shape, high):
        self.shape, self.high = shape, high

    def make(self, rng, shape):
        return jnp.asarray(rng.randint(0, self.high, shape), dtype=jnp.int64)


class Static:
    def __init__(self, value):
        self.value = value


def _is_leaf(spec):
    return isinstance(spec, (A, I, Static))


def _batched_shape(shape, axis, size):
    shape = list(shape)
    if axis < 0:
        axis += len(shape) + 1
    shape.insert(axis, size)
    return tuple(shape)


def build(spec, axes, size, rng):
    """A batched argument for `spec`, batched along the prefix `axes`."""
    if isinstance(spec, Static):
        assert axes is None, "a Static argument must have in_axes None"
        return spec.value
    if _is_leaf(spec):
        shape = spec.shape if axes is None else _batched_shape(spec.shape, axes, size)
        return spec.make(rng, shape)
    if isinstance(spec, dict):
        if isinstance(axes, dict):
            return {k: build(v, axes[k], size, rng) for k, v in spec.items()}
        return {k: build(v, axes, size, rng) for k, v in spec.items()}
    items = list(spec)
    if isinstance(axes, (list, tuple)):
        assert len(axes) == len(items)
        out = [build(s, a, size, rng) for s, a in zip(items, axes)]
    else:
        out = [build(s, axes, size, rng) for s in items]
    return type(spec)(out)


def build_args(specs, in_axes, size, rng):
    axes = in_axes if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(specs)
    assert len(axes) == len(specs)
    return tuple(build(s, a, size, rng) for s, a in zip(specs, axes))


def _take(tree, axes, i):
    """Example `i` of a batched argument (`axes` a prefix of its structure)."""
    if axes is None:
        return tree
    if isinstance(axes, int):
        return jax.tree_util.tree_map(lambda x: jnp.take(x, i, axis=axes), tree)
    if isinstance(axes, dict):
        return {k: _take(tree[k], axes[k], i) for k in tree}
    return type(tree)(_take(t, a, i) for t, a in zip(tree, axes))


def _sizes(tree, axes, out):
    if axes is None:
        return
    if isinstance(axes, int):
        for x in jax.tree_util.tree_leaves(tree):
            out.append(np.shape(x)[axes])
        return
    if isinstance(axes, dict):
        for k in tree:
            _sizes(tree[k], axes[k], out)
        return
    for t, a in zip(tree, axes):
        _sizes(t, a, out)


def _stack(outs, axes):
    """Stack per-example results along the prefix `axes`."""
    first = outs[0]
    if axes is None:
        return first
    if isinstance(axes, int):
        return jax.tree_util.tree_map(lambda *xs: jnp.stack(xs, axis=axes), *outs)
    if isinstance(axes, dict):
        return {k: _stack([o[k] for o in outs], axes[k]) for k in first}
    return type(first)(_stack([o[j] for o in outs], a) for j, a in enumerate(axes))


def loop_reference(fn, in_axes=0, out_axes=0, axis_size=None):
    """vmap by a Python loop over examples: what vmap means, for any program."""
    def batched(*args):
        axes = in_axes if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        sizes = []
        for a, ax in zip(args, axes):
            _sizes(a, ax, sizes)
        if axis_size is not None:
            sizes.append(axis_size)
        assert sizes and len(set(sizes)) == 1, sizes
        outs = [fn(*(_take(a, ax, i) for a, ax in zip(args, axes)))
                for i in range(sizes[0])]
        return _stack(outs, out_axes)
    return batched


# --------------------------------------------------------------------------
# Registry
# --------------------------------------------------------------------------

class Case:
    def __init__(self, fn, specs, in_axes, out_axes, loop, inputs, name, static, ref=None):
        self.fn, self.specs, self.in_axes, self.out_axes = fn, specs, in_axes, out_axes
        self.ref = ref or fn   # a JAX-traceable twin, where `fn` uses x[i] = v
        self.loop, self.inputs, self.name = loop, inputs, name
        # jit needs these concrete: argument positions holding Python values
        self.static_argnums = tuple(i for i, s in enumerate(specs) if isinstance(s, Static))
        # a while loop / break on a batched value: under jit, as for any Python
        # control flow on traced values, a concretization error is acceptable
        self.jit_may_need_concrete = static

    def args(self, size, rng):
        if self.inputs is not None:
            return self.inputs()
        return build_args(self.specs, self.in_axes, size, rng)

    def reference(self):
        if self.loop:
            return loop_reference(self.ref, self.in_axes, self.out_axes)
        return jax.vmap(self.ref, in_axes=self.in_axes, out_axes=self.out_axes)

    def __repr__(self):
        return self.name


CASES = []


def case(*specs, in_axes=0, out_axes=0, loop=False, inputs=None, name=None,
         jit_concrete=False, ref=None):
    def register(fn):
        CASES.append(Case(fn, specs, in_axes, out_axes, loop, inputs,
                          name or fn.__name__, jit_concrete, ref))
        return fn
    return register


def also(*specs, in_axes=0, out_axes=0, inputs=None, name):
    """Another batching of the function registered just before."""
    prev = CASES[-1]
    CASES.append(Case(prev.fn, specs, in_axes, out_axes, prev.loop, inputs, name,
                      prev.jit_may_need_concrete, prev.ref))


def arr(values):
    return lambda: (jnp.asarray(values, dtype=jnp.float64),)


# --------------------------------------------------------------------------
# The seed example: a matrix-vector product per example
# --------------------------------------------------------------------------

mat = jnp.asarray(np.random.RandomState(150100).normal(size=(150, 100)))


def apply_matrix(v):
    return jnp.dot(mat, v)


# --------------------------------------------------------------------------
# Elementwise
# --------------------------------------------------------------------------

@case(A(4))
def sin_cos(x):
    return jnp.sin(x) * jnp.cos(x)


@case(A(2, 3))
def exp_tanh(x):
    return jnp.exp(x) + jnp.tanh(x) - jnp.sinh(x) * jnp.cosh(x)


@case(P(3))
def log_sqrt(x):
    return jnp.log(x) + jnp.sqrt(x) + jnp.log1p(x) - jnp.square(x)


@case(A(5))
def abs_sign(x):
    return jnp.abs(x) * jnp.sign(x) + abs(x) + jnp.expm1(x)


@case(A())
def scalar_poly(x):
    return x ** 3 - 2.0 * x + 1.0


@case(A(3))
def logistic(x):
    return 1.0 / (1.0 + jnp.exp(-x))


@case(A(3), in_axes=-1)
def arctan_family(x):
    return jnp.arctan(x) + jnp.arcsin(x * 0.5) + jnp.arccos(x * 0.5) + jnp.tan(x)


# --------------------------------------------------------------------------
# Binary ops, broadcasting batched with unbatched operands
# --------------------------------------------------------------------------

@case(A(3), A(4, 3), in_axes=(0, None))
def add_vec_to_rows(v, m):
    return v + m


@case(A(4, 3), A(3), in_axes=0)
def mul_rows_by_vec(m, v):
    return m * v


also(A(4, 3), A(3), in_axes=(None, 0), name="mul_rows_by_vec-unbatched_m")
also(A(4, 3), A(3), in_axes=(1, 0), name="mul_rows_by_vec-axis1")
also(A(4, 3), A(3), in_axes=(-1, None), name="mul_rows_by_vec-axis-1")


@case(A(3), A(), in_axes=0)
def vec_minus_scalar(x, s):
    return x - s


@case(A(2, 3), P(3), in_axes=(None, 0))
def divide_pow(m, v):
    return m / v + v ** 2.5 - jnp.power(v, m)


@case(A(3), A(3), in_axes=(0, None))
def max_min_arctan2(x, y):
    return jnp.maximum(x, y) - jnp.minimum(x, 0.2) + jnp.arctan2(x, y)


@case(A(2, 3), A(2, 1), in_axes=(0, 0))
def broadcast_column(m, c):
    return m * c - c / 2.0


@case(A(3), A(3), in_axes=(0, 0))
def logaddexp_clip(x, y):
    return jnp.logaddexp(x, y) + jnp.clip(x, -0.5, 0.5) + x % 0.3


# --------------------------------------------------------------------------
# Comparisons and where
# --------------------------------------------------------------------------

@case(A(5))
def leaky_relu(x):
    return jnp.where(x > 0, x, 0.01 * x)


@case(A(3), A(3), A(3), in_axes=(0, None, None))
def where_unbatched_branches(x, a, b):
    return jnp.where(x > 0, a, b)


@case(A(3), A(3), in_axes=(None, 0))
def where_unbatched_condition(x, y):
    return jnp.where(x >= 0.0, y, -y * 2.0)


@case(A(4), A(4))
def comparisons(x, y):
    lo = x < y
    hi = x >= 0.25
    both = jnp.logical_and(lo, hi)
    either = jnp.logical_or(x == y, jnp.logical_not(x != 0.0))
    return jnp.where(both, x, y) + jnp.where(either, 1.0, 0.0), lo


# --------------------------------------------------------------------------
# Reductions
# --------------------------------------------------------------------------

@case(A(2, 3))
def sum_all(x):
    return jnp.sum(x)


@case(A(2, 3, 4))
def sum_axes(x):
    return jnp.sum(x, axis=0) + jnp.sum(x, axis=-1, keepdims=True) * 0 + \
        jnp.mean(jnp.sum(x, axis=(0, 2)))


also(A(2, 3, 4), in_axes=2, name="sum_axes-in_axes2")
also(A(2, 3, 4), in_axes=-1, name="sum_axes-in_axes-1")


@case(A(3, 4), in_axes=1)
def mean_keepdims(x):
    return x - jnp.mean(x, axis=1, keepdims=True) + jnp.mean(x, axis=0)


@case(A(3, 4))
def max_min(x):
    return jnp.max(x) + jnp.min(x, axis=0) - jnp.max(x, axis=-1, keepdims=True)


@case(P(2, 3))
def prod_reduce(x):
    return jnp.prod(x, axis=1) + jnp.prod(x)


@case(A(3, 4))
def var_std(x):
    return jnp.var(x, axis=0) + jnp.std(x) + jnp.var(x, axis=(0, 1), keepdims=True)[0]


@case(A(3, 4))
def argmax_argmin(x):
    return jnp.argmax(x), jnp.argmin(x, axis=1), jnp.argmax(x, axis=-1)


@case(A(3, 4))
def cumsum_axes(x):
    return jnp.cumsum(x), jnp.cumsum(x, axis=1), jnp.cumsum(x, axis=-2)


@case(A(3, 4))
def reduction_methods(x):
    return x.sum(0) + x.mean() - x.max(axis=-1).sum() + x.min()


@case(A(5))
def softmax(x):
    e = jnp.exp(x - jnp.max(x))
    return e / jnp.sum(e)


@case(A(2, 5), in_axes=1)
def layer_norm(x):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    sd = jnp.sqrt(jnp.var(x, axis=-1, keepdims=True) + 1e-5)
    return (x - mu) / sd


# --------------------------------------------------------------------------
# Shape operations
# --------------------------------------------------------------------------

@case(A(6))
def reshape_ops(x):
    a = x.reshape(2, 3)
    b = jnp.reshape(x, (3, -1))
    c = jnp.reshape(a, (-1,))
    return a.sum(0), b * 2.0, c + x


@case(A(2, 3, 4))
def transposes(x):
    return jnp.transpose(x), jnp.transpose(x, (1, 0, 2)), x[0].T, x.transpose(2, 0, 1)


also(A(2, 3, 4), in_axes=1, name="transposes-in_axes1")


@case(A(2, 3, 4))
def swap_move(x):
    return jnp.swapaxes(x, 0, 2), jnp.moveaxis(x, 0, -1), jnp.moveaxis(x, -1, 1)


@case(A(3))
def expand_squeeze(x):
    a = jnp.expand_dims(x, 0)
    b = jnp.expand_dims(x, -1)
    c = x[:, None] * x[None, :]
    return jnp.squeeze(a), jnp.squeeze(b, axis=1), c, jnp.squeeze(a, axis=0)


@case(A(2, 3))
def ravel_broadcast(x):
    return jnp.ravel(x), jnp.broadcast_to(x[0], (4, 3)), x.ravel() * 2


@case(A(3), A(2), A(2, 3), in_axes=(0, None, 0))
def concat_stack(x, y, m):
    c = jnp.concatenate([x, y])
    d = jnp.concatenate([m, x[None, :]], axis=0)
    e = jnp.concatenate([m, m], axis=-1)
    s = jnp.stack([x, x * 2.0])
    t = jnp.stack([x, m[0]], axis=1)
    u = jnp.stack([m, m], axis=-1)
    return c, d, e, s, t, u


@case(A(2, 3))
def flips(x):
    return jnp.flip(x), jnp.flip(x, axis=1), x[::-1], x[:, ::-1]


# --------------------------------------------------------------------------
# Linear algebra
# --------------------------------------------------------------------------

@case(A(3), A(3))
def dot_vv(x, y):
    return jnp.dot(x, y)


also(A(3), A(3), in_axes=(0, None), name="dot_vv-unbatched_y")


@case(A(4, 3), A(3), in_axes=(None, 0))
def dot_mv(m, v):
    return jnp.dot(m, v)


also(A(4, 3), A(3), in_axes=(0, 0), name="dot_mv-both")
also(A(4, 3), A(3), in_axes=(1, None), name="dot_mv-batched_m_axis1")


@case(A(4), A(4, 3), in_axes=(0, None))
def dot_vm(v, m):
    return jnp.dot(v, m)


also(A(4), A(4, 3), in_axes=(None, 2), name="dot_vm-batched_m_axis2")


@case(A(2, 3), A(3, 4), in_axes=(0, None))
def dot_mm(a, b):
    return jnp.dot(a, b)


also(A(2, 3), A(3, 4), in_axes=(None, 0), name="dot_mm-batched_b")
also(A(2, 3), A(3, 4), in_axes=(0, -1), name="dot_mm-both")


@case(A(2, 3), A(3, 4), A(4), in_axes=(0, 0, None))
def matmul_ops(a, b, v):
    return jnp.matmul(a, b), a @ b @ v, v @ b.T


@case(A(2, 3, 4), A(2, 4, 2), in_axes=(0, None))
def matmul_stacked(a, b):
    return a @ b


@case(A(3, 4), A(4), A(4, 2), in_axes=(0, 0, None))
def einsums(m, v, n):
    return (jnp.einsum("ij,j->i", m, v), jnp.einsum("ij,jk->ik", m, n),
            jnp.einsum("i,i->", v, v), jnp.einsum("ij->ji", m))


@case(A(2, 3), A(3, 4), A(2, 3), in_axes=(0, None, 0))
def tensordots(a, b, c):
    return (jnp.tensordot(a, b, axes=1), jnp.tensordot(a, b, axes=([1], [0])),
            jnp.tensordot(a, c, axes=2), jnp.tensordot(a, c, axes=0))


@case(A(3), A(3), A(2, 3), in_axes=(0, None, 0))
def inner_outer_vdot(x, y, m):
    return jnp.inner(x, y), jnp.inner(m, x), jnp.outer(x, y), jnp.vdot(m, m), jnp.vdot(x, y)


@case(A(3, 4), A(4), in_axes=(None, 0))
def dot_method(m, v):
    return m.dot(v) + jnp.dot(m, v).sum()


# --------------------------------------------------------------------------
# Indexing and updates
# --------------------------------------------------------------------------

@case(A(4, 3))
def reads(x):
    return x[0], x[-1], x[1:], x[:, 0], x[1:3, ::2], x[2, 1], x[:, None]


also(A(4, 3), in_axes=1, name="reads-in_axes1")


@case(A(5), Static(2), in_axes=(0, None))
def read_static_index(x, i):
    return x[i] * x[i + 1] + x[-i]


@case(A(5, 3), I(high=5), in_axes=(None, 0))
def gather_batched_index(table, i):
    return table[i] * 2.0


also(A(5, 3), I(high=5), in_axes=(0, 0), name="gather_batched_index-both")


@case(A(5), Static(1), A(), in_axes=(0, None, None))
def at_set_batched_x(x, i, v):
    return x.at[i].set(v), x.at[i].add(v), x.at[1:].add(2.0)


also(A(5), Static(1), A(), in_axes=(None, None, 0), name="at_set_batched_v")
also(A(5), Static(3), A(), in_axes=(0, None, 0), name="at_set_both")


@case(A(4), A(2))
def at_slice_update(x, y):
    return x.at[1:3].set(y), x.at[:2].add(y * y), x.at[0].set(3.0 * x[3])


def item_assignment_reference(x):
    z = x * 1.0
    z = z.at[0].set(jnp.sin(x[0]))
    z = z.at[1].add(x[2])
    return z


@case(A(3), ref=item_assignment_reference)
def item_assignment(x):
    z = x * 1.0
    z[0] = jnp.sin(x[0])
    z[1] += x[2]
    return z


@case(A(5, 3), I(high=5), A(3), in_axes=(None, 0, 0))
def scatter_batched_index(table, i, row):
    return table.at[i].set(row)


# --------------------------------------------------------------------------
# Creation ops and shape queries
# --------------------------------------------------------------------------

@case(A(3))
def creation(x):
    return (jnp.zeros_like(x) + jnp.ones_like(x) * x, jnp.zeros(3) + x, jnp.ones((2, 3)) * x,
            jnp.arange(3) * x, jnp.eye(3) @ x, jnp.full((3,), 2.0) - x,
            jnp.linspace(0.0, 1.0, 3) * x)


@case(A(3))
def constant_output(x):
    return jnp.ones(3) * 2.0


@case(A(3))
def zeros_like_only(x):
    return jnp.zeros_like(x)


@case(A(4, 2))
def shape_queries(x):
    n = x.shape[0]
    k = len(x)
    y = jnp.reshape(x, (x.shape[0] * x.shape[1],))
    return y * n + k + x.ndim + jnp.zeros(x.shape).sum()


also(A(4, 2), in_axes=1, name="shape_queries-in_axes1")


# --------------------------------------------------------------------------
# Python control flow on unbatched values
# --------------------------------------------------------------------------

@case(A(4), Static(3), in_axes=(0, None))
def loop_range(x, n):
    y = x
    for i in range(n):
        y = y * jnp.tanh(y) + x[i]
    return y


@case(A(3, 4))
def loop_over_rows(m):
    total = 0.0
    for row in m:
        total = total + jnp.dot(row, row)
    return total


@case(A(4), A(4), in_axes=(0, None))
def loop_enumerate_zip(x, w):
    acc = 0.0
    for i, xi in enumerate(x):
        acc = acc + i * xi
    for a, b in zip(x, w):
        acc = acc + a * b
    return acc


@case(A(3), Static(True), in_axes=(0, None))
def static_flag(x, flag):
    if flag:
        y = jnp.sin(x)
    else:
        y = jnp.cos(x)
    if x.ndim == 1:
        y = y * 2.0
    return y


also(A(3), Static(False), in_axes=(0, None), name="static_flag-false")


@case(A(4), Static(4), in_axes=(0, None))
def while_unbatched(x, n):
    k = 0
    y = x
    while k < n:
        y = y + x[k]
        k += 1
    return y


@case(A(3), A(3))
def list_append(x, y):
    ys = []
    for i in range(3):
        ys.append(x * i + y)
    return jnp.stack(ys)


# --------------------------------------------------------------------------
# Calls to user functions
# --------------------------------------------------------------------------

def helper(u, scale=2.0):
    return scale * jnp.sin(u) + u


@case(A(3), A(3), in_axes=(0, None))
def calls_helper(x, y):
    a = helper(x)
    b = helper(y, scale=3.0)
    return a * b + helper(a * y)


def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


@case(A(3))
def recursive_power(x):
    return power(x, 3) + power(x, 1)


@case(A(3), A(3), in_axes=(None, 0))
def closure_nested(x, y):
    def inner(z):
        return z * x + jnp.sin(y)
    scale = lambda v: v * 3.0
    return jnp.sum(scale(inner(x)) + inner(2.0))


# --------------------------------------------------------------------------
# Pytree inputs and outputs
# --------------------------------------------------------------------------

@case(A(3))
def tuple_output(x):
    return x * 2.0, jnp.sum(x), (x[0], x[1:])


@case(A(3), A(2), in_axes=(0, None))
def dict_output(x, y):
    return {"double": x * 2.0, "unbatched": y * 3.0, "mixed": jnp.sum(x) + y}


@case([A(3), A(3)])
def list_input(xs):
    total = 0.0
    for x in xs:
        total = total + jnp.sin(x)
    return total


also([A(3), A(3)], in_axes=([0, None],), name="list_input-prefix")


@case({"w": A(3, 3), "b": A(3)}, A(3), in_axes=(None, 0))
def dict_params(p, x):
    return jnp.tanh(jnp.dot(p["w"], x) + p["b"])


also({"w": A(3, 3), "b": A(3)}, A(3), in_axes=({"w": None, "b": 0}, 0),
     name="dict_params-prefix")


@case([(A(3, 4), A(4)), (A(4, 2), A(2))], A(3), in_axes=(None, 0))
def mlp(params, x):
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
    return jnp.sum(h)


also([(A(3, 4), A(4)), (A(4, 2), A(2))], A(3), in_axes=([(None, 0), None], 0),
     name="mlp-prefix")


# --------------------------------------------------------------------------
# Control flow on batched values: jax.vmap refuses these
# --------------------------------------------------------------------------

@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.2, -0.1], [-0.5, -0.2, 0.1], [0.3, 0.3, 0.3], [-1.0, 0.4, 0.2], [0.1, -0.3, 0.1]]),))
def if_on_sum(x):
    if jnp.sum(x) > 0:
        y = jnp.sin(x) * 2.0
    else:
        y = x * x
    return y


@case(A(), loop=True, inputs=arr([-1.5, 0.3, 2.0, -0.1, 0.7]))
def early_return_scalar(x):
    if x > 0:
        return x * 2
    return -x


@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[1.0, 0.5, 0.2], [0.1, 0.1, -0.1], [-2.0, -0.3, 0.1], [0.4, 0.4, 0.4], [-0.5, 0.0, 0.2]]),))
def elif_chain(x):
    s = jnp.sum(x)
    if s > 1.0:
        y = jnp.sin(x) * s
    elif s > -1.0:
        y = x ** 3
    else:
        y = -x
    return y


@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[1.0, 0.5, 0.2], [-0.1, 0.1, -0.1], [-2.0, -0.3, 0.1], [0.4, 0.4, 0.4], [-0.5, 0.0, 0.2]]),))
def conditional_expression(x):
    return jnp.cos(x) if jnp.mean(x) > 0 else x * 2.0


@case(A(), loop=True, inputs=arr([0.5, 1.5, 3.0, 9.0, 12.0]), jit_concrete=True)
def while_doubling(x):
    while x < 10:
        x = x * 2
    return x


@case(A(), loop=True, inputs=arr([2.0, 0.25, 9.0, 1.0, 30.0]), jit_concrete=True)
def newton_sqrt(a):
    x = a
    steps = 0
    while jnp.abs(x * x - a) > 1e-10 and steps < 50:
        x = 0.5 * (x + a / x)
        steps += 1
    return x, steps


@case(A(4), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, -0.2, 0.1, -0.9], [-0.5, -0.2, -0.1, -0.3], [0.3, 0.3, 0.3, 0.3],
     [-1.0, 0.4, 0.2, 0.0], [0.1, -0.3, 0.9, -0.1]]),))
def if_in_loop(x):
    acc = 0.0
    for i in range(x.shape[0]):
        if x[i] > 0:
            acc = acc + x[i]
        else:
            acc = acc - 2.0 * x[i]
    return acc


@case(A(), loop=True, inputs=arr([-0.5, 0.5, 1.5, 0.0, 0.99]))
def and_condition(x):
    if x > 0 and x < 1:
        y = jnp.sin(x)
    else:
        y = x * 3.0
    return y


@case(A(3), A(), loop=True, in_axes=(0, None), inputs=lambda: (jnp.asarray(
    [[1.0, 0.5, 0.2], [-0.1, 0.1, -0.1], [-2.0, -0.3, 0.1], [0.4, 0.4, 0.4], [0.5, 0.0, 0.2]]),
    jnp.float64(0.6)))
def if_against_unbatched(x, t):
    if jnp.sum(x) > t:
        return jnp.exp(x) + t
    return x - t


@case(A(5), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.9, 0.7, 0.2, 0.3], [-0.5, 0.2, -0.1, 0.3, 0.1], [0.1, 0.1, 0.1, 0.1, 0.1],
     [0.9, -1.0, 0.8, 0.9, 0.2], [-0.1, -0.3, -0.9, -0.1, -0.5]]),), jit_concrete=True)
def break_continue(x):
    acc = 0.0
    for i in range(x.shape[0]):
        if x[i] < 0:
            continue
        if acc > 1.0:
            break
        acc = acc + jnp.exp(x[i])
    return acc


@case(A(), loop=True, inputs=arr([0.5, 3.0, 1.5, 7.0, 0.8]), jit_concrete=True)
def while_with_branch(x):
    n = 0
    while x > 1.0:
        if x > 2.0:
            x = x / 2.0
        else:
            x = x - 0.5
        n = n + 1
    return x, n


@case(A(2), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.2], [-0.5, -0.2], [0.3, -0.3], [-1.0, 0.4], [0.1, -0.3]]),))
def batched_if_calls_helper(x):
    if x[0] > 0:
        y = helper(x)
    else:
        y = helper(x, scale=-1.0) + 1.0
    return y


@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.2, -0.1], [-0.5, -0.2, 0.1], [0.3, 0.3, 0.3], [-1.0, 0.4, 0.2], [0.1, -0.3, 0.1]]),))
def branch_updates_item(x):
    y = x * 2.0
    if x[0] > 0:
        y = y.at[1].set(0.0)
        y = y.at[2].add(x[0])
    return y


@case(A(), loop=True, inputs=arr([-1.5, 0.3, 2.0, -0.1, 0.7]))
def calls_branching_helper(x):
    return early_return_scalar(x) + early_return_scalar(x * 0.5 - 0.2) * 3.0


@case(A(5, 3), I(high=3), in_axes=(0, 0))
def gather_columns(m, i):
    return m[:, i] + m[i, 0] * 2.0


@case(A(), loop=True, inputs=arr([-0.5, 0.5, 1.5, 0.0, 2.5]))
def constants_in_branches(x):
    if x > 0.25:
        k = 2.0
        shift = jnp.ones(2)
    else:
        k = 3.0
        shift = jnp.zeros(2)
    return x * k + shift


@case(A(2), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.2], [0.5, -0.2], [-0.3, 0.3], [-1.0, -0.4], [0.0, 0.3]]),))
def nested_ifs(x):
    if x[0] > 0:
        if x[1] > 0:
            y = x * 2.0
        else:
            y = x + 10.0
    else:
        if x[1] > 0:
            y = -x
        else:
            y = x * x
    return y


@case(A(), loop=True, inputs=arr([0.5, 1.5, 3.2, 2.0, 4.7]), jit_concrete=True)
def nested_whiles(x):
    n = 0.0
    while x > 1.0:
        y = x
        while y > 0.5:
            y = y / 3.0
            n = n + 1.0
        x = x - 1.0
    return x, n


@case(A(4), loop=True, inputs=lambda: (jnp.asarray(
    [[0.6, 0.2, 0.1, 0.9], [0.1, 0.7, 0.1, 0.3], [0.1, 0.2, 0.3, 0.4],
     [0.9, 0.9, 0.9, 0.9], [0.2, 0.3, 0.9, 0.1]]),), jit_concrete=True)
def first_above_half(x):
    i = 0
    while x[i] < 0.5 and i < 3:
        i = i + 1
    return x[i], i


@case(A(), loop=True, inputs=arr([-1.0, 0.5, 2.0, -0.1, 0.01]))
def nan_in_untaken_branch(x):
    if x > 0:
        y = jnp.log(x) + jnp.sqrt(x)
    else:
        y = x * 2.0
    return y


@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[0.5, 0.2, -0.1], [-0.5, -0.2, 0.1], [0.3, 0.3, 0.3], [-1.0, 0.4, 0.2], [0.1, -0.3, 0.1]]),))
def branch_in_unbatched_loop_with_append(x):
    ys = []
    for i in range(3):
        if x[i] > 0:
            ys.append(x[i] * 2.0)
        else:
            ys.append(x[i] - 1.0)
    return jnp.stack(ys)


@case(A(), loop=True, inputs=arr([-1.0, 0.5, 2.0, -0.1, 0.01]))
def early_return_then_loop(x):
    if x > 0:
        return x
    for i in range(3):
        x = x * 2.0 - 0.1
    return x


@case(A(), loop=True, inputs=arr([0.7, 1.5, 3.0, 6.5, 12.0]), jit_concrete=True)
def return_inside_batched_while(x):
    while x < 10:
        if x > 5:
            return -x
        x = x * 2
    return x


@case(A(4), Static(4), in_axes=(0, None))
def return_inside_unbatched_loop(x, n):
    for i in range(n):
        if i == 2:
            return x * x[i]
    return x


@case(A(3), loop=True, inputs=lambda: (jnp.asarray(
    [[-1.0, 2.0, 3.0], [1.0, -2.0, 5.0], [-1.0, -1.0, 4.0], [-3.0, -2.0, -1.0],
     [0.5, 0.5, 0.5]]),))
def first_positive(x):
    """`return` inside a loop under a batched condition: each example returns
    at its own pass, and one never does."""
    for i in range(x.shape[0]):
        if x[i] > 0:
            return x[i] * 10.0
    return -1.0
