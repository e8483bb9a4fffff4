"""Small (definition-side) checks of ttlm Claims B.1 (``ttlm-claim-b1``: the 2-RNN is a
TTLM core, with its activation) and B.2 (``ttlm-claim-b2``: RAC and MI-RNN under each
reading of the printed indexing), registered in :mod:`.equivalences`.

Definition side (numpy, float64): each printed recurrence is evaluated literally on
explicit one-hot vectors (its index ranges and index roles as printed), next to the TT
step ``h'_o = φ(Σ_{p,i} h_p G_{pio} f_i)`` with the core built under each reading; the
torch cells of :mod:`tnverify.cells.recurrent` are the implementation.
"""

from __future__ import annotations

import itertools

import numpy as np

from .... import equivalences as eq
from ... import Evidence
from ...compare import compare_values
from .runs import PHIS, rnn_run, tt_run


def _labels(seqs, R: int) -> np.ndarray:
    """Entry k of a flattened ``(S, L, R)`` state array belongs to sequence ``k // (L·R)``."""
    return np.repeat(seqs, seqs.shape[1] * R, axis=0)


def _sizes(params):
    return {k: params[k] for k in ("vocab_size", "rank", "steps") if k in params}


def _draw(params, rng):
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(params.get("sequences", 6), L))
    return V, R, L, seqs


def _perm_table(T, R, V, reference, h0, seqs, phi, n):
    """For each of the 6 index permutations G = T.transpose(perm): 'not typed',
    'matches' or 'differs' (hidden states vs ``reference``)."""
    table = {}
    for perm in itertools.permutations(range(3)):
        G = np.transpose(T, perm)
        key = f"G = T.transpose{perm}"
        if G.shape != (R, V, R):
            table[key] = f"not typed (shape {G.shape}, need {(R, V, R)})"
            continue
        ev = compare_values(
            "", tt_run(G, h0, seqs, phi), reference, n=n, scale=np.abs(reference).max() + 1.0
        )
        table[key] = "matches" if ev.ok else f"differs (scaled error {ev.error:.3g})"
    return table


# -- ttlm-claim-b1 -----------------------------------------------------------------------
def small_b1(params, rng):
    import torch

    from ....cells.recurrent import SecondOrderRNN

    V, R, L, seqs = _draw(params, rng)
    T, h0 = rng.normal(size=(V, R, R)), rng.normal(size=R)
    n = L * R * V  # per step: Σ over j ≤ |V| and k ≤ R; L steps

    def eq17(Tm, phi):  # h_i = φ(Σ_{j=1}^{|V|} Σ_{k=1}^R f_j T_{jik} h_k), Eq. 17
        return lambda h, f: PHIS[phi](np.einsum("j,jik,k->i", f, Tm, h))

    scale = rnn_run(eq17(np.abs(T), "id"), np.abs(h0), seqs, V)  # |T|,|h0| bound the error
    G = np.einsum("iop->pio", T)  # Eq. 16: G_{α_{t-1} i_t α_t} permuted as G_{i_t α_t α_{t-1}} = T
    # semantic control: the bond legs swapped (T_jik identified with G_{α_t i_t α_{t−1}})
    G_swapped = np.einsum("iop->oip", T)
    parts = {}
    for phi in ("id", "tanh"):
        ref = rnn_run(eq17(T, phi), h0, seqs, V)
        parts[f"Eq. 17 vs TT step with G from Eq. 16, φ={phi}"] = compare_values(
            f"2-RNN Eq. 17 vs TT recurrence Eq. 16 (+φ), φ={phi}",
            tt_run(G, h0, seqs, phi),
            ref,
            n=n,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=_sizes(params),
            control=tt_run(G_swapped, h0, seqs, phi),
            control_label="G with α_{t−1} and α_t swapped (a transposed index)",
        )
        cell = SecondOrderRNN(T, phi=None if phi == "id" else phi, h0=h0)
        out = cell(torch.as_tensor(seqs), return_all=True)
        parts[f"SecondOrderRNN cell vs Eq. 17, φ={phi}"] = compare_values(
            "torch SecondOrderRNN vs Eq. 17", out, ref, n=n, scale=scale
        )
    lib = eq.second_order_to_tt_core(T, "ttlm")
    parts["equivalences.second_order_to_tt_core = Eq. 16 identification"] = compare_values(
        "library map vs the Eq. 16 permutation", lib, G, n=1
    )
    table = _perm_table(T, R, V, rnn_run(eq17(T, "tanh"), h0, seqs, V), h0, seqs, "tanh", n)
    return Evidence(
        "2-RNN (Eq. 14/17) hidden states vs TT recurrence with G = permuted T",
        parts=parts,
        sizes=_sizes(params),
        details={
            "permutations (φ=tanh)": table,
            "note": "Eq. 16 prints Σ over α_t, the free index; read as "
            "Σ over α_{t-1} (the index shared with h^{(t-1)})",
        },
    )


# -- ttlm-claim-b2 (thesis Claim 5.3.2 lives in tnverify.claims.thesis.rac_mi_rnns) ---
# G_{p i o} under each reading; X = input-to-hidden (R×|V|), Y = hidden-to-hidden (R×R).
RAC_READINGS = {
    "ttlm": {  # Eq. 20: W^{hx}_{i_t j} δ_{j α_t k} W^{hh}_{k α_{t-1}}
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{k α_{t-1}} (printed)": ("io", "op"),
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{k α_{t-1}} (printed)": ("oi", "op"),
        "b: W^{hx}_{i_t j} (printed), W^{hh}_{α_{t-1} k} (declared)": ("io", "po"),
        "b: W^{hx}_{j i_t} (declared), W^{hh}_{α_{t-1} k} (declared)": ("oi", "po"),
    },
}
CORRECT_RAC_INDEXING = ("oi", "op")


