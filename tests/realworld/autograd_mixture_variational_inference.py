# Copied from https://github.com/HIPS/autograd
#   path:    examples/mixture_variational_inference.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: diag_gaussian_log_density, unpack_gaussian_params, variational_log_density_gaussian, sample_diag_gaussian, variational_lower_bound, init_gaussian_var_params, log_normalize, build_mog_bbsvi.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.numpy.random as npr` -> `import numpy.random as npr`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   `from autograd.scipy.stats import norm` -> `from jax.scipy.stats import norm`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import numpy.random as npr
from jax.scipy.special import logsumexp
from jax.scipy.stats import norm


def diag_gaussian_log_density(x, mu, log_std):
    return np.sum(norm.logpdf(x, mu, np.exp(log_std)), axis=-1)


def unpack_gaussian_params(params):
    # Variational dist is a diagonal Gaussian.
    D = np.shape(params)[0] // 2
    mean, log_std = params[:D], params[D:]
    return mean, log_std


def variational_log_density_gaussian(params, x):
    mean, log_std = unpack_gaussian_params(params)
    return diag_gaussian_log_density(x, mean, log_std)


def sample_diag_gaussian(params, num_samples, rs):
    mean, log_std = unpack_gaussian_params(params)
    D = np.shape(mean)[0]
    return rs.randn(num_samples, D) * np.exp(log_std) + mean


def variational_lower_bound(params, t, logprob, sampler, log_density, num_samples, rs):
    """Provides a stochastic estimate of the variational lower bound,
    for any variational family and model density."""
    samples = sampler(params, num_samples, rs)
    log_qs = log_density(params, samples)
    log_ps = logprob(samples, t)
    log_ps = np.reshape(log_ps, (num_samples, -1))
    log_qs = np.reshape(log_qs, (num_samples, -1))
    return np.mean(log_ps - log_qs)


def init_gaussian_var_params(D, mean_mean=-1, log_std_mean=-5, scale=0.1, rs=None):
    rs = rs if rs is not None else npr.RandomState(0)
    init_mean = mean_mean * np.ones(D) + rs.randn(D) * scale
    init_log_std = log_std_mean * np.ones(D) + rs.randn(D) * scale
    return np.concatenate([init_mean, init_log_std])


def log_normalize(x):
    return x - logsumexp(x)


def build_mog_bbsvi(logprob, num_samples, k=10, rs=None):
    rs = rs if rs is not None else npr.RandomState(0)
    init_component_var_params = init_gaussian_var_params
    component_log_density = variational_log_density_gaussian
    component_sample = sample_diag_gaussian

    def unpack_mixture_params(mixture_params):
        log_weights = log_normalize(mixture_params[:k])
        var_params = np.reshape(mixture_params[k:], (k, -1))
        return log_weights, var_params

    def init_var_params(D, rs=None, **kwargs):
        rs = rs if rs is not None else npr.RandomState(0)
        log_weights = np.ones(k)
        component_weights = [init_component_var_params(D, rs=rs, **kwargs) for i in range(k)]
        return np.concatenate([log_weights] + component_weights)

    def sample(var_mixture_params, num_samples, rs):
        """Sample locations aren't a continuous function of parameters
        due to multinomial sampling."""
        log_weights, var_params = unpack_mixture_params(var_mixture_params)
        samples = np.concatenate(
            [component_sample(params_k, num_samples, rs)[:, np.newaxis, :] for params_k in var_params],
            axis=1,
        )
        ixs = np.random.choice(k, size=num_samples, p=np.exp(log_weights))
        return np.array([samples[i, ix, :] for i, ix in enumerate(ixs)])

    def mixture_log_density(var_mixture_params, x):
        """Returns a weighted average over component densities."""
        log_weights, var_params = unpack_mixture_params(var_mixture_params)
        component_log_densities = np.vstack(
            [component_log_density(params_k, x) for params_k in var_params]
        ).T
        return logsumexp(component_log_densities + log_weights, axis=1, keepdims=False)

    def mixture_elbo(var_mixture_params, t):
        # We need to only sample the continuous component parameters,
        # and integrate over the discrete component choice

        def mixture_lower_bound(params):
            """Provides a stochastic estimate of the variational lower bound."""
            samples = component_sample(params, num_samples, rs)
            log_qs = mixture_log_density(var_mixture_params, samples)
            log_ps = logprob(samples, t)
            log_ps = np.reshape(log_ps, (num_samples, -1))
            log_qs = np.reshape(log_qs, (num_samples, -1))
            return np.mean(log_ps - log_qs)

        log_weights, var_params = unpack_mixture_params(var_mixture_params)
        component_elbos = np.stack([mixture_lower_bound(params_k) for params_k in var_params])
        return np.sum(component_elbos * np.exp(log_weights))

    return init_var_params, mixture_elbo, mixture_log_density, sample


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

def _log_density(x, t):            # a user's model density, as in the file's __main__
    return -0.5 * np.sum(x ** 2, axis=1) + 0.1 * t


def _elbo():
    return build_mog_bbsvi(_log_density, num_samples=3, k=2, rs=npr.RandomState(0))[1]


SPECS = [
    Spec("variational_log_density_gaussian", variational_log_density_gaussian,
         lambda r: (normal(r, 4, scale=0.5), normal(r, 3, 2)), argnums=(0, 1)),
    Spec("variational_lower_bound", variational_lower_bound,
         lambda r: (normal(r, 4, scale=0.5), 0.0, _log_density, sample_diag_gaussian,
                    variational_log_density_gaussian, 3, npr.RandomState(0)), fd_ok=False),
    Spec("build_mog_bbsvi.mixture_log_density", build_mog_bbsvi(_log_density, 3, k=2)[2],
         lambda r: (normal(r, 2 + 2 * 4, scale=0.5), normal(r, 3, 2)), argnums=(0, 1)),
    Spec("build_mog_bbsvi.mixture_elbo", None, lambda r: (normal(r, 2 + 2 * 4, scale=0.5), 0.0),
         build=_elbo, fd_ok=False),
]
