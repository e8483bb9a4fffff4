"""A verify result's evidence in words and numbers: the err/tol ratio of the table, why a
claim errored, one row per comparison (error, tolerance, rule, negative control) and the
counterexample explained in a sentence with a labelled table.  Shared by the terminal
table (:mod:`.table`), the claim sections of the HTML report and the site
(:mod:`.claim_sections`)."""

from __future__ import annotations

import json

from ..claims import ERROR, FAILS, SKIPPED
from ..errors import DTypeError
from .detail_labels import DETAIL_LABELS, HIDDEN_DETAILS

__all__ = [
    "error_reason",
    "format_ratio",
    "comparison_rows",
    "explain_counterexample",
    "error_formula",
    "failure_text",
    "details_tables",
    "detail_value",
    "DETAIL_LABELS",
    "ASSERTION_KEY",
    "LIST_SHOWN",
]


def _need_result(result, what: str, attrs=("verdict", "small", "scaled")) -> None:
    if not all(hasattr(result, a) for a in attrs):
        raise DTypeError(
            f"{what} needs a ClaimResult (from tnverify.claims.run_claim); got "
            f"{type(result).__name__}"
        )


def error_reason(result) -> str:
    """The one-line reason of an ``error`` verdict (the exception of the side that
    broke), or ``""``."""
    _need_result(result, "error_reason")
    for side in (result.small, result.scaled):
        if side.error_message:
            return " ".join(str(side.error_message).split())
    return ""


#: The ``details`` key that marks the Evidence of a user claim's failed plain ``assert``
#: (its message): no comparison, so neither an error nor an exact comparison.
ASSERTION_KEY = "assertion"


def _is_assertion(ev) -> bool:
    """Whether ``ev`` records a failed plain ``assert`` (no comparison)."""
    return ev.error is None and ev.passed is False and ASSERTION_KEY in (ev.details or {})


def _failed_on_assertion(result) -> bool:
    for side in (result.small, result.scaled):
        for ev in side.cases:
            if _is_assertion(ev) or any(
                _is_assertion(p) for p in (ev.parts or {}).values() if p.verdict == FAILS
            ):
                return True
    return False


def format_ratio(result) -> str:
    """The error/tolerance column: ``"0.03"``, ``"2.1e-05"``, ``"exact"`` or ``"—"``.

    ``exact`` means every comparison that ran was exact (integer/boolean, no float
    tolerance); ``—`` means nothing was compared (skipped), a check broke, or a user's
    test failed on a plain ``assert``.  A failing
    claim whose float comparisons all hold failed on an exact one: ``exact ✗`` (the largest
    float ratio would otherwise read like a pass).
    """
    _need_result(result, "format_ratio", ("verdict", "ratio"))
    if result.verdict in (ERROR, SKIPPED):
        return "—"
    r = result.ratio
    if result.verdict == FAILS and (r is None or r <= 1):
        # a failed plain assert of a user's test compared nothing
        return "—" if _failed_on_assertion(result) else "exact ✗"
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
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _walk(ev, path: str, deciding: bool, out: list) -> None:
    if ev.has_comparison or ev.skipped or ev.ill_posed:
        out.append((path, ev, deciding))
    for name, sub in (ev.parts or {}).items():
        _walk(sub, f"{path} / part {name}" if path else f"part {name}", deciding, out)
    for name, sub in (ev.readings or {}).items():
        _walk(sub, f"{path} / reading {name}" if path else f"reading {name}", deciding, out)
    for name, sub in (ev.ruled_out or {}).items():
        _walk(sub, (f"{path} / " if path else "") + f"ruled-out reading {name}", False, out)


def control_text(ev) -> str:
    """The negative-control cell of a comparison: its outcome and the variant tried
    ("fails, as it must"; "vacuous" when it holds beside a comparison that holds; "not
    informative here" beside a comparison that fails, whose control need not fail)."""
    ctl = ev.control
    if ctl is None:
        return "—"
    what = ctl.details.get("variant", ctl.compared) if ctl.details else ctl.compared
    if ctl.verdict == FAILS:
        outcome = "fails, as it must"
    elif ev.verdict == FAILS:
        # a control guards a comparison that holds; next to one that fails it tells nothing
        outcome = (
            f"{ctl.verdict}; not informative here: the comparison itself fails, so "
            "its control need not"
        )
    else:
        outcome = f"{ctl.verdict}: vacuous"
    return f"{outcome} ({what})"


_control_text = control_text


