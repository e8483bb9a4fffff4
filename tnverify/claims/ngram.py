"""[born-ngram] claims on n-grams, the TSLM probability tensor, perplexity and mutual
information: seed 001 (thesis) Eq. 2.7, 2.8/2.11, 4.1 and seed 003 (tslm) Eq. 8–15,
Claims 1–2, the n-gram parameter count and Table 1.  Checks live in
``_ngram_tslm.py`` and ``_ngram_thesis.py``; the tools in :mod:`tnverify.ngram`."""

from __future__ import annotations

from . import Claim, Ref, register
from . import _ngram_thesis as th
from . import _ngram_scaled as sc
from . import _ngram_tslm as ts

__all__ = ["STATEMENTS"]

#: Statements quoted verbatim from shared/CLAIMS.md.
STATEMENTS = {
    'thesis-eq-4.1': '"Let x represent a text composed of two sequences, each of length L ∈ ℕ₊, such that the distance between the first word of each sequence is S ∈ ℕ₊. … The averaged mutual information function, I : ℕ₊ → ℝ_{≥0}, of two sequences is defined as (Tanaka-Ishii, 2021): I(S) = Σ_{i=1}^L Σ_{x^{(i)},x^{(i+S)}∈V} P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) log [P̃(X^{(i)}=x^{(i)}, X^{(i+S)}=x^{(i+S)}) / (P̃(X^{(i)}=x^{(i)}) P̃(X^{(i+S)}=x^{(i+S)}))], (4.1)".',
    'thesis-eq-2.7': '"the estimated probability of a particular word x^{(t)} in the vocabulary being the next word is the tth component of ŷ^{(t)} (denoted as ŷ^{(t)}[w_t]). … the ground-truth distribution y^{(t)} is assumed to be an one-hot vector having y^{(t)}[w_t] = 1 … ℒ_CE = −Σ_{w∈[|V|]} y^{(t)}[w] log ŷ^{(t)}[w] = −log ŷ^{(t)}[w_{t+1}]. (2.7)"; "the probability the model assigns to the next word in the training sequence ŷ^{(t)}[w_{t+1}]". Eq. 2.6: ŷ^{(t)} = ψ(Ch^{(t)}), computed after reading x^{(t)}.\n  - The target index admits these readings:\n    - (a) y^{(t)}[w_t] = 1, as defined above Eq. 2.7;\n    - (b) y^{(t)}[w_{t+1}] = 1, as used on its right-hand side.',
    'thesis-eq-2.11': '- Eq. 2.8: "PPL(x) = P̃(x)^{−1/L} = (Π_{t=1}^L 1/P̃(x^{(t)}|x^{(1)},…,x^{(t−1)}))^{1/L} (2.8)".\n  - Eq. 2.11: "we often approximate it with a (sufficiently long) sequence of fixed length: H(x) = −(1/L) log P̃(x) … PPL(x) = 2^{H(x)} = P̃(x)^{−1/L}. (2.11) In practical implementations, PPL is typically computed using Eq. 2.11 instead of Eq. 2.8 (i.e., taking the exponent of the cross-entropy rate)."\n  - §2.2.2: "if the vocabulary size of a dataset reaches 5000, there are |V|² = 2.5 × 10⁷ bigrams and |V|⁴ = 6.25 × 10¹⁴ 4-grams."\n  - "log" has no stated base. Readings: base 2; natural log.',
    'tslm-eq-11': '- Mixed representation: "We assume that each sentence s_i appears with a probability p_i. Then, we can construct a mixed representation c … c := Σ p_i s_i (8) … c = Σ_{d₁,…,d_n=1}^m 𝒯_{d₁…d_n} e_{d₁} ⊗ … ⊗ e_{d_n} (9)".\n  - Probability as inner product: "we can get the probability p_i of a sentence s_i via computing the inner product of c and s_i: p(s_i) = ⟨s_i, c⟩ (10) … p(s_i) = Σ_{d₁,…,d_n=1}^m 𝒯_{d₁…d_n} 𝒜_{d₁…d_n} (11) … This is the basic formula in TSLM for estimating the sentence probability."\n  - Basis choice: "For the basis vectors {e_d}_{d=1}^m, there can be two different choices, one-hot vectors or embedded vectors."',
    'tslm-claim-1': '"Claim 1. In our TSLM, when we set the dimension of vector space m = |V| and each word w as an one-hot vector, the probability of sentence s consist of words d₁…d_n in vocabulary is the entry 𝒯_{d₁…d_n} of tensor 𝒯." The proof uses "⟨w_i, w_j⟩ = ⟨e_i, e_j⟩ = 1 if i = j, 0 if i ≠ j (22)" and the orthogonality of sentence tensors (23).',
    'tslm-claim-2': '- Claim 2: "In our TSLM, we define the word sequence w₁^i = (w₁, w₂, …, w_i) with length i as: w₁^i := w₁ ⊗ ⋯ ⊗ w_i ⊗ 1_{i+1} ⊗ ⋯ ⊗ 1_n (14) which means that the sequence w₁^i is padded via using full one vector 1. Then, the probability p(w₁^i) can be computed as p(w₁^i) = ⟨w₁^i, c⟩."\n  - Eq. 15: "p(w_i|w₁^{i−1}) = ⟨w₁^i, c⟩ / ⟨w₁^{i−1}, c⟩ (15)".\n  - Context after Eq. 15: "This kind of representation of conditional probability is a special case of TSLM based on the one-hot basis vectors."\n  - The proof (Eq. 32) uses ⟨1, w_{d_j}⟩ = 1.',
    'tslm-ngram-param-count': '"Because of the one-hot vector representation, the n-gram language model has O(|V|ⁿ) parameters. Compared with n-gram language model, our general model has O(mⁿ) parameters (m ≪ |V|). However, the tensor space still contains exponential parameters".',
    'tslm-table1-stats': '- Table 1, PTB: Tokens 929,590 / 73,761 / 82,431 (train/valid/test); Vocab size 10,000; OOV rate 4.8%.\n  - Table 1, WikiText-2: Articles 600 / 60 / 60; Tokens 2,088,628 / 217,646 / 245,569; Vocab size 33,278; OOV rate 2.6%.\n  - Caption text: "The out of vocabulary (OOV) rate denotes the percentage of tokens have been replaced by an ⟨unk⟩ token. The token count includes newlines which add to the WikiText-2 dataset."\n  - Datasets text: "PTB … consists of 929k training words, 73k validation words, 82k test words, and has 10k words in its vocabulary."',
}

