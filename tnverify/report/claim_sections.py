"""One claim as an HTML section: the same content on the documentation site's claim page
and in the self-contained HTML report (``tnverify verify --report r.html``).

A section shows the statement as printed, where it is printed, the readings with their
quotes (admissible / ruled out), the verdict against the expected one, the defect (kind,
printed, meant on separate lines) and remarks, every comparison with its error, tolerance,
tolerance rule and the outcome of its negative control, the counterexample as a labelled
table with a sentence saying what it shows, the command that reproduces it, the proof in
``proofs/`` if any, and links to the claims it uses, is used by, corrects or shares an
erratum with.  Everything is computed from the :class:`~tnverify.claims.Claim` and its
:class:`~tnverify.claims.ClaimResult`; nothing is pasted.

Examples
--------
>>> from tnverify.claims import get_claim
>>> from tnverify.report.claim_sections import claim_section
>>> html = claim_section(get_claim("ttlm-eq3"))
>>> 'data-verdict="fails"' in html and "Printed" in html and "Meant" in html
True
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..claims import ERROR, FAILS, HOLDS, SKIPPED, Claim

__all__ = ["ClaimGraph", "RATIO_LEGEND", "EXACT_LEGEND", "claim_section", "comparison_rows",
           "explain_counterexample", "primary_paper", "reproduce_command", "esc", "verdict_counts", "error_reason",
           "format_ratio"]

#: What the error/tolerance number means (terminal footer, ``--help``, tooltips).
RATIO_LEGEND = ("err/tol: the largest error divided by its tolerance over the comparisons "
                "that decide; <= 1 is within tolerance. A holding claim can show a value > 1 "
                "when its statement is that two things differ (that comparison must fail).")
#: What ``exact`` means in the same column.
EXACT_LEGEND = ("exact: only exact comparisons ran (integers, booleans, certified ranks: "
                "no float tolerance); 'exact ✗': an exact comparison failed; '—': nothing "
                "was compared (skipped) or the check broke.")


def esc(text) -> str:
    """HTML-escape any value's text."""
    return html.escape(str(text), quote=True)


def primary_paper(claim: Claim) -> str:
    """The paper key a claim is filed under (its id prefix), or its package for users'
    claims."""
    if claim.package != "tnverify":
        return claim.package
    return claim.id.split("-", 1)[0]


def reproduce_command(claim: Claim, seed: int = 0) -> str:
    """The one command that re-runs a claim and prints its evidence."""
    if claim.package != "tnverify":
        return f"tnverify verify --plugin {claim.package} --claims {claim.id} --seed {seed}"
    return f"tnverify show {claim.id} --run" if seed == 0 else \
        f"tnverify verify --claims {claim.id} --seed {seed}"


@dataclass
class ClaimGraph:
    """The relations between claims: ``uses``, ``corrects`` and shared errata, both ways."""

    claims: dict[str, Claim]
    used_by: dict[str, list[str]] = field(default_factory=dict)
    erratum: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, claims: Iterable[Claim]) -> "ClaimGraph":
        """The graph of a list of claims."""
        by_id = {c.id: c for c in claims}
        g = cls(by_id)
        for c in by_id.values():
            for u in c.uses:
                g.used_by.setdefault(u, []).append(c.id)
            if c.defect is not None and c.defect.erratum:
                g.erratum.setdefault(c.defect.erratum, []).append(c.id)
        return g

    def related(self, claim: Claim) -> list[tuple[str, list[str]]]:
        """``[(relation, [ids])]`` for the links of a claim section."""
        shared = []
        if claim.defect is not None and claim.defect.erratum:
            shared = [i for i in self.erratum.get(claim.defect.erratum, []) if i != claim.id]
        rel = [("uses", list(claim.uses)), ("used by", self.used_by.get(claim.id, [])),
               ("corrects", [claim.corrects] if claim.corrects else []),
               ("corrected by", [claim.corrected_by] if claim.corrected_by else []),
               ("shares its erratum with", shared)]
        return [(name, ids) for name, ids in rel if ids]

    def edges(self) -> list[tuple[str, str, str]]:
        """``(from, to, kind)`` with kind ``uses``, ``corrects`` or ``erratum``."""
        out = []
        for c in self.claims.values():
            out += [(c.id, u, "uses") for u in c.uses if u in self.claims]
            if c.corrects and c.corrects in self.claims:
                out.append((c.id, c.corrects, "corrects"))
        for ids in self.erratum.values():
            out += [(a, b, "erratum") for a, b in zip(ids, ids[1:])]
        return out


def error_reason(result) -> str:
    """The one-line reason of an ``error`` verdict (the exception of the side that
    broke), or ``""``."""
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


def _fmt(x, digits: int = 3) -> str:
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
        body = (f" is off by {_fmt(sub.error)}, beyond its tolerance {_fmt(sub.tolerance)}"
                + (f" ({rule})" if rule else "") + ".")
    else:
        named = [f"{k} = {_value(v, 60)}" for k, v in ce.items()
                 if k not in ("params", "seed", "where")]
        body = (" fails exactly: " + "; ".join(named) + "." if named
                else " fails exactly (an integer or boolean comparison).")
    return rows, f"{head[0].upper()}{head[1:]}{body}"


