"""Prop. A.5 of gtm (App. A): universality for ξ(x, y) = xy through ℋ̂ = ℋ ×₁ F⁻¹ ⋯ ×_T F⁻¹,
checked with the printed and the transposed index order of F⁻¹, on the explicit example
F = [[1, 1], [0, 1]], ℋ = E^(1,1) and on random invertible F."""

from __future__ import annotations

import numpy as np

from ....definitions.explicit import all_sequences
from ....generalized import constructions as gc
from ....generalized.grid import (
    grid_tensor,
)
from ... import Evidence
from ...compare import compare_values
from .checks import abs_network


# -- gtm-prop-a.5 --------------------------------------------------------------------------
def _modes(X, P):
    """Σ_{i_t} X[…, i_t, …] P[m_t, i_t] on every mode (the grid ⟨X, Φ⟩ for F = P)."""
    for t in range(X.ndim):
        X = np.moveaxis(np.tensordot(X, P, axes=([t], [1])), -1, t)
    return X


def explicit_prop_a_5(order):
    """gtm Prop. A.5 on an exact example a reader can check by hand: M = T = 2, the
    non-symmetric F = [[1, 1], [0, 1]] (rows f_θ(x^(1))ᵀ, f_θ(x^(2))ᵀ, Eq. 19) and
    ℋ = E^(1,1) (1 at the template (1, 1), 0 elsewhere; 1-based).  The template grid
    ⟨ℋ̂, Φ⟩ is [[0, 0], [0, 1]] with the printed F⁻¹_{j_t i_t}, ℋ itself with F⁻¹_{i_t j_t}."""
    F = np.array([[1.0, 1.0], [0.0, 1.0]])
    H = np.zeros((2, 2))
    H[0, 0] = 1.0
    lab = ["(1, 1)", "(1, 2)", "(2, 1)", "(2, 2)"]
    got = _modes(gc.h_hat(H, F, order=order), F)
    kw = dict(n=2 * 2 * 2 + 4, labels=lab)
    if order == "corrected":
        return compare_values(
            "template grid ⟨ℋ̂, Φ⟩ with (F⁻¹)_{i_t j_t} vs ℋ = E^(1,1), F = [[1, 1], [0, 1]] "
            "(1-based templates)",
            got,
            H,
            control=_modes(gc.h_hat(H, F, order="printed"), F),
            control_label="the printed index order F⁻¹_{j_t i_t}",
            **kw,
        )
    return compare_values(
        "template grid ⟨ℋ̂, Φ⟩ with the printed F⁻¹_{j_t i_t} vs ℋ = E^(1,1), F = [[1, 1], "
        "[0, 1]] (1-based templates)",
        got,
        H,
        **kw,
    )


def prop_a_5_evidence(params, rng, order):
    M, T = params["M"], params["T"]
    F = rng.standard_normal((M, M))
    H = rng.standard_normal((M,) * T)
    Hh = gc.h_hat(H, F, order=order)
    Finv = np.linalg.inv(F)
    scale = _modes(
        _modes(np.abs(H), np.abs(Finv) if order == "corrected" else np.abs(Finv).T), np.abs(F)
    )
    lab = [s.tolist() for s in all_sequences(M, T)]
    n = T * 2 * M + M**T
    other = "printed" if order == "corrected" else None
    wrong = None if other is None else _modes(gc.h_hat(H, F, order=other), F)
    parts = {"explicit: F = [[1, 1], [0, 1]], ℋ = E^(1,1), M = T = 2": explicit_prop_a_5(order)}
    parts["⟨ℋ̂, Φ(X)⟩ = ℋ on all template sequences"] = compare_values(
        f"ℓ(x^(i1..iT)) = ⟨ℋ̂ ({order} indices), Φ⟩ vs ℋ",
        _modes(Hh, F),
        H,
        n=n,
        scale=scale,
        labels=lab,
        control=wrong,
        control_label=None if other is None else "the printed index order F⁻¹_{j_t i_t}",
    )
    if order == "corrected":
        pn = gc.product_network(H, F)
        parts["TT of ℋ̂ (Lemma 3.1 RNN) grid = ℋ"] = compare_values(
            "Γ of the ξ = xy RNN with the TT cores of ℋ̂ vs ℋ",
            grid_tensor(pn.rnn, F),
            H,
            n=n + T * M**T,
            scale=scale + grid_tensor(abs_network(pn.rnn), np.abs(F)),
            labels=lab,
        )
        parts["CP of ℋ̂ (Eq. 6 shallow) grid = ℋ"] = compare_values(
            "Γ of the ξ = xy shallow network with the CP of ℋ̂ vs ℋ",
            grid_tensor(pn.shallow, F),
            H,
            n=n + pn.shallow.rank,
            scale=scale,
            labels=lab,
        )
    return Evidence(
        f"Prop. A.5 with ℋ̂ ({order} index order)",
        parts=parts,
        sizes={"M": M, "T": T},
        details={"F_symmetric": bool(np.array_equal(F, F.T))},
    )
