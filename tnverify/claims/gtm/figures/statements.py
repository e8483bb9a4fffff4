"""Claims on the rank-distribution experiments of gtm: §6 "Expressivity", Fig. 3;
App. B, Figs. 4–5; §5.2 "Shared case".

The random networks and their certified width bounds come from
:mod:`tnverify.figures.gtm` (one trial = :func:`~tnverify.figures.gtm.rank_trial`; integer
weights give exact grids and mod-p certified matricization ranks).  Whether a grid is
realized by a rank-1 shallow ξ = max network is decided exactly by
:func:`~tnverify.figures.gtm.rank_one_max_realizable` (max-algebra greatest subsolution).
The small checks are in :mod:`.checks`, the torch sides in :mod:`.scaled`.
"""

from __future__ import annotations

from ...readings import Defect, Reading
from ...registration import claim, refs
from ..rank_distributions import (
    ALPHA,
    EXACT_RANK_MAX_SIDE,
    FIG3_READINGS,
    fig3_readings,  # noqa: F401
)
from .checks import small_fig3, small_fig5, small_shared
from .scaled import scaled_fig3, scaled_fig5, scaled_shared

__all__ = ["ALPHA", "FIG3_READINGS", "EXACT_RANK_MAX_SIDE", "fig3_readings"]

_FIG3_STATEMENT = (
    '§6 text: "we generate a number of generalized RNNs with different values of TT-rank r '
    "and calculate a lower bound on the rank of shallow network necessary to realize the same "
    "grid tensor (to estimate the rank we use the same technique as in the proof of Theorem "
    "5.2). Figure 3 shows that for different values of R and generalized RNNs of the "
    "corresponding rank there exist shallow networks of rank 1 realizing the same grid "
    "tensor, which agrees well with Theorem 5.3. … While increasing rank of generalized RNNs, "
    "more and more corresponding shallow networks will necessarily have exponentially higher "
    'rank." (Fig. 3: M = 10, T = 6, R ∈ {1, 2, 4, 8}.) App. B, with 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)}; Fig. 4: M = 6, T = 6, ξ = max: "there '
    "always exist rank 1 generalized shallow networks which realize the same score function "
    "as generalized RNN of higher rank, however, this situation seems too unlikely for big "
    'values of R."'
)

_FIG5_STATEMENT = (
    'Fig. 5 caption: "Distribution of lower bounds on the rank of generalized shallow '
    "networks equivalent to randomly generated generalized RNNs of ranks (M = 6, T = 6, "
    'ξ(x, y) = √(x² + y²))." The bound is computed with "the same technique as in the proof '
    'of Theorem 5.2", i.e. through the bound of Lemma A.1, which the paper states for '
    "ξ(x, y) = max(x, y, 0)."
)

_SHARED_STATEMENT = (
    '"Note that all the RNNs used in practice have shared weights … So far in the analysis '
    "we have not made such assumptions about RNNs (i.e., 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)}). By "
    "imposing this constraint, we lose the property of universality; however, we believe "
    "that the statements of Theorems 5.2 and 5.3 still hold (without requiring that shallow "
    "networks also have shared weights). Note that the example constructed in the proof of "
    "Theorem 5.3 already has this property, and for Theorem 5.2 we provide numerical "
    'evidence in Appendix A."'
)

FIG5_READINGS = (
    Reading(
        "a",
        "the plotted values are ⌈rank[Γ]^(odd,even)/(TM/2)⌉, Lemma A.1's bound "
        "applied to ξ = √(x² + y²), and they are lower bounds on the shallow rank",
        True,
        "to estimate the rank we use the same technique as in the proof of Theorem 5.2",
        "gtm §6 'Expressivity'; App. B, Fig. 5 caption",
    ),
    Reading(
        "b",
        "some valid √-specific matricization bound was used",
        False,
        "Strictly speaking, every one of them has to be carefully explored theoretically",
        "gtm App. B 'Different ξ-nonlinearities' (no √-specific bound is given anywhere; "
        "Lemma A.1 is stated 'with … ξ(x, y) = max(x, y, 0)')",
    ),
)

SHARED_READINGS = (
    Reading(
        "a",
        "'universality' in the §5.1 sense (every tensor of order T is a grid "
        "tensor, fixed T, any width), with the weights shared as in practice",
        True,
        "By imposing this constraint, we lose the property of universality",
        "gtm §5.2 'Shared case'; §5.1 'any tensor … can be realized as a grid tensor'",
    ),
)