def _badge(verdict: str) -> str:
    return f'<span class="tnv-badge tnv-{esc(verdict)}">{esc(verdict)}</span>'


def _links(ids: Sequence[str], href: Callable[[str], str]) -> str:
    return ", ".join(f'<a class="tnv-claim-link" href="{esc(href(i))}"><code>{esc(i)}</code></a>'
                     for i in ids)


def _statement(claim: Claim) -> str:
    from .markdown import statement_lines

    lines = [esc(line) for line in statement_lines(claim.statement)]
    return '<blockquote class="tnv-statement">' + "<br>".join(lines) + "</blockquote>"


def _refs(claim: Claim, cite: Callable | None) -> str:
    items = []
    for r in claim.refs:
        if hasattr(r, "paper"):
            label = f"<b>{esc(r.paper)}</b> {esc(r.where)}"
            items.append(cite(r.paper, label) if cite else f"{label} — {esc(r.citation)}")
        else:
            items.append(esc(r))
    if claim.package != "tnverify" and claim.source:
        items.append(esc(claim.source))
    return "; ".join(items) or "—"


def _readings(claim: Claim) -> list[str]:
    if not claim.readings:
        return []
    out = ['<h4>Readings</h4>', '<table class="tnv-table"><thead><tr><th>reading</th>'
           '<th>status</th><th>the reading</th><th>quote</th></tr></thead><tbody>']
    for r in claim.readings.values():
        verb = "supported by" if r.admissible else "ruled out by"
        quote = (f'{verb} “{esc(r.quote)}”' + (f" ({esc(r.where)})" if r.where else "")
                 if r.quote else "—")
        out.append(f'<tr class="tnv-{"admissible" if r.admissible else "ruled-out"}">'
                   f'<td><code>{esc(r.name)}</code></td><td>{esc(r.status)}</td>'
                   f'<td>{esc(r.text)}</td><td>{quote}</td></tr>')
    return out + ["</tbody></table>"]


def _defect(claim: Claim) -> list[str]:
    out = []
    if claim.defect is not None:
        for i, d in enumerate(claim.defect.edits):      # a statement may need several edits
            key = f' (erratum <code>{esc(d.erratum)}</code>)' if d.erratum else ""
            label = "Defect" if i == 0 else "Further edit"
            out += [f'<h4>{label}: {esc(d.kind)}{key}</h4>', '<dl class="tnv-defect">',
                    f"<dt>Printed:</dt><dd>{esc(d.printed)}</dd>",
                    f"<dt>Meant:</dt><dd>{esc(d.meant)}</dd>", "</dl>"]
    if claim.remarks:
        out += ["<h4>Remarks</h4>", "<ul>"] + [f"<li>{esc(t)}</li>" for t in claim.remarks] \
            + ["</ul>"]
    return out


def _ratio_cell(row: dict) -> str:
    if row["ratio"] is not None:
        return f'<td title="error / tolerance">{_fmt(row["ratio"])}</td>'
    return ('<td title="exact comparison: no float tolerance">exact</td>' if row.get("exact")
            else '<td title="nothing compared">—</td>')


def _comparisons(result) -> list[str]:
    rows = comparison_rows(result)
    if not rows:
        return ["<p>No comparison ran.</p>"]
    out = ["<h4>Comparisons</h4>",
           f'<p class="tnv-legend">{esc(RATIO_LEGEND)} The negative control is the same '
           "comparison on a minimal wrong variant; it must fail, or the comparison could not "
           "have failed (vacuous: verdict error).</p>",
           '<table class="tnv-table tnv-comparisons"><thead><tr><th>side</th><th>where</th>'
           '<th>compared</th><th>verdict</th><th>error</th><th>tolerance (rule)</th>'
           '<th><abbr title="error / tolerance">err/tol</abbr></th><th>negative control</th>'
           '</tr></thead><tbody>']
    for row in rows:
        cases = row["cases"]
        side = f"{row['side']} ({len(cases)} case{'s' if len(cases) != 1 else ''})"
        where = esc(row["where"]) + ("" if row["deciding"] else " <em>(does not decide)</em>")
        tol = "—" if row.get("tolerance") is None else _fmt(row["tolerance"])
        rule = f' <span class="tnv-rule">({esc(row["rule"])})</span>' if row.get("rule") else ""
        note = f'<br><em>{esc(row["note"])}</em>' if row.get("note") else ""
        out.append(f"<tr><td>{esc(side)}</td><td>{where}</td><td>{esc(row['compared'])}{note}"
                   f"</td><td>{_badge(row['verdict'])}</td><td>{_fmt(row.get('error'))}</td>"
                   f"<td>{tol}{rule}</td>{_ratio_cell(row)}<td>{esc(row.get('control', '—'))}"
                   "</td></tr>")
    return out + ["</tbody></table>"]


