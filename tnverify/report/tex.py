"""TeX and HTML of one formula of the registry's pseudo-LaTeX with Unicode
(:func:`tnverify.report.formulas.render` finds the formulas in a text and calls these).

The character tables (:mod:`tnverify.report.tex_symbols`, re-exported here) name what a
formula may hold; :mod:`tnverify.report.tex_parse` parses a formula into the nodes that
the renderers here walk.

Examples
--------
>>> from tnverify.report.tex import to_html, to_tex
>>> to_tex("Σ_{i=1}^R G^{(t)}_{1i}")
'\\\\sum_{i=1}^{R}\\\\,G^{(t)}_{1i}'
>>> to_html("x_t")
'<span class="tnv-math"><i>x</i><sub><i>t</i></sub></span>'
"""

from __future__ import annotations

import html
import re

from ..validation import as_text
from .tex_parse import COMMANDS, parse_formula
from .tex_symbols import (
    ACCENTS,
    FUNCTIONS,
    GREEK,
    SUBSCRIPTS,
    SUPERSCRIPTS,
    SYMBOLS,
    alphabet,
)

__all__ = [
    "SUBSCRIPTS",
    "SUPERSCRIPTS",
    "SYMBOLS",
    "GREEK",
    "ACCENTS",
    "FUNCTIONS",
    "COMMANDS",
    "alphabet",
    "to_tex",
    "to_html",
    "to_unicode",
    "to_plain",
]


def _letterlike(n, left: bool) -> bool:
    if n.kind in ("word", "num", "accent") or (left and n.kind in ("script", "group", "uni")):
        return True
    return n.kind == "sym" and (
        n.text in GREEK or alphabet(n.text) is not None or n.text == (")" if left else "(")
    )


def _tex(nodes: list, script: bool = False) -> str:
    out = []
    for k, n in enumerate(nodes):
        if n.kind == "space":
            prev = nodes[k - 1] if k else None
            nxt = nodes[k + 1] if k + 1 < len(nodes) else None
            # a space between two symbols is a product or a label's gap: keep it visible
            out.append(
                r"\,"
                if prev is not None
                and nxt is not None
                and _letterlike(prev, True)
                and _letterlike(nxt, False)
                else " "
            )
        elif n.kind == "word":
            w = n.text
            # in a script, lower-case letters are indices (δ_ijkl); a name is upright
            upright = len(w) >= 3 and not (script and w.islower() and len(w) <= 4)
            out.append(
                rf"\operatorname{{{w}}}" if w in FUNCTIONS else rf"\mathrm{{{w}}}" if upright else w
            )
        elif n.kind == "num":
            mant, _, exp = n.text.replace("E", "e").partition("e")
            out.append(
                f"{mant}\\times 10^{{{exp.replace('−', '-').lstrip('+')}}}" if exp else n.text
            )
        elif n.kind == "group":
            brace = ("\\{", "\\}") if n.text == "set" else ("{", "}")
            out.append(brace[0] + _tex(n.children, script) + brace[1])
        elif n.kind == "script":
            out.append(n.text + "{" + _tex(n.children, True) + "}")
        elif n.kind == "uni":
            out.append(n.tex)
        elif n.kind == "cmd":
            out.append("\\" + n.text)
        elif n.kind == "over":
            out.append(rf"\overline{{{_tex(n.children, script)}}}")
        elif n.kind == "under":
            out.append(rf"\underbrace{{{_tex(n.children, script)}}}_{{{_tex(n.label, True)}}}")
        elif n.kind == "accent":
            out.append(rf"\{ACCENTS[n.text]}{{{_tex(n.children, script)}}}")
        else:
            out.append(_sym_tex(n.text))
    text = ""
    for piece in out:  # a command followed by a letter needs a space (\in R, not \inR)
        if piece[:1].isalpha() and re.search(r"\\[A-Za-z]+$", text):
            text += " "
        text += piece
    return text


def _sym_tex(ch: str) -> str:
    if ch in SYMBOLS:
        return SYMBOLS[ch]
    if ch in GREEK:
        return "\\" + GREEK[ch]
    if ch in "{}":
        return "\\" + ch
    if ch in "_^":
        return "\\" + ch
    found = alphabet(ch)
    if found:
        cmd, letter = found
        return rf"\{cmd}{{{letter}}}" if cmd else letter
    return ch


def to_tex(formula) -> str:
    """The TeX of one formula of the registry's pseudo-LaTeX (as :func:`segments` finds
    them): Unicode symbols, Greek letters and mathematical alphabets as TeX commands,
    Unicode sub- and superscripts and ``_x``/``^(t)`` as ``_{…}``/``^{(t)}``, words of three
    letters or more upright.

    Parameters
    ----------
    formula : str
        The formula.

    Returns
    -------
    str
        TeX for MathJax's inline math.
    """
    formula = as_text(formula, "formula")
    return _tex(parse_formula(formula))


