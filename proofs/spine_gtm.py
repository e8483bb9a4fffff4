"""Symbolic proofs (sympy) of the spine claims of gtm and tslm.

Each ``prove_<claim id>()`` builds both sides on symbolic entries at fixed small shapes
and decides the identity by ``sympy.expand(lhs - rhs) == 0``; it returns True/False.
Only statements that hold have a proof here: the printed boundary form 𝒢^{(1)} f after
Eq. 12 (``gtm-eq12-boundary-h1``) fails, so its ``-corrected`` twin is proved with Lemma 3.1.

Runs as a script: ``python proofs/spine_gtm.py`` prints every result.
"""

from __future__ import annotations

import itertools

import sympy as sp


def _vec(name, n):
    return [sp.Symbol(f"{name}_{i}") for i in range(n)]


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cores(M, ranks, name="G"):
    """Symbolic paper-order cores G[t][i][j][k], shape M × R_{t−1} × R_t."""
    return [
        [
            [
                [sp.Symbol(f"{name}{t}_{i}{j}{k}") for k in range(ranks[t + 1])]
                for j in range(ranks[t])
            ]
            for i in range(M)
        ]
        for t in range(len(ranks) - 1)
    ]


def _full_from_cores(cores, M, ranks):
    """𝒲 by Eq. 7 as a dict multi-index -> expression."""
    T = len(cores)
    W = {}
    for idx in itertools.product(range(M), repeat=T):
        total = 0
        for r in itertools.product(*(range(x) for x in ranks[1:-1])):
            rr = (0,) + r + (0,)
            term = 1
            for t in range(T):
                term *= cores[t][idx[t]][rr[t]][rr[t + 1]]
            total += term
        W[idx] = total
    return W


def _inner_with_phi(W, feats, M):
    """⟨𝒲, Φ(X)⟩ with Φ = f_1 ⊗ ⋯ ⊗ f_T (Eq. 2–3)."""
    total = 0
    for idx, w in W.items():
        phi = 1
        for t, i in enumerate(idx):
            phi *= feats[t][i]
        total += w * phi
    return total


def prove_gtm_eq_6() -> bool:
    """Eq. 6 from Eq. 5 and Eq. 2 (gtm §3.2): for T = 3, R = 2, M = 2,
    ⟨Σ_r λ_r v_r^{(1)} ⊗ v_r^{(2)} ⊗ v_r^{(3)}, f_1 ⊗ f_2 ⊗ f_3⟩ = Σ_r λ_r Π_t ⟨f_t, v_r^{(t)}⟩."""
    M, T, R = 2, 3, 2
    lam = _vec("lam", R)
    V = [[_vec(f"v{t}{r}", M) for r in range(R)] for t in range(T)]
    f = [_vec(f"f{t}", M) for t in range(T)]
    W = {
        idx: sum(lam[r] * V[0][r][idx[0]] * V[1][r][idx[1]] * V[2][r][idx[2]] for r in range(R))
        for idx in itertools.product(range(M), repeat=T)
    }
    lhs = _inner_with_phi(W, f, M)
    rhs = sum(
        lam[r] * _dot(f[0], V[0][r]) * _dot(f[1], V[1][r]) * _dot(f[2], V[2][r]) for r in range(R)
    )
    return sp.expand(lhs - rhs) == 0


def prove_gtm_lemma_3_1() -> bool:
    """Lemma 3.1 (gtm §3.3, App. A) and the boundary forms after Eq. 12 with
    h^{(1)} = (𝒢^{(1)})ᵀ f (claims gtm-lemma-3.1, gtm-eq12-boundary-h1-corrected and the
    variant gtm-lemma-3.1-variant).

    (i) T = 3, M = 2, ranks (1, 2, 2, 1): ⟨𝒲, Φ⟩ (Eq. 7, 2) equals h^{(3)} of Eq. 9,
    h^{(3)} of Eq. 10 (h^{(0)} = 1), and the boundary forms h^{(1)}_k = Σ_i 𝒢^{(1)}_{i1k} f_i,
    h^{(T)} = f_Tᵀ 𝒢^{(T)} h^{(T−1)}.
    (ii) One-step identity for every length: with P_{t−1}(r_{t−1}) the partial sum
    Σ_{r_1..r_{t−2}} Π_{s<t} ⟨f_s, g^{(s)}⟩ (which equals h^{(t−1)}_{r_{t−1}} by the
    induction hypothesis), Σ_{r_{t−1}} ⟨f_t, g^{(t)}_{r_{t−1}r_t}⟩ h^{(t−1)}_{r_{t−1}} =
    Σ_{i,j} 𝒢^{(t)}_{ijr_t} f_i h^{(t−1)}_j — the Eq. 9 step equals the Eq. 10 step for
    symbolic h^{(t−1)}, so by induction h^{(T)} = Eq. 8 = ⟨𝒲, Φ⟩ for every T.
    """
    M, ranks = 2, (1, 2, 2, 1)
    G = _cores(M, ranks)
    f = [_vec(f"f{t}", M) for t in range(3)]
    W = _full_from_cores(G, M, ranks)
    lhs = _inner_with_phi(W, f, M)
    g = lambda t, a, b: [G[t][i][a][b] for i in range(M)]  # noqa: E731  g^{(t)}_{ab}
    h = [_dot(f[0], g(0, 0, k)) for k in range(ranks[1])]  # Eq. 9, first state
    h_boundary = [sum(G[0][i][0][k] * f[0][i] for i in range(M)) for k in range(ranks[1])]
    ok = all(sp.expand(a - b) == 0 for a, b in zip(h, h_boundary))
    h10 = [1]
    for t in range(3):
        h10 = [
            sum(G[t][i][j][k] * f[t][i] * h10[j] for i in range(M) for j in range(ranks[t]))
            for k in range(ranks[t + 1])
        ]
    for t in (1, 2):
        h = [
            sum(_dot(f[t], g(t, a, b)) * h[a] for a in range(ranks[t])) for b in range(ranks[t + 1])
        ]
    h_prev = [
        sum(_dot(f[1], g(1, a, b)) * _dot(f[0], g(0, 0, a)) for a in range(ranks[1]))
        for b in range(ranks[2])
    ]
    last = sum(f[2][i] * G[2][i][j][0] * h_prev[j] for i in range(M) for j in range(ranks[2]))
    ok &= sp.expand(lhs - h[0]) == 0 and sp.expand(lhs - h10[0]) == 0
    ok &= sp.expand(lhs - last) == 0
    # (ii) one step, symbolic previous state, R_{t-1} = 3, R_t = 2, M = 2
    Gt = _cores(M, (3, 2), name="H")[0]
    ft, hp = _vec("ft", M), _vec("hp", 3)
    for k in range(2):
        step9 = sum(_dot(ft, [Gt[i][a][k] for i in range(M)]) * hp[a] for a in range(3))
        step10 = sum(Gt[i][j][k] * ft[i] * hp[j] for i in range(M) for j in range(3))
        ok &= sp.expand(step9 - step10) == 0
    return bool(ok)


