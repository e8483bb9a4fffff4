"""Symbolic proofs (sympy) of the universality identities of gtm App. A.

Each ``prove_<claim id>()`` builds both sides on symbolic entries at fixed small shapes
and decides the identity by ``sympy.expand(lhs - rhs) == 0``; it returns True/False.
``gtm-prop-a.5`` fails as printed (F⁻¹ indices transposed), so its ``-corrected`` twin
is proved.  Runs as a script: ``python proofs/gtm_universality.py``.
"""

from __future__ import annotations

import itertools

import sympy as sp

_XI = sp.Function("xi")  # an arbitrary (uninterpreted) binary operator


def _sym(name, *shape):
    return {
        idx: sp.Symbol(f"{name}_{'_'.join(map(str, idx))}", real=True)
        for idx in itertools.product(*(range(n) for n in shape))
    }


def _rnn_states(C, G, L, ranks, f, h0, xi):
    """Eq. 16: h^{(t)}_k = Σ_{i,j} G_t[i,j,k] ξ([C_t f_t]_i, h^{(t−1)}_j); all states."""
    h, out = list(h0), []
    M = len(f[0])
    for t in range(len(ranks) - 1):
        c = [sum(C[t][(i, m)] * f[t][m] for m in range(M)) for i in range(L[t])]
        h = [
            sum(G[t][(i, j, k)] * xi(c[i], h[j]) for i in range(L[t]) for j in range(ranks[t]))
            for k in range(ranks[t + 1])
        ]
        out.append(h)
    return out


def _net(name, M, L, ranks):
    T = len(ranks) - 1
    C = [_sym(f"{name}C{t}", L, M) for t in range(T)]
    G = [_sym(f"{name}G{t}", L, ranks[t], ranks[t + 1]) for t in range(T)]
    return C, G


