"""TT-SVD (Oseledets 2011, Algorithm 1); nothing else.

Its truncation rule, :func:`truncation_rank`, is shared with TT rounding and lives in
:mod:`tnverify.tt.truncation` (re-exported here).

The accuracy ``eps`` is *relative*: the result ``B`` satisfies
``‖A − B‖_F ≤ eps ‖A‖_F`` (when no ``max_rank`` caps the ranks), because every step
discards a Frobenius tail ``≤ δ = eps ‖A‖_F / sqrt(d − 1)`` and, the cores being
left-orthogonal, the squared error is exactly the sum of the squared discarded tails
(thesis §3.2, Thm 3.2.2, Eq. 3.9).

Conversion to "cutoff" conventions of other libraries
    We never call ``eps`` a cutoff.  quimb (``cutoff_mode="rel"``) drops singular values
    with ``σ_j < cutoff · σ_max``; quimb's ``"rsum2"`` mode and ITensor's ``cutoff`` drop
    the largest set of *trailing* singular values whose squared sum, relative to the sum
    of all squared singular values of that matrix, is ``≤ cutoff``.  Our rule drops the
    largest trailing set whose squared sum is ``≤ δ² = eps² ‖A‖_F² / (d − 1)``.  At the
    first step the matrix norm equals ``‖A‖_F``, so there ``eps`` corresponds to an
    ITensor/"rsum2" cutoff of ``eps² / (d − 1)``; later steps differ because they compare
    with ``‖A‖_F`` rather than the norm of the current matrix (which is smaller after
    truncation).  An ITensor cutoff ``c`` applied at every bond bounds the total relative
    squared error by about ``(d − 1) c``, i.e. ``eps ≈ sqrt((d − 1) c)``.

References
----------
thesis §3.2, Thm 3.2.1, Thm 3.2.2, Algorithm 1; Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011, Algorithm 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral

import numpy as np

from ..errors import ShapeError
from ..validation import as_array, as_float
from ..validation.norms import SAFE_EXPONENT, frobenius_norm
from .train import TensorTrain
from .truncation import check_eps, check_max_rank, step_caps, svd_signed, tail_rank, truncation_rank

__all__ = ["TTSVDResult", "TTRanks", "tt_svd", "truncation_rank", "tt_ranks", "rounding_eps"]


@dataclass(frozen=True, eq=False)
class TTSVDResult:
    """Outcome of :func:`tt_svd`: the TT and the record of every truncation step.

    Attributes
    ----------
    tt : TensorTrain
        Cores ``0..d-2`` left-orthogonal (sign-fixed), the last core carries ``Σ Vᵀ``.
    eps, max_rank : float, int, tuple of int or None
        The requested accuracy and rank cap(s).
    norm : float
        ``‖A‖_F``.
    delta : float
        ``eps ‖A‖_F / sqrt(d − 1)`` (0 for ``d = 1``).
    singular_values, discarded : tuple of 1-D arrays
        Per step ``k = 0..d-2``: all singular values of the step's matrix, and those
        discarded (``σ_j`` for ``j >= r_{k+1}``).
    """

    tt: TensorTrain
    eps: float
    max_rank: int | tuple | None
    norm: float
    delta: float
    singular_values: tuple
    discarded: tuple

    @property
    def cores(self) -> tuple:
        return self.tt.cores

    @property
    def ranks(self) -> tuple:
        return self.tt.ranks

    @property
    def error(self) -> float:
        """``sqrt(Σ_k Σ_j discarded_kj²)``: exactly ``‖A − B‖_F`` (left-orthogonal cores);
        computed in a scaled form where the squares would overflow or underflow."""
        m = max((float(np.max(np.abs(t))) for t in self.discarded if t.size), default=0.0)
        if m and not 2.0**-SAFE_EXPONENT <= m <= 2.0**SAFE_EXPONENT:
            flat = np.concatenate([np.ravel(t) for t in self.discarded])
            return frobenius_norm(flat, "the discarded singular values")
        return math.sqrt(sum(float(np.sum(t * t)) for t in self.discarded))

    @property
    def bound(self) -> float:
        """``eps ‖A‖_F``: Oseledets' guarantee on ``‖A − B‖_F`` when ``max_rank`` is None."""
        return self.eps * self.norm

    @property
    def compression(self) -> float:
        """``n_entries / n_params`` of the TT."""
        return self.tt.n_entries / self.tt.n_params

    def to_dict(self) -> dict:
        """Plain-number summary (for evidence and reports)."""
        return {
            "shape": list(self.tt.shape),
            "ranks": list(self.ranks),
            "eps": self.eps,
            "max_rank": self.max_rank,
            "norm": self.norm,
            "delta": self.delta,
            "error": self.error,
            "bound": self.bound,
            "discarded_norms": [frobenius_norm(t) for t in self.discarded],
            "compression": self.compression,
        }


