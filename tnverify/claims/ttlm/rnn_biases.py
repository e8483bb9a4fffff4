"""Small (definition-side) checks of ``ttlm-eq14-bias``, ``thesis-sec-5.3.1`` (and their
corrections) and ``tnverify-augmented-bilinear``; registered in
:mod:`tnverify.claims.ttlm.rnn_equivalences`."""

from __future__ import annotations

import numpy as np

from .. import Evidence
from ..compare import compare_ints, compare_values
from ...conventions import tolerance
from ... import equivalences as eq
from .rnn_runs import rnn_run

__all__ = ["small_eq14_bias", "small_sec_531", "small_augmented"]


def _onehot(w, V):
    e = np.zeros(V)
    e[int(w)] = 1.0
    return e


# -- ttlm-eq14-bias ------------------------------------------------------------------------
def small_eq14_bias(params, rng, corrected):
    if corrected:
        return _eq14_bias_corrected(params, rng)
    V, R = params["vocab_size"], params["rank"]
    T = rng.normal(size=(V, R, R))
    n_h = 8 * R
    H = rng.normal(size=(n_h, R))
    sizes = {"vocab_size": V, "rank": R, "samples": n_h}
    # With f̃ = [1; e_w] and T̃ = [T̃_0; T], Eq. 14's pre-activation is T̃_0 h + e_wᵀ T h:
    # b is representable iff some T̃_0 has T̃_0 h = b for every h.  Least squares over T̃_0.
    residuals, controls = [], []
    for _ in range(3):
        b = rng.normal(size=R)
        rhs = np.tile(b, (n_h, 1))
        X, *_ = np.linalg.lstsq(H, rhs, rcond=None)
        residuals.append(float(np.linalg.norm(H @ X - rhs) / np.linalg.norm(rhs)))
        # control: the same fit on the samples shifted by a constant, H + 1 (an affine
        # rather than linear dependence on h; T̃_0(h + 1) = b for all h still needs b = 0)
        Xc, *_ = np.linalg.lstsq(H + 1.0, rhs, rcond=None)
        controls.append(float(np.linalg.norm((H + 1.0) @ Xc - rhs) / np.linalg.norm(rhs)))
    w = int(rng.integers(V))
    b = rng.normal(size=R)
    T0 = X.T                                     # the best T̃_0 of the last fit
    h0 = np.zeros(R)                             # the minimal counterexample: h = 0
    lhs = T0 @ h0 + np.einsum("j,jik,k->i", _onehot(w, V), T, h0)
    ev = Evidence(
        "Eq. 14 pre-activation f(x)ᵀT_{i,:,:}h + b_i vs the bilinear form of f̃ = [1; f] "
        "(best T̃_0 by least squares over random h, random b)",
        error=max(residuals),
        # the relative residual is 0 up to rounding iff b is representable: n = samples·R
        tolerance=tolerance(np.float64, n=n_h * R, norm=1.0), sizes=sizes,
        control=Evidence("control (samples shifted to h + 1) of: the least-squares fit of b by "
                         "T̃_0 h", error=max(controls),
                         tolerance=tolerance(np.float64, n=n_h * R, norm=1.0)),
        details={"relative residuals": residuals,
                 "why": "T̃_0 h is linear in h, so it vanishes at h = 0 while b does not"},
        counterexample={"h": h0.tolist(), "word": w, "augmented pre-activation": lhs.tolist(),
                        "Eq. 14 pre-activation": b.tolist()})
    return ev