# -- HTML ----------------------------------------------------------------------------------------
def _html(nodes: list) -> str:
    out = []
    for n in nodes:
        if n.kind == "space":
            out.append(" ")
        elif n.kind == "word":
            out.append(
                f"<i>{n.text}</i>" if len(n.text) <= 2 and n.text not in FUNCTIONS else n.text
            )
        elif n.kind == "num":
            out.append(n.text)
        elif n.kind == "group":
            inner = _html(n.children)
            out.append("{" + inner + "}" if n.text == "set" else inner)
        elif n.kind == "script":
            tag = "sub" if n.text == "_" else "sup"
            out.append(f"<{tag}>{_html(n.children)}</{tag}>")
        elif n.kind == "uni":
            out.append(html.escape(n.tex.replace(r"\top", "T")))
        elif n.kind == "cmd":
            pass  # another command: its argument follows
        elif n.kind == "over":
            out.append(f'<span class="tnv-over">{_html(n.children)}</span>')
        elif n.kind == "under":
            out.append(
                f'<span class="tnv-ub"><span class="tnv-ub-f">{_html(n.children)}'
                f'</span><span class="tnv-ub-l">{_html(n.label)}</span></span>'
            )
        elif n.kind == "accent":
            out.append(_html(n.children) + n.text)
        else:
            out.append(html.escape(n.text))
    return "".join(out)


def to_html(formula) -> str:
    """One formula as self-contained HTML (``<sub>``/``<sup>``, single letters in
    ``<i>``) inside ``<span class="tnv-math">``: typeset without MathJax, for the HTML
    report that loads nothing.

    Parameters
    ----------
    formula : str
        The formula.

    Returns
    -------
    str
        The HTML fragment.
    """
    formula = as_text(formula, "formula")
    return f'<span class="tnv-math">{_html(parse_formula(formula))}</span>'


_TO_SUB = {v: k for k, v in SUBSCRIPTS.items()}
_TO_SUP = {v: k for k, v in SUPERSCRIPTS.items()}


def _source(nodes: list) -> str:
    """The text of some nodes as written (a script as ``_{…}``/``^{…}``)."""
    out = []
    for n in nodes:
        if n.kind == "group":
            out.append("{" + _source(n.children) + "}")
        elif n.kind == "script":
            out.append(n.text + "{" + _source(n.children) + "}")
        elif n.kind == "uni":
            out.append(n.text)
        elif n.kind == "accent":
            out.append(_source(n.children) + n.text)
        elif n.kind == "cmd":
            out.append("\\" + n.text)
        elif n.kind == "over":
            out.append(r"\overline{" + _source(n.children) + "}")
        elif n.kind == "under":
            out.append(_source(n.children) + " [" + _source(n.label) + "]")
        else:
            out.append(n.text)
    return "".join(out)


def _unicode(nodes: list) -> str:
    out = []
    for n in nodes:
        if n.kind == "script":
            inner = _source(n.children)
            table = _TO_SUB if n.text == "_" else _TO_SUP
            flat = inner.replace("{", "").replace("}", "").replace("−", "-")
            if all(c in table for c in flat):
                out.append("".join(table[c] for c in flat))
            elif n.children and n.children[0].kind == "uni":
                out.append(n.children[0].text)
            else:
                out.append(
                    n.text
                    + ("(" + inner + ")" if len(inner) > 1 and not inner.startswith("(") else inner)
                )
        elif n.kind == "group":
            inner = _unicode(n.children)
            out.append("{" + inner + "}" if n.text == "set" else inner)
        elif n.kind == "accent":
            out.append(_unicode(n.children) + n.text)
        elif n.kind == "under":
            out.append(_unicode(n.children) + " [" + _unicode(n.label) + "]")
        else:
            out.append(_source([n]))
    return "".join(out)


def to_unicode(formula) -> str:
    """One formula as plain text (a page title, a heading): a sub- or superscript in
    Unicode where every character of it has a Unicode form (``x_{t}`` → ``xₜ``), else
    written ``x_(ab)``.

    Parameters
    ----------
    formula : str
        The formula.

    Returns
    -------
    str
        The plain text.
    """
    formula = as_text(formula, "formula")
    return _unicode(parse_formula(formula))


_UNDER_NAMED = re.compile(r"⟦\s*underbrace\s*:\s*")


def to_plain(formula) -> str:
    """One formula as written, for plain text (Markdown): an underbrace of the registry's
    form ``F ⟦underbrace: L⟧`` (and each ``⟦L⟧`` after it) as ``F [L]``.

    Parameters
    ----------
    formula : str
        The formula.

    Returns
    -------
    str
        The plain text.
    """
    formula = as_text(formula, "formula")
    m = _UNDER_NAMED.search(formula)
    if m is None:
        return formula
    return formula[: m.start()] + re.sub(r"⟦([^⟦⟧]*)⟧", r"[\1]", "⟦" + formula[m.end() :])
