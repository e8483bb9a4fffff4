"""The claim pages, the paper and topic indexes and the errata pages of the site."""

from __future__ import annotations

import re
from pathlib import Path

from tnverify.claims.topics import TOPICS
from tnverify.references import PAPERS
from tnverify.report.claim_sections import (
    EXACT_LEGEND,
    RATIO_LEGEND,
    ClaimGraph,
    claim_section,
    esc,
    primary_paper,
    verdict_counts,
)
from tnverify.report.errata import ERRATA_PAPERS, build_errata, render_markdown
from tnverify.report.formulas import render
from tnverify.report.html import proof_source
from tnverify_site import raw, write

KIND_NAMES = {
    "misprint": "misprints",
    "false": "false statements",
    "ambiguous": "ambiguities",
    "published-number": "unreproduced numbers",
}


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _counts_table(claims, verdicts) -> list[str]:
    counts = verdict_counts(claims, verdicts)
    out = ["| verdict | claims |", "| --- | --- |"]
    out += [f"| {v} | {n} |" for v, n in counts["verdicts"].items()]
    if counts["defects"]:
        out += ["", "| defect kind | claims |", "| --- | --- |"]
        out += [f"| {KIND_NAMES.get(k, k)} (`{k}`) | {n} |" for k, n in counts["defects"].items()]
    return out + [""]


def _claim_table(claims, verdicts, with_paper: bool = False) -> list[str]:
    head = "| claim | " + ("paper | " if with_paper else "") + "where | what | verdict | defect |"
    out = [head, "|" + " --- |" * (6 if with_paper else 5)]
    for c in claims:
        where = c.refs[0].where if c.refs else c.source
        paper = f"{primary_paper(c)} | " if with_paper else ""
        defect = c.defect.kind if c.defect else ""
        v = verdicts.get(c.id, c.expected)
        out.append(
            f"| {{claim}}`{c.id}` | {paper}{_cell(where)} | "
            f"{_cell(plain(c.title or ''))} | "
            f'<span class="tnv-badge tnv-{v}">{v}</span> | {defect} |'
        )
    return out + [""]


def plain(text) -> str:
    """Registry text for a heading or a table cell of a Markdown page: its formulas as
    plain text with Unicode sub- and superscripts, Markdown's ``_``/``*`` escaped."""
    return render(render(str(text), "unicode"), "markdown")


def heading(c) -> str:
    """A claim's page title and heading: "id — title" (its title in :func:`plain` text)."""
    return c.id + (f" — {plain(c.title)}" if c.title else "")


def claim_page(c, result, graph) -> str:
    section = claim_section(
        c,
        result,
        graph=graph,
        href=lambda cid: f"{cid}.html",
        cite=lambda key, label: f'<a href="../papers/{esc(key)}.html">{label}</a>',
        proof_source=proof_source,
        heading=False,
        math="mathjax",
    )
    # the page's heading is "id — title": the section's own title line would repeat it
    section = re.sub(r'<p class="tnv-title">.*?</p>\n?', "", section, count=1)
    # the section is the content of the claim's object (std domain): the search finds the
    # id and shows the section as its summary
    return (
        f"# {heading(c)}\n\n````{{claim}} {c.id}\n" + raw(section) + "````\n\n"
        f"Paper index: [{primary_paper(c)}](../papers/{primary_paper(c)}.md); "
        f"topic: [{c.topic}](../topics/{c.topic}.md); "
        f"graph: [{primary_paper(c)}](../graph/{primary_paper(c)}.md).\n"
    )


def _paper(key, claims):
    """The declared paper of a key, or (a plugin's claims filed under their package) a
    stand-in naming the package and the sources its claims cite."""
    from types import SimpleNamespace

    if key in PAPERS:
        return PAPERS[key]
    sources = "; ".join(dict.fromkeys(c.source for c in claims if c.source))
    return SimpleNamespace(
        title=f"the claims of package {key}",
        short=f"package {key}",
        citation=f"Claims registered by the package `{key}`"
        + (f" (sources: {sources})." if sources else "."),
        version="",
    )


