"""Registry-wide referee rules (ARCHITECTURE.md, Design notes): one reading, one status; a quote
that rules a reading out comes from the text around the statement, never from the
statement judged; a reading ruled out in one claim is not the admissible reading of
another."""

import re

from tnverify.claims import all_claims, get_claim

CLAIMS = all_claims()


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip().strip('"“”.').strip()


def _judged_texts(claim) -> list[str]:
    """The statement judged: the whole statement, its first quoted sentence, and the
    printed text of every edit of its defect (its twin's, for a corrected claim)."""
    first = re.search(r'"([^"]+)"', claim.statement)
    texts = [_norm(claim.statement), _norm(first.group(1)) if first else ""]
    defect = claim.defect or (get_claim(claim.corrects).defect if claim.corrects else None)
    if defect:
        texts += [_norm(e.printed) for e in defect.edits]
    return [t for t in texts if t]


def _quote_is_the_statement(claim, reading) -> bool:
    q = _norm(reading.quote)
    texts = _judged_texts(claim)
    return bool(q) and (q in texts[:2] or any(q in t for t in texts[2:]))


def test_no_ruled_out_quote_is_the_statement_judged():
    bad = [
        (c.id, r.name, r.quote)
        for c in CLAIMS
        for r in c.readings.values()
        if not r.admissible and _quote_is_the_statement(c, r)
    ]
    assert bad == [], "quote the surrounding text that rules these readings out"


#: A quoted fragment shorter than this is a symbol, not words taken from a sentence.
_MIN_FRAGMENT = 12
#: The literal form of a misprint (recorded with its printed/meant edit on the claim, or on
#: the claim that judges the misprinted line) is ruled out by being ill-formed as printed;
#: its quote is the declaration it clashes with, which may sit in the statement.
_MISPRINT_FORM = "the misprinted form, not a reading"
#: Ruled-out readings whose ruling words are a defining clause of the claim's own
#: multi-sentence passage (the judged sentence is one of them): each was refereed blind on
#: 2026-11-28 and the reading found inadmissible by the passage's own words — the PTB
#: figures of the same paragraph truncate (929,590 → 929k, 73,761 → 73k), "systems of
#: dimension D" fixes a general D, the next sentence changes the cores ("restricted TT-cores
#: into canonical form"), the experimental sentence contrasts multiplication with addition
#: of the two inputs, and the "i.e." clause defines the unit.  The set may only shrink.
REFEREED_OWN_PASSAGE = {
    ("ttlm-sec6.1-wt2-stats", "k = round(count/1000)"),
    ("ttlm-sec6.1-wt2-stats-corrected", "k = round(count/1000)"),
    ("thesis-eq-3.2", "qubits"),
    ("tslm-eq-21", "separately in each argument"),
    ("gtm-xi-operators", "b"),
}


def _quote_inside_statement(claim, reading) -> bool:
    """Whether the quote, or one of its "…"-separated fragments, is words of the
    statement text (normalised whitespace)."""
    statement = _norm(claim.statement)
    fragments = [_norm(f) for f in reading.quote.split("…")]
    return any(len(f) >= _MIN_FRAGMENT and f in statement for f in fragments)


def _misprint_form(reading) -> bool:
    return _MISPRINT_FORM in reading.text


def test_no_ruled_out_quote_is_taken_from_the_statement_text():
    """Design notes (ARCHITECTURE.md): a quote that rules a reading out comes from the text around the
    statement; statements hold the judged sentences, context goes into the quotes."""
    inside = {
        (c.id, r.name)
        for c in CLAIMS
        for r in c.readings.values()
        if not r.admissible and _quote_inside_statement(c, r) and not _misprint_form(r)
    }
    assert inside - REFEREED_OWN_PASSAGE == set(), "quote the surrounding text that rules these out"
    assert REFEREED_OWN_PASSAGE - inside == set(), "fixed: drop these from REFEREED_OWN_PASSAGE"


def test_the_statement_text_rule_catches_a_fragment():
    from tnverify.claims import Reading

    c = get_claim("thesis-eq-6.8")
    inside = Reading(
        "x",
        "y",
        False,
        "the gradient of hidden states in RAC can be computed as follows … elsewhere",
        "§6.3.2",
    )
    outside = c.readings["numerator"]
    assert _quote_inside_statement(c, inside) and not _quote_inside_statement(c, outside)
    short = Reading("x", "y", False, "𝐀ᵀ … n ∈ [L]", "§6.3.2")  # symbols, not words
    assert not _quote_inside_statement(c, short)


def test_the_statement_rule_catches_a_self_quote():
    import dataclasses

    from tnverify.claims import Reading

    c = get_claim("thesis-sec-6.3.1-hl-size")
    bad = Reading("x", "y", False, "the size of 𝐡^{(L)} is B × L", "§6.3.1")
    assert _quote_is_the_statement(c, bad)
    assert not _quote_is_the_statement(dataclasses.replace(c), c.readings["h^(L) = all L states"])


def test_no_reading_text_has_two_statuses():
    statuses: dict[str, set] = {}
    for c in CLAIMS:
        for r in c.readings.values():
            statuses.setdefault(_norm(r.text), set()).add((r.admissible, c.id))
    two = {t: sorted(s) for t, s in statuses.items() if len({a for a, _ in s}) > 1}
    assert two == {}


def test_a_reading_judged_as_its_own_claim_is_not_ruled_out_elsewhere():
    """ttlm-eq8 judges Eq. 8 as the definition it states; the reading "Π_t y^(t) is the
    p(X) of Eq. 6" is ttlm-eq8-chain-vs-eq6's admissible reading and appears nowhere as
    ruled out."""
    chain = get_claim("ttlm-eq8-chain-vs-eq6")
    admitted = {_norm(r.text) for r in chain.readings.values() if r.admissible}
    for c in CLAIMS:
        for r in c.readings.values():
            if not r.admissible:
                assert _norm(r.text) not in admitted, (c.id, r.name)
                assert "ttlm-eq8-chain-vs-eq6" not in r.text, (c.id, r.name)
