"""Claims of thesis on language-model targets and metrics over n-grams: Eq. 2.7
(the cross-entropy target), Eq. 2.8/2.11 (perplexity and the base of its log) and Eq. 4.1
(the averaged mutual information I(S)).  Small checks in
:mod:`tnverify.claims.thesis.perplexity_information`; the scaled Eq. 4.1 (Markov chains
on torch) in :mod:`tnverify.claims.tslm.ngrams.scaled`; the tools in :mod:`tnverify.definitions.ngram`."""

from __future__ import annotations

from .. import Defect, Reading
from ..registration import claim, corrected_pair, refs
from . import perplexity_information as th

__all__ = ["STATEMENTS"]

#: Statements quoted verbatim from the paper (locators in each claim's refs).
STATEMENTS = {
    "thesis-eq-4.1": '"Let x represent a text composed of two sequences, each of length L ∈ ℕ₊, such that the distance between the first word of each sequence is S ∈ ℕ₊. … The averaged mutual information function, I : ℕ₊ → ℝ_{≥0}, of two sequences is defined as (Tanaka-Ishii, 2021): I(S) = Σ_{i=1}^L Σ_{x^{(i)},x^{(i+S)}∈V} P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) log [P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) / (P̃(X^{(i)}=x^{(i)}) P̃(X^{(i+S)}=x^{(i+S)}))], (4.1)".',
    "thesis-eq-2.7": '"the estimated probability of a particular word x^{(t)} in the vocabulary being the next word is the tth component of ŷ^{(t)} (denoted as ŷ^{(t)}[w_t]). … the ground-truth distribution y^{(t)} is assumed to be an one-hot vector having y^{(t)}[w_t] = 1 … ℒ_CE = −Σ_{w∈[|V|]} y^{(t)}[w] log ŷ^{(t)}[w] = −log ŷ^{(t)}[w_{t+1}]. (2.7)"; "the probability the model assigns to the next word in the training sequence ŷ^{(t)}[w_{t+1}]". Eq. 2.6: ŷ^{(t)} = ψ(Ch^{(t)}), computed after reading x^{(t)}; the sentence after it: "The output ŷ^{(t)} is typically viewed as P_{x^{(1:t−1)}} : V → ℝ_{[0,1]} (i.e., the conditional probability distribution of the random variable X^{(t)} given X^{(1:t−1)} = x^{(1:t−1)} defined by the model".\n  - The target index admits these readings:\n    - (a) y^{(t)}[w_t] = 1, as defined above Eq. 2.7;\n    - (b) y^{(t)}[w_{t+1}] = 1, as used on its right-hand side.',
    "thesis-eq-2.11": '- Eq. 2.8: "PPL(x) = P̃(x)^{−1/L} = (Π_{t=1}^L 1/P̃(x^{(t)}|x^{(1)},…,x^{(t−1)}))^{1/L} (2.8)".\n  - Eq. 2.11: "we often approximate it with a (sufficiently long) sequence of fixed length: H(x) = −(1/L) log P̃(x) … PPL(x) = 2^{H(x)} = P̃(x)^{−1/L}. (2.11) In practical implementations, PPL is typically computed using Eq. 2.11 instead of Eq. 2.8 (i.e., taking the exponent of the cross-entropy rate)."\n  - "log" has no stated base. Readings: base 2; natural log.',
}

_G = "born-machines-ngrams"
#: Scaled Eq. 4.1: a sticky 3-state chain; ≈ 10⁵ tokens on CPU, the claims catalogue's 10⁸ on a GPU
#: (10⁶ independent chains of L + max S = 100 tokens).
_EQ41_SCALED = {
    "small": (
        {"vocab_size": 3, "length": 5, "distances": (1, 2, 4), "chains": 12_000, "stay": 0.7},
    ),
    "large": (
        {
            "vocab_size": 3,
            "length": 64,
            "distances": (1, 2, 4, 16, 36),
            "chains": 1_000_000,
            "stay": 0.7,
        },
    ),
}

