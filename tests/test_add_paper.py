"""Adding a paper is one folder and its declaration: in a temporary copy of the package, a
throwaway paper folder (its ``__init__.py`` declares the paper, one module registers one
claim) is listed, reported and in the errata without any other file touched.  A plugin's
paper works the same way through ``tnverify.paper``."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tnverify
from tnverify.claims import Ref
from tnverify.errors import ClaimError, DTypeError
from tnverify.references import PAPERS

ROOT = Path(__file__).resolve().parents[1]

DECLARATION = '''"""Claims of a throwaway paper (a test of the one-folder procedure)."""

from ...references import paper

PAPER = paper("zeta", authors=("Ada Lovelace", "Charles Babbage"),
              title="Sketch of the analytical engine", venue="Taylor's Scientific Memoirs",
              year=1843, topic="one sum")
'''

CLAIM = '''"""zeta §1: a sum printed with the wrong upper limit."""

from ..compare import compare_ints
from ..readings import Defect
from ..registration import claim, refs


def _small(params, rng):
    n = params["n"]
    return compare_ints("1 + 2 + ... + n vs n(n - 1)/2", [sum(range(1, n + 1))],
                        [n * (n - 1) // 2])


claim("zeta-eq-1", "the first sum", "1 + 2 + ... + n = n(n - 1)/2",
      refs("zeta", "§1, Eq. 1"), _small, topic="tensor-trains", space=({"n": 3},),
      expected="fails",
      defect=Defect("misprint", "n(n - 1)/2", "n(n + 1)/2"))
'''


def _run(env, *args, cwd):
    return subprocess.run(
        [sys.executable, "-m", "tnverify", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


@pytest.fixture(scope="module")
def copy_with_a_paper(tmp_path_factory):
    root = tmp_path_factory.mktemp("copy")
    shutil.copytree(
        ROOT / "tnverify", root / "tnverify", ignore=shutil.ignore_patterns("__pycache__")
    )
    folder = root / "tnverify" / "claims" / "zeta"
    folder.mkdir()
    (folder / "__init__.py").write_text(DECLARATION, encoding="utf-8")
    (folder / "sums.py").write_text(CLAIM, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root), "TNVERIFY_JOBS": "1"}
    return root, env


def test_a_new_paper_folder_is_listed(copy_with_a_paper):
    root, env = copy_with_a_paper
    proc = _run(env, "claims", "--paper", "zeta", "--json", cwd=root)
    assert proc.returncode == 0, proc.stderr
    listed = json.loads(proc.stdout)
    assert [c["id"] for c in listed] == ["zeta-eq-1"]
    assert listed[0]["refs"][0]["citation"].startswith("Ada Lovelace, Charles Babbage.")
    everything = _run(env, "claims", "--json", cwd=root)
    ids = [c["id"] for c in json.loads(everything.stdout)]
    assert len(ids) == len(tnverify.all_claims()) + 1
    # with its topic and paper (alphabetical: after ttlm's tensor-trains claims, before the
    # toolkit's own, which come last)
    at = ids.index("zeta-eq-1")
    assert ids[at - 1].startswith("ttlm-") and ids[at + 1].startswith("tnverify-")


def test_a_new_paper_is_reported(copy_with_a_paper, tmp_path):
    root, env = copy_with_a_paper
    report = tmp_path / "r.json"
    proc = _run(
        env, "verify", "--paper", "zeta", "--report", str(report), "--device", "cpu", cwd=root
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert [(c["id"], c["verdict"]) for c in data["claims"]] == [("zeta-eq-1", "fails")]
    assert "1 claim: 1 fails; all as expected" in proc.stdout


def test_a_new_paper_is_in_the_errata(copy_with_a_paper):
    root, env = copy_with_a_paper
    proc = _run(env, "errata", "--paper", "zeta", cwd=root)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# Errata: Sketch of the analytical engine")
    (heading,) = [
        ln for ln in proc.stdout.splitlines() if ln.startswith("#") and "`zeta-eq-1`" in ln
    ]
    assert "§1, Eq. 1" in heading
    assert "Verdict `fails`" in proc.stdout.split(heading, 1)[1]
    assert "**Printed:** n(n - 1)/2" in proc.stdout
    # the papers that get a sheet (what `tnverify errata --out DIR` writes) include it
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from tnverify.report.errata import ERRATA_PAPERS; print(' '.join(ERRATA_PAPERS))",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=300,
    )
    assert proc.stdout.split() == ["grurntn", "gtm", "thesis", "tslm", "ttlm", "zeta"]


# -- a plugin's paper ------------------------------------------------------------------
PLUGIN = """import tnverify
from tnverify import Ref

