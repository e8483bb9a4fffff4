"""Symbolic proofs (sympy) of the [lru-stats] theory claims of thesis §4.2.2.

Each ``prove_<id>()`` returns True when ``sympy.expand(lhs − rhs) == 0`` (or the limit /
integral equals the target exactly).  Claims that fail as printed (thesis-eq-4.7,
thesis-sec-4.2.2-stability, thesis-eq-4.13, thesis-eq-4.11) have no proof; their
-corrected twins do.  Runs as a script.
"""

from __future__ import annotations

import sympy as sp


def prove_thesis_eq_4_7_corrected() -> bool:
    """x_k = Σ_{j=0}^{k} A^j B u_{k−j} for x_k = A x_{k−1} + B u_k, x_{−1} = 0.

    Induction on k: base k = 0 gives x₀ = Bu₀; the step is the identity
    A·Σ_{j=0}^{k−1} A^j B u_{k−1−j} + B u_k = Σ_{j=0}^{k} A^j B u_{k−j}, proved here with
    symbolic 2×2 A, 2×1 B and scalar u at k = 4.  C̄ := CP: C P P⁻¹ x = C x (symbolic
    invertible P).
    """
    k = 4
    A = sp.Matrix(2, 2, sp.symbols("a0:4"))
    B = sp.Matrix(2, 1, sp.symbols("b0:2"))
    u = sp.symbols(f"u0:{k + 1}")
    prev = sum((A**j * B * u[k - 1 - j] for j in range(k)), sp.zeros(2, 1))
    step = A * prev + B * u[k]
    closed = sum((A**j * B * u[k - j] for j in range(k + 1)), sp.zeros(2, 1))
    ok = (step - closed).expand() == sp.zeros(2, 1)
    P = sp.Matrix(2, 2, sp.symbols("p0:4"))
    C = sp.Matrix(1, 2, sp.symbols("c0:2"))
    x = sp.Matrix(2, 1, sp.symbols("x0:2"))
    ok2 = sp.simplify(C * P * (P.inv() * x) - C * x) == sp.zeros(1, 1)
    return bool(ok and ok2)


def prove_thesis_lemma_4_2_1() -> bool:
    """|z|² = r_min² + u₁(r_max² − r_min²) is uniform on [r_min², r_max²], which is the
    law of |z|² for z uniform on the annulus (area ∝ r² − r_min²); θ = 2πu₂ uniform and
    independent.  Proved: |exp(−v + iθ)|² = exp(−2v) equals that affine map of u₁."""
    u1, a, b, th = sp.symbols("u1 a b theta", positive=True)
    v = -sp.log(u1 * (b - a) + a) / 2
    z2 = sp.exp(-2 * v)
    r = sp.symbols("r", positive=True)
    cdf_area = (r**2 - a) / (b - a)  # P(|z| ≤ r), area ratio
    return bool(
        sp.simplify(z2 - (a + u1 * (b - a))) == 0
        and sp.simplify(cdf_area.subs(r**2, a + u1 * (b - a)) - u1) == 0
    )


def prove_thesis_prop_4_2_1() -> bool:
    """E_λ[1/(1−|λ|²)] over the uniform annulus = log((1−a)/(1−b))/(b−a) (a = r_min²,
    b = r_max²): |λ|² = s is uniform on [a, b]; and the phase average of 1/|1−re^{iθ}|²
    is 1/(1−r²) (Poisson kernel), so constant input gives the same ratio."""
    a, b = sp.symbols("a b", positive=True)
    t = sp.symbols("t", positive=True)  # t = 1 − s > 0 (r_max < 1)
    integral = sp.integrate(1 / t, (t, 1 - b, 1 - a)) / (b - a)
    target = sp.log((1 - a) / (1 - b)) / (b - a)
    ok1 = sp.simplify(sp.expand_log(integral - target, force=True)) == 0
    r = sp.Rational(3, 5)
    th = sp.symbols("theta", real=True)
    poisson = sp.integrate(1 / (1 - 2 * r * sp.cos(th) + r**2), (th, 0, 2 * sp.pi)) / (2 * sp.pi)
    ok2 = sp.simplify(poisson - 1 / (1 - r**2)) == 0
    return bool(ok1 and ok2)


