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

from collections.abc import Callable, Iterable, Sequence

from ..claims import ERROR, FAILS, HOLDS, SKIPPED, Claim
from ..claims.readings import DEFECT_LABELS
from ..claims.scope import scope_line
from ..errors import ClaimError, DTypeError, UsageError
from ..validation import as_callable, as_flag, as_seed, as_text
from .claim_graph import ClaimGraph
from .evidence_html import (
    EXACT_LEGEND,
    RATIO_LEGEND,
    badge,
    comparisons_html,
    counterexample_html,
    details_html,
    esc,
    formula_html,
)
from .evidence_text import (
    comparison_rows,
    error_reason,
    explain_counterexample,
    format_ratio,
)
from .size_names import is_probe, size_name

__all__ = [
    "ClaimGraph",
    "RATIO_LEGEND",
    "EXACT_LEGEND",
    "claim_section",
    "comparison_rows",
    "explain_counterexample",
    "paper_scope_line",
    "primary_paper",
    "reproduce_command",
    "plugin_argument",
    "seeds_used",
    "esc",
    "verdict_counts",
    "error_reason",
    "format_ratio",
]


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


def _links(ids: Sequence[str], href: Callable[[str], str]) -> str:
    """Links to claims; ``href(id)`` of ``None`` (a claim not on the page) gives its id
    without a link."""
    return ", ".join(
        f'<a class="tnv-claim-link" href="{esc(h)}"><code>{esc(i)}</code></a>'
        if (h := href(i))
        else f"<code>{esc(i)}</code>"
        for i in ids
    )


def _statement(claim: Claim, math: str = "html") -> str:
    from .markdown import statement_lines

    lines = [formula_html(line, math) for line in statement_lines(claim.statement)]
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
            f"{verb} “{formula_html(r.quote, math)}”"
            + (f" ({formula_html(r.where, math)})" if r.where else "")
            if r.quote
            else "—"
        )
        out.append(
            f'<tr class="tnv-{"admissible" if r.admissible else "ruled-out"}">'
            f"<td><code>{esc(r.name)}</code></td><td>{esc(r.status)}</td>"
            f"<td>{formula_html(r.text, math)}</td><td>{quote}</td></tr>"
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
                f"<dt>Printed:</dt><dd>{formula_html(d.printed, math)}</dd>",
                f"<dt>{DEFECT_LABELS.get(d.kind, 'Meant')}:</dt>"
                f"<dd>{formula_html(d.meant, math)}</dd>",
                *([f"<dt>Why:</dt><dd>{formula_html(d.why, math)}</dd>"] if d.why else []),
                "</dl>",
            ]
    if claim.remarks:
        out += (
            ["<h4>Remarks</h4>", "<ul>"]
            + [f"<li>{formula_html(t, math)}</li>" for t in claim.remarks]
            + ["</ul>"]
        )
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
            + (f" — {formula_html(claim.title, math)}" if claim.title else "")
            + "</h2>"
        )
    elif claim.title:
        out.append(f'<p class="tnv-title">{formula_html(claim.title, math)}</p>')
    if result is None:
        status = f"expected verdict {badge(claim.expected)} (not run here)"
    else:
        mark = (
            "as expected ✓"
            if result.as_expected and verdict != ERROR
            else f"expected {esc(claim.expected)} ✗"
        )
        status = f"verdict {badge(verdict)}, {mark}; {result.seconds:.2f} s"
    out.append(f'<p class="tnv-verdict">{status}</p>')
    scope = formula_html(paper_scope_line(claim, result), math)
    out.append(f'<p class="tnv-scope">Scope: {scope}</p>')
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
        out += (
            comparisons_html(result, math)
            + details_html(result, math)
            + counterexample_html(result, math)
        )
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


def paper_scope_line(claim, result=None) -> str:
    """The claim's scope line (:func:`~tnverify.claims.scope.scope_line`) with its sizes in
    its paper's notation (:func:`~tnverify.report.size_names.size_name`: ``|V|`` for the
    vocabulary size, the paper's declared symbols), its probe sizes listed apart."""
    paper = primary_paper(claim)
    return scope_line(
        claim, result=result, name=lambda k: size_name(k, paper), probe=lambda k: is_probe(k, paper)
    )
