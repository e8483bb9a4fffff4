"""Users' own claims: the @tnverify.claim decorator, tnverify.check, plugin
loading, and the example package installed and run end to end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tnverify
from tnverify.claims import FAILS, HOLDS, load_plugin, run_claim
from tnverify.claims.compare import compare_values
from tnverify.errors import ClaimError, UsageError
from tnverify.testing.user_claims import LAST_RESULTS, CheckFailed, check, claim

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "rank_rnn"


@pytest.fixture(autouse=True)
def _keep_the_summary_clean():
    """The claims made up here must not appear in this suite's "tnverify claims" summary."""
    before = list(LAST_RESULTS)
    yield
    LAST_RESULTS[:] = before


def _ev(value, reference):
    return compare_values(
        "value vs reference", np.asarray(value, float), np.asarray(reference, float), n=1, scale=1.0
    )


def test_a_holding_claim_passes_and_records_its_verdict(fake_registry):
    @claim("user-sum", "a + b = b + a", source="test")
    def test_sum():
        a, b = np.arange(3.0), np.linspace(0, 1, 3)
        check(_ev(a + b, b + a))

    test_sum()
    assert LAST_RESULTS[-1].id == "user-sum" and LAST_RESULTS[-1].verdict == HOLDS
    assert "user-sum" in fake_registry and fake_registry["user-sum"].package == "test_user_claims"


def test_a_failing_claim_expected_to_fail_passes_with_its_counterexample(fake_registry):
    @claim("user-bad", "x = x + 1", source="test", expected=FAILS)
    def test_bad():
        check(_ev([1.0], [2.0]))

    test_bad()
    r = LAST_RESULTS[-1]
    assert r.verdict == FAILS and r.evidence.counterexample["value"] == 1.0


def test_a_verdict_that_differs_from_expected_fails_the_test(fake_registry):
    @claim("user-wrong", "x = x + 1", source="test")
    def test_wrong():
        check(_ev([1.0], [2.0]))

    with pytest.raises(AssertionError, match="computed verdict 'fails', expected 'holds'"):
        test_wrong()


def test_a_test_that_records_nothing_is_an_error(fake_registry):
    @claim("user-empty", "nothing", source="test", register_claim=False)
    def test_empty():
        pass

    with pytest.raises(ClaimError, match="recorded no comparison.*problem in the test"):
        test_empty()


def test_hypothesis_shrinks_the_counterexample_of_a_failing_claim(fake_registry):
    @claim("user-shrink", "every n is below 5", source="test", expected=FAILS)
    @settings(max_examples=50, derandomize=True, database=None)
    @given(n=st.integers(0, 100))
    def test_small(n):
        check(compare_values("n vs min(n, 4)", np.float64(n), np.float64(min(n, 4)), n=1))

    test_small()
    ce = LAST_RESULTS[-1].evidence.counterexample
    assert LAST_RESULTS[-1].verdict == FAILS and "n=5" in ce["example"]


def test_the_registered_claim_runs_through_the_runner_with_a_seeded_hypothesis(fake_registry):
    @claim("user-prop", "sorting is idempotent", source="test")
    @settings(max_examples=10, database=None)
    @given(xs=st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=6))
    def test_sort(xs, tnverify_compare):
        a = np.sort(np.asarray(xs))
        check(tnverify_compare("sort(sort(x)) vs sort(x)", np.sort(a), a, n=1, scale=1e3))

    r1 = run_claim("user-prop", seed=3, sides=("small",))
    r2 = run_claim("user-prop", seed=3, sides=("small",))
    assert r1.verdict == r2.verdict == HOLDS
    assert r1.small.cases[0].details["checks"] == r2.small.cases[0].details["checks"] >= 1


def test_a_claim_needing_a_foreign_fixture_errors_outside_pytest(fake_registry):
    @claim("user-fixture", "needs tmp_path", source="test")
    def test_fx(tmp_path):
        check(_ev([0.0], [0.0]))

    r = run_claim("user-fixture", sides=("small",))
    assert r.verdict == "error"
    assert "tmp_path" in r.small.error_message
    assert "problem in the test" in r.small.error_message