def comparison_rows(result) -> list[dict]:
    """Every comparison of a result, one row per (side, where, what) over the cases, with
    the worst case's numbers: ``{"side", "where", "compared", "verdict", "cases", "error",
    "relative_to", "tolerance", "rule", "ratio", "control", "deciding"}`` (``relative_to``:
    what the error was divided by, "÷ scale S" for a ``compare_values`` /
    ``compare_bound`` with its scale S, else "")."""
    _need_result(result, "comparison_rows")
    rows: dict[tuple, dict] = {}
    for side_name, side in (("small", result.small), ("scaled", result.scaled)):
        for index, case in enumerate(side.cases):
            found: list = []
            _walk(case, "", True, found)
            for path, ev, deciding in found:
                key = (side_name, path, ev.compared)
                asserted = _is_assertion(ev)
                ratio = (
                    float(ev.error) / float(ev.tolerance)
                    if ev.error is not None and ev.tolerance is not None and float(ev.tolerance) > 0
                    else None
                )
                row = rows.get(key)
                if row is None:
                    row = rows[key] = {
                        "side": side_name,
                        "where": path or "—",
                        "compared": ev.compared,
                        "cases": [],
                        "verdicts": [],
                        "deciding": deciding,
                        "ratio": None,
                    }
                row["cases"].append(index)
                row["verdicts"].append(ev.verdict)
                if row["ratio"] is None or (ratio is not None and ratio >= row["ratio"]):
                    scale = (ev.details or {}).get("max_scale")
                    row.update(
                        ratio=ratio,
                        error=ev.error,
                        control=_control_text(ev),
                        relative_to=(
                            f"÷ scale {fmt_number(scale)}"
                            if isinstance(scale, (int, float)) and ev.error is not None
                            else ""
                        ),
                        exact=ev.passed is not None and ev.error is None and not asserted,
                        tolerance=None if ev.tolerance is None else float(ev.tolerance),
                        rule=getattr(ev.tolerance, "rule", "")
                        or (
                            "a plain assert (no comparison)"
                            if asserted
                            else "exact comparison"
                            if ev.passed is not None
                            else ""
                        ),
                        note=ev.skipped or ev.ill_posed or "",
                    )
    out = []
    for row in rows.values():
        verdicts = row.pop("verdicts")
        row["verdict"] = next(
            (v for v in (ERROR, FAILS, "ill-posed") if v in verdicts), verdicts[0]
        )
        out.append(row)
    return out


def _failing(ev, path: str = ""):
    """The deepest failing evidence with its own comparison, and its path."""
    for kind, subs in (("part", ev.parts), ("reading", ev.readings)):
        for name, sub in (subs or {}).items():
            if sub.verdict in (FAILS, "ill-posed"):
                return _failing(sub, f"{path} / {kind} {name}" if path else f"{kind} {name}")
    return ev, path


#: A counterexample's parameters are written into its sentence up to this many
#: characters; longer ones are named there and given in full in the rows.
PARAMS_INLINE = 120


