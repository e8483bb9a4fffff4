"""Claims of seed 001 (thesis) §5.3 on which RNNs are tensor trains: Claim 5.3.1 (the 2-RNN,
``thesis-claim-5.3.1``) with its proof lines Eq. 5.13 and Eq. 5.14 (``thesis-eq-5.13``,
``thesis-eq-5.14`` and their twins), Claim 5.3.2 (RAC / MI-RNN, ``thesis-claim-5.3.2``) with
its proof line Eq. 5.17 (``thesis-eq-5.17`` and twin), and the worked example of §5.3.1
(``thesis-sec-5.3.1`` and its twin).

A claim's verdict concerns its own sentence; a misprint in a proof line is its own claim.
The recurrences are run literally on one-hot inputs (numpy float64) next to the TT step
``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)`` (:mod:`tnverify.claims.ttlm.rnn_runs`); the torch
cells of :mod:`tnverify.cells.recurrent` are the implementation.  Seed 000 states the same
results in App. B (:mod:`tnverify.claims.ttlm.rnn_equivalences`).
"""

from __future__ import annotations

import numpy as np

from ... import equivalences as eq
from .. import Defect, Evidence, Reading, Ref
from ..compare import compare_values
from ..registration import claim, corrected_pair, refs
from ..ttlm.rnn_biases import small_sec_531
from ..ttlm.rnn_equivalences_scaled import scaled_rac, scaled_second_order
from ..ttlm.rnn_runs import PHIS, rnn_run, tt_run

PROOFS = "proofs/ttlm_rnn.py::"
SPACE = ({"vocab_size": 4, "rank": 3, "steps": 4}, {"vocab_size": 5, "rank": 4, "steps": 5})
_SECOND_ORDER_SCALED = {"small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
                        "large": ({"vocab_size": 10_000, "rank": 64, "length": 512,
                                   "batch": 512},)}
_RAC_SCALED = {"small": ({"vocab_size": 50, "rank": 8, "length": 16, "batch": 32},),
               "large": ({"vocab_size": 10_000, "rank": 64, "length": 2048, "batch": 1024},)}
#: One erratum printed in thesis Eq. 5.13 and 5.17 and seed 000 App. B Eq. 16 and 20.
SUM_OVER_FREE_ALPHA = "ttlm-appB-sum-over-free-alpha_t"


def _draw(params, rng):
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(params.get("sequences", 6), L))
    return V, R, L, seqs, {"vocab_size": V, "rank": R, "steps": L}


def _labels(seqs, R):
    return np.repeat(seqs, seqs.shape[1] * R, axis=0)


# -- 2-RNN (Eq. 5.11) -------------------------------------------------------------------
def _eq511(T, phi):
    """Eq. 5.11: h_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}), T ∈ ℝ^{R×R×|V|} (slice i = middle leg)."""
    R = T.shape[0]
    return lambda h, f: PHIS[phi](np.array([h @ T[:, i, :] @ f for i in range(R)]))


def _2rnn_setup(params, rng):
    V, R, L, seqs, sizes = _draw(params, rng)
    G, h0 = rng.normal(size=(R, V, R)), rng.normal(size=R)      # TT core G_{α_{t−1} i_t α_t}
    T = np.transpose(G, (0, 2, 1))                              # T_{jik} = G_{jki}
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
            tt_run(G, h0, seqs, phi), ref, n=n, scale=scale, labels=_labels(seqs, R),
            sizes=sizes, control=tt_run(np.transpose(G, (2, 1, 0)), h0, seqs, phi),
            control_label="the core's rank legs swapped (G_{α_t i_t α_{t−1}})")
    parts["equivalences.second_order_to_tt_core(layout='thesis')"] = compare_values(
        "library map T ↦ G vs G_{jki} = T_{jik}", eq.second_order_to_tt_core(T, "thesis"), G,
        n=1, control=np.transpose(T, (2, 0, 1)) if V == R else G[::-1],
        control_label="a different leg order")
    entry = Evidence("T and G equal as arrays", sizes=sizes,
                     ill_posed=f"T ∈ ℝ^(R×R×|V|) = {T.shape} and G ∈ ℝ^(R×|V|×R) = {G.shape}"
                               " are different shapes" if V != R else None,
                     skipped=None if V != R else "|V| = R: shapes agree; not a reading")
    return Evidence("2-RNN (Eq. 5.11) vs TT recurrence, T = G up to legs", sizes=sizes,
                    readings={"T = G up to legs": Evidence("T_jik = G_jki", parts=parts,
                                                           sizes=sizes),
                              "T = G entrywise": entry})


