"""Idioms of published numerical code that s2s got wrong or refused (issue 32):
each is written as the code it was found in writes it."""
import functools
import operator

import jax
import jax.numpy as jnp
import numpy as np
from jax.flatten_util import ravel_pytree


def mlp_reads_the_last_layer_after_the_loop(params, x):
    h = x
    for W, b in params:
        out = jnp.dot(h, W) + b
        h = jnp.tanh(out)
    return jnp.sum(out)


def last_value_of_a_while_loop(x):
    k = 0
    while k < 3:
        y = jnp.sin(x) * k
        x = x + y
        k += 1
    return jnp.sum(y * x)


def saxpy(d):
    return d['a'] * d['b'] + d['c']


def dict_built_by_a_call(t):
    a, b, c = t
    return saxpy(dict(a=a, b=b, c=c))


def unpacks_an_array(x):
    a, b = x
    return jnp.sum(a * 2 + jnp.sin(b))


def splits_a_key(key):
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (3,)) + jax.random.uniform(k2, (3,))


def builds_a_list_then_an_array(x):
    out = []
    for i in range(3):
        out.append(x * i)
    return jnp.array(out)


def builds_a_list_of_sums(x):
    out = [1.0]
    for i in range(2):
        out.append(jnp.sum(x) * i)
    return jnp.array(out)


def nested_rows_with_a_constant(x):
    rows = [[x[0], x[1]], [x[1], 2.0]]
    return jnp.array(rows)


def vstack_of_a_comprehension(x):
    return jnp.vstack([x * i for i in range(3)])


def squared_norm_of(f):
    """A loss over `f` in f's own module (s2s puts same-module helpers in line)."""
    def loss(x):
        return jnp.sum(f(x) ** 2)
    return loss


def keywords_at_their_defaults(x):
    return (jnp.sum(x, where=None) + jax.nn.softmax(x, where=None)[0]
            + jnp.max(jax.nn.log_softmax(x, axis=-1, where=None), initial=None)
            + jnp.mean(x, keepdims=False))


def checks_its_input(x):
    if x.dtype != jnp.float64:
        raise TypeError(f"expected float64, got {x.dtype}")
    assert x.ndim == 1, f"want a vector, got shape {x.shape}"
    return jnp.sum(jnp.sin(x) ** 2)


def appends_to_its_argument(x, log):
    log.append(x)
    return jnp.sum(x ** 2)


def stacks_a_sum_a_product_and_a_product(x):
    return jnp.stack([jnp.sum(x), jnp.prod(x), x[0] * x[1]])


def split_at(k):
    def unpack(p):
        return p[:k], p[k:]

    def objective(p):
        a, b = unpack(p)
        return jnp.sum(a) * jnp.sum(b ** 2)
    return objective


def squared_norm_of_the_flat_params(params):
    flat, _ = ravel_pytree(params)
    return jnp.sum(jnp.sin(flat) ** 2)


def zips_as_a_value(x):
    z = zip(x, x)
    return sum(a * b for a, b in z)


def squared_modulus(z):
    return jnp.sum(jnp.abs(z) ** 2 + jnp.abs(jnp.sin(z)))


def abs_times_x(x):
    return jnp.sum(jnp.abs(x) * x)


def doubles_until_ten(x):
    while x < 10.0:
        x = x * 2.0
    return x


import dataclasses  # noqa: E402


@dataclasses.dataclass
class Scale:
    s: float

    def __call__(self, x):
        return x * self.s


SCALE = Scale(2.0)


def calls_a_callable_object(x):
    return jnp.sum(SCALE(x) ** 2 + jnp.sin(x))


class Model:
    @classmethod
    def loss(cls, x):
        return jnp.sum(jnp.sin(x) ** 2)


SCALED_SUM = functools.partial(lambda x, a: jnp.sum(jnp.sin(x) * a), a=2.0)


def noisy_projection(key, x):
    k1, k2 = jax.random.split(key)
    return jnp.sum(jax.random.normal(k1, (2,)) * x) + jax.random.uniform(k2)


def square(v):
    return v * v


def sums_a_map(x):
    return sum(map(jnp.sin, [x[0], x[1]])) + jnp.sum(jnp.stack(list(map(square, [x, x * 2]))))


