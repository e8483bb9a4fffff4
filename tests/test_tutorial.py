"""docs/tutorial.md keeps its promises: every code block runs and matches (doctest), every
image it shows is one that `python -m tnverify.teaching.diagrams` regenerates, and every claim id it
cites is registered."""

import doctest
import re
import subprocess
import sys
from pathlib import Path

from tnverify.claims import all_claims
from tnverify.references import PAPERS
from tnverify.teaching.diagrams import TUTORIAL_DIAGRAMS

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
TEXT = TUTORIAL.read_text(encoding="utf-8")
IMAGES = re.findall(r"!\[[^\]]*\]\((img/[^)]+)\)", TEXT)
# a backticked token that starts with a paper key and a dash is a claim id
CLAIM_RE = re.compile(r"`((?:" + "|".join(map(re.escape, PAPERS)) + r")-[^`\s]+)`")


def test_every_code_block_runs_and_matches():
    result = doctest.testfile(
        str(TUTORIAL),
        module_relative=False,
        optionflags=doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted >= 60
    assert result.failed == 0


def test_every_image_is_regenerated_by_tnverify_diagrams(tmp_path):
    assert len(IMAGES) >= 6
    done = subprocess.run(
        [sys.executable, "-m", "tnverify.teaching.diagrams", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
    )
    made = {p.name for p in tmp_path.iterdir()}
    assert made == set(TUTORIAL_DIAGRAMS) and len(done.stdout.splitlines()) == len(made)
    for rel in IMAGES:
        assert Path(rel).name in made, rel
        assert (TUTORIAL.parent / rel).is_file(), (
            f"{rel} is not committed; run `python -m tnverify.teaching.diagrams docs/img`"
        )
    committed = {p.name for p in (TUTORIAL.parent / "img").glob("*.png")}
    assert committed <= made  # no stale images


def test_every_cited_claim_is_registered_and_every_section_cites():
    registered = {c.id for c in all_claims()}
    cited = set(CLAIM_RE.findall(TEXT))
    assert len(cited) >= 25
    assert sorted(cited - registered) == []
    sections = re.split(r"^## ", TEXT, flags=re.MULTILINE)[1:]
    numbered = [s for s in sections if re.match(r"\d+\.", s)]
    assert len(numbered) == 6
    for s in numbered:
        assert "**Claims:**" in s and CLAIM_RE.search(s), s.splitlines()[0]


def test_lemma_a2_rank_is_stated_as_a_bound_with_the_exact_rank():
    """The matricization of Lemma A.2 has rank R^{T/2} + 1 for R < M (not min(M, R)^{T/2},
    which is only the lemma's lower bound); the text must not state the bound as the rank."""
    import numpy as np

    from tnverify.generalized.expressivity import pairwise_similarity_network
    from tnverify.generalized.grid import grid_tensor, odd_even_matricization
    from tnverify.ranks.matricize import exact_rank

    flat = " ".join(TEXT.split())
    assert "matricization has rank min(M, R)^{T/2}," not in flat
    assert "exactly R^{T/2} + 1 for R < M" in flat and "M^{T/2} for R ≥ M" in flat
    for M, R, T in ((3, 2, 4), (3, 1, 4), (2, 2, 4), (2, 3, 4)):
        grid = np.asarray(grid_tensor(pairwise_similarity_network(M, R, T)))
        rank = exact_rank(odd_even_matricization(grid).astype(int))
        assert rank == (R ** (T // 2) + 1 if R < M else M ** (T // 2)), (M, R, T, rank)
