"""rnn-equivalences claims: which RNNs are tensor trains (2-RNN, RAC, MI-RNN, vanilla RNN);
the registrations.

The small checks of Claims B.1 and B.2 are in :mod:`.checks`, those of the proof lines in
:mod:`.proof_lines` and of the bias sentence in :mod:`.biases`.  Scaled sides live in
:mod:`tnverify.claims.rnn_equivalences_scaled` (shared with the thesis §5.3 claims).

References
----------
ttlm App. B (Eq. 14–20); the thesis restates them in §5.3 (its claims are registered in
:mod:`tnverify.claims.thesis.second_order_rnns` and :mod:`tnverify.claims.thesis.rac_mi_rnns`).
"""

from __future__ import annotations

from ... import Ref
from ...registration import claim, corrected_pair, refs
from ...rnn_equivalences_scaled import scaled_rac, scaled_second_order
from . import readings as RR
from .biases import small_eq14_bias
from .checks import RAC_READINGS, small_b1, small_rac, small_rac_corrected
from .proof_lines import small_eq16, small_eq20
from .runs import PHIS, rnn_run, tt_run
from .statements import STATEMENTS

__all__ = ["PHIS", "tt_run", "rnn_run", "register_rac_pair"]

PROOFS = "proofs/ttlm_rnn.py::"


# -- registration --------------------------------------------------------------------------
SPACE = ({"vocab_size": 4, "rank": 3, "steps": 4}, {"vocab_size": 5, "rank": 4, "steps": 5})
SECOND_ORDER_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    # autograd keeps one gathered (B, R, R) slice per step: B·R²·L·8 bytes, so
    # R = 256 runs at L = 64, B = 128 (one 80 GiB GPU; L = 1024, B = 1024 is 0.5 TB)
    "large": (
        {"vocab_size": 10_000, "rank": 64, "length": 512, "batch": 512},
        {"vocab_size": 10_000, "rank": 256, "length": 64, "batch": 128},
    ),
}
_RAC_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    "large": (
        {"vocab_size": 33_278, "rank": 512, "length": 2048, "batch": 1024, "generic": False},
        {"vocab_size": 10_000, "rank": 64, "length": 2048, "batch": 1024},
    ),
}
_B1_REFS = (Ref("ttlm", "App. B.1, Claim B.1"), Ref("thesis", "§5.3.2, Claim 5.3.1"))
_B2_REFS = (
    Ref("ttlm", "App. B.2, Claim B.2, Eq. 18–19; §5.2"),
    Ref("thesis", "§5.3.2, Claim 5.3.2"),
)
_EQ16_REFS = (
    Ref("ttlm", "App. B.1, Eq. 14 and Eq. 16–17"),
    Ref("thesis", "§5.3.2, Eq. 5.11 and Eq. 5.13"),
)
_EQ20_REFS = (Ref("ttlm", "App. B.2, Eq. 20"), Ref("thesis", "§5.3.2, Eq. 5.17"))
claim(
    "ttlm-claim-b1",
    "2-RNN = TTLM core (+ activation)",
    STATEMENTS["ttlm-claim-b1"],
    _B1_REFS,
    small_b1,
    topic="rnn-equivalences",
    space=SPACE,
    scaled=scaled_second_order,
    scaled_space=SECOND_ORDER_SCALED,
    uses=("ttlm-eq5", "ttlm-eq16-corrected"),
    proof=PROOFS + "prove_ttlm_claim_b1",
    expected="holds",
    readings=RR.B1,
    remarks=RR.B1_REMARKS,
    scope="b = 0 only (the 2-RNN of Eq. 14 without its bias; a bias needs the augmented "
    "core of ttlm-eq14-bias-corrected)",
    pinned=(
        {"params": SPACE[0], "seed": 1, "note": "the claims catalogue sizes R=3, |V|=4, 4 steps"},
    ),
)
corrected_pair(
    "ttlm-eq16",
    common=dict(topic="rnn-equivalences", space=SPACE, refs=_EQ16_REFS),
    printed=dict(
        title="App. B.1 proof lines: Eq. 14's slice and Eq. 16 as printed",
        statement=STATEMENTS["ttlm-eq16"],
        small=lambda p, rng: small_eq16(p, rng, False),
        expected="fails",
        readings=RR.EQ16,
        defect=RR.EQ16_DEFECT,
        uses=("ttlm-claim-b1",),
    ),
    corrected=dict(
        title="Eq. 16 summed over α_(t−1), Eq. 14 sliced T_(:,i,:)",
        statement=STATEMENTS["ttlm-eq16-corrected"],
        small=lambda p, rng: small_eq16(p, rng, True),
        expected="holds",
        readings=tuple(r for r in RR.EQ16 if r.admissible),
    ),
)


