"""Claims of thesis §5.4 on RAC layers and Linear Multiplicative Models
(Eq. 5.18–5.24, the 2H² → 4H parameter count).  The gradients of §6.3–6.4 are in
:mod:`tnverify.claims.thesis.lmm.gradients`.

Cells: :mod:`tnverify.cells.lmm`.  Small sides: :mod:`.layers` (Eq. 5.18–5.22, counts),
:mod:`.normalisations` (Eq. 5.23, 5.24); literal definitions in
:mod:`.definitions`; scaled sides: :mod:`.scaled`.  Proofs: ``proofs/lmm.py``.
"""

from __future__ import annotations

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from . import layers as C
from . import normalisations as N
from . import scaled as S
from .quotes import STATEMENTS

_P = "proofs/lmm.py::"


# -- §5.4: RAC layer, diagonalisation, LMM -----------------------------------------------
corrected_pair(
    "thesis-eq-5.18",
    common=dict(
        topic="gated-cells-lmms",
        uses=("thesis-claim-5.3.2",),
        readings=[
            Reading(
                "input map ℝ^N → ℝ^H",
                "𝐁 ∈ ℝ^(H×N) with 𝐁𝐱 (equivalently 𝐁 ∈ "
                "ℝ^(N×H) with 𝐁ᵀ𝐱: the same linear map, one reading)",
                True,
                "B ∈ ℝ^{R×|V|} for the input-to-hidden matrix",
                "thesis §5.3.2 notation; also Eq. 6.1 'B ∈ ℝ^{R×|V|}' and §4.2.2 'B ∈ ℝ^{H×N_in}'",
            ),
            Reading(
                "literal NxH with 𝐁𝐱",
                "𝐁 ∈ ℝ^(N×H) times 𝐱 ∈ ℝ^N — typed only "
                "if N = H: the misprinted form, not a reading",
                False,
                "Let [𝐱^{(1)}, …, 𝐱^{(L)}] be a sequence of N-dimensional inputs "
                "… 𝐁 ∈ ℝ^{N×H} is the input-to-hidden matrix",
                "thesis §5.4, Eq. 5.18 and the sentence after it",
            ),
        ],
    ),
    printed=dict(
        title="RAC layer 𝐡 = 𝐀𝐡 ⊙ 𝐁𝐱 with the declared 𝐁 ∈ ℝ^{N×H}",
        statement=STATEMENTS["thesis-eq-5.18"],
        refs=refs("thesis", "§5.4, Eq. 5.18"),
        small=C.small_eq518,
        space=({"N": 3, "H": 4}, {"N": 4, "H": 4}),
        pinned=(
            {
                "params": {"N": 3, "H": 4},
                "seed": 518,
                "note": "the claims catalogue sizes: N ≠ H, 𝐁𝐱 not typed",
            },
            {
                "params": {"N": 4, "H": 4},
                "seed": 518,
                "note": "N = H: typed, holds",
                "verdict": "holds",
            },
        ),
        expected="fails",
        defect=Defect(
            "misprint",
            printed="𝐁 ∈ ℝ^{N×H} is the input-to-hidden matrix",
            meant="𝐁 ∈ ℝ^{H×N} is the input-to-hidden matrix",
            why="𝐁𝐱^{(t)} must map the N-dimensional input into ℝ^H, where it meets "
            "𝐀𝐡^{(t−1)} ∈ ℝ^H in the Hadamard product; an N×H matrix times 𝐱 ∈ "
            "ℝ^N is defined only when N = H (the counterexample: N = 3, H = 4).",
        ),
        remarks=(
            'Not an erratum: Eq. 5.20\'s parenthesis "(i.e., 𝐁 ∈ ℝ^{H×H} …)" is consistent only because '
            "it assumes H = N; the experiments use N ≠ H (Table 6.2).",
        ),
    ),
    corrected=dict(
        title="RAC layer with 𝐁 ∈ ℝ^{H×N}",
        statement=(
            'Corrected: "Let [𝐱^{(1)}, …, 𝐱^{(L)}] be a sequence of N-dimensional '
            "inputs. A RAC layer with H-dimensional hidden states is defined as: 𝐡^{(t)} "
            "= 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐱^{(t)}, where … 𝐀 ∈ ℝ^{H×H} is the hidden-to-hidden "
            'matrix, and 𝐁 ∈ ℝ^{H×N} is the input-to-hidden matrix."'
        ),
        refs=refs("thesis", "§5.4, Eq. 5.18"),
        small=C.small_eq518_corrected,
        space=({"N": 3, "H": 4}, {"N": 4, "H": 4}),
        expected="holds",
    ),
)

