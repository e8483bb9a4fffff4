"""The seed papers: registry keys, citations and seed files.

Claims and docstrings cite a paper by its key (``ttlm``, ``thesis``, ``grurntn``,
``tslm``, ``gtm``) plus a locator (section, equation).  The seed files are the plain-text
copies in ``shared/seeds/`` next to the project checkout.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ClaimError

__all__ = ["Paper", "PAPERS", "paper"]


@dataclass(frozen=True)
class Paper:
    """A seed paper: registry key, citation and the file of its plain text."""

    key: str
    citation: str
    seed: str


PAPERS: dict[str, Paper] = {
    p.key: p
    for p in (
        Paper("ttlm", "Language Modeling Using Tensor Trains (TTLM, TTLM-Tiny/Large; "
              "relations to 2-RNN, RAC, MI-RNN)", "000_b99eab63e90231ff.txt"),
        Paper("thesis", "Tensor Networks for Language Modeling (thesis: TT-SVD theorems, "
              "Born machines, LRU background, TTLM propositions, LMMs)",
              "001_43de42d823c9db6f.txt"),
        Paper("grurntn", "Gated Recurrent Neural Tensor Network (GRURNTN, LSTMRNTN)",
              "002_b07679c8d8c96b6f.txt"),
        Paper("tslm", "A Generalized Language Model in Tensor Space (TSLM)",
              "003_68ca34cea28d54de.txt"),
        Paper("gtm", "Khrulkov, Hrinchuk, Oseledets: Generalized Tensor Models for "
              "Recurrent Neural Networks (ICLR 2019)", "004_73e121cce615eb45.txt"),
        Paper("tnverify", "Statements of tnverify's own that the seed papers use or "
              "gesture at (see shared/CLAIMS.md, 'Claims of our own')", "CLAIMS.md"),
    )
}


def paper(key: str) -> Paper:
    """Look up a paper by key; unknown keys raise :class:`ClaimError` naming the keys."""
    try:
        return PAPERS[key]
    except KeyError:
        raise ClaimError(
            f"unknown paper key {key!r}; known keys: {', '.join(sorted(PAPERS))}"
        ) from None
