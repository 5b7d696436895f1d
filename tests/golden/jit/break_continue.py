def break_continue_jit(x):
    # jit_cases.py:57: acc = 0.0
    acc = 0.0
    # jit_cases.py:58: i = 0
    i = 0
    # jit_cases.py:59: while i < 100:
    going = True

    def loop_test(acc, going, i):
        return going

    def loop_body(acc, going, i):
        cond = i < 100

        def if_true_1(acc, going, i):
            # jit_cases.py:60: acc = acc + x[i % 3]
            mod = i % 3
            x_slice = x[mod]
            acc = acc + x_slice
            # jit_cases.py:61: i += 1
            i = i + 1
            # jit_cases.py:62: if acc < 2.0:
            lt = acc < 2.0

            def if_true_2(acc, going):
                pass
                return (acc, going)

            def if_false_1(acc, going):
                # jit_cases.py:64: if acc > 5.0:
                gt = acc > 5.0

                def if_true(acc, going):
                    # jit_cases.py:65: break
                    going = False
                    return (acc, going)

                def if_false(acc, going):
                    # jit_cases.py:66: acc = acc + 0.25
                    acc = acc + 0.25
                    return (acc, going)
                # jit_cases.py:64: if acc > 5.0:
                acc, going = if_else(gt, if_true, if_false, acc, going)
                return (acc, going)
            # jit_cases.py:62: if acc < 2.0:
            acc, going = if_else(lt, if_true_2, if_false_1, acc, going)
            return (acc, going, i)

        def if_false_2(acc, going, i):
            going = False
            return (acc, going, i)
        # jit_cases.py:59: while i < 100:
        acc, going, i = if_else(cond, if_true_1, if_false_2, acc, going, i)
        return (acc, going, i)
    acc, going, i = while_loop(loop_test, loop_body, acc, going, i)
    # jit_cases.py:67: return acc
    return acc
