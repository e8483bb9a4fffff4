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
import unicodedata
from dataclasses import dataclass, field

from ..errors import UsageError
from ..validation import as_text

__all__ = ["FORMATS", "MATH_CLASS", "segments", "to_tex", "to_html", "render"]

#: The formats of :func:`render`: ``"mathjax"`` (HTML, formulas as ``\\(…\\)`` in a
#: ``span.math`` that MathJax typesets), ``"html"`` (self-contained HTML, formulas with
#: ``<sub>``/``<sup>``), ``"myst"`` (Markdown source, formulas as ``$…$``, the text as
#: written), ``"markdown"`` (plain text with Markdown's ``_``/``*`` escaped outside code).
FORMATS = ("mathjax", "html", "myst", "markdown")
#: The class of a formula MathJax typesets on the site (Sphinx's own class for math).
MATH_CLASS = "math notranslate nohighlight"

# -- characters -----------------------------------------------------------------------
_SUB = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢᵣᵤᵥⱼ", "0123456789+-=()aeoxhklmnpstiruvj"))
_SUP = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿʳᵗᵏˣᵈᵉʲᵐᵖˢᵘᵛᵃᵇᶜᶠᵍʰˡᵒᵂᴿᴺᵀᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴼᴾᵁⱽ",
                "0123456789+-=()inrtkxdejmpsuvabcfghlowRNTABDEGHIJKLMOPUV"))
_SYM = {"Σ": r"\sum", "∑": r"\sum", "∏": r"\prod", "⊗": r"\otimes", "⊙": r"\odot",
        "⊕": r"\oplus", "∘": r"\circ", "∈": r"\in", "∉": r"\notin", "⊂": r"\subset",
        "⊆": r"\subseteq", "∪": r"\cup", "∩": r"\cap", "⟨": r"\langle", "⟩": r"\rangle",
        "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "≈": r"\approx", "∼": r"\sim", "∝": r"\propto",
        "→": r"\to", "←": r"\leftarrow", "↦": r"\mapsto", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow",
        "⋯": r"\cdots", "…": r"\ldots", "·": r"\cdot", "⋅": r"\cdot", "×": r"\times",
        "÷": r"\div", "±": r"\pm", "∞": r"\infty", "∂": r"\partial", "∇": r"\nabla",
        "√": r"\surd", "‖": r"\|", "−": "-", "∀": r"\forall", "∃": r"\exists",
        "≡": r"\equiv", "ℓ": r"\ell", "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil",
        "⌉": r"\rceil", "⟦": r"[\![", "⟧": r"]\!]", "′": "'", "∅": r"\emptyset",
        "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee", "≪": r"\ll", "≫": r"\gg", "⊤": r"\top",
        "⊥": r"\perp", "∣": r"\mid", "≔": r":=", "%": r"\%", "#": r"\#", "&": r"\&",
        "$": r"\$", "~": r"\sim", "\\": r"\backslash", "*": r"\ast", '"': "''", "“": "``",
        "”": "''", "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}",
        "ℂ": r"\mathbb{C}", "ℚ": r"\mathbb{Q}", "ϵ": r"\epsilon", "ϕ": r"\phi",
        "ϑ": r"\vartheta", "ϱ": r"\varrho", "ς": r"\varsigma"}
_GREEK = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon",
          "ζ": "zeta", "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda",
          "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "τ": "tau",
          "υ": "upsilon", "φ": "varphi", "χ": "chi", "ψ": "psi", "ω": "omega",
          "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi",
          "Υ": "Upsilon", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega"}
_ACCENT = {"\u0304": "bar", "\u0305": "bar", "\u0302": "hat", "\u0303": "tilde",
           "\u0307": "dot", "\u0308": "ddot", "\u20d7": "vec", "\u0301": "acute"}
_ALPHABET = (("DOUBLE-STRUCK", "mathbb"), ("BOLD SCRIPT", "mathcal"), ("SCRIPT", "mathcal"),
             ("BOLD FRAKTUR", "mathfrak"), ("FRAKTUR", "mathfrak"),
             ("BOLD ITALIC", "boldsymbol"), ("SANS-SERIF", "mathsf"), ("MONOSPACE", "mathtt"),
             ("BOLD", "mathbf"), ("ITALIC", ""))
