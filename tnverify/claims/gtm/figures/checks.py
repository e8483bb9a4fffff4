"""Small checks of the gtm rank-distribution claims (§6 "Expressivity", Fig. 3; App. B,
Figs. 4–5; §5.2 "Shared case"): the sampled networks at bound 1 against the exact rank-1
realizability test (Fig. 3), the numerical ranks of ξ = √(x² + y²) and ln(eˣ + eʸ) shallow
networks against Lemma A.1 with the explicit integer network of the first case (Fig. 5), and the
span of shared-core grids with Lemma 5.1's closure (§5.2); the registrations are in
:mod:`.statements`."""

from __future__ import annotations

import numpy as np

from ....conventions import rank_tolerance, tolerance
from ... import Evidence
from ...compare import compare_ints, compare_values
from ..controls import control_of, passed_with_control
from ..rank_distributions import (
    fig3_readings,  # noqa: F401
    sample_records,
)
from .scaled import XI_WORDS


def small_fig3(params, rng):
    sizes = {k: params[k] for k in ("M", "T", "samples", "shared")}
    records = sample_records(params, rng)
    freq = {
        R: {
            "bound_1": sum(r["bound"] == 1 for r in recs) / len(recs),
            "certified": all(r["rank_certified"] for r in recs),
            "histogram": {
                str(b): sum(r["bound"] == b for r in recs)
                for b in sorted({r["bound"] for r in recs})
            },
        }
        for R, recs in records.items()
    }
    return Evidence(
        "Fig. 3/4 statements on random ξ = max RNNs (integer weights, certified bounds)",
        sizes=sizes,
        details={"per_R": freq, "weights": "integer, F = I"},
        readings=fig3_readings(records, sizes, params),
    )


# -- gtm-fig-5 --------------------------------------------------------------------------------
def _certified_rank(A: np.ndarray, ops: int) -> tuple[int, float, float, float]:
    """Numerical rank: the count of σ_k(A_computed) > δ, with the tolerance
    δ = numpy's rule max(m, n)·eps·σ_max + √(#entries)·tolerance(float64, n=ops, max|A|).
    δ approximates the SVD's error plus the rounding of the entries but is not a proved
    bound on them (LAPACK's bound has an unspecified factor p(m, n), and cancelling sums
    can round by more than ops·eps·max|A|), so the count is not a certified lower bound.
    Returns the count, δ, the smallest singular value counted and σ_max."""
    s = np.linalg.svd(A, compute_uv=False)
    delta = (
        rank_tolerance(A.shape, float(s[0])).value
        + np.sqrt(A.size) * tolerance(np.float64, n=ops, norm=float(np.abs(A).max())).value
    )
    rank = int(np.count_nonzero(s > delta))
    return rank, float(delta), (float(s[rank - 1]) if rank else 0.0), float(s[0])


