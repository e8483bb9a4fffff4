"""Tests of the ``tnverify`` command line, in-process on a registry of fake claims."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from tnverify.cli import main
from tnverify.errors import ClaimError
from tnverify.tt_svd import tt_svd

from conftest import FAKE_IDS

AS_EXPECTED = [i for i in FAKE_IDS if i != "fake-error"]


def _run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tnverify: error: ")
    return lines[0]


# -- help --------------------------------------------------------------------------------


def test_help_teaches(capsys):
    code, out, _ = _run(capsys, "--help")
    assert code == 0
    for verdict in ("holds", "fails", "ill-posed", "error", "skipped"):
        assert f"  {verdict} " in out
    assert "exit status:" in out and "  2  usage error" in out
    for cmd in ("verify", "claims", "show", "tt-svd", "figures"):
        assert f"tnverify {cmd}" in out                    # an example per subcommand


@pytest.mark.parametrize("cmd", ["verify", "claims", "show", "tt-svd", "figures"])
def test_subcommand_help_has_examples(capsys, cmd):
    code, out, _ = _run(capsys, cmd, "--help")
    assert code == 0
    assert "examples:" in out and f"tnverify {cmd}" in out


def test_python_m_tnverify_help():
    proc = subprocess.run([sys.executable, "-m", "tnverify", "--help"], capture_output=True,
                          text=True, cwd=Path(__file__).resolve().parents[1], timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "usage: tnverify" in proc.stdout and "exit status:" in proc.stdout


def test_missing_subcommand_is_a_usage_error(capsys):
    code, _, err = _run(capsys)
    assert code == 2 and "required" in err


# -- verify ------------------------------------------------------------------------------


def test_verify_as_expected_exits_0(fake_registry, capsys):
    code, out, err = _run(capsys, "verify", "--claims", *AS_EXPECTED, "--device", "cpu")
    assert code == 0, err
    assert "\x1b[" not in out                              # not a terminal: no control codes
    for cid in AS_EXPECTED:
        assert cid in out
    assert "fake-error" not in out
    assert f"{len(AS_EXPECTED)} claims:" in out and "all as expected" in out


def test_verify_all_with_an_error_exits_1(fake_registry, capsys):
    code, out, _ = _run(capsys, "verify", "--device", "cpu")
    assert code == 1
    assert "1 differ from expected" in out
    assert all(cid in out for cid in FAKE_IDS)


def test_verify_unknown_id_suggests(fake_registry, capsys):
    code, out, err = _run(capsys, "verify", "--claims", "fake-hold", "--device", "cpu")
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert "unknown claim id 'fake-hold'" in line and "did you mean fake-holds" in line


def test_verify_debug_reraises(fake_registry, capsys):
    with pytest.raises(ClaimError, match="unknown claim id"):
        main(["verify", "--claims", "nope", "--debug"])
    with pytest.raises(ClaimError):
        main(["--debug", "verify", "--claims", "nope"])


@pytest.mark.parametrize("args, expected, status", [
    (("--group", "tensor-trains"), ["fake-holds", "fake-error", "fake-skip"], 1),
    (("--paper", "gtm"), ["fake-fails", "fake-ill"], 0),
    (("--paper", "gtm", "--group", "xi-networks"), ["fake-ill"], 0),
    (("--claims", "fake-fails", "fake-holds", "--paper", "thesis"), ["fake-fails"], 0),
])
def test_verify_filters(fake_registry, capsys, tmp_path, args, expected, status):
    report = tmp_path / "r.json"
    code, _, err = _run(capsys, "verify", *args, "--device", "cpu", "--report", str(report))
    assert code == status, err
    ids = [c["id"] for c in json.loads(report.read_text())["claims"]]
    assert ids == expected


def test_verify_no_match_is_a_usage_error(fake_registry, capsys):
    code, _, err = _run(capsys, "verify", "--paper", "grurntn", "--device", "cpu")
    assert code == 2
    assert "no claim matches" in _one_error_line(err)


@pytest.mark.parametrize("option", ["--group", "--paper"])
def test_verify_unknown_group_or_paper(fake_registry, capsys, option):
    code, _, err = _run(capsys, "verify", option, "nonsense")
    # --paper is an argparse choice; --group is checked against the built-in groups and
    # those of loaded plugins (select_claims)
    assert code == 2 and ("invalid choice: 'nonsense'" in err or
                          "unknown group 'nonsense'" in err)


def test_verify_json_report_schema(fake_registry, capsys, tmp_path):
    path = tmp_path / "report.json"
    code, out, _ = _run(capsys, "verify", "--device", "cpu", "--seed", "7", "--report",
                        str(path))
    assert code == 1
    assert f"report written to {path}" in out
    d = json.loads(path.read_text(encoding="utf-8"))
    assert set(d) == {"tnverify_version", "created", "environment", "settings", "claims",
                      "summary"}
    assert set(d["environment"]) == {"python", "numpy", "torch", "device"}
    assert d["settings"] == {"scale": "small", "seed": 7, "device": "cpu"}
    assert d["summary"] == {"holds": 2, "fails": 1, "ill-posed": 1, "error": 1, "skipped": 0}


def test_verify_markdown_report_and_small_only(fake_registry, capsys, tmp_path):
    path = tmp_path / "report.md"
    code, _, _ = _run(capsys, "verify", "--claims", "fake-holds", "fake-ill", "--small-only",
                      "--device", "cpu", "--report", str(path))
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert "| `fake-holds` |" in text and "## `fake-ill`: ill-posed" in text
    assert "reading `b`: **fails**" in text
    assert "## `fake-holds`" not in text


@pytest.mark.parametrize("name", ["missing-dir/r.json", "r.txt"])
def test_verify_bad_report_path_fails_before_running(fake_registry, capsys, tmp_path,
                                                     monkeypatch, name):
    import tnverify.report as report_mod

    ran = []
    monkeypatch.setattr(report_mod, "run_claim", lambda *a, **k: ran.append(a))
    code, out, err = _run(capsys, "verify", "--device", "cpu", "--report",
                          str(tmp_path / name))
    assert code == 2 and out == "" and ran == []
    assert "report" in _one_error_line(err)


def test_verify_cuda_without_gpu(fake_registry, capsys):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    code, out, err = _run(capsys, "verify", "--claims", "fake-holds", "--device", "cuda")
    assert code == 2 and out == ""
    assert "cuda" in _one_error_line(err)


def test_verify_device_auto_resolves(fake_registry, capsys, tmp_path):
    torch = pytest.importorskip("torch")
    path = tmp_path / "r.json"
    code, _, _ = _run(capsys, "verify", "--claims", "fake-holds", "--report", str(path))
    assert code == 0
    expected = "cuda" if torch.cuda.is_available() else "cpu"
    assert json.loads(path.read_text())["settings"]["device"] == expected


# -- claims and show ---------------------------------------------------------------------


def test_claims_table_and_json(fake_registry, capsys):
    code, out, _ = _run(capsys, "claims")
    assert code == 0 and "\x1b[" not in out
    assert all(cid in out for cid in FAKE_IDS) and f"{len(FAKE_IDS)} claims" in out
    code, out, _ = _run(capsys, "claims", "--group", "tensor-trains", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [c["id"] for c in listed] == ["fake-holds", "fake-error", "fake-skip"]
    assert {c["expected"] for c in listed} == {"holds"}
    assert listed[0]["refs"] == [{"paper": "ttlm", "seed": "000_b99eab63e90231ff.txt",
                                  "where": "§1, Eq. 1"}]


def test_show_describes_a_claim(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-ill")
    assert code == 0
    assert "statement: sum x" in out
    assert "gtm Eq. 9 (seed file 004_73e121cce615eb45.txt)" in out
    assert "  - a: sum over t" in out and "expected: ill-posed" in out
    code, out, _ = _run(capsys, "show", "fake-fails")
    assert "corrected_by: fake-holds" in out


def test_show_run_prints_evidence_and_counterexample(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-fails", "--run", "--device", "cpu")
    assert code == 0                                       # fails, as expected
    assert "verdict: fails (expected fails)" in out
    ce = json.loads(out.split("\ncounterexample: ")[1].splitlines()[0])
    assert ce["params"] == {"n": 1} and isinstance(ce["seed"], int)
    assert "error 1.000e+00 vs tolerance" in out


def test_show_run_of_broken_claim_exits_1(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-error", "--run", "--device", "cpu")
    assert code == 1
    assert "error: RuntimeError: boom" in out and "traceback:" in out


def test_show_unknown_id(fake_registry, capsys):
    code, _, err = _run(capsys, "show", "fake-skp")
    assert code == 2 and "did you mean fake-skip" in _one_error_line(err)


# -- tt-svd ------------------------------------------------------------------------------

#: requested accuracy of the TT-SVD runs below (an input, not a comparison tolerance)
EPS = "1e-12"


def _parse(out: str) -> dict:
    return {k.strip(): v.strip() for k, v in
            (ln.split(":", 1) for ln in out.splitlines() if ":" in ln)}


def test_tt_svd_known_ranks(capsys, tmp_path):
    i, j, k = np.indices((3, 4, 5))
    a = i + j + k + 3.0                                    # TT ranks (1, 2, 2, 1)
    np.save(tmp_path / "a.npy", a)
    out_npz = tmp_path / "cores.npz"
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--eps", EPS,
                          "--save", str(out_npz))
    assert code == 0, err
    fields = _parse(out)
    assert fields["TT ranks"] == "(1, 2, 2, 1)"
    assert fields["shape"] == "(3, 4, 5) (60 entries)"
    res = tt_svd(a, eps=float(EPS))
    assert fields["parameters"].startswith(f"{res.tt.n_params} ")
    assert fields["compression"].startswith(f"{60 / res.tt.n_params:.3f}x")
    assert fields["achieved error"].startswith(f"{res.error:.6e}")
    assert float(fields["achieved error"].split()[0]) <= float(fields["bound eps*||A||_F"])
    with np.load(out_npz) as saved:
        cores = [saved[f"core_{n}"] for n in range(3)]
        assert tuple(saved["ranks"]) == (1, 2, 2, 1)
    assert [c.shape for c in cores] == [(1, 3, 2), (2, 4, 2), (2, 5, 1)]
    assert all(np.array_equal(c, g) for c, g in zip(cores, res.cores))


def test_tt_svd_max_rank_notes_the_bound(capsys, tmp_path):
    i, j, k = np.indices((3, 4, 5))
    np.save(tmp_path / "a.npy", i + j + k + 3.0)
    code, out, _ = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--max-rank", "1")
    assert code == 0
    assert _parse(out)["TT ranks"] == "(1, 1, 1, 1)"
    assert "rank cap made the error exceed" in out


@settings(max_examples=10)
@given(shape=st.lists(st.integers(1, 4), min_size=2, max_size=4),
       rank=st.integers(1, 3), seed=st.integers(0, 2**31 - 1))
def test_tt_svd_prints_the_library_ranks(tmp_path_factory, shape, rank, seed):
    from tnverify.tt import random_tt

    rng = np.random.default_rng(seed)
    d = len(shape)
    a = random_tt(tuple(shape), (1,) + (rank,) * (d - 1) + (1,), rng).full()
    path = tmp_path_factory.mktemp("t") / "a.npy"
    np.save(path, a)
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(["tt-svd", str(path), "--eps", EPS])
    assert code == 0
    assert _parse(buf.getvalue())["TT ranks"] == str(tuple(tt_svd(a, eps=float(EPS)).ranks))


@pytest.mark.parametrize("content, message", [
    (b"not a numpy file", "cannot read"),
    (None, "does not exist"),
])
def test_tt_svd_bad_file(capsys, tmp_path, content, message):
    path = tmp_path / "bad.npy"
    if content is not None:
        path.write_bytes(content)
    code, out, err = _run(capsys, "tt-svd", str(path))
    assert code == 2 and out == ""
    assert message in _one_error_line(err)


def test_tt_svd_refuses_pickles_strings_and_bad_eps(capsys, tmp_path):
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "obj.npy"))
    assert code == 2 and "cannot read" in _one_error_line(err)
    np.save(tmp_path / "s.npy", np.array([["a", "b"]]))
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "s.npy"))
    assert code == 2 and "numeric array" in _one_error_line(err)
    np.save(tmp_path / "a.npy", np.ones((2, 2)))
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--eps", "-1")
    assert code == 2 and "eps" in _one_error_line(err)
    np.save(tmp_path / "nan.npy", np.full((2, 2), np.nan))
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "nan.npy"))
    assert code == 2
    _one_error_line(err)


def test_tt_svd_size_limit_before_loading(capsys, tmp_path, monkeypatch):
    np.save(tmp_path / "a.npy", np.zeros((4, 4, 4)))
    monkeypatch.setenv("TNVERIFY_MAX_ENTRIES", "63")
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"))
    assert code == 2 and out == ""
    assert "64" in _one_error_line(err)


def test_tour_runs_its_steps_and_rejects_unknown_ones(capsys):
    from tnverify.cli import main

    assert main(["tour", "--step", "phi", "rac"]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 steps agree" in out
    assert main(["tour", "--step", "nope"]) == 2
    assert "unknown tour step" in capsys.readouterr().err


# -- tool options refused early ---------------------------------------------------------
@pytest.mark.parametrize("extra", [["--samples", "5"], ["--fast"], ["--seed", "3"],
                                   ["--out", "x"], ["ngram-tt-ranks"]])
def test_figures_list_refuses_other_arguments(capsys, extra):
    code, out, err = _run(capsys, "figures", "--list", *extra)
    assert code == 2 and out == ""
    assert "--list takes no other argument" in _one_error_line(err)


def test_tt_svd_save_to_a_missing_directory_fails_before_computing(capsys, tmp_path,
                                                                    monkeypatch):
    np.save(tmp_path / "a.npy", np.ones((2, 3, 2)))

    def no_decomposition(*a, **k):
        raise AssertionError("tt_svd ran before the --save path was checked")

    import sys

    monkeypatch.setattr(sys.modules["tnverify.tt_svd"], "tt_svd", no_decomposition)
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--save",
                          "/nonexistent/x.npz")
    assert code == 2 and out == ""
    assert "'/nonexistent'" in _one_error_line(err) and "does not exist" in err