_EQ41_SPACE = (
    {"vocab_size": 3, "length": 2, "distances": (1, 2)},
    {"vocab_size": 3, "length": 5, "distances": (1, 2, 4)},
    {"vocab_size": 3, "length": 10, "distances": (1, 3, 7)},
)
_EQ41_READINGS = (
    Reading(
        "sum",
        "I(S) is the printed sum over the L pairs (i, i + S)",
        quote="I(S) = Σ_{i=1}^L Σ_{x^{(i)},x^{(i+S)}∈V} P̃(X^{(i)}=x^{(i)}, "
        "X^{(i+S)}=x^{(i+S)}) log […]",
        where="§4.1.2, Eq. 4.1",
    ),
    Reading(
        "average",
        "I(S) is that sum divided by L, as the name 'averaged' says (same "
        "sign and same decay in S: every use of I(S) is invariant under the factor)",
        quote="The averaged mutual information function, I : ℕ₊ → ℝ_{≥0}",
        where="§4.1.2, sentence before Eq. 4.1",
    ),
)
claim(
    "thesis-eq-4.1",
    "I(S) of Eq. 4.1 (a sum over the L pairs, called 'averaged')",
    STATEMENTS["thesis-eq-4.1"],
    refs("thesis", "§4.1.2, Eq. 4.1"),
    th.small_eq41,
    topic=_G,
    space=_EQ41_SPACE,
    scaled=th.scaled_eq41,
    scaled_space=_EQ41_SCALED,
    readings=_EQ41_READINGS,
    remarks=(
        "The name 'averaged' for the printed sum (no 1/L) is an editorial slip of its "
        "own, thesis-eq-4.1-averaged; every use of I(S) in the thesis is invariant under "
        "the constant factor, so both readings hold. The averaged form is registered as "
        "thesis-eq-4.1-variant (a variant, not a correction).",
    ),
    pinned=(
        {
            "params": {"vocab_size": 3, "length": 1, "distances": (1, 2, 5)},
            "seed": 41,
            "note": "L = 1: the sum and the average coincide",
        },
    ),
)

claim(
    "thesis-eq-4.1-variant",
    "variant of Eq. 4.1: I(S) averaged over the L pairs",
    (
        "Variant (not a correction: Eq. 4.1 holds as printed): Eq. 4.1 with the factor 1/L "
        "that 'averaged' describes: I(S) = (1/L) Σ_{i=1}^L Σ P̃(x⁽ⁱ⁾, x⁽ⁱ⁺ˢ⁾) log[P̃(x⁽ⁱ⁾, "
        "x⁽ⁱ⁺ˢ⁾) / (P̃(x⁽ⁱ⁾) P̃(x⁽ⁱ⁺ˢ⁾))]; for a stationary source it equals the mutual "
        "information of one pair at distance S."
    ),
    refs("thesis", "§4.1.2, Eq. 4.1"),
    th.small_eq41_averaged,
    topic=_G,
    space=({"vocab_size": 3, "length": 1, "distances": (1, 2)},) + _EQ41_SPACE[1:],
    scaled=th.scaled_eq41_averaged,
    scaled_space=_EQ41_SCALED,
    uses=("thesis-eq-4.1",),
    varies="thesis-eq-4.1",
)

