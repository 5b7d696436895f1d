"""Annotations: what a pass leaves on a tree node for a later pass.

Every key is a member of `Key`, documented where it is defined: which pass
sets it, on which nodes, and what the value is. Passes read and write them
only through `get`, `put`, `has`, `drop` and `copy_onto` (in the spirit of
AutoGraph's pyct/anno.py), so `grep Key.TAPE` finds every producer and
consumer, and a replacement node gets its original's annotations in one
place (`copy_onto`).

An annotation is an attribute of the node, so `copy.deepcopy` of a tree
copies it with the node, and a shallow copy keeps its own.
"""
import enum

import gast


class Key(enum.Enum):
    # -- set by resolve, read by normalize (and as noted) ------------------------------
    USER_CALL = ("a Call of a user function (or an s2s transformation): its operands are "
                 "named first even when they are tuple literals; value True")
    METHOD = ("a Call resolved from a method (`x.astype(...)`): the method's name as the "
              "user wrote it, for messages")
    LAX_KIND = ("a Call of lax control flow (`lax.cond`, `lax.scan`, ...): its kind, which "
                "normalize writes out as the Python statements it stands for")
    SELF_TYPE = ("a Call of a method with its `self` passed first (`Model.loss(self, x)`), "
                 "where resolve knows that object's class: the class, so that the method "
                 "is transformed for it (its `self.f(...)` and `super()` resolved)")
    BUILTIN_SUM = ("a Call of Python's `sum(items, start)`: normalize writes it out as "
                   "the loop that adds the items; value True")
    GENERATOR_ITEMS = ("the Call `list(gen(...))` resolve writes where a `for` loops over "
                       "a call of a generator function (loops count their items; jit runs "
                       "it); read by the reverse pass, which refuses it; value True")

    # -- set by structure ------------------------------------------------------------------
    RESULT = "the FunctionDef's one result name (every `return` sets it)"

    # -- set by ssa, read by reverse mode ------------------------------------------------------
    LOOP = "a loop statement: ssa's record of it (its carried names, the versions it saves)"
    COPY_OUT = ("an Assign ssa writes after a loop, copying a carried version out; dropped "
                "when nothing reads it; value True")
    EXIT_VALUE = ("a COPY_OUT Assign that gives the value the function returns on leaving "
                  "the loop (kept even when unread); value True")

    # -- set and read by reverse mode ------------------------------------------------------
    PULLBACK = "an Assign calling a user function: the name its pullback gets"
    CHECKPOINT = ("a PULLBACK Assign whose callee is checkpointed (s2s/checkpoint.py): the "
                  "forward sweep keeps the call as written, the reverse sweep makes the pullback")
    TAPE = "a loop statement: the name of the list its iterations are saved on"
    PULLBACKS = ("a loop statement: [(pullback name, whether it is made under an if)] of "
                 "the calls in its body, each iteration's pullbacks saved with it")
    ENTRIES = "a loop statement: the names each iteration saves on its TAPE, in order"

    # -- set by forward and reverse mode, read by algebra ------------------------------------
    DERIVATIVE = ("an Assign computing a tangent or cotangent (a rule's line, not the user's "
                  "code): algebra may tidy it; value True")

    # -- set by template (rule expansion), read by forward mode ------------------------------
    ZERO = "an expression standing for a zero tangent or cotangent; value True or False"
    PRIMAL = "a ZERO expression: the primal value whose shape the zero has"

    # -- set by probe.number, read by the probe, batchedness and the batch pass --------------
    STATEMENT_ID = "a statement: its number, the key of what the probe recorded about it"

    # -- set by the batch pass ---------------------------------------------------------------
    PROBED = ("an Assign the batch pass wrote with a constant the probe saw (a shape, a "
              "count), the same for every example: probed_constants may read it in; value True")
    OUTPUT_BATCHED = "the batched FunctionDef: which parts of its output are batched"

    # -- set by inline's with_callees ----------------------------------------------------------
    FILENAME = ("a node of a function copied in from another file (a callee put in line): "
                "that file, where errors at the node's line are located")

    # -- set by frontend, on the user's parsed module ------------------------------------------
    PARENT = "a node of a user's module: the node that contains it (finding a lambda's scope)"

    def __init__(self, doc):
        self.doc = doc

    @property
    def attribute(self):
        return "s2s_" + self.name.lower()


_UNSET = object()


def get(node, key, default=None):
    return getattr(node, key.attribute, default)


def has(node, key):
    return hasattr(node, key.attribute)


def put(node, key, value):
    setattr(node, key.attribute, value)
    return node


def drop(node, key):
    if hasattr(node, key.attribute):
        delattr(node, key.attribute)


def copy_onto(source, target, *keys):
    """Give `target` (a node replacing `source`) the annotations `source` has:
    the `keys` named, or all of them."""
    for key in keys or Key:
        value = getattr(source, key.attribute, _UNSET)
        if value is not _UNSET:
            setattr(target, key.attribute, value)
    return target


def copy_location(new, old):
    """gast.copy_location, and the file of `old`'s line with it where that is
    another file (FILENAME): a node a pass makes for a callee put in line is
    located in the callee's file, as the node it replaces was."""
    gast.copy_location(new, old)
    if has(old, Key.FILENAME) and not has(new, Key.FILENAME):
        put(new, Key.FILENAME, get(old, Key.FILENAME))
    return new