_EQ48 = (
    "multiplying both sides by 𝐏⁻¹",
    "thesis §5.4.1, sentence before Eq. 5.19 (both "
    'sides: 𝐏⁻¹ reaches the input term too; the same section asks for "full '
    "equivalence\" with Eq. 5.18, after Eq. 5.19); the step imitates §4.2.2's "
    '"x̄_k := P⁻¹x_k and B̄ := P⁻¹B" after Eq. 4.8',
)
corrected_pair(
    "thesis-eq-5.19",
    common=dict(
        refs=refs("thesis", "§5.4.1, Eq. 5.19", "thesis", "§7.2"),
        space=({"H": 2, "T": 1}, {"H": 4, "T": 6}),
        scaled_space={"small": ({"H": 32, "L": 64},), "large": ({"H": 512, "L": 1024},)},
        pinned=({"params": {"H": 4, "T": 6}, "seed": 519, "note": "the claims catalogue sizes"},),
        topic="gated-cells-lmms",
    ),
    printed=dict(
        title="Diagonalising 𝐀 in the RAC: 𝐡̄ = Λ𝐡̄ ⊙ 𝐁𝐱",
        statement=STATEMENTS["thesis-eq-5.19"],
        small=C.small_eq519,
        scaled=S.scaled_eq519,
        readings=[
            Reading(
                "a",
                "𝐁 unchanged, as printed",
                True,
                "Plugging the decomposition 𝐀 = 𝐏Λ𝐏⁻¹ into Eq. 5.18 and multiplying "
                "both sides by 𝐏⁻¹",
                "thesis §5.4.1, sentence before Eq. 5.19",
            ),
            Reading(
                "b", "𝐁 replaced by 𝐏⁻¹𝐁 (B̄ of Eq. 4.8), the step Eq. 5.19 imitates", True, *_EQ48
            ),
        ],
        expected="fails",
        defect=Defect(
            "false",
            printed="multiplying both sides by 𝐏⁻¹, 𝐡̄^{(t)} = Λ𝐡̄^{(t−1)} ⊙ 𝐁𝐱^{(t)}",
            meant="𝐡̄^{(t)} = 𝐏⁻¹((𝐏Λ𝐡̄^{(t−1)}) ⊙ 𝐁𝐱^{(t)}) = 𝐏⁻¹diag(𝐁𝐱^{(t)})𝐏 "
            "Λ𝐡̄^{(t−1)}, which is not diagonal: 𝐏⁻¹(𝐮 ⊙ 𝐯) = (𝐏⁻¹𝐮) ⊙ 𝐯 for every "
            "𝐮 only when 𝐏 commutes with diag(𝐯); a diagonal multiplicative recursion is a "
            "different model, not an equivalent reparameterisation of Eq. 5.18 "
            "(so no 'full equivalence', §5.4.1 and §7.2)",
        ),
    ),
    corrected=dict(
        title="What Eq. 5.18 becomes for 𝐡̄ = 𝐏⁻¹𝐡",
        statement=(
            "Corrected (⊙ does not commute with 𝐏⁻¹): with 𝐀 = 𝐏Λ𝐏⁻¹ and 𝐡̄^{(t)} = "
            "𝐏⁻¹𝐡^{(t)}, Eq. 5.18 is 𝐡̄^{(t)} = 𝐏⁻¹ diag(𝐁𝐱^{(t)}) 𝐏 Λ𝐡̄^{(t−1)}; it "
            "reduces to Eq. 5.19 for every 𝐡̄^{(t−1)} iff (𝐏⁻¹diag(𝐁𝐱^{(t)})𝐏 − "
            "diag(𝐁𝐱^{(t)}))Λ = 0, i.e., for invertible Λ, iff 𝐏 commutes with "
            "diag(𝐁𝐱^{(t)}) (𝐏_{ij} = 0 wherever (𝐁𝐱^{(t)})_i ≠ (𝐁𝐱^{(t)})_j). "
            "𝐏⁻¹diag(𝐁𝐱)𝐏 being diagonal is necessary for invertible Λ but not "
            "sufficient: for 𝐏 a permutation it is diagonal with permuted entries and "
            "Eq. 5.19 fails."
        ),
        small=C.small_eq519_corrected,
        scaled=S.scaled_eq519_corrected,
        proof=_P + "prove_thesis_eq_5_19_corrected",
        expected="holds",
    ),
)

