"""Matrix checks of the validation layer: a matrix handed to a linear solver (numpy or
torch) must be square and numerically non-singular (see :mod:`tnverify.validation`)."""

from __future__ import annotations

import numpy as np

from ..errors import NormalizationError, RankError, ShapeError
from .scalars import is_torch_tensor

__all__ = ["check_nonsingular", "check_mass"]


def check_mass(total, what: str) -> None:
    """Refuse a normaliser ``Z`` that is zero anywhere (numpy or torch array) with a
    :class:`NormalizationError`: ``x / Z`` would be NaN, never a probability."""
    bad = (
        bool((total == 0).any()) if is_torch_tensor(total) else bool(np.any(np.asarray(total) == 0))
    )
    if bad:
        raise NormalizationError(
            f"{what}: the total mass Z is 0, so there is no probability "
            f"distribution (0/0); the model's scores are all zero there"
        )


def check_nonsingular(matrix, name: str) -> None:
    """Refuse a square matrix that is singular, or numerically singular, with a
    :class:`RankError` *before* a solver (``np.linalg.solve``/``inv``,
    ``torch.linalg.solve``) sees it: numpy would raise its own ``LinAlgError`` for an
    exact zero pivot and return huge garbage for a near-singular one.

    The rule is numpy's ``matrix_rank`` rule: the smallest singular value must exceed
    ``max(M, N) · eps · σ_max`` (as :func:`tnverify.conventions.rank_tolerance`).  Torch
    tensors are read through ``detach()``.

    Examples
    --------
    >>> check_nonsingular(np.eye(2), "F")
    >>> check_nonsingular(np.ones((2, 2)), "F")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tnverify.errors.RankError: F must be non-singular (an invertible square matrix); its smallest singular value is ... (rank 1 of 2)

    (The smallest singular value printed is round-off of the order of ``eps`` that depends
    on the BLAS kernel — 0 with one, 3e-17 with another — hence the ellipsis.)
    """
    a = matrix.detach().cpu().numpy() if is_torch_tensor(matrix) else np.asarray(matrix)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ShapeError(f"{name} must be a square matrix; got shape {a.shape}")
    if a.size == 0:
        return
    s = np.linalg.svd(
        a.astype(np.complex128 if a.dtype.kind == "c" else np.float64), compute_uv=False
    )
    eps = np.finfo(a.dtype if a.dtype.kind in "fc" else np.float64).eps
    tol = max(a.shape) * float(eps) * float(s[0])  # numpy's matrix_rank rule
    rank = int(np.count_nonzero(s > tol))
    if s[0] == 0 or rank < a.shape[0]:
        raise RankError(
            f"{name} must be non-singular (an invertible square matrix); its "
            f"smallest singular value is {float(s[-1]):.3g} (rank {rank} of "
            f"{a.shape[0]})"
        )