_EQ27_STATEMENT = STATEMENTS["thesis-eq-2.7"].split("\n  - The target index")[0]
_EQ27_COMMON = dict(
    topic=_G,
    refs=refs("thesis", "§2.3.1, Eq. 2.6–2.7"),
    space=({"vocab_size": 3, "length": 8}, {"vocab_size": 10, "length": 32}),
)
corrected_pair(
    "thesis-eq-2.7",
    common=_EQ27_COMMON,
    printed=dict(
        title="cross-entropy target index",
        statement=_EQ27_STATEMENT,
        small=lambda p, rng: th.small_eq27(p, rng, corrected=False),
        expected="fails",
        readings=(
            Reading(
                "target w_t",
                "the one-hot target y⁽ᵗ⁾ has y⁽ᵗ⁾[w_t] = 1, as printed",
                quote="the ground-truth distribution y^{(t)} is assumed to be an one-hot "
                "vector having y^{(t)}[w_t] = 1",
                where="§2.3.1, before Eq. 2.7",
            ),
        ),
        defect=Defect(
            "misprint",
            printed="y^{(t)}[w_t] = 1 (and 'the estimated probability of a "
            "particular word x^{(t)} in the vocabulary being the next word is the tth "
            "component of ŷ^{(t)} (denoted as ŷ^{(t)}[w_t])'; after Eq. 2.6: 'The output "
            "ŷ^{(t)} is typically viewed as P_{x^{(1:t−1)}} … the conditional probability "
            "distribution of the random variable X^{(t)} given X^{(1:t−1)} = x^{(1:t−1)}')",
            meant="y^{(t)}[w_{t+1}] = 1 (and '… of a particular word x^{(t+1)} … being the "
            "next word is the w_{t+1}-th component of ŷ^{(t)} (denoted as "
            "ŷ^{(t)}[w_{t+1}])'; after Eq. 2.6: 'ŷ^{(t)} is typically viewed as "
            "P_{x^{(1:t)}} … the conditional distribution of X^{(t+1)} given X^{(1:t)} = "
            "x^{(1:t)}')",
            why="The right-hand side of Eq. 2.7 and the next sentence target 'the next word in "
            "the training sequence ŷ^{(t)}[w_{t+1}]', and ŷ^{(t)} is computed after "
            "reading x^{(t)} (Eq. 2.5–2.6); with y^{(t)}[w_t] = 1 the left-hand side "
            "−Σ_w y^{(t)}[w] log ŷ^{(t)}[w] is −log ŷ^{(t)}[w_t] instead. The sentence "
            "after Eq. 2.6, which views ŷ^{(t)} as the conditional of X^{(t)} given "
            "x^{(1:t−1)}, is the same slip (the printed index w_t, one step behind): by "
            "Eq. 2.5 h^{(t)} reads f(x^{(t)}), so ŷ^{(t)} = ψ(Ch^{(t)}) depends on "
            "x^{(1:t)} and can only be a distribution of the next word X^{(t+1)}, as the "
            "teacher-forcing paragraph says ('use the correct sequence of words x^{(1:t)} "
            "to estimate the probability of the next word x^{(t+1)}'); it is part of this "
            "edit. Here t counts from 1, as in the thesis; the counterexample below counts "
            "positions from 0.",
        ),
    ),
    corrected=dict(
        title="cross-entropy with target y⁽ᵗ⁾[w_{t+1}] = 1",
        statement=(
            _EQ27_STATEMENT + " Corrected: y^{(t)}[w_{t+1}] = 1 (the one-hot target "
            "is the next word), so −Σ_w y^{(t)}[w] log ŷ^{(t)}[w] = −log ŷ^{(t)}[w_{t+1}]."
        ),
        small=lambda p, rng: th.small_eq27(p, rng, corrected=True),
    ),
)

claim(
    "thesis-eq-2.11",
    "perplexity = 2^H = P̃^(−1/L)",
    STATEMENTS["thesis-eq-2.11"],
    refs("thesis", "§2.4, Eq. 2.8, 2.11"),
    th.small_eq211,
    topic=_G,
    space=({"length": 20}, {"length": 200}),
    readings=(
        Reading(
            "base 2",
            "log is log₂ (H in bits): the only base for which 2^{H(x)} = P̃(x)^{−1/L}",
            quote="This concept actually arises from the "
            "information-theoretic concept of cross entropy",
            where="thesis §2.4, before Eq. 2.9 (information-theoretic entropy, in bits; "
            "with the 2^{H(x)} of Eq. 2.11 itself)",
        ),
        Reading(
            "natural log",
            "log is ln (H in nats): PPL as 'the exponent of the cross-entropy rate'",
            quote="(i.e., taking the exponent of the cross-entropy rate)",
            where="thesis §2.4, after Eq. 2.11; nothing in §2.4 "
            "fixes the base (the natural log of §4.2.2, Lemma 4.2.1, is another chapter's "
            "and is not used as support)",
        ),
    ),
    defect=Defect(
        "ambiguous",
        printed="H(x) = −(1/L) log P̃(x) … PPL(x) = 2^{H(x)} = P̃(x)^{−1/L}",
        meant="H(x) = −(1/L) log₂ P̃(x) (or, with the natural log, PPL(x) = e^{H(x)})",
        why="2^{H(x)} = 2^{−(1/L) log P̃(x)} equals P̃(x)^{−1/L} if and only if log is "
        "log₂. §2.4 never states the base, and where the thesis pairs log with exp "
        "(§4.2.2, Lemma 4.2.1) its log is the natural one; with the natural log, "
        "2^{H(x)} = P̃(x)^{−(ln 2)/L} ≠ P̃(x)^{−1/L}.",
    ),
    proof="proofs/ngram.py::prove_thesis_eq_2_11",
    expected="ill-posed",
)
