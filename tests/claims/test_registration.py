"""The one registration shape (tnverify.claims.registration)."""

import pytest

from tnverify.claims import REGISTRY, Claim, Evidence, Ref, all_claims
from tnverify.claims.registration import claim, corrected_pair, pin, refs
from tnverify.errors import ClaimError


def _check(params, rng):
    return Evidence("1 vs 1", passed=True)


@pytest.fixture
def empty_registry(monkeypatch):
    import tnverify.claims as claims_mod

    monkeypatch.setattr(claims_mod, "REGISTRY", {})
    monkeypatch.setattr(claims_mod, "_loaded", True)
    import tnverify.claims.registration as reg

    monkeypatch.setattr(reg, "add_to_registry", claims_mod.register)
    return claims_mod


def test_refs_pairs_and_odd_count():
    assert refs("thesis", "§5.4", "ttlm", "§4.2") == (Ref("thesis", "§5.4"), Ref("ttlm", "§4.2"))
    with pytest.raises(ClaimError, match="paper, locator pairs"):
        refs("thesis", "§5.4", "ttlm")


def test_pin_writes_a_pinned_case():
    assert pin({"n": 2}, 7, "why", verdict="holds") == {
        "params": {"n": 2},
        "seed": 7,
        "note": "why",
        "verdict": "holds",
    }


def test_claim_forwards_every_other_keyword_to_claim(empty_registry):
    c = claim(
        "tnverify-x",
        "t",
        "a statement",
        refs("tnverify", "here"),
        _check,
        topic="tensor-trains",
        proof="proofs/x.py::prove_x",
        uses=("ttlm-eq2",),
        expected="fails",
    )
    assert empty_registry.REGISTRY["tnverify-x"] is c
    assert (c.proof, c.uses, c.expected, c.title) == (
        "proofs/x.py::prove_x",
        ("ttlm-eq2",),
        "fails",
        "t",
    )
    # a keyword Claim does not know reaches Claim (and is refused there, not swallowed)
    with pytest.raises(TypeError, match="no_such_field"):
        claim(
            "tnverify-y",
            "t",
            "s",
            refs("tnverify", "here"),
            _check,
            topic="tensor-trains",
            no_such_field=1,
        )


def test_claim_without_registering(empty_registry):
    c = claim(
        "tnverify-z",
        "t",
        "s",
        refs("tnverify", "here"),
        _check,
        topic="tensor-trains",
        register=False,
    )
    assert isinstance(c, Claim) and "tnverify-z" not in empty_registry.REGISTRY


def test_corrected_pair_links_both_ways_and_overrides_common(empty_registry):
    a, b = corrected_pair(
        "tnverify-p",
        common=dict(
            topic="tensor-trains", refs=refs("tnverify", "here"), small=_check, expected="holds"
        ),
        printed=dict(title="as printed", statement="s", expected="fails"),
        corrected=dict(title="edited", statement="s [corrected]"),
    )
    assert (a.id, a.corrected_by, a.corrects, a.expected) == (
        "tnverify-p",
        "tnverify-p-corrected",
        None,
        "fails",
    )
    assert (b.id, b.corrects, b.corrected_by, b.expected) == (
        "tnverify-p-corrected",
        "tnverify-p",
        None,
        "holds",
    )
    assert empty_registry.REGISTRY["tnverify-p-corrected"] is b


def test_every_built_in_twin_is_linked_both_ways():
    for c in all_claims():
        if c.corrected_by:
            assert REGISTRY[c.corrected_by].corrects == c.id
        if c.corrects:
            assert REGISTRY[c.corrects].corrected_by == c.id


def test_the_built_in_claims_use_the_one_registration_shape():
    """Every claim module registers with ``registration.claim`` / ``corrected_pair``: no
    ``register(Claim(...))``, no ``Claim(...)`` built by hand, no hand-set twin links
    (``corrected_pair`` sets ``corrected_by`` / ``corrects``; a variant names ``varies``)."""
    import re
    from pathlib import Path

    import tnverify.claims as claims_pkg
    from tnverify.claims import claim_modules

    root = Path(claims_pkg.__file__).parent
    offenders = []
    for name in claim_modules():
        path = root.joinpath(*name.split(".")[2:])
        # a topic sub-package's own code is its __init__.py
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        text = path.read_text(encoding="utf-8")
        for pattern in (
            r"\bregister\(",
            r"\bClaim\(",
            r"\bcorrected_by\s*=",
            r"\bcorrects\s*=",
            r"\bdef register_all\b",
        ):
            offenders += [f"{name}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert offenders == []
