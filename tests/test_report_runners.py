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

_PLUGIN = '''
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
'''
#: the claims in collection order (ru-unreg runs twice)
ORDER = ["ru-rng-given", "ru-hyp", "ru-assert", "ru-unreg", "ru-unreg", "ru-arr"]
REGISTERED = ["ru-rng-given", "ru-hyp", "ru-assert", "ru-arr"]


def _env(tmp, tag):
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", DRAW_LOG=str(tmp / f"{tag}.log"))
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTEST_ADDOPTS", None)
    return env


def _pytest(tmp, tag, *args, files=("test_ru.py",)):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "no:randomly", *files, *args], capture_output=True,
                          text=True, cwd=tmp, env=_env(tmp, tag))


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
    v = subprocess.run([sys.executable, "-m", "tnverify", "verify", "--plugin", "test_ru.py",
                        "--claims", *REGISTERED, "--report", "v.json"], capture_output=True,
                       text=True, cwd=tmp, env=_env(tmp, "verify"))
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
    for cid in REGISTERED:            # whole records, hypothesis claims included
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
    lines = [ln.split()[0] for ln in out["xdist"][1].split("tnverify claims", 1)[1].splitlines()
             if ln.startswith("ru-")]
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
    sections = re.findall(r'<section id="([^"]+)"[^>]*>(.*?)</section>', page, re.S)
    anchors = [a for a, _ in sections]
    assert len(anchors) == len(set(anchors)) == len(ORDER)
    unreg = [body for a, body in sections if a.startswith("claim-ru-unreg")]
    assert [a for a in anchors if a.startswith("claim-ru-unreg")] == \
        ["claim-ru-unreg", "claim-ru-unreg-2"]
    for k, body in zip((1, 2), unreg):
        assert "k differs from k + 1" in body and "notes §7" in body
        cmd = re.search(r"Reproduce[^:]*: <code>([^<]+)</code>", body).group(1)
        argv = shlex.split(html.unescape(cmd))
        assert argv == ["pytest", f"test_ru.py::test_unreg[{k}]"]
        assert "tnverify.testing" not in body
    proc = _pytest(tmp, "reproduce", files=argv[1:])       # it runs as printed
    assert proc.returncode == 0 and re.search(r"^ru-unreg\s+fails", proc.stdout, re.M), \
        proc.stdout + proc.stderr
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
    assert case["parts"]["a plain assert of the test"]["details"]["assertion"] == \
        "plain assert broke"
    line = next(ln for ln in out["serial"][1].splitlines() if ln.startswith("ru-assert"))
    assert "1 check;" in line and line.split("err/tol ")[1].split()[0] == "—"
    row = next(ln for ln in out["md"].splitlines()
               if ln.startswith("| small") and "a plain assert of the test" in ln)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[3] == "fails" and cells[6] == "—"          # err/tol: no comparison
    table = next(ln for ln in out["md"].splitlines() if ln.startswith("| `ru-assert`"))
    assert "exact" not in table


def test_array_details_are_shown_with_their_numbers_in_every_runner(runs):
    _, out = runs
    for page in (out["md"],):
        row = next(ln for ln in page.splitlines() if ln.startswith("| `singular values`"))
        shown = row.split("|")[2].strip()
        assert shown.startswith("[") and shown.endswith("]"), shown
        assert [float(x) for x in shown[1:-1].split(", ")] == pytest.approx([3.0, 1e-17])
