"""Rank bounds for generalized tensor networks (gtm §5.2, App. A) and certified
ranks of grid tensors.

* Lemma A.1 (Cohen & Shashua 2016, Claim 9): a ξ = max(x, y, 0) shallow network of rank R
  has rank[Γ]^{(s_odd, t_even)} ≤ R·TM/2  — :func:`lemma_a1_bound`;
  read backwards, a grid whose matricization has rank ρ needs shallow width
  ≥ ⌈ρ / (TM/2)⌉ — :func:`shallow_width_lower_bound` (the quantity of Figs. 3–5).
* Theorem 5.2: width ≥ (2/(MT))·min(M, R)^{T/2} — :func:`thm_5_2_bound`; Lemma A.2's
  printed rank formula and bound — :func:`lemma_a2_rank_formula`, :func:`lemma_a2_rank_bound`.
* ξ = xy: a rank-R shallow network has a CP-rank-R grid, so every matricization rank is a
  lower bound of the CP rank — :func:`cp_rank_lower_bound`.
* :func:`grid_rank`: the rank of the (odd, even) matricization with its certification
  (exact over ℚ, a certified lower bound mod p, or numerical with tolerance and gap).

Cost of the certified ranks, measured on this machine (2 cores, numpy 2.4, one BLAS
thread; :mod:`tnverify.ranks.certified`: FLINT through python-flint, and the pure-Python
fallback ``backend="python"``):

==========================  ===============  ===========  ============  ==============
integer matrix              exact (Bareiss)  exact FLINT  mod p FLINT   numerical (SVD)
==========================  ===============  ===========  ============  ==============
27 × 27 (M=3, T=6)          0.003 s          < 0.001 s    < 0.001 s     < 0.001 s
128 × 128, entries ≤ 5      0.41 s           0.011 s      0.011 s       0.002 s
216 × 216 (M=6, T=6)        5.9 s            0.024 s      0.020 s       0.006 s
1000 × 1000 rank 100        115 s            7.1 s        0.56 s        0.18 s
1000 × 1000 (M=10, T=6)     ≫ 20 min (est.)  1.6 s        0.78 s        0.20 s
==========================  ===============  ===========  ============  ==============

(FLINT columns measured 2026-11-28 at load ≈ 3 from other jobs; the others earlier.)

Hence the ``certify="auto"`` rule (its size guard unchanged since the Bareiss times):
integer-valued grids whose elimination work rows·cols·min(rows, cols) is at most
:data:`EXACT_WORK_LIMIT` (= 128³) get the exact rank; larger integer grids get the rank mod p (a certified lower bound, exact when it
reaches min(rows, cols)); real grids get the numerical rank (tolerance and gap recorded).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..conventions import Tolerance
from ..errors import DTypeError, NonFiniteError, RankError, ShapeError, UsageError
from ..ranks.matricize import (
    DEFAULT_PRIME,
    exact_rank,
    matricize,
    numerical_rank,
    rank_backend,
    rank_mod_p,
)
from ..ranks.numerical import NumericalRank
from ..validation import (
    as_choice,
    as_flag,
    as_float,
    as_int,
    as_numeric,
    as_prime,
    check_power,
    check_work,
)

__all__ = [
    "EXACT_WORK_LIMIT",
    "CERTIFY_MODES",
    "GridRank",
    "CPRankBound",
    "lemma_a1_bound",
    "shallow_width_lower_bound",
    "thm_5_2_bound",
    "lemma_a2_rank_formula",
    "lemma_a2_rank_bound",
    "odd_even_matrix",
    "is_integer_valued",
    "grid_rank",
    "cp_rank_lower_bound",
]

#: Largest rows·cols·min(rows, cols) for which ``certify="auto"`` runs the exact
#: (fraction-free) elimination: 128³, measured ≲ 0.5 s (module table).
EXACT_WORK_LIMIT = 128**3
#: Accepted values of ``certify``.
CERTIFY_MODES = ("auto", "exact", "mod-p", "numerical")
_INT_LIMIT = 2.0**53  # float64 integers are exact below this


def _positive_int(x, name: str) -> int:
    return as_int(x, name, minimum=1)


def _even_T(T) -> int:
    T = _positive_int(T, "T")
    if T % 2:
        raise ShapeError(
            f"the (s_odd, t_even) matricization needs an even T "
            f"(gtm §5.2: 'we assume that T is even'); got T={T}"
        )
    return T


# -- the printed bounds --------------------------------------------------------------------
def lemma_a1_bound(R, M, T) -> int:
    """R·TM/2: Lemma A.1's bound on rank[Γ]^{(s_odd, t_even)} for a ξ = max(x, y, 0)
    shallow network of rank R (gtm App. A, Lemma A.1).

    Examples
    --------
    >>> lemma_a1_bound(2, 10, 6)
    60
    """
    R, M, T = _positive_int(R, "R"), _positive_int(M, "M"), _even_T(T)
    return R * T * M // 2


def shallow_width_lower_bound(rank, M, T) -> int:
    """⌈rank / (TM/2)⌉: the least shallow ξ = max width compatible with Lemma A.1 for a grid
    whose (odd, even) matricization has this rank (gtm §6, Figs. 3–5: "the same
    technique as in the proof of Theorem 5.2").  Exact integer arithmetic.

    Examples
    --------
    >>> shallow_width_lower_bound(1000, 10, 6), shallow_width_lower_bound(30, 10, 6)
    (34, 1)
    """
    rank = as_int(rank, "rank", minimum=0, error=RankError)
    M, T = _positive_int(M, "M"), _even_T(T)
    return -(-2 * int(rank) // (T * M))


def thm_5_2_bound(M, R, T) -> Fraction:
    """(2/(MT))·min(M, R)^{T/2} (gtm §5.2, Thm. 5.2), as an exact Fraction.

    Examples
    --------
    >>> thm_5_2_bound(10, 10, 8)
    Fraction(250, 1)
    """
    M, R, T = _positive_int(M, "M"), _positive_int(R, "R"), _even_T(T)
    check_power(min(M, R), T // 2, "Thm. 5.2 bound")
    return Fraction(2 * min(M, R) ** (T // 2), M * T)


def lemma_a2_rank_formula(M, R, T) -> int:
    """The rank printed in the proof of Lemma A.2: "R^{T/2} + 1 if R < M and M^{T/2}
    otherwise" (gtm App. A)."""
    M, R, T = _positive_int(M, "M"), _positive_int(R, "R"), _even_T(T)
    check_power(min(M, R), T // 2, "Lemma A.2 rank")
    return R ** (T // 2) + 1 if R < M else M ** (T // 2)


def lemma_a2_rank_bound(M, R, T) -> int:
    """min(M, R)^{T/2}: the lower bound of Lemma A.2 (gtm App. A)."""
    M, R, T = _positive_int(M, "M"), _positive_int(R, "R"), _even_T(T)
    check_power(min(M, R), T // 2, "Lemma A.2 bound")
    return min(M, R) ** (T // 2)


# -- certified ranks ----------------------------------------------------------------------
@dataclass(frozen=True)
class GridRank:
    """Rank of a matricization and how far it is certified.

    Attributes
    ----------
    rank : int
    method : str
        ``"exact"`` (rank over ℚ), ``"mod-p lower bound"`` (rank over GF(p)) or
        ``"numerical"`` (singular values).
    certified : bool
        True for ``"exact"`` (the value is proved) and ``"mod-p lower bound"`` (proved
        lower bound); False for ``"numerical"`` (an estimate).
    exact : bool
        The value is the exact rank: ``"exact"``, or a mod-p bound equal to min(shape).
    shape : tuple
        Shape of the matricization.
    tolerance, gap : numerical method only (from :class:`tnverify.ranks.matricize.NumericalRank`).
    numerical : NumericalRank or None
        The numerical rank (numerical method, or a cross-check when asked for).
    prime : int or None
    seconds : float
        Wall time of the certified computation.
    backend : str or None
        Who decided a certified rank: ``"flint"`` (python-flint's ``fmpz_mat`` /
        ``nmod_mat``) or ``"python"`` (the pure-Python fallback); None when numerical.
    """

    rank: int
    method: str
    certified: bool
    exact: bool
    shape: tuple
    tolerance: Tolerance | None = None
    gap: tuple | None = None
    numerical: NumericalRank | None = None
    prime: int | None = None
    seconds: float = 0.0
    backend: str | None = None

    def __int__(self) -> int:
        return int(self.rank)

    def __index__(self) -> int:
        return int(self.rank)

    @property
    def kind(self) -> str:
        """``"exact"``, ``"lower bound"`` or ``"estimate"``."""
        if self.exact:
            return "exact"
        return "lower bound" if self.certified else "estimate"

    def to_dict(self) -> dict:
        d = {
            "rank": int(self.rank),
            "method": self.method,
            "certified": self.certified,
            "exact": self.exact,
            "kind": self.kind,
            "shape": list(self.shape),
            "seconds": float(self.seconds),
        }
        if self.prime is not None:
            d["prime"] = int(self.prime)
        if self.backend is not None:
            d["backend"] = self.backend
        if self.numerical is not None:
            d["numerical"] = self.numerical.to_dict()
        return d


def odd_even_matrix(grid) -> np.ndarray:
    """[Γ]^{(s_odd, t_even)} as a numpy array (gtm App. A, before Lemma A.1):
    rows = paper modes (1, 3, …, T−1) = code modes (0, 2, …), columns = (2, 4, …, T), C
    order.  A 2-D input is its own (odd, even) matricization (T = 2)."""
    g = as_numeric(grid, "grid")
    if g.ndim < 2 or g.ndim % 2:
        raise ShapeError(
            f"the (odd, even) matricization needs a grid of even order T >= 2; got shape {g.shape}"
        )
    return g if g.ndim == 2 else matricize(g, tuple(range(0, g.ndim, 2)))


def is_integer_valued(a) -> bool:
    """Integer dtype, or finite floats that are all integers below 2**53 in magnitude."""
    a = as_numeric(a, "a", finite=False, nonempty=False)
    if a.dtype.kind in "iu":
        return True
    if a.dtype.kind != "f":
        return False
    if not np.isfinite(a).all():
        raise NonFiniteError("grid has NaN/inf entries")
    return bool(np.all(a == np.round(a)) and np.abs(a).max(initial=0) < _INT_LIMIT)


def grid_rank(
    grid,
    *,
    certify: str = "auto",
    rtol: float | None = None,
    prime: int = DEFAULT_PRIME,
    cross_check: bool = False,
    matrix: bool = False,
    backend: str = "auto",
) -> GridRank:
    """Rank of the (odd, even) matricization of a grid tensor, certified where possible.

    Parameters
    ----------
    grid : array-like or torch tensor of even order T (or a 2-D matrix with ``matrix=True``
        or T = 2).
    certify : {"auto", "exact", "mod-p", "numerical"}
        ``"auto"``: exact when the grid is integer-valued and rows·cols·min ≤
        :data:`EXACT_WORK_LIMIT`, rank mod ``prime`` for larger integer grids, numerical
        otherwise (module docstring: measured costs).  ``"exact"``/``"mod-p"`` on a
        non-integer grid raise DTypeError.
    rtol : float, optional
        Relative rank tolerance of the numerical rank (default numpy's rule,
        :func:`tnverify.conventions.rank_tolerance`).
    cross_check : bool
        Also compute the numerical rank when the method is certified.
    matrix : bool
        Treat a 2-D ``grid`` as the matrix itself (no matricization).
    backend : {"auto", "flint", "python"}
        Backend of the certified ranks (:func:`tnverify.ranks.certified.rank_backend`; recorded
        in :attr:`GridRank.backend`).

    Examples
    --------
    >>> g = np.ones((3, 3, 3, 3)); g[0, 0, 0, 0] = 0
    >>> r = grid_rank(g); (r.rank, r.method, r.kind)
    (2, 'exact', 'exact')
    """
    as_choice(certify, "certify", CERTIFY_MODES)
    if rtol is not None:
        rtol = as_float(rtol, "rtol", nonnegative=True)
    # every argument is checked on every path (the prime too, when no mod-p rank is taken)
    prime = as_prime(prime, "prime", maximum=2**31 - 1)
    cross_check, matrix = as_flag(cross_check, "cross_check"), as_flag(matrix, "matrix")
    which = rank_backend(backend)
    g = as_numeric(grid, "grid", finite=False)
    if g.dtype == object or g.dtype.kind not in "biuf":
        raise DTypeError(f"grid must be a real numeric array; got dtype {g.dtype}")
    A = g if (matrix and g.ndim == 2) else odd_even_matrix(g)
    if A.dtype.kind == "f" and not np.isfinite(A).all():
        raise NonFiniteError("grid has NaN/inf entries")
    integer = is_integer_valued(A)
    method = certify
    if certify == "auto":
        work = A.shape[0] * A.shape[1] * min(A.shape)
        method = "numerical" if not integer else ("exact" if work <= EXACT_WORK_LIMIT else "mod-p")
    elif certify in ("exact", "mod-p") and not integer:
        raise DTypeError(
            f"certify={certify!r} needs an integer-valued grid (use "
            "'numerical' or 'auto' for real grids)"
        )
    nr = (
        numerical_rank(A.astype(np.float64), rtol=rtol)
        if (method == "numerical" or cross_check)
        else None
    )
    t0 = time.perf_counter()
    if method == "exact":
        rank = exact_rank(A.astype(np.int64) if A.dtype.kind == "f" else A, backend=which)
        return GridRank(
            rank,
            "exact",
            True,
            True,
            A.shape,
            numerical=nr,
            seconds=time.perf_counter() - t0,
            backend=which,
        )
    if method == "mod-p":
        rank = rank_mod_p(A.astype(np.int64) if A.dtype.kind == "f" else A, prime, backend=which)
        return GridRank(
            rank,
            "mod-p lower bound",
            True,
            rank == min(A.shape),
            A.shape,
            numerical=nr,
            prime=int(prime),
            seconds=time.perf_counter() - t0,
            backend=which,
        )
    assert nr is not None  # computed for method "numerical"
    return GridRank(
        nr.rank,
        "numerical",
        False,
        False,
        A.shape,
        tolerance=nr.tolerance,
        gap=nr.gap,
        numerical=nr,
        seconds=time.perf_counter() - t0,
    )


# -- ξ = xy ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class CPRankBound:
    """Lower bound on the CP rank of a grid (ξ = xy): the largest matricization rank.

    ``bound`` is certified when the rank behind it is (exact or mod-p); ``per_split`` maps
    each row-mode tuple to its :class:`GridRank`.
    """

    bound: int
    split: tuple
    certified: bool
    per_split: dict

    def __int__(self) -> int:
        return int(self.bound)


def cp_rank_lower_bound(
    grid, *, splits: str = "odd-even", certify: str = "auto", rtol: float | None = None
) -> CPRankBound:
    """CP-rank lower bound of a grid tensor for ξ = xy (gtm App. A, after Lemma
    A.1: "for a rank R decomposition, the matrix rank of *every* matricization is bounded
    by R"); the grid of a rank-R ξ = xy shallow network is Σ_r λ_r ⊗_t F v_r^{(t)}.

    Parameters
    ----------
    splits : {"odd-even", "unfoldings", "all"}
        Which matricizations: the paper's (s_odd, t_even) only; the T−1 unfoldings; or
        every bipartition of the modes (row sets containing mode 0).
    """
    g = as_numeric(grid, "grid", finite=False)
    as_choice(splits, "splits", ("odd-even", "unfoldings", "all"))
    T = g.ndim
    if T < 2:
        raise ShapeError(f"a CP-rank bound needs a grid of order >= 2; got shape {g.shape}")
    if splits == "odd-even":
        rows = [tuple(range(0, T, 2))]
        if T % 2:
            raise ShapeError(f"splits='odd-even' needs an even order; got T={T}")
    elif splits == "unfoldings":
        rows = [tuple(range(k)) for k in range(1, T)]
    elif splits == "all":
        # 2^(T-1) - 1 bipartitions, each a rank of the whole grid: refused before the loop
        check_work(
            T - 1 + math.log2(max(g.size, 1)),
            "cp_rank_lower_bound(splits='all'): "
            f"2^{T - 1} - 1 bipartitions of a grid of {g.size} entries",
            route="use splits='unfoldings' or 'odd-even'",
        )
        rows = [
            (0,) + tuple(m + 1 for m in range(T - 1) if mask >> m & 1)
            for mask in range(2 ** (T - 1) - 1)
        ]
    else:
        raise UsageError(f"splits must be 'odd-even', 'unfoldings' or 'all'; got {splits!r}")
    per = {r: grid_rank(matricize(g, r), certify=certify, rtol=rtol, matrix=True) for r in rows}
    best = max(per, key=lambda r: per[r].rank)
    return CPRankBound(per[best].rank, best, per[best].certified, per)
