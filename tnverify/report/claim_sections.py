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
import re
from collections.abc import Callable, Iterable, Sequence

from ..claims import ERROR, FAILS, HOLDS, SKIPPED, Claim
from ..claims.scope import scope_line
from ..errors import ClaimError, DTypeError, UsageError
from ..validation import as_callable, as_flag, as_seed, as_text
from .claim_graph import ClaimGraph
from .evidence_text import (
    comparison_rows,
    details_tables,
    error_reason,
    explain_counterexample,
    fmt_number,
    format_ratio,
)

__all__ = [
    "ClaimGraph",
    "RATIO_LEGEND",
    "EXACT_LEGEND",
    "claim_section",
    "comparison_rows",
    "explain_counterexample",
    "primary_paper",
    "reproduce_command",
    "plugin_argument",
    "seeds_used",
    "esc",
    "verdict_counts",
    "error_reason",
    "format_ratio",
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


def _need_claim(claim, what: str) -> None:
    if not isinstance(claim, Claim):
        raise DTypeError(f"{what} needs a Claim; got {type(claim).__name__}")


def _need_result(result, claim) -> None:
    """``result`` is None or the ClaimResult of ``claim`` (a result of another claim would
    put its verdict under this claim's name)."""
    from ..claims.runner import ClaimResult

    if result is None:
        return
    if not isinstance(result, ClaimResult):
        raise DTypeError(
            f"result must be a ClaimResult (from run_claim) or None; got {type(result).__name__}"
        )
    if result.claim.id != claim.id:
        raise ClaimError(f"result is the run of {result.claim.id!r}, not of {claim.id!r}")


def primary_paper(claim: Claim) -> str:
    """The paper key a claim is filed under: its id prefix; for a user's claim the paper
    its plugin declared (:func:`tnverify.paper`) when it cites one, else its package."""
    _need_claim(claim, "primary_paper")
    if claim.package != "tnverify":
        from ..claims import CLAIM_PAPERS

        own = claim.paper  # a paper the plugin declared (tnverify.paper), if it cites one
        return own if own is not None and own not in CLAIM_PAPERS else claim.package
    return claim.id.split("-", 1)[0]


def plugin_argument(claim: Claim) -> str:
    """What ``--plugin`` must name to load a user's claim in a fresh process: the
    module's file for a top-level module (a test file, as pytest or ``--plugin FILE``
    imported it; relative to the working directory when it lies below it), else the
    dotted module name (a module of an installed package)."""
    import os
    import sys

    module = getattr(claim.small, "__module__", "") or claim.package
    mod = sys.modules.get(module)
    # a claim received from a pytest-xdist worker carries its module's file
    file = getattr(claim.small, "tnverify_file", None) or getattr(mod, "__file__", None)
    if (
        file
        and "." not in module
        and file.endswith(".py")
        and "site-packages" not in file
        and "dist-packages" not in file
    ):
        path = os.path.abspath(file)
        try:
            rel = os.path.relpath(path)
        except ValueError:  # another drive (Windows)
            rel = path
        return path if rel.startswith("..") else rel
    return module


def reproduce_command(claim: Claim, seed: int = 0) -> str:
    """The one command that re-runs a claim and prints its evidence (it runs as printed:
    a plugin given as a file is named by its path, shell-quoted; a claim decorated with
    ``register_claim=False``, which ``tnverify verify`` cannot load, is its test's
    ``pytest NODEID``)."""
    import shlex

    _need_claim(claim, "reproduce_command")
    seed = as_seed(seed)
    node = getattr(claim.small, "tnverify_pytest_node", None)
    if node:  # register_claim=False: only pytest can run it
        return f"pytest {shlex.quote(node)}"
    if claim.package != "tnverify":
        return (
            f"tnverify verify --plugin {shlex.quote(plugin_argument(claim))} "
            f"--claims {claim.id} --seed {seed}"
        )
    return (
        f"tnverify show {claim.id} --run"
        if seed == 0
        else f"tnverify verify --claims {claim.id} --seed {seed}"
    )


def seeds_used(result) -> str:
    """The seeds a user's claim run drew from, in words: ``"tnverify_rng seed 123;
    hypothesis seed 456"`` (``""`` when it drew nothing seeded)."""
    out = []
    for side in (result.small, result.scaled):
        for ev in side.cases:
            for key in ("tnverify_rng seed", "hypothesis seed"):
                if (ev.details or {}).get(key) is not None:
                    out.append(f"{key} {ev.details[key]}")
    return "; ".join(dict.fromkeys(out))


def _badge(verdict: str) -> str:
    return f'<span class="tnv-badge tnv-{esc(verdict)}">{esc(verdict)}</span>'


def _links(ids: Sequence[str], href: Callable[[str], str]) -> str:
    """Links to claims; ``href(id)`` of ``None`` (a claim not on the page) gives its id
    without a link."""
    return ", ".join(
        f'<a class="tnv-claim-link" href="{esc(h)}"><code>{esc(i)}</code></a>'
        if (h := href(i))
        else f"<code>{esc(i)}</code>"
        for i in ids
    )


def _fm(text, math: str) -> str:
    """Registry text as HTML with its formulas typeset (:func:`tnverify.report.formulas.render`)."""
    from .formulas import render

    return render(str(text), math)


def _statement(claim: Claim, math: str = "html") -> str:
    from .markdown import statement_lines

    lines = [_fm(line, math) for line in statement_lines(claim.statement)]
    return '<blockquote class="tnv-statement">' + "<br>".join(lines) + "</blockquote>"


def _refs(claim: Claim, cite: Callable | None) -> str:
    items = []
    for r in claim.refs:
        if hasattr(r, "paper"):
            label = f"<b>{esc(r.paper)}</b> {esc(r.where)}"
            items.append(cite(r.paper, label) if cite else f"{label} ({esc(r.short)})")
        else:
            items.append(esc(r))
    if claim.package != "tnverify" and claim.source:
        items.append(esc(claim.source))
    return "; ".join(items) or "—"


def _readings(claim: Claim, math: str = "html") -> list[str]:
    if not claim.readings:
        return []
    out = [
        "<h4>Readings</h4>",
        '<table class="tnv-table"><thead><tr><th>reading</th>'
        "<th>status</th><th>the reading</th><th>quote</th></tr></thead><tbody>",
    ]
    for r in claim.readings.values():
        verb = "supported by" if r.admissible else "ruled out by"
        quote = (
            f"{verb} “{_fm(r.quote, math)}”" + (f" ({_fm(r.where, math)})" if r.where else "")
            if r.quote
            else "—"
        )
        out.append(
            f'<tr class="tnv-{"admissible" if r.admissible else "ruled-out"}">'
            f"<td><code>{esc(r.name)}</code></td><td>{esc(r.status)}</td>"
            f"<td>{_fm(r.text, math)}</td><td>{quote}</td></tr>"
        )
    return out + ["</tbody></table>"]


def _defect(claim: Claim, math: str = "html") -> list[str]:
    out = []
    if claim.defect is not None:
        for i, d in enumerate(claim.defect.edits):  # a statement may need several edits
            key = f" (erratum <code>{esc(d.erratum)}</code>)" if d.erratum else ""
            label = "Defect" if i == 0 else "Further edit"
            out += [
                f"<h4>{label}: {esc(d.kind)}{key}</h4>",
                '<dl class="tnv-defect">',
                f"<dt>Printed:</dt><dd>{_fm(d.printed, math)}</dd>",
                f"<dt>Meant:</dt><dd>{_fm(d.meant, math)}</dd>",
                "</dl>",
            ]
    if claim.remarks:
        out += (
            ["<h4>Remarks</h4>", "<ul>"]
            + [f"<li>{_fm(t, math)}</li>" for t in claim.remarks]
            + ["</ul>"]
        )
    return out


#: a number as a table shows it: one line (``.tnv-num`` does not wrap)
_NUMBER = re.compile(r"[-+−]?(\d[\d.,]*(e[-+]?\d+)?|inf|nan)%?", re.I)


def _num(text: str) -> str:
    """A number of a table cell, in a ``span.tnv-num`` that never wraps (text that is not a
    number, "—", stays as it is)."""
    return f'<span class="tnv-num">{esc(text)}</span>' if _NUMBER.fullmatch(text) else esc(text)


def _ratio_cell(row: dict) -> str:
    if row["ratio"] is not None:
        return f'<td title="error / tolerance">{_num(fmt_number(row["ratio"]))}</td>'
    return (
        '<td title="exact comparison: no float tolerance">exact</td>'
        if row.get("exact")
        else '<td title="nothing compared">—</td>'
    )


def _comparisons(result, math: str = "html") -> list[str]:
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
        where = _fm(row["where"], math) + ("" if row["deciding"] else " <em>(does not decide)</em>")
        tol = "—" if row.get("tolerance") is None else _num(fmt_number(row["tolerance"]))
        rule = f' <span class="tnv-rule">({esc(row["rule"])})</span>' if row.get("rule") else ""
        note = f"<br><em>{_fm(row['note'], math)}</em>" if row.get("note") else ""
        out.append(
            f"<tr><td>{esc(side)}</td><td>{where}</td><td>{_fm(row['compared'], math)}{note}"
            f"</td><td>{_badge(row['verdict'])}</td><td>{_num(fmt_number(row.get('error')))}"
            + (
                f' <span class="tnv-rule">({esc(row["relative_to"])})</span>'
                if row.get("relative_to")
                else ""
            )
            + "</td>"
            f"<td>{tol}{rule}</td>{_ratio_cell(row)}<td>{_fm(row.get('control', '—'), math)}"
            "</td></tr>"
        )
    return out + ["</tbody></table>"]


def _counterexample(result, math: str = "html") -> list[str]:
    """The counterexample (a failing claim), or the readings' outcomes and why the
    statement is ill-posed (an ill-posed one: nothing there is a counterexample)."""
    found = explain_counterexample(result)
    if found is None:
        return []
    rows, sentence = found
    body = "".join(
        f"<tr><th>{_fm(k, math)}</th><td><code>{_num(str(v))}</code></td></tr>" for k, v in rows
    )
    heading = "Why it is ill-posed" if result.verdict == "ill-posed" else "Counterexample"
    return [
        f"<h4>{heading}</h4>",
        f'<p class="tnv-ce-sentence">{_fm(sentence, math)}</p>',
        f'<table class="tnv-table tnv-ce">{body}</table>',
    ]


def _details(result, math: str = "html") -> list[str]:
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
            "" if t["where"] in ("—", f"part {t['compared']}") else f" — {_fm(t['where'], math)}"
        )
        head = "".join(f"<th>case {i}</th>" for i in cases)
        out.append(
            f'<table class="tnv-table tnv-details"><caption>{esc(t["side"])} side'
            f"{where}: {_fm(t['compared'], math)}</caption><thead><tr><th>value</th>"
            f"{head}</tr></thead><tbody>"
        )
        for key, label, values in t["rows"]:
            name = f"<code>{esc(key)}</code>" + (
                f' <span class="tnv-rule">({esc(label)})</span>' if label and label != key else ""
            )
            out.append(
                f"<tr><th>{name}</th>"
                + "".join(f"<td>{_num(str(v))}</td>" for v in values)
                + "</tr>"
            )
        out.append("</tbody></table>")
    return out


