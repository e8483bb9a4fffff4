"""Spans of rank-1 shallow grids (gtm §5.1, Thm. 5.1 (i); §4.2): the grids of rank-1 ξ = max
shallow networks span every tensor (Thm. 5.1), and the grids of ξ = max(x, 0) + max(y, 0)
networks span only the additive tensors (§4.2, after Cohen & Shashua 2016)."""

from __future__ import annotations

import numpy as np

from ....definitions.explicit import all_sequences
from ....generalized import constructions as gc
from ....generalized.grid import (
    grid_by_evaluation,
    grid_tensor,
    random_shallow,
)
from ....ranks.matricize import exact_rank, numerical_rank, rank_mod_p
from ... import Evidence
from ...compare import compare_ints, compare_values
from ..controls import control_of
from .checks import abs_network, chain_length, compare_grid, invertible_F


# -- span of rank-1 shallow grids (gtm-thm-5.1 (i), gtm-sec-4.2-nonuniversal) -------------
def span_matrix(xi, M, T, samples, rng, *, dist="normal") -> np.ndarray:
    """(samples, M^T): vectorised grids (C order) of random rank-1 ξ-shallow networks, F = I
    (for invertible F the template values Fv range over all of ℝ^M, Eq. 20)."""
    rows = [
        grid_tensor(random_shallow(M, T, 1, xi, rng, dist=dist)).reshape(-1) for _ in range(samples)
    ]
    return np.array(rows)


def _span_parts(xi, M, T, rng, factor) -> tuple[dict, int]:
    N = M**T
    D = span_matrix(xi, M, T, factor * N, rng)
    nr = numerical_rank(D)
    Dint = span_matrix(xi, M, T, factor * N, rng, dist="integer")
    return {"numerical": nr, "mod_p": rank_mod_p(Dint.astype(np.int64)), "samples": factor * N}, N


def _span_control(xi, M, T, rng, factor, test, label) -> Evidence:
    """The span-rank test on the grids of the other operator (the negative control)."""
    rank = int(numerical_rank(span_matrix(xi, M, T, factor * M**T, rng)))
    return control_of(
        "numerical span rank test",
        label,
        passed=bool(test(rank)),
        details={"rank": rank, "M^T": M**T},
    )


def small_thm_5_1(params, rng):
    M, T, factor = params["M"], params["T"], params["factor"]
    span, N = _span_parts("relu", M, T, rng, factor)
    nr = span["numerical"]
    sz = {"M": M, "T": T, "M^T": N, "samples": span["samples"]}
    parts = {
        "(i) numerical rank of the span (Gaussian v) = M^T": Evidence(
            "numerical rank of vectorised rank-1 max-shallow grids vs M^T",
            passed=int(nr) == N,
            details={**nr.to_dict(), "M^T": N},
            counterexample=None if int(nr) == N else {"rank": int(nr), "M^T": N},
            control=_span_control(
                "relu_sum",
                M,
                T,
                rng,
                factor,
                lambda r: r == N,
                "ξ = max(x, 0) + max(y, 0) in place of max(x, y, 0)",
            ),
        ),
        "(i) certified rank (integer v, mod-p lower bound) = M^T": compare_ints(
            "rank over GF(p) of integer-valued rank-1 max grids (≤ exact rank ≤ M^T)",
            [span["mod_p"]],
            [N],
        ),
    }
    F = invertible_F(M, rng)
    j = rng.integers(0, M, size=T)
    E = np.zeros((M,) * T)
    E[tuple(j)] = 1.0
    sh, rnn = gc.one_hot_network(j, M, F)
    parts["(ii) Lemma 5.2: shallow grid = ℰ^(j)"] = compare_grid("Γ(shallow) vs ℰ", sh, F, E)
    parts["(ii) Lemma 5.2: RNN grid = ℰ^(j)"] = compare_grid("Γ(RNN) vs ℰ", rnn, F, E)
    H = rng.standard_normal((M,) * T)
    lam_solved = gc.universal_coefficients(H, solve=True)
    lam = gc.universal_coefficients(H)
    parts["(ii) solved coefficients = closed form"] = compare_values(
        "λ by solving (J − I)λ = vec ℋ vs λ_j = Σℋ/(N−1) − ℋ_j",
        lam_solved,
        lam,
        n=N,
        scale=np.abs(H).sum() / (N - 1) + np.abs(H).reshape(-1),
    )
    sh, rnn = gc.universal_networks(H, F, solve=True)
    parts["(ii) shallow grid = ℋ"] = compare_grid("Γ(width-M^T max-shallow) vs ℋ", sh, F, H)
    parts["(ii) RNN grid (Prop. A.4 + Lemma 5.1) = ℋ"] = compare_grid(
        "Γ(RNN) by recursion vs ℋ", rnn, F, H
    )
    parts["(ii) RNN grid by evaluation = ℋ"] = compare_values(
        "Γ(RNN) by per-sequence evaluation (Eq. 16) vs ℋ",
        grid_by_evaluation(rnn, F),
        H,
        n=chain_length(rnn),
        scale=grid_tensor(abs_network(rnn), np.abs(F)),
    )
    return Evidence(
        "Thm. 5.1: span of rank-1 max grids; explicit networks realising ℰ and ℋ",
        parts=parts,
        sizes={**sz, "rnn_ranks": list(rnn.ranks), "one_hot_index": j.tolist()},
    )


def additive_basis(M, T) -> np.ndarray:
    """(M^T, T·M) 0/1 matrix of the indicators [i_t = m]: the grids Σ_t g_t(i_t)."""
    seqs = all_sequences(M, T)
    return np.concatenate([np.eye(M)[seqs[:, t]] for t in range(T)], axis=1)


def small_sec_4_2(params, rng):
    M, T, factor = params["M"], params["T"], params["factor"]
    span, N = _span_parts("relu_sum", M, T, rng, factor)
    nr = span["numerical"]
    Bm = additive_basis(M, T)
    dim_S = exact_rank(Bm)
    D = span_matrix("relu_sum", M, T, factor * N, rng)
    coef, *_ = np.linalg.lstsq(Bm, D.T, rcond=None)
    sz = {"M": M, "T": T, "M^T": N, "samples": span["samples"]}
    parts = {
        "sampled grids lie in S = {Σ_t g_t(i_t)}": compare_values(
            "rank-1 relu_sum grids vs their projection onto S",
            Bm @ coef,
            D.T,
            n=T * M + N,
            scale=np.abs(D.T).max(axis=0, keepdims=True),
        ),
        "dim S (exact) < M^T": compare_ints(
            "exact rank of the indicator basis of S vs M^T − 1", [dim_S], [N - 1], "<="
        ),
        "dim S = T(M−1)+1": compare_ints("exact dim S vs T(M−1)+1", [dim_S], [T * (M - 1) + 1]),
        "numerical span rank < M^T": Evidence(
            "numerical rank of sampled relu_sum grids vs M^T",
            passed=int(nr) < N,
            control=_span_control(
                "relu",
                M,
                T,
                rng,
                factor,
                lambda r: r < N,
                "ξ = max(x, y, 0) in place of max(x, 0) + max(y, 0)",
            ),
            details={**nr.to_dict(), "M^T": N, "mod_p_integer_family": span["mod_p"]},
            counterexample=None if int(nr) < N else {"rank": int(nr), "M^T": N},
        ),
    }
    return Evidence(
        "ξ = max(x,0)+max(y,0): span of shallow grids vs M^T",
        parts=parts,
        sizes=sz,
        details={"dim_S": dim_S, "numerical_rank": int(nr)},
    )
