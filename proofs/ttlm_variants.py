"""Sympy proofs for the [ttlm] TTLM-variant claims (tnverify.claims.ttlm.variants.uniform).

Each ``prove_*`` builds symbolic entries at fixed small shapes and decides
``sympy.expand(lhs - rhs) == 0``.  Imports only sympy and the standard library.
"""

from __future__ import annotations

import itertools

import sympy as sp

V, R = 2, 2


def _core(name, r0, v, r1):
    return [
        [[sp.Symbol(f"{name}_{a}{i}{b}") for b in range(r1)] for i in range(v)] for a in range(r0)
    ]


def _mat(name, n, m):
    return sp.Matrix(n, m, lambda i, j: sp.Symbol(f"{name}_{i}{j}"))


def _slice(G, w):
    return sp.Matrix(len(G), len(G[0][0]), lambda a, b: G[a][w][b])


def prove_ttlm_eq6_corrected() -> bool:
    """One step of Eq. 7 (a), ``h_b = Σ_{a,i} f_i G_{aib} h_a`` with one-hot ``f = e_w``,
    equals ``hᵀ G[:, w, :]``; hence (induction on t, base ``h^(1) = G^(1)ᵀ e_{w1}``)
    ``h^(N−1)ᵀ G^(N)[:, w_N]`` is the nested sum of Eq. 6 for every N."""
    G = _core("G", R, V, R)
    h = sp.Matrix(1, R, lambda _, a: sp.Symbol(f"h_{a}"))
    for w in range(V):
        f = [1 if i == w else 0 for i in range(V)]
        lhs = sp.Matrix(
            1, R, lambda _, b: sum(f[i] * G[a][i][b] * h[a] for a in range(R) for i in range(V))
        )
        if any(sp.expand(x) != 0 for x in lhs - h * _slice(G, w)):
            return False
    return True


def prove_ttlm_eq8_corrected() -> bool:
    """For a uniform TT of length N = 4 (symbolic first core F (|V|×R), core G), the
    marginal ``Σ_{x_{>t}} p`` equals ``h^(t−1) G[:, x_t, :] E_t`` with
    ``E_t = (Σ_u G_u)^{N−t−1} Σ_u F_u`` for t = 2, 3 (and ``h^(N−1)·F[x_N]`` at t = N); the
    ratio of these is the conditional.  Induction: ``E_{t−1} = (Σ_u G_u) E_t``."""
    N = 4
    F = _mat("F", V, R)
    G = _core("G", R, V, R)
    S = sum((_slice(G, u) for u in range(V)), sp.zeros(R, R))
    o = sum((F[u, :].T for u in range(V)), sp.zeros(R, 1))

    def p(x):
        h = F[x[0], :]
        for t in range(1, N - 1):
            h = h * _slice(G, x[t])
        return (h * F[x[-1], :].T)[0, 0]

    for t in (2, 3):  # 1-based position of x_t
        for pre in itertools.product(range(V), repeat=t):
            marg = sum(p(pre + rest) for rest in itertools.product(range(V), repeat=N - t))
            h = F[pre[0], :]
            for s in range(1, t):
                h = h * _slice(G, pre[s])
            env = S ** (N - t - 1) * o
            if sp.expand(marg - (h * env)[0, 0]) != 0:
                return False
    return True


def prove_ttlm_app_a_corrected() -> bool:
    """Step III: ``(G^(t) h)_j = Σ_{i=1}^R G^(t)_{ji} h_i`` for every j ≤ |V| (|V| = 3, R = 2)."""
    Gt, h = _mat("G", 3, R), _mat("h", R, 1)
    rhs = sp.Matrix(3, 1, lambda j, _: sum(Gt[j, i] * h[i] for i in range(R)))
    return all(sp.expand(x) == 0 for x in Gt * h - rhs)


