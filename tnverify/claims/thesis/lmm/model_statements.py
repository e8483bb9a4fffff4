"""Claims of thesis §5.4 on the recurrent layer's parameter count (§5.4.1, 2H² → 4H) and on
Linear Multiplicative Models (§5.4.2, Eq. 5.22–5.24).  The RAC layer's claims (Eq.
5.18–5.21) are in :mod:`.layer_statements`.

Cells: :mod:`tnverify.cells.lmm`.  Small sides: :mod:`.models` (the parameter count,
Eq. 5.22), :mod:`.normalisations` (Eq. 5.23, 5.24); scaled sides: :mod:`.scaled`.  Proofs:
``proofs/lmm.py``."""

from __future__ import annotations

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from . import models as M
from . import normalisations as N
from . import scaled as S
from .quotes import STATEMENTS

_P = "proofs/lmm.py::"

claim(
    "thesis-sec-5.4.1-params",
    "Recurrent-layer parameters: 2H² → 4H",
    STATEMENTS["thesis-sec-5.4.1-params"],
    refs("thesis", "§5.4.1 (end)", "thesis", "§1", "thesis", "§6.4.2", "thesis", "Table 6.2"),
    M.small_params,
    space=({"H": 4, "N": 3}, {"H": 256, "N": 128}),
    pinned=({"params": {"H": 192, "N": 128}, "seed": 0, "note": "Table 6.2 sizes"},),
    readings=[
        Reading(
            M.PARAM_READINGS[0],
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
            M.PARAM_READINGS[1],
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
            for k in M.PARAM_READINGS[2:]
        ],
    ],
    remarks=(
        "Not counted as an erratum: the count 2H² → 4H is exact for the model §5.4.1 "
        "defines, which states its assumption ('where we assume H = N for simplicity (i.e., "
        "𝐁 ∈ ℝ^{H×H} …)', after Eq. 5.20; a non-square Γ is left to future work). §1 and "
        "§6.4.2 repeat the figure without restating that assumption; for an N-dimensional "
        "input the vanilla recurrent layer has H² + NH parameters (with the one-hot input "
        "of Eq. 6.1, H² + H|V|), and an LMM with N ≠ H needs the non-square Γ.",
        "The 4H figure counts the four vectors of Eq. 5.21, so it is the recurrent layer of LMM and LMM-MMn; LMM-MLP adds 𝐂, 𝐃 ∈ ℂ^{H×H}.",
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
    M.small_eq522,
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
        refs=refs("thesis", "§5.4.2, Eq. 5.24", "thesis", "§1", "thesis", "§7.1"),
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
            "normalization layer, such as Min-Max normalization'), and §7.1 calls "
            "LMM-MMn linear ('inherits fundamental properties from tensor networks, "
            "which are linear, multiplicative, and complex-valued'). The counterexample "
            "takes real 𝐳: MMn acts on the real part of the hidden states (§7.2).",
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