def _counterexample(result) -> list[str]:
    found = explain_counterexample(result)
    if found is None:
        return []
    rows, sentence = found
    body = "".join(f"<tr><th>{esc(k)}</th><td><code>{esc(v)}</code></td></tr>"
                   for k, v in rows)
    return ["<h4>Counterexample</h4>", f'<p class="tnv-ce-sentence">{esc(sentence)}</p>',
            f'<table class="tnv-table tnv-ce">{body}</table>']


def _proof(claim: Claim, proof_source: Callable | None) -> list[str]:
    if not claim.proof:
        return []
    out = [f"<h4>Proof</h4><p>sympy proof <code>{esc(claim.proof)}</code> "
           f"(run <code>python {esc(claim.proof.split('::')[0])}</code>).</p>"]
    source = proof_source(claim.proof) if proof_source else None
    if source:
        out.append(f'<details><summary>its source</summary><pre class="tnv-proof">'
                   f"{esc(source)}</pre></details>")
    return out


def claim_section(claim: Claim, result=None, *, graph: ClaimGraph | None = None,
                  href: Callable[[str], str] = lambda cid: f"#claim-{cid}",
                  cite: Callable[[str, str], str] | None = None,
                  proof_source: Callable[[str], str | None] | None = None,
                  heading: bool = True, seed: int = 0) -> str:
    """One claim as an HTML ``<section>``.

    Parameters
    ----------
    claim : Claim
        The claim.
    result : ClaimResult, optional
        Its run; without one the section shows the registry's data only.
    graph : ClaimGraph, optional
        The relations to link (default: the claim's own ``uses`` / ``corrects`` only).
    href : callable
        ``href(claim_id)`` is the link to another claim's section or page.
    cite : callable, optional
        ``cite(paper_key, label)`` renders a reference (e.g. a link to the paper's
        citation, given once per paper); default: the label and the full citation.
    proof_source : callable, optional
        ``proof_source("proofs/x.py::prove_y")`` returns the proof's source to show.
    heading : bool
        Start with an ``<h2>`` naming the claim (the site's pages have their own title).
    seed : int
        The base seed of the run (for the reproduce command).

    Returns
    -------
    str
        The HTML fragment (``data-verdict``, ``data-paper``, ``data-topic`` attributes for
        filtering).
    """
    graph = graph or ClaimGraph.of([claim])
    verdict = result.verdict if result is not None else claim.expected
    attrs = (f'id="claim-{esc(claim.id)}" class="tnv-claim" data-verdict="{esc(verdict)}" '
             f'data-paper="{esc(primary_paper(claim))}" data-topic="{esc(claim.group)}"')
    out = [f"<section {attrs}>"]
    if heading:
        out.append(f'<h2><code>{esc(claim.id)}</code>'
                   + (f" — {esc(claim.title)}" if claim.title else "") + "</h2>")
    elif claim.title:
        out.append(f'<p class="tnv-title">{esc(claim.title)}</p>')
    if result is None:
        status = f"expected verdict {_badge(claim.expected)} (not run here)"
    else:
        mark = ("as expected ✓" if result.as_expected and verdict != ERROR
                else f"differs from the expected {esc(claim.expected)} ✗")
        status = (f"verdict {_badge(verdict)} — expected {esc(claim.expected)}, {mark}; "
                  f"{result.seconds:.2f} s")
    out.append(f'<p class="tnv-verdict">{status}</p>')
    out += [_statement(claim), f'<p class="tnv-refs">Printed in: {_refs(claim, cite)}</p>',
            f'<p class="tnv-topic">Topic: <code>{esc(claim.group)}</code></p>']
    out += _readings(claim) + _defect(claim)
    if result is not None:
        if verdict == ERROR:
            out.append(f'<p class="tnv-error">The check broke: {esc(error_reason(result))}</p>')
        out += _comparisons(result) + _counterexample(result)
    out.append(f'<p class="tnv-reproduce">Reproduce: <code>{esc(reproduce_command(claim, seed))}'
               "</code></p>")
    out += _proof(claim, proof_source)
    related = graph.related(claim)
    if related:
        out.append('<ul class="tnv-related">' + "".join(
            f"<li>{esc(name.capitalize())}: {_links(ids, href)}</li>" for name, ids in related)
            + "</ul>")
    out.append("</section>")
    return "\n".join(out)


def verdict_counts(claims: Iterable[Claim], verdicts: dict | None = None) -> dict:
    """``{"verdicts": {verdict: n}, "defects": {kind: n}}`` of some claims (their run
    verdicts where given, else their expected ones)."""
    vs: dict = {}
    ds: dict = {}
    for c in claims:
        v = (verdicts or {}).get(c.id, c.expected)
        vs[v] = vs.get(v, 0) + 1
        if c.defect is not None:
            ds[c.defect.kind] = ds.get(c.defect.kind, 0) + 1
    return {"verdicts": {k: vs[k] for k in (HOLDS, FAILS, "ill-posed", ERROR, SKIPPED)
                         if k in vs}, "defects": ds}
