"""The toolkit's claim ``tnverify-tt-svd-error-identity``: for the sequential TT-SVD of
thesis §3.2.2, Algorithm 1 (any truncation rule), the squared error equals the
sum of the squared discarded singular values — the step behind the bound of Thm. 3.2.2
(:mod:`tnverify.claims.thesis.tt_svd_theory.tt_svd`)."""

from __future__ import annotations

import math

import numpy as np

from ...conventions import tolerance
from ...tt import TensorTrain
from ...tt.svd import tt_svd
from .. import Evidence
from ..gtm.controls import error_with_control
from ..readings import Reading
from ..registration import claim, refs
from ..thesis.tt_svd_theory.tt_svd import algorithm_1_literal, torch_noisy
from ..tt_svd_support import carried_min_dim, sample_tensor, svd_tol

STATEMENT = "for the sequential TT-SVD of Algorithm 1 (any truncation rule), ‖𝐀 − 𝐁‖_F² equals the sum over all steps of the squared singular values discarded at that step."  # noqa: E501


#: The negative control's B: the TT-SVD result scaled by 1 + δ.  A − B ⟂ B, so
#: ‖A − (1 + δ)B‖² = ‖A − B‖² + δ²‖B‖², far beyond the tolerance for δ = 2⁻¹⁶.
CONTROL_DELTA = 2.0**-16


def _identity_evidence(label, a_minus_b_sq, discarded, shape, ranks, norm, wrong_sq) -> Evidence:
    """``‖A − B‖_F²`` vs ``Σ`` discarded², with the forward-error scale of the difference;
    the control compares ``wrong_sq = ‖A − (1 + δ)B‖_F²`` with the same sum.

    Rounding: each step's SVD is exact for ``M_k + ΔM_k`` and the reconstruction carries
    an error, together ``‖B̃ − B‖_F ≤ τ = svd_tol(…)`` (``n = (d−1)·m``, norm ‖A‖), where
    ``B`` is the exact TT-SVD of the backward-perturbed problem, for which the identity
    holds exactly: ``‖A − B‖_F = √S``, ``S = Σ discarded²``.  With ``d = ‖A − B̃‖_F`` the
    measured distance, ``|d − √S| ≤ τ``, hence ``|d² − S| = |d − √S|·(d + √S)
    ≤ τ·(2d + τ)``: the scale is ``‖A‖·(2d + τ)`` — ∝ ‖A − B‖·‖A‖, not ‖A‖².
    """
    rhs = float(sum(np.sum(np.asarray(t, dtype=np.float64) ** 2) for t in discarded))
    d = math.sqrt(max(a_minus_b_sq, 0.0))
    tau = svd_tol(np.float64, shape, ranks, norm)
    n = max(1, (len(shape) - 1) * carried_min_dim(shape, ranks))  # the n of svd_tol
    compared = f"{label}: ‖A − B‖_F² vs Σ_k Σ discarded²"
    tol = tolerance(np.float64, n=n, norm=norm * (2 * d + tau.value))
    return error_with_control(
        compared,
        abs(a_minus_b_sq - rhs),
        tol,
        abs(wrong_sq - rhs),
        f"B scaled by 1 + {CONTROL_DELTA:g}",
        details={
            "‖A−B‖²": a_minus_b_sq,
            "Σ discarded²": rhs,
            "ranks": ranks,
            "τ (‖B̃ − B‖_F bound)": tau.value,
        },
    )


def _small_error_identity(params, rng):
    a = sample_tensor(params, rng)
    norm, shape, parts = float(np.linalg.norm(a)), a.shape, {}
    for eps, cap in params["settings"]:
        res = tt_svd(a, eps=eps, max_rank=cap)
        b = res.tt.full()
        parts[f"tt_svd ε={eps:g}, max_rank={cap}"] = _identity_evidence(
            "tt_svd",
            float(np.sum((a - b) ** 2)),
            res.discarded,
            shape,
            res.ranks,
            norm,
            float(np.sum((a - (1 + CONTROL_DELTA) * b) ** 2)),
        )
    for reading in ("a", "b"):  # Algorithm 1 literally: two more truncation rules
        lit = algorithm_1_literal(a, params["settings"][0][0], reading)
        b = TensorTrain(tuple(lit["cores"])).full()
        parts[f"Algorithm 1 literal, reading ({reading})"] = _identity_evidence(
            f"literal ({reading})",
            float(np.sum((a - b) ** 2)),
            lit["discarded"],
            shape,
            lit["ranks"],
            norm,
            float(np.sum((a - (1 + CONTROL_DELTA) * b) ** 2)),
        )
    return Evidence(
        "‖A − B‖_F² vs the sum of squared discarded singular values",
        parts=parts,
        sizes={"shape": shape, "ranks": params.get("ranks"), "noise": params.get("noise")},
    )


