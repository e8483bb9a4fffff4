"""Claims of Glasser, Sweke, Pancotti, Eisert, Cirac, "Expressive power of tensor-network
factorizations for probabilistic modeling" (NeurIPS 2019; arXiv:1907.03741), checked by
tnverify with certified (exact) ranks: ``tnverify verify --plugin glasser_expressive``."""

import tnverify

from .models import (as_integers, born_distribution, fooling_set, hmm_joint_by_paths, hmm_tt,
                     random_born_cores, random_hmm, rank_nonneg_gap_matrix)

KEY = "glasser2019"
PAPER = dict(authors="Ivan Glasser, Ryan Sweke, Nicola Pancotti, Jens Eisert, J. Ignacio Cirac",
             title="Expressive power of tensor-network factorizations for probabilistic "
                   "modeling", year=2019, venue="NeurIPS 2019", arxiv="1907.03741")
if hasattr(tnverify, "paper"):                # tnverify.paper: declared papers (API 0.3)
    tnverify.paper(KEY, **PAPER)


def cite(locator: str, *, quote: bool = False) -> dict:
    """The claim's place in the paper: a Ref to the declared paper where tnverify declares
    papers, else the same place as a source string."""
    if hasattr(tnverify, "paper"):
        return {"refs": (tnverify.Ref(KEY, locator),), "quote": quote}
    return {"source": f"Glasser et al. 2019 (arXiv:1907.03741), {locator}"}


__all__ = ["KEY", "PAPER", "cite", "as_integers", "born_distribution", "fooling_set",
           "hmm_joint_by_paths", "hmm_tt", "random_born_cores", "random_hmm",
           "rank_nonneg_gap_matrix"]
