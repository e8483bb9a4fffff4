"""Unfoldings, matricizations and ranks (numerical, exact, and certified mod p).

Conventions (see :mod:`tnverify.conventions`): the unfolding ``A_[k]`` is the C-order
reshape of ``A`` to ``(n_1 ... n_k) x (n_{k+1} ... n_d)`` (last index fastest).  The
thesis (seed 001 (thesis) §3.1.2, Def. 3.1.3, Eq. 3.1) fills unfoldings column-wise
(Fortran order); the two orders differ by a permutation of rows and of columns, so every
rank below is the same in both.

References
----------
seed 001 (thesis) §3.1, Def. 3.1.3-3.1.5 (unfolding, TT-rank); seed 004 (gtm) §3.1 and
Figs. 3-5 (ranks of grid tensors; integer-valued grids have ranks certified exactly, by
fraction-free elimination, or bounded below by the rank modulo a prime).
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .conventions import DEFAULT_DTYPE, Tolerance, check_finite, rank_tolerance
from .validation import as_numeric_any
from .errors import DTypeError, RankError, ShapeError

__all__ = [
    "tt_unfolding",
    "matricize",
    "NumericalRank",
    "numerical_rank",
    "exact_rank",
    "rank_mod_p",
    "DEFAULT_PRIME",
]

#: The Mersenne prime 2**31 - 1: products of two residues fit in int64.
DEFAULT_PRIME = 2147483647


def _as_numeric(tensor, name: str = "tensor") -> np.ndarray:
    return as_numeric_any(tensor, name)        # tnverify.validation: no cast, no NaN


def tt_unfolding(tensor, k: int) -> np.ndarray:
    """The k-th TT unfolding ``A_[k]``: C-order reshape to ``(n_1..n_k) x (n_{k+1}..n_d)``.

    seed 001 (thesis) §3.1.2, Def. 3.1.3 (up to the row/column order, see module notes).
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
        raise RankError(
            f"tt_unfolding needs 1 <= k <= d-1 = {a.ndim - 1} row modes; got k={k}"
        )
    rows = math.prod(a.shape[:k])
    return a.reshape(rows, -1) if a.size else a.reshape(rows, math.prod(a.shape[k:]))


#: Internal, to be removed: the old name of :func:`tt_unfolding`, kept only until the
#: claim modules are moved (not public: not in ``__all__`` nor in ``tnverify``).
unfold = tt_unfolding


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
        raise ShapeError(f"row_modes must be distinct 0-based modes in range(0, {d}); "
                         f"got {modes!r}")
    if not 0 < len(modes) < d:
        raise ShapeError(f"row_modes must be a non-empty proper subset of the {d} modes; "
                         f"got {modes!r}")
    cols = tuple(m for m in range(d) if m not in modes)
    t = np.transpose(a, modes + cols)
    return t.reshape(math.prod(a.shape[m] for m in modes), math.prod(a.shape[m] for m in cols))


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

    def __new__(cls, rank, tolerance: Tolerance, singular_values, gap: tuple,
                sigma_max: float, dtype=DEFAULT_DTYPE):
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
        return (f"NumericalRank({int(self)}, tol={self.tolerance.value:.3g}, "
                f"gap={self.gap!r}, dtype={self.dtype.name})")

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
            "gap": [None if kept is None else float(kept),
                    None if dropped is None else float(dropped)],
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
        tol = Tolerance(tol.value, f"{tol.rule}; eps of {precision.name}, the input's "
                                   f"precision")
    rank = int(np.count_nonzero(s > tol.value)) if sigma_max > 0 else 0
    kept = float(s[rank - 1]) if rank > 0 else None
    dropped = float(s[rank]) if rank < s.size else None
    return NumericalRank(rank, tol, s, (kept, dropped), sigma_max, precision)


# --------------------------------------------------------------------------- exact ranks


