"""Norms computed in a scaled form (see :mod:`tnverify.validation`).

``numpy.linalg.norm`` of a vector forms ``sqrt(x · x)``: the squares overflow to ``inf``
for entries above about ``1e154`` and underflow to 0 below about ``1e-154``, although the
norm itself is a finite, normal number.  :func:`frobenius_norm` divides by the largest
magnitude first (the scaling of LAPACK's ``dnrm2``), so it is exact to round-off wherever
the norm is representable, and refuses with :class:`~tnverify.errors.NonFiniteError` where
it is not (a tensor of finite entries whose norm exceeds the float64 range).
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import NonFiniteError

__all__ = [
    "frobenius_norm",
    "SAFE_EXPONENT",
    "power_of_two_exponent",
    "scale_by_power_of_two",
    "scaled_product",
]

#: Entries of magnitude in ``[2**-SAFE_EXPONENT, 2**SAFE_EXPONENT]`` have squares (and sums
#: of up to 2**200 squares) that neither overflow nor underflow in float64.
SAFE_EXPONENT = 400


def frobenius_norm(a, name: str = "tensor") -> float:
    """``‖a‖_F`` of a finite numeric ndarray, computed without overflow or underflow.

    Parameters
    ----------
    a : numpy.ndarray
        Finite real or complex entries (already validated, e.g. by ``as_array``).
    name : str
        How the error message names ``a``.

    Returns
    -------
    float
        The Frobenius norm; ``0.0`` for the zero (or empty) array.

    Raises
    ------
    NonFiniteError
        The norm exceeds the largest float64 (``≈ 1.8e308``) although every entry is finite.

    Examples
    --------
    >>> import numpy as np
    >>> frobenius_norm(np.array([3.0, 4.0]) * 2.0 ** 700) == 5 * 2.0 ** 700
    True
    >>> frobenius_norm(np.array([3.0, 4.0]) * 2.0 ** -700) == 5 * 2.0 ** -700
    True
    >>> frobenius_norm(np.array([1.5e308, 1.5e308]))
    Traceback (most recent call last):
    ...
    tnverify.errors.NonFiniteError: the Frobenius norm of tensor exceeds the float64 range (about 1.8e308) although every entry is finite; divide the tensor by a power of 10 first
    """
    a = np.asarray(a)
    if a.size == 0:
        return 0.0
    mag = np.abs(a).reshape(-1)
    m = float(mag.max())
    if m == 0.0:
        return 0.0
    if 2.0**-SAFE_EXPONENT <= m <= 2.0**SAFE_EXPONENT:
        return float(np.linalg.norm(mag))
    e = math.frexp(m)[1]  # m = f · 2**e, 0.5 <= f < 1: exact scaling
    scaled = float(np.linalg.norm(np.ldexp(mag.astype(np.float64), -e)))
    try:
        return math.ldexp(scaled, e)
    except OverflowError:
        raise NonFiniteError(
            f"the Frobenius norm of {name} exceeds the float64 range (about "
            f"1.8e308) although every entry is finite; divide the tensor by "
            f"a power of 10 first"
        ) from None


def power_of_two_exponent(a) -> int:
    """``e`` with ``max|a| = f · 2**e``, ``0.5 <= f < 1`` (0 for an all-zero or empty
    array): dividing by ``2**e`` is exact and brings the largest magnitude into
    ``[0.5, 1)``."""
    a = np.asarray(a)
    if a.size == 0:
        return 0
    m = float(np.max(np.abs(a)))
    return math.frexp(m)[1] if m else 0


def scale_by_power_of_two(a, e: int) -> np.ndarray:
    """``a · 2**e``, exact (``numpy.ldexp`` on the real and imaginary parts) wherever the
    result is a normal float."""
    a = np.asarray(a)
    if a.dtype.kind == "c":
        return np.ldexp(a.real, e) + 1j * np.ldexp(a.imag, e)
    return np.ldexp(a.astype(np.float64, copy=False), e)


def scaled_product(f, a, b, what: str):
    """``f(a, b)`` of a bilinear ``f`` (an inner product, a contraction) computed on
    ``a·2**-ea`` and ``b·2**-eb`` and scaled back by ``2**(ea+eb)`` when the direct
    computation overflows: a finite result whose partial sums overflowed comes out
    right; a result beyond float64 raises :class:`~tnverify.errors.NonFiniteError`."""
    with np.errstate(over="ignore", invalid="ignore"):
        out = f(a, b)
    if np.isfinite(out).all():
        return out
    ea, eb = power_of_two_exponent(a), power_of_two_exponent(b)
    out = f(scale_by_power_of_two(a, -ea), scale_by_power_of_two(b, -eb))
    with np.errstate(over="ignore", invalid="ignore"):
        back = scale_by_power_of_two(out, ea + eb)
    if not np.isfinite(back).all():
        raise NonFiniteError(
            f"the {what} of these finite tensors exceeds the float64 range "
            f"(about 1.8e308); divide an operand by a power of 10 first"
        )
    return back.reshape(np.shape(out)) if np.ndim(out) else back[()]
