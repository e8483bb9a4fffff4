"""Values a report records (see :mod:`tnverify.validation`): what an
:class:`~tnverify.claims.Evidence` may hold in ``sizes``, ``details`` and
``counterexample`` so that every report format (JSON, Markdown, HTML) and ``tnverify show``
can write it without loss.

Accepted: ``None``, ``bool``, ``int``, ``float`` (NaN/inf are written as text), ``str``,
``complex`` and numpy scalars of a bool/integer/float/complex dtype (complex is written as
``{"real", "imag"}``), ``fractions.Fraction`` (written as ``"p/q"``), numpy arrays and torch
tensors of those dtypes (written as nested lists), lists and tuples of accepted values, dicts
whose keys are strings or integers, and the library's own records (a
:class:`~tnverify.conventions.Tolerance`, an ``Evidence``, anything with a ``to_dict()``
method).  Anything else — ``object()``, ``bytes``, a set, a function — raises
:class:`~tnverify.errors.DTypeError` naming where it sits, when the evidence is made, never
a ``json`` traceback when the report is written.
"""

from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np

from ..errors import DTypeError
from .scalars import is_torch, show_value

__all__ = ["check_record"]

_ARRAY_KINDS = "biufcU"
_MAX_DEPTH = 64


def check_record(x, name: str, _depth: int = 0):
    """``x`` unchanged if a report can record it (see the module docstring), else
    :class:`DTypeError` naming the offending entry, e.g. ``details['raw']``.

    Examples
    --------
    >>> check_record({"n": 3, "values": [1.5, 2j]}, "details")
    {'n': 3, 'values': [1.5, 2j]}
    >>> check_record({"raw": b"ab"}, "details")
    Traceback (most recent call last):
    ...
    tnverify.errors.DTypeError: details['raw'] must be a number, string, bool, None, array, list or dict (a report records it as JSON); got b'ab' (bytes)
    """
    if _depth > _MAX_DEPTH:
        raise DTypeError(f"{name} is nested more than {_MAX_DEPTH} levels deep (a cycle?)")
    if x is None or isinstance(x, (bool, str, Fraction)):
        return x
    if (
        isinstance(x, numbers.Number)
        and not isinstance(x, np.generic)
        and isinstance(x, (int, float, complex))
    ):
        return x
    if isinstance(x, np.generic):
        if x.dtype.kind in "biufc":
            return x
    elif isinstance(x, np.ndarray):
        if x.dtype.kind in _ARRAY_KINDS:
            return x
        if x.dtype == object:
            for i, v in enumerate(x.reshape(-1).tolist()):
                check_record(v, f"{name}[flat {i}]", _depth + 1)
            return x
    elif is_torch(x):
        if not (
            x.dtype.is_floating_point
            or x.is_complex()
            or "int" in str(x.dtype)
            or "bool" in str(x.dtype)
        ):
            raise DTypeError(f"{name} must be a numeric tensor; got dtype {x.dtype}")
        return x
    elif isinstance(x, dict):
        for k, v in x.items():
            if isinstance(k, (bool, np.bool_)) or not isinstance(k, (str, int, np.integer)):
                raise DTypeError(
                    f"{name} has a key {show_value(k)}; a report's keys are strings or integers"
                )
            check_record(v, f"{name}[{k!r}]", _depth + 1)
        return x
    elif isinstance(x, (list, tuple)):
        for i, v in enumerate(x):
            check_record(v, f"{name}[{i}]", _depth + 1)
        return x
    elif callable(getattr(x, "to_dict", None)) and not isinstance(x, type):
        return x
    raise DTypeError(
        f"{name} must be a number, string, bool, None, array, list or dict (a "
        f"report records it as JSON); got {show_value(x)}"
    )
