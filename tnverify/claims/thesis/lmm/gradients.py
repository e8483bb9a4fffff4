"""Claims of thesis §6.3–6.4 on hidden-state gradients: the vanilla-RNN Jacobian
(Eq. 6.3), multiplicative integration with gates (Eq. 6.6–6.7), and the Jacobians of the
RAC (Eq. 6.8) and the LMM (Eq. 6.9) with their multiplication counts.

Small sides: :mod:`.jacobians` (autograd and finite differences, with their steps and
errors) and :mod:`.normalisations` (Eq. 6.7); scaled sides: :mod:`.scaled`.
Proofs: ``proofs/lmm.py``.
"""

from __future__ import annotations

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from . import expansion as E
from . import jacobians as G
from . import scaled_jacobians as SJ
from .quotes import STATEMENTS

_P = "proofs/lmm.py::"
_EQ63_QUOTE = "∂𝐡^{(t)}/∂𝐡^{(t−n)} = (𝐀ᵀ)ⁿ, (6.3) where 𝐡^{(t)} = 𝐀𝐡^{(t−1)} + 𝐁𝐟^{(t)}"
_EQ68_QUOTE = "∂𝐡^{(t)}/∂𝐡^{(t−n)} = (𝐀ᵀ diag(𝐁𝐟^{(t−n+1)}))ⁿ, (6.8)"
_DENOMINATOR = (
    "∂𝐡^(t)/∂𝐡^(t−n) is the transpose of the numerator Jacobian "
    "(backprop/gradient layout), as the thesis uses it in Eq. 6.8 and 6.9"
)
_NUMERATOR = "J_ij = ∂h^(t)_i/∂h^(t−n)_j (what autograd and finite differences give)"


def _layouts(support, support_where, against, against_where):
    """The two layouts of ∂𝐡^(t)/∂𝐡^(t−n), one decision (same texts, same statuses) for
    Eq. 6.3, 6.8 and 6.9; each claim quotes the thesis's own §6.3 around it, never the
    equation it judges, for the reading it rules out."""
    return [
        Reading("denominator", _DENOMINATOR, True, support, support_where),
        Reading("numerator", _NUMERATOR, False, against, against_where),
    ]


#: The layout of ∂𝐡^(t)/∂𝐡^(t−n): the thesis never states it, but §6.3 writes the vanilla
#: RNN's Jacobian as (𝐀ᵀ)ⁿ (Eq. 6.3, for 𝐡 = 𝐀𝐡 + 𝐁𝐟: 𝐀ⁿ in numerator layout) and the
#: RAC's one-step factor as 𝐀ᵀdiag(𝐁𝐟) = (diag(𝐁𝐟)𝐀)ᵀ (Eq. 6.8): the transpose of the
#: numerator Jacobian both times, the denominator (gradient) layout of the cited Pascanu et
#: al. (2013). Each claim's ruled-out quote is the other equation of §6.3.
_EQ63_LAYOUTS = _layouts(
    _EQ68_QUOTE,
    "thesis §6.3.2, Eq. 6.8, the multiplicative counterpart of Eq. 6.3 in the "
    "same section (one-step factor 𝐀ᵀdiag(𝐁𝐟) = (diag(𝐁𝐟)𝐀)ᵀ)",
    _EQ68_QUOTE,
    "thesis §6.3.2, Eq. 6.8, the multiplicative counterpart of Eq. 6.3 in the "
    "same section: in numerator layout its one-step factor would be diag(𝐁𝐟)𝐀, not "
    "𝐀ᵀdiag(𝐁𝐟)",
)
_EQ68_LAYOUTS = _layouts(
    _EQ63_QUOTE,
    "thesis §6.3.1, Eq. 6.3 and the line after it, the additive case the "
    'sentence before Eq. 6.8 compares with ("compared with additive ones"): (𝐀ᵀ)ⁿ is the '
    "denominator layout",
    _EQ63_QUOTE,
    "thesis §6.3.1, Eq. 6.3 and the line after it: for 𝐡^{(t)} = 𝐀𝐡^{(t−1)} + "
    "𝐁𝐟^{(t)} the numerator Jacobian is 𝐀ⁿ, not (𝐀ᵀ)ⁿ",
)
_EQ69_LAYOUTS = _layouts(
    _EQ68_QUOTE,
    "thesis §6.3.2, Eq. 6.8 (one-step factor 𝐀ᵀdiag(𝐁𝐟) = (diag(𝐁𝐟)𝐀)ᵀ), the "
    "RAC form Eq. 6.9 specialises to diagonal Λ, Γ, keeping its ᵀ on Λ; for diagonal "
    "factors both layouts agree",
    _EQ68_QUOTE,
    "thesis §6.3.2, Eq. 6.8 — in numerator layout its one-step factor would be "
    "diag(𝐁𝐟)𝐀, not 𝐀ᵀdiag(𝐁𝐟)",
)
_LAYOUT_REMARK = (
    "The thesis never states its Jacobian layout; the denominator layout is "
    "implied by its own Eq. 6.3 and 6.8 (§6.3), as in the cited Pascanu et al. "
    "(2013)."
)
_SINGLE_INPUT = "thesis-jacobian-power-of-one-input"


