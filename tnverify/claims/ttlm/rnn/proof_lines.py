"""The proof lines of ttlm Claims B.1 and B.2 as their own claims: Eq. 14's
slice and Eq. 16 (``ttlm-eq16``) and Eq. 20 (``ttlm-eq20``), each with its ``-corrected``
twin.  The printed Eq. 16 and Eq. 20 sum over ``α_t`` — the free index of the left-hand
side — and leave ``α_{t−1}`` unbound (erratum ``ttlm-appB-sum-over-free-alpha_t``, shared
with thesis Eq. 5.13 and Eq. 5.17).

Definition side (numpy, float64): each printed line is evaluated literally on one-hot
inputs, with its summation indices as printed — an index the line does not sum over but
that appears on its right-hand side only is read as the component it labels (for Eq. 16
literal, ``h'_k = (Σ_{i,a} f_i G_{i a k}) h_k``) — next to the recurrence it unfolds
(Eq. 17 / Eq. 18–19 run step by step).
"""

from __future__ import annotations

import numpy as np

from ... import Evidence
from ...compare import compare_ints, compare_values
from .runs import PHIS, rnn_run, tt_run

__all__ = ["small_eq16", "small_eq20"]


def _draw(params, rng):
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(params.get("sequences", 6), L))
    return V, R, L, seqs


def _labels(seqs, R):
    """One label per compared entry (sequence, step, hidden coordinate), all 0-based."""
    return [
        f"words {tuple(int(w) for w in s)}, step t = {t + 1}, hidden coordinate {a} "
        f"(words and coordinate 0-based)"
        for s in seqs
        for t in range(seqs.shape[1])
        for a in range(R)
    ]


#: The one reading under which the printed Eq. 16 / Eq. 20 is evaluated (its left-hand
#: α_t is the bound variable of the right-hand Σ, so the line has no single reading).
LITERAL = (
    "read as a function of its one free index α_(t−1), written to coordinate α_(t−1): "
    "h'_(α_(t−1)) = (Σ_(i_t, α_t) f_(i_t) G_(i_t α_t α_(t−1))) h_(α_(t−1)) (the left-hand "
    "α_t is the bound variable of the Σ)"
)
#: Eq. 20's extra convention: W^hx indexed as its declared shape allows.
WHX_AS_EDIT_4 = (
    "; W^hx indexed W^hx_(j i_t), as the W^hx edit of Eq. 20 reads it (the printed W^hx_(i_t j) is out of range "
    "for i_t > R)"
)


def _eq16_step(Gp, phi, literal):
    """Eq. 16 with ``Gp[i_t, α_t, α_{t−1}]``: as printed (Σ over i_t and α_t, α_{t−1} left
    free) or corrected (Σ over i_t and α_{t−1})."""
    if literal:
        return lambda h, f: PHIS[phi](np.einsum("i,iak->k", f, Gp) * h)
    return lambda h, f: PHIS[phi](np.einsum("i,iak,k->a", f, Gp, h))


# -- ttlm-eq16 (with Eq. 14's slice) ------------------------------------------------------
def small_eq16(params, rng, corrected=False):
    V, R, L, seqs = _draw(params, rng)
    T, h0 = rng.normal(size=(V, R, R)), rng.normal(size=R)  # T ∈ ℝ^{M×R×R}, M = |V|
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    n = L * R * V
    Gp = T  # Eq. 16/17: T_{jik} = G_{i_t α_t α_{t−1}}
    G = np.einsum("iop->pio", T)  # design view G_{α_{t−1} i_t α_t}
    ref = {
        phi: rnn_run(lambda h, f, p=phi: PHIS[p](np.einsum("j,jik,k->i", f, T, h)), h0, seqs, V)
        for phi in ("id", "tanh")
    }  # Eq. 17
    scale = rnn_run(lambda h, f: np.einsum("j,jik,k->i", f, np.abs(T), h), np.abs(h0), seqs, V)
    parts = {}
    for phi in ("id", "tanh"):
        printed = rnn_run(_eq16_step(Gp, phi, True), h0, seqs, V)
        meant = rnn_run(_eq16_step(Gp, phi, False), h0, seqs, V)
        value, wrong = (meant, printed) if corrected else (printed, meant)
        parts[
            f"Eq. 16 ({'Σ over α_(t−1)' if corrected else 'Σ over α_t, as printed'}) "
            f"vs Eq. 17, φ={phi}"
        ] = compare_values(
            f"Eq. 16 {'corrected' if corrected else 'as printed, ' + LITERAL + ','} iterated "
            f"over the sequence{' (φ after each step)' if phi != 'id' else ''} vs "
            f"the 2-RNN of Eq. 17, φ={phi}",
            value,
            ref[phi],
            n=n,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=sizes,
            control=wrong if corrected else None,
            control_label="Eq. 16 as printed (Σ over the free α_t)" if corrected else None,
        )
    parts["Eq. 16 (corrected) = TT recurrence with G_(α_(t−1) i_t α_t)"] = compare_values(
        "Eq. 16 corrected vs the TT step h'_o = Σ_(p,i) h_p G_(pio) f_i",
        rnn_run(_eq16_step(Gp, "id", False), h0, seqs, V),
        tt_run(G, h0, seqs),
        n=n,
        scale=scale,
        labels=_labels(seqs, R),
        sizes=sizes,
        control=tt_run(np.einsum("pio->oip", G), h0, seqs),
        control_label="the TT step with G's bond legs swapped",
    )
    i = int(rng.integers(R))
    piece = T[:, i, :] if corrected else T[i, :, :]
    parts["Eq. 14: the i-th slice ∈ ℝ^(M×R)"] = compare_ints(
        f"shape of {'T_(:,i,:)' if corrected else 'T_(i,:,:)'} of T ∈ ℝ^(M×R×R) (M = |V| = "
        f"{V}, R = {R}) vs the printed M×R",
        list(piece.shape),
        [V, R],
    ).keyed("eq-14-slice")
    if corrected:
        f = np.eye(V)[int(rng.integers(V))]
        h = rng.normal(size=R)
        parts["Eq. 14 with T_(:,i,:) = Eq. 17 (all i)"] = compare_values(
            "[f(x)ᵀ T_(:,i,:) h]_i vs Σ_(j,k) f_j T_(jik) h_k",
            np.array([f @ T[:, k, :] @ h for k in range(R)]),
            np.einsum("j,jik,k->i", f, T, h),
            n=V * R,
            scale=np.einsum("j,jik,k->i", f, np.abs(T), np.abs(h)),
            sizes=sizes,
            control=np.array([f @ T[:, :, k] @ h for k in range(R)]),
            control_label="the slice T_(:,:,i) (the wrong leg)",
        )
    return Evidence(
        (
            "Eq. 14 slice and Eq. 16 with the edits"
            if corrected
            else "Eq. 14 slice and Eq. 16 as printed"
        )
        + " vs the 2-RNN of Eq. 17",
        parts=parts,
        sizes=sizes,
    )