def test_check_outside_a_claim_raises_on_failure_and_rejects_non_evidence():
    assert check(_ev([1.0], [1.0])).verdict == HOLDS
    with pytest.raises(CheckFailed):
        check(_ev([1.0], [3.0]))
    with pytest.raises(ClaimError, match="takes an Evidence"):
        check(True)


def test_external_claims_need_a_source_and_a_kebab_group(fake_registry):
    with pytest.raises(ClaimError, match="give refs or a source"):
        tnverify.claims.Claim(
            id="x-a", statement="s", refs=(), topic="x", small=lambda p, r: None, package="x"
        )
    with pytest.raises(ClaimError, match="kebab-case"):
        tnverify.claims.Claim(
            id="x-a",
            statement="s",
            refs=(),
            topic="Bad Group",
            small=lambda p, r: None,
            package="x",
            source="here",
        )


def test_load_plugin_names_what_is_missing(fake_registry):
    with pytest.raises(UsageError, match="no tnverify plugin 'no_such_plugin_xyz'"):
        load_plugin("no_such_plugin_xyz")
    with pytest.raises(UsageError, match="registered no claim"):
        load_plugin("json")


def test_load_plugin_imports_a_module_and_returns_its_claims(fake_registry, tmp_path, monkeypatch):
    (tmp_path / "myclaims_mod.py").write_text(
        textwrap.dedent("""
        import numpy as np, tnverify
        @tnverify.claim("my-one", "1 = 1", source="here")
        def test_one(tnverify_compare):
            tnverify.check(tnverify_compare("1 vs 1", np.ones(1), np.ones(1), n=1))
    """)
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    got = load_plugin("myclaims_mod")
    assert [c.id for c in got] == ["my-one"] and got[0].package == "myclaims_mod"
    assert [c.id for c in load_plugin("myclaims_mod")] == ["my-one"]  # idempotent
    assert run_claim("my-one", sides=("small",)).verdict == HOLDS


# -- the example package, installed and run end to end ---------------------------------
@pytest.fixture(scope="module")
def installed_example(tmp_path_factory):
    target = tmp_path_factory.mktemp("site")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(target),
            str(EXAMPLE),
        ],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        pytest.fail(f"pip could not install the example package:\n{proc.stderr[-2000:]}")
    # the checkout under test after the example (an editable install may point elsewhere)
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(target), str(ROOT)]), OPENBLAS_NUM_THREADS="1"
    )
    return target, env


def test_example_plugin_runs_in_tnverify_verify(installed_example, tmp_path):
    target, env = installed_example
    report = tmp_path / "r.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            "rank_rnn",
            "--topic",
            "rank-rnn",
            "--report",
            str(report),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    claims = {c["id"]: c for c in json.loads(report.read_text())["claims"]}
    assert claims["rank-rnn-tt-core"]["verdict"] == HOLDS
    assert claims["rank-rnn-reversal"]["verdict"] == FAILS
    assert claims["rank-rnn-reversal"]["package"] == "rank_rnn"
    assert "Failing test case" in claims["rank-rnn-reversal"]["counterexample"]["example"]


def test_example_claims_run_as_pytest_tests_with_the_plugin(installed_example, tmp_path):
    target, env = installed_example
    # the plugin is active through tnverify's pytest11 entry point (no -p needed)
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            str(target / "rank_rnn" / "claims.py"),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "tnverify claims" in proc.stdout
    assert "rank-rnn-reversal  fails" in proc.stdout


def test_strategies_say_how_to_install_hypothesis():
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n    import tnverify.testing.strategies\nexcept ImportError as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "pip install hypothesis" in out and "pip install -e '.[test]'" in out
    assert "tnverify[test]" not in out  # tnverify is not on an index


@pytest.mark.parametrize(
    "body, kind",
    [
        ("def broken(:\n    pass\n", "SyntaxError"),
        ("import tnverify_no_such_dependency_xyz\n", "ModuleNotFoundError"),
    ],
)
def test_a_plugin_whose_import_fails_is_not_reported_missing(
    fake_registry, tmp_path, monkeypatch, body, kind
):
    (tmp_path / "badplugin_mod.py").write_text(body)
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("badplugin_mod", str(tmp_path / "badplugin_mod.py")):
        with pytest.raises(UsageError) as info:
            load_plugin(name)
        msg = str(info.value)
        assert msg.startswith(f"importing plugin {name!r} failed: {kind}: "), msg
        assert "\n" not in msg and "no tnverify plugin" not in msg
        sys.modules.pop("badplugin_mod", None)


