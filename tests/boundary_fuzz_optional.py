"""Optional arguments for the boundary fuzzer (tests/test_boundary_fuzz.py): every keyword
argument with a default that a row's valid call leaves out is mutated too, with bad values
chosen from its default (optional arguments must go through the same validators
as the required ones).

The kind of an optional argument follows from its default: a ``bool`` is a flag (only
``True``/``False`` and numpy bools are flags: ``"no"``, ``1``, ``None`` are refused), an
``int`` a size/count/seed, a ``float`` a real number, a ``str`` a choice or a name, a
``torch.dtype`` a dtype (integer and bool dtypes, strings refused), and ``None`` an
optional value of any kind (``object()`` is never a valid one).
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import torch

#: Optional arguments (by name, or ``entry point key:name``) whose bad values of the inferred
#: kind are valid inputs with another answer, with the reason.
NOT_INFERRED = {
    "out": "a path: any string is one",
    "out_dir": "a path: any string is one",
    "path": "a path: any string is one",
    "name": "free text",
    "site_ind_id": "checked by its own row (a format string)",
    "site_tag_id": "checked by its own row (a format string)",
    "phi": "None is a valid activation (the identity)",
    "tnverify.claims.compare.compare_values:control": "control values are judged, not "
    "refused (NaN and complex included)",
}


def optional_kinds(row, key: str = "") -> dict:
    """``{argument: (default, None allowed)}`` of the optional keyword arguments of the
    row's callable that its valid call leaves out (only rows that call the entry point
    itself, or a named function or method, expose them)."""
    call = row["call"]
    if getattr(call, "__name__", "") == "<lambda>":
        return {}
    try:
        params = inspect.signature(call).parameters
    except (TypeError, ValueError):
        return {}
    out = {}
    for name, p in params.items():
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is p.empty:
            continue
        if name in row["valid"] or name in NOT_INFERRED or f"{key}:{name}" in NOT_INFERRED:
            continue
        out[name] = (p.default, "None" in str(p.annotation))
    return out


def optional_bad_values(default, none_ok: bool = False):
    """``[(label, value), ...]``: invalid values (or, for numpy bools, an equivalent
    spelling) of an optional argument whose default is ``default`` (``None`` left out
    where the annotation admits it)."""
    return [(label, v) for label, v in _bad(default) if not (v is None and none_ok)]


def optional_kind(default) -> str:
    """The argument kind of :data:`boundary_fuzz_kinds.EQUIVALENT` a default implies."""
    return "flag" if isinstance(default, bool) else "optional"


def _bad(default):
    if isinstance(default, bool):
        return [
            ("str-no", "no"),
            ("str-yes", "yes"),
            ("int-1", 1),
            ("int-0", 0),
            ("None", None),
            ("float", 1.0),
            ("np.bool_", np.bool_(default)),
        ]
    if isinstance(default, int):
        return [
            ("bool", True),
            ("float+1.5", default + 1.5),
            ("str", str(default)),
            ("complex", complex(default, 1)),
            ("object", object()),
        ]
    if isinstance(default, float):
        return [
            ("str", str(default)),
            ("bool", True),
            ("complex", complex(default, 1)),
            ("object", object()),
        ]
    if isinstance(default, str):
        return [("int", 1), ("bytes", default.encode()), ("None", None)]
    if isinstance(default, torch.dtype):
        return [
            ("torch.int64", torch.int64),
            ("torch.bool", torch.bool),
            ("str", str(default)),
            ("np.int64", np.int64),
        ]
    if default is None:
        return [("object", object()), ("complex-nan", complex(math.nan, 1))]
    return []
