# s2s.jit runs the code s2s.source(s2s.grad(rows)) shows, converted for jax.jit:
# one operation per line, and 4 `if`, `while` or `for` on traced values made lax
# control flow (if_else, while_loop, for_range).
def rows_grad_jit(m):
    # jit_cases.py:37: acc = 0.0
    acc_1 = 0.0
    # jit_cases.py:38: for row in m:
    n = len(m)
    tape = []

    def loop_body(i, acc_1, tape):
        row = m[i]
        # jit_cases.py:39: if jnp.sum(row) > 0:
        sum_ = jnp.sum(row)
        gt = sum_ > 0

        def if_true():
            # jit_cases.py:40: acc = acc + jnp.sum(row ** 2)
            pow_ = row ** 2
            sum_1 = jnp.sum(pow_)
            acc_2 = acc_1 + sum_1
            return (acc_2, pow_, sum_1)

        def if_false():
            # jit_cases.py:42: acc = acc - 1.0
            acc_2 = acc_1 - 1.0
            # jit_cases.py:39: if jnp.sum(row) > 0:
            pow_ = None
            sum_1 = None
            return (acc_2, pow_, sum_1)
        acc_2, pow_, sum_1 = if_else(gt, if_true, if_false)
        # jit_cases.py:38: for row in m:
        tape = list_append(tape, (acc_1, i, row, gt, pow_, sum_1))
        acc_1 = acc_2
        return (acc_1, tape)
    acc_1, tape = for_range(n, loop_body, acc_1, tape)
    # jit_cases.py:43: return acc
    acc_1_bar = grad_seed(acc_1)
    # jit_cases.py:38: for row in m:
    m_bar = zeros_like(m)
    n_1 = list_length(tape)
    last = n_1 - 1

    def loop_body_1(i_1, acc_1_bar, m_bar):
        j = last - i_1
        tape_j = tape[j]
        acc_1, i, row, gt, pow_, sum_1 = tape_j
        acc_2_bar = acc_1_bar
        # jit_cases.py:39: if jnp.sum(row) > 0:

        def if_true_1():
            # jit_cases.py:40: acc = acc + jnp.sum(row ** 2)
            acc_1_bar = unbroadcast(acc_2_bar, acc_1)
            sum_1_bar = unbroadcast(acc_2_bar, sum_1)
            shape = jnp.shape(pow_)
            pow_bar = jnp.broadcast_to(sum_1_bar, shape)
            mul = 2 * row
            row_bar = pow_bar * mul
            return (acc_1_bar, row_bar)

        def if_false_1():
            # jit_cases.py:42: acc = acc - 1.0
            acc_1_bar = acc_2_bar
            # jit_cases.py:39: if jnp.sum(row) > 0:
            row_bar = zeros_like(row)
            return (acc_1_bar, row_bar)
        acc_1_bar, row_bar = if_else(gt, if_true_1, if_false_1)
        # jit_cases.py:38: for row in m:
        m_bar = m_bar.at[i].add(row_bar)
        return (acc_1_bar, m_bar)
    acc_1_bar, m_bar = for_range(n_1, loop_body_1, acc_1_bar, m_bar)
    # jit_cases.py:36: def rows(m):
    return m_bar
