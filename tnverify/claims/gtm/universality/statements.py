"""Universality claims of gtm §4.2, §5.1 and App. A: Lemma 5.1 (linear
combinations of generalized RNNs), Prop. A.4 (rank-1 shallow network = width-1 RNN),
Thm. 5.1 with Lemma 5.2 (max networks realise every grid tensor), the non-universality
of ξ = max(x, 0) + max(y, 0) (§4.2) and Prop. A.5 (ξ = xy).

The constructions are in :mod:`tnverify.generalized.constructions`, the small checks in
:mod:`.checks` (Lemma 5.1, Prop. A.4), :mod:`.spans` (Thm. 5.1, §4.2) and :mod:`.product`
(Prop. A.5), the torch sides in :mod:`.scaled`.
"""

from __future__ import annotations

from ... import Ref
from ...readings import Defect, Reading
from ...registration import claim, corrected_pair, refs
from .checks import (
    PROP_A_4_READINGS,
    small_lemma_5_1,
    small_prop_a_4,
    small_prop_a_4_corrected,
)
from .product import prop_a_5_evidence
from .quotes import S_LEMMA_5_1, S_PROP_A_4, S_PROP_A_5, S_SEC_4_2, S_THM_5_1
from .scaled import (
    scaled_lemma_5_1,
    scaled_prop_a_4,
    scaled_prop_a_5,
    scaled_prop_a_5_printed,
    scaled_sec_4_2,
    scaled_thm_5_1,
)
from .spans import small_sec_4_2, small_thm_5_1

_PROOF = "proofs/gtm_universality.py::"

claim(
    "gtm-lemma-5.1",
    "Lemma 5.1: aΓ_A + bΓ_B is the grid of an RNN",
    S_LEMMA_5_1,
    refs("gtm", "§5.1, Lemma 5.1; proof App. A"),
    small_lemma_5_1,
    topic="xi-networks",
    space=(
        {"M": 2, "T": 2, "LA": 2, "LB": 1, "RA": 2, "RB": 1, "a": 0.7, "b": -1.3},
        {"M": 3, "T": 4, "LA": 3, "LB": 2, "RA": (2, 3, 2), "RB": (3, 1, 2), "a": 0.7, "b": -1.3},
    ),
    scaled=scaled_lemma_5_1,
    scaled_space={
        "small": ({"M": 4, "T": 4, "L": 4, "R": 4},),
        "large": ({"M": 8, "T": 6, "L": 16, "R": 16},),
    },
    pinned=(
        {
            "params": {
                "M": 3,
                "T": 4,
                "LA": 3,
                "LB": 2,
                "RA": (2, 3, 2),
                "RB": (3, 1, 2),
                "a": 0.7,
                "b": -1.3,
            },
            "seed": 51,
            "note": "the claims catalogue: different L and ranks, M=3, T=4, a=0.7, b=−1.3",
        },
    ),
    uses=("gtm-prop-a.3",),
    proof=_PROOF + "prove_gtm_lemma_5_1",
    remarks=(
        "The printed shapes of 𝒢^(1)_C and 𝒢^(T)_C use the generic subscript t (R_{t,A} + R_{t,B}); they are meant at t = 1 and t = T (notation, not a defect).",
        "The construction needs T ≥ 2: at T = 1 the first and last cores coincide and the printed first-core pattern omits the a/b scaling (outside the paper's scope).",
    ),
    expected="holds",
)

_A4_COMMON = dict(
    topic="xi-networks",
    scaled=scaled_prop_a_4,
    scaled_space={"small": ({"M": 6, "T": 4},), "large": ({"M": 16, "T": 6},)},
    uses=("gtm-xi-operators", "gtm-prop-a.2", "gtm-prop-a.3"),
)