# -- §6.3–6.4: gradients -----------------------------------------------------------------
claim(
    "thesis-eq-6.3",
    "Vanilla RNN: ∂𝐡^(t)/∂𝐡^(t−n) = (𝐀ᵀ)ⁿ",
    STATEMENTS["thesis-eq-6.3"],
    refs("thesis", "§6.3.1, Eq. 6.3"),
    G.small_eq63,
    space=({"H": 4, "n_max": 3},),
    scaled=SJ.scaled_eq63,
    scaled_space={
        "small": ({"H": 32, "n": (1, 8, 64)},),
        "large": ({"H": 512, "n": (1, 32, 1024)},),
    },
    pinned=({"params": {"H": 4, "n_max": 3}, "seed": 63, "note": "the claims catalogue sizes"},),
    readings=_EQ63_LAYOUTS,
    expected="holds",
    topic="gated-cells-lmms",
    remarks=(
        _LAYOUT_REMARK,
        'The conclusion drawn ("exponentiations of the matrix 𝐀 … are the root cause '
        'of the unstable gradient flow") is layout-invariant: ‖𝐀ⁿ‖₂ = ‖(𝐀ᵀ)ⁿ‖₂.',
    ),
)

# Eq. 6.7: the printed claim holds (family inclusions); its variant (0.2.0: -corrected, an
# id that resolves until the next release) restates it with the bias, `varies` linking it.
claim(
    "thesis-eq-6.7",
    "Multiplicative integration with gates (Wu et al.)",
    STATEMENTS["thesis-eq-6.7"],
    refs("thesis", "§6.3.2, Eq. 6.6–6.7"),
    E.small_eq67,
    space=({"H": 3, "V": 4},),
    topic="gated-cells-lmms",
    expected="holds",
    readings=[
        Reading(
            "model families",
            "Eq. 6.7's family contains Eq. 6.1 (α=0, β₁=β₂=𝟏) and "
            "Eq. 6.6 (α=𝟏, β₂=0, 𝐁' = 𝐁+β₂𝟏ᵀ); biases absorbed by the one-hot/0th-"
            "component convention",
            True,
            "we will ignore b for other variants of RNNs since b can be seen as 0th "
            "component of f(x^{(t)}) that equals to 1",
            "thesis §5.3.2, after Eq. 5.11; Eq. 6.1 '𝐟^{(t)} ∈ ℝ^{|V|} denotes the one-hot vector'",
        ),
        Reading(
            "fixed-parameter identity",
            "Eq. 6.6 = Eq. 6.7 at α = 𝟏 with the same 𝐁, β₁, β₂ (off by β₁⊙β₂)",
            False,
            "they introduced several modifications to this basic form",
            "thesis §6.3.2, the sentence before Eq. 6.6 (Eq. 6.6 and 6.7 are successive "
            'modifications of Eq. 6.5, not one identity; "their alterations to '
            'multiplicative integration introduced the additive operator", the sentence '
            "after Eq. 6.7; the additive form meant is Eq. 6.1, bias-free)",
        ),
    ],
    remarks=(
        "Wu et al.'s general form carries an extra bias, φ(α⊙W𝐱⊙U𝐳 + β₁⊙U𝐳 + β₂⊙W𝐱 "
        "+ 𝐛); the thesis omits it by its bias convention, so Eq. 6.6 equals Eq. 6.7 at "
        "equal parameters only up to the constant β₁⊙β₂ (see the variant "
        "thesis-eq-6.7-variant).",
        '"Wu and King (2016)" for Wu et al. (2016) in the sentence before Eq. 6.6 is an '
        "editorial slip of its own, thesis-sec-6.3.2-mi-citation.",
        'Naming, not an erratum: α is called a "bias vector" though it is a gate.',
    ),
)
claim(
    "thesis-eq-6.7-variant",
    "Variant of Eq. 6.7 with the bias of Wu et al. (2016)",
    (
        "Variant (not a correction: thesis-eq-6.7 holds as printed): (𝐀𝐡 + β₁) ⊙ (𝐁𝐟 + β₂) = "
        "α ⊙ 𝐀𝐡 ⊙ 𝐁𝐟 + β₁ ⊙ 𝐁𝐟 + β₂ ⊙ 𝐀𝐡 + 𝐛 with α = 𝟏 and 𝐛 = β₁ ⊙ β₂ at the same "
        "parameters; with the bias 𝐛 of Wu et al. (2016), α = 0 and β₁ = β₂ = 𝟏 give the "
        "additive RNN φ(𝐀𝐡 + 𝐁𝐟 + 𝐛)."
    ),
    refs("thesis", "§6.3.2, Eq. 6.6–6.7"),
    E.small_eq67_corrected,
    space=({"H": 3, "V": 4},),
    topic="gated-cells-lmms",
    proof=_P + "prove_thesis_eq_6_7_corrected",
    expected="holds",
    varies="thesis-eq-6.7",
)


