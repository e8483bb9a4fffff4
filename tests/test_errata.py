"""Errata sheets (issue #13): built from the registry, one per paper, never stale."""

import json
from pathlib import Path

import pytest

from tnverify.report.errata import ERRATA_PAPERS, build_errata, render_markdown, write_errata
from tnverify.errors import UsageError

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
        listed = [c["id"] for e in sheet["errata"] for c in e["claims"]]
        listed += sheet["without_defect"]
        want = [c.id for c in all_claims()
                if c.id.split("-")[0] == key and c.expected != HOLDS]
        assert sorted(listed) == sorted(want)
        assert len(listed) == len(set(listed))
        text = render_markdown(sheet)
        assert sheet["paper"]["citation"] in text and ".txt" not in text


def test_shared_errata_are_listed_once(monkeypatch):
    import dataclasses

    from tnverify.claims import REGISTRY, Defect, all_claims
    claims = [c for c in all_claims() if c.id.startswith("thesis-") and c.expected == "fails"][:2]
    shared = Defect("misprint", "printed p", "meant m", erratum="shared-x")
    for c in claims:
        monkeypatch.setitem(REGISTRY, c.id, dataclasses.replace(c, defect=shared))
    sheet = build_errata("thesis", run=False)
    entries = [e for e in sheet["errata"] if e["erratum"] == "shared-x"]
    assert len(entries) == 1 and {c["id"] for c in entries[0]["claims"]} == {c.id for c in claims}


def test_json_sheet_round_trips(tmp_path):
    (path,) = write_errata(tmp_path, "gtm", fmt="json", run=False)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["paper"]["key"] == "gtm" and data["paper"]["arxiv"] == "1901.10801"


def test_cli_errata_errors_are_one_line_with_exit_2(tmp_path, capsys):
    from tnverify.cli import main
    assert main(["errata", "--paper", "nope"]) == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'nope'" in err
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
            f"docs/errata/{key}.md is stale: run `tnverify errata --out docs/errata`")
