"""Initialisation on an annulus (thesis §4.2.2, Lemma 4.2.1; Orvieto et al., 2023,
Lem. 3.2): the draws ``(v, θ)`` that put ``exp(−v + iθ)`` uniformly on
``r_min ≤ |z| ≤ r_max``, and the literal formula printed after Eq. 5.21 (thesis §5.4.1),
for the diagonals of the LMMs (:mod:`tnverify.cells.lmm`).
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import UsageError
from ..lru.theory import annulus_params
from ..validation import as_choice, as_float, as_int, as_rng, check_entries

__all__ = ["annulus_init"]


def annulus_init(
    n: int, r_min: float, r_max: float, rng: np.random.Generator, *, formula: str = "lemma"
) -> tuple[np.ndarray, np.ndarray]:
    """Draw ``(v, θ)`` so that ``exp(−v + iθ)`` lies on the annulus ``r_min ≤ |z| ≤ r_max``.

    ``formula="lemma"`` (thesis Lemma 4.2.1):
    ``v = −½ log(u₁ (r_max² − r_min²) + r_min²)``, ``θ = 2π u₂`` — uniform on the annulus.
    ``formula="printed"`` (thesis §5.4.1, text after Eq. 5.21, literally):
    ``v = −½ log(r_max² − r_min²) + r_min²``, ``θ = 2π u₂`` — ``u₁`` does not occur.

    Parameters
    ----------
    n : int
        Number of draws.
    r_min, r_max : float
        ``0 ≤ r_min ≤ r_max ≤ 1`` (``r_max > 0`` for the lemma, ``r_max > r_min`` for the
        printed formula, whose logarithm needs ``r_max² − r_min² > 0``).
    rng : numpy.random.Generator
    formula : {"lemma", "printed"}

    Returns
    -------
    v, theta : (n,) float64 arrays
    """
    as_choice(formula, "formula", ("lemma", "printed"))
    r_min = as_float(r_min, "r_min", error=UsageError)
    r_max = as_float(r_max, "r_max", error=UsageError)
    if not (0.0 <= r_min <= r_max <= 1.0):
        raise UsageError(f"need 0 <= r_min <= r_max <= 1; got r_min={r_min}, r_max={r_max}")
    n = as_int(n, "n", minimum=1)
    check_entries((n,), repeat=1, what="annulus draws")
    rng = as_rng(rng)
    if formula == "lemma" and r_max <= 0:
        raise UsageError(f"the lemma needs r_max > 0 (log 0); got r_max={r_max}")
    if formula == "printed" and r_max <= r_min:
        raise UsageError(f"the printed formula needs r_max > r_min (log 0); got {r_min}, {r_max}")
    u1, u2 = rng.random(int(n)), rng.random(int(n))
    if formula == "lemma":
        return annulus_params(u1, u2, r_min, r_max)  # tnverify.lru, Lemma 4.2.1
    v = np.full(int(n), -0.5 * math.log(r_max**2 - r_min**2) + r_min**2)
    return v, 2.0 * math.pi * u2
