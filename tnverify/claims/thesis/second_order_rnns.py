"""Claim 5.3.1 of thesis §5.3 (the 2-RNN is a TTLM, ``thesis-claim-5.3.1``)
with its proof lines Eq. 5.13 and Eq. 5.14 (``thesis-eq-5.13``, ``thesis-eq-5.14`` and
their twins).

A claim's verdict concerns its own sentence; a misprint in a proof line is its own claim.
The recurrences are run literally on one-hot inputs (numpy float64) next to the TT step
``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)`` (:mod:`tnverify.claims.ttlm.rnn.runs`); the torch
cells of :mod:`tnverify.cells.recurrent` are the implementation.  The ttlm paper states the
same results in App. B (:mod:`tnverify.claims.ttlm.rnn.equivalences`).
"""

from __future__ import annotations

import numpy as np

from ... import equivalences as eq
from .. import Defect, Evidence, Reading, Ref
from ..compare import compare_values
from ..registration import claim, corrected_pair, refs
from ..rnn_equivalences_scaled import scaled_second_order
from ..ttlm.rnn.runs import PHIS, rnn_run, tt_run
from . import TTLM_CITED
from .rnn_equivalences import PROOFS, SPACE, SUM_OVER_FREE_ALPHA, draw_case, sequence_labels

_SECOND_ORDER_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    "large": ({"vocab_size": 10_000, "rank": 64, "length": 512, "batch": 512},),
}


# -- 2-RNN (Eq. 5.11) -------------------------------------------------------------------
def _eq511(T, phi):
    """Eq. 5.11: h_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}), T ∈ ℝ^{R×R×|V|} (slice i = middle leg)."""
    R = T.shape[0]
    return lambda h, f: PHIS[phi](np.array([h @ T[:, i, :] @ f for i in range(R)]))


def _2rnn_setup(params, rng):
    V, R, L, seqs, sizes = draw_case(params, rng)
    G, h0 = rng.normal(size=(R, V, R)), rng.normal(size=R)  # TT core G_{α_{t−1} i_t α_t}
    T = np.transpose(G, (0, 2, 1))  # T_{jik} = G_{jki}
    scale = rnn_run(_eq511(np.abs(T), "id"), np.abs(h0), seqs, V)
    return V, R, L, seqs, sizes, G, T, h0, scale


def small_claim_531(params, rng):
    """Claim 5.3.1: the 2-RNN states (Eq. 5.11, T = G up to legs) equal the TT recurrence's
    (+ the 2-RNN's own φ).  Control: the core with its legs permuted as the proof's prose
    says (G_{α_t α_{t−1} i_t})."""
    V, R, L, seqs, sizes, G, T, h0, scale = _2rnn_setup(params, rng)
    n = L * R * V
    parts = {}
    for phi in ("id", "tanh"):
        ref = rnn_run(_eq511(T, phi), h0, seqs, V)
        parts[f"2-RNN (Eq. 5.11) vs TT recurrence, φ={phi}"] = compare_values(
            f"2-RNN Eq. 5.11 with T_jik = G_jki vs TT recurrence (+φ), φ={phi}",
            tt_run(G, h0, seqs, phi),
            ref,
            n=n,
            scale=scale,
            labels=sequence_labels(seqs, R),
            sizes=sizes,
            control=tt_run(np.transpose(G, (2, 1, 0)), h0, seqs, phi),
            control_label="the core's rank legs swapped (G_{α_t i_t α_{t−1}})",
        ).keyed(f"eq-5.11-vs-tt-{phi}")
    parts["equivalences.second_order_to_tt_core(layout='thesis')"] = compare_values(
        "library map T ↦ G vs G_{jki} = T_{jik}",
        eq.second_order_to_tt_core(T, "thesis"),
        G,
        n=1,
        control=np.transpose(T, (2, 0, 1)) if V == R else G[::-1],
        control_label="a different leg order",
    )
    entry = Evidence(
        "T and G equal as arrays",
        sizes=sizes,
        ill_posed=f"T ∈ ℝ^(R×R×|V|) = {T.shape} and G ∈ ℝ^(R×|V|×R) = {G.shape}"
        " are different shapes"
        if V != R
        else None,
        skipped=None if V != R else "|V| = R: shapes agree; not a reading",
    )
    return Evidence(
        "2-RNN (Eq. 5.11) vs TT recurrence, T = G up to legs",
        sizes=sizes,
        readings={
            "T = G up to legs": Evidence(
                "T_jik = G_jki", parts=parts, key="up-to-legs", sizes=sizes
            ),
            "T = G entrywise": entry.keyed("entrywise"),
        },
    )


