"""The passes: one file each, each `run(tree, ctx) -> tree`; each stage's
output is valid Python, which is what `s2s CMD FILE:FUNC --passes` prints.
Which transformation runs which passes, in what order, is data:
s2s/transforms.py (and s2s/driver.py runs it).

    function --frontend--> gast tree + namespace
             --fence-----> unsupported constructs rejected at file:line:col
                           (and, aliasing.py, a list or dict mutated while
                            another name holds it)
             --resolve---> calls bound: jnp/np/math -> jnp.NAME, methods -> functions
             --normalize-> one operation per assignment
    jvp:     jvp (forward mode: activity analysis + jvp rules)
    reverse: [inline callees] -> inline -> structure -> ssa -> vjp/grad (vjp rules)
    vmap:    inline -> structure -> flags -> number -> probe -> vmap (batch rules)
then simplify, and the backend prints and compiles the result.
"""
