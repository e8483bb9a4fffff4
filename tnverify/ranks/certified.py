"""Exact ranks of integer and rational matrices: over the rationals (:func:`exact_rank`),
and over GF(p) (:func:`rank_mod_p`, a certified lower bound of the rank over Q).

Both run on FLINT (``python-flint``'s ``fmpz_mat.rank()`` and ``nmod_mat.rank()``, the
field's library for exact linear algebra) with the entries converted in bulk
(``ndarray.tolist()``); ``backend="python"`` forces the pure-Python paths kept as the
tested fallback (fraction-free Bareiss elimination over Z, blocked int64 elimination over
GF(p)), which also run when python-flint is not importable.  :func:`rank_backend` names
the backend that decides, for the evidence.

Re-exported by :mod:`tnverify.ranks.matricize`.

References
----------
gtm §3.1 and Figs. 3-5 (integer-valued grids have ranks certified exactly, by
fraction-free elimination, or bounded below by the rank modulo a prime).
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from ..conventions import check_finite
from ..errors import DTypeError, RankError, ShapeError
from ..validation import as_choice
from ..validation.scalars import is_prime  # deterministic Miller-Rabin

__all__ = [
    "exact_rank",
    "rank_mod_p",
    "rank_backend",
    "distinct_lines",
    "DEFAULT_PRIME",
    "RANK_BACKENDS",
]

#: The Mersenne prime 2**31 - 1: products of two residues fit in int64.
DEFAULT_PRIME = 2147483647
#: Accepted ``backend`` values: ``"auto"`` (FLINT when importable), ``"flint"``, ``"python"``.
RANK_BACKENDS = ("auto", "flint", "python")


def _flint():
    try:
        import flint
    except ImportError:  # pragma: no cover - python-flint is a dependency
        return None
    return flint


def rank_backend(backend: str = "auto") -> str:
    """The backend that computes a certified rank: ``"flint"`` or ``"python"``.

    ``"auto"`` is FLINT when python-flint is importable, else the pure-Python fallback;
    ``"flint"`` without python-flint raises :class:`~tnverify.errors.RankError`.

    Examples
    --------
    >>> rank_backend("python")
    'python'
    """
    as_choice(backend, "backend", RANK_BACKENDS)
    if backend == "python":
        return "python"
    if _flint() is None:
        if backend == "flint":  # pragma: no cover - python-flint is a dependency
            raise RankError("backend='flint' needs python-flint (pip install python-flint)")
        return "python"  # pragma: no cover
    return "flint"


def _refuse_bool(matrix) -> None:
    """Bool matrices and bool entries are refused (:class:`DTypeError`), never read as
    0/1: a mask is not an integer matrix (the README's rule for every numeric input)."""
    if isinstance(matrix, np.ndarray) and matrix.dtype == bool:
        raise DTypeError("exact rank needs integer or rational entries; got dtype bool")
    if (
        type(matrix).__module__.startswith("torch")
        and str(getattr(matrix, "dtype", "")) == "torch.bool"
    ):
        raise DTypeError("exact rank needs integer or rational entries; got dtype torch.bool")
    if isinstance(matrix, (list, tuple)):
        try:
            flat = np.asarray(matrix, dtype=object).ravel()
        except ValueError:
            return  # ragged: refused by the callers
        if any(isinstance(x, (bool, np.bool_)) for x in flat):
            raise DTypeError("exact rank needs integer or rational entries; got a bool entry")


def _to_int_rows(matrix) -> list[list[int]]:
    """Rows of Python ints with the same rank: rationals scaled by each row's lcm.

    Integer arrays and integer-valued float arrays convert in bulk (``tolist``); only
    object arrays (Fractions, sympy rationals, big ints) go entry by entry.
    """
    a = np.asarray(matrix, dtype=object) if not isinstance(matrix, np.ndarray) else matrix
    if a.ndim != 2:
        raise ShapeError(f"exact rank needs a 2-D matrix; got shape {np.shape(a)}")
    if a.dtype != object and a.dtype.kind not in "biuf":
        raise DTypeError(f"exact rank needs integer or rational entries; got dtype {a.dtype}")
    if a.dtype.kind in "biu":
        return a.astype(np.int64).tolist() if a.dtype.kind == "b" else a.tolist()
    if a.dtype.kind == "f":
        if not np.isfinite(a).all() or not np.array_equal(a, np.round(a)):
            bad = a[~(np.isfinite(a) & (a == np.round(a)))].flat[0]
            raise DTypeError(
                f"exact rank needs integer or rational entries; got the float {float(bad)!r} "
                f"(use numerical_rank for floating-point matrices)"
            )
        if np.abs(a).max(initial=0) < 2.0**53:
            return a.astype(np.int64).tolist()
        return [[int(x) for x in row] for row in a.tolist()]
    if a.size and all(type(x) is int for x in a.flat):
        return a.tolist()
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
        return Fraction(int(x)) if isinstance(x, np.integer) else Fraction(x)
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


def exact_rank(matrix, *, backend: str = "auto") -> int:
    """Exact rank over the rationals.

    Accepts integers, integer-valued floats, :class:`fractions.Fraction` and sympy
    rationals; each row is scaled to integers by the lcm of its denominators.  The rank is
    FLINT's ``fmpz_mat.rank()`` (``backend="auto"`` or ``"flint"``; repeated rows and columns
    of an integer array are dropped first, :func:`distinct_lines`) or, with
    ``backend="python"``, fraction-free (Bareiss) elimination in Python.

    Examples
    --------
    >>> exact_rank([[1, 2, 3], [2, 4, 6], [1, 0, 1]])
    2
    >>> exact_rank([[1, 2, 3], [2, 4, 6], [1, 0, 1]], backend="python")
    2
    """
    _refuse_bool(matrix)
    which = rank_backend(backend)
    if which == "flint":
        a = _int64_array(matrix)
        rows = distinct_lines(a).tolist() if a is not None else _to_int_rows(matrix)
        if not rows or not rows[0]:
            return 0
        return int(_flint().fmpz_mat(rows).rank())
    return _bareiss_rank(_to_int_rows(matrix))


def _int64_array(matrix) -> np.ndarray | None:
    """``matrix`` as an int64 array when it is a 2-D integer array, or a finite
    integer-valued float array below 2**53; None otherwise (lists, objects, non-integer
    floats, uint64 beyond int64: the general conversion decides and reports)."""
    if not isinstance(matrix, np.ndarray) or matrix.ndim != 2:
        return None
    k = matrix.dtype.kind
    if (
        k in "iu"
        and matrix.dtype.itemsize <= 8
        and (
            k == "i" or matrix.dtype.itemsize < 8 or matrix.max(initial=0) < np.iinfo(np.int64).max
        )
    ):
        return matrix.astype(np.int64, copy=False)
    if (
        k == "f"
        and np.isfinite(matrix).all()
        and np.array_equal(matrix, np.round(matrix))
        and np.abs(matrix).max(initial=0) < 2.0**53
    ):
        return matrix.astype(np.int64)
    return None


#: Below this many entries :func:`distinct_lines` returns the matrix as it is (the hash
#: costs more than it saves).
_DISTINCT_MIN = 1 << 14


@functools.lru_cache(maxsize=8)
def _hash_weights(n: int) -> np.ndarray:
    return np.random.default_rng(0x5EED).integers(1, 2**63, n, dtype=np.uint64)


def distinct_lines(a: np.ndarray) -> np.ndarray:
    """``a`` (2-D int64) without repeated rows and repeated columns, in first-seen order:
    the rank over any field is unchanged (a repeated line is a copy of a kept one).
    Matrices under 2**14 entries are returned as they are.

    Rows are grouped by a hash (their product with fixed random 64-bit weights, wrapping
    mod 2**64) and every group is checked entry by entry against its representative; on a
    hash collision nothing is removed along that axis.  The integer grids of the gtm
    figures repeat many lines (1000 × 1000 → 250 × 830 at R = 2), and building FLINT's
    matrix costs more than its rank.
    """
    if a.size < _DISTINCT_MIN:
        return a
    for axis in (0, 1):
        b = a if axis == 0 else a.T
        if b.shape[0] < 2 or b.shape[1] == 0:
            continue
        h = b.astype(np.uint64) @ _hash_weights(b.shape[1])
        _, first, inverse = np.unique(h, return_index=True, return_inverse=True)
        if first.size == b.shape[0] or not np.array_equal(b, b[first[inverse.ravel()]]):
            continue
        b = b[np.sort(first)]
        a = b if axis == 0 else b.T
    return a


def _bareiss_rank(rows: list[list[int]]) -> int:
    """Rank of integer rows by fraction-free (Bareiss) elimination (rows are consumed)."""
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
            rows[i] = [(p * r[j] - f * p_row[j]) // prev if j > col else 0 for j in range(n_cols)]
        prev = p
        rank += 1
        if rank == n_rows:
            break
    return rank


def rank_mod_p(matrix, p: int = DEFAULT_PRIME, *, backend: str = "auto") -> int:
    """Rank over GF(p) of an integer matrix: a certified **lower bound** of its rank over Q.

    Any minor that is non-zero mod p is non-zero over the integers, so
    ``rank_mod_p(M, p) <= exact_rank(M)``, with equality unless p divides every maximal
    non-zero minor.  FLINT's ``nmod_mat.rank()`` on the residues (``backend="auto"`` or
    ``"flint"``), or with ``backend="python"`` vectorised int64 row reduction
    (``p < 2**31`` so products fit).

    Examples
    --------
    >>> rank_mod_p([[1, 2], [3, 4]]), rank_mod_p([[1, 2], [3, 4]], p=2)
    (2, 1)
    """
    which = rank_backend(backend)
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)):
        raise DTypeError(f"p must be an integer prime; got {p!r}")
    p = int(p)
    _refuse_bool(matrix)
    if not 2 <= p < 2**31 or not is_prime(p):
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
    if which == "flint":
        if a.size == 0:
            return 0
        return int(_flint().nmod_mat(distinct_lines(a).tolist(), p).rank())
    return _rank_gf_p(a, p)


def _integer_residues(a: np.ndarray, p: int) -> np.ndarray:
    if a.dtype.kind in "biu":
        return np.mod(a.astype(np.int64) if a.dtype != np.uint64 else a % p, p).astype(np.int64)
    if a.dtype.kind == "f":
        check_finite(a, "matrix")
        if not np.all(a == np.round(a)):
            raise DTypeError(
                "rank_mod_p needs integer entries; got non-integer floats "
                "(use numerical_rank for floating-point matrices)"
            )
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
    return piv, F[:, : len(piv)], invs


def _pivot_rows(T: np.ndarray, piv, F, invs, p: int) -> np.ndarray:
    """Trailing part of the normalised pivot rows.

    ``u_j = (T[π_j] - Σ_{j'<j} F[π_j, j'] u_j') / piv_j`` (mod p), in pivot order.
    """
    U = np.empty((len(piv), T.shape[1]), dtype=np.int64)
    for j, r in enumerate(piv):
        row = T[r]
        if j:
            row = (row - _matmul_mod(F[r : r + 1, :j], U[:j], p)[0]) % p
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