def _eq513_printed_step(G):
    """Eq. 5.13 literally: Σ_{i_t} Σ_{α_t} h_{α_{t−1}} G_{α_{t−1}α_ti_t} f_{i_t} — the sum runs
    over the output index α_t and leaves α_{t−1} free: a vector indexed by α_{t−1}."""
    Gp = np.transpose(G, (0, 2, 1))                          # G_{α_{t−1} α_t i_t}
    return lambda h, f: np.array([h[p] * sum(Gp[p, o, i] * f[i] for o in range(Gp.shape[1])
                                             for i in range(f.size))
                                  for p in range(h.size)])


def _eq513(params, rng, corrected):
    V, R, L, seqs, sizes, G, T, h0, scale = _2rnn_setup(params, rng)
    n = L * R * V
    ref = rnn_run(_eq511(T, "id"), h0, seqs, V)
    prose = tt_run(np.transpose(G, (2, 1, 0)), h0, seqs, "id")   # G_{α_t α_{t−1} i_t} as named
    right = tt_run(G, h0, seqs, "id")                          # Σ_{α_{t−1}}, G_{α_{t−1}α_ti_t}
    if corrected:
        return compare_values(
            "Eq. 5.13 with Σ over α_{t−1} and G_{α_{t−1}α_ti_t} vs the 2-RNN (Eq. 5.11)", right,
            ref, n=n, scale=scale, labels=_labels(seqs, R), sizes=sizes, control=prose,
            control_label="the printed prose permutation G_{α_t α_{t−1} i_t}")
    literal = rnn_run(_eq513_printed_step(G), h0, seqs, V)
    return Evidence("Eq. 5.13 as printed vs the 2-RNN (Eq. 5.11)", sizes=sizes, parts={
        "Σ over α_t (printed) vs 2-RNN": compare_values(
            "Eq. 5.13 with its printed Σ_{α_t} (α_{t−1} left free) vs Eq. 5.11", literal, ref,
            n=n, scale=scale, labels=_labels(seqs, R), sizes=sizes),
        "prose permutation G_{α_t α_{t−1} i_t} vs 2-RNN": compare_values(
            "TT recurrence with G permuted as the prose says vs Eq. 5.11", prose, ref, n=n,
            scale=scale, labels=_labels(seqs, R), sizes=sizes)})


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
        fixed, ref, n=n, scale=scale, labels=_labels(seqs, R), sizes=sizes,
        control=first_leg, control_label="the output index on T's first leg (T_ijk)")
    if corrected:
        return sum_ranges
    typed = (V <= R) and (R <= V)        # j ≤ |V| indexes h ∈ ℝ^R; k ≤ R indexes f ∈ ℝ^{|V|}
    compared = (f"Eq. 5.14's printed ranges Σ_{{j=1}}^{{|V|}} h_j, Σ_{{k=1}}^R f_k are typed "
                f"(|V| = {V}, R = {R})")
    return Evidence("Eq. 5.14 as printed", sizes=sizes, parts={
        "printed ranges typed": Evidence(
            compared, passed=typed, sizes=sizes,
            counterexample=None if typed else {"vocab_size": V, "rank": R,
                                               "why": "Σ_{j ≤ |V|} h_j runs past h ∈ ℝ^R"},
            control=Evidence(f"control (a range one too long: Σ_{{j≤|V|+1}}) of: {compared}",
                             passed=(V + 1 <= R) and (R <= V))),
        "the sum itself (ranges matched to h and f)": sum_ranges})


# -- RAC / MI-RNN (Eq. 5.15–5.17) -------------------------------------------------------
#: Reading key → (index of B as "o i" (printed B_{k i_t}) or "i o", index of A as "o p"
#: (printed A_{j α_{t−1}}) or "p o"): G_{p i o} = B[..] A[..] under the δ-contraction.
_RAC_INDEXING = {"b: A, B as printed": ("oi", "op"), "b: A transposed": ("oi", "po"),
                 "b: B transposed": ("io", "op"), "b: A, B transposed": ("io", "po")}


def _rac_eq(B, A, phi):               # Eq. 5.15 (RAC), Eq. 5.16 (MI-RNN)
    return lambda h, f: PHIS[phi]((A @ h) * (B @ f))


