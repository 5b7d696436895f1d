"""The pass pipeline. Each pass is one file; each stage's output is valid
Python, which is what `s2s CMD FILE:FUNC --passes` prints.

    function --frontend--> gast tree + namespace
             --fence-----> unsupported constructs rejected at file:line:col
             --aliasing--> a list/dict mutated while another name holds it refused
             --resolve---> calls bound: jnp/np/math -> jnp.NAME, methods -> functions
             --normalize-> one operation per assignment
             --jvp-------> forward mode (activity analysis + jvp rules)
    reverse: inline -> structure -> ssa -> reverse (vjp rules)          (s2s/api.py)
    vmap:    inline -> structure -> flags -> probe -> batch (batch rules) (s2s/vectorize.py)
then simplify and the backend.
"""
from . import aliasing, fence, normalize, resolve


def _fence(tree, p):
    return fence.check(tree, p.source)


def _aliasing(tree, p):
    return aliasing.run(tree, p.ns, p.source)


def _resolve(tree, p):
    return resolve.run(tree, p.ns, p.source)


def _normalize(tree, p):
    return normalize.run(tree, p.source, p.namer())


# Stages shared by every transformation, in order: (name, run(tree, parsed)).
PIPELINES = {
    "common": [("fence", _fence), ("aliasing", _aliasing), ("resolve", _resolve),
               ("normalize", _normalize)],
}
