"""tt-language-models claims of the TSLM (tslm Eq. 16–21): the recursive decomposition,
the recurrence ``h_t = W h_{t−1} ⊙ U α_t`` from ``h_0 = W⁻¹1``, the conditional of
Eq. 17–20 next to the exact conditional of the joint, and the "non-linear" g.

The definition side (:mod:`.checks`) builds 𝒯 of Eq. 16 literally (the recursion of the 𝒮
tensors with ``𝒮_{(1)} = 1``, :func:`~.checks.eq16_tensor`) and 𝒯_{(t)} of Eq. 18
(:func:`~.checks.eq18_tensor`); the implementation side is :class:`tnverify.cells.tslm.TSLM` and
:func:`tnverify.equivalences.tslm_to_tt`.
"""

from __future__ import annotations

from ...registration import claim, corrected_pair, refs
from . import readings as RD
from .checks import (
    eq17_transposed,
    small_eq16,
    small_eq17,
    small_eq19,
    small_eq21,
)
from .scaled import scaled_eq19

EQ16_SPACE = (
    {"m": 2, "r": 2, "length": 4},
    {"m": 3, "r": 3, "length": 4},
    {"m": 3, "r": 2, "length": 4},
)

corrected_pair(
    "tslm-eq-16",
    common=dict(topic="tt-language-models", space=EQ16_SPACE),
    printed=dict(
        title="TSLM recursive tensor decomposition (Eq. 16)",
        statement=(
            'Eq. 16: "𝒯 = Σ_{i=1}^r λ_i 𝒮_{(n),i} ⊗ u_i; 𝒮_{(n),k} = Σ_{i=1}^r W_{k,i} '
            '𝒮_{(n−1),i} ⊗ u_i (16) where we define: 𝒮_{(1)} = 1 ∈ ℝ^r." "It means '
            "that a n-order tensor 𝒯 ∈ ℝ^{m×⋯×m} can be decomposed as a n-order tensor "
            "𝒮_{(n)} ∈ ℝ^{m×⋯×r}, a diagonal matrix Λ ∈ ℝ^{r×r} and a matrix U ∈ "
            "ℝ^{r×m}. … This tensor decomposition method reduce the O(mⁿ) magnitude of "
            'parameters approximatively to O(m×r)." Eq. 20 lists "U ∈ ℝ^{m×r}, W ∈ '
            'ℝ^{r×r}, V ∈ ℝ^{r×|V|}".'
        ),
        refs=refs(
            "tslm",
            "Recursive Tensor Decomposition, Eq. 16, Fig. 3",
            "tslm",
            "Eq. 20 (shapes of U, W)",
        ),
        small=small_eq16,
        pinned=(
            {
                "params": {"m": 3, "r": 3, "length": 4},
                "seed": 16,
                "note": "the claims catalogue sizes, r = m",
            },
        ),
        expected="fails",
        readings=RD.EQ16,
        defect=RD.EQ16_DEFECT,
        remarks=RD.EQ16_REMARKS,
    ),
    corrected=dict(
        title="Eq. 16 is a rank-r uniform TT (a model class), not a decomposition of any 𝒯",
        statement=(
            "True restatement (the defect is 'false', not a misprint): Eq. 16 does not decompose an arbitrary 𝒯 ∈ ℝ^{m^n}. It "
            "parametrises, with r + r·m + r² numbers (O(m×r) for r ≤ m), the uniform TT "
            "with first core U_{k,d}, shared core G_{j,d,k} = W_{k,j} U_{k,d} and last "
            "core Σ_k G_{j,d,k} λ_k (tnverify.equivalences.tslm_to_tt), so every "
            "unfolding of 𝒯 after mode k (rows d₁…d_k, columns d_{k+1}…d_n), "
            "k = 1, …, n−1, has rank ≤ r; a tensor with such an unfolding of rank > r is "
            "at distance ≥ the discarded singular-value tail of that unfolding from every "
            "Eq. 16 tensor."
        ),
        refs=refs("tslm", "Recursive Tensor Decomposition, Eq. 16", "tnverify", "tslm_to_tt"),
        small=lambda p, rng: small_eq16(p, rng, corrected=True),
        proof="proofs/ttlm_tslm.py::prove_tslm_eq_16_corrected",
        expected="holds",
    ),
)


claim(
    "tslm-eq-19",
    "TSLM recurrence h_t = Wh_{t−1} ⊙ Uα_t (Eq. 19)",
    (
        '"when calculating the inner product of two tensors 𝒯 and 𝒜, we can introduce '
        "intermediate variables h_t, which can be recursively calculated as: h₁ = Wh₀ ⊙ Uα₁ … "
        "h_t = Wh_{t−1} ⊙ Uα_t (19) where setting the h₀ := W⁻¹1, and the matrices W and U "
        "decomposed from Eq. 16 in the last section. … This multiplicative operation is derived "
        'from the tensor product (in Eq. 16) and the δ-tensor". Here 𝒜 = α₁ ⊗ ⋯ ⊗ α_n (Eq. 7, '
        "11); the check closes with λᵀh_n."
    ),
    refs(
        "tslm", "A Recursive Calculation of Conditional Probability, Eq. 19", "tslm", "Eq. 11, 16"
    ),
    small_eq19,
    topic="tt-language-models",
    space=({"m": 2, "r": 2, "length": 2}, {"m": 3, "r": 3, "length": 4}),
    scaled=scaled_eq19,
    scaled_space={
        "small": ({"m": 16, "r": 16, "length": 64, "batch": 32},),
        "large": ({"m": 512, "r": 512, "length": 1024, "batch": 1024},),
    },
    pinned=(
        {"params": {"m": 3, "r": 3, "length": 4}, "seed": 19, "note": "the claims catalogue sizes"},
    ),
    uses=("tslm-eq-16",),
    proof="proofs/ttlm_tslm.py::prove_tslm_eq_19",
)


