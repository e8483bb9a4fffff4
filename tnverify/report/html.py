"""The self-contained HTML report: ``tnverify verify --report r.html`` and ``pytest
--tnverify-report r.html``.

One file with no outside request (its style and its few lines of script are inline): the
run's settings and summary, the papers cited (each citation once), a table of the claims
that can be filtered by verdict, paper and topic, and for every claim the same section as
its page on the documentation site (:func:`tnverify.report.claim_sections.claim_section`).

Examples
--------
>>> from tnverify.claims import get_claim, run_claim
>>> from tnverify.report import Report
>>> from tnverify.report.html import report_html
>>> page = report_html(Report([run_claim(get_claim("ttlm-eq2"), sides=("small",))],
...                           {"scale": "small", "seed": 0, "device": "cpu"}, {}))
>>> "http://" in page or "https://" in page, page.count('class="tnv-claim"')
(False, 1)
"""

from __future__ import annotations

from ..references import PAPERS
from .claim_sections import (
    EXACT_LEGEND,
    RATIO_LEGEND,
    ClaimGraph,
    claim_section,
    esc,
    format_ratio,
    primary_paper,
)

__all__ = ["REPORT_CSS", "REPORT_JS", "report_html", "proof_source"]

#: The style shared by the report and the site's claim pages.
REPORT_CSS = """
.tnv-badge{display:inline-block;padding:0 .45em;border-radius:.3em;font-weight:600;
  font-family:monospace;border:1px solid #888}
.tnv-holds{background:#d9f2d9;color:#14561b}.tnv-fails{background:#f9d6d5;color:#7d1410}
.tnv-ill-posed{background:#fdf0c4;color:#6b4e00}.tnv-error{background:#ecd5f3;color:#5a1470}
.tnv-skipped{background:#e6e6e6;color:#333}
.tnv-statement{border-left:4px solid #8aa;padding:.3em .8em;margin:.6em 0;background:#f6f8f8;
  color:#222}
.tnv-table{border-collapse:collapse;margin:.4em 0 1em;font-size:.9em;width:100%}
.tnv-table th,.tnv-table td{border:1px solid #ccc;padding:.2em .45em;vertical-align:top;
  text-align:left}
.tnv-table thead th{background:#eef1f3;color:#222}
tr.tnv-ruled-out{color:#666}
.tnv-defect dt{font-weight:600;float:left;clear:left;width:5.5em}
.tnv-defect dd{margin-left:6em;margin-bottom:.3em}
.tnv-legend,.tnv-rule{color:#555;font-size:.9em}
.tnv-proof{font-size:.8em;max-height:30em;overflow:auto}
section.tnv-claim{border-top:2px solid #ccd;padding-top:.5em;margin-top:1.5em}
.tnv-table.tnv-details{width:auto;min-width:30em}
.tnv-details caption{text-align:left;font-weight:600;padding:.2em 0;caption-side:top}
.tnv-table td,.tnv-table th{overflow-wrap:break-word;word-break:normal}
.tnv-table code{white-space:normal;overflow-wrap:break-word}
.tnv-num{white-space:nowrap}
.tnv-badge{white-space:nowrap;overflow-wrap:normal}
@media (max-width:760px){.tnv-table{display:block;overflow-x:auto}
  .tnv-table td{min-width:10em}
  .tnv-table td:has(>.tnv-num:first-child),.tnv-table td:has(>.tnv-badge:only-child){min-width:0}}
.tnv-math{font-family:"STIX Two Math","Cambria Math","Latin Modern Math",serif}
.tnv-math sub,.tnv-math sup{font-size:.72em;line-height:0}
.tnv-ub{display:inline-flex;flex-direction:column;align-items:center;vertical-align:top}
.tnv-ub>.tnv-ub-f{border-bottom:1px solid;border-radius:0 0 .5em .5em;padding:0 .2em .1em}
.tnv-ub>.tnv-ub-l{font-size:.72em}
.tnv-over{text-decoration:overline}
"""

