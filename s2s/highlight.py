"""Syntax highlighting of Python source for people: ANSI colours on a terminal,
HTML spans in a notebook or a web page. Pygments does the lexing (a well-kept
highlighter: a lexer of our own would miss f-strings, `match` and the rest).
"""
import html as html_lib
import os
import sys

STYLE = "default"
_LEXER = None


def _pygments():
    """(highlight, lexer, pygments.formatters), imported when first needed:
    pygments takes longer to import than the rest of s2s's API."""
    global _LEXER
    from pygments import formatters, highlight
    if _LEXER is None:
        from pygments.lexers import PythonLexer
        _LEXER = PythonLexer(stripnl=False, ensurenl=False)
    return highlight, _LEXER, formatters


def use_color(choice, stream=None):
    """--color auto|always|never: auto colours only a terminal, and never when
    the NO_COLOR environment variable is set (https://no-color.org)."""
    if choice == "always":
        return True
    if choice == "never":
        return False
    stream = sys.stdout if stream is None else stream
    return not os.environ.get("NO_COLOR") and hasattr(stream, "isatty") and stream.isatty()


def terminal(code):
    """`code` with ANSI colours (a diff's +/- lines are coloured by `diff_terminal`)."""
    highlight, lexer, formatters = _pygments()
    return highlight(code, lexer, formatters.TerminalFormatter())


def diff_terminal(diff_text):
    """A unified diff with added lines green, removed lines red, hunks cyan."""
    colours = {"+": "\x1b[32m", "-": "\x1b[31m", "@": "\x1b[36m"}
    out = []
    for line in diff_text.splitlines(True):
        head = line[:1]
        if line.startswith(("+++", "---")):
            out.append(f"\x1b[1m{line.rstrip(chr(10))}\x1b[0m\n")
        elif head in colours:
            out.append(f"{colours[head]}{line.rstrip(chr(10))}\x1b[0m\n")
        else:
            out.append(line)
    return "".join(out)


def html(code):
    """`code` as HTML spans (classes of `css()`), no wrapping element; lines
    stay lines, so a caller can split them."""
    if not code:
        return ""
    highlight, lexer, formatters = _pygments()
    return highlight(code, lexer, formatters.HtmlFormatter(nowrap=True))


def html_block(code):
    """`code` highlighted in a <pre> of its own, with the style it needs: what
    a notebook shows for a generated source."""
    return (f"<div class=\"s2s-code\"><style>{css('.s2s-code')}</style>"
            f"<pre>{html(code)}</pre></div>")


def css(scope):
    """The highlighter's colours, for spans inside `scope` (a CSS selector)."""
    return _pygments()[2].HtmlFormatter(style=STYLE).get_style_defs(scope)


def escape(text):
    return html_lib.escape(text, quote=True)
