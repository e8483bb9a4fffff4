"""Printed numbers judged at their printed precision (ARCHITECTURE.md, Design notes).

A number printed as ``3.14`` stands for every value in ``[3.135, 3.145]``.  A printed
*derived* number (a relative gain, a ratio, a total) is consistent with the printed
*inputs* when some unrounded inputs that round to the printed inputs give a value that
rounds to the printed result: the interval of the result and the range of the formula over
the box of input intervals intersect.  Recomputing from the rounded entries and demanding
equality is not that test (it fails correct tables).

The range is taken over the corners of the input box, which is exact for formulas that are
monotone in each argument on the box (sums, differences, products and quotients of
positive numbers, relative gains): :func:`judge_printed` requires that and says so in the
evidence.

Every judgement carries a negative control: the printed result moved by ``k`` units of its
last printed digit, with ``k`` the smallest shift (at most :data:`MAX_SHIFT`) that the
check rejects.  A check that cannot tell the printed value from one ``MAX_SHIFT`` units
away is vacuous.  Where the claim offers a semantic wrong variant (the inputs of the wrong
table row, the printed-vs-meant edit), ``control_inputs=`` judges the same printed result
against those inputs instead.

An input that is not a printed number but a range of exact values (a parameter count over
the counting conventions a text leaves open) is given as a ``(low, high)`` pair.

Examples
--------
>>> printed_interval("3.14")
(3.135, 3.145)
>>> ev = judge_printed("relative gain", "10.0", lambda a, b: 100 * (a - b) / a,
...                    ["120.1", "108.1"])
>>> ev.verdict, ev.control.verdict
('holds', 'fails')
"""

from __future__ import annotations

import inspect
import itertools
import math
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation

from ..errors import DTypeError, NonFiniteError, ShapeError, TnverifyError, UsageError
from ..validation import as_callable, as_float, check_work
from . import Evidence

__all__ = ["printed_interval", "judge_printed", "MAX_SHIFT"]

#: Largest shift (in units of the last printed digit) the negative control may need.
MAX_SHIFT = 10


def _decimal(text) -> Decimal:
    if not isinstance(text, str):
        raise DTypeError(
            f"a printed number must be given as the printed string (its digits "
            f"carry its precision); got {type(text).__name__} {text!r}"
        )
    try:
        d = Decimal(text.replace(",", "").strip())
    except InvalidOperation:
        raise DTypeError(f"not a printed number: {text!r}") from None
    if not d.is_finite():
        raise DTypeError(f"not a finite printed number: {text!r}")
    return d


def _unit(d: Decimal) -> Decimal:
    return Decimal(1).scaleb(d.as_tuple().exponent)


def printed_interval(text: str) -> tuple[float, float]:
    """The closed interval of values that round to the printed ``text`` (half a unit of
    its last printed digit either side)."""
    d = _decimal(text)
    half = _unit(d) / 2
    return float(d - half), float(d + half)


def _box(item) -> tuple[float, float]:
    """The input box of one printed input: its rounding interval, or a ``(low, high)``
    range of exact values (real numbers, ``±inf`` for an unbounded side; NaN, bools and
    strings refused)."""
    if isinstance(item, tuple) and len(item) == 2 and not isinstance(item[0], str):
        lo, hi = (as_float(v, "an exact input range bound", finite=False) for v in item)
        if math.isnan(lo) or math.isnan(hi):
            raise NonFiniteError(f"an exact input range must not be NaN; got {item!r}")
        if not lo <= hi:
            raise DTypeError(
                f"an exact input range must be (low, high) with low <= high; got {item!r}"
            )
        return lo, hi
    return printed_interval(item)


def _range(fn: Callable, boxes: Sequence[tuple[float, float]]) -> tuple[float, float]:
    check_work(len(boxes), "judge_printed: corners of the input box")
    values = []
    for corner in itertools.product(*boxes):
        try:
            v = fn(*corner)
        except (ArithmeticError, ValueError) as exc:
            if isinstance(exc, TnverifyError):
                raise
            raise NonFiniteError(
                f"the formula has no value at the corner {corner} of the "
                f"input box ({type(exc).__name__}: {exc})"
            ) from None
        # a NaN corner would drop out of min/max silently and decide the verdict (an
        # infinite one, from an unbounded input range, is a valid end of the range)
        v = as_float(v, f"the formula's value at the corner {corner}", finite=False)
        if math.isnan(v):
            raise NonFiniteError(f"the formula is NaN at the corner {corner} of the input box")
        values.append(v)
    return min(values), max(values)


def _inputs(items, name: str) -> list:
    if isinstance(items, (str, bytes, dict)) or not isinstance(items, (list, tuple)):
        raise DTypeError(
            f"{name} must be a list of printed strings or (low, high) ranges; "
            f"got {type(items).__name__}"
        )
    if not items:
        raise ShapeError(f"{name} must hold at least one input")
    return list(items)


