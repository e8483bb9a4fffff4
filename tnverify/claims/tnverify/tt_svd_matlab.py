"""``tnverify-tt-svd-alg-1``: tnverify's ``tt_svd`` (C-order reshapes) against Algorithm 1 of
thesis §3.2.2 corrected and executed with MATLAB's (Fortran-order) reshapes.

A statement about the toolkit, not about the thesis: the two orders give the same ranks and
the same approximation 𝐁, so the thesis's algorithm and the library's TT-SVD are the same
computation (a comparison ``thesis-alg-1-corrected`` carried in 0.2.0, where it did not belong:
the thesis does not speak of tnverify).
"""

from __future__ import annotations

import numpy as np

from ...tt import TensorTrain
from ...tt.svd import tt_svd
from .. import Evidence
from ..compare import compare_ints
from ..registration import claim, refs
from ..thesis.tt_svd_theory.tt_svd import algorithm_1_literal
from ..tt_svd_support import sample_tensor, svd_tol

_EPS = (1e-1, 1e-2, 1e-4, 1e-8)
_SPACE = (
    {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-2, "eps": _EPS},
    {"shape": (4,) * 6, "ranks": (3, 5, 6, 5, 3), "noise": 1e-2, "eps": _EPS},
    {"shape": (3, 4, 3, 4, 3), "ranks": (2, 3, 3, 2), "noise": 1e-5, "eps": _EPS},
)

STATEMENT = (
    "tnverify.tt_svd(A, eps=ε) (C-order reshapes) returns the same TT-ranks and the "
    "same approximation 𝐁 as Algorithm 1 of thesis §3.2.2 with its corrections "
    "(thesis-alg-1-corrected: ‖𝐄_k‖_F ≤ δ, R_k = rank_δ(𝐌_k), all L cores returned), "
    "executed with MATLAB's (Fortran-order) reshapes."
)


def _small(params, rng):
    """Ranks and 𝐁 of the literal corrected Algorithm 1 (Fortran order) vs ``tt_svd``
    (C order), for every ε; control: step 7's reshape in C order while step 5 reshapes in
    MATLAB order (a mixed-order algorithm, whose 𝐁 differs)."""
    a = sample_tensor(params, rng)
    norm, parts = float(np.linalg.norm(a)), {}
    for eps in params["eps"]:
        lit = algorithm_1_literal(a, eps, "a")
        b = TensorTrain(tuple(lit["cores"])).full()
        ref = tt_svd(a, eps=eps)
        parts[f"ε={eps:g}: ranks (Fortran) == tt_svd ranks (C)"] = compare_ints(
            "literal (Fortran) ranks vs tnverify.tt_svd ranks", lit["ranks"], ref.ranks
        )
        if lit["ranks"] == ref.ranks:
            mixed = [
                np.reshape(np.reshape(c, (-1, c.shape[2]), order="F"), c.shape, order="C")
                for c in lit["cores"]
            ]
            b_mixed = TensorTrain(tuple(mixed)).full()
            tolb = svd_tol(np.float64, a.shape, ref.ranks, norm)
            parts[f"ε={eps:g}: B (Fortran, all L cores) vs tt_svd B (C)"] = Evidence(
                "max |B_literal − B_tt_svd|",
                error=float(np.abs(b - ref.tt.full()).max()),
                tolerance=tolb,
                control=Evidence(
                    "control (step 7's reshape in C order, step 5's in MATLAB "
                    "order) of: max |B_literal − B_tt_svd|",
                    error=float(np.abs(b_mixed - ref.tt.full()).max()),
                    tolerance=tolb,
                ),
            )
    return Evidence(
        "corrected Algorithm 1 (Fortran order) vs tnverify.tt_svd (C order)",
        parts=parts,
        sizes={"shape": a.shape, "eps": params["eps"]},
    )


claim(
    "tnverify-tt-svd-alg-1",
    "tt_svd = Algorithm 1 corrected (C vs MATLAB order)",
    STATEMENT,
    refs(
        "tnverify",
        "own statement (the library's TT-SVD is the thesis's algorithm)",
        "thesis",
        "§3.2.2, Algorithm 1",
    ),
    _small,
    topic="tensor-trains",
    space=_SPACE,
    pinned=(
        {"params": _SPACE[0], "seed": 0, "note": "the sizes of thesis-alg-1's counterexample"},
    ),
    uses=("thesis-alg-1-corrected",),
    expected="holds",
)
