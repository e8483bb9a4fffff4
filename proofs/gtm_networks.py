"""Symbolic proofs (sympy) of the [gtm] network claims of gtm.

Each ``prove_<claim id>()`` builds both sides on symbolic entries at fixed small shapes
and decides the identity by ``sympy.expand(lhs - rhs) == 0`` (after the simplifications
stated); it returns True/False.  ``prove_gtm_xi_operators_corrected`` proves
``gtm-xi-operators`` (what it asserts: associativity, commutativity, the paper's units) and
its variant (the units of every ξ, u = −∞ for ln(eˣ + eʸ)).  Prop. A.2 and
Prop. A.3 are proved for an *uninterpreted* binary function ξ (sympy Function), i.e. for
every ξ at once: both sides are sums of products of weights and ξ-values, and the identity
says the printed index bookkeeping puts the same arguments in the same places.

Runs as a script: ``python proofs/gtm_networks.py`` prints every result.
"""

from __future__ import annotations

import functools
import itertools

import sympy as sp

XI = {
    "product": lambda x, y: x * y,
    "relu": lambda x, y: sp.Max(x, y, 0),
    "softplus": lambda x, y: sp.log(sp.exp(x) + sp.exp(y)),
    "sum": lambda x, y: x + y,
    "l2": lambda x, y: sp.sqrt(x**2 + y**2),
    "relu_sum": lambda x, y: sp.Max(x, 0) + sp.Max(y, 0),
}
#: the units of the corrected statement (reading (a)); softplus: −∞ (extended real)
UNITS = {"product": 1, "relu": 0, "softplus": -sp.oo, "sum": 0, "l2": 0, "relu_sum": 0}


def _zero(d) -> bool:
    d = sp.simplify(sp.expand_log(sp.powsimp(d), force=True))
    return sp.expand(d) == 0


def _sign_cases(arity):
    """x = −p, 0, +p with p > 0 per variable, so Max/Abs/sqrt simplify."""
    p = sp.symbols("p q s", positive=True)[:arity]
    for signs in itertools.product((-1, 0, 1), repeat=arity):
        yield [sg * v for sg, v in zip(signs, p)]


def _identity(fn, arity) -> bool:
    return all(_zero(fn(*v)) for v in _sign_cases(arity))


def prove_gtm_xi_operators_corrected() -> bool:
    """For each of the six ξ (gtm §4.1, §4.2, App. B): associativity and
    commutativity for all real x, y, z; the unit under the printed ternary condition
    ξ(ξ(x, y), u) = ξ(x, y) for u = 1 (xy), u = 0 (x + y, √(x² + y²)), every u ≤ 0
    (max(x, y, 0), max(x, 0) + max(y, 0): u = −r with r ≥ 0 a symbol); for ln(eˣ + eʸ)
    the limit u → −∞ of ξ(ξ(x, y), u) is ξ(x, y), while ξ(ξ(x, y), u) − ξ(x, y) =
    ln(1 + e^u/(eˣ + eʸ)) > 0 for every real u (no real unit)."""
    ok = True
    r = sp.Symbol("r", nonnegative=True)
    for name, xi in XI.items():
        ok &= _identity(lambda x, y, z: xi(xi(x, y), z) - xi(x, xi(y, z)), 3)
        ok &= _identity(lambda x, y: xi(x, y) - xi(y, x), 2)
        if name == "softplus":
            x, y, u = sp.symbols("x y u", real=True)
            ok &= _zero(sp.limit(xi(xi(x, y), u), u, -sp.oo) - xi(x, y))
            gap = sp.log(1 + sp.exp(u) / (sp.exp(x) + sp.exp(y)))
            ok &= _zero(sp.exp(xi(xi(x, y), u) - xi(x, y)) - sp.exp(gap))
            ok &= bool(gap.is_positive)
            continue
        units = [-r] if name in ("relu", "relu_sum") else [UNITS[name]]
        for u in units:
            ok &= _identity(lambda x, y: xi(xi(x, y), u) - xi(x, y), 2)
    return bool(ok)


