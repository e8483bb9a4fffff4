"""The gated-cells-lmms claims of grurntn on the forward passes of its cells (§II–III,
Eq. 8–20, and the bracket of Eq. 26): the GRU and its torch mapping, the RecNTN parent,
GRURNTN and LSTMRNTN; the registrations, with the readings of the bilinear bracket.  The
checks are in :mod:`tnverify.claims.grurntn.forward_passes`, the statements in
:mod:`tnverify.claims.grurntn.statements`.
"""

from __future__ import annotations

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from .. import forward_passes as F  # noqa: F401 - gated_cells.F of tnverify 0.2.0
from ..forward_passes import baselines, brackets, tensor_cells
from ..statements import STATEMENTS as S

_CELL = {"input": 3, "hidden": 4, "length": 4, "batch": 2}

_TRANSPOSE = "grurntn-lstmrntn-missing-transpose"


def _bracket_readings(eq, lhs, h):
    """Readings of the bilinear bracket of Eq. 19 / Eq. 26 (the ᵀ of Eq. 18 is missing)."""
    return (
        Reading(
            f"[{h}]ᵀ (corrected)",
            f"Σ over slices k of {lhs} W^[k] {h}ᵀ: one entry per "
            "slice, output in ℝ^d (the bilinear form of Eq. 18)",
            True,
            "[x_t] W_{tsr}^{[1:d]} [(r_t ⊙ h_{t−1})]ᵀ"
            if eq == "19"
            else "a_j = ([x_j] W_{tsr}^{[1:d]} [(r_j ⊙ h_{j−1})]ᵀ",
            (
                "grurntn §III-A, Eq. 18 (the same bilinear form for GRURNTN)"
                if eq == "19"
                else "grurntn §III-C, a_j of Eq. 24 (the same pre-activation for GRURNTN)"
            )
            + "; Eq. 25 '[x_j]ᵀ[h_{j−1}]' is the derivative of x W hᵀ with h a row",
        ),
        Reading(
            f"literal [{h}] as a row",
            "(1×i)(i×d)(1×d) per slice — untyped for d ≠ 1: the misprinted form, not a reading",
            False,
            "we can still maintain the interaction between the input and hidden layers "
            "through a bilinear form",
            "grurntn §III-A, after Eq. 18 (each slice maps "
            "(x, h) to a number, x W^{[k]} hᵀ; the printed (1×i)(i×d)(1×d) is no bilinear "
            "form)",
        ),
        Reading(
            "orientation-free brackets",
            "[·] denotes a vector of unspecified orientation",
            False,
            "[x₁ x₂] W_{tsr}^{[1:d]} [x₁; x₂]",
            "grurntn §II-C, Eq. 15 (an explicit column), and Eq. 18's explicit ᵀ",
        ),
    )


PROOF = "proofs/gated.py::prove_"

claim(
    "grurntn-eq-8",
    "GRU (Eq. 8–11) vs Cho et al. and torch",
    S["grurntn-eq-8"],
    refs("grurntn", "§II-B.2, Eq. 8–11"),
    baselines.small_eq8,
    topic="gated-cells-lmms",
    space=({"input": 3, "hidden": 4, "length": 5, "batch": 2},),
    scaled=baselines.scaled_eq8,
    scaled_space={
        "small": ({"hidden": 16, "length": 8, "batch": 8},),
        "large": ({"hidden": 1024, "length": 256, "batch": 1024},),
    },
    pinned=(
        {
            "params": {"input": 3, "hidden": 4, "length": 5, "batch": 2},
            "seed": 8,
            "note": "the claims catalogue: i=3, d=4",
        },
    ),
    readings=(
        Reading(
            "the GRU of [5] up to z ↦ 1 − z",
            "Eq. 8–11 are the GRU of Cho et al. (2014) [5]: "
            "Eq. 11's h_t = (1 − z_t) ⊙ h_{t−1} + z_t ⊙ h̃_t is Cho's h_t = z ⊙ h_{t−1} + (1 − "
            "z) ⊙ h̃_t with z replaced by 1 − z (negated W_xz, W_hz, b_z; σ(−a) = 1 − σ(a)): "
            "the same family of functions",
            True,
            "The GRU hidden layer at time t is defined by the following equations [5]",
            "grurntn §II-B.2, before Eq. 8",
        ),
    ),
    remarks=(
        "Gate convention: Eq. 11 puts the update gate z_t on the candidate h̃_t (the "
        "convention of Chung et al. 2014, ref. [19]); Cho et al. [5] put z on h_{t−1}. "
        "The two parameterisations describe the same functions (negate the "
        "z-parameters), so the citation is right up to this renaming."
    ),
)

