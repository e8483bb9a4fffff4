"""Helpers shared by the TT-SVD claims (the modules of
:mod:`tnverify.claims.thesis.tt_svd_theory`): test tensors, the rounding tolerances of a TT-SVD
reconstruction and of TT-SVD at a noise-level accuracy, and random TTs on torch.
"""

from __future__ import annotations

import math

import numpy as np

from ..conventions import tolerance
from ..tt import max_tt_ranks, random_tt

__all__ = [
    "sample_tensor",
    "carried_min_dim",
    "svd_tol",
    "tiny_n",
    "tiny_eps",
    "tiny_tol",
    "torch_random_tt",
    "torch_unfolding_svals",
    "torch_noisy_tensor",
]


def sample_tensor(params: dict, rng: np.random.Generator) -> np.ndarray:
    """Dense Gaussian tensor (``ranks`` None), or an exact random TT plus relative noise."""
    shape = tuple(params["shape"])
    if params.get("ranks") is None:
        return rng.standard_normal(shape)
    a = random_tt(shape, (1,) + tuple(params["ranks"]) + (1,), rng).full()
    noise = float(params.get("noise", 0.0))
    if noise > 0:
        n = rng.standard_normal(shape)
        a = a + noise * np.linalg.norm(a) / np.linalg.norm(n) * n
    return a


def carried_min_dim(shape, ranks) -> int:
    """Largest smaller dimension of the matrices TT-SVD factorizes: (r_k n_k) × (n_{k+1}⋯n_d)."""
    return max(
        [min(ranks[k] * shape[k], math.prod(shape[k + 1 :])) for k in range(len(shape) - 1)] or [1]
    )


def svd_tol(dtype, shape, ranks, norm: float):
    """Rounding tolerance of a TT-SVD reconstruction.

    Each of the ``d − 1`` steps forms ``U Σ Vᵀ`` from thin SVD factors whose inner
    dimension is at most the carried matrix's smaller dimension ``m``; the backward error
    of each step is ``∝ m · eps · ‖C‖ ≤ m · eps · ‖A‖``: ``n = (d − 1) · m``.
    """
    d = len(shape)
    return tolerance(dtype, n=max(1, (d - 1) * carried_min_dim(shape, ranks)), norm=norm)


def tiny_n(shape) -> int:
    """``max_k max(M_k, N_k)`` over the unfoldings: the ``n`` of the numerical-rank rule."""
    total = math.prod(shape)
    return max(
        max(math.prod(shape[:k]), total // math.prod(shape[:k])) for k in range(1, len(shape))
    )


def tiny_eps(shape) -> float:
    """TT-SVD accuracy that drops only rounding noise (the "ε ≈ 1e−12" of the claims catalogue).

    The numerical-rank rule counts ``σ > max(M, N)·eps·σ_max``; rounding noise in an
    unfolding is of that order.  We ask TT-SVD for the relative accuracy
    ``tolerance(float64, n=max_k max(M_k, N_k), norm=1)`` = ``8·n·eps`` (2.6e-13 for
    3×4×3×4×3), the same order, so only noise-level singular values are discarded.
    """
    return float(tolerance(np.float64, n=tiny_n(shape), norm=1.0))


def tiny_tol(shape, ranks, norm: float):
    """Tolerance on ‖A − B‖_F for TT-SVD at :func:`tiny_eps`: the discarded tail
    (≤ ``tiny_eps``·‖A‖, i.e. ``n = tiny_n``) plus the rounding of :func:`svd_tol`."""
    n = (len(shape) - 1) * carried_min_dim(shape, ranks) + tiny_n(shape)
    return tolerance(np.float64, n=n, norm=norm)


def torch_random_tt(shape, rank, device, rng, dtype=None):
    """Random TT cores on ``device`` (ranks min(rank, max_tt_ranks)), unit entry variance."""
    import torch

    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    ranks = tuple(min(rank, m) for m in max_tt_ranks(shape))
    cores = [
        torch.randn(
            (ranks[k], n, ranks[k + 1]), generator=g, device=device, dtype=dtype or torch.float64
        )
        / math.sqrt(ranks[k])
        for k, n in enumerate(shape)
    ]
    return cores, ranks


def torch_unfolding_svals(a, k) -> np.ndarray:
    """Singular values (numpy) of the C-order unfolding A_[k] of a torch tensor."""
    import torch

    return torch.linalg.svdvals(a.reshape(math.prod(a.shape[:k]), -1)).cpu().numpy()


def torch_noisy_tensor(shape, rank, noise, device, rng):
    """The full tensor of :func:`torch_random_tt` plus Gaussian noise of relative
    Frobenius size ``noise`` (float64, on ``device``)."""
    import torch

    from ..tt.svd_torch import tt_full_torch

    cores, _ = torch_random_tt(tuple(shape), int(rank), device, rng)
    a = tt_full_torch(cores)
    g = torch.Generator(device).manual_seed(int(rng.integers(2**62)))
    n = torch.randn(tuple(shape), generator=g, device=device, dtype=torch.float64)
    return a + noise * a.norm() / n.norm() * n
