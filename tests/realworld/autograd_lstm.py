# Copied from https://github.com/HIPS/autograd
#   path:    examples/lstm.py
#   commit:  bff107b8d71a444a1160deade3e1cbd0b92f4fa6
#   license: MIT (license.txt)
# Functions copied unchanged: lstm_predict, lstm_log_likelihood.
# Edits (imports only):
#   `import autograd.numpy as np` -> `import jax.numpy as np`
#   `from autograd.scipy.special import logsumexp` -> `from jax.scipy.special import logsumexp`
#   `from rnn import build_dataset, concat_and_multiply, one_hot_to_string, sigmoid, string_to_one_hot` -> `from autograd_rnn import concat_and_multiply, sigmoid` (the copy of examples/rnn.py here)
#   imports of plotting, data loading and optimizers dropped
# Everything below the `# ---- specs` line is ours (the checker's inputs), not copied.
import jax.numpy as np
from jax.scipy.special import logsumexp
from autograd_rnn import concat_and_multiply, sigmoid


def lstm_predict(params, inputs):
    def update_lstm(input, hiddens, cells):
        change = np.tanh(concat_and_multiply(params["change"], input, hiddens))
        forget = sigmoid(concat_and_multiply(params["forget"], input, hiddens))
        ingate = sigmoid(concat_and_multiply(params["ingate"], input, hiddens))
        outgate = sigmoid(concat_and_multiply(params["outgate"], input, hiddens))
        cells = cells * forget + ingate * change
        hiddens = outgate * np.tanh(cells)
        return hiddens, cells

    def hiddens_to_output_probs(hiddens):
        output = concat_and_multiply(params["predict"], hiddens)
        return output - logsumexp(output, axis=1, keepdims=True)  # Normalize log-probs.

    num_sequences = inputs.shape[1]
    hiddens = np.repeat(params["init hiddens"], num_sequences, axis=0)
    cells = np.repeat(params["init cells"], num_sequences, axis=0)

    output = [hiddens_to_output_probs(hiddens)]
    for input in inputs:  # Iterate over time steps.
        hiddens, cells = update_lstm(input, hiddens, cells)
        output.append(hiddens_to_output_probs(hiddens))
    return output


def lstm_log_likelihood(params, inputs, targets):
    logprobs = lstm_predict(params, inputs)
    loglik = 0.0
    num_time_steps, num_examples, _ = inputs.shape
    for t in range(num_time_steps):
        loglik += np.sum(logprobs[t] * targets[t])
    return loglik / (num_time_steps * num_examples)


# ---- specs (written for tests/realworld/run.py; not copied) ----
from _spec import *  # noqa: E402,F401,F403

I, S, O, T, N = 3, 4, 3, 3, 2


def lstm_params(r):
    p = {"init cells": normal(r, 1, S, scale=0.3), "init hiddens": normal(r, 1, S, scale=0.3),
         "predict": normal(r, S + 1, O, scale=0.3)}
    for k in ("change", "forget", "ingate", "outgate"):
        p[k] = normal(r, I + S + 1, S, scale=0.3)
    return p


SPECS = [
    Spec("lstm_predict", lstm_predict, lambda r: (lstm_params(r), normal(r, T, N, I)), argnums=(0, 1)),
    Spec("lstm_log_likelihood", lstm_log_likelihood,
         lambda r: (lstm_params(r), normal(r, T, N, I), probs(r, T, N, O))),
]
