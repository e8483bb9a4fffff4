"""A claim's evidence as HTML fragments of its section (:mod:`tnverify.report.claim_sections`):
the table of comparisons (:func:`comparisons_html`, with the err/tol legend
:data:`RATIO_LEGEND`), the counterexample explained (:func:`counterexample_html`) and the
numbers each comparison recorded (:func:`details_html`); the escaping, verdict badges and
typeset registry text they share (:func:`esc`, :func:`badge`, :func:`formula_html`)."""

from __future__ import annotations

import html
import re

from .evidence_text import (
    comparison_rows,
    details_tables,
    explain_counterexample,
    fmt_number,
)

__all__ = [
    "EXACT_LEGEND",
    "RATIO_LEGEND",
    "badge",
    "comparisons_html",
    "counterexample_html",
    "details_html",
    "esc",
    "formula_html",
    "number_html",
    "ratio_cell",
]

#: What the error/tolerance number means (terminal footer, ``--help``, tooltips).
RATIO_LEGEND = (
    "err/tol: the largest error divided by its tolerance over the comparisons "
    "that decide; <= 1 is within tolerance. A holding claim can show a value > 1 "
    "when its statement is that two things differ (that comparison must fail)."
)
#: What ``exact`` means in the same column.
EXACT_LEGEND = (
    "exact: only exact comparisons ran (integers, booleans, certified ranks: "
    "no float tolerance); 'exact ✗': an exact comparison failed; '—': nothing "
    "was compared (skipped) or the check broke."
)


def esc(text) -> str:
    """HTML-escape any value's text."""
    return html.escape(str(text), quote=True)


def badge(verdict: str) -> str:
    """A verdict as its coloured badge."""
    return f'<span class="tnv-badge tnv-{esc(verdict)}">{esc(verdict)}</span>'


def formula_html(text, math: str) -> str:
    """Registry text as HTML with its formulas typeset (:func:`tnverify.report.formulas.render`)."""
    from .formulas import render

    return render(str(text), math)


#: a number as a table shows it: one line (``.tnv-num`` does not wrap)
NUMBER = re.compile(r"[-+−]?(\d[\d.,]*(e[-+]?\d+)?|inf|nan)%?", re.I)


def number_html(text: str) -> str:
    """A number of a table cell, in a ``span.tnv-num`` that never wraps (text that is not a
    number, "—", stays as it is)."""
    return f'<span class="tnv-num">{esc(text)}</span>' if NUMBER.fullmatch(text) else esc(text)


def ratio_cell(row: dict) -> str:
    """The err/tol cell of a comparison row ("exact" for an exact comparison, "—" where
    nothing was compared)."""
    if row["ratio"] is not None:
        return f'<td title="error / tolerance">{number_html(fmt_number(row["ratio"]))}</td>'
    return (
        '<td title="exact comparison: no float tolerance">exact</td>'
        if row.get("exact")
        else '<td title="nothing compared">—</td>'
    )


def comparisons_html(result, math: str = "html") -> list[str]:
    """The table of a result's comparisons (one row each: side, place, verdict, error,
    tolerance and its rule, err/tol, negative control), after the err/tol legend."""
    rows = comparison_rows(result)
    if not rows:
        return ["<p>No comparison ran.</p>"]
    out = [
        "<h4>Comparisons</h4>",
        f'<p class="tnv-legend">{esc(RATIO_LEGEND)} The negative control is the same '
        "comparison on a minimal wrong variant; it must fail, or the comparison could not "
        "have failed (vacuous: verdict error).</p>",
        '<table class="tnv-table tnv-comparisons"><thead><tr><th>side</th><th>where</th>'
        "<th>compared</th><th>verdict</th><th>error</th><th>tolerance (rule)</th>"
        '<th><abbr title="error / tolerance">err/tol</abbr></th><th>negative control</th>'
        "</tr></thead><tbody>",
    ]
    for row in rows:
        cases = row["cases"]
        side = f"{row['side']} ({len(cases)} case{'s' if len(cases) != 1 else ''})"
        where = formula_html(row["where"], math) + (
            "" if row["deciding"] else " <em>(does not decide)</em>"
        )
        tol = "—" if row.get("tolerance") is None else number_html(fmt_number(row["tolerance"]))
        rule = f' <span class="tnv-rule">({esc(row["rule"])})</span>' if row.get("rule") else ""
        note = f"<br><em>{formula_html(row['note'], math)}</em>" if row.get("note") else ""
        out.append(
            f"<tr><td>{esc(side)}</td><td>{where}</td><td>{formula_html(row['compared'], math)}{note}"
            f"</td><td>{badge(row['verdict'])}</td><td>{number_html(fmt_number(row.get('error')))}"
            + (
                f' <span class="tnv-rule">({esc(row["relative_to"])})</span>'
                if row.get("relative_to")
                else ""
            )
            + "</td>"
            f"<td>{tol}{rule}</td>{ratio_cell(row)}<td>{formula_html(row.get('control', '—'), math)}"
            "</td></tr>"
        )
    return out + ["</tbody></table>"]


def counterexample_html(result, math: str = "html") -> list[str]:
    """The counterexample (a failing claim), or the readings' outcomes and why the
    statement is ill-posed (an ill-posed one: nothing there is a counterexample)."""
    found = explain_counterexample(result)
    if found is None:
        return []
    rows, sentence = found
    body = "".join(
        f"<tr><th>{formula_html(k, math)}</th><td><code>{number_html(str(v))}</code></td></tr>"
        for k, v in rows
    )
    heading = "Why it is ill-posed" if result.verdict == "ill-posed" else "Counterexample"
    return [
        f"<h4>{heading}</h4>",
        f'<p class="tnv-ce-sentence">{formula_html(sentence, math)}</p>',
        f'<table class="tnv-table tnv-ce">{body}</table>',
    ]


def details_html(result, math: str = "html") -> list[str]:
    """Every ``details`` entry of the evidence: a small table per comparison (a column
    per case), e.g. the certified rank per size."""
    tables = details_tables(result)
    if not tables:
        return []
    out = [
        "<h4>Computed values</h4>",
        '<p class="tnv-legend">The numbers each comparison recorded beside its error '
        "(<code>Evidence.details</code>), one column per case.</p>",
    ]
    for t in tables:
        cases = t["cases"]
        where = (
            ""
            if t["where"] in ("—", f"part {t['compared']}")
            else f" — {formula_html(t['where'], math)}"
        )
        head = "".join(f"<th>case {i}</th>" for i in cases)
        out.append(
            f'<table class="tnv-table tnv-details"><caption>{esc(t["side"])} side'
            f"{where}: {formula_html(t['compared'], math)}</caption><thead><tr><th>value</th>"
            f"{head}</tr></thead><tbody>"
        )
        for key, label, values in t["rows"]:
            name = f"<code>{esc(key)}</code>" + (
                f' <span class="tnv-rule">({esc(label)})</span>' if label and label != key else ""
            )
            out.append(
                f"<tr><th>{name}</th>"
                + "".join(f"<td>{number_html(str(v))}</td>" for v in values)
                + "</tr>"
            )
        out.append("</tbody></table>")
    return out
