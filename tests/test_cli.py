"""Tests of the ``tnverify`` command line, in-process on a registry of fake claims."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import FAKE_IDS
from tnverify.cli import main
from tnverify.tt.svd import tt_svd

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
    for cmd in ("verify", "claims", "show", "site", "tt-svd", "figures"):
        assert f"tnverify {cmd}" in out  # an example per subcommand


@pytest.mark.parametrize("cmd", ["verify", "claims", "show", "site", "tt-svd", "figures"])
def test_subcommand_help_has_examples(capsys, cmd):
    code, out, _ = _run(capsys, cmd, "--help")
    assert code == 0
    assert "examples:" in out and f"tnverify {cmd}" in out


def test_python_m_tnverify_help():
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", "--help"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "usage: tnverify" in proc.stdout and "exit status:" in proc.stdout


def test_no_command_prints_the_help_and_exits_2(capsys):
    code, out, err = _run(capsys)
    assert code == 2 and err == ""
    assert out.startswith("usage: tnverify") and "exit status:" in out and "examples:" in out


# -- verify ------------------------------------------------------------------------------


def test_verify_as_expected_exits_0(fake_registry, capsys):
    code, out, err = _run(capsys, "verify", "--claims", *AS_EXPECTED, "--device", "cpu")
    assert code == 0, err
    assert "\x1b[" not in out  # not a terminal: no control codes
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


@pytest.mark.parametrize(
    "argv", [["verify", "--claims", "nope", "--debug"], ["--debug", "verify", "--claims", "nope"]]
)
def test_verify_debug_prints_the_traceback_and_exits_2(fake_registry, capsys, argv):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert any(ln.startswith("tnverify.errors.ClaimError") for ln in lines)
    assert lines[-1].startswith("tnverify: error: unknown claim id 'nope'")


@pytest.mark.parametrize(
    "args, expected, status",
    [
        (("--topic", "tensor-trains"), ["fake-holds", "fake-error", "fake-skip"], 1),
        (("--paper", "gtm"), ["fake-ill"], 0),
        (("--cites", "gtm"), ["fake-fails", "fake-ill"], 0),
        (("--paper", "gtm", "--topic", "xi-networks"), ["fake-ill"], 0),
        (("--claims", "fake-fails", "fake-holds", "--paper", "thesis"), ["fake-fails"], 0),
    ],
)
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


@pytest.mark.parametrize("option", ["--topic", "--paper"])
def test_verify_unknown_topic_or_paper(fake_registry, capsys, option):
    code, _, err = _run(capsys, "verify", option, "nonsense")
    # both are checked against the declared papers / the topics of the built-in and the
    # loaded plugins' claims (select_claims), after --plugin has declared its own
    what = "topic" if option == "--topic" else "paper key"
    assert code == 2 and f"unknown {what} 'nonsense'" in err


def test_verify_json_report_schema(fake_registry, capsys, tmp_path):
    path = tmp_path / "report.json"
    code, out, _ = _run(capsys, "verify", "--device", "cpu", "--seed", "7", "--report", str(path))
    assert code == 1
    assert f"report written to {path}" in out
    d = json.loads(path.read_text(encoding="utf-8"))
    assert set(d) == {"tnverify_version", "created", "environment", "settings", "claims", "summary"}
    assert set(d["environment"]) == {"python", "numpy", "torch", "device", "threads", "jobs"}
    assert d["settings"] == {
        "scale": "small",
        "seed": 7,
        "device": "cpu",
        "runner": "tnverify verify",
    }
    assert d["summary"] == {"holds": 2, "fails": 1, "ill-posed": 1, "error": 1, "skipped": 0}


def test_verify_markdown_report_and_small_only(fake_registry, capsys, tmp_path):
    path = tmp_path / "report.md"
    code, _, _ = _run(
        capsys,
        "verify",
        "--claims",
        "fake-holds",
        "fake-ill",
        "--small-only",
        "--device",
        "cpu",
        "--report",
        str(path),
    )
    assert code == 0
    text = path.read_text(encoding="utf-8")
    assert "| `fake-holds` |" in text and "## `fake-ill`: ill-posed" in text
    assert "reading `b`: **fails**" in text
    # a holding claim's section is the short one: what it computed, no statement
    held = text.split("## `fake-holds`: holds, as expected", 1)[1].split("\n## ", 1)[0]
    assert "| side | where | compared |" in held and "References:" not in held


@pytest.mark.parametrize("name", ["missing-dir/r.json", "r.txt"])
def test_verify_bad_report_path_fails_before_running(
    fake_registry, capsys, tmp_path, monkeypatch, name
):
    import tnverify.report.table as report_mod

    ran = []
    monkeypatch.setattr(report_mod, "run_claim", lambda *a, **k: ran.append(a))
    code, out, err = _run(capsys, "verify", "--device", "cpu", "--report", str(tmp_path / name))
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
    code, out, _ = _run(capsys, "claims", "--topic", "tensor-trains", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [c["id"] for c in listed] == ["fake-holds", "fake-error", "fake-skip"]
    assert {c["expected"] for c in listed} == {"holds"}
    from tnverify.references import PAPERS

    assert listed[0]["refs"] == [
        {"paper": "ttlm", "citation": PAPERS["ttlm"].citation, "where": "§1, Eq. 1"}
    ]
    assert "arXiv:2405.04590" in listed[0]["refs"][0]["citation"]
    assert ".txt" not in out


def test_show_describes_a_claim(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-ill")
    assert code == 0
    assert "statement: sum x" in out
    # the key, locator and short citation in the references; the full entry once, at the end
    assert "gtm Eq. 9 (Khrulkov, Hrinchuk & Oseledets (2019))" in out
    assert out.count("arXiv:1901.10801") == 1
    assert out.rstrip().splitlines()[-1].startswith("  - gtm: Valentin Khrulkov")
    assert ".txt" not in out
    assert "  - a (admissible): sum over t" in out and "expected: ill-posed" in out
    code, out, _ = _run(capsys, "show", "fake-fails")
    assert "corrected_by: fake-holds" in out


def test_show_run_prints_evidence_and_counterexample(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-fails", "--run", "--device", "cpu")
    assert code == 0  # fails, as expected
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
    return {
        k.strip(): v.strip() for k, v in (ln.split(":", 1) for ln in out.splitlines() if ":" in ln)
    }


def test_tt_svd_known_ranks(capsys, tmp_path):
    i, j, k = np.indices((3, 4, 5))
    a = i + j + k + 3.0  # TT ranks (1, 2, 2, 1)
    np.save(tmp_path / "a.npy", a)
    out_npz = tmp_path / "cores.npz"
    code, out, err = _run(
        capsys, "tt-svd", str(tmp_path / "a.npy"), "--eps", EPS, "--save", str(out_npz)
    )
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
@given(
    shape=st.lists(st.integers(1, 4), min_size=2, max_size=4),
    rank=st.integers(1, 3),
    seed=st.integers(0, 2**31 - 1),
)
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


@pytest.mark.parametrize(
    "content, message",
    [
        (b"not a numpy file", "cannot read"),
        (None, "does not exist"),
    ],
)
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
@pytest.mark.parametrize(
    "extra", [["--samples", "5"], ["--fast"], ["--seed", "3"], ["--out", "x"], ["ngram-tt-ranks"]]
)
def test_figures_list_refuses_other_arguments(capsys, extra):
    code, out, err = _run(capsys, "figures", "--list", *extra)
    assert code == 2 and out == ""
    assert "--list takes no other argument" in _one_error_line(err)


def test_tt_svd_save_to_a_missing_directory_fails_before_computing(capsys, tmp_path, monkeypatch):
    np.save(tmp_path / "a.npy", np.ones((2, 3, 2)))

    def no_decomposition(*a, **k):
        raise AssertionError("tt_svd ran before the --save path was checked")

    import sys

    monkeypatch.setattr(sys.modules["tnverify.tt.svd"], "tt_svd", no_decomposition)
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--save", "/nonexistent/x.npz")
    assert code == 2 and out == ""
    assert "'/nonexistent'" in _one_error_line(err) and "does not exist" in err


# -- interrupts, encodings, tables, progress, options --------------------
def test_ctrl_c_prints_one_line_and_exits_130(fake_registry, capsys, monkeypatch):
    import tnverify.report.table as report_mod

    def interrupted(*a, **k):
        raise KeyboardInterrupt

    monkeypatch.setattr(report_mod, "run_claim", interrupted)
    code, out, err = _run(capsys, "verify", "--claims", "fake-holds", "--device", "cpu")
    assert code == 130 and out == ""
    assert err.strip().splitlines() == ["tnverify: interrupted"]


def test_python_m_tnverify_ctrl_c_exits_130(tmp_path):
    """A real SIGINT while `tnverify figures` computes: one line, status 130."""
    import signal
    import time

    script = tmp_path / "slow.py"
    script.write_text(
        "import time, tnverify.figures as f\n"
        "f.make_figure = lambda *a, **k: time.sleep(60)\n"
        "import sys; from tnverify.cli import main\n"
        "sys.exit(main(['figures', 'ngram-tt-ranks', '--out', sys.argv[1]]))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "f")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 60
    line = ""
    while time.time() < deadline and "computing" not in line:
        line = proc.stderr.readline()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and err.strip().splitlines() == ["tnverify: interrupted"]


def test_claims_accumulate_over_repeated_options(fake_registry, capsys, tmp_path):
    report = tmp_path / "r.json"
    code, _, err = _run(
        capsys,
        "verify",
        "--claims",
        "fake-holds",
        "--claims",
        "fake-skip",
        "fake-ill",
        "--device",
        "cpu",
        "--report",
        str(report),
    )
    assert code == 0, err
    assert [c["id"] for c in json.loads(report.read_text())["claims"]] == [
        "fake-holds",
        "fake-skip",
        "fake-ill",
    ]


def _long_claims(monkeypatch):
    import tnverify.claims as claims_mod
    from conftest import _roundtrip
    from tnverify.claims import Claim, Ref, register

    monkeypatch.setattr(claims_mod, "REGISTRY", {})
    monkeypatch.setattr(claims_mod, "_loaded", True)
    ids = ["thesis-sec-4.2.2-stability-corrected", "thesis-sec-4.2.2-stability-correctec"]
    where = "§4.2.2, the stability paragraph after Eq. 4.31, read together with " * 3
    for cid in ids:
        register(Claim(cid, "x", (Ref("thesis", where),), "tensor-trains", _roundtrip))
    return ids, where


@pytest.mark.parametrize("width", [40, 60, 80, 200])
def test_claim_ids_are_never_cut_on_a_terminal(monkeypatch, width):
    import io

    from rich.console import Console

    from tnverify.claims import get_claim
    from tnverify.report.table import run_claims

    ids, _ = _long_claims(monkeypatch)
    report = run_claims([get_claim(i) for i in ids], progress=False)
    buf = io.StringIO()
    report.print(Console(file=buf, width=width, force_terminal=True, color_system=None))
    text = buf.getvalue()
    for cid in ids:
        assert cid in text  # whole, on one line
    assert "holds" in text  # the verdict column stays


def test_piped_tables_use_a_plain_layout_without_a_width_limit(monkeypatch, capsys):
    ids, where = _long_claims(monkeypatch)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = _run(capsys, "verify", "--device", "cpu", "--small-only")
    assert code == 0
    rows = [ln for ln in out.splitlines() if ln.startswith("thesis-")]
    assert len(rows) == 2  # one line per claim, not wrapped
    for cid, row in zip(ids, rows):
        assert row.split()[0] == cid and where.strip()[-20:] in row and "holds" in row
    code, out, _ = _run(capsys, "claims")
    rows = [ln for ln in out.splitlines() if ln.startswith("thesis-")]
    assert [r.split()[0] for r in rows] == ids


def test_verify_off_a_terminal_prints_progress_lines(fake_registry, capsys, monkeypatch):
    import functools

    import tnverify.cli.console as console_mod
    import tnverify.cli.verify as verify_mod

    code, _, err = _run(capsys, "verify", "--claims", "fake-holds", "fake-skip", "--device", "cpu")
    assert code == 0
    lines = err.strip().splitlines()
    assert lines[0].startswith("[1/2] fake-holds: holds (")
    assert lines[1].startswith("[2/2] fake-skip: holds (")
    # during a long claim a line names its case (here: a line for every case)
    monkeypatch.setattr(
        verify_mod, "LineProgress", functools.partial(console_mod.LineProgress, every=0.0)
    )
    code, _, err = _run(capsys, "verify", "--claims", "fake-holds", "--device", "cpu")
    assert "  ... fake-holds: small case 1/2" in err and "fake-holds: small case 2/2" in err
    assert "fake-holds: scaled case 1/1" in err


def test_verify_log_names_a_case_that_runs_long(fake_registry, capsys, monkeypatch):
    """A line while one case runs (the timer), not only when the next case starts."""
    import functools
    import time

    import tnverify.cli.console as console_mod
    import tnverify.cli.verify as verify_mod
    from tnverify.claims import Claim, Evidence, Ref, register

    def slow(params, rng):
        time.sleep(0.6)
        return Evidence("slow", passed=True)

    register(Claim("fake-slow", "slow", (Ref("ttlm", "§9"),), "tensor-trains", slow))
    monkeypatch.setattr(
        verify_mod, "LineProgress", functools.partial(console_mod.LineProgress, every=0.2)
    )
    code, _, err = _run(capsys, "verify", "--claims", "fake-slow", "--device", "cpu")
    assert code == 0
    lines = err.splitlines()
    assert lines[-1].startswith("[1/1] fake-slow: holds (")
    assert any(ln.startswith("  ... fake-slow: small case 1/1 (") for ln in lines[:-1])


def test_scale_large_on_a_cpu_warns_with_the_sizes(fake_registry, capsys, monkeypatch):
    from conftest import _roundtrip, _scaled_ok
    from tnverify.claims import Claim, Ref, register

    register(
        Claim(
            "fake-big",
            "big",
            (Ref("ttlm", "§9"),),
            "tensor-trains",
            _roundtrip,
            scaled=_scaled_ok,
            scaled_space={"small": ({"n": 2},), "large": ({"n": 3, "V": 33278}, {"n": 5, "V": 10})},
        )
    )
    code, _, err = _run(
        capsys, "verify", "--claims", "fake-big", "--scale", "large", "--device", "cpu"
    )
    assert code == 0
    warning = err.strip().splitlines()[0]
    assert warning.startswith("warning: --scale large runs GPU sizes on the CPU")
    assert "2 large case(s) in 1 claim(s)" in warning and "V up to 33,278" in warning
    assert "n up to 5" in warning
    code, _, err = _run(capsys, "verify", "--claims", "fake-big", "--device", "cpu")
    assert "warning" not in err  # small scale: no warning


def test_error_verdict_shows_its_reason_in_the_table(fake_registry, capsys):
    code, out, _ = _run(capsys, "verify", "--claims", "fake-error", "fake-holds", "--device", "cpu")
    assert code == 1
    row = next(ln for ln in out.splitlines() if ln.startswith("fake-error"))
    assert "RuntimeError: boom" in row
    assert "reason" in out.splitlines()[0]


def test_show_counts_cases_consistently_and_names_a_missing_scaled_side(fake_registry, capsys):
    code, out, _ = _run(capsys, "show", "fake-fails")
    assert "cases: small side 2 cases; no scaled side" in out
    code, out, _ = _run(capsys, "show", "fake-fails", "--run", "--device", "cpu")
    assert "small side: fails (1 of 2 cases run; stopped at the first failing case" in out
    assert "scaled side: none (this claim has no scaled side)" in out
    assert "scaled side: skipped" not in out
    code, out, _ = _run(capsys, "show", "fake-holds", "--run", "--device", "cpu")
    assert "small side: holds (2 of 2 cases run;" in out
    assert "scaled side: holds (1 of 1 case run;" in out
    code, out, _ = _run(capsys, "show", "fake-error", "--run", "--device", "cpu")
    assert "reason: RuntimeError: boom" in out


def test_plugin_claim_with_text_refs_shows_and_reports(fake_registry, capsys, tmp_path):
    import tnverify

    @tnverify.claim("user-text-ref", "a equals a", refs=("my paper, §2",), source="notes")
    def test_text_ref(tnverify_compare):
        tnverify.check(tnverify_compare("1 vs 1", 1.0, 1.0, n=1, scale=1.0))

    code, out, err = _run(capsys, "show", "user-text-ref")
    assert code == 0, err
    assert "notes; my paper, §2" in out
    for name in ("r.md", "r.json"):
        code, _, err = _run(
            capsys,
            "verify",
            "--claims",
            "user-text-ref",
            "--report",
            str(tmp_path / name),
            "--device",
            "cpu",
        )
        assert code == 0, err
    assert "my paper, §2" in (tmp_path / "r.md").read_text(encoding="utf-8")
    (record,) = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["claims"]
    assert (record["id"], record["verdict"], record["refs"]) == ("user-text-ref", "holds", [])


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "thesis-alg-1"],
        ["verify", "--claims", "ttlm-eq2", "--small-only"],
        ["tt-svd", "MISSING.npy"],
    ],
)
def test_a_non_utf8_stdout_does_not_crash(tmp_path, argv):
    import os

    env = dict(os.environ, PYTHONIOENCODING="ascii", OPENBLAS_NUM_THREADS="1")
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", *argv],
        capture_output=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    assert proc.returncode == (2 if argv[0] == "tt-svd" else 0)
    if argv[0] == "show":
        assert b"Require:" in proc.stdout and b"?" in proc.stdout  # unencodable: '?'


def test_subcommand_modules_do_not_import_the_cli_package():
    """No import circle: the subcommand modules import only .console and each other,
    never the package that imports them."""
    import re as _re

    cli_dir = Path(__file__).resolve().parents[1] / "tnverify" / "cli"
    for module in cli_dir.glob("*.py"):
        if module.name == "__init__.py":
            continue
        text = module.read_text(encoding="utf-8")
        assert not _re.search(
            r"^\s*from \. import|^\s*from \.\.cli import|tnverify\.cli import", text, _re.M
        ), module.name
    assert not (cli_dir.parent / "cli_tools.py").exists()


# -- tt-svd: default eps, 1-D, --save, what a bad file is --------------------------------
def _sin_grid():
    i, j, k, l = np.indices((6, 7, 8, 9))
    return np.sin(i + j + k + l)  # TT rank 2 at every cut


def test_tt_svd_default_eps_is_the_rounding_level_and_finds_the_exact_ranks(capsys, tmp_path):
    from tnverify.cli.tt_svd import default_eps
    from tnverify.conventions import tolerance

    np.save(tmp_path / "s.npy", _sin_grid())
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "s.npy"))
    assert code == 0, err
    fields = _parse(out)
    assert fields["TT ranks"] == "(1, 2, 2, 2, 1)"
    eps, rule = default_eps((6, 7, 8, 9))
    assert eps == float(tolerance(np.float64, n=7 * 8 * 9, norm=1.0))  # A_[1] is 6 x 504
    assert fields["eps"].startswith(f"{eps:g} (default: rounding level, {rule})")
    assert float(fields["achieved error"].split()[0]) <= eps * float(fields["||A||_F"])
    code, out, _ = _run(capsys, "tt-svd", str(tmp_path / "s.npy"), "--eps", "0")
    assert _parse(out)["TT ranks"] == str(tuple(tt_svd(_sin_grid(), eps=0.0).ranks))
    assert "eps = 0 keeps every non-zero singular value" in out


def test_tt_svd_help_states_the_default_eps(capsys):
    code, out, _ = _run(capsys, "tt-svd", "--help")
    assert code == 0
    assert "rounding level" in out and "tolerance rule" in out and "--eps 0 keeps" in out


def test_tt_svd_of_a_vector_prints_no_d_minus_1_formula(capsys, tmp_path):
    np.save(tmp_path / "v.npy", np.arange(1.0, 6.0))
    code, out, _ = _run(capsys, "tt-svd", str(tmp_path / "v.npy"))
    assert code == 0
    assert "sqrt(d-1)" not in out and "d - 1" not in out
    assert _parse(out)["delta"].startswith("none: d = 1")
    assert _parse(out)["TT ranks"] == "(1, 1)"


@pytest.mark.parametrize("given, written", [("cores", "cores.npz"), ("c.npz", "c.npz")])
def test_tt_svd_save_prints_the_path_it_writes(capsys, tmp_path, given, written):
    np.save(tmp_path / "a.npy", np.ones((2, 3)))
    code, out, _ = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--save", str(tmp_path / given))
    assert code == 0
    assert f"cores written to {tmp_path / written} " in out
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({"a.npy", written})


@pytest.mark.parametrize("name", ["out.npy", "out.NPZ"])
def test_tt_svd_save_refuses_another_suffix_before_computing(capsys, tmp_path, name):
    np.save(tmp_path / "a.npy", np.ones((2, 3)))
    code, out, err = _run(capsys, "tt-svd", str(tmp_path / "a.npy"), "--save", str(tmp_path / name))
    assert code == 2 and out == ""
    line = _one_error_line(err)
    assert "--save writes an .npz archive" in line and "out.npz" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.npy"]


def test_tt_svd_says_what_a_bad_npy_file_is(capsys, tmp_path):
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "obj.npy"))
    line = _one_error_line(err)
    assert code == 2 and "object array" in line and "refused" in line
    assert "memory-mapped" not in line and "allow_pickle" not in line
    (tmp_path / "text.npy").write_text("1 2 3\n4 5 6\n")
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "text.npy"))
    line = _one_error_line(err)
    assert code == 2 and "not a .npy file" in line and "b'1 2 3\\n4 5 6\\n'" in line
    assert "pickle" not in line
    np.savez(tmp_path / "z.npz", a=np.ones(2))
    (tmp_path / "z.npz").rename(tmp_path / "z.npy")
    code, _, err = _run(capsys, "tt-svd", str(tmp_path / "z.npy"))
    assert code == 2 and ".npz archive" in _one_error_line(err)


# -- figures: options checked, --fast never over full data, progress ---------------------
@pytest.mark.parametrize("value", ["0", "-5", "x"])
def test_figures_samples_must_be_positive_and_the_error_names_it(capsys, value):
    code, out, err = _run(
        capsys, "figures", "gtm-fig-3", "--samples", value, "--out", "/nonexistent-never-written"
    )
    assert code == 2 and out == ""
    assert "argument --samples: must be a positive integer" in err


def test_figures_device_is_restricted_like_verify(capsys):
    code, _, err = _run(capsys, "figures", "gtm-fig-3", "--device", "gpu0")
    assert code == 2 and "argument --device: invalid choice: 'gpu0'" in err


@pytest.mark.parametrize("address", ["notaurl", "http://x:1", "tcp://host", "a b:1"])
def test_figures_scheduler_must_be_an_address(capsys, monkeypatch, address):
    import tnverify.figures as figures_mod

    monkeypatch.setattr(figures_mod, "make_figure", lambda *a, **k: pytest.fail("computed"))
    code, out, err = _run(capsys, "figures", "gtm-fig-3", "--scheduler", address)
    assert code == 2 and out == ""
    assert "--scheduler must be a Dask scheduler address" in _one_error_line(err)


def test_figures_scheduler_accepts_addresses():
    from tnverify.cli.figures import check_scheduler

    for address in ("tcp://127.0.0.1:8786", "host:8786", "tls://sched.example.org:8786"):
        assert check_scheduler(address) == address


def test_figures_fast_never_replaces_full_data(capsys, monkeypatch, tmp_path):
    import tnverify.figures as figures_mod

    made = []
    monkeypatch.setattr(
        figures_mod,
        "make_figure",
        lambda name, out, **k: (
            made.append((name, k["fast"]))
            or (Path(out) / f"{name}.json", Path(out) / f"{name}.png")
        ),
    )
    full = tmp_path / "ngram-tt-ranks.json"
    full.write_text(json.dumps({"figure": "ngram-tt-ranks", "fast": False}))
    code, out, err = _run(capsys, "figures", "ngram-tt-ranks", "--fast", "--out", str(tmp_path))
    assert code == 2 and made == []
    assert "--fast would replace full-size figure data" in _one_error_line(err)
    assert str(full) in err and "--force" in err
    code, _, _ = _run(
        capsys, "figures", "ngram-tt-ranks", "--fast", "--force", "--out", str(tmp_path)
    )
    assert code == 0 and made == [("ngram-tt-ranks", True)]
    full.write_text(json.dumps({"figure": "ngram-tt-ranks", "fast": True}))
    code, _, _ = _run(capsys, "figures", "ngram-tt-ranks", "--fast", "--out", str(tmp_path))
    assert code == 0  # fast over fast: fine
    code, _, err = _run(capsys, "figures", "ngram-tt-ranks", "--force", "--out", str(tmp_path))
    assert code == 2 and "--force only applies with --fast" in err


def test_figures_print_start_finish_and_heartbeat_lines(capsys, monkeypatch, tmp_path):
    import time

    import tnverify.cli.figures as cli_figures
    import tnverify.figures as figures_mod

    def slow(name, out, **k):
        time.sleep(0.35)
        return Path(out) / f"{name}.json", Path(out) / f"{name}.png"

    monkeypatch.setattr(figures_mod, "make_figure", slow)
    monkeypatch.setattr(cli_figures, "HEARTBEAT_SECONDS", 0.1)
    code, out, err = _run(
        capsys, "figures", "ngram-tt-ranks", "born-z-scaling", "--out", str(tmp_path)
    )
    assert code == 0
    lines = err.splitlines()
    assert lines[0] == "[1/2] ngram-tt-ranks: computing ..."
    assert any(ln.startswith("  ... ngram-tt-ranks: still computing (") for ln in lines)
    assert "[2/2] born-z-scaling: computing ..." in lines
    assert lines[-1].startswith("2 figures done in ")
    assert out.splitlines()[0].startswith(
        f"ngram-tt-ranks: data {tmp_path / 'ngram-tt-ranks.json'}, plot "
    )


def test_ctrl_c_stops_the_trial_workers_at_once(tmp_path):
    """Ctrl-C during the process-pool trials of a figure: the queued trials are cancelled
    and the workers stopped (before, shutdown waited for every queued trial)."""
    import os
    import signal
    import time

    script = tmp_path / "trials.py"
    script.write_text(
        "import sys, time\nfrom tnverify.figures.trials import run_trials\n"
        "if __name__ == '__main__':\n    print('start', flush=True)\n"
        "    try:\n        run_trials(time.sleep, [3.0] * 40, workers=2)\n"
        "    except KeyboardInterrupt:\n        sys.exit(130)\n"
    )
    proc = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, start_new_session=True
    )
    assert proc.stdout.readline().strip() == "start"
    time.sleep(4)  # the workers are sleeping
    t0 = time.perf_counter()
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal's Ctrl-C does
    assert proc.wait(timeout=60) == 130
    assert time.perf_counter() - t0 < 15  # not the 40 * 3 / 2 = 60 s queue


def test_show_lists_quoted_readings_defect_remarks_and_the_negative_control():
    from tnverify.claims import Claim, Defect, Evidence, Reading, Ref, run_claim
    from tnverify.claims.compare import compare_values
    from tnverify.cli.show import describe, describe_result

    def check(params, rng):
        return Evidence(
            "two readings",
            readings={
                "printed": compare_values("printed", [1.0], [2.0], n=1),
                "meant": compare_values("meant", [2.0], [2.0], n=1),
            },
        )

    c = Claim(
        id="fake-quoted",
        statement="s",
        refs=(Ref("gtm", "§3, Eq. 9"),),
        topic="tensor-trains",
        small=check,
        expected="fails",
        readings=(
            Reading(
                "printed",
                "as printed",
                admissible=False,
                quote="the words that rule it out",
                where="§3, line 2",
            ),
            Reading("meant", "as meant", quote="the words", where="§3"),
        ),
        defect=Defect("misprint", "x_t", "x_{t+1}", erratum="k"),
        remarks=("a name slip",),
    )
    text = "\n".join(describe(c))
    assert "printed (ruled out): as printed" in text
    assert "ruled out by \u201cthe words that rule it out\u201d (§3, line 2)" in text
    assert "defect: misprint (erratum k)" in text and "meant: x_{t+1}" in text
    assert "a name slip" in text and "Khrulkov" in text
    res = run_claim(c, sides=("small",))
    assert res.verdict == "holds"  # the ruled-out reading does not decide
    shown = "\n".join(describe_result(res))
    assert "ruled-out reading printed (considered, does not decide)" in shown
    assert "negative control (" in shown and "fails, as it must" in shown
