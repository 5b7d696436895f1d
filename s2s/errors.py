"""One error type for everything s2s refuses, pointing at the user's code."""
import linecache


class S2SError(Exception):
    """An error in the user's function, located at file:line:col.

    The message names the construct and says what to do instead; `hint` is that
    advice. Raised from s2s internals only with a location the user can act on.
    """

    def __init__(self, message, filename=None, lineno=None, col=None, hint=None):
        # A place in generated code is reported at the user's line it came from.
        filename, lineno, col = origin(filename, lineno, col)
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


# The source map: for each generated file (`<s2s-N: name>`, registered in
# linecache by the backend), where each of its lines came from:
# .get(line) -> (filename, lineno, col), and under 0 the function's own origin. A
# generated function transformed again maps to generated code, which maps on:
# `origin` follows the chain to the user's file.
SOURCE_MAP = {}


def origin(filename, lineno=None, col=None):
    """The user's (filename, lineno, col) behind a place in generated code (a
    place in the user's file is returned as it is)."""
    for _ in range(100):
        lines = SOURCE_MAP.get(filename)
        if lines is None:
            break
        where = lines.get(lineno) if lineno else None
        if where is None:
            where = lines.get(0)
        if where is None:
            break
        filename, lineno, col = where
    return filename, lineno, col


def generated_frame(tb):
    """(filename, lineno) of the innermost frame of traceback `tb` that runs
    generated code, or None: where a failure inside generated code happened."""
    found = None
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename in SOURCE_MAP:
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def note_origin(e):
    """An exception raised inside generated code gets a note naming the
    generated line and the user's line it came from (tracebacks show the
    generated line; the user wrote the other)."""
    where = generated_frame(e.__traceback__)
    if where is None or getattr(e, "__s2s_noted__", False):
        return
    filename, line = where
    if isinstance(e, S2SError):
        # one a runtime helper raised, without a place: the user's line
        if e.filename is None:
            e.filename, e.lineno, e.col = origin(filename, line)
            e.args = (e._format(),)
        return
    user_file, user_line, _ = origin(filename, line)
    code = linecache.getline(user_file or "", user_line or 0).strip()
    try:
        e.add_note(f"s2s: raised in generated code ({filename}, line {line}), which "
                   f"comes from {user_file}:{user_line}" + (f": {code}" if code else ""))
        e.__s2s_noted__ = True
    except AttributeError:   # an exception type that takes no attributes
        pass


def at_origin(e, message, hint=None):
    """An S2SError at the user's line that generated code raising `e` came from."""
    where = generated_frame(e.__traceback__)
    filename, line, col = origin(*where) if where is not None else (None, None, None)
    return S2SError(message, filename, line, col, hint)


class Source:
    """Where a tree came from, so any pass can raise an error at a node."""

    def __init__(self, filename):
        self.filename = filename

    def error(self, node, message, hint=None):
        from . import anno   # (a callee copied in from another file is located there)
        return S2SError(message, anno.get(node, anno.Key.FILENAME, self.filename),
                        getattr(node, "lineno", None), getattr(node, "col_offset", None), hint)
