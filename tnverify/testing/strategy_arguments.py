"""Shared pieces of the hypothesis strategies (:mod:`tnverify.testing.strategies`,
:mod:`tnverify.testing.cell_strategies`): the optional-dependency guard for hypothesis, the seeds
random weights are drawn from, and the size arguments' validation.
"""

from __future__ import annotations

import numpy as np

try:
    from hypothesis import strategies as st
except ImportError as exc:  # pragma: no cover - exercised by a subprocess test
    raise ImportError(
        "tnverify.testing.strategies needs hypothesis, an optional dependency: "
        "pip install hypothesis (from a clone of tnverify: pip install -e '.[test]')"
    ) from exc

from ..errors import ShapeError

__all__ = ["SEED_MAX", "seeds"]

#: Seeds hypothesis draws random weights from (it shrinks towards 0).
SEED_MAX = 2**32 - 1


def pos_int(x, name: str, error=ShapeError, minimum: int = 1) -> int:
    """``x`` as an int ``>= minimum``, else ``error`` naming the argument and the value."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
        raise error(f"{name} must be an integer >= {minimum}; got {x!r} ({type(x).__name__})")
    if x < minimum:
        raise error(f"{name} must be an integer >= {minimum}; got {x}")
    return int(x)


def shape_tuple(shape, name: str = "shape") -> tuple[int, ...]:
    if isinstance(shape, (int, np.integer, str, bytes)) or not hasattr(shape, "__iter__"):
        raise ShapeError(f"{name} must be a tuple of positive ints; got {shape!r}")
    out = tuple(pos_int(n, f"{name}[{k}]") for k, n in enumerate(shape))
    if not out:
        raise ShapeError(f"{name} must have at least one mode; got {shape!r}")
    return out


def seeds() -> st.SearchStrategy[int]:
    """Integer seeds for ``numpy.random.default_rng``."""
    return st.integers(0, SEED_MAX)
