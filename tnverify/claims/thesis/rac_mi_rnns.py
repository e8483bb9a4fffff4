"""Claim 5.3.2 of thesis §5.3 (RAC / MI-RNN are TTLMs with G = A ⊙ B,
``thesis-claim-5.3.2`` and its variant) with its proof line Eq. 5.17 (``thesis-eq-5.17``
and twin).

A claim's verdict concerns its own sentence; a misprint in a proof line is its own claim.
The recurrences are run literally on one-hot inputs (numpy float64) next to the TT step
(:mod:`tnverify.claims.ttlm.rnn.runs`); the torch cells of :mod:`tnverify.cells.recurrent`
are the implementation.  The ttlm paper states the same results in App. B
(:mod:`tnverify.claims.ttlm.rnn.equivalences`).
"""

from __future__ import annotations

import numpy as np

from ... import equivalences as eq
from .. import Defect, Evidence, Reading, Ref
from ..compare import compare_values
from ..registration import claim, corrected_pair, refs
from ..rnn_equivalences_scaled import scaled_rac
from ..ttlm.rnn.runs import PHIS, rnn_run, tt_run
from .rnn_equivalences import PROOFS, SPACE, SUM_OVER_FREE_ALPHA, draw_case, sequence_labels

_RAC_SCALED = {
    "small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
    "large": ({"vocab_size": 10_000, "rank": 64, "length": 2048, "batch": 1024},),
}


# -- RAC / MI-RNN (Eq. 5.15–5.17) -------------------------------------------------------
#: Reading key → (index of B as "o i" (printed B_{k i_t}) or "i o", index of A as "o p"
#: (printed A_{j α_{t−1}}) or "p o"): G_{p i o} = B[..] A[..] under the δ-contraction.
_RAC_INDEXING = {
    "b: A, B as printed": ("oi", "op"),
    "b: A transposed": ("oi", "po"),
    "b: B transposed": ("io", "op"),
    "b: A, B transposed": ("io", "po"),
}


def _rac_eq(B, A, phi):  # Eq. 5.15 (RAC), Eq. 5.16 (MI-RNN)
    return lambda h, f: PHIS[phi]((A @ h) * (B @ f))


def _rac_core(B, A, idx):
    bi, ai = idx
    R, V = A.shape[0], B.shape[1]
    if bi == "io" and V != R:
        return None
    return np.einsum(f"{bi},{ai}->pio", B, A)


def _rac_setup(params, rng):
    V, R, L, seqs, sizes = draw_case(params, rng)
    B, A, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    scale = rnn_run(_rac_eq(np.abs(B), np.abs(A), "id"), np.abs(h0), seqs, V)
    return V, R, L, seqs, sizes, B, A, h0, scale


