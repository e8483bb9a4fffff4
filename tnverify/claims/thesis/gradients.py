"""Claims of seed 001 (thesis) §6.3–6.4 on hidden-state gradients: the vanilla-RNN Jacobian
(Eq. 6.3), multiplicative integration with gates (Eq. 6.6–6.7), and the Jacobians of the
RAC (Eq. 6.8) and the LMM (Eq. 6.9) with their multiplication counts.

Small sides: :mod:`.jacobians` (autograd and finite differences, with their steps and
errors) and :mod:`.lmm_normalisations` (Eq. 6.7); scaled sides: :mod:`.rac_lmm_scaled`.
Proofs: ``proofs/lmm.py``.
"""

from __future__ import annotations

from ..registration import claim, corrected_pair, refs
from . import jacobians as G
from . import rac_lmm_scaled as S
from .rac_lmm_statements import STATEMENTS

_P = "proofs/lmm.py::"
_LAYOUTS = {"numerator": "J_ij = ∂h^(t)_i/∂h^(t−n)_j (what autograd and finite differences give)",
            "denominator": "the transpose of the numerator layout"}


# -- §6.3–6.4: gradients -----------------------------------------------------------------
claim("thesis-eq-6.3", "Vanilla RNN: ∂𝐡^(t)/∂𝐡^(t−n) = (𝐀ᵀ)ⁿ", STATEMENTS["thesis-eq-6.3"],
      refs("thesis", "§6.3.1, Eq. 6.3"), G.small_eq63, space=({"H": 4, "n_max": 3},),
      scaled=S.scaled_eq63, scaled_space={"small": ({"H": 32, "n": (1, 8, 64)},),
                                          "large": ({"H": 512, "n": (1, 32, 1024)},)},
      pinned=({"params": {"H": 4, "n_max": 3}, "seed": 63, "note": "CLAIMS.md sizes"},),
      readings=_LAYOUTS, expected="ill-posed", group="gated-cells-lmms")

corrected_pair(
    "thesis-eq-6.7",
    common=dict(refs=refs("thesis", "§6.3.2, Eq. 6.6–6.7"), space=({"H": 3, "V": 4},),
                group="gated-cells-lmms"),
    printed=dict(
        title="Multiplicative integration with gates (Wu et al.)",
        statement=STATEMENTS["thesis-eq-6.7"], small=G.small_eq67, expected="fails"),
    corrected=dict(
        title="Eq. 6.6 = Eq. 6.7 + β₁⊙β₂; additive case needs a bias",
        statement=("Corrected: (𝐀𝐡 + β₁) ⊙ (𝐁𝐟 + β₂) = α ⊙ 𝐀𝐡 ⊙ 𝐁𝐟 + β₁ ⊙ 𝐁𝐟 + β₂ ⊙ 𝐀𝐡 + 𝐛 with "
                   "α = 𝟏 and 𝐛 = β₁ ⊙ β₂; with the bias 𝐛 of Wu et al. (2016), α = 0 and β₁ = "
                   "β₂ = 𝟏 give the additive RNN φ(𝐀𝐡 + 𝐁𝐟 + 𝐛)."), small=G.small_eq67_corrected,
        proof=_P + "prove_thesis_eq_6_7_corrected", expected="holds"))

corrected_pair(
    "thesis-eq-6.8",
    common=dict(space=({"H": 4, "n_max": 3},),
                scaled_space={"small": ({"H": 32, "n": (1, 8, 64)},),
                              "large": ({"H": 512, "n": (1, 32, 1024)},)}, group="gated-cells-lmms"),
    printed=dict(
        title="RAC: ∂𝐡^(t)/∂𝐡^(t−n) = (𝐀ᵀ diag(𝐁𝐟^(t−n+1)))ⁿ",
        statement=STATEMENTS["thesis-eq-6.8"],
        refs=refs("thesis", "§6.3.2, Eq. 6.8", "thesis", "§5.4", "thesis", "§7.1"),
        small=G.small_eq68, scaled=S.scaled_eq68,
        pinned=({"params": {"H": 4, "n_max": 3}, "seed": 68, "note": "CLAIMS.md sizes"},),
        readings=_LAYOUTS, expected="fails"),
    corrected=dict(
        title="RAC Jacobian as the ordered chain-rule product",
        statement=("Corrected: for 𝐡^{(t)} = 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐟^{(t)}, in denominator layout "
                   "∂𝐡^{(t)}/∂𝐡^{(t−n)} = Π_{k=t−n+1}^{t} 𝐀ᵀ diag(𝐁𝐟^{(k)}) (the factor of k = "
                   "t−n+1 leftmost); it equals (𝐀ᵀ diag(𝐁𝐟))ⁿ only for equal inputs."),
        refs=refs("thesis", "§6.3.2, Eq. 6.8"), small=G.small_eq68_corrected,
        scaled=S.scaled_eq68_corrected, proof=_P + "prove_thesis_eq_6_8_corrected",
        expected="holds"))

corrected_pair(
    "thesis-eq-6.9",
    common=dict(refs=refs("thesis", "§6.4.2, Eq. 6.9"), space=({"H": 4, "n_max": 3},),
                scaled_space={"small": ({"H": 64, "L": 512},), "large": ({"H": 4096, "L": 16384},)},
                group="gated-cells-lmms"),
    printed=dict(
        title="LMM: ∂𝐡^(t)/∂𝐡^(t−n) = (Λᵀ diag(Γ𝐱^(t)))ⁿ; 8n vs 2n mults",
        statement=STATEMENTS["thesis-eq-6.9"], small=G.small_eq69, scaled=S.scaled_eq69,
        pinned=({"params": {"H": 4, "n_max": 3}, "seed": 69, "note": "CLAIMS.md sizes"},),
        readings=_LAYOUTS, expected="fails"),
    corrected=dict(
        title="LMM Jacobian: Π_i Λᵀ diag(Γ𝐱^(i)) = diag((λγ)ⁿ Π x)",
        statement=("Corrected: for Eq. 5.20, ∂𝐡^{(t)}/∂𝐡^{(t−n)} = Π_{i=t−n+1}^{t} Λᵀ "
                   "diag(Γ𝐱^{(i)}) = diag((λ_jγ_j)ⁿ Π_{i=t−n+1}^t x^{(i)}_j) (holomorphic; both "
                   "layouts agree); evaluated literally it takes 2n real multiplications per "
                   "component in real arithmetic and 8n in complex arithmetic (4 real per "
                   "complex product)."), small=G.small_eq69_corrected,
        scaled=S.scaled_eq69_corrected, proof=_P + "prove_thesis_eq_6_9_corrected",
        expected="holds"))