#: The filter of the report's table (inline, no library).
REPORT_JS = """
function tnvFilter(){
  const v=document.getElementById('f-verdict').value, p=document.getElementById('f-paper').value,
        t=document.getElementById('f-topic').value;
  let shown=0;
  document.querySelectorAll('[data-verdict]').forEach(function(el){
    const ok=(!v||el.dataset.verdict===v)&&(!p||el.dataset.paper===p)&&(!t||el.dataset.topic===t);
    el.style.display=ok?'':'none'; if(ok&&el.tagName==='TR'){shown++;}
  });
  document.getElementById('f-count').textContent=shown+' shown';
}
document.querySelectorAll('.tnv-filter').forEach(function(s){s.addEventListener('change',tnvFilter);});
tnvFilter();
"""


def proof_source(proof: str) -> str | None:
    """The source of a proof ``"proofs/file.py::prove_x"`` from a checkout (``None`` when
    the file is not there, as in an installed package)."""
    import ast
    from pathlib import Path

    if not isinstance(proof, str) or "::" not in proof:
        return None
    path, _, name = proof.partition("::")
    proofs = (Path(__file__).resolve().parents[2] / "proofs").resolve()
    file = (proofs.parent / path).resolve()
    # only a proof of the checkout's proofs/ folder (a plugin's proof names its own file)
    if file.parent != proofs or file.suffix != ".py" or not file.is_file():
        return None
    text = file.read_text(encoding="utf-8")
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return ast.get_source_segment(text, node)
    return None


def _select(id_: str, label: str, values) -> str:
    opts = "".join(f'<option value="{esc(v)}">{esc(v)}</option>' for v in values)
    return (
        f'<label>{esc(label)} <select id="{id_}" class="tnv-filter">'
        f'<option value="">all</option>{opts}</select></label>'
    )


def _check_report(report) -> None:
    """The parts of a report the page reads: settings and environment dicts, results a
    list of ClaimResult (DTypeError naming the first wrong one)."""
    from ..claims.runner import ClaimResult
    from ..errors import DTypeError

    for name in ("settings", "environment"):
        val = getattr(report, name)
        if val is not None and not isinstance(val, dict):
            raise DTypeError(f"report.{name} must be a dict; got {type(val).__name__}")
    if not isinstance(report.results, (list, tuple)):
        raise DTypeError(
            f"report.results must be a list of ClaimResult; got {type(report.results).__name__}"
        )
    for i, r in enumerate(report.results):
        if not isinstance(r, ClaimResult):
            raise DTypeError(f"report.results[{i}] must be a ClaimResult; got {type(r).__name__}")


