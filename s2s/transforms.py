"""Every transformation s2s builds, as data: its passes in order.

Adding a transformation is one `Transform` record here (plus its passes, one
file each under s2s/passes/, and a thin wrapper in the API with JAX's
argument semantics); s2s/driver.py runs any record the same way.
"""
from .passes import (algebra, batch, dead_cotangents, fence, flags, forward, functionalize, inline,
                     normalize, packing, passed_functions, probe, probed_constants, resolve,
                     reverse, simplify, ssa, structure)
from .pipeline import Family, Output, Pass, Transform, register

SOURCE = Pass("source", "the function as written", None)

# Every transformation starts from the function after these (parsed once).
COMMON = (
    Pass("fence", "refuse what s2s cannot transform, at the user's line (and lists or dicts "
                  "mutated while another name holds them), after spelling out what the code "
                  "shows: a partial made in it, `*` of a tuple it writes, `:=`", fence.run),
    Pass("resolve", "bind every call: jnp/np/math functions to jnp.NAME, methods to "
                    "functions, s2s transformations to names; a nested function a JAX "
                    "transformation is applied to lifted out", resolve.run),
    Pass("normalize", "one operation per assignment, each result named", normalize.run),
)
COMMON_STAGES = Transform("common", "", Family.COMMON, "the common stages", COMMON, "")

# ... and end with this one.
SIMPLIFY = Pass("simplify", "share repeated expressions, propagate copies, remove dead code",
                simplify.run)

INLINE = Pass("inline", "calls of nested functions and lambdas become their bodies",
              inline.run)
INLINE_CALLEES = Pass("inline callees", "the user functions it calls are copied in, to be put "
                                        "in line (code that vmap batches calls no pullbacks)",
                      lambda tree, ctx: inline.run(inline.with_callees(tree, ctx), ctx),
                      when=lambda ctx: ctx.options.flat)
STRUCTURE = Pass("structure", "one exit (`return` sets the result), each path through a loop "
                              "body ends in one place, loops count, appends become values",
                 structure.run)
SSA = Pass("ssa", "a new version of a name at each assignment outside loops, one carried "
                  "version per loop variable, and where each iteration is saved on a tape",
           ssa.run, show=ssa.shown)
FLAGS = Pass("flags", "a `break` under a condition becomes a flag (one example may stop while "
                      "the others go on)", flags.run)
NUMBER = Pass("number", "each statement gets an id the probe and the batch pass share",
              probe.number)

PASSED_FUNCTIONS = Pass("passed functions", "a call of a function the caller passed in (a "
                                             "model, a loss) is handed to JAX: "
                                             "`apply_callable(net, x)`",
                        passed_functions.run)

DEAD_COTANGENTS = Pass("dead cotangents", "a pullback loop's last step skips the matrix "
                                           "products only an earlier step would read "
                                           "(`if i > 0:`)",
                       dead_cotangents.run)

PACKING = Pass("packing", "a tuple of cotangents packed for one reader is written where it "
                          "is read", packing.run)

ALGEBRA = Pass("algebra", "tidy the derivative as a person would, every rewrite exact: the "
                          "seed's ones multiplied in, negations that cancel, h * h's two "
                          "halves as one, h ** 2 as h * h, unbroadcast where shapes agree "
                          "(then simplify)",
               algebra.run)


JVP = register(Transform(
    "jvp", "_jvp", Family.FORWARD, "the jvp", callee="jvp", tidy=(ALGEBRA,),
    passes=(PASSED_FUNCTIONS, Pass("jvp", "forward mode: each line is followed by its tangent line "
                        "(the jvp rules of s2s/rules)", forward.run),)))


def _reverse(name, output, what):
    sweep = Pass(name, "reverse mode: a forward sweep that keeps what the pullback reads, "
                       "then the pullback, line by line backwards (the vjp rules)", reverse.run)
    return register(Transform(name, "_" + name, Family.REVERSE, what, callee="vjp",
                              passes=(PASSED_FUNCTIONS, INLINE_CALLEES, INLINE, STRUCTURE, SSA,
                                      sweep),
                              keeps_defaults=output is not Output.APPLY, output=output,
                              tidy=(DEAD_COTANGENTS, PACKING, ALGEBRA)))


VJP = _reverse("vjp", Output.VJP, "the vjp")
GRAD = _reverse("grad", Output.GRAD, "the gradient")
VALUE_AND_GRAD = _reverse("value_and_grad", Output.VALUE_AND_GRAD, "the gradient")
VJP_APPLY = _reverse("vjp_apply", Output.APPLY, "the vjp")

# What vmap's probe and the batch pass both start from.
BATCH_PREP = (INLINE, STRUCTURE, FLAGS, NUMBER)
PROBE = Pass("probe", "run once on one example's shapes (as jax.jit traces), recording what "
                      "every value is per example: the program is unchanged", probe.run,
             show=probe.shown)
PROBED_CONSTANTS = Pass("probed constants", "the shapes, sizes and counts the probe saw, "
                                            "the same for every example, written where they "
                                            "are read; a loop that runs once becomes its body "
                                            "(then simplify)", probed_constants.run)
VMAP = register(Transform(
    "vmap", "_vmap", Family.BATCH, "the vmap", callee="vmap", tidy=(PROBED_CONSTANTS,),
    passes=BATCH_PREP + (PROBE, Pass("vmap", "every line computes the whole batch at once "
                                             "(the batch rules)", batch.run))))

# jit: the function's own code, its control flow on traced values made functional.
JIT = register(Transform(
    "jit", "_jit", Family.JIT, "the jitted code", callee="jit", keeps_defaults=True,
    passes=(STRUCTURE, SIMPLIFY,
            Pass("functionalize", "an `if`, `while` or counted `for` on a traced value becomes "
                                  "named functions and one call of if_else / while_loop / "
                                  "for_range (lax.cond, lax.while_loop, lax.fori_loop)",
                 functionalize.run, show=functionalize.shown))))
