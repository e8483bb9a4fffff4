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
>>> size_meaning("r_min", paper="thesis")
'the inner radius of the annulus the eigenvalues are drawn on'

The common names and meanings are here; a size only one paper's checks use is declared by
that paper (``tnverify.paper(key, ..., sizes={...}, probes=[...])``, as a plugin's paper
does), and a paper's own meaning overrides the common one.
"""

from __future__ import annotations

__all__ = [
    "PROBE_KEYS",
    "SIZE_MEANINGS",
    "SIZE_NOTATION",
    "is_probe",
    "size_meaning",
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
    "span_T": "span T",
    "numpy_per_R": "NumPy runs per R",
    "fig5_samples": "Fig. 5 samples",
    "n_samples": "samples",
}

#: Code name of a size parameter -> what it is, in words, as the claims that use it use
#: it (an errata sheet defines each size symbol it prints with it).  A parameter that
#: sizes different things in different claims maps to a dict, claim id -> meaning, with
#: ``""`` for every other claim where one meaning covers them.
SIZE_MEANINGS: dict[str, str | dict[str, str]] = {
    "vocab_size": "the vocabulary size",
    "length": "the sequence length",
    "L": "the sequence length",
    "T": "the sequence length (the number of time steps)",
    "rank": "the TT-rank (the size of the bond between neighbouring cores)",
    "ranks": (
        "the ranks of the tensor train in order: (R₀, R₁, …, R_N) with the boundary "
        "ranks R₀ = R_N = 1 "
        "where N + 1 are listed for N cores, else the N − 1 ranks (R₁, …, R_{N−1}) "
        "between the cores"
    ),
    "hidden": "the hidden size (the dimension of the hidden state)",
    "n": {
        "thesis-eq-5.21": "the number of eigenvalues drawn",
        "thesis-eq-6.8": (
            "the numbers of steps n of ∂𝐡^{(t)}/∂𝐡^{(t−n)} (Eq. 6.8) at which the "
            "gradients are compared"
        ),
    },
    "shape": "the sizes of the modes of the tensor",
    "noise": (
        "the norm of the random noise added to a tensor of the given TT-ranks, relative "
        "to the norm of that tensor"
    ),
    "eps": "the accuracies ε the algorithm is run at, one run each",
    "steps": "the number of time steps run",
    "paths": "the number of random paths simulated",
    "reps": "the number of random matrices drawn",
    "train": "the number of training sequences",
    "samples": "the number of random draws (sequences, hidden states or networks)",
    "sequences": "the number of input sequences at which the scores are compared",
    "lengths": "the sequence lengths at which the two sides are compared",
    "batch": "the batch size (how many sequences or draws are processed together)",
    "batch_size": "the batch size (how many sequences or draws are processed together)",
    "B": {
        "gtm-prop-a.5": (
            "the number of random template sequences at which the larger run compares the scores"
        ),
        "": "the batch size (how many sequences or draws are processed together)",
    },
    "batches": "the number of batches of draws",
    "chunk": "how many draws the larger run makes at a time on the device",
    "factors": "the number of normal factors multiplied",
    "log_step": (
        "the spacing, in log|factor|, of the grid on which the tail probabilities are bounded"
    ),
    "vocab_printed": "the vocabulary size as the paper prints it",
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
        "n_samples",
        "train",
        "reps",
    }
)


def _declared(paper: str | None):
    """The declared paper ``paper`` (None, or a key no paper has: None)."""
    from ..references import PAPERS

    return PAPERS.get(paper or "")


def is_probe(key, paper: str | None = None) -> bool:
    """Whether the parameter ``key`` sizes a probe of the check, not the model: one of
    :data:`PROBE_KEYS`, a ``span_`` size, or one the paper ``paper`` declares
    (``tnverify.paper(key, ..., probes=[...])``)."""
    key = str(key)
    declared = _declared(paper)
    own = declared.probes if declared is not None else ()
    return key in PROBE_KEYS or key.startswith("span_") or key in own


def size_meaning(key, claim_id: str = "", paper: str | None = None) -> str:
    """What the size parameter ``key`` of the claim ``claim_id`` is, in words: the
    meaning the paper ``paper`` declares for it (``tnverify.paper(key, ...,
    sizes={...})``), else :data:`SIZE_MEANINGS`; ``""`` for a parameter neither lists.

    >>> size_meaning("vocab_size"), size_meaning("n", "thesis-eq-5.21")
    ('the vocabulary size', 'the number of eigenvalues drawn')
    >>> size_meaning("B", "thesis-sec-6.3.1-steps")[:14], size_meaning("no_such_size")
    ('the batch size', '')
    >>> size_meaning("m", paper="tslm")
    'the dimension of the word vectors'
    """
    declared = _declared(paper)
    own = dict(declared.sizes) if declared is not None else {}
    if str(key) in own:
        return own[str(key)]
    meaning = SIZE_MEANINGS.get(str(key), "")
    if isinstance(meaning, dict):
        return meaning.get(str(claim_id), meaning.get("", ""))
    return meaning


def size_name(key, paper: str | None = None) -> str:
    """The symbol ``paper`` (a declared paper's key; None: the common notation) writes for
    the size parameter ``key``: the paper's declared ``notation``, else the common one,
    else ``key`` itself."""
    key = str(key)
    declared = _declared(paper)
    own = dict(declared.notation) if declared is not None else {}
    return own.get(key, SIZE_NOTATION.get(key, key))
