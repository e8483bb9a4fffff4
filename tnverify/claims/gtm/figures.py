"""Claims on the rank-distribution experiments of gtm: §6 "Expressivity", Fig. 3;
App. B, Figs. 4–5; §5.2 "Shared case".

The random networks and their certified width bounds come from
:mod:`tnverify.figures.gtm` (one trial = :func:`~tnverify.figures.gtm.rank_trial`; integer
weights give exact grids and mod-p certified matricization ranks).  Whether a grid is
realized by a rank-1 shallow ξ = max network is decided exactly by
:func:`~tnverify.figures.gtm.rank_one_max_realizable` (max-algebra greatest subsolution).
"""

from __future__ import annotations

import numpy as np

from .. import Evidence
from ..registration import claim, refs
from ..compare import compare_ints, compare_values
from ...conventions import rank_tolerance, tolerance
from .figures_scaled import XI_WORDS, scaled_fig3, scaled_fig5, scaled_shared
from ..readings import Defect, Reading
from .controls import control_of, passed_with_control
from .rank_distributions import (ALPHA, EXACT_RANK_MAX_SIDE, FIG3_READINGS, fig3_readings,  # noqa: F401
                                 sample_records)

__all__ = ["ALPHA", "FIG3_READINGS", "EXACT_RANK_MAX_SIDE", "fig3_readings"]

_FIG3_STATEMENT = (
    "§6 text: \"we generate a number of generalized RNNs with different values of TT-rank r "
    "and calculate a lower bound on the rank of shallow network necessary to realize the same "
    "grid tensor (to estimate the rank we use the same technique as in the proof of Theorem "
    "5.2). Figure 3 shows that for different values of R and generalized RNNs of the "
    "corresponding rank there exist shallow networks of rank 1 realizing the same grid "
    "tensor, which agrees well with Theorem 5.3. … While increasing rank of generalized RNNs, "
    "more and more corresponding shallow networks will necessarily have exponentially higher "
    "rank.\" (Fig. 3: M = 10, T = 6, R ∈ {1, 2, 4, 8}.) App. B, with 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)}; Fig. 4: M = 6, T = 6, ξ = max: \"there "
    "always exist rank 1 generalized shallow networks which realize the same score function "
    "as generalized RNN of higher rank, however, this situation seems too unlikely for big "
    "values of R.\"")

_FIG5_STATEMENT = (
    "Fig. 5 caption: \"Distribution of lower bounds on the rank of generalized shallow "
    "networks equivalent to randomly generated generalized RNNs of ranks (M = 6, T = 6, "
    "ξ(x, y) = √(x² + y²)).\" The bound is computed with \"the same technique as in the proof "
    "of Theorem 5.2\", i.e. through the bound of Lemma A.1, which the paper states for "
    "ξ(x, y) = max(x, y, 0).")

_SHARED_STATEMENT = (
    "\"Note that all the RNNs used in practice have shared weights … So far in the analysis "
    "we have not made such assumptions about RNNs (i.e., 𝒢^{(2)} = ⋯ = 𝒢^{(T−1)}). By "
    "imposing this constraint, we lose the property of universality; however, we believe "
    "that the statements of Theorems 5.2 and 5.3 still hold (without requiring that shallow "
    "networks also have shared weights). Note that the example constructed in the proof of "
    "Theorem 5.3 already has this property, and for Theorem 5.2 we provide numerical "
    "evidence in Appendix A.\"")

FIG5_READINGS = (
    Reading("a", "the plotted values are ⌈rank[Γ]^(odd,even)/(TM/2)⌉, Lemma A.1's bound "
                 "applied to ξ = √(x² + y²), and they are lower bounds on the shallow rank",
            True, "to estimate the rank we use the same technique as in the proof of "
                  "Theorem 5.2", "gtm §6 'Expressivity'; App. B, Fig. 5 caption"),
    Reading("b", "some valid √-specific matricization bound was used", False,
            "Strictly speaking, every one of them has to be carefully explored theoretically",
            "gtm App. B 'Different ξ-nonlinearities' (no √-specific bound is given anywhere; "
            "Lemma A.1 is stated 'with … ξ(x, y) = max(x, y, 0)')"),
)

