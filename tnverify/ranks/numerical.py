"""Numerical ranks: the rank of a floating-point matrix from its singular values, with
the evidence for it (tolerance, rule, gap), as :class:`NumericalRank`.

The rule is numpy's ``matrix_rank`` (:func:`tnverify.conventions.rank_tolerance`), with the
``eps`` of the input's precision.  Re-exported by :mod:`tnverify.ranks.matricize`.

References
----------
thesis §3.1, Def. 3.1.5 (TT-rank as the rank of an unfolding); gtm
§3.1 and Figs. 3-5 (numerical ranks of grid tensors).
"""

from __future__ import annotations

import numpy as np

from ..conventions import DEFAULT_DTYPE, Tolerance, check_finite, rank_tolerance
from ..errors import ShapeError
from ..validation import as_numeric_any

__all__ = ["NumericalRank", "numerical_rank"]


def _as_numeric(tensor, name: str = "tensor") -> np.ndarray:
    return as_numeric_any(tensor, name)  # tnverify.validation: no cast, no NaN


class NumericalRank(int):
    """A numerical rank: an ``int`` that also carries the evidence for it.

    It *is* the rank as an integer: ``==``, ``<``, arithmetic, ``hash``, ``int()``,
    ``range()``, indexing and JSON all see the plain number (``numerical_rank(M) == 3``,
    ``numerical_rank(M) > 2``); arithmetic returns plain ints.  ``str()`` (and an f-string
    without a format spec) describes the rank with its tolerance and gap; ``f"{r:d}"``
    gives the number.

    Attributes
    ----------
    rank : int
        Number of singular values above ``tolerance.value`` (``int(self)``).
    tolerance : Tolerance
        The threshold and its rule (:func:`tnverify.conventions.rank_tolerance`); the rule
        names the precision whose ``eps`` it used.
    singular_values : numpy.ndarray
        All singular values, descending (computed in float64 / complex128).
    gap : tuple
        ``(last kept σ_rank or None, first dropped σ_{rank+1} or None)``.
    sigma_max : float
    dtype : numpy.dtype
        The precision the rank was judged at: the input's floating dtype (float32 for
        float32 or complex64 input, float16 for float16), float64 for integer and
        float64 input.
    """

    _FIELDS = ("tolerance", "singular_values", "gap", "sigma_max", "dtype")
    tolerance: Tolerance
    singular_values: np.ndarray
    gap: tuple
    sigma_max: float
    dtype: np.dtype

    def __new__(
        cls,
        rank,
        tolerance: Tolerance,
        singular_values,
        gap: tuple,
        sigma_max: float,
        dtype=DEFAULT_DTYPE,
    ):
        self = super().__new__(cls, int(rank))
        values = (tolerance, singular_values, tuple(gap), float(sigma_max), np.dtype(dtype))
        for name, value in zip(cls._FIELDS, values):
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name, value):
        raise AttributeError(f"NumericalRank is read-only; cannot set {name!r}")

    def __delattr__(self, name):
        raise AttributeError(f"NumericalRank is read-only; cannot delete {name!r}")

    def __reduce__(self):
        return (type(self), (int(self),) + tuple(getattr(self, f) for f in self._FIELDS))

    @property
    def rank(self) -> int:
        """The rank as a plain ``int``."""
        return int(self)

    @property
    def gap_ratio(self) -> float | None:
        """``σ_{rank+1} / σ_rank`` (small = clear rank), or None if either is missing."""
        kept, dropped = self.gap
        if kept is None or dropped is None or kept == 0:
            return None
        return float(dropped) / float(kept)

    def __repr__(self) -> str:
        return (
            f"NumericalRank({int(self)}, tol={self.tolerance.value:.3g}, "
            f"gap={self.gap!r}, dtype={self.dtype.name})"
        )

    def __str__(self) -> str:
        kept, dropped = self.gap
        r = int(self)
        parts = [f"rank {r} at tol {self.tolerance.value:.2g} ({self.tolerance.rule})"]
        if kept is not None or dropped is not None:
            k = f"σ{r}={kept:.2g}" if kept is not None else "none kept"
            d = f"σ{r + 1}={dropped:.2g}" if dropped is not None else "none dropped"
            parts.append(f"gap {k} → {d}")
        return ", ".join(parts)

    def to_dict(self) -> dict:
        kept, dropped = self.gap
        return {
            "rank": int(self),
            "tolerance": self.tolerance.to_dict(),
            "sigma_max": float(self.sigma_max),
            "gap": [
                None if kept is None else float(kept),
                None if dropped is None else float(dropped),
            ],
            "dtype": self.dtype.name,
        }