def _combine(a, A, B, b, LA, LB, rA, rB, T):
    """The printed Lemma 5.1 weights (the same block rule as tnverify.generalized.constructions)."""
    (CA, GA), (CB, GB) = A, B
    C, G = [], []
    for t in range(T):
        C.append(
            {
                (i, m): (CA[t][(i, m)] if i < LA else CB[t][(i - LA, m)])
                for i in range(LA + LB)
                for m in range(len(CA[t]) // LA)
            }
        )
        p = 1 if t == 0 else rA[t] + rB[t]
        q = 1 if t == T - 1 else rA[t + 1] + rB[t + 1]
        core = {}
        for i, j, k in itertools.product(range(LA + LB), range(p), range(q)):
            val = 0
            if i < LA:
                jj, kk = (0 if t == 0 else j), (0 if t == T - 1 else k)
                inside = (t == 0 or j < rA[t]) and (t == T - 1 or k < rA[t + 1])
                if inside:
                    val = (a if t == T - 1 else 1) * GA[t][(i, jj, kk)]
            else:
                jj = 0 if t == 0 else j - rA[t]
                kk = 0 if t == T - 1 else k - rA[t + 1]
                if (t == 0 or j >= rA[t]) and (t == T - 1 or k >= rA[t + 1]):
                    val = (b if t == T - 1 else 1) * GB[t][(i - LA, jj, kk)]
            core[(i, j, k)] = val
        G.append(core)
    return C, G


def prove_gtm_lemma_5_1() -> bool:
    """Lemma 5.1 (gtm §5.1, proof App. A) for an *arbitrary* ξ (an
    uninterpreted sympy function) and symbolic h^{(0)}: M = 2, T = 3, L_A = 2, L_B = 1,
    ranks A (1, 2, 1, 1), B (1, 1, 2, 1).  With the printed block weights,
    h_C^{(t)} = [h_A^{(t)}; h_B^{(t)}] for t = 1, 2 and h_C^{(3)} = a h_A^{(3)} + b h_B^{(3)}.
    Every length: the middle-core step maps [h_A; h_B] to [h_A'; h_B'] by the same
    computation (the zero blocks drop the cross terms), so induction on t gives the claim."""
    M, T, LA, LB = 2, 3, 2, 1
    rA, rB = (1, 2, 1, 1), (1, 1, 2, 1)
    a, b, h0 = sp.symbols("a b h0", real=True)
    f = [[sp.Symbol(f"f{t}_{m}", real=True) for m in range(M)] for t in range(T)]
    A, B = _net("A", M, LA, rA), _net("B", M, LB, rB)
    C = _combine(a, A, B, b, LA, LB, rA, rB, T)
    hA = _rnn_states(*A, [LA] * T, rA, f, [h0], _XI)
    hB = _rnn_states(*B, [LB] * T, rB, f, [h0], _XI)
    hC = _rnn_states(*C, [LA + LB] * T, [1] + [rA[t] + rB[t] for t in (1, 2)] + [1], f, [h0], _XI)
    ok = all(sp.expand(x - y) == 0 for t in (0, 1) for x, y in zip(hC[t], hA[t] + hB[t]))
    return ok and sp.expand(hC[2][0] - (a * hA[2][0] + b * hB[2][0])) == 0


_OPERATORS = {  # (ξ, unit) for the six operators of gtm-xi-operators
    "product": (lambda x, y: x * y, 1),
    "relu": (lambda x, y: sp.Max(x, y, 0), 0),
    "softplus": (lambda x, y: sp.log(sp.exp(x) + sp.exp(y)), -sp.oo),
    "sum": (lambda x, y: x + y, 0),
    "l2": (lambda x, y: sp.sqrt(x**2 + y**2), 0),
    "relu_sum": (lambda x, y: sp.Max(x, 0) + sp.Max(y, 0), 0),
}


def prove_gtm_prop_a_4_corrected() -> bool:
    """Prop. A.4 (gtm App. A) for T ≥ 2 (the corrected claim; at T = 1 the
    printed construction gives λ ξ(c, u), which is λ c only for a two-sided unit) for each
    of the six ξ with its unit u (−∞ for ln(eˣ + eʸ), extended real): M = 2, T = 3, C^{(t)} = (v^{(t)})ᵀ, 𝒢^{(t)} = 1 (t < T),
    𝒢^{(T)} = λ, h^{(0)} = u gives h^{(3)} = λ ξ(c₁, c₂, c₃) with c_t = ⟨f_t, v^{(t)}⟩,
    the rank-1 shallow score (Eq. 14).  Every length: h^{(t)} = ξ(c_t, ξ(c₁, …, c_{t−1}))
    = ξ(c₁, …, c_t) by associativity and commutativity (induction on t)."""
    M, T = 2, 3
    lam = sp.Symbol("lam", real=True)
    f = [[sp.Symbol(f"f{t}_{m}", real=True) for m in range(M)] for t in range(T)]
    v = [[sp.Symbol(f"v{t}_{m}", real=True) for m in range(M)] for t in range(T)]
    for xi, u in _OPERATORS.values():
        C = [{(0, m): v[t][m] for m in range(M)} for t in range(T)]
        G = [{(0, 0, 0): (lam if t == T - 1 else 1)} for t in range(T)]
        h = _rnn_states(C, G, [1] * T, [1] * (T + 1), f, [u], xi)[-1][0]
        c = [sum(f[t][m] * v[t][m] for m in range(M)) for t in range(T)]
        shallow = lam * xi(xi(c[0], c[1]), c[2])
        if sp.expand(sp.simplify(h - shallow)) != 0:
            return False
    return True


def prove_gtm_prop_a_5_corrected() -> bool:
    """Prop. A.5 with ℋ̂_i = Σ_j ℋ_j Π_t (F⁻¹)_{i_t j_t} (gtm App. A): for
    M = 2, T = 2 and symbolic ℋ, F: ⟨ℋ̂, Φ(x^{(m₁)}, x^{(m₂)})⟩ = ℋ_{m₁m₂} with
    Φ = F[m₁] ⊗ F[m₂] (Eq. 19 rows).  The printed order F⁻¹_{j_t i_t} is not an identity
    (the claim's counterexample)."""
    M = 2  # and T = 2: the two factors below
    F = sp.Matrix(M, M, lambda i, j: sp.Symbol(f"F{i}{j}", real=True))
    Finv = F.inv()
    H = _sym("H", M, M)
    Hh = {i: sum(H[j] * Finv[i[0], j[0]] * Finv[i[1], j[1]] for j in H) for i in H}
    for m in H:
        lhs = sum(Hh[i] * F[m[0], i[0]] * F[m[1], i[1]] for i in H)
        if sp.simplify(lhs - H[m]) != 0:
            return False
    return True


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(f"{_name}: {_fn()}")
