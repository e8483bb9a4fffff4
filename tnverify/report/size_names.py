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
>>> size_meaning("r_min")
'the inner radius of the annulus the eigenvalues are drawn on'
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
    "R": "the rank of the networks (the size of their hidden state)",
    "M": "the mode size (the weight and grid tensors are M × ⋯ × M)",
    "m": "the dimension of the word vectors",
    "r": "the rank of the decomposition (r ≤ m)",
    "H": "the hidden size (the dimension of the hidden state)",
    "hidden": "the hidden size (the dimension of the hidden state)",
    "input": "the input size (the dimension of an input vector)",
    "N": "the input size (𝐱 ∈ ℝ^N)",
    "n": {
        "thesis-eq-5.21": "the number of eigenvalues drawn",
        "thesis-eq-6.8": (
            "the numbers of steps n of ∂𝐡^{(t)}/∂𝐡^{(t−n)} (Eq. 6.8) at which the "
            "gradients are compared"
        ),
    },
    "n_max": "the largest number of steps n checked (every n from 1 to max n)",
    "shape": "the sizes of the modes of the tensor",
    "dim": (
        "the dimension of each mode of the order-L tensor (it has that number to the "
        "power L entries)"
    ),
    "outer": (
        "whether the tensor is an outer product a ⊗ B of a vector and a tensor (yes), so "
        "that its first unfolding has rank 1"
    ),
    "noise": (
        "the norm of the random noise added to a tensor of the given TT-ranks, relative "
        "to the norm of that tensor"
    ),
    "eps": "the accuracies ε the algorithm is run at, one run each",
    "delta": "the δ of the runs with |λ| = 1 − δ and |λ| = 1 + δ",
    "steps": "the number of time steps run",
    "abs_lambda": "the modulus of the eigenvalue λ",
    "phase": "the phase of the eigenvalue λ (λ = |λ| e^{i·phase})",
    "r_min": "the inner radius of the annulus the eigenvalues are drawn on",
    "r_max": "the outer radius of the annulus the eigenvalues are drawn on",
    "k_symbolic": "the k at which E|x_k|² is expanded symbolically (exactly, in λ)",
    "paths": "the number of random paths simulated",
    "reps": "the number of random matrices drawn",
    "train": "the number of training sequences",
    "samples": "the number of random draws (sequences, hidden states or networks)",
    "sequences": "the number of input sequences at which the scores are compared",
    "lengths": "the sequence lengths at which the two sides are compared",
    "shared": "whether the cores are shared across time steps (yes) or not (no)",
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
    "char_vocab_min": (
        "the smallest character vocabulary size for which the parameter counts are computed"
    ),
    "char_vocab_max": (
        "the largest character vocabulary size for which the parameter counts are computed"
    ),
    "vocab_max": (
        "the largest vocabulary size of the machines the case checks (one machine for "
        "each combination of |V| or max |V| with L or max L)"
    ),
    "length_max": "the largest sequence length of those machines",
    "span_T": "the sequence length of the networks whose grid tensors the span computation stacks",
    "numpy_per_R": (
        "how many of each rank's networks the larger run recomputes with NumPy, to "
        "check its own computation"
    ),
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
    return key in PROBE_KEYS or key.startswith("span_")


def size_meaning(key, claim_id: str = "") -> str:
    """What the size parameter ``key`` of the claim ``claim_id`` is, in words
    (:data:`SIZE_MEANINGS`); ``""`` for a parameter it does not list.

    >>> size_meaning("vocab_size"), size_meaning("n", "thesis-eq-5.21")
    ('the vocabulary size', 'the number of eigenvalues drawn')
    >>> size_meaning("B", "thesis-sec-6.3.1-steps")[:14], size_meaning("no_such_size")
    ('the batch size', '')
    """
    meaning = SIZE_MEANINGS.get(str(key), "")
    if isinstance(meaning, dict):
        return meaning.get(str(claim_id), meaning.get("", ""))
    return meaning


def size_name(key, paper: str | None = None) -> str:
    """The symbol ``paper`` (a declared paper's key; None: the common notation) writes for
    the size parameter ``key``: the paper's declared ``notation``, else the common one,
    else ``key`` itself."""
    from ..references import PAPERS

    key = str(key)
    declared = PAPERS.get(paper or "")
    own = dict(declared.notation) if declared is not None else {}
    return own.get(key, SIZE_NOTATION.get(key, key))