def _rac_reading(B, A, h0, seqs, idx, sizes, scale):
    V, R, L = B.shape[1], A.shape[0], seqs.shape[1]
    G = _rac_core(B, A, idx)
    if G is None:
        return Evidence(
            "RAC vs TT recurrence",
            sizes=sizes,
            ill_posed=(
                f"B_(i_t k) indexes B ∈ ℝ^(R×|V|) by i_t ≤ |V| in its first leg; |V|={V}, R={R}"
            ),
        )
    wrong = np.einsum("oi,po->pio", B, A)  # A transposed: the control
    parts = {}
    for name, phi in (("RAC (Eq. 5.15)", "id"), ("MI-RNN (Eq. 5.16), φ=tanh", "tanh")):
        parts[name] = compare_values(
            f"{name} vs TT recurrence (+φ)",
            tt_run(G, h0, seqs, phi),
            rnn_run(_rac_eq(B, A, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
            labels=sequence_labels(seqs, R),
            sizes=sizes,
            control=tt_run(
                wrong if idx != ("oi", "po") else np.einsum("oi,op->pio", B, A) * 1.5, h0, seqs, phi
            ),
            control_label="A transposed in the δ-contraction"
            if idx != ("oi", "po")
            else "the core scaled by 3/2",
        )
    return Evidence(
        "RAC / MI-RNN vs TT recurrence with the δ-contracted core", parts=parts, sizes=sizes
    )


def small_claim_532(params, rng):
    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    readings = {
        "a: elementwise ⊙": Evidence(
            "G = A ⊙ B as the Hadamard product of the two matrices",
            sizes=sizes,
            ill_posed=f"A ∈ ℝ^(R×R) and B ∈ ℝ^(R×|V|) (R={R}, |V|={V}): the product is at most "
            "an R×R matrix, not the third-order core G ∈ ℝ^(R×|V|×R)",
        ).keyed("a-elementwise")
    }
    for name, idx in _RAC_INDEXING.items():
        readings[name] = _rac_reading(B, A, h0, seqs, idx, sizes, scale).keyed(
            name.replace(":", "").replace(",", "").replace(" ", "-").lower()
        )  # b-a-transposed
    return Evidence(
        "RAC / MI-RNN vs TT recurrence, G = A ⊙ B under each reading",
        readings=readings,
        sizes=sizes,
    )


def small_claim_532_cells(params, rng):
    """The variant twin: the δ-contraction core, the torch RAC / MI-RNN cells and the
    library map."""
    import torch

    from ...cells.recurrent import MIRNN, RAC

    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    ev = _rac_reading(B, A, h0, seqs, _RAC_INDEXING["b: A, B as printed"], sizes, scale)
    tok = torch.as_tensor(seqs)
    for name, cell, phi in (
        ("RAC cell", RAC(B, A, h0=h0), "id"),
        ("MIRNN cell", MIRNN(B, A, h0=h0), "tanh"),
    ):
        ev.parts[f"{name} vs Eq. 5.15/5.16"] = compare_values(
            f"torch {name} vs definition",
            cell(tok, return_all=True),
            rnn_run(_rac_eq(B, A, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
            control=rnn_run(_rac_eq(B, A.T, phi), h0, seqs, V),
            control_label="A transposed",
        )
    ev.parts["equivalences.rac_to_tt_core"] = compare_values(
        "library map vs G_{pio} = B_{oi} A_{op}",
        eq.rac_to_tt_core(B, A),
        np.einsum("oi,op->pio", B, A),
        n=1,
        control=np.einsum("oi,po->pio", B, A),
        control_label="A transposed",
    )
    return ev


def _eq517(params, rng, corrected):
    """Eq. 5.17 literally: the printed sums Σ_{i_t} Σ_{α_t} (j, k unsummed, α_t summed)
    leave the free indices (α_{t−1}, j, k), not the output α_t; corrected: Σ_{i_t}
    Σ_{α_{t−1}} Σ_{j,k}."""
    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    delta = np.zeros((R, R, R))
    delta[np.arange(R), np.arange(R), np.arange(R)] = 1.0
    f, h = np.eye(V)[int(seqs[0, 0])], h0
    printed = np.einsum("ja,a,jok,ki,i->ajk", A, h, delta, B, f)  # Σ over α_t and i_t
    only_prev = np.einsum("ja,a,jok,ki,i->ojk", A, h, delta, B, f)  # Σ over α_{t−1}, i_t
    G = np.einsum("oi,op->pio", B, A)
    ref = rnn_run(_rac_eq(B, A, "id"), h0, seqs, V)
    n = L * R * V
    first = lambda hh, ff: np.einsum("ja,a,jok,ki,i->o", A, hh, delta, B, ff)
    second = lambda hh, ff: np.einsum("p,pio,i->o", hh, G, ff)
    wrong_sum = lambda hh, ff: np.einsum("p,pio,i->p", hh, G, ff)  # Σ over α_t
    if corrected:
        parts = {}
        for label, step in (("first line", first), ("second line", second)):
            parts[f"{label} (Σ over α_{{t−1}}, j, k) vs RAC (Eq. 5.15)"] = compare_values(
                f"Eq. 5.17 {label} with the corrected sums vs the RAC states",
                rnn_run(step, h0, seqs, V),
                ref,
                n=n,
                scale=scale,
                labels=sequence_labels(seqs, R),
                sizes=sizes,
                control=rnn_run(wrong_sum, h0, seqs, V),
                control_label="the printed Σ over α_t",
            )
        parts["G_{α_{t−1}α_ti_t} = A_{α_tα_{t−1}}B_{α_ti_t}"] = compare_values(
            "δ-contraction Σ_{j,k} A_{jα_{t−1}}δ_{jα_tk}B_{ki_t} vs A_{α_tα_{t−1}}B_{α_ti_t}",
            np.einsum("ja,jok,ki->aio", A, delta, B),
            G,
            n=R * R,
            control=np.einsum("oi,po->pio", B, A),
            control_label="A transposed",
        )
        return Evidence("Eq. 5.17 with the corrected sums", parts=parts, sizes=sizes)
    # the printed first line leaves (α_{t−1}, j, k) free; its values as a state: j, k summed
    # too (the most favourable reading), leaving α_{t−1} where the output α_t should be
    printed_step = lambda hh, ff: np.einsum("ja,a,jok,ki,i->ajk", A, hh, delta, B, ff).sum(
        axis=(1, 2)
    )
    return Evidence(
        "Eq. 5.17 as printed",
        sizes=sizes,
        details={
            "printed first line: free-index array shape": list(printed.shape),
            "Σ over α_{t−1} only: free-index array shape": list(only_prev.shape),
        },
        parts={
            "first line (Σ over α_t, j and k then summed) vs RAC": compare_values(
                "Eq. 5.17 first line with its printed Σ_{α_t} (free α_{t−1}, j, k; j, k then "
                "summed) vs the RAC states (Eq. 5.15)",
                rnn_run(printed_step, h0, seqs, V),
                ref,
                n=n,
                scale=scale,
                labels=sequence_labels(seqs, R),
                sizes=sizes,
            ).keyed("first-line"),
            "second line (Σ over α_t) vs RAC": compare_values(
                "Eq. 5.17 second line with its printed Σ_{α_t} vs the RAC states (Eq. 5.15)",
                rnn_run(wrong_sum, h0, seqs, V),
                ref,
                n=n,
                scale=scale,
                labels=sequence_labels(seqs, R),
                sizes=sizes,
            ),
        },
    )


# -- registration ------------------------------------------------------------------------
_T532_STATEMENT = (
    '- Notation: "A ∈ ℝ^{R×R} for the hidden-to-hidden matrix, B ∈ ℝ^{R×|V|} for the '
    'input-to-hidden matrix".\n- RAC and MI-RNN: "h^{(t)} = Ah^{(t−1)} ⊙ Bf^{(t)}, (5.15)"; '
    '"h^{(t)} = φ(Ah^{(t−1)} ⊙ Bf^{(t)}). (5.16)".\n- Claim 5.3.2: "Given the condition the '
    "TT-scores: G = A ⊙ B. The hidden states of RACs are identical to that of TTLMs. There is "
    "a nonlinear function φ such that the hidden states of MI-RNNs are identical to that of "
    'TTLMs if they are accompanied by φ."\n- ⊙ as the proof defines it (Eq. 5.17): "The '
    'Hadamard product of the two is a third-order diagonal tensor δ … where G = A ⊙ B."'
)
_T532_REFS = (
    Ref("thesis", "§5.3.2, Claim 5.3.2, Eq. 5.15–5.17; §6.2.2"),
    Ref("ttlm", "App. B.2, Claim B.2"),
)
_EQ517 = "A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} B_{ki_t} f^{(t)}_{i_t}"
_B_T = (
    "B_(i_t k) on B ∈ ℝ^(R×|V|)",
    _EQ517,
    "thesis §5.3.2, Eq. 5.17 in the proof (B's second index is i_t, as the notation's "
    "B ∈ ℝ^{R×|V|})",
)
claim(
    "thesis-claim-5.3.2",
    "RAC / MI-RNN = TTLM with G = A ⊙ B",
    _T532_STATEMENT,
    _T532_REFS,
    small_claim_532,
    topic="rnn-equivalences",
    space=SPACE,
    scaled=scaled_rac,
    scaled_space=_RAC_SCALED,
    uses=("ttlm-eq5",),
    expected="holds",
    readings=[
        Reading(
            "a: elementwise ⊙",
            "G = A ⊙ B as the Hadamard product of the two matrices "
            "(|V| = R only) — a matrix, not a third-order core",
            False,
            "Note that the intermediate TT-cores 𝐆 are third-order tensors, unlike the "
            "matrices 𝐆^{(1)} and 𝐆^{(t)}",
            "thesis §5.3.1, after the second part "
            '(the proof of Claim 5.3.2 calls the product "a third-order diagonal tensor '
            'δ", too)',
        ),
        Reading(
            "b: A, B as printed",
            "G_(α_(t−1) α_t i_t) = Σ_(j,k) A_(j α_(t−1)) "
            "δ_(j α_t k) B_(k i_t) = A_(α_t α_(t−1)) B_(α_t i_t)",
            True,
            "A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} B_{ki_t} f^{(t)}_{i_t} … where G = A ⊙ B",
            "thesis §5.3.2, Eq. 5.17; Eq. 5.15 h^{(t)} = Ah^{(t−1)} ⊙ Bf^{(t)}",
        ),
        Reading(
            "b: A transposed",
            "A_(α_(t−1) j) in the δ-contraction (computes Aᵀh)",
            False,
            _EQ517,
            "thesis §5.3.2, Eq. 5.17 in the proof (A's second index meets "
            "h^{(t−1)}, as 𝐀𝐡^{(t−1)} in Eq. 5.15)",
        ),
        Reading("b: B transposed", _B_T[0], False, *_B_T[1:]),
        Reading("b: A, B transposed", _B_T[0] + " and A_(α_(t−1) j)", False, *_B_T[1:]),
    ],
    remarks=(
        '"TT-scores" for "TT-cores" (here and in §6.2.2) is an editorial slip of its own, '
        "thesis-claim-5.3.2-tt-scores.",
        'Notation, not an erratum: "G = A ⊙ B" is the thesis\'s notation for the δ-contraction (a row-wise '
        'face-splitting product), not the matrix Hadamard product; calling δ "the '
        'Hadamard product of the two" is loose wording on correct mathematics.',
        "The cores are constrained to G_{:,i,:} = diag(B_{:,i}) A (leg order α_t "
        "first): RACs/MI-RNNs are special cases of TTLMs, not the general case.",
        "The proof line Eq. 5.17 carries a misprinted sum of its own (thesis-eq-5.17).",
    ),
)
# the former -corrected twin: kept registered (ids are stable) as a holding variant
claim(
    "thesis-claim-5.3.2-variant",
    "Variant: RAC / MI-RNN cells = TTLM with the δ-contraction core",
    (
        "Variant (not a correction: thesis-claim-5.3.2 holds as printed): the core is the "
        "δ-contraction G_{α_{t−1} i_t α_t} = Σ_{j,k} A_{j α_{t−1}} δ_{j α_t k} B_{k i_t} = "
        "A_{α_t α_{t−1}} B_{α_t i_t} (Eq. 5.17 as printed, not the elementwise product); the "
        "RAC and MI-RNN cells' hidden states equal the TT recurrence's (the MI-RNN's followed "
        "by φ)."
    ),
    _T532_REFS,
    small_claim_532_cells,
    topic="rnn-equivalences",
    space=SPACE,
    scaled=scaled_rac,
    scaled_space=_RAC_SCALED,
    uses=("ttlm-eq5",),
    expected="holds",
    proof=PROOFS + "prove_rac_core",
    varies="thesis-claim-5.3.2",
)

_EQ517 = (
    '"h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} '
    "B_{ki_t} f^{(t)}_{i_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R h^{(t−1)}_{α_{t−1}} "
    'G_{α_{t−1}α_ti_t} f^{(t)}_{i_t}, (5.17) where G = A ⊙ B."'
)
corrected_pair(
    "thesis-eq-5.17",
    common=dict(
        topic="rnn-equivalences",
        space=SPACE,
        uses=("thesis-claim-5.3.2",),
        refs=refs("thesis", "§5.3.2, proof of Claim 5.3.2, Eq. 5.17", "ttlm", "App. B.2, Eq. 20"),
    ),
    printed=dict(
        title="Eq. 5.17: the δ-contraction summed over α_t",
        statement=_EQ517,
        small=lambda p, rng: _eq517(p, rng, False),
        expected="fails",
        defect=Defect(
            "misprint",
            printed='Eq. 5.17: "Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R" (both lines)',
            meant='Eq. 5.17: "Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R" (both lines)',
            erratum=SUM_OVER_FREE_ALPHA,
            why="The left side is h^{(t)}_{α_t}, so α_t is the free (output) index; "
            "a sum over α_t removes it and leaves α_{t−1} free, while the "
            "contraction that gives the new state sums the previous state's index "
            "α_{t−1}. With Σ_{α_t} the right side is not a function of α_t "
            "(the counterexample evaluates it against the RAC states of Eq. "
            "5.15).",
        ),
        remarks=(
            "j and k carry no Σ in the first line; they are repeated indices, which a "
            'tensor contraction sums (Def. 3.1.2: "the sum of all the possible values of '
            'the repeated indices"), so that is no erratum.',
        ),
    ),
    corrected=dict(
        title="Eq. 5.17 summed over α_{t−1}, j, k",
        statement=(
            'Corrected: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R Σ_{j,k=1}^R '
            "A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} B_{ki_t} f^{(t)}_{i_t} = "
            "Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R h^{(t−1)}_{α_{t−1}} G_{α_{t−1}α_ti_t} "
            'f^{(t)}_{i_t}, with G_{α_{t−1}α_ti_t} = A_{α_tα_{t−1}}B_{α_ti_t}."'
        ),
        small=lambda p, rng: _eq517(p, rng, True),
        expected="holds",
    ),
)
