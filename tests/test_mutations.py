"""Mutation harness: a mutant of the core numerics that changes a
computed value must change some claim verdict, not only a unit test.

Each mutant is one named edit of one line of the package, applied in a temporary copy of
``tnverify/`` (never in the working tree); ``python -m tnverify verify`` then runs the
claims of the mutant's topic there (``PYTHONPATH`` pointing at the copy) and the test
asserts that the run exits 1 with at least one claim whose verdict differs from its
expected verdict.  The claims that catch each mutant are reported (``-s`` shows them; the
report is also attached to the test's ``user_properties``).

The edit is located by its text, not by a file name (the search runs over the copied
package and must match exactly one line), so the harness survives modules moving between
folders.

Budget: by default every mutant runs its topic's small sides (``--small-only``), about
10 s each (one process start included); ``TNVERIFY_MUTATIONS=full`` runs the small and
scaled sides of each topic and the further mutants of :data:`MORE_MUTANTS`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FULL = os.environ.get("TNVERIFY_MUTATIONS", "") == "full"


@dataclass(frozen=True)
class Mutant:
    """One named edit: replace ``old`` (a unique piece of one line) by ``new``."""

    name: str
    old: str
    new: str
    group: str
    why: str
    claims: tuple[str, ...] = ()  # further claims of other topics to run beside the group


MUTANTS = (
    Mutant(
        "tt-svd-truncation-rule",
        "r = max(int(np.count_nonzero(tails > delta * delta)), 1)",
        "r = max(int(np.count_nonzero(tails > 4 * delta * delta)), 1)",
        "tensor-trains",
        "TT-SVD keeps the smallest rank whose discarded tail is <= 2δ instead of δ",
    ),
    Mutant(
        "equivalence-index-order",
        'return contract("oi,op->pio", W_hx, W_hh)',
        'return contract("oi,po->pio", W_hx, W_hh)',
        "rnn-equivalences",
        "rac_to_tt_core reads W^hh with its two indices transposed",
    ),
    Mutant(
        "born-transfer-conjugate",
        "out = out + gc.reshape(r0 * vc, r1).conj().transpose(0, 1) @ y",
        "out = out + gc.reshape(r0 * vc, r1).transpose(0, 1) @ y",
        "born-machines-ngrams",
        "the Born transfer step Σ_i G_iᴴ E G_i loses its conjugate (G_iᵀ E G_i)",
    ),
    Mutant(
        "ngram-window",
        "windows = np.lib.stride_tricks.sliding_window_view(a, n)",
        "windows = np.lib.stride_tricks.sliding_window_view(a, n)[1:]",
        "born-machines-ngrams",
        "n-gram counting skips the first window of every sentence",
    ),
    Mutant(
        "tolerance-rule",
        "value = SAFETY * int(n) * eps * scale",
        "value = 100 * SAFETY * int(n) * eps * scale",
        "tensor-trains",
        "every tolerance 100 times looser than its rule",
    ),
    Mutant(
        "tt-svd-truncation-boundary",
        "r = max(int(np.count_nonzero(tails > delta * delta)), 1)",
        "r = max(int(np.count_nonzero(tails >= delta * delta)), 1)",
        "tensor-trains",
        "TT-SVD keeps a tail equal to δ (tail < δ² for ≤ δ²); caught by "
        "tnverify-tt-svd-tail-at-delta",
    ),
    Mutant(
        "numerical-rank-tolerance",
        "r = max(M, N) * machine_eps(dtype)",
        "r = 100 * max(M, N) * machine_eps(dtype)",
        "tensor-trains",
        "the numerical-rank threshold 100 times looser than numpy's rule; caught by "
        "tnverify-numerical-rank-threshold",
    ),
    Mutant(
        "grid-tensor-recursion",
        "U = bk.asarray(F @ net.templates[t].T)",
        "U = bk.asarray(F @ net.templates[t - 1].T)",
        "xi-networks",
        "the prefix-reuse grid of a shallow ξ-network combines the previous template",
    ),
)

#: Run with TNVERIFY_MUTATIONS=full only.
MORE_MUTANTS = (
    Mutant(
        "ngram-window-reversed",
        "counts.update(map(tuple, windows.tolist()))",
        "counts.update(map(tuple, windows[:, ::-1].tolist()))",
        "born-machines-ngrams",
        "n-grams counted with each window read backwards",
    ),
    Mutant(
        "second-order-legs",
        "return contract(_TO_TT_VIEW[layout], T)",
        "return contract(_TO_TT_VIEW[layout], T.transpose(0, 2, 1))",
        "rnn-equivalences",
        "second_order_to_tt_core swaps the two hidden legs of T",
    ),
)


@dataclass(frozen=True)
class UnitMutant:
    """A mutant that unit tests (not claims) must catch: ``tests`` (pytest node ids) fail
    on the mutated copy and pass on an unmutated one."""

    name: str
    old: str
    new: str
    tests: tuple[str, ...]
    why: str


UNIT_MUTANTS = (
    UnitMutant(
        "comparison-safety-factor",
        "SAFETY = 8.0",
        "SAFETY = 800.0",
        (
            "tests/test_conventions.py::test_the_comparison_tolerance_admits_round_off_"
            "and_refuses_a_hundredfold_error",
        ),
        "the comparison tolerance's safety factor 100 times larger (8 → 800)",
    ),
    UnitMutant(
        "html-filter-by-expected",
        'f\'<tr data-verdict="{esc(r.verdict)}" data-paper=',
        'f\'<tr data-verdict="{esc(c.expected)}" data-paper=',
        ("tests/test_report_html_filter.py",),
        "the HTML report's verdict filter selects rows by the expected verdict",
    ),
)


def _copy_package(tmp: Path) -> Path:
    dest = tmp / "tnverify"
    shutil.copytree(ROOT / "tnverify", dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return tmp


def apply_mutant(pkg_root: Path, mutant: Mutant) -> Path:
    """Patch the one line of the copied package that contains ``mutant.old``; return the
    file patched.  Fails when the text matches no line or more than one."""
    hits = []
    for path in sorted((pkg_root / "tnverify").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        n = text.count(mutant.old)
        if n:
            hits.append((path, n, text))
    assert len(hits) == 1 and hits[0][1] == 1, (
        f"mutant {mutant.name}: {mutant.old!r} must occur exactly once in the package; "
        f"found {[(str(p.relative_to(pkg_root)), n) for p, n, _ in hits]}"
    )
    path, _, text = hits[0]
    path.write_text(text.replace(mutant.old, mutant.new), encoding="utf-8")
    return path


def run_topic(pkg_root: Path, mutant: Mutant, report: Path) -> subprocess.CompletedProcess:
    env = dict(
        os.environ,
        PYTHONPATH=str(pkg_root),
        OMP_NUM_THREADS="1",
        OPENBLAS_NUM_THREADS="1",
        MKL_NUM_THREADS="1",
        PYTHONDONTWRITEBYTECODE="1",
    )
    args = [
        sys.executable,
        "-m",
        "tnverify",
        "verify",
        "--topic",
        mutant.group,
        "--device",
        "cpu",
        "--report",
        str(report),
    ]
    if not FULL:
        args.append("--small-only")
    run = subprocess.run(args, capture_output=True, text=True, cwd=pkg_root, env=env, timeout=900)
    if mutant.claims:
        extra = subprocess.run(
            args[:4]
            + ["--claims", *mutant.claims]
            + args[6:-1]
            + [str(report.with_suffix(".extra.json"))],
            capture_output=True,
            text=True,
            cwd=pkg_root,
            env=env,
            timeout=900,
        )
        run.returncode = max(run.returncode, extra.returncode)
    return run


def caught_by(report: Path) -> list[str]:
    """The claims whose verdict differs from their expected verdict in a JSON report."""
    found = []
    for path in (report, report.with_suffix(".extra.json")):
        if path.exists():
            data = json.loads(path.read_text(encoding="utf-8"))
            found += [
                f"{c['id']} ({c['expected']} → {c['verdict']})"
                for c in data["claims"]
                if c["verdict"] != c["expected"]
            ]
    return found


def test_every_mutant_text_is_in_the_package_once(tmp_path):
    """The harness itself: each edit finds its one line (and the copy is what is patched,
    never the working tree)."""
    for k, m in enumerate(MUTANTS + MORE_MUTANTS + UNIT_MUTANTS):
        root = _copy_package(tmp_path / str(k))  # two mutants may edit the same line
        patched = apply_mutant(root, m)
        assert m.new in patched.read_text(encoding="utf-8")
        assert m.old in (ROOT / patched.relative_to(root)).read_text(encoding="utf-8")


def test_the_unmutated_copy_runs_as_expected(tmp_path):
    """The control of the harness: the same run on an unpatched copy exits 0 (every
    verdict as expected), so a caught mutant is caught because of its edit."""
    root = _copy_package(tmp_path)
    report = tmp_path / "r.json"
    run = run_topic(root, Mutant("none", "", "", "rnn-equivalences", "no edit"), report)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert caught_by(report) == []


@pytest.mark.parametrize("mutant", MUTANTS + (MORE_MUTANTS if FULL else ()), ids=lambda m: m.name)
def test_each_mutant_changes_a_claim_verdict(mutant, tmp_path, record_property):
    root = _copy_package(tmp_path)
    patched = apply_mutant(root, mutant)
    report = tmp_path / "report.json"
    run = run_topic(root, mutant, report)
    assert report.exists(), run.stdout[-2000:] + run.stderr[-2000:]
    catchers = caught_by(report)
    record_property("caught_by", catchers)
    print(
        f"\nmutant {mutant.name} ({mutant.why}; {patched.relative_to(root)}), "
        f"topic {mutant.group}: caught by {', '.join(catchers) or 'NOTHING'}"
    )
    assert run.returncode == 1 and catchers, (
        f"mutant {mutant.name} ({mutant.why}) survives every claim of topic {mutant.group}"
    )


def run_unit_tests(pkg_root: Path, mutant: UnitMutant) -> subprocess.CompletedProcess:
    """The mutant's unit tests, run from a copy of their files beside the copied package
    (the copy's ``tnverify`` is the one imported: it is the current directory)."""
    for node in mutant.tests:
        rel = Path(node.split("::")[0])
        (pkg_root / rel.parent).mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, pkg_root / rel)
        shutil.copy(ROOT / rel.parent / "conftest.py", pkg_root / rel.parent / "conftest.py")
    env = dict(
        os.environ, PYTHONPATH=str(pkg_root), OPENBLAS_NUM_THREADS="1", PYTHONDONTWRITEBYTECODE="1"
    )
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
            *mutant.tests,
        ],
        capture_output=True,
        text=True,
        cwd=pkg_root,
        env=env,
        timeout=600,
    )


@pytest.mark.parametrize("mutant", UNIT_MUTANTS, ids=lambda m: m.name)
def test_each_unit_mutant_fails_its_unit_tests(mutant, tmp_path):
    control = _copy_package(tmp_path / "control")
    run = run_unit_tests(control, mutant)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert (
        str(control / "tnverify")
        in subprocess.run(
            [sys.executable, "-c", "import tnverify; print(tnverify.__file__)"],
            cwd=control,
            env=dict(os.environ, PYTHONPATH=str(control)),
            capture_output=True,
            text=True,
        ).stdout
    )
    root = _copy_package(tmp_path / "mutant")
    patched = apply_mutant(root, mutant)
    run = run_unit_tests(root, mutant)
    print(
        f"\nunit mutant {mutant.name} ({mutant.why}; {patched.relative_to(root)}): "
        f"{run.stdout.strip().splitlines()[-1] if run.stdout.strip() else run.stderr[-300:]}"
    )
    assert run.returncode == 1 and "failed" in run.stdout, (
        f"unit mutant {mutant.name} ({mutant.why}) passes {', '.join(mutant.tests)}"
    )