def maps_over_two_sequences(x):
    return jnp.sum(jnp.array(list(map(jnp.multiply, x, x + 1.0))))


def layers_in_named_scopes(x):
    with jax.named_scope("outer"):
        with jax.named_scope("inner"):
            y = jnp.sin(x)
        z = y * x
    return jnp.sum(z)


def predict(w, x):
    return jnp.tanh(x @ w)


def loss_over_a_jax_vmap(w, xs):
    preds = jax.vmap(predict, in_axes=(None, 0))(w, xs)
    return jnp.sum(preds ** 2)


def tree_scalar_mul(scalar, tree_x):
    return jax.tree_util.tree_map(lambda x: scalar * x, tree_x)


def scaled_tree_norm(scalar, tree_x):
    t = tree_scalar_mul(scalar, tree_x)
    return jnp.sum(t["a"] ** 2) + t["b"] ** 2


def prints_then_computes(x):
    print("computing")
    return jnp.sum(jnp.sin(x) ** 2)


def xor_of_masks(x):
    m = (x > 0) ^ (x < 1)
    return jnp.sum(jnp.where(m, x, 0.0))


# Unpacking an expression along its first axis (the fuzzer's idioms found these):
# every mode crashed, and vmap over 2 examples was silently wrong (the batch axis unpacked).
def unpacks_a_quotient(s):
    a, b = (s * jnp.arange(1.0, 3.0)) / 3.0
    return a + 2.0 * b


def unpacks_a_transpose(m):
    a, b = (m * 2.0).T
    return jnp.sum(a * b)


def unpacks_a_stack(s):
    a, b = jnp.stack([jnp.sin(s), s ** 2])
    return a * b


def unpacks_a_call_into_four(x):
    a, b, c, d = jnp.sin(x)
    return a * b + c - d


def returns_in_a_nested_loop_on_an_unbatched_test(c, x):
    """vmap over c only: the probe traced `jnp.min(x) > 0.3` and saw the return taken;
    the batched code returned the loop's value always (silently wrong when not taken)."""
    for i in range(2):
        for j in range(1):
            if jnp.min(x) > 0.3:
                return jnp.minimum(c, jnp.cos(jnp.sum(x)))
    return jnp.arctan(c)


import s2s  # noqa: E402
from world_idiom_helpers import rows_of_sines, sine_and_double  # noqa: E402


def sine_energy(x):
    return jnp.sum(jnp.sin(x) ** 2)


def squared_directional_derivative(x):
    """Reverse over forward: a gradient of code that calls s2s.jvp."""
    return jnp.sum(s2s.jvp(sine_energy, (x,), (jnp.ones_like(x),))[1] ** 2)


def squared_directional_derivative_jax(x):
    return jnp.sum(jax.jvp(sine_energy, (x,), (jnp.ones_like(x),))[1] ** 2)


def hessian_vector_product_norm(x):
    """s2s.jvp of s2s.grad(f) written in the function (a Hessian-vector product)."""
    return jnp.sum(s2s.jvp(s2s.grad(sine_energy), (x,), (jnp.ones_like(x),))[1] ** 2)


def hessian_vector_product_norm_jax(x):
    return jnp.sum(jax.jvp(jax.grad(sine_energy), (x,), (jnp.ones_like(x),))[1] ** 2)


def diag_gaussian_logpdf(x, mean, log_std):
    """jax's advi example: a vmap of a library function with default parameters."""
    return jnp.sum(jax.vmap(jax.scipy.stats.norm.logpdf)(x, mean, jnp.exp(log_std)))


def real_through_complex(x):
    z = x * (1.0 + 2.0j)
    return jnp.sum(jnp.real(z * jnp.conj(z)) + jnp.real(jnp.exp(1j * x)))


def half_with_single(x):
    return jnp.sum(x * jnp.float32(2.0) + jnp.sin(x))


# Products of a float16 vector with float32 weights: each cotangent of x is
# float16, as JAX's transpose gives it (they came back float32).
WEIGHTS32 = jnp.linspace(0.5, 1.5, 6, dtype=jnp.float32)


