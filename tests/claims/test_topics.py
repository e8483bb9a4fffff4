"""Topics users recognise (--topic) and the deprecated work-package groups."""

import json
import warnings

import pytest

from tnverify.claims import TOPIC_NAMES, all_claims, select_claims
from tnverify.claims.topics import DEPRECATED_GROUPS, TOPICS
from tnverify.cli import main

#: A few claims per topic, by what they are about (not by the old groups).
BY_CONTENT = {
    "tensor-trains": [
        "ttlm-eq3",
        "thesis-eq-3.4",
        "thesis-alg-1",
        "gtm-lemma-3.1",
        "tslm-eq-7",
        "tnverify-tt-svd-error-identity",
    ],
    "tt-language-models": [
        "thesis-prop-5.2.1",
        "ttlm-eq8",
        "thesis-prop-5.2.2",
        "tslm-eq-17",
        "ttlm-table1-ptb-params",
    ],
    "rnn-equivalences": [
        "ttlm-claim-b1",
        "thesis-claim-5.3.2",
        "ttlm-eq14-bias",
        "tnverify-augmented-bilinear",
    ],
    "born-machines-ngrams": [
        "thesis-eq-4.3",
        "tnverify-born-sampler-exact",
        "tslm-claim-2",
        "thesis-eq-2.11",
    ],
    "xi-networks": ["gtm-xi-operators", "gtm-thm-5.1", "gtm-lemma-a.1", "gtm-fig-3"],
    "lru-background": ["thesis-eq-4.7", "thesis-fig-6.8-ks", "thesis-sec-5.4.1-diagonalisable"],
    "gated-cells-lmms": ["grurntn-eq-24", "thesis-eq-5.23", "thesis-eq-6.9-corrected"],
}


def test_topics_are_the_groups_and_partition_the_claims():
    assert tuple(TOPICS) == TOPIC_NAMES
    claims = [c for c in all_claims() if c.package == "tnverify"]
    assert {c.topic for c in claims} == set(TOPIC_NAMES)
    assert sum(len(select_claims(topic=t)) for t in TOPIC_NAMES) == len(claims)


@pytest.mark.parametrize("topic", sorted(BY_CONTENT))
def test_a_topic_selects_by_content(topic):
    ids = {c.id for c in select_claims(topic=topic)}
    assert set(BY_CONTENT[topic]) <= ids
    others = set().union(*(v for k, v in BY_CONTENT.items() if k != topic))
    assert not ids & others


def test_a_twin_shares_its_claims_topic():
    for c in all_claims():
        if c.corrects:
            assert c.topic == select_claims([c.corrects])[0].topic, c.id


@pytest.mark.parametrize("old", sorted(DEPRECATED_GROUPS))
def test_an_old_group_warns_and_selects_exactly_its_old_claims(old):
    with pytest.warns(DeprecationWarning, match=f"group '{old}' is deprecated"):
        got = [c.id for c in select_claims(topic=old)]
    # exactly its old claims, listed in today's report order
    assert sorted(got) == sorted(DEPRECATED_GROUPS[old]) and len(got) == len(set(got))
    assert got == [c.id for c in all_claims() if c.id in set(DEPRECATED_GROUPS[old])]


def test_old_groups_hold_registered_claims_once():
    # the aliases keep the claim sets of the old groups (and may name claims added since);
    # every id they name is registered, and no id is in two of them
    held = [i for ids in DEPRECATED_GROUPS.values() for i in ids]
    assert len(held) == len(set(held))
    built_in = {c.id for c in all_claims() if c.package == "tnverify"}
    assert set(held) <= built_in


def test_spine_was_split_by_content():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        spine = select_claims(topic="spine")
    assert {c.topic for c in spine} == {"tensor-trains", "tt-language-models"}


def test_an_old_group_and_a_paper_combine():
    with pytest.warns(DeprecationWarning):
        got = [c.id for c in select_claims(topic="spine", paper="tslm")]
    assert got == ["tslm-eq-7"]


def test_the_command_line_prints_one_deprecation_line(capsys):
    with pytest.warns(DeprecationWarning):
        assert main(["claims", "--topic", "lru-stats", "--json"]) == 0
    out, err = capsys.readouterr()
    assert [c["id"] for c in json.loads(out)] == list(DEPRECATED_GROUPS["lru-stats"])
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and "deprecated" in lines[0] and "lru-background" in lines[0]


def test_a_topic_prints_no_warning_and_claims_lists_topic_counts(capsys):
    assert main(["claims", "--topic", "xi-networks"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "topics (--topic): xi-networks 24" in " ".join(out.split())
    assert main(["claims"]) == 0
    out = " ".join(capsys.readouterr()[0].split())
    for topic in TOPIC_NAMES:
        assert f"{topic} {len(select_claims(topic=topic))}" in out


def test_unknown_group_is_a_usage_error(capsys):
    assert main(["claims", "--topic", "spines"]) == 2
    assert "unknown topic 'spines'" in capsys.readouterr().err
