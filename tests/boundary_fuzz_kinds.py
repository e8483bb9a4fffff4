"""Argument kinds of the boundary fuzzer (tests/test_boundary_fuzz.py): for each kind, the
bad values drawn for an argument of that kind, and the comparison of results.

Every bad value is either invalid (the call must raise a :class:`TnverifyError`) or an
equivalent spelling of the valid value (a numpy integer for an int, a torch tensor or a
list for an array, a Generator for a seed): then the result must be identical to the one
for the valid input.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import numpy as np
import torch

from tnverify.conventions import tolerance

HUGE = 10**15  # a size no allocation or loop may start from


def _ragged(v):
    a = np.asarray(v)
    if a.ndim == 0:
        return [[1.0], [1.0, 2.0]]
    rows = a.tolist()
    if a.ndim == 1:
        return [rows, rows + [rows[0] if rows else 0]]
    return [rows[0], rows[0] + [rows[0][0]]] + rows[1:]


def _numeric(v):
    return np.asarray(v.detach() if isinstance(v, torch.Tensor) else v)


def _as_torch(v, grad=False):
    a = _numeric(v)
    t = torch.as_tensor(a.copy())
    if grad and t.is_floating_point():
        t.requires_grad_(True)
    return t


def bad_values(kind: str, v):
    """``[(label, value), ...]`` for an argument of ``kind`` whose valid value is ``v``."""
    if kind == "path":  # a file-system path: str or os.PathLike only (0.2.0 writers)
        return [
            ("int", 3),
            ("None", None),
            ("bytes", b"x.json"),
            ("float", 1.5),
            ("object", object()),
            ("empty", ""),
            ("list", [str(v)]),
        ]
    if kind == "text":  # free text (a title, a label): a str only
        return [("int", 3), ("bytes", b"x"), ("None", None), ("list", ["a"]), ("object", object())]
    if kind in ("int", "index", "num"):
        # int: a size that allocates or loops (a huge one must be refused); num: an integer
        # of a closed formula (any size is valid); index: a position
        # v + 1.5: truncated, rounded or ceiled it is never v, so a silent cast shows
        out = [
            ("bool", True),
            ("float+1.5", int(v) + 1.5),
            ("str", str(v)),
            ("None", None),
            ("complex", complex(v, 1)),
            ("neg", -1 - int(v)),
            ("np.int64", np.int64(v)),
            ("list", [v]),
        ]
        if kind == "int":
            out.append(("huge", HUGE))
        return out
    if kind == "flag":  # True/False only: a str or int is never read by truthiness
        return [
            ("str-no", "no"),
            ("str-yes", "yes"),
            ("int-1", 1),
            ("int-0", 0),
            ("None", None),
            ("float", 1.0),
            ("array", np.array([v])),
            ("np.bool_", np.bool_(v)),
        ]
    if kind == "dtype":  # a torch dtype: integer, bool and string dtypes refused
        return [
            ("torch.int64", torch.int64),
            ("torch.int32", torch.int32),
            ("torch.bool", torch.bool),
            ("str", str(v)),
            ("np.int64", np.int64),
            ("None", None),
            ("int", 3),
        ]
    if kind == "shape":  # a tuple of mode sizes (allocated from)
        v = tuple(v)
        return [
            ("int", 3),
            ("str", "x"),
            ("None", None),
            ("float-mode", (2.5,) + v[1:]),
            ("bool-mode", (True,) + v[1:]),
            ("neg-mode", (-1,) + v[1:]),
            ("huge-mode", (HUGE,) + v[1:]),
            ("huge-modes", (HUGE,) * len(v)),
            ("np.int64", tuple(np.int64(x) for x in v)),
        ]
    if kind == "seed":  # an rng argument whose valid value is an int seed
        return [
            ("str", "0"),
            ("float", 1.5),
            ("neg", -1),
            ("object", object()),
            ("bool", True),
            ("generator", np.random.default_rng(v)),
        ]
    if kind == "tol":  # finite positive number
        return [
            ("nan", math.nan),
            ("inf", math.inf),
            ("-inf", -math.inf),
            ("neg", -abs(v)),
            ("str", str(v)),
            ("bool", True),
            ("complex", complex(v, 1)),
            ("list", [v]),
        ]
    if kind == "scalar":  # any finite real number
        return [
            ("nan", math.nan),
            ("inf", math.inf),
            ("str", str(v)),
            ("bool", True),
            ("complex", complex(v, 1)),
            ("list", [v]),
        ]
    if kind == "choice":
        return [("bogus", "bogus-choice"), ("int", 1), ("bytes", b"x"), ("list", [v])]
    if kind == "callable":
        return [("int", 3), ("str", "f"), ("None", None)]
    if kind == "device":
        return [("bogus", "bogus-device"), ("int", 3), ("cuda:x", "cuda:x")]
    if kind == "object":  # a structured object (network, TT, cell, claim)
        return [("int", 3), ("str", "x"), ("None", None), ("array", np.ones((2, 2)))]
    if kind == "strings":  # a sequence of strings (sentences, vocabulary)
        return [("int", 3), ("None", None), ("nested-int", [[1, 2]]), ("str", "abc")]
    a = _numeric(v)
    common = [
        ("str", "abc"),
        ("None", None),
        ("object", np.array([object()] * 2)),
        ("strings", np.array(["a", "b"])),
        ("ragged", _ragged(a)),
    ]
    if kind in ("real", "complex", "realnd", "complexnd", "values"):
        # real/complex: an array of fixed modes; *nd: any number of modes (a tensor);
        # values: elementwise input (any shape valid, so only the dtype and values are bad)
        out = common + [
            ("nan", np.where(np.ones(a.shape, bool), np.nan, a) if a.size else np.array([np.nan])),
            ("inf", a + np.inf if a.size else np.array([np.inf])),
            ("list", a.tolist()),
            ("torch", _as_torch(a)),
            ("torch-grad", _as_torch(a, grad=True)),
        ]
        if kind != "values":
            out += [("0-d", np.float64(1.5)), ("empty", np.zeros((0,) * max(a.ndim, 1)))]
        if kind in ("real", "complex"):
            out.append(("extra-mode", a[None, None]))
        if kind in ("real", "realnd", "values"):
            out.append(("complex", a + 1j))
        return out
    if kind == "ctensor":  # complex-capable torch tensor whose shape broadcasts
        return [x for x in bad_values("tensor", v) if x[0] not in ("complex", "extra-mode")]
    if kind == "tensor":  # torch tensor argument of a cell (numpy accepted too)
        return common + [
            ("complex", _as_torch(a + 1j)),
            ("nan", _as_torch(a * np.nan)),
            ("numpy", a.copy()),
            ("grad", _as_torch(a, grad=True)),
            ("extra-mode", _as_torch(a[None, None])),
        ]
    if kind == "ints":  # integer results (any sign, any size)
        return common + [
            ("float", a.astype(float) + 0.5),
            ("bool", a.astype(bool)),
            ("complex", a + 1j),
            ("torch", _as_torch(a)),
            ("list", a.tolist()),
        ]
    if kind == "prefix":  # token ids where the empty prefix is valid
        return [x for x in bad_values("tokens", v) if x[0] != "empty"]
    if kind == "tokens":  # integer token array (numpy, list or torch)
        return common + [
            ("float", a.astype(float) + 0.5),
            ("bool", a.astype(bool)),
            ("complex", a + 1j),
            ("neg", a * 0 - 1),
            ("oov", a * 0 + HUGE),
            ("empty", np.zeros((0,) * a.ndim, int)),
            ("torch", _as_torch(a)),
            ("list", a.tolist()),
            ("extra-mode", a[None, None]),
        ]
    raise KeyError(kind)


#: Bad-value labels that are equivalent spellings of the valid value, by kind: the call
#: may return the valid result for them; any other label must raise a TnverifyError or
#: (for the non-strategy rows) return exactly the valid result.
EQUIVALENT = {
    "int": {"np.int64"},
    "index": {"np.int64"},
    "num": {"np.int64"},
    "seed": {"generator"},
    "flag": {"np.bool_"},
    "shape": {"np.int64"},
    "real": {"list", "torch", "torch-grad"},
    "complex": {"list", "torch", "torch-grad"},
    "realnd": {"list", "torch", "torch-grad"},
    "complexnd": {"list", "torch", "torch-grad"},
    "values": {"list", "torch", "torch-grad"},
    "tensor": {"numpy", "grad"},
    "ctensor": {"numpy", "grad"},
    "ints": {"torch", "list"},
    "tokens": {"torch", "list"},
    "prefix": {"torch", "list"},
}


def equivalent(kind: str, label: str) -> bool:
    """``label`` is an equivalent spelling of a valid value of ``kind``."""
    return label in EQUIVALENT.get(kind, ())


def same(a, b) -> bool:
    """Deep identity of two results (arrays bit for bit, NaN equal to NaN)."""
    if type(a) is not type(b):
        if isinstance(a, (int, float, np.number)) and isinstance(b, (int, float, np.number)):
            return same(np.asarray(a), np.asarray(b))
        if {type(a), type(b)} <= {torch.Tensor, np.ndarray, torch.nn.Parameter}:
            # the dual numpy/torch maps answer torch for torch input: the same values
            # (torch may contract in another order: equal up to the round-off bound)
            ta, tb = (
                np.asarray(x.detach().cpu().numpy() if isinstance(x, torch.Tensor) else x)
                for x in (a, b)
            )
            if ta.shape != tb.shape or ta.dtype != tb.dtype:
                return False
            norm = float(np.abs(tb).max()) if tb.size else 0.0
            return bool(np.all(np.abs(ta - tb) <= tolerance(tb.dtype, n=64, norm=norm).value))
        return False
    if isinstance(a, torch.Tensor):
        return (
            a.dtype == b.dtype
            and a.shape == b.shape
            and bool(
                torch.equal(a.detach().cpu().nan_to_num(0.5), b.detach().cpu().nan_to_num(0.5))
                and torch.equal(a.isnan(), b.isnan())
            )
        )
    if isinstance(a, (np.ndarray, np.generic)):
        a, b = np.asarray(a), np.asarray(b)
        if a.dtype != b.dtype or a.shape != b.shape:
            return False
        if a.dtype.kind in "fc":
            return bool(np.array_equal(a, b, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (int, str, bool, bytes, Fraction, type(None))):
        return a == b
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, torch.nn.Module):
        sa, sb = a.state_dict(), b.state_dict()
        return sa.keys() == sb.keys() and all(same(sa[k], sb[k]) for k in sa)
    if dataclasses.is_dataclass(a):
        return all(
            same(getattr(a, f.name), getattr(b, f.name))
            for f in dataclasses.fields(a)
            if f.name != "seconds"
        )  # wall time
    if hasattr(a, "__dict__"):
        return same(vars(a), vars(b))
    return a == b