def half_outer(x):
    return jnp.sum(jnp.outer(WEIGHTS32[:3], x) ** 2)


def half_dot(x):
    return jnp.dot(jnp.reshape(WEIGHTS32, (3, 2)), x[:2]) @ x[:3]


def half_inner_vdot_kron(x):
    return jnp.inner(x, WEIGHTS32[:3]) + jnp.vdot(WEIGHTS32[3:], x) + \
        jnp.sum(jnp.kron(x, WEIGHTS32[:2]))


def half_tensordot_einsum(x):
    return jnp.tensordot(WEIGHTS32[:3], x, axes=1) + jnp.einsum("i,i->", x, WEIGHTS32[3:])


def half_convolve(x):
    return jnp.sum(jnp.convolve(x, WEIGHTS32[:2]) ** 2) + \
        jnp.sum(jnp.correlate(x, WEIGHTS32[:2], "full"))


def plots_when_asked(x, ax=None):
    for t in range(2):
        if ax:
            plot_matrix(ax, x, t)   # noqa: F821  (never copied: the program runs without it)
        x = jnp.sin(x) * 1.5
    return x


def checks_an_optional_argument(x, scale=None, name="x"):
    if scale is not None and scale < 0:
        raise ValueError(f"{name}: scale must be positive")
    return jnp.sum(jnp.sin(x) * (1.0 if scale is None else scale))


def max_of_four(x):
    return max(x[0] - x[1], 2.0 * x[1], x[0] * x[1], -x[0]) + min(x[0], x[1], 0.5)


class Benchmark:
    def __init__(self):
        self.nfev = 0

    def fun(self, x, *args):
        self.nfev += 1
        return jnp.sum(max((x - 1.0) ** 2.0))   # Python's max of an array's items


def vmaps_a_library_function(x):
    return jnp.sum(jax.vmap(jnp.sin)(x) * x)


def folds_the_rest(*args):
    acc = args[0]
    for a in args[1:]:
        acc = acc * 0.5 + jnp.sin(a)
    return acc


def calls_with_star_rest(s, t):
    return jnp.sum(folds_the_rest(s, 3.0 * t, t ** 2))


def unpacks_a_library_result(x):
    """`a, b, c = jax.nn.softmax(x)`: an array from a call s2s has a rule for but
    does not know to be an array (fuzz seed 0, program 332)."""
    z, u, y = jax.nn.softmax(x * 0.5, axis=-1, where=None)
    s = jax.nn.sigmoid(x)
    p, q, r = s
    return z + 2.0 * u * p + jnp.tanh(y) * r


def unpacks_a_tuple_copy(x):
    pair = (jnp.sin(x), x * 2.0)
    copy = pair
    a, b = copy
    return jnp.sum(a * b)


def else_reads_what_then_assigns(s, x):
    """A batched `if` runs both branches, the then branch first: its `z` must not
    be what the else branch reads (fuzz seed 0, program 1312)."""
    g = jnp.tanh(s * jnp.arange(1.0, 5.0) * x)
    z = g[:2]
    if jnp.mean(z) < 0.3:
        z = jnp.tanh(z * 2.0)
    else:
        g = jnp.sum(jnp.arange(1.0, 5.0)[:, None] * z, axis=1)
    return 0.1 + jnp.sum(g)


class TakesStarArgs:
    """scipy's go_benchmark functions: `fun(self, x, *args)`, Python's max of
    two items (which jit cannot take on traced values)."""

    def fun(self, x, *args):
        return max(x[0], x[1]) * 2.0


def unpacks_a_helpers_array(x):
    """`a, b = helper(x)` where the helper (of another module) returns an array:
    its pullback takes the rows' cotangents, stacked."""
    a, b = rows_of_sines(x)
    c, d = sine_and_double(x)
    return jnp.sum(a * b * c + d)


def masked_reductions(x, m):
    """optax's losses: reductions over the entries a mask keeps."""
    a = jnp.sum(x ** 2, axis=-1, where=m)
    b = jnp.mean(jnp.sin(x), axis=0, where=m, keepdims=True)
    c = (x * 3.0).sum(axis=1, where=m, keepdims=True)
    return jnp.sum(a) + jnp.sum(b) + jnp.sum(c) + jnp.mean(x, where=m)