def _rac_core(B, A, idx):
    bi, ai = idx
    R, V = A.shape[0], B.shape[1]
    if bi == "io" and V != R:
        return None
    return np.einsum(f"{bi},{ai}->pio", B, A)


def _rac_setup(params, rng):
    V, R, L, seqs, sizes = _draw(params, rng)
    B, A, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    scale = rnn_run(_rac_eq(np.abs(B), np.abs(A), "id"), np.abs(h0), seqs, V)
    return V, R, L, seqs, sizes, B, A, h0, scale


def _rac_reading(B, A, h0, seqs, idx, sizes, scale):
    V, R, L = B.shape[1], A.shape[0], seqs.shape[1]
    G = _rac_core(B, A, idx)
    if G is None:
        return Evidence("RAC vs TT recurrence", sizes=sizes, ill_posed=(
            f"B_(i_t k) indexes B ∈ ℝ^(R×|V|) by i_t ≤ |V| in its first leg; |V|={V}, R={R}"))
    wrong = np.einsum("oi,po->pio", B, A)      # A transposed: the control
    parts = {}
    for name, phi in (("RAC (Eq. 5.15)", "id"), ("MI-RNN (Eq. 5.16), φ=tanh", "tanh")):
        parts[name] = compare_values(
            f"{name} vs TT recurrence (+φ)", tt_run(G, h0, seqs, phi),
            rnn_run(_rac_eq(B, A, phi), h0, seqs, V), n=L * R * V, scale=scale,
            labels=_labels(seqs, R), sizes=sizes,
            control=tt_run(wrong if idx != ("oi", "po") else
                           np.einsum("oi,op->pio", B, A) * 1.5, h0, seqs, phi),
            control_label="A transposed in the δ-contraction" if idx != ("oi", "po") else
            "the core scaled by 3/2")
    return Evidence("RAC / MI-RNN vs TT recurrence with the δ-contracted core", parts=parts,
                    sizes=sizes)


def small_claim_532(params, rng):
    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    readings = {"a: elementwise ⊙": Evidence(
        "G = A ⊙ B as the Hadamard product of the two matrices", sizes=sizes,
        ill_posed=f"A ∈ ℝ^(R×R) and B ∈ ℝ^(R×|V|) (R={R}, |V|={V}): the product is at most "
                  "an R×R matrix, not the third-order core G ∈ ℝ^(R×|V|×R)")}
    for name, idx in _RAC_INDEXING.items():
        readings[name] = _rac_reading(B, A, h0, seqs, idx, sizes, scale)
    return Evidence("RAC / MI-RNN vs TT recurrence, G = A ⊙ B under each reading",
                    readings=readings, sizes=sizes)


def small_claim_532_cells(params, rng):
    """The variant twin: the δ-contraction core, the torch RAC / MI-RNN cells and the
    library map."""
    import torch

    from ...cells.recurrent import MIRNN, RAC
    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    ev = _rac_reading(B, A, h0, seqs, _RAC_INDEXING["b: A, B as printed"], sizes, scale)
    tok = torch.as_tensor(seqs)
    for name, cell, phi in (("RAC cell", RAC(B, A, h0=h0), "id"),
                            ("MIRNN cell", MIRNN(B, A, h0=h0), "tanh")):
        ev.parts[f"{name} vs Eq. 5.15/5.16"] = compare_values(
            f"torch {name} vs definition", cell(tok, return_all=True),
            rnn_run(_rac_eq(B, A, phi), h0, seqs, V), n=L * R * V, scale=scale,
            control=rnn_run(_rac_eq(B, A.T, phi), h0, seqs, V), control_label="A transposed")
    ev.parts["equivalences.rac_to_tt_core"] = compare_values(
        "library map vs G_{pio} = B_{oi} A_{op}", eq.rac_to_tt_core(B, A),
        np.einsum("oi,op->pio", B, A), n=1, control=np.einsum("oi,po->pio", B, A),
        control_label="A transposed")
    return ev