def _singular_values(m: np.ndarray) -> np.ndarray:
    try:
        return np.linalg.svd(m, compute_uv=False)
    except np.linalg.LinAlgError:
        import scipy.linalg

        return scipy.linalg.svd(m, compute_uv=False, lapack_driver="gesvd")


def _judging_dtype(dtype: np.dtype) -> np.dtype:
    """The precision whose ``eps`` judges a matrix of ``dtype``: float16/float32 (and
    complex64) data carry only their own precision; float64, complex128, longer floats
    and exact integer/bool data are judged at float64 (the precision of the SVD)."""
    if dtype.kind == "f" and dtype.itemsize < 8:
        return dtype
    if dtype.kind == "c" and dtype.itemsize < 16:
        return np.dtype(np.float32)
    return np.dtype(DEFAULT_DTYPE)


def numerical_rank(matrix, *, rtol: float | None = None) -> NumericalRank:
    """Numerical rank from the singular values (no singular vectors computed).

    Rule (:func:`tnverify.conventions.rank_tolerance`): count ``σ > tol`` with
    ``tol = max(M, N)·eps·σ_max`` (numpy's ``matrix_rank``), or ``rtol·σ_max``.

    ``eps`` is that of the **input's precision**: a float32 (or complex64) matrix is
    judged with float32's ``eps`` (float16 with float16's), because its entries are only
    known to that precision; float64, complex128 and integer input use float64's.  The
    singular values themselves are always computed in float64 (complex128).  The
    precision used is ``result.dtype``, and ``result.tolerance.rule`` names it when it is
    not float64.

    Returns
    -------
    NumericalRank
        An ``int`` (compare, sort, add, hash it like the rank) with the tolerance, the
        singular values and the gap as attributes.

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> M = rng.normal(size=(6, 2)) @ rng.normal(size=(2, 5))
    >>> r = numerical_rank(M)
    >>> r == 2, r > 1, r + 1, r.gap_ratio < 1e-10
    (True, True, 3, True)
    >>> numerical_rank(M.astype(np.float32)).dtype
    dtype('float32')
    """
    m = _as_numeric(matrix, "matrix")
    if m.ndim != 2:
        raise ShapeError(f"numerical_rank needs a 2-D matrix; got shape {m.shape}")
    precision = _judging_dtype(m.dtype)
    m = m.astype(np.complex128 if m.dtype.kind == "c" else DEFAULT_DTYPE, copy=False)
    check_finite(m, "matrix")
    if m.size == 0:
        s = np.zeros(0)
    else:
        s = _singular_values(m)
    sigma_max = float(s[0]) if s.size else 0.0
    tol = rank_tolerance(m.shape, sigma_max, dtype=precision, rtol=rtol)
    if rtol is None and precision != np.dtype(DEFAULT_DTYPE):
        tol = Tolerance(tol.value, f"{tol.rule}; eps of {precision.name}, the input's precision")
    rank = int(np.count_nonzero(s > tol.value)) if sigma_max > 0 else 0
    kept = float(s[rank - 1]) if rank > 0 else None
    dropped = float(s[rank]) if rank < s.size else None
    return NumericalRank(rank, tol, s, (kept, dropped), sigma_max, precision)
