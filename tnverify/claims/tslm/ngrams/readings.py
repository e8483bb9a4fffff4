"""How a referee reads the TSLM probability claims of tslm Eq. 8–15, Claims 1–2,
the n-gram parameter count and Table 1: the quoted readings, defects and remarks registered
by :mod:`tnverify.claims.tslm.ngrams`."""

from __future__ import annotations

from ...readings import Defect, Reading

_RECOVER = (
    "In turn, if we have estimated such a mixed representation c … we can get the "
    "probability p_i of a sentence s_i via computing the inner product of c and s_i"
)
EQ11 = (
    Reading(
        "A recovery",
        "for c = Σ_j p_j s_j, ⟨s_i, c⟩ = p_i (the mixing weight), for the word "
        "representations the text allows (one-hot or embedded)",
        True,
        _RECOVER,
        "tslm 'A Probability Estimation Method of Sentences', sentence before Eq. 10",
    ),
    Reading(
        "B definition",
        "p(s_i) := ⟨s_i, c⟩ is the model's estimate, in general ≠ p_i",
        False,
        "We assume that each sentence s_i appears with a probability p_i. Then, we can "
        "construct a mixed representation c",
        "tslm 'A Probability Estimation Method of Sentences', before Eq. 8 (p_i is the "
        "mixing weight that Eq. 10 then recovers, not a new estimate)",
    ),
)
EQ11_DEFECT = Defect(
    "false",
    printed='"we can get the probability p_i of a sentence s_i via computing the inner product '
    'of c and s_i: p(s_i) = ⟨s_i, c⟩ (10)", in the general setting where the basis may '
    'be "embedded vectors" (after Eq. 4) and m ≪ |V| (n-gram section, after Eq. 15)',
    meant="Eq. 10 (and hence Eq. 11, p(s_i) = Σ 𝒯_{d₁…d_n} 𝒜_{d₁…d_n}, which combines Eq. 10 "
    "with the identity ⟨s_i, c⟩ = Σ 𝒯_{d₁…d_n} 𝒜_{d₁…d_n} from Eq. 7 and 9) fails; the "
    "identity ⟨s_i, c⟩ = Σ 𝒯 𝒜 itself holds for any orthonormal basis {e_d}, whatever "
    "the word vectors. Eq. 10 holds for every distribution p iff the "
    "tensors of distinct sentences are orthonormal, e.g. orthonormal word vectors "
    "(one-hot words with m = |V|, as in Claim 1), the sum of Eq. 8 running over "
    "distinct sentences. Word vectors that are not orthogonal make it fail, whatever m "
    "is: ⟨s_i, c⟩ = Σ_j p_j ∏_k ⟨w_{i,k}, w_{j,k}⟩, in general ≠ p_i (and with m < |V| "
    "the |V| word vectors cannot all be orthogonal).",
    why="Eq. 8 defines c = Σ_j p_j s_j with s_j = w_{j,1} ⊗ ⋯ ⊗ w_{j,n} (Eq. 4–7), so "
    "⟨s_i, c⟩ = Σ_j p_j ⟨s_i, s_j⟩ = Σ_j p_j ∏_k ⟨w_{i,k}, w_{j,k}⟩, which is p_i for every "
    "p only if ⟨s_i, s_j⟩ = 1 for i = j and 0 otherwise. Example (m = 2, |V| = 2, n = 2): the words "
    "a = e₁ and b = (e₁ + e₂)/√2 (unit, ⟨a, b⟩ = 1/√2) and the four sentences aa, ab, ba, bb "
    "with p = 1/4 each give ⟨s_i, c⟩ = (1 + 1/√2)²/4 = 0.7286 for every sentence, against "
    'p_i = 0.25; the four "probabilities" sum to 2.914. With one-hot words a = e₁, '
    "b = e₂ the same computation gives 0.25 each.",
)
EQ11_REMARKS = ()
CLAIM1_REMARKS = (
    "The statement presupposes a fixed sentence length n and a mixture over distinct "
    'sentences; "consist of words d₁…d_n" means words with vocabulary indices d₁…d_n.',
)
_ONE_HOT = (
    "This kind of representation of conditional probability is a special case of TSLM "
    "based on the one-hot basis vectors"
)
CLAIM2 = (
    Reading(
        "one-hot",
        "m = |V|, one-hot words, 1 the all-ones vector of ℝ^{|V|}: ⟨w_1^i, c⟩ = "
        "p(w_1…w_i) and Eq. 15",
        True,
        _ONE_HOT,
        "tslm 'TSLM as a Generalization of N-Gram Language Model', sentence after Eq. 15",
    ),
    Reading(
        "embedded",
        "any orthonormal (non-one-hot) word basis, padded with the all-ones vector",
        False,
        _ONE_HOT,
        "tslm, sentence after Eq. 15; appendix proof of Claim 2, Eq. 32 (⟨1, w_{d_j}⟩ = 1 "
        "in the one-hot basis of Eq. 26)",
    ),
)
CLAIM2_REMARKS = (
    "Claim 2's own sentence does not restate Claim 1's hypothesis (m = |V|, one-hot words); it "
    "is stated and proved (the sentence after Eq. 15, the proof's Eq. 32) only under that "
    "hypothesis. It also holds for any orthonormal word vectors w_d that sum to the all-ones "
    "vector 𝟏 (equivalently ⟨𝟏, w_d⟩ = 1 for every word, the step Eq. 32 uses), e.g. the "
    "columns of a rotation about 𝟏, and in general fails for orthonormal words that do not.",
    "Eq. 15 needs ⟨w_1^{i−1}, c⟩ > 0.",
)
PARAM_COUNT_REMARKS = (
    '"n" in TSLM is the sentence length (tensor order), in an n-gram model the Markov order: '
    "the comparison is like-for-like only when the two coincide.",
    "O(mⁿ) is a count, not equal expressiveness: with m ≪ |V| the model cannot represent every "
    "distribution over Vⁿ.",
)
_TEXT_K = "It consists of 929k training words, 73k validation words, 82k test words"
TABLE1 = (
    Reading(
        "truncated thousands",
        'the Datasets text\'s "Nk" is the Table 1 count truncated to thousands',
        True,
        _TEXT_K,
        "tslm 'Datasets' (73,761 and 82,431 fit only truncation)",
    ),
    Reading(
        "rounded thousands",
        '"Nk" is the Table 1 count rounded to thousands (judged at the printed precision)',
        False,
        _TEXT_K,
        "tslm 'Datasets' (73,761 rounds to 74k, not the printed 73k)",
    ),
)
TABLE1_REMARKS = ()