def _eq14_bias_corrected(params, rng):
    import torch
    from ...cells.recurrent import SecondOrderRNN
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    T, b, h0 = rng.normal(size=(V, R, R)), rng.normal(size=R), rng.normal(size=R)
    seqs = rng.integers(0, V, size=(6, L))
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    ref = rnn_run(lambda h, f: np.tanh(np.einsum("j,jik,k->i", f, T, h) + b), h0, seqs, V)
    n, labels = L * (R + 1) * (V + 1), np.repeat(seqs, L * R, axis=0)
    Ga = eq.second_order_to_augmented_core(T, b)
    G1 = np.zeros((R + 1, V, R + 1))             # one-hot f: h̃ = [h; 1] alone
    G1[:R, :, :R] = eq.second_order_to_tt_core(T)
    G1[R, :, :R] = b
    G1[R, :, R] = 1.0
    # semantic control: the printed "ignore b" (the 2-RNN without its bias)
    no_bias = rnn_run(lambda h, f: np.tanh(np.einsum("j,jik,k->i", f, T, h)), h0, seqs, V)
    parts = {}
    for name, G, aug_f in (("h̃=[h;1], f̃=[f;1]", Ga, True), ("h̃=[h;1], one-hot f", G1, False)):
        got = rnn_run(lambda h, f: eq.augmented_step(G, h, eq.augment_input(f) if aug_f else f,
                                                     np.tanh),
                      eq.augment_hidden(h0), seqs, V)
        parts[name] = compare_values(f"Eq. 14 with bias vs augmented core ({name})",
                                     got[..., :R], ref, n=n, scale=1.0 + np.abs(b).sum(),
                                     labels=labels, sizes=sizes, control=no_bias,
                                     control_label="b dropped (the printed 'ignore b')")
        parts[name + ": constant slot"] = compare_values(
            "constant slot stays 1", got[..., R], np.ones(got.shape[:2]), n=n)
    cell = SecondOrderRNN(T, bias=b, phi="tanh", h0=h0)
    parts["SecondOrderRNN(bias) cell vs Eq. 14"] = compare_values(
        "torch cell vs definition", cell(torch.as_tensor(seqs), return_all=True), ref, n=n,
        scale=1.0 + np.abs(b).sum())
    return Evidence("2-RNN with bias vs TT core on the augmented hidden state", parts=parts,
                    sizes=sizes)


# -- thesis-sec-5.3.1 ---------------------------------------------------------------------
def small_sec_531(params, rng, corrected):
    V, R = params["vocab_size"], params["rank"]
    G1, G = rng.normal(size=(V, R)), rng.normal(size=(R, V, R))
    Gt_a = rng.normal(size=(V, R))               # reading (a): |V|×R, as displayed
    w2 = int(rng.integers(V))
    sizes = {"vocab_size": V, "rank": R}
    f1 = _onehot(0, V)                            # f^{(1)}_1 = 1
    h1 = f1 @ G1
    first = compare_values("f^{(1)ᵀ}G^{(1)} vs [G_11, …, G_1R]", h1, G1[0, :], n=V,
                           scale=np.abs(G1).max())
    h2 = np.einsum("p,poi,i->o", h1, np.transpose(G, (0, 2, 1)), _onehot(w2, V))
    second = compare_values("(h^{(1)})ᵀ G f^{(2)} (G permuted to R×R×|V|) vs the slice "
                            "product G^{(1)}_{w1,:} G_{:,w2,:}", h2, G1[0] @ G[:, w2, :],
                            n=R * V, scale=np.abs(G1[0]) @ np.abs(G[:, w2, :]))
    h = h2
    if corrected:
        shown = np.array([sum(Gt_a[v, i] * h[i] for i in range(R)) for v in range(V)])
        ref = np.einsum("p,vp->v", h, Gt_a)      # Eq. 5.9 by einsum
        p = np.exp(shown - shown.max())
        p /= p.sum()
        return Evidence("worked example (first, second, corrected last part)", sizes=sizes,
                        parts={"first part": first, "second part": second,
                               "last part (corrected) vs Eq. 5.9 einsum": compare_values(
                                   "corrected displayed vector vs einsum", shown, ref, n=R,
                                   scale=np.abs(Gt_a) @ np.abs(h),
                                   control=np.einsum("p,vp->v", h1, Gt_a),
                                   control_label="h^(1) in place of h^(2) (the window "
                                                 "shifted by one step)"),
                               "length |V|": compare_ints("output length", [shown.size], [V]),
                               "softmax sums to 1": compare_values(
                                   "Σ ψ(·)", p.sum(), 1.0, n=V)})
    readings = {}
    for name, Gt in (("a", Gt_a), ("b", Gt_a.T.copy())):
        # the displayed right-hand side: entry j = Σ_{i=1}^R 𝐆^{(t)}_{ij} h_j, j = 1..R
        shown = np.array([sum(Gt[i, j] * h[j] for i in range(R)) for j in range(R)])
        prod = h @ Gt.T if name == "a" else h @ Gt          # (a) hᵀGᵀ, (b) hᵀG (R×|V|)
        k = min(R, V)
        readings[name] = Evidence(
            f"reading ({name}): displayed last part vs the product", sizes=sizes,
            parts={"first part": first, "second part": second,
                   "last part: length": compare_ints("length of the displayed vector vs "
                                                     "of the product", [shown.size], [prod.size]),
                   "last part: first entries": compare_values(
                       "displayed entries vs product entries (first min(R,|V|))", shown[:k],
                       prod[:k], n=R, scale=np.abs(h).max() * np.abs(Gt).sum(axis=0).max())})
    return Evidence("thesis §5.3.1 worked example, each displayed right-hand side",
                    readings=readings, sizes=sizes)