SHARED_READINGS = (
    Reading("a", "'universality' in the §5.1 sense (every tensor of order T is a grid "
                 "tensor, fixed T, any width), with the weights shared as in practice", True,
            "By imposing this constraint, we lose the property of universality",
            "gtm §5.2 'Shared case'; §5.1 'any tensor … can be realized as a grid tensor'"),
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
    "so a network placed at 1 might belong higher.")
def _small_fig3(params, rng):
    sizes = {k: params[k] for k in ("M", "T", "samples", "shared")}
    records = sample_records(params, rng)
    freq = {R: {"bound_1": sum(r["bound"] == 1 for r in recs) / len(recs),
                "certified": all(r["rank_certified"] for r in recs),
                "histogram": {str(b): sum(r["bound"] == b for r in recs)
                              for b in sorted({r["bound"] for r in recs})}}
            for R, recs in records.items()}
    return Evidence(
        "Fig. 3/4 statements on random ξ = max RNNs (integer weights, certified bounds)",
        sizes=sizes, details={"per_R": freq, "weights": "integer, F = I"},
        readings=fig3_readings(records, sizes, params))


claim("gtm-fig-3", "Fig. 3/4: the bars at 1 show rank-1 shallow equivalents", _FIG3_STATEMENT,
      refs("gtm", "§6 \"Expressivity\", Fig. 3", "gtm",
           "App. B \"Expressivity in the case of shared cores\", Fig. 4"), _small_fig3,
      topic="xi-networks", space=({"M": 6, "T": 6, "samples": 12, "shared": False},),
      scaled=scaled_fig3,
      scaled_space={"small": ({"M": 4, "T": 8, "samples": 8, "shared": False,
                               "numpy_per_R": 8},),
                    "large": ({"M": 9, "T": 8, "samples": 12, "shared": False,
                               "numpy_per_R": 1},
                              {"M": 8, "T": 8, "samples": 12, "shared": True,
                               "numpy_per_R": 1})},
      pinned=({"params": {"M": 6, "T": 6, "samples": 12, "shared": True}, "seed": 4,
               "note": "Fig. 4 setting (shared cores, M = T = 6)"},),
      scope=("weights: integers uniform in {−2, …, 2}, L = M, F = I; samples: networks drawn "
             "for each R ∈ {1, 2, 4, 8}; shared: whether the cores are shared (Fig. 4) or not "
             "(Fig. 3); numpy_per_R: how many of each R's networks the larger run recomputes "
             "with numpy to check the package's torch grids (a check of the package, not of "
             "the paper). Only unshared cores (Fig. 3) are sampled here; the Fig. 4 sentence "
             "(shared cores) is covered by the argument of the Why alone; "
             "the larger run (M = 4, T = 8, 8 networks per R, unshared) found 15 networks at "
             "bound 1 by the exact rank, 3 of them rank-1 realizable"),
      uses=("gtm-lemma-a.1", "gtm-thm-5.3"), readings=FIG3_READINGS,
      defect=Defect("false",
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
                    why=_FIG3_WHY),
      remarks=("The same inference from a lower bound of 1 to existence is printed for shared "
               "cores in App. B, on Fig. 4 (\"there always exist rank 1 generalized shallow "
               "networks …\").",
               "The sampling distribution of the \"randomly generated\" RNNs is not stated; "
               "\"exponentially higher\" cannot be seen at M = 10, T = 6, where the largest "
               "possible bound is ⌈1000/30⌉ = 34.",
               "The second sentence (more and more networks need a higher rank as R grows) "
               "holds as a trend (a one-sided Fisher exact test on the same sample, R = 8 "
               "against R = 1)."),
      expected="fails")


# -- gtm-fig-5 --------------------------------------------------------------------------------
def _certified_rank(A: np.ndarray, ops: int) -> tuple[int, float, float, float]:
    """Count of σ_k(A_computed) > δ: by Weyl's inequality a lower bound on the rank of the
    exact matrix when δ bounds ‖A − A_computed‖₂ plus the SVD's backward error:
    δ = numpy's rule max(m, n)·eps·σ_max + √(#entries)·tolerance(float64, n=ops, max|A|).
    Returns the count, δ, the smallest singular value counted and σ_max."""
    s = np.linalg.svd(A, compute_uv=False)
    delta = (rank_tolerance(A.shape, float(s[0])).value
             + np.sqrt(A.size) * tolerance(np.float64, n=ops, norm=float(np.abs(A).max())).value)
    rank = int(np.count_nonzero(s > delta))
    return rank, float(delta), (float(s[rank - 1]) if rank else 0.0), float(s[0])


