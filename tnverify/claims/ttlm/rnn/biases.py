"""Small (definition-side) checks of ``ttlm-eq14-bias``, ``thesis-sec-5.3.1`` (and their
corrections) and ``tnverify-augmented-bilinear``; registered in
:mod:`tnverify.claims.ttlm.rnn.equivalences`."""

from __future__ import annotations

import numpy as np

from .... import equivalences as eq
from ....conventions import tolerance
from ... import Evidence
from ...compare import compare_values
from .runs import rnn_run

__all__ = ["small_eq14_bias"]


def onehot(w, V):
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
    T0 = X.T  # the best T̃_0 of the last fit
    h0 = np.zeros(R)  # the minimal counterexample: h = 0
    lhs = T0 @ h0 + np.einsum("j,jik,k->i", onehot(w, V), T, h0)
    ev = Evidence(
        "Eq. 14 pre-activation f(x)ᵀT_{i,:,:}h + b_i vs the bilinear form of f̃ = [1; f] "
        "(best T̃_0 by least squares over random h, random b)",
        error=max(residuals),
        # the relative residual is 0 up to rounding iff b is representable: n = samples·R
        tolerance=tolerance(np.float64, n=n_h * R, norm=1.0),
        sizes=sizes,
        control=Evidence(
            "control (samples shifted to h + 1) of: the least-squares fit of b by T̃_0 h",
            error=max(controls),
            tolerance=tolerance(np.float64, n=n_h * R, norm=1.0),
        ),
        details={
            "relative residuals": residuals,
            "why": "T̃_0 h is linear in h, so it vanishes at h = 0 while b does not",
        },
        counterexample={
            "h": h0.tolist(),
            "word (0-based)": w,
            "augmented pre-activation": lhs.tolist(),
            "Eq. 14 pre-activation": b.tolist(),
        },
    )
    return ev


def _eq14_bias_corrected(params, rng):
    import torch

    from ....cells.recurrent import SecondOrderRNN

    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    T, b, h0 = rng.normal(size=(V, R, R)), rng.normal(size=R), rng.normal(size=R)
    seqs = rng.integers(0, V, size=(6, L))
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    ref = rnn_run(lambda h, f: np.tanh(np.einsum("j,jik,k->i", f, T, h) + b), h0, seqs, V)
    n, labels = L * (R + 1) * (V + 1), np.repeat(seqs, L * R, axis=0)
    Ga = eq.second_order_to_augmented_core(T, b)
    G1 = np.zeros((R + 1, V, R + 1))  # one-hot f: h̃ = [h; 1] alone
    G1[:R, :, :R] = eq.second_order_to_tt_core(T)
    G1[R, :, :R] = b
    G1[R, :, R] = 1.0
    # semantic control: the printed "ignore b" (the 2-RNN without its bias)
    no_bias = rnn_run(lambda h, f: np.tanh(np.einsum("j,jik,k->i", f, T, h)), h0, seqs, V)
    parts = {}
    for name, G, aug_f in (("h̃=[h;1], f̃=[f;1]", Ga, True), ("h̃=[h;1], one-hot f", G1, False)):
        got = rnn_run(
            lambda h, f: eq.augmented_step(G, h, eq.augment_input(f) if aug_f else f, np.tanh),
            eq.augment_hidden(h0),
            seqs,
            V,
        )
        parts[name] = compare_values(
            f"Eq. 14 with bias vs augmented core ({name})",
            got[..., :R],
            ref,
            n=n,
            scale=1.0 + np.abs(b).sum(),
            labels=labels,
            sizes=sizes,
            control=no_bias,
            control_label="b dropped (the printed 'ignore b')",
        )
        parts[name + ": constant slot"] = compare_values(
            "constant slot stays 1", got[..., R], np.ones(got.shape[:2]), n=n
        )
    cell = SecondOrderRNN(T, bias=b, phi="tanh", h0=h0)
    parts["SecondOrderRNN(bias) cell vs Eq. 14"] = compare_values(
        "torch cell vs definition",
        cell(torch.as_tensor(seqs), return_all=True),
        ref,
        n=n,
        scale=1.0 + np.abs(b).sum(),
    )
    return Evidence(
        "2-RNN with bias vs TT core on the augmented hidden state", parts=parts, sizes=sizes
    )