def prove_gtm_prop_a_1() -> bool:
    """Prop. A.1 (gtm App. A): with ξ = xy, one step of Eq. 16,
    Σ_{i,j} 𝒢_{ijk} (C f)_i h_j, equals Σ_{l,j} 𝒢̃_{ljk} f_l h_j with
    𝒢̃_{ljk} = Σ_i 𝒢_{ijk} C_{il}; symbolic L = 3, M = 2, R_{t−1} = 2, R_t = 2.  By
    induction over t (same start h^{(0)} = 1) the networks agree for every length, and the
    absorbed network is a TT (Lemma 3.1), so its score is ⟨𝒲(𝒢̃), Φ⟩."""
    L, M, Rp, R = 3, 2, 2, 2
    G = _cores(L, (Rp, R))[0]
    C = [[sp.Symbol(f"C_{i}{l}") for l in range(M)] for i in range(L)]
    f, h = _vec("f", M), _vec("h", Rp)
    Cf = [_dot(C[i], f) for i in range(L)]
    ok = True
    for k in range(R):
        lhs = sum(G[i][j][k] * Cf[i] * h[j] for i in range(L) for j in range(Rp))
        tilde = [[sum(G[i][j][k] * C[i][l] for i in range(L)) for j in range(Rp)] for l in range(M)]
        rhs = sum(tilde[l][j] * f[l] * h[j] for l in range(M) for j in range(Rp))
        ok &= sp.expand(lhs - rhs) == 0
    return bool(ok)


def prove_tslm_eq_7() -> bool:
    """TSLM Eq. 4–7 (tslm): for n = 3, m = 2 and symbolic basis vectors e_d and
    coefficients α, w_1 ⊗ w_2 ⊗ w_3 = Σ_d 𝒜_d e_{d1} ⊗ e_{d2} ⊗ e_{d3} with
    𝒜_d = Π_i α_{i,d_i} (multilinearity; orthogonality is not needed), and every unfolding
    of 𝒜 has rank ≤ 1: all its 2×2 minors vanish (rank exactly 1 for α ≠ 0)."""
    m, n = 2, 3
    E = [_vec(f"e{d}", m) for d in range(m)]  # e_d as a vector in ℝ^m
    alpha = [_vec(f"a{i}", m) for i in range(n)]
    w = [[sum(alpha[i][d] * E[d][c] for d in range(m)) for c in range(m)] for i in range(n)]
    A = {
        d: alpha[0][d[0]] * alpha[1][d[1]] * alpha[2][d[2]]
        for d in itertools.product(range(m), repeat=n)
    }
    ok = True
    for c in itertools.product(range(m), repeat=n):
        s6 = w[0][c[0]] * w[1][c[1]] * w[2][c[2]]
        s7 = sum(A[d] * E[d[0]][c[0]] * E[d[1]][c[1]] * E[d[2]][c[2]] for d in A)
        ok &= sp.expand(s6 - s7) == 0
    for k in range(1, n):
        rows = list(itertools.product(range(m), repeat=k))
        cols = list(itertools.product(range(m), repeat=n - k))
        mat = sp.Matrix([[A[r + c] for c in cols] for r in rows])
        for r1, r2 in itertools.combinations(range(len(rows)), 2):
            for c1, c2 in itertools.combinations(range(len(cols)), 2):
                minor = mat[r1, c1] * mat[r2, c2] - mat[r1, c2] * mat[r2, c1]
                ok &= sp.expand(minor) == 0
    return bool(ok)


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_") and callable(fn):
            print(f"{name}: {fn()}")