def rounding_eps(shape, dtype=np.float64) -> tuple[float, str]:
    """The default relative accuracy of :func:`tt_svd` (and ``tnverify tt-svd``): the
    package's tolerance rule at rounding level, ``tolerance(dtype, n, norm=1)`` with ``n``
    the largest side of an unfolding ``A_[k]`` (rows ``n_1 ⋯ n_k``, columns
    ``n_{k+1} ⋯ n_d``); the numerical-rank rule of numpy's ``matrix_rank``
    (``max(M, N) · eps``) with tnverify's SAFETY.  It drops round-off only.

    Returns ``(eps, rule in words)``.

    Examples
    --------
    >>> eps, rule = rounding_eps((6, 7, 8, 9))
    >>> eps == 8 * 504 * 2.0 ** -52
    True
    """
    from ..conventions import tolerance
    from ..validation import as_int

    if isinstance(shape, (str, bytes)) or not hasattr(shape, "__iter__"):
        raise ShapeError(f"shape must be a sequence of positive ints; got {shape!r}")
    dims = [as_int(n, f"shape[{k}]", minimum=1) for k, n in enumerate(shape)]
    if not dims:
        raise ShapeError("shape must be non-empty")
    sides = [
        max(math.prod(dims[: k + 1]), math.prod(dims[k + 1 :]))
        for k in range(max(len(dims) - 1, 1))
    ]
    tol = tolerance(dtype, n=max(sides), norm=1.0)
    return float(tol), tol.rule


def tt_svd(tensor, *, eps: float | None = None, max_rank=None) -> TTSVDResult:
    """TT-SVD of a full tensor (Oseledets 2011, Algorithm 1, C-order unfoldings).

    Step ``k`` (0-based) reshapes the carried matrix to ``(r_k n_k) × rest``, takes its
    thin SVD, keeps ``r_{k+1} = truncation_rank(σ, δ, max_rank)`` singular triplets
    (TensorLy's sign rule), stores ``U_r`` as core ``k`` and carries ``diag(σ_r) V_rᵀ``.

    Parameters
    ----------
    tensor : array_like
        Real or complex, ``ndim >= 1``, finite.  float32 / float16 / integer input is
        converted to float64 (complex64 to complex128) before the first SVD: the whole
        decomposition, its cores and its singular values are float64, as everywhere on
        the verification side.  The conversion adds no information: the round-off already
        in float32 data (relative size about ``6e-8``) is part of the tensor that is
        decomposed, so ``eps = 0`` keeps it as extra rank; pass ``eps`` of a few times
        float32's ``eps`` (``np.finfo(np.float32).eps ≈ 1.2e-7``) to remove it.
    eps : float, optional
        Relative accuracy ``>= 0``.  Default (``None``): the rounding level
        :func:`rounding_eps` ``= SAFETY · n · eps(dtype)``, n the largest side of an
        unfolding and dtype the input's precision (float32 / float16 / complex64 input
        its own, float64 otherwise): round-off is dropped, so an exactly low-rank float
        tensor gets its low ranks (``tt_svd(i + j + k).ranks == (1, 2, 2, 1)``); the
        command line ``tnverify tt-svd`` uses the same default.  ``eps=0`` keeps every
        non-zero singular value, round-off included (Oseledets' algorithm with ``ε = 0``,
        TensorLy's ``tensor_train`` at full rank; the default before 0.3).
    max_rank : int or sequence of int, optional
        Cap on every rank, or one cap per step (``d − 1`` of them: the fixed-rank TT-SVD
        of Thm 3.2.2 with ``eps = 0``).  With caps the bound ``eps ‖A‖_F`` no longer holds
        in general; Thm 3.2.2's bound does (claim ``thesis-thm-3.2.2``).

    Returns
    -------
    TTSVDResult

    Notes
    -----
    ``d = 1``: the single core is ``A`` reshaped to ``(1, n, 1)`` and ``δ = 0`` (the
    formula's ``sqrt(d − 1)`` is 0; there is no truncation step).  The zero tensor gives
    rank-1 cores (first ``d − 1`` cores a unit vector, the last core zero) with
    ``error == 0``.

    Order of the reshapes: the thesis's Algorithm 1 uses MATLAB (Fortran-order) reshapes;
    we use C order (:mod:`tnverify.conventions`, "Unfoldings").  At every step the two step matrices hold the same entries
    up to a permutation of rows and of columns, and the core reshape undoes the row
    permutation, so both orders give the same singular values, ranks, discarded values
    and cores (tests/test_tt_svd.py checks this against a literal Fortran-order run).

    Claims ``thesis-thm-3.2.1``, ``thesis-thm-3.2.2``, ``thesis-alg-1`` and
    ``tnverify-tt-svd-error-identity`` check the ranks, the bound and the identity.

    References
    ----------
    thesis §3.2, Algorithm 1, Thm 3.2.2 (Eq. 3.9).

    Examples
    --------
    >>> import numpy as np
    >>> i, j, k = np.indices((3, 4, 5))
    >>> res = tt_svd(i + j + k + 3.0, eps=1e-12)
    >>> res.ranks
    (1, 2, 2, 1)
    >>> bool(np.allclose(res.tt.full(), i + j + k + 3.0))
    True
    >>> tt_svd(i + j + k + 3.0).ranks, tt_svd(i + j + k + 3.0, eps=0).ranks[1]  # round-off
    ((1, 2, 2, 1), 3)
    """
    source = str(getattr(tensor, "dtype", "")).replace("torch.", "")
    a = as_array(tensor, "tensor", complex_ok=True)
    if eps is None and a.ndim >= 1 and a.size:
        eps = rounding_eps(
            a.shape, source if source in ("float16", "float32", "complex64") else np.float64
        )[0]
    eps = check_eps(0.0 if eps is None else eps)
    if a.ndim < 1:
        raise ShapeError(f"tensor must have ndim >= 1; got a {a.ndim}-D array")
    if a.size == 0:
        raise ShapeError(f"tensor must have positive mode sizes; got shape {a.shape}")
    d, dims = a.ndim, a.shape
    caps = step_caps(max_rank, d - 1)
    if max_rank is not None:  # as recorded in the result: an int, or the per-step tuple
        max_rank = check_max_rank(max_rank) if isinstance(max_rank, Integral) else caps
    norm = frobenius_norm(a, "tensor")  # NonFiniteError where ‖A‖_F overflows
    delta = eps * norm / math.sqrt(d - 1) if d > 1 else 0.0
    # entries whose squares overflow or underflow (|a| beyond 2**±SAFE_EXPONENT): the
    # algorithm runs on A·2**-e (exact: a power of two) and scales σ and the last core
    # back, so ranks and errors are those of A (a sum of squares never leaves the range)
    m = float(np.max(np.abs(a)))
    e = math.frexp(m)[1] if m and not 2.0**-SAFE_EXPONENT <= m <= 2.0**SAFE_EXPONENT else 0
    if e:
        a = (
            np.ldexp(a, -e)
            if a.dtype.kind == "f"
            else np.ldexp(a.real, -e) + 1j * np.ldexp(a.imag, -e)
        )
    delta_run = eps * math.ldexp(norm, -e) / math.sqrt(d - 1) if d > 1 else 0.0
    cores, svals, discarded = [], [], []
    c, r = a, 1
    for k in range(d - 1):
        c = c.reshape(r * dims[k], -1)
        u, s, vh = svd_signed(c)
        rk = tail_rank(s, delta_run, caps[k])
        cores.append(u[:, :rk].reshape(r, dims[k], rk))
        svals.append(np.ldexp(s, e) if e else s)
        discarded.append(np.ldexp(s[rk:], e) if e else s[rk:])
        c = s[:rk, None] * vh[:rk]
        r = rk
    if e:
        c = (
            np.ldexp(c, e)
            if c.dtype.kind == "f"
            else np.ldexp(c.real, e) + 1j * np.ldexp(c.imag, e)
        )
    cores.append(c.reshape(r, dims[-1], 1))
    return TTSVDResult(
        TensorTrain.from_trusted(cores), eps, max_rank, norm, delta, tuple(svals), tuple(discarded)
    )


