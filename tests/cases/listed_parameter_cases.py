"""Functions taking `*args` and `**kwargs`, as published code writes them
(scipy's benchmark objectives `fun(self, x, *args)`, stax's
`apply_fun(params, inputs, **kwargs)`, wrappers handing their arguments on),
and side effects on objects (`self.nfev += 1`). For tests/test_listed_parameters.py."""
import jax.numpy as jnp


def total_of_extras(x, *args):
    s = jnp.sum(jnp.sin(x))
    for a in args:
        s = s + a * x[0] ** 2
    return s


def scaled(x, *args, **kwargs):
    s = jnp.sum(jnp.sin(x))
    for a in args:
        s = s + a * x[0] ** 2
    if kwargs:
        s = s * kwargs["scale"]
    return s


def hands_on(x, *args, **kwargs):
    return scaled(x * 2.0, *args, **kwargs) + 1.0


def sum_if_any(x, *args):
    return jnp.sum(x ** 2) + sum(args) if args else jnp.sum(x ** 2)


def calls_helpers_of_two_arities(x):
    """One helper called with no extra argument and with two: each call its own."""
    return total_of_extras(x) + total_of_extras(x, x[1], x[2]) + hands_on(x, x[0], scale=3.0)


def stax_like_apply(params, inputs, **kwargs):
    W, b = params
    return jnp.tanh(jnp.dot(inputs, W) + b)


def applies_a_layer(params, x):
    return jnp.sum(stax_like_apply(params, x, mode="train"))


class Objective:
    """scipy's go_benchmark idiom: a counter on self, `*args` never passed."""

    def __init__(self, n):
        self.N = n
        self.nfev = 0

    def fun(self, x, *args):
        self.nfev += 1
        u = jnp.sum(x ** 2)
        v = jnp.sum(jnp.cos(2 * jnp.pi * x))
        return (-20. * jnp.exp(-0.2 * jnp.sqrt(u / self.N))
                - jnp.exp(v / self.N) + 20. + jnp.exp(1.))

    def shifted(self, x, *args):
        self.nfev += 1
        return jnp.sum((x - args[0]) ** 2) if args else jnp.sum(x ** 2)


class Calls:
    count = 0


def counts_its_calls(x):
    Calls.count += 1
    return jnp.sum(jnp.tanh(x))


class Composite:
    """jaxopt's CompositeLinearFunction idiom: the base class's `__call__`
    takes `*args, **kwargs` and calls methods a subclass defines."""

    def subfun(self, predictions, *args, **kwargs):
        raise NotImplementedError

    def b(self, *args, **kwargs):
        return None

    def __call__(self, params, *args, **kwargs):
        predictions = self.features(*args, **kwargs) @ params
        ret = self.subfun(predictions, *args, **kwargs)
        b = self.b(*args, **kwargs)
        if b is not None:
            ret += jnp.vdot(params, b)
        return ret


class SquaredLoss(Composite):

    def features(self, data):
        return data[0]

    def subfun(self, predictions, data):
        return 0.5 * jnp.mean((predictions - data[1]) ** 2)

    def __call__(self, w, data):
        return super().__call__(w, data)


class TiltedLoss(SquaredLoss):
    """A second level: `super()` and `self.b` found from the object's own class."""

    def b(self, data):
        return jnp.ones(data[0].shape[1]) * 0.1

    def __call__(self, w, data):
        return super().__call__(w, data) * 2.0


squared_loss = SquaredLoss()
tilted_loss = TiltedLoss()


def fits(w, data):
    return squared_loss(w, data) + tilted_loss(w, data)


def concat_and_multiply(weights, *args):
    """autograd's rnn example: a tuple of `*args` extended by a tuple display."""
    cat_state = jnp.hstack(args + (jnp.ones((args[0].shape[0], 1)),))
    return jnp.dot(cat_state, weights)
