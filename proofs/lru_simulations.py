"""sympy proofs for the [lru-stats] simulation claims; tnverify.claims.thesis.simulations.

``prove_thesis_fig_6_8_kurtosis``: the Fisher kurtosis of the product of four i.i.d.
N(0, 1) factors is 78, and that of the real part of the product of four i.i.d. complex
normals is 21 under both readings ((a) parts N(0, 1), (b) parts N(0, ½)).  Moments are
derived by brute force: ``Re Π_j (x_j + i y_j)`` expanded as a polynomial in the eight
real parts, raised to the power k, and each monomial replaced by its Gaussian moment
``E[x^m] = (m − 1)!!·s^{m/2}``; the result is cross-checked against the closed form from
circular symmetry, ``E[(Re Z)^k] = E|Z|^k · E[cos^k θ]`` with ``E|z|^{2m} = m!(2s)^m`` and
``E[cos^{2m} θ] = C(2m, m)/4^m``.  Decided by ``sympy.expand(lhs − rhs) == 0``.  Imports
only sympy and the standard library.
"""

from __future__ import annotations

import sympy as sp

FACTORS = 4


def _gauss(m: int, s):
    return sp.Integer(0) if m % 2 else sp.factorial2(m - 1) * s ** (m // 2)


def _expectation(poly: sp.Poly, s) -> sp.Expr:
    total = sp.Integer(0)
    for monom, coeff in poly.terms():
        term = coeff
        for m in monom:
            term *= _gauss(m, s)
        total += term
    return sp.expand(total)


def real_part_moment(k: int, s) -> sp.Expr:
    """E[(Re Π_{j<4} (x_j + i y_j))^k] with all parts i.i.d. N(0, s), by brute force."""
    xs, ys = sp.symbols("x0:4", real=True), sp.symbols("y0:4", real=True)
    prod = sp.expand(sp.Mul(*[x + sp.I * y for x, y in zip(xs, ys)]))
    return _expectation(sp.Poly(sp.re(prod), *xs, *ys) ** k, s)


def real_product_moment(k: int, s=1) -> sp.Expr:
    xs = sp.symbols("x0:4", real=True)
    return _expectation(sp.Poly(sp.Mul(*xs) ** k, *xs), s)


def circular_moment(k: int, s) -> sp.Expr:
    """Closed form from circular symmetry (k even)."""
    m = k // 2
    return (sp.factorial(m) * (2 * s) ** m) ** FACTORS * sp.binomial(2 * m, m) / 4**m


def prove_thesis_fig_6_8_kurtosis() -> bool:
    ok = True
    m2, m4 = real_product_moment(2), real_product_moment(4)
    ok &= sp.expand(m4 / m2**2 - 3 - 78) == 0
    for s in (sp.Integer(1), sp.Rational(1, 2)):  # readings (a), (b)
        c2, c4 = real_part_moment(2, s), real_part_moment(4, s)
        ok &= sp.expand(c2 - circular_moment(2, s)) == 0
        ok &= sp.expand(c4 - circular_moment(4, s)) == 0
        ok &= sp.expand(c4 / c2**2 - 3 - 21) == 0
    return bool(ok)


if __name__ == "__main__":
    for name, fn in sorted(globals().items()):
        if name.startswith("prove_"):
            print(name, fn())
