"""The bilinear tensor terms of grurntn's cells, in the paper's row-vector conventions.

:func:`bilinear` is the term ``x W_tsr^{[1:d]} uᵀ`` of the GRURNTN and LSTMRNTN steps
(Eq. 18–19), :func:`bilinear_loop` the same by an explicit loop over the slices, and
:func:`recntn_parent` the RecNTN parent vector (Eq. 15–16).  :func:`real_input` is the
validation of a cell's real inputs on the training path (the autograd graph is kept).
The cells themselves are in :mod:`tnverify.cells.gated`, which re-exports these names.

References
----------
grurntn §II-C, Eq. 15–16; §III, Eq. 18–19.
"""

from __future__ import annotations

import torch

from ..errors import DTypeError, ShapeError
from ..validation import as_tensor

__all__ = ["bilinear", "bilinear_loop", "real_input", "recntn_parent"]


def real_input(x, name: str, ndim: int, dtype=None) -> torch.Tensor:
    """A real input of the cells, validated (numpy accepted; the autograd graph is kept:
    this is the training path, where NaN/inf values propagate as documented)."""
    t = as_tensor(x, name, ndim=ndim, finite=False, detach=False)
    if t.is_complex():
        raise DTypeError(f"{name} must be real; got dtype {t.dtype}")
    return t if dtype is None else t.to(dtype)


def _bilinear_args(x, u, W):
    x, u, W = real_input(x, "x", 2), real_input(u, "u", 2), real_input(W, "W", 3)
    for t, name in ((x, "x"), (u, "u"), (W, "W")):
        if not t.dtype.is_floating_point:  # an int64 operand broke einsum's kernel
            raise DTypeError(
                f"{name} must be a floating tensor (the bilinear form is not "
                f"cast); got dtype {t.dtype}"
            )
    if not x.dtype == u.dtype == W.dtype:
        raise DTypeError(
            f"x, u and W must have one dtype (no silent cast); got {x.dtype}, {u.dtype}, {W.dtype}"
        )
    if W.shape[:2] != (x.shape[1], u.shape[1]) or x.shape[0] != u.shape[0]:
        raise ShapeError(
            f"need x (B, p), u (B, q), W (p, q, d); got {tuple(x.shape)}, "
            f"{tuple(u.shape)}, {tuple(W.shape)}"
        )
    return x, u, W


def bilinear(x, u, W):
    """``out[b, k] = x[b] W[:, :, k] u[b]ᵀ`` (Eq. 18/19); ``x (B, p)``, ``u (B, q)``,
    ``W (p, q, d)`` → ``(B, d)``.  Contracts ``u`` first (no ``(B, q, d)`` temporary
    larger than ``B·p·d``).  NaN/inf inputs propagate (training path)."""
    x, u, W = _bilinear_args(x, u, W)
    return torch.einsum("bp,bpk->bk", x, torch.einsum("pqk,bq->bpk", W, u))


def bilinear_loop(x, u, W):
    """The same as :func:`bilinear` by an explicit loop over the ``d`` slices."""
    x, u, W = _bilinear_args(x, u, W)
    return torch.stack([((x @ W[:, :, k]) * u).sum(1) for k in range(W.shape[2])], dim=1)


def recntn_parent(left, right, W_tsr, W, b, f=torch.tanh):
    """RecNTN parent vector, grurntn §II-C, Eq. 15–16:
    ``p = f([l r] W_tsr^{[1:d]} [l; r] + [l r] W + b)``.

    Inputs: ``left, right (B, d)``, ``W_tsr (2d, 2d, d)``, ``W (2d, d)``, ``b (d,)``.
    Outputs: ``p (B, d)``.  NaN/inf inputs propagate (training path)."""
    left, right = real_input(left, "left", 2), real_input(right, "right", 2)
    W_tsr, W, b = real_input(W_tsr, "W_tsr", 3), real_input(W, "W", 2), real_input(b, "b", 1)
    if not callable(f):
        raise DTypeError(f"f must be callable; got {type(f).__name__}")
    if left.shape != right.shape:
        raise ShapeError(
            f"left and right must be (B, d) alike; got {tuple(left.shape)}, {tuple(right.shape)}"
        )
    v = torch.cat([left, right], dim=1)
    if W_tsr.shape != (v.shape[1], v.shape[1], left.shape[1]) or W.shape != (
        v.shape[1],
        left.shape[1],
    ):
        raise ShapeError(
            f"need W_tsr (2d, 2d, d) and W (2d, d) for d = {left.shape[1]}; got "
            f"{tuple(W_tsr.shape)}, {tuple(W.shape)}"
        )
    return f(bilinear(v, v, W_tsr) + v @ W + b)
