"""The registry against shared/CLAIMS.md: ids, groups, refs, links, proofs."""

import re
from pathlib import Path

import pytest

from tnverify.claims import GROUPS, REGISTRY, all_claims
from tnverify.claims.topics import DEPRECATED_GROUPS
from tnverify.references import PAPERS

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
CLAIMS_MD = SHARED / "CLAIMS.md"
#: The CLAIMS.md groups (work packages, now deprecated --group aliases) whose issue is
#: resolved: every CLAIMS.md id of these must be registered.
IMPLEMENTED_GROUPS = ("spine", "ttlm", "born-ngram", "gtm", "lru-stats", "gated-lmm")

needs_shared = pytest.mark.skipif(not CLAIMS_MD.exists(),
                                  reason="shared/CLAIMS.md is not beside the checkout")


def catalogue() -> dict[str, str]:
    """id -> group, as CLAIMS.md lists them (headings ``### `id` [group]``)."""
    text = CLAIMS_MD.read_text(encoding="utf-8")
    return dict(re.findall(r"^### `([^`]+)` \[([a-z-]+)\]", text, re.M))


def base_id(claim_id: str) -> str:
    return claim_id[: -len("-corrected")] if claim_id.endswith("-corrected") else claim_id


def test_registry_is_not_empty_and_ids_are_unique():
    claims = all_claims()
    ids = [c.id for c in claims]
    assert len(ids) == len(set(ids)) > 0
    assert set(ids) == set(REGISTRY)


@needs_shared
def test_every_id_is_in_claims_md_with_its_group():
    # the CLAIMS.md group survives as the deprecated alias that still selects the claim
    cat = catalogue()
    for c in all_claims():
        assert base_id(c.id) in cat, f"{c.id} is not a CLAIMS.md id"
        assert c.id in DEPRECATED_GROUPS[cat[base_id(c.id)]], \
            f"{c.id}: not in the alias {cat[base_id(c.id)]!r}"


@needs_shared
@pytest.mark.parametrize("group", IMPLEMENTED_GROUPS)
def test_every_claims_md_id_of_an_implemented_group_is_registered(group):
    missing = [i for i, g in catalogue().items() if g == group and i not in REGISTRY]
    assert missing == []


def test_groups_are_topics_and_the_claims_md_groups_are_their_aliases():
    if CLAIMS_MD.exists():
        assert set(catalogue().values()) == set(DEPRECATED_GROUPS)
    assert all(c.group in GROUPS for c in all_claims())
    assert not set(GROUPS) & set(DEPRECATED_GROUPS)


def test_refs_resolve_to_known_papers_and_seed_files():
    for c in all_claims():
        for ref in c.refs:
            assert ref.paper in PAPERS
            assert ref.where.strip(), f"{c.id}: empty locator"
            if SHARED.exists() and ref.paper != "tnverify":
                assert (SHARED / "seeds" / ref.seed).exists(), f"{c.id}: {ref.seed} missing"


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

    code = ("import sys, tnverify; "
            "missing = [n for n in tnverify.__all__ if not hasattr(tnverify, n)]; "
            "print('torch' in sys.modules, missing)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False []"
    import tnverify
    for name in ("tt_svd", "TensorTrain", "tt_to_full", "feature_tensor", "numerical_rank",
                 "SizeLimitError"):
        assert name in tnverify.__all__
    assert issubclass(tnverify.SizeLimitError, ValueError)