def _eq513_printed_step(G):
    """Eq. 5.13 literally: Σ_{i_t} Σ_{α_t} h_{α_{t−1}} G_{α_{t−1}α_ti_t} f_{i_t} — the sum runs
    over the output index α_t and leaves α_{t−1} free: a vector indexed by α_{t−1}."""
    Gp = np.transpose(G, (0, 2, 1))  # G_{α_{t−1} α_t i_t}
    return lambda h, f: np.array(
        [
            h[p] * sum(Gp[p, o, i] * f[i] for o in range(Gp.shape[1]) for i in range(f.size))
            for p in range(h.size)
        ]
    )


def _eq513(params, rng, corrected):
    V, R, L, seqs, sizes, G, T, h0, scale = _2rnn_setup(params, rng)
    n = L * R * V
    ref = rnn_run(_eq511(T, "id"), h0, seqs, V)
    prose = tt_run(np.transpose(G, (2, 1, 0)), h0, seqs, "id")  # G_{α_t α_{t−1} i_t} as named
    right = tt_run(G, h0, seqs, "id")  # Σ_{α_{t−1}}, G_{α_{t−1}α_ti_t}
    if corrected:
        return compare_values(
            "Eq. 5.13 with Σ over α_{t−1} and G_{α_{t−1}α_ti_t} vs the 2-RNN (Eq. 5.11)",
            right,
            ref,
            n=n,
            scale=scale,
            labels=sequence_labels(seqs, R),
            sizes=sizes,
            control=prose,
            control_label="the printed prose permutation G_{α_t α_{t−1} i_t}",
        )
    literal = rnn_run(_eq513_printed_step(G), h0, seqs, V)
    return Evidence(
        "Eq. 5.13 as printed vs the 2-RNN (Eq. 5.11)",
        sizes=sizes,
        parts={
            "Σ over α_t (printed) vs 2-RNN": compare_values(
                "Eq. 5.13 with its printed Σ_{α_t} (α_{t−1} left free; that α_{t−1}-indexed "
                "output fed back as the next state) vs Eq. 5.11 with T_{jik} = G_{jki} (G and "
                "h^(0) with i.i.d. N(0, 1) entries)",
                literal,
                ref,
                n=n,
                scale=scale,
                labels=sequence_labels(seqs, R),
                sizes=sizes,
            ),
            "prose permutation G_{α_t α_{t−1} i_t} vs 2-RNN": compare_values(
                "TT recurrence with G permuted as the prose says vs Eq. 5.11",
                prose,
                ref,
                n=n,
                scale=scale,
                labels=sequence_labels(seqs, R),
                sizes=sizes,
            ),
        },
    )


def _ranged_sum(h, T, f, j_max, k_max):
    """Σ_{j ≤ j_max} Σ_{k ≤ k_max} h_j T_{jik} f_k with the index ranges taken literally
    (``np.take(..., mode="raise")``): typed iff no index runs past h ∈ ℝ^R or f ∈ ℝ^{|V|}
    and the ranges cover both (the sum equals the full contraction (h)ᵀT_{:,i,:}f)."""
    j, k = np.arange(j_max), np.arange(k_max)
    try:
        part = np.einsum(
            "j,jik,k->i",
            np.take(h, j, mode="raise"),
            np.take(np.take(T, j, axis=0, mode="raise"), k, axis=2, mode="raise"),
            np.take(f, k, mode="raise"),
        )
    except IndexError as exc:
        return False, str(exc)
    full = np.einsum("j,jik,k->i", h, T, f)
    if not np.array_equal(part, full):
        return (
            False,
            f"ranges j ≤ {j_max}, k ≤ {k_max} leave part of h ∈ ℝ^{h.size} or f ∈ ℝ^{f.size} out",
        )
    return True, None