claim(
    "gtm-prop-a.4",
    "Prop. A.4: rank-1 shallow network = width-1 RNN",
    S_PROP_A_4,
    refs("gtm", "App. A, Prop. A.4", "gtm", "§4.1, remark after Eq. 17"),
    small_prop_a_4,
    space=({"M": 2, "T": 2}, {"M": 3, "T": 4}),
    readings=PROP_A_4_READINGS,
    pinned=(
        {"params": {"M": 3, "T": 4}, "seed": 4, "note": "the claims catalogue sizes, every ξ"},
        {
            "params": {"M": 2, "T": 2},
            "seed": 0,
            "note": "T = 2, the shortest length in the statement's domain",
        },
    ),
    remarks=(
        'The proof writes "unity" for the "unit" of §4.1 (wording only).',
        "At T = 1, a case the paper does not define (ξ of one operand), the proof's L = 1 "
        "weights give λ ξ(c, u); with ξ(a) = a that is λ c only when u is a two-sided "
        "identity (xy, x + y, ln(eˣ + eʸ) with u = −∞). The existence statement holds even "
        "there (another unit-rank RNN with L = M represents it on the grid).",
        "For ln(eˣ + eʸ) the proposition needs the extended-real unit u = −∞ "
        "(gtm-xi-operators, remark 2).",
    ),
    proof=_PROOF + "prove_gtm_prop_a_4_corrected",
    expected="holds",
    **_A4_COMMON,
)

claim(
    "gtm-prop-a.4-variant",
    "Variant: Prop. A.4 with its length made explicit (T ≥ 2; T = 1 gives λ ξ(c, u))",
    "[tnverify variant, not a correction: gtm-prop-a.4 holds as printed, T ≥ 2 being its "
    "domain] For T ≥ 2 and any associative, commutative ξ with a unit u (reading (a)), the "
    "weights C^{(t)} = (v^{(t)})ᵀ, 𝒢^{(t)} = 1 (t < T), 𝒢^{(T)} = λ, h^{(0)} = u give a "
    "width-1 generalized RNN with the grid tensor of the rank-1 shallow network; at T = 1 "
    "they compute λ ξ(⟨f, v⟩, u), which is λ ⟨f, v⟩ exactly when u is a two-sided identity "
    "(ξ(x, u) = x: xy, x + y, ln(eˣ + eʸ) with u = −∞).",
    refs("gtm", "App. A, Prop. A.4"),
    small_prop_a_4_corrected,
    space=({"M": 2, "T": 1}, {"M": 2, "T": 2}, {"M": 3, "T": 4}),
    proof=_PROOF + "prove_gtm_prop_a_4_corrected",
    expected="holds",
    **_A4_COMMON,
    varies="gtm-prop-a.4",
)

claim(
    "gtm-thm-5.1",
    "Thm. 5.1 / Lemma 5.2: max networks are universal",
    S_THM_5_1,
    refs("gtm", "§5.1, Thm. 5.1, Lemma 5.2 (proofs App. A); §5 assumptions"),
    small_thm_5_1,
    topic="xi-networks",
    space=(
        {"M": 2, "T": 3, "factor": 6},
        {"M": 3, "T": 3, "factor": 6},
        {"M": 3, "T": 4, "factor": 6},
    ),
    scaled=scaled_thm_5_1,
    scaled_space={
        "small": ({"M": 3, "T": 4, "span_T": 4, "factor": 6},),
        # the span rank at T = 8 needs a 65,536² SVD; it runs at T = 6, and the
        # explicit width-65,536 network covers M = 4, T = 8 constructively
        "large": ({"M": 4, "T": 8, "span_T": 6, "factor": 6},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "factor": 6},
            "seed": 5,
            "note": "the claims catalogue largest case",
        },
    ),
    uses=("gtm-lemma-5.1", "gtm-prop-a.4", "gtm-prop-a.2", "gtm-prop-a.3"),
    remarks=(
        "The proof's ℋ_{i₁i₂…i_d} (for i_T) and §5.1's \"size of each mode being m\" "
        "(for M) are the editorial entries gtm-thm-5.1-proof-index and "
        "gtm-mode-size-m.",
        "The theorem needs the §5 assumption that F is invertible: duplicate templates force equal slices of every grid.",
    ),
    expected="holds",
)

