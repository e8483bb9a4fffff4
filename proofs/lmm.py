"""sympy proofs for the [gated-lmm] LMM claims (tnverify.claims.thesis.lmm), thesis
§5.4 and §6.3–6.4.

Each ``prove_*`` works on symbolic entries at fixed small shapes (H = 2; two steps where
a product over steps is involved) and decides by ``sympy.expand(lhs − rhs) == 0`` (on the
numerator of ``sympy.together`` for rational expressions).  Claims that fail as printed
(Eq. 5.19, 5.21, 5.23, 5.24, 6.7, 6.8, 6.9) have no proof; their ``-corrected`` twins do.
Imports only sympy and the standard library.
"""

from __future__ import annotations

import sympy as sp

H = 2


def _zero(expr) -> bool:
    return sp.expand(sp.numer(sp.together(sp.expand(expr)))) == 0


def _zero_matrix(M) -> bool:
    return all(_zero(e) for e in M)


def _vec(name, n=H):
    return sp.Matrix(n, 1, lambda i, _: sp.Symbol(f"{name}{i}"))


def _mat(name, rows=H, cols=H):
    return sp.Matrix(rows, cols, lambda i, j: sp.Symbol(f"{name}{i}{j}"))


def _had(u, v):
    return sp.Matrix(u.shape[0], 1, lambda i, _: u[i] * v[i])


def prove_thesis_eq_5_19_corrected() -> bool:
    """With 𝐀 = 𝐏Λ𝐏⁻¹ and 𝐡 = 𝐏𝐡̄ (generic invertible 2×2 𝐏):
    𝐏⁻¹(𝐀𝐡 ⊙ 𝐁𝐱) = 𝐏⁻¹ diag(𝐁𝐱) 𝐏 Λ 𝐡̄ (one step; every step is the same identity)."""
    P, B, x, hb = _mat("p"), _mat("b"), _vec("x"), _vec("hb")
    Lam = sp.diag(*sp.symbols("l0 l1"))
    Pinv = P.inv()
    A = P * Lam * Pinv
    lhs = Pinv * _had(A * (P * hb), B * x)
    rhs = Pinv * sp.diag(*(B * x)) * P * Lam * hb
    return _zero_matrix(lhs - rhs)


def prove_thesis_eq_5_22() -> bool:
    """Induction on t: h^{(0)} = 1 gives h^{(1)} = λγx^{(1)} (base), and if
    h^{(t−1)} = (λγ)^{t−1} X with X = Π_{i<t} x^{(i)} then
    λ h^{(t−1)} γ x^{(t)} = (λγ)^t · X x^{(t)} (step); t is a positive integer symbol."""
    lam, gam, x, X = sp.symbols("lam gam x X")
    t = sp.Symbol("t", integer=True, positive=True)
    base = lam * 1 * gam * x - (lam * gam) ** 1 * x
    step = lam * ((lam * gam) ** (t - 1) * X) * gam * x - (lam * gam) ** t * X * x
    step = sp.powsimp(sp.expand_power_base(sp.expand(step), force=True), force=True)
    return _zero(base) and sp.simplify(step) == 0


def prove_thesis_eq_5_23_corrected() -> bool:
    """MLP(z) = Cz + Dx is affine in z: MLP(z₁+z₂) + MLP(0) = MLP(z₁) + MLP(z₂) and
    MLP(cz) = c MLP(z) + (1 − c) MLP(0); and h(2h, x) − 2 h(h, x) = −Dx (not bilinear
    unless Dx = 0)."""
    C, D, x, z1, z2, h = _mat("c"), _mat("d"), _vec("x"), _vec("z"), _vec("w"), _vec("h")
    lam, gam = _vec("l"), _vec("g")
    c = sp.Symbol("c")
    mlp = lambda z: C * z + D * x
    zero = sp.zeros(H, 1)
    affine = _zero_matrix(mlp(z1 + z2) + mlp(zero) - mlp(z1) - mlp(z2))
    homog = _zero_matrix(mlp(c * z1) - c * mlp(z1) - (1 - c) * mlp(zero))
    step = lambda hh: mlp(_had(_had(lam, hh), _had(gam, x)))
    defect = _zero_matrix(step(2 * h) - 2 * step(h) + D * x)
    return affine and homog and defect


