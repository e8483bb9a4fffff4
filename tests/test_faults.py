"""Results survive faults: atomic writes (tnverify.files) in every writer, a
full disk's error naming the file, no torn file under two concurrent writers, a figure's
JSON and PNG replaced together, the --fast/--samples guards, a dead worker of
``verify --jobs 2`` and a plugin that calls sys.exit at import."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tnverify import files
from tnverify.cli import main
from tnverify.errors import DTypeError, UsageError, WriteError

ROOT = Path(__file__).resolve().parents[1]


def _enospc(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _entries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- tnverify.files ---------------------------------------------------------------------
def test_an_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "r.json"
    target.write_text("old")
    os.chmod(target, 0o640)
    assert files.write_text(target, "new contents") == target
    assert target.read_text() == "new contents"
    assert _entries(tmp_path) == ["r.json"]
    assert target.stat().st_mode & 0o777 == 0o640  # the old file's permissions


def test_a_full_disk_names_the_file_keeps_the_old_one_and_removes_the_temporary(
    tmp_path, monkeypatch
):
    target = tmp_path / "r.json"
    target.write_text("the older report")
    monkeypatch.setattr(files.os, "write", _enospc)
    with pytest.raises(WriteError) as info:
        files.write_text(target, "x" * 10_000)
    assert str(info.value) == f"could not write {target}: No space left on device"
    assert info.value.errno == errno.ENOSPC and info.value.filename == str(target)
    assert isinstance(info.value, OSError)
    assert target.read_text() == "the older report"
    assert _entries(tmp_path) == ["r.json"]


def test_a_failed_move_keeps_the_old_file_and_removes_the_temporary(tmp_path, monkeypatch):
    target = tmp_path / "fig.png"
    target.write_bytes(b"old picture")
    monkeypatch.setattr(files.os, "replace", _enospc)
    with pytest.raises(WriteError, match=r"could not write .*fig\.png: No space left"):
        files.write_bytes(target, b"new picture")
    assert target.read_bytes() == b"old picture" and _entries(tmp_path) == ["fig.png"]


def test_bad_paths_and_contents_are_refused():
    with pytest.raises(DTypeError, match="str or os.PathLike"):
        files.write_text(3, "x")
    with pytest.raises(DTypeError, match="must be bytes"):
        files.write_bytes("a.bin", "text")
    with pytest.raises(DTypeError, match="text must be a str"):
        files.write_text("a.txt", b"bytes")


def test_a_missing_folder_is_a_write_error_naming_the_file(tmp_path):
    with pytest.raises(WriteError, match=r"could not write .*nowhere/r\.json: No such file"):
        files.write_text(tmp_path / "nowhere" / "r.json", "x")


def test_files_written_together_change_together_or_not_at_all(tmp_path, monkeypatch):
    a, b = tmp_path / "f.json", tmp_path / "f.png"
    a.write_text("old json")
    b.write_bytes(b"old png")
    real_write, calls = os.write, []

    def second_write_fails(fd, data):  # the PNG's temporary file hits a full disk
        calls.append(fd)
        if len(calls) > 1:
            _enospc()
        return real_write(fd, data)

    monkeypatch.setattr(files.os, "write", second_write_fails)
    with pytest.raises(WriteError, match=r"could not write .*f\.png: No space left"):
        files.write_together({a: b"new json", b: b"new png"})
    assert (a.read_text(), b.read_bytes()) == ("old json", b"old png")
    assert _entries(tmp_path) == ["f.json", "f.png"]


def test_ctrl_c_during_the_moves_is_held_until_both_files_are_replaced(tmp_path, monkeypatch):
    a, b = tmp_path / "f.json", tmp_path / "f.png"
    a.write_text("old json")
    b.write_bytes(b"old png")
    real_replace, moved = os.replace, []

    def replace_then_ctrl_c(src, dst):
        real_replace(src, dst)
        moved.append(Path(dst).name)
        if len(moved) == 1:  # Ctrl-C right after the JSON moved
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(files.os, "replace", replace_then_ctrl_c)
    # another thread alive, as in a real run (a progress bar): a signal sent to the process
    # may be delivered to it, and must still wait for the second move
    import threading

    done = threading.Event()
    other = threading.Thread(target=done.wait, daemon=True)
    other.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            files.write_together({a: b"new json", b: b"new png"})
    finally:
        done.set()
        other.join()
    assert moved == ["f.json", "f.png"]
    assert (a.read_text(), b.read_bytes()) == ("new json", b"new png")


WRITER = textwrap.dedent("""
    import sys
    from tnverify.report.table import Report
    path, size, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    report = Report([], {"seed": size}, {"python": "p" * size})
    for _ in range(rounds):
        report.write(path)
