"""Claims of seed 001 (thesis) on language-model targets and metrics over n-grams: Eq. 2.7
(the cross-entropy target), Eq. 2.8/2.11 (perplexity and the base of its log) and Eq. 4.1
(the averaged mutual information I(S)).  Small checks in
:mod:`tnverify.claims.thesis.perplexity_information`; the scaled Eq. 4.1 (Markov chains
on torch) in :mod:`tnverify.claims.tslm.ngrams_scaled`; the tools in :mod:`tnverify.ngram`."""

from __future__ import annotations

from ..registration import claim, corrected_pair, refs
from . import perplexity_information as th
from ..tslm import ngrams_scaled as sc

__all__ = ["STATEMENTS"]

#: Statements quoted verbatim from shared/CLAIMS.md.
STATEMENTS = {
    'thesis-eq-4.1': '"Let x represent a text composed of two sequences, each of length L ∈ ℕ₊, such that the distance between the first word of each sequence is S ∈ ℕ₊. … The averaged mutual information function, I : ℕ₊ → ℝ_{≥0}, of two sequences is defined as (Tanaka-Ishii, 2021): I(S) = Σ_{i=1}^L Σ_{x^{(i)},x^{(i+S)}∈V} P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) log [P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) / (P̃(X^{(i)}=x^{(i)}) P̃(X^{(i+S)}=x^{(i+S)}))], (4.1)".',
    'thesis-eq-2.7': '"the estimated probability of a particular word x^{(t)} in the vocabulary being the next word is the tth component of ŷ^{(t)} (denoted as ŷ^{(t)}[w_t]). … the ground-truth distribution y^{(t)} is assumed to be an one-hot vector having y^{(t)}[w_t] = 1 … ℒ_CE = −Σ_{w∈[|V|]} y^{(t)}[w] log ŷ^{(t)}[w] = −log ŷ^{(t)}[w_{t+1}]. (2.7)"; "the probability the model assigns to the next word in the training sequence ŷ^{(t)}[w_{t+1}]". Eq. 2.6: ŷ^{(t)} = ψ(Ch^{(t)}), computed after reading x^{(t)}.\n  - The target index admits these readings:\n    - (a) y^{(t)}[w_t] = 1, as defined above Eq. 2.7;\n    - (b) y^{(t)}[w_{t+1}] = 1, as used on its right-hand side.',
    'thesis-eq-2.11': '- Eq. 2.8: "PPL(x) = P̃(x)^{−1/L} = (Π_{t=1}^L 1/P̃(x^{(t)}|x^{(1)},…,x^{(t−1)}))^{1/L} (2.8)".\n  - Eq. 2.11: "we often approximate it with a (sufficiently long) sequence of fixed length: H(x) = −(1/L) log P̃(x) … PPL(x) = 2^{H(x)} = P̃(x)^{−1/L}. (2.11) In practical implementations, PPL is typically computed using Eq. 2.11 instead of Eq. 2.8 (i.e., taking the exponent of the cross-entropy rate)."\n  - §2.2.2: "if the vocabulary size of a dataset reaches 5000, there are |V|² = 2.5 × 10⁷ bigrams and |V|⁴ = 6.25 × 10¹⁴ 4-grams."\n  - "log" has no stated base. Readings: base 2; natural log.',
}

_G = "born-machines-ngrams"
#: Scaled Eq. 4.1: a sticky 3-state chain; ≈ 10⁵ tokens on CPU, CLAIMS.md's 10⁸ on a GPU
#: (10⁶ independent chains of L + max S = 100 tokens).
_EQ41_SCALED = {"small": ({"vocab_size": 3, "length": 5, "distances": (1, 2, 4),
                           "chains": 12_000, "stay": 0.7},),
                "large": ({"vocab_size": 3, "length": 64, "distances": (1, 2, 4, 16, 36),
                           "chains": 1_000_000, "stay": 0.7},)}

corrected_pair(
    "thesis-eq-4.1",
    common=dict(group=_G, refs=refs("thesis", "§4.1.2, Eq. 4.1"), scaled_space=_EQ41_SCALED),
    printed=dict(
        title="I(S) of Eq. 4.1: a sum called an average", statement=STATEMENTS["thesis-eq-4.1"],
        scaled=sc.scaled_eq41, small=th.small_eq41,
        space=({"vocab_size": 3, "length": 2, "distances": (1, 2)},
               {"vocab_size": 3, "length": 5, "distances": (1, 2, 4)},
               {"vocab_size": 3, "length": 10, "distances": (1, 3, 7)}),
        pinned=({"params": {"vocab_size": 3, "length": 1, "distances": (1, 2, 5)}, "seed": 41,
                 "verdict": "holds", "note": "L = 1: the sum and the average coincide"},),
        expected="fails"),
    corrected=dict(
        title="I(S) averaged over the L pairs",
        statement=("Eq. 4.1 with the factor 1/L that 'averaged' describes: I(S) = (1/L) "
                   "Σ_{i=1}^L Σ P̃(x⁽ⁱ⁾, x⁽ⁱ⁺ˢ⁾) log[P̃(x⁽ⁱ⁾, x⁽ⁱ⁺ˢ⁾) / (P̃(x⁽ⁱ⁾) P̃(x⁽ⁱ⁺ˢ⁾))]; "
                   "for a stationary source it equals the mutual information of one pair at "
                   "distance S (changed: the printed sum is divided by L)."),
        scaled=sc.scaled_eq41_corrected, small=th.small_eq41_corrected,
        space=({"vocab_size": 3, "length": 1, "distances": (1, 2)},
               {"vocab_size": 3, "length": 5, "distances": (1, 2, 4)},
               {"vocab_size": 3, "length": 10, "distances": (1, 3, 7)}), expected="holds"))

claim("thesis-eq-2.7", "cross-entropy target index", STATEMENTS["thesis-eq-2.7"],
      refs("thesis", "§2.3.1, Eq. 2.6–2.7"), th.small_eq27, group=_G,
      space=({"vocab_size": 3, "length": 8}, {"vocab_size": 10, "length": 32}),
      readings={"a": "y⁽ᵗ⁾[w_t] = 1, as defined above Eq. 2.7",
                "b": "y⁽ᵗ⁾[w_{t+1}] = 1, as used on its right-hand side"}, expected="ill-posed")

claim("thesis-eq-2.11", "perplexity = 2^H = P̃^(−1/L)", STATEMENTS["thesis-eq-2.11"],
      refs("thesis", "§2.4, Eq. 2.8, 2.11", "thesis", "§2.2.2"), th.small_eq211, group=_G,
      space=({"length": 20}, {"length": 200}),
      readings={"base 2": "log is log₂ (H in bits)", "natural log": "log is ln (H in nats)"},
      proof="proofs/ngram.py::prove_thesis_eq_2_11", expected="ill-posed")

