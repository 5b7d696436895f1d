# Copied from https://github.com/HIPS/autograd
#   path:    examples/rnn.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: sigmoid, concat_and_multiply, rnn_predict, rnn_log_likelihood.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
from jax.scipy.special import logsumexp


def sigmoid(x):
    return 0.5 * (np.tanh(x) + 1.0)  # Output ranges from 0 to 1.


def concat_and_multiply(weights, *args):
    cat_state = np.hstack(args + (np.ones((args[0].shape[0], 1)),))
    return np.dot(cat_state, weights)


def rnn_predict(params, inputs):
    def update_rnn(input, hiddens):
        return np.tanh(concat_and_multiply(params["change"], input, hiddens))

    def hiddens_to_output_probs(hiddens):
        output = concat_and_multiply(params["predict"], hiddens)
        return output - logsumexp(output, axis=1, keepdims=True)  # Normalize log-probs.

    num_sequences = inputs.shape[1]
    hiddens = np.repeat(params["init hiddens"], num_sequences, axis=0)
    output = [hiddens_to_output_probs(hiddens)]

    for input in inputs:  # Iterate over time steps.
        hiddens = update_rnn(input, hiddens)
        output.append(hiddens_to_output_probs(hiddens))
    return output


def rnn_log_likelihood(params, inputs, targets):
    logprobs = rnn_predict(params, inputs)
    loglik = 0.0
    num_time_steps, num_examples, _ = inputs.shape
    for t in range(num_time_steps):
        loglik += np.sum(logprobs[t] * targets[t])
    return loglik / (num_time_steps * num_examples)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

I, S, O, T, N = 3, 4, 3, 3, 2


def rnn_params(r):
    return {"init hiddens": normal(r, 1, S, scale=0.3), "change": normal(r, I + S + 1, S, scale=0.3),
            "predict": normal(r, S + 1, O, scale=0.3)}


SPECS = [
    Spec("sigmoid", sigmoid, lambda r: (normal(r, 3, 2),)),
    Spec("concat_and_multiply", concat_and_multiply,
         lambda r: (normal(r, 2 + 3 + 1, 4), normal(r, 5, 2), normal(r, 5, 3)), argnums=(0, 1, 2)),
    Spec("rnn_predict", rnn_predict, lambda r: (rnn_params(r), normal(r, T, N, I)), argnums=(0, 1)),
    Spec("rnn_log_likelihood", rnn_log_likelihood,
         lambda r: (rnn_params(r), normal(r, T, N, I), probs(r, T, N, O))),
]
