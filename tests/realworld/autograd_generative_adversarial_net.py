# Copied from https://github.com/HIPS/autograd
#   path:    examples/generative_adversarial_net.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: relu, sigmoid, logsigmoid, batch_normalize, neural_net_predict, generate_from_noise, gan_objective.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `import autograd.numpy.random as npr` -> `import numpy.random as npr`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
import numpy.random as npr


def relu(x):
    return np.maximum(0, x)


def sigmoid(x):
    return 0.5 * (np.tanh(x) + 1.0)


def logsigmoid(x):
    return x - np.logaddexp(0, x)


def batch_normalize(activations):
    mbmean = np.mean(activations, axis=0, keepdims=True)
    return (activations - mbmean) / (np.std(activations, axis=0, keepdims=True) + 1)


def neural_net_predict(params, inputs):
    """Params is a list of (weights, bias) tuples.
    inputs is an (N x D) matrix."""
    inpW, inpb = params[0]
    inputs = relu(np.dot(inputs, inpW) + inpb)
    for W, b in params[1:-1]:
        outputs = batch_normalize(np.dot(inputs, W) + b)
        inputs = relu(outputs)
    outW, outb = params[-1]
    outputs = np.dot(inputs, outW) + outb
    return outputs


def generate_from_noise(gen_params, num_samples, noise_dim, rs):
    noise = rs.rand(num_samples, noise_dim)
    samples = neural_net_predict(gen_params, noise)
    return sigmoid(samples)


def gan_objective(gen_params, dsc_params, real_data, num_samples, noise_dim, rs):
    fake_data = generate_from_noise(gen_params, num_samples, noise_dim, rs)
    logprobs_fake = logsigmoid(neural_net_predict(dsc_params, fake_data))
    logprobs_real = logsigmoid(neural_net_predict(dsc_params, real_data))
    return np.mean(logprobs_real) - np.mean(logprobs_fake)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

G = lambda r: mlp_params(r, [2, 3, 3, 4])
D = lambda r: mlp_params(r, [4, 3, 3, 1])
SPECS = [
    Spec("logsigmoid", logsigmoid, lambda r: (normal(r, 5),)),
    Spec("neural_net_predict", neural_net_predict, lambda r: (G(r), normal(r, 3, 2)), argnums=(0, 1)),
    Spec("gan_objective", gan_objective, lambda r: (G(r), D(r), normal(r, 3, 4), 3, 2, npr.RandomState(0)),
         argnums=(0, 1), fd_ok=False),
]
