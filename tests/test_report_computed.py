"""Reports that show what was computed, also under pytest-xdist: every check() of a user
claim a part of its own, details tables in the HTML and Markdown reports, a hypothesis
run summarised over its examples, counterexamples with |Δ| / scale, the same report formats from pytest and from ``tnverify verify``, the
``tnverify_rng`` fixture, and a Reproduce line that runs as printed."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tnverify.claims import FAILS, HOLDS, Claim, get_claim, register, run_claim
from tnverify.claims.compare import compare_values
from tnverify.conventions import derive_seed
from tnverify.report import Report
from tnverify.report.claim_sections import claim_section, esc
from tnverify.report.evidence_text import explain_counterexample, failure_text
from tnverify.report.html import report_html
from tnverify.testing.user_claims import LAST_RESULTS, CheckFailed, check, claim


@pytest.fixture(autouse=True)
def _keep_the_summary_clean():
    before = list(LAST_RESULTS)
    yield
    LAST_RESULTS[:] = before


def _rank_per_size(sizes):
    """The rank of the n×n matrix (i·n + j + 1) per size n (1 for n = 1, else 2: an affine
    grid)."""
    return {
        str(n): int(np.linalg.matrix_rank(np.arange(1, n * n + 1, dtype=float).reshape(n, n)))
        for n in sizes
    }


def _report(results):
    return Report(results, {"scale": "small", "seed": 0, "device": "cpu"}, {})


def test_details_entries_appear_in_the_html_and_markdown_reports(fake_registry):
    sizes = (1, 3, 4)
    ranks = _rank_per_size(sizes)

    def small(params, rng):
        return compare_values(
            "a vs a", np.ones(2), np.ones(2), n=1, details={"certified rank per size": ranks}
        )

    register(
        Claim(
            id="fake-details",
            statement="the grid matrix has rank 2",
            refs=(),
            group="fake",
            small=small,
            expected=HOLDS,
            package="fakepkg",
            source="here",
        )
    )
    result = run_claim("fake-details", sides=("small",))
    page = report_html(_report([result]))
    text = _report([result]).to_markdown()
    details = page.split('class="tnv-table tnv-details"', 1)[1].split("</table>", 1)[0]
    row = details.split("certified rank per size", 1)[1].split("</tr>", 1)[0]
    cell = re.search(r"<td>([^<]*)</td>\s*$", row).group(1)
    md = re.search(r"^\| `certified rank per size` \| (.*) \|$", text, re.MULTILINE).group(1)
    # both show the computed ranks, size by size (read back, not matched as a string)
    for shown in (cell, md):
        pairs = dict(p.split(": ") for p in shown.split(", "))
        assert {n: int(r) for n, r in pairs.items()} == ranks == {"1": 1, "3": 2, "4": 2}
    # the generic numbers of compare_values say what they count
    assert "entries compared" in details and "| `entries` (entries compared) | 2 |" in text


def test_every_check_is_a_part_and_the_failing_one_is_named_with_its_numbers(fake_registry):
    @claim("user-two", "both hold", source="test", expected=FAILS)
    def test_two():
        check(compare_values("a vs a", np.ones(2), np.ones(2), n=1).keyed("same"))
        check(compare_values("b vs c", np.array([1.0, 5.0]), np.array([1.0, 2.0]), n=1, scale=4.0))

    test_two()
    ev = LAST_RESULTS[-1].evidence
    assert list(ev.parts) == ["a vs a", "b vs c"] and ev.failing_parts() == ["b vs c"]
    assert ev.part("same").verdict == HOLDS and ev.verdict == FAILS
    ce = ev.counterexample
    # a plain test gets no seed and no parameters: none is invented
    assert ce["params"] == {} and ce["seed"] is None and ce["where"] == "part 'b vs c'"
    message = failure_text(ev)
    assert "error None" not in message and "tolerance None" not in message
    assert "part b vs c" in message and "relative error 0.75 = |5 − 2| / 4" in message
    with pytest.raises(CheckFailed) as info:
        check(ev)
    assert "b vs c" in str(info.value) and "None" not in str(info.value)
    # through the runner: the same parts, and no seed claimed for a test that drew none
    r = run_claim("user-two", sides=("small",))
    assert r.verdict == FAILS and r.counterexample["seed"] is None
    sentence = explain_counterexample(r)[1]
    assert "no seed" in sentence and "|5 − 2| / 4" in sentence


def test_a_hypothesis_claim_is_summarised_over_all_its_examples(fake_registry):
    calls = []

    @claim("user-below-five", "every n is below 5", source="test", expected=FAILS)
    @settings(max_examples=40, database=None)
    @given(n=st.integers(0, 100))
    def test_small(n):
        calls.append(n)
        check(compare_values("n vs min(n, 4)", np.float64(n), np.float64(min(n, 4)), n=1))

    test_small()
    r = LAST_RESULTS[-1]
    d = r.evidence.details
    assert d["examples"] == len(calls) == r.checks and len(calls) > 1
    assert d["failing examples"] == sum(n > 4 for n in calls)
    worst = max(abs(n - min(n, 4)) for n in calls) / float(r.evidence.tolerance)
    assert d["worst err/tol"] == pytest.approx(worst)
    assert d["deciding example"] == {"n": 5} == r.evidence.counterexample["params"]
    assert (
        r.seeds["hypothesis"]
        == d["hypothesis seed"]
        == r.evidence.counterexample["hypothesis_seed"]
    )
    verified = run_claim("user-below-five", sides=("small",))
    page = claim_section(get_claim("user-below-five"), verified)
    vd = verified.small.cases[0].details
    # the numbers beside the labels are the run's own
    # a number cell holds the number in a span that keeps it on one line
    row = (
        r'<code>{}</code> <span class="tnv-rule">\([^<]*\)</span></th>'
        r'<td><span class="tnv-num">{}</span></td>'
    )
    assert re.search(row.format("examples", vd["examples"]), page), page
    assert re.search(row.format("failing examples", vd["failing examples"]), page)
    # the sentence's formulas are typeset (<span class="tnv-math"><i>n</i> = 5</span>):
    # its words are read with the tags removed
    words = re.sub(r"<[^>]+>", "", page)
    assert vd["deciding example"] == {"n": 5} and f"At n = {vd['deciding example']['n']} (" in words


def test_the_counterexample_defines_its_error_by_its_numbers():
    r = run_claim(get_claim("gtm-prop-a.5"), sides=("small",))
    sentence = explain_counterexample(r)[1]
    # the counterexample (an exact 2x2 one since the errata's revision) has scale 1, so
    # the sentence says "absolute error e = |v − ref| (scale 1)"; a scaled one says
    # "relative error e = |v − (ref)| / scale (the scale of that entry ...)"
    m = re.search(
        r"(?:absolute error ([\d.e+-]+) = \|(\S+) − \(?([^|()\s]+)\)?\| "
        r"\(scale (1)\)|relative error ([\d.e+-]+) = \|(\S+) − \(?([^|()\s]+)\)?\| "
        r"/ ([\d.e+-]+) )",
        sentence,
    )
    assert m, sentence
    groups = [g for g in m.groups() if g is not None]
    err, v, ref, scale = (float(x.replace("−", "-")) for x in groups)
    ce = r.counterexample
    assert v == pytest.approx(ce["value"], rel=1e-4)
    assert ref == pytest.approx(ce["reference"], rel=1e-4)
    assert err == pytest.approx(abs(v - ref) / scale, rel=1e-3)
    assert "beyond the tolerance" in sentence and "err/tol" in sentence


def test_an_ill_posed_claims_readings_are_not_a_counterexample():
    r = run_claim(get_claim("thesis-eq-2.11"), sides=("small",))
    page = claim_section(r.claim, r)
    assert r.verdict == "ill-posed"
    assert "<h4>Why it is ill-posed</h4>" in page and "<h4>Counterexample</h4>" not in page
    # the sentence gives each admissible reading's computed outcome
    readings = r.small.cases[0].readings
    assert len(readings) >= 2 and len({e.verdict for e in readings.values()}) == 2
    for name, ev in readings.items():
        assert f"under reading ‘{esc(name)}’ it {ev.verdict}" in page
    held = run_claim(get_claim("ttlm-eq2"), sides=("small",))
    status = claim_section(held.claim, held).split('class="tnv-verdict">', 1)[1]
    assert "as expected ✓" in status and "expected holds, as expected" not in status


# -- the two runners: one report ----------------------------------------------------
_PLUGIN = """
import os
import numpy as np, tnverify
from hypothesis import given, settings, strategies as st
from tnverify.claims.compare import compare_ints

