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
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..claims import ERROR, FAILS, HOLDS, SKIPPED, Claim
from ..errors import DTypeError, UsageError
from ..validation import as_callable, as_flag, as_seed
from .evidence_text import (_fmt, comparison_rows, error_reason,  # noqa: F401
                            explain_counterexample, format_ratio)

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


def _need_claim(claim, what: str) -> None:
    if not isinstance(claim, Claim):
        raise DTypeError(f"{what} needs a Claim; got {type(claim).__name__}")


def primary_paper(claim: Claim) -> str:
    """The paper key a claim is filed under (its id prefix), or its package for users'
    claims."""
    _need_claim(claim, "primary_paper")
    if claim.package != "tnverify":
        return claim.package
    return claim.id.split("-", 1)[0]


def reproduce_command(claim: Claim, seed: int = 0) -> str:
    """The one command that re-runs a claim and prints its evidence."""
    _need_claim(claim, "reproduce_command")
    seed = as_seed(seed)
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


def _badge(verdict: str) -> str:
    return f'<span class="tnv-badge tnv-{esc(verdict)}">{esc(verdict)}</span>'


def _links(ids: Sequence[str], href: Callable[[str], str]) -> str:
    """Links to claims; ``href(id)`` of ``None`` (a claim not on the page) gives its id
    without a link."""
    return ", ".join(f'<a class="tnv-claim-link" href="{esc(h)}"><code>{esc(i)}</code></a>'
                     if (h := href(i)) else f"<code>{esc(i)}</code>" for i in ids)


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
            items.append(cite(r.paper, label) if cite else f"{label} — {esc(r.citation)}")
        else:
            items.append(esc(r))
    if claim.package != "tnverify" and claim.source:
        items.append(esc(claim.source))
    return "; ".join(items) or "—"


def _readings(claim: Claim, math: str = "html") -> list[str]:
    if not claim.readings:
        return []
    out = ['<h4>Readings</h4>', '<table class="tnv-table"><thead><tr><th>reading</th>'
           '<th>status</th><th>the reading</th><th>quote</th></tr></thead><tbody>']
    for r in claim.readings.values():
        verb = "supported by" if r.admissible else "ruled out by"
        quote = (f'{verb} “{_fm(r.quote, math)}”' + (f" ({_fm(r.where, math)})" if r.where else "")
                 if r.quote else "—")
        out.append(f'<tr class="tnv-{"admissible" if r.admissible else "ruled-out"}">'
                   f'<td><code>{esc(r.name)}</code></td><td>{esc(r.status)}</td>'
                   f'<td>{_fm(r.text, math)}</td><td>{quote}</td></tr>')
    return out + ["</tbody></table>"]


def _defect(claim: Claim, math: str = "html") -> list[str]:
    out = []
    if claim.defect is not None:
        for i, d in enumerate(claim.defect.edits):      # a statement may need several edits
            key = f' (erratum <code>{esc(d.erratum)}</code>)' if d.erratum else ""
            label = "Defect" if i == 0 else "Further edit"
            out += [f'<h4>{label}: {esc(d.kind)}{key}</h4>', '<dl class="tnv-defect">',
                    f"<dt>Printed:</dt><dd>{_fm(d.printed, math)}</dd>",
                    f"<dt>Meant:</dt><dd>{_fm(d.meant, math)}</dd>", "</dl>"]
    if claim.remarks:
        out += ["<h4>Remarks</h4>", "<ul>"] + [f"<li>{_fm(t, math)}</li>" for t in claim.remarks] \
            + ["</ul>"]
    return out


def _ratio_cell(row: dict) -> str:
    if row["ratio"] is not None:
        return f'<td title="error / tolerance">{_fmt(row["ratio"])}</td>'
    return ('<td title="exact comparison: no float tolerance">exact</td>' if row.get("exact")
            else '<td title="nothing compared">—</td>')


def _comparisons(result, math: str = "html") -> list[str]:
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
        where = _fm(row["where"], math) + ("" if row["deciding"] else " <em>(does not decide)</em>")
        tol = "—" if row.get("tolerance") is None else _fmt(row["tolerance"])
        rule = f' <span class="tnv-rule">({esc(row["rule"])})</span>' if row.get("rule") else ""
        note = f'<br><em>{_fm(row["note"], math)}</em>' if row.get("note") else ""
        out.append(f"<tr><td>{esc(side)}</td><td>{where}</td><td>{_fm(row['compared'], math)}{note}"
                   f"</td><td>{_badge(row['verdict'])}</td><td>{_fmt(row.get('error'))}</td>"
                   f"<td>{tol}{rule}</td>{_ratio_cell(row)}<td>{_fm(row.get('control', '—'), math)}"
                   "</td></tr>")
    return out + ["</tbody></table>"]


def _counterexample(result, math: str = "html") -> list[str]:
    found = explain_counterexample(result)
    if found is None:
        return []
    rows, sentence = found
    body = "".join(f"<tr><th>{_fm(k, math)}</th><td><code>{esc(v)}</code></td></tr>"
                   for k, v in rows)
    return ["<h4>Counterexample</h4>", f'<p class="tnv-ce-sentence">{_fm(sentence, math)}</p>',
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
                  heading: bool = True, seed: int = 0, math: str = "html") -> str:
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
    math : {"html", "mathjax"}
        How formulas are typeset (:func:`tnverify.report.formulas.render`): ``"html"``
        with sub- and superscripts (a self-contained page), ``"mathjax"`` as TeX for the
        site's MathJax.

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
    _need_claim(claim, "claim_section")
    seed = as_seed(seed)
    if math not in ("html", "mathjax"):
        raise UsageError(f"math must be 'html' or 'mathjax'; got {math!r}")
    for fn, name in ((href, "href"), (cite, "cite"), (proof_source, "proof_source")):
        if fn is not None:
            as_callable(fn, name)
    if as_flag(heading, "heading"):
        out.append(f'<h2><code>{esc(claim.id)}</code>'
                   + (f" — {_fm(claim.title, math)}" if claim.title else "") + "</h2>")
    elif claim.title:
        out.append(f'<p class="tnv-title">{_fm(claim.title, math)}</p>')
    if result is None:
        status = f"expected verdict {_badge(claim.expected)} (not run here)"
    else:
        mark = ("as expected ✓" if result.as_expected and verdict != ERROR
                else f"differs from the expected {esc(claim.expected)} ✗")
        status = (f"verdict {_badge(verdict)} — expected {esc(claim.expected)}, {mark}; "
                  f"{result.seconds:.2f} s")
    out.append(f'<p class="tnv-verdict">{status}</p>')
    out += [_statement(claim, math), f'<p class="tnv-refs">Printed in: {_refs(claim, cite)}</p>',
            f'<p class="tnv-topic">Topic: <code>{esc(claim.group)}</code></p>']
    out += _readings(claim, math) + _defect(claim, math)
    if result is not None:
        if verdict == ERROR:
            out.append(f'<p class="tnv-error">The check broke: {esc(error_reason(result))}</p>')
        out += _comparisons(result, math) + _counterexample(result, math)
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
