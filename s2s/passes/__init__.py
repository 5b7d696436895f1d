"""The pass pipeline. Each pass is one file; each stage's output is valid
Python, which is what `s2s CMD FILE:FUNC --passes` prints.

    function --frontend--> gast tree + namespace
             --fence-----> unsupported constructs rejected at file:line:col
                           (and, s2s/passes/aliasing.py, a list or dict mutated
                            while another name holds it)
             --resolve---> calls bound: jnp/np/math -> jnp.NAME, methods -> functions
             --normalize-> one operation per assignment
             --jvp-------> forward mode (activity analysis + jvp rules)
    reverse: inline -> structure -> ssa -> reverse (vjp rules)          (s2s/api.py)
    vmap:    inline -> structure -> flags -> probe -> batch (batch rules) (s2s/vectorize.py)
then simplify and the backend.
"""
from . import aliasing, fence, normalize, resolve


def _fence(tree, p):
    # Both refuse and rewrite nothing, so they are one stage: unsupported
    # constructs, then lists and dicts mutated while another name holds them.
    return aliasing.run(fence.check(tree, p.source), p.ns, p.source)


def _resolve(tree, p):
    return resolve.run(tree, p.ns, p.source)


def _normalize(tree, p):
    return normalize.run(tree, p.source, p.namer())


# Stages shared by every transformation, in order: (name, run(tree, parsed)).
PIPELINES = {
    "common": [("fence", _fence), ("resolve", _resolve), ("normalize", _normalize)],
}
