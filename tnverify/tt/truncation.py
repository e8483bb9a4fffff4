"""The truncation rule shared by TT-SVD and TT rounding, and the sign-fixed thin SVD.

TT-SVD (:func:`tnverify.tt.svd.tt_svd`, Oseledets 2011, Algorithm 1) and TT rounding
(:meth:`tnverify.tt.TensorTrain.round`, Algorithm 2) truncate each step's thin SVD with
the same rule: keep the smallest rank whose discarded Frobenius tail is ``<= δ``
(:func:`truncation_rank`), optionally capped by ``max_rank``.  Both modules import the
rule, the validation of ``eps`` / ``max_rank`` and the SVD from here, so neither
imports the other's private helpers (``tt_svd`` builds a ``TensorTrain``; ``tt`` needs
only this module).

References
----------
thesis §3.2, Thm 3.2.2, Algorithm 1; Oseledets, "Tensor-train
decomposition", SIAM J. Sci. Comput. 33(5), 2011, Algorithms 1 and 2.
"""

from __future__ import annotations

from numbers import Integral

import numpy as np

from ..errors import ShapeError, ToleranceError
from ..validation import as_array, as_float, as_int

__all__ = [
    "truncation_rank",
    "check_eps",
    "check_max_rank",
    "step_caps",
    "thin_svd",
    "svd_signed",
    "tail_rank",
]


def check_eps(eps) -> float:
    """``eps`` as a float; a finite real number ``>= 0`` (tnverify.validation rules)."""
    return as_float(eps, "eps", nonnegative=True)


def check_max_rank(max_rank):
    """``max_rank`` as an int ``>= 1`` or None (ToleranceError otherwise)."""
    if max_rank is None:
        return None
    return as_int(max_rank, "max_rank", minimum=1, error=ToleranceError)


def step_caps(max_rank, steps: int) -> tuple:
    """Per-step rank caps: ``max_rank`` as an int (the same cap at every step), a
    sequence of ``steps = d − 1`` positive ints (one cap per step), or None."""
    if max_rank is None or isinstance(max_rank, Integral):
        return (check_max_rank(max_rank),) * steps
    try:
        caps = tuple(max_rank)
    except TypeError:
        raise ToleranceError(
            f"max_rank must be a positive int, a sequence of d - 1 = {steps} "
            f"positive ints, or None; got {max_rank!r}"
        ) from None
    if len(caps) != steps:
        raise ToleranceError(
            f"max_rank as a sequence needs one cap per TT-SVD step "
            f"(d - 1 = {steps}); got {len(caps)}: {caps!r}"
        )
    return tuple(check_max_rank(c) for c in caps)


def truncation_rank(singular_values, delta: float, max_rank: int | None = None) -> int:
    """The δ-rank of one TT-SVD step: the smallest rank whose discarded tail is ``≤ δ``.

    .. math:: r = \\min\\{\\rho \\ge 1 : \\textstyle\\sqrt{\\sum_{j \\ge \\rho} \\sigma_j^2}
              \\le \\delta\\}, \\quad r \\leftarrow \\min(r, \\text{max\\_rank})

    Tails are a reversed cumulative sum of ``σ²`` (never ``‖A‖² − cumsum``).  The rank is
    at least 1 (a zero matrix keeps one zero column) and at most ``len(σ)``.

    Parameters
    ----------
    singular_values : 1-D array_like
        Non-increasing, non-negative (as returned by an SVD).
    delta : float
        Absolute Frobenius bound on the discarded tail (``>= 0``).
    max_rank : int, optional
        Upper bound on the returned rank.

    Examples
    --------
    >>> truncation_rank([4.0, 3.0, 0.0], 0.0)
    2
    >>> truncation_rank([4.0, 3.0, 1.0], 1.0), truncation_rank([4.0, 3.0, 1.0], 0.5)
    (2, 3)
    """
    s = as_array(singular_values, "singular_values", finite=False)
    if s.ndim != 1 or s.size == 0:
        raise ShapeError(f"singular_values must be a non-empty 1-D array; got shape {s.shape}")
    if not np.isfinite(s).all() or (s < 0).any():
        raise ToleranceError("singular_values must be finite and >= 0")
    delta = as_float(delta, "delta", nonnegative=True)
    return tail_rank(s, delta, check_max_rank(max_rank))


def tail_rank(s: np.ndarray, delta: float, max_rank: int | None) -> int:
    """:func:`truncation_rank` on inputs already validated (a non-empty, finite,
    non-negative 1-D float array, ``delta >= 0``, ``max_rank`` None or ``>= 1``): the
    per-step rule inside TT-SVD and rounding, whose public entry points validate once."""
    tails = np.cumsum((s * s)[::-1])[::-1]  # tails[r] = sum_{j >= r} s_j^2
    # tails is non-increasing: the count of tails above δ² is the first index within it
    r = max(int(np.count_nonzero(tails > delta * delta)), 1)
    if max_rank is not None:
        r = min(r, max_rank)
    return r


#: Largest matrix (entries) whose SVD goes through ``numpy.linalg.svd``: its gufunc call
#: costs a few µs where scipy's wrapper costs ~30 µs, but it copies its input to Fortran
#: order, which made tall-skinny steps (e.g. 2^19 × 2) twice as slow as scipy's gesdd.
SMALL_SVD = 2**14


def thin_svd(c: np.ndarray):
    """Thin SVD in the tall orientation, LAPACK's gesdd: through ``numpy.linalg.svd`` for
    small matrices (:data:`SMALL_SVD`, little per-call overhead), scipy's driver for
    larger ones; scipy's gesvd as the fallback when gesdd does not converge."""
    import scipy.linalg  # on use: importing it costs ~0.4 s of every CLI start

    wide = c.shape[0] < c.shape[1]
    a = c.conj().T if wide else c
    try:
        if a.size <= SMALL_SVD:
            u, s, vh = np.linalg.svd(a, full_matrices=False)
        else:
            u, s, vh = scipy.linalg.svd(
                a, full_matrices=False, check_finite=False, lapack_driver="gesdd"
            )
    except np.linalg.LinAlgError:
        u, s, vh = scipy.linalg.svd(
            a, full_matrices=False, check_finite=False, lapack_driver="gesvd"
        )
    if wide:
        u, vh = vh.conj().T, u.conj().T
    return u, s, vh


def svd_signed(c: np.ndarray):
    """Thin SVD with TensorLy's sign rule (vectorised).

    For each column of ``U`` the entry of largest modulus (first one on ties) is made
    real and positive; the matching row of ``Vᴴ`` is multiplied by the same phase, so
    ``U diag(s) Vᴴ`` is unchanged.
    """
    u, s, vh = thin_svd(c)
    piv = u[np.abs(u).argmax(axis=0), np.arange(u.shape[1])]
    if u.dtype.kind != "c":
        sign = np.where(piv < 0, -1.0, 1.0)  # real: the phase is the sign (0 -> +1)
        return u * sign, s, vh * sign[:, None]
    mod = np.abs(piv)
    phase = np.where(mod > 0, piv / np.where(mod > 0, mod, 1), 1)
    u = u * phase.conj()
    vh = vh * phase[:, None]
    return u, s, vh
