"""The two runners of users' claims write the same records (the review of the reports
branch): pytest serially, pytest under xdist and ``tnverify verify --plugin`` give the
same claim records apart from their timings, in collection order; ``tnverify_rng`` works
in a ``@given`` claim and is fresh for every example; a claim decorated with
``register_claim=False`` keeps its statement and reproduces with pytest; a failed plain
``assert`` is no exact comparison; ``--tnverify-seed`` is validated before the session;
``--tnverify-report`` never leaves an older report in place."""

from __future__ import annotations

import html
import json
import os
import re
import shlex
import subprocess
import sys

import numpy as np
import pytest

from tnverify.conventions import derive_seed
from tnverify.testing.claim_runs import hypothesis_seed

_PLUGIN = """
import os
import numpy as np, pytest, tnverify
from hypothesis import given, settings, strategies as st
from tnverify.claims.compare import compare_values

@tnverify.claim("ru-rng-given", "x + n = n + x", source="notes §5")
@settings(max_examples=6, database=None)
@given(n=st.integers(0, 3))
def test_rng_given(n, tnverify_rng):
    x = tnverify_rng.normal()
    with open(os.environ["DRAW_LOG"], "a") as f:
        f.write(f"{n} {x!r}\\n")
    tnverify.check(compare_values("x + n vs n + x", x + n, n + x, n=1, scale=4.0))

@tnverify.claim("ru-hyp", "n < 5", source="notes §3", expected="fails")
@settings(max_examples=20, database=None)
@given(n=st.integers(0, 100))
def test_hyp(n):
    tnverify.check(compare_values("n vs min(n, 4)", np.float64(n), np.float64(min(n, 4)),
                                  n=1))

@tnverify.claim("ru-assert", "the assert fails", source="notes §6", expected="fails")
def test_assert():
    tnverify.check(compare_values("a vs a", np.ones(2), np.ones(2), n=1))
    assert 1 == 2, "plain assert broke"

@tnverify.claim("ru-unreg", "k differs from k + 1", source="notes §7", expected="fails",
                register_claim=False)
@pytest.mark.parametrize("k", [1, 2])
def test_unreg(k):
    tnverify.check(compare_values("k vs k + 1", float(k), float(k + 1), n=1, scale=1.0))

@tnverify.claim("ru-arr", "array details", source="notes §8")
def test_arr():
    tnverify.check(compare_values("a vs a", np.ones(2), np.ones(2), n=1,
                                  details={"singular values": np.array([3.0, 1e-17])}))
"""
#: the claims in collection order (ru-unreg runs twice)
ORDER = ["ru-rng-given", "ru-hyp", "ru-assert", "ru-unreg", "ru-unreg", "ru-arr"]
REGISTERED = ["ru-rng-given", "ru-hyp", "ru-assert", "ru-arr"]


def _env(tmp, tag):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", DRAW_LOG=str(tmp / f"{tag}.log"))
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _pytest(tmp, tag, *args, files=("test_ru.py",)):
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
            *files,
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=tmp,
        env=_env(tmp, tag),
        check=False,
    )


def _strip(record):
    """A claim record without its timings."""
    out = json.loads(json.dumps(record))
    out.pop("seconds", None)
    for side in ("small", "scaled"):
        out[side].pop("seconds", None)
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("ru")
    (tmp / "test_ru.py").write_text(_PLUGIN, encoding="utf-8")
    out = {}
    for tag, args in (("serial", ()), ("xdist", ("-n", "2"))):
        if tag == "xdist" and not _has_xdist():
            continue
        p = _pytest(tmp, tag, "--tnverify-report", f"{tag}.json", *args)
        assert p.returncode == 0, p.stdout + p.stderr
        out[tag] = (json.loads((tmp / f"{tag}.json").read_text()), p.stdout)
    p = _pytest(tmp, "html", "--tnverify-report", "p.html")
    assert p.returncode == 0, p.stdout + p.stderr
    out["html"] = (tmp / "p.html").read_text(encoding="utf-8")
    p = _pytest(tmp, "md", "--tnverify-report", "p.md")
    assert p.returncode == 0, p.stdout + p.stderr
    out["md"] = (tmp / "p.md").read_text(encoding="utf-8")
    v = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            "test_ru.py",
            "--claims",
            *REGISTERED,
            "--report",
            "v.json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp,
        env=_env(tmp, "verify"),
        check=False,
    )
    assert v.returncode == 0, v.stdout + v.stderr
    out["verify"] = json.loads((tmp / "v.json").read_text())
    return tmp, out