""")
READER = textwrap.dedent("""
    import json, os, sys
    path, stop = sys.argv[1], sys.argv[2]
    bad = reads = 0
    while not os.path.exists(stop):          # until both writers have finished
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except FileNotFoundError:
            continue
        reads += 1
        try:
            record = json.loads(text)
            assert len(record["environment"]["python"]) == record["settings"]["seed"]
        except Exception:
            bad += 1
    print(reads, bad)
""")


def test_two_concurrent_writers_never_tear_a_report_and_a_reader_sees_only_whole_ones(tmp_path):
    path, stop = tmp_path / "same.json", tmp_path.parent / f"{tmp_path.name}.stop"
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1")
    reader = subprocess.Popen(
        [sys.executable, "-c", READER, str(path), str(stop)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), str(size), "150"], env=env)
        for size in (10, 200_000)
    ]
    try:
        assert [w.wait(timeout=300) for w in writers] == [0, 0]
    finally:
        stop.write_text("stop")
    reads, bad = map(int, reader.communicate(timeout=300)[0].split())
    assert reads > 0 and bad == 0, (reads, bad)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert len(record["environment"]["python"]) == record["settings"]["seed"] in (10, 200_000)
    assert _entries(tmp_path) == ["same.json"]


# -- the writers --------------------------------------------------------------------------
def test_report_write_on_a_full_disk_names_the_report_and_keeps_the_old_one(tmp_path, monkeypatch):
    from tnverify.report.table import Report

    target = tmp_path / "r.json"
    target.write_text("older")
    monkeypatch.setattr(files.os, "write", _enospc)
    with pytest.raises(WriteError, match=r"^could not write .*r\.json: No space left on device$"):
        Report([], {}, {}).write(target)
    assert target.read_text() == "older" and _entries(tmp_path) == ["r.json"]


def test_write_errata_on_a_full_disk_names_the_sheet(tmp_path, monkeypatch):
    from tnverify.report import errata

    monkeypatch.setattr(errata, "build_errata", lambda key, **kw: {"paper": {"key": key}})
    monkeypatch.setattr(files.os, "replace", _enospc)
    with pytest.raises(UsageError, match=r"cannot write .*gtm\.json: No space left on device$"):
        errata.write_errata(tmp_path, ["gtm"], fmt="json")
    assert _entries(tmp_path) == []


@pytest.fixture
def toy_figure(monkeypatch):
    """A registered figure that computes in no time (``samples`` numbers)."""
    from tnverify.figures import registry

    registry.load_figure_modules()

    def data(fast, seed, samples=None):
        n = samples or (3 if fast else 40)
        return {"samples": n, "values": list(range(n))}

    def plot(record):
        mfig, (ax,) = registry.new_figure(1, 2.0, 2.0)
        ax.plot(record["data"]["values"])
        return mfig

    fig = registry.Figure("toy-figure", "a toy", data, plot, options=("samples",))
    monkeypatch.setitem(registry.FIGURES, fig.name, fig)
    return fig


def test_make_figure_replaces_json_and_png_together(tmp_path, toy_figure, monkeypatch):
    from tnverify.figures import make_figure

    json_path, png_path = make_figure("toy-figure", tmp_path)
    assert json.loads(json_path.read_text())["data"]["samples"] == 40
    old_json, old_png = json_path.read_bytes(), png_path.read_bytes()
    assert old_png.startswith(b"\x89PNG")
    real_write, calls = os.write, []

    def png_hits_a_full_disk(fd, data):
        calls.append(fd)
        if len(calls) > 1:
            _enospc()
        return real_write(fd, data)

    monkeypatch.setattr(files.os, "write", png_hits_a_full_disk)
    with pytest.raises(WriteError, match=r"could not write .*toy-figure\.png: No space left"):
        make_figure("toy-figure", tmp_path, options={"samples": 5})
    assert (json_path.read_bytes(), png_path.read_bytes()) == (old_json, old_png)
    assert _entries(tmp_path) == ["toy-figure.json", "toy-figure.png"]


def test_a_partial_figure_json_is_not_protected_by_fast_as_data(tmp_path, toy_figure):
    (tmp_path / "toy-figure.json").write_text('{"figure": "toy-figure", "fast": false, "da')
    assert main(["figures", "toy-figure", "--fast", "--out", str(tmp_path)]) == 0
    assert json.loads((tmp_path / "toy-figure.json").read_text())["fast"] is True


def test_fast_still_refuses_to_replace_full_size_data(tmp_path, toy_figure, capsys):
    assert main(["figures", "toy-figure", "--out", str(tmp_path)]) == 0
    assert main(["figures", "toy-figure", "--fast", "--out", str(tmp_path)]) == 2
    assert "--fast would replace full-size figure data" in capsys.readouterr().err


def test_fewer_samples_refuse_to_replace_full_size_data_unless_forced(tmp_path, toy_figure, capsys):
    stored = tmp_path / "toy-figure.json"
    assert main(["figures", "toy-figure", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["figures", "toy-figure", "--samples", "5", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--samples 5 would replace full-size figure data with more samples" in err
    assert "toy-figure.json (40 samples)" in err and "--force" in err
    assert json.loads(stored.read_text())["data"]["samples"] == 40
    assert main(["figures", "toy-figure", "--samples", "50", "--out", str(tmp_path)]) == 0
    assert main(["figures", "toy-figure", "--samples", "5", "--force", "--out", str(tmp_path)]) == 0
    assert json.loads(stored.read_text())["data"]["samples"] == 5


# -- a dead worker, a plugin that exits ------------------------------------------------
DYING = """
import multiprocessing
import os
import signal
import time

