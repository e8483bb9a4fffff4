"""Recorded values as plain JSON types (:func:`jsonable`): what a report, ``tnverify show
--json`` and the evidence's :meth:`~tnverify.claims.Evidence.to_dict` write."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

from ..conventions import Tolerance

__all__ = ["jsonable"]


def jsonable(x: Any) -> Any:
    """Convert numpy scalars/arrays and tuples to plain JSON types (an object with a
    ``to_dict`` method, :class:`~tnverify.claims.Evidence` among them, as its dict)."""
    if isinstance(x, Tolerance):
        return x.to_dict()
    if isinstance(x, dict):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [jsonable(v) for v in x]
    if isinstance(x, np.ndarray):
        return jsonable(x.tolist())
    if isinstance(x, (np.integer,)):
        return int(x)
    if isinstance(x, (np.floating, float)):
        v = float(x)
        return v if math.isfinite(v) else str(v)
    if isinstance(x, (np.bool_,)):
        return bool(x)
    if isinstance(x, (complex, np.complexfloating)):
        z = complex(x)
        return {"real": jsonable(z.real), "imag": jsonable(z.imag)}
    if isinstance(x, Fraction):
        return str(x)
    if type(x).__module__.startswith("torch") and hasattr(x, "detach"):
        return jsonable(x.detach().cpu().tolist())
    if not isinstance(x, (str, int, type(None))) and callable(getattr(x, "to_dict", None)):
        return jsonable(x.to_dict())
    return x
