"""The single place for tnverify's conventions.

Layout of TT cores
    A TT core has shape ``(r_{k-1}, n_k, r_k)`` with ``r_0 = r_d = 1`` (Oseledets 2011,
    TensorLy, ttpy).  An entry is the product of slice matrices::

        A[i1, ..., id] = G1[0, i1, :] @ G2[:, i2, :] @ ... @ Gd[:, id, 0]

Modes
    0-based in code.  Docstrings map to the papers' 1-based notation: the paper's mode
    ``k`` (1..d) is code mode ``k - 1``; the paper's token index ``w_t`` in ``1..|V|`` is
    the code's ``w[t-1]`` in ``0..|V|-1``.

Unfoldings
    ``A_[k]`` (code: ``tt_unfolding(A, k)``) is the C-order reshape of ``A`` to
    ``(n_1 ... n_k) x (n_{k+1} ... n_d)``: the *last* index of each group runs fastest.
    The thesis (§3.1.2, Def. 3.1.3, Eq. 3.1) takes entries "column-wise", i.e.
    Fortran order (first index fastest).  Both orders give the same rank for every ``k``
    (they differ by a permutation of rows and of columns); entry-level results say which
    order they use.  Claim ``thesis-def-3.1.3`` checks the correspondence.

Recurrent cells in the TT view
    Core ``G`` of shape ``(R, |V|, R)``; one step is
    ``h_next[k] = sum_{j,i} h[j] * G[j, i, k] * f[i]``.

Generalized networks (gtm)
    Keep the paper's order ``G^{(t)}_{ijk}`` (i over ``C f(x)``, j over ``h^{(t-1)}``, k
    over ``h^{(t)}``); the map to the TT view is ``numpy.transpose(G, (1, 0, 2))``.

Tolerances
    Only from :func:`tolerance` (``∝ n · eps · norm``) and :func:`rank_tolerance`
    (numpy's ``max(M, N) · eps · σ_max``).  No literal tolerances elsewhere.

Notation (paper -> code)
    =========================  ======================================
    paper                      code
    =========================  ======================================
    ``|V|``, ``M``, ``I_k``    ``vocab_size``, ``shape[k-1]``
    ``N``, ``L``, ``T``        ``length`` / number of modes ``d``
    ``R_k``                    ``ranks[k]`` (``ranks[0] = ranks[d] = 1``)
    ``G^{(t)}``                ``cores[t-1]``
    ``f(x^{(t)})``             ``features[w[t-1]]`` (one-hot by default)
    ``Φ(X)``                   :func:`tnverify.feature_tensor`
    ``𝒜``, ``𝒲``               full tensor / :class:`tnverify.TensorTrain`
    ``ε`` (TT-SVD accuracy)    ``eps`` (relative, never called "cutoff")
    =========================  ======================================
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np

from .errors import DTypeError, NonFiniteError, ToleranceError

__all__ = [
    "DEFAULT_DTYPE",
    "Tolerance",
    "tolerance",
    "rank_tolerance",
    "derive_seed",
    "as_real_array",
    "check_finite",
]

#: dtype of every computation on the verification side.
DEFAULT_DTYPE = np.float64

#: Safety factor of :func:`tolerance`.  Error bounds of sums/products of ``n`` rounded
#: terms are ``n·u·Σ|terms|`` (Higham, *Accuracy and Stability*, §3.1) with the unit
#: roundoff ``u = eps/2``; we use ``eps`` (a factor 2 of headroom) and, because the norm
#: we can cheaply compute is a 2-norm rather than ``Σ|terms|``, another factor
#: ``SAFETY = 8``.  It is fixed once here and never adjusted per test.
SAFETY = 8.0


@dataclass(frozen=True)
class Tolerance:
    """A named tolerance: its value and the rule it came from.

    ``float(tol)`` gives the value, so a Tolerance can be used where a number is needed.
    """

    value: float
    rule: str

    def __float__(self) -> float:
        return float(self.value)

    def to_dict(self) -> dict:
        return {"value": float(self.value), "rule": self.rule}


def machine_eps(dtype) -> float:
    return float(np.finfo(_float_dtype(dtype)).eps)


def _float_dtype(dtype) -> np.dtype:
    if dtype is None or isinstance(dtype, (bool, int, float)):
        # np.dtype(None) is float64: a missing dtype must not silently mean float64
        raise DTypeError(f"tolerance needs a floating dtype (numpy or torch); got {dtype!r}")
    try:
        dt = np.dtype(dtype)
    except TypeError:
        dt = None
    if dt is None or dt.kind not in "fc":
        # torch dtypes and anything numpy does not know: look at its name
        name = str(dtype).replace("torch.", "")
        try:
            dt = np.dtype(name)
        except TypeError as exc:
            raise DTypeError(f"tolerance needs a floating dtype; got {dtype!r}") from exc
        if dt.kind not in "fc":
            raise DTypeError(f"tolerance needs a floating dtype; got {dtype!r}")
    return dt


def tolerance(dtype=DEFAULT_DTYPE, n: int | float = 1, norm: float = 1.0) -> Tolerance:
    """Tolerance for comparing two evaluations of the same quantity.

    .. math:: \\tau = \\mathrm{SAFETY} \\cdot n \\cdot \\varepsilon_{\\mathrm{dtype}}
              \\cdot \\max(\\mathrm{norm}, \\mathrm{tiny})

    Parameters
    ----------
    dtype : numpy or torch dtype
        The *least* precise dtype taking part in the comparison.
    n : int
        Number of floating-point operations accumulated along the longest path (e.g.
        the number of summed terms, or ``d · r`` for a product of ``d`` slice matrices
        of size ``r``).
    norm : float
        Scale of the compared quantities (a norm of the reference, or of the terms).

    Returns
    -------
    Tolerance
        ``value`` and the ``rule`` in words (for the evidence of a claim).

    Examples
    --------
    >>> t = tolerance("float64", n=10, norm=2.0)
    >>> t.value == 8 * 10 * 2.0 * 2.0 ** -52
    True
    """
    from .validation import as_float, as_int

    norm = as_float(norm, "norm", nonnegative=True)
    if isinstance(n, float) and n.is_integer():  # an integral count such as 3.0
        n = int(n)
    n = as_int(n, "n", minimum=1, error=ToleranceError)
    eps = machine_eps(dtype)
    scale = max(float(norm), np.finfo(np.float64).tiny)
    value = SAFETY * int(n) * eps * scale
    name = _float_dtype(dtype).name
    rule = f"{SAFETY:g} * n * eps({name}) * norm with n={int(n)}, norm={scale:.3g}"
    return Tolerance(value, rule)


def rank_tolerance(
    shape: tuple[int, int], sigma_max: float, dtype=DEFAULT_DTYPE, rtol: float | None = None
) -> Tolerance:
    """Absolute threshold of the numerical-rank rule.

    Singular values ``> tol`` count.  Default (numpy's ``matrix_rank`` rule):
    ``tol = max(M, N) · eps · σ_max``; with ``rtol`` given, ``tol = rtol · σ_max``.
    """
    if rtol is not None:
        from .validation import as_float

        rtol = as_float(rtol, "rtol", finite=False)
        if not np.isfinite(rtol) or rtol < 0:
            raise ToleranceError(f"rtol must be a finite number >= 0; got rtol={rtol!r}")
    M, N = (int(s) for s in shape)
    if rtol is None:
        r = max(M, N) * machine_eps(dtype)
        rule = f"max(M, N) * eps * sigma_max with M={M}, N={N} (numpy's matrix_rank rule)"
    else:
        r = float(rtol)
        rule = f"rtol * sigma_max with rtol={r:.3g}"
    return Tolerance(r * float(sigma_max), rule)


def derive_seed(seed: int, *labels: object) -> int:
    """A stable 63-bit seed for a sub-task, from a base seed and labels.

    Uses CRC32 of the labels (stable across Python runs, unlike ``hash``).

    Examples
    --------
    >>> derive_seed(0, "ttlm-eq2", "small") == derive_seed(0, "ttlm-eq2", "small")
    True
    """
    text = "\x1f".join(str(x) for x in labels).encode()
    return (int(seed) * 1_000_003 + zlib.crc32(text)) % (2**63)


def check_finite(array, name: str = "tensor") -> None:
    """Raise :class:`NonFiniteError` if ``array`` holds NaN or infinity."""
    a = np.asarray(array)
    if a.dtype.kind in "fc" and not np.isfinite(a).all():
        bad = int(np.size(a) - np.count_nonzero(np.isfinite(a)))
        raise NonFiniteError(
            f"{name} must be finite; found {bad} NaN/inf entr{'y' if bad == 1 else 'ies'}"
        )


def as_real_array(x, name: str = "tensor", *, allow_complex: bool = False) -> np.ndarray:
    """Validate and convert an input to a finite float64 (or complex128) ndarray."""
    from .validation import as_flag

    allow_complex = as_flag(allow_complex, "allow_complex")
    try:
        a = np.asarray(x)
    except Exception as exc:  # noqa: BLE001 - anything numpy refuses
        raise DTypeError(f"{name} must be array-like; got {type(x).__name__}") from exc
    if a.dtype == object or a.dtype.kind not in "biufc":
        raise DTypeError(f"{name} must be numeric; got dtype {a.dtype}")
    if a.dtype.kind == "c":
        if not allow_complex:
            raise DTypeError(f"{name} must be real; got dtype {a.dtype}")
        a = a.astype(np.complex128, copy=False)
    else:
        a = a.astype(DEFAULT_DTYPE, copy=False)
    check_finite(a, name)
    return a