import tnverify


@tnverify.claim("faults-one", "1 = 1", source="notes")
def test_one(tnverify_compare):
    tnverify.check(tnverify_compare("1 vs 1", 1.0, 1.0, n=1, scale=1.0))


@tnverify.claim("faults-two", "2 = 2", source="notes")
def test_two(tnverify_compare):
    tnverify.check(tnverify_compare("2 vs 2", 2.0, 2.0, n=1, scale=1.0))


@tnverify.claim("faults-killer", "kills its own worker", source="notes")
def test_killer(tnverify_compare):
    if multiprocessing.parent_process() is not None and os.environ.get("FAULTS_KILL") == "1":
        time.sleep(1.5)                  # the others finish first
        os.kill(os.getpid(), signal.SIGKILL)
    tnverify.check(tnverify_compare("3 vs 3", 3.0, 3.0, n=1, scale=1.0))
"""


def test_a_dead_worker_is_one_line_and_the_finished_claims_are_kept(tmp_path):
    module = tmp_path / "test_dying.py"
    module.write_text(DYING, encoding="utf-8")
    report = tmp_path / "r.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1", FAULTS_KILL="1")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            str(module),
            "--topic",
            "test-dying",
            "--jobs",
            "2",
            "--report",
            str(report),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    progress = [ln for ln in proc.stderr.splitlines() if ln.startswith("[")]
    assert [ln for ln in proc.stderr.splitlines() if ln not in progress] == [
        "tnverify: error: a worker died (signal 9): 1 claim did not run"
    ]
    rows = {
        ln.split()[0]: ln.split()[1] for ln in proc.stdout.splitlines() if ln.startswith("faults-")
    }
    assert rows == {"faults-one": "holds", "faults-two": "holds", "faults-killer": "error"}
    claims = {c["id"]: c for c in json.loads(report.read_text())["claims"]}
    assert claims["faults-one"]["verdict"] == claims["faults-two"]["verdict"] == "holds"
    assert claims["faults-killer"]["verdict"] == "error"
    assert claims["faults-killer"]["small"]["error_message"] == (
        "did not run: a worker died (signal 9): 1 claim did not run"
    )
    # the same claims with no worker killed: all hold, status 0 (the test can tell)
    env["FAULTS_KILL"] = "0"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tnverify",
            "verify",
            "--plugin",
            str(module),
            "--topic",
            "test-dying",
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 0 and "error" not in proc.stderr, proc.stdout + proc.stderr
    assert "3 claims: 3 holds; all as expected" in proc.stdout


def test_a_plugin_calling_sys_exit_at_import_is_a_one_line_error(tmp_path):
    module = tmp_path / "test_exits.py"
    module.write_text("import sys\nsys.exit(3)\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), OPENBLAS_NUM_THREADS="1")
    proc = subprocess.run(
        [sys.executable, "-m", "tnverify", "verify", "--plugin", str(module)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip().splitlines() == [
        f"tnverify: error: importing plugin {str(module)!r} failed: SystemExit: the plugin "
        "called sys.exit(3)"
    ]
