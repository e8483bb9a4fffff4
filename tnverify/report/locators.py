"""Paper order of locators: a sort key for ``"§5.4.1, Eq. 5.19"``, ``"§III-B"``, ``"App. B.1"``.

Used by the errata sheets (:mod:`tnverify.report.errata`) to list entries in the order a
reader meets them in the paper.
"""

from __future__ import annotations

import re

from ..errors import DTypeError

__all__ = ["locator_order"]

_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
_SECTION = re.compile(r"§\s*([0-9]+(?:\.[0-9]+)*)|§\s*([IVXL]+)(?:-([A-Z]))?(?:\.([0-9]+))?")
_APPENDIX = re.compile(r"App\.\s*([A-Z])(?:\.([0-9]+))?")
_EQUATION = re.compile(r"Eq\.\s*([0-9]+(?:\.[0-9]+)*)")
_NUMBER = re.compile(r"(Table|Fig|Algorithm|Def|Prop|Thm|Lemma)\.?\s*([0-9]+(?:\.[0-9]+)*)")
#: A numbered item as a paper's declaration names it (``"Thm. 4.2.1"``, ``"Eq. 4.9"``).
_ITEM = re.compile(r"([A-Z][A-Za-z]*)\.?\s*([0-9]+(?:\.[0-9]+)*)")
#: Sorts after every equation number of the same chapter: the numbered items whose place
#: among the equations is not declared come after the equations of their section.
_LAST = 10**6


def _roman(text: str) -> int:
    values = [_ROMAN[ch] for ch in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _item(text: str) -> tuple[str, tuple[int, ...]] | None:
    """``"Thm. 4.2.1"`` as ``("Thm", (4, 2, 1))``; None for anything else."""
    m = _ITEM.fullmatch(str(text).strip())
    return (m.group(1), tuple(int(x) for x in m.group(2).split("."))) if m else None


def locator_order(where: str, follows=()) -> tuple:
    """A sort key putting locators in paper order: the main text by section (``§2.3.1``,
    ``§III-B``), the appendices after it (``App. B.1``), then by the first equation
    (other numbered items after the equations of their section); a locator without a
    section (a paper with unnumbered sections) sorts by its first equation.

    ``follows`` (a paper's declaration, :attr:`tnverify.references.Paper.follows`: pairs
    or a dict of a numbered item and the equation printed last before it) places a
    locator that names such an item and no equation right after that equation: a
    theorem numbered by its section (Thm. 4.2.1) cannot be placed among equations
    numbered by chapter (Eq. 4.9, Eq. 4.10) by its number.

    Examples
    --------
    >>> sorted(["App. A", "§5.4.1, Eq. 5.19", "§5.4, Eq. 5.18", "§III-B", "Eq. 17"],
    ...        key=locator_order)[:3]
    ['Eq. 17', '§III-B', '§5.4, Eq. 5.18']
    >>> after = {"Thm. 4.2.1": "Eq. 4.9"}
    >>> sorted(["§4.2.2, after Thm. 4.2.1", "§4.2.2, Eq. 4.10", "§4.2.2, Eq. 4.7–4.9"],
    ...        key=lambda w: locator_order(w, after))
    ['§4.2.2, Eq. 4.7–4.9', '§4.2.2, after Thm. 4.2.1', '§4.2.2, Eq. 4.10']
    """
    if not isinstance(where, str):
        raise DTypeError(f"where must be a locator text; got {type(where).__name__}")
    placed = {}
    for item, eq in dict(follows or ()).items():
        key, anchor = _item(item), _item(eq)
        if key is None or anchor is None or anchor[0] != "Eq":
            raise DTypeError(
                f"follows maps a numbered item to the equation printed before it, e.g. "
                f"{{'Thm. 4.2.1': 'Eq. 4.9'}}; got {item!r}: {eq!r}"[:200]
            )
        placed[key] = anchor[1]
    sec, app = _SECTION.search(where), _APPENDIX.search(where)
    first = min((m for m in (sec, app) if m is not None), key=lambda m: m.start(), default=None)
    eq, num = _EQUATION.search(where), _NUMBER.search(where)
    if eq:  # equations first: a section's equations, then its other numbers
        number = tuple(int(x) for x in eq.group(1).split("."))
    else:
        item = (num.group(1), tuple(int(x) for x in num.group(2).split("."))) if num else None
        if item in placed:  # declared: right after the equation printed before it
            number = placed[item] + (_LAST,) + item[1]
        else:
            number = (_LAST,) + (item[1] if item else ())
    if first is None:
        return (0, number, number)
    if first is app:
        return (2, (ord(app.group(1)) - ord("A"), int(app.group(2) or 0)), number)
    if sec.group(1):
        return (1, tuple(int(x) for x in sec.group(1).split(".")), number)
    sub = (ord(sec.group(3)) - ord("A") + 1) if sec.group(3) else 0
    return (1, (_roman(sec.group(2)), sub, int(sec.group(4) or 0)), number)
