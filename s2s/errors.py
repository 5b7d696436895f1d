"""One error type for everything s2s refuses, pointing at the user's code."""
import linecache


class S2SError(Exception):
    """An error in the user's function, located at file:line:col.

    The message names the construct and says what to do instead; `hint` is that
    advice. Raised from s2s internals only with a location the user can act on.
    """

    def __init__(self, message, filename=None, lineno=None, col=None, hint=None):
        self.message = message
        self.filename = filename
        self.lineno = lineno
        self.col = col
        self.hint = hint
        super().__init__(self._format())
        # Raised while handling some internal exception (a failed lookup, ...):
        # that exception is s2s's business, not the user's; don't print it.
        self.__suppress_context__ = True

    def _format(self):
        where = ""
        caret = ""
        if self.filename:
            where = f"{self.filename}:{self.lineno or '?'}:{(self.col or 0) + 1}: "
            line = linecache.getline(self.filename, self.lineno or 0).rstrip()
            if line:
                caret = f"\n    {line}\n    {' ' * (self.col or 0)}^"
        hint = f"\n  hint: {self.hint}" if self.hint else ""
        return f"{where}{self.message}{caret}{hint}"

    def one_line(self):
        where = (f"{self.filename}:{self.lineno or '?'}:{(self.col or 0) + 1}: "
                 if self.filename else "")
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.message}{hint}"


class Source:
    """Where a tree came from, so any pass can raise an error at a node."""

    def __init__(self, filename):
        self.filename = filename

    def error(self, node, message, hint=None):
        return S2SError(message, self.filename, getattr(node, "lineno", None),
                        getattr(node, "col_offset", None), hint)
