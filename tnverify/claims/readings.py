"""How a referee reads a claim: quoted readings, defects and remarks.

A printed statement can often be read more than one way.  A :class:`Reading` records one
way, with the quote from the paper (and its locator) that makes it *admissible* — or the
quote that *rules it out*.  Only admissible readings decide a verdict; ruled-out readings
stay visible in the evidence ("considered, ruled out by …").  The verdict ``ill-posed`` is
reserved for two admissible readings with different outcomes, or for a statement with no
well-typed reading.

Every verdict other than ``holds`` names its :class:`Defect`:

``misprint``          a local edit (an index limit, a transpose, a sign, a symbol) makes
                      the statement hold and the intent is clear; ``meant`` is exactly the
                      edit its ``-corrected`` twin applies;
``false``             the mathematics fails under every admissible reading;
``ambiguous``         the ill-posed case: admissible readings disagree, or none is
                      well-typed;
``published-number``  a printed number not reproduced at its printed precision;
``editorial``         a cross-reference or naming slip that misleads nobody (e.g. "Table I"
                      for Table II): listed apart from the mathematical errata and not
                      counted with them.

One erratum key means one edit.  The same edit printed in two places (e.g. the same
misprinted sum in two papers) is one erratum: both defects carry the same ``erratum`` key,
the errata sheets list it once and show every claim's own printed and meant text.  A
claim whose statement needs several distinct edits lists the further ones in ``also``
(each its own erratum, counted apart).  Wrong names or wording on right mathematics are :data:`remarks <Claim.remarks>` on a
holding claim, never a failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import ClaimError, DTypeError
from ..validation import as_text

__all__ = [
    "Reading",
    "Defect",
    "DEFECT_KINDS",
    "DEFECT_KIND_MEANINGS",
    "DEFECT_LABELS",
    "MATHEMATICAL_KINDS",
]

#: The kinds of defect a non-holding verdict can name (ARCHITECTURE.md, Design notes).
DEFECT_KINDS = ("misprint", "false", "ambiguous", "published-number", "editorial")
#: What each kind means, in words for a paper's author (the errata sheets' count table
#: prints them): the one definition of each kind, its keys exactly :data:`DEFECT_KINDS`.
DEFECT_KIND_MEANINGS = {
    "misprint": (
        "a local slip (an index, a transpose, a sign, a symbol) whose intended text is "
        "clear; with it corrected, the statement holds"
    ),
    "false": (
        "the statement is wrong under every reading its text admits, and no local slip "
        "with a clear intent explains it; a true statement is given in its place"
    ),
    "ambiguous": (
        "the text admits readings that give different results, or no reading that makes "
        "sense; the reading it needs is given"
    ),
    "published-number": (
        "a printed number that cannot be reproduced, at its printed precision, from what "
        "the paper states"
    ),
    "editorial": (
        "a cross-reference or naming slip that misleads nobody (such as a wrong table "
        "number); not counted with the mathematical errata: an entry of editorial slips "
        "only is listed in its own section, one inside a mathematical entry is labelled "
        "there as an editorial slip"
    ),
}
#: The kinds counted as mathematical errata (``editorial`` slips are counted apart).
MATHEMATICAL_KINDS = ("misprint", "false", "ambiguous", "published-number")
#: What the second line of an edit (:attr:`Defect.meant`) is called, per kind, wherever it
#: is shown (errata sheets, claim pages, reports, ``tnverify show``): "Meant" only where
#: the author's intent is clear from a local slip; a false statement or an unreproducible
#: number gets its correction, an ambiguous one the reading it needs.
DEFECT_LABELS = {
    "misprint": "Meant",
    "editorial": "Meant",
    "false": "Correction",
    "published-number": "Correction",
    "ambiguous": "Clarification",
}


@dataclass(frozen=True)
class Reading:
    """One way to read a printed statement, and why it is (in)admissible.

    Parameters
    ----------
    name : str
        Short key, the same key the check uses in ``Evidence.readings``.
    text : str
        The reading in words.
    admissible : bool
        ``True`` when the text around the statement does not rule it out.
    quote : str
        The paper's words that support it (admissible) or rule it out.
    where : str
        The locator of the quote (section / equation / sentence).
    """

    name: str
    text: str
    admissible: bool = True
    quote: str = ""
    where: str = ""

    def __post_init__(self):
        if not self.name or not isinstance(self.name, str):
            raise ClaimError(f"a Reading needs a non-empty name; got {self.name!r}")
        if not isinstance(self.admissible, bool):
            raise ClaimError(
                f"Reading {self.name!r}: admissible must be True or False; got {self.admissible!r}"
            )

    @property
    def status(self) -> str:
        """``"admissible"`` or ``"ruled out"``."""
        return "admissible" if self.admissible else "ruled out"

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "text": self.text,
            "status": self.status,
            "quote": self.quote,
            "where": self.where,
        }


@dataclass(frozen=True)
class Defect:
    """What is wrong with a statement that does not hold.

    Parameters
    ----------
    kind : {"misprint", "false", "ambiguous", "published-number", "editorial"}
    printed : str
        What the paper prints.
    meant : str
        The corrected statement or, for a misprint, the exact edit (the one the claim's
        ``-corrected`` twin applies).
    erratum : str, optional
        A key shared by the defects of every claim that prints *the same edit* (listed
        once in the errata sheets, each claim with its own printed and meant text).
    also : tuple of Defect, optional
        Further distinct edits the same statement needs (each its own erratum; an edit
        without a key is keyed ``<claim id>/<n>``).  They carry no ``also`` of their own.
    why : str, optional
        The argument the verdict rests on, complete in itself (shown as "Why" on the
        errata sheet, which must make its case without the claim page).
    """

    kind: str
    printed: str
    meant: str
    erratum: str = ""
    also: tuple = ()
    why: str = ""

    def __post_init__(self):
        for name in ("kind", "printed", "meant", "erratum", "why"):
            as_text(getattr(self, name), f"Defect.{name}")  # DTypeError for a non-string
        if not isinstance(self.also, (tuple, list)):
            raise DTypeError(
                f"Defect.also must be a tuple of Defects; got {type(self.also).__name__}"
            )
        if self.kind not in DEFECT_KINDS:
            raise ClaimError(f"defect kind must be one of {DEFECT_KINDS}; got {self.kind!r}")
        if not self.printed or not self.meant:
            raise ClaimError(f"a {self.kind} defect needs both 'printed' and 'meant'")
        object.__setattr__(self, "also", tuple(self.also))
        for d in self.also:
            if not isinstance(d, Defect) or d.also:
                raise ClaimError("Defect.also holds Defects without an 'also' of their own")

    @property
    def edits(self) -> tuple[Defect, ...]:
        """Every distinct edit: this defect's own, then those of ``also``."""
        from dataclasses import replace

        return (replace(self, also=()),) + self.also

    def to_dict(self) -> dict:
        d = {"kind": self.kind, "printed": self.printed, "meant": self.meant}
        if self.erratum:
            d["erratum"] = self.erratum
        if self.also:
            d["also"] = [e.to_dict() for e in self.also]
        if self.why:
            d["why"] = self.why
        return d


def normalise_readings(claim_id: str, readings) -> dict:
    """``{name: Reading}`` from a mapping of names to Readings or plain texts, or from a
    sequence of Readings."""
    out: dict[str, Reading] = {}
    items = (
        readings.items()
        if isinstance(readings, Mapping)
        else ((getattr(r, "name", None), r) for r in readings)
    )
    for name, r in items:
        if isinstance(r, str):
            r = Reading(str(name), r)
        if not isinstance(r, Reading):
            raise ClaimError(
                f"claim {claim_id}: readings must be Reading objects or texts; "
                f"got {type(r).__name__}"
            )
        if r.name != name:
            raise ClaimError(
                f"claim {claim_id}: reading key {name!r} differs from its name {r.name!r}"
            )
        out[r.name] = r
    return out
