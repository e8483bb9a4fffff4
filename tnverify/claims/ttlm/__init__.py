"""Claims of ttlm (``ttlm``, Su et al., tensor-train language models): the TT format
as a language model (§4.1–4.2), the uniform TTLM and its Tiny/Large variants (§4.3, §5.1,
App. A, App. C), which RNNs are tensor trains (§5, App. B) and the published numbers
(Tables 1–2, §1, §6.1)."""

from ...references import paper

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "ttlm",
    authors=("Zhan Su", "Yuqin Zhou", "Fengran Mo", "Jakob Grue Simonsen"),
    title="Language Modeling Using Tensor Trains",
    venue="arXiv preprint",
    year=2024,
    arxiv="2405.04590",
    version=(
        "the anonymous ICLR 2023 submission, OpenReview id TqCHPi7xlV, in its PDF revision "
        "last modified 13 Feb 2023; section, equation and appendix numbers refer to it and "
        "do not carry over to arXiv:2405.04590 (2024), whose text differs"
    ),
    topic="TTLM, TTLM-Tiny/Large; relations to 2-RNN, RAC, MI-RNN",
    notation={"length": "N"},
)