def errata_keys(claims) -> list:
    """The papers of these claims that have an errata sheet."""
    from tnverify.errors import UsageError

    keys = []
    for key in dict.fromkeys(primary_paper(c) for c in claims):
        try:
            build_errata(key, run=False)
        except UsageError:
            continue
        keys.append(key)
    return keys


def paper_page(key, claims, verdicts, errata=ERRATA_PAPERS) -> str:
    p = _paper(key, claims)
    out = [f"# {key}: {plain(p.title)}", "", p.citation, ""]
    if p.version:
        out += [f"Locators refer to {p.version}.", ""]
    out += [
        f"{len(claims)} claims. The graph of this paper: [graph/{key}](../graph/{key}.md)."
        + (f" Its errata: [errata/{key}](../errata/{key}.md)." if key in errata else ""),
        "",
    ]
    out += _counts_table(claims, verdicts) + _claim_table(claims, verdicts)
    out += ["```{toctree}", ":hidden:", ""] + [f"../claims/{c.id}" for c in claims] + ["```", ""]
    return "\n".join(out)


def topic_page(topic, claims, verdicts) -> str:
    out = [
        f"# {topic}",
        "",
        TOPICS.get(topic, "").capitalize() + ".",
        "",
        f"{len(claims)} claims (`tnverify verify --topic {topic}`).",
        "",
    ]
    return "\n".join(
        out + _counts_table(claims, verdicts) + _claim_table(claims, verdicts, with_paper=True)
    )


def errata_page(key, results, by_id) -> str:
    """The errata page of paper ``key``: the sheet ``tnverify errata --paper KEY`` writes
    (:func:`tnverify.report.errata.build_errata` rendered by
    :func:`~tnverify.report.errata.render_markdown`), in its MyST form (formulas as
    ``$…$`` for MathJax), with each claim id outside the headings linked to its page.  One
    structure and one renderer, so the page and the sheet cannot disagree: the labels
    (Meant / Correction / Clarification), the arguments, scopes, numbered edits and the
    version line come from the same code.  ``results`` (the site's run) is not used: the
    sheet's counterexamples are its own small-side runs, as the command's are."""
    text = render_markdown(build_errata(key), fmt="myst")

    def link(m):
        return f"{{claim}}`{m.group(1)}`" if m.group(1) in by_id else m.group(0)

    return (
        "\n".join(
            line if line.startswith("#") else re.sub(r"`([^`\n]+)`", link, line)
            for line in text.splitlines()
        )
        + "\n"
    )


#: sorts the table of all claims by the column clicked (inline: the page loads nothing)
SORT_JS = """
document.querySelectorAll('table.tnv-sortable').forEach(function(table){
  table.querySelectorAll('th').forEach(function(th, col){
    th.tabIndex = 0;
    function sort(){
      const up = th.getAttribute('aria-sort') !== 'ascending';
      table.querySelectorAll('th').forEach(function(h){h.removeAttribute('aria-sort');});
      th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
      const body = table.tBodies[0];
      const rows = Array.from(body.rows);
      rows.sort(function(a, b){
        const x = a.cells[col].dataset.key || a.cells[col].textContent;
        const y = b.cells[col].dataset.key || b.cells[col].textContent;
        return (up ? 1 : -1) * x.localeCompare(y, undefined, {numeric: true});
      });
      rows.forEach(function(r){body.appendChild(r);});
    }
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function(e){ if (e.key === 'Enter') sort(); });
  });
});
"""


