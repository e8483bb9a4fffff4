"""The site's errata pages are the ``tnverify errata`` sheets in MyST form
(``render_markdown(sheet, fmt="myst")``): the same headings, labels, arguments, scopes and
numbered edits, with the formulas as ``$…$`` for MathJax; and set braces in formulas
(``{2, 4}`` in a scope line) are shown, not read as TeX grouping."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tnverify.errors import DTypeError, UsageError
from tnverify.report.errata import build_errata, md_text, render_markdown
from tnverify.report.formulas import render
from tnverify.report.tex import to_html, to_tex, to_unicode

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ttlm_sheet():
    return build_errata("ttlm")


def _structure(text: str) -> list[str]:
    """The lines that carry the sheet's structure: headings, labels, edit numbers."""
    return [
        re.sub(r"`[^`]*`|\$[^$]*\$|\\", "", line)
        for line in text.splitlines()
        if line.startswith("#")
        or re.search(
            r"\*\*(Printed|Meant|Correction|Clarification|Why|Scope|Version|Edit \d+ of \d+)", line
        )
    ]


def test_myst_sheet_has_the_markdown_sheets_structure(ttlm_sheet):
    md = render_markdown(ttlm_sheet)
    myst = render_markdown(ttlm_sheet, fmt="myst")
    assert len(_structure(md)) > 20
    assert len(_structure(md)) == len(_structure(myst))
    labels = lambda text: re.findall(r"\*\*(Meant|Correction|Clarification|Why|Scope):\*\*", text)
    assert labels(md) == labels(myst)
    assert {"Meant", "Correction", "Why", "Scope"} <= set(labels(myst))
    heads = lambda text: [h.split(" — ")[-1] for h in re.findall(r"^#+ .*", text, re.M)]
    assert heads(md) == heads(myst)  # one heading per statement, same ids
    assert "**Version.**" in myst and "Edit 1 of 2" in myst


def test_myst_sheet_typesets_formulas_and_the_markdown_one_does_not(ttlm_sheet):
    md = render_markdown(ttlm_sheet)
    myst = render_markdown(ttlm_sheet, fmt="myst")
    assert r"$\sum_{\alpha_{2}=2}^{R_{2}}$" in myst  # ttlm Eq. 3 as printed
    assert "$" not in md and "Σ\\_{α₂=2}^{R₂}" in md  # the plain form
    # outside formulas and code, no raw sub-/superscript markup is left in the MyST text
    prose = re.sub(r"\$[^$]*\$|`[^`]*`", "", myst)
    assert not re.search(r"(?<!\\)[_^][{(]|[A-Za-z)}](?<!\\)[_^][A-Za-z0-9]", prose)


def test_md_text_myst_escapes_only_between_formulas():
    out = md_text("the *printed* h_t, in `tt_svd`", "myst")
    assert out == r"the \*printed\* $h_{t}$, in `tt_svd`"
    assert md_text("h_t", "markdown") == r"h\_t"


def test_bad_fmt_is_refused(ttlm_sheet):
    with pytest.raises(UsageError, match="fmt must be 'markdown' or 'myst'"):
        render_markdown(ttlm_sheet, fmt="html")
    with pytest.raises(UsageError, match="fmt must be 'markdown' or 'myst'"):
        md_text("x", "latex")
    with pytest.raises(DTypeError):
        md_text(3, "myst")


def test_set_braces_are_shown_and_grouping_braces_are_not():
    assert to_tex("{2, 4}") == r"\{2, 4\}"
    assert to_tex("x ∈ {1, …, N}") == r"x \in \{1, \ldots, N\}"
    assert to_html("{2, 4}") == '<span class="tnv-math">{2, 4}</span>'
    assert to_unicode("{2, 4}") == "{2, 4}"
    # a script's braces and a command's argument stay TeX grouping
    assert to_tex("Σ_{i=1}^R") == r"\sum_{i=1}^{R}"
    assert to_tex(r"\mathbb{R}") == r"\mathbb{R}"
    assert render("rank ∈ {3, 4}", "mathjax").endswith(r"\(\{3, 4\}\)</span>")


def test_site_errata_page_is_the_sheet_with_claim_links(ttlm_sheet):
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import site_pages
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    from tnverify.claims import all_claims

    by_id = {c.id: c for c in all_claims()}
    page = site_pages.errata_page("ttlm", {}, by_id)
    myst = render_markdown(ttlm_sheet, fmt="myst")
    # the page is the sheet with each claim id (outside headings) a link to its page
    assert re.sub(r"\{claim\}`", "`", page).strip() == myst.strip()
    assert "{claim}`ttlm-eq3`" in page
    assert "`tnverify show ttlm-eq3 --run`" in page  # a command stays code
    assert not re.search(r"^#.*\{claim\}", page, re.M)


def test_an_appendix_letter_is_a_locator_not_a_formula():
    from tnverify.report.formulas import segments

    assert segments("App. C, Table 2") == [("text", "App. C, Table 2")]
    assert segments("Appendix C") == [("text", "Appendix C")]
    assert segments("let C be") == [("text", "let "), ("math", "C"), ("text", " be")]
    assert "App. C" in render_markdown(build_errata("ttlm"), fmt="myst")
    assert "App. $C$" not in render_markdown(build_errata("ttlm"), fmt="myst")
