"""Claims of Glasser, Sweke, Pancotti, Eisert, Cirac, "Expressive power of tensor-network
factorizations for probabilistic modeling" (NeurIPS 2019; arXiv:1907.03741), checked by
tnverify with certified (exact) ranks: ``tnverify verify --plugin glasser_expressive``.
The paper is declared here, at import, before :mod:`glasser_expressive.claims` cites it;
the models are in :mod:`glasser_expressive.models`."""

import tnverify

tnverify.paper(
    "glasser2019",
    authors=("Ivan Glasser", "Ryan Sweke", "Nicola Pancotti", "Jens Eisert", "J. Ignacio Cirac"),
    title="Expressive power of tensor-network factorizations for probabilistic modeling",
    year=2019, venue="NeurIPS 2019", arxiv="1907.03741",
    version="the NeurIPS 2019 proceedings version; only its abstract was read",
    topic="non-negative TT / HMM, Born machines: ranks and separations")