corrected_pair(
    "thesis-eq-6.8",
    common=dict(
        space=({"H": 4, "n_max": 3},),
        scaled_space={
            "small": ({"H": 32, "n": (1, 8, 64)},),
            "large": ({"H": 512, "n": (1, 32, 1024)},),
        },
        topic="gated-cells-lmms",
    ),
    printed=dict(
        title="RAC: ∂𝐡^(t)/∂𝐡^(t−n) = (𝐀ᵀ diag(𝐁𝐟^(t−n+1)))ⁿ",
        statement=STATEMENTS["thesis-eq-6.8"],
        refs=refs(
            "thesis",
            "§6.3.2, Eq. 6.8",
            "thesis",
            "§6.4.2, Eq. 6.9",
            "thesis",
            "§5.4",
            "thesis",
            "§7.1",
        ),
        small=G.small_eq68,
        scaled=SJ.scaled_eq68,
        pinned=(
            {"params": {"H": 4, "n_max": 3}, "seed": 68, "note": "the claims catalogue sizes"},
        ),
        readings=_EQ68_LAYOUTS,
        expected="fails",
        remarks=(_LAYOUT_REMARK,),
        defect=Defect(
            "false",
            printed="∂𝐡^{(t)}/∂𝐡^{(t−n)} = (𝐀ᵀ diag(𝐁𝐟^{(t−n+1)}))ⁿ (restated in §5.4: "
            "'the gradient of hidden states is prone to vanishing or exploding because "
            "of the exponentiation of 𝐀ᵀdiag(𝐁𝐟^{(t)}) (see Eq. 6.8)')",
            meant="∂𝐡^{(t)}/∂𝐡^{(t−n)} = 𝐀ᵀdiag(𝐁𝐟^{(t−n+1)}) 𝐀ᵀdiag(𝐁𝐟^{(t−n+2)}) "
            "⋯ 𝐀ᵀdiag(𝐁𝐟^{(t)}) (denominator layout): one factor per input, "
            "equal to the n-th power only for constant input (§5.4: '… because of the "
            "product of the n step Jacobians 𝐀ᵀdiag(𝐁𝐟^{(s)}), s = t−n+1, …, t (see "
            "Eq. 6.8)')",
            why="For 𝐡^{(s)} = 𝐀𝐡^{(s−1)} ⊙ 𝐁𝐟^{(s)} (Eq. 6.5 with linear φ) one step "
            "has ∂𝐡^{(s)}/∂𝐡^{(s−1)} = 𝐀ᵀdiag(𝐁𝐟^{(s)}) in the denominator layout "
            "(entry (a, b) = ∂h^{(s)}_b/∂h^{(s−1)}_a) the thesis uses. The chain "
            "rule multiplies the n steps s = t−n+1, …, t, each with its own input "
            "𝐟^{(s)}; the printed n-th power repeats the first step's input n "
            "times, which is the product only when 𝐁𝐟^{(s)} is the same at every "
            "step. §5.4 restates the power (with the input of step t) and is part "
            "of this edit. §7.1, 'multiplicative recurrent linearities introduced "
            "extra exponential forms into their gradient flow compared with the "
            "additive units (see Eq. 6.8)', cites Eq. 6.8 only as a use and needs no "
            "change: the product of n factors, like the power, grows or decays "
            "exponentially in n (for instance when the singular values of every "
            "factor all exceed some s > 1, or all stay below some s < 1). The "
            "counterexample compares "
            "with automatic differentiation of the recurrence on random 𝐀, 𝐁 and "
            "random inputs.",
            erratum=_SINGLE_INPUT,
        ),
    ),
    corrected=dict(
        title="RAC Jacobian as the ordered chain-rule product",
        statement=(
            "Corrected: for 𝐡^{(t)} = 𝐀𝐡^{(t−1)} ⊙ 𝐁𝐟^{(t)}, in denominator layout "
            "∂𝐡^{(t)}/∂𝐡^{(t−n)} = Π_{k=t−n+1}^{t} 𝐀ᵀ diag(𝐁𝐟^{(k)}) (the factor of k = "
            "t−n+1 leftmost); it equals (𝐀ᵀ diag(𝐁𝐟))ⁿ only for equal inputs."
        ),
        refs=refs("thesis", "§6.3.2, Eq. 6.8"),
        small=G.small_eq68_corrected,
        scaled=SJ.scaled_eq68_corrected,
        proof=_P + "prove_thesis_eq_6_8_corrected",
        expected="holds",
    ),
)

