"""Formulas of the registry's text as formulas: statements, printed and meant lines,
readings and quotes mix prose with the papers' formulas, written in a pseudo-LaTeX with
Unicode (``Σ_{i=1}^R G^{(t)}_{1i}``, ``𝐡̄^{(t)}``, ``ℝ^{r×|V|}``, ``h⁽ᵗ⁻¹⁾``).
:func:`render` is the one entry point: it finds the formulas in a text and renders them as
typeset math (TeX for MathJax on the documentation site, HTML sub- and superscripts in the
self-contained HTML report, ``$…$`` in MyST pages) and the rest as literal text, never
through Markdown emphasis; ``fmt="markdown"`` keeps a readable plain form with Markdown's
``_`` and ``*`` escaped.

A formula is a run of whitespace-separated words of which one at least carries a formula
mark (``_``, ``^``, braces, a Greek letter, a mathematical symbol or alphabet, a Unicode
sub- or superscript), or that joins words by an operator (``b = 0``); single letters and
``|V|`` count as formulas too.  Punctuation at a word's edge stays text.  Text in
backticks is code.

Examples
--------
>>> from tnverify.report.formulas import render, segments, to_tex
>>> segments("the sum Σ_{i=1}^R G_{1i}, for b = 0")
[('text', 'the sum '), ('math', 'Σ_{i=1}^R G_{1i}'), ('text', ', for '), ('math', 'b = 0')]
>>> to_tex("𝐡̄^{(t)} ∈ ℝ^{r×|V|}")
'\\\\bar{\\\\mathbf{h}}^{(t)} \\\\in \\\\mathbb{R}^{r\\\\times|V|}'
>>> render("h_t = Vh_{t−1}", "markdown")
'h\\\\_t = Vh\\\\_{t−1}'
>>> render("x_t is *it*", "html")
'<span class="tnv-math"><i>x</i><sub><i>t</i></sub></span> is *it*'
"""

from __future__ import annotations

import html
import re

from ..errors import UsageError
from ..validation import as_text
from .tex import (
    ACCENTS,
    FUNCTIONS,
    GREEK,
    SUBSCRIPTS,
    SUPERSCRIPTS,
    SYMBOLS,
    to_html,
    to_plain,
    to_tex,
    to_unicode,
)

__all__ = ["FORMATS", "MATH_CLASS", "segments", "to_tex", "to_html", "to_unicode", "render"]

#: The formats of :func:`render`: ``"mathjax"`` (HTML, formulas as ``\\(…\\)`` in a
#: ``span.math`` that MathJax typesets), ``"html"`` (self-contained HTML, formulas with
#: ``<sub>``/``<sup>``), ``"myst"`` (Markdown source, formulas as ``$…$``, the text as
#: written), ``"markdown"`` (plain text with Markdown's ``_``/``*`` escaped outside code),
#: ``"unicode"`` (plain text, sub- and superscripts in Unicode where they exist: titles).
FORMATS = ("mathjax", "html", "myst", "markdown", "unicode")
#: The class of a formula MathJax typesets on the site (Sphinx's own class for math).
MATH_CLASS = "math notranslate nohighlight"


_OPERATORS = set("=+−-×·<>≤≥≠≈/∈→←⊗⊙≡∼∝⋯…:|") | {"≔", "->", "<=", ">=", "!=", "==", ":="}
_MATH_MARK = re.compile(
    "[_^{}"
    + "".join(map(re.escape, set(SYMBOLS) - set('%#&$~\\*"“”…:')))
    + "".join(SUBSCRIPTS)
    + "".join(SUPERSCRIPTS)
    + "".join(ACCENTS)
    + "".join(GREEK)
    + "ϵϕϑϱς"
    + r"\U0001D400-\U0001D7FF]"
)
_PROSE_COMPOUND = re.compile(r"^\S*-[a-z]{3,}\S*$|^\S+[a-z]{3,}-\S*$")

# -- segmentation -----------------------------------------------------------------------
_OPEN, _CLOSE = "{⟨⟦", "}⟩⟧"
_LEAD = "\"“‘'([*"
_TRAIL = ",;:.!?\"”’')]*"