def explain_counterexample(result) -> tuple[list[tuple[str, str]], str] | None:
    """The counterexample of a result as ``(rows, sentence)``: labelled values and one
    sentence saying what it shows (which comparison, at which parameters and seed, what
    error against what tolerance, or which exact values disagree).  ``None`` without one."""
    _need_result(result, "explain_counterexample")
    ce = result.counterexample
    if not ce:
        return None
    ev = next(
        (
            e
            for side in (result.small, result.scaled)
            for e in side.cases
            if e.verdict in (FAILS, "ill-posed") and e.counterexample
        ),
        None,
    )
    given = ce.get("params") or {}
    rows = [(str(k), _value(v)) for k, v in ce.items() if not (k == "params" and given)]
    # the parameters in full, one row each: the sentence names them inline only when short
    rows += [(f"params: {k}", _value(v, 100_000)) for k, v in given.items()]
    params = ", ".join(f"{k} = {_value(v, 100_000)}" for k, v in given.items())
    if len(params) > PARAMS_INLINE:
        params = (
            "the example whose parameters ("
            + ", ".join(map(str, given))
            + ") are listed in full below"
        )
    at = f"at {params}" if params else "at the claim's only case"
    seed = ce.get("seed")
    if seed is None and "seed" in ce:
        seeded = (
            f"hypothesis seed {ce['hypothesis_seed']}"
            if "hypothesis_seed" in ce
            else "no seed: the test drew nothing from tnverify_rng"
        )
    else:
        seeded = f"seed {seed}" + (
            f", hypothesis seed {ce['hypothesis_seed']}" if "hypothesis_seed" in ce else ""
        )
    if ev is None:
        return rows, f"Counterexample {at} ({seeded})."
    lead = ""
    if ev.verdict == "ill-posed" and ev.readings:
        outcomes = "; ".join(
            f"under reading ‘{n}’ it {sub.verdict}" for n, sub in ev.readings.items()
        )
        lead = (
            f"The admissible readings disagree, so the statement is ill-posed "
            f"({outcomes}). Under the first that fails: "
        )
    sub, path = _failing(ev)
    where = f" ({path})" if path and path != f"part {sub.compared}" else ""
    head = f"{at} ({seeded}), the comparison ‘{sub.compared}’{where}"
    if lead:
        head = lead + head
    if sub.ill_posed:
        return rows, f"{head[0].upper()}{head[1:]} is ill-posed: {sub.ill_posed}"
    if lead:
        head = head[0].upper() + head[1:]
    if _is_assertion(sub):
        return rows, (
            f"{head[0].upper()}{head[1:]} fails: the test's plain assert "
            f"failed ({_value(sub.details[ASSERTION_KEY], 120)}), no comparison."
        )
    if sub.error is not None and sub.tolerance is not None:
        entry = f" at entry {_value(ce['entry'], 40)}" if "entry" in ce else ""
        body = f" fails{entry}: {error_formula(sub, sub.counterexample or ce)}."
    else:
        named = [
            f"{k} = {_value(v, 60)}"
            for k, v in ce.items()
            if k not in ("params", "seed", "where", "compared", "hypothesis_seed")
        ]
        body = (
            " fails exactly: " + "; ".join(named) + "."
            if named
            else " fails exactly (an integer or boolean comparison)."
        )
    return rows, f"{head[0].upper()}{head[1:]}{body}"


def _need_evidence(ev, what: str) -> None:
    if not all(hasattr(ev, a) for a in ("compared", "error", "tolerance", "verdict", "parts")):
        raise DTypeError(
            f"{what} needs an Evidence (e.g. from tnverify.compare_values); got {type(ev).__name__}"
        )


def _number(x) -> complex | float | None:
    """A counterexample's value as a number (``{"real", "imag"}`` of JSON too), or None."""
    if isinstance(x, dict) and set(x) == {"real", "imag"}:
        x = complex(x["real"], x["imag"])
    if isinstance(x, bool) or not isinstance(x, (int, float, complex)):
        try:
            import numpy as np

            if isinstance(x, np.generic) and x.dtype.kind in "iufc":
                x = x.item()
            else:
                return None
        except ImportError:  # pragma: no cover
            return None
    return (
        x if isinstance(x, complex) and x.imag else (x.real if isinstance(x, complex) else float(x))
    )


def _num_text(x) -> str:
    if isinstance(x, complex):
        return (
            f"({fmt_number(x.real, 5)}{'+' if x.imag >= 0 else '−'}{fmt_number(abs(x.imag), 5)}j)"
        )
    text = fmt_number(x, 5)
    return text.replace("-", "−", 1) if text.startswith("-") else text


