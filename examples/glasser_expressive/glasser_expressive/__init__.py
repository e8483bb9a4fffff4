"""Claims of Glasser, Sweke, Pancotti, Eisert, Cirac, "Expressive power of tensor-network
factorizations for probabilistic modeling" (NeurIPS 2019; arXiv:1907.03741), checked by
tnverify with certified (exact) ranks: ``tnverify verify --plugin glasser_expressive``.
The models are in :mod:`glasser_expressive.models`, the claims in
:mod:`glasser_expressive.claims`."""

import tnverify

KEY = "glasser2019"
if hasattr(tnverify, "paper"):                # tnverify.paper: declared papers (after 0.2.0)
    tnverify.paper(KEY, authors=("Ivan Glasser", "Ryan Sweke", "Nicola Pancotti", "Jens Eisert",
                   "J. Ignacio Cirac"), title="Expressive power of tensor-network "
                   "factorizations for probabilistic modeling", year=2019,
                   venue="NeurIPS 2019", arxiv="1907.03741")


def cite(locator: str, *, quote: bool = False) -> dict:
    """The claim's place in the paper: a Ref to the declared paper where tnverify declares
    papers, else the same place as a source string."""
    if hasattr(tnverify, "paper"):
        return {"refs": (tnverify.Ref(KEY, locator),), "quote": quote}
    return {"source": f"Glasser et al. 2019 (arXiv:1907.03741), {locator}"}