def _check_arity(fn: Callable, n: int, name: str) -> None:
    """``fn`` must take ``n`` positional arguments, one per printed input (a mismatch
    would end in a TypeError at the first corner, deep in the range computation)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin without a signature: not checkable
        return
    try:
        sig.bind(*range(n))
    except TypeError:
        raise UsageError(
            f"fn{sig} does not take the {n} argument(s) of {name} (one per printed input)"
        ) from None


def judge_printed(
    compared: str,
    printed_result: str,
    fn: Callable,
    printed_inputs: Sequence,
    *,
    sizes: dict | None = None,
    control_inputs: Sequence | None = None,
    control_label: str | None = None,
    input_names: Sequence[str] | None = None,
) -> Evidence:
    """Evidence that ``printed_result`` is consistent with ``fn(*printed_inputs)`` at the
    printed precision (see the module docstring; ``fn`` must be monotone in each argument
    over the input box).  ``printed_inputs`` are printed strings or ``(low, high)`` ranges
    of exact values; ``control_inputs`` (with ``control_label``) replaces the shifted-result
    control by the same judgement on the inputs of a minimal wrong variant.
    ``input_names`` (one per printed input, e.g. ``"|V|"``) names the inputs in the
    counterexample, which records every input with the interval it was taken over, so a
    reader can recompute the formula's range.

    ``fn`` must be callable; ``printed_inputs`` a non-empty list; a corner where ``fn``
    is NaN or undefined (a division by zero) raises
    :class:`~tnverify.errors.NonFiniteError` (such a corner would otherwise drop out of the
    range and decide the verdict)."""
    as_callable(fn, "fn")
    for text, name in ((compared, "compared"), (control_label, "control_label")):
        if not (isinstance(text, str) or (text is None and name == "control_label")):
            raise DTypeError(f"{name} must be a string; got {type(text).__name__}")
    if sizes is not None and not isinstance(sizes, dict):
        raise DTypeError(f"sizes must be a dict; got {type(sizes).__name__}")
    printed_inputs = _inputs(printed_inputs, "printed_inputs")
    _check_arity(fn, len(printed_inputs), "printed_inputs")
    if control_inputs is not None:
        control_inputs = _inputs(control_inputs, "control_inputs")
        _check_arity(fn, len(control_inputs), "control_inputs")
    if input_names is not None:
        if (
            isinstance(input_names, (str, bytes))
            or not isinstance(input_names, (list, tuple))
            or not all(isinstance(n, str) and n for n in input_names)
        ):
            raise DTypeError(
                f"input_names must be a list of non-empty strings; got {input_names!r}"
            )
        if len(input_names) != len(printed_inputs):
            raise ShapeError(
                f"input_names names {len(input_names)} input(s); there are "
                f"{len(printed_inputs)} printed inputs"
            )
    boxes = [_box(t) for t in printed_inputs]
    lo, hi = _range(fn, boxes)
    res = _decimal(printed_result)
    r_lo, r_hi = printed_interval(printed_result)
    ok = r_lo <= hi and lo <= r_hi
    rule = (
        "consistent when the formula's range over the rounding box of the printed inputs "
        "meets the rounding interval of the printed result (corners: exact for formulas "
        "monotone in each argument)"
    )
    details = {
        "printed_result": printed_result,
        "result_interval": [r_lo, r_hi],
        "printed_inputs": [t if isinstance(t, str) else list(t) for t in printed_inputs],
        "input_intervals": boxes,
        "formula_range": [lo, hi],
        "rule": rule,
    }
    # negative control: the printed result shifted by k units of its last digit
    unit = _unit(res)
    control = None
    if control_inputs is not None:
        what = control_label or "the inputs of a minimal wrong variant"
        c_lo, c_hi = _range(fn, [_box(t) for t in control_inputs])
        control = Evidence(
            f"control ({what}) of: {compared}",
            passed=bool(r_lo <= c_hi and c_lo <= r_hi),
            details={
                "variant": what,
                "inputs": [str(t) for t in control_inputs],
                "formula_range": [c_lo, c_hi],
            },
        )
    for k in () if control is not None else range(1, MAX_SHIFT + 1):
        for sign in (1, -1):
            moved = res + sign * k * unit
            m_lo, m_hi = float(moved - unit / 2), float(moved + unit / 2)
            if not (m_lo <= hi and lo <= m_hi):
                control = Evidence(
                    f"control (printed result moved by {sign * k} unit(s) of its last "
                    f"digit, {moved}) of: {compared}",
                    passed=False,
                    details={"variant": str(moved), "shift_units": sign * k},
                )
                break
        if control is not None:
            break
    if control is None:
        control = Evidence(
            f"control (printed result moved by up to {MAX_SHIFT} units) of: {compared}",
            passed=True,
            details={
                "variant": f"±{MAX_SHIFT} units",
                "why": "the formula's range is too wide to reject any",
            },
        )
    ce = (
        None
        if ok
        else {
            "printed": printed_result,
            "printed_interval": [r_lo, r_hi],
            "formula_range": [lo, hi],
            "inputs": [
                {
                    "name": input_names[i] if input_names else "",
                    "printed": t if isinstance(t, str) else "",
                    "interval": list(boxes[i]),
                }
                for i, t in enumerate(printed_inputs)
            ],
        }
    )
    return Evidence(
        compared,
        passed=ok,
        sizes=dict(sizes or {}),
        details=details,
        counterexample=ce,
        control=control,
    )
