"""Claims of thesis (``thesis``): the TT format, unfoldings and TT-SVD (§3), n-grams,
perplexity and mutual information (§2, §4.1), Born machines (§3.2.1, §4.1.3, §4.3.2), the
LRU background and simulations (§4.2, §4.3, §6), TT language models and RNN equivalences
(§5.2–5.3), RAC layers and LMMs (§5.4) and the hidden-state gradients (§6.3–6.4)."""

from ...references import paper
from ..ttlm import PAPER as TTLM_PAPER

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "thesis",
    authors=("Yuqin Zhou",),
    title="Tensor Networks for Language Modeling",
    venue="MSc thesis (IT and Cognition), supervisor Jakob Grue Simonsen",
    year=2023,
    version="the version of September 2023",
    topic=(
        "TT-SVD, Born machines, the LRU background, TTLM propositions, "
        "linear multiplicative models, numerical studies"
    ),
    notation={"hidden": "H", "dim": "D", "vocab_max": "max |V|", "length_max": "max L"},
    # Thm. 4.2.1 (numbered by section) is printed between Eq. 4.9 and Eq. 4.10
    follows={"Thm. 4.2.1": "Eq. 4.9"},
    # what the sizes of this paper's checks are, in words (its errata sheet defines each
    # size symbol it prints); the common sizes are in tnverify.report.size_names
    sizes={
        "S": "the distance between the two words of each pair of Eq. 4.1",
        "r": "the radius r = r_max of the annulus (Eq. 4.12: ε = r_max² − r_min² → 0)",
        "H": "the hidden size (the dimension of the hidden state)",
        "N": "the input size (𝐱 ∈ ℝ^N)",
        "n_max": "the largest number of steps n checked (every n from 1 to max n)",
        "dim": (
            "the dimension of each mode of the order-L tensor (it has that number to the "
            "power L entries)"
        ),
        "outer": (
            "whether the tensor is an outer product a ⊗ B of a vector and a tensor (yes), so "
            "that its first unfolding has rank 1"
        ),
        "delta": "the δ of the runs with |λ| = 1 − δ and |λ| = 1 + δ",
        "abs_lambda": "the modulus of the eigenvalue λ",
        "phase": "the phase of the eigenvalue λ (λ = |λ| e^{i·phase})",
        "r_min": "the inner radius of the annulus the eigenvalues are drawn on",
        "r_max": "the outer radius of the annulus the eigenvalues are drawn on",
        "k_symbolic": "the k at which E|x_k|² is expanded symbolically (exactly, in λ)",
        "vocab_max": (
            "the largest vocabulary size of the machines the case checks (one machine for "
            "each combination of |V| or max |V| with L or max L)"
        ),
        "length_max": "the largest sequence length of those machines",
    },
    probes=["k_symbolic"],
)

#: How this paper's remarks name the paper of the ``ttlm`` claims, which the thesis does not
#: cite: author, year and title, with the version its equation and appendix numbers follow.
TTLM_CITED = (
    f"{TTLM_PAPER.short}, \u201c{TTLM_PAPER.title}\u201d (numbered as in its ICLR 2023 submission)"
)