corrected_pair(
    "thesis-eq-6.9",
    common=dict(
        refs=refs("thesis", "§6.4.2, Eq. 6.9"),
        space=({"H": 4, "n_max": 3},),
        scaled_space={"small": ({"H": 64, "L": 512},), "large": ({"H": 4096, "L": 16384},)},
        topic="gated-cells-lmms",
    ),
    printed=dict(
        title="LMM: ∂𝐡^(t)/∂𝐡^(t−n) = (Λᵀ diag(Γ𝐱^(t)))ⁿ; 8n vs 2n mults",
        statement=STATEMENTS["thesis-eq-6.9"],
        small=G.small_eq69,
        scaled=SJ.scaled_eq69,
        pinned=(
            {"params": {"H": 4, "n_max": 3}, "seed": 69, "note": "the claims catalogue sizes"},
        ),
        readings=_EQ69_LAYOUTS,
        expected="fails",
        remarks=(
            "The component formula (λ_jγ_j)ⁿ Π_{i=t−n+1}^t x_j^{(i)} printed in the next "
            "sentence and the 8n vs 2n count (schoolbook complex products) hold; only the "
            "displayed matrix formula fails.",
        ),
        defect=Defect(
            "false",
            printed="∂𝐡^{(t)}/∂𝐡^{(t−n)} = (Λᵀ diag(Γ𝐱^{(t)}))ⁿ",
            meant="∂𝐡^{(t)}/∂𝐡^{(t−n)} = Π_{i=t−n+1}^{t} Λ diag(Γ𝐱^{(i)}) = "
            "diag((λ_jγ_j)ⁿ Π_{i=t−n+1}^t x_j^{(i)}), as the component formula "
            "in the next sentence says",
            why="For Eq. 5.20, 𝐡^{(s)} = Λ𝐡^{(s−1)} ⊙ Γ𝐱^{(s)} with Λ, Γ diagonal, "
            "one step has ∂𝐡^{(s)}/∂𝐡^{(s−1)} = Λ diag(Γ𝐱^{(s)}) (diagonal, so "
            "the layout and the transpose do not matter). The n steps s = t−n+1, "
            "…, t each bring their own input 𝐱^{(s)}, so the product is "
            "diag((λ_jγ_j)ⁿ Π_s x^{(s)}_j), the thesis's own next sentence; the "
            "printed n-th power uses 𝐱^{(t)} at every step and agrees only for "
            "constant input. The counterexample compares with automatic "
            "differentiation of the recurrence (complex Λ, Γ, 𝐱).",
            erratum=_SINGLE_INPUT,
        ),
    ),
    corrected=dict(
        title="LMM Jacobian: Π_i Λᵀ diag(Γ𝐱^(i)) = diag((λγ)ⁿ Π x)",
        statement=(
            "Corrected: for Eq. 5.20, ∂𝐡^{(t)}/∂𝐡^{(t−n)} = Π_{i=t−n+1}^{t} Λᵀ "
            "diag(Γ𝐱^{(i)}) = diag((λ_jγ_j)ⁿ Π_{i=t−n+1}^t x^{(i)}_j) (holomorphic; both "
            "layouts agree); evaluated literally it takes 2n real multiplications per "
            "component in real arithmetic and 8n in complex arithmetic (4 real per "
            "complex product)."
        ),
        small=G.small_eq69_corrected,
        scaled=SJ.scaled_eq69_corrected,
        proof=_P + "prove_thesis_eq_6_9_corrected",
        expected="holds",
    ),
)
