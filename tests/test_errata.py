"""Errata sheets: built from the registry, one per paper, never stale."""

import json
from pathlib import Path

import pytest

from tnverify.errors import DTypeError, UsageError
from tnverify.report.errata import (
    ERRATA_PAPERS,
    build_errata,
    describe_counterexample,
    render_markdown,
    write_errata,
)

ROOT = Path(__file__).resolve().parents[1]


def test_unknown_paper_and_bad_directory_are_usage_errors(tmp_path):
    with pytest.raises(UsageError, match="unknown paper 'nope'"):
        write_errata(tmp_path, "nope")
    with pytest.raises(UsageError, match="own claims have no errata"):
        write_errata(tmp_path, "tnverify")
    afile = tmp_path / "f"
    afile.write_text("x")
    with pytest.raises(UsageError, match="not a directory"):
        write_errata(afile, "gtm", run=False)
    with pytest.raises(UsageError, match="format"):
        write_errata(tmp_path, "gtm", fmt="pdf")


def test_every_non_holding_claim_is_in_its_papers_sheet_once():
    from tnverify.claims import HOLDS, all_claims

    for key in ERRATA_PAPERS:
        sheet = build_errata(key, run=False)
        listed = [c["id"] for e in sheet["errata"] for c in e["claims"] if not c.get("edit_of")]
        listed += sheet["without_defect"]
        want = [c.id for c in all_claims() if c.id.split("-")[0] == key and c.expected != HOLDS]
        assert sorted(listed) == sorted(want)
        assert len(listed) == len(set(listed))
        text = render_markdown(sheet)
        assert sheet["paper"]["citation"] in text and ".txt" not in text


def test_json_sheet_round_trips(tmp_path):
    (path,) = write_errata(tmp_path, "gtm", fmt="json", run=False)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["paper"]["key"] == "gtm" and data["paper"]["arxiv"] == "1901.10801"