def test_a_plugin_with_a_syntax_error_exits_2_from_the_cli(tmp_path):
    (tmp_path / "test_broken_claims.py").write_text("def broken(:\n")
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", "verify", "--plugin", "test_broken_claims.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=dict(os.environ, OPENBLAS_NUM_THREADS="1"),
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "importing plugin 'test_broken_claims.py' failed: SyntaxError" in proc.stderr
    assert "Traceback" not in proc.stderr


_DRAWING_PLUGIN = """
import os
import numpy as np, tnverify
from hypothesis import given, settings, strategies as st

@tnverify.claim("draw-record", "x = x", source="here")
@settings(max_examples=5)
@given(x=st.integers(0, 10**9))
def test_draws(x, tnverify_compare):
    with open(os.environ["DRAW_LOG"], "a") as f:
        f.write(f"{x}\\n")
    tnverify.check(tnverify_compare("x vs x", np.float64(x), np.float64(x), n=1, scale=1.0))
"""


def _draws(tmp_path, seed, tag):
    log = tmp_path / f"draws_{tag}.txt"
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", DRAW_LOG=str(log))
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            "test_draw_claims.py",
            "--topic",
            "test-draw-claims",
            "--seed",
            str(seed),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return log.read_text().split()


def test_verify_plugin_runs_hypothesis_seeded_and_without_the_example_database(tmp_path):
    (tmp_path / "test_draw_claims.py").write_text(_DRAWING_PLUGIN)
    a, b, c = _draws(tmp_path, 1, "a"), _draws(tmp_path, 1, "b"), _draws(tmp_path, 2, "c")
    assert len(a) >= 3 and a == b  # same --seed: the same examples
    assert a != c  # another --seed: other examples
    assert not (tmp_path / ".hypothesis").exists()


def test_the_side_run_restores_the_tests_own_settings(fake_registry):
    @claim("user-restore", "x = x", source="test")
    @settings(max_examples=3, database=None, derandomize=True)
    @given(x=st.integers(0, 5))
    def test_x(x):
        check(_ev([x], [x]))

    before = test_x.__wrapped__._hypothesis_internal_use_settings
    assert run_claim("user-restore", seed=4, sides=("small",)).verdict == HOLDS
    after = test_x.__wrapped__._hypothesis_internal_use_settings
    assert after is before and test_x.__wrapped__._hypothesis_internal_use_seed is None


def test_given_above_claim_is_refused(fake_registry):
    @settings(max_examples=3, database=None)
    @given(x=st.integers(0, 5))
    @claim("user-order", "x = x", source="test", register_claim=False)
    def test_x(x):
        check(_ev([x], [x]))

    n_before = len(LAST_RESULTS)
    with pytest.raises(ClaimError, match="put @tnverify.claim above @given"):
        test_x()
    assert len(LAST_RESULTS) == n_before  # no example was reported as a claim run


def test_tnverify_report_writes_claim_records_like_verify_report(tmp_path):
    (tmp_path / "test_rep_claims.py").write_text(
        textwrap.dedent("""
        import numpy as np, tnverify
        @tnverify.claim("rep-ok", "1 = 1", source="here")
        def test_ok(tnverify_compare):
            tnverify.check(tnverify_compare("1 vs 1", np.ones(1), np.ones(1), n=1))
        @tnverify.claim("rep-bad", "1 = 2", source="here", expected="fails")
        def test_bad(tnverify_compare):
            tnverify.check(tnverify_compare("1 vs 2", np.ones(1), 2 * np.ones(1), n=1))
    """)
    )
    report = tmp_path / "claims.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "test_rep_claims.py",
            "--tnverify-report",
            str(report),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=dict(os.environ, OPENBLAS_NUM_THREADS="1"),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    claims = {c["id"]: c for c in json.loads(report.read_text())["claims"]}
    ok, bad = claims["rep-ok"], claims["rep-bad"]
    assert {"id", "package", "verdict", "expected", "small", "counterexample"} <= set(ok)
    assert ok["verdict"] == HOLDS and ok["package"] == "test_rep_claims"
    assert ok["small"]["verdict"] == HOLDS and ok["small"]["cases"][0]["compared"] == "1 vs 1"
    assert ok["counterexample"] is None
    assert bad["verdict"] == bad["expected"] == FAILS
    assert bad["counterexample"]["value"] == 1.0 and bad["small"]["cases"][0]["verdict"] == FAILS