_FUNCS = {"softmax", "diag", "exp", "log", "tanh", "sin", "cos", "max", "min", "argmax",
          "argmin", "rank", "det", "tr", "sgn", "sign", "vec", "span", "dim", "ker", "rk",
          "reshape", "sigmoid", "relu", "mod", "gcd", "lcm", "sup", "inf", "lim"}
_OPERATORS = set("=+−-×·<>≤≥≠≈/∈→←⊗⊙≡∼∝⋯…:|") | {"≔", "->", "<=", ">=", "!=", "==", ":="}
_MATH_MARK = re.compile("[_^{}" + "".join(map(re.escape, set(_SYM) - set('%#&$~\\*"“”…:')))
                        + "".join(_SUB) + "".join(_SUP) + "".join(_ACCENT)
                        + "".join(_GREEK) + "ϵϕϑϱς" + r"\U0001D400-\U0001D7FF]")
_PROSE_COMPOUND = re.compile(r"^\S*-[a-z]{3,}\S*$|^\S+[a-z]{3,}-\S*$")


def _alphabet(ch: str) -> tuple[str, str] | None:
    """``(command, letter)`` of a letter of a mathematical alphabet (𝒜 → mathcal, A)."""
    name = unicodedata.name(ch, "")
    if not (name.startswith("MATHEMATICAL ") or name.startswith(("SCRIPT ", "DOUBLE-STRUCK ",
                                                                    "BLACK-LETTER "))):
        return None
    m = re.search(r"(CAPITAL|SMALL) (\w+)$", name)
    if m is None:
        return None
    base = m.group(2)
    if base in {g.upper() for g in _GREEK.values()}:
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


# -- segmentation -----------------------------------------------------------------------
_OPEN, _CLOSE = "{⟨⟦", "}⟩⟧"
_LEAD = "\"“‘'([*"
_TRAIL = ",;:.!?\"”’')]*"