# -- gtm-fig-3 --------------------------------------------------------------------------------
_FIG3_WHY = (
    "A bar of Fig. 3 is a lower bound ⌈rank[Γ]^(odd,even)/(TM/2)⌉ on the width of a shallow "
    "ξ = max network with the grid Γ of a sampled RNN (Lemma A.1); a bound of 1 excludes "
    "nothing, it does not show that a width-1 network exists. Whether one exists is decided "
    "exactly: a rank-1 shallow max network has the grid λ·max(a_1[i_1], …, a_T[i_T], 0) = "
    "s·max_t b_t[i_t] with s = ±1, b_t ≥ 0; the largest b with max_t b_t[i_t] ≤ s·Γ "
    "everywhere is b_t[m] = the minimum of s·Γ over the slice i_t = m, so Γ is realizable "
    "iff s·Γ ≥ 0 and this b gives s·Γ back for s = 1 or s = −1 (exact on integer grids). "
    "The counterexample counts the sampled networks at bound 1 (by the exact rank) and how "
    "many of them pass; one that fails is a network in the bar at 1 with no rank-1 "
    "equivalent. The check runs at M = 6, T = 6 (Fig. 4's sizes), where the exact rank of the "
    "216 × 216 matricization certifies that a network is in the bar at 1; at Fig. 3's M = 10 "
    "the matricization is 1000 × 1000 and only its rank mod p (a lower bound) is computed, "
    "so a network placed at 1 might belong higher."
)


claim(
    "gtm-fig-3",
    "Fig. 3/4: the bars at 1 show rank-1 shallow equivalents",
    _FIG3_STATEMENT,
    refs(
        "gtm",
        '§6 "Expressivity", Fig. 3',
        "gtm",
        'App. B "Expressivity in the case of shared cores", Fig. 4',
    ),
    small_fig3,
    topic="xi-networks",
    space=({"M": 6, "T": 6, "samples": 12, "shared": False},),
    scaled=scaled_fig3,
    scaled_space={
        "small": ({"M": 4, "T": 8, "samples": 8, "shared": False, "numpy_per_R": 8},),
        "large": (
            {"M": 9, "T": 8, "samples": 12, "shared": False, "numpy_per_R": 1},
            {"M": 8, "T": 8, "samples": 12, "shared": True, "numpy_per_R": 1},
        ),
    },
    pinned=(
        {
            "params": {"M": 6, "T": 6, "samples": 12, "shared": True},
            "seed": 4,
            "note": "Fig. 4 setting (shared cores, M = T = 6)",
        },
    ),
    scope=(
        "weights: integers uniform in {−2, …, 2}, L = M, F = I; samples: networks drawn "
        "for each R ∈ {1, 2, 4, 8}; shared: whether the cores are shared (Fig. 4) or not "
        "(Fig. 3); NumPy runs per R (a probe size of the larger run): how many of each "
        "R's networks it recomputes with NumPy to check the package's torch grids (a "
        "check of the package, not of the paper). Only unshared cores (Fig. 3) are sampled here; the Fig. 4 sentence "
        "(shared cores) is covered by the argument of the Why alone; "
        "the larger run (M = 4, T = 8, 8 networks per R, unshared) found 15 networks at "
        "bound 1 by the exact rank, 3 of them rank-1 realizable"
    ),
    uses=("gtm-lemma-a.1", "gtm-thm-5.3"),
    readings=FIG3_READINGS,
    defect=Defect(
        "false",
        printed="Figure 3 shows that for different values of R and generalized "
        "RNNs of the corresponding rank there exist shallow networks of "
        "rank 1 realizing the same grid tensor",
        meant="Figure 3 shows that for every R some sampled RNNs have lower bound "
        "1: a rank-1 shallow equivalent is not excluded, but a lower bound of "
        "1 does not show that one exists (in tnverify's own sample, not the "
        "paper's: integer weights uniform in {−2, …, 2}, L = M, F = I, 12 "
        "unshared-core networks for each R ∈ {1, 2, 4, 8}, 20 of the 22 "
        "networks at bound 1 at M = T = 6 have no rank-1 equivalent). The "
        "existence claim itself is true: rank-1 "
        "equivalents exist for every R by Theorem 5.3's construction; what "
        "is wrong is only that the figure shows it",
        why=_FIG3_WHY,
    ),
    remarks=(
        "The same inference from a lower bound of 1 to existence is printed for shared "
        'cores in App. B, on Fig. 4 ("there always exist rank 1 generalized shallow '
        'networks …").',
        'The sampling distribution of the "randomly generated" RNNs is not stated; '
        '"exponentially higher" cannot be seen at M = 10, T = 6, where the largest '
        "possible bound is ⌈1000/30⌉ = 34.",
        "The second sentence (more and more networks need a higher rank as R grows) "
        "holds as a trend (a one-sided Fisher exact test on the same sample, R = 8 "
        "against R = 1).",
    ),
    expected="fails",
)


