"""The papers whose claims tnverify checks: registry keys and full citations.

Claims, docstrings, the report and the errata cite a paper by its key (``ttlm``,
``thesis``, ``grurntn``, ``tslm``, ``gtm``; ``tnverify`` for the toolkit's own
statements) plus a locator (section, equation, table).  A user of the package needs
nothing but the published paper: every entry below gives authors, title, venue, year and
an arXiv id or DOI where one exists.  Locators refer to the version named in ``version``
(for the TTLM paper: the anonymous ICLR 2023 submission, whose numbering the claims use).

Every paper is *declared* with :func:`paper` (``tnverify.paper``): the built-in ones in
their claim folders (``tnverify/claims/<key>/__init__.py``, imported with :mod:`tnverify`),
a plugin's at its import, before its claims cite it.  :data:`PAPERS` holds them all.

Examples
--------
>>> from tnverify.references import paper
>>> p = paper("gtm")
>>> p.arxiv, p.year
('1901.10801', 2019)
>>> print(p.short)
Khrulkov, Hrinchuk & Oseledets (2019)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ClaimError

__all__ = ["Paper", "PAPERS", "paper", "declare", "declared_papers"]


@dataclass(frozen=True)
class Paper:
    """A bibliographic entry of a checked paper.

    Attributes
    ----------
    key : str
        Registry key (the prefix of its claim ids).
    authors : tuple of str
        Authors as printed (``()`` for the toolkit's own statements).
    title, venue : str
        Title and where it appeared.
    year : int or None
    arxiv, doi : str
        arXiv identifier and DOI, ``""`` when there is none.
    version : str
        Which version the locators (section/equation numbers) refer to.
    topic : str
        One line on what the paper covers in tnverify's registry.
    errata : bool
        Whether ``tnverify errata`` writes a sheet for it (not for the toolkit's own).
    notation : tuple of (str, str)
        ``(size parameter, symbol)`` pairs where the paper writes a size otherwise than
        the common notation (``("length", "N")``: the paper's sequence length is N); the
        reports write a check's sizes in this notation.
    unnamed : tuple of (str, str)
        ``(symbol, meaning)`` pairs of common symbols its sheet uses for sizes the paper
        names nowhere (``("|V|", "the vocabulary size")``); the sheet says so once.
    follows : tuple of (str, str)
        ``(item, equation)`` pairs: a numbered item other than an equation that a locator
        names (``"Thm. 4.2.1"``) and the last equation printed before it (``"Eq. 4.9"``),
        where the numbers alone do not tell its place among the equations (theorems
        numbered by section, equations by chapter); the errata sheet lists an entry at
        that item right after the equation's (:func:`tnverify.report.locators.locator_order`).
    sizes : tuple of (str, str)
        ``(size parameter, meaning)`` pairs for the sizes of this paper's checks, in words
        (``("chains", "the number of Markov chains run")``): the errata sheet defines each
        size symbol it prints with its meaning, and a size of the paper's own overrides
        the common meaning (:data:`tnverify.report.size_names.SIZE_MEANINGS`).
    probes : tuple of str
        Size parameters of this paper's checks that size a probe (draws, chains, a
        batch), not the model: counterexamples and scope lines list them apart, as the
        common ones (:data:`tnverify.report.size_names.PROBE_KEYS`).
    """

    key: str
    authors: tuple[str, ...]
    title: str
    venue: str
    year: int | None
    arxiv: str = ""
    doi: str = ""
    version: str = ""
    topic: str = ""
    errata: bool = True
    notation: tuple[tuple[str, str], ...] = ()
    unnamed: tuple[tuple[str, str], ...] = ()
    follows: tuple[tuple[str, str], ...] = ()
    sizes: tuple[tuple[str, str], ...] = ()
    probes: tuple[str, ...] = ()

    @property
    def short(self) -> str:
        """Author-year label, e.g. ``Khrulkov, Hrinchuk & Oseledets (2019)``."""
        if not self.authors:
            return self.title
        surnames = [a.split()[-1] for a in self.authors]
        if len(surnames) > 3:
            who = f"{surnames[0]} et al."
        elif len(surnames) > 1:
            who = ", ".join(surnames[:-1]) + " & " + surnames[-1]
        else:
            who = surnames[0]
        return f"{who} ({self.year})" if self.year else who

    @property
    def citation(self) -> str:
        """The full citation in one line."""
        parts = [", ".join(self.authors)] if self.authors else []
        parts.append(f"\u201c{self.title}\u201d")
        if self.venue:
            parts.append(self.venue)
        if self.year:
            parts.append(str(self.year))
        ids = []
        if self.arxiv:
            ids.append(f"arXiv:{self.arxiv}")
        if self.doi:
            ids.append(f"doi:{self.doi}")
        line = ". ".join(parts)
        if ids:
            line += ". " + ", ".join(ids)
        return line + "."

    def to_dict(self) -> dict:
        return {
            "key": self.key,
            "authors": list(self.authors),
            "title": self.title,
            "venue": self.venue,
            "year": self.year,
            "arxiv": self.arxiv,
            "doi": self.doi,
            "version": self.version,
            "citation": self.citation,
        }


#: Every declared paper by key: the built-in papers (declared in their claim folders,
#: ``tnverify/claims/<key>/__init__.py``, when :mod:`tnverify` is imported), then the papers of
#: plugins, in declaration order.
PAPERS: dict[str, Paper] = {}

_FIELDS = (
    "authors",
    "title",
    "year",
    "venue",
    "arxiv",
    "doi",
    "version",
    "topic",
    "errata",
    "notation",
    "unnamed",
    "follows",
    "sizes",
    "probes",
)


#: An example of each string-to-string field of a paper, for its error message.
_PAIR_EXAMPLES = {
    "notation": "{'length': 'N'}",
    "unnamed": "{'|V|': 'the vocabulary size'}",
    "sizes": "{'chains': 'the number of chains simulated'}",
}


def _pairs(key: str, name: str, value) -> tuple[tuple[str, str], ...]:
    """A mapping of non-empty strings to non-empty strings, as pairs in its order."""
    from .errors import DTypeError

    if value is None:
        return ()
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and k.strip() and isinstance(v, str) and v.strip()
        for k, v in value.items()
    ):
        example = _PAIR_EXAMPLES.get(name, "{'length': 'N'}")
        raise DTypeError(
            f"paper {key!r}: {name} must be a dict of non-empty strings to non-empty "
            f"strings, e.g. {example}; got {value!r}"[:200]
        )
    return tuple(value.items())


def _probes(key: str, value) -> tuple[str, ...]:
    """``probes`` as a tuple of non-empty strings (a list, tuple or set of size-parameter
    names; None: none); anything else, a lone string included, raises DTypeError."""
    from .errors import DTypeError

    if value is None:
        return ()
    if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set, frozenset)):
        raise DTypeError(
            f"paper {key!r}: probes must be a list of size-parameter names, e.g. "
            f"['chains']; got {value!r}"[:200]
        )
    if not all(isinstance(n, str) and n.strip() for n in value):
        raise DTypeError(
            f"paper {key!r}: probes must be non-empty strings (size-parameter names); "
            f"got {value!r}"[:200]
        )
    names = sorted(value) if isinstance(value, (set, frozenset)) else list(value)
    return tuple(dict.fromkeys(names))


#: A numbered item of a locator (``Thm. 4.2.1``, ``Fig. 4.7``, ``Eq. 4.9``): a word, an
#: optional full stop, and its number.
_ITEM = re.compile(r"[A-Z][A-Za-z]*\.?\s*[0-9]+(?:\.[0-9]+)*")


def _follows(key: str, value) -> tuple[tuple[str, str], ...]:
    """``follows`` as pairs (:func:`_pairs`), each a numbered item other than an equation
    mapped to an equation (``{"Thm. 4.2.1": "Eq. 4.9"}``); anything else raises
    DTypeError."""
    from .errors import DTypeError

    pairs = _pairs(key, "follows", value)
    for item, eq in pairs:
        if (
            not _ITEM.fullmatch(item.strip())
            or item.startswith("Eq")
            or not (_ITEM.fullmatch(eq.strip()) and eq.startswith("Eq."))
        ):
            raise DTypeError(
                f"paper {key!r}: follows maps a numbered item other than an equation to "
                f"the equation printed before it, e.g. {{'Thm. 4.2.1': 'Eq. 4.9'}}; "
                f"got {item!r}: {eq!r}"[:200]
            )
    return pairs


def declare(
    key: str,
    *,
    authors,
    title: str,
    year: int | None,
    venue: str = "",
    arxiv: str = "",
    doi: str = "",
    version: str = "",
    topic: str = "",
    errata: bool = True,
    notation: dict | None = None,
    unnamed: dict | None = None,
    follows: dict | None = None,
    sizes: dict | None = None,
    probes=None,
) -> Paper:
    """Declare the paper ``key`` (see :func:`paper`); returns its :class:`Paper`."""
    from .errors import DTypeError

    if (
        not isinstance(key, str)
        or not key
        or key != key.lower()
        or not all(ch.isalnum() or ch == "_" for ch in key)
    ):
        raise ClaimError(
            f"a paper key is a lower-case word without hyphens (the prefix of "
            f"its claim ids, e.g. 'ttlm'); got {key!r}"
        )
    if isinstance(authors, str) or not all(
        isinstance(a, str) and a.strip() for a in (authors or ())
    ):
        raise DTypeError(
            f"paper {key!r}: authors must be a sequence of names, e.g. "
            f"('Ada Lovelace', 'Charles Babbage'); got {authors!r}"[:200]
        )
    for name, value in (
        ("title", title),
        ("venue", venue),
        ("arxiv", arxiv),
        ("doi", doi),
        ("version", version),
        ("topic", topic),
    ):
        if not isinstance(value, str):
            raise DTypeError(
                f"paper {key!r}: {name} must be a string; got {type(value).__name__} {value!r}"[
                    :200
                ]
            )
    if not title.strip():
        raise ClaimError(f"paper {key!r}: the title must not be empty")
    if year is not None and (isinstance(year, bool) or not isinstance(year, int)):
        raise DTypeError(
            f"paper {key!r}: year must be an int or None; got {type(year).__name__} {year!r}"[:200]
        )
    if not isinstance(errata, bool):
        raise DTypeError(f"paper {key!r}: errata must be True or False; got {errata!r}")
    new = Paper(
        key,
        tuple(authors),
        title,
        venue,
        year,
        arxiv=arxiv,
        doi=doi,
        version=version,
        topic=topic,
        errata=errata,
        notation=_pairs(key, "notation", notation),
        unnamed=_pairs(key, "unnamed", unnamed),
        follows=_follows(key, follows),
        sizes=_pairs(key, "sizes", sizes),
        probes=_probes(key, probes),
    )
    old = PAPERS.get(key)
    if old is not None:
        if old != new:
            differ = [f for f in _FIELDS if getattr(old, f) != getattr(new, f)]
            raise ClaimError(
                f"paper {key!r} is already declared with other "
                f"{', '.join(differ)}; a key names one paper"
            )
        return old
    PAPERS[key] = new
    return new


def paper(key: str, **fields) -> Paper:
    """Declare a paper, or look one up.

    ``paper(key)`` returns the declared paper ``key``; unknown keys raise
    :class:`~tnverify.errors.ClaimError` naming the known keys.  ``paper(key, authors=...,
    title=..., year=..., venue="", arxiv="", doi="", version="", topic="", errata=True,
    notation=None, unnamed=None, follows=None, sizes=None, probes=None)``
    declares it (a plugin does so at import, before its claims cite it with
    ``Ref(key, locator)``): re-declaring the same entry is a no-op, a different entry under
    a declared key raises :class:`~tnverify.errors.ClaimError`.  ``errata=False`` keeps the
    paper out of ``tnverify errata`` (the toolkit's own statements); ``notation`` (e.g.
    ``{"length": "N"}``) names the symbols the paper writes for the checks' sizes, and
    ``unnamed`` (e.g. ``{"|V|": "the vocabulary size"}``) the common symbols its sheet uses
    for sizes the paper names nowhere; ``follows`` (e.g. ``{"Thm. 4.2.1": "Eq. 4.9"}``)
    places a numbered item among the equations where the numbers alone do not (the
    equation printed last before it), so its errata sheet keeps the paper's order;
    ``sizes`` (e.g. ``{"chains": "the number of Markov chains run"}``) says in words what
    each size of its checks is (its errata sheet defines every size symbol it prints), and
    ``probes`` (e.g. ``["chains"]``) names the sizes that size a probe of a check, not the
    model (listed apart as probe sizes).  The
    built-in papers are
    declared the same way, in their claim folders (``tnverify/claims/<key>/__init__.py``).

    Examples
    --------
    >>> import tnverify
    >>> p = tnverify.paper("doc_example", authors=("Ada Lovelace",),
    ...                    title="Notes on the analytical engine", year=1843)
    >>> p.short, tnverify.paper("doc_example") is p
    ('Lovelace (1843)', True)
    >>> del tnverify.references.PAPERS["doc_example"]   # (keep the registry as it was)
    """
    if fields:
        return declare(key, **fields)
    return _lookup(key)


def _lookup(key: str) -> Paper:
    """Look up a paper by key; unknown keys raise :class:`ClaimError` naming the keys."""
    try:
        return PAPERS[key]
    except (KeyError, TypeError):
        raise ClaimError(
            f"unknown paper key {key!r}; known keys: {', '.join(sorted(PAPERS))}"
        ) from None


def declared_papers(*, errata: bool | None = None) -> tuple[str, ...]:
    """The keys of every declared paper in declaration order (``errata=True``: only those
    that get an errata sheet)."""
    return tuple(k for k, p in PAPERS.items() if errata is None or p.errata == errata)
