"""Thread counts and worker processes: tnverify sets its own torch and BLAS
thread counts only in the command line and the test suite, never on import; claims run
in worker processes give the results of one process."""

import json
import os
import subprocess
import sys

import pytest

from tnverify.claims.pool import twin_groups
from tnverify.errors import DTypeError, UsageError
from tnverify.report.table import run_claims
from tnverify.threads import (
    JOBS_ENV,
    THREADS_ENV,
    available_cores,
    resolve_jobs,
    resolve_threads,
    set_threads,
)


def test_resolve_threads_from_the_argument_the_environment_or_one(monkeypatch):
    monkeypatch.delenv(THREADS_ENV, raising=False)
    assert resolve_threads() == 1
    monkeypatch.setenv(THREADS_ENV, "3")
    assert resolve_threads() == 3
    assert resolve_threads(2) == 2
    for bad in (1.5, True, "x", 2.0):
        with pytest.raises(DTypeError):
            resolve_threads(bad)
    for bad in (0, -1):
        with pytest.raises(UsageError):
            resolve_threads(bad)
    for text in ("zero", "0", "1.5"):
        monkeypatch.setenv(THREADS_ENV, text)
        with pytest.raises(UsageError, match=THREADS_ENV):
            resolve_threads()


def test_resolve_jobs_defaults_to_the_available_cores(monkeypatch):
    monkeypatch.delenv(JOBS_ENV, raising=False)
    assert resolve_jobs() == available_cores() >= 1
    monkeypatch.setenv(JOBS_ENV, "5")
    assert resolve_jobs() == 5
    assert resolve_jobs(1) == 1


def test_set_threads_sets_torch_blas_and_the_environment(monkeypatch):
    import torch
    from threadpoolctl import threadpool_info

    before = torch.get_num_threads()
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        monkeypatch.delenv(var, raising=False)
    try:
        assert set_threads(2) == 2
        assert torch.get_num_threads() == 2
        assert os.environ["OMP_NUM_THREADS"] == os.environ["OPENBLAS_NUM_THREADS"] == "2"
        assert all(i["num_threads"] == 2 for i in threadpool_info() if i["user_api"] == "blas")
    finally:
        set_threads(before)


def test_import_tnverify_changes_no_thread_setting():
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
    }
    code = (
        "import os, tnverify, tnverify.claims, tnverify.threads; "
        "print(os.environ.get('OMP_NUM_THREADS'), os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout.split()
    assert out == ["None", "None"]


def test_twins_share_a_worker_group(fake_registry):
    claims = list(fake_registry.values())
    groups = twin_groups(claims)
    ids = [[claims[i].id for i in g] for g in groups]
    # fake-fails is corrected by fake-holds: one group, in the order of the claims
    assert ["fake-holds", "fake-fails"] in ids
    assert sorted(i for g in groups for i in g) == list(range(len(claims)))


def _strip_seconds(d):
    if isinstance(d, dict):
        return {k: _strip_seconds(v) for k, v in d.items() if k != "seconds"}
    if isinstance(d, list):
        return [_strip_seconds(v) for v in d]
    return d


def test_jobs_give_the_results_of_one_process(fake_registry):
    claims = list(fake_registry.values())
    one = run_claims(claims, progress=False, jobs=1, seed=4)
    seen = []
    two = run_claims(
        claims,
        progress=lambda done, total, cid, r: seen.append((done, cid)),
        jobs=2,
        seed=4,
        threads=1,
    )
    assert [r.claim.id for r in two.results] == [c.id for c in claims]
    assert [r.verdict for r in two.results] == [r.verdict for r in one.results]
    assert _strip_seconds([r.to_dict() for r in two.results]) == _strip_seconds(
        [r.to_dict() for r in one.results]
    )
    assert sorted(cid for _, cid in seen) == sorted(c.id for c in claims)
    assert [d for d, _ in seen] == list(range(1, len(claims) + 1))
    assert two.environment["jobs"] == 2 and one.environment["jobs"] == 1
    assert two.to_dict()["environment"]["threads"]["per_process"] == 1


def test_verify_records_jobs_and_threads_in_the_report(tmp_path):
    out = tmp_path / "r.json"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--claims",
            "ttlm-eq2",
            "thesis-alg-1",
            "--jobs",
            "2",
            "--threads",
            "1",
            "--small-only",
            "--report",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    env = json.loads(out.read_text())["environment"]
    assert env["jobs"] == 2
    assert env["threads"]["per_process"] == 1 and env["threads"]["torch"] in (1, None)


_SLOW_PLUGIN = """
import time
import numpy as np
import tnverify

for i in range(12):
    @tnverify.claim(f"slow-{i}", "1 = 1 after a while", source="test", topic="slow")
    def test_slow(tnverify_compare):
        time.sleep(3.0)
        tnverify.check(tnverify_compare("1 vs 1", np.ones(1), np.ones(1), n=1))
"""


def test_ctrl_c_stops_the_claim_workers_at_once(tmp_path):
    """Ctrl-C during verify --jobs 2: exit 130 now, not after the queued claims (the
    workers ignore SIGINT; the parent stops them)."""
    import signal
    import time

    plugin = tmp_path / "test_slow_claims.py"
    plugin.write_text(_SLOW_PLUGIN)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            str(plugin),
            "--topic",
            "slow",
            "--jobs",
            "2",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        start_new_session=True,
    )
    deadline = time.time() + 60
    line = ""
    while "slow-" not in line and time.time() < deadline:  # a first claim finished
        line = proc.stderr.readline()
    t0 = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
    assert proc.wait(timeout=60) == 130
    assert time.perf_counter() - t0 < 10  # not the 12 * 3 / 2 = 18 s queue