def all_claims_page(claims, verdicts, *, order: dict | None = None) -> str:
    """Every claim in one table that sorts by any column (click a heading): id, title,
    paper, locator, topic, verdict, defect kind."""
    rows = []
    for n, c in enumerate(claims):
        v = verdicts.get(c.id, c.expected)
        where = c.refs[0].where if c.refs else c.source
        rows.append(
            f'<tr><td data-key="{n:04d}"><a class="tnv-claim-link" href="../claims/'
            f'{esc(c.id)}.html"><code>{esc(c.id)}</code></a></td>'
            f'<td>{render(c.title or "")}</td><td class="tnv-nowrap">{esc(primary_paper(c))}'
            f"</td><td>{esc(where)}</td><td>{esc(c.group)}</td>"
            f'<td data-key="{esc(v)}"><span class="tnv-badge tnv-{esc(v)}">{esc(v)}</span></td>'
            f'<td class="tnv-nowrap">{esc(c.defect.kind if c.defect else "")}</td></tr>'
        )
    table = (
        '<table class="tnv-table tnv-sortable"><thead><tr><th>claim</th><th>title</th>'
        "<th>paper</th><th>where</th><th>topic</th><th>verdict</th><th>defect</th>"
        "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        f"<script>{SORT_JS}</script>"
    )
    return "\n".join(
        [
            "# All claims",
            "",
            f"The {len(claims)} claims in one table, in the order of the report (by paper and "
            "section). Click a column heading to sort by it (again to reverse); the claim "
            "column returns to the report's order. The browser's find (Ctrl+F) searches the "
            "titles.",
            "",
            raw(table),
        ]
    )


def write_all(out: Path, claims, report) -> None:
    results = {r.claim.id: r for r in report.results}
    verdicts = {k: r.verdict for k, r in results.items()}
    by_id = {c.id: c for c in claims}
    graph = ClaimGraph.of(claims)
    for c in claims:
        write(out / "claims" / f"{c.id}.md", claim_page(c, results.get(c.id), graph))
    filed = set(primary_paper(c) for c in claims)
    papers = [k for k in PAPERS if k in filed] + sorted(filed - set(PAPERS))  # declaration order
    errata = errata_keys(claims)
    for key in papers:
        write(
            out / "papers" / f"{key}.md",
            paper_page(key, [c for c in claims if primary_paper(c) == key], verdicts, errata),
        )
    write(out / "papers" / "all.md", all_claims_page(claims, verdicts))
    index = [
        "# Claims by paper",
        "",
        f"{len(claims)} claims, each on its own page with its evidence from a "
        f"`tnverify verify` run made when this site was built "
        f"({report.summary_line()}). [All claims in one sortable table](all.md).",
        "",
        RATIO_LEGEND,
        "",
        EXACT_LEGEND,
        "",
        "| paper | claims | holds | fails | ill-posed | errata |",
        "| --- |" + " --- |" * 5,
    ]
    for key in papers:
        cs = [c for c in claims if primary_paper(c) == key]
        n = verdict_counts(cs, verdicts)["verdicts"]
        err = f"[errata/{key}](../errata/{key}.md)" if key in errata else "—"
        out_row = (
            f"| [{key}]({key}.md): {_paper(key, cs).short} | {len(cs)} | "
            f"{n.get('holds', 0)} "
            f"| {n.get('fails', 0)} | {n.get('ill-posed', 0)} | {err} |"
        )
        index.append(out_row)
    index += ["", "```{toctree}", ":hidden:", ""] + ["all"] + papers + ["```", ""]
    write(out / "papers" / "index.md", "\n".join(index))
    topics = list(dict.fromkeys(c.topic for c in claims))
    for t in topics:
        write(
            out / "topics" / f"{t}.md", topic_page(t, [c for c in claims if c.topic == t], verdicts)
        )
    tindex = ["# Claims by topic", "", "| topic | about | claims |", "| --- | --- | --- |"]
    tindex += [
        f"| [{t}]({t}.md) | {TOPICS.get(t, '')} | {sum(c.topic == t for c in claims)} |"
        for t in topics
    ]
    tindex += ["", "```{toctree}", ":hidden:", ""] + topics + ["```", ""]
    write(out / "topics" / "index.md", "\n".join(tindex))
    for key in errata:
        write(out / "errata" / f"{key}.md", errata_page(key, results, by_id))
    eindex = [
        "# Errata",
        "",
        "The errata of each paper, found by computation and re-read "
        "from the paper text (the Markdown sheets: `tnverify errata --out DIR`).",
        "",
    ]
    if not errata:
        eindex += [
            "No paper of these claims has an errata sheet: the sheets list the "
            "claims of a declared paper that do not hold as printed.",
            "",
        ]
    eindex += ["```{toctree}", ""] + list(errata) + ["```", ""]
    write(out / "errata" / "index.md", "\n".join(eindex))
