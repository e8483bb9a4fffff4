"""The oracle side of a check, bundled for users' own tests: explicit tensors under the
size guard, exact conditionals and brute-force partition functions.

Every method enumerates all ``|V|^L`` sequences, so it is the *definition* a structured
implementation is compared with at small sizes (ARCHITECTURE.md, Design notes).  Explicit tensors above
``max_entries`` are refused before anything is allocated
(:class:`~tnverify.errors.SizeLimitError`, naming the TT route).

Examples
--------
>>> import numpy as np
>>> o = Oracle()
>>> T = o.tensor(lambda X: X.sum(axis=1).astype(float), vocab_size=2, length=3)
>>> T.shape, float(o.partition(T)) == 12.0
((2, 2, 2), True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import (
    DTypeError,
    NonFiniteError,
    NormalizationError,
    ShapeError,
    UsageError,
    VocabularyError,
)
from ..validation import as_flag, as_int, as_numeric_any
from .conditionals import conditionals
from .explicit import all_sequences, feature_tensor, guard_size, sequence_tensor

__all__ = ["Oracle"]


@dataclass(frozen=True)
class Oracle:
    """Brute-force definitions at small sizes.

    Parameters
    ----------
    max_entries : int, optional
        Size guard for explicit tensors (default ``TNVERIFY_MAX_ENTRIES`` or ``2**26``):
        a positive int or None, else UsageError.
    """

    max_entries: int | None = None

    def __post_init__(self):
        m = self.max_entries
        if m is not None and (
            isinstance(m, (bool, np.bool_)) or not isinstance(m, (int, np.integer)) or m < 1
        ):
            raise UsageError(f"Oracle(max_entries=...) must be a positive int or None; got {m!r}")

    def _explicit(self, tensor_or_score, vocab_size, length, born: bool) -> np.ndarray:
        """The explicit tensor of the argument, numeric (DTypeError otherwise)."""
        born = as_flag(born, "born")
        vocab_size = None if vocab_size is None else as_int(vocab_size, "vocab_size", minimum=1)
        length = None if length is None else as_int(length, "length", minimum=1)
        if callable(tensor_or_score):
            if vocab_size is None or length is None:
                raise ShapeError("a score function needs vocab_size and length")
            tensor_or_score = self.tensor(tensor_or_score, vocab_size, length)
        a = as_numeric_any(tensor_or_score, "the oracle's tensor", finite=False, nonempty=False)
        if a.dtype.kind == "c" and not born:
            raise DTypeError(
                "a complex tensor has no real partition function Σ 𝒜[x]; pass "
                "born=True for Σ |𝒜[x]|²"
            )
        return a

    def sequences(self, vocab_size: int, length: int) -> np.ndarray:
        """All ``|V|^L`` sequences, ``(V**L, L)`` int64, row ``i`` = multi-index of entry
        ``i`` of the C-order flattened explicit tensor."""
        vocab_size = as_int(vocab_size, "vocab_size", minimum=1, error=VocabularyError)
        length = as_int(length, "length", minimum=1, error=VocabularyError)
        guard_size(
            (vocab_size,), repeat=length, what="sequence enumeration", max_entries=self.max_entries
        )
        return all_sequences(vocab_size, length)

    def tensor(self, score, vocab_size: int, length: int) -> np.ndarray:
        """The explicit tensor ``𝒜[w_1..w_L] = score(w)`` of a model.

        ``score`` maps an ``(n, L)`` int64 array of sequences to ``(n,)`` scores (ttlm
        (ttlm) §4.1, Eq. 2: p(X) = ⟨𝒜, Φ(X)⟩ with one-hot Φ picks entry 𝒜[w])."""
        return sequence_tensor(score, vocab_size, length, max_entries=self.max_entries)

    def feature_tensor(self, sequence, *, vocab_size=None, features=None) -> np.ndarray:
        """Φ(X), the outer product of the one-hot (or feature) vectors of ``sequence``
        (ttlm §4.1, Eq. 1)."""
        return feature_tensor(
            sequence, vocab_size=vocab_size, features=features, max_entries=self.max_entries
        )

    def partition(
        self,
        tensor_or_score,
        vocab_size: int | None = None,
        length: int | None = None,
        *,
        born: bool = False,
    ) -> float:
        """Brute-force ``Z = Σ_x 𝒜[x]`` (or ``Σ_x |𝒜[x]|²`` with ``born=True``, thesis
        (thesis) §4.1.3, Eq. 4.3) over all sequences.

        Pass an explicit tensor, or a score function with ``vocab_size`` and ``length``.

        Raises
        ------
        NonFiniteError
            ``Z`` is NaN or infinite (non-finite entries, or overflow); the message has Z.
        DTypeError
            A non-numeric tensor, or a complex one without ``born=True``.
        """
        born = as_flag(born, "born")
        a = self._explicit(tensor_or_score, vocab_size, length, born)
        with np.errstate(over="ignore", invalid="ignore"):  # reported below, with Z
            z = float(np.sum(np.abs(a) ** 2) if born else np.sum(a))
        if not np.isfinite(z):
            raise NonFiniteError(
                f"the partition function Z = {z} is not finite (the tensor "
                f"has {int(np.sum(~np.isfinite(a)))} non-finite entries)"
            )
        return z

    def probabilities(
        self,
        tensor_or_score,
        vocab_size: int | None = None,
        length: int | None = None,
        *,
        born: bool = False,
    ) -> np.ndarray:
        """The normalised joint ``P = 𝒜 / Z`` (``|𝒜|² / Z`` with ``born=True``).

        Raises
        ------
        NonFiniteError
            ``Z`` is 0 (no distribution: P would be 0/0) or not finite; the message has Z.
        DTypeError
            As :meth:`partition`.
        """
        a = self._explicit(tensor_or_score, vocab_size, length, born)
        z = self.partition(a, born=born)
        if z == 0.0:
            raise NormalizationError(
                "the partition function Z = 0.0: the tensor defines no "
                "distribution (P = 𝒜 / Z would be 0/0)"
            )
        weights = np.abs(a) ** 2 if born else a
        return weights / z

    def conditionals(self, joint) -> list[np.ndarray]:
        """Exact conditionals of an explicit joint: ``out[t][x_0..x_{t−1}, v] = P(x_t = v |
        x_<t)`` (see :func:`tnverify.conditionals`)."""
        return conditionals(joint)