def _has_xdist():
    try:
        import xdist  # noqa: F401
    except ImportError:
        return False
    return True


def test_pytest_and_verify_write_the_same_claim_records(runs):
    _, out = runs
    p, v = out["serial"][0], out["verify"]
    assert [c["id"] for c in p["claims"]] == ORDER
    pc = {c["id"]: _strip(c) for c in p["claims"]}
    vc = {c["id"]: _strip(c) for c in v["claims"]}
    assert list(vc) == REGISTERED
    for cid in REGISTERED:  # whole records, hypothesis claims included
        assert pc[cid] == vc[cid], cid
    # what the records agree on is computed, not empty
    assert pc["ru-hyp"]["counterexample"]["compared"] == "n vs min(n, 4)"
    assert pc["ru-hyp"]["small"]["cases"][0]["seed"] == derive_seed(0, "ru-hyp", "small", 0)
    assert p["settings"]["runner"] == "pytest" and v["settings"]["runner"] == "tnverify verify"


def test_xdist_merges_in_collection_order_with_the_serial_records(runs):
    if "xdist" not in runs[1]:
        pytest.skip("pytest-xdist is not installed")
    _, out = runs
    serial, xdist = out["serial"][0], out["xdist"][0]
    assert [c["id"] for c in xdist["claims"]] == [c["id"] for c in serial["claims"]] == ORDER
    assert [_strip(c) for c in xdist["claims"]] == [_strip(c) for c in serial["claims"]]
    # the two runs of the parametrized claim keep their parameters, in order
    ks = [c["counterexample"]["params"]["k"] for c in xdist["claims"] if c["id"] == "ru-unreg"]
    assert ks == [1, 2]
    assert xdist["environment"]["jobs"] == 2 and serial["environment"]["jobs"] == 1
    lines = [
        ln.split()[0]
        for ln in out["xdist"][1].split("tnverify claims", 1)[1].splitlines()
        if ln.startswith("ru-")
    ]
    assert lines == ORDER


def test_tnverify_rng_in_a_given_claim_is_fresh_for_every_example(runs):
    tmp, out = runs
    rec = next(c for c in out["serial"][0]["claims"] if c["id"] == "ru-rng-given")
    seed = derive_seed(0, "ru-rng-given", "small", 0)
    d = rec["small"]["cases"][0]["details"]
    assert rec["verdict"] == "holds" and d["tnverify_rng seed"] == seed
    assert d["hypothesis seed"] == hypothesis_seed(seed) and d["examples"] >= 2
    want = np.random.default_rng(seed).normal()
    for tag in ("serial", "verify"):
        draws = [ln.split() for ln in (tmp / f"{tag}.log").read_text().splitlines()]
        assert len(draws) == d["examples"] if tag == "serial" else len(draws) >= 2
        # every example draws what a fresh generator of the claim's seed draws first
        assert {float(x) for _, x in draws} == {want}, tag


