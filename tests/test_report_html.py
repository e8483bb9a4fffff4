"""The self-contained HTML report (``tnverify verify --report r.html``, ``pytest
--tnverify-report r.html``) and the Markdown report without repetitions."""

import re
import subprocess
import sys

import pytest

from tnverify.claims import get_claim
from tnverify.report import run_claims

IDS = [
    "ttlm-eq2",
    "ttlm-eq3",
    "ttlm-eq3-corrected",
    "thesis-eq-3.4",
    "thesis-alg-1",
    "gtm-eq12-boundary-h1",
]


@pytest.fixture(scope="module")
def report():
    return run_claims([get_claim(i) for i in IDS], progress=False, sides=("small",))


def test_html_report_is_self_contained_with_a_section_per_claim_and_filters(report, tmp_path):
    path = report.write(tmp_path / "r.html")
    page = path.read_text(encoding="utf-8")
    assert not re.search(r"https?://", page)  # nothing requested from outside
    assert not re.search(r'<(script|link|img)[^>]+(src|href)="(?!data:)', page)  # all inline
    sections = re.findall(
        r'<section id="claim-([^"]+)" class="tnv-claim" '
        r'data-verdict="([a-z-]+)"',
        page,
    )
    assert sections == [(r.claim.id, r.verdict) for r in report.results]
    for sel in ("f-verdict", "f-paper", "f-topic"):
        assert f'<select id="{sel}" class="tnv-filter">' in page
    assert '<option value="fails">fails</option>' in page and "function tnvFilter" in page
    rows = re.findall(r'<tr data-verdict="([a-z-]+)" data-paper="([a-z]+)" data-topic=', page)
    assert len(rows) == len(IDS) and ("fails", "ttlm") in rows
    # each citation once (the papers list), the sections link to it
    assert page.count("Zhan Su, Yuqin Zhou") == 1
    assert 'href="#paper-ttlm"' in page
    # a failing claim shows its defect on separate lines and an explained counterexample
    assert "<dt>Printed:</dt>" in page and "<dt>Meant:</dt>" in page
    assert re.search(r'tnv-ce-sentence">At [^<]*\(seed \d+\), the comparison', page)
    assert "Reproduce: <code>tnverify show ttlm-eq3 --run</code>" in page


def test_markdown_report_cites_each_paper_once_and_splits_printed_and_meant(report, tmp_path):
    text = report.write(tmp_path / "r.md").read_text(encoding="utf-8")
    from tnverify.references import PAPERS

    for key in ("ttlm", "thesis", "gtm"):
        assert text.count(PAPERS[key].citation) == 1, key
    assert re.search(r"^- Printed: .+\n- Meant: ", text, re.M)
    assert "Printed:" not in "".join(l for l in text.splitlines() if "Meant:" in l)
    quotes = re.findall(r"“([^”]{20,})”", text)
    assert len(quotes) == len(set(quotes))  # no quote twice


def test_terminal_footer_and_help_explain_err_tol_and_exact(report, capsys):
    from rich.console import Console

    report.print(Console(file=sys.stdout, width=200))
    out = capsys.readouterr().out
    assert "err/tol: the largest error divided by its tolerance" in out
    assert "exact: only exact comparisons ran" in out
    done = subprocess.run(
        [sys.executable, "-m", "tnverify", "verify", "--help"], capture_output=True, text=True
    )
    assert "err/tol: the largest error" in done.stdout and "'exact ✗'" in done.stdout
    assert ".html" in done.stdout


def test_pytest_tnverify_report_html(tmp_path):
    module = tmp_path / "test_mine.py"
    module.write_text(
        "import numpy as np, tnverify\n"
        "@tnverify.claim('mine-norm', 'the norm of x is its norm', source='my notes')\n"
        "def test_norm(tnverify_compare):\n"
        "    x = np.arange(4.0)\n"
        "    tnverify.check(tnverify_compare('norm', np.linalg.norm(x), np.sqrt((x**2).sum()),"
        " n=4, scale=4.0))\n",
        encoding="utf-8",
    )
    out = tmp_path / "claims.html"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(module),
            "--tnverify-report",
            str(out),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    page = out.read_text(encoding="utf-8")
    assert 'id="claim-mine-norm" class="tnv-claim" data-verdict="holds"' in page
    assert not re.search(r"https?://", page)


def test_a_claim_section_names_the_edit_by_its_kind_and_gives_the_why():
    """A false statement's replacement is a Correction, not a Meant (as on the errata
    sheets), in the HTML section and the Markdown report alike, with its Why."""
    from tnverify.claims import get_claim, run_claim
    from tnverify.report.claim_sections import claim_section
    from tnverify.report.markdown import md_section

    false = get_claim("thesis-prop-5.2.2-joint")
    assert false.defect.kind == "false"
    html = claim_section(false)
    assert "<dt>Correction:</dt>" in html and "<dt>Meant:</dt>" not in html
    assert "<dt>Why:</dt>" in html
    misprint = claim_section(get_claim("ttlm-eq3"))
    assert "<dt>Meant:</dt>" in misprint and "<dt>Correction:</dt>" not in misprint
    md = "\n".join(md_section(run_claim(false, sides=("small",))))
    assert "\n- Correction: " in md and "\n- Why: " in md and "\n- Meant: " not in md
