"""The toolkit's claim ``tnverify-augmented-bilinear``: the vanilla RNN, general
multiplicative integration and the 2-RNN with bias are bilinear maps of the augmented
vectors [f; 1] and [h; 1] (the augmented cores of :mod:`tnverify.equivalences`), which the
corrected bias claims of ttlm App. B.1 and thesis §5.3.2 rely on."""

from __future__ import annotations

import numpy as np

from ... import equivalences as eq
from .. import Evidence
from ..compare import compare_values
from ..readings import Reading
from ..registration import claim, refs
from ..ttlm.rnn.equivalences import PROOFS
from ..ttlm.rnn.runs import rnn_run
from ..ttlm.rnn.statements import STATEMENTS


def _families(V, R, rng):
    A, B, b = rng.normal(size=(R, R)), rng.normal(size=(R, V)), rng.normal(size=R)
    W, U = rng.normal(size=(R, V)), rng.normal(size=(R, R))
    al, b1, b2, bm = rng.normal(size=(4, R))
    T, bt = rng.normal(size=(V, R, R)), rng.normal(size=R)
    from ...cells import recurrent as rc

    return {
        "vanilla RNN": (
            lambda h, f: A @ h + B @ f + b,
            eq.vanilla_rnn_to_augmented_core(A, B, b),
            lambda h0: rc.VanillaRNN(A, B, b, phi="tanh", h0=h0),
        ),
        "general MI": (
            lambda h, f: al * (W @ f) * (U @ h) + b1 * (U @ h) + b2 * (W @ f) + bm,
            eq.mi_rnn_to_augmented_core(W, U, al, b1, b2, bm),
            lambda h0: rc.GeneralMIRNN(W, U, al, b1, b2, bm, phi="tanh", h0=h0),
        ),
        "2-RNN with bias": (
            lambda h, f: np.einsum("j,jik,k->i", f, T, h) + bt,
            eq.second_order_to_augmented_core(T, bt),
            lambda h0: rc.SecondOrderRNN(T, bias=bt, phi="tanh", h0=h0),
        ),
    }


def small_augmented(params, rng):
    import torch

    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    seqs = rng.integers(0, V, size=(6, L))
    h0 = rng.normal(size=R)
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    parts = {}
    for fam, (pre, Ga, make_cell) in _families(V, R, rng).items():
        hs, fs = rng.normal(size=(5, R)), rng.normal(size=(5, V))  # real f, not one-hot
        got = np.array(
            [
                eq.augmented_step(Ga, eq.augment_hidden(h), eq.augment_input(f))
                for h, f in zip(hs, fs)
            ]
        )
        # semantic control: f̃ = [f; 0], the constant input slot dropped (no bias terms)
        no_slot = np.array(
            [eq.augmented_step(Ga, eq.augment_hidden(h), np.r_[f, 0.0]) for h, f in zip(hs, fs)]
        )
        want = np.array([np.r_[pre(h, f), 1.0] for h, f in zip(hs, fs)])
        scale = np.array(
            [
                np.einsum(
                    "p,pio,i->o",
                    np.abs(eq.augment_hidden(h)),
                    np.abs(Ga),
                    np.abs(eq.augment_input(f)),
                )
                for h, f in zip(hs, fs)
            ]
        )
        n = (R + 1) * (V + 1)  # one bilinear form per output entry
        parts[f"{fam}: one step, real f"] = compare_values(
            f"{fam} pre-activation vs bilinear form on [h;1], [f;1]",
            got,
            want,
            n=n,
            scale=scale,
            sizes=sizes,
            control=no_slot,
            control_label="f̃ = [f; 0] (the constant input slot dropped)",
        )
        ref = rnn_run(lambda h, f: np.tanh(pre(h, f)), h0, seqs, V)
        aug = rnn_run(
            lambda h, f: eq.augmented_step(Ga, h, eq.augment_input(f), np.tanh),
            eq.augment_hidden(h0),
            seqs,
            V,
        )
        step_scale = 1.0 + np.abs(Ga).sum(axis=(0, 1)).max()  # |h̃| ≤ 1 after a tanh step
        parts[f"{fam}: sequences, φ=tanh"] = compare_values(
            f"{fam} recurrence vs augmented TT recurrence (φ on the first R slots)",
            aug,
            np.concatenate([ref, np.ones(ref.shape[:2] + (1,))], axis=-1),
            n=L * n,
            scale=step_scale + np.abs(h0).max() * np.abs(Ga).max() * (R + 1),
            labels=np.repeat(seqs, L * (R + 1), axis=0),
            sizes=sizes,
        )
        cell = make_cell(h0)
        parts[f"{fam}: torch cell vs definition"] = compare_values(
            f"torch {type(cell).__name__} vs definition",
            cell(torch.as_tensor(seqs), return_all=True),
            ref,
            n=L * n,
            scale=step_scale + np.abs(h0).max() * np.abs(Ga).max() * (R + 1),
        )
        parts[f"{fam}: cell.augmented_core()"] = compare_values(
            "cell's augmented core vs the map", cell.augmented_core(), Ga, n=1
        )
    return Evidence("affine recurrences as TT cores on [f; 1] and [h; 1]", parts=parts, sizes=sizes)


claim(
    "tnverify-augmented-bilinear",
    "vanilla RNN, general MI, 2-RNN with bias: bilinear on [f; 1], [h; 1]",
    STATEMENTS["tnverify-augmented-bilinear"],
    refs(
        "tnverify",
        "equivalences/augmented.py, augmented cores",
        "ttlm",
        "App. B.1–B.2",
        "thesis",
        "§5.3.2",
    ),
    small_augmented,
    topic="rnn-equivalences",
    space=({"vocab_size": 3, "rank": 2, "steps": 3}, {"vocab_size": 5, "rank": 4, "steps": 5}),
    uses=("ttlm-claim-b1", "ttlm-claim-b2", "ttlm-eq14-bias"),
    readings=(
        Reading(
            "augmented",
            "each pre-activation equals Σ_ij 𝒢_ijk f̃_i h̃_j for one fixed core "
            "𝒢 ∈ ℝ^{(M+1)×(R+1)×(R+1)}, the output slot R+1 equal to 1 and the activation on "
            "slots 1..R only (β₁/β₂ named as in the statement; the thesis swaps them)",
            True,
            "we will ignore b for other variants of RNNs since b can be seen as 0th component "
            "of f(x^(t)) which equals to 1",
            "ttlm App. B.1 after Eq. 14; thesis §5.3.2 after Eq. 5.11",
        ),
    ),
    remarks=(
        "The papers' shortcut (b as a constant 0th component of f) alone is not enough "
        "for 2-RNNs: a constant f-slot contributes Σ_j T_{0jk} h_j, linear in h, not a "
        "constant; the constant slot of h in this statement repairs it. That is judged "
        "under ttlm-eq14-bias, not here.",
    ),
    proof=PROOFS + "prove_augmented_bilinear",
)