def _eq514(params, rng, corrected):
    """Eq. 5.14: ranges as printed (Σ_{j ≤ |V|} on h_j ∈ ℝ^R, Σ_{k ≤ R} on f_k ∈ ℝ^{|V|}) or
    corrected (Σ_{j ≤ R}, Σ_{k ≤ |V|}), against the slice form of Eq. 5.11."""
    V, R, L, seqs, sizes, G, T, h0, scale = _2rnn_setup(params, rng)
    n = L * R * V
    ref = rnn_run(_eq511(T, "tanh"), h0, seqs, V)
    fixed = rnn_run(lambda h, f: np.tanh(np.einsum("j,jik,k->i", h, T, f)), h0, seqs, V)
    first_leg = rnn_run(lambda h, f: np.tanh(np.einsum("j,ijk,k->i", h, T, f)), h0, seqs, V)
    sum_ranges = compare_values(
        "Eq. 5.14 with Σ_{j=1}^R Σ_{k=1}^{|V|} vs the slice form (h)ᵀT_{:,i,:}f (φ = tanh)",
        fixed,
        ref,
        n=n,
        scale=scale,
        labels=sequence_labels(seqs, R),
        sizes=sizes,
        control=first_leg,
        control_label="the output index on T's first leg (T_ijk)",
    ).keyed("matched-ranges")
    if corrected:
        return sum_ranges
    f = np.eye(V)[seqs[0][0]]  # the first input's one-hot f ∈ ℝ^{|V|}
    typed, why = _ranged_sum(h0, T, f, V, R)  # printed: Σ_{j ≤ |V|} h_j, Σ_{k ≤ R} f_k
    too_long, why_c = _ranged_sum(h0, T, f, V + 1, R)
    compared = (
        f"Eq. 5.14's printed ranges Σ_{{j=1}}^{{|V|}} h_j, Σ_{{k=1}}^R f_k are typed "
        f"(|V| = {V}, R = {R})"
    )
    return Evidence(
        "Eq. 5.14 as printed",
        sizes=sizes,
        parts={
            "printed ranges typed": Evidence(
                compared,
                key="printed-ranges",
                passed=typed,
                sizes=sizes,
                details={"numpy": why or "typed"},
                counterexample=None
                if typed
                else {
                    "vocab_size": V,
                    "rank": R,
                    "why": f"Σ_{{j ≤ |V|}} h_j runs j up to |V| = {V}, past h ∈ ℝ^R (R = {R})"
                    if V > R
                    else "the ranges do not cover h, f",
                },
                control=Evidence(
                    f"control (a range one too long: Σ_{{j≤|V|+1}}) of: {compared}",
                    passed=too_long,
                    details={"numpy": why_c or "typed"},
                ),
            ),
            "the sum itself (ranges matched to h and f)": sum_ranges,
        },
    )


# -- registration ------------------------------------------------------------------------
_T531_STATEMENT = (
    '- Eq. 5.11: "h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:}(f^{(t)}) + b), (5.11) where T_{:,i,:} ∈ '
    'ℝ^{R×|V|} is the ith slice of tensor T ∈ ℝ^{R×R×|V|}, and b is a bias vector. …" (with '
    "b = 0; the sentence that follows, on ignoring b, is thesis-eq-5.11-bias)\n- Claim 5.3.1: "
    '"The third-order tensor T in '
    "2-RNNs equals the TT-cores in TTLMs. There is a nonlinear activation φ such that the hidden "
    'states of 2-RNNs are identical to that of TTLMs when they are accompanied by φ."'
)
_T531_REFS = (Ref("thesis", "§5.3.2, Claim 5.3.1, Eq. 5.11"), Ref("ttlm", "App. B.1, Claim B.1"))
_T_SLICE = (
    "T_{:,i,:} ∈ ℝ^{R×|V|} is the ith slice of tensor T ∈ ℝ^{R×R×|V|}",
    "thesis §5.3.2, after Eq. 5.11",
)