def test_an_unregistered_claim_keeps_its_statement_and_reproduces_with_pytest(runs):
    tmp, out = runs
    page, text = out["html"], out["md"]
    sections = re.findall(r'<section id="([^"]+)"[^>]*>(.*?)</section>', page, re.DOTALL)
    anchors = [a for a, _ in sections]
    assert len(anchors) == len(set(anchors)) == len(ORDER)
    unreg = [body for a, body in sections if a.startswith("claim-ru-unreg")]
    assert [a for a in anchors if a.startswith("claim-ru-unreg")] == [
        "claim-ru-unreg",
        "claim-ru-unreg-2",
    ]
    for k, body in zip((1, 2), unreg):
        # the statement's formulas are typeset (<i>k</i> + 1): its words, tags removed
        words = re.sub(r"<[^>]+>", "", body)
        assert "k differs from k + 1" in words and "notes §7" in words
        cmd = re.search(r"Reproduce[^:]*: <code>([^<]+)</code>", body).group(1)
        argv = shlex.split(html.unescape(cmd))
        assert argv == ["pytest", f"test_ru.py::test_unreg[{k}]"]
        assert "tnverify.testing" not in body
    proc = _pytest(tmp, "reproduce", files=argv[1:])  # it runs as printed
    assert proc.returncode == 0 and re.search(r"^ru-unreg\s+fails", proc.stdout, re.MULTILINE), (
        proc.stdout + proc.stderr
    )
    assert "1 passed" in proc.stdout
    # the table links each run to its own section
    assert page.count('href="#claim-ru-unreg-2"') == 1
    rec = [c for c in out["serial"][0]["claims"] if c["id"] == "ru-unreg"]
    assert {c["statement"] for c in rec} == {"k differs from k + 1"}
    assert "> k differs from k + 1" in text


def test_a_plain_assert_after_checks_is_counted_apart_and_not_exact(runs):
    _, out = runs
    rec = next(c for c in out["serial"][0]["claims"] if c["id"] == "ru-assert")
    case = rec["small"]["cases"][0]
    assert case["details"]["checks"] == 1
    assert case["compared"] == "1 check and a failed assertion"
    assert list(case["parts"]) == ["a vs a", "a plain assert of the test"]
    assert (
        case["parts"]["a plain assert of the test"]["details"]["assertion"] == "plain assert broke"
    )
    line = next(ln for ln in out["serial"][1].splitlines() if ln.startswith("ru-assert"))
    assert "1 check;" in line and line.split("err/tol ")[1].split()[0] == "—"
    row = next(
        ln
        for ln in out["md"].splitlines()
        if ln.startswith("| small") and "a plain assert of the test" in ln
    )
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[3] == "fails" and cells[6] == "—"  # err/tol: no comparison
    table = next(ln for ln in out["md"].splitlines() if ln.startswith("| `ru-assert`"))
    assert "exact" not in table


def test_array_details_are_shown_with_their_numbers_in_every_runner(runs):
    _, out = runs
    for page in (out["md"],):
        row = next(ln for ln in page.splitlines() if ln.startswith("| `singular values`"))
        shown = row.split("|")[2].strip()
        assert shown.startswith("[") and shown.endswith("]"), shown
        assert [float(x) for x in shown[1:-1].split(", ")] == pytest.approx([3.0, 1e-17])


# -- options and reports of a session --------------------------------------------------
@pytest.mark.parametrize(
    "seed, why", [("-5", "--tnverify-seed must be an integer >= 0"), ("1.5", "invalid int value")]
)
def test_a_bad_tnverify_seed_is_refused_before_the_session_starts(tmp_path, seed, why):
    (tmp_path / "test_ru.py").write_text(_PLUGIN, encoding="utf-8")
    proc = _pytest(tmp_path, "seed", "--tnverify-seed", seed, "--tnverify-report", "r.md")
    assert proc.returncode == 4, proc.stdout + proc.stderr  # a usage error
    assert why in proc.stderr and "Traceback" not in proc.stdout + proc.stderr
    assert "passed" not in proc.stdout and not (tmp_path / "r.md").exists()


def test_claim_seed_refuses_what_verify_refuses():
    from tnverify.errors import DTypeError, UsageError
    from tnverify.testing.user_claims import claim_seed

    assert claim_seed("x", 3) == derive_seed(3, "x", "small", 0)
    for bad in (1.5, True, "3"):  # never cast to 1 or 3
        with pytest.raises(DTypeError, match="seed must be an integer"):
            claim_seed("x", bad)
    with pytest.raises(UsageError, match="seed must be an integer >= 0; got -5"):
        claim_seed("x", -5)
    with pytest.raises(DTypeError, match="claim_id must be a string"):
        claim_seed(123)


_PLAIN = "def test_plain():\n    assert 1 + 1 == 2\n"


