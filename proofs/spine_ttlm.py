"""Symbolic proofs (sympy) of the TTLM spine identities that hold.

Each ``prove_<claim id>()`` builds symbolic cores at fixed small shapes and decides the
identity by ``sympy.expand(lhs - rhs) == 0``.  Statements about every length N are proved
by the one-step (induction) identity: if the partial tensor 𝒫_t (modes w_1..w_t and an
open bond α_t) satisfies ⟨𝒫_t, Φ_t⟩ = h^{(t)} (the recurrence's row vector), then
𝒫_{t+1} = 𝒫_t ×_{α_t} G^{(t+1)} satisfies ⟨𝒫_{t+1}, Φ_{t+1}⟩ = h^{(t)} G^{(t+1)}[:, w_{t+1}, :]
= h^{(t+1)}; the base case h^{(0)} = [1] is trivial and the last bond has R_N = 1.
Imports only sympy/numpy and the standard library.
"""

from __future__ import annotations

import itertools

import sympy as sp


def _core(name, r0, v, r1):
    return [
        [[sp.Symbol(f"{name}_{a}_{i}_{b}") for b in range(r1)] for i in range(v)] for a in range(r0)
    ]


def _onehot(w, v):
    return [sp.Integer(1) if i == w else sp.Integer(0) for i in range(v)]


def _full(cores, v):
    """Explicit tensor entries by contracting the bonds (dict multi-index -> expr)."""
    n = len(cores)
    out = {}
    for idx in itertools.product(range(v), repeat=n):
        # contraction over all bond indices with every sum from 1 to R_t
        ranks = [len(c[0][0]) for c in cores[:-1]]
        total = 0
        for alphas in itertools.product(*(range(r) for r in ranks)):
            a = (0,) + alphas + (0,)
            term = 1
            for t, c in enumerate(cores):
                term *= c[a[t]][idx[t]][a[t + 1]]
            total += term
        out[idx] = total
    return out


def _slice_product(cores, w):
    h = sp.Matrix([[1]])
    for t, c in enumerate(cores):
        m = sp.Matrix(len(c), len(c[0][0]), lambda a, b: c[a][w[t]][b])
        h = h * m
    return h[0, 0]


def _inner_with_phi(A, w, v):
    """Σ_{i1..iN} 𝒜_{i1..iN} Φ(X)_{i1..iN} with Φ(X) = ⊗ one_hot(w_t) (Eq. 2)."""
    f = [_onehot(wt, v) for wt in w]
    total = 0
    for idx in A:
        phi = 1
        for t, i in enumerate(idx):
            phi *= f[t][i]
        total += A[idx] * phi
    return total


def prove_ttlm_eq2() -> bool:
    """⟨𝒜, Φ(X)⟩ = 𝒜[w] for a symbolic 𝒜 of shape 2×2×2 and every w (ttlm Eq. 2)."""
    v, n = 2, 3
    A = {
        idx: sp.Symbol("A_" + "".join(map(str, idx)))
        for idx in itertools.product(range(v), repeat=n)
    }
    return all(sp.expand(_inner_with_phi(A, w, v) - A[w]) == 0 for w in A)


def _induction_step(v=2, r0=2, r1=3) -> bool:
    """One recurrence step equals one more contracted mode (the induction step)."""
    p = [[sp.Symbol(f"P_{w}_{a}") for a in range(r0)] for w in range(v)]  # 𝒫_t, t=1 mode
    g = _core("G", r0, v, r1)
    for w1, w2 in itertools.product(range(v), repeat=2):
        h = sp.Matrix([p[w1]]) * sp.Matrix(r0, r1, lambda a, b: g[a][w2][b])
        f1, f2 = _onehot(w1, v), _onehot(w2, v)
        for b in range(r1):
            nxt = sum(
                f1[i] * f2[j] * sum(p[i][a] * g[a][j][b] for a in range(r0))
                for i in range(v)
                for j in range(v)
            )
            if sp.expand(nxt - h[0, b]) != 0:
                return False
    return True


def _entries_agree(cores, v, lower=None) -> bool:
    full = _full(cores, v)
    return all(sp.expand(_slice_product(cores, w) - val) == 0 for w, val in full.items())


def prove_ttlm_eq3_corrected() -> bool:
    """Slice products = nested sums with every α_k from 1 (N = 3, ranks [1,2,2,1], |V| = 2),
    plus the induction step for every N (ttlm §4.2, Eq. 3, corrected)."""
    cores = [_core("G1", 1, 2, 2), _core("G2", 2, 2, 2), _core("G3", 2, 2, 1)]
    return _entries_agree(cores, 2) and _induction_step()


def prove_ttlm_eq5_corrected() -> bool:
    """Eq. 4 (Σ_i f_i G[:, i, :] = G[:, w, :] for one-hot f), ⟨𝒜, Φ⟩ = slice product
    (N = 3) and the induction step (ttlm §4.2, Eq. 4–5, corrected)."""
    v = 3
    g = _core("G", 2, v, 2)
    for w in range(v):
        f = _onehot(w, v)
        for a, b in itertools.product(range(2), repeat=2):
            if sp.expand(sum(f[i] * g[a][i][b] for i in range(v)) - g[a][w][b]) != 0:
                return False
    cores = [_core("G1", 1, 2, 2), _core("G2", 2, 2, 3), _core("G3", 3, 2, 1)]
    full = _full(cores, 2)
    for w in full:
        if sp.expand(_inner_with_phi(full, w, 2) - _slice_product(cores, w)) != 0:
            return False
    return _induction_step(v=2, r0=3, r1=2)


def prove_thesis_eq_3_4_corrected() -> bool:
    """Eq. 3.3 (slice products) = Eq. 3.4 with every sum from 1, on modes of different
    sizes 2×3×2 with ranks [1,2,2,1] (thesis §3.2.2), plus the induction step."""
    shape, ranks = (2, 3, 2), (1, 2, 2, 1)
    cores = [_core(f"G{t}", ranks[t], shape[t], ranks[t + 1]) for t in range(3)]
    for idx in itertools.product(*(range(n) for n in shape)):
        total = 0
        for a1, a2 in itertools.product(range(ranks[1]), range(ranks[2])):
            total += cores[0][0][idx[0]][a1] * cores[1][a1][idx[1]][a2] * cores[2][a2][idx[2]][0]
        if sp.expand(_slice_product(cores, idx) - total) != 0:
            return False
    return _induction_step(v=3, r0=2, r1=2)


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(f"{_name}: {_fn()}")
