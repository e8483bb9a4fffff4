"""Unfoldings and matricizations (and, re-exported, ranks: numerical, exact, mod p).

Conventions (see :mod:`tnverify.conventions`): the unfolding ``A_[k]`` is the C-order
reshape of ``A`` to ``(n_1 ... n_k) x (n_{k+1} ... n_d)`` (last index fastest).  The
thesis (§3.1.2, Def. 3.1.3, Eq. 3.1) fills unfoldings column-wise
(Fortran order); the two orders differ by a permutation of rows and of columns, so every
rank below is the same in both.

This module holds the unfoldings; the ranks live in :mod:`tnverify.ranks.numerical`
(:func:`numerical_rank`, :class:`NumericalRank`) and :mod:`tnverify.ranks.certified`
(:func:`exact_rank`, :func:`rank_mod_p`, ``DEFAULT_PRIME``), and are re-exported here.

References
----------
thesis §3.1, Def. 3.1.3-3.1.5 (unfolding, TT-rank); gtm §3.1 and
Figs. 3-5 (ranks of grid tensors; integer-valued grids have ranks certified exactly, by
fraction-free elimination, or bounded below by the rank modulo a prime).
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import RankError, ShapeError
from ..validation import as_numeric_any
from .certified import DEFAULT_PRIME, exact_rank, rank_backend, rank_mod_p
from .numerical import NumericalRank, numerical_rank

__all__ = [
    "tt_unfolding",
    "matricize",
    "NumericalRank",
    "numerical_rank",
    "exact_rank",
    "rank_mod_p",
    "rank_backend",
    "DEFAULT_PRIME",
]


def _as_numeric(tensor, name: str = "tensor") -> np.ndarray:
    return as_numeric_any(tensor, name)  # tnverify.validation: no cast, no NaN


def tt_unfolding(tensor, k: int) -> np.ndarray:
    """The k-th TT unfolding ``A_[k]``: C-order reshape to ``(n_1..n_k) x (n_{k+1}..n_d)``.

    thesis §3.1.2, Def. 3.1.3 (up to the row/column order, see module notes).
    Entry ``A[i_1..i_d]`` sits at row ``ravel(i_1..i_k)``, column ``ravel(i_{k+1}..i_d)``
    (C order).  ``rank A_[k]`` is the k-th TT rank (Oseledets 2011).

    Not TensorLy's ``tensorly.unfold(A, mode)``: that is the mode-``mode``
    matricization (rows = one mode, columns = the others in increasing order, C order),
    which is ``matricize(A, [mode])`` here.  (tnverify 0.1.0 called this function
    ``unfold``; it was renamed so that no name means two things.)

    Parameters
    ----------
    tensor : array-like, ``d >= 2`` modes
    k : int, ``1 <= k <= d - 1`` (number of row modes)

    Examples
    --------
    >>> A = np.arange(24).reshape(2, 3, 4)
    >>> tt_unfolding(A, 1).shape, int(tt_unfolding(A, 2)[4, 3])
    ((2, 12), 19)
    """
    a = _as_numeric(tensor)
    if a.ndim < 2:
        raise ShapeError(f"tt_unfolding needs a tensor with >= 2 modes; got shape {a.shape}")
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise RankError(f"tt_unfolding needs an integer k; got {k!r}")
    k = int(k)
    if not 1 <= k <= a.ndim - 1:
        raise RankError(f"tt_unfolding needs 1 <= k <= d-1 = {a.ndim - 1} row modes; got k={k}")
    rows = math.prod(a.shape[:k])
    return a.reshape(rows, -1) if a.size else a.reshape(rows, math.prod(a.shape[k:]))


def matricize(tensor, row_modes) -> np.ndarray:
    """Matricization for a mode partition: rows = ``row_modes`` (in that order), columns =
    the remaining modes in increasing order; transpose, then C-order reshape.

    ``matricize(A, range(k))`` equals ``tt_unfolding(A, k)``; ``matricize(A, [m])`` is
    TensorLy's mode-``m`` unfolding ``tensorly.unfold(A, m)``.

    Examples
    --------
    >>> A = np.arange(24).reshape(2, 3, 4)
    >>> M = matricize(A, (2, 0))
    >>> M.shape == (8, 3) and int(M[1 * 2 + 1, 2]) == int(A[1, 2, 1])
    True
    """
    a = _as_numeric(tensor)
    try:
        modes = tuple(row_modes)
    except TypeError as exc:
        raise ShapeError(f"row_modes must be a sequence of modes; got {row_modes!r}") from exc
    if any(isinstance(m, bool) or not isinstance(m, (int, np.integer)) for m in modes):
        raise ShapeError(f"row_modes must be integers; got {modes!r}")
    modes = tuple(int(m) for m in modes)
    d = a.ndim
    if any(not 0 <= m < d for m in modes) or len(set(modes)) != len(modes):
        raise ShapeError(
            f"row_modes must be distinct 0-based modes in range(0, {d}); got {modes!r}"
        )
    if not 0 < len(modes) < d:
        raise ShapeError(
            f"row_modes must be a non-empty proper subset of the {d} modes; got {modes!r}"
        )
    cols = tuple(m for m in range(d) if m not in modes)
    t = np.transpose(a, modes + cols)
    return t.reshape(math.prod(a.shape[m] for m in modes), math.prod(a.shape[m] for m in cols))