@dataclass(frozen=True, eq=False)
class TTRanks:
    """Numerical ranks of all C-order unfoldings of a full tensor.

    ``ranks`` has length ``d + 1`` with boundary ones; ``details[k-1]`` is the
    :class:`tnverify.ranks.matricize.NumericalRank` of ``A_[k]`` (tolerance, rule and gap).
    """

    ranks: tuple
    details: tuple


def tt_ranks(tensor, *, rtol: float | None = None) -> TTRanks:
    """The TT ranks ``rank A_[k]``, ``k = 1..d-1`` (thesis §3.2, Thm 3.2.1).

    Each rank is a numerical rank of the C-order unfolding, from singular values only,
    with the tolerance of :func:`tnverify.ranks.matricize.numerical_rank` (numpy's rule
    ``max(M, N)·eps·σ_max`` by default, ``rtol·σ_max`` when given); the record keeps the
    tolerance and the gap (last kept, first dropped σ).  The zero tensor has interior
    ranks 0 here (its unfoldings have rank 0), whereas :func:`tt_svd` represents it
    with rank-1 cores.  As in ``numerical_rank``, float32 (float16, complex64) input is
    judged with its own precision's ``eps``, so its round-off does not count as rank.
    """
    from ..ranks.matricize import numerical_rank, tt_unfolding

    source = str(getattr(tensor, "dtype", "")).replace("torch.", "")
    a = as_array(tensor, "tensor", complex_ok=True)
    # checked here, not only by numerical_rank: a 1-D tensor has no unfolding to pass it to
    rtol = None if rtol is None else as_float(rtol, "rtol", nonnegative=True)
    if a.ndim < 1 or a.size == 0:
        raise ShapeError(f"tensor must have ndim >= 1 and positive sizes; got shape {a.shape}")
    if source in ("float16", "float32", "complex64"):
        a = a.astype(source)  # lossless: the values came from that precision
    details = tuple(numerical_rank(tt_unfolding(a, k), rtol=rtol) for k in range(1, a.ndim))
    return TTRanks((1,) + tuple(int(nr) for nr in details) + (1,), details)
