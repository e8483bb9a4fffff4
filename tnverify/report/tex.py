"""TeX and HTML of one formula of the registry's pseudo-LaTeX with Unicode
(:func:`tnverify.report.formulas.render` finds the formulas in a text and calls these).

The character tables name what a formula may hold: Unicode sub- and superscripts, the
mathematical symbols and their TeX commands, Greek letters, accents (combining marks), the
mathematical alphabets and the function names set upright.

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
import unicodedata
from dataclasses import dataclass, field

from ..validation import as_text

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

#: Unicode subscripts and what they stand for.
SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢᵣᵤᵥⱼ", "0123456789+-=()aeoxhklmnpstiruvj"))
#: Unicode superscripts and what they stand for.
SUPERSCRIPTS = dict(
    zip(
        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿʳᵗᵏˣᵈᵉʲᵐᵖˢᵘᵛᵃᵇᶜᶠᵍʰˡᵒᵂᴿᴺᵀᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴼᴾᵁⱽ",
        "0123456789+-=()inrtkxdejmpsuvabcfghlowRNTABDEGHIJKLMOPUV",
    )
)
#: Symbols and their TeX.
SYMBOLS = {
    "Σ": r"\sum",
    "∑": r"\sum",
    "∏": r"\prod",
    "⊗": r"\otimes",
    "⊙": r"\odot",
    "⊕": r"\oplus",
    "∘": r"\circ",
    "∈": r"\in",
    "∉": r"\notin",
    "⊂": r"\subset",
    "⊆": r"\subseteq",
    "∪": r"\cup",
    "∩": r"\cap",
    "⟨": r"\langle",
    "⟩": r"\rangle",
    "≤": r"\le",
    "≥": r"\ge",
    "≠": r"\ne",
    "≈": r"\approx",
    "∼": r"\sim",
    "∝": r"\propto",
    "→": r"\to",
    "←": r"\leftarrow",
    "↦": r"\mapsto",
    "⇒": r"\Rightarrow",
    "⇔": r"\Leftrightarrow",
    "⋯": r"\cdots",
    "…": r"\ldots",
    "·": r"\cdot",
    "⋅": r"\cdot",
    "×": r"\times",
    "÷": r"\div",
    "±": r"\pm",
    "∞": r"\infty",
    "∂": r"\partial",
    "∇": r"\nabla",
    "√": r"\surd",
    "‖": r"\|",
    "−": "-",
    "∀": r"\forall",
    "∃": r"\exists",
    "≡": r"\equiv",
    "ℓ": r"\ell",
    "⌊": r"\lfloor",
    "⌋": r"\rfloor",
    "⌈": r"\lceil",
    "⌉": r"\rceil",
    "⟦": r"[\![",
    "⟧": r"]\!]",
    "′": "'",
    "∅": r"\emptyset",
    "¬": r"\neg",
    "∧": r"\wedge",
    "∨": r"\vee",
    "≪": r"\ll",
    "≫": r"\gg",
    "⊤": r"\top",
    "⊥": r"\perp",
    "∣": r"\mid",
    "≔": r":=",
    "%": r"\%",
    "#": r"\#",
    "&": r"\&",
    "$": r"\$",
    "~": r"\sim",
    "\\": r"\backslash",
    "*": r"\ast",
    '"': "''",
    "“": "``",
    "”": "''",
    "ℝ": r"\mathbb{R}",
    "ℕ": r"\mathbb{N}",
    "ℤ": r"\mathbb{Z}",
    "ℂ": r"\mathbb{C}",
    "ℚ": r"\mathbb{Q}",
    "ϵ": r"\epsilon",
    "ϕ": r"\phi",
    "ϑ": r"\vartheta",
    "ϱ": r"\varrho",
    "ς": r"\varsigma",
}
#: Greek letters and their TeX command names.
GREEK = {
    "α": "alpha",
    "β": "beta",
    "γ": "gamma",
    "δ": "delta",
    "ε": "varepsilon",
    "ζ": "zeta",
    "η": "eta",
    "θ": "theta",
    "ι": "iota",
    "κ": "kappa",
    "λ": "lambda",
    "μ": "mu",
    "ν": "nu",
    "ξ": "xi",
    "π": "pi",
    "ρ": "rho",
    "σ": "sigma",
    "τ": "tau",
    "υ": "upsilon",
    "φ": "varphi",
    "χ": "chi",
    "ψ": "psi",
    "ω": "omega",
    "Γ": "Gamma",
    "Δ": "Delta",
    "Θ": "Theta",
    "Λ": "Lambda",
    "Ξ": "Xi",
    "Π": "Pi",
    "Υ": "Upsilon",
    "Φ": "Phi",
    "Ψ": "Psi",
    "Ω": "Omega",
}
#: Combining marks and their TeX accents.
ACCENTS = {
    "\u0304": "bar",
    "\u0305": "bar",
    "\u0302": "hat",
    "\u0303": "tilde",
    "\u0307": "dot",
    "\u0308": "ddot",
    "\u20d7": "vec",
    "\u0301": "acute",
}
_ALPHABET = (
    ("DOUBLE-STRUCK", "mathbb"),
    ("BOLD SCRIPT", "mathcal"),
    ("SCRIPT", "mathcal"),
    ("BOLD FRAKTUR", "mathfrak"),
    ("FRAKTUR", "mathfrak"),
    ("BOLD ITALIC", "boldsymbol"),
    ("SANS-SERIF", "mathsf"),
    ("MONOSPACE", "mathtt"),
    ("BOLD", "mathbf"),
    ("ITALIC", ""),
)
#: Names set upright as operators (softmax, diag, ...).
FUNCTIONS = {
    "softmax",
    "diag",
    "exp",
    "log",
    "tanh",
    "sin",
    "cos",
    "max",
    "min",
    "argmax",
    "argmin",
    "rank",
    "det",
    "tr",
    "sgn",
    "sign",
    "vec",
    "span",
    "dim",
    "ker",
    "rk",
    "reshape",
    "sigmoid",
    "relu",
    "mod",
    "gcd",
    "lcm",
    "sup",
    "inf",
    "lim",
}


def alphabet(ch: str) -> tuple[str, str] | None:
    """``(command, letter)`` of a letter of a mathematical alphabet (𝒜 → mathcal, A)."""
    name = unicodedata.name(ch, "")
    if not (
        name.startswith("MATHEMATICAL ")
        or name.startswith(("SCRIPT ", "DOUBLE-STRUCK ", "BLACK-LETTER "))
    ):
        return None
    m = re.search(r"(CAPITAL|SMALL) (\w+)$", name)
    if m is None:
        return None
    base = m.group(2)
    if base in {g.upper() for g in GREEK.values()}:
        return None
    letter = base if m.group(1) == "CAPITAL" else base.lower()
    if len(letter) != 1:
        return None
    if "BLACK-LETTER" in name:
        return "mathfrak", letter
    for key, cmd in _ALPHABET:
        if key in name:
            return cmd, letter
    return None


# -- parsing a formula ---------------------------------------------------------------------
@dataclass
class _Node:
    kind: str  # sym word num space group script accent uni cmd
    text: str = ""  # the character(s); for script: "_" or "^"
    children: list = field(default_factory=list)
    tex: str = ""  # uni: the TeX of a Unicode sub/superscript run
    label: list = field(default_factory=list)  # under: the label below the brace


def _matching(s: str, i: int, open_: str, close: str) -> int:
    depth = 0
    for j in range(i, len(s)):
        if s[j] == open_:
            depth += 1
        elif s[j] == close:
            depth -= 1
            if depth == 0:
                return j
    return -1


def _parse(s: str, i: int = 0, stop: str | None = None) -> tuple[list, int]:
    nodes: list = []
    while i < len(s):
        ch = s[i]
        if stop is not None and ch == stop:
            return nodes, i + 1
        if ch == "{":
            j = _matching(s, i, "{", "}")
            if j < 0:
                nodes.append(_Node("sym", "{"))
                i += 1
                continue
            children, _ = _parse(s[i + 1 : j])
            # braces that are no command's argument around a list ({2, 4}, {1, …, N},
            # {x : x > 0}) are a set's: they are shown, not read as TeX grouping
            is_set = not (nodes and nodes[-1].kind == "cmd") and any(
                c.kind == "sym" and c.text in ",:|…⋯" for c in children
            )
            nodes.append(_Node("group", "set" if is_set else "", children))
            i = j + 1
        elif ch == "\\" and re.match(r"\\[A-Za-z]+", s[i:]):
            name = re.match(r"\\([A-Za-z]+)", s[i:]).group(1)
            nodes.append(_Node("cmd", name))  # a TeX command written as such
            i += 1 + len(name)
        elif ch in "_^":
            arg, i = _script_arg(s, i + 1, ch)
            nodes.append(_Node("script", ch, arg) if arg is not None else _Node("sym", ch))
        elif ch in SUBSCRIPTS or ch in SUPERSCRIPTS:
            table = SUBSCRIPTS if ch in SUBSCRIPTS else SUPERSCRIPTS
            j = i
            while j < len(s) and s[j] in table:
                j += 1
            run = s[i:j]
            tex = "".join(table[c] for c in run)
            if tex == "T" and table is SUPERSCRIPTS:
                tex = r"\top"
            nodes.append(
                _Node("script", "_" if table is SUBSCRIPTS else "^", [_Node("uni", run, tex=tex)])
            )
            i = j
        elif ch in ACCENTS:
            if nodes:
                nodes[-1] = _Node("accent", ch, [nodes[-1]])
            i += 1
        elif ch.isascii() and ch.isalpha():
            j = i
            while j < len(s) and s[j].isascii() and s[j].isalpha():
                j += 1
            nodes.append(_Node("word", s[i:j]))
            i = j
        elif ch.isdigit():
            m = re.match(r"\d+(\.\d+)?([eE][-+−]?\d+(?![A-Za-z]))?", s[i:])
            nodes.append(_Node("num", m.group(0)))
            i += len(m.group(0))
        elif ch.isspace():
            nodes.append(_Node("space", " "))
            while i < len(s) and s[i].isspace():
                i += 1
        else:
            nodes.append(_Node("sym", ch))
            i += 1
    return nodes, i


def _script_arg(s: str, i: int, mark: str):
    if i >= len(s) or s[i].isspace():
        return None
    ch = s[i]
    if ch == "{":
        j = _matching(s, i, "{", "}")
        if j < 0:
            return None, i
        return _parse(s[i + 1 : j])[0], j + 1
    if ch in "([":
        close = ")" if ch == "(" else "]"
        j = _matching(s, i, ch, close)
        if j > i:
            inner = _parse(s[i + 1 : j])[0]
            if mark == "^" or ch == "[":  # a superscript (t) keeps its parentheses
                inner = [_Node("sym", ch)] + inner + [_Node("sym", close)]
            return inner, j + 1
    m = re.match(r"[A-Za-z0-9]+", s[i:])
    if m:
        return _parse(m.group(0))[0], i + len(m.group(0))
    j = i + 1
    while j < len(s) and s[j] in ACCENTS:
        j += 1
    return _parse(s[i:j])[0], j


#: The TeX commands a formula may be written with, beside the symbols of the tables:
#: ``\\overline{…}`` and ``\\underbrace{…}_{…}``.  The registry's own form of an
#: underbrace is ``F ⟦underbrace: L⟧`` (the factor ``F`` with ``L`` below its brace); after
#: it, in the same formula, a ``F ⟦L⟧`` is one too (ttlm Eq. 3 labels each factor so).
COMMANDS = ("overline", "underbrace")


def _factor(out: list) -> list:
    """Take the factor that ends ``out`` (a base and its scripts, and the spaces after
    them); ``[]`` (``out`` as it was) when there is none."""
    k = len(out)
    while k and out[k - 1].kind == "space":
        k -= 1
    j = k
    while j and out[j - 1].kind == "script":
        j -= 1
    if j and out[j - 1].kind != "space":
        j -= 1
    if j == k:
        return []
    factor = out[j:k]
    del out[j:]
    return factor


def _structure(nodes: list) -> list:
    """The commands of :data:`COMMANDS` and the registry's underbraces as nodes
    (``over``: an argument; ``under``: a factor and a label), inside groups too."""
    out: list = []
    braces = False  # an "⟦underbrace: …⟧" came before in this formula
    i = 0
    while i < len(nodes):
        n = nodes[i]
        if n.kind in ("group", "script", "accent"):
            n = _Node(n.kind, n.text, _structure(n.children), n.tex)
        nxt = nodes[i + 1] if i + 1 < len(nodes) else None
        if n.kind == "cmd" and n.text == "overline" and nxt is not None and nxt.kind == "group":
            out.append(_Node("over", children=_structure(nxt.children)))
            i += 2
            continue
        if (
            n.kind == "cmd"
            and n.text == "underbrace"
            and nxt is not None
            and nxt.kind == "group"
            and i + 2 < len(nodes)
            and nodes[i + 2].kind == "script"
            and nodes[i + 2].text == "_"
        ):
            out.append(
                _Node(
                    "under",
                    children=_structure(nxt.children),
                    label=_structure(nodes[i + 2].children),
                )
            )
            i += 3
            continue
        if n.kind == "sym" and n.text == "⟦":
            j = next(
                (
                    k
                    for k in range(i + 1, len(nodes))
                    if nodes[k].kind == "sym" and nodes[k].text in "⟦⟧"
                ),
                None,
            )
            if j is not None and nodes[j].text == "⟧":
                inner = nodes[i + 1 : j]
                words = [m for m in inner if m.kind != "space"]
                named = (
                    len(words) >= 2
                    and words[0].kind == "word"
                    and words[0].text == "underbrace"
                    and words[1].kind == "sym"
                    and words[1].text == ":"
                )
                if named:
                    inner = inner[inner.index(words[1]) + 1 :]
                if named or braces:
                    while inner and inner[0].kind == "space":
                        inner = inner[1:]
                    while inner and inner[-1].kind == "space":
                        inner = inner[:-1]
                    factor = _factor(out)
                    if factor and inner:
                        braces = True
                        out.append(_Node("under", children=factor, label=_structure(inner)))
                        i = j + 1
                        continue
        out.append(n)
        i += 1
    return out


def _nodes(formula: str) -> list:
    """The structured nodes of one formula."""
    return _structure(_parse(formula.strip())[0])


# -- TeX ----------------------------------------------------------------------------------------
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
    return _tex(_nodes(formula))


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
    return f'<span class="tnv-math">{_html(_nodes(formula))}</span>'


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
    return _unicode(_nodes(formula))


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
