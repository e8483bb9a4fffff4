"""An id ending in ``-corrected`` corrects its printed twin (a claim that does not hold);
a ``-variant`` names the holding claim it varies; the old ids of the variants resolve for
one release with a DeprecationWarning."""

import pytest

from tnverify.claims import HOLDS, RENAMED, all_claims, get_claim, select_claims
from tnverify.cli import main


def test_every_corrected_claim_corrects_its_printed_twin_which_does_not_hold():
    corrected = [c for c in all_claims() if c.id.endswith("-corrected")]
    # 0.2.0's 44, and the corrections of the thesis's bias sentence (Eq. 5.11), Eq. 5.4,
    # Eq. 5.9, the Glorot sentence of §4.2.2 and the gauge sentence of §4.1.3
    assert len(corrected) == 49
    for c in corrected:
        assert c.corrects == c.id.removesuffix("-corrected"), c.id
        printed = get_claim(c.corrects)
        assert printed.expected != HOLDS, f"{c.id} 'corrects' {printed.id}, which holds"
        assert printed.corrected_by == c.id


def test_every_claim_that_corrects_is_named_corrected():
    for c in all_claims():
        if c.corrects:
            assert c.id.endswith("-corrected"), c.id


def test_every_variant_names_the_holding_claim_it_varies():
    variants = [c for c in all_claims() if c.id.endswith("-variant")]
    assert len(variants) == 12
    for c in variants:
        assert c.varies and c.corrects is None, c.id
        assert get_claim(c.varies).expected == HOLDS, c.id
        assert c.id.startswith(c.varies.split("-")[0] + "-")
    assert {c.id for c in all_claims() if c.varies} == {c.id for c in variants}


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_an_old_id_resolves_with_a_warning(old):
    with pytest.warns(DeprecationWarning, match=f"'{old}' is deprecated.*'{RENAMED[old]}'"):
        assert get_claim(old).id == RENAMED[old]


def test_an_old_id_selects_and_shows_on_the_command_line(capsys):
    with pytest.warns(DeprecationWarning):
        assert [c.id for c in select_claims(["ttlm-eq8-corrected"])] == ["ttlm-eq8-variant"]
    assert main(["show", "ttlm-eq8-corrected"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("ttlm-eq8-variant") and "varies: ttlm-eq8" in out
    assert "claim id 'ttlm-eq8-corrected' is deprecated" in err


@pytest.mark.parametrize(
    "cid, label",
    [
        ("ttlm-eq3", "Printed in:"),
        ("ttlm-eq3-corrected", "A correction of the statement printed in:"),
        ("ttlm-eq6-variant", "A variant of the statement printed in:"),
    ],
)
def test_a_claim_section_says_whose_words_the_statement_is(cid, label):
    from tnverify.report.claim_sections import claim_section

    html = claim_section(get_claim(cid))
    assert f'<p class="tnv-refs">{label} ' in html
    others = {
        "Printed in:",
        "A correction of the statement printed in:",
        "A variant of the statement printed in:",
        "A paraphrase (not the paper's words) of:",
    } - {label}
    assert not any(f'<p class="tnv-refs">{o}' in html for o in others)
