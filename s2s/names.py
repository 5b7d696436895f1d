"""Fresh, deterministic, readable names that never clash with the user's."""
import builtins
import keyword
import re

import gast

from .nodes import children, name_nodes


def names_in(tree):
    """Every identifier that appears in `tree` (variables, params, functions)."""
    defs = []
    found = {n.id for n in name_nodes(tree, _DEF, defs)}
    while defs:
        d = defs.pop()
        found.add(d.name)
        found.update(n.id for n in name_nodes(children(d), _DEF, defs))
    return found


_DEF = (gast.FunctionDef,)


BUILTINS = frozenset(n for n in dir(builtins) if not n.startswith("_"))


class Namer:
    """Hands out names: `base` if free, else `base_1`, `base_2`, ...

    Deterministic: the same sequence of requests gives the same names.
    """

    def __init__(self, taken=()):
        self.taken = set(taken)
        self._next = {}   # base -> the least i whose name may be free (taken only grows)

    def avoid(self, names):
        """Names that appear later (code copied in) are not to be handed out."""
        self.taken |= set(names)

    def fresh(self, base):
        # `pow_` + `_bar`: `pow_bar`, not `pow__bar` (see BUILTINS below)
        base = re.sub(r"(?<=[^_])__+(?=[^_])", "_", base.lstrip("_")) or "t"
        if base[0].isdigit():
            base = "t" + base
        if keyword.iskeyword(base) or base in BUILTINS:
            base += "_"   # `sum_ = jnp.sum(x)`: a temporary never hides a builtin
        name, i = base, 0
        if name in self.taken:
            i = self._next.get(base, 1)
            name = f"{base}{i}" if base.endswith("_") else f"{base}_{i}"
            while name in self.taken:
                i += 1
                name = f"{base}{i}" if base.endswith("_") else f"{base}_{i}"
            self._next[base] = i + 1
        self.taken.add(name)
        return name
