"""Claims of tslm (``tslm``): the score function in the TT view (Eq. 7), the n-gram
probability tensor and its TSLM decomposition (Eq. 8–15, Claims 1–2, Table 1) and the
TSLM recurrence (Eq. 16–21)."""

from ...references import paper

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "tslm",
    authors=("Lipeng Zhang", "Peng Zhang", "Xindian Ma", "Shuqin Gu", "Zhan Su", "Dawei Song"),
    title="A Generalized Language Model in Tensor Space",
    venue="AAAI Conference on Artificial Intelligence (AAAI-19)",
    year=2019,
    arxiv="1901.11167",
    doi="10.1609/aaai.v33i01.33017450",
    version=(
        "arXiv:1901.11167v1 (submitted 31 January 2019, the only arXiv revision), the "
        "arXiv version of the AAAI-19 paper; its sections are unnumbered, so a locator "
        "names the section by its title and the equation by its number"
    ),
    topic="the tensor-space language model (TSLM) and n-grams",
    notation={"length": "n", "rank": "r"},
    # what the sizes of this paper's checks are, in words (its errata sheet defines each
    # size symbol it prints); the common sizes are in tnverify.report.size_names
    sizes={
        "m": "the dimension of the word vectors",
        "r": "the rank of the decomposition (r ≤ m)",
    },
)
