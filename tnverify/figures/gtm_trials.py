"""One random trial of gtm's rank-distribution figures (§6, Fig. 3; App. B, Figs. 4–5):
draw a generalized RNN (gtm §4.1, Eq. 16–17), compute its grid tensor (§4.2, Eq. 18), the
rank of its (odd, even) matricization (App. A, before Lemma A.1) — certified modulo a prime
when float64 computed the grid exactly (:func:`float64_exact`) — and the width bound it
gives (Lemma A.1).  The figures themselves (sizes, bars, plot) are
:mod:`tnverify.figures.gtm`.
"""

from __future__ import annotations

import math

import numpy as np

from ..conventions import rank_tolerance

__all__ = [
    "rank_trial",
    "draw_network",
    "trial_grid",
    "float64_exact",
    "rank_one_max_realizable",
    "width_lower_bound",
]


# -- bounds and certification --------------------------------------------------------------
def width_lower_bound(rank: int, M: int, T: int, xi: str) -> int:
    """Lower bound on the shallow width from the (odd, even) matricization rank.

    ξ = xy: the rank itself (a rank-R CP grid has every matricization rank ≤ R).
    Otherwise ⌈rank / (TM/2)⌉ (Lemma A.1, gtm App. A; proved for ξ = max only),
    by :func:`tnverify.generalized.bounds.shallow_width_lower_bound`.
    """
    if xi == "product":
        return int(rank)
    from ..generalized.bounds import shallow_width_lower_bound

    return shallow_width_lower_bound(int(rank), M, T)


def float64_exact(network, F) -> tuple[bool, float]:
    """Whether float64 computes this network's grid exactly, and the magnitude bound.

    Exact when C, 𝒢, F and h^{(0)} are integers and an a-priori bound B_T on every
    partial sum stays below 2**53: ``B_0 = |h0|``, ``B_t = (Σ_{i,j} max_k |𝒢_ijk|)·b(c_max,
    B_{t−1})`` with ``c_max = max|C F^T|`` and b = max for ξ = max, b = product for ξ = xy
    (``|max(x, y, 0)| ≤ max(|x|, |y|)``, ``|xy| = |x||y|``).  Other ξ: never certified
    exact.
    """
    xi = network.xi.name
    arrays = [np.asarray(F), *network.C, *network.G, np.asarray(network.h0)]
    if xi not in ("relu", "product") or not all(
        np.all(np.isfinite(a)) and np.array_equal(a, np.round(a)) for a in arrays
    ):
        return False, math.inf
    B = abs(float(network.h0))
    for C, G in zip(network.C, network.G):
        c_max = float(np.abs(np.asarray(F) @ C.T).max())
        g = float(np.abs(G).max(axis=2).sum())
        B = g * (max(c_max, B) if xi == "relu" else c_max * B)
    return B < 2.0**53, B


def rank_one_max_realizable(grid) -> bool:
    """Whether a rank-1 shallow network with ξ = max(x, y, 0) has this grid (F invertible).

    λ·max(a_1[i_1], …, a_T[i_T], 0) = s·max_t b_t[i_t] with s = sign λ and b_t ≥ 0; by the
    max-algebra greatest-subsolution argument this holds iff s·Γ ≥ 0 and
    Γ = s·max_t c_t[i_t] with c_t[m] = min over the slice i_t = m of s·Γ (the greatest b).
    Exact comparison: meant for exactly computed (integer) grids.  Raises NonFiniteError
    for NaN/inf entries (every comparison with NaN is False, which would read as "not
    realizable").
    """
    g = np.asarray(grid, dtype=np.float64)
    if not np.isfinite(g).all():
        from ..errors import NonFiniteError

        raise NonFiniteError("rank_one_max_realizable needs a finite grid; found NaN/inf")
    for s in (1.0, -1.0):
        x = s * g
        if x.min() < 0:
            continue
        best = np.zeros_like(x)
        for t in range(x.ndim):
            axes = tuple(a for a in range(x.ndim) if a != t)
            c = x.min(axis=axes)
            shape = [1] * x.ndim
            shape[t] = -1
            best = np.maximum(best, c.reshape(shape))
        if np.array_equal(best, x):
            return True
    return False


