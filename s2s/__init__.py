"""s2s: JAX's transformations by rewriting Python source."""
from .api import generated, jvp, source, stages
from .errors import S2SError

__all__ = ["jvp", "source", "generated", "stages", "S2SError"]
