"""The toolkit's own claims (id prefix ``tnverify-``): statements tnverify adds beside the
papers' (its exact Born sampler, the TT-SVD error identity, the augmented bilinear form),
each relying on the papers' claims it names in ``uses``."""

from ...references import paper

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "tnverify",
    authors=(),
    title="tnverify's own statements",
    venue="statements the papers use or gesture at, checked by the toolkit",
    year=None,
    topic="the toolkit's own claims",
    errata=False,
)
