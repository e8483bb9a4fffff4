"""``group`` → ``topic``: the field, the keyword, the flag; the 0.2.0 spellings keep working
for one release with a DeprecationWarning (one line on stderr from the command line)."""

import warnings

import pytest

import tnverify
from tnverify.claims import REGISTRY, TOPIC_NAMES, Claim, Evidence, Ref, select_claims
from tnverify.claims.topics import TOPICS
from tnverify.cli import main
from tnverify.errors import ClaimError


def _check(params, rng):
    return Evidence("x", passed=True)


def test_topic_names_are_the_declared_topics_and_groups_their_old_name():
    import tnverify.claims as claims

    assert TOPIC_NAMES == tuple(TOPICS)
    with pytest.warns(DeprecationWarning, match="GROUPS is deprecated"):
        assert claims.GROUPS is TOPIC_NAMES


def test_claim_group_keyword_and_attribute_warn_and_mean_topic():
    with pytest.warns(DeprecationWarning, match=r"Claim\(group=\.\.\.\) is deprecated"):
        c = Claim(
            id="t-old",
            statement="s",
            refs=(Ref("ttlm", "§1"),),
            group="tensor-trains",
            small=_check,
        )
    assert c.topic == "tensor-trains"
    with pytest.warns(DeprecationWarning, match="Claim.group is deprecated"):
        assert c.group == "tensor-trains"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = Claim(
            id="t-new", statement="s", refs=(Ref("ttlm", "§1"),), topic="xi-networks", small=_check
        )
    assert new.topic == "xi-networks"
    with pytest.raises(ClaimError, match="not both"), pytest.warns(DeprecationWarning):
        Claim(
            id="t-both",
            statement="s",
            refs=(Ref("ttlm", "§1"),),
            topic="xi-networks",
            group="xi-networks",
            small=_check,
        )


def test_select_claims_group_keyword_warns():
    with pytest.warns(DeprecationWarning, match=r"select_claims\(group=\.\.\.\)"):
        old = select_claims(group="xi-networks")
    assert [c.id for c in old] == [c.id for c in select_claims(topic="xi-networks")]
    assert len(old) == 24  # 20 in 0.2.0, and gtm's four editorial slips


def test_the_user_decorator_takes_topic_and_warns_on_group():
    @tnverify.claim("topicdemo-a", "1 = 1", source="here", topic="demo-topic")
    def test_a():
        tnverify.check(Evidence("x", passed=True))

    with pytest.warns(DeprecationWarning, match=r"tnverify.claim\(group=\.\.\.\)"):

        @tnverify.claim("topicdemo-b", "1 = 1", source="here", group="demo-old")
        def test_b():
            tnverify.check(Evidence("x", passed=True))

    try:
        assert REGISTRY["topicdemo-a"].topic == "demo-topic"
        assert REGISTRY["topicdemo-b"].topic == "demo-old"
        assert not REGISTRY["topicdemo-a"].quote  # a paraphrase unless quote=True
    finally:
        REGISTRY.pop("topicdemo-a", None)
        REGISTRY.pop("topicdemo-b", None)


def test_the_group_flag_warns_once_and_selects_like_topic(capsys):
    assert main(["claims", "--topic", "xi-networks", "--json"]) == 0
    new_out, new_err = capsys.readouterr()
    assert new_err == ""
    assert main(["claims", "--group", "xi-networks", "--json"]) == 0
    old_out, old_err = capsys.readouterr()
    assert old_out == new_out
    assert old_err.strip() == (
        "tnverify: warning: --group is deprecated and will be removed "
        "in the next release; use --topic"
    )