# -- ttlm-eq20 ----------------------------------------------------------------------------
def _delta3(R):
    d = np.zeros((R, R, R))
    d[(np.arange(R),) * 3] = 1.0
    return d


def small_eq20(params, rng, corrected=False):
    V, R, L, seqs = _draw(params, rng)
    X, Y, h0 = rng.normal(size=(R, V)), rng.normal(size=(R, R)), rng.normal(size=R)
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    n = L * R * V
    d3 = _delta3(R)
    # G_{i_t α_t α_{t−1}} = Σ_{j,k} W^hx_{j i_t} δ_{j α_t k} W^hh_{k α_{t−1}} (the meant line 1)
    Gp = np.einsum("ji,jak,kp->iap", X, d3, Y)
    rac = {
        phi: rnn_run(lambda h, f, p=phi: PHIS[p]((X @ f) * (Y @ h)), h0, seqs, V)
        for phi in ("id", "tanh")
    }  # Eq. 18, Eq. 19
    scale = rnn_run(lambda h, f: (np.abs(X) @ f) * (np.abs(Y) @ h), np.abs(h0), seqs, V)
    parts = {}
    for phi, name in (("id", "RAC (Eq. 18)"), ("tanh", "MI-RNN (Eq. 19)")):
        printed = rnn_run(_eq16_step(Gp, phi, True), h0, seqs, V)
        meant = rnn_run(_eq16_step(Gp, phi, False), h0, seqs, V)
        value, wrong = (meant, printed) if corrected else (printed, meant)
        parts[
            f"Eq. 20 ({'Σ over α_(t−1)' if corrected else 'Σ over α_t, as printed'}) vs {name}"
        ] = compare_values(
            f"Eq. 20 {'corrected' if corrected else 'as printed, ' + LITERAL + WHX_AS_EDIT_4 + ','}"
            f" iterated over the sequence{' (φ after each step)' if phi != 'id' else ''} vs "
            f"{name}",
            value,
            rac[phi],
            n=n,
            scale=scale,
            labels=_labels(seqs, R),
            sizes=sizes,
            control=wrong if corrected else None,
            control_label="Eq. 20 as printed (Σ over the free α_t)" if corrected else None,
        )
    if corrected:
        f = np.eye(V)[int(rng.integers(V))]
        h = rng.normal(size=R)
        line1 = np.einsum("i,ji,jak,kp,p->a", f, X, d3, Y, h)
        parts["Eq. 20 line 1 (Σ_(j,k), W^hx_(j i_t)) = Eq. 18"] = compare_values(
            "Σ_(i_t, α_(t−1), j, k) f W^hx_(j i_t) δ_(j α_t k) W^hh_(k α_(t−1)) h vs (W^hx f) ⊙ "
            "(W^hh h)",
            line1,
            (X @ f) * (Y @ h),
            n=V * R**3,
            scale=(np.abs(X) @ f) * (np.abs(Y) @ np.abs(h)),
            sizes=sizes,
            control=np.einsum("i,ji,jak,pk,p->a", f, X, d3, Y, h),
            control_label="W^hh transposed (W^hh_(α_(t−1) k))",
        )
    else:
        parts["Eq. 20 line 1: W^hx_(i_t j) on W^hx ∈ ℝ^(R×|V|)"] = compare_ints(
            f"rows of W^hx (R = {R}) vs the range of its first printed index i_t (|V| = {V})",
            [R],
            [V],
        )
    return Evidence(
        "Eq. 20 "
        + ("with the edits" if corrected else "as printed")
        + " vs the RAC / MI-RNN recurrences (Eq. 18–19)",
        parts=parts,
        sizes=sizes,
    )