@tnverify.claim("rr-draws", "x = x", source="notes §1")
def test_draws(tnverify_compare, tnverify_rng):
    x = tnverify_rng.normal(size=3)
    with open(os.environ["DRAW_LOG"], "a") as f:
        f.write(" ".join(repr(float(v)) for v in x) + "\\n")
    tnverify.check(tnverify_compare("x vs x", x, x, n=1))
    tnverify.check(compare_ints("ranks", [1, 2, 1], [1, 2, 1]))

@tnverify.claim("rr-second", "the second check fails", source="notes §2", expected="fails")
def test_second(tnverify_compare):
    tnverify.check(tnverify_compare("a vs a", np.ones(2), np.ones(2), n=1,
                                    details={"rank per size": {"4": 3, "5": 4}}))
    tnverify.check(tnverify_compare("b vs c", np.array([1.0, 5.0]), np.array([1.0, 2.0]),
                                    n=1, scale=4.0))

@tnverify.claim("rr-below", "n < 5", source="notes §3", expected="fails")
@settings(max_examples=20, database=None)
@given(n=st.integers(0, 100))
def test_below(n, tnverify_compare):
    tnverify.check(tnverify_compare("n vs min(n, 4)", np.float64(n), np.float64(min(n, 4)),
                                    n=1))