claim(
    "thesis-eq-5.20",
    "LMM 𝐡 = Λ𝐡 ⊙ Γ𝐱 (a new model) and its Glorot-like initialisation",
    STATEMENTS["thesis-eq-5.20"],
    refs("thesis", "§5.4.1, Eq. 5.20", "thesis", "§4.2.2"),
    C.small_eq520,
    space=({"H": 2, "T": 1}, {"H": 4, "T": 6}),
    scaled=S.scaled_eq520,
    scaled_space={"small": ({"H": 256},), "large": ({"H": 4096},)},
    pinned=({"params": {"H": 4, "T": 6}, "seed": 520, "note": "the claims catalogue sizes"},),
    readings=[
        Reading(
            "replacement (new model)",
            "Eq. 5.20 defines the LMM by replacing 𝐁 with the "
            "diagonal Γ (H = N); the Glorot sentence is about the initial distribution "
            "of the entries of Λ, Γ",
            True,
            "we diagonalize 𝐁 = 𝐕Γ𝐕⁻¹ and replace 𝐁 with its diagonal matrix Γ",
            "thesis §5.4.1, sentence introducing Eq. 5.20",
        ),
        Reading(
            "a: Eq. 5.20 ≡ Eq. 5.19 with 𝐁 unchanged",
            "Eq. 5.20 reproduces 𝐏⁻¹𝐡 of Eq. 5.18 / Eq. 5.19",
            False,
            "We term the model defined by Eq. 5.20 and Eq. 5.21 as the Linear "
            "Multiplicative Models (LMMs)",
            "thesis §5.4.1, last paragraph (Eq. 5.20 "
            'defines a new model; "instead of learning 𝐀 and 𝐁, LMMs learn 𝐯_Λ, θ_Λ, '
            '𝐯_Γ, θ_Γ", same paragraph)',
        ),
        Reading(
            "b: Eq. 5.20 ≡ Eq. 5.19 with 𝐏⁻¹𝐁",
            "as (a), with 𝐁 mapped by 𝐏⁻¹",
            False,
            "instead of learning 𝐀 and 𝐁, LMMs learn 𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ during training",
            "thesis §5.4.1, last paragraph (Γ is learned in place of 𝐁, not derived "
            'from 𝐏⁻¹𝐁; "We term the model defined by Eq. 5.20 and Eq. 5.21 as the '
            'Linear Multiplicative Models", same paragraph)',
        ),
        Reading(
            "Glorot = spectral law",
            "entries of Λ, Γ sampled uniformly on the unit disk "
            "= limiting spectrum of Glorot-initialised 𝐀, 𝐁 (Thm. 4.2.1)",
            True,
            "when each entry of a non-symmetric matrix is independently sampled from a "
            "Gaussian distribution with mean 0 and variance 1/N, its eigenvalues are "
            "distributed across the complex unit plane",
            "thesis §5.4.1, paragraph "
            'after Eq. 5.20 ("Our second step"; §4.2.2 after Fig. 4.7 says the same '
            "of Λ)",
        ),
    ],
    remarks=(
        "Not an erratum (an observation the thesis does not contradict): Eq. 5.20 is "
        "not equivalent to the RAC layer Eq. 5.18 (Γ𝐱 ≠ 𝐁𝐱 in general), but the thesis "
        'does not claim it is: it says it will "replace 𝐁 with its diagonal matrix Γ" '
        'and that "instead of learning 𝐀 and 𝐁, LMMs learn 𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ", a '
        "new model (a RAC with diagonal Λ and Γ, a strict subclass: its h_j depends on "
        'input coordinate j only). Read after "replace", that sentence, the 2H² → 4H '
        'count and "removes dense matrix multiplications" describe the new model, '
        'and "essentially are the eigenvalues of both 𝐀 and 𝐁" its initialisation '
        "law (the reading 'Glorot = spectral law', which holds). The equivalence it does claim, for Eq. 5.19 (\"full "
        'equivalence"), fails: that is the erratum thesis-eq-5.19.',
        '"𝐱^{(t)} ∈ ℂ^H": real inputs suffice (ℝ^H ⊂ ℂ^H); both are checked.',
        'Not an erratum: "(i.e., 𝐁 ∈ ℝ^{H×H} …)" follows from the stated "we assume '
        'H = N for simplicity" (the experiments use N ≠ H, Table 6.2; see '
        "thesis-eq-5.18).",
        "Not an erratum: the real Ginibre spectrum has a real-axis excess and conjugate "
        'pairs, which i.i.d. disk sampling lacks; the thesis\'s "essentially" (the '
        'parameters "essentially are the eigenvalues of both 𝐀 and 𝐁 under Glorot '
        'initialization") allows for that finite-H difference.',
    ),
    uses=("thesis-thm-4.2.1",),
    expected="holds",
    topic="gated-cells-lmms",
)