EQ17_SPACE = (
    {"m": 1, "r": 1, "vocab_size": 1, "length": 2},
    {"m": 2, "r": 2, "vocab_size": 3, "length": 3},
    {"m": 3, "r": 3, "vocab_size": 5, "length": 4},
)

corrected_pair(
    "tslm-eq-17",
    common=dict(topic="tt-language-models", space=EQ17_SPACE, uses=("tslm-eq-16", "tslm-eq-19")),
    printed=dict(
        title="TSLM conditional softmax(⟨𝒯_(t), 𝒜_(t−1)⟩) = softmax(Vh_t)",
        statement=(
            'Eq. 17: "p(w_t|w₁^{t−1}) = softmax(⟨𝒯_{(t)}, 𝒜_{(t−1)}⟩) (17) where '
            "𝒜_{(t−1)} is the input of (t−1) words, represented as α₁, …, α_{(t−1)} … "
            '⟨𝒯_{(t)}, 𝒜_{(t−1)}⟩ is denoted as y_t." Eq. 18: "𝒯_{(t)} ∈ ℝ^{m×⋯×m×|V|} '
            "is constructed by matrix V ∈ ℝ^{r×|V|}, 𝒮_{(t−1)} and matrix U … 𝒯_{(t),k} "
            '= Σ_{i=1}^r V_{k,i} 𝒮_{(t−1),i} ⊗ u_i (18)". Eq. 20: "p(w_t|w₁^{t−1}) = '
            "softmax(y_t); y_t = Vh_t; h_t = g(Wh_{t−1}, Uα_t); g(a, b) = a ⊙ b (20) … U "
            '∈ ℝ^{m×r}, W ∈ ℝ^{r×r}, V ∈ ℝ^{r×|V|}".'
        ),
        refs=refs("tslm", "A Recursive Calculation of Conditional Probability, Eq. 17–20"),
        small=small_eq17,
        readings=RD.EQ17,
        defect=RD.EQ17_DEFECT,
        remarks=RD.EQ17_REMARKS,
        pinned=(
            {
                "params": {"m": 3, "r": 3, "vocab_size": 5, "length": 4},
                "seed": 17,
                "note": "the claims catalogue sizes",
            },
        ),
        expected="fails",
    ),
    corrected=dict(
        title="⟨𝒯_(t), 𝒜_(t−1)⟩ = V h_{t−1} (Eq. 20 with y_t = V h_{t−1})",
        statement=(
            "Corrected (the edit): Eq. 17–18 as printed except the sentence before "
            'Eq. 18, which reads "constructed by matrix V ∈ ℝ^{|V|×r}" (as Eq. 18\'s '
            'V_{k,i}, k over the vocabulary mode, needs), and Eq. 20 reading "y_t = '
            'Vh_{t−1}" with "U ∈ ℝ^{r×m}, … V ∈ ℝ^{|V|×r}": ⟨𝒯_{(t)}, 𝒜_{(t−1)}⟩ = '
            "V h_{t−1}, the readout of the state after the t−1 prefix words."
        ),
        readings=tuple(r for r in RD.EQ17 if r.admissible),
        refs=refs("tslm", "A Recursive Calculation of Conditional Probability, Eq. 17–20"),
        small=lambda p, rng: eq17_transposed(p, rng, corrected=True),
        proof="proofs/ttlm_tslm.py::prove_tslm_eq_17_corrected",
    ),
)


claim(
    "tslm-eq-21",
    "g_TSLM(a, b) = a ⊙ b is 'a non-linear operation'",
    (
        'On g: "g(a, b) = a ⊙ b … and g is a non-linear operation." Eq. 21: "g_RNN(a, b) = '
        "σ(a + b); g_TSLM(a, b) = a ⊙ b (21) where σ(·) is typically a point-wise activation "
        'function such as sigmoid, tanh etc." Experimental analysis: "the non-linear operation '
        "g in Eq. 20 is an element-wise multiplication, which is capable of expressing more "
        "complex semantic information than a standard RNN structure with activation function "
        'using an addition operation."'
    ),
    refs("tslm", "Eq. 20–21", "tslm", "Experimental analysis"),
    small_eq21,
    topic="tt-language-models",
    space=({"r": 2}, {"r": 8}),
    readings=RD.EQ21,
    remarks=RD.EQ21_REMARKS,
    expected="holds",
    proof="proofs/ttlm_tslm.py::prove_tslm_eq_21_bilinear",
)