def _eq517(params, rng, corrected):
    """Eq. 5.17 literally: the printed sums Σ_{i_t} Σ_{α_t} (j, k unsummed, α_t summed)
    leave the free indices (α_{t−1}, j, k), not the output α_t; corrected: Σ_{i_t}
    Σ_{α_{t−1}} Σ_{j,k}."""
    V, R, L, seqs, sizes, B, A, h0, scale = _rac_setup(params, rng)
    delta = np.zeros((R, R, R))
    delta[np.arange(R), np.arange(R), np.arange(R)] = 1.0
    f, h = np.eye(V)[int(seqs[0, 0])], h0
    printed = np.einsum("ja,a,jok,ki,i->ajk", A, h, delta, B, f)      # Σ over α_t and i_t
    only_prev = np.einsum("ja,a,jok,ki,i->ojk", A, h, delta, B, f)    # Σ over α_{t−1}, i_t
    G = np.einsum("oi,op->pio", B, A)
    ref = rnn_run(_rac_eq(B, A, "id"), h0, seqs, V)
    n = L * R * V
    first = lambda hh, ff: np.einsum("ja,a,jok,ki,i->o", A, hh, delta, B, ff)
    second = lambda hh, ff: np.einsum("p,pio,i->o", hh, G, ff)
    wrong_sum = lambda hh, ff: np.einsum("p,pio,i->p", hh, G, ff)      # Σ over α_t
    if corrected:
        parts = {}
        for label, step in (("first line", first), ("second line", second)):
            parts[f"{label} (Σ over α_{{t−1}}, j, k) vs RAC (Eq. 5.15)"] = compare_values(
                f"Eq. 5.17 {label} with the corrected sums vs the RAC states",
                rnn_run(step, h0, seqs, V), ref, n=n, scale=scale, labels=_labels(seqs, R),
                sizes=sizes, control=rnn_run(wrong_sum, h0, seqs, V),
                control_label="the printed Σ over α_t")
        parts["G_{α_{t−1}α_ti_t} = A_{α_tα_{t−1}}B_{α_ti_t}"] = compare_values(
            "δ-contraction Σ_{j,k} A_{jα_{t−1}}δ_{jα_tk}B_{ki_t} vs A_{α_tα_{t−1}}B_{α_ti_t}",
            np.einsum("ja,jok,ki->aio", A, delta, B), G, n=R * R,
            control=np.einsum("oi,po->pio", B, A), control_label="A transposed")
        return Evidence("Eq. 5.17 with the corrected sums", parts=parts, sizes=sizes)
    compared = ("the printed sums of Eq. 5.17 leave one free index (the output α_t): "
                f"free-index array shape {printed.shape}")
    return Evidence("Eq. 5.17 as printed", sizes=sizes, parts={
        "first line: free indices": Evidence(
            compared, passed=printed.ndim == 1, sizes=sizes,
            counterexample=None if printed.ndim == 1 else {
                "free_indices": "α_{t−1}, j, k", "shape": list(printed.shape)},
            control=Evidence(f"control (Σ over α_{{t−1}} only, j and k unsummed) of: {compared}",
                             passed=only_prev.ndim == 1)),
        "second line (Σ over α_t) vs RAC": compare_values(
            "Eq. 5.17 second line with its printed Σ_{α_t} vs the RAC states (Eq. 5.15)",
            rnn_run(wrong_sum, h0, seqs, V), ref, n=n, scale=scale, labels=_labels(seqs, R),
            sizes=sizes)})


# -- registration ------------------------------------------------------------------------
_T531_STATEMENT = (
    '- Eq. 5.11: "h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:}(f^{(t)}) + b), (5.11) where T_{:,i,:} ∈ '
    'ℝ^{R×|V|} is the ith slice of tensor T ∈ ℝ^{R×R×|V|}, and b is a bias vector. For '
    'simplicity, we will ignore b for other variants of RNNs since b can be seen as 0th '
    'component of f(x^{(t)}) that equals to 1."\n- Claim 5.3.1: "The third-order tensor T in '
    '2-RNNs equals the TT-cores in TTLMs. There is a nonlinear activation φ such that the hidden '
    'states of 2-RNNs are identical to that of TTLMs when they are accompanied by φ."')
_T531_REFS = (Ref("thesis", "§5.3.2, Claim 5.3.1, Eq. 5.11"), Ref("ttlm", "App. B.1, Claim B.1"))
_T_SLICE = ("T_{:,i,:} ∈ ℝ^{R×|V|} is the ith slice of tensor T ∈ ℝ^{R×R×|V|}",
            "thesis §5.3.2, after Eq. 5.11")

