"""A failing comparison in words: its deepest failing evidence (:func:`failing_evidence`),
the error formula with its numbers (:func:`error_formula`) and the message of a failed
check (:func:`failure_text`)."""

from __future__ import annotations

from ..claims import FAILS
from ..errors import DTypeError
from .values_text import as_number, fmt_number, number_text, value_text

__all__ = ["error_formula", "failing_evidence", "failure_text", "need_evidence"]


def failing_evidence(ev, path: str = ""):
    """The deepest failing evidence with its own comparison, and its path."""
    for kind, subs in (("part", ev.parts), ("reading", ev.readings)):
        for name, sub in (subs or {}).items():
            if sub.verdict in (FAILS, "ill-posed"):
                return failing_evidence(
                    sub, f"{path} / {kind} {name}" if path else f"{kind} {name}"
                )
    return ev, path


def need_evidence(ev, what: str) -> None:
    """:class:`DTypeError` unless ``ev`` is an Evidence (``what`` names the caller)."""
    if not all(hasattr(ev, a) for a in ("compared", "error", "tolerance", "verdict", "parts")):
        raise DTypeError(
            f"{what} needs an Evidence (e.g. from tnverify.compare_values); got {type(ev).__name__}"
        )


#: The smallest normal float64 (compare_values' floor of a scale).
TINY = 2.2250738585072014e-308 * (1 + 1e-9)


def error_formula(ev, ce: dict | None = None) -> str:
    """How a comparison's error is computed, with its numbers.

    :func:`tnverify.claims.compare.compare_values` judges ``|value − reference| / scale``
    of the worst entry against the tolerance; the scale of that entry is what the claim
    passed (the forward-error scale of the entry, e.g. the largest magnitude of the terms
    it sums).  Given the counterexample's ``value`` and ``reference``, the scale is
    ``|value − reference| / error``, so the sentence reads e.g. ``"relative error 0.483 =
    |−1038.2 − (−2.0173)| / 2144.3 (the scale of that entry), beyond the tolerance
    2.13e-14 (8 * n * eps(float64) * norm with n=12, norm=1): err/tol 2.3e+13"``.
    Without value and reference (a hand-built Evidence): ``"error 0.5 against tolerance
    0.1: err/tol 5"``."""
    need_evidence(ev, "error_formula")
    if ce is not None and not isinstance(ce, dict):
        raise DTypeError(f"error_formula's counterexample must be a dict; got {type(ce).__name__}")
    ce = ce if ce is not None else (ev.counterexample or {})
    err, tol = ev.error, ev.tolerance
    if err is None:
        return ""
    rule = getattr(tol, "rule", "")
    tol_text = (
        "" if tol is None else f"the tolerance {fmt_number(tol)}" + (f" ({rule})" if rule else "")
    )
    ratio = (
        f": err/tol {fmt_number(float(err) / float(tol))}"
        if tol is not None and float(tol) > 0
        else ""
    )
    v, r = as_number(ce.get("value")), as_number(ce.get("reference"))
    e = float(err)
    if v is not None and r is not None and e > 0 and abs(v - r) > 0:
        delta = abs(v - r)
        scale = delta / e
        rv = number_text(r)
        rv = f"({rv})" if rv.startswith("−") else rv  # a complex one has its own
        if abs(scale - 1.0) <= 1e-9:
            head = f"absolute error {fmt_number(e)} = |{number_text(v)} − {rv}| (scale 1)"
        elif scale <= TINY:
            # compare_values divides by max(scale, tiny): a scale of 0 demands equality
            head = (
                f"error {fmt_number(e)} = |{number_text(v)} − {rv}| / {fmt_number(scale, 5)} (scale 0: "
                "the entry must agree exactly; compare_values divides by the "
                "smallest normal float instead of 0)"
            )
        else:
            head = (
                f"relative error {fmt_number(e)} = |{number_text(v)} − {rv}| / {fmt_number(scale, 5)} "
                "(the scale of that entry, as the claim gave it: error = |value − "
                "reference| / scale)"
            )
    else:
        head = f"error {fmt_number(e)}"
    beyond = "within" if ev.verdict != FAILS else "beyond"
    return head + (f", {beyond} {tol_text}" if tol_text else "") + ratio


def failure_text(ev) -> str:
    """A failing comparison in one line, naming the deepest failing part (or reading)
    with its numbers: ``"3 checks of the claim's test: fails — part 'b vs c': relative
    error ... beyond the tolerance ..."``.  Never ``error None, tolerance None``: a
    comparison with no float error is described as exact, with its values."""
    need_evidence(ev, "failure_text")
    sub, path = failing_evidence(ev)
    where = f" — {path}" if path else ""
    inner = f" ‘{sub.compared}’" if path and path != f"part {sub.compared}" else ""
    if sub.ill_posed:
        body = f"ill-posed: {sub.ill_posed}"
    elif sub.error is not None:
        body = error_formula(sub)
    elif sub.passed is not None:
        ce = sub.counterexample or {}
        named = [
            f"{k} = {value_text(v, 60)}"
            for k, v in ce.items()
            if k not in ("params", "seed", "where", "compared")
        ]
        body = "exact comparison failed" + (": " + "; ".join(named) if named else "")
    else:
        body = sub.verdict
    return f"{ev.compared}: {ev.verdict}{where}{inner}: {body}"
