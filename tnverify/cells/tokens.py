"""Validation of token batches, shared by every cell."""

from __future__ import annotations

import torch

from ..errors import DTypeError, ShapeError, VocabularyError
from ..validation import as_device, as_int, as_int_array

__all__ = ["check_tokens"]

_INTEGER = (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8)


def check_tokens(
    tokens, vocab_size: int, device, *, min_length: int = 1, length: int | None = None
) -> torch.Tensor:
    """Validate a ``(B, L)`` batch of token ids and return it as ``long`` on ``device``.

    Raises :class:`~tnverify.errors.DTypeError` for non-integer ids,
    :class:`~tnverify.errors.ShapeError` for a shape other than ``(B, L)`` (or ``L`` other
    than ``length`` when given), and :class:`~tnverify.errors.VocabularyError` for
    sequences shorter than ``min_length`` (empty ones included) or ids outside
    ``[0, vocab_size)``.

    Examples
    --------
    >>> check_tokens([[0, 2], [1, 1]], 3, "cpu").tolist()
    [[0, 2], [1, 1]]
    """
    vocab_size = as_int(vocab_size, "vocab_size", minimum=1, error=VocabularyError)
    min_length = as_int(min_length, "min_length", minimum=0, error=VocabularyError)
    if length is not None:
        length = as_int(length, "length", minimum=1)
    device = as_device(device)
    if not isinstance(tokens, torch.Tensor):
        tokens = torch.as_tensor(as_int_array(tokens, "tokens"))
    if tokens.dtype not in _INTEGER:
        raise DTypeError(f"tokens must be integer ids; got dtype {tokens.dtype}")
    if tokens.ndim != 2:
        raise ShapeError(f"tokens must have shape (B, L); got {tuple(tokens.shape)}")
    if tokens.shape[1] < max(1, min_length):
        what = "must not be empty" if tokens.shape[1] == 0 else "are too short"
        raise VocabularyError(
            f"sequences {what}: they need length >= {max(1, min_length)}; got L = {tokens.shape[1]}"
        )
    if length is not None and tokens.shape[1] != length:
        raise ShapeError(
            f"sequence length must equal the number of cores N = {length}; got {tokens.shape[1]}"
        )
    if tokens.numel():
        lo, hi = int(tokens.min()), int(tokens.max())
        if lo < 0 or hi >= vocab_size:
            raise VocabularyError(
                f"token ids must lie in [0, {vocab_size}); found {lo if lo < 0 else hi}"
            )
    return tokens.to(device=device, dtype=torch.long)