claim("thesis-claim-5.3.1", "2-RNN = TTLM core (thesis layout)", _T531_STATEMENT, _T531_REFS,
      small_claim_531, group="rnn-equivalences", space=SPACE, scaled=scaled_second_order,
      scaled_space=_SECOND_ORDER_SCALED, uses=("ttlm-claim-b1",),
      proof=PROOFS + "prove_thesis_claim_5_3_1", expected="holds",
      readings=[
          Reading("T = G up to legs", "T_(j i k) = G_(j k i): Eq. 5.11's slice index i (output "
                  "coordinate) is T's middle leg, G ∈ ℝ^(R×|V|×R) has the output leg last", True,
                  *_T_SLICE),
          Reading("T = G entrywise", "T and G equal as arrays, no permutation", False,
                  "Thus, T ∈ ℝ^{R×R×|V|} and G ∈ ℝ^{R×|V|×R} are two same-sized bi-linear maps",
                  "thesis §5.3.2, proof of Claim 5.3.1, after Eq. 5.14"),
          Reading("φ = the 2-RNN activation", "the TT recurrence followed by the 2-RNN's own φ "
                  "reproduces the 2-RNN states", True,
                  "If we add φ for h^{(t)} in TTLMs, the hidden states of 2-RNNs and TTLMs are "
                  "identical", "thesis §5.3.2, end of proof of Claim 5.3.1")],
      remarks=("\"T … equals the TT-cores\" means equal up to the leg permutation "
               "T_{jik} = G_{jki}.", "\"Same-sized\" means the same number of entries; the "
               "shapes differ.", "The bias b of Eq. 5.11 is dropped by the stated convention "
               "(b is the 0th component of f).",
               "The proof lines Eq. 5.13 and Eq. 5.14 carry misprints of their own "
               "(thesis-eq-5.13, thesis-eq-5.14)."))

_EQ513 = ('"h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R h^{(t−1)}_{α_{t−1}} G_{α_{t−1}α_ti_t} '
          'f^{(t)}_{i_t}, (5.13) … where we permute the indices of G_{α_{t−1}i_tα_t} as '
          'G_{α_tα_{t−1}i_t}."')
corrected_pair(
    "thesis-eq-5.13",
    common=dict(group="rnn-equivalences", space=SPACE, uses=("thesis-claim-5.3.1",),
                refs=refs("thesis", "§5.3.2, proof of Claim 5.3.1, Eq. 5.13", "ttlm",
                          "App. B.1, Eq. 16")),
    printed=dict(
        title="Eq. 5.13: TT recurrence summed over α_t", statement=_EQ513,
        small=lambda p, rng: _eq513(p, rng, False), expected="fails",
        defect=Defect("misprint", printed="Σ_{α_t=1}^R … as G_{α_tα_{t−1}i_t}",
                      meant="Σ_{α_{t−1}=1}^R … as G_{α_{t−1}α_ti_t}",
                      erratum=SUM_OVER_FREE_ALPHA),
        remarks=("The permutation named in the prose (G_{α_tα_{t−1}i_t}) differs from the one "
                 "the formula uses; that part of the edit is thesis-only.",)),
    corrected=dict(
        title="Eq. 5.13 summed over α_{t−1}",
        statement=('Corrected: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R h^{(t−1)}_{α_{t−1}} '
                   'G_{α_{t−1}α_ti_t} f^{(t)}_{i_t}, where we permute the indices of '
                   'G_{α_{t−1}i_tα_t} as G_{α_{t−1}α_ti_t}."'),
        small=lambda p, rng: _eq513(p, rng, True), expected="holds"))

_EQ514 = ('"h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}) = φ(Σ_{j=1}^{|V|} Σ_{k=1}^R h^{(t−1)}_j '
          'T_{jik} f^{(t)}_k), (5.14) where j, k are the dummy indices as i_t, α_t."')