def prove_thesis_eq_4_12() -> bool:
    """lim_{ε→0⁺} of the Prop. 4.2.1 ratio is 1/(1−r²) with r_max = r fixed and with
    r_min = r fixed (r = 9/10), and (1/ε)log(1+ε/ρ) equals the ratio (ρ = 1 − r_max²)."""
    eps = sp.symbols("epsilon", positive=True)
    r = sp.Rational(9, 10)

    def ratio(rmin2, rmax2):
        return sp.log((1 - rmin2) / (1 - rmax2)) / (rmax2 - rmin2)

    target = 1 / (1 - r**2)
    a = sp.limit(ratio(r**2 - eps, r**2), eps, 0, "+")
    b = sp.limit(ratio(r**2, r**2 + eps), eps, 0, "+")
    rho = 1 - r**2
    chain = sp.expand_log(ratio(r**2 - eps, r**2) - sp.log(1 + eps / rho) / eps, force=True)
    return bool(
        sp.simplify(a - target) == 0 and sp.simplify(b - target) == 0 and sp.simplify(chain) == 0
    )


def prove_thesis_eq_4_13_corrected() -> bool:
    """E[|Σ_{i<k} λ^i u_{k−i}|²] = Σ_{i<k} |λ|^{2i} for white noise (E u_a u_b = δ_ab):
    expanding the product and replacing u_a u_b by δ_ab, at k = 4 with λ = x + iy; and
    with γ² = 1 − |λ|², γ²·Σ_{i<k}|λ|^{2i} = 1 − |λ|^{2k} → 1."""
    k = 4
    x, y = sp.symbols("x y", real=True)
    lam = x + sp.I * y
    total = sum(
        lam**i * sp.conjugate(lam**j) * (1 if i == j else 0) for i in range(k) for j in range(k)
    )
    m = x**2 + y**2
    rhs = sum(m**i for i in range(k))
    ok1 = sp.expand(total - rhs) == 0
    ok2 = sp.expand((1 - m) * rhs - (1 - m**k)) == 0
    return bool(ok1 and ok2)


def prove_thesis_sec_4_2_2_stability_corrected() -> bool:
    """Pulse: x_k = λ^k u₀ (induction step λ·λ^{k−1}u₀ = λ^k u₀); λ = 1 with constant
    input u = 1: x_k = k + 1 (step x_{k−1} + 1 = k + 1); bound Σ_{i≤k}|λ|^i closed form."""
    lam, u0, k = sp.symbols("lambda u0 k")
    ok1 = sp.expand(sp.powsimp(lam * lam ** (k - 1) * u0 - lam**k * u0)) == 0
    ok2 = sp.expand(((k - 1) + 1) + 1 - (k + 1)) == 0
    a = sp.symbols("a", positive=True)
    ok3 = sp.cancel(sum(a**i for i in range(5)) - (1 - a**5) / (1 - a)) == 0
    return bool(ok1 and ok2 and ok3)


def prove_thesis_eq_4_11_corrected() -> bool:
    """With λ = exp(−exp(p) + i exp(q)): log(−log|λ|) = p and arg λ ≡ exp(q) (mod 2π);
    at p = log v, q = log θ (v, θ > 0) λ = exp(−v + iθ) (Eq. 4.10)."""
    p, q = sp.symbols("p q", real=True)
    v, th = sp.symbols("v theta", positive=True)
    log_abs = sp.re(-sp.exp(p) + sp.I * sp.exp(q))  # log|λ| = Re(exponent)
    ok1 = sp.simplify(sp.log(-log_abs) - p) == 0
    ok2 = sp.simplify(sp.im(-sp.exp(p) + sp.I * sp.exp(q)) - sp.exp(q)) == 0
    lam411 = sp.exp(-sp.exp(sp.log(v)) + sp.I * sp.exp(sp.log(th)))
    ok3 = sp.simplify(lam411 - sp.exp(-v + sp.I * th)) == 0
    return bool(ok1 and ok2 and ok3)


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_"):
            print(f"{name}: {fn()}")