def prove_thesis_eq_5_24_corrected() -> bool:
    """For z with min z = lo < hi = max z: MMn(cz + s) = MMn(z) for c > 0 (its min and
    max are c·lo + s and c·hi + s), and MMn(−z) = a + b − MMn(z) (min −hi, max −lo)."""
    a, b, w, lo, hi, s = sp.symbols("a b w lo hi s")
    c = sp.Symbol("c", positive=True)
    mmn = lambda v, mn, mx: a + (v - mn) * (b - a) / (mx - mn)
    scale = mmn(c * w + s, c * lo + s, c * hi + s) - mmn(w, lo, hi)
    reflect = mmn(-w, -hi, -lo) - (a + b - mmn(w, lo, hi))
    ends = (mmn(lo, lo, hi) - a, mmn(hi, lo, hi) - b)
    return _zero(scale) and _zero(reflect) and all(_zero(e) for e in ends)


def prove_thesis_eq_6_7_corrected() -> bool:
    """(Ah + β₁) ⊙ (Bf + β₂) = 𝟏 ⊙ Ah ⊙ Bf + β₁ ⊙ Bf + β₂ ⊙ Ah + β₁ ⊙ β₂ entrywise, and
    α = 0, β₁ = β₂ = 𝟏 with bias b give Ah + Bf + b."""
    Ah, Bf, b1, b2, b = _vec("ah"), _vec("bf"), _vec("p"), _vec("q"), _vec("b")
    lhs = _had(Ah + b1, Bf + b2)
    rhs = _had(Ah, Bf) + _had(b1, Bf) + _had(b2, Ah) + _had(b1, b2)
    ones = sp.ones(H, 1)
    add = 0 * _had(Ah, Bf) + _had(ones, Bf) + _had(ones, Ah) + b - (Ah + Bf + b)
    return _zero_matrix(lhs - rhs) and _zero_matrix(add)


def prove_thesis_eq_6_8_corrected() -> bool:
    """Two steps of h ← A h ⊙ u_k (u_k = B f^{(k)}): the Jacobian J (numerator layout) of
    h^{(2)} in h^{(0)} satisfies Jᵀ = Aᵀdiag(u₁) · Aᵀdiag(u₂).  Induction on n: the
    one-step Jacobian is diag(u_k) A, and the chain rule multiplies them, so
    Jᵀ = Π_{k=t−n+1}^{t} Aᵀ diag(u_k) for every n."""
    A, h0, u1, u2 = _mat("a"), _vec("h"), _vec("u"), _vec("v")
    h2 = _had(A * _had(A * h0, u1), u2)
    J = h2.jacobian(h0)
    return _zero_matrix(J.T - A.T * sp.diag(*u1) * A.T * sp.diag(*u2))


def prove_thesis_eq_6_9_corrected() -> bool:
    """Two steps of Eq. 5.20: the Jacobian of h^{(2)} in h^{(0)} is
    Λᵀdiag(Γx₁) Λᵀdiag(Γx₂) = diag((λ_jγ_j)² x_j^{(1)} x_j^{(2)}) (induction on n as for
    Eq. 6.8, with diagonal, hence commuting, factors)."""
    lam, gam, h0, x1, x2 = _vec("l"), _vec("g"), _vec("h"), _vec("x"), _vec("y")
    L, G = sp.diag(*lam), sp.diag(*gam)
    h2 = _had(L * _had(L * h0, G * x1), G * x2)
    J = h2.jacobian(h0)
    prod = L.T * sp.diag(*(G * x1)) * L.T * sp.diag(*(G * x2))
    comp = sp.diag(*[(lam[j] * gam[j]) ** 2 * x1[j] * x2[j] for j in range(H)])
    return _zero_matrix(J - prod) and _zero_matrix(J.T - prod) and _zero_matrix(prod - comp)


if __name__ == "__main__":
    for _name, _fn in sorted(globals().items()):
        if _name.startswith("prove_") and callable(_fn):
            print(f"{_name}: {_fn()}")
