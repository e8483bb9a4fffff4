"""The papers whose claims tnverify checks: registry keys and full citations.

Claims, docstrings, the report and the errata cite a paper by its key (``ttlm``,
``thesis``, ``grurntn``, ``tslm``, ``gtm``; ``tnverify`` for the toolkit's own
statements) plus a locator (section, equation, table).  A user of the package needs
nothing but the published paper: every entry below gives authors, title, venue, year and
an arXiv id or DOI where one exists.  Locators refer to the version named in ``version``
(for the TTLM paper: the anonymous ICLR 2023 submission, whose numbering the claims use).

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

from dataclasses import dataclass

from .errors import ClaimError

__all__ = ["Paper", "PAPERS", "paper"]


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
        return {"key": self.key, "authors": list(self.authors), "title": self.title,
                "venue": self.venue, "year": self.year, "arxiv": self.arxiv,
                "doi": self.doi, "version": self.version, "citation": self.citation}


PAPERS: dict[str, Paper] = {
    p.key: p
    for p in (
        Paper("ttlm", ("Zhan Su", "Yuqin Zhou", "Fengran Mo", "Jakob Grue Simonsen"),
              "Language Modeling Using Tensor Trains", "arXiv preprint", 2024,
              arxiv="2405.04590",
              version=("the anonymous ICLR 2023 submission (OpenReview id TqCHPi7xlV); "
                       "section, equation and appendix numbers refer to it"),
              topic="TTLM, TTLM-Tiny/Large; relations to 2-RNN, RAC, MI-RNN"),
        Paper("thesis", ("Yuqin Zhou",), "Tensor Networks for Language Modeling",
              "MSc thesis (IT and Cognition), supervisor Jakob Grue Simonsen", 2023,
              version="the version of September 2023",
              topic=("TT-SVD, Born machines, the LRU background, TTLM propositions, "
                     "linear multiplicative models, numerical studies")),
        Paper("grurntn", ("Andros Tjandra", "Sakriani Sakti", "Ruli Manurung",
                          "Mirna Adriani", "Satoshi Nakamura"),
              "Gated Recurrent Neural Tensor Network",
              "International Joint Conference on Neural Networks (IJCNN)", 2016,
              arxiv="1706.02222", doi="10.1109/IJCNN.2016.7727233",
              version=("the arXiv version of the IJCNN 2016 paper (arXiv:1706.02222); section "
                       "(Roman numerals), equation and table numbers as printed there"),
              topic="GRURNTN and LSTMRNTN"),
        Paper("tslm", ("Lipeng Zhang", "Peng Zhang", "Xindian Ma", "Shuqin Gu", "Zhan Su",
                       "Dawei Song"),
              "A Generalized Language Model in Tensor Space",
              "AAAI Conference on Artificial Intelligence (AAAI-19)", 2019,
              arxiv="1901.11167", doi="10.1609/aaai.v33i01.33017450",
              version=("the arXiv version of the AAAI-19 paper (arXiv:1901.11167); its "
                       "sections are unnumbered, so a locator names the section by its title "
                       "and the equation by its number"),
              topic="the tensor-space language model (TSLM) and n-grams"),
        Paper("gtm", ("Valentin Khrulkov", "Oleksii Hrinchuk", "Ivan Oseledets"),
              "Generalized Tensor Models for Recurrent Neural Networks",
              "International Conference on Learning Representations (ICLR)", 2019,
              arxiv="1901.10801",
              version=("the ICLR 2019 conference paper (arXiv:1901.10801); section, "
                       "equation, figure and appendix numbers as printed there"),
              topic="generalized ξ-networks, grid tensors, universality, expressivity"),
        Paper("tnverify", (), "tnverify's own statements",
              "statements the papers use or gesture at, checked by the toolkit", None,
              topic="the toolkit's own claims"),
    )
}


def paper(key: str) -> Paper:
    """Look up a paper by key; unknown keys raise :class:`ClaimError` naming the keys."""
    try:
        return PAPERS[key]
    except (KeyError, TypeError):
        raise ClaimError(
            f"unknown paper key {key!r}; known keys: {', '.join(sorted(PAPERS))}"
        ) from None