corrected_pair(
    "thesis-eq-5.21",
    common=dict(
        refs=refs("thesis", "§5.4.1, Eq. 5.21", "thesis", "§4.2.2, Lemma 4.2.1"),
        space=(
            {"n": 100_000, "r_min": 0.4, "r_max": 0.9},
            {"n": 100_000, "r_min": 0.0, "r_max": 1.0},
        ),
        scaled_space={
            "small": ({"n": 100_000, "r_min": 0.4, "r_max": 0.9},),
            "large": ({"n": 100_000_000, "r_min": 0.4, "r_max": 0.9},),
        },
        topic="gated-cells-lmms",
    ),
    printed=dict(
        title="Λ, Γ = diag(exp(−𝐯 + iθ)) initialised by Lemma 4.2.1",
        statement=STATEMENTS["thesis-eq-5.21"],
        small=C.small_eq521,
        scaled=S.scaled_eq521,
        pinned=(
            {
                "params": {"n": 100_000, "r_min": 0.0, "r_max": 1.0},
                "seed": 521,
                "note": "r_min = 0, r_max = 1: printed 𝐯 = 0, every |z| = 1",
            },
        ),
        uses=("thesis-lemma-4.2.1",),
        expected="fails",
        defect=Defect(
            "misprint",
            printed="𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ ∈ ℂ^H … compute 𝐯 = −½ log(r_max² − r_min²) + r_min²",
            meant="𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ ∈ ℝ^H … compute 𝐯 = −½ log(𝐮₁(r_max² − "
            "r_min²) + r_min²) (as Lemma 4.2.1 and Eq. 4.10 print)",
            why="The printed 𝐯 contains no random variable (𝐮₁ is missing), so "
            "|e^{−𝐯+iθ}| = e^{−𝐯} is one constant: the samples lie on one circle, "
            "not uniformly on the annulus r_min ≤ |z| ≤ r_max (the test below "
            "finds |z|² far from uniform). 𝐯 and θ are moduli and angles, real.",
        ),
    ),
    corrected=dict(
        title="Eq. 5.21 with Lemma 4.2.1's 𝐯 and real 𝐯, θ",
        statement=(
            "Corrected: with real 𝐯, θ ∈ ℝ^H and 𝐯 = −½ log(𝐮₁(r_max² − r_min²) + "
            "r_min²), θ = 2π𝐮₂ (Lemma 4.2.1), exp(−𝐯 + iθ) is uniform on the annulus "
            "r_min ≤ |z| ≤ r_max, and |exp(−𝐯 + iθ)| = e^{−𝐯}."
        ),
        small=C.small_eq521_corrected,
        scaled=S.scaled_eq521_corrected,
        expected="holds",
    ),
)