_G = "born-ngram"
_VN = ({"vocab_size": 2, "length": 2}, {"vocab_size": 3, "length": 4})
#: Scaled TSLM sizes: CLAIMS.md's |V| = 64, n = 4 (16.7M entries) on a GPU; |V| = 8 on CPU.
_VN_SCALED = {"small": ({"vocab_size": 8, "length": 4, "sample": 16},),
              "large": ({"vocab_size": 64, "length": 4, "sample": 32},)}
#: Scaled Eq. 4.1: a sticky 3-state chain; ≈ 10⁵ tokens on CPU, CLAIMS.md's 10⁸ on a GPU
#: (10⁶ independent chains of L + max S = 100 tokens).
_EQ41_SCALED = {"small": ({"vocab_size": 3, "length": 5, "distances": (1, 2, 4),
                           "chains": 12_000, "stay": 0.7},),
                "large": ({"vocab_size": 3, "length": 64, "distances": (1, 2, 4, 16, 36),
                           "chains": 1_000_000, "stay": 0.7},)}

register(Claim(
    id="thesis-eq-4.1", group=_G, title="I(S) of Eq. 4.1: a sum called an average",
    statement=STATEMENTS["thesis-eq-4.1"],
    refs=(Ref("thesis", "§4.1.2, Eq. 4.1"),),
    scaled=sc.scaled_eq41, scaled_space=_EQ41_SCALED,
    small=th.small_eq41,
    space=({"vocab_size": 3, "length": 2, "distances": (1, 2)},
           {"vocab_size": 3, "length": 5, "distances": (1, 2, 4)},
           {"vocab_size": 3, "length": 10, "distances": (1, 3, 7)}),
    pinned=({"params": {"vocab_size": 3, "length": 1, "distances": (1, 2, 5)}, "seed": 41,
             "verdict": "holds", "note": "L = 1: the sum and the average coincide"},),
    expected="fails", corrected_by="thesis-eq-4.1-corrected",
))

register(Claim(
    id="thesis-eq-4.1-corrected", group=_G, title="I(S) averaged over the L pairs",
    statement="Eq. 4.1 with the factor 1/L that 'averaged' describes: I(S) = (1/L) Σ_{i=1}^L "
              "Σ P̃(x⁽ⁱ⁾, x⁽ⁱ⁺ˢ⁾) log[P̃(x⁽ⁱ⁾, x⁽ⁱ⁺ˢ⁾) / (P̃(x⁽ⁱ⁾) P̃(x⁽ⁱ⁺ˢ⁾))]; for a "
              "stationary source it equals the mutual information of one pair at distance S "
              "(changed: the printed sum is divided by L).",
    refs=(Ref("thesis", "§4.1.2, Eq. 4.1"),),
    scaled=sc.scaled_eq41_corrected, scaled_space=_EQ41_SCALED,
    small=th.small_eq41_corrected,
    space=({"vocab_size": 3, "length": 1, "distances": (1, 2)},
           {"vocab_size": 3, "length": 5, "distances": (1, 2, 4)},
           {"vocab_size": 3, "length": 10, "distances": (1, 3, 7)}),
    corrects="thesis-eq-4.1", expected="holds",
))

register(Claim(
    id="thesis-eq-2.7", group=_G, title="cross-entropy target index",
    statement=STATEMENTS["thesis-eq-2.7"],
    refs=(Ref("thesis", "§2.3.1, Eq. 2.6–2.7"),),
    small=th.small_eq27,
    space=({"vocab_size": 3, "length": 8}, {"vocab_size": 10, "length": 32}),
    readings={"a": "y⁽ᵗ⁾[w_t] = 1, as defined above Eq. 2.7",
              "b": "y⁽ᵗ⁾[w_{t+1}] = 1, as used on its right-hand side"},
    expected="ill-posed",
))