def report_html(report, *, title: str = "tnverify report") -> str:
    """The report as one self-contained HTML page (see the module docstring).

    Parameters
    ----------
    report : Report
        The run (:class:`tnverify.report.Report`).
    title : str
        The page title.

    Returns
    -------
    str
        The page.
    """
    from .. import __version__
    from ..errors import DTypeError
    from ..validation import as_seed, as_text

    if not all(hasattr(report, a) for a in ("results", "environment", "settings")):
        raise DTypeError(
            f"report_html needs a Report (from run_claims); got {type(report).__name__}"
        )
    title = as_text(title, "title")
    _check_report(report)
    # the seed read like every seed: an int >= 0, never int() of a float or a string
    given = (report.settings or {}).get("seed")
    seed = as_seed(0 if given is None else given, "report.settings['seed']")
    results = report.results
    graph = ClaimGraph.of(r.claim for r in results)
    papers = list(
        dict.fromkeys(ref.paper for r in results for ref in r.claim.refs if hasattr(ref, "paper"))
    )

    def cite(key, label):
        short = PAPERS[key].short if key in PAPERS else key
        return f'<a href="#paper-{esc(key)}" title="{esc(short)}">{label}</a>'

    def href(cid):
        return f"#claim-{cid}" if cid in graph.claims else None  # not in this report

    env, st = report.environment or {}, report.settings or {}
    head = [
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f'<title>{esc(title)}</title><link rel="icon" href="data:,">'  # no favicon request
        f"<style>{REPORT_CSS}"
        "body{font-family:sans-serif;max-width:75em;margin:auto;padding:1em;color:#222}"
        "</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f"<p>tnverify {esc(__version__)}, created {esc(report.created)}; Python "
        f"{esc(env.get('python'))}, numpy {esc(env.get('numpy'))}, torch "
        f"{esc(env.get('torch'))}; device <code>{esc(st.get('device'))}</code>, scale "
        f"<code>{esc(st.get('scale'))}</code>, seed <code>{esc(st.get('seed'))}</code>"
        + (f", run by <code>{esc(st['runner'])}</code>" if st.get("runner") else "")
        + ".</p>",
        f"<p><b>{esc(report.summary_line())}</b></p>",
    ]
    if papers:
        head += (
            ["<h2>Papers</h2>", "<ul>"]
            + [
                f'<li id="paper-{esc(k)}"><b>{esc(k)}</b> ({esc(PAPERS[k].short)}): '
                f"{esc(PAPERS[k].citation)}</li>"
                for k in papers
                if k in PAPERS
            ]
            + ["</ul>"]
        )
    verdicts = list(dict.fromkeys(r.verdict for r in results))
    paper_keys = list(dict.fromkeys(primary_paper(r.claim) for r in results))
    topics = list(dict.fromkeys(r.claim.topic for r in results))
    table = [
        "<h2>Claims</h2>",
        '<p class="tnv-filters">',
        _select("f-verdict", "verdict", verdicts),
        _select("f-paper", "paper", paper_keys),
        _select("f-topic", "topic", topics),
        ' <span id="f-count"></span></p>',
        f'<p class="tnv-legend">{esc(RATIO_LEGEND)} {esc(EXACT_LEGEND)}</p>',
        '<table class="tnv-table" id="tnv-claims"><thead><tr><th>id</th><th>paper</th>'
        '<th>verdict</th><th>expected</th><th><abbr title="largest error / tolerance">'
        "err/tol</abbr></th><th>seconds</th></tr></thead><tbody>",
    ]
    differing = {id(r) for r in report.differing}
    anchors, runs = [], {}
    for r in results:  # a claim run several times: claim-ID, claim-ID-2, ...
        runs[r.claim.id] = runs.get(r.claim.id, 0) + 1
        k = runs[r.claim.id]
        anchors.append(f"claim-{r.claim.id}" + (f"-{k}" if k > 1 else ""))
    for r, anchor in zip(results, anchors):
        c = r.claim
        mark = "✗ differs" if id(r) in differing else "✓"
        table.append(
            f'<tr data-verdict="{esc(r.verdict)}" data-paper="{esc(primary_paper(c))}"'
            f' data-topic="{esc(c.topic)}"><td><a href="#{esc(anchor)}"><code>'
            f"{esc(c.id)}</code></a></td><td>{esc(c.locator)}</td><td>"
            f'<span class="tnv-badge tnv-{esc(r.verdict)}">{esc(r.verdict)}</span></td>'
            f"<td>{esc(c.expected)} {mark}</td><td>{esc(format_ratio(r))}</td>"
            f"<td>{r.seconds:.2f}</td></tr>"
        )
    table.append("</tbody></table>")
    sections = [
        claim_section(
            r.claim,
            r,
            graph=graph,
            href=href,
            cite=cite,
            proof_source=proof_source,
            seed=seed,
            anchor=anchor,
        )
        for r, anchor in zip(results, anchors)
    ]
    tail = [f"<script>{REPORT_JS}</script></body></html>"]
    return "\n".join(head + table + sections + tail) + "\n"