claim(
    "gtm-fig-5",
    "Fig. 5: Lemma A.1's technique gives lower bounds for ξ = √",
    _FIG5_STATEMENT,
    refs("gtm", "App. B, Fig. 5", "gtm", '§6, "other nonlinearities … Appendix B"'),
    small_fig5,
    topic="xi-networks",
    space=(
        {"M": 3, "T": 4, "R": 1, "samples": 10},
        {"M": 3, "T": 4, "R": 2, "samples": 10},
        {"M": 4, "T": 4, "R": 1, "samples": 10},
    ),
    scaled=scaled_fig5,
    scaled_space={
        "small": ({"M": 3, "T": 6, "R": 1, "samples": 8},),
        "large": ({"M": 6, "T": 6, "R": 1, "samples": 20}, {"M": 8, "T": 8, "R": 1, "samples": 10}),
    },
    pinned=(
        {
            "params": {"M": 3, "T": 4, "R": 1, "samples": 10},
            "seed": 5,
            "note": "smallest the claims catalogue size, rank-1 networks",
        },
    ),
    scope=(
        "samples: the random width-R networks per ξ (weights standard normal, F "
        "standard normal) whose largest numerical rank (at the tolerance δ of the Why) "
        "is compared; the first case also checks the explicit integer network of the "
        "counterexample; the larger run (M = 3, T = 6, R = 1, 8 networks per ξ) found "
        "numerical rank 12 > 9 = R·TM/2 for ξ = √(x² + y²) at that tolerance"
    ),
    uses=("gtm-lemma-a.1",),
    readings=FIG5_READINGS,
    defect=Defect(
        "false",
        printed='Fig. 5: "Distribution of lower bounds on the rank of generalized '
        'shallow networks … ξ(x, y) = √(x² + y²)"; that these bounds are '
        "computed as Fig. 3's (\"the same technique as in the proof of "
        'Theorem 5.2", §6) is an inference from §6\'s "The numerical '
        'results for … other nonlinearities are given in Appendix B"',
        meant="The Thm. 5.2 / Lemma A.1 technique (⌈rank/(TM/2)⌉) gives no "
        'valid lower bound for ξ = √(x² + y²), so Fig. 5\'s "lower bounds" '
        "are unsupported: Lemma A.1's rank ≤ R·TM/2 is proved only for "
        "ξ = max, and a width-1 network already has rank 9 > 6 = R·TM/2 at "
        "M = 3, T = 4 (⌈9/6⌉ = 2 > 1 = R). Whether the values plotted at "
        "M = T = 6 exceed the true minimal widths was not checked",
        why="A width-1 shallow network with ξ = √(x² + y²) has the grid "
        "√(Σ_t a_t[i_t]²); its (odd, even) matricization has entries "
        "√(α_p + β_q) with α_p the sum over the odd modes and β_q over the even "
        "ones, a matrix that is generically of full rank (√ is not a sum of "
        "few products). So rank/(TM/2) bounds nothing. The counterexample is "
        "an explicit integer network (M = 3, T = 4, F = I, λ = 1, a₁ = (0, 1, "
        "2), a₂ = (0, 2, 5), a₃ = (1, 3, 4), a₄ = (0, 1, 3)): the determinant "
        "of its 9 × 9 matricization, enclosed by 60-digit interval arithmetic "
        "in an interval excluding 0, is about −6.5·10⁻³², so the rank is 9. "
        "That network alone makes the case. For the random networks of the "
        "other cases the rank compared is a numerical rank: the number of "
        "singular values σ_k of the float64 m × n matricization A above the "
        "tolerance δ = max(m, n)·ε·σ₁ + √(mn)·8kε·max|A_ij| (ε = 2⁻⁵², k = "
        "R·T·(M + 1) the operations per entry), an approximate allowance for "
        "the SVD's error and the rounding of the computed entries, not a proved "
        "bound, so these ranks certify nothing",
    ),
    remarks=(
        'The caption omits the list of ranks ("randomly generated generalized RNNs '
        'of ranks (M = 6, …)").',
        "Lemma A.1 is proved only for ξ = max (it holds trivially for ξ = xy, rank ≤ R, "
        "and ξ = x + y, rank ≤ 2) and fails for ξ = √(x² + y²); any such panel computed "
        "the same way carries the same defect.",
    ),
    expected="fails",
)