def _to_int_rows(matrix) -> list[list[int]]:
    """Rows of Python ints with the same rank: rationals scaled by each row's lcm."""
    a = np.asarray(matrix, dtype=object) if not isinstance(matrix, np.ndarray) else matrix
    if a.ndim != 2:
        raise ShapeError(f"exact rank needs a 2-D matrix; got shape {np.shape(a)}")
    if a.dtype != object and a.dtype.kind not in "biuf":
        raise DTypeError(f"exact rank needs integer or rational entries; got dtype {a.dtype}")
    rows = []
    for row in a.tolist():
        fr = [_to_fraction(x) for x in row]
        den = math.lcm(*(f.denominator for f in fr)) if fr else 1
        rows.append([int(f.numerator * (den // f.denominator)) for f in fr])
    return rows


def _to_fraction(x) -> Fraction:
    if isinstance(x, (bool, np.bool_)):
        return Fraction(int(x))
    if isinstance(x, (int, np.integer, Fraction)):
        return Fraction(x)
    if isinstance(x, (float, np.floating)):
        if not math.isfinite(float(x)) or not float(x).is_integer():
            raise DTypeError(
                f"exact rank needs integer or rational entries; got the float {float(x)!r} "
                f"(use numerical_rank for floating-point matrices)"
            )
        return Fraction(int(x))
    try:  # sympy Rational / Integer and similar
        import sympy

        if isinstance(x, sympy.Basic) and x.is_Rational:
            return Fraction(int(x.p), int(x.q))
    except ImportError:  # pragma: no cover
        pass
    raise DTypeError(
        f"exact rank needs integer or rational entries; got {type(x).__name__} {x!r} "
        f"(use numerical_rank for floating-point matrices)"
    )


def exact_rank(matrix) -> int:
    """Exact rank over the rationals by fraction-free (Bareiss) elimination.

    Accepts integers, integer-valued floats, :class:`fractions.Fraction` and sympy
    rationals; each row is scaled to integers by the lcm of its denominators.

    Examples
    --------
    >>> exact_rank([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    2
    """
    rows = _to_int_rows(matrix)
    n_rows = len(rows)
    n_cols = len(rows[0]) if rows else 0
    rank, prev = 0, 1
    for col in range(n_cols):
        pivot = next((i for i in range(rank, n_rows) if rows[i][col] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        p_row = rows[rank]
        p = p_row[col]
        for i in range(rank + 1, n_rows):
            r = rows[i]
            f = r[col]
            # Bareiss step: exact division by the previous pivot
            rows[i] = [(p * r[j] - f * p_row[j]) // prev if j > col else 0
                       for j in range(n_cols)]
        prev = p
        rank += 1
        if rank == n_rows:
            break
    return rank


def _is_probable_prime(p: int) -> bool:
    if p < 2:
        return False
    for q in (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37):
        if p % q == 0:
            return p == q
    d, s = p - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in (2, 3, 5, 7, 11, 13, 17):  # deterministic for p < 3.4e14
        x = pow(a, d, p)
        if x in (1, p - 1):
            continue
        for _ in range(s - 1):
            x = x * x % p
            if x == p - 1:
                break
        else:
            return False
    return True


def rank_mod_p(matrix, p: int = DEFAULT_PRIME) -> int:
    """Rank over GF(p) of an integer matrix: a certified **lower bound** of its rank over Q.

    Any minor that is non-zero mod p is non-zero over the integers, so
    ``rank_mod_p(M, p) <= exact_rank(M)``, with equality unless p divides every maximal
    non-zero minor.  Vectorised int64 row reduction (``p < 2**31`` so products fit).

    Examples
    --------
    >>> rank_mod_p([[1, 2], [3, 4]]), rank_mod_p([[1, 2], [3, 4]], p=2)
    (2, 1)
    """
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)):
        raise DTypeError(f"p must be an integer prime; got {p!r}")
    p = int(p)
    if not 2 <= p < 2**31 or not _is_probable_prime(p):
        raise RankError(f"p must be a prime with 2 <= p < 2**31; got p={p}")
    try:
        a = np.asarray(matrix)
    except ValueError as exc:
        raise ShapeError("rank_mod_p needs a rectangular 2-D matrix (not ragged)") from exc
    if a.ndim != 2:
        raise ShapeError(f"rank_mod_p needs a 2-D matrix; got shape {a.shape}")
    if a.dtype == bool:
        raise DTypeError("rank_mod_p needs an integer matrix; got dtype bool")
    a = _integer_residues(a, p)
    return _rank_gf_p(a, p)


def _integer_residues(a: np.ndarray, p: int) -> np.ndarray:
    if a.dtype.kind in "biu":
        return np.mod(a.astype(np.int64) if a.dtype != np.uint64 else a % p, p).astype(np.int64)
    if a.dtype.kind == "f":
        check_finite(a, "matrix")
        if not np.all(a == np.round(a)):
            raise DTypeError("rank_mod_p needs integer entries; got non-integer floats "
                             "(use numerical_rank for floating-point matrices)")
        if np.abs(a).max(initial=0) < 2**53:
            return np.mod(a.astype(np.int64), p)
    if a.dtype == object or a.dtype.kind == "f":
        out = np.empty(a.shape, dtype=np.int64)
        for idx, x in np.ndenumerate(a):
            f = _to_fraction(x)
            if f.denominator != 1:
                raise DTypeError(f"rank_mod_p needs integer entries; got {x!r}")
            out[idx] = int(f.numerator) % p
        return out
    raise DTypeError(f"rank_mod_p needs integer entries; got dtype {a.dtype}")


#: Columns per panel of the blocked elimination in :func:`rank_mod_p`.
_PANEL = 64


def _rank_gf_p(a: np.ndarray, p: int) -> int:
    """Rank over GF(p) by right-looking blocked elimination (panels of ``_PANEL`` columns).

    Step 1 eliminates a panel with row operations (vectorised int64); step 2 forms the
    pivot rows of the trailing block; step 3 updates the trailing block of the non-pivot
    rows with one exact product mod p (:func:`_matmul_mod`).  Eliminated rows and columns
    are dropped, so the working matrix shrinks.
    """
    work = a
    rank = 0
    while work.shape[0] and work.shape[1]:
        b = min(_PANEL, work.shape[1])
        piv, F, invs = _eliminate_panel(work[:, :b].copy(), p)
        rank += len(piv)
        if not piv:
            work = work[:, b:]
            continue
        rest = np.ones(work.shape[0], dtype=bool)
        rest[piv] = False
        T = work[:, b:]
        if T.shape[1] == 0 or not rest.any():
            break
        U = _pivot_rows(T, piv, F, invs, p)
        work = (T[rest] - _matmul_mod(F[rest], U, p)) % p
    return rank


def _eliminate_panel(panel: np.ndarray, p: int):
    """Row-reduce ``panel`` in place; return pivot rows, multipliers F and pivot inverses.

    ``F[i, j]`` is the entry of row i in pivot column j just before step j subtracted
    ``F[i, j]`` times the normalised pivot row j from it.
    """
    m, b = panel.shape
    free = np.ones(m, dtype=bool)
    F = np.zeros((m, b), dtype=np.int64)
    piv: list[int] = []
    invs: list[int] = []
    for c in range(b):
        cand = np.flatnonzero(free & (panel[:, c] != 0))
        if cand.size == 0:
            continue
        r = int(cand[0])
        inv = pow(int(panel[r, c]), p - 2, p)
        free[r] = False
        prow = panel[r] * inv % p
        rows = cand[1:]
        if rows.size:
            f = panel[rows, c]
            F[rows, len(piv)] = f
            panel[rows] = (panel[rows] + f[:, None] * (p - prow)[None, :]) % p
        piv.append(r)
        invs.append(inv)
    return piv, F[:, :len(piv)], invs


def _pivot_rows(T: np.ndarray, piv, F, invs, p: int) -> np.ndarray:
    """Trailing part of the normalised pivot rows.

    ``u_j = (T[π_j] - Σ_{j'<j} F[π_j, j'] u_j') / piv_j`` (mod p), in pivot order.
    """
    U = np.empty((len(piv), T.shape[1]), dtype=np.int64)
    for j, r in enumerate(piv):
        row = T[r]
        if j:
            row = (row - _matmul_mod(F[r:r + 1, :j], U[:j], p)[0]) % p
        U[j] = row * invs[j] % p
    return U


def _matmul_mod(A: np.ndarray, B: np.ndarray, p: int) -> np.ndarray:
    """``A @ B mod p`` for residues ``< p < 2**31``, exactly, with float64 BLAS.

    Each operand is split into 16-bit limbs (``x = x_hi·2^16 + x_lo``); the three limb
    products (Karatsuba) have integer entries below ``k·2^34 < 2^53`` for inner size
    ``k < 2^19``, so float64 computes them exactly; they are recombined in int64 mod p.
    """
    if A.shape[1] >= 2**19:  # pragma: no cover - panels are far narrower
        raise ShapeError(f"_matmul_mod inner size must be < 2**19; got {A.shape[1]}")
    a_lo, a_hi = (A & 0xFFFF).astype(np.float64), (A >> 16).astype(np.float64)
    b_lo, b_hi = (B & 0xFFFF).astype(np.float64), (B >> 16).astype(np.float64)
    hh = a_hi @ b_hi
    ll = a_lo @ b_lo
    mid = (a_hi + a_lo) @ (b_hi + b_lo) - hh - ll
    s1, s2 = (1 << 16) % p, (1 << 32) % p
    out = (hh.astype(np.int64) % p) * s2 % p
    out += (mid.astype(np.int64) % p) * s1 % p
    out += ll.astype(np.int64) % p
    return out % p
