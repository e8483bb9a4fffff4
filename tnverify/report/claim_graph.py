"""The relations between claims that a claim section links and the site's claim graph
draws: ``uses``, ``corrects``, ``varies`` and a shared erratum, each both ways.

:class:`ClaimGraph` is re-exported by :mod:`tnverify.report.claim_sections`, whose
sections list these links (``used by``, ``corrected by``, ``shares its erratum with``, …).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..claims import Claim

__all__ = ["ClaimGraph"]


@dataclass
class ClaimGraph:
    """The relations between claims: ``uses``, ``corrects``, ``varies`` and shared errata,
    both ways."""

    claims: dict[str, Claim]
    used_by: dict[str, list[str]] = field(default_factory=dict)
    erratum: dict[str, list[str]] = field(default_factory=dict)
    varied_by: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, claims: Iterable[Claim]) -> ClaimGraph:
        """The graph of a list of claims."""
        by_id = {c.id: c for c in claims}
        g = cls(by_id)
        for c in by_id.values():
            for u in c.uses:
                g.used_by.setdefault(u, []).append(c.id)
            if c.defect is not None and c.defect.erratum:
                g.erratum.setdefault(c.defect.erratum, []).append(c.id)
            if c.varies:
                g.varied_by.setdefault(c.varies, []).append(c.id)
        return g

    def related(self, claim: Claim) -> list[tuple[str, list[str]]]:
        """``[(relation, [ids])]`` for the links of a claim section."""
        shared = []
        if claim.defect is not None and claim.defect.erratum:
            shared = [i for i in self.erratum.get(claim.defect.erratum, []) if i != claim.id]
        rel = [
            ("uses", list(claim.uses)),
            ("used by", self.used_by.get(claim.id, [])),
            ("corrects", [claim.corrects] if claim.corrects else []),
            ("corrected by", [claim.corrected_by] if claim.corrected_by else []),
            ("varies", [claim.varies] if claim.varies else []),
            ("varied by", self.varied_by.get(claim.id, [])),
            ("shares its erratum with", shared),
        ]
        return [(name, ids) for name, ids in rel if ids]

    def edges(self) -> list[tuple[str, str, str]]:
        """``(from, to, kind)`` with kind ``uses``, ``corrects``, ``varies`` or ``erratum``."""
        out = []
        for c in self.claims.values():
            out += [(c.id, u, "uses") for u in c.uses if u in self.claims]
            if c.corrects and c.corrects in self.claims:
                out.append((c.id, c.corrects, "corrects"))
            if c.varies and c.varies in self.claims:
                out.append((c.id, c.varies, "varies"))
        for ids in self.erratum.values():
            out += [(a, b, "erratum") for a, b in zip(ids, ids[1:])]
        return out