def _lemma_a1_for(xi, params, rng) -> Evidence:
    from ...generalized.bounds import lemma_a1_bound
    from ...generalized.grid import grid_tensor, odd_even_matricization, random_shallow

    M, T, R, n = params["M"], params["T"], params["R"], params["samples"]
    best, worst_seed = -1, None
    for _ in range(n):
        seed = int(rng.integers(2**62))
        r2 = np.random.default_rng(seed)
        net = random_shallow(M, T, R, xi, r2)
        F = r2.standard_normal((M, M))
        A = odd_even_matricization(grid_tensor(net, F))
        # ops per entry: T inner products of length M, a T-fold ξ and R weighted terms
        rank, delta, s_last, s_max = _certified_rank(A, ops=R * T * (M + 1))
        if rank > best:
            best, worst_seed, best_delta, best_s = rank, seed, delta, (s_last, s_max)
    bound = lemma_a1_bound(R, M, T)
    ev = compare_ints(f"certified rank[Γ]^(odd,even) of ξ = {XI_WORDS.get(xi, xi)} shallow "
                      f"networks vs "
                      f"R·TM/2 (Lemma A.1)", [best], [bound], "<=")
    ev.sizes = {"M": M, "T": T, "R": R, "samples": n}
    ev.details.update(max_certified_rank=best, lemma_a1_bound=bound, delta=best_delta,
                      width_bound_for_this_width_R_network=-(-2 * best // (T * M)))
    if ev.counterexample is not None:
        ev.counterexample.update({"ξ": XI_WORDS.get(xi, xi),
                                  "network seed (regenerates the network)": worst_seed,
                                  "width R": R,
                                  "why": "a width-R network whose 'lower bound' "
                                         "⌈rank/(TM/2)⌉ exceeds R"})
        # two significant digits: the certificate is the order of σ against δ; further
        # digits are round-off that differs between BLAS kernels (and would reach the
        # errata sheet)
        ev.counterexample.update({
            f"σ_{best} (the smallest singular value counted)": _two_digits(best_s[0]),
            "δ (the certified threshold)": _two_digits(best_delta),
            "σ_max": _two_digits(best_s[1])})
    return ev


def _two_digits(x: float) -> float:
    return float(f"{float(x):.2g}")


#: The explicit width-1 network of the first case (M = 3, T = 4, F = I, λ = 1): the values
#: a_t[i] of its four steps (integers, so its grid is √ of integers).
FIG5_EXPLICIT = ((0, 1, 2), (0, 2, 5), (1, 3, 4), (0, 1, 3))


def _explicit_l2() -> Evidence:
    """The first case's certificate, checkable without the package: the width-1 ξ = √(x² + y²)
    network with a₁ … a₄ = :data:`FIG5_EXPLICIT`, F = I, λ = 1 has the grid
    Γ[i₁, i₂, i₃, i₄] = √(Σ_t a_t[i_t]²), whose 9 × 9 (odd, even) matricization (rows
    (i₁, i₃), columns (i₂, i₄)) has a determinant that interval arithmetic at 60 digits
    encloses in an interval excluding 0, so its rank is exactly 9 > 6 = R·TM/2."""
    import mpmath
    from ...generalized.bounds import lemma_a1_bound

    a, M, T, R = FIG5_EXPLICIT, 3, 4, 1
    iv = mpmath.iv
    iv.dps = 60
    rows = [[iv.sqrt(iv.mpf(a[0][i1] ** 2 + a[1][i2] ** 2 + a[2][i3] ** 2 + a[3][i4] ** 2))
             for i2 in range(M) for i4 in range(M)] for i1 in range(M) for i3 in range(M)]
    det = iv.det(iv.matrix(rows))
    lo, hi = float(mpmath.mpf(det.a)), float(mpmath.mpf(det.b))
    rank = M * M if (lo > 0 or hi < 0) else -1       # -1: not certified by the determinant
    bound = lemma_a1_bound(R, M, T)
    ev = compare_ints("rank of the (odd, even) matricization of an explicit width-1 "
                      "ξ = √(x² + y²) network (determinant in 60-digit interval arithmetic "
                      "≠ 0) vs R·TM/2 (Lemma A.1)", [rank], [bound], "<=")
    ev.sizes = {"M": M, "T": T, "R": R}
    ev.details.update(det_interval=(_two_digits(lo), _two_digits(hi)), lemma_a1_bound=bound)
    if ev.counterexample is not None:
        ev.counterexample.update({
            "network": "width 1, λ = 1, F = I, a₁ = (0, 1, 2), a₂ = (0, 2, 5), a₃ = (1, 3, 4), "
                       "a₄ = (0, 1, 3): Γ[i₁, i₂, i₃, i₄] = √(Σ_t a_t[i_t]²)",
            "det of the 9 × 9 matricization (60-digit interval, both ends)":
                f"{_two_digits(lo):.2g} … {_two_digits(hi):.2g}",
            "why": "a width-1 network whose 'lower bound' ⌈9/6⌉ = 2 exceeds its width 1"})
    return ev


def _small_fig5(params, rng):
    parts = {}
    if (params["M"], params["T"], params["R"]) == (3, 4, 1):
        parts["explicit width-1 network, ξ = √(x² + y²)"] = _explicit_l2().keyed("explicit-l2")
    parts.update({f"Lemma A.1 bound for ξ = {XI_WORDS[xi]}":
                  _lemma_a1_for(xi, params, rng).keyed(f"lemma-a.1-{xi}")
                  for xi in ("l2", "softplus")})
    return Evidence("Fig. 5 quantity ⌈rank/(TM/2)⌉ as a lower bound for ξ = √(x² + y²)",
                    sizes={k: params[k] for k in ("M", "T", "R")}, parts=parts)


claim("gtm-fig-5", "Fig. 5: Lemma A.1's technique gives lower bounds for ξ = √", _FIG5_STATEMENT,
      refs("gtm", "App. B, Fig. 5", "gtm", "§6, \"other nonlinearities … Appendix B\""),
      _small_fig5, topic="xi-networks", space=({"M": 3, "T": 4, "R": 1, "samples": 10},
                                       {"M": 3, "T": 4, "R": 2, "samples": 10},
                                       {"M": 4, "T": 4, "R": 1, "samples": 10}),
      scaled=scaled_fig5, scaled_space={"small": ({"M": 3, "T": 6, "R": 1, "samples": 8},),
                                        "large": ({"M": 6, "T": 6, "R": 1, "samples": 20},
                                                  {"M": 8, "T": 8, "R": 1, "samples": 10})},
      pinned=({"params": {"M": 3, "T": 4, "R": 1, "samples": 10},
               "seed": 5, "note": "smallest the claims catalogue size, rank-1 networks"},),
      scope=("samples: the random width-R networks per ξ (weights standard normal, F "
             "standard normal) whose largest certified rank is compared; the first case "
             "also checks the explicit integer network of the counterexample; the larger run "
             "(M = 3, T = 6, R = 1, 8 networks per ξ) found certified rank 12 > 9 = R·TM/2 "
             "for ξ = √(x² + y²) (and 14 for ξ = ln(eˣ + eʸ))"),
      uses=("gtm-lemma-a.1",), readings=FIG5_READINGS,
      defect=Defect("false",
                    printed="Fig. 5: \"Distribution of lower bounds on the rank of generalized "
                            "shallow networks … ξ(x, y) = √(x² + y²)\"; that these bounds are "
                            "computed as Fig. 3's (\"the same technique as in the proof of "
                            "Theorem 5.2\", §6) is an inference from §6's \"The numerical "
                            "results for … other nonlinearities are given in Appendix B\"",
                    meant="The Thm. 5.2 / Lemma A.1 technique (⌈rank/(TM/2)⌉) gives no "
                          "valid lower bound for ξ = √(x² + y²), so Fig. 5's \"lower bounds\" "
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
                        "For the random networks of the other cases \"certified rank\" is the "
                        "number of singular values σ_k of the float64 m × n matricization A "
                        "above δ = max(m, n)·ε·σ₁ + √(mn)·8kε·max|A_ij| (ε = 2⁻⁵², k = "
                        "R·T·(M + 1) the operations per entry): the first term bounds the "
                        "SVD's error, the second the rounding of the computed entries, so by "
                        "Weyl's inequality the exact matrix has at least that rank"),
      remarks=("The caption omits the list of ranks (\"randomly generated generalized RNNs "
               "of ranks (M = 6, …)\").",
               "Lemma A.1 is proved only for ξ = max (it holds trivially for ξ = xy, rank ≤ R, "
               "and ξ = x + y, rank ≤ 2) and fails for ξ = √(x² + y²); any such panel computed "
               "the same way carries the same defect."),
      expected="fails")


# -- gtm-sec-5.2-shared ----------------------------------------------------------------------
def _span_part(params, rng) -> Evidence:
    from ...generalized.grid import grid_tensor, random_generalized_rnn
    from ...figures.gtm import float64_exact
    from ...ranks.matricize import numerical_rank, rank_mod_p

    M, T, R = params["M"], params["T"], params["R"]
    # 8·M^T networks of inner ranks 1..R (a lower bound: too few draws could only make
    # the span look smaller)
    K = 8 * M ** T
    net_seed = int(rng.integers(2**62))
    r2 = np.random.default_rng(net_seed)
    nets = [random_generalized_rnn(M, T, 1 + k % R, "relu", r2, shared=True,
                                   shared_inputs=True, dist="integer") for k in range(K)]
    I = np.eye(M)
    rows = np.array([grid_tensor(n, I).ravel() for n in nets])
    exact = all(float64_exact(n, I)[0] for n in nets)
    # exact integer grids: the rank mod p is a certified lower bound of the span dimension
    dim = rank_mod_p(rows.astype(np.int64)) if exact else numerical_rank(rows).rank
    ev = compare_ints(f"span dimension of grids of shared-core max RNNs (R = 1..{R}, integer "
                      f"weights, {K} networks) < M^T (universality lost)",
                      [dim], [M ** T - 1], "<=", sizes={"M": M, "T": T, "R": R})
    ev.details.update(span_dimension=dim, M_to_T=M ** T, networks=K, grids_exact=exact,
                      method="rank mod p (certified lower bound)" if exact else "numerical")
    if ev.counterexample is not None:
        ev.counterexample.update({
            "weights": "integers uniform in {−2, …, 2} (C and 𝒢), L = M, F = I, widths "
                       f"1 to {R} in turn",
            "networks' seed (numpy default_rng; regenerates all of them)": net_seed})
    return ev


def _closure_part(params, rng) -> Evidence:
    """Lemma 5.1's combination of two shared-core networks is again shared-core, so the
    grids of shared networks (all ranks) form a linear space."""
    from ...generalized.grid import GeneralizedRNN, grid_tensor, random_generalized_rnn
    from ...generalized.constructions import combine_networks

    M, T = params["M"], params["T"]
    A = random_generalized_rnn(M, T, 2, "relu", rng, shared=True, shared_inputs=True)
    B = random_generalized_rnn(M, T, 3, "relu", rng, shared=True, shared_inputs=True)
    a, b = rng.standard_normal(2)
    Cn = combine_networks(a, A, b, B)
    gA, gB = grid_tensor(A), grid_tensor(B)
    # forward-error scale: the grids of the networks with |C|, |G| (for ξ = max,
    # |max(x, y, 0)| <= max(|x|, |y|, 0), so these bound every partial sum); n = T steps of
    # L·(R_A + R_B) accumulated terms plus the final scaling and addition
    absA, absB = (grid_tensor(GeneralizedRNN(tuple(np.abs(c) for c in N.C),
                                             tuple(np.abs(g) for g in N.G), "relu"))
                  for N in (A, B))
    ev = compare_values("Γ of Lemma 5.1's network C vs aΓ_A + bΓ_B (shared-core A, B)",
                        grid_tensor(Cn), a * gA + b * gB, n=T * (M * 5 + 2),
                        scale=abs(a) * absA + abs(b) * absB)
    shared = bool(Cn.shared and Cn.shared_inputs)
    U = random_generalized_rnn(M, T, 3, "relu", rng)          # unshared cores
    wrong = combine_networks(a, A, b, U)
    compared = "Lemma 5.1 keeps 𝒢^(2) = ⋯ = 𝒢^(T−1) (and C) shared"
    return Evidence(compared, passed=shared, parts={"grid": ev},
                    details={"combined_shared": shared},
                    control=control_of(compared, "B replaced by an unshared RNN",
                                       passed=bool(wrong.shared and wrong.shared_inputs)))


def _small_shared(params, rng):
    from ...generalized.expressivity import constant_network, pairwise_similarity_network
    from ...generalized.grid import random_generalized_rnn

    M, T = params["M"], params["T"]
    F = rng.standard_normal((M, M))
    thm53 = constant_network(M, 2, T, F)
    lemma_a2 = pairwise_similarity_network(M, 2, T) if T % 2 == 0 else None
    parts = {
        "span of shared-core grids vs M^T (universality lost?)": _span_part(params, rng).keyed("span"),
        "Lemma 5.1 preserves shared cores": _closure_part(params, rng).keyed("lemma-5.1"),
        "(b) the Thm. 5.3 example has shared cores": passed_with_control(
            "constant network of Thm. 5.3: 𝒢^(2) = ⋯ = 𝒢^(T−1)", lambda n: bool(n.shared),
            thm53, random_generalized_rnn(M, T, 2, "relu", rng),
            "a random RNN of the same sizes (unshared cores)",
            details={"shared_G": bool(thm53.shared), "shared_C": bool(thm53.shared_inputs)}).keyed("thm-5.3-shared"),
    }
    details = {"(c) Lemma A.2 example shared": None if lemma_a2 is None
               else bool(lemma_a2.shared),
               "(c) note": "the Thm. 5.2 example alternates core shapes, so it is not "
                           "shared; the paper offers numerical evidence instead (App. B, "
                           "Fig. 4 — not App. A as printed)"}
    return Evidence("§5.2 'Shared case' statements",
                    sizes={"M": M, "T": T, "R": params["R"]}, details=details, parts=parts)


claim("gtm-sec-5.2-shared",
      "§5.2 shared cores: universality is lost; Thm. 5.3's example is shared", _SHARED_STATEMENT,
      refs("gtm", "§5.2 \"Shared case\""), _small_shared, topic="xi-networks",
      space=({"M": 2, "T": 4, "R": 3},),
      scaled=scaled_shared,
      scaled_space={"small": ({"M": 4, "T": 6, "R": 3, "span_M": 2, "span_T": 6,
                               "span_networks": 8 * 2 ** 6},),
                    "large": ({"M": 8, "T": 8, "R": 3, "span_M": 4, "span_T": 6,
                               "span_networks": 8 * 4 ** 6},)},
      pinned=({"params": {"M": 2, "T": 4, "R": 3}, "seed": 6,
               "note": "smallest size with 𝒢^(2) = 𝒢^(3) a real constraint"},),
      uses=("gtm-lemma-5.1", "gtm-thm-5.3", "gtm-fig-3"), readings=SHARED_READINGS,
      defect=Defect("false",
                    printed="By imposing this constraint [𝒢^(2) = ⋯ = 𝒢^(T−1)], we lose the "
                            "property of universality",
                    meant="universality is not lost: with 𝒢^(2) = ⋯ = 𝒢^(T−1), every "
                          "order-T grid tensor is realized (Prop. A.4 and Lemma 5.1 preserve "
                          "sharing). With C^(t) shared too, it was checked only at M = 2, "
                          "T ∈ {4, 6} (span 2⁴ = 16 at T = 4, 2⁶ = 64 at T = 6)",
                    why="Universality (§5.1) means: every tensor ℋ ∈ ℝ^{M×⋯×M} of order T is "
                        "the grid tensor Γ of some network. \"Shared\" is §5.2's 𝒢^(2) = ⋯ = "
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
                        "dimension below M^T."),
      scope=("the span computation (𝒢 and C shared) ran at M = 2, T = 4 (span 16) and, in "
             "the larger run, at span_M = 2, span_T = 6 (the M and T of the span "
             "computation) with span_networks = 512 (the number of networks whose grids are "
             "stacked): span 64 = 2⁶; the larger run's M = 4, T = 6, R = 3 size its Lemma 5.1 "
             "check (R: the largest width)"),
      remarks=("The pointer \"for Theorem 5.2 we provide numerical evidence in Appendix A\" "
               "(for Appendix B, Fig. 4) is the editorial entry gtm-sec-5.2-appendix-ref.",
               "\"We believe that the statements of Theorems 5.2 and 5.3 still hold\" is a "
               "stated conjecture and is not judged."),
      expected="fails")
