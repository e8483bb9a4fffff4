"""Tests of tnverify.report on a fresh registry of fake claims (no real claims needed)."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tnverify.claims as claims_mod
from conftest import FAKE_IDS, make_fake_claims
from tnverify.claims import Claim, Evidence, Ref, register, run_claim
from tnverify.errors import TnverifyError
from tnverify.report.table import (
    ReportFormatError,
    check_report_path,
    environment,
    format_ratio,
    run_claims,
)

# -- run_claims and the Report -------------------------------------------------------------


def test_verdicts_and_summary(fake_registry):
    report = run_claims(list(fake_registry.values()), progress=False)
    verdicts = {r.claim.id: r.verdict for r in report.results}
    assert verdicts == {
        "fake-holds": "holds",
        "fake-fails": "fails",
        "fake-ill": "ill-posed",
        "fake-error": "error",
        "fake-skip": "holds",
    }
    assert report.summary == {"holds": 2, "fails": 1, "ill-posed": 1, "error": 1, "skipped": 0}
    assert [r.claim.id for r in report.differing] == ["fake-error"]
    assert report.all_as_expected is False
    fails = next(r for r in report.results if r.claim.id == "fake-fails")
    assert fails.counterexample["params"] == {"n": 1}  # the smallest failing case
    assert len(fails.small.cases) == 1  # stopped at the first failure
    skip = next(r for r in report.results if r.claim.id == "fake-skip")
    assert skip.scaled.verdict == "skipped"


def test_all_as_expected_without_the_broken_claim(fake_registry):
    chosen = [c for c in fake_registry.values() if c.id != "fake-error"]
    report = run_claims(chosen, seed=3, progress=False)
    assert report.all_as_expected
    assert "all as expected" in report.summary_line()
    assert report.settings == {
        "scale": "small",
        "seed": 3,
        "device": "cpu",
        "runner": "tnverify verify",
    }


def test_progress_callback_sequence(fake_registry):
    calls = []
    chosen = [fake_registry["fake-holds"], fake_registry["fake-fails"]]
    run_claims(
        chosen,
        progress=lambda done, total, cid, res: calls.append(
            (done, total, cid, None if res is None else res.verdict)
        ),
    )
    assert calls == [
        (0, 2, "fake-holds", None),
        (1, 2, "fake-holds", "holds"),
        (1, 2, "fake-fails", None),
        (2, 2, "fake-fails", "fails"),
    ]


def test_small_only_skips_scaled_side(fake_registry):
    report = run_claims([fake_registry["fake-holds"]], progress=False, sides=("small",))
    r = report.results[0]
    assert (r.verdict, r.scaled.verdict, len(r.scaled.cases)) == ("holds", "skipped", 0)


def test_json_schema_exactly_design_section_4(fake_registry, tmp_path):
    report = run_claims(list(fake_registry.values()), progress=False)
    path = report.write(tmp_path / "r.json")
    d = json.loads(path.read_text(encoding="utf-8"))
    assert set(d) == {"tnverify_version", "created", "environment", "settings", "claims", "summary"}
    assert set(d["environment"]) == {"python", "numpy", "torch", "device", "threads", "jobs"}
    assert set(d["settings"]) == {"scale", "seed", "device", "runner"}
    assert d["settings"]["runner"] == "tnverify verify"
    assert set(d["summary"]) == {"holds", "fails", "ill-posed", "error", "skipped"}
    design_claim_keys = {
        "id",
        "statement",
        "refs",
        "verdict",
        "expected",
        "small",
        "scaled",
        "counterexample",
        "corrected_by",
        "seconds",
    }
    for c in d["claims"]:
        assert design_claim_keys <= set(c)
        assert all(set(ref) == {"paper", "citation", "where"} for ref in c["refs"])
    assert [c["id"] for c in d["claims"]] == list(FAKE_IDS)
    assert d["environment"]["numpy"] == np.__version__
    assert d["environment"]["device"] == "cpu"
    assert dt.datetime.fromisoformat(d["created"]).tzinfo is not None
    fails = d["claims"][1]
    assert fails["counterexample"]["seed"] == fails["small"]["cases"][0]["seed"]
    assert fails["corrected_by"] == "fake-holds"
    assert d["summary"]["error"] == 1


def test_environment_does_not_import_torch():
    import importlib.metadata
    import sys

    env = environment("cpu")
    assert env["torch"] == importlib.metadata.version("torch")
    assert env["python"] == ".".join(map(str, sys.version_info[:3]))


def test_markdown_report(fake_registry, tmp_path):
    report = run_claims(list(fake_registry.values()), progress=False)
    text = report.write(tmp_path / "r.md").read_text(encoding="utf-8")
    assert text.startswith("# tnverify report")
    assert "| id | paper | verdict | expected | error/tolerance | seconds |" in text
    rows = [ln for ln in text.splitlines() if ln.startswith("| `fake-")]
    assert len(rows) == len(FAKE_IDS)
    assert r"§2 \| Table 1" in text  # pipes escaped in cells
    # a full section for each claim that did not hold, a short one (what it computed)
    # for each that did
    headings = [ln for ln in text.splitlines() if ln.startswith("## `")]
    assert headings == [
        "## `fake-holds`: holds, as expected",
        "## `fake-fails`: fails (expected fails)",
        "## `fake-ill`: ill-posed (expected ill-posed)",
        "## `fake-error`: error (expected holds)",
        "## `fake-skip`: holds, as expected",
    ]
    assert "reading `a`: **holds**" in text and "reading `b`: **fails**" in text
    assert "RuntimeError: boom" in text
    assert '\n  "params": {"n": 1},\n' in text  # counterexample, compact JSON
    assert "✗ differs" in next(r for r in rows if "fake-error" in r)


@pytest.mark.parametrize("name", ["r.txt", "r", "r.JSONL"])
def test_write_refuses_other_suffixes(fake_registry, tmp_path, name):
    report = run_claims([fake_registry["fake-holds"]], progress=False)
    with pytest.raises(ReportFormatError, match=r"\.json, \.md, \.html") as info:
        report.write(tmp_path / name)
    assert isinstance(info.value, TnverifyError)
    assert not (tmp_path / name).exists()


def test_check_report_path_missing_directory(tmp_path):
    with pytest.raises(ReportFormatError, match="does not exist"):
        check_report_path(tmp_path / "no" / "r.json")
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(ReportFormatError, match="not a writable file"):
        check_report_path(tmp_path / "dir.json")
    assert check_report_path(tmp_path / "ok.md") == tmp_path / "ok.md"


def test_terminal_table_is_plain_when_not_a_terminal(fake_registry, capsys):
    import sys

    from rich.console import Console

    report = run_claims(list(fake_registry.values()), progress=False)
    report.print(Console(file=sys.stdout, width=160))
    out = capsys.readouterr().out
    assert "\x1b[" not in out
    for cid in FAKE_IDS:
        assert cid in out
    assert "✗ differs" in out and "✓" in out
    assert "ttlm §1, Eq. 1" in out
    assert out.strip().splitlines()[-1] == report.summary_line()


def test_format_ratio_columns(fake_registry):
    report = run_claims(list(fake_registry.values()), progress=False)
    cols = {r.claim.id: format_ratio(r) for r in report.results}
    assert cols["fake-error"] == "—"
    assert cols["fake-holds"] == "0"  # error exactly zero
    fails = next(r for r in report.results if r.claim.id == "fake-fails")
    assert cols["fake-fails"] == f"{fails.ratio:.1e}"  # far beyond 1000
    assert fails.ratio > 1


def test_exact_comparison_reads_exact(monkeypatch):
    monkeypatch.setattr(claims_mod, "REGISTRY", {})
    monkeypatch.setattr(claims_mod, "_loaded", True)
    c = register(
        Claim(
            "fake-exact",
            "2 + 2 = 4",
            (Ref("tnverify", "§0"),),
            "tensor-trains",
            lambda p, rng: Evidence("integers", passed=(2 + 2 == 4)),
        )
    )
    assert format_ratio(run_claim(c)) == "exact"


# -- properties ----------------------------------------------------------------------------


@given(
    subset=st.lists(st.sampled_from(FAKE_IDS), min_size=1, max_size=5, unique=True),
    seed=st.integers(0, 2**31 - 1),
)
def test_summary_counts_match_results(subset, seed):
    fakes = {c.id: c for c in make_fake_claims()}
    report = run_claims([fakes[i] for i in subset], seed=seed, progress=False)
    counts = report.summary
    assert sum(counts.values()) == len(subset)
    for verdict, n in counts.items():
        assert n == sum(r.verdict == verdict for r in report.results)
    assert report.all_as_expected == ("fake-error" not in subset)
    d = json.loads(report.to_json())
    assert d["settings"]["seed"] == seed and d["summary"] == counts
    # every recorded case re-runs from its params and seed to the same evidence
    for r in report.results:
        if r.verdict == "error":
            continue
        for params, ev in zip(r.claim.space, r.small.cases):
            again = r.claim.run_small(params, ev.seed)
            assert (again.verdict, again.error) == (ev.verdict, ev.error)


@given(ratio=st.floats(0, 1e6, allow_nan=False))
def test_format_ratio_reads_back(ratio):
    class R:  # minimal stand-in for a ClaimResult
        verdict = "holds"

    R.ratio = ratio
    text = format_ratio(R())
    if ratio == 0:
        assert text == "0"
        return
    # the shown number is the ratio correctly rounded: within half a unit of its last digit
    shown = Decimal(text)
    last_digit = Decimal(1).scaleb(shown.as_tuple().exponent)
    assert abs(shown - Decimal(ratio)) <= last_digit / 2
    assert len(shown.as_tuple().digits) <= 6  # short enough for a column


def test_default_progress_is_silent_off_a_terminal(fake_registry, capsys):
    report = run_claims([fake_registry["fake-holds"]])
    out, err = capsys.readouterr()
    assert (out, err) == ("", "")
    assert report.results[0].verdict == "holds"


def test_default_progress_bar_on_a_terminal(fake_registry, capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich treats stderr as a terminal
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TERM", raising=False)
    from tnverify.report.progress import rich_progress as _rich_progress

    bar, update, on_case = _rich_progress([fake_registry["fake-holds"]])
    assert bar is not None and callable(update) and callable(on_case)
    report = run_claims([fake_registry["fake-holds"], fake_registry["fake-skip"]])
    out, _ = capsys.readouterr()
    assert out == ""  # the bar goes to stderr only
    assert [r.verdict for r in report.results] == ["holds", "holds"]


def test_a_claim_failing_on_an_exact_comparison_does_not_show_a_passing_ratio(monkeypatch):
    """A float part that holds (ratio < 1) must not be the column of a claim that fails
    on an integer part."""
    import numpy as np

    from tnverify.claims import REGISTRY, Claim, Evidence, Ref, register, run_claim
    from tnverify.conventions import tolerance
    from tnverify.report.table import format_ratio

    monkeypatch.setattr("tnverify.claims.REGISTRY", dict(REGISTRY))

    def small(params, rng):
        return Evidence(
            "two parts",
            parts={
                "float": Evidence(
                    "1.0 vs 1.0", error=0.0 + 1e-17, tolerance=tolerance(np.float64, n=1)
                ),
                "int": Evidence("2 + 2 vs 5", passed=False),
            },
        )

    c = register(
        Claim(
            "fake-int-fails",
            "2 + 2 = 5",
            (Ref("tnverify", "§0"),),
            "tensor-trains",
            small,
            expected="fails",
        )
    )
    assert format_ratio(run_claim(c)) == "exact ✗"


# -- thread counts, error reasons, readable Markdown, case progress ---------
def test_environment_records_the_blas_and_torch_thread_counts():
    import sys

    from threadpoolctl import threadpool_info

    threads = environment("cpu")["threads"]
    blas = {
        i["internal_api"]: i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"
    }
    assert threads["blas"] == (blas or None)
    torch = sys.modules.get("torch")
    assert threads["torch"] == (None if torch is None else torch.get_num_threads())


def test_markdown_records_threads_and_the_reason_of_an_error(fake_registry, tmp_path):
    report = run_claims([fake_registry["fake-error"]], progress=False)
    text = report.to_markdown()
    assert "BLAS threads: " in text and "torch threads: " in text
    row = next(ln for ln in text.splitlines() if ln.startswith("| `fake-error`"))
    assert "RuntimeError: boom" in row


def test_case_progress_moves_during_a_claim(fake_registry):
    calls = []
    run_claims(
        [fake_registry["fake-holds"], fake_registry["fake-fails"]],
        progress=False,
        case_progress=lambda *a: calls.append(a),
    )
    assert calls == [
        ("fake-holds", "small", 0, 2),
        ("fake-holds", "small", 1, 2),
        ("fake-holds", "scaled", 0, 1),
        ("fake-fails", "small", 0, 2),
    ]  # stops at its first failure


def _same_readings(params, rng):
    """ill-posed, the same evidence in every case (as thesis-alg-1's)."""
    return Evidence(
        "the printed formula",
        readings={
            "a": Evidence("reading a", passed=True),
            "b": Evidence("reading b", passed=False),
        },
        ill_posed="the printed sum has no range",
    )


def _repeating_claim(monkeypatch):
    monkeypatch.setattr(claims_mod, "REGISTRY", {})
    monkeypatch.setattr(claims_mod, "_loaded", True)
    return register(
        Claim(
            "fake-steps",
            'Require: "A". Ensure: "B". Steps, as printed: 1. "one." 2. "two."\nsecond paragraph',
            (Ref("thesis", "Alg. 1"),),
            "tensor-trains",
            _same_readings,
            space=({}, {}, {}),
            expected="ill-posed",
            readings={"a": "x", "b": "y"},
        )
    )


def test_markdown_sections_say_each_line_once_with_case_labels(monkeypatch):
    c = _repeating_claim(monkeypatch)
    text = run_claims([c], progress=False).to_markdown()
    section = text.split("## `fake-steps`", 1)[1]
    body = [ln for ln in section.splitlines() if ln.startswith("- ")]
    assert len(body) == len(set(body)) == 3  # ill-posed, reading a, reading b
    assert all(ln.startswith("- small side, all 3 cases: ") for ln in body)
    quote = [ln.rstrip() for ln in section.splitlines() if ln.startswith(">")]
    assert all(ln.endswith("  ") for ln in section.splitlines()[2:7])  # hard line breaks
    assert quote == [
        '> Require: "A".',
        '> Ensure: "B".',
        "> Steps, as printed:",
        '> 1. "one."',
        '> 2. "two."',
        "> second paragraph",
    ]


def test_counterexample_json_is_compact_and_valid(fake_registry):
    report = run_claims([fake_registry["fake-fails"]], progress=False)
    text = report.to_markdown()
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == json.loads(
        json.dumps(report.results[0].to_dict()["counterexample"])
    )
    assert len(block.splitlines()) == len(json.loads(block)) + 2  # a line per key