def _proof(claim: Claim, proof_source: Callable | None) -> list[str]:
    if not claim.proof:
        return []
    out = [
        f"<h4>Proof</h4><p>sympy proof <code>{esc(claim.proof)}</code> "
        f"(run <code>python {esc(claim.proof.split('::')[0])}</code>).</p>"
    ]
    source = proof_source(claim.proof) if proof_source else None
    if source:
        out.append(
            f'<details><summary>its source</summary><pre class="tnv-proof">'
            f"{esc(source)}</pre></details>"
        )
    return out


def claim_section(
    claim: Claim,
    result=None,
    *,
    graph: ClaimGraph | None = None,
    href: Callable[[str], str] = lambda cid: f"#claim-{cid}",
    cite: Callable[[str, str], str] | None = None,
    proof_source: Callable[[str], str | None] | None = None,
    heading: bool = True,
    seed: int = 0,
    anchor: str | None = None,
    math: str = "html",
) -> str:
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
    anchor : str, optional
        The section's ``id`` (default ``claim-ID``; a report that runs a claim several
        times gives each run its own).
    math : {"html", "mathjax"}
        How formulas are typeset (:func:`tnverify.report.formulas.render`): ``"html"``
        with sub- and superscripts (a self-contained page), ``"mathjax"`` as TeX for the
        site's MathJax.

    Returns
    -------
    str
        The HTML fragment (``data-verdict``, ``data-paper``, ``data-topic`` attributes for
        filtering).  The references read "Printed in" for a quoted statement
        (:attr:`Claim.quote`), "A paraphrase ... of" otherwise, and name a ``-corrected``
        twin's or a ``-variant``'s statement as a correction or a variant.
    """
    # every argument is checked before any is used (a claim id string is a DTypeError)
    _need_claim(claim, "claim_section")
    _need_result(result, claim)
    if graph is not None and not isinstance(graph, ClaimGraph):
        raise DTypeError(
            f"claim_section: graph must be a ClaimGraph or None; got {type(graph).__name__}"
        )
    seed = as_seed(seed)
    if math not in ("html", "mathjax"):
        raise UsageError(f"math must be 'html' or 'mathjax'; got {math!r}")
    as_callable(href, "href")  # required: it links every related claim
    for fn, name in ((cite, "cite"), (proof_source, "proof_source")):
        if fn is not None:
            as_callable(fn, name)
    heading = as_flag(heading, "heading")
    graph = graph or ClaimGraph.of([claim])
    verdict = result.verdict if result is not None else claim.expected
    anchor = f"claim-{claim.id}" if anchor is None else as_text(anchor, "anchor")
    attrs = (
        f'id="{esc(anchor)}" class="tnv-claim" data-verdict="{esc(verdict)}" '
        f'data-paper="{esc(primary_paper(claim))}" data-topic="{esc(claim.topic)}"'
    )
    out = [f"<section {attrs}>"]
    if heading:
        out.append(
            f"<h2><code>{esc(claim.id)}</code>"
            + (f" — {_fm(claim.title, math)}" if claim.title else "")
            + "</h2>"
        )
    elif claim.title:
        out.append(f'<p class="tnv-title">{_fm(claim.title, math)}</p>')
    if result is None:
        status = f"expected verdict {_badge(claim.expected)} (not run here)"
    else:
        mark = (
            "as expected ✓"
            if result.as_expected and verdict != ERROR
            else f"expected {esc(claim.expected)} ✗"
        )
        status = f"verdict {_badge(verdict)}, {mark}; {result.seconds:.2f} s"
    out.append(f'<p class="tnv-verdict">{status}</p>')
    out.append(f'<p class="tnv-scope">Scope: {_fm(scope_line(claim, result=result), math)}</p>')
    control = getattr(claim, "control_of", None)
    where = (
        f"A semantic control (not a statement of the paper) of {control}; source"
        if control
        else "A correction of the statement printed in"
        if claim.corrects
        else "A variant of the statement printed in"
        if claim.varies
        else "Printed in"
        if claim.quote
        else "A paraphrase (not the paper's words) of"
    )
    out += [
        _statement(claim, math),
        f'<p class="tnv-refs">{where}: {_refs(claim, cite)}</p>',
        f'<p class="tnv-topic">Topic: <code>{esc(claim.topic)}</code></p>',
    ]
    out += _readings(claim, math) + _defect(claim, math)
    if result is not None:
        if verdict == ERROR:
            out.append(f'<p class="tnv-error">The check broke: {esc(error_reason(result))}</p>')
        out += _comparisons(result, math) + _details(result, math) + _counterexample(result, math)
    if result is not None and claim.package != "tnverify":
        used = seeds_used(result)
        out.append(
            '<p class="tnv-seeds">Seeds used: '
            + (
                esc(used)
                if used
                else "none (the test drew nothing from <code>tnverify_rng</code> or hypothesis)"
            )
            + "</p>"
        )
    how = (
        "Reproduce (not registered, so only pytest runs it)"
        if getattr(claim.small, "tnverify_pytest_node", None)
        else "Reproduce"
    )
    out.append(
        f'<p class="tnv-reproduce">{how}: <code>{esc(reproduce_command(claim, seed))}</code></p>'
    )
    out += _proof(claim, proof_source)
    related = graph.related(claim)
    if related:
        out.append(
            '<ul class="tnv-related">'
            + "".join(
                f"<li>{esc(name.capitalize())}: {_links(ids, href)}</li>" for name, ids in related
            )
            + "</ul>"
        )
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
    return {
        "verdicts": {k: vs[k] for k in (HOLDS, FAILS, "ill-posed", ERROR, SKIPPED) if k in vs},
        "defects": ds,
    }