claim(
    "thesis-sec-5.4.1-params",
    "Recurrent-layer parameters: 2H² → 4H",
    STATEMENTS["thesis-sec-5.4.1-params"],
    refs("thesis", "§5.4.1 (end)", "thesis", "§1", "thesis", "§6.4.2", "thesis", "Table 6.2"),
    C.small_params,
    space=({"H": 4, "N": 3}, {"H": 256, "N": 128}),
    pinned=({"params": {"H": 192, "N": 128}, "seed": 0, "note": "Table 6.2 sizes"},),
    readings=[
        Reading(
            C.PARAM_READINGS[0],
            "𝐯, θ ∈ ℂ^H (Eq. 5.21 literally) counted as real numbers → 8H",
            False,
            "Let 𝐮₁, 𝐮₂ be independent uniform random variables on the interval [0, 1]. "
            "… θ = 2π𝐮₂. In this way, exp(−𝐯 + iθ) is uniformly distributed on the "
            "annulus in ℂ between circles of radii r_min and r_max",
            "thesis §5.4.1, initialisation of Eq. 5.21 (𝐯 and θ are real: a complex θ "
            "would move the modulus off the annulus; ℂ^H is the Eq. 5.21 misprint, "
            "thesis-eq-5.21)",
        ),
        Reading(
            C.PARAM_READINGS[1],
            "𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ real (or counted per entry), 𝐀, 𝐁 ∈ ℝ^(H×H): 2H² → 4H",
            True,
            "where we assume H = N for simplicity (i.e., 𝐁 ∈ ℝ^{H×H} and 𝐱^{(t)} ∈ ℂ^H)",
            "thesis §5.4.1, after Eq. 5.20; Eq. 5.21 initialisation 'θ = 2π𝐮₂'",
        ),
        *[
            Reading(
                k,
                f"{'𝐯, θ ∈ ℂ^H' if k.startswith('c') else '𝐯, θ ∈ ℝ^H'}, 𝐁 ∈ ℝ^(H×N) "
                "with N ≠ H (Table 6.2), vanilla count H² + NH",
                False,
                "where we assume H = N for simplicity … Future work could explore … "
                "non-square diagonal matrices Γ",
                "thesis §5.4.1, after Eq. 5.20",
            )
            for k in C.PARAM_READINGS[2:]
        ],
    ],
    remarks=(
        'Not an erratum (exact for the H-dimensional input §5.4.1 assumes): §1\'s "2H² in vanilla RNNs" is H² + NH when N ≠ H (with the one-hot input of '
        "Eq. 6.1, H² + H|V|): the 2H² figure presumes an H-dimensional input.",
        "The 4H figure is for LMM and LMM-MMn only (as §6.4.2 says); LMM-MLP adds 𝐂, 𝐃 ∈ ℂ^{H×H}.",
        "With Eq. 5.21's ℂ^H taken literally and complex entries counted as two reals "
        "(PyTorch), the count would be 8H: that belongs to thesis-eq-5.21.",
    ),
    expected="holds",
    topic="gated-cells-lmms",
)

claim(
    "thesis-eq-5.22",
    "Closed form h_j = (λ_jγ_j)^t Π x_j of the LMM",
    STATEMENTS["thesis-eq-5.22"],
    refs("thesis", "§5.4.2, Eq. 5.22"),
    C.small_eq522,
    space=({"H": 4, "T": 6},),
    scaled=S.scaled_eq522,
    scaled_space={"small": ({"H": 64, "L": 512},), "large": ({"H": 4096, "L": 16384},)},
    pinned=({"params": {"H": 4, "T": 6}, "seed": 522, "note": "the claims catalogue sizes"},),
    remarks=(
        'Not an erratum: "the norm of … x^{(i)}_j being less than 1" is an assumption about the '
        "inputs, not something Glorot initialisation provides; with |x| > 1 the same "
        'formula grows exponentially — "the exponential nature" holds either way.',
    ),
    proof=_P + "prove_thesis_eq_5_22",
    expected="holds",
    topic="gated-cells-lmms",
)