corrected_pair(
    "thesis-eq-5.14",
    common=dict(group="rnn-equivalences", space=SPACE, uses=("thesis-claim-5.3.1",),
                refs=refs("thesis", "§5.3.2, proof of Claim 5.3.1, Eq. 5.14")),
    printed=dict(
        title="Eq. 5.14: the 2-RNN with swapped summation ranges", statement=_EQ514,
        small=lambda p, rng: _eq514(p, rng, False), expected="fails",
        defect=Defect("misprint", printed="Σ_{j=1}^{|V|} Σ_{k=1}^R … as i_t, α_t",
                      meant="Σ_{j=1}^{R} Σ_{k=1}^{|V|} … as α_{t−1}, i_t",
                      erratum="thesis-eq5.14-swapped-ranges"),
        remarks=("Seed 000's Eq. 17 prints f_j first, and its ranges are typed there.",)),
    corrected=dict(
        title="Eq. 5.14 with ranges matched to h and f",
        statement=('Corrected: "h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:} f^{(t)}) = φ(Σ_{j=1}^{R} '
                   'Σ_{k=1}^{|V|} h^{(t−1)}_j T_{jik} f^{(t)}_k), where j, k are the dummy '
                   'indices as α_{t−1}, i_t."'),
        small=lambda p, rng: _eq514(p, rng, True), expected="holds"))

_T532_STATEMENT = (
    '- Notation: "A ∈ ℝ^{R×R} for the hidden-to-hidden matrix, B ∈ ℝ^{R×|V|} for the '
    'input-to-hidden matrix".\n- RAC and MI-RNN: "h^{(t)} = Ah^{(t−1)} ⊙ Bf^{(t)}, (5.15)"; '
    '"h^{(t)} = φ(Ah^{(t−1)} ⊙ Bf^{(t)}). (5.16)".\n- Claim 5.3.2: "Given the condition the '
    'TT-scores: G = A ⊙ B. The hidden states of RACs are identical to that of TTLMs. There is '
    'a nonlinear function φ such that the hidden states of MI-RNNs are identical to that of '
    'TTLMs if they are accompanied by φ."\n- ⊙ as the proof defines it (Eq. 5.17): "The '
    'Hadamard product of the two is a third-order diagonal tensor δ … where G = A ⊙ B."')
_T532_REFS = (Ref("thesis", "§5.3.2, Claim 5.3.2, Eq. 5.15–5.17; §6.2.2"),
              Ref("ttlm", "App. B.2, Claim B.2"))
_B_T = ("B_(i_t k) on B ∈ ℝ^(R×|V|)",
        "B ∈ ℝ^{R×|V|} for the input-to-hidden matrix … δ_{jα_tk} B_{ki_t}",
        "thesis §5.3.2 notation paragraph; Eq. 5.17")
claim("thesis-claim-5.3.2", "RAC / MI-RNN = TTLM with G = A ⊙ B", _T532_STATEMENT, _T532_REFS,
      small_claim_532, group="rnn-equivalences", space=SPACE, scaled=scaled_rac, scaled_space=_RAC_SCALED,
      uses=("ttlm-eq5",), expected="holds",
      readings=[
          Reading("a: elementwise ⊙", "G = A ⊙ B as the Hadamard product of the two matrices "
                  "(|V| = R only) — a matrix, not a third-order core", False,
                  "The Hadamard product of the two is a third-order diagonal tensor δ",
                  "thesis §5.3.2, proof of Claim 5.3.2 (before Eq. 5.17)"),
          Reading("b: A, B as printed", "G_(α_(t−1) α_t i_t) = Σ_(j,k) A_(j α_(t−1)) "
                  "δ_(j α_t k) B_(k i_t) = A_(α_t α_(t−1)) B_(α_t i_t)", True,
                  "A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} B_{ki_t} f^{(t)}_{i_t} … where "
                  "G = A ⊙ B", "thesis §5.3.2, Eq. 5.17; Eq. 5.15 h^{(t)} = Ah^{(t−1)} ⊙ "
                  "Bf^{(t)}"),
          Reading("b: A transposed", "A_(α_(t−1) j) in the δ-contraction (computes Aᵀh)", False,
                  "h^{(t)} = Ah^{(t−1)} ⊙ Bf^{(t)}, (5.15) … A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}}",
                  "thesis §5.3.2, Eq. 5.15 and Eq. 5.17"),
          Reading("b: B transposed", _B_T[0], False, *_B_T[1:]),
          Reading("b: A, B transposed", _B_T[0] + " and A_(α_(t−1) j)", False, *_B_T[1:])],
      remarks=("\"TT-scores\" should read \"TT-cores\" (also repeated in §6.2.2).",
               "\"G = A ⊙ B\" is the thesis's notation for the δ-contraction (a row-wise "
               "face-splitting product), not the matrix Hadamard product; calling δ \"the "
               "Hadamard product of the two\" is loose wording on correct mathematics.",
               "The cores are constrained to G_{:,i,:} = diag(B_{:,i}) A (leg order α_t "
               "first): RACs/MI-RNNs are special cases of TTLMs, not the general case.",
               "The proof line Eq. 5.17 carries a misprinted sum of its own (thesis-eq-5.17)."))