def register_rac_pair(
    cid, paper, refs, title, printed_fields=None, corrected_fields=None, variant=False
):
    """Register ``cid`` (RAC / MI-RNN = TTLM with an elementwise product, as printed in
    ``paper``) and its ``-corrected`` twin (the δ-contraction core), or with
    ``variant=True`` (``cid`` holds as printed) its ``-variant`` (``varies=cid``).
    ``printed_fields`` / ``corrected_fields`` are further :class:`~tnverify.claims.Claim`
    fields (``readings``, ``defect``, ``expected``, ...) that override the defaults."""
    readings = {
        "a: elementwise ⊙": "the Hadamard product of the two matrices "
        "(|V| = R); not a third-order core"
    }
    readings.update(
        {k: f"δ-contraction with G_pio from indices {v}" for k, v in RAC_READINGS[paper].items()}
    )
    common = dict(
        refs=tuple(refs),
        topic="rnn-equivalences",
        space=SPACE,
        scaled=scaled_rac,
        scaled_space=_RAC_SCALED,
        uses=("ttlm-eq5",),
    )
    printed = {
        **dict(
            title=title,
            statement=STATEMENTS[cid],
            small=lambda p, rng, pp=paper: small_rac(p, rng, pp),
            expected="ill-posed",
            readings=readings,
        ),
        **dict(printed_fields or {}),
    }
    twin = dict(
        title=title + " (δ-contraction, corrected)",
        statement=(
            "Corrected: the core is the δ-contraction G_{α_{t-1} i_t α_t} = Σ_{j,k} W^{hx}_{j "
            "i_t} δ_{j α_t k} W^{hh}_{k α_{t-1}} = W^{hx}_{α_t i_t} W^{hh}_{α_t α_{t-1}} (in "
            "the thesis's names A_{α_t α_{t-1}} B_{α_t i_t}, Eq. 5.17 as printed), not the "
            "elementwise product; then the RAC hidden states equal the TT recurrence's and the "
            "MI-RNN's equal it followed by φ."
        ),
        small=small_rac_corrected,
        expected="holds",
        proof=PROOFS + "prove_rac_core",
    )
    twin.update(corrected_fields or {})
    if not variant:
        corrected_pair(cid, common=common, printed=printed, corrected=twin)
        return
    first, second = {**common, **printed}, {**common, **twin, "varies": cid}
    claim(
        cid,
        first.pop("title"),
        first.pop("statement"),
        first.pop("refs"),
        first.pop("small"),
        **first,
    )
    claim(
        f"{cid}-variant",
        second.pop("title"),
        second.pop("statement"),
        second.pop("refs"),
        second.pop("small"),
        **second,
    )


register_rac_pair(
    "ttlm-claim-b2",
    "ttlm",
    _B2_REFS,
    "RAC / MI-RNN = TTLM with G = W^{hx} ⊙ W^{hh}",
    printed_fields=dict(
        expected="holds",
        readings=RR.B2,
        remarks=RR.B2_REMARKS,
        uses=("ttlm-eq5", "ttlm-eq20-corrected"),
    ),
    corrected_fields=dict(
        title="variant of ttlm-claim-b2: the δ-contraction core (its admissible reading)",
        statement=(
            "[Variant of ttlm-claim-b2 (tnverify), not a correction: ttlm-claim-b2 holds "
            "under its only admissible reading, which this claim fixes.] The core is the "
            "δ-contraction G_{α_{t-1} i_t α_t} = Σ_{j,k} W^{hx}_{j i_t} δ_{j α_t k} "
            "W^{hh}_{k α_{t-1}} = W^{hx}_{α_t i_t} W^{hh}_{α_t α_{t-1}}; the RAC hidden "
            "states equal the TT recurrence's and the MI-RNN's equal it followed by φ."
        ),
        readings=tuple(r for r in RR.B2 if r.admissible),
    ),
    variant=True,
)
corrected_pair(
    "ttlm-eq20",
    common=dict(topic="rnn-equivalences", space=SPACE, refs=_EQ20_REFS),
    printed=dict(
        title="App. B.2 proof line: Eq. 20 as printed",
        statement=STATEMENTS["ttlm-eq20"],
        small=lambda p, rng: small_eq20(p, rng, False),
        expected="fails",
        readings=RR.EQ20,
        defect=RR.EQ20_DEFECT,
        uses=("ttlm-claim-b2",),
        remarks=RR.EQ20_REMARKS,
    ),
    corrected=dict(
        title="Eq. 20 summed over α_(t−1) and j, k, with W^hx_(j i_t)",
        statement=STATEMENTS["ttlm-eq20-corrected"],
        small=lambda p, rng: small_eq20(p, rng, True),
        expected="holds",
        readings=tuple(r for r in RR.EQ20 if r.admissible),
    ),
)

corrected_pair(
    "ttlm-eq14-bias",
    common=dict(
        topic="rnn-equivalences",
        refs=refs("ttlm", "App. B.1, after Eq. 14", "thesis", "§5.3.2, after Eq. 5.11"),
    ),
    printed=dict(
        title="bias as the 0th input component",
        statement=STATEMENTS["ttlm-eq14-bias"],
        small=lambda p, rng: small_eq14_bias(p, rng, False),
        space=({"vocab_size": 4, "rank": 3},),
        expected="fails",
        readings=RR.EQ14_BIAS,
        defect=RR.EQ14_BIAS_DEFECT,
    ),
    corrected=dict(
        title="bias via the constant slot of h",
        statement=(
            "Corrected: b is carried by a constant slot of the hidden state, not of the "
            "input alone: with h̃ = [h; 1] and f̃ = [f; 1] the core G̃ with "
            "G̃_{R,|V|,:R} = b, G̃_{R,|V|,R} = 1 (and G̃_{:R,:|V|,:R} = G) reproduces "
            "Eq. 14 with φ on the first R slots; for one-hot f, h̃ = [h; 1] alone "
            "suffices (G̃_{R,i,:R} = b for every i, since Σ_i f_i = 1)."
        ),
        small=lambda p, rng: small_eq14_bias(p, rng, True),
        space=({"vocab_size": 4, "rank": 3, "steps": 4},),
        uses=("tnverify-augmented-bilinear",),
        proof=PROOFS + "prove_augmented_bilinear",
    ),
)
