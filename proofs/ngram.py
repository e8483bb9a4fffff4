"""sympy proofs for the [born-ngram] n-gram/TSLM claims; tnverify.claims.thesis.ngrams.

Each ``prove_*`` works on symbolic entries at fixed small shapes and decides by
``sympy.expand(lhs - rhs) == 0``.  Imports only sympy and the standard library.
"""

from __future__ import annotations

import itertools

import sympy as sp

V, N = 2, 3


def _joint():
    return {s: sp.Symbol("p" + "".join(map(str, s))) for s in itertools.product(range(V), repeat=N)}


def _inner_product_tensor(p, vecs):
    """⟨⊗ v_t, c⟩ for c = Σ_s p_s ⊗ e_{s_t} in the standard basis: Σ_s p_s Π_t v_t[s_t]."""
    return sum(p[s] * sp.Mul(*[vecs[t][s[t]] for t in range(N)]) for s in p)


def prove_tslm_claim_1() -> bool:
    """Claim 1: with one-hot words, ⟨s, c⟩ = 𝒯[s] = p_s for every sentence (Eq. 22–27)."""
    p = _joint()
    e = [[sp.Integer(int(i == j)) for j in range(V)] for i in range(V)]
    return all(sp.expand(_inner_product_tensor(p, [e[w] for w in s]) - p[s]) == 0 for s in p)


def prove_tslm_claim_2() -> bool:
    """Claim 2 (one-hot words, padding u with ⟨u, e_d⟩ = 1, i.e. u = 1 = Σ_w w):
    ⟨w₁ⁱ, c⟩ = Σ_{d_{i+1..n}} p(w₁…wᵢ d…) for every prefix, every i (Eq. 28–32)."""
    p = _joint()
    e = [[sp.Integer(int(i == j)) for j in range(V)] for i in range(V)]
    one = [sp.Integer(1)] * V
    for i in range(N + 1):
        for pre in itertools.product(range(V), repeat=i):
            lhs = _inner_product_tensor(p, [e[w] for w in pre] + [one] * (N - i))
            rhs = sum(p[pre + rest] for rest in itertools.product(range(V), repeat=N - i))
            if sp.expand(lhs - rhs) != 0:
                return False
    return True


def prove_tslm_eq_11() -> bool:
    """Eq. 10 = Eq. 11 in an orthonormal basis: with 𝒯 and 𝒜 the coefficients of c and
    s, ⟨s, c⟩ = Σ 𝒯 𝒜 (Parseval), checked for a symbolic 2-D rotation at n = 2; and with
    orthonormal words (rows of a rotation) ⟨s_i, c⟩ = p_i (the corrected statement)."""
    th = sp.Symbol("theta", real=True)
    Q = sp.Matrix([[sp.cos(th), sp.sin(th)], [-sp.sin(th), sp.cos(th)]])  # rows e_d
    T = sp.Matrix(2, 2, lambda a, b: sp.Symbol(f"t{a}{b}"))
    A = sp.Matrix(2, 2, lambda a, b: sp.Symbol(f"a{a}{b}"))
    c = Q.T * T * Q  # c = Σ T_ab e_a ⊗ e_b (ambient)
    s = Q.T * A * Q
    parseval = sum(c[i, j] * s[i, j] for i in range(2) for j in range(2)) - sum(
        T[i, j] * A[i, j] for i in range(2) for j in range(2)
    )
    if sp.expand(sp.trigsimp(sp.expand(parseval))) != 0:
        return False
    # orthonormal words w_i = rows of Q: c = Σ p_ij w_i ⊗ w_j, ⟨w_k ⊗ w_l, c⟩ = p_kl
    P = sp.Matrix(2, 2, lambda a, b: sp.Symbol(f"p{a}{b}"))
    c = Q.T * P * Q
    for k, l in itertools.product(range(2), repeat=2):
        val = (Q[k, :] * c * Q[l, :].T)[0, 0]
        if sp.expand(sp.trigsimp(sp.expand(val)) - P[k, l]) != 0:
            return False
    return True


def prove_thesis_eq_2_11() -> bool:
    """2^{H₂} = P^{−1/L} with H₂ = −(1/L) log₂ P, and (Π 1/p_t)^{1/L} = P^{−1/L}, at L = 3
    for positive symbols (the base-2 reading; base e gives 2^{H_e} = P^{−1/(L ln 2)})."""
    L = 3
    ps = sp.symbols("p1:4", positive=True)
    P = sp.Mul(*ps)
    H2 = -sp.log(P, 2) / L
    lhs = sp.powsimp(sp.expand_log(sp.Integer(2) ** H2, force=True), force=True)
    rhs = P ** sp.Rational(-1, L)
    prod_form = sp.Mul(*[1 / p for p in ps]) ** sp.Rational(1, L)
    return (
        sp.expand(sp.simplify(lhs - rhs)) == 0
        and sp.expand(sp.powdenest(prod_form - rhs, force=True)) == 0
    )


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_"):
            print(name, fn())
