"""The claim graph: laid out by Graphviz ``dot`` (Debian's ``graphviz`` package), drawn as
inline SVG whose nodes link to the claim pages.

Nodes are filled by verdict and outlined by defect kind; edges are ``uses`` (solid),
``corrects`` (dashed), ``varies`` (dashed grey) and a shared erratum (dotted).
One view per paper (its claims grouped by topic, with the claims of other papers they
touch drawn faded) and an overview by paper and topic whose nodes link to the views;
:func:`graph_data` gives both for any claims (a plugin's, filed under its declared paper).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tnverify.errors import UsageError
from tnverify.report.claim_sections import ClaimGraph, esc, primary_paper
from tnverify_site import raw, write

FILL = {
    "holds": "#bfe8bf",
    "fails": "#f4b6b4",
    "ill-posed": "#fbe3a0",
    "error": "#e2c2ee",
    "skipped": "#dddddd",
}
#: one colour per defect kind of the registry (a test checks that every kind has one)
OUTLINE = {
    "misprint": "#1f5fbf",
    "false": "#b00000",
    "ambiguous": "#c07a00",
    "published-number": "#6a3d9a",
    "editorial": "#2e8b57",
}
EDGE = {
    "uses": 'color="#444444"',
    "corrects": 'style=dashed color="#1f5fbf"',
    "varies": 'style=dashed color="#888888"',
    "erratum": 'style=dotted dir=none color="#b00000" penwidth=1.6',
}


def _q(text) -> str:
    """A DOT string (a newline in the text becomes a line break of the label)."""
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def svg(dot_source: str) -> str:
    """Lay out a DOT graph with ``dot`` and return the ``<svg>`` element."""
    exe = shutil.which("dot")
    if exe is None:
        raise UsageError(
            "the claim graph needs Graphviz's `dot` (Debian: apt-get install graphviz)"
        )
    done = subprocess.run(
        [exe, "-Tsvg"], input=dot_source, capture_output=True, text=True, check=True
    )
    text = done.stdout
    return text[text.index("<svg") :]


def _node(c, verdict, href, faded=False) -> str:
    d = c.defect.kind if c.defect else None
    attrs = {
        "label": c.id,
        "URL": href,
        "target": "_top",
        "tooltip": f"{c.id}: {verdict}"
        + (f", {d}" if d else "")
        + (f" — {c.title}" if c.title else ""),
        "fillcolor": FILL.get(verdict, "#ffffff"),
        "color": OUTLINE.get(d, "#666666"),
        "penwidth": "3" if d else "1",
    }
    style = "filled,dashed" if faded else "filled"
    return (
        f"  {_q(c.id)} [style={_q(style)} "
        + " ".join(f"{k}={_q(v)}" for k, v in attrs.items())
        + "];"
    )


def paper_dot(key, claims, graph, verdicts) -> str:
    mine = [c for c in claims if primary_paper(c) == key]
    ids = {c.id for c in mine}
    edges = [e for e in graph.edges() if e[0] in ids or e[1] in ids]
    others = {x for a, b, _ in edges for x in (a, b)} - ids
    lines = [
        "digraph claims {",
        '  graph [rankdir=LR fontname="sans-serif" nodesep=0.12 ranksep=0.5 newrank=true];',
        '  node [shape=box fontname="sans-serif" fontsize=11 height=0.3 margin="0.08,0.03"];',
        "  edge [arrowsize=0.6];",
    ]
    for i, topic in enumerate(dict.fromkeys(c.topic for c in mine)):
        lines += [
            f"  subgraph cluster_{i} {{",
            f'    label={_q(topic)}; style=rounded; color="#99aabb"; fontsize=12;',
        ]
        lines += [
            "  " + _node(c, verdicts.get(c.id, c.expected), f"../claims/{c.id}.html")
            for c in mine
            if c.topic == topic
        ]
        lines.append("  }")
    if others:  # one box of their own keeps the other papers' claims together
        lines += [
            "  subgraph cluster_others {",
            '    label="claims of other papers"; '
            'style="rounded,dashed"; color="#bbbbbb"; fontsize=12;',
        ]
        lines += [
            "  "
            + _node(
                graph.claims[o],
                verdicts.get(o, graph.claims[o].expected),
                f"../claims/{o}.html",
                faded=True,
            )
            for o in sorted(others)
        ]
        lines.append("  }")
    lines += [f"  {_q(a)} -> {_q(b)} [{EDGE[kind]}];" for a, b, kind in edges]
    return "\n".join(lines + ["}"])


def overview_dot(claims, graph, verdicts) -> str:
    groups: dict = {}
    for c in claims:
        groups.setdefault((primary_paper(c), c.topic), []).append(c)
    where = {c.id: (primary_paper(c), c.topic) for c in claims}
    lines = [
        "digraph overview {",
        '  graph [rankdir=LR fontname="sans-serif" ranksep=0.8];',
        '  node [shape=box style="rounded,filled" fontname="sans-serif" fontsize=11];',
    ]
    for i, paper in enumerate(dict.fromkeys(p for p, _ in groups)):
        lines += [f"  subgraph cluster_{i} {{", f'    label={_q(paper)}; color="#99aabb";']
        for (p, topic), cs in groups.items():
            if p != paper:
                continue
            n = {}
            for c in cs:
                v = verdicts.get(c.id, c.expected)
                n[v] = n.get(v, 0) + 1
            worst = next((v for v in ("error", "ill-posed", "fails") if v in n), "holds")
            label = f"{topic}\n" + ", ".join(f"{v} {k}" for k, v in n.items())
            lines.append(
                f"    {_q(p + ':' + topic)} [label={_q(label)} "
                f'fillcolor={_q(FILL[worst])} URL={_q(p + ".html")} target="_top" '
                f"tooltip={_q(f'{p} / {topic}: {len(cs)} claims')}];"
            )
        lines.append("  }")
    counts: dict = {}
    for a, b, kind in graph.edges():
        ga, gb = where.get(a), where.get(b)
        if ga and gb and ga != gb:
            counts[(ga, gb, kind)] = counts.get((ga, gb, kind), 0) + 1
    for (ga, gb, kind), n in counts.items():
        lines.append(
            f"  {_q(':'.join(ga))} -> {_q(':'.join(gb))} [{EDGE[kind]} label={_q(n)} fontsize=9];"
        )
    return "\n".join(lines + ["}"])


def legend_html(overview: bool = False) -> str:
    fills = "".join(
        f'<span class="tnv-swatch" style="background:{c}">{esc(v)}</span> ' for v, c in FILL.items()
    )
    outlines = "".join(
        f'<span class="tnv-swatch" style="border:3px solid {c}">{esc(k)}</span> '
        for k, c in OUTLINE.items()
    )
    return (
        '<div class="tnv-legend-box"><p><b>Fill</b> (verdict): ' + fills + "</p>"
        "<p><b>Outline</b> (defect kind; thin grey: no defect): " + outlines + "</p>"
        "<p><b>Edges</b>: solid arrow A → B: A <em>uses</em> B; dashed blue arrow: A "
        "<em>corrects</em> B (its <code>-corrected</code> twin); dashed grey arrow: A "
        "<em>varies</em> B (a <code>-variant</code> of a holding claim); dotted red line: the two "
        "claims share one erratum. "
        + (
            "Here a box is one topic of one paper, filled by its worst verdict (the "
            "defect outlines are drawn in the views per paper), and the number on an edge "
            "counts the relations it stands for; click a box to open that paper's view."
            if overview
            else "Faded dashed boxes belong to another paper. Click a box to open its claim page."
        )
        + "</p></div>"
    )


def graph_data(claims, verdicts=None, papers=None) -> dict:
    """The claim graph of any claims (the built-in ones, a plugin's, or both) as data:
    ``{"papers": [key, ...], "counts": {key: n}, "views": {key: DOT}, "overview": DOT}``.

    ``verdicts`` maps claim ids to computed verdicts (default: each claim's expected one);
    ``papers`` restricts the views to these paper keys (default: every paper a claim is
    filed under, :func:`~tnverify.report.claim_sections.primary_paper`, in declaration
    order, then the packages of claims that declare no paper).
    """
    claims = list(claims)
    verdicts = dict(verdicts or {})
    graph = ClaimGraph.of(claims)
    from tnverify.references import PAPERS

    filed = set(primary_paper(c) for c in claims)
    keys = [k for k in PAPERS if k in filed] + sorted(filed - set(PAPERS))
    if papers is not None:
        unknown = [k for k in papers if k not in keys]
        if unknown:
            raise UsageError(
                f"no claim is filed under the paper(s) {', '.join(unknown)}; "
                f"papers: {', '.join(keys)}"
            )
        keys = [k for k in keys if k in papers]
    return {
        "papers": keys,
        "counts": {k: sum(primary_paper(c) == k for c in claims) for k in keys},
        "views": {k: paper_dot(k, claims, graph, verdicts) for k in keys},
        "overview": overview_dot(claims, graph, verdicts),
    }


def claim_count_text(claims, papers) -> str:
    """ "178 claims: 175 on 5 papers and 3 on tnverify itself" (the toolkit's own claims
    are filed under ``tnverify``, which is not a paper)."""
    own = [c for c in claims if primary_paper(c) == "tnverify"]
    real = [p for p in papers if p != "tnverify"]
    text = (
        f"{len(claims)} claims: {len(claims) - len(own)} on {len(real)} "
        f"paper{'s' if len(real) != 1 else ''}"
    )
    return text + (f" and {len(own)} on tnverify itself" if own else "")


def write_all(out: Path, claims, report) -> None:
    verdicts = {r.claim.id: r.verdict for r in report.results}
    data = graph_data(claims, verdicts)
    papers = data["papers"]
    for key in papers:
        n = data["counts"][key]
        page = [
            f"# Claim graph: {key}",
            "",
            f"The {n} claims of `{key}` grouped by topic, with every `uses`, `corrects`, "
            "`varies` and shared-erratum relation. [All papers](index.md).",
            "",
            raw(legend_html()),
            raw('<div class="tnv-graph">' + svg(data["views"][key]) + "</div>"),
        ]
        write(out / "graph" / f"{key}.md", "\n".join(page))
    page = (
        [
            "# Claim graph",
            "",
            f"{claim_count_text(claims, papers)}. Each box below is one topic of "
            "one paper, filled by its worst verdict and labelled with its counts; an edge "
            "counts the relations between two boxes. Click a box for the view of that paper, "
            "in which every claim is a box linking to its page.",
            "",
            raw(legend_html(overview=True)),
            raw('<div class="tnv-graph">' + svg(data["overview"]) + "</div>"),
            "",
            "Views per paper:",
            "",
            "```{toctree}",
            ":maxdepth: 1",
            "",
        ]
        + papers
        + ["```", ""]
    )
    write(out / "graph" / "index.md", "\n".join(page))
