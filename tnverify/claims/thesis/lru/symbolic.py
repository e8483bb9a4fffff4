"""Exact (sympy) checks of thesis §4.2.2 Eq. 4.12, the symbolic chain of
Eq. 4.13, and the diagonalisability remark of §5.4.1.  Registered in :mod:`.parametrisation`."""

from __future__ import annotations

import math

import numpy as np

from ....lru import theory as lru
from ....ranks.matricize import exact_rank
from ... import Evidence
from ...compare import compare_values


# -- Eq. 4.12 ---------------------------------------------------------------------------
def _ratio_expr(r_min, r_max):
    import sympy as sp

    return sp.log((1 - r_min**2) / (1 - r_max**2)) / (r_max**2 - r_min**2)


def eq412_limits(r_value) -> dict:
    """Exact limits of Prop. 4.2.1's ratio as ε = r_max² − r_min² → 0⁺ with r_max fixed
    (reading a) and with r_min fixed (reading b), at the rational radius ``r_value``."""
    import sympy as sp

    eps = sp.symbols("epsilon", positive=True)
    r = sp.nsimplify(r_value)
    rmax_fixed = _ratio_expr(sp.sqrt(r**2 - eps), r)
    rmin_fixed = _ratio_expr(r, sp.sqrt(r**2 + eps))
    target = 1 / (1 - r**2)
    rho = 1 - r**2
    chain = sp.log(1 + eps / rho) / eps  # (1/ε) log(1 + ε/ρ), ρ = 1 − r_max²
    return {
        "a": (
            sp.limit(rmax_fixed, eps, 0, "+"),
            target,
            sp.simplify(sp.expand_log(rmax_fixed - chain, force=True)) == 0,
        ),
        "b": (sp.limit(rmin_fixed, eps, 0, "+"), target, None),
    }


def small_eq412(params, rng):
    import sympy as sp

    r = params["r"]
    lims = eq412_limits(r)
    readings = {}
    for key, (lim, target, chain_ok) in lims.items():
        ok = sp.simplify(lim - target) == 0
        rs = sp.nsimplify(r)
        wrong = 1 / (1 - rs)  # control: 1/(1 − r) for 1/(1 − r²)
        parts = {
            "limit": Evidence(
                "sympy lim_{ε→0⁺} of the ratio vs 1/(1 − r²)",
                passed=bool(ok),
                details={"limit": str(lim), "target": str(target)},
                counterexample=None if ok else {"limit": str(lim), "target": str(target)},
                control=Evidence(
                    "control (the wrong target 1/(1 − r)) of: sympy lim",
                    passed=bool(sp.simplify(lim - wrong) == 0),
                    details={"variant": str(wrong)},
                ),
            )
        }
        if chain_ok is not None:
            # control: the middle term with ρ dropped, (1/ε) log(1 + ε)
            eps = sp.symbols("epsilon", positive=True)
            r_max = rs
            ratio_a = _ratio_expr(sp.sqrt(r_max**2 - eps), r_max)
            bad = sp.simplify(sp.expand_log(ratio_a - sp.log(1 + eps) / eps, force=True)) == 0
            parts["(1/ε)log(1+ε/ρ) = ratio"] = Evidence(
                "the chain's middle term equals the ratio identically (sympy)",
                passed=bool(chain_ok),
                control=Evidence(
                    "control (ρ dropped: (1/ε) log(1 + ε)) of: the chain's "
                    "middle term equals the ratio",
                    passed=bool(bad),
                ),
            )
        # numeric: float64 ratio at small ε vs the exact value (60 digits), n = 8 flops
        e = 1e-6
        rmin, rmax = (math.sqrt(r * r - e), r) if key == "a" else (r, math.sqrt(r * r + e))
        exact = float(sp.N(_ratio_expr(sp.Float(rmin, 60), sp.Float(rmax, 60)), 40))
        num = lru.prop_421_ratio(rmin, rmax)
        # cancellation in r_max² − r_min² = ε amplifies rounding by r²/ε
        parts["float64 ratio at ε = 1e-6"] = compare_values(
            "lru.prop_421_ratio vs 40-digit evaluation",
            num,
            exact,
            n=8,
            scale=abs(exact) * r * r / e,
            details={
                "ratio": num,
                "1/(1-r^2)": 1 / (1 - r * r),
                "gap_over_eps": (num - 1 / (1 - r * r)) / e,
            },
        )
        readings[key] = Evidence(f"reading {key}", parts=parts)
    return Evidence(
        "Eq. 4.12: lim_{ε→0} ratio of Prop. 4.2.1 = 1/(1 − r²)",
        readings=readings,
        sizes=dict(params),
    )