# -- one trial -----------------------------------------------------------------------------
def rank_trial(task: dict) -> dict:
    """One random network of a figure: its grid, matricization rank(s) and width bound.

    ``task``: figure, M, T, L, R, xi, shared, weights, device, trial, seed, and optionally
    ``cross_check`` (also the float64 SVD rank of an exact grid; otherwise an exact grid
    gets one certified rank, mod p on FLINT, and no SVD).  All randomness comes from
    ``numpy.random.default_rng(task["seed"])``; BLAS runs on one thread so the result is
    bit-identical wherever the trial runs.
    """
    with _blas_controller().limit(limits=1, user_api="blas"):
        return _rank_trial(task)


_CONTROLLER = None


def _blas_controller():
    """One threadpoolctl controller per process: finding the loaded BLAS libraries reads
    the process's memory map (≈ 6 ms), which a trial of a few ms must not repeat."""
    global _CONTROLLER
    if _CONTROLLER is None:
        from threadpoolctl import ThreadpoolController

        _CONTROLLER = ThreadpoolController()
    return _CONTROLLER


def draw_network(task: dict):
    """The random generalized RNN and templates ``F`` of one trial (from ``task["seed"]``)."""
    from ..generalized.grid import random_generalized_rnn

    rng = np.random.default_rng(task["seed"])
    M, w = task["M"], task["weights"]
    net = random_generalized_rnn(
        M,
        task["T"],
        task["R"],
        task["xi"],
        rng,
        L=task["L"],
        shared=task["shared"],
        shared_inputs=task["shared"],
        dist=w,
    )
    F = (
        np.eye(M)
        if w == "integer"
        else (rng.standard_normal((M, M)) if w == "normal" else rng.uniform(-1.0, 1.0, (M, M)))
    )
    return net, F


def trial_grid(net, F, device: str) -> np.ndarray:
    """The grid tensor of ``net`` on templates ``F``, as a numpy array (computed on
    ``device``: numpy on the CPU, torch elsewhere)."""
    from ..generalized.grid import grid_tensor

    if device == "cpu":
        return grid_tensor(net, F)
    return grid_tensor(net, F, backend="torch", device=device).cpu().numpy()


def _rank_trial(task: dict) -> dict:
    from ..generalized.grid import odd_even_matricization
    from ..ranks.matricize import DEFAULT_PRIME, numerical_rank, rank_backend, rank_mod_p

    net, F = draw_network(task)
    grid = trial_grid(net, F, task["device"])
    mat = odd_even_matricization(grid)
    exact, magnitude = float64_exact(net, F)
    rec = {
        "trial": task["trial"],
        "seed": task["seed"],
        "numerical": None,
        "rank_at_sqrt_eps": None,
        "exact_in_float64": exact,
        "magnitude_bound": magnitude if exact else None,
        "max_abs_entry": float(np.abs(grid).max()),
    }
    if not exact or task.get("cross_check", False):
        # the float SVD only where it decides (a real grid) or as an asked-for cross-check
        nr = numerical_rank(mat)
        loose = rank_tolerance(mat.shape, nr.sigma_max, rtol=float(np.finfo(np.float64).eps) ** 0.5)
        rec.update(
            numerical=nr.to_dict(),
            rank_at_sqrt_eps=int(np.count_nonzero(nr.singular_values > loose.value)),
        )
    if exact:
        modp = rank_mod_p(mat.astype(np.int64))
        rec.update(
            rank=modp,
            method=f"mod-p lower bound (p = {DEFAULT_PRIME})",
            rank_certified=True,
            mod_p_rank=modp,
            rank_backend=rank_backend(),
        )
    else:
        rec.update(
            rank=nr.rank,
            method="numerical (float64 SVD, numpy's rule)",
            rank_certified=False,
            mod_p_rank=None,
        )
    rec["bound"] = width_lower_bound(rec["rank"], task["M"], task["T"], task["xi"])
    if task["xi"] == "relu" and exact:
        rec["rank_one_realizable"] = rank_one_max_realizable(grid)
    return rec
