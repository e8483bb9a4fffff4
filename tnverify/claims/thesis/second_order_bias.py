"""The bias sentence after thesis Eq. 5.11 (§5.3.2): ``thesis-eq-5.11-bias`` and its twin.

The thesis prints, after the 2-RNN of Eq. 5.11 (``T ∈ ℝ^{R×R×|V|}``, slice ``T_{:,i,:}``),
the sentence the ttlm paper prints after its Eq. 14 (``ttlm-eq14-bias``): the bias "can be
seen as 0th component of f(x^{(t)}) that equals to 1".  In a bilinear form a constant
component ``f₀ = 1`` adds ``hᵀT_{:,i,0}``, linear in ``h``, never the constant ``b_i``; a
constant slot of the hidden state carries it.  Both sentences are one erratum
(:data:`BIAS_ERRATUM`), listed on both papers' errata sheets.  The checks run in the
thesis layout (the hidden index first, the input index last).
"""

from __future__ import annotations

import numpy as np

from ... import equivalences as eq
from ...conventions import tolerance
from .. import Defect, Evidence, Reading
from ..compare import compare_values
from ..registration import corrected_pair, refs
from ..ttlm.rnn.readings import BIAS_ERRATUM
from ..ttlm.rnn.runs import rnn_run
from . import TTLM_CITED

__all__ = ["small_eq511_bias"]

_SENTENCE = (
    "For simplicity, we will ignore b for other variants of RNNs since b can be seen "
    "as 0th component of f(x^{(t)}) that equals to 1."
)
_STATEMENT = (
    'Eq. 5.11: "h^{(t)}_i = φ((h^{(t−1)})ᵀ T_{:,i,:}(f^{(t)}) + b), (5.11) where '
    "T_{:,i,:} ∈ ℝ^{R×|V|} is the ith slice of tensor T ∈ ℝ^{R×R×|V|}, and b is a bias "
    f'vector. {_SENTENCE}"'
)


def _onehot(w, V):
    e = np.zeros(V)
    e[int(w)] = 1.0
    return e


def _printed(params, rng):
    """Can a constant 0th component of f carry b?  With f̃ = [1; f] and the slice
    X = T_{:,:,0} of the constant input, the pre-activation of Eq. 5.11 is
    hᵀX_{:,i} + hᵀT_{:,i,:}f: b is representable iff some X has hᵀX = bᵀ for every h.
    Least squares over X on random h; control: the same fit on h + 1 (affine in h)."""
    V, R = params["vocab_size"], params["rank"]
    T = rng.normal(size=(R, R, V))
    n_h = 8 * R
    H = rng.normal(size=(n_h, R))
    sizes = {"vocab_size": V, "rank": R, "samples": n_h}
    residuals, controls = [], []
    for _ in range(3):
        b = rng.normal(size=R)
        rhs = np.tile(b, (n_h, 1))
        X, *_ = np.linalg.lstsq(H, rhs, rcond=None)
        residuals.append(float(np.linalg.norm(H @ X - rhs) / np.linalg.norm(rhs)))
        Xc, *_ = np.linalg.lstsq(H + 1.0, rhs, rcond=None)
        controls.append(float(np.linalg.norm((H + 1.0) @ Xc - rhs) / np.linalg.norm(rhs)))
    w = int(rng.integers(V))
    b = rng.normal(size=R)
    h0 = np.zeros(R)  # the minimal counterexample: h = 0
    lhs = h0 @ X + np.einsum("a,aij,j->i", h0, T, _onehot(w, V))
    return Evidence(
        "Eq. 5.11 pre-activation hᵀT_{:,i,:}f + b_i vs the bilinear form of f̃ = [1; f] "
        "(best slice T_{:,:,0} by least squares over random h, random b)",
        error=max(residuals),
        tolerance=tolerance(np.float64, n=n_h * R, norm=1.0),
        sizes=sizes,
        control=Evidence(
            "control (samples shifted to h + 1) of: the least-squares fit of b by hᵀT_{:,:,0}",
            error=max(controls),
            tolerance=tolerance(np.float64, n=n_h * R, norm=1.0),
        ),
        details={
            "relative residuals": residuals,
            "why": "hᵀT_{:,i,0} is linear in h, so it vanishes at h = 0 while b_i does not",
        },
        counterexample={
            "h": h0.tolist(),
            "word": w,
            "augmented pre-activation": lhs.tolist(),
            "Eq. 5.11 pre-activation": b.tolist(),
        },
    )


