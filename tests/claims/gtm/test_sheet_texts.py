"""What the gtm errata entries state about their own checks agrees with the checks: the
prime of the rank mod p, the numbers of networks and the sizes the Scopes name, the two
edits of gtm-fig-3 (§6 on Fig. 3; App. B on Fig. 4) and the sizes each side of
gtm-prop-a.5 runs at."""

from __future__ import annotations

from pathlib import Path

from tnverify.claims import get_claim, run_claim
from tnverify.ranks.matricize import DEFAULT_PRIME

ROOT = Path(__file__).resolve().parents[3]


def test_the_prime_the_sheet_names_is_the_one_used():
    assert DEFAULT_PRIME == 2**31 - 1 == 2147483647
    assert "p = 2³¹ − 1 = 2147483647" in get_claim("gtm-sec-5.2-shared").defect.why
    sheet = (ROOT / "docs" / "errata" / "gtm.md").read_text(encoding="utf-8")
    assert f"rank mod p of Γ^(odd,even) = 2 (p = {DEFAULT_PRIME})" in sheet


def test_shared_scope_counts_the_networks_the_span_stacks():
    claim = get_claim("gtm-sec-5.2-shared")
    assert claim.space == ({"M": 2, "T": 4, "R": 3},)
    (larger,) = claim.scaled_space["small"]
    assert larger == {"M": 2, "T": 6, "R": 3}
    ev = run_claim("gtm-sec-5.2-shared", scale="small", sides=("scaled",)).scaled.cases[0]
    ev = ev.part("span")
    assert ev.sizes["networks"] == 512 == 8 * 2**6
    assert ev.details["span_dimension"] == 64 and ev.details["grids_exact"]
    assert "8·2⁶ = 512 networks at M = 2, T = 6 (span 64 = 2⁶)" in claim.scope
    assert "8·2⁴ = 128 networks at M = 2, T = 4 (span 16 = 2⁴)" in claim.scope
    # the Scope names no size as code
    assert "span_" not in claim.scope and "span M" not in claim.scope


def test_fig3_has_the_fig4_sentence_as_its_second_edit():
    claim = get_claim("gtm-fig-3")
    first, second = claim.defect.edits
    assert first.kind == second.kind == "false"
    assert first.printed.startswith("Figure 3 shows")
    assert "there always exist rank 1 generalized shallow networks" in second.printed
    assert "second edit" in second.why and "No shared-core networks were sampled" in second.why
    # the sample the Correction describes is the case that ran: unshared, M = T = 6
    assert claim.space[0] == {"M": 6, "T": 6, "samples": 12, "shared": False}
    assert "12 unshared-core networks for each R ∈ {1, 2, 4, 8} at M = T = 6" in first.meant
    assert not any("same inference" in r for r in claim.remarks)  # an edit now, not a remark
    assert "NumPy" not in claim.scope and "package" not in claim.scope
    assert all("numpy_per_R" not in case for case in claim.scaled_space["small"])


def test_prop_a5_printed_side_runs_without_the_tt_score_size():
    printed, corrected = get_claim("gtm-prop-a.5"), get_claim("gtm-prop-a.5-corrected")
    assert all("B" not in case for cases in printed.scaled_space.values() for case in cases)
    assert all("B" in case for cases in corrected.scaled_space.values() for case in cases)
    assert "B:" not in printed.scope