claim(
    "thesis-claim-5.3.1",
    "2-RNN = TTLM core (thesis layout)",
    _T531_STATEMENT,
    _T531_REFS,
    small_claim_531,
    topic="rnn-equivalences",
    space=SPACE,
    scaled=scaled_second_order,
    scaled_space=_SECOND_ORDER_SCALED,
    uses=("ttlm-claim-b1",),
    proof=PROOFS + "prove_thesis_claim_5_3_1",
    expected="holds",
    scope="b = 0 only (the 2-RNN of Eq. 5.11 without its bias; the bias sentence after "
    "Eq. 5.11 is thesis-eq-5.11-bias)",
    readings=[
        Reading(
            "T = G up to legs",
            "T_(j i k) = G_(j k i): Eq. 5.11's slice index i (output "
            "coordinate) is T's middle leg, G ∈ ℝ^(R×|V|×R) has the output leg last",
            True,
            *_T_SLICE,
        ),
        Reading(
            "T = G entrywise",
            "T and G equal as arrays, no permutation",
            False,
            "Thus, T ∈ ℝ^{R×R×|V|} and G ∈ ℝ^{R×|V|×R} are two same-sized bi-linear maps",
            "thesis §5.3.2, proof of Claim 5.3.1, after Eq. 5.14",
        ),
        Reading(
            "φ = the 2-RNN activation",
            "the TT recurrence followed by the 2-RNN's own φ reproduces the 2-RNN states",
            True,
            "If we add φ for h^{(t)} in TTLMs, the hidden states of 2-RNNs and TTLMs are identical",
            "thesis §5.3.2, end of proof of Claim 5.3.1",
        ),
    ],
    remarks=(
        'Wording, not an erratum: "T … equals the TT-cores" means equal up to the leg permutation '
        "T_{jik} = G_{jki}.",
        'Wording, not an erratum: "Same-sized" means the same number of entries; the '
        "shapes differ.",
        "The claim is checked with b = 0. The reason the thesis gives for "
        "ignoring b (b as a 0th component of f) is false in a bilinear form: "
        f"thesis-eq-5.11-bias, the same erratum as after Eq. 14 of {TTLM_CITED}.",
        "The proof lines Eq. 5.13 and Eq. 5.14 carry misprints of their own "
        "(thesis-eq-5.13, thesis-eq-5.14).",
    ),
)