# the former -corrected twin: kept registered (ids are stable) as a holding variant
claim("thesis-claim-5.3.2-corrected", "Variant: RAC / MI-RNN cells = TTLM with the "
      "δ-contraction core",
      ("Variant (not a correction: thesis-claim-5.3.2 holds as printed): the core is the "
       "δ-contraction G_{α_{t−1} i_t α_t} = Σ_{j,k} A_{j α_{t−1}} δ_{j α_t k} B_{k i_t} = "
       "A_{α_t α_{t−1}} B_{α_t i_t} (Eq. 5.17 as printed, not the elementwise product); the "
       "RAC and MI-RNN cells' hidden states equal the TT recurrence's (the MI-RNN's followed "
       "by φ)."), _T532_REFS, small_claim_532_cells, group="rnn-equivalences", space=SPACE,
      scaled=scaled_rac, scaled_space=_RAC_SCALED, uses=("ttlm-eq5",), expected="holds",
      proof=PROOFS + "prove_rac_core")

_EQ517 = ('"h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} '
          'B_{ki_t} f^{(t)}_{i_t} = Σ_{i_t=1}^{|V|} Σ_{α_t=1}^R h^{(t−1)}_{α_{t−1}} '
          'G_{α_{t−1}α_ti_t} f^{(t)}_{i_t}, (5.17) where G = A ⊙ B."')
corrected_pair(
    "thesis-eq-5.17",
    common=dict(group="rnn-equivalences", space=SPACE, uses=("thesis-claim-5.3.2",),
                refs=refs("thesis", "§5.3.2, proof of Claim 5.3.2, Eq. 5.17", "ttlm",
                          "App. B.2, Eq. 20")),
    printed=dict(
        title="Eq. 5.17: the δ-contraction summed over α_t", statement=_EQ517,
        small=lambda p, rng: _eq517(p, rng, False), expected="fails",
        defect=Defect("misprint", printed="Σ_{α_t=1}^R (both lines), with j, k unsummed",
                      meant="Σ_{α_{t−1}=1}^R in both lines, plus Σ_{j,k=1}^R in the first line",
                      erratum=SUM_OVER_FREE_ALPHA)),
    corrected=dict(
        title="Eq. 5.17 summed over α_{t−1}, j, k",
        statement=('Corrected: "h^{(t)}_{α_t} = Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R Σ_{j,k=1}^R '
                   'A_{jα_{t−1}} h^{(t−1)}_{α_{t−1}} δ_{jα_tk} B_{ki_t} f^{(t)}_{i_t} = '
                   'Σ_{i_t=1}^{|V|} Σ_{α_{t−1}=1}^R h^{(t−1)}_{α_{t−1}} G_{α_{t−1}α_ti_t} '
                   'f^{(t)}_{i_t}, with G_{α_{t−1}α_ti_t} = A_{α_tα_{t−1}}B_{α_ti_t}."'),
        small=lambda p, rng: _eq517(p, rng, True), expected="holds"))