claim(
    "grurntn-eq-15",
    "RecNTN bilinear parent (Eq. 15–16)",
    S["grurntn-eq-15"],
    refs("grurntn", "§II-C, Eq. 12–16"),
    tensor_cells.small_eq15,
    topic="gated-cells-lmms",
    space=({"hidden": 4, "batch": 2},),
    scaled=tensor_cells.scaled_bilinear,
    scaled_space={
        "small": ({"p": 16, "q": 16, "hidden": 8, "batch": 64},),
        "large": ({"p": 1024, "q": 1024, "hidden": 512, "batch": 4096, "chunk": 256},),
    },
    pinned=(
        {"params": {"hidden": 4, "batch": 2}, "seed": 15, "note": "the claims catalogue: d=4"},
    ),
    readings=(
        Reading(
            "bilinear form per slice",
            "output_k = [x₁ x₂] W^[k] [x₁; x₂] (1×2d · "
            "2d×2d · 2d×1, a scalar), k = 1..d, as in Socher et al.'s RNTN",
            True,
            "Each slice W_{tsr}^{[i]} is a matrix ℝ^{2d×2d}",
            "grurntn §II-C, after Eq. 16",
        ),
    ),
    remarks=(
        "Layout: ℝ^{2d×2d×d} puts the slice index last while the text indexes slices "
        "as W_{tsr}^{[i]}; the same mathematics.",
    ),
)

claim(
    "grurntn-eq-17",
    "GRURNTN with the symmetric tensor (Eq. 17)",
    S["grurntn-eq-17"],
    refs("grurntn", "§III-A, Eq. 17"),
    tensor_cells.small_eq17,
    topic="gated-cells-lmms",
    space=(_CELL,),
    scaled=tensor_cells.scaled_eq17,
    scaled_space={
        "small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
        "large": ({"input": 128, "hidden": 256, "length": 256, "batch": 512},),
    },
    uses=("grurntn-eq-8",),
    readings=(
        Reading(
            "r = r_t",
            "the 'r' of the tensor term is the reset gate r_t (the only "
            "reset gate defined): d slices of (i+d)×(i+d) bilinear forms on "
            "[x_t, r_t ⊙ h_{t−1}] ∈ ℝ^(i+d)",
            True,
            "+ x_tW_{xh} + (r_t ⊙ h_{t−1})W_{hh} + b_h",
            "grurntn §III-A, Eq. 17",
        ),
    ),
    remarks=("'r' for 'r_t' in the tensor term is notation.",),
)

claim(
    "grurntn-eq-18",
    "GRURNTN, asymmetric bilinear form (Eq. 18)",
    S["grurntn-eq-18"],
    refs("grurntn", "§III-A, Eq. 18; Fig. 6"),
    tensor_cells.small_eq18,
    topic="gated-cells-lmms",
    space=(_CELL,),
    scaled=tensor_cells.scaled_eq18,
    scaled_space={
        "small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
        "large": ({"input": 128, "hidden": 1024, "length": 256, "batch": 512},),
    },
    uses=("grurntn-eq-17",),
    readings=(
        Reading(
            "row vectors",
            "x_t ∈ ℝ^(1×i) as in x_tW_xh: x_t W^[k] (r_t ⊙ "
            "h_{t−1})ᵀ is a scalar for each of the d slices, giving ℝ^d",
            True,
            "Each slice W_{tsr}^{[i]} is a matrix ℝ^{i×d}",
            "grurntn §III-A, after Eq. 18",
        ),
    ),
    remarks=(
        "'W_{tsr}^{[i:d]}' after Eq. 18 is a slip for W_{tsr}^{[1:d]}, and the slice "
        "label W_{tsr}^{[i]} reuses the input size i; notation only.",
        "The reduction i·d² < (i+d)²·d is real, yet the tensor still dominates the "
        "model (8.4 M of ≈ 12.5 M parameters at word level; see grurntn-sec-4b-params).",
    ),
)

_EQ19_CORRECTED = (
    'Eq. 19 of grurntn with the transpose of Eq. 18 on the hidden factor: "… c̃_t = '
    "tanh([x_t] W_{tsr}^{[1:d]} [h_{t−1}]ᵀ + x_tW_{xc} + h_{t−1}W_{hc} + b_c) (19); c_t = "
    'f_t ⊙ c_{t−1} + i_t ⊙ c̃_t (20); …", the rest of Eq. 19–20 and the shapes (W_{tsr}^{'
    "[1:d]} ∈ ℝ^{i×d×d}, slices ℝ^{i×d}) unchanged."
)


def _why_t(need: str, own: str) -> str:
    """The Why of the missing ᵀ in Eq. 19 or Eq. 26: ``need`` says what the 1×d result is
    added to, ``own`` the equation's own evidence in the paper."""
    return (
        "The paper's vectors are rows (x_tW_{xc}, h_{t−1}W_{hc}), so [x] W^{[k]} with the "
        "slice W^{[k]} ∈ ℝ^{i×d} (k = 1..d; the paper writes W^{[i]}) is 1×d and cannot "
        "multiply the 1×d row [h]: the inner dimensions (d and 1) do not match, for every "
        f"i and every d > 1. With [h]ᵀ each slice gives a scalar, and k = 1..d give the 1×d "
        f"vector {need} need. {own}"
    )