# -- the tnverify_oracle fixture ------------------------------------------------------
def test_oracle_refuses_a_zero_or_non_finite_partition_function():
    from tnverify.definitions.oracle import Oracle
    from tnverify.errors import DTypeError, NonFiniteError

    o = Oracle()
    assert o.partition(np.zeros((2, 2))) == 0.0
    with pytest.raises(NonFiniteError, match="Z = 0.0"):
        o.probabilities(np.zeros((2, 2)))
    with pytest.raises(NonFiniteError, match="Z = 0.0"):
        o.probabilities(np.array([[1.0, -1.0], [2.0, -2.0]]))
    for bad, z in (
        (np.array([[1.0, np.nan]]), "nan"),
        (np.array([[1.0, np.inf]]), "inf"),
        (np.full((2, 2), 1e308), "inf"),
    ):
        with pytest.raises(NonFiniteError, match=f"Z = {z}"):
            o.partition(bad)
        with pytest.raises(NonFiniteError, match=f"Z = {z}"):
            o.probabilities(bad)
    with pytest.raises(DTypeError, match="numeric"):
        o.partition(np.array([["a", "b"]]))
    with pytest.raises(DTypeError, match="numeric"):
        o.probabilities([[object(), 1.0]])
    with pytest.raises(DTypeError, match="born=True"):
        o.partition(np.ones((2, 2), complex))
    p = o.probabilities(np.array([[1.0, 3.0]]))
    assert p.tolist() == [[0.25, 0.75]]


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "100"])
def test_oracle_validates_max_entries(bad):
    from tnverify.definitions.oracle import Oracle

    with pytest.raises(UsageError, match="max_entries"):
        Oracle(max_entries=bad)
    assert Oracle(max_entries=8).max_entries == 8 and Oracle().max_entries is None


# -- error verdicts listed everywhere, text refs, hints --------
def test_a_claim_whose_test_breaks_is_recorded_as_error_with_its_reason(fake_registry):
    @claim("user-empty-2", "nothing", source="test", register_claim=False)
    def test_empty():
        pass

    with pytest.raises(ClaimError):
        test_empty()
    record = LAST_RESULTS[-1]
    assert (record.id, record.verdict) == ("user-empty-2", "error")
    assert record.details["error"].startswith("ClaimError: the claim's test recorded no comparison")


def test_text_refs_become_the_source_and_bad_refs_are_refused(fake_registry):
    from tnverify.claims import REGISTRY, Ref

    @claim("user-refs", "a = a", refs=("my paper §2", Ref("ttlm", "Eq. 1")), source="notes")
    def test_refs(tnverify_compare):
        check(tnverify_compare("a vs a", 1.0, 1.0, n=1, scale=1.0))

    c = REGISTRY["user-refs"]
    assert c.refs == (Ref("ttlm", "Eq. 1"),) and c.source == "notes; my paper §2"
    with pytest.raises(ClaimError, match=r"refs must be .*Ref objects or strings; got 3"):
        claim("user-bad-refs", "x", refs=(3,), source="s")


