# s2s.jit runs the code s2s.source(s2s.grad(long_loop)) shows, converted for jax.jit:
# one operation per line, and 2 `if`, `while` or `for` on traced values made lax
# control flow (if_else, while_loop, for_range).
def long_loop_grad_jit(x):
    # jit_cases.py:81: for i in range(1000):
    acc_1 = x
    tape = []

    def loop_body(i, acc_1, tape):
        # jit_cases.py:82: acc = jnp.sin(acc) + 0.001 * i
        sin = jnp.sin(acc_1)
        mul = 0.001 * i
        acc_2 = sin + mul
        # jit_cases.py:81: for i in range(1000):
        tape = list_append(tape, (acc_1, sin))
        acc_1 = acc_2
        return (acc_1, tape)
    acc_1, tape = for_range(1000, loop_body, acc_1, tape)
    # jit_cases.py:83: return jnp.sum(acc)
    sum_ = jnp.sum(acc_1)
    result_bar = grad_seed(sum_)
    shape = jnp.shape(acc_1)
    acc_1_bar = jnp.broadcast_to(result_bar, shape)
    # jit_cases.py:81: for i in range(1000):
    n = list_length(tape)
    last = n - 1

    def loop_body_1(i_1, acc_1_bar):
        j = last - i_1
        tape_j = tape[j]
        acc_1, sin = tape_j
        acc_2_bar = acc_1_bar
        # jit_cases.py:82: acc = jnp.sin(acc) + 0.001 * i
        sin_bar = unbroadcast(acc_2_bar, sin)
        cos = jnp.cos(acc_1)
        acc_1_bar = sin_bar * cos
        return acc_1_bar
    # jit_cases.py:81: for i in range(1000):
    acc_1_bar = for_range(n, loop_body_1, acc_1_bar)
    acc_bar = acc_1_bar
    return acc_bar
