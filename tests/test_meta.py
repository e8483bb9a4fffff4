"""The registry's own consistency (ids, groups, refs, links, proofs), the public API, and
that the repository stands alone: nothing in it names or reads a path outside it."""

import re
from pathlib import Path

from tnverify.claims import REGISTRY, TOPIC_NAMES, all_claims
from tnverify.claims.topics import DEPRECATED_GROUPS
from tnverify.references import PAPERS

ROOT = Path(__file__).resolve().parents[1]


def test_registry_is_not_empty_and_ids_are_unique():
    claims = all_claims()
    ids = [c.id for c in claims]
    assert len(ids) == len(set(ids)) > 0
    assert set(ids) == set(REGISTRY)


def test_every_claim_is_in_a_known_topic_and_every_topic_has_claims():
    assert all(c.topic in TOPIC_NAMES for c in all_claims())
    assert {c.topic for c in all_claims()} == set(TOPIC_NAMES)


def test_the_old_groups_are_deprecated_aliases_not_topics():
    assert not set(TOPIC_NAMES) & set(DEPRECATED_GROUPS)
    assert set(DEPRECATED_GROUPS) == {
        "spine",
        "ttlm",
        "born-ngram",
        "gtm",
        "lru-stats",
        "gated-lmm",
    }


def test_refs_resolve_to_known_papers():
    for c in all_claims():
        for ref in c.refs:
            assert ref.paper in PAPERS
            assert ref.where.strip(), f"{c.id}: empty locator"


#: The parts of the repository that ship or run (sources, tests, docs, benchmarks, examples).
_CHECKED = (
    "tnverify",
    "tests",
    "benchmarks",
    "docs",
    "examples",
    "proofs",
    "README.md",
    "pyproject.toml",
    "pytest_tnverify.py",
)
#: An absolute path of a development machine, or a walk out of the checkout to its sibling
#: notes directory (spelled in pieces so that this file does not match itself).
_OUTSIDE = re.compile(
    "|".join(
        [
            "/" + "work/",
            "/" + "home/",
            r"\.\./" + "shared",
            r"parents?\[?\d*\]?\s*/\s*['\"]" + "shared",
            r"parent\s*/\s*['\"]" + "shared",
        ]
    )
)


def _repository_text_files():
    for name in _CHECKED:
        path = ROOT / name
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in files:
            if (
                f.is_file()
                and f.suffix in {".py", ".md", ".toml", ".txt", ".cfg", ".json"}
                and "__pycache__" not in f.parts
            ):
                yield f


def test_no_file_names_or_reads_a_path_outside_the_repository():
    offenders = []
    for f in _repository_text_files():
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            if _OUTSIDE.search(line):
                offenders.append(f"{f.relative_to(ROOT)}:{i}: {line.strip()}")
    assert offenders == []


def test_the_license_is_the_declared_mit_license_and_ships_in_the_wheel():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the tnverify authors" in text
    toml = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'license = {text = "MIT"}' in toml
    assert re.search(r'^license-files = \["LICENSE"\]$', toml, re.M)


def test_uses_and_correction_links_are_not_dangling():
    for c in all_claims():
        for u in c.uses:
            assert u in REGISTRY, f"{c.id} uses unknown claim {u}"
        if c.corrected_by:
            fix = REGISTRY[c.corrected_by]
            assert fix.corrects == c.id and fix.id == f"{c.id}-corrected"
            assert fix.expected == "holds", f"{fix.id} must hold"
        if c.corrects:
            assert REGISTRY[c.corrects].corrected_by == c.id


def test_statements_and_titles_are_present():
    for c in all_claims():
        assert len(c.statement) > 20, c.id
        assert c.title, c.id


def test_proof_targets_exist():
    for c in all_claims():
        if c.proof:
            path, _, func = c.proof.partition("::")
            file = ROOT / path
            assert file.exists(), f"{c.id}: {path} missing"
            assert f"def {func}(" in file.read_text(encoding="utf-8"), f"{c.id}: {func} missing"


def test_import_is_light_and_the_public_api_is_complete():
    import subprocess
    import sys

    code = (
        "import sys, tnverify; "
        "missing = [n for n in tnverify.__all__ if not hasattr(tnverify, n)]; "
        "print('torch' in sys.modules, missing)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False []"
    import tnverify

    for name in (
        "tt_svd",
        "TensorTrain",
        "tt_to_full",
        "feature_tensor",
        "numerical_rank",
        "SizeLimitError",
    ):
        assert name in tnverify.__all__
    assert issubclass(tnverify.SizeLimitError, ValueError)