def test_a_claim_with_refs_gets_no_test_name_as_a_second_citation(fake_registry):
    """The default ``source`` is the test's name only when nothing says where the
    statement comes from (it was shown after the refs, and as hypothesis's wrapper
    ``accept.<locals>.test_…`` for a hypothesis test)."""
    from tnverify.claims import REGISTRY, Ref
    from tnverify.report.claim_sections import claim_section

    @claim("user-with-ref", "a = a", refs=Ref("ttlm", "Eq. 1"))
    @settings(max_examples=2, database=None)
    @given(x=st.integers(0, 3))
    def test_with_ref(x):
        check(tnverify.compare_ints("x = x", [x], [x]))

    @claim("user-without-ref", "b = b", topic="user-topic")
    @settings(max_examples=2, database=None)
    @given(x=st.integers(0, 3))
    def test_without_ref(x):
        check(tnverify.compare_ints("x = x", [x], [x]))

    assert REGISTRY["user-with-ref"].source == ""
    assert "test_with_ref" not in claim_section(REGISTRY["user-with-ref"])
    source = REGISTRY["user-without-ref"].source
    assert source.endswith(".test_without_ref") and "accept" not in source
    assert "<locals>" not in source


EMPTY_AND_HOLDING = """
import tnverify


@tnverify.claim("mine-holds", "1 = 1", source="notes")
def test_holds(tnverify_compare):
    tnverify.check(tnverify_compare("1 vs 1", 1.0, 1.0, n=1, scale=1.0))


@tnverify.claim("mine-empty", "records nothing", source="notes")
def test_empty():
    pass
"""


def test_pytest_and_verify_list_the_same_claims_with_the_error_reason(tmp_path):
    module = tmp_path / "test_mine.py"
    module.write_text(EMPTY_AND_HOLDING, encoding="utf-8")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(module)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    summary = run.stdout.split("tnverify claims", 1)[1]
    listed = {ln.split()[0]: ln for ln in summary.splitlines()[1:] if ln.startswith("mine-")}
    assert set(listed) == {"mine-holds", "mine-empty"}, run.stdout
    assert "error" in listed["mine-empty"] and "recorded no comparison" in listed["mine-empty"]
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            str(module),
            "--topic",
            "test-mine",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert run.returncode == 1
    rows = {ln.split()[0]: ln for ln in run.stdout.splitlines() if ln.startswith("mine-")}
    assert set(rows) == set(listed)
    assert "recorded no comparison" in rows["mine-empty"]


def _throwaway_plugin_site(site: Path, name: str) -> Path:
    """A site folder holding only the metadata of an installed distribution that declares
    a ``tnverify.claims`` entry point ``name`` (what another tnverify plugin installs)."""
    info = site / f"{name}-0.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0\n")
    (info / "entry_points.txt").write_text(f"[tnverify.claims]\n{name} = {name}.claims\n")
    return site


def _installed_entry_points(env, cwd) -> set:
    """The ``tnverify.claims`` entry points a subprocess with ``env`` sees (whatever else
    is installed on this machine)."""
    code = "from tnverify.claims.plugins import entry_points; print(*sorted(entry_points()))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=cwd, check=True
    ).stdout
    return set(out.split())


@pytest.mark.parametrize("another_plugin", [False, True], ids=["alone", "another-installed"])
def test_an_installed_plugins_topic_without_plugin_names_the_entry_points(
    installed_example, tmp_path, another_plugin
):
    target, env = installed_example
    if another_plugin:  # a second tnverify plugin installed beside the example
        site = _throwaway_plugin_site(tmp_path / "other-site", "zz_other_plugin")
        env = dict(env, PYTHONPATH=os.pathsep.join([env["PYTHONPATH"], str(site)]))
    installed = _installed_entry_points(env, tmp_path)
    assert "rank_rnn" in installed and ("zz_other_plugin" in installed) == another_plugin
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", "verify", "--topic", "rank-rnn"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    (line,) = proc.stderr.strip().splitlines()
    assert "unknown topic 'rank-rnn'" in line
    head, sep, tail = line.partition("not loaded: ")
    assert sep and tail.endswith(" (load one with --plugin NAME)"), line
    named = tail[: -len(" (load one with --plugin NAME)")].split(", ")
    assert named == sorted(installed)  # every installed one, once, in name order


