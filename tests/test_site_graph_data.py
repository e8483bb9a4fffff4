"""The claim graph's data function takes any claims: the built-in ones, or a plugin's filed
under the paper it declared."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "_ext"))

import site_graph  # noqa: E402
import tnverify  # noqa: E402
from tnverify.claims import REGISTRY, Evidence, Ref, all_claims, get_claim  # noqa: E402
from tnverify.errors import UsageError  # noqa: E402
from tnverify.references import PAPERS  # noqa: E402


def test_the_built_in_graph_has_a_view_per_paper_with_variants_linked():
    data = site_graph.graph_data(all_claims())
    assert data["papers"] == ["grurntn", "gtm", "thesis", "tslm", "ttlm", "tnverify"]
    assert sum(data["counts"].values()) == len(all_claims())
    assert (
        '"ttlm-eq8-variant" -> "ttlm-eq8" [style=dashed color="#888888"]' in data["views"]["ttlm"]
    )
    assert (
        '"ttlm-eq3-corrected" -> "ttlm-eq3" [style=dashed color="#1f5fbf"]' in data["views"]["ttlm"]
    )


def test_a_plugin_paper_gets_its_own_view():
    tnverify.paper("graphdemo", authors=("Ada Lovelace",), title="Notes", year=1843)
    try:

        @tnverify.claim(
            "graphdemo-a",
            "a statement",
            refs=(Ref("graphdemo", "§1"),),
            topic="demo",
            package="graphdemo_pkg",
        )
        def test_a():
            tnverify.check(Evidence("x", passed=True))

        @tnverify.claim(
            "graphdemo-b",
            "b statement",
            refs=(Ref("graphdemo", "§2"), Ref("ttlm", "§4.1, Eq. 1–2")),
            topic="demo",
            package="graphdemo_pkg",
        )
        def test_b():
            tnverify.check(Evidence("x", passed=True))

        mine = [get_claim("graphdemo-a"), get_claim("graphdemo-b")]
        data = site_graph.graph_data(mine, {"graphdemo-a": "fails"}, papers=["graphdemo"])
        assert data["papers"] == ["graphdemo"] and data["counts"] == {"graphdemo": 2}
        view = data["views"]["graphdemo"]
        assert '"graphdemo-a" [style="filled" label="graphdemo-a"' in view
        assert 'fillcolor="#f4b6b4"' in view  # the verdict given, not the expected one
        with pytest.raises(UsageError, match="no claim is filed under the paper"):
            site_graph.graph_data(mine, papers=["ttlm"])
    finally:
        for cid in ("graphdemo-a", "graphdemo-b"):
            REGISTRY.pop(cid, None)
        PAPERS.pop("graphdemo", None)