def _corrected(params, rng):
    """Eq. 5.11 with its bias (φ = tanh) against the TT core on the augmented hidden state
    h̃ = [h; 1] (with f̃ = [f; 1], and with one-hot f alone); control: b dropped."""
    V, R, L = params["vocab_size"], params["rank"], params["steps"]
    T, b, h0 = rng.normal(size=(R, R, V)), rng.normal(size=R), rng.normal(size=R)
    seqs = rng.integers(0, V, size=(6, L))
    sizes = {"vocab_size": V, "rank": R, "steps": L}
    ref = rnn_run(lambda h, f: np.tanh(np.einsum("a,aij,j->i", h, T, f) + b), h0, seqs, V)
    no_bias = rnn_run(lambda h, f: np.tanh(np.einsum("a,aij,j->i", h, T, f)), h0, seqs, V)
    n, labels = L * (R + 1) * (V + 1), np.repeat(seqs, L * R, axis=0)
    Ga = eq.second_order_to_augmented_core(T, b, "thesis")
    G1 = np.zeros((R + 1, V, R + 1))  # one-hot f: h̃ = [h; 1] alone
    G1[:R, :, :R] = eq.second_order_to_tt_core(T, "thesis")
    G1[R, :, :R] = b
    G1[R, :, R] = 1.0
    parts = {}
    for name, G, aug_f in (("h̃=[h;1], f̃=[f;1]", Ga, True), ("h̃=[h;1], one-hot f", G1, False)):
        got = rnn_run(
            lambda h, f, G=G, aug_f=aug_f: eq.augmented_step(
                G, h, eq.augment_input(f) if aug_f else f, np.tanh
            ),
            eq.augment_hidden(h0),
            seqs,
            V,
        )
        parts[name] = compare_values(
            f"Eq. 5.11 with bias vs augmented core ({name})",
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
    return Evidence(
        "2-RNN of Eq. 5.11 with bias vs TT core on the augmented hidden state",
        parts=parts,
        sizes=sizes,
    )


def small_eq511_bias(params, rng, corrected):
    """The small side of ``thesis-eq-5.11-bias`` (``corrected=False``) and of its twin."""
    return _corrected(params, rng) if corrected else _printed(params, rng)


_WHY = (
    "Eq. 5.11 is bilinear in (h^{(t−1)}, f^{(t)}): coordinate i of its pre-activation is "
    "Σ_{a,j} h_a T_{aij} f_j + b_i. Appending f₀ = 1 (a slice T_{:,:,0}) adds "
    "Σ_a h_a T_{ai0} = hᵀT_{:,i,0}, a linear function of h: it is 0 at h = 0, where the "
    "bias gives b_i, so no choice of the new slice reproduces b (least squares over "
    "random h leaves a relative residual of order 1). A constant component h₀ = 1 of the "
    "hidden state carries it: T_{0ij} = b_i for every j gives Σ_j b_i f_j = b_i for "
    "one-hot f; for general f, append a 1 to both h and f and set T_{0i0} = b_i. Under a "
    "nonlinear φ the constant component is re-appended at each step (φ acts on the other "
    "components)."
)
_PRINTED_READING = Reading(
    "f augmented",
    "append f₀ = 1 to f(x^(t)) (and a matching slice to T): the bias of "
    "Eq. 5.11 is reproduced by that component",
    True,
    "b can be seen as 0th component of f(x^{(t)}) that equals to 1",
    "thesis §5.3.2, sentence after Eq. 5.11",
)

corrected_pair(
    "thesis-eq-5.11-bias",
    common=dict(
        topic="rnn-equivalences",
        refs=refs("thesis", "§5.3.2, after Eq. 5.11", "ttlm", "App. B.1, after Eq. 14"),
    ),
    printed=dict(
        title="bias as the 0th input component (thesis layout)",
        statement=_STATEMENT,
        small=lambda p, rng: small_eq511_bias(p, rng, False),
        space=({"vocab_size": 4, "rank": 3},),
        expected="fails",
        readings=(_PRINTED_READING,),
        defect=Defect(
            "false",
            printed=f'"{_SENTENCE}"',
            meant="A bias of a bilinear (second-order) unit cannot be absorbed by a constant "
            "0th component of f(x^{(t)}) (it adds hᵀT_{:,i,0}, linear in h); it is "
            "absorbed by a constant component h₀ = 1 of the hidden state, with "
            "T_{0ij} = b_i for every j (f^{(t)} one-hot), or by a 1 appended to both "
            "h^{(t−1)} and f^{(t)} with T_{0i0} = b_i (thesis-eq-5.11-bias-corrected). "
            "Ignoring b stays legitimate; the reason printed is not.",
            erratum=BIAS_ERRATUM,
            why=_WHY,
        ),
        remarks=(
            (
                f"The sentence repeats the one after Eq. 14 of {TTLM_CITED}: the same "
                "erratum (ttlm-eq14-bias on that paper's own errata sheet)."
            ),
            'Notation, not an erratum: Eq. 5.11 prints "+ b" where the coordinate form needs b_i.',
        ),
    ),
    corrected=dict(
        title="bias via the constant slot of h (thesis layout)",
        statement=(
            "Corrected: b is carried by a constant slot of the hidden state, not of "
            "the input alone: with h̃ = [h; 1] and f̃ = [f; 1] the core G̃ of "
            "T ∈ ℝ^{R×R×|V|} (G̃_{:R,:|V|,:R} = G, G_{pio} = T_{poi}) with "
            "G̃_{R,|V|,:R} = b, G̃_{R,|V|,R} = 1 reproduces Eq. 5.11 with its bias and "
            "φ on the first R slots; for one-hot f, h̃ = [h; 1] alone suffices "
            "(G̃_{R,i,:R} = b for every i, since Σ_i f_i = 1)."
        ),
        small=lambda p, rng: small_eq511_bias(p, rng, True),
        space=({"vocab_size": 4, "rank": 3, "steps": 4},),
        uses=("tnverify-augmented-bilinear",),
        expected="holds",
    ),
)