# Eq. 5.23 holds (the "MLP" misnomer is a remark); the former -corrected twin stays
# registered as a holding variant (ids are stable), no longer linked as a correction.
claim(
    "thesis-eq-5.23",
    "LMM-MLP: MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱",
    STATEMENTS["thesis-eq-5.23"],
    refs("thesis", "§5.4.2, Eq. 5.23"),
    N.small_eq523,
    space=({"H": 4},),
    topic="gated-cells-lmms",
    readings=[
        Reading(
            "MLP as defined",
            "MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^(t), one affine layer; "
            "'multiplicativity' = bilinearity in (𝐡^(t−1), 𝐱^(t)) as in Eq. 5.20",
            True,
            "where MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^{(t)} and 𝐂 ∈ ℂ^{H×H}, 𝐃 ∈ ℂ^{H×H} are learnable parameters",
            "thesis §5.4.2, after Eq. 5.23",
        ),
        Reading(
            "MLP as a genuine multi-layer perceptron",
            "a network with a hidden layer and a nonlinearity",
            False,
            "Min-Max normalization or an MLP layer curbs the exponential nature of hidden states",
            'thesis §6.4.2, Model Effectiveness ("an MLP layer": one layer, '
            "as the definition printed with Eq. 5.23, MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^{(t)}, decides)",
        ),
    ],
    remarks=(
        'Naming, not an erratum: "Multi-layer perceptron" (also "an MLP layer", Fig. 6.9 caption) names a '
        "single affine layer with a skip term from 𝐱 and no hidden layer or "
        "nonlinearity.",
    ),
    expected="holds",
)
claim(
    "thesis-eq-5.23-variant",
    "Variant: MLP(𝐳) is one affine layer; LMM-MLP is not bilinear",
    (
        "Variant (not a correction: thesis-eq-5.23 holds as printed): MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^{(t)} "
        "is a single affine layer in 𝐳 (no hidden layer, no nonlinearity): MLP(𝐳₁ + 𝐳₂) + "
        "MLP(0) = MLP(𝐳₁) + MLP(𝐳₂); and 𝐡^{(t)} = 𝐂(Λ𝐡^{(t−1)} ⊙ Γ𝐱^{(t)}) + 𝐃𝐱^{(t)} is not "
        "bilinear in (𝐡^{(t−1)}, 𝐱^{(t)}) when 𝐃𝐱^{(t)} ≠ 0."
    ),
    refs("thesis", "§5.4.2, Eq. 5.23"),
    N.small_eq523_corrected,
    space=({"H": 4},),
    topic="gated-cells-lmms",
    proof=_P + "prove_thesis_eq_5_23_corrected",
    expected="holds",
    varies="thesis-eq-5.23",
)

corrected_pair(
    "thesis-eq-5.24",
    common=dict(space=({"H": 4},), topic="gated-cells-lmms"),
    printed=dict(
        title="LMM-MMn: Min-Max normalisation as a linear transformation",
        statement=STATEMENTS["thesis-eq-5.24"],
        refs=refs("thesis", "§5.4.2, Eq. 5.24", "thesis", "§7.2"),
        small=N.small_eq524,
        readings=[
            Reading(
                "linear map",
                "MMn is a linear (or affine) map of 𝐳, so the recurrent unit stays linear",
                True,
                "to preserve the linearity, we opt for the widely "
                "adopted linear transformation method",
                "thesis §5.4.2, before Eq. 5.24",
            ),
            Reading(
                "min/max as dataset constants",
                "min and max fixed constants (a genuinely affine map)",
                False,
                "by setting a = −1 and b = 1, the components of 𝐡^{(t)} "
                "will be rescaled to [−1, 1] during each recurrent step",
                "thesis §5.4.2, after Eq. 5.24 (min and max are taken over the components "
                "of 𝐳 at each step)",
            ),
        ],
        expected="fails",
        defect=Defect(
            "false",
            printed="to preserve the linearity, we opt for the widely adopted "
            "linear transformation method known as Min-Max "
            "normalization",
            meant="MMn is a non-linear normalisation (an affine rescaling whose "
            "coefficients depend on the input: invariant under positive "
            "scaling and shifts); LMM-MMn is not a linear recurrent unit",
            why="MMn(z) = a + (z − min z)(b − a)/(max z − min z) (§5.4.2, after "
            "Eq. 5.24; the counterexample uses the thesis's example a = −1, "
            "b = 1) is not additive: MMn(z₁ + z₂) ≠ "
            "MMn(z₁) + MMn(z₂) in general (the counterexample below), and it is "
            "invariant under z ↦ cz + d for c > 0, which no linear map other "
            "than 0 is. §1 calls it linear too ('when combined with a linear "
            "normalization layer, such as Min-Max normalization').",
        ),
    ),
    corrected=dict(
        title="MMn is scale- and translation-invariant, not linear",
        statement=(
            "Corrected: MMn is not linear; for real 𝐳 with max(𝐳) > min(𝐳), MMn(c𝐳 + s𝟏) "
            "= MMn(𝐳) for c > 0, MMn(−𝐳) = a + b − MMn(𝐳), and MMn maps min(𝐳) to a and "
            "max(𝐳) to b."
        ),
        refs=refs("thesis", "§5.4.2, Eq. 5.24"),
        small=N.small_eq524_corrected,
        proof=_P + "prove_thesis_eq_5_24_corrected",
        expected="holds",
    ),
)