claim(
    "gtm-sec-4.2-nonuniversal",
    "ξ = max(x,0)+max(y,0): shallow networks are not universal",
    S_SEC_4_2,
    refs("gtm", "§4.2 (citing Cohen & Shashua 2016)"),
    small_sec_4_2,
    topic="xi-networks",
    space=(
        {"M": 2, "T": 3, "factor": 6},
        {"M": 3, "T": 3, "factor": 6},
        {"M": 3, "T": 4, "factor": 6},
    ),
    scaled=scaled_sec_4_2,
    scaled_space={
        "small": ({"M": 3, "T": 5, "samples": 512, "sketch": 128},),
        "large": ({"M": 4, "T": 8, "samples": 4096, "sketch": 256},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "factor": 6},
            "seed": 42,
            "note": "the claims catalogue largest case",
        },
    ),
    uses=("gtm-xi-operators", "gtm-prop-a.2"),
    readings=(
        Reading(
            "grid",
            "grid-tensor universality (§5.1): not every tensor of order T is the "
            "grid tensor of a ξ = max(x,0)+max(y,0) shallow network",
            True,
            "any tensor of order T and size of each mode being m can be realized as a grid tensor",
            "gtm §5.1 (the sense of 'universal' used for Thm. 5.1)",
        ),
        Reading(
            "functions",
            "universal approximation of functions: such networks cannot "
            "approximate every function (their scores are additive over "
            "positions)",
            True,
            "it can approximate any function with any prescribed precision given "
            "sufficiently large M",
            "gtm §3.1 (the sense of 'universal approximation property')",
        ),
    ),
    remarks=(
        "Both readings hold for the same reason: ξ(a, b) = relu(a) + relu(b) makes "
        "the T-operand form Σ_t relu(a_t), so the score is additive over positions "
        "(the check tests the grid reading; the function reading follows).",
        "Attribution: Cohen & Shashua (2016) show convolutional rectifier networks "
        "are universal with max pooling but not with average pooling; ReLU with "
        "average pooling is this ξ.",
    ),
    expected="holds",
)

_A5_COMMON = dict(
    topic="xi-networks",
    refs=(Ref("gtm", "App. A, Prop. A.5; Eq. 19 (F); §3.1 Eq. 2"),),
    space=({"M": 2, "T": 2}, {"M": 3, "T": 3}),
    uses=("gtm-prop-a.2", "gtm-lemma-3.1", "gtm-eq-6"),
)

