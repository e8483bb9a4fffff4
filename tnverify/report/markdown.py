"""The Markdown form of a report (:meth:`tnverify.report.table.Report.to_markdown`): statements
quoted part by part, one line per distinct finding with the cases it comes from, and
counterexamples as compact JSON."""

from __future__ import annotations

import json
import re

from ..claims.evidence import jsonable
from ..claims.readings import DEFECT_LABELS
from .formulas import render

__all__ = [
    "md_cell",
    "threads_text",
    "statement_lines",
    "compact_json",
    "md_section",
    "md_papers",
    "md_computed",
    "md_holding_section",
]


def md_cell(text: str) -> str:
    """Text made safe for one cell of a Markdown table (pipes escaped, one line)."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def threads_text(threads) -> str:
    """The BLAS and torch thread counts of a report's environment, in words."""
    if not threads:
        return "threads not recorded"
    blas = threads.get("blas") or {}
    blas_text = ", ".join(f"{k} {v}" for k, v in blas.items()) or "none loaded"
    torch = threads.get("torch")
    per = threads.get("per_process")
    return (
        f"BLAS threads: {blas_text}; torch threads: "
        f"{'torch not used' if torch is None else torch}"
        + (f"; {per} thread(s) per worker process" if per is not None else "")
    )


_BREAKS = re.compile(
    r"\s+(?=(?:Require|Ensure|Steps, as printed|Input|Output):)"
    r'|(?<=[.:;"”])\s+(?=\d{1,2}\.\s)'
)


def statement_lines(statement: str) -> list[str]:
    """A statement as its parts: its own lines, and the parts of a one-line multi-part
    statement (``Require:`` / ``Ensure:`` / ``Steps, as printed:`` and numbered steps
    ``1. ...``) each on a line of its own."""
    out = []
    for line in str(statement).splitlines():
        out += [part.strip() for part in _BREAKS.split(line)] if line.strip() else [""]
    return out or [""]


def compact_json(obj) -> str:
    """JSON with one top-level key per line and every value on one line (a counterexample
    is read by key; a list of numbers should not take a line per number)."""
    if not isinstance(obj, dict) or not obj:
        return json.dumps(obj, ensure_ascii=False)
    items = [
        f"  {json.dumps(str(k), ensure_ascii=False)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in obj.items()
    ]
    return "{\n" + ",\n".join(items) + "\n}"


def _case_lines(side_name: str, side) -> list[str]:
    """The lines of one side: identical lines of several cases once, labelled with the
    cases they come from."""
    found: dict[str, list[int]] = {}
    for index, ev in enumerate(side.cases):
        texts = []
        if ev.skipped:
            texts.append(f"skipped: {ev.skipped}")
        if ev.ill_posed:
            texts.append(f"ill-posed: {ev.ill_posed}")
        for name, sub in (ev.readings or {}).items():
            texts.append(
                f"reading `{name}`: **{sub.verdict}** ({md_cell(sub.compared)}{_md_err(sub)})"
            )
        for name in ev.failing_parts():
            sub = ev.parts[name]
            texts.append(f"part `{name}`: **{sub.verdict}**{_md_err(sub)}")
        for text in texts:
            found.setdefault(text, []).append(index)
    out = []
    n = len(side.cases)
    for text, cases in found.items():
        if n == 1:
            label = f"{side_name} side"
        elif len(cases) == n:
            label = f"{side_name} side, all {n} cases"
        else:
            label = (
                f"{side_name} side, case{'s' if len(cases) > 1 else ''} "
                f"{', '.join(map(str, cases))} of {n}"
            )
        out.append(f"- {label}: {text}")
    return out


def md_papers(results) -> list[str]:
    """The papers the results cite, each full citation once (the sections name the paper
    key and the locator only)."""
    keys = list(
        dict.fromkeys(ref.paper for r in results for ref in r.claim.refs if hasattr(ref, "paper"))
    )
    if not keys:
        return []
    from ..references import PAPERS

    return (
        ["## Papers", ""]
        + [f"- `{k}` ({PAPERS[k].short}): {PAPERS[k].citation}" for k in keys if k in PAPERS]
        + [""]
    )


