"""Per-token information measures of thesis §2.3–2.4: log-base conversion,
cross-entropy (Eq. 2.7 / 2.11), perplexity (Eq. 2.8 / 2.11) and bits per character.

Every measure names its log base explicitly (``base=2`` bits, ``base="e"`` nats,
``base=10``).  The functions are re-exported from :mod:`tnverify.definitions.ngram`.
"""

from __future__ import annotations

import math

import numpy as np

from ..errors import NonFiniteError, VocabularyError
from ..validation import as_array, as_float, as_int

__all__ = ["log_in_base", "cross_entropy", "perplexity", "bits_per_character"]


def log_of_base(base) -> float:
    """ln(base) for base "e", 2, 10 or any positive number != 1."""
    if isinstance(base, str):
        if base != "e":
            raise VocabularyError(f"a log base is 'e' or a positive number != 1; got {base!r}")
        return 1.0
    b = as_float(base, "log base", finite=False, error=VocabularyError)
    if not (b > 0 and b != 1 and math.isfinite(b)):
        raise VocabularyError(f"a log base is 'e' or a positive number != 1; got {base!r}")
    return math.log(b)


def log_in_base(log_values, *, input_base, base) -> np.ndarray:
    """Convert logarithms from ``input_base`` to ``base``: log_b x = log_a x · ln a / ln b.

    Examples
    --------
    >>> float(log_in_base(3.0, input_base=2, base=8))
    1.0
    """
    a = as_array(log_values, "log_values", finite=False)
    if np.isnan(a).any() or (a == np.inf).any():
        raise NonFiniteError("log_values must not be NaN or +inf (log 0 = -inf is allowed)")
    return a * (log_of_base(input_base) / log_of_base(base))


def _token_logs(log_probs) -> np.ndarray:
    a = as_array(log_probs, "log_probs", finite=False).reshape(-1)
    if a.size == 0:
        raise VocabularyError("no token log-probabilities given (empty sequence)")
    if np.isnan(a).any() or (a > 0).any():
        raise VocabularyError("token log-probabilities must be <= 0 (and not NaN)")
    return a


def cross_entropy(log_probs, *, input_base, base) -> float:
    """H = −(1/L) Σ_t log_base P(x_t | x_<t) — thesis Eq. 2.7 / 2.11.

    ``log_probs`` are the L per-token log-probabilities in ``input_base``; the result is
    in ``base`` (2: bits per token, "e": nats per token).

    Examples
    --------
    >>> cross_entropy(np.log([0.5, 0.25]), input_base="e", base=2)
    1.5
    """
    a = _token_logs(log_probs)
    return float(-log_in_base(math.fsum(a) / a.size, input_base=input_base, base=base))


def perplexity(log_probs, *, input_base) -> float:
    """PPL = P(x)^(−1/L) = b^{H_b} (any base b) — thesis Eq. 2.8 / 2.11.

    Examples
    --------
    >>> round(perplexity([-1.0, -2.0], input_base=2), 12)      # P = 1/8, L = 2, √8
    2.828427124746
    """
    H = cross_entropy(log_probs, input_base=input_base, base="e")
    if H > math.log(np.finfo(np.float64).max):
        raise NonFiniteError(
            f"perplexity = exp(H) overflows float64: H = {H:.6g} nats per "
            f"token (report the cross-entropy instead)"
        )
    return math.exp(H)


def bits_per_character(log_probs, n_characters, *, input_base) -> float:
    """BPC = −Σ_t log₂ P(x_t | x_<t) / (number of characters) — bits, always base 2.

    Examples
    --------
    >>> bits_per_character([-1.0, -3.0], 4, input_base=2)
    1.0
    """
    n_characters = as_int(n_characters, "n_characters", minimum=1, error=VocabularyError)
    a = _token_logs(log_probs)
    return float(-log_in_base(math.fsum(a), input_base=input_base, base=2) / n_characters)