corrected_pair(
    "gtm-prop-a.5",
    common=_A5_COMMON,
    printed=dict(
        title="Prop. A.5: ξ = xy universality via ℋ̂ (printed indices)",
        statement=S_PROP_A_5,
        small=lambda p, rng: prop_a_5_evidence(p, rng, "printed"),
        scaled=scaled_prop_a_5_printed,
        # the printed order is judged on the grid alone: no TT score, so no B
        scaled_space={"small": ({"M": 5, "T": 4},), "large": ({"M": 16, "T": 6},)},
        scope=(
            "the larger run (M = 5, T = 4, F and ℋ standard normal) misses ℋ at all 625 "
            "template entries"
        ),
        pinned=(
            {
                "params": {"M": 3, "T": 3},
                "seed": 3,
                "note": "the claims catalogue sizes: random invertible (non-symmetric) F",
            },
        ),
        readings=(
            Reading(
                "F⁻¹_{ji} = (F⁻¹)_{ji}",
                "the printed symbol, with F of Eq. 19 (rows "
                "f_θ(x^(m))ᵀ): ℓ at template m is Σ_j ℋ_j Π_t (F⁻¹Fᵀ)_{j_t m_t}",
                True,
                "F ≜ [f_θ(x^(1)) f_θ(x^(2)) … f_θ(x^(M))]ᵀ",
                "gtm §4.2, Eq. 19; App. A, proof of Prop. A.5",
            ),
        ),
        defect=Defect(
            "misprint",
            printed="ℋ̂_{i₁…i_T} = Σ_j ℋ_{j₁…j_T} F⁻¹_{j₁i₁} … F⁻¹_{j_Ti_T}",
            meant="ℋ̂_{i₁…i_T} = Σ_j ℋ_{j₁…j_T} F⁻¹_{i₁j₁} … F⁻¹_{i_Tj_T} (the indices "
            "of F⁻¹ transposed), i.e. ℋ̂ = ℋ ×₁ F⁻¹ ⋯ ×_T F⁻¹ (×_t the mode-t "
            "product of Kolda & Bader 2009: F⁻¹ applied to the t-th index)",
            why="For a template input x^(i₁), …, x^(i_T), Φ(X)_k = Π_t F_{i_t k_t} (the "
            "rows of F are f_θ(x^(i))ᵀ, Eq. 19), so ⟨ℋ̂, Φ⟩ = Σ_k ℋ̂_k Π_t "
            "F_{i_t k_t}. This equals ℋ_i for every template iff ℋ̂_k = Σ_j ℋ_j Π_t "
            "(F⁻¹)_{k_t j_t}; the printed (F⁻¹)_{j_t k_t} is right (for every ℋ) only "
            "when F = Fᵀ or, for even T, F = −Fᵀ (then F⁻ᵀ = ±F⁻¹ and the T signs "
            "cancel); in general it is wrong. Exact example (M = T = 2, templates 1-based): F = [[1, 1], [0, 1]] "
            "and ℋ = E^(1,1) (1 at (1, 1), 0 elsewhere); the printed formula gives "
            "the template grid [[0, 0], [0, 1]] ≠ ℋ, the corrected one gives ℋ "
            "exactly.",
        ),
        remarks=(
            "The printed formula is right (for every ℋ) only when F = Fᵀ or, for even T, "
            "F = −Fᵀ; the "
            "paper gets the "
            "orientation right in the proof of Thm. 5.3 (C^(t) = (Fᵀ)⁻¹, so C Fᵀ = I).",
        ),
        expected="fails",
    ),
    corrected=dict(
        title="Prop. A.5 with ℋ̂_i = Σ_j ℋ_j Π_t (F⁻¹)_{i_t j_t}",
        statement=S_PROP_A_5.replace("F⁻¹_{j₁i₁} … F⁻¹_{j_Ti_T}", "F⁻¹_{i₁j₁} … F⁻¹_{i_Tj_T}")
        + "\n[tnverify correction: the indices of F⁻¹ are transposed. With F of Eq. 19 (rows "
        "f_θ(x^{(m)})ᵀ), ⟨ℋ̂, Φ⟩ at template sequence m equals Σ_j ℋ_j Π_t (F F⁻ᵀ)_{m_t j_t} "
        "under the printed order, which is ℋ for every ℋ only when F F⁻ᵀ = ±I (F = Fᵀ, "
        "or F = −Fᵀ with T even); with "
        "(F⁻¹)_{i_t j_t} it is Σ_j ℋ_j Π_t (F F⁻¹)_{m_t j_t} = ℋ_m.]",
        small=lambda p, rng: prop_a_5_evidence(p, rng, "corrected"),
        scaled=scaled_prop_a_5,
        scaled_space={
            "small": ({"M": 5, "T": 4, "B": 256},),
            "large": ({"M": 16, "T": 6, "B": 4096},),
        },
        pinned=({"params": {"M": 3, "T": 3}, "seed": 3, "note": "the claims catalogue sizes"},),
        proof=_PROOF + "prove_gtm_prop_a_5_corrected",
        expected="holds",
    ),
)
