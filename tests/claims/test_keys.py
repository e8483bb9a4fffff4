"""Stable keys of parts and readings (tnverify/claims/keys.py, Evidence.part/reading): keys
are validated and unique among siblings, lookups name the keys there are, the key is in
the JSON report only, and no test looks a part or reading up by its display label."""

import ast
import json
from pathlib import Path

import pytest

from tnverify.claims import Evidence
from tnverify.claims.keys import KEY_PATTERN, as_key
from tnverify.errors import ClaimError, DTypeError, EvidenceKeyError, TnverifyError
from tnverify.report.evidence_text import failure_text

TESTS = Path(__file__).resolve().parents[1]
#: Attributes holding evidence filed under display labels.
LABELLED = {"parts", "readings", "ruled_out"}


def _two(**kw):
    return Evidence(
        "both sides",
        parts={
            "side A vs side B (Eq. 3)": Evidence("A vs B", passed=True, key="a-vs-b"),
            "side A vs side C": Evidence("A vs C", passed=False, key="a-vs-c", **kw),
        },
    )


# -- keys are validated ------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["Printed ranges", "printed ranges", "", "-a", ".a", "a_b", "é"])
def test_a_key_that_is_not_a_lowercase_slug_is_refused(bad):
    with pytest.raises(ClaimError, match="lowercase slug"):
        Evidence("x", passed=True, key=bad)
    with pytest.raises(ClaimError, match="lowercase slug"):
        Evidence("x", passed=True).keyed(bad)
    with pytest.raises(ClaimError, match="lowercase slug"):
        as_key(bad)


@pytest.mark.parametrize("bad", [1, b"a", ["a"], True])
def test_a_key_that_is_not_a_string_is_a_dtype_error(bad):
    with pytest.raises(DTypeError, match="Evidence.key must be a string"):
        Evidence("x", passed=True, key=bad)


@pytest.mark.parametrize("good", ["a", "eq-5.11-tanh", "2h2", "s-1-nonnegative"])
def test_slugs_are_keys(good):
    assert Evidence("x", passed=True, key=good).key == good == as_key(good)
    assert KEY_PATTERN == r"[a-z0-9][a-z0-9.-]*"


def test_two_parts_with_one_key_are_refused():
    with pytest.raises(ClaimError, match="two parts of 'x' have the key 'same'"):
        Evidence(
            "x",
            parts={
                "a": Evidence("a", passed=True, key="same"),
                "b": Evidence("b", passed=True, key="same"),
            },
        )
    # set after construction: the runner's validate() finds it
    ev = _two()
    ev.part("a-vs-c").key = "a-vs-b"
    with pytest.raises(ClaimError, match="have the key 'a-vs-b'"):
        ev.validate()


def test_two_readings_with_one_key_are_refused_admissible_or_ruled_out():
    # a reading named by a key ("a") takes that name as its key
    with pytest.raises(ClaimError, match="two readings of 'x' have the key 'a'"):
        Evidence(
            "x",
            readings={"a": Evidence("a", passed=True)},
            ruled_out={"other": Evidence("b", passed=False, key="a")},
        )


def test_a_key_set_after_construction_is_validated_with_the_evidence():
    ev = Evidence("x", passed=True)
    ev.key = "Not A Key"
    with pytest.raises(ClaimError):
        ev.validate()


# -- lookups ------------------------------------------------------------------------------
def test_part_finds_the_part_by_key_whatever_its_label():
    ev = _two()
    assert ev.part("a-vs-b").compared == "A vs B" and ev.part("a-vs-c").verdict == "fails"


def test_a_missing_key_is_a_key_error_that_lists_the_keys():
    with pytest.raises(EvidenceKeyError) as info:
        _two().part("side A vs side B (Eq. 3)")
    assert isinstance(info.value, KeyError) and isinstance(info.value, TnverifyError)
    assert str(info.value) == (
        "no part of 'both sides' has the key 'side A vs side B (Eq. 3)'; the keys are: "
        "'a-vs-b', 'a-vs-c'"
    )
    with pytest.raises(EvidenceKeyError, match="none \\(no key is set\\)"):
        Evidence("x", parts={"label": Evidence("y", passed=True)}).part("label")