tnverify.paper("lovelace", authors=("Ada Lovelace",), title="Notes on the engine",
               year=1843, arxiv="0000.00000")


@tnverify.claim("lovelace-note-g", "the engine computes B_2 = 1/6", quote=True,
                refs=(Ref("lovelace", "Note G, Table"),), topic="numbers")
def test_bernoulli():
    from fractions import Fraction
    tnverify.check(tnverify.compare_ints("6 B_2", [int(6 * Fraction(1, 6))], [1]))


@tnverify.claim("lovelace-note-a", "the engine adds 2 + 2 = 5 (a paraphrase)",
                refs=(Ref("lovelace", "Note A"),), topic="numbers", expected="fails")
def test_sum():
    tnverify.check(tnverify.compare_ints("2 + 2", [2 + 2], [5]))
"""


@pytest.fixture(scope="module")
def plugin_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("plugin") / "test_lovelace.py"
    path.write_text(PLUGIN, encoding="utf-8")
    return path


def test_a_plugin_paper_selects_reports_and_gets_errata(plugin_file, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TNVERIFY_JOBS": "1"}
    report = tmp_path / "r.json"
    proc = _run(
        env,
        "verify",
        "--plugin",
        str(plugin_file),
        "--paper",
        "lovelace",
        "--report",
        str(report),
        "--device",
        "cpu",
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ids = [c["id"] for c in json.loads(report.read_text(encoding="utf-8"))["claims"]]
    assert ids == ["lovelace-note-g", "lovelace-note-a"]
    html = tmp_path / "r.html"
    proc = _run(
        env,
        "verify",
        "--plugin",
        str(plugin_file),
        "--report",
        str(html),
        "--device",
        "cpu",
        cwd=tmp_path,
    )
    # --plugin without another filter runs only the plugin's claims
    assert proc.returncode == 0 and "2 claims:" in proc.stdout, proc.stdout + proc.stderr
    page = html.read_text(encoding="utf-8")
    assert page.count("Printed in:") == 1
    assert page.count("A paraphrase (not the paper's words) of:") == 1
    proc = _run(env, "errata", "--plugin", str(plugin_file), "--paper", "lovelace", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# Errata: Notes on the engine")
    assert "`lovelace-note-a`" in proc.stdout and "`lovelace-note-g`" not in proc.stdout


PLUGIN_SIZES = """import tnverify
from tnverify import Ref

tnverify.paper("markov", authors=("Andrey Markov",), title="An example of statistical inquiry",
               year=1913, sizes={"order": "the order of the chain (how many letters it "
               "remembers)", "chains": "the number of chains simulated"}, probes=["chains"])


@tnverify.claim("markov-vowels", "the vowel frequency is 1/2 (a paraphrase)",
                refs=(Ref("markov", "§1"),), topic="chains", expected="fails",
                defect=tnverify.Defect("published-number", printed="1/2", meant="0.43"))
def test_vowels():
    tnverify.check(tnverify.compare_ints("vowels per 100 letters", [43], [50],
                                         sizes={"order": 1, "chains": 20}))