def prove_gtm_prop_a_2(M: int = 2, T: int = 3, R: int = 2) -> bool:
    """Eq. 20 entrywise equals Eq. 14 on the template sequence (i_1, …, i_T), for an
    uninterpreted ξ: [Σ_r λ_r (F v_r^{(1)}) ⊗_ξ ⋯ ⊗_ξ (F v_r^{(T)})]_{i_1…i_T} with Eq. 13's
    ⊗_ξ = Σ_r λ_r ξ(⟨f(x^{(i_1)}), v_r^{(1)}⟩, …) (n-ary ξ = left fold, associativity)."""
    xi = sp.Function("xi")
    F = sp.Matrix(M, M, lambda a, b: sp.Symbol(f"F_{a}{b}"))
    lam = [sp.Symbol(f"lam_{r}") for r in range(R)]
    v = [
        [sp.Matrix(M, 1, lambda a, _: sp.Symbol(f"v{t}{r}_{a}")) for r in range(R)]
        for t in range(T)
    ]
    # Eq. 20: the generalized outer product built as a dict of entries (Eq. 13)
    lhs = {}
    for r in range(R):
        term = {(i,): (F * v[0][r])[i] for i in range(M)}
        for t in range(1, T):
            b = F * v[t][r]
            term = {k + (j,): xi(a, b[j]) for k, a in term.items() for j in range(M)}
        for k, a in term.items():
            lhs[k] = lhs.get(k, 0) + lam[r] * a
    ok = True
    for idx in itertools.product(range(M), repeat=T):
        feats = [F.row(i).T for i in idx]  # f(x^{(i_t)}) = row i_t of F
        rhs = sum(
            lam[r] * functools.reduce(xi, [(feats[t].T * v[t][r])[0] for t in range(T)])
            for r in range(R)
        )
        ok &= sp.expand(lhs[idx] - rhs) == 0
    return bool(ok)


def prove_gtm_prop_a_3(M: int = 2, T: int = 3, L: int = 2, R: int = 2) -> bool:
    """Eq. 21 with the operand index order as printed equals Eq. 16 on every template
    sequence, for an uninterpreted ξ and symbolic h^{(0)}: Γ^{ℓ,t}_{k m_1…m_t} =
    Σ_{i,j} 𝒢^{(t)}_{ijk} (C^{(t)}Fᵀ ⊗_ξ Γ^{ℓ,t−1})_{i m_t j m_1…m_{t−1}}, with ⊗_ξ of Eq. 13
    (indices of C^{(t)}Fᵀ first).  Induction on t: Γ^{ℓ,t}_{:, m_1…m_t} = h^{(t)} of the
    sequence (x^{(m_1)}, …, x^{(m_t)}); the one-step identity is the t-th level below."""
    xi = sp.Function("xi")
    ranks = [1] + [R] * (T - 1) + [1]
    F = sp.Matrix(M, M, lambda a, b: sp.Symbol(f"F_{a}{b}"))
    C = [sp.Matrix(L, M, lambda a, b: sp.Symbol(f"C{t}_{a}{b}")) for t in range(T)]
    G = [
        [
            [[sp.Symbol(f"G{t}_{i}{j}{k}") for k in range(ranks[t + 1])] for j in range(ranks[t])]
            for i in range(L)
        ]
        for t in range(T)
    ]
    h0 = sp.Symbol("h0")
    gam = {(0, ()): h0}  # Γ^{ℓ,0}: index j only
    for t in range(T):
        CF = C[t] * F.T  # (L, M): (i, m_t)
        # outer product of Eq. 13: entry (i, m_t, j, m_1…m_{t−1}) = ξ(CF[i, m_t], Γ[j, m…])
        outer = {
            (i, m, j, ms): xi(CF[i, m], g)
            for (j, ms), g in gam.items()
            for i in range(L)
            for m in range(M)
        }
        new = {}
        for (i, m, j, ms), val in outer.items():
            for k in range(ranks[t + 1]):
                key = (k, ms + (m,))  # result index (k, m_1…m_t)
                new[key] = new.get(key, 0) + G[t][i][j][k] * val
        gam = new
    ok = True
    for seq in itertools.product(range(M), repeat=T):  # Eq. 16 on the sequence
        h = [h0]
        for t, m in enumerate(seq):
            x = C[t] * F.row(m).T
            h = [
                sum(G[t][i][j][k] * xi(x[i], h[j]) for i in range(L) for j in range(ranks[t]))
                for k in range(ranks[t + 1])
            ]
        ok &= sp.expand(gam[(0, seq)] - h[0]) == 0
    return bool(ok)


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_") and callable(fn):
            print(f"{name}: {fn()}")