#: The smallest normal float64 (compare_values' floor of a scale).
_TINY = 2.2250738585072014e-308 * (1 + 1e-9)


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
    _need_evidence(ev, "error_formula")
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
    v, r = _number(ce.get("value")), _number(ce.get("reference"))
    e = float(err)
    if v is not None and r is not None and e > 0 and abs(v - r) > 0:
        delta = abs(v - r)
        scale = delta / e
        rv = _num_text(r)
        rv = f"({rv})" if rv.startswith("−") else rv  # a complex one has its own
        if abs(scale - 1.0) <= 1e-9:
            head = f"absolute error {fmt_number(e)} = |{_num_text(v)} − {rv}| (scale 1)"
        elif scale <= _TINY:
            # compare_values divides by max(scale, tiny): a scale of 0 demands equality
            head = (
                f"error {fmt_number(e)} = |{_num_text(v)} − {rv}| / {fmt_number(scale, 5)} (scale 0: "
                "the entry must agree exactly; compare_values divides by the "
                "smallest normal float instead of 0)"
            )
        else:
            head = (
                f"relative error {fmt_number(e)} = |{_num_text(v)} − {rv}| / {fmt_number(scale, 5)} "
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
    _need_evidence(ev, "failure_text")
    sub, path = _failing(ev)
    where = f" — {path}" if path else ""
    inner = f" ‘{sub.compared}’" if path and path != f"part {sub.compared}" else ""
    if sub.ill_posed:
        body = f"ill-posed: {sub.ill_posed}"
    elif sub.error is not None:
        body = error_formula(sub)
    elif sub.passed is not None:
        ce = sub.counterexample or {}
        named = [
            f"{k} = {_value(v, 60)}"
            for k, v in ce.items()
            if k not in ("params", "seed", "where", "compared")
        ]
        body = "exact comparison failed" + (": " + "; ".join(named) if named else "")
    else:
        body = sub.verdict
    return f"{ev.compared}: {ev.verdict}{where}{inner}: {body}"


def _as_recorded(v):
    """A details value as the JSON record holds it (numpy arrays and scalars, tuples,
    complex numbers converted as :meth:`Evidence.to_dict` converts them; other objects by
    their text), so a value renders the same whether it comes from this process or from
    a record (a pytest-xdist worker's, a JSON report's)."""
    from ..claims import Evidence

    plain = Evidence("value", details={"v": v}).to_dict()["details"]["v"]
    return json.loads(json.dumps(plain, default=str))


#: Entries of a flat list shown before "…" (the count follows).
LIST_SHOWN = 12


def detail_value(v) -> str:
    """A details value as short text: numbers with 4 significant digits, a small mapping
    as ``k: v`` pairs, a flat list (a 1-D array) inline (its first :data:`LIST_SHOWN`
    entries and the count when longer), anything nested as JSON.  The value is first put
    in its recorded form, so serial, xdist and JSON-read reports show the same text."""
    v = _as_recorded(v)
    if isinstance(v, bool) or v is None:
        return str(v).lower() if isinstance(v, bool) else "—"
    if isinstance(v, (int,)) and not isinstance(v, bool):
        return str(v)
    n = _number(v)
    if n is not None:
        return _num_text(n) if isinstance(n, complex) else fmt_number(n, 4)
    if isinstance(v, dict) and v and all(not isinstance(x, (dict, list)) for x in v.values()):
        pairs = [f"{k}: {detail_value(x)}" for k, x in v.items()]
        # entries whose text has commas of its own are told apart by semicolons
        return ("; " if any(", " in t for t in pairs) else ", ").join(pairs)
    if isinstance(v, list) and all(
        not isinstance(x, (dict, list)) or _number(x) is not None for x in v
    ):
        shown = [detail_value(x) for x in v[:LIST_SHOWN]]
        more = f", … ({len(v)} entries)" if len(v) > LIST_SHOWN else ""
        return "[" + ", ".join(shown) + more + "]"
    return _value(v, 200)


def details_tables(result) -> list[dict]:
    """Every ``details`` entry of a result: one table per (side, where) with a column per
    case, ``{"side", "where", "compared", "cases": [i], "rows": [(key, label, [text per
    case])]}``.  Parts, readings and negative controls are walked as in
    :func:`comparison_rows`."""
    _need_result(result, "details_tables")
    tables: dict[tuple, dict] = {}
    for side_name, side in (("small", result.small), ("scaled", result.scaled)):
        for index, case in enumerate(side.cases):
            found: list = []
            _walk_all(case, "", found)
            for path, ev in found:
                shown = {k: v for k, v in (ev.details or {}).items() if k not in HIDDEN_DETAILS}
                if not shown:
                    continue
                key = (side_name, path, ev.compared)
                t = tables.setdefault(
                    key,
                    {
                        "side": side_name,
                        "where": path or "—",
                        "compared": ev.compared,
                        "cases": [],
                        "values": [],
                    },
                )
                t["cases"].append(index)
                t["values"].append(shown)
    out = []
    for t in tables.values():
        keys = list(dict.fromkeys(k for vals in t["values"] for k in vals))
        given = any("examples" in vals for vals in t["values"])  # a @given run
        rows = [
            (
                k,
                DETAIL_LABELS.get(k, "")
                + (", over all examples" if given and k == "checks" else ""),
                [detail_value(vals[k]) if k in vals else "—" for vals in t["values"]],
            )
            for k in keys
        ]
        out.append(
            {
                "side": t["side"],
                "where": t["where"],
                "compared": t["compared"],
                "cases": t["cases"],
                "rows": rows,
            }
        )
    return out


def _walk_all(ev, path: str, out: list) -> None:
    out.append((path, ev))
    for name, sub in (ev.parts or {}).items():
        _walk_all(sub, f"{path} / part {name}" if path else f"part {name}", out)
    for name, sub in (ev.readings or {}).items():
        _walk_all(sub, f"{path} / reading {name}" if path else f"reading {name}", out)
    for name, sub in (ev.ruled_out or {}).items():
        _walk_all(sub, (f"{path} / " if path else "") + f"ruled-out reading {name}", out)
