"""TT-SVD on torch tensors (CPU or GPU): the scaled twin of :func:`tnverify.tt.svd.tt_svd`.

The algorithm is the same sequential TT-SVD (thesis §3.2, Algorithm 1;
Oseledets 2011, Alg. 1) with C-order unfoldings: step ``k`` (0-based) reshapes the
carried matrix to ``(r_k n_k) × rest``, takes ``torch.linalg.svd(full_matrices=False)``
(on the transpose when the matrix is wide), keeps ``r_{k+1}`` singular triplets and
carries ``diag(σ_r) V_rᵀ``.  The truncation rule is *not* re-implemented: the singular
values are moved to numpy (float64) and passed to
:func:`tnverify.tt.truncation.truncation_rank`, so the rule is defined once.

As for :func:`tnverify.tt.svd.tt_svd`, ``max_rank`` may be an int or a per-step sequence
(fixed-rank TT-SVD of Thm 3.2.2, thesis §3.2, Eq. 3.8–3.9), validated by the same
function.  No sign fixing is done
(singular vectors are defined up to sign; the tensor ``B`` is not affected).

Notes
-----
Claims ``thesis-thm-3.2.1``, ``thesis-thm-3.2.2``, ``thesis-alg-1`` and
``tnverify-tt-svd-error-identity`` use this module on their scaled side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import DTypeError, NonFiniteError, RankError, ShapeError
from ..validation import as_operand
from .truncation import check_eps, step_caps, truncation_rank

__all__ = ["TorchTTSVD", "tt_svd_torch", "tt_full_torch"]


@dataclass(frozen=True, eq=False)
class TorchTTSVD:
    """Outcome of :func:`tt_svd_torch`.

    Attributes
    ----------
    cores : tuple of torch.Tensor
        Shapes ``(r_k, n_k, r_{k+1})`` on the input's device and dtype; cores
        ``0..d-2`` have orthonormal columns when reshaped to ``(r_k n_k) × r_{k+1}``.
    eps, norm, delta : float
        Requested relative accuracy, ``‖A‖_F`` and ``δ = eps ‖A‖_F / sqrt(d − 1)``.
    max_rank : tuple of int or None
        The per-step rank caps that were applied.
    singular_values, discarded : tuple of numpy float64 arrays
        Per step: all singular values, and those discarded.
    """

    cores: tuple
    eps: float
    norm: float
    delta: float
    max_rank: tuple | None
    singular_values: tuple
    discarded: tuple

    @property
    def ranks(self) -> tuple:
        return (1,) + tuple(int(c.shape[2]) for c in self.cores)

    @property
    def error(self) -> float:
        """``sqrt(Σ_k Σ_j discarded_kj²)`` (float64): ``‖A − B‖_F`` for left-orthogonal cores."""
        return math.sqrt(sum(float(np.sum(t * t)) for t in self.discarded))

    def full(self):
        """The explicit tensor ``B`` (torch, on the cores' device)."""
        return tt_full_torch(self.cores)


def _check_input(tensor):
    import torch

    if not isinstance(tensor, torch.Tensor):
        raise DTypeError(f"tt_svd_torch needs a torch.Tensor; got {type(tensor).__name__}")
    if not tensor.dtype.is_floating_point:
        raise DTypeError(f"tt_svd_torch needs a real floating tensor; got {tensor.dtype}")
    if tensor.ndim < 1 or tensor.numel() == 0:
        raise ShapeError(
            f"tensor must have ndim >= 1 and positive sizes; got {tuple(tensor.shape)}"
        )
    if not bool(torch.isfinite(tensor).all()):
        raise NonFiniteError("tensor must be finite; found NaN/inf entries")


def _svd(c):
    """Thin SVD in the tall orientation (the wide case via the transpose)."""
    import torch

    if c.shape[0] < c.shape[1]:
        u, s, vh = torch.linalg.svd(c.T, full_matrices=False)
        return vh.T, s, u.T
    return torch.linalg.svd(c, full_matrices=False)


def tt_svd_torch(tensor, *, eps: float = 0.0, max_rank=None) -> TorchTTSVD:
    """Sequential TT-SVD of a dense torch tensor on its own device and dtype.

    Parameters
    ----------
    tensor : torch.Tensor
        Real floating, ``ndim >= 1``, finite.
    eps : float
        Relative accuracy ``>= 0``; every step discards a tail ``≤ δ``.
    max_rank : int or sequence of int, optional
        Cap on every rank, or one cap per step (``d - 1`` values).

    Returns
    -------
    TorchTTSVD

    References
    ----------
    thesis §3.2, Algorithm 1 and Thm 3.2.2 (Eq. 3.8–3.9).

    Examples
    --------
    >>> import torch
    >>> i, j, k = torch.meshgrid(*(torch.arange(n, dtype=torch.float64) for n in (3, 4, 5)),
    ...                          indexing="ij")
    >>> A = i + j + k + 3.0
    >>> res = tt_svd_torch(A, eps=1e-12)
    >>> res.ranks
    (1, 2, 2, 1)
    >>> bool(torch.allclose(res.full(), A))
    True
    """
    _check_input(tensor)
    eps = check_eps(eps)
    d, dims = tensor.ndim, tuple(tensor.shape)
    caps = step_caps(max_rank, d - 1)
    norm = float(tensor.detach().double().norm())
    delta = float(eps) * norm / math.sqrt(d - 1) if d > 1 else 0.0
    cores, svals, discarded = [], [], []
    c, r = tensor, 1
    for k in range(d - 1):
        c = c.reshape(r * dims[k], -1)
        u, s, vh = _svd(c)
        s_np = s.detach().cpu().double().numpy()
        rk = truncation_rank(s_np, delta, caps[k])
        cores.append(u[:, :rk].reshape(r, dims[k], rk))
        svals.append(s_np)
        discarded.append(s_np[rk:])
        c = s[:rk, None] * vh[:rk]
        r = rk
    cores.append(c.reshape(r, dims[-1], 1))
    return TorchTTSVD(
        tuple(cores),
        eps,
        norm,
        delta,
        None if max_rank is None else caps,
        tuple(svals),
        tuple(discarded),
    )


def tt_full_torch(cores):
    """Contract TT cores ``(r_{k-1}, n_k, r_k)`` (torch) to the full tensor.

    The product is formed left to right as matrices, ``(n_1⋯n_k) × r_k`` at step ``k``.
    The caller is responsible for the size (see :func:`tnverify.definitions.explicit.guard_size`).
    """
    import torch

    if not isinstance(cores, (list, tuple)):
        raise DTypeError(f"cores must be a list of torch tensors; got {type(cores).__name__}")
    if not cores:
        raise ShapeError("tt_full_torch needs at least one core")
    # real floating, finite torch tensors (the autograd graph kept), one device and dtype
    cores = [as_operand(c, f"core {k}", ndim=3) for k, c in enumerate(cores)]
    if not all(isinstance(c, torch.Tensor) for c in cores):
        raise DTypeError(
            "tt_full_torch contracts torch tensors; got numpy cores (use "
            "tnverify.tt_to_full for numpy)"
        )
    if len({(c.dtype, c.device) for c in cores}) != 1:
        raise DTypeError(
            f"the cores must share one dtype and device; got "
            f"{sorted({(str(c.dtype), str(c.device)) for c in cores})}"
        )
    shape = tuple(int(c.shape[1]) for c in cores)
    for k, c in enumerate(cores):
        if c.ndim != 3:
            raise ShapeError(f"core {k} must be 3-D (r, n, r'); got shape {tuple(c.shape)}")
    if cores[0].shape[0] != 1 or cores[-1].shape[2] != 1:
        raise RankError(
            f"boundary ranks must be 1; got {cores[0].shape[0]} and {cores[-1].shape[2]}"
        )
    m = cores[0].reshape(shape[0], -1)
    for k, c in enumerate(cores[1:], start=1):
        r, n, s = c.shape
        if m.shape[1] != r:
            raise RankError(f"core {k} has r_in={r} but the previous core ends in {m.shape[1]}")
        m = (m @ c.reshape(r, n * s)).reshape(-1, s)
    return m.reshape(shape)
