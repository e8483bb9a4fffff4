"""Claim ids renamed since the last release, each resolving to its new id with a
:class:`DeprecationWarning` for one release (:data:`RENAMED`)."""

from __future__ import annotations

__all__ = ["RENAMED"]

#: Old claim ids -> their new ids: :func:`get_claim` (and ``--claims``, ``tnverify show``)
#: resolve an old id with a :class:`DeprecationWarning` for one release.
RENAMED: dict[str, str] = {
    f"{old}-corrected": f"{old}-variant"
    for old in (
        # twins that restate or generalise a claim that holds as printed (0.2.0 called
        # them ``-corrected``); deprecated ids, removed in the next release
        "gtm-lemma-3.1",
        "ttlm-eq6",
        "ttlm-eq8",
        "thesis-claim-5.3.2",
        "ttlm-claim-b2",
        "thesis-eq-4.1",
        "tslm-claim-2",
        "gtm-xi-operators",
        "gtm-prop-a.4",
        "thesis-eq-4.11",
        "thesis-eq-6.7",
        "thesis-eq-5.23",
    )
}
