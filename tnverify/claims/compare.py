"""Building :class:`~tnverify.claims.Evidence` from a comparison: the one way claims
compare computed values (numpy or torch) and integer results.

``compare_values`` judges ``max_i |value_i − reference_i| / scale_i`` against
``tolerance(dtype, n, norm=1)``: dividing by the forward-error scale of each compared
entry (e.g. ``Σ|terms|`` of a sum, or the size of the last partial product of a long
chain) makes the tolerance a pure ``SAFETY · n · eps`` (conventions.py).  With a scalar
``scale`` this is the absolute comparison ``max|diff| ≤ tolerance(dtype, n, scale)``.

Negative controls
-----------------
Every comparison carries a control that must fail (ARCHITECTURE.md, Design notes), as ``Evidence.control``:

- given ``control=wrong`` (the value of a minimal wrong variant: the printed-vs-meant edit,
  a transposed index, a dropped conjugate), the same comparison of ``wrong`` against the
  reference;
- otherwise the *perturbed-entry* control: the reference with its largest-scale entry moved
  by ``CONTROL_FACTOR · SAFETY · n · eps · scale`` away from the value.  The size is computed
  here from the constants of the tolerance rule, not by calling ``tolerance()``, so a
  tolerance made looser than ``CONTROL_FACTOR`` times its rule lets the control pass and
  turns the verdict into ``error`` (vacuous) — the registry tests then fail.

``compare_ints`` controls with the wanted integers moved by one (``==``: the first entry
+ 1; ``<=``: the first entry set to ``got − 1``; ``>=``: set to ``got + 1``).
``compare_bound`` (one-sided, floats) controls with the bound moved past the value by
``CONTROL_FACTOR`` times the tolerance rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..conventions import SAFETY, machine_eps, tolerance
from ..errors import DTypeError, NonFiniteError, ShapeError, ToleranceError, UsageError
from ..validation import as_array, as_int, as_mapping, as_text
from . import Evidence
from .integers import RELATIONS, as_relation, compare_ints, side_names

__all__ = [
    "compare_values",
    "compare_ints",
    "compare_bound",
    "as_numpy",
    "CONTROL_FACTOR",
    "RELATIONS",
]

#: How far (in units of the tolerance rule ``SAFETY · n · eps · scale``) the
#: perturbed-entry control moves one reference entry: "a few times the tolerance", so the
#: control fails under the rule and passes once the tolerance is ``CONTROL_FACTOR`` times
#: looser than its rule.
CONTROL_FACTOR = 4.0


def as_numpy(x) -> np.ndarray:
    """A float64/complex128 numpy copy of a numpy array, a torch tensor or a number."""
    if hasattr(x, "detach"):  # torch.Tensor, without importing torch
        x = x.detach().cpu()
        x = x.double() if not x.is_complex() else x.to(dtype=x.dtype)
        return x.numpy()
    return as_array(x, "compared value", complex_ok=True, finite=False, bool_ok=True)


def compare_values(
    compared: str,
    value,
    reference,
    *,
    n: int,
    scale=1.0,
    dtype=np.float64,
    labels: Sequence | None = None,
    sizes: dict | None = None,
    details: dict | None = None,
    control=None,
    control_label: str | None = None,
) -> Evidence:
    """Evidence for ``value ≈ reference`` entry by entry.

    Parameters
    ----------
    compared : str
        What is compared, in words (the definition first).
    value, reference : array_like or torch.Tensor
        Same shape; torch tensors are moved to the CPU in float64.  Boolean data raises
        :class:`~tnverify.errors.DTypeError` (compare booleans exactly, with
        ``Evidence(passed=...)``).
    n : int
        Accumulated operations per entry (see :func:`tnverify.conventions.tolerance`), an
        integer >= 1 (a float, bool or string raises :class:`~tnverify.errors.DTypeError`).
    scale : float or array_like
        Forward-error scale of each entry (broadcast to the shape); errors are divided by
        it, and the tolerance uses ``norm = 1``.  Finite and ``>= 0``: NaN, infinite or
        negative scales raise :class:`~tnverify.errors.ToleranceError` (they would make
        the comparison vacuous); an entry whose scale is 0 must agree exactly (its scale
        is floored at the smallest normal float).
    dtype : dtype
        The least precise dtype taking part (``float32`` for float32 implementations).
    labels : sequence, optional
        ``labels[i]`` names entry ``i`` (e.g. its token sequence) in the counterexample:
        one label per entry, or one per row of the first axis (then the counterexample's
        entry is ``[labels[row], index within the row]``).  Any other length raises
        :class:`ShapeError` (a label would name the wrong entry).
    control : array_like or torch.Tensor, optional
        The value of a minimal wrong variant, compared with the same reference, scale and
        tolerance as the negative control (it must fail).  Default: the perturbed-entry
        control (see the module docstring).
    control_label : str, optional
        What the wrong variant is, in words.

    Returns
    -------
    Evidence
        ``error`` = the worst scaled difference; on failure the counterexample names the
        worst entry with both values.  Shapes that differ make the evidence's verdict
        ``error`` (``Evidence.invalid`` names both shapes): a broken check, never a
        judgement of the statement.
        ``control`` holds the negative control's evidence.

    Examples
    --------
    >>> ev = compare_values("x vs x", [1.0, 2.0], [1.0, 2.0], n=1)
    >>> ev.verdict, ev.control.verdict
    ('holds', 'fails')
    >>> compare_values("x vs 2x", [1.0, 2.0], [1.0, 2.0], n=1,
    ...                control=[2.0, 4.0], control_label="doubled").control.verdict
    'fails'
    """
    sizes, details = as_mapping(sizes, "sizes"), as_mapping(details, "details")
    compared = as_text(compared, "compared")
    control_label = as_text(control_label, "control_label", optional=True)
    n = as_int(n, "n (accumulated operations)", minimum=1, error=ToleranceError)
    if dtype is None:
        raise DTypeError(
            "dtype must be the least precise dtype taking part (e.g. numpy.float64); got None"
        )
    lhs, rhs = _compared(value, "value"), _compared(reference, "reference")
    if lhs.shape != rhs.shape:
        # operands that do not match are a broken check (verdict error), not a statement
        # that is ill-posed: a printed formula that is ill-typed is judged by its claim
        return Evidence(
            compared,
            invalid=f"the compared shapes differ: value {lhs.shape} vs reference {rhs.shape}",
            sizes=sizes,
            details=details,
        )
    s = _check_scale(scale, lhs.shape)
    if labels is not None:
        if (
            isinstance(labels, (str, bytes, dict))
            or not hasattr(labels, "__len__")
            or not hasattr(labels, "__getitem__")
        ):
            raise DTypeError(
                f"labels must be a sequence naming each entry; got {type(labels).__name__}"
            )
        if len(labels) != lhs.size and not (lhs.ndim > 1 and len(labels) == lhs.shape[0]):
            raise ShapeError(
                f"labels must name each of the {lhs.size} entries or each of "
                f"the {lhs.shape[0] if lhs.ndim else 0} rows; got "
                f"{len(labels)} labels"
            )
    rel = (np.abs(lhs - rhs) / s).reshape(-1)
    tol = tolerance(dtype, n=n, norm=1.0)  # norm 1: differences are already scaled
    if rel.size == 0:
        return Evidence(compared, error=0.0, tolerance=tol, sizes=sizes, details=details)
    ctrl = _control_values(
        compared, lhs, rhs, s, tol, n=n, dtype=dtype, control=control, label=control_label
    )
    if not np.isfinite(rel).all():
        worst = int(np.flatnonzero(~np.isfinite(rel))[0])
    else:
        worst = int(np.argmax(rel))
    err = float(rel[worst])
    details.update(
        max_scale=float(s.max()),
        entries=int(rel.size),
        beyond_tolerance=int(np.count_nonzero(~(rel <= float(tol)))),
    )
    ce = None
    if not err <= float(tol):
        if labels is not None and len(labels) != lhs.size:  # one label per row
            row, within = np.unravel_index(worst, (lhs.shape[0], lhs.size // lhs.shape[0]))
            label = labels[int(row)]
            label = [label.tolist() if hasattr(label, "tolist") else label, int(within)]
        else:
            label = labels[worst] if labels is not None else worst
            label = label.tolist() if hasattr(label, "tolist") else label
        if labels is None and lhs.ndim == 1:
            label = [int(worst)]  # a vector's index, no "row-major" to explain
        ce = {
            "entry": label,
            "value": _scalar(lhs.reshape(-1)[worst]),
            "reference": _scalar(rhs.reshape(-1)[worst]),
        }
        if labels is None and lhs.ndim > 1:
            # a flat position says its layout: row-major over this shape
            ce["entry_shape"] = [int(d) for d in lhs.shape]
        if labels is None and lhs.size == 1:
            del ce["entry"]  # a single number: no place in it to name
    return Evidence(
        compared,
        error=err,
        tolerance=tol,
        sizes=sizes,
        details=details,
        counterexample=ce,
        control=ctrl,
    )


def compare_bound(
    compared,
    value,
    bound=None,
    relation: str = "<=",
    *,
    n: int = 1,
    scale=1.0,
    dtype=np.float64,
    sizes: dict | None = None,
    details: dict | None = None,
    names=("value", "bound"),
) -> Evidence:
    """Evidence for a one-sided float statement ``value ≤ bound`` (or ``≥``), entrywise,
    up to the named tolerance.

    Called ``compare_bound("what", value, bound, relation="<=")`` or
    ``compare_bound(value, bound, relation=">=")``.  The statement holds when every entry
    violates it by at most ``tolerance(dtype, n, norm=1)`` after dividing by its
    forward-error ``scale`` (:func:`tnverify.conventions.tolerance`, the rule
    ``SAFETY · n · eps(dtype)``): ``(value − bound)/scale ≤ τ`` for ``"<="``,
    ``(bound − value)/scale ≤ τ`` for ``">="``.  ``error`` is the worst violation (0 when
    every entry satisfies the inequality strictly); ``details["margin"]`` is the smallest
    slack ``(bound − value)/scale`` (``"<="``), negative when violated.

    ``"=="`` is refused: a two-sided float comparison is :func:`compare_values`.

    The negative control moves the bound of the tightest entry past its value by
    ``CONTROL_FACTOR · SAFETY · n · eps · scale`` (the rule's constants, not
    ``tolerance()``), so it fails unless the tolerance is made looser than its rule.

    Parameters
    ----------
    value, bound : array_like or torch.Tensor or float
        Broadcast against each other (a scalar bound for many values is fine).
    relation : {"<=", ">="}
        The statement's direction, ``value relation bound``.
    n : int
        Accumulated operations per entry (as in :func:`compare_values`).
    scale : float or array_like
        Forward-error scale of each entry (as in :func:`compare_values`).
    dtype : dtype
        The least precise dtype taking part.
    sizes : dict, optional
        Sizes used, for the evidence.
    details : dict, optional
        Further numbers for the evidence.
    names : (str, str)
        What value and bound are, for ``details["statement"]`` ("KL 0.31 ≤ bound 0.5").

    Examples
    --------
    >>> ev = compare_bound(0.25, 0.5, relation="<=", names=("KL", "bound"))
    >>> ev.verdict, ev.details["statement"], ev.control.verdict
    ('holds', 'KL 0.25 ≤ bound 0.5', 'fails')
    >>> compare_bound("a lower bound", [1.0, 2.0], 1.5, relation=">=").verdict
    'fails'
    """
    if not isinstance(compared, str):  # compare_bound(value, bound, relation=...)
        if isinstance(bound, str):
            relation = bound
        elif bound is not None:
            raise UsageError(
                "compare_bound takes (compared, value, bound) or (value, bound):"
                " a third value must be the relation"
            )
        compared, value, bound = None, compared, value
    elif bound is None:
        raise UsageError("compare_bound(compared, value, bound): bound is missing")
    if relation == "==":
        raise UsageError(
            "compare_bound is one-sided ('<=' or '>='); compare two values with compare_values"
        )
    relation = as_relation(relation)
    names = side_names(names)
    sizes, details = as_mapping(sizes, "sizes"), as_mapping(details, "details")
    n = as_int(n, "n (accumulated operations)", minimum=1, error=ToleranceError)
    if dtype is None:
        raise DTypeError(
            "dtype must be the least precise dtype taking part (e.g. numpy.float64); got None"
        )
    lhs, rhs = as_numpy(value), as_numpy(bound)
    if lhs.dtype.kind == "c" or rhs.dtype.kind == "c":
        raise DTypeError("compare_bound compares real numbers; got a complex value or bound")
    try:
        lhs, rhs = np.broadcast_arrays(lhs, rhs)
    except ValueError as exc:
        raise ShapeError(
            f"value of shape {lhs.shape} and bound of shape {rhs.shape} do not broadcast"
        ) from exc
    s = _check_scale(scale, lhs.shape)
    sign = 1.0 if relation == "<=" else -1.0
    slack = (sign * (rhs - lhs) / s).reshape(-1)  # >= 0: the inequality holds
    tol = tolerance(dtype, n=n, norm=1.0)
    flat_v, flat_b = lhs.reshape(-1), rhs.reshape(-1)
    one = lhs.size == 1
    statement = (
        f"{names[0]} {_fmt(flat_v, one)} {RELATIONS[relation]} {names[1]} {_fmt(flat_b, one)}"
    )
    compared = statement if compared is None else as_text(compared, "compared")
    if slack.size == 0:
        return Evidence(
            compared,
            error=0.0,
            tolerance=tol,
            sizes=sizes,
            details={**details, "statement": statement},
        )
    if not np.isfinite(slack).all():
        raise NonFiniteError(
            f"compare_bound: value or bound has NaN/inf entries "
            f"({int(np.count_nonzero(~np.isfinite(slack)))} of {slack.size})"
        )
    worst = int(np.argmin(slack))
    err = float(max(0.0, -slack[worst]))
    details.update(
        statement=statement,
        relation=relation,
        margin=float(slack[worst]),
        max_scale=float(s.max()),
        entries=int(slack.size),
        beyond_tolerance=int(np.count_nonzero(-slack > float(tol))),
    )
    step = CONTROL_FACTOR * SAFETY * int(n) * machine_eps(dtype)
    # the tightest entry's bound moved past its value by `step` (in units of its scale)
    ctrl = Evidence(
        f"control (bound of entry {worst} moved past the value by "
        f"{CONTROL_FACTOR:g}·SAFETY·n·eps·scale) of: {compared}",
        error=float(max(0.0, -slack[worst]) + step),
        tolerance=tol,
        details={"variant": f"bound of entry {worst} moved past the value"},
    )
    ce = None
    if not err <= float(tol):
        ce = {
            "entry": worst,
            "value": float(flat_v[worst]),
            "bound": float(flat_b[worst]),
            "relation": relation,
        }
    return Evidence(
        compared,
        error=err,
        tolerance=tol,
        sizes=sizes,
        details=details,
        counterexample=ce,
        control=ctrl,
    )


def _fmt(flat, one: bool) -> str:
    return f"{float(flat[0]):.6g}" if one else f"[{flat.size} entries]"


def _compared(x, name: str) -> np.ndarray:
    """A compared operand as float64/complex128: bool data is refused (a tolerance
    comparison of True/False would judge them as 1/0; compare booleans exactly with
    ``Evidence(passed=...)`` or integers with :func:`compare_ints`)."""
    if hasattr(x, "detach"):
        is_bool = str(x.dtype) == "torch.bool"  # looked at before as_numpy's cast
    else:
        try:
            is_bool = np.asarray(x).dtype == np.bool_
        except Exception:  # noqa: BLE001 - ragged or odd input: as_numpy names the problem
            is_bool = False
    a = as_numpy(x)
    if is_bool:
        raise DTypeError(
            f"compare_values: {name} is boolean; a tolerance comparison does "
            f"not judge True/False (use Evidence(passed=...) or compare_ints)"
        )
    return a


def _control_values(compared, lhs, rhs, s, tol, *, n, dtype, control, label) -> Evidence:
    """The negative control of :func:`compare_values` (see the module docstring)."""
    if control is not None:
        wrong = _compared(control, "control")
        what = label or "a minimal wrong variant"
        if wrong.shape != lhs.shape:
            return Evidence(
                f"control ({what}) of: {compared}",
                invalid=f"the control's shape {wrong.shape} differs from the value's {lhs.shape}",
            )
        rel = (np.abs(wrong - rhs) / s).reshape(-1)
        err = float(np.nanmax(rel)) if np.isfinite(rel).any() else float("inf")
        return Evidence(
            f"control ({what}) of: {compared}", error=err, tolerance=tol, details={"variant": what}
        )
    # perturbed entry: the largest-scale entry moved away from the value by
    # CONTROL_FACTOR · SAFETY · n · eps · scale (the rule's constants, not tolerance())
    eps = machine_eps(dtype)
    flat_s = s.reshape(-1)
    k = int(np.argmax(flat_s))
    step = CONTROL_FACTOR * SAFETY * int(n) * eps * float(flat_s[k])
    d = rhs.reshape(-1)[k] - lhs.reshape(-1)[k]
    # the reference moved away from the value: |d| + step, in exact arithmetic (forming
    # rhs + step in floating point would round the step away when it is below one ulp of
    # rhs, e.g. an absolute tolerance on values near 1e9)
    err = float((abs(d) + step) / flat_s[k])
    what = f"reference entry {k} moved by {CONTROL_FACTOR:g}·SAFETY·n·eps·scale = {step:.3g}"
    return Evidence(
        f"control ({what}) of: {compared}", error=err, tolerance=tol, details={"variant": what}
    )


def _check_scale(scale, shape) -> np.ndarray:
    """The scale broadcast to ``shape``: real, finite and >= 0 (an infinite or negative
    scale would make every comparison hold; 0 demands exact agreement)."""
    if isinstance(scale, (str, bytes, bool, np.bool_)):
        raise DTypeError(f"scale must be a real number or array; got {scale!r}")
    try:
        s = as_numpy(scale)
    except (TypeError, ValueError) as exc:
        raise DTypeError(f"scale must be a real number or array; got {scale!r}") from exc
    if s.dtype.kind == "c":
        raise DTypeError(f"scale must be real; got dtype {s.dtype}")
    if s.size == 0 or not np.isfinite(s).all() or not (s >= 0).all():
        bad = s[~(np.isfinite(s) & (s >= 0))].reshape(-1)[:1].tolist() if s.size else "empty"
        raise ToleranceError(
            f"scale must be finite and >= 0 (an infinite or negative scale "
            f"makes every comparison hold); got {bad!r}"
        )
    try:
        return np.maximum(np.broadcast_to(s, shape), np.finfo(np.float64).tiny)
    except ValueError as exc:
        raise ShapeError(
            f"scale of shape {s.shape} does not broadcast to the compared shape {shape}"
        ) from exc


def _scalar(x):
    return complex(x) if np.iscomplexobj(x) else float(x)