_SEC531_STATEMENT = (
    '- Eq. 5.8: "h^{(t)} = (h^{(t−1)})ᵀ𝐆^{(t)}𝐟^{(t)}, (5.8) where 𝐟^{(t)}, 𝐆^{(t)}, and h^{(t−1)} '
    'are contracted and the indices of 𝐆^{(t)} are permuted from ℝ^{R_{t−1}×|V|×R_t} to '
    'ℝ^{R_{t−1}×R_t×|V|}".\n- First part: "𝐟^{(1)ᵀ}𝐆^{(1)} = [f^{(1)}_1, f^{(1)}_2, …, '
    'f^{(1)}_{|V|}] [𝐆^{(1)}_{11} … 𝐆^{(1)}_{1R}; …; 𝐆^{(1)}_{|V|1} … 𝐆^{(1)}_{|V|R}] = '
    '[𝐆^{(1)}_{11}, 𝐆^{(1)}_{12}, …, 𝐆^{(1)}_{1R}]ᵀ = h^{(1)}, where 𝐆^{(1)} ∈ ℝ^{|V|×R} and '
    'h^{(1)} ∈ ℝ^R".\n- Second part: "The second part of Eq. 5.2 is the intermediate states: '
    '(𝐟^{(i−1)})ᵀ𝐆h^{(i)} where i ∈ {2, 3, …, t−1} defined in Eq. 5.8. For example, h^{(2)} is '
    'computed as follows: h^{(2)} = (h^{(1)})ᵀ𝐆𝐟^{(2)}".\n- Last part: "P̃_{x^{(1:t−1)}} = '
    'ψ((h^{(t−1)})ᵀ𝐆^{(t)}) = ψ([h^{(t−1)}_1, h^{(t−1)}_2, h^{(t−1)}_R] [𝐆^{(t)}_{11} … '
    '𝐆^{(t)}_{1R}; …; 𝐆^{(t)}_{|V|1} … 𝐆^{(t)}_{|V|R}]) = ψ([Σ_{i=1}^R 𝐆^{(t)}_{i1} '
    'h^{(t−1)}_1; Σ_{i=1}^R 𝐆^{(t)}_{i2} h^{(t−1)}_2; …; Σ_{i=1}^R 𝐆^{(t)}_{iR} '
    'h^{(t−1)}_R])".')
corrected_pair(
    "thesis-sec-5.3.1",
    common=dict(group="rnn-equivalences", space=({"vocab_size": 5, "rank": 3},)),
    printed=dict(
        title="worked example of TTLM computation", statement=_SEC531_STATEMENT,
        refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9", "ttlm", "App. A"),
        small=lambda p, rng: small_sec_531(p, rng, False), expected="fails",
        readings=[
            Reading("a", "(h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ with 𝐆^{(t)} ∈ ℝ^{|V|×R}, as displayed", True,
                    "where G^{(t)} ∈ ℝ^{|V|×R_{t−1}} is the last TT-core in TT-format at time t",
                    "thesis §5.2.2, after Eq. 5.9; the matrix displayed |V|×R in §5.3.1"),
            Reading("b", "the literal product with 𝐆^{(t)} laid out R×|V|", True,
                    "P̃_{x^{(1:t−1)}} = ψ((h^{(t−1)})ᵀG^{(t)})",
                    "thesis §5.3.1, last part (the layout of seed 000 Table 2)")],
        defect=Defect("misprint",
                      printed="ψ([Σ_{i=1}^R G^{(t)}_{i1}h^{(t−1)}_1; …; Σ_{i=1}^R "
                              "G^{(t)}_{iR}h^{(t−1)}_R]) with (h^{(t−1)})ᵀG^{(t)}; second part "
                              "\"(f^{(i−1)})ᵀGh^{(i)}\"",
                      meant="ψ(G^{(t)}h^{(t−1)}) = ψ([Σ_{j=1}^R G^{(t)}_{1j}h^{(t−1)}_j; …; "
                            "Σ_{j=1}^R G^{(t)}_{|V|j}h^{(t−1)}_j]) (a |V|-vector) with "
                            "(h^{(t−1)})ᵀ(G^{(t)})ᵀ; second part \"h^{(i)} = "
                            "(h^{(i−1)})ᵀGf^{(i)}\"",
                      erratum="thesis-sec-5.3.1-readout-expansion"),
        remarks=("Eq. 5.8 and the first part hold as printed.",
                 "Seed 000 App. A step III prints a different wrong expansion of the same "
                 "product (its own erratum, ttlm-app-a).")),
    corrected=dict(
        title="worked example, corrected last part",
        statement=("Corrected last part: P̃ = ψ((h^{(t−1)})ᵀ(𝐆^{(t)})ᵀ) = ψ([Σ_{i=1}^R "
                   "𝐆^{(t)}_{1i} h_i; …; Σ_{i=1}^R 𝐆^{(t)}_{|V|i} h_i]) ∈ ℝ^{|V|} (a vector "
                   "over the vocabulary, each entry summing over the hidden index); second "
                   "part: h^{(i)} = (h^{(i−1)})ᵀ𝐆𝐟^{(i)} (as its example h^{(2)} = "
                   "(h^{(1)})ᵀ𝐆𝐟^{(2)}); the first part as printed."),
        refs=refs("thesis", "§5.3.1, Eq. 5.8–5.9"),
        small=lambda p, rng: small_sec_531(p, rng, True)))
