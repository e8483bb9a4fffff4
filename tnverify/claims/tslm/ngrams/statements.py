"""Claims of tslm on the n-gram probability tensor: the mixed representation
and p(s_i) = ⟨s_i, c⟩ (Eq. 8–11), Claim 1 (one-hot words give the n-gram tensor), Claim 2
(prefix and conditional probabilities by padding, Eq. 14–15), the |V|ⁿ vs mⁿ parameter
count and the Table 1 statistics.  Small checks in :mod:`tnverify.claims.tslm.ngrams.checks`
(explicit ambient tensors, float64), scaled ones in
:mod:`tnverify.claims.tslm.ngrams.scaled`; the tools in :mod:`tnverify.definitions.ngram`."""

from __future__ import annotations

from ...registration import claim, corrected_pair, refs
from . import checks as ts
from . import readings as NR
from . import scaled as sc

__all__ = ["STATEMENTS"]

#: Statements quoted verbatim from the paper (locators in each claim's refs).
STATEMENTS = {
    "tslm-eq-11": '- Setting (its words are quoted by the readings): c is the mixed representation of Eq. 8–9, the p_i-weighted sum of the sentence representations s_i, with coefficient tensor 𝒯 in the basis {e_d}.\n  - Probability as inner product: "we can get the probability p_i of a sentence s_i via computing the inner product of c and s_i: p(s_i) = ⟨s_i, c⟩ (10) … p(s_i) = Σ_{d₁,…,d_n=1}^m 𝒯_{d₁…d_n} 𝒜_{d₁…d_n} (11) … This is the basic formula in TSLM for estimating the sentence probability."\n  - Basis choice: "For the basis vectors {e_d}_{d=1}^m, there can be two different choices, one-hot vectors or embedded vectors."',
    "tslm-claim-1": '"Claim 1. In our TSLM, when we set the dimension of vector space m = |V| and each word w as an one-hot vector, the probability of sentence s consist of words d₁…d_n in vocabulary is the entry 𝒯_{d₁…d_n} of tensor 𝒯." The proof uses "⟨w_i, w_j⟩ = ⟨e_i, e_j⟩ = 1 if i = j, 0 if i ≠ j (22)" and the orthogonality of sentence tensors (23).',
    "tslm-claim-2": '- Claim 2: "In our TSLM, we define the word sequence w₁^i = (w₁, w₂, …, w_i) with length i as: w₁^i := w₁ ⊗ ⋯ ⊗ w_i ⊗ 1_{i+1} ⊗ ⋯ ⊗ 1_n (14) which means that the sequence w₁^i is padded via using full one vector 1. Then, the probability p(w₁^i) can be computed as p(w₁^i) = ⟨w₁^i, c⟩."\n  - Eq. 15: "p(w_i|w₁^{i−1}) = ⟨w₁^i, c⟩ / ⟨w₁^{i−1}, c⟩ (15)".\n  - The proof (Eq. 32) uses ⟨1, w_{d_j}⟩ = 1.',
    "tslm-ngram-param-count": '"Because of the one-hot vector representation, the n-gram language model has O(|V|ⁿ) parameters. Compared with n-gram language model, our general model has O(mⁿ) parameters (m ≪ |V|). However, the tensor space still contains exponential parameters".',
    "tslm-table1-stats": '- Table 1, PTB: Tokens 929,590 / 73,761 / 82,431 (train/valid/test); Vocab size 10,000; OOV rate 4.8%.\n  - Table 1, WikiText-2: Articles 600 / 60 / 60; Tokens 2,088,628 / 217,646 / 245,569; Vocab size 33,278; OOV rate 2.6%.\n  - Datasets text after the table (the caption is "Table 1: Statistics of the PTB and WikiText-2."): "Table 1 shows statistics of these two datasets. The out of vocabulary (OOV) rate denotes the percentage of tokens have been replaced by an ⟨unk⟩ token. The token count includes newlines which add to the WikiText-2 dataset."\n  - Datasets text: "PTB … consists of 929k training words, 73k validation words, 82k test words, and has 10k words in its vocabulary."',
}

_G = "born-machines-ngrams"
_VN = ({"vocab_size": 2, "length": 2}, {"vocab_size": 3, "length": 4})
#: Scaled TSLM sizes: the claims catalogue's |V| = 64, n = 4 (16.7M entries) on a GPU; |V| = 8 on CPU.
_VN_SCALED = {
    "small": ({"vocab_size": 8, "length": 4},),
    "large": ({"vocab_size": 64, "length": 4, "sample": 32},),
}

