"""Expressivity claims of gtm §5.2 / App. A: Lemma A.1 (rank bound of ξ = max
shallow networks), Lemma A.2 (the pairwise-similarity RNN), Thm. 5.2 and Thm. 5.3.

The small checks are in :mod:`.checks`: ranks of integer-valued grids are certified
(:func:`tnverify.generalized.bounds.grid_rank`: exact elimination over ℚ); real grids get
numerical ranks with tolerance and singular-value gap.  Grid comparisons divide differences
by the forward-error scale of the entry (the grid of the same network on |weights|), so
tolerances are ``tolerance(float64, n, norm=1)`` with ``n`` stated at each use.  The torch
sides are in :mod:`.scaled`.
"""

from __future__ import annotations

from ...registration import claim, refs
from .checks import small_lemma_a1, small_lemma_a2, small_thm_5_2, small_thm_5_3
from .quotes import S_LEMMA_A1, S_LEMMA_A2, S_THM_5_2, S_THM_5_3
from .scaled import (
    scaled_lemma_a1,
    scaled_lemma_a2,
    scaled_thm_5_3,
)

_A2_CASES = (
    (2, 3, 4),
    (2, 2, 6),
    (3, 2, 4),
    (3, 3, 4),
    (3, 5, 4),
    (4, 2, 4),
    (4, 3, 4),
    (3, 2, 6),
)  # the claims catalogue list, ordered by grid size M^T

claim(
    "gtm-lemma-a.1",
    "ξ = max shallow grids: rank[Γ]^(odd,even) ≤ R·TM/2",
    S_LEMMA_A1,
    refs("gtm", "App. A, Lemma A.1 (Cohen & Shashua 2016, Claim 9); matricization before it"),
    small_lemma_a1,
    topic="xi-networks",
    space=tuple(
        {"M": M, "T": T, "terms": terms}
        for M, T, terms in (
            (2, 4, 3000),
            (3, 4, 3000),
            (2, 6, 3000),
            (4, 4, 3000),
            (5, 4, 1000),
            (3, 6, 3000),
        )
    ),
    scaled=scaled_lemma_a1,
    scaled_space={
        "small": ({"M": 4, "T": 6, "population": 32, "generations": 4},),
        "large": ({"M": 8, "T": 8, "population": 8, "generations": 6},),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 6, "terms": 3000},
            "seed": 11,
            "note": "largest the claims catalogue size: 27×27 matricization, R·TM/2 = 9 (R = 1)",
        },
    ),
    expected="holds",
)

claim(
    "gtm-lemma-a.2",
    "Lemma A.2: the pairwise-similarity RNN and its rank",
    S_LEMMA_A2,
    refs("gtm", "App. A, Lemma A.2 and proof", "gtm", "§5.2, after Thm. 5.2"),
    small_lemma_a2,
    topic="xi-networks",
    space=tuple({"M": M, "R": R, "T": T} for M, R, T in _A2_CASES),
    scaled=scaled_lemma_a2,
    scaled_space={
        "small": ({"M": 6, "R": 3, "T": 6}, {"M": 6, "R": 6, "T": 6}),
        # M = 10, T = 6 (M^T = 10⁶): exact integer ranks of 1000 × 1000;
        # T = 8: the 10⁸-entry grid and its 10⁴ × 10⁴ matricization
        "large": (
            {"M": 10, "R": 4, "T": 6},
            {"M": 10, "R": 10, "T": 6},
            {"M": 10, "R": 4, "T": 8},
            {"M": 10, "R": 10, "T": 8},
        ),
    },
    pinned=(
        {
            "params": {"M": 3, "R": 2, "T": 6},
            "seed": 5,
            "note": "R < M: printed rank R^{T/2}+1 = 9 > bound 8",
        },
        {
            "params": {"M": 3, "R": 5, "T": 4},
            "seed": 5,
            "note": "R > M: b = [1 − min(M,R), 0…], rank M^{T/2}",
        },
    ),
    remarks=(
        '"x_i = e_i" is read as f_θ(x_i) = e_i (F = I), the only well-typed reading; "i ≤ R" in the proof is effectively i ≤ min(M, R).',
        "Degenerate M = 1: the grid is [0], rank 0 < 1 = min(M, R)^{T/2} (a single template is outside the meaningful scope).",
    ),
    expected="holds",
)

claim(
    "gtm-thm-5.2",
    "Thm. 5.2 (Expressivity 1): width ≥ (2/(MT))·min(M,R)^{T/2}",
    S_THM_5_2,
    refs("gtm", "§5.2, Thm. 5.2; proof in App. A"),
    small_thm_5_2,
    topic="xi-networks",
    space=({"cases": _A2_CASES, "tabulate": ((10, 10, 8), (10, 4, 8))},),
    uses=("gtm-lemma-a.1", "gtm-lemma-a.2"),
    remarks=(
        '"Exponentially more efficient" is informal: the bound is exponential in T for fixed M and R ≥ 2 but below 1 for small cases.',
    ),
    expected="holds",
)

claim(
    "gtm-thm-5.3",
    "Thm. 5.3 (Expressivity 2): an open set of RNNs with rank-1 shallow equivalents",
    S_THM_5_3,
    refs("gtm", "§5.2, Thm. 5.3; proof in App. A"),
    small_thm_5_3,
    topic="xi-networks",
    space=tuple({"M": M, "R": R, "T": T} for M, R, T in ((2, 3, 5), (4, 4, 3), (3, 2, 4))),
    scaled=scaled_thm_5_3,
    scaled_space={
        "small": ({"M": 8, "R": 8, "T": 8, "samples": 512},),
        "large": ({"M": 64, "R": 64, "T": 16, "samples": 4096},),
    },
    pinned=({"params": {"M": 3, "R": 2, "T": 4}, "seed": 3, "note": "the claims catalogue sizes"},),
    uses=("gtm-prop-a.3",),
    remarks=(
        "The proof's intermediate lines Γ^{ℓ,1} = 1 ⊗ (2+ε), Γ^{ℓ,2} = 1 ⊗ (2MR+ε) ⊗ 1 suppress a k-dependence that perturbing 𝒢^(1) introduces; the final grid is still a function of m₁ alone (notation, not a defect).",
    ),
    expected="holds",
)