# -- Eq. 4.13 (symbolic chain) ----------------------------------------------------------
def eq413_symbolic(k: int) -> dict:
    """Each line of the Eq. 4.13 chain for x_k = Σ_{i=0}^{k−1} λ^i u_{k−i}, real white noise
    (E u = 0, E u_a u_b = δ_ab), symbolic λ = a + ib.  Returns sympy expressions."""
    import sympy as sp

    a, b = sp.symbols("a b", real=True)
    lam = a + sp.I * b
    us = sp.symbols(f"u1:{k + 1}", real=True)  # u_1 .. u_k
    x = sum(lam**i * us[k - i - 1] for i in range(k))
    sq = sp.expand(x * sp.conjugate(x))

    def expect(poly):  # E over independent N(0,1) u
        poly = sp.Poly(sp.expand(poly), *us)
        total = 0
        for mon, coef in poly.terms():
            m = 1
            for p in mon:
                m *= 0 if p % 2 else sp.factorial2(p - 1) if p else 1
            total += coef * m
        return sp.expand(total)

    true = expect(sq)
    line1 = sp.expand(
        sum(lam**i * expect(us[k - i - 1]) for i in range(k))
        * sp.conjugate(sum(lam**j * expect(us[k - j - 1]) for j in range(k)))
    )
    line2 = sp.expand(
        sum(
            lam**i * sp.conjugate(lam**j) * expect(us[k - i - 1] * us[k - j - 1])
            for i in range(k)
            for j in range(k)
        )
    )
    line3 = sp.expand(sum((a**2 + b**2) ** i for i in range(k)))
    return {"E|x_k|^2": true, "line 1": line1, "line 2": line2, "line 3": line3}


# -- §5.4.1 diagonalisable up to a perturbation -----------------------------------------
def small_diagonalisable(params, rng):
    """J_m(½) + εE with integer E: exact distinct eigenvalues (squarefree characteristic
    polynomial) and the reconstruction error / cond(P) of numpy's eig per ε."""
    import sympy as sp

    m = params["size"]
    J = sp.Matrix(m, m, lambda i, j: sp.Rational(1, 2) if i == j else (1 if j == i + 1 else 0))
    # a generic perturbation: E uniform on the grid {−1, −0.999, …, 1}^{m×m} (exact
    # rationals); the statement is about *some* small perturbation, and a coarse grid hits
    # the measure-zero defective set too often (E strictly upper triangular with equal
    # diagonal keeps J defective)
    E = [[sp.Rational(int(e), 1000) for e in row] for row in rng.integers(-1000, 1001, (m, m))]
    t = sp.symbols("t")
    defective = m - exact_rank(np.array((J - sp.eye(m) / 2).tolist(), dtype=object))
    half_i = m - exact_rank(np.zeros((m, m), dtype=object))  # ½·𝐈 − ½·𝐈 = 0: rank 0
    parts = {
        "J_m(½) itself is defective": Evidence(
            "geometric multiplicity of ½ (exact rank) vs algebraic multiplicity m",
            passed=bool(defective < m) if m > 1 else True,
            details={"geometric_multiplicity": int(defective), "m": m},
            control=Evidence(
                "control (the diagonalisable ½·𝐈, same eigenvalue) of: geometric "
                "multiplicity of ½ < m",
                passed=bool(half_i < m),
                details={"geometric_multiplicity": int(half_i)},
            ),
        )
    }
    cpJ = J.charpoly(t).as_expr()
    j_squarefree = sp.degree(sp.gcd(cpJ, sp.diff(cpJ, t)), t) == 0
    conds = {}
    for p in params["exponents"]:
        eps = sp.Rational(1, 10**p)
        A = J + eps * sp.Matrix(E)
        cp = A.charpoly(t).as_expr()
        squarefree = sp.degree(sp.gcd(cp, sp.diff(cp, t)), t) == 0
        parts[f"ε=1e-{p}: distinct eigenvalues"] = Evidence(
            "gcd(χ_A, χ_A') = 1 (exact, rational A)",
            passed=bool(squarefree),
            control=Evidence(
                "control (ε = 0: J_m(½) itself) of: gcd(χ, χ') = 1", passed=bool(j_squarefree)
            ),
        )
        An = np.array(A.tolist(), dtype=np.float64)
        P, lam, Pinv = lru.diagonalise(An)
        c = float(np.linalg.cond(P))
        conds[f"1e-{p}"] = c
        # backward-stable eig: ‖PΛP⁻¹ − A‖ ≲ m·eps·cond(P)·‖A‖  (n = m² ops per entry)
        parts[f"ε=1e-{p}: PΛP⁻¹ = A"] = compare_values(
            "P Λ P⁻¹ (numpy eig) vs A",
            P @ np.diag(lam) @ Pinv,
            An,
            n=m * m,
            scale=c * float(np.abs(An).sum(1).max()),
            details={"cond_P": c},
        )
    return Evidence(
        "§5.4.1: every matrix is diagonalisable after an arbitrarily small perturbation",
        parts=parts,
        sizes=dict(params),
        details={
            "cond_P_by_eps": conds,
            "note": "cond(P) grows like ε^{−(m−1)/m}; diagonalisable does "
            "not mean well-conditioned",
        },
    )