corrected_pair(
    "tslm-eq-11",
    common=dict(topic=_G, scaled_space=_VN_SCALED, space=_VN),
    printed=dict(
        title="p(s_i) = ⟨s_i, c⟩ (Eq. 10–11)",
        statement=STATEMENTS["tslm-eq-11"],
        refs=refs("tslm", "A Probability Estimation Method of Sentences, Eq. 8–11"),
        scaled=sc.scaled_eq11,
        small=ts.small_eq11,
        expected="fails",
        readings=NR.EQ11,
        defect=NR.EQ11_DEFECT,
        remarks=NR.EQ11_REMARKS,
        scope=(
            "each small case compares ⟨s_i, c⟩ with p_i for three kinds of word vectors: "
            "one-hot words (m = |V|), random unit, non-orthogonal words "
            "w_i = Σ_d α_{i,d} e_d in a random orthonormal basis (m = |V|), and the "
            "explicit example (m = |V| = 2, n = 2, a = e₁, b = (e₁+e₂)/√2, whatever the "
            "case's sizes); a case fails when one kind fails, and its counterexample says "
            "for which kinds Eq. 10 held and for which it failed; the larger run compares "
            "the one-hot and the random unit words (m = |V|) on all |V|ⁿ sentences"
        ),
    ),
    corrected=dict(
        title="p(s_i) = ⟨s_i, c⟩ for orthonormal words",
        statement=(
            "True restatement (the defect is 'false', not a misprint): Eq. 10–11 with "
            "orthonormal word vectors (one-hot, or any orthonormal set "
            "w_i = Σ_d α_{i,d} e_d, α orthogonal): p(s_i) = ⟨s_i, c⟩ = Σ 𝒯 𝒜 (changed: "
            "the word vectors must be orthonormal; embedded vectors that are not "
            "orthogonal give ⟨s_i, c⟩ ≠ p_i)."
        ),
        refs=refs(
            "tslm",
            "A Probability Estimation Method of Sentences, Eq. 8–11",
            "tslm",
            "Appendix, Eq. 22–23",
        ),
        scaled=sc.scaled_eq11_corrected,
        small=ts.small_eq11_corrected,
        proof="proofs/ngram.py::prove_tslm_eq_11",
        expected="holds",
    ),
)

claim(
    "tslm-claim-1",
    "TSLM with one-hot words is the n-gram tensor",
    STATEMENTS["tslm-claim-1"],
    refs("tslm", "Claim 1; Appendix, Eq. 22–27"),
    ts.small_claim1,
    topic=_G,
    scaled=sc.scaled_claim1,
    scaled_space=_VN_SCALED,
    space=_VN,
    proof="proofs/ngram.py::prove_tslm_claim_1",
    expected="holds",
    remarks=NR.CLAIM1_REMARKS,
)

claim(
    "tslm-claim-2",
    "prefix and conditional probabilities by padding",
    STATEMENTS["tslm-claim-2"],
    refs("tslm", "Claim 2, Eq. 14–15; Appendix, Eq. 28–32"),
    ts.small_claim2,
    topic=_G,
    scaled=sc.scaled_claim2,
    scaled_space=_VN_SCALED,
    space=_VN,
    readings=NR.CLAIM2,
    remarks=NR.CLAIM2_REMARKS,
    expected="holds",
)
claim(
    "tslm-claim-2-variant",
    "variant of tslm-claim-2 (tnverify): padding with the sum of the word vectors",
    (
        "[Variant (tnverify generalisation), not a correction: tslm-claim-2 holds in the one-hot "
        "setting it is stated for.] Claim 2 with the padding vector u = Σ_w w (the sum of the "
        "word vectors; u = 1 for one-hot words): p(w₁ⁱ) = ⟨w₁ ⊗ ⋯ ⊗ wᵢ ⊗ u ⊗ ⋯ ⊗ u, c⟩ and "
        "Eq. 15, for the one-hot and any orthonormal basis (⟨u, w⟩ = 1)."
    ),
    refs("tslm", "Claim 2, Eq. 14–15; Appendix, Eq. 32"),
    ts.small_claim2_corrected,
    topic=_G,
    scaled=sc.scaled_claim2_corrected,
    scaled_space=_VN_SCALED,
    space=_VN,
    uses=("tslm-claim-2",),
    proof="proofs/ngram.py::prove_tslm_claim_2",
    expected="holds",
    varies="tslm-claim-2",
)

claim(
    "tslm-ngram-param-count",
    "|V|ⁿ vs mⁿ parameters",
    STATEMENTS["tslm-ngram-param-count"],
    refs("tslm", "TSLM as a Generalization of N-Gram Language Model"),
    ts.small_param_count,
    topic=_G,
    space=({"vocab_size": 4, "m": 2, "length": 2}, {"vocab_size": 12, "m": 3, "length": 5}),
    expected="holds",
    remarks=NR.PARAM_COUNT_REMARKS,
)

claim(
    "tslm-table1-stats",
    "Table 1 dataset statistics",
    STATEMENTS["tslm-table1-stats"],
    refs("tslm", "Table 1; Datasets"),
    ts.small_table1,
    topic=_G,
    expected="holds",
    readings=NR.TABLE1,
    remarks=NR.TABLE1_REMARKS,
)