def test_a_session_without_claims_replaces_an_older_report(tmp_path):
    (tmp_path / "test_plain.py").write_text(_PLAIN, encoding="utf-8")
    (tmp_path / "r.json").write_text("stale", encoding="utf-8")
    proc = _pytest(tmp_path, "plain", "--tnverify-report", "r.json", files=("test_plain.py",))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rep = json.loads((tmp_path / "r.json").read_text())
    assert rep["claims"] == [] and sum(rep["summary"].values()) == 0
    assert "no @tnverify.claim test ran" in proc.stdout
    empty = _pytest(tmp_path, "empty", "--tnverify-report", "", files=("test_plain.py",))
    assert empty.returncode == 4 and "--tnverify-report" in empty.stderr, empty.stderr


_HEALTH = """
import numpy as np, tnverify
from hypothesis import given, settings, strategies as st
from tnverify.claims.compare import compare_values

@tnverify.claim("ru-tmp", "needs tmp_path", source="notes §9")
@settings(max_examples=2, database=None)
@given(n=st.integers(0, 1))
def test_tmp(n, tmp_path):
    tnverify.check(compare_values("n vs n", float(n), float(n), n=1))
"""


def test_a_claim_that_breaks_before_its_wrapper_is_an_error_record(tmp_path):
    (tmp_path / "test_health.py").write_text(_HEALTH, encoding="utf-8")
    proc = _pytest(tmp_path, "health", "--tnverify-report", "r.json", files=("test_health.py",))
    assert proc.returncode == 1, proc.stdout + proc.stderr  # hypothesis refused it
    assert "function-scoped fixture" in proc.stdout
    rep = json.loads((tmp_path / "r.json").read_text())
    (rec,) = rep["claims"]
    assert rec["id"] == "ru-tmp" and rec["verdict"] == "error"
    assert "FailedHealthCheck" in rec["small"]["error_message"] and rep["summary"]["error"] == 1
    assert re.search(r"^ru-tmp\s+error", proc.stdout, re.MULTILINE), proc.stdout


# -- in one process: rendering ---------------------------------------------------------
@pytest.fixture
def _clean_results():
    from tnverify.testing.user_claims import LAST_RESULTS

    before = list(LAST_RESULTS)
    yield LAST_RESULTS
    LAST_RESULTS[:] = before


def _without_times(text):
    return re.sub(
        r"\d+\.\d\d s|\d{4}-\d\d-\d\dT[\d:.+]+|<td>\d+\.\d\d</td>|\| \d+\.\d\d \|", "T", text
    )


def test_details_render_the_same_serially_and_after_a_workers_round_trip(
    fake_registry, _clean_results
):
    from tnverify import check, claim
    from tnverify.claims.compare import compare_values
    from tnverify.report.evidence_text import LIST_SHOWN, details_tables
    from tnverify.report.html import report_html
    from tnverify.testing.pytest_plugin import (
        result_from_record,
        session_report,
        worker_records,
    )

    values = {
        "singular values": np.array([3.0, 1e-17]),
        "grid": np.arange(6.0).reshape(2, 3),
        "c": np.complex128(1 + 2j),
        "long": np.arange(20),
        "pair": (np.int64(2), 0.5),
    }

    @claim("ru-arr-local", "array details", source="notes §8", register_claim=False)
    def test_arr():
        check(compare_values("a vs a", np.ones(2), np.ones(2), n=1, details=values))

    test_arr()
    local = [_clean_results[-1]]
    received = [result_from_record(worker_records()[-1])]
    assert received[0].statement == "array details" and received[0].source == "notes §8"
    a, b = session_report(local), session_report(received)
    assert _without_times(a.to_markdown()) == _without_times(b.to_markdown())
    assert _without_times(report_html(a)) == _without_times(report_html(b))
    (table,) = details_tables(a.results[0])
    shown = {k: v[0] for k, _, v in table["rows"]}
    assert [float(x) for x in shown["singular values"][1:-1].split(", ")] == pytest.approx(
        [3.0, 1e-17], rel=1e-3
    )
    assert json.loads(shown["grid"]) == values["grid"].tolist()
    assert complex(shown["c"].replace("−", "-")) == 1 + 2j
    head, tail = shown["long"][1:-1].split(", …")
    assert [int(x) for x in head.split(", ")] == list(range(LIST_SHOWN))
    assert tail == " (20 entries)"
    assert shown["pair"] == "[2, 0.5]"