def squares_of_parts(x):
    """jaxopt's tree_l2_norm: `jnp.square(leaf.real) + jnp.square(leaf.imag)`."""
    return jnp.sum(jnp.square(x.real) + jnp.square(x.imag)) + jnp.sum(x.real * x[0])


def checks_shapes_with_hasattr(a, b):
    """optax's check_shapes_equal: `a.shape if hasattr(a, 'shape') else ...`."""
    a_shape = a.shape if hasattr(a, "shape") else np.asarray(a).shape
    b_shape = b.shape if hasattr(b, "shape") else np.asarray(b).shape
    if a_shape != b_shape or not callable(jnp.sin):
        raise ValueError(f"Shape mismatch: got {a_shape} and {b_shape}.")
    return jnp.sum(jnp.sin(a) * b)


def _check_subdtype(array, subdtype):
    dtype = jax.dtypes.result_type(array)
    if not jnp.issubdtype(dtype, subdtype):
        raise TypeError(f"Expected the input to have a dtype that is a subdtype of {subdtype}, "
                        f"got {dtype} instead")


def checks_then_computes(logits, labels):
    """optax's losses call a check and throw its value (None) away."""
    _check_subdtype(logits, jnp.floating)
    jnp.sin(logits)
    return jnp.sum(jax.nn.log_sigmoid(logits) * labels)


def optional_mask(x, where=None):
    """optax's `where=where`, None unless the caller passes a mask."""
    return jnp.sum(x ** 2, axis=-1, where=where) + jnp.mean(x, where=where) \
        + (x * 2.0).sum(where=where)


def log_cosh(predictions, targets=None):
    """optax's log_cosh: a constant cast to a batched value's dtype."""
    _check_subdtype(predictions, jnp.floating)
    errors = (predictions - targets) if (targets is not None) else predictions
    return jnp.logaddexp(errors, -errors) - jnp.log(2.0).astype(errors.dtype)


def unpacks_an_item_of_a_list_param(params, x):
    """`a, b = params[0]` where the item is an array (a pytree's item is
    usually a tuple: only the run can tell)."""
    a, b = params[0]
    return jnp.sum(jnp.tanh(a * x + b))


def unpacks_each_array_of_a_list_param(params, x):
    s = 0.0
    for a, b in params:
        s = s + jnp.sum(jnp.sin(a * x) * b)
    return s


def unpacks_an_item_of_a_dict_param(params, x):
    w, b = params["layer"]
    return jnp.sum(w * x * b)


def masked_attention_weights(x, mask):
    """softmax and log_softmax over the entries a mask keeps (flax's and
    optax's attention and losses)."""
    return jnp.sum(jax.nn.softmax(x, where=mask) * jnp.cos(x)) \
        + jnp.sum(jnp.where(mask, jax.nn.log_softmax(x, axis=-1, where=mask), 0.0) ** 2) \
        + jnp.sum(jnp.sin(jax.nn.logsumexp(x, axis=-1, where=mask)))


def optionally_masked_softmax(x, where=None):
    """optax passes the mask by position: `jax.nn.log_softmax(logits, axis, where)`."""
    return jnp.sum(jax.nn.softmax(x, axis=-1, where=where) * x) \
        + jnp.sum(jnp.exp(jax.nn.log_softmax(x, -1, where)) * jnp.sin(x))


def canonicalize_axis(axis, ndim):
    """optax's vendored numpy.lib.array_utils.normalize_axis_index."""
    if 0 <= (axis := operator.index(axis)) < ndim:
        return axis
    elif -ndim <= axis < 0:
        return axis + ndim
    else:
        raise ValueError(f'axis {axis} is out of bounds for array of '
                         f'dimension {ndim}')


def sums_squares_along_a_canonical_axis(x, axis=-1):
    return jnp.sum(jnp.sum(jnp.sin(x) ** 2, axis=canonicalize_axis(axis, x.ndim)) ** 2)


def walrus_in_tests_and_values(x):
    if (n := jnp.sum(x ** 2)) > 1.0:
        y = n * x
    else:
        y = (s := jnp.sin(x)) * s
    return jnp.sum(y * (c := jnp.cos(x))) + jnp.sum(c)