def _chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the whitespace-separated words (whitespace inside braces or angle brackets
    does not separate; unbalanced brackets fall back to plain whitespace)."""
    spans, depth, start = [], 0, None
    parens: list[bool] = []  # open parentheses: True for a script's ``_(``
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth = max(depth - 1, 0)
        elif ch == "(":
            parens.append(i > 0 and text[i - 1] in "_^")
            depth += parens[-1]
        elif ch == ")" and parens:
            depth = max(depth - parens.pop(), 0)
        if ch.isspace() and depth == 0:
            if start is not None:
                spans.append((start, i))
                start = None
        elif start is None:
            start = i
    if start is not None:
        spans.append((start, len(text)))
    if depth:
        return [m.span() for m in re.finditer(r"\S+", text)]
    return spans


def _peel(word: str) -> tuple[int, int]:
    """The core of a word: (offset from the start, offset from the end) without the
    punctuation at its edges (a parenthesis only when it is unbalanced in the word)."""
    a, b = 0, len(word)
    while True:
        core = word[a:b]
        if not core:
            return a, len(word) - b
        if core[0] in _LEAD and (
            core[0] not in "([" or core.count(core[0]) > core.count(")" if core[0] == "(" else "]")
        ):
            a += 1
            continue
        last = core[-1]
        if last in _TRAIL and (
            last not in ")]" or core.count(last) > core.count("(" if last == ")" else "[")
        ):
            # "…" and "..." stay with a formula; an apostrophe after a letter is a prime
            if last == "." and core.endswith(("..", "…")):
                return a, len(word) - b
            if last == "'" and len(core) > 1 and _MATH_MARK.search(core):
                return a, len(word) - b
            b -= 1
            continue
        return a, len(word) - b


#: a closing single quote while :func:`segments` runs (one character for one: the spans stay)
_CLOSE_QUOTE = "\ue000"
_TRAIL += _CLOSE_QUOTE


def _closing_quotes(text: str) -> str:
    """The text with each ``'`` that closes a quotation (one opened by a ``'`` at a word's
    start: "as 'ŷ^{(t)}[w_t]'") as :data:`_CLOSE_QUOTE`, so that it stays text, not a
    prime of the formula it follows (a prime, "𝐀'", has no opening quote before it)."""
    out, open_ = list(text), None
    for i, ch in enumerate(text):
        if ch != "'":
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if open_ is None:
            if (before.isspace() or before in '([“"') and not after.isspace():
                open_ = i
        elif not before.isspace() and (after.isspace() or after in ',;:.!?)]”"'):
            out[i] = _CLOSE_QUOTE
            open_ = None
    return "".join(out)


def _kind(core: str) -> str:
    """``strong`` (a formula by itself), ``op``, ``weak`` (a formula in a formula's
    company: numbers, single letters, ``|V|``, ``f(x)``) or ``text``."""
    if not core:
        return "text"
    if core in _OPERATORS or (len(core) <= 2 and all(c in _OPERATORS for c in core)):
        return "op"
    if _PROSE_COMPOUND.match(core) and not re.search(r"[_^{}]", core):
        return "text"
    if _MATH_MARK.search(core):
        return "strong"
    if re.fullmatch(r"[A-Za-z]", core):
        # "a", "A", "I" are words unless an operator joins them (a = b)
        return "article" if core in "aAI" else "letter"
    if re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", core):
        return "weak"
    # a formula without marks: n(n+1)/2, x+y, t−1 (not "(16)", "1-2", "2-RNN")
    if (
        re.fullmatch(r"[A-Za-z0-9()+\-−/·=<>|]+", core)
        and not re.search(r"[A-Za-z]{3,}", core)
        and (re.search(r"[+−/=<>·]", core) or re.search(r"[A-Za-z]\(", core))
    ):
        return "strong"
    call = re.fullmatch(r"([A-Za-z]+)\(\S*\)", core)
    if call and (len(call.group(1)) <= 2 or call.group(1) in FUNCTIONS):
        return "strong"
    if re.fullmatch(r"\|[^\s|]+\|", core) or re.fullmatch(
        r"[A-Za-z]\d+|[A-Za-z][A-Za-z0-9]*[=<>+/][A-Za-z0-9=<>+/]*", core
    ):
        return "strong"
    return "text"


#: code: text in backticks, and a snake_case name (``vocab_size``, ``tt_svd``: a name of
#: the code, not ``vocab`` with subscript ``size``)
_IDENTIFIER = re.compile(r"(`[^`\n]+`|(?<![\w\\])[a-z][a-z0-9]+(?:_[a-z0-9]{2,})+(?!\w))")


#: the words before an appendix's letter
_APPENDIX = {"App", "Apps", "Appendix", "Appendices"}


def segments(text) -> list[tuple[str, str]]:
    """A text as ``[(kind, part)]`` with kind ``"text"``, ``"math"`` or ``"code"``
    (backticks dropped); the parts joined give the text back (code without its backticks).

    Parameters
    ----------
    text : str
        Registry text: a statement, a printed or meant line, a reading, a quote.

    Returns
    -------
    list of tuple of (str, str)
        The parts in order, adjacent parts of one kind merged.
    """
    text = as_text(text, "text")
    out: list[tuple[str, str]] = []

    def add(kind, part):
        if not part:
            return
        if out and out[-1][0] == kind:
            out[-1] = (kind, out[-1][1] + part)
        else:
            out.append((kind, part))

    pieces = _IDENTIFIER.split(_closing_quotes(text))
    for i, piece in enumerate(pieces):
        if i % 2:
            add("code", piece.strip("`"))
            continue
        words = []  # (core start, core end, kind)
        for s, e in _chunks(piece):
            a, b = _peel(piece[s:e])
            kind = _kind(piece[s + a : e - b])
            # an appendix's letter is a locator, not a variable ("App. C, Table 2")
            if kind == "letter" and words and piece[words[-1][0] : words[-1][1]] in _APPENDIX:
                kind = "text"
            words.append((s + a, e - b, kind, s, e))
        runs, cur = [], []
        for w in words:
            # a formula goes on over a word without edge punctuation, or over a comma into
            # another formula (x₁, …, x_i)
            joins = w[2] != "text" and (
                not cur
                or w[0] == w[3]
                and (cur[-1][1] == cur[-1][4] or piece[cur[-1][1] : cur[-1][4]] == ",")
            )
            if joins:
                cur.append(w)
            else:
                if cur:
                    runs.append(cur)
                cur = [w] if w[2] != "text" else []
        if cur:
            runs.append(cur)
        pos = 0
        for run in runs:
            # an operator at the edge stays text; so do a number or an article unless an
            # operator joins it to the formula ("at 2 (Σ…)", "a sentence")
            while run and (
                run[-1][2] == "op"
                or run[-1][2] in ("weak", "article")
                and (len(run) == 1 or run[-2][2] != "op")
            ):
                run = run[:-1]
            while run and (
                run[0][2] == "op"
                or run[0][2] in ("weak", "article")
                and (len(run) == 1 or run[1][2] != "op")
            ):
                run = run[1:]
            kinds = [w[2] for w in run]
            if not run or not (
                "strong" in kinds or "letter" in kinds and len(run) == 1 or "op" in kinds
            ):
                continue
            start, end = run[0][0], run[-1][1]
            # a bracket the formula opened closes in it: "W^{hx}[o, i]", "ξ(x, y)"
            for o, c in ("()", "[]"):
                while (
                    piece.count(o, start, end) > piece.count(c, start, end)
                    and piece[end : end + 1] == c
                ):
                    end += 1
            if start < pos:
                continue
            add("text", piece[pos:start])
            add("math", piece[start:end])
            pos = end
        add("text", piece[pos:])
    return [(kind, part.replace(_CLOSE_QUOTE, "'")) for kind, part in out]


def _md_escape(text: str) -> str:
    return re.sub(r"([\\_*])", r"\\\1", text)


def render(text, fmt: str = "mathjax") -> str:
    """Registry text with its formulas typeset: the one entry point of every page, report
    and sheet that shows a statement, a printed or meant line, a reading or a quote.

    Parameters
    ----------
    text : str
        The text.
    fmt : {"mathjax", "html", "myst", "markdown", "unicode"}
        ``"mathjax"``: HTML with each formula as ``\\(…\\)`` in a ``<span
        class="math notranslate nohighlight">`` (the site typesets it with its bundled
        MathJax); ``"html"``: self-contained HTML (the report); ``"myst"``: MyST Markdown
        with formulas as ``$…$`` and the text as written; ``"markdown"``: the text as
        written with ``_`` and ``*`` escaped outside code (readable as plain text, never
        read as emphasis); ``"unicode"``: plain text with the formulas' sub- and
        superscripts in Unicode where they exist (a page title).  In the HTML formats the text is escaped and code is
        ``<code>``.

    Returns
    -------
    str
        The rendered text.

    Raises
    ------
    UsageError
        For an unknown format.
    """
    fmt = as_text(fmt, "fmt")
    if fmt not in FORMATS:
        raise UsageError(f"fmt must be one of {', '.join(FORMATS)}; got {fmt!r}")
    out = []
    for kind, part in segments(text):
        if fmt == "unicode":
            out.append(to_unicode(part) if kind == "math" else part)
        elif fmt == "markdown":
            out.append(
                f"`{part}`"
                if kind == "code"
                else _md_escape(to_plain(part) if kind == "math" else part)
            )
        elif fmt == "myst":
            if kind == "math":
                lead = part[: len(part) - len(part.lstrip())]
                out.append(f"{lead}${to_tex(part)}$")
            else:
                out.append(f"`{part}`" if kind == "code" else part)
        elif kind == "math":
            out.append(
                to_html(part)
                if fmt == "html"
                else f'<span class="{MATH_CLASS}">\\({html.escape(to_tex(part))}\\)</span>'
            )
        elif kind == "code":
            out.append(f"<code>{html.escape(part)}</code>")
        else:
            out.append(html.escape(part))
    return "".join(out)
