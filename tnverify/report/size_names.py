"""The paper's notation for the size parameters of the checks: a counterexample writes
``vocab_size = 3`` as ``|V| = 3`` (:data:`SIZE_NOTATION`, the one table of the package).

Examples
--------
>>> size_name("vocab_size"), size_name("length"), size_name("M")
('|V|', 'L', 'M')
>>> size_name("length", "ttlm"), size_name("length", "tslm")
('N', 'n')
"""

from __future__ import annotations

__all__ = ["PAPER_SIZE_NOTATION", "SIZE_NOTATION", "size_name"]

#: Code name of a size parameter -> the symbol the papers write for it (the vocabulary
#: ``|V|``, the sequence length ``L``, the TT-rank ``R``, the batch size ``B``), where a
#: paper does not write it otherwise (:data:`PAPER_SIZE_NOTATION`).  A size whose symbol
#: differs from paper to paper without a rule (a hidden size is H in one and d in
#: another) is not listed; a name not listed is printed as it is.
SIZE_NOTATION = {
    "vocab_size": "|V|",
    "length": "L",
    "rank": "R",
    "ranks": "TT-ranks",
    "batch": "B",
    "batch_size": "B",
}

#: Paper key -> the symbols where that paper writes a size otherwise than
#: :data:`SIZE_NOTATION` (ttlm's length N, tslm's length n and rank r).
PAPER_SIZE_NOTATION = {
    "ttlm": {"length": "N"},
    "tslm": {"length": "n", "rank": "r"},
}


def size_name(key, paper: str | None = None) -> str:
    """The symbol ``paper`` (a paper key; None: the common notation) writes for the size
    parameter ``key``; ``key`` itself where the tables have none."""
    key = str(key)
    own = PAPER_SIZE_NOTATION.get(paper or "", {})
    return own.get(key, SIZE_NOTATION.get(key, key))
