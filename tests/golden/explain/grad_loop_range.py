def loop_range_grad(x, n):
    # forward sweep: run the function as written, keeping the values the reverse sweep
    # will read.
    # one line per rule: explained code is built without the algebra tidy, which in the
    # code that runs folds the seed's ones into the first product and cancels paired
    # negations.
    # forward_cases.py:31: for i in range(n):
    y_1 = x
    # the tape: each iteration saves the values its derivative needs (they are
    # overwritten by the next iteration); the reverse sweep reads it backwards.
    tape = []
    for i in range(n):
        # forward_cases.py:32: y = y * jnp.tanh(y) + x[i]
        tanh = jnp.tanh(y_1)
        mul = y_1 * tanh
        x_i = x[i]
        y_2 = mul + x_i
        # forward_cases.py:31: for i in range(n):
        # save this iteration's values on the tape
        tape.append((y_1, i, tanh, mul, x_i))
        y_1 = y_2
    # forward_cases.py:33: return y
    # reverse sweep: from the output back to the inputs. `v_bar` is the cotangent of v,
    # d(output)/d(v); each operation hands its output's cotangent to its operands by the
    # operation's vjp rule, and a value used twice adds up both contributions.
    # grad_seed: the cotangent that starts a gradient: 1 for a scalar output.
    y_1_bar = grad_seed(y_1)
    # forward_cases.py:31: for i in range(n):
    # zeros_like: jnp.zeros_like for arrays and numbers, made once per shape and dtype.
    x_bar = zeros_like(x)
    # the loop again, last iteration first: an iteration's cotangents need those of the
    # iteration after it (the chain rule runs from the output back).
    for y_1, i, tanh, mul, x_i in reversed(tape):
        y_2_bar = y_1_bar
        # forward_cases.py:32: y = y * jnp.tanh(y) + x[i]
        # y_2 = mul + x_i, by its vjp rule: mul_bar = y_2_bar, x_i_bar = y_2_bar
        # unbroadcast: sum the cotangent `g` down to the shape of `x`, undoing
        # broadcasting, and give it `x`'s dtype, undoing promotion.
        mul_bar = unbroadcast(y_2_bar, mul)
        x_i_bar = unbroadcast(y_2_bar, x_i)
        x_bar = x_bar.at[i].add(x_i_bar)
        # mul = y_1 * tanh, by its vjp rule: y_1_bar = mul_bar * tanh, tanh_bar = y_1 *
        # mul_bar
        y_1_bar = unbroadcast(mul_bar * tanh, y_1)
        tanh_bar = unbroadcast(y_1 * mul_bar, tanh)
        # tanh = jnp.tanh(y_1), by its vjp rule: y_1_bar = tanh_bar * (1 - jnp.tanh(y_1)
        # ** 2)
        y_1_bar = y_1_bar + tanh_bar * (1 - tanh ** 2)
    # forward_cases.py:31: for i in range(n):
    y_bar = y_1_bar
    # forward_cases.py:30: y = x
    x_bar = x_bar + y_bar
    return x_bar
