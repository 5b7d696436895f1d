# Copied from https://github.com/HIPS/autograd
#   path:    examples/variational_autoencoder.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: diag_gaussian_log_density, unpack_gaussian_params, sample_diag_gaussian, bernoulli_log_density, relu, batch_normalize, neural_net_predict, nn_predict_gaussian, p_images_given_latents, vae_lower_bound.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.numpy.random as npr` -> `import numpy.random as npr`
#   `from autograd.scipy.stats import norm` -> `from jax.scipy.stats import norm`
#   `from autograd.scipy.special import expit as sigmoid` -> `from jax.scipy.special import expit as sigmoid`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import numpy.random as npr
from jax.scipy.special import expit as sigmoid
from jax.scipy.stats import norm


def diag_gaussian_log_density(x, mu, log_std):
    return np.sum(norm.logpdf(x, mu, np.exp(log_std)), axis=-1)


def unpack_gaussian_params(params):
    # Params of a diagonal Gaussian.
    D = np.shape(params)[-1] // 2
    mean, log_std = params[:, :D], params[:, D:]
    return mean, log_std


def sample_diag_gaussian(mean, log_std, rs):
    return rs.randn(*mean.shape) * np.exp(log_std) + mean


def bernoulli_log_density(targets, unnormalized_logprobs):
    # unnormalized_logprobs are in R
    # Targets must be -1 or 1
    label_probabilities = -np.logaddexp(0, -unnormalized_logprobs * targets)
    return np.sum(label_probabilities, axis=-1)  # Sum across pixels.


def relu(x):
    return np.maximum(0, x)


def batch_normalize(activations):
    mbmean = np.mean(activations, axis=0, keepdims=True)
    return (activations - mbmean) / (np.std(activations, axis=0, keepdims=True) + 1)


def neural_net_predict(params, inputs):
    """Params is a list of (weights, bias) tuples.
    inputs is an (N x D) matrix.
    Applies batch normalization to every layer but the last."""
    for W, b in params[:-1]:
        outputs = batch_normalize(np.dot(inputs, W) + b)  # linear transformation
        inputs = relu(outputs)  # nonlinear transformation
    outW, outb = params[-1]
    outputs = np.dot(inputs, outW) + outb
    return outputs


def nn_predict_gaussian(params, inputs):
    # Returns means and diagonal variances
    return unpack_gaussian_params(neural_net_predict(params, inputs))


def p_images_given_latents(gen_params, images, latents):
    preds = neural_net_predict(gen_params, latents)
    return bernoulli_log_density(images, preds)


def vae_lower_bound(gen_params, rec_params, data, rs):
    # We use a simple Monte Carlo estimate of the KL
    # divergence from the prior.
    q_means, q_log_stds = nn_predict_gaussian(rec_params, data)
    latents = sample_diag_gaussian(q_means, q_log_stds, rs)
    q_latents = diag_gaussian_log_density(latents, q_means, q_log_stds)
    p_latents = diag_gaussian_log_density(latents, 0, 0)
    likelihood = p_images_given_latents(gen_params, data, latents)
    return np.mean(p_latents + likelihood - q_latents)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

G = lambda r: mlp_params(r, [2, 3, 4])          # generator: latents (2) -> pixels (4)
R = lambda r: mlp_params(r, [4, 3, 4])          # recognizer: pixels (4) -> mean, log_std (2 + 2)
SPECS = [
    Spec("diag_gaussian_log_density", diag_gaussian_log_density,
         lambda r: (normal(r, 3, 2), normal(r, 3, 2), normal(r, 3, 2, scale=0.3)), argnums=(0, 1, 2)),
    Spec("unpack_gaussian_params", unpack_gaussian_params, lambda r: (normal(r, 3, 4),)),
    Spec("bernoulli_log_density", bernoulli_log_density, lambda r: (signs(r, 3, 4), normal(r, 3, 4)),
         argnums=1),
    Spec("relu", relu, lambda r: (normal(r, 5),)),
    Spec("batch_normalize", batch_normalize, lambda r: (normal(r, 4, 3),)),
    Spec("neural_net_predict", neural_net_predict, lambda r: (G(r), normal(r, 3, 2)), argnums=(0, 1)),
    Spec("nn_predict_gaussian", nn_predict_gaussian, lambda r: (R(r), normal(r, 3, 4)), argnums=(0, 1)),
    Spec("p_images_given_latents", p_images_given_latents, lambda r: (G(r), signs(r, 3, 4), normal(r, 3, 2)),
         argnums=(0, 2)),
    Spec("vae_lower_bound", vae_lower_bound, lambda r: (G(r), R(r), signs(r, 3, 4), npr.RandomState(0)),
         argnums=(0, 1), fd_ok=False),
]