# -- tnverify-augmented-bilinear --------------------------------------------------------------
def _families(V, R, rng):
    A, B, b = rng.normal(size=(R, R)), rng.normal(size=(R, V)), rng.normal(size=R)
    W, U = rng.normal(size=(R, V)), rng.normal(size=(R, R))
    al, b1, b2, bm = rng.normal(size=(4, R))
    T, bt = rng.normal(size=(V, R, R)), rng.normal(size=R)
    from ...cells import recurrent as rc
    return {
        "vanilla RNN": (lambda h, f: A @ h + B @ f + b, eq.vanilla_rnn_to_augmented_core(A, B, b),
                        lambda h0: rc.VanillaRNN(A, B, b, phi="tanh", h0=h0)),
        "general MI": (lambda h, f: al * (W @ f) * (U @ h) + b1 * (U @ h) + b2 * (W @ f) + bm,
                       eq.mi_rnn_to_augmented_core(W, U, al, b1, b2, bm),
                       lambda h0: rc.GeneralMIRNN(W, U, al, b1, b2, bm, phi="tanh", h0=h0)),
        "2-RNN with bias": (lambda h, f: np.einsum("j,jik,k->i", f, T, h) + bt,
                            eq.second_order_to_augmented_core(T, bt),
                            lambda h0: rc.SecondOrderRNN(T, bias=bt, phi="tanh", h0=h0)),
    }


def small_augmented(params, rng):
    import torch
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(6, L))
    h0 = rng.normal(size=R)
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    parts = {}
    for fam, (pre, Ga, make_cell) in _families(V, R, rng).items():
        hs, fs = rng.normal(size=(5, R)), rng.normal(size=(5, V))       # real f, not one-hot
        got = np.array([eq.augmented_step(Ga, eq.augment_hidden(h), eq.augment_input(f))
                        for h, f in zip(hs, fs)])
        # semantic control: f̃ = [f; 0], the constant input slot dropped (no bias terms)
        no_slot = np.array([eq.augmented_step(Ga, eq.augment_hidden(h),
                                              np.r_[f, 0.0]) for h, f in zip(hs, fs)])
        want = np.array([np.r_[pre(h, f), 1.0] for h, f in zip(hs, fs)])
        scale = np.array([np.einsum("p,pio,i->o", np.abs(eq.augment_hidden(h)), np.abs(Ga),
                                    np.abs(eq.augment_input(f))) for h, f in zip(hs, fs)])
        n = (R + 1) * (V + 1)                   # one bilinear form per output entry
        parts[f"{fam}: one step, real f"] = compare_values(
            f"{fam} pre-activation vs bilinear form on [h;1], [f;1]", got, want, n=n,
            scale=scale, sizes=sizes, control=no_slot,
            control_label="f̃ = [f; 0] (the constant input slot dropped)")
        ref = rnn_run(lambda h, f: np.tanh(pre(h, f)), h0, seqs, V)
        aug = rnn_run(lambda h, f: eq.augmented_step(Ga, h, eq.augment_input(f), np.tanh),
                      eq.augment_hidden(h0), seqs, V)
        step_scale = 1.0 + np.abs(Ga).sum(axis=(0, 1)).max()   # |h̃| ≤ 1 after a tanh step
        parts[f"{fam}: sequences, φ=tanh"] = compare_values(
            f"{fam} recurrence vs augmented TT recurrence (φ on the first R slots)", aug,
            np.concatenate([ref, np.ones(ref.shape[:2] + (1,))], axis=-1),
            n=L * n, scale=step_scale + np.abs(h0).max() * np.abs(Ga).max() * (R + 1),
            labels=np.repeat(seqs, L * (R + 1), axis=0), sizes=sizes)
        cell = make_cell(h0)
        parts[f"{fam}: torch cell vs definition"] = compare_values(
            f"torch {type(cell).__name__} vs definition", cell(torch.as_tensor(seqs),
                                                              return_all=True), ref,
            n=L * n, scale=step_scale + np.abs(h0).max() * np.abs(Ga).max() * (R + 1))
        parts[f"{fam}: cell.augmented_core()"] = compare_values(
            "cell's augmented core vs the map", cell.augmented_core(), Ga, n=1)
    return Evidence("affine recurrences as TT cores on [f; 1] and [h; 1]", parts=parts,
                    sizes=sizes)