_EQ513 = (
    '"h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R h^{(t−1)}_{α_{t−1}} G_{α_{t−1}α_ti_t} '
    "f^{(t)}_{i_t}, (5.13) … where we permute the indices of G_{α_{t−1}i_tα_t} as "
    'G_{α_tα_{t−1}i_t}."'
)
corrected_pair(
    "thesis-eq-5.13",
    common=dict(
        topic="rnn-equivalences",
        space=SPACE,
        uses=("thesis-claim-5.3.1",),
        # the Σ_{α_t} of Eq. 5.13 is printed again in Eq. 5.17 (one edit, thesis-eq-5.17)
        refs=refs(
            "thesis",
            "§5.3.2, proof of Claim 5.3.1, Eq. 5.13; proof of Claim 5.3.2, Eq. 5.17",
            "ttlm",
            "App. B.1, Eq. 16",
        ),
    ),
    printed=dict(
        title="Eq. 5.13: TT recurrence summed over α_t",
        statement=_EQ513,
        small=lambda p, rng: _eq513(p, rng, False),
        expected="fails",
        defect=Defect(
            "misprint",
            printed='Eq. 5.13: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R …"',
            meant='Eq. 5.13: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R …"',
            erratum=SUM_OVER_FREE_ALPHA,
            why="The left side is h^{(t)}_{α_t}, so α_t is the free index; the "
            "printed Σ_{α_t} sums it away and leaves α_{t−1} (of h^{(t−1)}) "
            "free, the opposite of the contraction h^{(t)} = (h^{(t−1)})ᵀGf^{(t)} "
            "of Eq. 5.8, which sums α_{t−1} and i_t.",
            also=(
                Defect(
                    "misprint",
                    printed='after Eq. 5.13: "where we permute the indices of '
                    'G_{α_{t−1}i_tα_t} as G_{α_tα_{t−1}i_t}"',
                    meant='"… as G_{α_{t−1}α_ti_t}" (the order Eq. 5.13 uses)',
                    erratum="thesis-eq5.13-permutation-wording",
                    why="Eq. 5.13 writes the core as G_{α_{t−1}α_ti_t} "
                    "(previous state index, new state index, word), not "
                    "G_{α_tα_{t−1}i_t}; with the sentence's order the two "
                    "state indices are swapped, a different map.",
                ),
            ),
        ),
    ),
    corrected=dict(
        title="Eq. 5.13 summed over α_{t−1}",
        statement=(
            'Corrected: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R h^{(t−1)}_{α_{t−1}} '
            "G_{α_{t−1}α_ti_t} f^{(t)}_{i_t}, where we permute the indices of "
            'G_{α_{t−1}i_tα_t} as G_{α_{t−1}α_ti_t}."'
        ),
        small=lambda p, rng: _eq513(p, rng, True),
        expected="holds",
    ),
)

_EQ514 = (
    '"h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}) = φ(Σ_{j=1}^{|V|} Σ_{k=1}^R h^{(t−1)}_j '
    'T_{jik} f^{(t)}_k), (5.14) where j, k are the dummy indices as i_t, α_t."'
)
corrected_pair(
    "thesis-eq-5.14",
    common=dict(
        topic="rnn-equivalences",
        space=SPACE,
        uses=("thesis-claim-5.3.1",),
        refs=refs("thesis", "§5.3.2, proof of Claim 5.3.1, Eq. 5.14"),
    ),
    printed=dict(
        title="Eq. 5.14: the 2-RNN with swapped summation ranges",
        statement=_EQ514,
        small=lambda p, rng: _eq514(p, rng, False),
        expected="fails",
        defect=Defect(
            "misprint",
            printed="Σ_{j=1}^{|V|} Σ_{k=1}^R … as i_t, α_t",
            meant="Σ_{j=1}^{R} Σ_{k=1}^{|V|} … as α_{t−1}, i_t",
            erratum="thesis-eq5.14-swapped-ranges",
            why="In h^{(t−1)}_j T_{jik} f^{(t)}_k the index j runs over the hidden "
            "state h ∈ ℝ^R and k over the one-hot input f ∈ ℝ^{|V|} (T ∈ "
            "ℝ^{R×R×|V|}); the printed ranges are swapped (j to |V|, k to R), so "
            "for |V| > R the sum reads past the end of h, and the dummy indices "
            "correspond to α_{t−1}, i_t of Eq. 5.13, not i_t, α_t.",
        ),
        remarks=(
            f"Eq. 17 of {TTLM_CITED} prints f_j first, and its ranges match there (j "
            "over |V| with f_j, k over R with h_k).",
        ),
    ),
    corrected=dict(
        title="Eq. 5.14 with ranges matched to h and f",
        statement=(
            'Corrected: "h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}) = φ(Σ_{j=1}^{R} '
            "Σ_{k=1}^{|V|} h^{(t−1)}_j T_{jik} f^{(t)}_k), where j, k are the dummy "
            'indices as α_{t−1}, i_t."'
        ),
        small=lambda p, rng: _eq514(p, rng, True),
        expected="holds",
    ),
)
