"""Definitions: the explicit objects every structured implementation is checked against.

- :mod:`.explicit`: one-hot features, the sequence tensor Φ(X), inner products, copy
  tensors, the size guard for full tensors;
- :mod:`.oracle`: :class:`Oracle`, the brute-force side of a check bundled for users' tests;
- :mod:`.conditionals`: exact conditionals ``P(x_t | x_<t)`` of an explicit joint;
- :mod:`.ngram`: corpora, n-gram counts and tensors, TSLM probabilities (tslm), mutual
  information (thesis §4.1.2);
- :mod:`.token_entropy`: cross-entropy, perplexity and bits per character (thesis §2.3–2.4).

This layer imports only the shared modules (``errors``, ``conventions``, ``validation``).
"""

from .conditionals import conditionals, conditionals_by_sequence
from .explicit import (
    all_sequences,
    copy_tensor,
    feature_tensor,
    generalized_inner,
    guard_size,
    inner,
    one_hot,
    sequence_tensor,
)
from .oracle import Oracle

__all__ = [
    "feature_tensor",
    "one_hot",
    "inner",
    "generalized_inner",
    "copy_tensor",
    "sequence_tensor",
    "all_sequences",
    "guard_size",
    "conditionals",
    "conditionals_by_sequence",
    "Oracle",
]