def test_a_claim_that_holds_unexpectedly_gets_its_statement_and_references(fake_registry):
    from tnverify.claims import Claim, register, run_claim
    from tnverify.claims.compare import compare_values
    from tnverify.report import Report

    register(
        Claim(
            id="fake-u-hold",
            statement="one is not one",
            refs=(),
            group="fake",
            small=lambda p, rng: compare_values("1 vs 1", 1.0, 1.0, n=1),
            expected="fails",
            package="fakepkg",
            source="notes §10",
        )
    )
    r = run_claim("fake-u-hold", sides=("small",))
    assert r.verdict == "holds" and not r.as_expected
    text = Report([r], {"scale": "small", "seed": 0, "device": "cpu"}, {}).to_markdown()
    section = text.split("## `fake-u-hold`", 1)[1]
    assert section.startswith(": holds (expected fails)")
    assert "> one is not one" in section and "References: notes §10" in section


def test_show_run_labels_an_ill_posed_claims_readings(capsys):
    from tnverify.claims import get_claim, run_claim
    from tnverify.cli import main

    main(["show", "thesis-eq-2.11", "--run", "--device", "cpu"])
    out = capsys.readouterr().out
    assert "\ncounterexample: " not in out
    shown = json.loads(
        out.split("\nwhy it is ill-posed (the readings' outcomes): ")[1].splitlines()[0]
    )
    r = run_claim(get_claim("thesis-eq-2.11"), sides=("small",))
    assert r.verdict == "ill-posed" and shown["where"] == r.counterexample["where"]


def test_error_formula_of_a_complex_reference_and_of_a_zero_scale():
    from tnverify.claims.compare import compare_values
    from tnverify.report.evidence_text import error_formula

    ev = compare_values("c", np.array([1 + 1j]), np.array([1 + 3j]), n=1)
    text = error_formula(ev)
    assert "|(1+1j) − (1+3j)| (scale 1)" in text and "((" not in text
    assert text.startswith(f"absolute error {abs((1 + 1j) - (1 + 3j)):.3g}")
    zero = compare_values("z", np.array([1.0]), np.array([2.0]), n=1, scale=0.0)
    text = error_formula(zero)
    assert "scale 0: the entry must agree exactly" in text and "as the claim gave it" not in text
    assert f"error {zero.error:.2e}" in text
    given = compare_values("g", np.array([1.0]), np.array([2.0]), n=1, scale=4.0)
    assert f"/ {4:g} (the scale of that entry, as the claim gave it" in error_formula(given)


def test_the_checks_label_says_over_all_examples_only_for_given_runs(fake_registry, _clean_results):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tnverify import check, claim
    from tnverify.claims.compare import compare_values
    from tnverify.report.evidence_text import details_tables
    from tnverify.testing.pytest_plugin import session_report

    @claim("ru-plain", "1 = 1", source="s", register_claim=False)
    def test_plain():
        check(compare_values("1 vs 1", 1.0, 1.0, n=1))

    @claim("ru-given", "n = n", source="s", register_claim=False)
    @settings(max_examples=3, database=None)
    @given(n=st.integers(0, 3))
    def test_given(n):
        check(compare_values("n vs n", float(n), float(n), n=1))

    test_plain()
    test_given()
    rep = session_report(_clean_results[-2:])
    labels = [{k: label for k, label, _ in details_tables(r)[0]["rows"]} for r in rep.results]
    assert labels[0]["checks"] == "tnverify.check() calls recorded"
    assert labels[1]["checks"] == "tnverify.check() calls recorded, over all examples"
    assert (
        rep.results[1].small.cases[0].details["checks"]
        == rep.results[1].small.cases[0].details["examples"]
        >= 1
    )