def masks_combined_with_bit_operators(x, labels):
    """optax's ranking and self-supervised losses: `isnan(output) & valid`,
    `matches ^ 1`."""
    matches = labels[:, None] == labels[None, :]
    diffs = matches ^ 1
    valid = ~jnp.isnan(x) & (x > -0.5) | (x > 100.0)
    out = jnp.where(valid, x ** 2, 0.0) * diffs[0, :3]
    return jnp.sum(out) + jnp.sum(jnp.sin(x) * ((labels << 1) >> 1))


def _scaled(x, a, power=2.0):
    return jnp.sum(a * x ** power)


def partials_made_in_the_function(x, a):
    """`functools.partial` in the body: named and called, called at once, mapped
    (autograd's hmm_em: `sum(map(partial(log_partition_function, params), data))`)."""
    g = functools.partial(_scaled, a=a)
    h = functools.partial(jnp.power, 2.0)
    return g(x) + jnp.sum(h(x)) + functools.partial(_scaled, power=3.0)(x, a) \
        + sum(map(functools.partial(_scaled, a=a), [x, x * 2.0]))


def partials_of_local_functions(x, a):
    """A partial of a lambda written in the call, and of a local function:
    `functools.partial(lambda x, a: ..., a=2.0)`."""
    g = functools.partial(lambda v, w: v * w, w=a)
    def scaled(v, s, p):
        return s * v ** p
    h = functools.partial(scaled, p=2.0)
    return jnp.sum(g(x) * h(x, a))


def squares_of_an_appended_list(x):
    out = []
    for i in range(3):
        out.append(x[i] * 2.0)
    return jnp.sum(jnp.array(out) ** 2)


def draws_from_a_seeded_numpy_state(x):
    """A NumPy random state made in the function: its draws are NumPy
    constants, as under JAX (autograd's examples: `npr.RandomState(0)`)."""
    rs = np.random.RandomState(0)
    w = rs.normal(size=3)
    rng = np.random.default_rng(1)
    return jnp.sum(jnp.sin(x) * w + x * rng.standard_normal(3))


def sum_over_a_list_by_a_mapped_partial(params, data):
    if isinstance(data, list):
        return sum(map(functools.partial(sum_over_a_list_by_a_mapped_partial, params), data))
    return jnp.sum(jnp.sin(params) * data)


def safe_reduce(a, where=None, reduce_fn=None):
    """optax's _safe_reduce: `and` of identity tests, which are Python bools
    even under jit (each of its branches only runs where its test holds)."""
    output = reduce_fn(a, where=where) if reduce_fn is not None else a
    if reduce_fn is jnp.mean:
        is_input_valid = jnp.logical_not(jnp.any(jnp.isnan(a)))
        output = jnp.where(jnp.isnan(output) & is_input_valid, 0.0, output)
    if reduce_fn is None and where is not None:
        output = jnp.where(where, output, 0.0)
    return output


def else_reads_an_unbatched_name_the_then_branch_assigns(s, x):
    """The fuzzer's program 10 (seed 0): a loop counter `i` in both branches
    of a batched `if` (a KeyError in the batch pass), and a constant the then
    branch rebinds and the else branch reads."""
    k = 2.0
    if jnp.sum(s) > 0.5:
        for i in range(3):
            x = x + 0.1
        k = 5.0
        y = x * k
    else:
        for i in range(1):
            x = x * 2.0
        y = x * k
    return y


def _star_target(*args):
    return args[0] * jnp.arange(1.0, 3.0) + args[1] * jnp.sin(args[0])


def spreads_a_tuple_it_wrote(x, c):
    """`g(*xs)` of a tuple the function writes, and `zip(*pairs)` of a list of
    pairs (the fuzzer's star-argument idioms)."""
    xs = (c, jnp.sum(x) ** 2,)
    h = _star_target(*xs) + _star_target(*(x[0], c))
    pairs = [(x[0], x[1]), (x[1] * c, x[0])]
    total = 0.0
    for first, second in zip(*pairs):
        total = total + first * second
    return jnp.sum(h) + total


