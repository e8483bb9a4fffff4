"""Negative controls for comparisons the gtm/tnverify claims build by hand (ARCHITECTURE.md, Design notes).

:func:`passed_with_control` runs one boolean test on the computed value and on a minimal
wrong variant of it; the variant's outcome is computed by the same test, never fixed.
:func:`error_with_control` does the same for an ``error ≤ tolerance`` comparison.

Examples
--------
>>> ev = passed_with_control("h^(T) has one entry", lambda n: n == 1, 1, 3,
...                          "h^(T−1), R_{T−1} = 3 entries")
>>> ev.verdict, ev.control.verdict
('holds', 'fails')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import Evidence

__all__ = ["passed_with_control", "error_with_control", "control_of"]


def control_of(
    compared: str,
    label: str,
    *,
    passed=None,
    error=None,
    tolerance=None,
    details: dict | None = None,
) -> Evidence:
    """The control evidence of ``compared`` on the wrong variant ``label``."""
    return Evidence(
        f"control ({label}) of: {compared}",
        passed=passed,
        error=error,
        tolerance=tolerance,
        details={"variant": label, **(details or {})},
    )


def passed_with_control(
    compared: str, test: Callable[[Any], bool], value, wrong, label: str, **fields
) -> Evidence:
    """``Evidence(compared, passed=test(value))`` controlled by ``test(wrong)``."""
    ok = bool(test(value))
    return Evidence(
        compared, passed=ok, control=control_of(compared, label, passed=bool(test(wrong))), **fields
    )


def error_with_control(
    compared: str, error: float, tolerance, wrong_error: float, label: str, **fields
) -> Evidence:
    """``Evidence(compared, error, tolerance)`` controlled by the same tolerance applied to
    the error of the wrong variant."""
    return Evidence(
        compared,
        error=error,
        tolerance=tolerance,
        control=control_of(compared, label, error=wrong_error, tolerance=tolerance),
        **fields,
    )
