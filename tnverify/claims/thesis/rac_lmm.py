"""Claims of seed 001 (thesis) §5.4 on RAC layers and Linear Multiplicative Models
(Eq. 5.18–5.24, the 2H² → 4H parameter count).  The gradients of §6.3–6.4 are in
:mod:`tnverify.claims.thesis.gradients`.

Cells: :mod:`tnverify.cells.lmm`.  Small sides: :mod:`.rac_layers` (Eq. 5.18–5.22, counts),
:mod:`.lmm_normalisations` (Eq. 5.23, 5.24); literal definitions in
:mod:`.lmm_definitions`; scaled sides: :mod:`.rac_lmm_scaled`.  Proofs: ``proofs/lmm.py``.
"""

from __future__ import annotations

from ..registration import claim, corrected_pair, refs
from . import rac_layers as C
from . import lmm_normalisations as N
from . import rac_lmm_scaled as S
from .rac_lmm_statements import STATEMENTS

_P = "proofs/lmm.py::"


# -- §5.4: RAC layer, diagonalisation, LMM -----------------------------------------------
claim("thesis-eq-5.18", "RAC layer 𝐡 = 𝐀𝐡 ⊙ 𝐁𝐱 with the declared 𝐁 ∈ ℝ^{N×H}",
      STATEMENTS["thesis-eq-5.18"], refs("thesis", "§5.4, Eq. 5.18"), C.small_eq518,
      space=({"N": 3, "H": 4}, {"N": 4, "H": 4}), pinned=({"params": {"N": 3, "H": 4}, "seed": 518,
                                                           "note": "CLAIMS.md sizes: N ≠ H, 𝐁𝐱 not typed"},
                                                          {"params": {"N": 4, "H": 4}, "seed": 518, "note": "N = H: typed, holds",
                                                           "verdict": "holds"}),
      readings={"NxH": "𝐁 ∈ ℝ^{N×H} as declared, input term 𝐁ᵀ𝐱 (row convention 𝐱𝐁)",
                "HxN": "𝐁 ∈ ℝ^{H×N}, input term 𝐁𝐱"}, uses=("thesis-claim-5.3.2",),
      expected="ill-posed", group="gated-cells-lmms")

corrected_pair(
    "thesis-eq-5.19",
    common=dict(refs=refs("thesis", "§5.4.1, Eq. 5.19"),
                space=({"H": 2, "T": 1}, {"H": 4, "T": 6}),
                scaled_space={"small": ({"H": 32, "L": 64},), "large": ({"H": 512, "L": 1024},)},
                pinned=({"params": {"H": 4, "T": 6}, "seed": 519, "note": "CLAIMS.md sizes"},),
                group="gated-cells-lmms"),
    printed=dict(
        title="Diagonalising 𝐀 in the RAC: 𝐡̄ = Λ𝐡̄ ⊙ 𝐁𝐱", statement=STATEMENTS["thesis-eq-5.19"],
        small=C.small_eq519, scaled=S.scaled_eq519,
        readings={"a": "𝐁 unchanged, as printed", "b": "𝐁 replaced by 𝐏⁻¹𝐁 (B̄ of Eq. 4.8)"},
        expected="fails"),
    corrected=dict(
        title="What Eq. 5.18 becomes for 𝐡̄ = 𝐏⁻¹𝐡",
        statement=("Corrected (⊙ does not commute with 𝐏⁻¹): with 𝐀 = 𝐏Λ𝐏⁻¹ and 𝐡̄^{(t)} = "
                   "𝐏⁻¹𝐡^{(t)}, Eq. 5.18 is 𝐡̄^{(t)} = 𝐏⁻¹ diag(𝐁𝐱^{(t)}) 𝐏 Λ𝐡̄^{(t−1)}; it "
                   "reduces to Eq. 5.19 only when 𝐏⁻¹diag(𝐁𝐱)𝐏 is diagonal."),
        small=C.small_eq519_corrected, scaled=S.scaled_eq519_corrected,
        proof=_P + "prove_thesis_eq_5_19_corrected", expected="holds"))

claim("thesis-eq-5.20", "LMM 𝐡 = Λ𝐡 ⊙ Γ𝐱 vs the RAC it is derived from",
      STATEMENTS["thesis-eq-5.20"], refs("thesis", "§5.4.1, Eq. 5.20", "thesis", "§7.2"),
      C.small_eq520, space=({"H": 2, "T": 1}, {"H": 4, "T": 6}), scaled=S.scaled_eq520,
      scaled_space={"small": ({"H": 32, "L": 64},), "large": ({"H": 512, "L": 1024},)},
      pinned=({"params": {"H": 4, "T": 6}, "seed": 520, "note": "CLAIMS.md sizes"},),
      readings={"a": "Eq. 5.19 with 𝐁 unchanged", "b": "Eq. 5.19 with 𝐏⁻¹𝐁"},
      uses=("thesis-eq-5.19",), expected="fails", group="gated-cells-lmms")

