"""Claims of thesis §5.4.1 on RAC layers (Eq. 5.18–5.21).  The parameter count and the
Linear Multiplicative Models (Eq. 5.22–5.24) are in :mod:`.model_statements`, the
gradients of §6.3–6.4 in :mod:`.gradients`.

Cells: :mod:`tnverify.cells.lmm`.  Small sides: :mod:`.layers` (Eq. 5.18–5.20),
:mod:`.models` (Eq. 5.21); literal definitions in :mod:`.definitions`; scaled sides:
:mod:`.scaled`.  Proofs: ``proofs/lmm.py``.
"""

from __future__ import annotations

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from . import layers as C
from . import models as M
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
            "Λ𝐡̄^{(t−1)}, which is in general not diagonal: 𝐏⁻¹(𝐮 ⊙ 𝐯) = (𝐏⁻¹𝐮) ⊙ 𝐯 for every "
            "𝐮 only when 𝐏 commutes with diag(𝐯) (e.g. 𝐁𝐱^{(t)} ∝ 𝟏, or 𝐀 diagonal with "
            "𝐏 = 𝐈), and then Eq. 5.19 holds; in general a diagonal multiplicative recursion is a "
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
        small=M.small_eq521,
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
            printed="compute 𝐯 = −½ log(r_max² − r_min²) + r_min²",
            meant="compute 𝐯 = −½ log(𝐮₁(r_max² − r_min²) + r_min²) (as Lemma 4.2.1 prints)",
            why="The printed 𝐯 contains no random variable (𝐮₁ is missing), so "
            "|e^{−𝐯+iθ}| = e^{−𝐯} is one constant: the samples lie on one circle, "
            "not uniformly on the annulus r_min ≤ |z| ≤ r_max (the test below "
            "finds |z|² far from uniform).",
            also=(
                Defect(
                    "misprint",
                    printed="𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ ∈ ℂ^H are the learnable parameters",
                    meant="𝐯_Λ, θ_Λ, 𝐯_Γ, θ_Γ ∈ ℝ^H are the learnable parameters",
                    why="Eq. 4.10's text, which Eq. 5.21 follows, declares them real ('v ∈ ℝ^H "
                    "and θ ∈ ℝ^H are the learnable parameters (instead of the real and "
                    "imaginary parts of Λ)'), and Lemma 4.2.1 produces real 𝐯, θ from "
                    "real 𝐮₁, 𝐮₂ ∈ [0, 1]; only for real 𝐯, θ is |exp(−𝐯 + iθ)| = e^{−𝐯} "
                    "the modulus and θ the angle, as the parameterisation intends.",
                ),
            ),
        ),
    ),
    corrected=dict(
        title="Eq. 5.21 with Lemma 4.2.1's 𝐯 and real 𝐯, θ",
        statement=(
            "Corrected: with real 𝐯, θ ∈ ℝ^H and 𝐯 = −½ log(𝐮₁(r_max² − r_min²) + "
            "r_min²), θ = 2π𝐮₂ (Lemma 4.2.1), exp(−𝐯 + iθ) is uniform on the annulus "
            "r_min ≤ |z| ≤ r_max, and |exp(−𝐯 + iθ)| = e^{−𝐯}."
        ),
        small=M.small_eq521_corrected,
        scaled=S.scaled_eq521_corrected,
        expected="holds",
    ),
)
