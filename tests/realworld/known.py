"""Every (corpus file, function, transformation) that is not PASS or BEYOND today,
with its outcome and one-line reason. tests/test_realworld.py fails on any
outcome not listed here and on a listed one that now passes: regenerate with
`python tests/realworld/run.py --write-known` (a full run) and review the diff.
"""

KNOWN = {
    ('adbench_autograd_gmm', 'log_wishart_prior', 'jacfwd'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'jacrev'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'hessian'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'vmap'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'jit'):
        ('CRASH', 'IndexError: Slice entries must be static integers. Got slice(JitTracer(~int64[]), None, None) at position 1 [s2s/control_flow.py:194 _python_for]'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'jit_grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'constructL', 'jvp'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'constructL', 'vjp'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'constructL', 'jacfwd'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'constructL', 'jacrev'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'constructL', 'vmap'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'constructL', 'jit'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'value_and_grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jvp'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'vjp'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jacfwd'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jacrev'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'gmm_objective', 'vmap'):
        ('REFUSED', 'adbench_autograd_gmm.py:46: assignment to an attribute (`.Lparamidx = ...`) is not supported'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jit'):
        ('CRASH', 'S2SError at adbench_autograd_gmm.py:40 wrapping TracerArrayConversionError: The numpy.ndarray conversion method __array__() was called on traced array with shape float64[] [s2s/control_flow_tapes.py:192 checked]'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jit_grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jvp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'vjp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jacfwd'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jacrev'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'vmap'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jit'):
        ('CRASH', "TypeError: object of type 'generator' has no len() [s2s/control_flow_tapes.py:192 checked]"),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jvp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'vjp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jacfwd'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jacrev'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'vmap'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jit'):
        ('CRASH', "TypeError: object of type 'generator' has no len() [s2s/control_flow_tapes.py:192 checked]"),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'grad'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'value_and_grad'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'jvp'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'vjp'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'jacfwd'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'jacrev'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'hessian'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'vmap'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'jit'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_black_box_svi', 'black_box_variational_inference.variational_objective', 'jit_grad'):
        ('REFUSED', 'autograd_black_box_svi.py:39: s2s has no rule for `numpy.random.RandomState.randn`'),
    ('autograd_fluidsim', 'advect', 'vmap'):
        ('REFUSED', 'autograd_fluidsim.py:62: s2s can batch a tuple index whose batched parts are one integer per example'),
    ('autograd_fluidsim', 'simulate', 'jvp'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_fluidsim', 'simulate', 'vjp'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_fluidsim', 'simulate', 'jacfwd'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_fluidsim', 'simulate', 'jacrev'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_fluidsim', 'simulate', 'vmap'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_fluidsim', 'simulate', 'jit'):
        ('CRASH', "S2SError at autograd_fluidsim.py:72 wrapping KeyError: 'plot_matrix' [s2s/frontend.py:61 lookup]"),
    ('autograd_generative_adversarial_net', 'gan_objective', 'grad'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'value_and_grad'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jacfwd'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jacrev'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'hessian'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'vmap'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jit'):
        ('CRASH', 'TracerIntegerConversionError: The __index__() method was called on traced array with shape int64[] [s2s/control_flow_tapes.py:192 checked]'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jit_grad'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: s2s does not know the method `.rand()`'),
    ('autograd_gmm', 'gmm_log_likelihood', 'grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'value_and_grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jvp'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'vjp'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jacfwd'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jacrev'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'hessian'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'vmap'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jit'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jit_grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are not supported'),
    ('autograd_hmm_em', 'log_partition_function', 'grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'value_and_grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'jvp'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'vjp'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'jacfwd'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'jacrev'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'hessian'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'vmap'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'jit'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function', 'jit_grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'value_and_grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jvp'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'vjp'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jacfwd'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jacrev'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'hessian'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'vmap'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jit'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jit_grad'):
        ('REFUSED', 'autograd_hmm_em.py:28: s2s has no rule for `functools.partial`'),
    ('autograd_lstm', 'lstm_predict', 'jvp'):
        ('REFUSED', 'autograd_lstm.py:19: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_predict', 'vjp'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_predict', 'jacfwd'):
        ('REFUSED', 'autograd_lstm.py:19: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_predict', 'jacrev'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_predict', 'vmap'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_lstm', 'lstm_log_likelihood', 'grad'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'value_and_grad'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'jvp'):
        ('REFUSED', 'autograd_lstm.py:19: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'vjp'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'jacfwd'):
        ('REFUSED', 'autograd_lstm.py:19: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'jacrev'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_lstm', 'lstm_log_likelihood', 'hessian'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_lstm', 'lstm_log_likelihood', 'vmap'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_lstm', 'lstm_log_likelihood', 'jit_grad'):
        ('REFUSED', 'autograd_lstm.py:28: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:44: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'value_and_grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:44: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jacfwd'):
        ('CRASH', "KeyError: 'sampler' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jacrev'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:44: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'hessian'):
        ('CRASH', "S2SError at autograd_mixture_variational_inference.py:44 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'vmap'):
        ('CRASH', "S2SError at autograd_mixture_variational_inference.py:44 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jit'):
        ('CRASH', 'TracerIntegerConversionError: The __index__() method was called on traced array with shape int64[] [s2s/control_flow_tapes.py:192 checked]'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jit_grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:44: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_log_density', 'jacrev'):
        ('CRASH', 'TypeError: cannot reshape array of shape (3, 1, 3) (size 9) into shape (3,) (size 3) [s2s/runtime_shape.py:156 <listcomp>]'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'value_and_grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'jvp'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'vjp'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'jacfwd'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'jacrev'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'hessian'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'vmap'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_mixture_variational_inference', 'build_mog_bbsvi.mixture_elbo', 'jit_grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: s2s does not know the method `.randn()`'),
    ('autograd_neural_net', 'log_posterior', 'hessian'):
        ('REFUSED', 'autograd_neural_net.py:31: s2s cannot transform its helper `dot_cotangent_b_jvp`, which the derivative of this line calls: s2s could not trace the jvp of `dot_cotangent_b` on arguments of shapes (float64[5, None], float64[5, None], float64['),
    ('autograd_neural_net_regression', 'nn_predict', 'jvp'):
        ('CRASH', "KeyError: 'nonlinearity' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('autograd_neural_net_regression', 'nn_predict', 'vjp'):
        ('REFUSED', 'autograd_neural_net_regression.py:20: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_neural_net_regression', 'nn_predict', 'jacfwd'):
        ('CRASH', "KeyError: 'nonlinearity' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('autograd_neural_net_regression', 'nn_predict', 'jacrev'):
        ('REFUSED', 'autograd_neural_net_regression.py:20: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_neural_net_regression', 'nn_predict', 'vmap'):
        ('CRASH', "S2SError at autograd_neural_net_regression.py:20 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('autograd_neural_net_regression', 'logprob', 'grad'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'value_and_grad'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'jvp'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'vjp'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'jacfwd'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'jacrev'):
        ('REFUSED', 'autograd_neural_net_regression.py:20: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_neural_net_regression', 'logprob', 'hessian'):
        ('REFUSED', 'autograd_neural_net_regression.py:20: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_neural_net_regression', 'logprob', 'vmap'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_neural_net_regression', 'logprob', 'jit_grad'):
        ('REFUSED', 'autograd_neural_net_regression.py:20: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('autograd_rnn', 'concat_and_multiply', 'jvp'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'concat_and_multiply', 'vjp'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'concat_and_multiply', 'jacfwd'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'concat_and_multiply', 'jacrev'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'concat_and_multiply', 'vmap'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'concat_and_multiply', 'jit'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_predict', 'jvp'):
        ('REFUSED', 'autograd_rnn.py:26: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_predict', 'vjp'):
        ('REFUSED', 'autograd_rnn.py:29: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_predict', 'jacfwd'):
        ('REFUSED', 'autograd_rnn.py:26: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_predict', 'jacrev'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_predict', 'vmap'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_log_likelihood', 'grad'):
        ('REFUSED', 'autograd_rnn.py:29: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_log_likelihood', 'value_and_grad'):
        ('REFUSED', 'autograd_rnn.py:29: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_log_likelihood', 'jvp'):
        ('REFUSED', 'autograd_rnn.py:26: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_log_likelihood', 'vjp'):
        ('REFUSED', 'autograd_rnn.py:29: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_log_likelihood', 'jacfwd'):
        ('REFUSED', 'autograd_rnn.py:26: too many arguments in this call of `concat_and_multiply`'),
    ('autograd_rnn', 'rnn_log_likelihood', 'jacrev'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_log_likelihood', 'hessian'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_log_likelihood', 'vmap'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_rnn', 'rnn_log_likelihood', 'jit_grad'):
        ('REFUSED', 'autograd_rnn.py:19: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('autograd_sinusoid', 'fun.taylor', 'jit_grad'):
        ('REFUSED', 'autograd_sinusoid.py:18: the two branches of this `if` set values of different structures under jit (PyTreeDef((*, *, *, [(*, *, *, *, *, *, *)])) and PyTreeDef((*, *, *, [])))'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'value_and_grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jacfwd'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jacrev'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'hessian'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'vmap'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jit_grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are not supported'),
    ('gradbench_jax_gmm', 'gmm_objective', 'vmap'):
        ('REFUSED', 'gradbench_jax_gmm.py:37: s2s has no batching rule for jnp.zeros'),
    ('gradbench_jax_small', 'llsq.llsq', 'grad'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'value_and_grad'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'jvp'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'vjp'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'jacfwd'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'jacrev'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'hessian'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'vmap'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'jit'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'llsq.llsq', 'jit_grad'):
        ('REFUSED', 'gradbench_jax_small.py:47: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.ode', 'jvp'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.ode', 'vjp'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.ode', 'jacfwd'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.ode', 'jacrev'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.ode', 'vmap'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('gradbench_jax_small', 'ode.runge_kutta', 'jacfwd'):
        ('CRASH', "KeyError: 'f' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('gradbench_jax_small', 'ode.runge_kutta', 'jacrev'):
        ('REFUSED', 'gradbench_jax_small.py:70: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('gradbench_jax_small', 'ode.runge_kutta', 'vmap'):
        ('CRASH', "S2SError at gradbench_jax_small.py:70 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('jax_advi', 'diag_gaussian_logpdf', 'grad'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'value_and_grad'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'jvp'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'vjp'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'jacfwd'):
        ('CRASH', 'S2SError located at driver.py:459: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_advi', 'diag_gaussian_logpdf', 'jacrev'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'hessian'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'vmap'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'diag_gaussian_logpdf', 'jit'):
        ('CRASH', "S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (): TypeError: logpdf() missing 1 required positional argument: 'x'"),
    ('jax_advi', 'diag_gaussian_logpdf', 'jit_grad'):
        ('CRASH', 'S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (float64[], float64[], float64[]): TypeError: logpdf() takes 1 positional argument but 3 were given'),
    ('jax_advi', 'elbo', 'grad'):
        ('REFUSED', 'jax_advi.py:31: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_advi', 'elbo', 'value_and_grad'):
        ('REFUSED', 'jax_advi.py:31: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_advi', 'elbo', 'jacfwd'):
        ('CRASH', "KeyError: 'logprob' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('jax_advi', 'elbo', 'jacrev'):
        ('CRASH', "KeyError: 'vmap_logpdf' [s2s/frontend.py:61 lookup]"),
    ('jax_advi', 'elbo', 'hessian'):
        ('CRASH', "S2SError at jax_advi.py:31 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('jax_advi', 'elbo', 'vmap'):
        ('CRASH', "S2SError at jax_advi.py:31 wrapping TypeError: 'NoneType' object is not callable [s2s/passes/probe.py:162 traced]"),
    ('jax_advi', 'elbo', 'jit'):
        ('CRASH', "S2SError located at <s2s: jax.scipy.stats.norm.logpdf>:1: s2s could not trace `logpdf` on arguments of shapes (): TypeError: logpdf() missing 1 required positional argument: 'x'"),
    ('jax_advi', 'elbo', 'jit_grad'):
        ('CRASH', "KeyError: 'vmap_logpdf' [s2s/frontend.py:61 lookup]"),
    ('jax_advi', 'batch_elbo', 'grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'value_and_grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'jacfwd'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'jacrev'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'hessian'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'vmap'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'jit'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_advi', 'batch_elbo', 'jit_grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are not supported'),
    ('jax_differentially_private_sgd', 'clipped_grad', 'jvp'):
        ('CRASH', "TypeError: Argument 'PyTreeDef([(*, *), (), (), (*, *), (), (), (), (*, *), (), (*, *)])' of type '<class 'jaxlib._jax.pytree.PyTreeDef'>' is not a valid JAX type [s2s/by_jax.py:69 jvp_by_jax]"),
    ('jax_differentially_private_sgd', 'clipped_grad', 'vjp'):
        ('CRASH', "InvalidInputException: Argument 'PyTreeDef([(*, *), (), (), (*, *), (), (), (), (*, *), (), (*, *)])' of type <class 'jaxlib._jax.pytree.PyTreeDef'> is not a valid JAX type. [s2s/by_jax.py:84 vjp_by_jax]"),
    ('jax_differentially_private_sgd', 'clipped_grad', 'vmap'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'jvp'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'vjp'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'vmap'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'jit'):
        ('CRASH', 'ValueError: vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got len(in_axes)=3, len(args)=0 [s2s/vectorize.py:310 _axes_per_argument]'),
    ('jax_kernel_lsq', 'gram.linear', 'jacfwd'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.linear', 'jacrev'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.linear', 'vmap'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.linear', 'jit'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.rbf', 'jacfwd'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.rbf', 'jacrev'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.rbf', 'vmap'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_kernel_lsq', 'gram.rbf', 'jit'):
        ('REFUSED', 'jax_kernel_lsq.py:27: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jax_mnist_classifier_fromscratch', 'loss', 'hessian'):
        ('REFUSED', 'jax_mnist_classifier_fromscratch.py:20: s2s cannot transform its helper `dot_cotangent_b_jvp`, which the derivative of this line calls: s2s could not trace the jvp of `dot_cotangent_b` on arguments of shapes (float64[6, None], float64[6, No'),
    ('jax_optimizers', 'sgd.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sgd.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sgd.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sgd.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sgd.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sgd.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `sgd.<locals>.update` is wrapped by the decorator function `sgd.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'momentum.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `momentum.<locals>.update` is wrapped by the decorator function `momentum.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'nesterov.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `nesterov.<locals>.update` is wrapped by the decorator function `nesterov.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adagrad.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `adagrad.<locals>.update` is wrapped by the decorator function `adagrad.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'rmsprop.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `rmsprop.<locals>.update` is wrapped by the decorator function `rmsprop.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `adam.<locals>.update` is wrapped by the decorator function `adam.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adamax.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `adamax.<locals>.update` is wrapped by the decorator function `adamax.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sm3.update', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:119: `sm3.<locals>.update` is wrapped by the decorator function `sm3.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'sm3.update', 'jit'):
        ('REFUSED', 'jax_optimizers.py:119: `sm3.<locals>.update` is wrapped by the decorator function `sm3.<locals>.update`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'adam.get_params', 'jit'):
        ('REFUSED', 'jax_optimizers.py:138: `adam.<locals>.get_params` is wrapped by the decorator function `adam.<locals>.get_params`, which does more than call it: s2s would leave that out of the derivative'),
    ('jax_optimizers', 'l2_norm', 'grad'):
        ('CRASH', "TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'l2_norm', 'value_and_grad'):
        ('CRASH', "TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'l2_norm', 'vjp'):
        ('CRASH', "TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'l2_norm', 'jacrev'):
        ('CRASH', "S2SError at jax_optimizers.py:464 wrapping TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'l2_norm', 'hessian'):
        ('CRASH', "S2SError at jax_optimizers.py:464 wrapping TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'l2_norm', 'jit_grad'):
        ('CRASH', "TypeError: zeros_like requires ndarray or scalar arguments, got <class 'jaxlib._jax.pytree.PyTreeDef'> at position 0. [s2s/runtime.py:312 zeros_like]"),
    ('jax_optimizers', 'clip_grads', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'vjp'):
        ('CRASH', "NameError: name 'normalize' is not defined [s2s/api.py:388 vjp]"),
    ('jax_optimizers', 'clip_grads', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'jacrev'):
        ('CRASH', "S2SError at jax_optimizers.py:472 wrapping NameError: name 'normalize' is not defined [s2s/passes/probe.py:162 traced]"),
    ('jax_optimizers', 'clip_grads', 'vmap'):
        ('CRASH', "S2SError at jax_optimizers.py:472 wrapping NameError: name 'normalize' is not defined [s2s/passes/probe.py:162 traced]"),
    ('jax_stax', 'Dense', 'jvp'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Dense', 'vjp'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Dense', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Dense', 'jacrev'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Dense', 'vmap'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Dense', 'jit'):
        ('REFUSED', 'jax_stax.py:38: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'jvp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'vjp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'jacrev'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'vmap'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Tanh', 'jit'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'jvp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'vjp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'jacrev'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'vmap'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'LogSoftmax', 'jit'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'jvp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'vjp'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'jacrev'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'vmap'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Gelu', 'jit'):
        ('REFUSED', 'jax_stax.py:100: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'jvp'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'vjp'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'jacrev'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'vmap'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Conv', 'jit'):
        ('REFUSED', 'jax_stax.py:63: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'jvp'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'vjp'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'jacrev'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'vmap'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'BatchNorm', 'jit'):
        ('REFUSED', 'jax_stax.py:84: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'jvp'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'vjp'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'jacrev'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'vmap'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'MaxPool', 'jit'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'jvp'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'vjp'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'jacrev'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'vmap'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'AvgPool', 'jit'):
        ('REFUSED', 'jax_stax.py:159: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'jvp'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'vjp'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'jacrev'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'vmap'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'Flatten', 'jit'):
        ('REFUSED', 'jax_stax.py:200: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'jvp'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'vjp'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'jacrev'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'vmap'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanOut', 'jit'):
        ('REFUSED', 'jax_stax.py:221: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'jvp'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'vjp'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'jacrev'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'vmap'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInSum', 'jit'):
        ('REFUSED', 'jax_stax.py:228: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'jvp'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'vjp'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'jacrev'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'vmap'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'FanInConcat', 'jit'):
        ('REFUSED', 'jax_stax.py:242: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'jvp'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'vjp'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'jacrev'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'vmap'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.mlp', 'jit'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'jvp'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'vjp'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'jacrev'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'vmap'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'parallel', 'jit'):
        ('REFUSED', 'jax_stax.py:316: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'jvp'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'vjp'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'jacrev'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'vmap'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jax_stax', 'serial.residual', 'jit'):
        ('REFUSED', 'jax_stax.py:286: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'sparse_sigmoid', 'jacrev'):
        ('CRASH', "S2SError at jaxopt_projection.py:44 wrapping NameError: name 'projection_box_pullback' is not defined [s2s/passes/probe_record.py:303 call]"),
    ('jaxopt_loss', 'multiclass_sparsemax_loss', 'jacrev'):
        ('CRASH', "S2SError at jaxopt_projection.py:108 wrapping NameError: name 'projection_simplex_pullback' is not defined [s2s/passes/probe_record.py:303 call]"),
    ('jaxopt_loss', 'multiclass_sparsemax_loss', 'hessian'):
        ('REFUSED', 'jaxopt_projection.py:108: s2s cannot take the derivative of a function that returns a function (such as a vjp and its pullback)'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'grad'):
        ('REFUSED', 'jaxopt_loss.py:257: `make_fenchel_young_loss.<locals>.fy_loss` takes `*args`/`**kwargs` parameters, which s2s does not support in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'value_and_grad'):
        ('REFUSED', 'jaxopt_loss.py:257: `make_fenchel_young_loss.<locals>.fy_loss` takes `*args`/`**kwargs` parameters, which s2s does not support in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'jvp'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'vjp'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'jacfwd'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'jacrev'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'hessian'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'vmap'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'jit'):
        ('REFUSED', 'jaxopt_loss.py:257: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_loss', 'make_fenchel_young_loss', 'jit_grad'):
        ('REFUSED', 'jaxopt_loss.py:257: `make_fenchel_young_loss.<locals>.fy_loss` takes `*args`/`**kwargs` parameters, which s2s does not support in a transformed function'),
    ('jaxopt_objective', 'least_squares', 'grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'value_and_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'jvp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'vjp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'jacfwd'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'jacrev'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'hessian'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'vmap'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'jit'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'least_squares', 'jit_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.LeastSquares object at 0x7f22c5433310>`: it is not a Python function with source code (it is a LeastSquares)'),
    ('jaxopt_objective', 'ridge_regression', 'grad'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'jit'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'ridge_regression', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:118: s2s can only call names and module attributes (like `jnp.exp`)'),
    ('jaxopt_objective', 'multiclass_logreg', 'grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'value_and_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'jvp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'vjp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'jacfwd'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'jacrev'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'hessian'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'vmap'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'jit'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg', 'jit_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLogreg object at 0x7fc285d04390>`: it is not a Python function with source code (it is a MulticlassLogreg)'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'grad'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'jit'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg_with_intercept', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:194: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'grad'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'jit'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:220: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'grad'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'jit'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'l2_multiclass_logreg_with_intercept', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:250: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'binary_logreg', 'grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'value_and_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'jvp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'vjp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'jacfwd'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'jacrev'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'hessian'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'vmap'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'jit'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'binary_logreg', 'jit_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.BinaryLogreg object at 0x7f22c5103e90>`: it is not a Python function with source code (it is a BinaryLogreg)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'value_and_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jvp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'vjp'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jacfwd'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jacrev'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'hessian'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'vmap'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jit'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jit_grad'):
        ('CRASH', 'S2SError located at :?: cannot transform `jaxopt_objective.<jaxopt_objective.MulticlassLinearSvmDual object at 0x7f22c50c1390>`: it is not a Python function with source code (it is a MulticlassLinearSvmDual)'),
    ('jaxopt_projection', 'projection_non_negative', 'jvp'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_non_negative', 'vjp'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_non_negative', 'jacfwd'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_non_negative', 'jacrev'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_non_negative', 'vmap'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_non_negative', 'jit'):
        ('REFUSED', 'jaxopt_projection.py:36: `del` is not supported'),
    ('jaxopt_projection', 'projection_sparse_simplex', 'jit'):
        ('CRASH', 'S2SError at jaxopt_projection.py:196 wrapping TracerBoolConversionError: Attempted boolean conversion of traced array with shape bool[]. [s2s/control_flow_tapes.py:192 checked]'),
    ('jaxopt_projection', 'projection_l1_ball', 'jvp'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l1_ball', 'vjp'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l1_ball', 'jacfwd'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l1_ball', 'jacrev'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l1_ball', 'vmap'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l1_ball', 'jit'):
        ('REFUSED', 'jaxopt_projection.py:234: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_sphere', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_projection', 'projection_l2_sphere', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_projection', 'projection_l2_sphere', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_projection', 'projection_l2_sphere', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_projection', 'projection_l2_sphere', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_projection', 'projection_l2_ball', 'jvp'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_ball', 'vjp'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_ball', 'jacfwd'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_ball', 'jacrev'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_ball', 'vmap'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_l2_ball', 'jit'):
        ('REFUSED', 'jaxopt_projection.py:276: s2s does not know the argument `operand` of lax.cond'),
    ('jaxopt_projection', 'projection_hyperplane', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_hyperplane', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_hyperplane', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_hyperplane', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_hyperplane', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s cannot batch this statement (FunctionDef)'),
    ('jaxopt_projection', 'projection_halfspace', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_halfspace', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_halfspace', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_halfspace', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_halfspace', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s cannot batch this statement (FunctionDef)'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jit'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'tree_add', 'jvp'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_add', 'vjp'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_add', 'jacfwd'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_add', 'jacrev'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_add', 'vmap'):
        ('CRASH', 'S2SError located at <s2s: tree_map bound>:2: s2s could not trace `tree_map_partial` on arguments of shapes (tree, tree): TypeError: tree_map_partial() takes 1 positional argument but 2 were given'),
    ('jaxopt_tree_util', 'tree_add', 'jit'):
        ('CRASH', 'TypeError: tree_map_partial_jit() takes 1 positional argument but 2 were given [s2s/control_flow_tapes.py:192 checked]'),
    ('jaxopt_tree_util', 'tree_sub', 'jvp'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_sub', 'vjp'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_sub', 'jacfwd'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_sub', 'jacrev'):
        ('CRASH', 'TypeError: tree_map_partial() takes 1 arguments but 2 were given [s2s/api.py:194 _compute_defaults]'),
    ('jaxopt_tree_util', 'tree_sub', 'vmap'):
        ('CRASH', 'S2SError located at <s2s: tree_map bound>:2: s2s could not trace `tree_map_partial` on arguments of shapes (tree, tree): TypeError: tree_map_partial() takes 1 positional argument but 2 were given'),
    ('jaxopt_tree_util', 'tree_sub', 'jit'):
        ('CRASH', 'TypeError: tree_map_partial_jit() takes 1 positional argument but 2 were given [s2s/control_flow_tapes.py:192 checked]'),
    ('jaxopt_tree_util', 'tree_scalar_mul', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_scalar_mul', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_scalar_mul', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_scalar_mul', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_scalar_mul', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s cannot batch this statement (FunctionDef)'),
    ('jaxopt_tree_util', 'tree_add_scalar_mul', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_add_scalar_mul', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_add_scalar_mul', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_add_scalar_mul', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_add_scalar_mul', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:90: s2s cannot batch this statement (FunctionDef)'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'value_and_grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'hessian'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'jit'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm', 'jit_grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'value_and_grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'hessian'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'jit'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_l2_norm.squared', 'jit_grad'):
        ('REFUSED', 'jaxopt_tree_util.py:139: s2s does not know the array attribute `.real`'),
    ('jaxopt_tree_util', 'tree_average', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:162: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_average', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:162: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_average', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:162: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_average', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:162: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_tree_util', 'tree_average', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:162: s2s cannot batch this statement (FunctionDef)'),
    ('jaxopt_tree_util', 'tree_gram', 'jvp'):
        ('CRASH', "KeyError: 'vmap_right' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('jaxopt_tree_util', 'tree_gram', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:176: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jaxopt_tree_util', 'tree_gram', 'jacfwd'):
        ('CRASH', "KeyError: 'vmap_right' [s2s/passes/forward_tangents.py:229 _find_def]"),
    ('jaxopt_tree_util', 'tree_gram', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:176: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jaxopt_tree_util', 'tree_gram', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:176: s2s has no batching rule for `vmap_right`'),
    ('jaxopt_tree_util', 'tree_where', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:203: too many arguments in this call of `broadcast_pytrees`'),
    ('jaxopt_tree_util', 'tree_where', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:203: too many arguments in this call of `broadcast_pytrees`'),
    ('jaxopt_tree_util', 'tree_where', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:203: too many arguments in this call of `broadcast_pytrees`'),
    ('jaxopt_tree_util', 'tree_where', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('jaxopt_tree_util', 'tree_where', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:34: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('optax_classification', 'sigmoid_binary_cross_entropy', 'vmap'):
        ('REFUSED', 'optax_classification.py:69: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'perceptron_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'perceptron_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'perceptron_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'safe_softmax_cross_entropy', 'vmap'):
        ('REFUSED', 'optax_classification.py:181: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'softmax_cross_entropy', 'jvp'):
        ('REFUSED', "optax_classification.py:254: s2s's rule for `jax.nn.log_softmax` has no parameter `where`"),
    ('optax_classification', 'softmax_cross_entropy', 'vjp'):
        ('REFUSED', "optax_classification.py:256: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'softmax_cross_entropy', 'jacfwd'):
        ('REFUSED', "optax_classification.py:254: s2s's rule for `jax.nn.log_softmax` has no parameter `where`"),
    ('optax_classification', 'softmax_cross_entropy', 'jacrev'):
        ('REFUSED', "optax_classification.py:256: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'softmax_cross_entropy', 'vmap'):
        ('REFUSED', 'optax_classification.py:250: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'jvp'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'vjp'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'jacfwd'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'jacrev'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'vmap'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'softmax_cross_entropy_with_integer_labels', 'jit'):
        ('REFUSED', 'optax_classification.py:366: s2s does not know the method `.take()`'),
    ('optax_classification', 'poly_loss_cross_entropy', 'jvp'):
        ('REFUSED', "optax_classification.py:480: s2s's rule for `jax.nn.softmax` has no parameter `where`"),
    ('optax_classification', 'poly_loss_cross_entropy', 'vjp'):
        ('REFUSED', "optax_classification.py:481: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'poly_loss_cross_entropy', 'jacfwd'):
        ('REFUSED', "optax_classification.py:480: s2s's rule for `jax.nn.softmax` has no parameter `where`"),
    ('optax_classification', 'poly_loss_cross_entropy', 'jacrev'):
        ('REFUSED', "optax_classification.py:256: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'poly_loss_cross_entropy', 'vmap'):
        ('REFUSED', 'optax_classification.py:478: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'kl_divergence', 'jvp'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence', 'vjp'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence', 'jacfwd'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence', 'jacrev'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence', 'vmap'):
        ('REFUSED', 'optax_classification.py:518: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'kl_divergence_with_log_targets', 'jvp'):
        ('REFUSED', "optax_classification.py:555: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence_with_log_targets', 'vjp'):
        ('REFUSED', "optax_classification.py:555: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence_with_log_targets', 'jacfwd'):
        ('REFUSED', "optax_classification.py:555: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence_with_log_targets', 'jacrev'):
        ('REFUSED', "optax_classification.py:555: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'kl_divergence_with_log_targets', 'vmap'):
        ('REFUSED', 'optax_classification.py:551: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'generalized_kl_divergence', 'jvp'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'generalized_kl_divergence', 'vjp'):
        ('REFUSED', "optax_classification.py:598: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'generalized_kl_divergence', 'jacfwd'):
        ('REFUSED', "optax_classification.py:523: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'generalized_kl_divergence', 'jacrev'):
        ('REFUSED', "optax_classification.py:598: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_classification', 'generalized_kl_divergence', 'vmap'):
        ('REFUSED', 'optax_classification.py:518: s2s cannot batch a call whose value is thrown away'),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'jvp'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/api.py:76 _run_jvp]"),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'vjp'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/api.py:388 vjp]"),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'jacrev'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'vmap'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss_with_forward_probs', 'jit'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/control_flow_tapes.py:192 checked]"),
    ('optax_classification', 'ctc_loss', 'jvp'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/api.py:76 _run_jvp]"),
    ('optax_classification', 'ctc_loss', 'vjp'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/api.py:388 vjp]"),
    ('optax_classification', 'ctc_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:32: s2s has no rule for `builtins.hasattr`'),
    ('optax_classification', 'ctc_loss', 'jit'):
        ('CRASH', "AttributeError: 'tuple' object has no attribute 'shape' [s2s/control_flow_tapes.py:192 checked]"),
    ('optax_classification', 'sigmoid_focal_loss', 'vmap'):
        ('REFUSED', 'optax_classification.py:857: s2s cannot batch a call whose value is thrown away'),
    ('optax_ranking', 'ranking_softmax_loss', 'grad'):
        ('REFUSED', "optax_ranking.py:121: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_ranking', 'ranking_softmax_loss', 'value_and_grad'):
        ('REFUSED', "optax_ranking.py:121: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_ranking', 'ranking_softmax_loss', 'jvp'):
        ('REFUSED', "optax_ranking.py:121: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_ranking', 'ranking_softmax_loss', 'vjp'):
        ('REFUSED', "optax_ranking.py:121: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_ranking', 'ranking_softmax_loss', 'jacfwd'):
        ('REFUSED', "optax_ranking.py:121: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_ranking', 'ranking_softmax_loss', 'jacrev'):
        ('REFUSED', 'optax_ranking.py:55: `BitAnd` is not supported by s2s'),
    ('optax_ranking', 'ranking_softmax_loss', 'hessian'):
        ('REFUSED', 'optax_ranking.py:55: `BitAnd` is not supported by s2s'),
    ('optax_ranking', 'ranking_softmax_loss', 'vmap'):
        ('REFUSED', 'optax_ranking.py:55: `BitAnd` is not supported by s2s'),
    ('optax_ranking', 'ranking_softmax_loss', 'jit_grad'):
        ('REFUSED', 'optax_ranking.py:55: `BitAnd` is not supported by s2s'),
    ('optax_regression', 'squared_error', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'squared_error', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'squared_error', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'l2_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'l2_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'l2_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_regression', 'l2_loss.no_targets', 'vmap'):
        ('REFUSED', 'optax_regression.py:37: s2s cannot batch a call whose value is thrown away'),
    ('optax_regression', 'huber_loss', 'vmap'):
        ('REFUSED', 'optax_regression.py:92: s2s cannot batch a call whose value is thrown away'),
    ('optax_regression', 'log_cosh', 'vmap'):
        ('REFUSED', 'optax_regression.py:125: s2s cannot batch a call whose value is thrown away'),
    ('optax_regression', 'cosine_similarity', 'jvp'):
        ('REFUSED', "optax_regression.py:177: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_similarity', 'vjp'):
        ('REFUSED', "optax_regression.py:184: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_similarity', 'jacfwd'):
        ('REFUSED', "optax_regression.py:177: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_similarity', 'jacrev'):
        ('REFUSED', "optax_regression.py:184: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_similarity', 'vmap'):
        ('REFUSED', 'optax_regression.py:167: s2s cannot batch a call whose value is thrown away'),
    ('optax_regression', 'cosine_distance', 'jvp'):
        ('REFUSED', "optax_regression.py:177: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_distance', 'vjp'):
        ('REFUSED', "optax_regression.py:184: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_distance', 'jacfwd'):
        ('REFUSED', "optax_regression.py:177: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_distance', 'jacrev'):
        ('REFUSED', "optax_regression.py:184: s2s's rule for `jnp.sum` has no parameter `where`"),
    ('optax_regression', 'cosine_distance', 'vmap'):
        ('REFUSED', 'optax_regression.py:221: s2s cannot batch a call whose value is thrown away'),
    ('optax_segmentation', 'dice_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'dice_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'dice_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'dice_loss', 'jit'):
        ('REFUSED', 'optax_segmentation.py:151: `raise` under this `if`, whose condition is traced under jit: the check would run when the program is traced, not when it runs'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'hessian'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'jit_grad'):
        ('REFUSED', 'optax_segmentation.py:151: `raise` under this `if`, whose condition is traced under jit: the check would run when the program is traced, not when it runs'),
    ('optax_segmentation', 'binary_dice_loss', 'jacfwd'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'binary_dice_loss', 'jacrev'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_segmentation', 'binary_dice_loss', 'vmap'):
        ('REFUSED', '_optax_utils.py:24: s2s has no rule for `builtins.hasattr`'),
    ('optax_self_supervised', 'ntxent', 'grad'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'value_and_grad'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'jvp'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'vjp'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'jacfwd'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'jacrev'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'hessian'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'vmap'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'jit'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'ntxent', 'jit_grad'):
        ('REFUSED', 'optax_self_supervised.py:99: `BitXor` is not supported by s2s'),
    ('optax_self_supervised', 'triplet_margin_loss', 'vmap'):
        ('REFUSED', 'optax_self_supervised.py:168: s2s cannot batch a call whose value is thrown away'),
    ('optax_smoothing', 'smooth_labels', 'vmap'):
        ('REFUSED', 'optax_smoothing.py:42: s2s cannot batch a call whose value is thrown away'),
    ('scipy_go_funcs_A', 'Ackley01', 'grad'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_A', 'Ackley01', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_A.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BiggsExp05', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_B', 'BoxBetts', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_B.py:98: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Colville', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_C', 'Corana', 'jit'):
        ('CRASH', 'S2SError located at <s2s: Corana.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_C', 'Corana', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_C.py:102: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Damavandi', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:50: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'DixonPrice', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:113: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_D', 'Dolan', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Eckerle4', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:60: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_E', 'Exp2', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_E.py:99: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'GoldsteinPrice', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:49: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Griewank', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:97: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_G', 'Gulf', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_G.py:143: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann3', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:78: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'Hartmann6', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:164: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_H', 'HelicalValley', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_H.py:214: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'grad'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_J', 'Judge', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_J.py:72: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Katsuura', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_K', 'Kowalik', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_K.py:109: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'LennardJones', 'jit'):
        ('CRASH', 'S2SError located at <s2s: LennardJones.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_L', 'LennardJones', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_L', 'Levy03', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_L.py:155: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Meyer', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:42: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Michalewicz', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:83: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_M', 'Mishra09', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_M.py:132: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'grad'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jit'):
        ('CRASH', 'S2SError located at <s2s: NeedleEye.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_N.py:54: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'grad'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_O', 'OddSquare', 'jit'):
        ('CRASH', 'S2SError located at <s2s: OddSquare.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_O', 'OddSquare', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_O.py:64: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty01', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:68: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Penalty02', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:130: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'PermFunction01', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:181: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_P', 'Powell', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_P.py:222: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Rastrigin', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:45: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky01', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:73: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'Ratkowsky02', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:122: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_R', 'RosenbrockModified', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_R.py:165: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shekel05', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:76: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'Shubert01', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:115: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_S', 'StyblinskiTang', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_S.py:156: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Thurber', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:46: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trid', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:90: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_T', 'Trigonometric02', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_T.py:133: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Watson', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Weierstrass', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:116: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_W', 'Whitley', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_W.py:167: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'grad'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_X', 'Xor', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_X.py:56: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jit'):
        ('CRASH', 'S2SError located at <s2s: ZeroSum.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:47: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jit'):
        ('CRASH', 'S2SError located at <s2s: Zimmerman.fun bound>:3: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:104: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
    ('scipy_go_funcs_Z', 'Zacharov', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:162: `*args`/`**kwargs` parameters are not supported in a transformed function'),
}