def test_a_given_claims_report_summarises_all_its_examples(fake_registry):
    """A new user's report showed one example (the round-off one) and "1 case" for 25
    examples: the details now say what every example drew and how every check fared."""
    from tnverify.claims.compare import compare_bound
    from tnverify.claims.scope import scope_line

    seen = []

    @claim("user-summary", "a truncated SVD's error is its tail", source="test")
    @settings(max_examples=20, database=None, deadline=None)
    @given(m=st.integers(2, 4), r=st.integers(1, 2), seed=st.integers(0, 99))
    def test_tail(m, r, seed):
        a = np.random.default_rng(seed).standard_normal((m, 3))
        u, s, vt = np.linalg.svd(a, full_matrices=False)
        err = float(np.linalg.norm(a - (u[:, :r] * s[:r]) @ vt[:r]))
        seen.append((m, r, float(np.linalg.norm(s[r:]) - err)))
        check(
            compare_bound(
                "error vs tail",
                err,
                float(np.linalg.norm(s[r:])),
                n=a.size,
                scale=float(np.linalg.norm(a)),
            )
        )

    res = run_claim("user-summary", seed=1, sides=("small",))
    d = res.small.cases[0].details
    assert d["examples"] == len(seen) == 20
    ms = [m for m, _, _ in seen]
    assert d["drawn"]["m"] == f"{min(ms)} to {max(ms)} ({len(set(ms))} distinct values)"
    assert "20 examples (20 hold)" in d["per check"]["error vs tail"]
    assert "margin" in d["per check"]["error vs tail"]
    assert "20 hypothesis examples" in scope_line(res.claim, result=res)
    assert "1 small case" in scope_line(res.claim)  # without the run: the declared space


def test_drawn_kinds_name_arrays_and_networks_by_shape_and_ranks():
    from tnverify.testing.example_summary import drawn_kinds, drawn_summary

    tt = tnverify.random_exact_tt((2, 3, 2), (1, 2, 2, 1), np.random.default_rng(0), bound=2)
    k = drawn_kinds({"tt": tt, "case": (np.zeros((2, 5)), 0.25), "tnverify_rng": None})
    assert k == {
        "tt": "shape (2, 3, 2), ranks (1, 2, 2, 1)",
        "case[0]": "shape (2, 5)",
        "case[1]": 0.25,
    }
    s = drawn_summary([{"drawn": k}, {"drawn": {**k, "case[1]": 0.5}}])
    assert s["tt"] == "shape (2, 3, 2), ranks (1, 2, 2, 1) ×2"
    assert s["case[1]"] == "0.25 to 0.5 (2 distinct values)"


def test_a_counterexamples_long_parameters_are_given_in_full(fake_registry):
    from tnverify.report.evidence_text import explain_counterexample

    @claim("user-long", "no entry exceeds 3", source="test", expected=FAILS)
    @settings(max_examples=30, database=None, derandomize=True)
    @given(xs=st.lists(st.integers(0, 9), min_size=40, max_size=40))
    def test_long(xs):
        check(compare_values("max vs 3", np.float64(max(xs)), np.float64(min(max(xs), 3)), n=1))

    res = run_claim("user-long", sides=("small",))
    rows, sentence = explain_counterexample(res)
    assert res.verdict == FAILS
    xs = res.counterexample["params"]["xs"]
    assert len(xs) == 40 and "listed in full below" in sentence and "(xs)" in sentence
    assert dict(rows)["params: xs"] == json.dumps(xs)


_DEFECT_PLUGIN = """
import numpy as np, tnverify
from tnverify.claims.compare import compare_values

tnverify.paper("dfpaper2025", authors=("A. Author",), title="A paper", year=2025)

@tnverify.claim("df-sum", "1 + 1 = 3", refs=[tnverify.Ref("dfpaper2025", "Eq. 1")],
                expected="fails",
                defect=tnverify.Defect("misprint", printed="1 + 1 = 3", meant="1 + 1 = 2",
                                       why="one and one make two"))
def test_sum():
    tnverify.check(compare_values("1 + 1 vs 3", np.float64(2), np.float64(3), n=1))

@tnverify.claim("df-sum-ok", "1 + 1 = 2", refs=[tnverify.Ref("dfpaper2025", "Eq. 1")])
def test_sum_ok():
    tnverify.check(compare_values("1 + 1 vs 2", np.float64(2), np.float64(2), n=1))

@tnverify.claim("df-sum-ok-control", "1 + 1 = 2.5", control_of="df-sum-ok",
                expected="fails")
def test_sum_control():
    tnverify.check(compare_values("1 + 1 vs 2.5", np.float64(2), np.float64(2.5), n=1))
"""


