"""Orthogonalization and rounding of TT cores: the QR sweeps and the truncated-SVD sweep
behind :meth:`tnverify.TensorTrain.orthogonalize` and :meth:`tnverify.TensorTrain.round`
(Oseledets 2011, Algorithm 2), on tuples of validated cores.

References
----------
Oseledets, "Tensor-train decomposition", SIAM J. Sci. Comput. 33(5), 2011 (rounding:
Algorithm 2); thesis §3.2 (the TT format).
"""

from __future__ import annotations

import math

import numpy as np

from .truncation import svd_signed, truncation_rank

__all__ = ["orthogonalize_cores", "round_cores"]


def orthogonalize_cores(cores: tuple, direction: str) -> tuple:
    """QR-orthogonalized cores of the same tensor: ``"left"`` makes cores ``0..d-2``
    left-orthogonal (the last carries the norm), ``"right"`` makes cores ``1..d-1``
    right-orthogonal (the first carries the norm); ranks may drop to
    ``min(r_{k-1} n_k, r_k)``.  ``cores``: validated ``(r_{k-1}, n_k, r_k)`` arrays."""
    if direction == "right":
        rev = tuple(np.transpose(c, (2, 1, 0)) for c in cores[::-1])
        left = orthogonalize_cores(rev, "left")
        return tuple(np.transpose(c, (2, 1, 0)) for c in left[::-1])
    out = list(cores)
    for k in range(len(out) - 1):
        r, n, s = out[k].shape
        q, rr = np.linalg.qr(out[k].reshape(r * n, s))
        out[k] = q.reshape(r, n, q.shape[1])
        nxt = out[k + 1]
        out[k + 1] = (rr @ nxt.reshape(nxt.shape[0], -1)).reshape(
            rr.shape[0], nxt.shape[1], nxt.shape[2]
        )
    return tuple(out)


def round_cores(cores: tuple, eps: float, max_rank: int | None) -> tuple:
    """TT rounding (Oseledets 2011, Algorithm 2) of validated cores, with checked ``eps``
    and ``max_rank``: right-to-left orthogonalization, then left-to-right truncated SVDs
    with ``δ = eps ‖A‖_F / sqrt(d - 1)`` and the rule of
    :func:`tnverify.tt.truncation.truncation_rank`."""
    d = len(cores)
    out = list(orthogonalize_cores(cores, "right"))
    nrm = float(np.linalg.norm(out[0]))
    delta = eps * nrm / math.sqrt(d - 1) if d > 1 else 0.0
    for k in range(d - 1):
        r, n, s = out[k].shape
        u, sv, vt = svd_signed(out[k].reshape(r * n, s))
        rk = truncation_rank(sv, delta, max_rank)
        out[k] = u[:, :rk].reshape(r, n, rk)
        nxt = out[k + 1]
        carry = sv[:rk, None] * vt[:rk]
        out[k + 1] = (carry @ nxt.reshape(nxt.shape[0], -1)).reshape(rk, nxt.shape[1], nxt.shape[2])
    return tuple(out)