register(Claim(
    id="thesis-eq-2.11", group=_G, title="perplexity = 2^H = P̃^(−1/L)",
    statement=STATEMENTS["thesis-eq-2.11"],
    refs=(Ref("thesis", "§2.4, Eq. 2.8, 2.11"), Ref("thesis", "§2.2.2")),
    small=th.small_eq211,
    space=({"length": 20}, {"length": 200}),
    readings={"base 2": "log is log₂ (H in bits)", "natural log": "log is ln (H in nats)"},
    proof="proofs/ngram.py::prove_thesis_eq_2_11",
    expected="ill-posed",
))

register(Claim(
    id="tslm-eq-11", group=_G, title="p(s_i) = ⟨s_i, c⟩ (Eq. 10–11)",
    statement=STATEMENTS["tslm-eq-11"],
    refs=(Ref("tslm", "A Probability Estimation Method of Sentences, Eq. 8–11"),),
    scaled=sc.scaled_eq11, scaled_space=_VN_SCALED,
    small=ts.small_eq11, space=_VN,
    expected="fails", corrected_by="tslm-eq-11-corrected",
))

register(Claim(
    id="tslm-eq-11-corrected", group=_G, title="p(s_i) = ⟨s_i, c⟩ for orthonormal words",
    statement="Eq. 10–11 with orthonormal word vectors (one-hot, or any orthonormal set "
              "w_i = Σ_d α_{i,d} e_d, α orthogonal): p(s_i) = ⟨s_i, c⟩ = Σ 𝒯 𝒜 "
              "(changed: the word vectors must be orthonormal; embedded vectors that are "
              "not orthogonal give ⟨s_i, c⟩ ≠ p_i).",
    refs=(Ref("tslm", "A Probability Estimation Method of Sentences, Eq. 8–11"),
          Ref("tslm", "Appendix, Eq. 22–23")),
    scaled=sc.scaled_eq11_corrected, scaled_space=_VN_SCALED,
    small=ts.small_eq11_corrected, space=_VN,
    proof="proofs/ngram.py::prove_tslm_eq_11",
    corrects="tslm-eq-11", expected="holds",
))

register(Claim(
    id="tslm-claim-1", group=_G, title="TSLM with one-hot words is the n-gram tensor",
    statement=STATEMENTS["tslm-claim-1"],
    refs=(Ref("tslm", "Claim 1; Appendix, Eq. 22–27"),),
    scaled=sc.scaled_claim1, scaled_space=_VN_SCALED,
    small=ts.small_claim1, space=_VN,
    proof="proofs/ngram.py::prove_tslm_claim_1",
    expected="holds",
))

register(Claim(
    id="tslm-claim-2", group=_G, title="prefix and conditional probabilities by padding",
    statement=STATEMENTS["tslm-claim-2"],
    refs=(Ref("tslm", "Claim 2, Eq. 14–15; Appendix, Eq. 28–32"),),
    scaled=sc.scaled_claim2, scaled_space=_VN_SCALED,
    small=ts.small_claim2, space=_VN,
    readings={"one-hot": "the one-hot basis, as the sentence after Eq. 15 says",
              "embedded": "any orthonormal basis of 'our TSLM', padded with the all-ones "
                          "vector as printed"},
    expected="ill-posed", corrected_by="tslm-claim-2-corrected",
))

register(Claim(
    id="tslm-claim-2-corrected", group=_G, title="padding with the sum of the word vectors",
    statement="Claim 2 with the padding vector u = Σ_w w (the sum of the word vectors; u = 1 "
              "for one-hot words): p(w₁ⁱ) = ⟨w₁ ⊗ ⋯ ⊗ wᵢ ⊗ u ⊗ ⋯ ⊗ u, c⟩ and Eq. 15, for "
              "the one-hot and any orthonormal basis (changed: 1 → Σ_w w, so ⟨u, w⟩ = 1).",
    refs=(Ref("tslm", "Claim 2, Eq. 14–15; Appendix, Eq. 32"),),
    scaled=sc.scaled_claim2_corrected, scaled_space=_VN_SCALED,
    small=ts.small_claim2_corrected, space=_VN,
    proof="proofs/ngram.py::prove_tslm_claim_2",
    corrects="tslm-claim-2", expected="holds",
))

register(Claim(
    id="tslm-ngram-param-count", group=_G, title="|V|ⁿ vs mⁿ parameters",
    statement=STATEMENTS["tslm-ngram-param-count"],
    refs=(Ref("tslm", "TSLM as a Generalization of N-Gram Language Model"),),
    small=ts.small_param_count,
    space=({"vocab_size": 4, "m": 2, "length": 2}, {"vocab_size": 12, "m": 3, "length": 5}),
    expected="holds",
))

register(Claim(
    id="tslm-table1-stats", group=_G, title="Table 1 dataset statistics",
    statement=STATEMENTS["tslm-table1-stats"],
    refs=(Ref("tslm", "Table 1; Datasets"),),
    small=th.small_table1,
    expected="holds",
))
