"""The gated-cells-lmms claims of grurntn on the training objective and the BPTT of the
tensor weight (§III-C, Eq. 21–25): the registrations, with the readings of the error
signal ∂E_i/∂h̃_j (∂E_i/∂c_j).  The checks are in
:mod:`tnverify.claims.grurntn.bptt_gradients`.
"""

from __future__ import annotations

from functools import partial

from ... import Defect, Reading
from ...registration import claim, corrected_pair, refs
from .. import bptt_gradients as D
from ..statements import STATEMENTS as S
from .forward import PROOF

_BPTT = {"input": 3, "hidden": 4, "vocab_size": 5, "length": 4, "batch": 1}
_BPTT_SCALED = {
    "small": ({"input": 4, "hidden": 8, "vocab_size": 10, "length": 6, "batch": 2},),
    "large": ({"input": 64, "hidden": 512, "vocab_size": 1000, "length": 128, "batch": 8},),
}
_BPTT_WHY = "grurntn §III-C, sentence before Eq. {eq}"
_BPTT_INTRO = (
    "researchers tend to use backpropagation through time (BPTT) where the recurrent "
    "operation is unfolded as a feedforward neural network along with the time-step "
    "when we backpropagate the error"
)
_UNFOLD = {
    "24": (
        "backpropagate the error from E_i(θ) to all candidate hidden layer h̃_j to "
        "accumulate W_{tsr}^{[1:d]} gradient where j ∈ [1..i]"
    ),
    "25": (
        "we also need to unfold our LSTMRNN and backpropagate the error from E_i(θ) "
        "to all cell layers c_j to accumulate W_{tsr}^{[1:d]} gradients where "
        "j ∈ [1..i]"
    ),
}


def _read_e(eq, node):
    """The two readings of the error signal ∂E_i/∂``node``_j of Eq. 24 / Eq. 25."""
    return (
        Reading(
            "total",
            f"∂E_i/∂{node}_j is the total derivative of E_i through all later steps (BPTT)",
            True,
            _UNFOLD[eq],
            _BPTT_WHY.format(eq=eq),
        ),
        Reading(
            "local",
            f"∂E_i/∂{node}_j is the direct partial through the output of step "
            "i only (zero for j < i: nothing would be unfolded or truncated)",
            False,
            *(
                (
                    _BPTT_INTRO,
                    "grurntn §III-C, first paragraph (the error is "
                    "backpropagated through the unfolded steps, truncated only by choice)",
                )
                if eq == "24"
                else (_UNFOLD[eq], _BPTT_WHY.format(eq=eq))
            ),
        ),
    )


claim(
    "grurntn-eq-21",
    "−log Π P = −Σ log P (Eq. 21–23)",
    S["grurntn-eq-21"],
    refs("grurntn", "§III-C, Eq. 21–23"),
    D.small_eq21,
    topic="gated-cells-lmms",
    space=({"length": 10, "vocab_size": 5, "input": 3, "hidden": 4},),
    proof=PROOF + "grurntn_eq_21",
    remarks=(
        "Eq. 21 is the model's factorisation assumption, not a theorem: for segment "
        "classification it presumes the labels are conditionally independent given the "
        "input prefix; for language modelling (y_i = x_{i+1}) it is the chain rule.",
    ),
)

corrected_pair(
    "grurntn-eq-24",
    common=dict(
        topic="gated-cells-lmms",
        refs=refs("grurntn", "§III-C, definition of f′ after Eq. 24 (unnumbered display)"),
        space=(_BPTT,),
        readings=_read_e("24", "h̃"),
    ),
    printed=dict(
        title="BPTT of W_tsr in GRURNTN (Eq. 24) as printed",
        statement=S["grurntn-eq-24"],
        small=D.small_eq24,
        # no larger run: the edit is decided at a = 1, a scalar identity; the case's sizes
        # feed the gradient parts run beside it, whose result the entry does not use
        scope=(
            "the verdict rests on one evaluation, f′ at a = 1, which uses no model size "
            "and fails (the counterexample); the same case also runs a GRURNTN of the sizes "
            "below and compares Eq. 24's gradient, computed with the printed f′, with the "
            "automatic-differentiation gradient: it fails too, as the wrong f′ predicts"
        ),
        uses=("grurntn-eq-18", "grurntn-eq-21"),
        expected="fails",
        defect=Defect(
            "misprint",
            printed="f′(a_j) = (1 − f(a_j))², if f(·) is tanh function",
            meant="f′(a_j) = 1 − f(a_j)², if f(·) is tanh function",
            why="For f = tanh, f′(a) = 1 − tanh²(a) = 1/cosh²(a). At a = 1 this is "
            "0.4200, while the printed (1 − tanh a)² gives 0.0568. A misplaced "
            "parenthesis, not a wrong derivation: Eq. 25, a few lines below, "
            "prints the correct (1 − tanh²(a_j)), and the sigmoid case beside "
            "it, f(a_j)(1 − f(a_j)), is right.",
        ),
        pinned=(
            {
                "params": _BPTT,
                "seed": 24,
                "note": "the claims catalogue: 4 steps, i=3, d=4, f = tanh",
            },
        ),
    ),
    corrected=dict(
        title="Eq. 24 with f′ = 1 − tanh² for f = tanh",
        statement=(
            "Eq. 24 of grurntn with one edit: for f = tanh, f′(a_j) = 1 − f(a_j)² "
            "(printed: (1 − f(a_j))²; the sigmoid case f(a_j)(1 − f(a_j)) is unchanged): "
            "∂E_i(θ)/∂W_{tsr}^{[1:d]} = Σ_{j=1}^i (∂E_i(θ)/∂h̃_j) f′(a_j) [x_j]ᵀ[(r_j ⊙ "
            "h_{j−1})], the product of ∂E_i/∂h̃_j and f′(a_j) being elementwise over the "
            "d slices."
        ),
        small=D.small_eq24_corrected,
        scaled=partial(D.scaled_bptt, model="gru", fprime="true", readings=("total",)),
        scaled_space=_BPTT_SCALED,
        uses=("grurntn-eq-21",),
        proof=PROOF + "grurntn_eq_24_corrected",
    ),
)

claim(
    "grurntn-eq-25",
    "BPTT of W_tsr in LSTMRNTN (Eq. 25)",
    S["grurntn-eq-25"],
    refs("grurntn", "§III-C, Eq. 25"),
    D.small_eq25,
    topic="gated-cells-lmms",
    space=(_BPTT,),
    scaled=partial(D.scaled_bptt, model="lstm", fprime="true"),
    scaled_space=_BPTT_SCALED,
    readings=_read_e("25", "c"),
    uses=("grurntn-eq-19-corrected", "grurntn-eq-21"),
    remarks=(
        "'∂a_j/∂W_{tsr}^{[1:d]} = [x_j]ᵀ[h_{j−1}]' is shorthand: slice k gets the same "
        "outer product, weighted by the k-th component of the preceding elementwise "
        "factors (∂E_i/∂c_j) i_j (1 − tanh²(a_j)).",
        "Eq. 26's a_j should carry the ᵀ, as the a_j after Eq. 24 does on "
        "(r_j ⊙ h_{j−1}) (grurntn-eq-26).",
    ),
    pinned=({"params": _BPTT, "seed": 25, "note": "the claims catalogue: 4 steps, i=3, d=4"},),
)
