"""s2s: JAX's transformations by rewriting Python source."""
from .api import generated, grad, jvp, source, stages, value_and_grad, vjp
from .errors import S2SError

__all__ = ["jvp", "vjp", "grad", "value_and_grad", "source", "generated", "stages",
           "S2SError"]
