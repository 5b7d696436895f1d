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
        ('REFUSED', 'adbench_autograd_gmm.py:38: this line needs a concrete shape or slice bound (`jnp.zeros(n)`, `x[i:]`), but the value is traced under jit'),
    ('adbench_autograd_gmm', 'log_wishart_prior', 'jit_grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'constructL', 'jit'):
        ('REFUSED', 'adbench_autograd_gmm.py:49: this line needs a concrete shape or slice bound (`jnp.zeros(n)`, `x[i:]`), but the value is traced under jit'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jacfwd'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jacrev'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'gmm_objective', 'vmap'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jit'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: this line turns a traced value into a NumPy array (np.asarray, float(x)) under jit'),
    ('adbench_autograd_gmm', 'gmm_objective', 'jit_grad'):
        ('REFUSED', 'adbench_autograd_gmm.py:26: s2s has no rule for `scipy.special._spfun_stats.multigammaln`'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jvp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'vjp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:34: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jacfwd'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'jacrev'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.predictions', 'vmap'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jvp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'vjp'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:34: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jacfwd'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'jacrev'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
    ('autograd_bayesian_neural_net', 'make_nn_funs.logprob', 'vmap'):
        ('REFUSED', 'autograd_bayesian_neural_net.py:24: generators (`yield`) are not supported'),
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
    ('autograd_fluidsim', 'simulate', 'jacfwd'):
        ('REFUSED', 'autograd_fluidsim.py:62: s2s can batch a tuple index whose batched parts are one integer per example'),
    ('autograd_fluidsim', 'simulate', 'vmap'):
        ('REFUSED', 'autograd_fluidsim.py:62: s2s can batch a tuple index whose batched parts are one integer per example'),
    ('autograd_fluidsim', 'simulate', 'jit'):
        ('REFUSED', 'autograd_fluidsim.py:72: `raise` under this `for`, whose condition is traced under jit: the check would run when the program is traced, not when it runs'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jit'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: this line needs a Python int (`int(x)`, `range(x)`, an index into a Python list), but the value is traced under jit'),
    ('autograd_generative_adversarial_net', 'gan_objective', 'jit_grad'):
        ('REFUSED', 'autograd_generative_adversarial_net.py:46: this line needs a Python int (`int(x)`, `range(x)`, an index into a Python list), but the value is traced under jit'),
    ('autograd_gmm', 'gmm_log_likelihood', 'grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'value_and_grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jvp'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'vjp'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jacfwd'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jacrev'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'hessian'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'vmap'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jit'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_gmm', 'gmm_log_likelihood', 'jit_grad'):
        ('REFUSED', 'autograd_gmm.py:29: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_hmm_em', 'log_partition_function', 'jacrev'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_hmm_em', 'log_partition_function', 'hessian'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_hmm_em', 'log_partition_function', 'jit_grad'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jacrev'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'hessian'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_hmm_em', 'log_partition_function.list_of_sequences', 'jit_grad'):
        ('REFUSED', 'autograd_hmm_em.py:26: the nested function `log_partition_function` calls itself; s2s cannot inline it'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'grad'):
        ('REFUSED', "autograd_mixture_variational_inference.py:44: s2s cannot differentiate this call of `sample_diag_gaussian` by JAX: it is passed a NumPy random state, and JAX's derivative runs the call again, drawing other numbers than the value's"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'value_and_grad'):
        ('REFUSED', "autograd_mixture_variational_inference.py:44: s2s cannot differentiate this call of `sample_diag_gaussian` by JAX: it is passed a NumPy random state, and JAX's derivative runs the call again, drawing other numbers than the value's"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jacfwd'):
        ('REFUSED', "autograd_mixture_variational_inference.py:44: s2s cannot differentiate this call of `sample_diag_gaussian` by JAX: it is passed a NumPy random state, and JAX's derivative runs the call again, drawing other numbers than the value's"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jacrev'):
        ('REFUSED', "autograd_mixture_variational_inference.py:44: s2s cannot differentiate this call of `sample_diag_gaussian` by JAX: it is passed a NumPy random state, and JAX's derivative runs the call again, drawing other numbers than the value's"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'hessian'):
        ('REFUSED', "autograd_mixture_variational_inference.py:44: s2s cannot differentiate this call of `sample_diag_gaussian` by JAX: it is passed a NumPy random state, and JAX's derivative runs the call again, drawing other numbers than the value's"),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jit'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: this line needs a Python int (`int(x)`, `range(x)`, an index into a Python list), but the value is traced under jit'),
    ('autograd_mixture_variational_inference', 'variational_lower_bound', 'jit_grad'):
        ('REFUSED', 'autograd_mixture_variational_inference.py:38: this line needs a Python int (`int(x)`, `range(x)`, an index into a Python list), but the value is traced under jit'),
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
    ('autograd_neural_net_regression', 'logprob', 'vmap'):
        ('REFUSED', 'autograd_neural_net_regression.py:30: this call of `nn_predict` leaves `nonlinearity` to a default s2s cannot copy'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'value_and_grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jacfwd'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jacrev'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'hessian'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'vmap'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('autograd_variational_autoencoder', 'vae_lower_bound', 'jit_grad'):
        ('REFUSED', 'autograd_variational_autoencoder.py:31: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('gradbench_jax_small', 'ode.ode', 'jvp'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s cannot apply `vmap` here to a nested function or lambda: it may close over values being differentiated or batched, which JAX would take for constants'),
    ('gradbench_jax_small', 'ode.ode', 'vjp'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s cannot apply `vmap` here to a nested function or lambda: it may close over values being differentiated or batched, which JAX would take for constants'),
    ('gradbench_jax_small', 'ode.ode', 'jacfwd'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s cannot apply `vmap` here to a nested function or lambda: it may close over values being differentiated or batched, which JAX would take for constants'),
    ('gradbench_jax_small', 'ode.ode', 'jacrev'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s cannot apply `vmap` here to a nested function or lambda: it may close over values being differentiated or batched, which JAX would take for constants'),
    ('gradbench_jax_small', 'ode.ode', 'vmap'):
        ('REFUSED', 'gradbench_jax_small.py:60: s2s cannot apply `vmap` here to a nested function or lambda: it may close over values being differentiated or batched, which JAX would take for constants'),
    ('jax_advi', 'batch_elbo', 'grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'value_and_grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'jacfwd'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'jacrev'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'hessian'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'vmap'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'jit'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_advi', 'batch_elbo', 'jit_grad'):
        ('REFUSED', 'jax_advi.py:38: star-arguments (`*args`) are supported only of a literal tuple or list the function assigns once and reads only by `*` or index'),
    ('jax_differentially_private_sgd', 'clipped_grad', 'vmap'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'jvp'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'vjp'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'vmap'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_differentially_private_sgd', 'private_grad', 'jit'):
        ('REFUSED', 'jax_differentially_private_sgd.py:50: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
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
    ('jax_optimizers', 'l2_norm', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:465: s2s needs the rank of this value to batch it, and it changes from one pass to the next'),
    ('jax_optimizers', 'l2_norm', 'hessian'):
        ('REFUSED', 'jax_optimizers.py:465: s2s needs to know the shape to batch this call, and it is not a constant'),
    ('jax_optimizers', 'clip_grads', 'jvp'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'vjp'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'jacfwd'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'jacrev'):
        ('REFUSED', 'jax_optimizers.py:472: s2s has no rule for `jax._src.tree.map` and hands it to JAX, which takes `normalize` as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jax_optimizers', 'clip_grads', 'vmap'):
        ('REFUSED', 'jax_optimizers.py:471: s2s cannot batch this statement (FunctionDef)'),
    ('jax_stax', 'MaxPool', 'jvp'):
        ('REFUSED', 'jax_stax.py:162: s2s has no rule for `None`'),
    ('jax_stax', 'MaxPool', 'vjp'):
        ('REFUSED', 'jax_stax.py:162: s2s has no rule for `None`'),
    ('jax_stax', 'MaxPool', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:162: s2s has no rule for `None`'),
    ('jax_stax', 'MaxPool', 'jacrev'):
        ('REFUSED', 'jax_stax.py:162: s2s has no rule for `None`'),
    ('jax_stax', 'MaxPool', 'vmap'):
        ('REFUSED', 'jax_stax.py:162: s2s has no rule for `None`'),
    ('jax_stax', 'serial.mlp', 'jvp'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot differentiate this call of `fun`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'serial.mlp', 'vjp'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'serial.mlp', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot differentiate this call of `fun`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'serial.mlp', 'jacrev'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'serial.mlp', 'vmap'):
        ('REFUSED', 'jax_stax.py:290: s2s has no batching rule for `fun`'),
    ('jax_stax', 'parallel', 'jvp'):
        ('REFUSED', 'jax_stax.py:319: s2s cannot differentiate this call of `f`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'parallel', 'vjp'):
        ('REFUSED', 'jax_stax.py:319: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'parallel', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:319: s2s cannot differentiate this call of `f`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'parallel', 'jacrev'):
        ('REFUSED', 'jax_stax.py:319: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'parallel', 'vmap'):
        ('REFUSED', 'jax_stax.py:319: s2s has no batching rule for `f`'),
    ('jax_stax', 'serial.residual', 'jvp'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot differentiate this call of `fun`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'serial.residual', 'vjp'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'serial.residual', 'jacfwd'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot differentiate this call of `fun`, a function the code computes or is passed (not a `def` it can see)'),
    ('jax_stax', 'serial.residual', 'jacrev'):
        ('REFUSED', 'jax_stax.py:290: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('jax_stax', 'serial.residual', 'vmap'):
        ('REFUSED', 'jax_stax.py:290: s2s has no batching rule for `fun`'),
    ('jaxopt_objective', 'least_squares', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'least_squares', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:63: s2s has no rule for `_jaxopt_base.LinearOperator`'),
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
        ('REFUSED', 'jaxopt_objective.py:131: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:131: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_logreg', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_logreg', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:131: s2s has no rule for `jaxopt_loss.multiclass_logistic_loss`'),
    ('jaxopt_objective', 'multiclass_logreg', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_logreg', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_logreg', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_logreg', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:135: s2s has no rule for `_jaxopt_base.LinearOperator`'),
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
        ('REFUSED', 'jaxopt_objective.py:261: s2s has no rule for `jaxopt_loss.binary_logistic_loss`'),
    ('jaxopt_objective', 'binary_logreg', 'value_and_grad'):
        ('REFUSED', 'jaxopt_objective.py:261: s2s has no rule for `jaxopt_loss.binary_logistic_loss`'),
    ('jaxopt_objective', 'binary_logreg', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'binary_logreg', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'binary_logreg', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:261: s2s has no rule for `jaxopt_loss.binary_logistic_loss`'),
    ('jaxopt_objective', 'binary_logreg', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'binary_logreg', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'binary_logreg', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'binary_logreg', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:265: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jvp'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'vjp'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jacfwd'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jacrev'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'hessian'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'vmap'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
    ('jaxopt_objective', 'multiclass_linear_svm_dual', 'jit_grad'):
        ('REFUSED', 'jaxopt_objective.py:316: s2s has no rule for `_jaxopt_base.LinearOperator`'),
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
        ('REFUSED', 'jaxopt_projection.py:139: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
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
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_l2_sphere', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_l2_sphere', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_l2_sphere', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s has no rule for `jax.tree_util.tree_map` and hands it to JAX, which takes a lambda as a constant, but it reads a differentiated value (a variable of this function)'),
    ('jaxopt_projection', 'projection_l2_sphere', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:85: s2s cannot batch this statement (FunctionDef)'),
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
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'broadcast_pytrees', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
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
    ('jaxopt_tree_util', 'tree_gram', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:176: s2s has no batching rule for `vmap_right`'),
    ('jaxopt_tree_util', 'tree_where', 'jvp'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'tree_where', 'vjp'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'tree_where', 'jacfwd'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'tree_where', 'jacrev'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('jaxopt_tree_util', 'tree_where', 'vmap'):
        ('REFUSED', 'jaxopt_tree_util.py:63: s2s has no rule for `itertools.repeat`'),
    ('optax_ranking', 'ranking_softmax_loss', 'jacrev'):
        ('REFUSED', 'optax_ranking.py:42: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('optax_ranking', 'ranking_softmax_loss', 'hessian'):
        ('REFUSED', 'optax_ranking.py:42: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('optax_ranking', 'ranking_softmax_loss', 'jit_grad'):
        ('REFUSED', 'optax_ranking.py:42: s2s cannot yet differentiate a call of a nested function in reverse mode'),
    ('optax_segmentation', 'dice_loss', 'jit'):
        ('REFUSED', 'optax_segmentation.py:151: `raise` under this `if`, whose condition is traced under jit: the check would run when the program is traced, not when it runs'),
    ('optax_segmentation', 'multiclass_generalized_dice_loss', 'jit_grad'):
        ('REFUSED', 'optax_segmentation.py:151: `raise` under this `if`, whose condition is traced under jit: the check would run when the program is traced, not when it runs'),
    ('scipy_go_funcs_C', 'Corana', 'jit'):
        ('REFUSED', 'scipy_go_funcs_C.py:109: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_D', 'Damavandi', 'grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'value_and_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'jvp'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'vjp'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'jacrev'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'hessian'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_D', 'Damavandi', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_D.py:53: `try` statements are not supported'),
    ('scipy_go_funcs_L', 'LennardJones', 'jit'):
        ('REFUSED', 'scipy_go_funcs_L.py:105: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jacfwd'):
        ('REFUSED', 'scipy_go_funcs_N.py:68: s2s could not see the shape of `f_dot` here (this line did not run when s2s traced one example)'),
    ('scipy_go_funcs_N', 'NeedleEye', 'vmap'):
        ('REFUSED', 'scipy_go_funcs_N.py:68: s2s could not see the shape of `f` here (this line did not run when s2s traced one example)'),
    ('scipy_go_funcs_N', 'NeedleEye', 'jit'):
        ('REFUSED', 'scipy_go_funcs_N.py:61: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_O', 'OddSquare', 'grad'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'value_and_grad'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'jvp'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'vjp'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'jacfwd'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'jacrev'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'hessian'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_O', 'OddSquare', 'vmap'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s differentiates and batches Python's `max` of two or more values, not of one array's items"),
    ('scipy_go_funcs_O', 'OddSquare', 'jit'):
        ('REFUSED', 'scipy_go_funcs_O.py:67: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_O', 'OddSquare', 'jit_grad'):
        ('REFUSED', "scipy_go_funcs_O.py:67: s2s's rule for `max` takes (x, y); `y` is missing"),
    ('scipy_go_funcs_Z', 'ZeroSum', 'jit'):
        ('REFUSED', 'scipy_go_funcs_Z.py:50: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jit'):
        ('REFUSED', 'scipy_go_funcs_Z.py:119: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
    ('scipy_go_funcs_Z', 'Zimmerman', 'jit_grad'):
        ('REFUSED', 'scipy_go_funcs_Z.py:119: this line needs a Python bool (`bool(x)`, `x and y`), but the value is traced under jit'),
}