def test_a_plugin_classifies_its_failure_and_declares_a_semantic_control(tmp_path):
    """A new user could attach no Defect and had to file a control as a claim of the
    paper (charged on its errata sheet) or as a 'paraphrase' of a plugin note."""
    (tmp_path / "dfclaims.py").write_text(_DEFECT_PLUGIN, encoding="utf-8")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    run = lambda *a: subprocess.run(
        [sys.executable, "-m", "tnverify", *a],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    v = run("verify", "--plugin", "dfclaims.py", "--report", "r.html")
    assert v.returncode == 0, v.stdout + v.stderr
    assert "3 claims: 1 holds, 2 fails; all as expected" in v.stdout
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    section = page.split('id="claim-df-sum-ok-control"')[1].split("</section>")[0]
    assert "A semantic control (not a statement of the paper) of df-sum-ok" in section
    assert "paraphrase" not in section
    e = run("errata", "--plugin", "dfclaims.py", "--paper", "dfpaper2025", "--out", "err")
    assert e.returncode == 0, e.stdout + e.stderr
    sheet = (tmp_path / "err" / "dfpaper2025.md").read_text(encoding="utf-8")
    assert "df-sum" in sheet and "one and one make two" in sheet
    assert "Not yet classified" not in sheet and "no recorded defect" not in sheet
    assert "df-sum-ok-control" not in sheet


def test_claim_refuses_a_control_that_should_hold_or_cites_the_paper(fake_registry):
    with pytest.raises(ClaimError, match="must fail: give expected='fails'"):
        claim("x-ctl", "s", control_of="x-a")
    with pytest.raises(ClaimError, match="give it no Ref"):
        claim(
            "x-ctl",
            "s",
            control_of="x-a",
            expected=FAILS,
            refs=[tnverify.claims.Ref("ttlm", "Eq. 3")],
        )
    with pytest.raises(ClaimError, match="defect must be a tnverify.Defect"):
        claim("x-def", "s", source="t", expected=FAILS, defect="misprint")


def test_the_default_source_of_a_given_claim_is_the_tests_own_name(fake_registry):
    @claim("user-named-2", "n + 0 = n")
    @given(n=st.integers(0, 3))
    def test_unnamed(n):
        check(compare_values("n vs n", np.float64(n), np.float64(n), n=1))

    src = tnverify.get_claim("user-named-2").source
    assert src.endswith("test_unnamed") and "<locals>" not in src and "accept" not in src


def test_the_error_column_says_what_the_error_was_divided_by(fake_registry):
    from tnverify.claims.compare import compare_bound
    from tnverify.report.evidence_text import comparison_rows

    @claim("user-units", "2 <= 3 and 2 = 2", source="test")
    def test_units():
        check(compare_bound("two vs three", 2.0, 3.0, n=1, scale=4.0).keyed("bound"))
        check(compare_values("two vs two", np.float64(2), np.float64(2), n=1, scale=8.0))

    res = run_claim("user-units", sides=("small",))
    rows = {r["compared"]: r for r in comparison_rows(res)}
    assert rows["two vs three"]["relative_to"] == "÷ scale 4"
    assert rows["two vs two"]["relative_to"] == "÷ scale 8"
    d = res.small.cases[0].part("bound").details
    assert d["max_scale"] == 4.0 and d["margin"] == (3.0 - 2.0) / 4.0


def test_the_control_of_a_failing_comparison_is_not_called_vacuous():
    from tnverify.report.evidence_text import control_text

    ev = tnverify.compare_ints("TT-SVD ranks vs unfolding ranks", [1], [0])
    assert ev.verdict == FAILS and ev.control.verdict == HOLDS
    text = control_text(ev)
    assert "vacuous" not in text and "not informative here" in text
    ok = tnverify.compare_ints("ranks vs ranks", [1], [1])
    assert control_text(ok).startswith("fails, as it must")
