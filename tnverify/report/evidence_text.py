"""A verify result's evidence in words and numbers: the err/tol ratio of the table, why a
claim errored, one row per comparison (error, tolerance, rule, negative control) and the
counterexample explained in a sentence with a labelled table.  Shared by the terminal
table (:mod:`.table`), the claim sections of the HTML report and the site
(:mod:`.claim_sections`)."""

from __future__ import annotations

from ..claims import ERROR, FAILS, SKIPPED
from ..errors import DTypeError
from .detail_labels import DETAIL_LABELS, HIDDEN_DETAILS
from .error_text import error_formula, failing_evidence, failure_text
from .values_text import as_number, as_recorded, fmt_number, number_text, value_text

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
    rows = [(str(k), value_text(v)) for k, v in ce.items() if not (k == "params" and given)]
    # the parameters in full, one row each: the sentence names them inline only when short
    rows += [(f"params: {k}", value_text(v, 100_000)) for k, v in given.items()]
    params = ", ".join(f"{k} = {value_text(v, 100_000)}" for k, v in given.items())
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
    sub, path = failing_evidence(ev)
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
            f"failed ({value_text(sub.details[ASSERTION_KEY], 120)}), no comparison."
        )
    if sub.error is not None and sub.tolerance is not None:
        entry = f" at entry {value_text(ce['entry'], 40)}" if "entry" in ce else ""
        body = f" fails{entry}: {error_formula(sub, sub.counterexample or ce)}."
    else:
        named = [
            f"{k} = {value_text(v, 60)}"
            for k, v in ce.items()
            if k not in ("params", "seed", "where", "compared", "hypothesis_seed")
        ]
        body = (
            " fails exactly: " + "; ".join(named) + "."
            if named
            else " fails exactly (an integer or boolean comparison)."
        )
    return rows, f"{head[0].upper()}{head[1:]}{body}"


#: Entries of a flat list shown before "…" (the count follows).
LIST_SHOWN = 12


def detail_value(v) -> str:
    """A details value as short text: numbers with 4 significant digits, a small mapping
    as ``k: v`` pairs, a flat list (a 1-D array) inline (its first :data:`LIST_SHOWN`
    entries and the count when longer), anything nested as JSON.  The value is first put
    in its recorded form, so serial, xdist and JSON-read reports show the same text."""
    v = as_recorded(v)
    if isinstance(v, bool) or v is None:
        return str(v).lower() if isinstance(v, bool) else "—"
    if isinstance(v, (int,)) and not isinstance(v, bool):
        return str(v)
    n = as_number(v)
    if n is not None:
        return number_text(n) if isinstance(n, complex) else fmt_number(n, 4)
    if isinstance(v, dict) and v and all(not isinstance(x, (dict, list)) for x in v.values()):
        pairs = [f"{k}: {detail_value(x)}" for k, x in v.items()]
        # entries whose text has commas of its own are told apart by semicolons
        return ("; " if any(", " in t for t in pairs) else ", ").join(pairs)
    if isinstance(v, list) and all(
        not isinstance(x, (dict, list)) or as_number(x) is not None for x in v
    ):
        shown = [detail_value(x) for x in v[:LIST_SHOWN]]
        more = f", … ({len(v)} entries)" if len(v) > LIST_SHOWN else ""
        return "[" + ", ".join(shown) + more + "]"
    return value_text(v, 200)


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
