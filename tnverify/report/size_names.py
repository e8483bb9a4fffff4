"""The paper's notation for the size parameters of the checks: a counterexample or a
scope line writes ``vocab_size = 3`` as ``|V| = 3`` (:data:`SIZE_NOTATION`, the common
notation), amended by the paper's own declaration where it writes a size otherwise
(``tnverify.paper(key, ..., notation={"length": "N"})``: a plugin's paper the same way).

Examples
--------
>>> size_name("vocab_size"), size_name("length"), size_name("M")
('|V|', 'L', 'M')
>>> size_name("length", "ttlm"), size_name("length", "tslm")
('N', 'n')
>>> size_name("input", "grurntn"), size_name("hidden", "grurntn")
('i', 'd')
>>> size_name("r_min"), is_probe("samples"), is_probe("span_networks"), is_probe("rank")
('min r', True, True, False)
"""

from __future__ import annotations

__all__ = [
    "PROBE_KEYS",
    "SIZE_NOTATION",
    "is_probe",
    "size_name",
]

#: Code name of a size parameter -> the symbol the papers write for it (the vocabulary
#: ``|V|``, the sequence length ``L``, the TT-rank ``R``, the batch size ``B``), where a
#: paper does not write it otherwise (its declaration's ``notation``), or, for a parameter
#: no paper names, its meaning in words (``r_min`` → ``min r``).  A size whose symbol
#: differs from paper to paper without a rule (a hidden size is H in one and d in
#: another) is declared by each paper; a name listed nowhere is printed as it is.
SIZE_NOTATION = {
    "vocab_size": "|V|",
    "length": "L",
    "rank": "R",
    "ranks": "TT-ranks",
    "batch": "B",
    "batch_size": "B",
    "batches": "batches",
    "vocab_printed": "printed |V|",
    "char_vocab_min": "min |V|",
    "char_vocab_max": "max |V|",
    "abs_lambda": "|λ|",
    "r_min": "min r",
    "r_max": "max r",
    "n_max": "max n",
    "k_symbolic": "symbolic k",
    "log_step": "log step",
    "span_M": "span M",
    "span_T": "span T",
    "span_networks": "span networks",
    "numpy_per_R": "NumPy runs per R",
    "fig5_samples": "Fig. 5 samples",
    "n_samples": "samples",
    "probe_vocab": "|V|",
    "probe_length": "L",
}

#: Parameters that size a probe of the check (samples drawn, paths simulated, a batch),
#: not the model: a counterexample and a scope line list them apart, as probe sizes.
PROBE_KEYS = frozenset(
    {
        "samples",
        "sample",
        "paths",
        "batch",
        "batches",
        "batch_size",
        "fig5_samples",
        "k_symbolic",
        "n_samples",
        "train",
        "reps",
        "numpy_per_R",
    }
)


def is_probe(key) -> bool:
    """Whether the parameter ``key`` sizes a probe of the check, not the model."""
    key = str(key)
    return key in PROBE_KEYS or key.startswith(("probe_", "span_"))


def size_name(key, paper: str | None = None) -> str:
    """The symbol ``paper`` (a declared paper's key; None: the common notation) writes for
    the size parameter ``key``: the paper's declared ``notation``, else the common one,
    else ``key`` itself."""
    from ..references import PAPERS

    key = str(key)
    declared = PAPERS.get(paper or "")
    own = dict(declared.notation) if declared is not None else {}
    return own.get(key, SIZE_NOTATION.get(key, key))