"""


def test_a_plugin_paper_declares_what_its_sizes_are_and_which_are_probes(tmp_path):
    """A plugin's paper gets what a built-in paper gets: its sheet defines the sizes its
    counterexamples print, in its own words, and lists its probe sizes apart."""
    path = tmp_path / "test_markov.py"
    path.write_text(PLUGIN_SIZES, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TNVERIFY_JOBS": "1"}
    proc = _run(env, "errata", "--plugin", str(path), "--paper", "markov", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    sheet = proc.stdout
    assert "  - order: the order of the chain (how many letters it remembers)" in sheet
    assert "  - chains: the number of chains simulated" in sheet
    assert "(sizes order = 1; probe sizes chains = 20)" in sheet


def test_a_papers_own_size_meaning_and_probe_override_the_common_ones():
    from tnverify.report.size_names import is_probe, size_meaning

    tnverify.paper(
        "sizes_probe",
        authors=("Ada Lovelace",),
        title="Notes",
        year=1843,
        sizes={"length": "the number of punched cards", "cards": "the number of cards"},
        probes=("cards",),
    )
    try:
        assert size_meaning("length", paper="sizes_probe") == "the number of punched cards"
        assert size_meaning("length") == "the sequence length"  # the common meaning
        assert size_meaning("vocab_size", paper="sizes_probe") == "the vocabulary size"
        assert is_probe("cards", "sizes_probe") and not is_probe("cards")
        assert size_meaning("m", paper="tslm") == "the dimension of the word vectors"
        assert size_meaning("m", paper="thesis") == ""  # tslm's own, nobody else's
        assert is_probe("numpy_per_R", "gtm") and not is_probe("numpy_per_R", "thesis")
    finally:
        del PAPERS["sizes_probe"]


def test_declaring_a_paper_again_is_a_no_op_and_a_conflict_raises():
    fields = dict(authors=("Ada Lovelace",), title="Notes", year=1843)
    first = tnverify.paper("test_decl", **fields)
    try:
        assert tnverify.paper("test_decl", **fields) is first
        assert tnverify.paper("test_decl") is first and PAPERS["test_decl"] is first
        assert Ref("test_decl", "Note G").short == "Lovelace (1843)"
        with pytest.raises(ClaimError, match="already declared with other title"):
            tnverify.paper("test_decl", **{**fields, "title": "Other notes"})
    finally:
        del PAPERS["test_decl"]


@pytest.mark.parametrize(
    "key, fields, error, match",
    [
        ("Bad-Key", dict(authors=(), title="t", year=None), ClaimError, "lower-case word"),
        ("ok", dict(authors="Ada Lovelace", title="t", year=None), DTypeError, "sequence of names"),
        ("ok", dict(authors=(), title="", year=None), ClaimError, "title must not be empty"),
        ("ok", dict(authors=(), title="t", year="1843"), DTypeError, "year must be an int"),
        ("ok", dict(authors=(), title="t", year=1, errata="yes"), DTypeError, "errata must be"),
        ("ok", dict(authors=(), title="t", year=1, sizes={"n": 3}), DTypeError, "sizes must be"),
        ("ok", dict(authors=(), title="t", year=1, sizes=["n"]), DTypeError, "sizes must be"),
        ("ok", dict(authors=(), title="t", year=1, probes="chains"), DTypeError, "probes must"),
        ("ok", dict(authors=(), title="t", year=1, probes=[""]), DTypeError, "probes must"),
        ("ok", dict(authors=(), title="t", year=1, probes={1, "a"}), DTypeError, "probes must"),
    ],
)
def test_a_bad_declaration_names_the_field(key, fields, error, match):
    with pytest.raises(error, match=match):
        tnverify.paper(key, **fields)
    assert key not in PAPERS


def test_an_undeclared_key_names_the_declared_ones():
    with pytest.raises(ClaimError, match="unknown paper key 'nope'; known keys: .*ttlm"):
        Ref("nope", "§1")
