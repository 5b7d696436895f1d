# s2s.jit runs the code s2s.source(s2s.grad(early_return)) shows, converted for jax.jit:
# one operation per line, and 2 `if`, `while` or `for` on traced values made lax
# control flow (if_else, while_loop, for_range).
def early_return_grad_jit(x):
    # jit_cases.py:15: if x > 0:
    gt = x > 0

    def if_true():
        # jit_cases.py:16: return x * 3.0
        result_1 = x * 3.0
        return result_1

    def if_false():
        # jit_cases.py:17: return jnp.sin(x) - 1.0
        sin = jnp.sin(x)
        result_1 = sin - 1.0
        return result_1
    # jit_cases.py:15: if x > 0:
    result_1 = if_else(gt, if_true, if_false)
    # jit_cases.py:17: return jnp.sin(x) - 1.0
    result_1_bar = grad_seed(result_1)
    # jit_cases.py:15: if x > 0:

    def if_true_1():
        # jit_cases.py:16: return x * 3.0
        x_bar = result_1_bar * 3.0
        return x_bar

    def if_false_1():
        # jit_cases.py:17: return jnp.sin(x) - 1.0
        cos = jnp.cos(x)
        x_bar = result_1_bar * cos
        return x_bar
    # jit_cases.py:15: if x > 0:
    x_bar = if_else(gt, if_true_1, if_false_1)
    # jit_cases.py:14: def early_return(x):
    return x_bar