def prove_ttlm_eq12() -> bool:
    """One Tiny/Large step under each reading equals ``hᵀ G[:, w, :]`` with the core of
    :func:`tnverify.equivalences.tiny_to_tt_core` / ``large_to_tt_core`` (R = 2)."""
    X = [[[sp.Symbol(f"X_{w}{j}{k}") for k in range(R)] for j in range(R)] for w in range(V)]
    E = {
        (j, k, l, m): sp.Symbol(f"E_{j}{k}{l}{m}")
        for j, k, l, m in itertools.product(range(R), repeat=4)
    }
    Whh, h = _mat("W", R, R), _mat("h", R, 1)
    u = Whh * h
    for large in (False, True):
        for w in range(V):
            M = (
                sp.Matrix(R, R, lambda j, k: X[w][j][k])
                if not large
                else sp.Matrix(
                    R,
                    R,
                    lambda l, m: sum(
                        X[w][j][k] * E[j, k, l, m] for j in range(R) for k in range(R)
                    ),
                )
            )
            delta = sp.Matrix(
                R,
                1,
                lambda m, _: sum(
                    M[j, k] * (1 if j == k == l == m else 0) * u[l]
                    for j in range(R)
                    for k in range(R)
                    for l in range(R)
                ),
            )
            G_delta = sp.Matrix(R, R, lambda a, m: M[m, m] * Whh[m, a])
            reshape = M * u
            G_resh = sp.Matrix(R, R, lambda a, j: sum(M[j, k] * Whh[k, a] for k in range(R)))
            for lhs, G in ((delta, G_delta), (reshape, G_resh)):
                if any(sp.expand(x) != 0 for x in lhs.T - h.T * G):
                    return False
    return True


def prove_thesis_prop_5_2_2_corrected() -> bool:
    """Site-dependent TT, cores 𝐆^(1) (1×|V|×R), 𝐆^(2) (R×|V|×R) and output cores
    O_t ∈ ℝ^{R_{t−1}×|V|} (symbolic entries): for t = 1, 2, 3 and every prefix, Eq. 5.7's
    unrolled product ``(f^(1))ᵀ𝐆^(1) ⋯ (f^(t−1))ᵀ𝐆^(t−1) O_t`` equals Eq. 5.9's
    ``(h^(t−1))ᵀ O_t`` with h by the recursion of Eq. 5.8, ``h^(s) = (h^(s−1))ᵀ𝐆^(s)𝐟^(s)``
    (h contracted with the left bond, the one-hot f with the |V| mode).  For every length
    the same one-step identity ``h^(s) = (h^(s−1))ᵀ[(f^(s))ᵀ𝐆^(s)]`` gives it by induction."""
    cores = [_core("A", 1, V, R), _core("B", R, V, R)]
    outs = [
        sp.Matrix(1, V, lambda i, j: sp.Symbol(f"O1_{i}{j}")),
        sp.Matrix(R, V, lambda i, j: sp.Symbol(f"O2_{i}{j}")),
        sp.Matrix(R, V, lambda i, j: sp.Symbol(f"O3_{i}{j}")),
    ]
    for t in range(1, 4):
        for pre in itertools.product(range(V), repeat=t - 1):
            unrolled = sp.eye(1)
            for s, w in enumerate(pre):
                unrolled = unrolled * _slice(cores[s], w)  # (f^(s))ᵀ𝐆^(s), Eq. 5.6
            unrolled = unrolled * outs[t - 1]
            h = sp.ones(1, 1)
            for s, w in enumerate(pre):  # Eq. 5.8, entry by entry
                G, f = cores[s], [1 if i == w else 0 for i in range(V)]
                h = sp.Matrix(
                    1,
                    _slice(G, 0).shape[1],
                    lambda _, b: sum(
                        h[0, a] * G[a][i][b] * f[i] for a in range(h.shape[1]) for i in range(V)
                    ),
                )
            if any(sp.expand(e) != 0 for e in (unrolled - h * outs[t - 1])):
                return False
    return True


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_") and callable(fn):
            print(name, fn())