claim(
    "gtm-sec-5.2-shared",
    "§5.2 shared cores: universality is lost; Thm. 5.3's example is shared",
    _SHARED_STATEMENT,
    refs("gtm", '§5.2 "Shared case"'),
    small_shared,
    topic="xi-networks",
    space=({"M": 2, "T": 4, "R": 3},),
    scaled=scaled_shared,
    scaled_space={
        "small": ({"M": 4, "T": 6, "R": 3, "span_M": 2, "span_T": 6, "span_networks": 8 * 2**6},),
        "large": ({"M": 8, "T": 8, "R": 3, "span_M": 4, "span_T": 6, "span_networks": 8 * 4**6},),
    },
    pinned=(
        {
            "params": {"M": 2, "T": 4, "R": 3},
            "seed": 6,
            "note": "smallest size with 𝒢^(2) = 𝒢^(3) a real constraint",
        },
    ),
    uses=("gtm-lemma-5.1", "gtm-thm-5.3", "gtm-fig-3"),
    readings=SHARED_READINGS,
    defect=Defect(
        "false",
        printed="By imposing this constraint [𝒢^(2) = ⋯ = 𝒢^(T−1)], we lose the "
        "property of universality",
        meant="universality is not lost: with 𝒢^(2) = ⋯ = 𝒢^(T−1), every "
        "order-T grid tensor is realized (Prop. A.4 and Lemma 5.1 preserve "
        "sharing). With C^(t) shared too, it was checked only at M = 2, "
        "T ∈ {4, 6} (span 2⁴ = 16 at T = 4, 2⁶ = 64 at T = 6)",
        why="Universality (§5.1) means: every tensor ℋ ∈ ℝ^{M×⋯×M} of order T is "
        'the grid tensor Γ of some network. "Shared" is §5.2\'s 𝒢^(2) = ⋯ = '
        "𝒢^(T−1); for that alone a general proof exists: the unit-rank RNN "
        "of Prop. A.4 has 𝒢^(t) = 1 for t < T, so it is shared, and step (1) "
        "below keeps sharing, so the RNNs the proof of Thm. 5.1 builds (via "
        "Lemma 5.2 and Lemma 5.1) are shared. With the input weights shared "
        "too, two steps give it at the sizes checked. (1) Lemma 5.1 builds from networks A, B and numbers a, b a "
        "network C with Γ_C = aΓ_A + bΓ_B by stacking their cores block by "
        "block; when A and B have 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)} (and shared input "
        "weights), the stacked cores are equal too, so C is shared-core "
        "(checked on random A, B). Hence the grids of shared-core networks of "
        "all widths form a linear space. (2) That space is all of ℝ^{M^T}: the "
        "grids of 8·M^T random shared-core ξ = max networks of widths 1–3 "
        "(𝒢 and C shared, F = I, L = M, weights integers uniform in {−2, …, 2}) "
        "span dimension M^T (16 = 2⁴ at M = 2, T = 4 and 64 = 2⁶ at M = 2, "
        "T = 6; the rank mod p of the exact integer grids certifies it from below). A "
        "linear space that contains a basis of ℝ^{M^T} is ℝ^{M^T}, so every ℋ "
        "is the grid of a shared-core network (by (1), of width at most the "
        "sum of the basis networks' widths): universality is not lost. The "
        "counterexample below is step (2): the statement predicts a span "
        "dimension below M^T.",
    ),
    scope=(
        "the span computation (𝒢 and C shared) stacked the grids of 8·2⁴ = 128 networks "
        "at M = 2, T = 4 (span 16 = 2⁴) and, in the larger run, of 8·2⁶ = 512 networks "
        "at M = 2, T = 6 (span 64 = 2⁶; the probe sizes span M, span T and span networks "
        "below); the larger run's M = 4, T = 6, R = 3 size its Lemma 5.1 check (R: the "
        "largest width)"
    ),
    remarks=(
        'The pointer "for Theorem 5.2 we provide numerical evidence in Appendix A" '
        "(for Appendix B, Fig. 4) is the editorial entry gtm-sec-5.2-appendix-ref.",
        '"We believe that the statements of Theorems 5.2 and 5.3 still hold" is a '
        "stated conjecture and is not judged.",
    ),
    expected="fails",
)
