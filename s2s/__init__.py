"""s2s: JAX's transformations by rewriting Python source."""
from .api import generated, grad, jvp, source, stages, value_and_grad, vjp
from .errors import S2SError
from .jacobians import hessian, jacfwd, jacrev
from .vectorize import vmap

__all__ = ["jvp", "vjp", "grad", "value_and_grad", "vmap", "jacfwd", "jacrev", "hessian", "source", "generated", "stages",
           "S2SError"]
