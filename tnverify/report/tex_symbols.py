"""The character tables a formula may hold (:mod:`tnverify.report.tex`): Unicode sub- and
superscripts, the mathematical symbols and their TeX commands, Greek letters, accents
(combining marks), the mathematical alphabets (:func:`alphabet`) and the function names
set upright."""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "ACCENTS",
    "FUNCTIONS",
    "GREEK",
    "SUBSCRIPTS",
    "SUPERSCRIPTS",
    "SYMBOLS",
    "alphabet",
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