def test_reading_by_key_by_slug_name_and_ruled_out():
    ev = Evidence(
        "x",
        readings={
            "a": Evidence("ra", passed=True),
            "T = G up to legs": Evidence("rb", passed=True, key="up-to-legs"),
        },
        ruled_out={"entrywise ⊙": Evidence("rc", passed=False, key="entrywise")},
    )
    assert ev.reading("a").compared == "ra"  # a Reading's name is a key
    assert ev.reading("up-to-legs").compared == "rb"
    assert ev.reading("entrywise", ruled_out=True).compared == "rc"
    with pytest.raises(EvidenceKeyError, match="is ruled out: look it up with reading"):
        ev.reading("entrywise")
    with pytest.raises(EvidenceKeyError, match="is admissible"):
        ev.reading("a", ruled_out=True)
    with pytest.raises(EvidenceKeyError, match="the keys are: 'a', 'up-to-legs'"):
        ev.reading("b")
    with pytest.raises(DTypeError):
        ev.reading("a", ruled_out="no")


# -- where the key is shown ---------------------------------------------------------------
def test_the_key_is_in_the_json_report_and_not_in_the_text():
    ev = _two()
    d = json.loads(json.dumps(ev.to_dict()))
    assert [p["key"] for p in d["parts"].values()] == ["a-vs-b", "a-vs-c"]
    assert "key" not in d  # no key set: none recorded
    text = failure_text(ev)
    assert "side A vs side C" in text or "A vs C" in text
    assert "a-vs-c" not in text and "a-vs-b" not in text


# -- no test looks a part or reading up by its label --------------------------------------
def _claim_names(fn) -> set[str]:
    """Names bound to a Claim in ``fn`` (``c = get_claim(...)``): a Claim's ``readings``
    maps Reading names, which are declared keys, to Readings, not to evidence."""
    return {
        t.id
        for node in ast.walk(fn)
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Call)
        and getattr(node.value.func, "id", None) == "get_claim"
        for t in node.targets
        if isinstance(t, ast.Name)
    }


def label_lookups(source: str) -> list[int]:
    """Lines of ``source`` that subscript ``.parts``, ``.readings`` or ``.ruled_out`` (or a
    name bound to one) with anything but an integer (``Path.parts[0]``)."""
    tree = ast.parse(source)
    bad = []
    for fn in [tree] + [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
        claims = _claim_names(fn)
        aliases = {
            t.id
            for node in ast.walk(fn)
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr in LABELLED
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        for node in ast.walk(fn):
            if not isinstance(node, ast.Subscript):
                continue
            v = node.value
            if isinstance(v, ast.Attribute) and v.attr in LABELLED:
                owner = v.value
                if isinstance(owner, ast.Name) and owner.id in claims:
                    continue
                if isinstance(owner, ast.Call) and getattr(owner.func, "id", None) == "get_claim":
                    continue
            elif not (isinstance(v, ast.Name) and v.id in aliases):
                continue
            s = node.slice
            if isinstance(s, ast.Constant) and type(s.value) is int:
                continue
            bad.append(node.lineno)
    return sorted(set(bad))


def test_no_test_looks_a_part_or_reading_up_by_its_label():
    found = {
        f"{p.relative_to(TESTS)}:{line}"
        for p in sorted(TESTS.rglob("*.py"))
        for line in label_lookups(p.read_text(encoding="utf-8"))
    }
    assert found == set(), (
        "look parts and readings up by key (ev.part(key), ev.reading(key)), "
        f"not by their display label: {sorted(found)}"
    )


@pytest.mark.parametrize(
    "src",
    [
        'ev.parts["printed ranges typed"]',
        'ev.readings["a"].verdict',
        'ev.ruled_out["b"]',
        'ev.parts[f"S = {S}"]',
        "ev.parts[name]",
        'parts = ev.reading("a").parts\nparts["x"]',
    ],
)
def test_the_label_scan_finds_a_lookup(src):
    assert label_lookups(
        f"def test_x(ev, S, name):\n    {src.replace(chr(10), chr(10) + '    ')}\n"
    )


@pytest.mark.parametrize(
    "src",
    [
        'ev.part("printed-ranges")',
        "path.parts[0]",
        'c = get_claim("x")\nc.readings["numerator"]',
        'get_claim("x").readings["local"]',
        "{k: p.verdict for k, p in ev.parts.items()}",
    ],
)
def test_the_label_scan_passes_keyed_lookups(src):
    assert (
        label_lookups(f"def test_x(ev, path):\n    {src.replace(chr(10), chr(10) + '    ')}\n")
        == []
    )