_FLOAT_PLUGIN = """
import numpy as np, tnverify
from hypothesis import given, settings, strategies as st
from tnverify.testing.strategies import seeds, shapes

@st.composite
def float_tensors(draw):
    shape = draw(shapes(min_dims=3, max_dims=4, min_side=2, max_side=4))
    rng = np.random.default_rng(draw(seeds()))
    decay = draw(st.floats(0.0, 2.0))
    A = rng.standard_normal(shape) * np.exp(-decay * np.arange(shape[0]))[
        (slice(None),) + (None,) * (len(shape) - 1)]
    return A, draw(st.floats(0.05, 0.9))

@tnverify.claim("ru-float", "truncating the first unfolding costs its tail", source="notes §9")
@settings(max_examples=30, deadline=None)
@given(case=float_tensors())
def test_float(case):
    A, eps = case
    s = np.linalg.svd(A.reshape(A.shape[0], -1), compute_uv=False)
    r = max(1, int(np.sum(s > eps * s[0])))
    u, sv, vt = np.linalg.svd(A.reshape(A.shape[0], -1), full_matrices=False)
    B = (u[:, :r] * sv[:r]) @ vt[:r]
    err = float(np.linalg.norm(A.reshape(A.shape[0], -1) - B))
    tnverify.check(tnverify.compare_bound("||A - B|| vs tail", err,
                                          float(np.linalg.norm(s[r:])), n=A.size,
                                          scale=float(np.linalg.norm(A))))
"""


def test_a_float_hypothesis_claim_draws_the_same_examples_in_both_runners(tmp_path):
    """The same seed, the same examples: hypothesis mixes the literals of the imported
    modules into its draws, and the two runners import different modules (a new user's
    Oseledets Thm 2.2 claim drew a 2x2x3 tensor under pytest, a 2x2x2x2 one under
    ``tnverify verify``); both runners now draw without that pool."""
    (tmp_path / "floatclaims.py").write_text(_FLOAT_PLUGIN, encoding="utf-8")
    p = _pytest(tmp_path, "float", "floatclaims.py", "--tnverify-report", "p.json", files=())
    assert p.returncode == 0, p.stdout + p.stderr
    v = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            "floatclaims.py",
            "--report",
            "v.json",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(tmp_path, "verify"),
        check=False,
    )
    assert v.returncode == 0, v.stdout + v.stderr
    pc = json.loads((tmp_path / "p.json").read_text())["claims"][0]
    vc = json.loads((tmp_path / "v.json").read_text())["claims"][0]
    pd, vd = pc["small"]["cases"][0]["details"], vc["small"]["cases"][0]["details"]
    assert pd["hypothesis seed"] == vd["hypothesis seed"]
    assert pd["examples"] == vd["examples"] == 30
    assert pd["worst err/tol"] == vd["worst err/tol"] and pd["worst err/tol"] > 0
    assert pd["deciding example"] == vd["deciding example"]
    assert _strip(pc) == _strip(vc)


def test_a_given_claims_draws_do_not_depend_on_the_imported_modules(tmp_path, monkeypatch):
    """The cause of the runners' different examples, in one process: importing a module
    with literals in the strategy's range (as ``tnverify verify`` imports the built-in
    claims and pytest does not) must not change what a seed draws."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    import tnverify
    from tnverify.claims.compare import compare_values
    from tnverify.testing.claim_runs import run_given

    drawn = []

    @settings(max_examples=40, deadline=None, database=None)
    @given(x=st.floats(0.0, 1.0), k=st.integers(0, 1000))
    def t(x, k):
        drawn.append((x, k))
        tnverify.check(compare_values("x vs x", np.float64(x), np.float64(x), n=1))

    run_given(t, (), {}, 12345)
    first, drawn[:] = list(drawn), []
    consts = ", ".join(f"{i / 997!r}" for i in range(1, 400))
    ints = ", ".join(str(i * 7) for i in range(1, 140))
    (tmp_path / "many_literals_mod.py").write_text(f"F = [{consts}]\nI = [{ints}]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import many_literals_mod  # noqa: F401

    run_given(t, (), {}, 12345)
    assert len(first) == 40 and drawn == first