@tnverify.claim("rr-ok", "1 = 1", source="notes §4")
def test_ok(tnverify_compare):
    tnverify.check(tnverify_compare("1 vs 1", 1.0, 1.0, n=1, scale=1.0))
"""
IDS = ["rr-draws", "rr-second", "rr-below", "rr-ok"]


def _env(tmp_path, tag):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", DRAW_LOG=str(tmp_path / f"{tag}.log"))
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    return env


def _pytest(tmp_path, tag, *args):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "test_rr_claims.py",
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path, tag),
    )


def _verify(tmp_path, tag, *args):
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            "test_rr_claims.py",
            "--claims",
            *IDS,
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path, tag),
    )


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runners")
    (tmp / "test_rr_claims.py").write_text(_PLUGIN, encoding="utf-8")
    out = {}
    for suffix in ("json", "md", "html"):
        p = _pytest(
            tmp, f"pytest-{suffix}", "--tnverify-seed", "3", "--tnverify-report", f"p.{suffix}"
        )
        assert p.returncode == 0, p.stdout + p.stderr
        v = _verify(tmp, f"verify-{suffix}", "--seed", "3", "--report", f"v.{suffix}")
        assert v.returncode == 0, v.stdout + v.stderr
        out[suffix] = (
            (tmp / f"p.{suffix}").read_text(encoding="utf-8"),
            (tmp / f"v.{suffix}").read_text(encoding="utf-8"),
        )
    return tmp, out


def test_both_runners_write_the_same_json(runs):
    tmp, out = runs
    p, v = (json.loads(t) for t in out["json"])
    for rep in (p, v):
        assert set(rep) >= {"environment", "settings", "claims", "summary"}
        assert rep["settings"]["seed"] == 3 and rep["environment"]["python"]
        assert rep["summary"] == {"holds": 2, "fails": 2, "ill-posed": 0, "error": 0, "skipped": 0}
    pc = {c["id"]: c for c in p["claims"]}
    vc = {c["id"]: c for c in v["claims"]}
    assert list(pc) == list(vc) == IDS
    for cid in IDS:
        assert pc[cid]["verdict"] == vc[cid]["verdict"]
        assert pc[cid]["small"]["cases"][0]["details"].get("checks") == vc[cid]["small"]["cases"][
            0
        ]["details"].get("checks")
    # the seeds actually used: the same tnverify_rng seed and hypothesis seed in both
    rng_seed = derive_seed(3, "rr-draws", "small", 0)
    for c in (pc, vc):
        assert c["rr-draws"]["small"]["cases"][0]["details"]["tnverify_rng seed"] == rng_seed
    assert (
        pc["rr-below"]["counterexample"]["hypothesis_seed"]
        == vc["rr-below"]["counterexample"]["hypothesis_seed"]
    )
    assert pc["rr-below"]["counterexample"]["params"] == {"n": 5}
    # ... and the same draws
    drawn = {
        (tmp / f"{tag}.log").read_text().split("\n")[0] for tag in ("pytest-json", "verify-json")
    }
    assert len(drawn) == 1
    assert float(next(iter(drawn)).split()[0]) == np.random.default_rng(rng_seed).normal(size=3)[0]
    # per-claim time is measured, not 0.00 for every claim
    assert pc["rr-below"]["seconds"] > 0


def test_both_runners_write_markdown_and_html_with_the_numbers(runs):
    _, out = runs
    for text in out["md"]:
        assert text.startswith("# tnverify report")
        assert "| `rank per size` | 4: 3, 5: 4 |" in text
        assert "relative error 0.75 = |5 − 2| / 4" in text
        assert "part b vs c" in text and "error None" not in text
    p_json, v_json = (json.loads(t) for t in out["json"])
    for page, rep in zip(out["html"], (p_json, v_json)):
        assert page.startswith("<!DOCTYPE html>")
        assert "<td>4: 3, 5: 4</td>" in page
        below = next(c for c in rep["claims"] if c["id"] == "rr-below")
        examples = below["small"]["cases"][0]["details"]["examples"]
        section = page.split('id="claim-rr-below"', 1)[1].split("</section>", 1)[0]
        assert re.search(
            r'<code>examples</code> <span class="tnv-rule">\(hypothesis '
            rf'examples run\)</span></th><td><span class="tnv-num">{examples}</span></td>',
            section,
        ), section
        assert page.count('class="tnv-claim"') == 4


def test_the_reproduce_line_runs_as_printed(runs):
    tmp, out = runs
    page = out["html"][0]
    section = page.split('id="claim-rr-second"', 1)[1]
    command = re.search(r"Reproduce: <code>([^<]+)</code>", section).group(1)
    command = command.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
    argv = shlex.split(command)
    assert argv[:4] == ["tnverify", "verify", "--plugin", "test_rr_claims.py"], argv
    proc = subprocess.run(
        [sys.executable, "-m", *argv[:1], *argv[1:]],
        capture_output=True,
        text=True,
        cwd=tmp,
        env=_env(tmp, "reproduce"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr  # fails, as expected
    assert re.search(r"^rr-second\s+fails", proc.stdout, re.M), proc.stdout


@pytest.mark.parametrize(
    "path, why", [("r.txt", "must end in .json, .md, .html"), ("nodir/r.json", "does not exist")]
)
def test_a_bad_report_path_is_refused_before_the_session_starts(tmp_path, path, why):
    (tmp_path / "test_rr_claims.py").write_text(_PLUGIN, encoding="utf-8")
    proc = _pytest(tmp_path, "bad", "--tnverify-report", path)
    assert proc.returncode == 4, proc.stdout + proc.stderr  # a usage error
    assert why in proc.stderr and "INTERNALERROR" not in proc.stdout + proc.stderr
    assert "passed" not in proc.stdout  # no test ran
    written = [p.name for p in tmp_path.rglob("*") if p.suffix in (".json", ".md", ".html", ".txt")]
    assert written == []


def test_the_report_merges_every_xdist_workers_claims(tmp_path):
    pytest.importorskip("xdist")
    (tmp_path / "test_rr_claims.py").write_text(_PLUGIN, encoding="utf-8")
    proc = _pytest(tmp_path, "xdist", "-n", "2", "--tnverify-report", "x.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rep = json.loads((tmp_path / "x.json").read_text())
    assert [c["id"] for c in rep["claims"]] == IDS  # collection order, not workers'
    assert rep["summary"]["holds"] == 2 and rep["summary"]["fails"] == 2
    second = next(c for c in rep["claims"] if c["id"] == "rr-second")
    assert list(second["small"]["cases"][0]["parts"]) == ["a vs a", "b vs c"]
    for ident in IDS:
        assert re.search(rf"^{ident}\s", proc.stdout, re.M), proc.stdout


def test_a_parametrized_tests_counterexample_records_the_parameters_it_received(fake_registry):
    @claim("user-param", "k = k + 1", source="test", expected=FAILS, register_claim=False)
    def test_k(k, tnverify_compare):
        check(tnverify_compare("k vs k + 1", float(k), float(k + 1), n=1, scale=1.0))

    for k in (3, 7):  # what pytest.mark.parametrize passes, by keyword
        test_k(k=k, tnverify_compare=compare_values)
        ce = LAST_RESULTS[-1].evidence.counterexample
        assert ce["params"] == {"k": k} and ce["seed"] is None
        assert (ce["value"], ce["reference"]) == (float(k), float(k + 1))