def _scaled_error_identity(params, device, rng):
    from ...tt.svd_torch import tt_svd_torch

    a = torch_noisy(params, device, rng)
    norm, shape, parts = float(a.norm()), tuple(a.shape), {}
    for eps, cap in params["settings"]:
        res = tt_svd_torch(a, eps=eps, max_rank=cap)
        b = res.full()
        parts[f"ε={eps:g}, max_rank={cap}"] = _identity_evidence(
            "tt_svd_torch float64",
            float(((a - b) ** 2).sum()),
            res.discarded,
            shape,
            res.ranks,
            norm,
            float(((a - (1 + CONTROL_DELTA) * b) ** 2).sum()),
        )
    return Evidence(
        "‖A − B‖_F² vs Σ discarded² (torch float64)",
        parts=parts,
        sizes={"shape": shape, "device": device},
    )


_ID_SETTINGS = ((1e-1, None), (3e-1, None), (1e-2, None), (1e-4, None), (0.0, 2), (1e-1, 5))
claim(
    "tnverify-tt-svd-error-identity",
    "‖A − B‖² = Σ discarded σ² (TT-SVD)",
    STATEMENT,
    refs(
        "tnverify",
        "own statement (the step behind Thm 3.2.2's bound)",
        "thesis",
        "§3.2.2, Thm. 3.2.2 (Eq. 3.9)",
        "thesis",
        "§3.2.2, Algorithm 1",
    ),
    _small_error_identity,
    topic="tensor-trains",
    space=(
        {"shape": (3, 4, 3, 4, 3), "ranks": None, "settings": _ID_SETTINGS},
        {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2, "settings": _ID_SETTINGS},
        {"shape": (4,) * 6, "ranks": (3, 5, 6, 5, 3), "noise": 1e-3, "settings": _ID_SETTINGS},
    ),
    scaled=_scaled_error_identity,
    scaled_space={
        "small": (
            {
                "shape": (4,) * 7,
                "rank": 8,
                "noise": 1e-2,
                "settings": ((1e-1, None), (1e-2, None), (0.0, 4)),
            },
        ),
        "large": (
            {
                "shape": (16,) * 6,
                "rank": 32,
                "noise": 1e-2,
                "settings": ((1e-1, None), (1e-2, None), (0.0, 16)),
            },
        ),
    },
    pinned=(
        {
            "params": {"shape": (3, 4, 3, 4, 3), "ranks": None, "settings": _ID_SETTINGS},
            "seed": 5,
            "note": "random dense",
        },
    ),
    readings=(
        Reading(
            "M_k",
            "'discarded at that step': the singular values of M_k, the matrix "
            "Algorithm 1 factorizes at step k",
            True,
            "Compute the δ-truncated SVD, M_k = U_kΣ_kV_kᵀ + E_k",
            "thesis §3.2.2, Algorithm 1, line 6",
        ),
        Reading(
            "A_[k]",
            "the singular values of the original unfoldings A_[k] (the ε_k of Thm. 3.2.2)",
            False,
            "M_{k+1} = Σ_kV_kᵀ",
            "thesis §3.2.2, Algorithm 1, line 8: for k ≥ 2 the algorithm factorizes "
            "the remainder M_k, never A_[k]; under this reading only the inequality "
            "of Thm. 3.2.2 holds",
        ),
    ),
    remarks=(
        'Algorithm 1 line 6 prints "‖E_k‖_F = δ" where it means ≤ δ, and its '
        "'Ensure' line calls the ranks the δ-ranks of the unfoldings A_[k]; they are "
        "those of the M_k (thesis-alg-1).",
    ),
    proof="proofs/spine_tt_svd.py::prove_tnverify_tt_svd_error_identity",
    expected="holds",
)