def _lemma_a1_for(xi, params, rng) -> Evidence:
    from ....generalized.bounds import lemma_a1_bound
    from ....generalized.grid import grid_tensor, odd_even_matricization, random_shallow

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
    ev = compare_ints(
        f"numerical rank[Γ]^(odd,even) of ξ = {XI_WORDS.get(xi, xi)} shallow "
        f"networks vs "
        f"R·TM/2 (Lemma A.1)",
        [best],
        [bound],
        "<=",
    )
    ev.sizes = {"M": M, "T": T, "R": R, "samples": n}
    ev.details.update(
        max_certified_rank=best,
        lemma_a1_bound=bound,
        delta=best_delta,
        width_bound_for_this_width_R_network=-(-2 * best // (T * M)),
    )
    if ev.counterexample is not None:
        ev.counterexample.update(
            {
                "ξ": XI_WORDS.get(xi, xi),
                "network seed (regenerates the network)": worst_seed,
                "width R": R,
                "why": "a width-R network whose 'lower bound' ⌈rank/(TM/2)⌉ exceeds R",
            }
        )
        # two significant digits: what counts is the order of σ against δ; further
        # digits are round-off that differs between BLAS kernels (and would reach the
        # errata sheet)
        ev.counterexample.update(
            {
                f"σ_{best} (the smallest singular value counted)": _two_digits(best_s[0]),
                "δ (the tolerance)": _two_digits(best_delta),
                "σ_max": _two_digits(best_s[1]),
            }
        )
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

    from ....generalized.bounds import lemma_a1_bound

    a, M, T, R = FIG5_EXPLICIT, 3, 4, 1
    iv = mpmath.iv
    iv.dps = 60
    rows = [
        [
            iv.sqrt(iv.mpf(a[0][i1] ** 2 + a[1][i2] ** 2 + a[2][i3] ** 2 + a[3][i4] ** 2))
            for i2 in range(M)
            for i4 in range(M)
        ]
        for i1 in range(M)
        for i3 in range(M)
    ]
    det = iv.det(iv.matrix(rows))
    lo, hi = float(mpmath.mpf(det.a)), float(mpmath.mpf(det.b))
    rank = M * M if (lo > 0 or hi < 0) else -1  # -1: not certified by the determinant
    bound = lemma_a1_bound(R, M, T)
    ev = compare_ints(
        "rank of the (odd, even) matricization of an explicit width-1 "
        "ξ = √(x² + y²) network (determinant in 60-digit interval arithmetic "
        "≠ 0) vs R·TM/2 (Lemma A.1)",
        [rank],
        [bound],
        "<=",
    )
    ev.sizes = {"M": M, "T": T, "R": R}
    ev.details.update(det_interval=(_two_digits(lo), _two_digits(hi)), lemma_a1_bound=bound)
    if ev.counterexample is not None:
        ev.counterexample.update(
            {
                "network": "width 1, λ = 1, F = I, a₁ = (0, 1, 2), a₂ = (0, 2, 5), a₃ = (1, 3, 4), "
                "a₄ = (0, 1, 3): Γ[i₁, i₂, i₃, i₄] = √(Σ_t a_t[i_t]²)",
                "det of the 9 × 9 matricization (60-digit interval, both ends)": f"{_two_digits(lo):.2g} … {_two_digits(hi):.2g}",
                "why": "a width-1 network whose 'lower bound' ⌈9/6⌉ = 2 exceeds its width 1",
            }
        )
    return ev


def small_fig5(params, rng):
    parts = {}
    if (params["M"], params["T"], params["R"]) == (3, 4, 1):
        parts["explicit width-1 network, ξ = √(x² + y²)"] = _explicit_l2().keyed("explicit-l2")
    parts.update(
        {
            f"Lemma A.1 bound for ξ = {XI_WORDS[xi]}": _lemma_a1_for(xi, params, rng).keyed(
                f"lemma-a.1-{xi}"
            )
            for xi in ("l2", "softplus")
        }
    )
    return Evidence(
        "Fig. 5 quantity ⌈rank/(TM/2)⌉ as a lower bound for ξ = √(x² + y²)",
        sizes={k: params[k] for k in ("M", "T", "R")},
        parts=parts,
    )


# -- gtm-sec-5.2-shared ----------------------------------------------------------------------
def _span_part(params, rng) -> Evidence:
    from ....figures.gtm import float64_exact
    from ....generalized.grid import grid_tensor, random_generalized_rnn
    from ....ranks.matricize import numerical_rank, rank_mod_p

    M, T, R = params["M"], params["T"], params["R"]
    # 8·M^T networks of inner ranks 1..R (a lower bound: too few draws could only make
    # the span look smaller)
    K = 8 * M**T
    net_seed = int(rng.integers(2**62))
    r2 = np.random.default_rng(net_seed)
    nets = [
        random_generalized_rnn(
            M, T, 1 + k % R, "relu", r2, shared=True, shared_inputs=True, dist="integer"
        )
        for k in range(K)
    ]
    I = np.eye(M)
    rows = np.array([grid_tensor(n, I).ravel() for n in nets])
    exact = all(float64_exact(n, I)[0] for n in nets)
    # exact integer grids: the rank mod p is a certified lower bound of the span dimension
    dim = rank_mod_p(rows.astype(np.int64)) if exact else numerical_rank(rows).rank
    ev = compare_ints(
        f"span dimension of grids of shared-core max RNNs (R = 1..{R}, integer "
        f"weights, {K} networks) < M^T (universality lost)",
        [dim],
        [M**T - 1],
        "<=",
        sizes={"M": M, "T": T, "R": R},
    )
    ev.details.update(
        span_dimension=dim,
        M_to_T=M**T,
        networks=K,
        grids_exact=exact,
        method="rank mod p (certified lower bound)" if exact else "numerical",
    )
    if ev.counterexample is not None:
        ev.counterexample.update(
            {
                "weights": "integers uniform in {−2, …, 2} (C and 𝒢), L = M, F = I, ranks "
                f"1 to {R} in turn",
                "networks' seed (regenerates all of them)": net_seed,
            }
        )
    return ev


def _closure_part(params, rng) -> Evidence:
    """Lemma 5.1's combination of two shared-core networks is again shared-core, so the
    grids of shared networks (all ranks) form a linear space."""
    from ....generalized.constructions import combine_networks
    from ....generalized.grid import GeneralizedRNN, grid_tensor, random_generalized_rnn

    M, T = params["M"], params["T"]
    A = random_generalized_rnn(M, T, 2, "relu", rng, shared=True, shared_inputs=True)
    B = random_generalized_rnn(M, T, 3, "relu", rng, shared=True, shared_inputs=True)
    a, b = rng.standard_normal(2)
    Cn = combine_networks(a, A, b, B)
    gA, gB = grid_tensor(A), grid_tensor(B)
    # forward-error scale: the grids of the networks with |C|, |G| (for ξ = max,
    # |max(x, y, 0)| <= max(|x|, |y|, 0), so these bound every partial sum); n = T steps of
    # L·(R_A + R_B) accumulated terms plus the final scaling and addition
    absA, absB = (
        grid_tensor(
            GeneralizedRNN(tuple(np.abs(c) for c in N.C), tuple(np.abs(g) for g in N.G), "relu")
        )
        for N in (A, B)
    )
    ev = compare_values(
        "Γ of Lemma 5.1's network C vs aΓ_A + bΓ_B (shared-core A, B)",
        grid_tensor(Cn),
        a * gA + b * gB,
        n=T * (M * 5 + 2),
        scale=abs(a) * absA + abs(b) * absB,
    )
    shared = bool(Cn.shared and Cn.shared_inputs)
    U = random_generalized_rnn(M, T, 3, "relu", rng)  # unshared cores
    wrong = combine_networks(a, A, b, U)
    compared = "Lemma 5.1 keeps 𝒢^(2) = ⋯ = 𝒢^(T−1) (and C) shared"
    return Evidence(
        compared,
        passed=shared,
        parts={"grid": ev},
        details={"combined_shared": shared},
        control=control_of(
            compared,
            "B replaced by an unshared RNN",
            passed=bool(wrong.shared and wrong.shared_inputs),
        ),
    )


def small_shared(params, rng):
    from ....generalized.expressivity import constant_network, pairwise_similarity_network
    from ....generalized.grid import random_generalized_rnn

    M, T = params["M"], params["T"]
    F = rng.standard_normal((M, M))
    thm53 = constant_network(M, 2, T, F)
    lemma_a2 = pairwise_similarity_network(M, 2, T) if T % 2 == 0 else None
    parts = {
        "span of shared-core grids vs M^T (universality lost?)": _span_part(params, rng).keyed(
            "span"
        ),
        "Lemma 5.1 preserves shared cores": _closure_part(params, rng).keyed("lemma-5.1"),
        "(b) the Thm. 5.3 example has shared cores": passed_with_control(
            "constant network of Thm. 5.3: 𝒢^(2) = ⋯ = 𝒢^(T−1)",
            lambda n: bool(n.shared),
            thm53,
            random_generalized_rnn(M, T, 2, "relu", rng),
            "a random RNN of the same sizes (unshared cores)",
            details={"shared_G": bool(thm53.shared), "shared_C": bool(thm53.shared_inputs)},
        ).keyed("thm-5.3-shared"),
    }
    details = {
        "(c) Lemma A.2 example shared": None if lemma_a2 is None else bool(lemma_a2.shared),
        "(c) note": "the Thm. 5.2 example alternates core shapes, so it is not "
        "shared; the paper offers numerical evidence instead (App. B, "
        "Fig. 4 — not App. A as printed)",
    }
    return Evidence(
        "§5.2 'Shared case' statements",
        sizes={"M": M, "T": T, "R": params["R"]},
        details=details,
        parts=parts,
    )
