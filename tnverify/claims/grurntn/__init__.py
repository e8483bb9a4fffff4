"""Claims of grurntn (``grurntn``): the gated recurrent cells with tensor products
(GRURNTN, LSTMRNTN; Eq. 8–20), their BPTT gradients (Eq. 21–26), the metrics (Eq. 27–28)
and the published numbers of §IV-B and §V."""

from ...references import paper

#: The paper this folder's claims judge (its key is the prefix of their ids).
PAPER = paper(
    "grurntn",
    authors=(
        "Andros Tjandra",
        "Sakriani Sakti",
        "Ruli Manurung",
        "Mirna Adriani",
        "Satoshi Nakamura",
    ),
    title="Gated Recurrent Neural Tensor Network",
    venue="International Joint Conference on Neural Networks (IJCNN)",
    year=2016,
    arxiv="1706.02222",
    doi="10.1109/IJCNN.2016.7727233",
    version=(
        "the arXiv version of the IJCNN 2016 paper, arXiv:1706.02222 (submitted 7 June "
        "2017). The text checked carries no revision stamp; it is the version with "
        "sections I–VIII (VIII the acknowledgements), Eqs. 1–28, Tables I (PTB test BPC) "
        "and II (PTB test PPL) and 36 references. Section (Roman numerals), equation and "
        "table numbers are as printed there"
    ),
    topic="GRURNTN and LSTMRNTN",
    notation={"input": "i", "hidden": "d"},
    unnamed={"|V|": "the vocabulary size", "L": "the sequence length"},
    # what the sizes of this paper's checks are, in words (its errata sheet defines each
    # size symbol it prints); the common sizes are in tnverify.report.size_names
    sizes={
        "input": "the input size (the dimension of an input vector)",
        "char_vocab_min": "the smallest character vocabulary size for which the parameter counts are computed",
        "char_vocab_max": "the largest character vocabulary size for which the parameter counts are computed",
    },
)
