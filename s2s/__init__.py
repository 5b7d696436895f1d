"""s2s: JAX's transformations by rewriting Python source."""
from .api import grad, jvp, value_and_grad, vjp
from .checkpoint import checkpoint as checkpoint_function
from .custom_rules import custom_jvp, custom_vjp
from .errors import S2SError
from .introspect import generated, source, stages
from .jacobians import hessian, jacfwd, jacrev
from .jit import jit
from .show import show   # (the function: `s2s.show(f, ...)`; the module is s2s/show.py)
from .vectorize import vmap

__all__ = ["jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian", "jit",
           "checkpoint", "custom_jvp", "custom_vjp", "source", "generated", "stages", "show", "S2SError"]

checkpoint = remat = checkpoint_function   # (the function: the module is s2s/checkpoint.py)
