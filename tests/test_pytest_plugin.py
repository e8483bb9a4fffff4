"""The pytest plugin (entry point ``pytest11`` ``tnverify`` → :mod:`pytest_tnverify`): it is
loaded in every pytest session of the environment, so loading it must import nothing of
tnverify (numpy, scipy, the claim registry: about 0.4 s); its fixtures and its claims
section import what they need on use.  The claims section and ``--tnverify-report`` are
tested with users' claims in test_user_claims.py."""

import json
import os
import subprocess
import sys
import textwrap

#: A test file that looks, at the end of its own session, at what the session imported.
#: It names no tnverify fixture, and the directory has no conftest.py.
_PROBE = textwrap.dedent("""
    import sys

    def test_probe(request):
        # the plugin is loaded (its option is registered) ...
        assert request.config.getoption("--tnverify-report") is None
        assert "pytest_tnverify" in sys.modules
        # ... and imported nothing heavy
        heavy = sorted(m for m in sys.modules
                       if m == "numpy" or m == "tnverify" or m.startswith("tnverify."))
        print("HEAVY", heavy)
        assert heavy == []
""")

_USES_FIXTURES = textwrap.dedent("""
    import sys
    import numpy as np

    def test_tolerance(tnverify_tolerance):
        assert tnverify_tolerance(np.float64, n=1, norm=1.0).value > 0

    def test_compare(tnverify_compare):
        ev = tnverify_compare("1 vs 1", np.ones(2), np.ones(2), n=1)
        assert ev.error == 0.0

    def test_oracle(tnverify_oracle):
        assert tnverify_oracle.partition(np.ones((2, 2))) == 4.0
""")


def _pytest(tmp_path, name, source, *args):
    (tmp_path / name).write_text(source, encoding="utf-8")
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1")
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    env.pop("PYTEST_PLUGINS", None)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-s",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            name,
            *args,
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )


def test_loading_the_plugin_imports_neither_numpy_nor_tnverify(tmp_path):
    proc = _pytest(tmp_path, "test_probe.py", _PROBE)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "HEAVY []" in proc.stdout
    assert "tnverify claims" not in proc.stdout  # no claim ran: no claims section


def test_the_fixtures_import_what_they_need_when_a_test_asks(tmp_path):
    report = tmp_path / "r.json"
    proc = _pytest(tmp_path, "test_uses.py", _USES_FIXTURES, "--tnverify-report", str(report))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "3 passed" in proc.stdout
    # no @tnverify.claim test ran: a report of 0 claims (never an older one left in place)
    assert json.loads(report.read_text(encoding="utf-8"))["claims"] == []


def test_a_report_path_in_a_missing_directory_is_a_usage_error_before_any_test(tmp_path):
    proc = _pytest(
        tmp_path,
        "test_uses.py",
        _USES_FIXTURES,
        "--tnverify-report",
        str(tmp_path / "no" / "such" / "r.json"),
    )
    assert proc.returncode == 4, proc.stdout + proc.stderr  # pytest's usage error
    assert "does not exist" in proc.stderr and "INTERNALERROR" not in proc.stdout + proc.stderr
    assert "passed" not in proc.stdout  # nothing ran
