"""Programs for the forward-mode numeric and golden tests: one per construct."""
import jax.numpy as jnp
import numpy as np


def sum_logistic(x):
    return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))


def selu(x, alpha=1.67, lmbda=1.05):
    return lmbda * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


def branches(x):
    s = jnp.sum(x)
    if s > 1.0:
        y = jnp.sin(x) * s
    elif s > -1.0:
        y = x ** 3
    else:
        y = -x
    return y


def conditional_expression(x):
    return jnp.cos(x) if jnp.mean(x) > 0 else x * 2.0


def loop_range(x, n):
    y = x
    for i in range(n):
        y = y * jnp.tanh(y) + x[i]
    return y


def loop_over_rows(m):
    total = 0.0
    for row in m:
        total += jnp.dot(row, row)
    return total


def loop_enumerate_zip(x, w):
    acc = 0.0
    for i, xi in enumerate(x):
        acc = acc + i * xi
    for a, b in zip(x, w):
        acc = acc + a * b
    return acc


def newton_sqrt(a):
    x = a
    steps = 0
    while jnp.abs(x * x - a) > 1e-10 and steps < 50:
        x = 0.5 * (x + a / x)
        steps += 1
    return x


def break_continue(x):
    acc = 0.0
    for i in range(x.shape[0]):
        if x[i] < 0:
            continue
        if acc > 2.0:
            break
        acc = acc + jnp.exp(x[i])
    return acc


def early_return(x):
    if x.ndim == 0:
        return x * x
    if jnp.max(x) > 10.0:
        return jnp.sum(x)
    return jnp.sum(jnp.log1p(x * x))


def helper(u, scale=2.0):
    return scale * jnp.sin(u) + u


def calls_helper(x, y):
    a = helper(x)
    b = helper(y, scale=3.0)
    return a * b + helper(a * y)


def power(x, n):
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


def uses_power(x):
    return power(x, 3) + power(x, 1)


def closure_nested(x, y):
    def inner(z):
        return z * x + jnp.sin(y)
    scale = lambda v: v * 3.0
    return jnp.sum(scale(inner(x)) + inner(2.0))


def tuple_returns(x):
    def split(v):
        return jnp.sin(v), jnp.cos(v)
    s, c = split(x)
    a, b = c, s
    return a * b, s + c


def augmented(x):
    y = x
    y += 1.0
    y *= x
    y -= jnp.sin(x)
    y /= 2.0
    y **= 2
    return y


def item_updates(x):
    y = jnp.zeros(3)
    y = y.at[0].set(x[1] * 2.0)
    y = y.at[1:].add(x[:2])
    z = x * 1.0
    z[0] = jnp.sin(x[0])
    z[1] += x[2]
    return jnp.sum(y * z)


def numpy_style(x):
    return np.sum(np.tanh(x) * np.exp(x)) + x.sum(axis=0).mean()


def mlp(params, x):
    h = x
    for w, b in params:
        h = jnp.tanh(jnp.dot(h, w) + b)
    return jnp.sum(h)


def mlp_last_layer_apart(params, x):
    """The last layer unpacked from an item (`w, b = params[-1]`)."""
    for w, b in params[:-1]:
        x = jnp.tanh(jnp.dot(w, x) + b)
    w, b = params[-1]
    return jnp.sum((jnp.dot(w, x) + b) ** 2)


def dict_params(p, x):
    return jnp.sum((x * p["scale"] + p["shift"]) ** 2)


def list_append(x):
    ys = []
    for i in range(3):
        ys.append(x * i)
    return jnp.stack(ys)


def shapes_static(x):
    n = x.shape[0]
    k = len(x)
    return jnp.reshape(x, (n // 2, 2)).T * k + x.ndim


# JAX cannot trace NumPy calls or in-place updates; these are their JAX twins,
# the references the tests compare s2s against.
def item_updates_reference(x):
    y = jnp.zeros(3)
    y = y.at[0].set(x[1] * 2.0)
    y = y.at[1:].add(x[:2])
    z = x * 1.0
    z = z.at[0].set(jnp.sin(x[0]))
    z = z.at[1].add(x[2])
    return jnp.sum(y * z)


def numpy_style_reference(x):
    return jnp.sum(jnp.tanh(x) * jnp.exp(x)) + x.sum(axis=0).mean()


REFERENCES = {item_updates: item_updates_reference, numpy_style: numpy_style_reference}


def selu_sum(x):
    return jnp.sum(selu(x))


def augmented_sum(x):
    return jnp.sum(augmented(x))


def scalar_loop(x):
    y = x
    for i in range(3):
        y = jnp.sin(y) * x
    return y


def sum_scalar_loop(x):
    return jnp.sum(scalar_loop(x))


def mlp_sum_of_loop(x):
    y = x
    for i in range(3):
        y = jnp.sin(y) * x
    return jnp.sum(y)


def nested_called_by_keyword(x, y):
    def inner(v, w, p=2.0):
        return v * w ** p
    scale = lambda v, s: v * s
    return jnp.sum(inner(x, w=y) + scale(s=y, v=x) + inner(w=x, v=3.0, p=1.0))