def _rac_eq(X, Y, phi):  # Eq. 18 / 5.15 (RAC), Eq. 19 / 5.16 (MI-RNN)
    return lambda h, f: PHIS[phi]((X @ f) * (Y @ h))


def _rac_core(X, Y, idx):
    xi, yi = idx
    R, V = Y.shape[0], X.shape[1]
    if xi == "io" and V != R:
        return None, f"W^{{hx}}_{{i_t j}} indexes the R×|V| matrix by i_t ≤ |V|; |V|={V}, R={R}"
    return np.einsum(f"{xi},{yi}->pio", X, Y), None


def _rac_reading(X, Y, h0, seqs, idx, sizes):
    V, R = X.shape[1], Y.shape[0]
    G, why = _rac_core(X, Y, idx)
    if G is None:
        return Evidence("RAC vs TT recurrence", ill_posed=why, sizes=sizes)
    L = seqs.shape[1]
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, V)
    # semantic control of the declared indexing: the core with W^hh's indices transposed
    # (k and α_{t−1} swapped); another reading's core is itself a wrong variant
    G_t = _rac_core(X, Y, (idx[0], idx[1][::-1]))[0] if idx == CORRECT_RAC_INDEXING else None
    parts = {}
    for name, phi in (("RAC (Eq. 18/5.15)", "id"), ("MI-RNN (Eq. 19/5.16), φ=tanh", "tanh")):
        parts[name] = compare_values(
            f"{name} vs TT recurrence (+φ)",
            tt_run(G, h0, seqs, phi),
            rnn_run(_rac_eq(X, Y, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=sizes,
            **(
                dict(
                    control=tt_run(G_t, h0, seqs, phi),
                    control_label="W^{hh} with its two indices transposed",
                )
                if G_t is not None
                else {}
            ),
        )
    return Evidence(
        "RAC / MI-RNN vs TT recurrence with the δ-contracted core", parts=parts, sizes=sizes
    )


def _hadamard_reading(R, L, seqs, rng):
    """Reading (a): G = X ⊙ Y (|V| = R).  The RAC is not a function of X ⊙ Y: rescale X
    by S and Y by 1/S entrywise (same Hadamard product) and compare the hidden states."""
    X, Y, h0 = rng.normal(size=(R, R)), rng.normal(size=(R, R)), rng.normal(size=R)
    S = rng.uniform(0.5, 2.0, size=(R, R))
    X2, Y2 = X * S, Y / S
    seqs = seqs % R
    sizes = {"vocab_size": R, "rank": R, "steps": L}
    same = compare_values("X ⊙ Y of both parameter sets", X2 * Y2, X * Y, n=2, scale=np.abs(X * Y))
    a = rnn_run(_rac_eq(X, Y, "id"), h0, seqs, R)
    b = rnn_run(_rac_eq(X2, Y2, "id"), h0, seqs, R)
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, R) + rnn_run(
        _rac_eq(np.abs(X2), np.abs(Y2), "id"), np.abs(h0), seqs, R
    )
    det = compare_values(
        "RAC states of (X, Y) vs (X⊙S, Y⊘S): equal if X⊙Y determines the RAC",
        b,
        a,
        n=L * R * R,
        scale=scale,
        labels=_labels(seqs, R),
        sizes=sizes,
    )
    return Evidence(
        "G = W^{hx} ⊙ W^{hh} (elementwise, |V| = R) as the RAC's core",
        parts={"same Hadamard product": same, "same RAC hidden states": det},
        sizes=sizes,
        details={"note": "an R×R matrix is not a third-order core; and different RACs share it"},
    )


def small_rac(params, rng, paper):
    V, R, L, seqs = _draw(params, rng)
    X, Y, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    sizes = _sizes(params)
    readings = {"a: elementwise ⊙": _hadamard_reading(R, L, seqs, rng)}
    for name, idx in RAC_READINGS[paper].items():
        readings[name] = _rac_reading(X, Y, h0, seqs, idx, sizes)
    return Evidence(
        "RAC / MI-RNN vs TT recurrence, G = W^{hx} ⊙ W^{hh} under each reading",
        readings=readings,
        sizes=sizes,
    )


def small_rac_corrected(params, rng):
    import torch

    from ....cells.recurrent import MIRNN, RAC

    V, R, L, seqs = _draw(params, rng)
    X, Y, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    sizes = _sizes(params)
    ev = _rac_reading(X, Y, h0, seqs, CORRECT_RAC_INDEXING, sizes)
    scale = rnn_run(_rac_eq(np.abs(X), np.abs(Y), "id"), np.abs(h0), seqs, V)
    tok = torch.as_tensor(seqs)
    for name, cell, phi in (
        ("RAC cell", RAC(X, Y, h0=h0), "id"),
        ("MIRNN cell", MIRNN(X, Y, h0=h0), "tanh"),
    ):
        ev.parts[f"{name} vs Eq. 18/19"] = compare_values(
            f"torch {name} vs definition",
            cell(tok, return_all=True),
            rnn_run(_rac_eq(X, Y, phi), h0, seqs, V),
            n=L * R * V,
            scale=scale,
        )
    ev.parts["equivalences.rac_to_tt_core"] = compare_values(
        "library map vs G_{pio} = W^{hx}_{oi} W^{hh}_{op}",
        eq.rac_to_tt_core(X, Y),
        np.einsum("oi,op->pio", X, Y),
        n=1,
    )
    return ev