def test_cli_errata_errors_are_one_line_with_exit_2(tmp_path, capsys):
    from tnverify.cli import main

    assert main(["errata", "--paper", "nope"]) == 2
    err = capsys.readouterr().err
    assert "unknown paper 'nope' for errata; choose one of grurntn, gtm" in err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["errata", "--paper", "gtm", "--out", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tnverify: error: cannot create")
    assert main(["errata"]) == 2
    assert "name one paper" in capsys.readouterr().err


def test_cli_errata_writes_and_prints(tmp_path, capsys):
    from tnverify.cli import main

    assert main(["errata", "--paper", "gtm", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "gtm.md").read_text(encoding="utf-8").startswith("# Errata: ")
    assert f"wrote {tmp_path / 'gtm.md'}" in capsys.readouterr().out
    assert main(["errata", "--paper", "tslm"]) == 0
    assert "A Generalized Language Model in Tensor Space" in capsys.readouterr().out


def test_the_committed_sheets_are_not_stale():
    """docs/errata/ is what `tnverify errata --out docs/errata` writes today."""
    for key in ERRATA_PAPERS:
        committed = ROOT / "docs" / "errata" / f"{key}.md"
        assert committed.exists(), f"{committed} is missing: run tnverify errata --out docs/errata"
        fresh = render_markdown(build_errata(key))
        assert committed.read_text(encoding="utf-8") == fresh, (
            f"docs/errata/{key}.md is stale: run `tnverify errata --out docs/errata`"
        )


# -- one erratum per edit, entries readable on their own ------------------------
import re  # noqa: E402

#: Names of the plain-text copies the registry was written from, which users do not have.
_PRIVATE_SOURCE = re.compile(
    r"\bseed[ _]?0\d\d\b|\b\d{3}_[0-9a-f]{16}\.txt\b|\bextract(ion|ed)\b", re.I
)


def _user_facing_texts():
    """Every text a user reads: README, docs, package sources (docstrings, messages),
    committed figure data, and every claim's statement, readings, defect and remarks."""
    from tnverify.claims import all_claims

    for path in [
        ROOT / "README.md",
        ROOT / "ARCHITECTURE.md",
        ROOT / "CHANGELOG.md",
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted((ROOT / "examples").rglob("*.py")),
        *sorted((ROOT / "examples").rglob("*.md")),
        *sorted((ROOT / "tnverify").rglob("*.py")),
        *sorted((ROOT / "figures").glob("*.json")),
    ]:
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for c in all_claims():
        parts = [c.statement, c.title, *c.remarks]
        parts += [f"{r.text} {r.quote} {r.where}" for r in c.readings.values()]
        if c.defect:
            parts += [f"{e.printed} {e.meant}" for e in c.defect.edits]
        yield c.id, "\n".join(parts)


def test_no_user_facing_text_names_a_source_file_or_the_extraction():
    found = [
        (where, m.group(0))
        for where, text in _user_facing_texts()
        for m in _PRIVATE_SOURCE.finditer(text)
    ]
    assert found == []


def test_the_pattern_catches_what_it_must():
    for bad in (
        "Seed 000's Eq. 17",
        "seed 004 (gtm)",
        "The extraction's Eq. 79",
        "the extracted text",
        "001_43de42d823c9db6f.txt",
    ):
        assert _PRIVATE_SOURCE.search(bad), bad
    assert not _PRIVATE_SOURCE.search("seed 518800943") and not _PRIVATE_SOURCE.search("seeds")


def _raw_json_lines(markdown: str) -> list[str]:
    return [
        line
        for line in markdown.splitlines()
        if re.search(r'[{\[]\s*"[^"]*"\s*:', line) or re.search(r'"\w+":\s', line)
    ]


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_committed_entries_read_on_their_own(key):
    """No raw JSON; printed and meant on lines of their own for every claim; each failing
    claim's counterexample is a sentence; every claim has its reproduce command."""
    text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
    assert _raw_json_lines(text) == []
    from tnverify.report.errata import LABELS, md_text

    sheet = build_errata(key, run=False)
    for e in sheet["errata"]:
        for c in e["claims"]:
            if c["evidence_only"]:  # a published number the entry's misprint explains
                assert (
                    f"- **Evidence for the edit:** {md_text(c['printed'])}: {md_text(c['meant'])}."
                ) in text
            else:
                assert f"- **Printed:** {md_text(c['printed'])}" in text
                assert f"- **{LABELS[e['kind']]}:** {md_text(c['meant'])}" in text
            assert f"- **Reproduce:** `tnverify show {c['id']} --run`" in text
    n_claims = len({c["id"] for e in sheet["errata"] for c in e["claims"]})
    assert (
        text.count("- **Counterexample:** ") >= n_claims - sheet["counts"]["published-number"] - 2
    )


def test_the_raw_json_detector_fails_on_raw_json():
    assert _raw_json_lines('  - counterexample: `{"got": [16], "want": [15]}`')
    assert not _raw_json_lines("  - **Counterexample:** ranks: computed (16), wanted (15).")


def test_a_counterexample_sentence_names_what_was_counted_against_what():
    from tnverify.report.errata import describe_counterexample

    s = describe_counterexample(
        {
            "compared": "span dimension vs M^T",
            "got": [16],
            "want": [15],
            "sizes": {"M": 2},
            "seed": 3,
        }
    )
    assert s == "span dimension vs M^T: computed (16), wanted (15) (sizes M = 2; seed 3)."
    s = describe_counterexample({"compared": "ranks", "got": [4], "want": [1], "relation": "<="})
    assert s == "ranks: computed (4), wanted at most (1)."
    s = describe_counterexample(
        {
            "compared": "a vs b",
            "entry": [1, 0],
            "value": 0.5,
            "reference": complex(1, -2),
            "where": "part 'x'",
        }
    )
    assert s == (
        "a vs b (check: x): at index (1, 0) (0-based); computed 0.5 against the reference 1-2i."
    )
    s = describe_counterexample(
        {
            "compared": "c",
            "where": "reading 'r' / part 'p'",
            "entry": 16,
            "value": 1.0,
            "reference": 2.0,
            "sizes": {"n": 3, "samples": 100},
            "seed": None,
        }
    )
    assert s == (
        "c (under reading “r”; check: p): at position 16 (0-based, row-major) of "
        "the compared values; computed 1 against the reference 2 (sizes n = 3; "
        "probe sizes samples = 100)."
    )


def test_every_claim_under_a_shared_key_shows_its_own_edit(monkeypatch):
    import dataclasses

    from tnverify.claims import REGISTRY, Defect, all_claims

    claims = [c for c in all_claims() if c.id.startswith("thesis-") and c.expected == "fails"][:2]
    for i, c in enumerate(claims):
        d = Defect("misprint", f"printed {i}", f"meant {i}", erratum="shared-x")
        monkeypatch.setitem(REGISTRY, c.id, dataclasses.replace(c, defect=d))
    sheet = build_errata("thesis", run=False)
    (entry,) = [e for e in sheet["errata"] if e["erratum"] == "shared-x"]
    assert [(c["printed"], c["meant"]) for c in entry["claims"]] == [
        ("printed 0", "meant 0"),
        ("printed 1", "meant 1"),
    ]
    text = render_markdown(sheet)
    assert "**Printed:** printed 1" in text and "**Meant:** meant 1" in text


def test_distinct_edits_of_one_statement_are_distinct_errata_and_counted(monkeypatch):
    import dataclasses

    from tnverify.claims import REGISTRY, Defect, get_claim

    c = get_claim("thesis-eq-2.7")
    before = build_errata("thesis", run=False)["counts"]
    d = dataclasses.replace(
        c.defect, also=(Defect("misprint", "p2", "m2"), Defect("editorial", "p3", "m3"))
    )
    monkeypatch.setitem(REGISTRY, c.id, dataclasses.replace(c, defect=d))
    sheet = build_errata("thesis", run=False)
    keys = {e["erratum"]: e for e in sheet["errata"]}
    assert {"thesis-eq-2.7/2", "thesis-eq-2.7/3"} <= set(keys)
    assert keys["thesis-eq-2.7/3"]["kind"] == "editorial"
    assert sheet["counts"]["misprint"] == before["misprint"] + 1
    assert sheet["counts"]["editorial"] == before["editorial"] + 1
    assert sheet["mathematical"] == sum(before[k] for k in before if k != "editorial") + 1


def test_the_stated_counting_rule_is_the_one_applied(monkeypatch):
    """The authors found entries that count differently worded changes of one slip as one
    edit (thesis Eq. 6.8/6.9, Eq. 5.21): the rule the sheet states is the one the count
    applies. One slip counts once however many places print it and however many changes
    its correction makes (two claims with different printed and meant texts under one
    key; one defect whose meant changes two things), and a statement with two
    independent slips counts two."""
    import dataclasses

    from tnverify.claims import REGISTRY, Defect, all_claims
    from tnverify.report.errata_legend import COUNTING_RULE

    assert "counts once, however many places print it and however many changes" in (COUNTING_RULE)
    assert "two independent slips counts two" in COUNTING_RULE
    before = build_errata("thesis", run=False)
    total = sum(before["counts"].values())
    # the registry's own cases: Eq. 6.8 and 6.9 print different formulas, one key
    (jac,) = [e for e in before["errata"] if {c["id"] for c in e["claims"]} >= {"thesis-eq-6.8"}]
    assert {c["id"] for c in jac["claims"]} == {"thesis-eq-6.8", "thesis-eq-6.9"}
    assert len({c["meant"] for c in jac["claims"]}) == 2
    # one slip in two places, worded differently: one edit
    own = [  # claims whose edits are keyed by themselves alone: replacing them is exact
        c
        for c in all_claims()
        if c.id.startswith("thesis-") and c.defect and not any(e.erratum for e in c.defect.edits)
    ]
    a, b, third = own[:3]
    for c, text in ((a, "Σ over k in Eq. 1"), (b, "the sum over k, and its bound, in Eq. 2")):
        d = Defect("misprint", f"printed: {text}", f"meant: {text}", erratum="one-slip")
        monkeypatch.setitem(REGISTRY, c.id, dataclasses.replace(c, defect=d))
    # two independent slips of one statement: two edits
    d = Defect(
        "misprint", "p1", "m1; and in the next line m1'", also=(Defect("false", "p2", "m2"),)
    )
    monkeypatch.setitem(REGISTRY, third.id, dataclasses.replace(third, defect=d))
    after = build_errata("thesis", run=False)
    counted = {e["erratum"] for e in after["errata"]}
    assert "one-slip" in counted and {third.id, f"{third.id}/2"} <= counted
    lost = len(a.defect.edits) + len(b.defect.edits) + len(third.defect.edits)
    assert sum(after["counts"].values()) == total - lost + 1 + 2
    assert COUNTING_RULE in render_markdown(after)


def test_shared_keys_are_one_edit_each():
    """Claims share a key only for the same edit: the shared keys of the registry are the
    ones whose claims print that edit (ttlm Eq. 16/20 and thesis Eq. 5.13/5.17 for the sum
    over the free α_t); the paper-specific edits are keys of their own."""
    from tnverify.claims import all_claims

    owners = {}
    for c in all_claims():
        for e in c.defect.edits if c.defect else ():
            if e.erratum:
                owners.setdefault(e.erratum, set()).add(c.id)
    assert owners["ttlm-appB-sum-over-free-alpha_t"] == {
        "ttlm-eq16",
        "ttlm-eq20",
        "thesis-eq-5.13",
        "thesis-eq-5.17",
    }
    for own in (
        "ttlm-eq14-slice",
        "ttlm-eq17-dummy-indices",
        "ttlm-eq20-whx-index-order",
        "thesis-eq5.13-permutation-wording",
    ):
        assert len(owners[own]) == 1, own
    for c in all_claims():
        if c.defect and c.defect.erratum == "ttlm-appB-sum-over-free-alpha_t":
            assert "α_{t−1}" in c.defect.meant and "W^{hx}_{j i_t}" not in c.defect.meant
            assert "j, k unsummed" not in c.defect.printed


def test_editorial_slips_are_apart_from_the_mathematical_errata():
    sheet = build_errata("grurntn", run=False)
    (ed,) = [e for e in sheet["errata"] if e["kind"] == "editorial"]
    assert ed["claims"][0]["id"] == "grurntn-sec-5b-table-ref"
    assert sheet["mathematical"] == sum(n for k, n in sheet["counts"].items() if k != "editorial")
    text = render_markdown(sheet)
    assert text.index("## Editorial slips") > text.index("## Mathematical errata")


def test_readme_summary_agrees_with_paper_selection_and_sheets():
    """The README's per-paper table counts what `--paper KEY` selects (the id's prefix) and
    what the errata sheets count."""
    from tnverify.claims import select_claims

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| `(\w+)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| \[docs", readme, re.M
    )
    assert {r[0] for r in rows} == set(ERRATA_PAPERS)
    for key, *nums in rows:
        counts = build_errata(key, run=False)["counts"]
        want = [
            len(select_claims(paper=key)),
            counts["misprint"],
            counts["false"],
            counts["ambiguous"],
            counts["published-number"],
            counts["editorial"],
        ]
        assert [int(x) for x in nums] == want, key
        assert all(c.id.startswith(key + "-") for c in select_claims(paper=key))
    assert len(select_claims(cites="tslm")) > len(select_claims(paper="tslm"))


# -- entries an author signs -------------------------------------------------------------
def _errata_part(text: str) -> str:
    """The sheet up to its remarks on holding claims."""
    from tnverify.report.errata_markdown import REMARKS_TITLE

    return text.split(f"## {REMARKS_TITLE}")[0]


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_sheet_names_its_version_and_lists_entries_in_paper_order(key):
    from tnverify.references import paper
    from tnverify.report.errata import locator_order

    text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
    assert paper(key).version and f"refer to {paper(key).version}." in text
    sheet = build_errata(key, run=False)
    heads = [e["claims"][0]["where"] for e in sheet["errata"]]
    assert heads == sorted(heads, key=lambda w: locator_order(w, paper(key).follows))
    headings = re.findall(r"^### (.*)$", text, re.M)
    assert len(headings) == len(set(headings)), "a heading is repeated"


def test_locator_order_is_paper_order():
    from tnverify.report.errata import locator_order

    got = sorted(
        [
            "App. B.1, Eq. 14",
            "§6.1",
            "§5.4.1, Eq. 5.19",
            "§5.4, Eq. 5.18",
            "§3.2.2, Algorithm 1",
            "§3.2.2, Eq. 3.3–3.4",
            "App. A",
            "§IV-B",
            "§III-C",
        ],
        key=locator_order,
    )
    assert got == [
        "§3.2.2, Eq. 3.3–3.4",
        "§3.2.2, Algorithm 1",
        "§III-C",
        "§IV-B",
        "§5.4, Eq. 5.18",
        "§5.4.1, Eq. 5.19",
        "§6.1",
        "App. A",
        "App. B.1, Eq. 14",
    ]


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_each_locator_once_and_labels_by_kind(key):
    """A claim's locator is printed once (its heading or its statement line), 'Meant' only
    for misprints and editorial slips, 'Correction' for false statements."""
    from tnverify.report.errata import LABELS, md_text

    text = _errata_part((ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8"))
    sheet = build_errata(key, run=False)
    same_place = {}
    for e in sheet["errata"]:
        for c in e["claims"]:
            same_place.setdefault(c["where"], set()).add(c["id"])
    for where, ids in same_place.items():  # two statements printed at one place: twice
        shown = text.count(f"### {md_text(where)} — ") + text.count(f"({md_text(where)})")
        assert shown == len(ids), (where, ids)
    assert LABELS["false"] == "Correction" and LABELS["misprint"] == "Meant"
    kinds = {e["kind"] for e in sheet["errata"]}
    if kinds - {"misprint", "editorial"}:
        assert "**Correction:**" in text or "**Clarification:**" in text


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_no_emphasis_inside_registry_text_and_no_library_error(key):
    """Rendered as Markdown, the only emphasis on a sheet is its own bold labels; no raw
    numpy / Python error message stands in for a counterexample."""
    from markdown_it import MarkdownIt

    text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
    html = MarkdownIt().render(text)
    assert "<em>" not in html
    strong = set(re.findall(r"<strong>(.*?)</strong>", html))
    allowed = re.compile(
        r"^(Printed|Meant|Correction|Clarification|Why|Counterexample|Scope|"
        r"Reproduce|Version\.|Evidence|Edit \d+ of \d+: .*|Note\.|[A-Z][a-z -]+\.?( \(not counted with the mathematical "
        r"errata\))?\.?|verdict|counterexample|Counterexamples, sizes and scopes\.|"
        r"[A-Z][a-z -]+ \(\d+ edits?\)(, [a-z -]+ \(\d+ edits?\))*\.):?$"
    )
    assert {s for s in strong if not allowed.match(s)} == set()
    for raw in ("gufunc", "Input operand", "Traceback", "IndexError", "ValueError"):
        assert raw not in text, raw


def test_md_text_escapes_what_markdown_would_read_as_markup():
    from markdown_it import MarkdownIt

    from tnverify.report.errata import md_text

    formula = "h^{(t)}_{TTLM α_t} = Σ_{i_t=1}^{|V|} f_θ * G_{i_t}"
    assert "<em>" in MarkdownIt().render(formula)  # the corruption this guards against
    html = MarkdownIt().render(md_text(formula))
    assert "<em>" not in html and "_{TTLM α_t}" in html


def test_a_published_number_a_misprint_explains_is_evidence_filed_under_the_misprint():
    """ttlm Table 1's 4.2M stands: under the shared T-shape edit it is evidence, not an
    edit of its own, and the entry is headed by Table 2, the misprinted place."""
    entry = next(
        e
        for e in build_errata("ttlm", run=False)["errata"]
        if any(c["id"] == "ttlm-table1-ptb-params" for c in e["claims"])
    )
    assert entry["kind"] == "misprint"
    assert [(c["id"], c["evidence_only"]) for c in entry["claims"]] == [
        ("ttlm-table2-second-order", False),
        ("ttlm-table1-ptb-params", True),
    ]
    text = (ROOT / "docs" / "errata" / "ttlm.md").read_text(encoding="utf-8")
    assert "### App. C, Table 2 (Second-order RNNs); Table 1 — `ttlm-table2-second-order`" in text
    assert "Meant:** Table 1's 4.2M stands" not in text


def test_nested_check_labels_are_said_once():
    from tnverify.report.errata import describe_counterexample

    text = describe_counterexample(
        {
            "compared": "a vs b",
            "where": "part 'outer: x = 1, y' / part 'x = 1' / part 'inner z'",
            "value": 0.5,
            "reference": 1.0,
            "seed": None,
        }
    )
    assert text.count("check:") == 1 and "check: outer: x = 1, y › inner z" in text


def test_the_bias_sentence_is_one_erratum_on_both_sheets():
    """thesis §5.3.2 repeats ttlm's sentence after Eq. 14: one erratum key, each paper's
    claim with its own printed text, each sheet citing the other paper (author, year,
    title, one locator) without sending its reader to the other sheet."""
    from tnverify.claims import get_claim

    t, b = get_claim("thesis-eq-5.11-bias"), get_claim("ttlm-eq14-bias")
    assert t.defect.erratum == b.defect.erratum != ""
    assert "that equals to 1" in t.defect.printed and "which equals to 1" in b.defect.printed
    thesis = (ROOT / "docs" / "errata" / "thesis.md").read_text(encoding="utf-8")
    ttlm = (ROOT / "docs" / "errata" / "ttlm.md").read_text(encoding="utf-8")
    # the other document's printing is in the JSON sheet only (its authors would not sign
    # a note about another document on their own sheet)
    assert "The same slip is printed in" not in thesis + ttlm
    assert "sheet](" not in thesis + ttlm
    entry = [
        e for e in build_errata("thesis", run=False)["errata"] if e["erratum"] == t.defect.erratum
    ]
    assert [o["id"] for o in entry[0]["elsewhere"]] == ["ttlm-eq14-bias"]


def test_every_entry_carries_its_scope():
    for key in ERRATA_PAPERS:
        for e in build_errata(key, run=False)["errata"]:
            for c in e["claims"]:
                assert (
                    c["scope"].startswith(("checked on: ", "b = 0")) or "checked on: " in c["scope"]
                )


def test_a_fixed_calculation_inside_a_random_check_shows_no_seed():
    """tslm-eq-11's failing part is an explicit example (its other parts draw words at
    random): the committed sheet gives no seed for it, nor for gtm-fig-5's explicit
    network; gtm-sec-5.2-shared's random networks keep their seed."""
    tslm = (ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8")
    gtm = (ROOT / "docs" / "errata" / "gtm.md").read_text(encoding="utf-8")
    line = next(x for x in tslm.splitlines() if "computed 0.728553" in x)
    assert "seed" not in line.split("computed 0.728553")[1]
    line = next(x for x in gtm.splitlines() if "explicit width-1 ξ = √(x² + y²) network" in x)
    assert "seed" not in line
    line = next(x for x in gtm.splitlines() if "span dimension of grids of shared-core" in x)
    assert re.search(r"; seed \d+\)\.$", line)


def test_a_reading_is_named_only_where_the_readings_give_different_results():
    """The other admissible readings giving the same failing numbers: the reading is left
    out of the counterexample's place; one giving other numbers (or holding): kept."""
    from tnverify.claims import Evidence
    from tnverify.report.errata_counterexamples import _where_with_deciding_readings

    def failing(value):
        return Evidence("x vs y", passed=False, counterexample={"value": value, "reference": 0.0})

    def case(a, b):
        return Evidence(
            "c",
            readings={
                "r1": Evidence("r1", parts={"p": failing(a)}),
                "r2": Evidence("r2", parts={"p": failing(b)}),
            },
        )

    where = "reading 'r1' / part 'p'"
    assert _where_with_deciding_readings(case(1.0, 1.0), where) == "part 'p'"
    assert _where_with_deciding_readings(case(1.0, 2.0), where) == where
    # a sole admissible reading is set against the ruled-out ones
    sole = Evidence("c", readings={"r1": failing(1.0)})
    sole.ruled_out = {"r0": failing(1.0)}
    assert _where_with_deciding_readings(sole, "reading 'r1'") == ""
    sole.ruled_out = {"r0": Evidence("r0", passed=True)}
    assert _where_with_deciding_readings(sole, "reading 'r1'") == "reading 'r1'"


def test_committed_sheets_name_readings_by_their_text_and_only_where_they_matter():
    ttlm = (ROOT / "docs" / "errata" / "ttlm.md").read_text(encoding="utf-8")
    tslm = (ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8")
    # the parameter counts do not depend on G^(1)'s shape: no reading is named there
    assert "under reading" not in ttlm and "under the reading" not in ttlm
    assert "G1 1xR" not in ttlm
    line = next(x for x in tslm.splitlines() if "y₂ = V h₂ as printed" in x)
    assert "under the reading below" in line and "“V |V|×r”" not in tslm


def test_a_printed_number_says_what_its_interval_ranges_over():
    from tnverify.claims.printed_numbers import judge_printed
    from tnverify.errors import DTypeError, ShapeError

    ev = judge_printed(
        "count vs 4.2M",
        "4.2",
        lambda v: (400 * v + 24_000) / 1e6,
        ["10000"],
        input_names=["|V|"],
    )
    ce = ev.counterexample
    assert ce["inputs"] == [{"name": "|V|", "printed": "10000", "interval": [9999.5, 10000.5]}]
    assert ce["printed_interval"] == [4.15, 4.25]
    text = describe_counterexample(ce)
    assert "|V| = 10000 taken anywhere in its rounding interval [9999.5, 10000.5]" in text
    assert "[4.0238, 4.0242]" in text and "[4.15, 4.25]" in text
    exact = judge_printed("n vs 2.2", "2.2", lambda n: n / 1e6, [(2_318_336, float("inf"))])
    assert "the input taken anywhere in [2318336, ∞) (a range of exact values" in (
        describe_counterexample(exact.counterexample)
    )
    with pytest.raises(ShapeError):
        judge_printed("x", "1.0", lambda a: a, ["1.0"], input_names=["a", "b"])
    with pytest.raises(DTypeError):
        judge_printed("x", "1.0", lambda a: a, ["1.0"], input_names="a")


def test_a_flat_position_in_an_array_is_given_as_its_index():
    import numpy as np

    from tnverify.claims.compare import compare_values

    value = np.zeros((2, 3))
    value[1, 2] = 1.0
    ev = compare_values("a vs b", value, np.zeros((2, 3)), n=1)
    assert ev.counterexample["entry"] == 5 and ev.counterexample["entry_shape"] == [2, 3]
    assert "at index (1, 2) (0-based) of the compared values, an array of shape (2, 3)" in (
        describe_counterexample(ev.counterexample)
    )


def test_a_counterexample_prints_the_sizes_of_its_comparison_not_the_cases_params():
    """The failing part's own sizes are printed (in the paper's notation), never the
    case's parameters that size other parts: grurntn-eq-19's shape argument uses the input
    and hidden sizes only, grurntn-eq-24's check of one value uses none although its case
    is sized by a vocabulary."""
    sheet = build_errata("grurntn")
    records = {c["id"]: c for e in sheet["errata"] for c in e["claims"] if c["edit"] == 1}
    eq19, eq24 = records["grurntn-eq-19"], records["grurntn-eq-24"]
    assert eq19["counterexample"]["sizes"] == {"input": 3, "hidden": 4}
    assert eq19["shows"].endswith("(sizes i = 3, d = 4).")  # grurntn's own notation
    assert "vocab_size" in eq24["counterexample"]["params"]
    assert eq24["counterexample"]["sizes"] == {}
    assert "sizes" not in eq24["shows"] and "vocab" not in eq24["shows"]


def test_size_names_print_in_the_papers_notation():
    ce = {
        "compared": "a vs b",
        "value": 1.0,
        "reference": 2.0,
        "seed": 5,
        "params": {"vocab_size": 9, "length": 9, "samples": 10},
        "sizes": {"vocab_size": 3, "length": 6, "rank": 4, "complex": False, "samples": 100},
    }
    assert describe_counterexample(ce) == (
        "a vs b: computed 1 against the reference 2 (sizes |V| = 3, L = 6, R = 4; probe "
        "sizes samples = 100; seed 5)."
    )
    # a paper that writes the length otherwise (ttlm's N)
    assert "(sizes |V| = 3, N = 6, R = 4;" in describe_counterexample(ce, paper="ttlm")
    # the case's parameters alone are no sizes of the comparison
    del ce["sizes"]
    assert describe_counterexample(ce) == "a vs b: computed 1 against the reference 2 (seed 5)."
    with pytest.raises(DTypeError):
        describe_counterexample(dict(ce, sizes=[3]))
    with pytest.raises(DTypeError):
        describe_counterexample(ce, paper=3)


def test_no_committed_sheet_prints_a_size_as_code():
    import re

    for key in ERRATA_PAPERS:
        text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
        tails = re.findall(r"\((?:probe )?sizes ([^;)]*)", text)
        assert tails
        for tail in tails:
            assert "vocab" not in tail and "length = " not in tail and "rank = " not in tail, tail


def test_the_summary_gives_entries_and_distinct_edits_apart():
    """The count line names entries (headings) and distinct edits separately, and each
    agrees with the sheet: ttlm's statements needing several edits count each edit."""
    import re

    from tnverify.report.errata_legend import COUNTING_RULE

    for key in ERRATA_PAPERS:
        sheet = build_errata(key, run=False)
        text = render_markdown(sheet)
        m = re.search(r"^(\d+) entr(?:y|ies), (\d+) distinct edits? \(", text, re.M)
        assert m, key
        headings = len(re.findall(r"^### ", text, re.M))
        assert int(m.group(1)) == headings
        assert int(m.group(2)) == sum(sheet["counts"].values()) == len(sheet["errata"])
        assert COUNTING_RULE in text
    ttlm = render_markdown(build_errata("ttlm", run=False))
    entries, edits = re.search(r"^(\d+) entries, (\d+) distinct edits", ttlm, re.M).groups()
    assert int(edits) > int(entries)  # some statement needs two edits


def _scope_lines(text: str) -> list[str]:
    return [ln.split("**Scope:**", 1)[1] for ln in text.splitlines() if "**Scope:**" in ln]


def test_failing_scopes_list_only_the_cases_that_ran():
    """The run of a side stops at its first failing case: a sheet's Scope counts the cases
    that ran and says how many did not, never the declared ones as run."""
    for key in ERRATA_PAPERS:
        text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
        for line in _scope_lines(text):
            assert "run in order until one fails" not in line.split("; a larger run")[0]
    gtm = (ROOT / "docs" / "errata" / "gtm.md").read_text(encoding="utf-8")
    assert (
        "checked on: 1 small case (M = 3, TT-ranks = (1, 3, 2, 3, 1)), which fails; "
        "1 more small case was not run (the run stops at the first failing case)"
    ) in gtm
    assert "the second checked case" not in gtm
    tslm = (ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8")
    assert (
        "checked on: 1 small case (m = 2, r = 2, n = 4), which fails; 2 more small cases "
        "were not run (the run stops at the first failing case)"
    ) in tslm


#: The cases of a generated Scope: "N small case(s) (sizes), which …", listed cases
#: "(sizes), which …", "a larger run (sizes), …".
_SCOPE_CASE = re.compile(
    r"\d+ small cases?(?: \((?:[^()]|\([^()]*\))*\))?(?P<small>, (?:which|all of which|run in order))"
)


def test_every_case_in_a_scope_says_how_it_came_out():
    """The legend says the Scope gives each case that ran with its outcome: every
    generated Scope does (a single case too, a side all of whose cases hold, and the
    larger run, which the sheet runs too)."""
    for key in ERRATA_PAPERS:
        text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
        for line in _scope_lines(text):
            generated = line.split("checked on: ", 1)[1]
            small, _, larger = generated.partition("; a larger run")
            head = _SCOPE_CASE.match(small)
            assert head, (key, line)
            ran = re.split(r"; \d+ more small cases? (?:was|were) not run", small)[0]
            listed = re.findall(r"\((?:[^()]|\([^()]*\))*\)(, [a-z -]+)?", ran)
            assert all(word for word in listed), (key, line)  # each case with its outcome
            if larger:
                assert "which " in larger and "not run for this sheet" not in larger, (
                    key,
                    line,
                )
        assert "**Scope** lists the cases" in text
        assert "not run for this sheet" not in text, key


#: A size written as code: a backticked identifier or a bare snake_case name (``r\_min``
#: as the sheet escapes it).
_CODE_SIZE = re.compile(r"`[^`]+`|\b[A-Za-z]+(?:\\?_[A-Za-z0-9]+)+\b")


def test_no_sheet_writes_a_size_as_code_in_its_scope_or_size_lists():
    for key in ERRATA_PAPERS:
        text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
        generated = [ln.split("checked on: ", 1)[1] for ln in _scope_lines(text)]
        tails = re.findall(r"\((?:probe )?sizes ([^)]*)\)", text)
        assert generated and tails
        for part in generated + tails:
            assert not _CODE_SIZE.search(part.split("; seed")[0]), (key, part)
    grurntn = (ROOT / "docs" / "errata" / "grurntn.md").read_text(encoding="utf-8")
    assert "(i = 3, d = 4, |V| = 5, L = 4; probe sizes B = 1)" in grurntn
    note = "|V| denotes the vocabulary size and L the sequence length; the paper names neither."
    assert grurntn.count(note) == 1
    assert note not in (ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8")


def test_a_papers_declared_notation_names_its_sizes_a_plugins_paper_included():
    import tnverify
    from tnverify.errors import DTypeError
    from tnverify.references import PAPERS
    from tnverify.report.size_names import size_name

    tnverify.paper(
        "notation_probe",
        authors=("Ada Lovelace",),
        title="Notes",
        year=1843,
        notation={"length": "T", "hidden": "h"},
    )
    try:
        assert size_name("length", "notation_probe") == "T"
        assert size_name("hidden", "notation_probe") == "h"
        assert size_name("vocab_size", "notation_probe") == "|V|"  # the common notation
        assert size_name("length", "ttlm") == "N"  # a built-in paper declares its own
    finally:
        del PAPERS["notation_probe"]
    with pytest.raises(DTypeError, match="notation"):
        tnverify.paper("notation_bad", authors=("A B",), title="x", year=1, notation={"L": 3})
    assert "notation_bad" not in PAPERS


def _front(text: str) -> str:
    """A sheet's front matter: everything before its first entry section."""
    return text.split("\n## ", 1)[0]


#: A size in a generated size list: the symbol before " = " or " ∈ ", or between "≤"s.
_SIZE_SYMBOL = re.compile(r"(?:^|\(|, |; |probe sizes )([^=∈≤(),;]+?) (?:=|∈) |≤ ([^=≤(),;]+?) ≤")


def _printed_size_symbols(text: str) -> set[str]:
    lists = [ln.split("checked on: ", 1)[1] for ln in _scope_lines(text)]
    lists += re.findall(r"\((?:probe )?sizes ([^)]*(?:\([^)]*\)[^)]*)*)\)", text)
    out = set()
    for part in lists:
        for case in re.findall(r"\((?:[^()]|\([^()]*\))*\)", part) or [part]:
            for a, b in _SIZE_SYMBOL.findall(case.strip("()")):
                out.add((a or b).strip().removeprefix("probe sizes "))
    return {s for s in out if not s.isdigit()}


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_every_size_symbol_a_sheet_prints_is_defined_on_it(key):
    """Sheets printed symbols no paper defines (B, steps, samples, reps, TT-ranks, span M,
    NumPy runs per R, …): the front matter defines each symbol the sheet prints, and
    only those, with its meaning from the claims that use it (one table, SIZE_MEANINGS);
    a paper's declared unnamed symbols keep their own note."""
    from tnverify.references import paper
    from tnverify.report.size_names import SIZE_MEANINGS

    text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
    front = _front(text)
    defined = set(re.findall(r"^  - (.+?): ", front, re.M))
    unnamed = {sym for sym, _ in paper(key).unnamed}
    printed = _printed_size_symbols(text)
    assert printed, key
    missing = {s.replace("\\_", "_") for s in printed} - defined - unnamed
    assert missing == set(), (key, missing)
    assert not defined & unnamed
    body = text[len(front) :]
    for sym in defined:
        assert re.search(rf"(?<![\w|]){re.escape(sym)} (?:=|∈|≤)|≤ {re.escape(sym)}", body), sym
    assert "a size of the check, as the check names it" not in front  # every one is listed
    assert all(v for v in SIZE_MEANINGS.values())


def test_a_symbol_with_two_meanings_on_one_sheet_says_which_is_which():
    text = (ROOT / "docs" / "errata" / "thesis.md").read_text(encoding="utf-8")
    (line,) = [ln for ln in _front(text).splitlines() if ln.startswith("  - n: ")]
    assert "(in `thesis-eq-5.21`)" in line and "(in `thesis-eq-6.8`)" in line
    from tnverify.report.size_names import size_meaning

    # gtm-prop-a.5's B (its corrected twin's larger run) is no batch
    assert size_meaning("B", "gtm-prop-a.5").startswith("the number of random template")
    assert "  - B: the batch size" in _front(text)


def test_the_second_born_machine_of_the_cost_case_is_no_probe():
    """The thesis author read "|V| = 3 …; probe sizes |V| = 1000" against a counterexample
    at |V| = 1000: the further machines the case checks are models, named apart."""
    text = (ROOT / "docs" / "errata" / "thesis.md").read_text(encoding="utf-8")
    (scope,) = [ln for ln in _scope_lines(text) if "max |V| = 1000" in ln]
    assert "max L = 128; probe sizes samples = 16" in scope
    assert "probe sizes |V|" not in text and "probe sizes max |V|" not in text
    assert "  - max |V|: the largest vocabulary size" in _front(text)


@pytest.mark.parametrize("key", ERRATA_PAPERS)
def test_the_legend_says_only_what_its_sheet_uses(key):
    """The legend explains seeds, 0-based indices, probe sizes, readings, the verdict
    words and the labels only where the sheet prints them, in plain sentences, with no
    undefined tool words ("claim registry", "side", "do not edit by hand")."""
    text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
    front, body = _front(text), text[len(_front(text)) :]
    seeds = bool(re.search(r"seed \d", body))
    assert ("A seed is given only where" in front) == seeds, key
    assert ("count from 0" in front) == ("0-based" in body), key
    assert ("1-based" in front) == ("1-based" in body), key
    assert ('"Probe sizes"' in front) == ("probe sizes" in body), key
    assert ('("Reading")' in front) == ("- Reading:" in body), key
    for label in ("Meant", "Correction", "Clarification", "Why"):
        assert (f"**{label}** gives" in front) == (f"**{label}:**" in body), (key, label)
    for word in ("fails", "ill-posed", "holds"):
        assert (f"`{word}` " in front) == (f"`{word}`" in body or f"{word} (`" in body), word
    if "the corrected statement holds (`" in body:
        assert "recorded as a claim of its own, under that id and with its own cases" in front
    for jargon in ("claim registry", "do not edit by hand", " side ", "scheduled", "--seed"):
        assert jargon not in front, (key, jargon)
    assert "regenerated (`tnverify errata --paper " in front
    assert "The small cases run in order and stop at the first case that fails" in front
    assert "the cases of a larger run do the same, separately" in front


def test_the_legend_adapts_to_a_sheet_without_seeds_or_indices():
    """tslm prints no seed and no probe size (its one 0-based index is marked): its legend
    has neither, and explains the index; thesis prints all three."""
    tslm = _front((ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8"))
    assert "seed" not in tslm.lower() and "Probe" not in tslm
    assert "count from 0" in tslm
    thesis = _front((ROOT / "docs" / "errata" / "thesis.md").read_text(encoding="utf-8"))
    assert "A seed is given" in thesis and "count from 0" in thesis and '"Probe sizes"' in thesis


def test_each_kind_has_one_meaning_shown_in_the_counts_table():
    from tnverify.claims.readings import DEFECT_KIND_MEANINGS, DEFECT_KINDS
    from tnverify.report.errata_markdown import md_text

    assert list(DEFECT_KIND_MEANINGS) == list(DEFECT_KINDS)
    assert all(v.strip() for v in DEFECT_KIND_MEANINGS.values())
    for key in ERRATA_PAPERS:
        sheet = build_errata(key, run=False)
        text = render_markdown(sheet)
        assert "| kind | edits | meaning |" in text
        for kind, n in sheet["counts"].items():
            assert f"| {kind} | {n} | {md_text(DEFECT_KIND_MEANINGS[kind])} |" in text


def test_an_entry_with_several_edits_has_its_kind_label_at_the_top():
    text = (ROOT / "docs" / "errata" / "tslm.md").read_text(encoding="utf-8")
    entry = text.split("— `tslm-eq-17`", 1)[1].split("\n\n", 2)[1]
    assert entry.startswith("**Misprint (3 edits).** Verdict `fails`")
    ttlm = (ROOT / "docs" / "errata" / "ttlm.md").read_text(encoding="utf-8")
    assert "**Misprint (4 edits).** Statements: `ttlm-eq16`" in ttlm
    for key in ERRATA_PAPERS:
        sheet = build_errata(key, run=False)
        text = render_markdown(sheet)
        for block in text.split("\n### ")[1:]:
            first = block.split("\n\n", 2)[1]
            assert first.startswith("**"), (key, block[:80])


def test_the_remarks_are_titled_as_observations_not_as_holding_claims():
    from tnverify.report.errata_markdown import REMARKS_TITLE

    assert REMARKS_TITLE == "Remarks (observations not counted as errata)"
    for key in ERRATA_PAPERS:
        text = (ROOT / "docs" / "errata" / f"{key}.md").read_text(encoding="utf-8")
        assert "that hold)" not in text
        assert text.count(f"## {REMARKS_TITLE}") == 1


def test_a_theorem_numbered_by_section_is_placed_by_its_declared_equation():
    """Thm. 4.2.1 is printed between Eq. 4.9 and Eq. 4.10 (the thesis text); its number
    cannot say so. The thesis declares where it sits, and the sentence after it comes
    before the paragraph after Eq. 4.10 and Eq. 4.13 on the sheet."""
    import tnverify
    from tnverify.errors import DTypeError
    from tnverify.references import PAPERS, paper
    from tnverify.report.errata import locator_order

    assert dict(paper("thesis").follows) == {"Thm. 4.2.1": "Eq. 4.9"}
    ids = [e["claims"][0]["id"] for e in build_errata("thesis", run=False)["errata"]]
    i = ids.index
    assert i("thesis-eq-4.7") < i("thesis-sec-4.2.2-glorot") < i("thesis-sec-4.2.2-stability")
    assert i("thesis-sec-4.2.2-stability") < i("thesis-eq-4.13")
    # without the declaration the theorem would sort after every equation of §4.2.2
    plain = sorted(["§4.2.2, after Thm. 4.2.1", "§4.2.2, Eq. 4.13"], key=locator_order)
    assert plain == ["§4.2.2, Eq. 4.13", "§4.2.2, after Thm. 4.2.1"]
    # an undeclared item keeps the old rule; a bad declaration is refused
    follows = {"Thm. 4.2.1": "Eq. 4.9"}
    assert locator_order("§4.2.2, Fig. 4.8", follows) > locator_order("§4.2.2, Eq. 4.13", follows)
    for bad in ({"Eq. 4.2": "Eq. 4.1"}, {"Thm. 4.2.1": "Fig. 4.7"}, {"Thm 4": ""}):
        with pytest.raises(DTypeError):
            tnverify.paper("follows_probe", authors=("A B",), title="T", year=1, follows=bad)
    assert "follows_probe" not in PAPERS
