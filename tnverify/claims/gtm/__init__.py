"""Claims of gtm (``gtm``, generalized tensor models): score functions under CP and
TT (§3, App. A.1), generalized networks and their ξ-operators (§4, App. B), universality
(§5.1, App. A), expressivity (§5.2, App. A) and the rank-distribution figures (§6, App. B)."""

from ...references import paper

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "gtm",
    authors=("Valentin Khrulkov", "Oleksii Hrinchuk", "Ivan Oseledets"),
    title="Generalized Tensor Models for Recurrent Neural Networks",
    venue="International Conference on Learning Representations (ICLR)",
    year=2019,
    arxiv="1901.10801",
    version=(
        "the ICLR 2019 conference paper, arXiv:1901.10801 (submitted 30 January "
        "2019). The text checked carries no revision stamp; it is the version with "
        "sections 1–7 and appendices A (proofs) and B (additional experiments). "
        "Section, equation, figure and appendix numbers are as printed there"
    ),
    topic="generalized ξ-networks, grid tensors, universality, expressivity",
    # what the sizes of this paper's checks are, in words (its errata sheet defines each
    # size symbol it prints); the common sizes are in tnverify.report.size_names
    sizes={
        "R": "the rank of the networks (the size of their hidden state)",
        "M": "the mode size (the weight and grid tensors are M × ⋯ × M)",
        "shared": "whether the cores are shared across time steps (yes) or not (no)",
        "span_T": "the sequence length of the networks whose grid tensors the span computation stacks",
        "numpy_per_R": (
            "how many of each rank's networks the larger run recomputes with NumPy, to "
            "check its own computation"
        ),
    },
    probes=["numpy_per_R"],
)