def _chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the whitespace-separated words (whitespace inside braces or angle brackets
    does not separate; unbalanced brackets fall back to plain whitespace)."""
    spans, depth, start = [], 0, None
    parens: list[bool] = []              # open parentheses: True for a script's ``_(``
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
        if core[0] in _LEAD and (core[0] not in "([" or core.count(core[0]) >
                                 core.count(")" if core[0] == "(" else "]")):
            a += 1
            continue
        last = core[-1]
        if last in _TRAIL and (last not in ")]" or core.count(last) >
                               core.count("(" if last == ")" else "[")):
            # "…" and "..." stay with a formula; an apostrophe after a letter is a prime
            if last == "." and core.endswith(("..", "…")):
                return a, len(word) - b
            if last == "'" and len(core) > 1 and _MATH_MARK.search(core):
                return a, len(word) - b
            b -= 1
            continue
        return a, len(word) - b


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
    call = re.fullmatch(r"([A-Za-z]+)\(\S*\)", core)
    if call and (len(call.group(1)) <= 2 or call.group(1) in _FUNCS):
        return "strong"
    if re.fullmatch(r"\|[^\s|]+\|", core) \
            or re.fullmatch(r"[A-Za-z]\d+|[A-Za-z][A-Za-z0-9]*[=<>+/][A-Za-z0-9=<>+/]*", core):
        return "strong"
    return "text"


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

    pieces = re.split(r"(`[^`\n]+`)", text)
    for i, piece in enumerate(pieces):
        if i % 2:
            add("code", piece[1:-1])
            continue
        words = []                       # (core start, core end, kind)
        for s, e in _chunks(piece):
            a, b = _peel(piece[s:e])
            words.append((s + a, e - b, _kind(piece[s + a:e - b]), s, e))
        runs, cur = [], []
        for w in words:
            # a formula goes on over a word without edge punctuation, or over a comma into
            # another formula (x₁, …, x_i)
            joins = w[2] != "text" and (not cur or w[0] == w[3] and (
                cur[-1][1] == cur[-1][4] or piece[cur[-1][1]:cur[-1][4]] == ","))
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
            while run and (run[-1][2] == "op" or run[-1][2] in ("weak", "article") and (
                    len(run) == 1 or run[-2][2] != "op")):
                run = run[:-1]
            while run and (run[0][2] == "op" or run[0][2] in ("weak", "article") and (
                    len(run) == 1 or run[1][2] != "op")):
                run = run[1:]
            kinds = [w[2] for w in run]
            if not run or not ("strong" in kinds or "letter" in kinds and len(run) == 1
                               or "op" in kinds):
                continue
            start, end = run[0][0], run[-1][1]
            # a bracket the formula opened closes in it: "W^{hx}[o, i]", "ξ(x, y)"
            for o, c in ("()", "[]"):
                while (piece.count(o, start, end) > piece.count(c, start, end)
                       and piece[end:end + 1] == c):
                    end += 1
            if start < pos:
                continue
            add("text", piece[pos:start])
            add("math", piece[start:end])
            pos = end
        add("text", piece[pos:])
    return out


# -- parsing a formula ---------------------------------------------------------------------
@dataclass
class _Node:
    kind: str                         # sym word num space group script accent uni cmd
    text: str = ""                    # the character(s); for script: "_" or "^"
    children: list = field(default_factory=list)
    tex: str = ""                     # uni: the TeX of a Unicode sub/superscript run


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
            children, _ = _parse(s[i + 1:j])
            nodes.append(_Node("group", children=children))
            i = j + 1
        elif ch == "\\" and re.match(r"\\[A-Za-z]+", s[i:]):
            name = re.match(r"\\([A-Za-z]+)", s[i:]).group(1)
            nodes.append(_Node("cmd", name))        # a TeX command written as such
            i += 1 + len(name)
        elif ch in "_^":
            arg, i = _script_arg(s, i + 1, ch)
            nodes.append(_Node("script", ch, arg) if arg is not None else _Node("sym", ch))
        elif ch in _SUB or ch in _SUP:
            table = _SUB if ch in _SUB else _SUP
            j = i
            while j < len(s) and s[j] in table:
                j += 1
            run = s[i:j]
            tex = "".join(table[c] for c in run)
            if tex == "T" and table is _SUP:
                tex = r"\top"
            nodes.append(_Node("script", "_" if table is _SUB else "^",
                               [_Node("uni", run, tex=tex)]))
            i = j
        elif ch in _ACCENT:
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
            m = re.match(r"\d+(\.\d+)?", s[i:])
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
        return _parse(s[i + 1:j])[0], j + 1
    if ch in "([":
        close = ")" if ch == "(" else "]"
        j = _matching(s, i, ch, close)
        if j > i:
            inner = _parse(s[i + 1:j])[0]
            if mark == "^" or ch == "[":  # a superscript (t) keeps its parentheses
                inner = [_Node("sym", ch)] + inner + [_Node("sym", close)]
            return inner, j + 1
    m = re.match(r"[A-Za-z0-9]+", s[i:])
    if m:
        return _parse(m.group(0))[0], i + len(m.group(0))
    j = i + 1
    while j < len(s) and s[j] in _ACCENT:
        j += 1
    return _parse(s[i:j])[0], j


# -- TeX ----------------------------------------------------------------------------------------
def _letterlike(n, left: bool) -> bool:
    if n.kind in ("word", "num", "accent") or (left and n.kind in ("script", "group", "uni")):
        return True
    return n.kind == "sym" and (n.text in _GREEK or _alphabet(n.text) is not None
                                or n.text == (")" if left else "("))


def _tex(nodes: list, script: bool = False) -> str:
    out = []
    for k, n in enumerate(nodes):
        if n.kind == "space":
            prev = nodes[k - 1] if k else None
            nxt = nodes[k + 1] if k + 1 < len(nodes) else None
            # a space between two symbols is a product or a label's gap: keep it visible
            out.append(r"\," if prev is not None and nxt is not None and _letterlike(prev, True)
                       and _letterlike(nxt, False) else " ")
        elif n.kind == "word":
            w = n.text
            # in a script, lower-case letters are indices (δ_ijkl); a name is upright
            upright = len(w) >= 3 and not (script and w.islower() and len(w) <= 4)
            out.append(rf"\operatorname{{{w}}}" if w in _FUNCS else
                       rf"\mathrm{{{w}}}" if upright else w)
        elif n.kind == "num":
            out.append(n.text)
        elif n.kind == "group":
            out.append("{" + _tex(n.children, script) + "}")
        elif n.kind == "script":
            out.append(n.text + "{" + _tex(n.children, True) + "}")
        elif n.kind == "uni":
            out.append(n.tex)
        elif n.kind == "cmd":
            out.append("\\" + n.text)
        elif n.kind == "accent":
            out.append(rf"\{_ACCENT[n.text]}{{{_tex(n.children, script)}}}")
        else:
            out.append(_sym_tex(n.text))
    text = ""
    for piece in out:        # a command followed by a letter needs a space (\in R, not \inR)
        if piece[:1].isalpha() and re.search(r"\\[A-Za-z]+$", text):
            text += " "
        text += piece
    return text


def _sym_tex(ch: str) -> str:
    if ch in _SYM:
        return _SYM[ch]
    if ch in _GREEK:
        return "\\" + _GREEK[ch]
    if ch in "{}":
        return "\\" + ch
    if ch in "_^":
        return "\\" + ch
    found = _alphabet(ch)
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
    return _tex(_parse(formula.strip())[0])


# -- HTML ----------------------------------------------------------------------------------------
def _html(nodes: list) -> str:
    out = []
    for n in nodes:
        if n.kind == "space":
            out.append(" ")
        elif n.kind == "word":
            out.append(f"<i>{n.text}</i>" if len(n.text) <= 2 and n.text not in _FUNCS
                       else n.text)
        elif n.kind == "num":
            out.append(n.text)
        elif n.kind == "group":
            out.append(_html(n.children))
        elif n.kind == "script":
            tag = "sub" if n.text == "_" else "sup"
            out.append(f"<{tag}>{_html(n.children)}</{tag}>")
        elif n.kind == "uni":
            out.append(html.escape(n.tex.replace(r"\top", "T")))
        elif n.kind == "cmd":
            pass                                    # \overline{…}: its argument follows
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
    return f'<span class="tnv-math">{_html(_parse(formula.strip())[0])}</span>'


def _md_escape(text: str) -> str:
    return re.sub(r"([\\_*])", r"\\\1", text)


def render(text, fmt: str = "mathjax") -> str:
    """Registry text with its formulas typeset: the one entry point of every page, report
    and sheet that shows a statement, a printed or meant line, a reading or a quote.

    Parameters
    ----------
    text : str
        The text.
    fmt : {"mathjax", "html", "myst", "markdown"}
        ``"mathjax"``: HTML with each formula as ``\\(…\\)`` in a ``<span
        class="math notranslate nohighlight">`` (the site typesets it with its bundled
        MathJax); ``"html"``: self-contained HTML (the report); ``"myst"``: MyST Markdown
        with formulas as ``$…$`` and the text as written; ``"markdown"``: the text as
        written with ``_`` and ``*`` escaped outside code (readable as plain text, never
        read as emphasis).  In the HTML formats the text is escaped and code is
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
        if fmt == "markdown":
            out.append(f"`{part}`" if kind == "code" else _md_escape(part))
        elif fmt == "myst":
            if kind == "math":
                lead = part[:len(part) - len(part.lstrip())]
                out.append(f"{lead}${to_tex(part)}$")
            else:
                out.append(f"`{part}`" if kind == "code" else part)
        elif kind == "math":
            out.append(to_html(part) if fmt == "html" else
                       f'<span class="{MATH_CLASS}">\\({html.escape(to_tex(part))}\\)</span>')
        elif kind == "code":
            out.append(f"<code>{html.escape(part)}</code>")
        else:
            out.append(html.escape(part))
    return "".join(out)