def _closure_over(k):
    def inner(p):
        return k + jnp.sum(p)
    return inner


def calls_a_closure_a_factory_made(s, m):
    gc = _closure_over(s)
    return gc(jnp.mean(m, axis=1))


def _scaled_by(k, power=2):
    scale = jnp.tanh(k) ** power
    return lambda p: scale * jnp.sum(p ** 2) + k


def calls_a_lambda_a_factory_made(s, m):
    loss = _scaled_by(s * 1.5)
    total = 0.0
    for row in m:
        total = total + loss(row)
    return total


def unzips_pairs_it_wrote(s, m):
    pairs = [(jnp.sum(s * m), jnp.sin(m)), (0.3, jnp.tanh(m * s))]
    lefts, rights = zip(*pairs)
    g = jnp.stack(lefts)
    z = rights[0] * 0.5 + rights[1]
    return jnp.sum(g) + jnp.sum(z * m)


def zips_tuples_it_wrote(s, m):
    xs, ys = zip((s, m), (m * 2, s * 3))
    return jnp.sum(xs[0] * ys[1]) + jnp.sum(xs[1] * ys[0])


def zips_lists_it_was_passed(xs, ys):
    firsts, seconds = zip(xs, ys)
    return jnp.sum(firsts[0] * seconds[1])


def last_step_read_after_the_loop(s, x):
    for i in range(3):
        h = x * i + s
    return jnp.sum(h ** 2)


def breaks_on_a_constant_test(a):
    it = 0
    while it < 4 and jnp.max(a) < 2.0:
        a = a + 0.5 * jnp.stack([jnp.sum(a, axis=1), jnp.sum(a, axis=1)], axis=1)
        it = it + 1
        if 1.5 > 0.0:
            break
        a = a - 0.5 * a
    if 3.0 < 0.0:
        a = a * 2
    return jnp.sum(jnp.sin(a) ** 2)


def stacks_items_of_a_list_of_mixed_pairs(m, x):
    pairs = [(jnp.square(0.5), jnp.max(m, axis=1)), (jnp.sum(m), x)]
    p0 = pairs[0]
    p1 = pairs[1]
    lefts = (p0[0], p1[0])
    return jnp.stack(lefts) * jnp.sum(p0[1] * p1[1])


def unzips_mixed_pairs(m, x):
    pairs = [(jnp.square(0.5), jnp.max(m, axis=1)), (jnp.sum(m), x)]
    lefts, rights = zip(*pairs)
    h = jnp.stack(lefts)
    g = rights[0] * 0.5 + rights[1]
    return x + jnp.sum(h) + g


def calls_what_a_factory_made_at_once(s, m):
    return _closure_over(s * 2.0)(jnp.mean(m, axis=1)) + _scaled_by(s)(m[0])


def rebinds_the_list_its_comprehension_reads(x, ws):
    # `ws = [f(w) for w in ws]`: the list was built in place under its own
    # name, so the loop read the new, empty list: 0.0 in every mode
    ws = [jnp.tanh(w * x) for w in ws]
    total = 0.0
    for w in ws:
        total = total + jnp.sum(w)
    return total


def unpacks_an_array_item_of_a_tuple(tp, x):
    # hessian: TypeError, add got (3, 2) and (2, 3) (make fuzz, a program the
    # device's draw made): forward mode over the way back names the parts'
    # tangents, `tp_0_bar_dot = (z_bar_dot, u_bar_dot)`, and vmap stacked them
    # along the batch axis
    z, u = tp[0]
    out = tp[1] * jnp.arange(1.0, 3.0) + z * x[0]
    return jnp.mean(jnp.tanh(out))


def unpacks_an_item_only_a_static_branch_reads(tp, n):
    # hessian: "could not trace the jvp of the gradient ... zeros_like requires
    # ndarray": the cotangent of `tp[0]` is the tuple of its parts', and forward
    # mode gave its zero tangent as jnp.zeros_like of that tuple
    z, u = tp[0]
    if n % 2 == 0:
        while jnp.abs(z) < 10.0:
            z = z + 0.5
    return jnp.mean(jnp.tanh(tp[1] * jnp.arange(1.0, 3.0)))
