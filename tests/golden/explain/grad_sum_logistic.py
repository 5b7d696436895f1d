def sum_logistic_grad(x):
    # forward sweep: run the function as written, keeping the values the reverse sweep
    # will read.
    # one line per rule: explained code is built without the algebra tidy, which in the
    # code that runs folds the seed's ones into the first product and cancels paired
    # negations.
    # forward_cases.py:7: return jnp.sum(1.0 / (1.0 + jnp.exp(-x)))
    neg = -x
    exp = jnp.exp(neg)
    add = 1.0 + exp
    div = 1.0 / add
    sum_ = jnp.sum(div)
    # reverse sweep: from the output back to the inputs. `v_bar` is the cotangent of v,
    # d(output)/d(v); each operation hands its output's cotangent to its operands by the
    # operation's vjp rule, and a value used twice adds up both contributions.
    # grad_seed: the cotangent that starts a gradient: 1 for a scalar output.
    result_bar = grad_seed(sum_)
    # sum_ = jnp.sum(div), by its vjp rule: div_bar = jnp.broadcast_to(result_bar,
    # jnp.shape(div))
    div_bar = jnp.broadcast_to(result_bar, jnp.shape(div))
    # div = 1.0 / add, by its vjp rule: add_bar = -div_bar * (1.0 / add) / add
    add_bar = -div_bar * div / add
    # exp = jnp.exp(neg), by its vjp rule: neg_bar = exp_bar * jnp.exp(neg)
    neg_bar = add_bar * exp
    # neg = -x, by its vjp rule: x_bar = -neg_bar
    x_bar = -neg_bar
    return x_bar