corrected_pair(
    "thesis-eq-5.21",
    common=dict(refs=refs("thesis", "§5.4.1, Eq. 5.21", "thesis", "§4.2.2, Lemma 4.2.1"),
                space=({"n": 100_000, "r_min": 0.4, "r_max": 0.9},
                       {"n": 100_000, "r_min": 0.0, "r_max": 1.0}),
                scaled_space={"small": ({"n": 100_000, "r_min": 0.4, "r_max": 0.9},),
                              "large": ({"n": 100_000_000, "r_min": 0.4, "r_max": 0.9},)},
                group="gated-cells-lmms"),
    printed=dict(
        title="Λ, Γ = diag(exp(−𝐯 + iθ)) initialised by Lemma 4.2.1",
        statement=STATEMENTS["thesis-eq-5.21"], small=C.small_eq521, scaled=S.scaled_eq521,
        pinned=({"params": {"n": 100_000, "r_min": 0.0, "r_max": 1.0}, "seed": 521,
                 "note": "r_min = 0, r_max = 1: printed 𝐯 = 0, every |z| = 1"},),
        uses=("thesis-lemma-4.2.1",), expected="fails"),
    corrected=dict(
        title="Eq. 5.21 with Lemma 4.2.1's 𝐯 and real 𝐯, θ",
        statement=("Corrected: with real 𝐯, θ ∈ ℝ^H and 𝐯 = −½ log(𝐮₁(r_max² − r_min²) + "
                   "r_min²), θ = 2π𝐮₂ (Lemma 4.2.1), exp(−𝐯 + iθ) is uniform on the annulus "
                   "r_min ≤ |z| ≤ r_max, and |exp(−𝐯 + iθ)| = e^{−𝐯}."),
        small=C.small_eq521_corrected, scaled=S.scaled_eq521_corrected, expected="holds"))

claim("thesis-sec-5.4.1-params", "Recurrent-layer parameters: 2H² → 4H",
      STATEMENTS["thesis-sec-5.4.1-params"],
      refs("thesis", "§5.4.1 (end)", "thesis", "§1", "thesis", "§6.4.2", "thesis", "Table 6.2"),
      C.small_params, space=({"H": 4, "N": 3}, {"H": 256, "N": 128}),
      pinned=({"params": {"H": 192, "N": 128}, "seed": 0, "note": "Table 6.2 sizes"},),
      readings={"a": "𝐯, θ ∈ ℂ^H as declared (2 reals each), N = H",
                "b": "𝐯, θ ∈ ℝ^H, N = H", "c": "𝐯, θ ∈ ℂ^H, N ≠ H (Table 6.2)",
                "d": "𝐯, θ ∈ ℝ^H, N ≠ H (Table 6.2)"}, expected="ill-posed", group="gated-cells-lmms")

claim("thesis-eq-5.22", "Closed form h_j = (λ_jγ_j)^t Π x_j of the LMM",
      STATEMENTS["thesis-eq-5.22"], refs("thesis", "§5.4.2, Eq. 5.22"), C.small_eq522,
      space=({"H": 4, "T": 6},), scaled=S.scaled_eq522,
      scaled_space={"small": ({"H": 64, "L": 512},), "large": ({"H": 4096, "L": 16384},)},
      pinned=({"params": {"H": 4, "T": 6}, "seed": 522, "note": "CLAIMS.md sizes"},),
      proof=_P + "prove_thesis_eq_5_22", expected="holds", group="gated-cells-lmms")

corrected_pair(
    "thesis-eq-5.23",
    common=dict(refs=refs("thesis", "§5.4.2, Eq. 5.23"), space=({"H": 4},), group="gated-cells-lmms"),
    printed=dict(
        title="LMM-MLP: MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱", statement=STATEMENTS["thesis-eq-5.23"],
        small=N.small_eq523, expected="fails"),
    corrected=dict(
        title="MLP(𝐳) is one affine layer; LMM-MLP is not bilinear",
        statement=("Corrected: MLP(𝐳) = 𝐂𝐳 + 𝐃𝐱^{(t)} is a single affine layer in 𝐳 (no hidden "
                   "layer, no nonlinearity): MLP(𝐳₁ + 𝐳₂) + MLP(0) = MLP(𝐳₁) + MLP(𝐳₂); and "
                   "𝐡^{(t)} = 𝐂(Λ𝐡^{(t−1)} ⊙ Γ𝐱^{(t)}) + 𝐃𝐱^{(t)} is not bilinear in "
                   "(𝐡^{(t−1)}, 𝐱^{(t)}) when 𝐃𝐱^{(t)} ≠ 0."), small=N.small_eq523_corrected,
        proof=_P + "prove_thesis_eq_5_23_corrected", expected="holds"))

corrected_pair(
    "thesis-eq-5.24",
    common=dict(space=({"H": 4},), group="gated-cells-lmms"),
    printed=dict(
        title="LMM-MMn: Min-Max normalisation as a linear transformation",
        statement=STATEMENTS["thesis-eq-5.24"],
        refs=refs("thesis", "§5.4.2, Eq. 5.24", "thesis", "§7.2"), small=N.small_eq524,
        expected="fails"),
    corrected=dict(
        title="MMn is scale- and translation-invariant, not linear",
        statement=("Corrected: MMn is not linear; for real 𝐳 with max(𝐳) > min(𝐳), MMn(c𝐳 + s𝟏) "
                   "= MMn(𝐳) for c > 0, MMn(−𝐳) = a + b − MMn(𝐳), and MMn maps min(𝐳) to a and "
                   "max(𝐳) to b."), refs=refs("thesis", "§5.4.2, Eq. 5.24"),
        small=N.small_eq524_corrected, proof=_P + "prove_thesis_eq_5_24_corrected",
        expected="holds"))