def md_section(r, seen: dict | None = None) -> list[str]:
    """The Markdown section of one claim that did not hold, or held against its expected
    verdict (a ``ClaimResult``).

    References name the paper key and locator (:func:`md_papers` gives each citation once);
    ``seen`` maps the quotes already shown in the report to the claim that showed them, so a
    quote is printed once and referred to afterwards."""
    seen = {} if seen is None else seen
    c = r.claim
    parts = statement_lines(c.statement)
    # a hard line break ("  ") keeps the parts on their own lines in rendered Markdown
    quote = [
        (f"> {render(line, 'markdown')}" + ("  " if i + 1 < len(parts) and parts[i + 1] else ""))
        if line
        else ">"
        for i, line in enumerate(parts)
    ]
    refs = "; ".join(str(ref) for ref in c.refs) or (c.source or "—")
    label = (
        f"Semantic control (not a statement of the paper) of `{c.control_of}`; source: "
        if getattr(c, "control_of", None)
        else "References: "
    )
    out = [f"## `{c.id}`: {r.verdict} (expected {c.expected})", "", *quote, "", label + refs, ""]
    if c.defect is not None:
        for i, d in enumerate(c.defect.edits):
            label = "Defect" if i == 0 else "Further edit"
            out += [
                f"{label}: **{d.kind}**" + (f" (erratum `{d.erratum}`)" if d.erratum else ""),
                "",
                f"- Printed: {render(str(d.printed), 'markdown')}",
                f"- {DEFECT_LABELS.get(d.kind, 'Meant')}: {render(str(d.meant), 'markdown')}",
                *([f"- Why: {render(str(d.why), 'markdown')}"] if d.why else []),
                "",
            ]
    for r_ in c.readings.values():
        verb = "supported by" if r_.admissible else "ruled out by"
        quote = ""
        if r_.quote:
            first = seen.setdefault(r_.quote, (c.id, r_.name))
            if first == (c.id, r_.name):
                quote = f" — {verb} “{render(r_.quote, 'markdown')}” ({r_.where})"
            elif first[0] == c.id:
                quote = f" — {verb} the quote of reading `{first[1]}` ({r_.where})"
            else:
                quote = f" — {verb} the quote shown under `{first[0]}` ({r_.where})"
        out.append(f"* reading `{r_.name}` ({r_.status}): {render(r_.text, 'markdown')}{quote}")
    if c.readings:
        out.append("")
    if c.corrected_by:
        out += [f"Corrected by `{c.corrected_by}`.", ""]
    for side_name, side in (("small", r.small), ("scaled", r.scaled)):
        if side.error_message:
            out += [f"- {side_name} side **error**: `{' '.join(side.error_message.split())}`"]
        out += _case_lines(side_name, side)
    out += md_computed(r)
    if r.counterexample:
        from .evidence_text import explain_counterexample

        found = explain_counterexample(r)
        ill = r.verdict == "ill-posed"
        label = (
            "Why it is ill-posed (the readings' outcomes):"
            if ill
            else "Counterexample (what was compared, at which parameters and seed):"
        )
        out += (
            ["", label, ""]
            + ([found[1], ""] if found else [])
            + ["```json", compact_json(jsonable(r.counterexample)), "```"]
        )
    return out


def md_computed(r) -> list[str]:
    """What a result computed, in Markdown: every comparison with its numbers (one row
    per comparison, the worst case's numbers) and every ``details`` entry as a small table
    with a column per case."""
    from .evidence_text import comparison_rows, details_tables, fmt_number

    out = []
    rows = comparison_rows(r)
    if rows:
        out += [
            "",
            "| side | where | compared | verdict | error | tolerance | err/tol | "
            "negative control |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for row in rows:
            n = len(row["cases"])
            ratio = (
                fmt_number(row["ratio"])
                if row["ratio"] is not None
                else "exact"
                if row.get("exact")
                else "—"
            )
            tol = "—" if row.get("tolerance") is None else fmt_number(row["tolerance"])
            where = row["where"] + ("" if row["deciding"] else " (does not decide)")
            out.append(
                f"| {row['side']} ({n} case{'s' if n != 1 else ''}) | "
                f"{md_cell(where)} | {md_cell(row['compared'])} | {row['verdict']} | "
                f"{fmt_number(row.get('error'))}"
                + (f" ({row['relative_to']})" if row.get("relative_to") else "")
                + f" | {tol} | {ratio} | "
                f"{md_cell(row.get('control', '—'))} |"
            )
    for t in details_tables(r):
        where = "" if t["where"] == "—" else f" — {t['where']}"
        out += [
            "",
            f"Computed values, {t['side']} side{where}: {md_cell(t['compared'])}",
            "",
            "| value | " + " | ".join(f"case {i}" for i in t["cases"]) + " |",
            "|---|" + "---|" * len(t["cases"]),
        ]
        for key, label, values in t["rows"]:
            name = f"`{key}`" + (f" ({label})" if label and label != key else "")
            out.append(f"| {md_cell(name)} | " + " | ".join(md_cell(v) for v in values) + " |")
    return out


def md_holding_section(r) -> list[str]:
    """The short Markdown section of a claim that holds as expected: what it computed
    (a claim that holds against its expected verdict gets :func:`md_section`)."""
    return [f"## `{r.claim.id}`: {r.verdict}, as expected"] + md_computed(r)


def _md_err(ev) -> str:
    if ev.error is None:
        return ""
    tol = "" if ev.tolerance is None else f" vs tolerance {float(ev.tolerance):.3g}"
    return f"; error {float(ev.error):.3g}{tol}"