_WHY_T19 = _why_t(
    "the other terms inside the tanh",
    "The paper itself carries the ᵀ in Eq. 18 and in the a_j defined after Eq. 24, and "
    "the gradient term [x_j]ᵀ[h_{j−1}] of Eq. 25 is an i×d outer product, the shape of a "
    "slice.",
)
_WHY_T26 = _why_t(
    "the other summands of a_j (x_jW_{xc}, h_{j−1}W_{hc} and b_c)",
    "Eq. 26 is the pre-activation a_j of Eq. 19's candidate, which enters Eq. 25 as "
    "tanh(a_j); the a_j defined after Eq. 24 carries the ᵀ (on (r_j ⊙ h_{j−1})), and the "
    "gradient term [x_j]ᵀ[h_{j−1}] of Eq. 25 is an i×d outer product, the shape of a slice.",
)
#: The printed brackets are judged by their shapes alone: input and hidden size, no
#: sequence length or batch.
_SHAPES = {"input": 3, "hidden": 4}
_SHAPE_SCOPE = (
    "the printed product is undefined for every input size i and every hidden size d > 1 "
    "(a shape argument; i = 3, d = 4 is the instance computed)"
)
_EQ19_REMARKS = (
    "The slice label W_{tsr}^{[i]} clashes with the input size i.",
    "The peepholes c_{t−1}W_{ci}, c_{t−1}W_{cf}, c_tW_{co} are written as full d×d matrices "
    "(Graves' LSTM uses diagonal ones); this matters for grurntn-sec-4b-params.",
)
corrected_pair(
    "grurntn-eq-19",
    common=dict(topic="gated-cells-lmms", readings=_bracket_readings("19", "x_t", "h_{t−1}")),
    printed=dict(
        refs=refs("grurntn", "§III-B, Eq. 19", "grurntn", "§III-C, Eq. 26 (the same edit)"),
        remarks=_EQ19_REMARKS,
        title="LSTMRNTN (Eq. 19–20) as printed: [x_t] W_tsr [h_(t−1)] without ᵀ",
        statement=S["grurntn-eq-19"],
        small=brackets.small_eq19_printed,
        expected="fails",
        defect=Defect(
            "misprint",
            printed="[x_t] W_{tsr}^{[1:d]} [h_{t−1}]",
            meant="[x_t] W_{tsr}^{[1:d]} [h_{t−1}]ᵀ",
            erratum=_TRANSPOSE,
            why=_WHY_T19,
        ),
        space=(_SHAPES,),
        scope=_SHAPE_SCOPE,
    ),
    corrected=dict(
        space=(_CELL,),
        refs=refs("grurntn", "§III-B, Eq. 19–20", "grurntn", "§II-B.1, Eq. 3–7"),
        title="LSTMRNTN (Eq. 19–20) with [h_(t−1)]ᵀ, and the peephole LSTM",
        statement=_EQ19_CORRECTED,
        small=tensor_cells.small_eq19,
        scaled=tensor_cells.scaled_eq19,
        scaled_space={
            "small": ({"input": 8, "hidden": 16, "length": 8, "batch": 8},),
            "large": ({"input": 128, "hidden": 512, "length": 256, "batch": 512},),
        },
    ),
)

corrected_pair(
    "grurntn-eq-26",
    common=dict(
        topic="gated-cells-lmms",
        refs=refs("grurntn", "§III-C, Eq. 26"),
        readings=_bracket_readings("26", "x_j", "h_{j−1}"),
    ),
    printed=dict(
        title="a_j of the LSTMRNTN BPTT (Eq. 26) as printed: [h_(j−1)] without ᵀ",
        statement=S["grurntn-eq-26"],
        small=brackets.small_eq26_printed,
        expected="fails",
        defect=Defect(
            "misprint",
            printed="[x_j] W_{tsr}^{[1:d]} [h_{j−1}]",
            meant="[x_j] W_{tsr}^{[1:d]} [h_{j−1}]ᵀ",
            erratum=_TRANSPOSE,
            why=_WHY_T26,
        ),
        space=(_SHAPES,),
        scope=_SHAPE_SCOPE,
    ),
    corrected=dict(
        space=(_CELL,),
        title="a_j (Eq. 26) with [h_(j−1)]ᵀ: the pre-activation of the corrected Eq. 19",
        statement=(
            "Eq. 26 of grurntn with the transpose of Eq. 24's a_j: \"a_j = ([x_j] "
            'W_{tsr}^{[1:d]} [h_{j−1}]ᵀ + x_jW_{xc} + h_{j−1}W_{hc} + b_c)".'
        ),
        small=brackets.small_eq26_corrected,
        uses=("grurntn-eq-19-corrected",),
    ),
)
