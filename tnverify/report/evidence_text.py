"""A verify result's evidence in words and numbers: the err/tol ratio of the table, why a
claim errored, one row per comparison (error, tolerance, rule, negative control) and the
counterexample explained in a sentence with a labelled table.  Shared by the terminal
table (:mod:`.table`), the claim sections of the HTML report and the site
(:mod:`.claim_sections`)."""

from __future__ import annotations

import json

from ..claims import ERROR, FAILS, SKIPPED
from ..errors import DTypeError

__all__ = ["error_reason", "format_ratio", "comparison_rows", "explain_counterexample"]


def _need_result(result, what: str, attrs=("verdict", "small", "scaled")) -> None:
    if not all(hasattr(result, a) for a in attrs):
        raise DTypeError(f"{what} needs a ClaimResult (from tnverify.claims.run_claim); got "
                         f"{type(result).__name__}")


def error_reason(result) -> str:
    """The one-line reason of an ``error`` verdict (the exception of the side that
    broke), or ``""``."""
    _need_result(result, "error_reason")
    for side in (result.small, result.scaled):
        if side.error_message:
            return " ".join(str(side.error_message).split())
    return ""


def format_ratio(result) -> str:
    """The error/tolerance column: ``"0.03"``, ``"2.1e-05"``, ``"exact"`` or ``"—"``.

    ``exact`` means every comparison that ran was exact (integer/boolean, no float
    tolerance); ``—`` means nothing was compared (skipped) or a check broke.  A failing
    claim whose float comparisons all hold failed on an exact one: ``exact ✗`` (the largest
    float ratio would otherwise read like a pass).
    """
    _need_result(result, "format_ratio", ("verdict", "ratio"))
    if result.verdict in (ERROR, SKIPPED):
        return "—"
    r = result.ratio
    if result.verdict == FAILS and (r is None or r <= 1):
        return "exact ✗"
    if r is None:
        return "exact"
    if r == 0:
        return "0"
    if r < 0.01 or r >= 1000:
        return f"{r:.1e}"
    return f"{r:.2f}"


def fmt_number(x, digits: int = 3) -> str:
    if x is None:
        return "—"
    try:
        v = float(x)
    except (TypeError, ValueError):
        return str(x)
    if v == 0:
        return "0"
    return f"{v:.{digits}g}" if 1e-3 <= abs(v) < 1e4 else f"{v:.{digits - 1}e}"


def _value(v, limit: int = 160) -> str:
    text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _walk(ev, path: str, deciding: bool, out: list) -> None:
    if ev.has_comparison or ev.skipped or ev.ill_posed:
        out.append((path, ev, deciding))
    for name, sub in (ev.parts or {}).items():
        _walk(sub, f"{path} / part {name}" if path else f"part {name}", deciding, out)
    for name, sub in (ev.readings or {}).items():
        _walk(sub, f"{path} / reading {name}" if path else f"reading {name}", deciding, out)
    for name, sub in (ev.ruled_out or {}).items():
        _walk(sub, (f"{path} / " if path else "") + f"ruled-out reading {name}", False, out)


def _control_text(ev) -> str:
    ctl = ev.control
    if ctl is None:
        return "—"
    what = ctl.details.get("variant", ctl.compared) if ctl.details else ctl.compared
    outcome = "fails, as it must" if ctl.verdict == FAILS else f"{ctl.verdict}: vacuous"
    return f"{outcome} ({what})"


def comparison_rows(result) -> list[dict]:
    """Every comparison of a result, one row per (side, where, what) over the cases, with
    the worst case's numbers: ``{"side", "where", "compared", "verdict", "cases", "error",
    "tolerance", "rule", "ratio", "control", "deciding"}``."""
    _need_result(result, "comparison_rows")
    rows: dict[tuple, dict] = {}
    for side_name, side in (("small", result.small), ("scaled", result.scaled)):
        for index, case in enumerate(side.cases):
            found: list = []
            _walk(case, "", True, found)
            for path, ev, deciding in found:
                key = (side_name, path, ev.compared)
                ratio = (float(ev.error) / float(ev.tolerance)
                         if ev.error is not None and ev.tolerance is not None
                         and float(ev.tolerance) > 0 else None)
                row = rows.get(key)
                if row is None:
                    row = rows[key] = {"side": side_name, "where": path or "—",
                                       "compared": ev.compared, "cases": [], "verdicts": [],
                                       "deciding": deciding, "ratio": None}
                row["cases"].append(index)
                row["verdicts"].append(ev.verdict)
                if row["ratio"] is None or (ratio is not None and ratio >= row["ratio"]):
                    row.update(ratio=ratio, error=ev.error, control=_control_text(ev),
                               exact=ev.passed is not None and ev.error is None,
                               tolerance=None if ev.tolerance is None else float(ev.tolerance),
                               rule=getattr(ev.tolerance, "rule", "") or
                               ("exact comparison" if ev.passed is not None else ""),
                               note=ev.skipped or ev.ill_posed or "")
    out = []
    for row in rows.values():
        verdicts = row.pop("verdicts")
        row["verdict"] = next((v for v in (ERROR, FAILS, "ill-posed") if v in verdicts),
                              verdicts[0])
        out.append(row)
    return out


def _failing(ev, path: str = ""):
    """The deepest failing evidence with its own comparison, and its path."""
    for kind, subs in (("part", ev.parts), ("reading", ev.readings)):
        for name, sub in (subs or {}).items():
            if sub.verdict in (FAILS, "ill-posed"):
                return _failing(sub, f"{path} / {kind} {name}" if path else f"{kind} {name}")
    return ev, path


def explain_counterexample(result) -> tuple[list[tuple[str, str]], str] | None:
    """The counterexample of a result as ``(rows, sentence)``: labelled values and one
    sentence saying what it shows (which comparison, at which parameters and seed, what
    error against what tolerance, or which exact values disagree).  ``None`` without one."""
    _need_result(result, "explain_counterexample")
    ce = result.counterexample
    if not ce:
        return None
    ev = next((e for side in (result.small, result.scaled) for e in side.cases
               if e.verdict in (FAILS, "ill-posed") and e.counterexample), None)
    rows = [(str(k), _value(v)) for k, v in ce.items()]
    params = ", ".join(f"{k} = {_value(v, 40)}" for k, v in (ce.get("params") or {}).items())
    at = f"at {params}" if params else "at the claim's only case"
    if ev is None:
        return rows, f"Counterexample {at} (seed {ce.get('seed')})."
    sub, path = _failing(ev)
    where = f" ({path})" if path else ""
    head = f"{at} (seed {ce.get('seed')}), the comparison “{sub.compared}”{where}"
    if sub.ill_posed:
        return rows, f"{head[0].upper()}{head[1:]} is ill-posed: {sub.ill_posed}"
    if sub.error is not None and sub.tolerance is not None:
        rule = getattr(sub.tolerance, "rule", "")
        body = (f" is off by {fmt_number(sub.error)}, beyond its tolerance {fmt_number(sub.tolerance)}"
                + (f" ({rule})" if rule else "") + ".")
    else:
        named = [f"{k} = {_value(v, 60)}" for k, v in ce.items()
                 if k not in ("params", "seed", "where")]
        body = (" fails exactly: " + "; ".join(named) + "." if named
                else " fails exactly (an integer or boolean comparison).")
    return rows, f"{head[0].upper()}{head[1:]}{body}"
